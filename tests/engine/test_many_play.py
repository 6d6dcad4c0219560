"""The play for three and four players (à trois, à quatre): the duties to a trick and who takes
it, docs/rules.md, rulings 36 to 40. Trumps are hearts throughout unless said."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import PACK, SUIT_OF, VALUE
from games.engine.tricks import fault, legal, winner


def cards(text):
    return text.split()


@pytest.mark.parametrize("trick, held, allowed", [
    ("9S JS", "QS 7S KH", "QS"),          # follow and beat the jack
    ("9S JS", "TS 7S KH", "TS 7S"),       # cannot beat: any spade
    ("JS 9S", "QS AS 7H", "QS"),          # beat every spade in the trick, not only the lead
    ("9S 7H", "TS 8S KH", "TS"),          # still beat the spades when the trick is trumped
    ("9S JS", "7H QH KD", "7H QH"),       # cannot follow: any trump, none to overtrump
    ("9S QH", "KH 8H 7D", "KH"),          # overtrump
    ("9S KH", "8H 7H 7D", "8H 7H"),       # cannot overtrump: must still trump
    ("9S KH", "7D 8C", "7D 8C"),          # neither suit nor trump: any card
    ("8H 9S", "7H KS", "7H"),             # trumps led: follow in trumps, not in spades
])
def test_the_duties_to_a_trick(trick, held, allowed):
    assert legal(cards(held), cards(trick), "H") == cards(allowed)


@pytest.mark.parametrize("trick, held, card, code", [
    ("9S JS", "QS 7S KH", "7S", "must_win_trick"),
    ("9S JS", "QS 7S KH", "KH", "must_follow_suit"),
    ("9S QH", "KH 8H 7D", "8H", "must_win_trick"),   # could overtrump and did not
    ("9S QH", "KH 8H 7D", "7D", "must_trump"),
    ("9S KH", "8H 7D", "7D", "must_trump"),           # could not overtrump, still must trump
])
def test_a_failed_duty_is_named(trick, held, card, code):
    assert fault(card, cards(held), cards(trick), "H") == code


def test_the_duties_hold_towards_a_partner():
    # À quatre, the third hand's partner led the ace of spades and the second hand followed
    # low: the third hand must still beat the ace with his king, though his side holds the trick.
    assert legal(cards("KS 8S 7C"), cards("AS 9S"), "H") == ["KS"]
    # And with no spade, he must trump his partner's winning ace.
    assert fault("7C", cards("7H 7C"), cards("AS 9S"), "H") == "must_trump"


def test_the_leader_may_lead_any_card():
    assert legal(cards("KS 7H 8C"), [], "H") == cards("KS 7H 8C")


@pytest.mark.parametrize("trick, takes", [
    ("9S JS 7S", 1),        # highest of the suit led
    ("9S KD QC", 0),        # cards of other suits never take it
    ("9S 7H KS", 1),        # any trump beats the suit led
    ("9S 7H 8H", 2),        # the highest trump
    ("9S 7D 8H AS", 2),     # four players
])
def test_who_takes_the_trick(trick, takes):
    assert winner(cards(trick), "H") == takes


def test_the_ace_high_ranking_applies():
    assert winner(cards("KS AS"), "H", "ace_high") == 1
    assert winner(cards("KS AS"), "H") == 0
    assert legal(cards("AS 7S"), cards("KS"), "H", "ace_high") == ["AS"]


plays = st.lists(st.sampled_from(PACK), min_size=3, max_size=8, unique=True).flatmap(
    lambda drawn: st.tuples(st.just(drawn), st.integers(0, min(3, len(drawn) - 1))))


@given(plays, st.sampled_from("SHDC"))
def test_the_legal_cards_obey_the_duties(drawn, trump):
    cards_, played = drawn
    trick, held = cards_[:played], cards_[played:]
    allowed = legal(held, trick, trump)
    assert allowed and set(allowed) <= set(held)
    if not trick:
        return
    led = SUIT_OF[trick[0]]
    value = VALUE["classic"]
    if any(SUIT_OF[c] == led for c in held):
        assert all(SUIT_OF[c] == led for c in allowed)
        top = max(value[c] for c in trick if SUIT_OF[c] == led)
        if any(SUIT_OF[c] == led and value[c] > top for c in held):
            assert all(value[c] > top for c in allowed)
    elif any(SUIT_OF[c] == trump for c in held):
        assert all(SUIT_OF[c] == trump for c in allowed)
    else:
        assert allowed == held
    # Whoever takes the trick, it is never a card of a third suit.
    full_trick = trick + [allowed[0]]
    taker = full_trick[winner(full_trick, trump)]
    assert SUIT_OF[taker] in (led, trump)
