"""Bystanders' wagers (docs/rules.md, section 11) driven at random through the services, against
a model of the money written from the rules alone (tests/games/wager_kit.py).

A hypothesis state machine opens pools and rubbers in the English and the French style, and
members place, take and withdraw wagers, while the secretary records hands (summaries, or a
full deal still in progress), corrects earlier hands and abandons tables. The model predicts
whether each act on a wager is allowed and keeps its own record of every stake (the acts are in
tests/games/wager_acts.py; the rules that choose them are here). After every step:
- every ledger transaction balances, and the balances sum to zero;
- every account (each member's, the house's, each pot and each unit's escrow) holds what the
  model says: a unit's escrow holds exactly the stakes still held on it, nothing once the unit
  is decided or voided;
- the wager and take rows are the model's;
- reconciling each table's postings afresh from its rebuilt course posts and reverses nothing.
A refused act must change nothing at all.

The number of walks follows the Hypothesis profile (tests/hypothesis_profiles.py:
HYPOTHESIS_PROFILE=long for ten times as many), or WAGER_MACHINE_EXAMPLES; the steps in each are
WAGER_MACHINE_STEPS. The walks are the same on every run, and WAGER_MACHINE_RANDOM=1 draws fresh
ones.
"""
import os
from math import gcd

import pytest
from django.db import transaction
from django.db.models import Max, Sum
from django.test import override_settings
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from club.models import Entry, Transaction
from games import courses
from games.models import Hand, Table, Wager, WagerTake
from games.selectors.wagers import reckoning, reckonings, unit_played
from games.services.hands import correct_hand
from games.services.settlement import reconcile
from games.services.tables import abandon_table
from games.services.wagers import withdraw_wager
from tests.games.kit import summary
from tests.games.wager_acts import TALLY, WagerActs
from tests.games.wager_kit import (
    NAMES,
    ODDS,
    RECORDS,
    STAKES,
    TABLES,
    Bet,
    Tab,
    cents_text,
    started,
)
from tests.hypothesis_profiles import examples

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

EXAMPLES = int(os.environ.get("WAGER_MACHINE_EXAMPLES", examples(50)))
STEPS = int(os.environ.get("WAGER_MACHINE_STEPS", "60"))


class WagerMachine(WagerActs):
    """The rules that choose each act and who makes it, and the invariants checked after each
    step."""

    def __init__(self):
        super().__init__()
        self.turn, self.checked = 0, 0  # the steps done, the transactions checked

    def member(self, data):
        """Anyone: one of the members, or the secretary (who is no player)."""
        return data.draw(st.sampled_from(self.users + [self.staff]), label="by")

    def table(self, data) -> Tab:
        return data.draw(st.sampled_from(self.tables), label="table")

    @initialize(config=TABLES, limit=st.sampled_from([None, 2500]),
                abandon_after=st.integers(10, 2 * STEPS))
    def open_first_table(self, config, limit, abandon_after):
        self.abandon_after = abandon_after
        self.credit_limit = limit
        self.credit = override_settings(CREDIT_LIMIT=limit)
        self.credit.enable()
        self.open(config)

    @precondition(lambda self: len(self.tables) < 2 or (
        len(self.tables) < 4 and not self.playing()))
    @rule(config=TABLES)
    def open_table(self, config):
        self.open(config)

    @precondition(lambda self: self.turn % 3 == 0)
    @rule(data=st.data(), stake=STAKES, odds=ODDS)
    def place_anything(self, data, stake, odds):
        """Anyone backs anyone at any table, with any stake and odds."""
        tab, user = self.table(data), self.member(data)
        on = data.draw(st.sampled_from(self.players), label="on")
        if tab.style == "french" and data.draw(st.booleans(), label="no odds"):
            odds = (None, (1, 1))
        self.place(tab, user, on, stake, odds)

    @precondition(lambda self: self.open_for_wagers())
    @rule(data=st.data())
    def place_wagers(self, data):
        """A few bystanders (or in the French style seated players backing themselves) back
        the two players of a unit open for wagers, within the table's limits; English offers
        are taken by others at once, in part or in full, or not."""
        tab = data.draw(st.sampled_from(self.open_for_wagers()), label="table")
        playing = tab.course().unit.players
        for _ in range(data.draw(st.integers(1, 3), label="wagers")):
            on = data.draw(st.sampled_from(playing), label="on")
            may = [u for u, p in zip(self.users, self.players)
                   if p not in playing or (tab.style == "french" and p == on)]
            user = data.draw(st.sampled_from(may), label="by")
            odds = (None, (1, 1))
            if tab.style == "english":  # now and then odds given as "", which are not 1:1
                odds = data.draw(st.one_of(st.just(odds), st.just(odds),
                                           ODDS.filter(lambda o: o[1]), st.just(("", None))),
                                 label="odds")
            step = odds[1][1] if odds[1] else 1
            least = -(-tab.least // step)
            top = max(least, (tab.most or 3000) // step)
            cents = step * data.draw(st.integers(least, top), label="stake")
            bet = self.place(tab, user, on, (cents_text(cents), cents), odds)
            for _ in range(data.draw(st.integers(0, 2), label="takes") if bet else 0):
                if bet.style == "english" and bet.unmatched:
                    self.take_offer(data, bet)

    @precondition(lambda self: self.bets and self.turn % 3 == 1)
    @rule(data=st.data(), stake=STAKES)
    def take_anything(self, data, stake):
        """Anyone takes any wager (or one that does not exist), for any stake."""
        bet = data.draw(st.sampled_from([*self.bets.values(), None]), label="wager")
        self.take(bet, self.member(data), stake)

    @precondition(lambda self: self.open_offers())
    @rule(data=st.data())
    def take_an_offer(self, data):
        """A bystander takes an open offer."""
        self.take_offer(data, data.draw(st.sampled_from(self.open_offers()), label="wager"))

    def take_offer(self, data, bet: Bet) -> None:
        """A bystander takes the rest of the offer, a part of it, or more than is left."""
        playing = self.tab(bet.table).course().unit.players
        may = [u for u, p in zip(self.users, self.players)
               if p not in playing and p != bet.bettor]
        user = data.draw(st.sampled_from(may), label="by")
        rest, step = bet.unmatched, bet.odds[1]
        stake = data.draw(st.one_of(
            st.just(rest),
            st.integers(1, max(1, rest // step)).map(lambda k: k * step),
            st.integers(1, rest),  # its lay may be a fraction of a cent
            st.integers(rest + 1, rest + 500)), label="stake")
        self.take(bet, user, (cents_text(stake), stake))

    def bystander(self, data, tab: Tab, but: int | None = None):
        """A member who does not play the table's current unit (nor is `but`)."""
        playing = tab.course().unit.players
        return data.draw(st.sampled_from([u for u, p in zip(self.users, self.players)
                                          if p not in playing and p != but]), label="by")

    @precondition(lambda self: self.credit_limit is not None and self.open_for_wagers())
    @rule(data=st.data(), off=st.sampled_from([-1, 0, 0, 1]))
    def stake_at_the_credit_limit(self, data, off):
        """A bystander stakes what leaves his balance at exactly minus the credit limit, or a
        cent either side of it (docs/rules.md, section 11, Limits: at the limit is allowed)."""
        tab = data.draw(st.sampled_from(self.open_for_wagers()), label="table")
        user = self.bystander(data, tab)
        cents = max(0, self.balance(self.player_of(user)) + self.credit_limit + off)
        on = data.draw(st.sampled_from(tab.course().unit.players), label="on")
        self.place(tab, user, on, (cents_text(cents), cents), (None, (1, 1)))

    @precondition(lambda self: self.credit_limit is not None and self.english_open())
    @rule(data=st.data(), odds=st.sampled_from([(5, 2), (3, 1), (7, 3)]), past=st.booleans())
    def lay_at_the_credit_limit(self, data, odds, past):
        """A bystander offers at odds against; another takes the most of it that his credit
        allows on what he would lay, or the next take whose lay is whole cents, past it. The
        layer's credit is checked on his lay, not on the backer's stake he matches: with a
        limit of 25.00, a take of 10.02 at 5:2 is within it, its lay of 25.05 is not."""
        tab = data.draw(st.sampled_from(self.english_open()), label="table")
        playing = tab.course().unit.players
        rooms = {u: self.balance(p) + self.credit_limit
                 for u, p in zip(self.users, self.players) if p not in playing}
        a, b = odds
        step = b // gcd(a, b)  # the stakes whose lay is whole cents are its multiples
        backer = max(rooms, key=rooms.get)
        stake = min(rooms[backer], tab.most or 3000) // step * step
        on = data.draw(st.sampled_from(playing), label="on")
        bet = self.place(tab, backer, on, (cents_text(stake), stake), (f"{a}:{b}", odds))
        if bet is None:
            return
        layer = self.bystander(data, tab, but=bet.bettor)
        room = rooms[layer]
        take = max(1, room * b // (a * step) + past) * step
        self.take(bet, layer, (cents_text(take), take))

    @precondition(lambda self: self.open_for_wagers())
    @rule(data=st.data())
    def seated_player_wagers(self, data):
        """A seated player backs himself or his adversary (ruling 32: in the French style he
        may back himself, in the English style nobody seated wagers)."""
        tab = data.draw(st.sampled_from(self.open_for_wagers()), label="table")
        playing = tab.course().unit.players
        bettor = data.draw(st.sampled_from(playing), label="bettor")
        on = data.draw(st.sampled_from(playing), label="on")
        cents = max(tab.least, 100)
        self.place(tab, self.users[self.players.index(bettor)], on, (cents_text(cents), cents),
                   (None, (1, 1)))

    @precondition(lambda self: self.started_units())
    @rule(data=st.data())
    def wager_on_a_started_unit(self, data):
        """A bystander offers a wager, good in every other way, on a unit that has started,
        such as a rubber between two of its games (section 11: wagers close when the unit
        starts, and stay closed until the next unit)."""
        tab = data.draw(st.sampled_from(self.started_units()), label="table")
        on = data.draw(st.sampled_from(tab.course().unit.players), label="on")
        cents = max(tab.least, 100)
        self.place(tab, self.bystander(data, tab), on, (cents_text(cents), cents),
                   (None, (1, 1)))

    @precondition(lambda self: self.bets)
    @rule(data=st.data())
    def withdraw(self, data):
        """A member withdraws a wager: mostly his own, sometimes another's."""
        bet = data.draw(st.sampled_from([*self.bets.values(), None]), label="wager")
        own = data.draw(st.integers(0, 3), label="own") > 0
        user = (self.users[self.players.index(bet.bettor)] if own and bet is not None
                else self.member(data))
        allowed = False
        if bet is not None:
            tab = self.tab(bet.table)
            course = tab.course()
            allowed = (
                self.player_of(user) == bet.bettor and tab.playing(course)
                and not started(course, course.unit.number)
                and bet.unit == course.unit.number and bet.on in course.unit.players
                and bet.status == "open" and bet.unmatched > 0)
        wager_id = bet.pk if bet is not None else 10**9
        done = self.act("withdraw", bet and self.tab(bet.table), allowed,
                        lambda: withdraw_wager(wager_id=wager_id, by=user))
        if done is not None:
            bet.returned += bet.unmatched
            bet.status = "withdrawn"

    @precondition(lambda self: self.playing()
                  and (self.turn % 3 == 0 or not self.open_for_wagers()))
    @rule(data=st.data(), record=st.sampled_from(RECORDS))
    def record(self, data, record):
        """The secretary enters the next hand of a table in play (less often while wagers are
        open, so that more are made), or the outcome of a hand in progress."""
        tab = data.draw(st.sampled_from(self.playing()), label="table")
        live = tab.course().hand_in_progress
        if live and data.draw(st.booleans(), label="finish it"):
            self.correct_hand(tab, live - 1, summary(data.draw(st.integers(0, 5))))
        else:
            self.enter(tab, record, self.staff)

    @precondition(lambda self: self.turn % 5 == 2)
    @rule(data=st.data(), record=st.sampled_from(RECORDS))
    def outsider(self, data, record):
        """A member who is no scorer may not enter, correct or abandon anything."""
        tab, by = self.table(data), self.users[data.draw(st.integers(0, len(NAMES) - 1))]
        self.enter(tab, record, by)
        if tab.hands:
            pk = Hand.objects.get(table_id=tab.pk, number=len(tab.hands)).pk
            self.act("correct", tab, False, lambda: correct_hand(hand_id=pk, record=record, by=by))
        self.act("abandon", tab, False, lambda: abandon_table(table_id=tab.pk, by=by))

    @precondition(lambda self: any(t.hands for t in self.tables))
    @rule(data=st.data(), record=st.sampled_from(RECORDS))
    def correct(self, data, record):
        """The secretary corrects any earlier hand of a table, to any record."""
        tab = data.draw(st.sampled_from([t for t in self.tables if t.hands]), label="table")
        index = data.draw(st.integers(0, len(tab.hands) - 1), label="hand")
        self.correct_hand(tab, index, record)

    @precondition(lambda self: any(self.unit_ends(t) for t in self.tables))
    @rule(data=st.data(), elder_tricks=st.integers(0, 5))
    def correct_a_units_end(self, data, elder_tricks):
        """The secretary corrects the hand that decided a unit: its winner may change, or it
        may be undecided again, and what follows set aside."""
        tab = data.draw(st.sampled_from([t for t in self.tables if self.unit_ends(t)]),
                        label="table")
        number = data.draw(st.sampled_from(self.unit_ends(tab)), label="hand")
        self.correct_hand(tab, number - 1, summary(elder_tricks))

    @precondition(lambda self: any(t.course().hand_in_progress for t in self.tables))
    @rule(data=st.data(), elder_tricks=st.integers(0, 5))
    def finish(self, data, elder_tricks):
        """The hand in progress ends: the secretary enters its outcome."""
        tab = data.draw(st.sampled_from([t for t in self.tables
                                         if t.course().hand_in_progress]), label="table")
        self.correct_hand(tab, tab.course().hand_in_progress - 1, summary(elder_tricks))

    @precondition(lambda self: self.steps >= self.abandon_after and self.turn % 4 == 3
                  and self.playing())
    @rule(data=st.data())
    def abandon(self, data):
        """The secretary abandons a table (only after a while, or nothing else would be
        played)."""
        tab = data.draw(st.sampled_from(self.playing()), label="table")
        allowed = True
        if self.act("abandon", tab, allowed,
                    lambda: abandon_table(table_id=tab.pk, by=self.staff)):
            tab.abandoned = True

    # -- the invariants -------------------------------------------------------------------
    @invariant()
    def the_books_are_the_models(self):
        self.turn += 1  # a step is done: some rules are open only on some turns
        TALLY["steps"] += 1
        self.every_transaction_balances()
        self.every_account_holds_what_the_rules_say()
        self.the_rows_are_the_models()
        self.settling_afresh_changes_nothing()
        self.every_face_reckons_as_the_settlement()
        self.touched.clear()

    def every_transaction_balances(self):
        new = Transaction.objects.filter(pk__gt=self.checked)
        unbalanced = (Entry.objects.filter(transaction__in=new).values("transaction_id")
                      .annotate(total=Sum("amount")).exclude(total=0))
        assert not unbalanced.exists(), list(unbalanced)
        assert (Entry.objects.aggregate(total=Sum("amount"))["total"] or 0) == 0
        assert not new.filter(movement__isnull=True).exists()
        assert not new.filter(made_by__isnull=True).exists()
        self.checked = Transaction.objects.aggregate(last=Max("pk"))["last"] or 0

    def every_account_holds_what_the_rules_say(self):
        held = {code: cents for code, cents in Entry.objects.values_list("account__code")
                .annotate(total=Sum("amount")).values_list("account__code", "total") if cents}
        assert held == self.expected()

    def the_rows_are_the_models(self):
        rows = list(Wager.objects.order_by("pk").values_list(
            "pk", "table_id", "unit_number", "style", "bettor_id", "on_id", "stake",
            "odds_for", "odds_against", "matched", "returned", "status"))
        assert rows == [(b.pk, b.table, b.unit, b.style, b.bettor, b.on, b.stake, *b.odds,
                         b.matched, b.returned, b.status) for b in self.bets.values()]
        takes = list(WagerTake.objects.order_by("pk").values_list(
            "pk", "wager_id", "layer_id", "stake", "lay"))
        assert takes == sorted((t[0], b.pk, *t[1:]) for b in self.bets.values()
                               for t in b.takes)
        for tab in self.tables:
            if tab.pk not in self.touched:
                continue
            hands = list(Hand.objects.filter(table_id=tab.pk).order_by("number").values_list(
                "number", "game_number", "elder_id", "dealer_id", "record"))
            assert hands == [tuple(h) for h in tab.hands]
            status = Table.objects.values_list("status", flat=True).get(pk=tab.pk)
            assert status == ("abandoned" if tab.abandoned else "won" if tab.course().over
                              else "playing")

    def settling_afresh_changes_nothing(self):
        """Only a table changed by the step can have anything to settle."""
        for tab in self.tables:
            if tab.pk not in self.touched:
                continue
            before = Transaction.objects.count()
            with transaction.atomic():
                table = Table.objects.get(pk=tab.pk)
                reconcile(table, courses.course_of(table), by=self.staff)
                after = Transaction.objects.count()
                transaction.set_rollback(True)
            assert after == before, f"settling table {tab.pk} afresh posted {after - before}"


    def every_face_reckons_as_the_settlement(self):
        """The lists of many tables' wagers (the admin, the CSV, a member's page) reckon each
        wager from the stored unit rows; the settlement and the table's own pages from the
        course. One outcome: both readings agree on every wager of a changed table."""
        for tab in self.tables:
            if tab.pk not in self.touched:
                continue
            table = Table.objects.get(pk=tab.pk)
            course = courses.course_of(table)
            wagers = list(Wager.objects.filter(table=table).select_related("table")
                          .prefetch_related("takes"))
            listed = reckonings(wagers)
            for wager in wagers:
                assert listed[wager.pk] == reckoning(
                    table, unit_played(table, course, wager.unit_number), wager), wager.pk


def test_wagers_keep_every_cent_through_any_course_of_play():
    run_state_machine_as_test(WagerMachine, settings=settings(
        max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None,
        # The same walks on every run, unless WAGER_MACHINE_RANDOM asks for fresh ones.
        derandomize=not os.environ.get("WAGER_MACHINE_RANDOM"),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))
    print(f"{EXAMPLES} examples: {TALLY.pop('steps')} steps;", sorted(TALLY.items()))
