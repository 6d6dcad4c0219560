"""Écarté à trois and à quatre, the play (docs/rules.md, sections 12 and 13, rulings 36 to
40): follow suit and beat every card of the suit led already in the trick, if you can; if you
cannot follow, trump, and overtrump every trump already in the trick, if you can; if you
cannot overtrump, you must still trump. The trick goes to the highest trump in it, or else to
the highest card of the suit led, and its winner leads to the next.

Each rule is a `Case` of each form: a deal, tricks the engine takes (and the tricks each seat
or side has then taken) and tricks it refuses, at their card. À trois diamonds are trumps (the
8D turned up) and the elder holds 9S AH TH 9H 8H unless a deal says otherwise; à quatre hearts
are trumps (the 7H turned up). What only one form has (the ranking à trois; the partner, four
cards to a trick and the reference model's hands à quatre) is at the end."""
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.quatre import score_quatre
from tests.engine.quatre_kit import deal, random_hand, rejects
from tests.engine.trois_quatre_kit import QUATRE, TROIS
from tests.hypothesis_profiles import examples


def trois(middle, dealer, elder="9S AH TH 9H 8H"):
    return TROIS.deal(elder, middle, dealer, turn_up="8D")


FOLLOW = deal("8S AD 7D 7C 8C", "JS 9D 8D 9C TC", "QS 9S KD QD JD", "KC QC JC AC TD")
TRUMP = deal("8S 9S AD 7D 7C", "9H KD QD JD TD", "JH 8H KC QC JC", "KS QS JS AS TS")
UNDER = deal("8S 9S AD 7D 7C", "QH KD QD JD TD", "8H KC QC JC AC", "KS QS JS AS TS")
BEAT_PARTNER = deal("8S 9S AD 7D 7C", "KD QD JD TD 9D", "QS 7S QH KC QC", "KS JS AS TS JC")
TRUMP_PARTNER = deal("8S 9S AD 7D 7C", "7S KD QD JD TD", "QH KC QC JC AC", "KS QS JS AS TS")


def trick(form, the_deal, *tricks, **extra):
    """The hand in progress after these tricks."""
    return form.full(the_deal, tricks=list(tricks), in_progress=True, **extra)


def no(cards, code, at, *mentions, absent=()):
    """A trick the engine refuses with `code` at `at`, its message naming each of `mentions`
    and none of `absent`."""
    return cards, code, at, mentions, absent


@dataclass(frozen=True)
class Case:
    deal: dict
    legal: tuple = ()  # tricks the engine takes, in order
    taken: dict | None = None  # the tricks each seat or side took in `legal`
    refused: tuple = ()  # tricks it refuses, each after `legal` but its last

    def check(self, form):
        if self.legal:
            result = form.score(trick(form, self.deal, *self.legal))
            if self.taken is not None:
                assert result["tricks"] == self.taken
        before = self.legal[:-1]
        for cards, code, at, mentions, absent in self.refused:
            error = form.rejects(trick(form, self.deal, *before, cards), code, at,
                                 mentions=mentions)
            for text in absent:
                assert text not in error.message


@pytest.mark.parametrize("form, case", [
    ("trois", Case(trois("JS 7S 8C 9C TC", "KC QC JC AC TD"),
                   refused=[no("9S 7S KC", "must_win_trick", "tricks[0][1]")])),
    ("trois", Case(trois("JS 7C 8C 9C TC", "KS 7S JC QC AC"), ["9S JS KS"],
                   refused=[no("9S JS 7S", "must_win_trick", "tricks[0][2]")])),
    # Ruling 36: the third's 9S beats the lead but not the second's JS.
    ("quatre", Case(FOLLOW, ["8S JS QS KC"], refused=[
        no("8S JS 9S KC", "must_win_trick", "tricks[0][2]", "third", "QS", "JS", "trick 1",
           absent=["8S"])])),
], indirect=["form"])
def test_follow_suit_and_beat_every_card_of_the_suit_led(form, case):
    case.check(form)


@pytest.mark.parametrize("form, case", [
    ("trois", Case(trois("JS 7C 8C 9C TC", "KS KH QH JH AC"), refused=[
        no("9S JS KH", "must_follow_suit", "tricks[0][2]", "KS", "spades")])),
    ("quatre", Case(FOLLOW, refused=[
        no("8S JS KD KC", "must_follow_suit", "tricks[0][2]", "third")])),
], indirect=["form"])
def test_who_can_follow_must_not_play_another_suit(form, case):
    case.check(form)


@pytest.mark.parametrize("form, case", [
    ("trois", Case(trois("JS 7C 8C 9C TC", "TS 7S JC QC AC"), ["9S JS 7S"])),
    # Ruling 36: the second cannot beat the lead and may play low.
    ("quatre", Case(TRUMP_PARTNER, ["8S 7S QH KS"])),
    ("quatre", Case(deal("KS 9S AD 7D 7C", "JS 8S QD JD TD", "QH KC QC JC AC",
                         "QS 7S AS TS KD"), ["KS 8S QH 7S"])),
], indirect=["form"])
def test_who_cannot_beat_plays_any_card_of_the_suit(form, case):
    case.check(form)


@pytest.mark.parametrize("form, case", [
    # Ruling 36: the duty is to beat every card of the suit led in the trick, even when a
    # trump already takes it: the middle's 7D takes it, not the dealer's KS.
    ("trois", Case(trois("7D 7C 8C 9C TC", "KS 7S JC QC AC"), ["9S 7D KS"],
                   {"elder": 0, "middle": 1, "dealer": 0},
                   [no("9S 7D 7S", "must_win_trick", "tricks[0][2]")])),
    # Ruling 36: the third's QS cannot take the trick from the second's 9H, yet he must
    # play it.
    ("quatre", Case(deal("8S 9S AD 7D 7C", "9H KD QD JD TD", "QS 7S KC QC JC",
                         "KS JS AS TS 8C"), ["8S 9H QS KS"],
                    {"elder_side": 0, "dealer_side": 1},
                    [no("8S 9H 7S KS", "must_win_trick", "tricks[0][2]", "QS", "8S")])),
], indirect=["form"])
def test_beat_the_suit_led_even_when_the_trick_is_already_trumped(form, case):
    case.check(form)


@pytest.mark.parametrize("form, case", [
    ("trois", Case(trois("JS 7C 8C 9C TC", "KH QH JH 7D AC"), refused=[
        no("9S JS KH", "must_trump", "tricks[0][2]", "7D")])),
    # The dealer's KD overtrumps the middle's 9D, and takes the trick.
    ("trois", Case(trois("9D 7C 8C 9C TC", "KD 7D KH QH JH"), ["9S 9D KD"],
                   {"elder": 0, "middle": 0, "dealer": 1},
                   [no("9S 9D 7D", "must_win_trick", "tricks[0][2]")])),
    # Ruling 37: the third's JH overtrumps the second's 9H, and takes the trick.
    ("quatre", Case(TRUMP, ["8S 9H JH KS"], {"elder_side": 1, "dealer_side": 0}, [
        no("8S 9H 8H KS", "must_win_trick", "tricks[0][2]", "JH", "9H"),
        no("8S 9H KC KS", "must_trump", "tricks[0][2]", "spades", "JH")])),
], indirect=["form"])
def test_who_cannot_follow_must_trump_and_overtrump(form, case):
    case.check(form)


@pytest.mark.parametrize("form, case", [
    # Ruling 38: the duty the sources give for four players holds for three; the middle's KD
    # takes the trick.
    ("trois", Case(trois("KD 7C 8C 9C TC", "7D KH QH JH AC"), ["9S KD 7D"],
                   {"elder": 0, "middle": 1, "dealer": 0},
                   [no("9S KD KH", "must_trump", "tricks[0][2]")])),
    # Ruling 38: the second's QH takes the trick.
    ("quatre", Case(UNDER, ["8S QH 8H KS"], {"elder_side": 0, "dealer_side": 1},
                    [no("8S QH KC KS", "must_trump", "tricks[0][2]", "8H")])),
], indirect=["form"])
def test_who_cannot_overtrump_must_still_trump(form, case):
    case.check(form)


@pytest.mark.parametrize("form, case", [
    ("trois", Case(trois("JS 7C 8C 9C TC", "KH QH JH AC QC"), ["9S JS AC"])),
    ("quatre", Case(BEAT_PARTNER, ["8S 9D QS KS"])),
], indirect=["form"])
def test_who_can_neither_follow_nor_trump_plays_any_card(form, case):
    case.check(form)


@pytest.mark.parametrize("form, case", [
    # The dealer's KH is higher in rank, but it is not of the suit led: the middle's JS takes.
    ("trois", Case(trois("JS 7C 8C 9C TC", "KH QH JH AC QC"), ["9S JS KH"],
                   {"elder": 0, "middle": 1, "dealer": 0})),
    # Ruling 40: the third's QS takes, not the dealer's KC of another suit; the third leads,
    # and his KD takes the next trick.
    ("quatre", Case(FOLLOW, ["8S JS QS KC", "KD TD 7D 8D"],
                    {"elder_side": 2, "dealer_side": 0},
                    [no("QC 7C 9C KD", "card_not_held", "tricks[1][0]", "third leads QC")])),
    # The dealer's KS takes; he leads, and his QC takes the next trick.
    ("quatre", Case(deal("8S AD 7D 7C 8C", "JS 9D 8D 9C TC", "QS 9S KD QD JD",
                         "KS QC JC AC TD"), ["8S JS QS KS", "QC 7C 9C KD"],
                    {"elder_side": 0, "dealer_side": 2})),
], indirect=["form"])
def test_without_a_trump_the_highest_card_of_the_suit_led_takes_the_trick(form, case):
    case.check(form)


@pytest.mark.parametrize("form, case", [
    # The dealer's KD takes the first trick; he leads the KH to the second, and takes it.
    ("trois", Case(trois("9D 7C 8C 9C TC", "KD 7D KH QH JH"), ["9S 9D KD", "KH AH 7C"],
                   {"elder": 0, "middle": 0, "dealer": 2},
                   [no("AH 7C KH", "card_not_held", "tricks[1][0]")])),
    # Ruling 40: the third's JH takes; he leads, then the dealer plays, and his KC takes.
    ("quatre", Case(TRUMP, ["8S 9H JH KS", "KC TS 7C KD"],
                    {"elder_side": 2, "dealer_side": 0},
                    [no("9S KD KC QS", "card_not_held", "tricks[1][0]", "third", "9S")])),
], indirect=["form"])
def test_the_highest_trump_takes_the_trick_and_its_player_leads_next(form, case):
    case.check(form)


def test_a_trois_the_knave_beats_the_ace_in_the_classic_ranking_only():
    hands = trois("JS 7S 8C 9C TC", "KH QH JH AC QC", elder="AS AH TH 9H 8H")
    TROIS.rejects(trick(TROIS, hands, "AS 7S KH"), "must_win_trick", "tricks[0][1]")
    record = trick(TROIS, hands, "AS 7S KH", rules={"ranking": "ace_high"})
    assert TROIS.score(record)["tricks"]["elder"] == 1


def test_a_quatre_the_duties_hold_towards_a_partner():
    # docs/rules.md, ruling 39: the third must beat, or trump, his partner's winning card.
    score_quatre(trick(QUATRE, BEAT_PARTNER, "8S KD QS KS"))
    rejects(trick(QUATRE, BEAT_PARTNER, "8S KD 7S KS"), "must_win_trick", "tricks[0][2]",
            mentions=["QS", "8S"])
    score_quatre(trick(QUATRE, TRUMP_PARTNER, "8S 7S QH KS"))
    rejects(trick(QUATRE, TRUMP_PARTNER, "8S 7S KC KS"), "must_trump", "tricks[0][2]")


def test_a_quatre_a_card_not_held_is_named_at_its_place():
    rejects(trick(QUATRE, FOLLOW, "8S JS QS AS"), "card_not_held", "tricks[0][3]",
            mentions=["dealer", "AS"])
    rejects(trick(QUATRE, FOLLOW, "XX JS QS KC"), "bad_card", "tricks[0][0]")


def test_a_quatre_a_trick_has_four_cards():
    rejects(trick(QUATRE, FOLLOW, "8S JS QS"), "bad_format", "tricks[0]")


def test_a_quatre_a_finished_hand_has_five_tricks():
    record = trick(QUATRE, FOLLOW, "8S JS QS KC")
    del record["in_progress"]
    rejects(record, "wrong_trick_count", "tricks")


@settings(max_examples=examples(120), deadline=None)
@given(st.data())
def test_a_quatre_a_random_legal_hand_is_always_accepted(data):
    record, taken = random_hand(data)
    result = score_quatre(record)
    assert result["tricks"] == taken
