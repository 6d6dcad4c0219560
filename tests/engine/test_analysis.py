"""docs/hand-record.md, Analysis: double-dummy tricks for the elder, overall and by first lead."""

import pytest

from games.engine import EngineError, analyse, score
from tests.engine.ecarte_kit import POINT, REFUSE, check, ex, full, solve


def deal(elder, dealer, turn_up="8D", **extra):
    return full(elder, dealer, turn_up, [], [], **extra)


def test_king_queen_knave_of_trumps_and_two_plain_kings_make_the_vole():
    # trumps are drawn in three rounds, then the two kings are masters
    analysis = analyse(deal("KD QD JD KH KS", "AD TD 9D QH QS", "7D"))
    assert analysis == {"elder_tricks": 5,
                        "by_lead": {"KD": 5, "QD": 5, "JD": 5, "KH": 5, "KS": 5}}


def test_the_first_lead_can_decide_the_point():
    # The elder's only trump is the 7; the dealer's only trump is the 8, with four hearts.
    # Leading a spade forces the dealer to trump it; the 7 of trumps then ruffs a heart and
    # the two spades left are masters: 3 tricks. Leading the 7 of trumps or the 7 of hearts
    # lets the dealer draw the elder's trump, and the hearts take everything: 0 tricks.
    analysis = analyse(deal("7D KS QS JS 7H", "8D KH QH JH AH", "9D"))
    assert analysis == {"elder_tricks": 3,
                        "by_lead": {"KS": 3, "QS": 3, "JS": 3, "7D": 0, "7H": 0}}


def test_ace_high_changes_the_answer():
    # three aces against three kings of the same suits, no trumps on either side
    record = deal("AS AH AC 7S 7H", "KS KH KC 8S 8H", "7D")
    assert analyse(record)["elder_tricks"] == 1
    record["rules"] = {"ranking": "ace_high"}
    assert analyse(record) == {"elder_tricks": 3,
                               "by_lead": {"AS": 3, "AH": 3, "AC": 3, "7S": 3, "7H": 3}}


def test_the_analysis_plays_the_hands_as_they_stood_after_the_exchange():
    record = POINT.record([ex("7C 8C", "KD QD", "9S", "9H")], tricks=[], in_progress=True)
    analysis = analyse(record)
    assert set(analysis["by_lead"]) == {"KH", "QH", "JH", "KD", "QD"}
    assert analysis["elder_tricks"] == 5


def test_the_analysis_does_not_depend_on_the_tricks_recorded():
    assert analyse(POINT.record()) == analyse(POINT.first(0, in_progress=True))
    assert analyse(POINT.record()) == solve_record(POINT.record())


def test_a_hand_in_progress_is_analysed_from_the_start_of_play():
    result = score(POINT.first(2, in_progress=True), analyse=True)
    assert result["analysis"] == analyse(POINT.record())


def test_elder_tricks_is_the_best_of_the_leads():
    analysis = analyse(POINT.record())
    assert analysis["elder_tricks"] == max(analysis["by_lead"].values())


def test_an_invalid_record_is_not_analysed():
    with pytest.raises(EngineError) as info:
        analyse(deal("KH QH JH 7C 7C", "AS TS 9S AC KC"))
    assert (info.value.code, info.value.at) == ("duplicate_card", "deal.elder[4]")


def solve_record(record):
    d = record["deal"]
    elder_tricks, by_lead = solve(d["elder"], d["dealer"], d["turn_up"][1])
    return {"elder_tricks": elder_tricks, "by_lead": by_lead}


# --- the literature ---------------------------------------------------------------------

def test_after_a_refusal_the_queen_of_spades_is_led_and_makes_the_point():
    # Hoyle's Games Modernized (Hoffmann), Écarté, hints: A, the non-dealer, holds the queen
    # and knave of spades, ace of hearts, seven of clubs and knave of diamonds (trumps); he
    # proposed and was refused, so Y "is strong in hearts and clubs, or holds two trumps", and
    # the queen of spades should be led and, if it wins, followed by the knave.
    record = deal("QS JS AH 7C JD", "KH QH KC JC 9S", "8D")
    analysis = analyse(record)
    assert analysis["by_lead"]["QS"] >= 3
    assert analysis["elder_tricks"] >= 3
    played = full("QS JS AH 7C JD", "KH QH KC JC 9S", "8D", [REFUSE],
                  ["QS 9S", "JS JC", "JD KC", "AH QH", "KH 7C"])
    check(played, [("elder", 1, "point"), ("elder", 1, "refusal")], tricks=(3, 2),
          vulnerable="dealer")


# Foster's Complete Hoyle, Écarté: "any hand which is certain to win three tricks if the
# dealer has not two trumps ... [is] called [a] jeu de règle", to be played without proposing.
# Each elder hand below was checked here against every dealer hand holding at most one trump
# (ecarte_kit.solve); the dealer hands listed are among the strongest such counter-holdings.
JEUX_DE_REGLE = [
    # three trumps with a plain king
    ("QD JD AD KS 7C", "7D", ["QS JS AS KD KC", "QS JS AS KD QC", "QS JS AS KD TC"]),
    # two trumps with the king and queen of a plain suit
    ("TD 9D KS QS 7H", "7D", ["JS AS TS KH KD", "JS AS TS KH QD", "JS AS TS QH KD"]),
    # one trump with king, queen, knave of one suit and the king of another (sure of four)
    ("8D KS QS JS KH", "7D", ["AS TS 9S 8S KD", "AS TS 9S 8S QD", "AS TS 9S 8S TD"]),
]


@pytest.mark.parametrize("elder,turn_up,dealers", JEUX_DE_REGLE)
def test_a_jeu_de_regle_wins_the_point_when_the_dealer_has_not_two_trumps(elder, turn_up, dealers):
    for dealer in dealers:
        analysis = analyse(deal(elder, dealer, turn_up))
        assert analysis["elder_tricks"] >= 3, dealer


def test_three_low_trumps_and_two_sevens_are_no_jeu_de_regle():
    # the dealer's one trump is the king, with king, queen, knave of the elder's plain suit
    assert analyse(deal("9D 8D TD 7S 7C", "KS QS JS KD KC", "7D"))["elder_tricks"] == 2
