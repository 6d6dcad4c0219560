"""The ten jeux de règle: the hands with which the elder plays without proposing, each a precise
test on his five cards and the turn-up (docs/rules.md, section 3, "The jeux de règle", and
ruling 59). Hearts are trumps throughout (the turn-up is the eight of hearts) unless a test
says otherwise."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.advisor import JEUX, jeu_de_regle
from games.engine.cards import PACK, SUIT_OF

SETTINGS = settings(max_examples=300, deadline=None)


def number(hand, turn_up="8H", ranking="classic"):
    found = jeu_de_regle(hand, turn_up, ranking)
    return found and found["number"]


def test_there_are_ten_numbered_in_order_with_names():
    assert [n for n, _, _ in JEUX] == list(range(1, 11))
    assert len({name for _, name, _ in JEUX}) == 10


@pytest.mark.parametrize("hand, expected", [
    # 1. Three trumps, whatever the other two cards; four or five trumps too.
    (["9H", "7H", "AH", "7S", "7C"], 1),
    (["9H", "7H", "AH", "TH", "7C"], 1),
    # 2. Two trumps and three cards of one plain suit, however small.
    (["9H", "7H", "9S", "8S", "7S"], 2),
    # 3. Two trumps and a king of a plain suit.
    (["9H", "7H", "KS", "8C", "9D"], 3),
    # 4. Two trumps and a queen guarded by another card of her suit.
    (["9H", "7H", "QS", "7S", "8C"], 4),
    # 5. One trump and a tierce major (king, queen, knave of one plain suit).
    (["9H", "KS", "QS", "JS", "7C"], 5),
    # 6. One trump and four cards of one plain suit.
    (["9H", "AS", "9S", "8S", "7S"], 6),
    # 7. One trump and two queens.
    (["9H", "QS", "7S", "QD", "8C"], 7),
    # 8. One trump, a queen, and a knave guarded in another suit.
    (["9H", "QS", "JD", "7D", "8C"], 8),
    # 9. One trump, a king, and a king or a queen of another suit.
    (["9H", "KS", "QD", "7C", "8C"], 9),
    (["9H", "KS", "KD", "7C", "8C"], 9),
    # 10. No trump and four court cards (kings, queens, knaves).
    (["KS", "QD", "JC", "QC", "7S"], 10),
])
def test_each_jeu_de_regle(hand, expected):
    assert number(hand) == expected


@pytest.mark.parametrize("hand", [
    ["9H", "7H", "7S", "8C", "9D"],  # two trumps and three small cards of three suits
    ["9H", "7H", "QS", "7C", "8D"],  # two trumps and an unguarded queen
    ["9H", "7H", "JS", "7S", "8C"],  # two trumps, a guarded knave
    ["9H", "QS", "JS", "7S", "8C"],  # one trump; the knave is guarded in the queen's own suit
    ["9H", "QS", "JD", "7C", "8C"],  # one trump, a queen and an unguarded knave
    ["9H", "KS", "QS", "7C", "8D"],  # one trump, king and queen of the same suit
    ["9H", "AS", "TS", "9S", "8C"],  # one trump and three cards of one suit, no king
    ["KS", "QD", "JC", "7C", "7S"],  # three court cards without a trump
    ["KS", "KD", "KC", "7C", "7S"],  # three kings without a trump (ruling 59)
    ["AS", "AD", "AC", "TC", "9D"],  # aces are not court cards
])
def test_hands_that_are_no_jeu_de_regle(hand):
    assert jeu_de_regle(hand, "8H") is None


def test_the_turn_up_sets_trumps_and_the_king_of_trumps_is_a_trump():
    assert number(["KH", "7S", "8S", "9S", "TS"]) == 6
    hand = ["KS", "QS", "JS", "QD", "7C"]
    assert number(hand, turn_up="8H") == 10
    assert number(hand, turn_up="8C") == 5  # the seven of clubs is the one trump
    assert number(hand, turn_up="8S") == 1


def test_a_hand_that_is_several_jeux_is_named_by_the_first():
    """docs/rules.md, ruling 59: three trumps with a king is jeu 1, not jeu 3."""
    assert number(["9H", "7H", "AH", "KS", "QS"]) == 1
    assert number(["9H", "7H", "KS", "QS", "JS"]) == 2  # also 3 and 4
    assert number(["9H", "KS", "QS", "JS", "AS"]) == 5  # also 6 and 9


def test_the_tierce_major_follows_the_tables_ranking():
    """docs/rules.md, ruling 59: under ace_high the tierce major is ace, king, queen."""
    hand = ["9H", "AS", "KS", "QS", "7C"]
    assert number(hand, ranking="ace_high") == 5
    assert number(hand, ranking="classic") is None
    assert number(["9H", "KS", "QS", "JS", "7C"], ranking="ace_high") is None


hands = st.lists(st.sampled_from(PACK), min_size=6, max_size=6, unique=True)


@SETTINGS
@given(hands, st.randoms(use_true_random=False))
def test_the_order_of_the_cards_does_not_matter(cards, rnd):
    hand, turn_up = cards[:5], cards[5]
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    assert jeu_de_regle(hand, turn_up) == jeu_de_regle(shuffled, turn_up)


@SETTINGS
@given(hands, st.permutations([0, 1, 2]))
def test_renaming_the_plain_suits_does_not_matter(cards, order):
    hand, turn_up = cards[:5], cards[5]
    plain = [s for s in "SHDC" if s != turn_up[1]]
    rename = {plain[i]: plain[j] for i, j in enumerate(order)} | {turn_up[1]: turn_up[1]}
    renamed = [c[0] + rename[c[1]] for c in hand]
    assert jeu_de_regle(hand, turn_up) == jeu_de_regle(renamed, turn_up)


@SETTINGS
@given(hands)
def test_three_trumps_are_always_jeu_1_and_no_trump_needs_four_court_cards(cards):
    hand, turn_up = cards[:5], cards[5]
    trumps = sum(SUIT_OF[c] == turn_up[1] for c in hand)
    found = number(hand, turn_up)
    if trumps >= 3:
        assert found == 1
    if trumps == 0:
        courts = sum(c[0] in "KQJ" for c in hand)
        assert found == (10 if courts >= 4 else None)
    if found in (2, 3, 4):
        assert trumps == 2
    if found in (5, 6, 7, 8, 9):
        assert trumps == 1
