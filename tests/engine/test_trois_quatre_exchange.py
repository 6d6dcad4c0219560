"""Écarté à trois and à quatre, the exchange (docs/rules.md, sections 12 and 13): it needs the
consent of all; after a proposal all accept, each discards and draws in turn from the elder to
the dealer, the proposer at least one card, the others 0 to 5; a single refusal ends it; the
elder may propose again while the stock lasts. Each test is run for each form (the `form`
fixture), with its deal and the Laws' figures; the vulnerable player, or side, is in
test_trois_quatre_vulnerability.py.

À trois, DEAL gives the elder only spades, the middle spades and hearts, the dealer hearts;
the 8D is turned up. À quatre it is quatre_kit's deal: hearts are trumps (7H turned up), the
elder holds spades, the second KH QH 9S 8S 7S, the third diamonds, the dealer clubs. In both
the elder holds the TS, and the first card of the stock is STOCK[0]."""
import pytest

from tests.engine import quatre_kit
from tests.engine.trois_quatre_kit import TROIS, refused, swap

DEALS = {"trois": TROIS.deal("KS QS JS AS TS", "9S 8S 7S KH QH", "JH AH TH 9H 8H",
                             turn_up="8D"),
         "quatre": quatre_kit.deal()}
STOCKS = {"trois": "KC QC JC AC TC 9C 8C 7C KD QD JD AD TD 9D 7D 7H".split(),
          "quatre": quatre_kit.STOCK}


def record(form, exchanges, tricks=(), **extra):
    """The form's hand with these exchanges and tricks, in progress until its fifth trick."""
    if len(tricks) < 5:
        extra["in_progress"] = True
    return form.full(DEALS[form.name], exchanges, list(tricks), **extra)


def first(form):
    """The elder's proposal, all accepting: he throws the TS for the first card of the stock."""
    return swap(elder=("TS", STOCKS[form.name][0]))


@pytest.mark.parametrize("form, entry", [
    ("trois", swap(elder=("TS", "KC"), middle=("KH QH", "KD QD"), dealer=("8H", "JC"))),
    ("quatre", swap(elder=("TS", "JH"), second=("7S", "AH"), third=("TD", "TH"),
                    dealer=("TC", "9H"))),
], indirect=["form"])
def test_after_all_accept_each_seat_discards_and_draws_in_turn(form, entry):
    form.score(record(form, [entry]))


@pytest.mark.parametrize("form, entry, tricks, taken, gone", [
    # The middle throws his hearts for two trumps, and takes the last two tricks with them;
    # the elder, who threw the TS, cannot lead it.
    ("trois", swap(elder=("TS", "KC"), middle=("KH QH", "KD QD"), dealer=("8H", "JC")),
     ["KS 9S JH", "QS 8S AH", "JS 7S TH", "AS KD 9H", "QD JC KC"],
     {"elder": 3, "middle": 2, "dealer": 0}, "TS 9S JH"),
    # The elder leads the JH he drew, which the second's KH, the king of trumps, takes.
    ("quatre", swap(elder=("TS", "JH")), ["JH KH KD KC"],
     {"elder_side": 0, "dealer_side": 1}, "TS 7S KD KC"),
], indirect=["form"])
def test_a_drawn_card_is_held_and_a_discarded_one_is_gone(form, entry, tricks, taken, gone):
    assert form.score(record(form, [entry], tricks))["tricks"] == taken
    form.rejects(record(form, [entry], [gone]), "card_not_held", "tricks[0][0]",
                 mentions=["TS"])


def test_a_trois_a_single_refusal_means_the_hand_is_played_as_dealt():
    tricks = ["KS 9S JH", "QS 8S AH", "JS 7S TH", "AS KH 9H", "TS QH 8H"]
    for by in ("middle", "dealer"):
        result = TROIS.score(record(TROIS, [refused(by)], tricks))
        assert result["tricks"]["elder"] == 5


def test_a_single_refusal_ends_the_exchange(form):
    # Any of those asked may refuse; nothing follows a refusal.
    for by in form.seats[1:]:
        form.score(record(form, [refused(by)]))
        form.rejects(record(form, [refused(by), first(form)]), "bad_exchange", "exchanges[1]")


@pytest.mark.parametrize("form, by", [("trois", "middle"), ("quatre", "third")],
                         indirect=["form"])
def test_a_refusal_exchanges_no_card(form, by):
    entry = refused(by) | {"elder": {"discard": ["TS"], "draw": [STOCKS[form.name][0]]}}
    form.rejects(record(form, [entry]), "bad_exchange", "exchanges[0]")


@pytest.mark.parametrize("form", ["trois", "quatre"], indirect=True)
def test_a_refusal_names_one_of_those_who_were_asked(form):
    # Rulings 42 and 52: the record names who refused, the elder does not answer his own
    # proposal, and only a refusal names one (bad_exchange, read with the proposals); a name
    # that is no seat at all is the record's shape (bad_format). The same for both forms.
    for entry, code in ((refused("elder"), "bad_exchange"), ({"accepted": False}, "bad_exchange"),
                        (first(form) | {"refused_by": form.seats[-1]}, "bad_exchange"),
                        (refused("north"), "bad_format"), (refused(None), "bad_format")):
        form.rejects(record(form, [entry]), code, "exchanges[0].refused_by")


@pytest.mark.parametrize("form, empty, without", [
    # Rulings 44 and 53.
    ("trois", swap(elder=("", ""), middle=("KH", "KC")), swap(middle=("KH", "KC"))),
    ("quatre", swap(elder=("", ""), second=("7S", "JH")), {"accepted": True}),
], indirect=["form"])
def test_the_elder_who_proposes_takes_at_least_one_card(form, empty, without):
    form.rejects(record(form, [empty]), "bad_exchange", "exchanges[0].elder")
    form.rejects(record(form, [without]), "bad_exchange", "exchanges[0]")


@pytest.mark.parametrize("form, entries", [
    # Ruling 44: the middle and the dealer may take no card, their key left out or their
    # lists empty, even at a table whose dealer_exchange is required.
    ("trois", [(swap(elder=("TS", "KC"), middle=("", "")), {}),
               (swap(elder=("TS", "KC")), {"rules": {"dealer_exchange": "required"}}),
               (swap(elder=("TS", "KC"), middle=("9S 8S 7S KH QH", "QC JC AC TC 9C"),
                     dealer=("JH AH TH 9H 8H", "8C 7C KD QD JD")), {})]),
    # Ruling 53: a seat left out of the entry took no card.
    ("quatre", [(swap(elder=("TS", "JH")), {}),
                (swap(elder=("TS", "JH"), dealer=("KC QC JC AC TC", "AH TH 9H 8H 9D")), {})]),
], indirect=["form"])
def test_the_others_may_take_none_or_up_to_five(form, entries):
    for entry, extra in entries:
        form.score(record(form, [entry], **extra))


@pytest.mark.parametrize("form, seat, discard", [
    # Six cards each way: the five he holds and a card of the stock, which he does not hold.
    ("trois", "middle", "9S 8S 7S KH QH 7H"),
    ("quatre", "second", "KH QH 9S 8S 7S 7C"),
], indirect=["form"])
def test_no_one_takes_more_than_five(form, seat, discard):
    entry = first(form) | {seat: {"discard": discard.split(), "draw": STOCKS[form.name][1:7]}}
    form.rejects(record(form, [entry]), "bad_exchange", f"exchanges[0].{seat}")


@pytest.mark.parametrize("form, seat, discard, draw", [
    ("trois", "middle", "KH QH", "QC"),
    ("quatre", "second", "7S", "AH TH"),
], indirect=["form"])
def test_discard_and_draw_are_equal(form, seat, discard, draw):
    entry = first(form) | swap(**{seat: (discard, draw)})
    form.rejects(record(form, [entry]), "bad_exchange", f"exchanges[0].{seat}")


@pytest.mark.parametrize("form, seat, card", [
    ("trois", "middle", "JH"),  # the dealer's
    ("quatre", "third", "KC"),  # the dealer's
], indirect=["form"])
def test_no_one_discards_a_card_he_does_not_hold(form, seat, card):
    entry = first(form) | swap(**{seat: (card, STOCKS[form.name][1])})
    form.rejects(record(form, [entry]), "card_not_held", f"exchanges[0].{seat}.discard[0]")


@pytest.mark.parametrize("form, entries", [
    # The elder's discard is out of the game: the middle, drawing after him, cannot have it;
    # nor the card the elder drew, nor a card dealt to another.
    ("trois", [(swap(elder=("TS", "KC"), middle=("KH", "TS")), "exchanges[0].middle.draw[0]"),
               (swap(elder=("TS", "KC"), middle=("KH", "KC")), "exchanges[0].middle.draw[0]"),
               (swap(elder=("TS", "JH")), "exchanges[0].elder.draw[0]")]),
    # The turn-up is no card of the stock; the elder's discard is out for good, not back in it.
    ("quatre", [(swap(elder=("TS", "7H")), "exchanges[0].elder.draw[0]"),
                (swap(elder=("TS", "JH"), dealer=("TC", "TS")), "exchanges[0].dealer.draw[0]")]),
], indirect=["form"])
def test_no_one_draws_a_card_that_is_not_in_the_stock(form, entries):
    for entry, at in entries:
        form.rejects(record(form, [entry]), "duplicate_card", at)


@pytest.mark.parametrize("form, exchanges", [
    ("trois", [swap(elder=("TS", "KC"), middle=("KH", "QC"), dealer=("8H", "JC")),
               swap(elder=("KC", "AC")), swap(elder=("AC", "TC"), dealer=("JC", "9C"))]),
    ("quatre", [swap(elder=("TS", "JH"), second=("7S", "AH")),
                swap(elder=("AS", "TH"), third=("TD", "9H"))]),
], indirect=["form"])
def test_the_elder_may_propose_again_while_the_stock_lasts(form, exchanges):
    form.score(record(form, exchanges))


# À trois, fifteen cards are drawn in the first exchange, and the elder empties the stock by
# drawing its last card, the 7H, in the second; à quatre, the elder, the second and the third
# draw the eleven cards of the stock in one.
SHORT = {"trois": [swap(elder=("KS QS JS AS TS", "KC QC JC AC TC"),
                        middle=("9S 8S 7S KH QH", "9C 8C 7C KD QD"),
                        dealer=("JH AH TH 9H 8H", "JD AD TD 9D 7D")),
                   swap(elder=("KC", "7H"))],
         "quatre": [swap(elder=("KS QS JS AS TS", "JH AH TH 9H 8H"),
                         second=("9S 8S 7S KH QH", "9D 8D 7D 9C 8C"),
                         third=("KD", "7C"))]}


def test_when_the_stock_runs_short_the_later_seats_take_none(form):
    # Rulings 44 and 54: the dealer, last, takes nothing.
    form.score(record(form, SHORT[form.name]))


@pytest.mark.parametrize("form, exchanges, at", [
    # Ruling 44: the dealer, after the stock is empty; the elder, asking for two when one
    # card is left.
    ("trois", SHORT["trois"][:1] + [SHORT["trois"][1] | swap(dealer=("JD", "7C"))],
     "exchanges[1].dealer.draw"),
    ("trois", SHORT["trois"][:1] + [swap(elder=("KC QC", "7H 7C"))], "exchanges[1].elder.draw"),
    # Ruling 54: the dealer, after the stock is empty.
    ("quatre", [SHORT["quatre"][0] | swap(dealer=("TC", "KD"))], "exchanges[0].dealer.draw"),
], indirect=["form"])
def test_no_one_draws_more_than_the_stock_holds(form, exchanges, at):
    form.rejects(record(form, exchanges), "stock_exhausted", at)


# The stock emptied: à trois as in SHORT; à quatre by the elder, the dealer and the third.
EMPTY = {"trois": SHORT["trois"],
         "quatre": [swap(elder=("KS QS JS AS TS", "JH AH TH 9H 8H"),
                         dealer=("KC QC JC AC TC", "9D 8D 7D 9C 8C"), third=("KD", "7C"))]}


@pytest.mark.parametrize("form, proposal, refusal", [
    ("trois", swap(elder=("QC", "7C")), refused("middle")),
    ("quatre", swap(elder=("JH", "KD")), refused("dealer")),
], indirect=["form"])
def test_once_the_stock_is_empty_no_one_proposes(form, proposal, refusal):
    # Rulings 44 and 54.
    after = len(EMPTY[form.name])
    for entry in (proposal, refusal):
        form.rejects(record(form, EMPTY[form.name] + [entry]), "stock_exhausted",
                     f"exchanges[{after}]")
