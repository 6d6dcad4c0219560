"""Écarté à trois and à quatre, the deal (docs/rules.md, sections 12 and 13): five cards to
each seat, the next card turned up, and the rest the stock, 16 cards à trois and 11 à quatre;
no card dealt twice, each written as in the two-handed record, and the deal names every seat
and the turn-up. Each test is run for each form (the `form` fixture); what only one form has
(the order of play à trois; the sides, the format and the record's keys à quatre) stays in
test_trois_deal.py and test_quatre_seats_and_deal.py.

À trois the elder holds KS QS JS AS TS, the middle 9S 8S 7S KH QH, the dealer JH AH TH 9H 8H,
the 7D is turned up, and the elder makes the vole. À quatre it is quatre_kit's deal, before
the first trick."""
import pytest

from tests.engine import quatre_kit
from tests.engine.kit import H, marks
from tests.engine.trois_quatre_kit import TROIS, swap

TROIS_HANDS = ("KS QS JS AS TS", "9S 8S 7S KH QH", "JH AH TH 9H 8H")
DEALS = {"trois": TROIS.deal(*TROIS_HANDS, turn_up="7D"), "quatre": quatre_kit.deal()}
# À trois, the elder's vole where diamonds are trumps; à quatre, no trick yet.
PLAY = {"trois": ["KS 9S JH", "QS 8S AH", "JS 7S TH", "AS KH 9H", "TS QH 8H"], "quatre": []}
# With the 7D turned up à trois, the stock: its 16th card is the 7H.
TROIS_STOCK = "KC QC JC AC TC 9C 8C 7C KD QD JD AD TD 9D 8D".split()
STOCK = quatre_kit.STOCK


def hand(form, exchanges=(), **cards):
    """The form's hand with the cards of a seat (or the turn-up) changed, à quatre in progress
    before its first trick."""
    the_deal = DEALS[form.name] | {key: H(value) if key in form.seats else value
                                   for key, value in cards.items()}
    tricks = PLAY[form.name]
    extra = {} if len(tricks) == 5 else {"in_progress": True}
    return form.full(the_deal, exchanges, tricks, **extra)


@pytest.mark.parametrize("form, taken, marked", [
    ("trois", {"elder": 5, "middle": 0, "dealer": 0}, [("elder", 1, "point"),
                                                       ("elder", 1, "vole")]),
    ("quatre", {"elder_side": 0, "dealer_side": 0}, []),
], indirect=["form"])
def test_hands_of_five_and_a_turn_up_make_a_hand(form, taken, marked):
    result = form.score(hand(form))
    assert result["format"] == form.format.replace("/1", "-result/1")
    assert result.get("in_progress", False) is (not PLAY[form.name])
    assert result["tricks"] == taken
    assert marks(result) == marked


@pytest.mark.parametrize("form, hands", [
    ("trois", [("elder", "KS QS JS AS"), ("middle", "9S 8S 7S KH QH 7H"),
               ("dealer", "JH AH TH 9H")]),
    # Each seat short of a card, and with a card of the stock besides its five.
    ("quatre", [(seat, cards) for seat in quatre_kit.SEATS
                for cards in (quatre_kit.deal()[seat][:4], quatre_kit.deal()[seat] + STOCK[:1])]),
], indirect=["form"])
def test_every_seat_is_dealt_five_cards(form, hands):
    for seat, cards in hands:
        form.rejects(hand(form, **{seat: cards}), "wrong_hand_size", f"deal.{seat}")


@pytest.mark.parametrize("form, dealer, turn_up", [
    # The elder's KS dealt again to the dealer; a card of a hand turned up.
    ("trois", "JH AH TH 9H KS", "8H"),
    ("quatre", "KC QC JC AC KS", "KD"),
], indirect=["form"])
def test_no_card_is_dealt_twice(form, dealer, turn_up):
    form.rejects(hand(form, dealer=dealer), "duplicate_card", "deal.dealer[4]",
                 mentions=["KS"])
    form.rejects(hand(form, turn_up=turn_up), "duplicate_card", "deal.turn_up")


@pytest.mark.parametrize("form, seat, cards, at", [
    ("trois", "middle", "9S 8S 1S KH QH", "deal.middle[2]"),
    ("quatre", "third", "KD QD JD AD 1D", "deal.third[4]"),
], indirect=["form"])
def test_a_card_is_written_as_in_the_two_handed_record(form, seat, cards, at):
    form.rejects(hand(form, **{seat: cards}), "bad_card", at)
    form.rejects(hand(form, turn_up="XD"), "bad_card", "deal.turn_up")


def test_the_deal_names_every_seat_and_the_turn_up(form):
    for key in form.seats + ("turn_up",):
        record = hand(form)
        del record["deal"][key]
        form.rejects(record, "bad_format", f"deal.{key}")


# À trois the elder, the middle and the dealer take five each, the elder one more: 16 (a 17th
# is refused). À quatre eleven cards can be drawn in one round; a twelfth cannot.
TROIS_ALL = [swap(elder=(TROIS_HANDS[0], TROIS_STOCK[0:5]),
                  middle=(TROIS_HANDS[1], TROIS_STOCK[5:10]),
                  dealer=(TROIS_HANDS[2], TROIS_STOCK[10:15])), swap(elder=("KC", "7H"))]
QUATRE_ALL = swap(elder=("KS QS JS AS TS", STOCK[:5]), second=("9S 8S 7S KH QH", STOCK[5:10]))


@pytest.mark.parametrize("form, drawn, beyond, at", [
    ("trois", TROIS_ALL, TROIS_ALL + [swap(elder=("QC", "6H"))], "exchanges[2]"),
    ("quatre", [QUATRE_ALL | swap(third=("KD", STOCK[10:]))],
     [QUATRE_ALL | swap(third=("KD QD", STOCK[10:] + ["KD"]))], "exchanges[0].third.draw"),
], indirect=["form"])
def test_the_stock_holds_the_cards_not_dealt(form, drawn, beyond, at):
    form.score(form.full(DEALS[form.name], drawn, [], in_progress=True))
    form.rejects(form.full(DEALS[form.name], beyond, [], in_progress=True), "stock_exhausted",
                 at)
