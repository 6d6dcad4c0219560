"""Laws, section 1: the pack and the ranks."""

import pytest

from tests.engine.ecarte_kit import RANKING, check, full, rejects

CLASSIC_PAIRS = list(zip("KQJAT98", "QJAT987"))  # (higher, lower), K Q J A T 9 8 7
ACE_HIGH_PAIRS = list(zip("AKQJT98", "KQJT987"))  # A K Q J T 9 8 7


def one_trick(lead, follow, turn_up="7D", rules=None):
    """Elder leads `lead`, the dealer's only card of that suit is `follow`."""
    record = full([lead, "7S", "8S", "9S", "TS"], [follow, "7C", "8C", "9C", "TC"], turn_up,
                  [], [[lead, follow]], in_progress=True)
    if rules:
        record["rules"] = rules
    return record


@pytest.mark.parametrize("higher,lower", CLASSIC_PAIRS)
def test_classic_rank_is_k_q_j_a_t_9_8_7(higher, lower):
    check(one_trick(lower + "H", higher + "H"), [], tricks=(0, 1))
    check(one_trick(higher + "H", lower + "H"), [], tricks=(1, 0))


@pytest.mark.parametrize("higher,lower", ACE_HIGH_PAIRS)
def test_ace_high_rank_is_a_k_q_j_t_9_8_7(higher, lower):
    rules = {"ranking": "ace_high"}
    check(one_trick(lower + "H", higher + "H", rules=rules), [], tricks=(0, 1))
    check(one_trick(higher + "H", lower + "H", rules=rules), [], tricks=(1, 0))


def test_classic_ace_sits_between_the_knave_and_the_ten():
    check(one_trick("AH", "JH"), [], tricks=(0, 1))
    check(one_trick("AH", "TH"), [], tricks=(1, 0))


def test_ranking_classic_is_the_default_and_may_be_named():
    check(one_trick("AH", "JH", rules={"ranking": "classic"}), [], tricks=(0, 1))


def test_with_ace_high_the_ace_beats_the_king():
    check(one_trick("KH", "AH", rules={"ranking": "ace_high"}), [], tricks=(0, 1))
    check(one_trick("KH", "AH"), [], tricks=(1, 0))


def test_ranking_decides_which_player_takes_the_point():
    # last trick AH against JH; the elder played without proposing, so he is vulnerable
    check(RANKING.record(), [("dealer", 1, "point"), ("dealer", 1, "refusal")], tricks=(2, 3))
    check(RANKING.record(rules={"ranking": "ace_high"}), [("elder", 1, "point")], tricks=(3, 2))


def test_an_unknown_ranking_is_bad_format():
    rejects(one_trick("AH", "JH", rules={"ranking": "queen_high"}), "bad_format", "rules.ranking")


@pytest.mark.parametrize("trump", ["7D", "8D"])
@pytest.mark.parametrize("lead", ["KH", "AH", "7H"])
def test_any_trump_beats_any_card_of_another_suit(lead, trump):
    record = full([lead, "7S", "8S", "9S", "TS"], [trump, "7C", "8C", "9C", "TC"],
                  "9D" if trump != "9D" else "7D", [], [[lead, trump]], in_progress=True)
    check(record, [], tricks=(0, 1))


def test_a_card_of_another_plain_suit_never_wins_the_trick():
    record = full("7H 7S 8S 9S TS", "KC QC JC AC TC", "7D", [], [["7H", "KC"]], in_progress=True)
    check(record, [], tricks=(1, 0))


@pytest.mark.parametrize("card", ["6S", "2H", "1C", "0D", "BS", "AX", "KN", "K", "S", ""])
def test_the_pack_has_only_k_q_j_a_t_9_8_7_of_four_suits(card):
    record = full([card, "7S", "8S", "9S", "TS"], "7C 8C 9C TC JC", "7D", [], in_progress=True)
    rejects(record, "bad_card", "deal.elder[0]")
