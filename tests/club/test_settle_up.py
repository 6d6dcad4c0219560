"""The settle-up (club.settle_up): who pays whom to bring every balance to zero, in the fewest
payments, worked out by hand and checked against a brute force."""
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from club.settle_up import EXACT_LIMIT, greedy, settle_up
from tests.hypothesis_profiles import examples

# A greedy, the most in debt paying the most in credit, pays 3 -> 500.00 first and then needs
# four payments; 2 and 3 settle apart, and 1 pays 4 and 5: three.
GREEDY_IS_NOT_ENOUGH = {1: -600_00, 2: -500_00, 3: 500_00, 4: 400_00, 5: 200_00}


@pytest.mark.parametrize(("balances", "payments"), [
    ({}, []),
    ({1: 0, 2: 0}, []),
    ({1: -5_00, 2: 5_00}, [(1, 2, 5_00)]),
    ({7: 12_50, 3: -12_50}, [(3, 7, 12_50)]),
    ({1: 0, 2: -2_50, 3: 2_50}, [(2, 3, 2_50)]),
    ({1: -30_00, 2: 10_00, 3: 20_00}, [(1, 2, 10_00), (1, 3, 20_00)]),
    ({1: 30_00, 2: -10_00, 3: -20_00}, [(2, 1, 10_00), (3, 1, 20_00)]),
    # Two independent zero-sum groups: {1, 2} and {3, 4, 5}.
    ({1: -10_00, 2: 10_00, 3: -3_00, 4: 1_00, 5: 2_00},
     [(1, 2, 10_00), (3, 4, 1_00), (3, 5, 2_00)]),
    (GREEDY_IS_NOT_ENOUGH, [(1, 4, 400_00), (1, 5, 200_00), (2, 3, 500_00)]),
    # No group of fewer than all four sums to zero: three payments.
    ({1: -30_00, 2: -20_00, 3: 25_00, 4: 25_00},
     [(1, 3, 25_00), (1, 4, 5_00), (2, 4, 20_00)]),
])
def test_settle_up_worked_out_by_hand(balances, payments):
    assert settle_up(balances) == payments


def test_the_greedy_alone_would_pay_more_often():
    assert len(greedy(GREEDY_IS_NOT_ENOUGH)) == 4
    assert len(settle_up(GREEDY_IS_NOT_ENOUGH)) == 3


def copies(count: int) -> dict[int, int]:
    """`count` copies of GREEDY_IS_NOT_ENOUGH, with players 1 to 5 * count."""
    amounts = list(GREEDY_IS_NOT_ENOUGH.values()) * count
    return {player: cents for player, cents in enumerate(amounts, start=1)}


def test_twenty_balances_are_settled_in_the_fewest_payments():
    # Each copy splits in two zero-sum groups, and no group holds no debtor: 8 groups at most.
    balances = copies(4) | {21: 0, 22: 0}  # balances of zero do not count
    assert len([cents for cents in balances.values() if cents]) == EXACT_LIMIT
    assert len(settle_up(balances)) == 20 - 8
    assert len(greedy(balances)) > 20 - 8


@pytest.mark.parametrize("balances", [
    copies(4) | {21: -1, 20: 200_00 + 1},
    copies(8),
    {player: (-1) ** player * player for player in range(1, 61)} | {61: -30},
], ids=["21", "40", "61"])
def test_beyond_twenty_balances_a_greedy_pays_at_most_once_less_than_there_are(balances):
    payments = settle_up(balances)
    assert all(cents > 0 for _, _, cents in payments)
    assert cleared(balances, payments)
    assert len(payments) <= len(balances) - 1


def test_the_same_balances_in_another_order_give_the_same_payments():
    balances = {1: -1_00, 2: -1_00, 3: 1_00, 4: 1_00, 5: -3_00, 6: 3_00}
    assert settle_up(dict(reversed(balances.items()))) == settle_up(balances)
    assert settle_up(balances) == [(1, 3, 1_00), (2, 4, 1_00), (5, 6, 3_00)]


@pytest.mark.parametrize("balances", [{1: 5_00}, {1: -5_00, 2: 4_99}, {1: 1, 2: 0}])
def test_balances_that_do_not_sum_to_zero_are_refused(balances):
    with pytest.raises(ValueError, match="sum to"):
        settle_up(balances)


@pytest.mark.parametrize("amount", [12.5, Decimal("12.50"), True, "1250"], ids=repr)
def test_balances_must_be_whole_cents(amount):
    with pytest.raises(TypeError, match="whole cents"):
        settle_up({1: amount, 2: -1250})


def cleared(balances: dict[int, int], payments) -> bool:
    """Whether the payments bring every balance to exactly zero: paying raises the payer's."""
    left = dict(balances)
    for payer, payee, cents in payments:
        left[payer] += cents
        left[payee] -= cents
    return not any(left.values())


def fewest_payments(amounts: list[int]) -> int:
    """The fewest payments that clear these balances (none zero), by trying every partition of
    them: a block that sums to zero is settled in one payment fewer than it has members."""
    def partitions(items):
        if not items:
            yield []
            return
        for partition in partitions(items[1:]):
            yield [[items[0]], *partition]
            for i, block in enumerate(partition):
                yield [*partition[:i], [items[0], *block], *partition[i + 1:]]

    return min(sum(len(block) - 1 for block in partition)
               for partition in partitions(amounts)
               if all(sum(block) == 0 for block in partition))


def balances_of(size: int):
    """Balances of up to `size` players summing to zero, with small amounts (so that groups
    of them sum to zero) as well as large ones, zeros and ids in any order."""
    amounts = st.lists(st.one_of(st.integers(-5, 5), st.integers(-10**9, 10**9)),
                       max_size=size - 1)
    return st.tuples(amounts, st.randoms(use_true_random=False)).map(_ids_for)


def _ids_for(drawn) -> dict[int, int]:
    amounts, random = drawn
    amounts = [*amounts, -sum(amounts)]
    ids = random.sample(range(1, 10 * len(amounts) + 1), len(amounts))
    return dict(zip(ids, amounts))


@settings(max_examples=examples(150), deadline=None)
@given(balances_of(EXACT_LIMIT + 5))
def test_payments_clear_every_balance_once_each_way(balances):
    payments = settle_up(balances)
    owing = sum(1 for cents in balances.values() if cents)
    assert cleared(balances, payments)
    assert all(cents > 0 for _, _, cents in payments)
    assert all(balances[payer] < 0 < balances[payee] for payer, payee, _ in payments)
    assert len(payments) <= max(owing - 1, 0)
    assert payments == sorted(payments)
    assert settle_up(dict(reversed(balances.items()))) == payments


@settings(max_examples=examples(300), deadline=None)
@given(balances_of(8))
def test_up_to_eight_balances_take_the_fewest_payments_a_brute_force_finds(balances):
    amounts = [cents for cents in balances.values() if cents]
    assert len(settle_up(balances)) == fewest_payments(amounts)


# The club's settle-up while money is held at a table (club_settle_up, for the page and the API).

@pytest.fixture
def reopened(django_user_model):
    """A pool with an entry of 7.00 that Athos won (a pot of 21.00), settled (Porthos and Aramis
    paid him 7.00 each), then re-opened by a correction of the hand that won it: its payout is
    reversed, and the pot holds 21.00 again, 7.00 put up by each player."""
    from club import ledger
    from club.models import Player
    from club.payments import record_payment
    from games.models import Hand
    from games.services.hands import correct_hand
    from tests.games.kit import pool, record_game_won_by, summary
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    table = pool(steward, pool_entry=700)
    athos, porthos, aramis = (Player.objects.get(name=n) for n in ("Athos", "Porthos", "Aramis"))
    record_game_won_by(table, athos, steward)
    record_game_won_by(table, athos, steward)
    for payer in (porthos, aramis):
        record_payment(payer=payer, payee=athos, cents=7_00, by=steward)
    last = Hand.objects.filter(table=table).order_by("-number").first()
    correct_hand(hand_id=last.pk, record=summary(0 if last.elder_id == athos.pk else 5),
                 by=steward)
    assert ledger.player_balance(athos) == -21_00
    return table, athos, porthos, aramis


@pytest.mark.django_db
def test_money_held_again_after_a_correction_is_counted_as_its_stakers(reopened):
    from club.settle_up import club_settle_up
    table, athos, porthos, aramis = reopened

    found = club_settle_up()

    # Balances: Athos 0.00 after the payments, less the payout of 21.00 reversed: -21.00.
    assert [(p.name, cents) for p, cents in found.balances] == [("Athos", -21_00)]
    # The pot's 21.00 counts as 7.00 of each player's: Athos -14.00, Porthos and Aramis 7.00.
    assert [(code, cents, [(p.name, c) for p, c in put]) for code, cents, put in found.held] == [
        (f"pot:table:{table.pk}", 21_00, [("Aramis", 7_00), ("Athos", 7_00), ("Porthos", 7_00)])]
    assert [(p.name, q.name, c) for p, q, c in found.suggested] == [
        ("Athos", "Aramis", 7_00), ("Athos", "Porthos", 7_00)]
    assert [(m.party.name, m.then, m.now) for m in found.since["moved"]] == [
        ("Athos", 0, -21_00)]
    assert found.since["corrected"] is True


@pytest.mark.django_db
def test_without_payments_nothing_moved_since_and_with_nothing_held_nothing_is_held(
        django_user_model):
    from club.payments import record_payment
    from club.players import create_player
    from club.settle_up import club_settle_up
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    athos, porthos = create_player(name="Athos"), create_player(name="Porthos")
    assert club_settle_up().since is None
    record_payment(payer=athos, payee=porthos, cents=3_00, by=steward)

    found = club_settle_up()

    assert found.held == [] and found.since is None  # only a payment since: nothing moved
    assert [(p.name, q.name, c) for p, q, c in found.suggested] == [("Porthos", "Athos", 3_00)]
