"""Worked examples from the published literature on Écarté, checked with the analysis.

The analysis is double dummy: each side sees every card and plays its best. The printed
examples reason the same way about the cards they show, so their verdicts must agree.
"""
from games.engine import analyse, score


def full_record(elder, dealer, turn_up, tricks=None, exchanges=None):
    return {"deal": {"elder": elder, "dealer": dealer, "turn_up": turn_up},
            "exchanges": exchanges if exchanges is not None else [],
            "tricks": tricks or []}


def test_a_jeu_de_regle_can_still_lose_the_point_to_exceptional_cards():
    """Hoyle's Games Modernized (after Cavendish on Écarté), "Hints to players": A holds the
    queen, ace and seven of hearts (trumps) with the kings of spades and diamonds, and plays
    without proposing; Y holds the king, knave, nine and eight of hearts and the nine of clubs,
    "and must win the point"."""
    record = full_record(["QH", "AH", "7H", "KS", "KD"], ["KH", "JH", "9H", "8H", "9C"], "TH")
    analysis = analyse(record)
    assert analysis["elder_tricks"] == 2
    assert max(analysis["by_lead"].values()) < 3


def test_the_dealer_who_wins_that_point_marks_two_against_the_vulnerable_elder():
    """The same deal played out: the dealer announces his king and beats the elder who played
    without proposing, so he marks the king and two for the point (docs/rules.md, sections 4, 5
    and 7)."""
    record = full_record(
        ["QH", "AH", "7H", "KS", "KD"], ["KH", "JH", "9H", "8H", "9C"], "TH",
        tricks=[["KS", "8H"], ["9C", "7H"], ["KD", "9H"], ["JH", "QH"], ["AH", "KH"]],
    )
    record["king"] = "dealer"
    result = score(record)
    assert result["tricks"] == {"elder": 2, "dealer": 3}
    assert result["marks"] == [
        {"to": "dealer", "points": 1, "for": "king_held"},
        {"to": "dealer", "points": 1, "for": "point"},
        {"to": "dealer", "points": 1, "for": "refusal"},
    ]


def test_the_elder_makes_the_point_by_leading_the_king_of_diamonds_not_a_trump():
    """Hoyle's Games, Improved and Enlarged, Écarté, "Game 2": the dealer holds the queen and
    nine of trumps, knave and ten of clubs and seven of hearts; the elder the knave and ten of
    trumps, the king of diamonds, the king and ten of hearts. The elder dashes off with the
    king of diamonds and makes the point; had he led his knave of trumps, the dealer would
    have taken it with the queen and made the point. Trumps are spades here (the suit the
    example leaves free); the turn-up is the eight."""
    record = full_record(["JS", "TS", "KD", "KH", "TH"], ["QS", "9S", "JC", "TC", "7H"], "8S")
    analysis = analyse(record)
    assert analysis["by_lead"]["KD"] == 3
    assert analysis["by_lead"]["JS"] == 2
    assert analysis["elder_tricks"] == 3
