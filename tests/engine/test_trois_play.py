"""Écarté à trois, the play (docs/rules.md, section 12): follow suit and beat every card of the
suit led already in the trick, if you can; if you cannot follow, trump, and overtrump every
trump already in the trick, if you can; if you cannot overtrump, you must still trump. The
trick goes to the highest trump in it, or else to the highest card of the suit led, and its
winner leads to the next. Diamonds are trumps throughout (8D turned up)."""
from games.engine.trois import score_trois
from tests.engine.trois_kit import full, rejects

ELDER = "9S AH TH 9H 8H"


def first_trick(middle, dealer, trick, elder=ELDER, **extra):
    """The hand in progress after its first trick."""
    return full(elder, middle, dealer, "8D", tricks=[trick], in_progress=True, **extra)


def test_follow_suit_and_beat_the_cards_of_the_suit_led():
    rejects(first_trick("JS 7S 8C 9C TC", "KC QC JC AC TD", "9S 7S KC"),
            "must_win_trick", "tricks[0][1]")
    rejects(first_trick("JS 7C 8C 9C TC", "KS 7S JC QC AC", "9S JS 7S"),
            "must_win_trick", "tricks[0][2]")
    score_trois(first_trick("JS 7C 8C 9C TC", "KS 7S JC QC AC", "9S JS KS"))


def test_who_cannot_beat_plays_any_card_of_the_suit():
    score_trois(first_trick("JS 7C 8C 9C TC", "TS 7S JC QC AC", "9S JS 7S"))


def test_who_cannot_follow_must_not_play_another_suit_when_he_can_follow():
    err = rejects(first_trick("JS 7C 8C 9C TC", "KS KH QH JH AC", "9S JS KH"),
                  "must_follow_suit", "tricks[0][2]")
    assert "KS" in err.message and "spades" in err.message


def test_beat_the_suit_led_even_when_the_trick_is_already_trumped():
    # docs/rules.md, ruling 36: the duty is to beat every card of the suit led in the trick,
    # even when a trump already takes it.
    rejects(first_trick("7D 7C 8C 9C TC", "KS 7S JC QC AC", "9S 7D 7S"),
            "must_win_trick", "tricks[0][2]")
    result = score_trois(first_trick("7D 7C 8C 9C TC", "KS 7S JC QC AC", "9S 7D KS"))
    assert result["tricks"] == {"elder": 0, "middle": 1, "dealer": 0}


def test_who_cannot_follow_must_trump():
    err = rejects(first_trick("JS 7C 8C 9C TC", "KH QH JH 7D AC", "9S JS KH"),
                  "must_trump", "tricks[0][2]")
    assert "7D" in err.message


def test_overtrump_every_trump_in_the_trick_if_you_can():
    rejects(first_trick("9D 7C 8C 9C TC", "KD 7D KH QH JH", "9S 9D 7D"),
            "must_win_trick", "tricks[0][2]")
    result = score_trois(first_trick("9D 7C 8C 9C TC", "KD 7D KH QH JH", "9S 9D KD"))
    assert result["tricks"] == {"elder": 0, "middle": 0, "dealer": 1}


def test_who_cannot_overtrump_must_still_trump():
    # docs/rules.md, ruling 38: the duty the sources give for four players holds for three.
    rejects(first_trick("KD 7C 8C 9C TC", "7D KH QH JH AC", "9S KD KH"),
            "must_trump", "tricks[0][2]")
    result = score_trois(first_trick("KD 7C 8C 9C TC", "7D KH QH JH AC", "9S KD 7D"))
    assert result["tricks"] == {"elder": 0, "middle": 1, "dealer": 0}


def test_who_can_neither_follow_nor_trump_plays_any_card():
    score_trois(first_trick("JS 7C 8C 9C TC", "KH QH JH AC QC", "9S JS AC"))


def test_the_highest_card_of_the_suit_led_takes_a_trick_without_trumps():
    # The dealer's king of hearts is higher in rank, but it is not of the suit led.
    result = score_trois(first_trick("JS 7C 8C 9C TC", "KH QH JH AC QC", "9S JS KH"))
    assert result["tricks"] == {"elder": 0, "middle": 1, "dealer": 0}


def test_the_knave_beats_the_ace_in_the_classic_ranking_only():
    rejects(first_trick("JS 7S 8C 9C TC", "KH QH JH AC QC", "AS 7S KH",
                                     elder="AS AH TH 9H 8H"), "must_win_trick", "tricks[0][1]")
    record = first_trick("JS 7S 8C 9C TC", "KH QH JH AC QC", "AS 7S KH",
                         elder="AS AH TH 9H 8H", rules={"ranking": "ace_high"})
    assert score_trois(record)["tricks"]["elder"] == 1


def test_the_winner_of_a_trick_leads_to_the_next():
    record = first_trick("9D 7C 8C 9C TC", "KD 7D KH QH JH", "9S 9D KD")
    record["tricks"].append(["KH", "AH", "7C"])
    assert score_trois(record)["tricks"]["dealer"] == 2
    record["tricks"][1] = ["AH", "7C", "KH"]
    rejects(record, "card_not_held", "tricks[1][0]")
