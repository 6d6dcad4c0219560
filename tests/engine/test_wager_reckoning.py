"""docs/rules.md, section 11 and ruling 35: what became of a wager (games.engine.wagers.reckon),
the one reading that the settlement, the API, the pages, the admin and the CSV share. Each
figure is worked by hand in its comment. A and B play the unit; C is a player whom a correction
may seat instead; Charles, Dora and Emile are bystanders."""
from decimal import Decimal

import pytest

from games.engine.wagers import (
    LOST,
    RETURNED,
    VOID,
    WON,
    Placed,
    Played,
    Take,
    reckon,
)

A, B, C = "A", "B", "C"
FIVE = Decimal("5")


def offer_taken_in_part(returned: int = 600) -> Placed:
    """Charles offers 10.00 on A at 2:1; Dora takes 4.00 of it, laying 8.00 (4.00 × 2 / 1);
    the 6.00 nobody took lapsed when the unit started (or is still open with returned=0)."""
    return Placed("Charles", A, 1000, 400, returned, french=False,
                  takes=(Take("Dora", 400, 800),))


def french_bet(matched: int = 600, against=B) -> Placed:
    """Charles's bet of 10.00 on A, balanced against B: 6.00 matched, 4.00 returned."""
    return Placed("Charles", A, 1000, matched, 1000 - matched, french=True, against=against)


def test_an_offer_taken_in_part_that_won_reads_won_not_lapsed():
    # A wins: Charles collects Dora's 8.00; Dora loses her lay. The 6.00 that lapsed was
    # back with Charles already, so it does not count.
    figures = reckon(offer_taken_in_part(), Played((A, B), A, live=True), FIVE)
    assert (figures.outcome, figures.matched, figures.returned) == (WON, 400, 600)
    assert figures.net == {"Charles": 800, "Dora": -800} and figures.levy == 0
    # From the escrow: Charles his 4.00 and Dora's 8.00; Dora nothing.
    assert figures.collects == {"Charles": 1200, "Dora": 0}


def test_an_offer_taken_in_part_that_lost():
    # B wins: Dora collects Charles's matched 4.00 (and gets her 8.00 back).
    figures = reckon(offer_taken_in_part(), Played((A, B), B, live=True), FIVE)
    assert figures.outcome == LOST
    assert figures.net == {"Charles": -400, "Dora": 400}
    assert figures.collects == {"Charles": 0, "Dora": 1200}


def test_a_french_bet_that_won_pays_the_matched_stake_less_the_levy():
    # 6.00 matched wins 6.00 from the other side, less 5 % of it: 0.30 to the house.
    figures = reckon(french_bet(), Played((A, B), A, live=True), FIVE)
    assert (figures.outcome, figures.net, figures.levy) == (WON, {"Charles": 570}, 30)
    assert figures.collects == {"Charles": 1170}  # 6.00 back + 6.00 - 0.30


def test_a_french_bet_that_lost_loses_only_its_matched_part():
    figures = reckon(french_bet(), Played((A, B), B, live=True), FIVE)
    assert (figures.outcome, figures.net, figures.levy) == (LOST, {"Charles": -600}, 0)


@pytest.mark.parametrize("unit", [
    Played((C, A), A, live=True),   # a correction seated C for B, against whom it was balanced
    Played((B, C), B, live=True),   # a correction took A, whom it backs, out of the unit
    None,                           # a correction took the unit away
    Played((A, B), None, live=False),  # the table was abandoned before the unit was decided
])
def test_a_bet_whose_unit_or_player_is_gone_is_void_and_does_nothing_to_money(unit):
    figures = reckon(french_bet(), unit, FIVE)
    assert (figures.outcome, figures.net, figures.levy) == (VOID, {"Charles": 0}, 0)
    assert figures.collects == {"Charles": 600}  # the 6.00 still held goes back


def test_a_void_offer_gives_every_stake_back():
    figures = reckon(offer_taken_in_part(), Played((B, C), C, live=True), FIVE)
    assert figures.outcome == VOID
    assert figures.collects == {"Charles": 400, "Dora": 800}


def test_while_the_unit_is_to_be_decided_the_net_is_what_is_held():
    # Nothing lapsed yet: Charles's whole 10.00 is held, and Dora's 8.00.
    figures = reckon(offer_taken_in_part(returned=0), Played((A, B), None, live=True), FIVE)
    assert figures.outcome is None
    assert figures.net == {"Charles": -1000, "Dora": -800}


@pytest.mark.parametrize("unit", [Played((A, B), A, live=True), Played((A, B), None, live=True),
                                  None])
def test_a_stake_given_back_whole_reads_returned(unit):
    # Withdrawn before the unit started, or all of it the gallery's excess: nothing was at
    # stake, whatever became of the unit.
    figures = reckon(french_bet(matched=0), unit, FIVE)
    assert (figures.outcome, figures.matched, figures.returned) == (RETURNED, 0, 1000)
    assert figures.net == {"Charles": 0}
