"""Écarté à quatre, the play (docs/rules.md, section 13 and rulings 36 to 40): follow suit and
beat, trump and overtrump, trump even when unable to overtrump, towards a partner too; the
trick goes to the highest trump, or else to the highest card of the suit led."""
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.quatre import score_quatre
from tests.engine.quatre_kit import deal, full, random_hand, rejects
from tests.hypothesis_profiles import examples

# Hearts are trumps (the turn-up is 7H) in every deal below.
FOLLOW = deal("8S AD 7D 7C 8C", "JS 9D 8D 9C TC", "QS 9S KD QD JD", "KC QC JC AC TD")
TRUMP = deal("8S 9S AD 7D 7C", "9H KD QD JD TD", "JH 8H KC QC JC", "KS QS JS AS TS")
UNDER = deal("8S 9S AD 7D 7C", "QH KD QD JD TD", "8H KC QC JC AC", "KS QS JS AS TS")
BEAT_PARTNER = deal("8S 9S AD 7D 7C", "KD QD JD TD 9D", "QS 7S QH KC QC", "KS JS AS TS JC")
TRUMP_PARTNER = deal("8S 9S AD 7D 7C", "7S KD QD JD TD", "QH KC QC JC AC", "KS QS JS AS TS")


def trick(the_deal, *tricks):
    return full(the_deal, tricks=list(tricks), in_progress=True)


def test_follow_suit_and_beat_every_card_of_the_suit_led():
    # docs/rules.md, ruling 36: the third's 9S beats the lead but not the second's JS.
    score_quatre(trick(FOLLOW, "8S JS QS KC"))
    error = rejects(trick(FOLLOW, "8S JS 9S KC"), "must_win_trick", "tricks[0][2]",
                    mentions=["third", "QS", "JS", "trick 1"])
    assert "8S" not in error.message
    rejects(trick(FOLLOW, "8S JS KD KC"), "must_follow_suit", "tricks[0][2]", mentions=["third"])


def test_the_duty_to_beat_the_suit_led_holds_in_a_trick_already_trumped():
    # docs/rules.md, ruling 36: the third's QS cannot take the trick, yet he must play it.
    trumped = deal("8S 9S AD 7D 7C", "9H KD QD JD TD", "QS 7S KC QC JC", "KS JS AS TS 8C")
    score_quatre(trick(trumped, "8S 9H QS KS"))
    rejects(trick(trumped, "8S 9H 7S KS"), "must_win_trick", "tricks[0][2]",
            mentions=["QS", "8S"])


def test_a_player_who_cannot_beat_follows_with_any_card_of_the_suit():
    # docs/rules.md, ruling 36: the second cannot beat the lead and may play low.
    score_quatre(trick(TRUMP_PARTNER, "8S 7S QH KS"))
    score_quatre(trick(deal("KS 9S AD 7D 7C", "JS 8S QD JD TD", "QH KC QC JC AC",
                            "QS 7S AS TS KD"), "KS 8S QH 7S"))


def test_a_player_who_cannot_follow_must_trump_and_overtrump():
    # docs/rules.md, ruling 37.
    score_quatre(trick(TRUMP, "8S 9H JH KS"))
    rejects(trick(TRUMP, "8S 9H 8H KS"), "must_win_trick", "tricks[0][2]",
            mentions=["JH", "9H"])
    rejects(trick(TRUMP, "8S 9H KC KS"), "must_trump", "tricks[0][2]",
            mentions=["spades", "JH"])


def test_a_player_who_cannot_overtrump_must_still_trump():
    # docs/rules.md, ruling 38.
    score_quatre(trick(UNDER, "8S QH 8H KS"))
    rejects(trick(UNDER, "8S QH KC KS"), "must_trump", "tricks[0][2]", mentions=["8H"])


def test_the_duties_hold_towards_a_partner():
    # docs/rules.md, ruling 39: the third must beat, or trump, his partner's winning card.
    score_quatre(trick(BEAT_PARTNER, "8S KD QS KS"))
    rejects(trick(BEAT_PARTNER, "8S KD 7S KS"), "must_win_trick", "tricks[0][2]",
            mentions=["QS", "8S"])
    score_quatre(trick(TRUMP_PARTNER, "8S 7S QH KS"))
    rejects(trick(TRUMP_PARTNER, "8S 7S KC KS"), "must_trump", "tricks[0][2]")


def test_a_player_with_neither_the_suit_nor_a_trump_plays_any_card():
    score_quatre(trick(BEAT_PARTNER, "8S 9D QS KS"))


def test_the_highest_trump_takes_the_trick_and_its_player_leads_next():
    # docs/rules.md, ruling 40: the third's JH takes; he leads, then the dealer plays.
    score_quatre(trick(TRUMP, "8S 9H JH KS", "KC TS 7C KD"))
    rejects(trick(TRUMP, "8S 9H JH KS", "9S KD KC QS"), "card_not_held", "tricks[1][0]",
            mentions=["third", "9S"])


def test_without_a_trump_the_highest_card_of_the_suit_led_takes_the_trick():
    # docs/rules.md, ruling 40: the third's QS takes, not the dealer's KC of another suit.
    score_quatre(trick(FOLLOW, "8S JS QS KC", "KD TD 7D 8D"))
    rejects(trick(FOLLOW, "8S JS QS KC", "QC 7C 9C KD"), "card_not_held", "tricks[1][0]",
            mentions=["third leads QC"])
    hand = deal("8S AD 7D 7C 8C", "JS 9D 8D 9C TC", "QS 9S KD QD JD", "KS QC JC AC TD")
    score_quatre(trick(hand, "8S JS QS KS", "QC 7C 9C KD"))


def test_a_card_not_held_is_named_at_its_place():
    rejects(trick(FOLLOW, "8S JS QS AS"), "card_not_held", "tricks[0][3]",
            mentions=["dealer", "AS"])
    rejects(trick(FOLLOW, "XX JS QS KC"), "bad_card", "tricks[0][0]")


def test_a_trick_has_four_cards():
    rejects(trick(FOLLOW, "8S JS QS"), "bad_format", "tricks[0]")


def test_a_finished_hand_has_five_tricks():
    record = trick(FOLLOW, "8S JS QS KC")
    del record["in_progress"]
    rejects(record, "wrong_trick_count", "tricks")


@settings(max_examples=examples(120), deadline=None)
@given(st.data())
def test_a_random_legal_hand_is_always_accepted(data):
    record, taken = random_hand(data)
    result = score_quatre(record)
    assert result["tricks"] == taken

