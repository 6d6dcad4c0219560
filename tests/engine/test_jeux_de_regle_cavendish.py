"""Cavendish's list of the hands with which the elder plays without proposing, as the
Encyclopaedia Britannica (1911) and Hoyle's Games give it: the advisor's second opinion, kept
apart from the French source's ten and named as his (docs/rules.md, ruling 59). Hearts are
trumps (the eight turned up)."""

import pytest

from games.engine.jeux import CAVENDISH, cavendish


def number(hand, turn_up="8H", ranking="classic"):
    found = cavendish(hand.split(), turn_up, ranking)
    return found and found["number"]


def test_his_list_has_ten_named_hands():
    assert [n for n, _, _ in CAVENDISH] == list(range(1, 11))
    assert len({name for _, name, _ in CAVENDISH}) == 10


@pytest.mark.parametrize("hand, expected", [
    ("9H 7H AH 7S 7C", 1),  # three trumps
    ("9H 7H 9S 8S 7S", 2),  # two trumps and three cards of one plain suit
    ("9H 7H KS 8C 9D", 3),  # two trumps and a king
    ("9H 7H QS 7S 8C", 4),  # two trumps and a guarded queen
    ("9H KS QS JS 7C", 5),  # one trump and a tierce major
    ("9H AS 9S 8S 7S", 6),  # one trump and four cards of one plain suit
    ("9H QS 7S QD 8C", 7),  # one trump and two queens
    ("9H QS JD 7D 8C", 8),  # one trump, a queen and a guarded knave of another suit
    ("9H KS QD 7C 8C", 9),  # one trump, a king and a king or queen of another suit
    ("KS QD JC QC 7S", 10),  # four court cards without a trump
])
def test_each_of_his_ten(hand, expected):
    assert number(hand) == expected


@pytest.mark.parametrize("hand", [
    "9H 7H 7S 8C 9D",  # two trumps and three small cards of three suits
    "9H QS JS 7S 8C",  # one trump; the knave is guarded in the queen's own suit
    "KS KD KC 7C 7S",  # three kings without a trump
    "AS AD AC TC 9D",  # aces are not court cards
])
def test_hands_that_are_not_in_his_list(hand):
    assert number(hand) is None


def test_his_tierce_major_follows_the_tables_ranking():
    assert number("9H AS KS QS 7C", ranking="ace_high") == 5
    assert number("9H AS KS QS 7C") is None


def test_his_numbers_are_not_the_french_sources():
    """The same hand can be his no. 2 and the French source's no. 7."""
    from games.engine.jeux import jeu_de_regle
    assert number("9H 7H AS 9S 7S") == 2
    assert jeu_de_regle("9H 7H AS 9S 7S".split(), "8H")["number"] == 7
