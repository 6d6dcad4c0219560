"""docs/rules.md, section 11: the arithmetic of bystanders' wagers, against examples worked by
hand. English style: at odds a:b a backer who stakes S wins S×a/b, and a stake that would make
a fraction of a cent is refused, naming the nearest stakes that work. French style: the lighter
side is matched in full, the heavier up to it, a seated player's own bets first, the excess
returned most recent first; winners get an equal sum less the levy, rounded half up."""
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.wagers import (
    Bet,
    Placed,
    Played,
    SplitCent,
    balance,
    lay,
    levy,
    parse_odds,
    reckon,
)

A, B = "A", "B"  # the two seated players


@pytest.mark.parametrize("text, odds", [("1:1", (1, 1)), ("5:2", (5, 2)), ("100:30", (100, 30))])
def test_odds_are_two_positive_whole_numbers(text, odds):
    assert parse_odds(text) == odds


@pytest.mark.parametrize("text", ["0:1", "1:0", "1.5:1", "-1:1", "1/1", "evens", "", None, 1])
def test_other_odds_are_refused(text):
    with pytest.raises(ValueError, match="positive whole numbers"):
        parse_odds(text)


@pytest.mark.parametrize("stake, odds, laid", [
    (1000, (1, 1), 1000),   # evens: 10.00 against 10.00
    (1000, (5, 2), 2500),   # 10.00 at 5:2: the backer wins 25.00
    (1000, (2, 5), 400),    # 10.00 at 2:5 (odds on): he wins 4.00
    (30, (1, 3), 10),
])
def test_the_layer_puts_up_the_stake_times_a_over_b(stake, odds, laid):
    assert lay(stake, odds) == laid


@pytest.mark.parametrize("stake, odds, nearest", [
    (1000, (3, 7), (994, 1001)),  # 1000 × 3 / 7 is no whole number of cents; 7 cents steps
    (5, (1, 2), (4, 6)),
    (1, (1, 4), (4,)),             # nothing below a cent: only the stake above works
])
def test_a_stake_that_makes_a_fraction_of_a_cent_is_refused_naming_the_nearest(
        stake, odds, nearest):
    with pytest.raises(SplitCent) as refused:
        lay(stake, odds)
    assert (refused.value.stake, refused.value.odds, refused.value.nearest) == (
        stake, odds, nearest)


def french_payouts(placed, matched, winner, percent):
    """What each bettor collects when `winner` takes the unit (games.engine.wagers.reckon,
    which the settlement uses), those who collect nothing left out, and the levy."""
    paid, house = {}, 0
    for bet in placed:
        wager = Placed(bet.bettor, bet.on, bet.stake, matched[bet.id],
                       bet.stake - matched[bet.id], french=True, against=A if bet.on == B else B)
        reckoning = reckon(wager, Played((A, B), winner, live=True), percent)
        for bettor, cents in reckoning.collects.items():
            if cents:
                paid[bettor] = paid.get(bettor, 0) + cents
        house += reckoning.levy
    return paid, house


def bets(*rows):
    return [Bet(f"b{i}", bettor, on, stake) for i, (bettor, on, stake) in enumerate(rows, 1)]


def test_the_lighter_side_is_matched_in_full_and_the_heavier_up_to_it():
    placed = bets(("Charles", A, 1000), ("Dora", A, 500), ("Emile", A, 800), ("Frank", B, 1200))
    # A's side holds 23.00 against 12.00: matched 12.00 in the order recorded; Emile's bet,
    # the most recent, goes back whole, then 3.00 of Dora's.
    assert balance(placed, (A, B)) == {"b1": 1000, "b2": 200, "b3": 0, "b4": 1200}


def test_a_seated_player_covers_bets_against_him_before_anyone_else_on_his_side():
    placed = bets(("Charles", A, 1000), ("Dora", A, 500), ("Frank", B, 1200), (A, A, 600))
    # A backs himself last, but his 6.00 is matched first; Charles gets 6.00 of his 10.00.
    assert balance(placed, (A, B)) == {"b4": 600, "b1": 600, "b2": 0, "b3": 1200}


def test_bets_on_one_side_only_are_all_returned():
    assert balance(bets(("Charles", A, 1000), ("Dora", A, 500)), (A, B)) == {"b1": 0, "b2": 0}


def test_a_bet_on_a_player_who_does_not_play_the_unit_matches_nothing():
    placed = bets(("Charles", A, 1000), ("Dora", "C", 500), ("Emile", B, 400))
    assert balance(placed, (A, B)) == {"b1": 400, "b2": 0, "b3": 400}


@pytest.mark.parametrize("winnings, percent, taken", [
    (250, "5", 13),      # 12.5 cents: half up
    (230, "5", 12),      # 11.5 cents
    (10, "5", 1),        # 0.5 cents
    (1000, "5", 50),
    (999, "2.5", 25),    # 24.975 cents
    (1000, "0", 0),
])
def test_the_levy_is_rounded_half_up_to_the_cent(winnings, percent, taken):
    assert levy(winnings, Decimal(percent)) == taken


def test_winners_get_their_matched_stake_and_an_equal_sum_less_the_levy():
    placed = bets(("Charles", A, 1000), ("Dora", A, 500), ("Emile", B, 1200))
    matched = balance(placed, (A, B))  # Charles 10.00, Dora 2.00 (3.00 back), Emile 12.00
    paid, house = french_payouts(placed, matched, A, Decimal("5"))
    assert paid == {"Charles": 1950, "Dora": 390} and house == 60
    assert sum(paid.values()) + house == sum(matched.values())


@given(st.lists(st.tuples(st.sampled_from(["Charles", "Dora", A, B]), st.sampled_from([A, B]),
                          st.integers(1, 10_000)), max_size=12),
       st.sampled_from([A, B]), st.decimals(0, 100, places=2))
def test_the_gallery_pays_out_exactly_what_was_matched(rows, winner, percent):
    placed = bets(*rows)
    matched = balance(placed, (A, B))
    sides = {on: sum(matched[b.id] for b in placed if b.on == on) for on in (A, B)}
    assert sides[A] == sides[B]  # balanced
    assert all(0 <= matched[b.id] <= b.stake for b in placed)
    paid, house = french_payouts(placed, matched, winner, percent)
    assert sum(paid.values()) + house == sides[A] + sides[B]  # no cent lost or made
