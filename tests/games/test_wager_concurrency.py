"""Wagers from real threads, each with its own database connection, against PostgreSQL: the
table's row lock and the wager's keep every cent in its place when members place, take and
withdraw at once while the secretary records hands. The stakes are checked against the model of
the wager machine (tests/games/wager_kit.py), fed what each thread saw done."""
import random
import threading
import time
from collections import Counter
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Sum

from club.errors import Refused
from club.models import Entry, Transaction
from club.players import create_player
from games import courses
from games.engine.course import Setup
from games.models import Hand, Table, Wager, WagerTake
from games.services.hands import record_hand
from games.services.settlement import reconcile
from games.services.tables import open_table
from games.services.wagers import place_wager, take_wager, withdraw_wager
from tests.games.kit import at_once, balance_of, summary
from tests.games.wager_kit import Bet, Tab, balance_gallery, expected_books, started

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="row locks between connections need PostgreSQL"),
]

ROUNDS = 12


@pytest.fixture
def club():
    """The secretary; Athos, Porthos and Aramis, who sit down; Charles, Dora, Emile and Fanny,
    who wager. Everyone but the secretary has a login linked to his player."""
    users = get_user_model().objects
    members = {}
    for name in ("Athos", "Porthos", "Aramis", "Charles", "Dora", "Emile", "Fanny"):
        create_player(name=name, username=users.create_user(name.lower()).username)
        members[name.lower()] = users.get(username=name.lower())
    return SimpleNamespace(secretary=users.create_user("secretary", is_staff=True), **members)


def open_pool(club, style: str, name: str = "T", **rules) -> Table:
    """Athos and Porthos play the first unit, Porthos dealing; Aramis observes."""
    seated = [club.athos.player, club.porthos.player, club.aramis.player]
    return open_table(name=name, format="pool", players=seated, rules=rules, by=club.secretary,
                      wager_style=style, first_dealer=seated[1])


def escrow(table: Table, unit: int) -> int:
    rows = Entry.objects.filter(account__code=f"escrow:table:{table.pk}:unit:{unit}")
    return rows.aggregate(total=Sum("amount"))["total"] or 0


def assert_balanced_books():
    unbalanced = (Entry.objects.values("transaction_id").annotate(total=Sum("amount"))
                  .exclude(total=0))
    assert not unbalanced.exists(), list(unbalanced)
    assert (Entry.objects.aggregate(total=Sum("amount"))["total"] or 0) == 0


def test_two_members_taking_the_rest_of_an_offer_at_once_get_it_once(club):
    table = open_pool(club, "english")
    athos = club.athos.player
    for _ in range(ROUNDS):
        wager = place_wager(table_id=table.pk, by=club.charles, on=athos.pk, stake=10_00)
        take_wager(wager_id=wager.pk, by=club.dora, stake=4_00)
        answers = at_once(
            lambda: take_wager(wager_id=wager.pk, by=club.emile, stake=6_00),
            lambda: take_wager(wager_id=wager.pk, by=club.fanny, stake=6_00))
        assert sorted(type(answer).__name__ for answer in answers) == ["Refused", "WagerTake"]
        wager.refresh_from_db()
        assert wager.matched == wager.stake == 1000
        assert sorted(wager.takes.values_list("stake", flat=True)) == [400, 600]
    assert_balanced_books()
    assert escrow(table, 1) == ROUNDS * 2000
    assert (balance_of(club.charles), balance_of(club.dora)) == (ROUNDS * -1000, ROUNDS * -400)
    assert balance_of(club.emile) + balance_of(club.fanny) == ROUNDS * -600


def test_a_take_racing_the_first_hand_is_matched_before_it_or_lapses(club):
    athos = club.athos.player
    matched = 0
    for round_ in range(ROUNDS):
        table = open_pool(club, "english", name=f"T{round_}")
        wager = place_wager(table_id=table.pk, by=club.charles, on=athos.pk, stake=10_00)
        took, recorded = at_once(
            lambda: take_wager(wager_id=wager.pk, by=club.dora, stake=10_00),
            lambda: record_hand(table_id=table.pk, record=summary(3), by=club.secretary))
        assert isinstance(recorded, tuple), recorded  # the hand is always recorded
        wager.refresh_from_db()
        if isinstance(took, WagerTake):  # taken before the unit started: held, none returned
            assert list(wager.takes.values_list("stake", "lay")) == [(1000, 1000)]
            assert (wager.status, wager.matched, wager.returned) == ("matched", 1000, 0)
            assert escrow(table, 1) == 2000
            matched += 1
        else:  # the unit started first: the offer lapsed, its stake returned, nothing taken
            assert isinstance(took, Refused), took
            assert not wager.takes.exists()
            assert (wager.status, wager.matched, wager.returned) == ("lapsed", 0, 1000)
            assert escrow(table, 1) == 0
    assert_balanced_books()
    assert (balance_of(club.charles), balance_of(club.dora)) == (matched * -1000, matched * -1000)


@pytest.mark.parametrize("style", ["english", "french"])
def test_a_wager_placed_as_the_unit_starts_is_closed_with_it_or_refused(club, style):
    """An offer or a bet recorded just before the unit's first hand lapses or is balanced with
    the others; one that comes after is refused. None stays open on a started unit."""
    athos = club.athos.player
    for round_ in range(ROUNDS):
        table = open_pool(club, style, name=f"T{round_}")
        placed, recorded = at_once(
            lambda: place_wager(table_id=table.pk, by=club.charles, on=athos.pk,
                                stake=10_00),
            lambda: record_hand(table_id=table.pk, record=summary(3), by=club.secretary))
        assert isinstance(recorded, tuple), recorded
        if isinstance(placed, Wager):  # closed when the unit started: nobody on the other side
            placed.refresh_from_db()
            status = "lapsed" if style == "english" else "balanced"
            assert (placed.status, placed.matched, placed.returned) == (status, 0, 1000)
        else:
            assert isinstance(placed, Refused) and placed.code == "wagers_closed", placed
        assert not Wager.objects.filter(table=table, status="open").exists()
        assert escrow(table, 1) == 0
    assert balance_of(club.charles) == 0
    assert_balanced_books()


@pytest.mark.parametrize("style", ["english", "french"])
def test_members_wagering_at_once_while_hands_are_recorded_keep_every_cent(club, style):
    """Five members place, take and withdraw wagers at random while the secretary records a
    pool's hands. Afterwards every account holds what the rules make of what was done, the
    wagers are the model's, and reconciling the table's postings afresh changes nothing."""
    table = open_pool(club, style, levy_percent=500, pool_entry=200, pool_forfeit=50,
                      pool_streak=3)
    seated = [club.athos.player.pk, club.porthos.player.pk, club.aramis.player.pk]
    done = []  # what each thread saw done, in no particular order
    over = threading.Event()

    def bettor(user, seed):
        rng = random.Random(seed)
        while not over.is_set():
            try:
                act = rng.random()
                if act < 0.5:
                    odds = (rng.choice([None, (2, 1), (1, 2), (5, 2)]) if style == "english"
                            else None)
                    stake = rng.choice([100, 250, 500, 1000])
                    wager = place_wager(table_id=table.pk, by=user, on=rng.choice(seated),
                                        stake=stake, odds=odds)
                    done.append(("place", wager.pk, user.player.pk, wager.on_id, wager.stake,
                                 odds, wager.unit_number))
                elif act < 0.85:
                    # Only offers with something left: taking nothing is a known bug
                    # (test_wager_corrections.py, test_taking_nothing_of_a_fully_matched_offer_...).
                    offers = [w for w in Wager.objects.filter(
                        table=table, status="open", style="english").exclude(bettor=user.player)
                        if w.unmatched]
                    if not offers:
                        continue
                    offer = rng.choice(offers)
                    rest = offer.unmatched
                    stake = rest if rng.random() < 0.5 or rest < 400 else rest // 4 * 2
                    take = take_wager(wager_id=offer.pk, by=user, stake=stake)
                    done.append(("take", take.pk, offer.pk, user.player.pk, stake))
                else:
                    own = list(Wager.objects.filter(table=table, status="open",
                                                    bettor=user.player))
                    if own:
                        wager = withdraw_wager(wager_id=rng.choice(own).pk, by=user)
                        done.append(("withdraw", wager.pk))
            except Refused:
                time.sleep(0.005)

    def scorer():
        """Records the pool's hands, pausing before each unit's first hand so that wagers are
        made on it."""
        rng = random.Random(0)
        try:
            for _ in range(500):  # not before a first wager is placed
                if Wager.objects.filter(table=table).exists():
                    break
                time.sleep(0.01)
            for _ in range(60):
                current = Table.objects.get(pk=table.pk)
                if current.status != Table.Status.PLAYING:
                    return
                course = courses.course_of(current)
                time.sleep(0.01 if started(course, course.unit.number) else 0.25)
                record_hand(table_id=table.pk, record=summary(rng.choice([0, 2, 3, 5])),
                            by=club.secretary)
        finally:
            over.set()

    members = [club.charles, club.dora, club.emile, club.fanny, club.aramis]
    answers = at_once(scorer, *[lambda u=u, i=i: bettor(u, i) for i, u in enumerate(members)])
    assert answers == [None] * len(answers)  # nothing but refusals was raised
    kinds = Counter(act[0] for act in done)
    assert kinds["place"] and Hand.objects.filter(table=table).exists()

    model = model_of(table, done)
    held = {code: cents for code, cents in Entry.objects.values_list("account__code")
            .annotate(total=Sum("amount")).values_list("account__code", "total") if cents}
    assert held == expected_books([model.tab], model.bets.values())
    assert list(Wager.objects.order_by("pk").values_list(
        "pk", "unit_number", "bettor_id", "on_id", "stake", "matched", "returned", "status")) == [
        (b.pk, b.unit, b.bettor, b.on, b.stake, b.matched, b.returned, b.status)
        for b in sorted(model.bets.values(), key=lambda b: b.pk)]
    assert list(WagerTake.objects.order_by("pk").values_list("pk", "stake", "lay")) == sorted(
        (take[0], take[2], take[3]) for b in model.bets.values() for take in b.takes)
    assert_balanced_books()
    before = Transaction.objects.count()
    with transaction.atomic():
        reconcile(Table.objects.get(pk=table.pk), courses.course_of(table), by=club.secretary)
        assert Transaction.objects.count() == before
        transaction.set_rollback(True)


def model_of(table: Table, done: list) -> SimpleNamespace:
    """The model's table and wagers after these acts: its hands as recorded, each wager as
    placed and taken; withdrawn before any take that was not yet made (none can follow), and
    when its unit started, lapsed (English) or balanced (French) with the unit's others."""
    table.refresh_from_db()
    seating = tuple(table.seating)
    tab = Tab(pk=table.pk, format="pool", style=table.wager_style,
              levy=table.levy, entry=table.rules["pool_entry"],
              forfeit=table.rules["pool_forfeit"],
              least=table.rules["wager_min"], most=None, seating=seating,
              setup=Setup(kind="pool", players=seating, first_dealer=seating[1],
                          rules=table.rules))
    tab.change([list(row) for row in Hand.objects.filter(table=table).order_by("number")
                .values_list("number", "game_number", "elder_id", "dealer_id", "record")])
    tab.abandoned = False
    bets = {}
    for kind, pk, *rest in sorted((a for a in done if a[0] == "place"), key=lambda a: a[1]):
        bettor, on, stake, odds, unit = rest
        bets[pk] = Bet(pk=pk, table=table.pk, unit=unit, style=table.wager_style,
                       bettor=bettor, on=on, stake=stake, odds=odds or (1, 1))
    for _, pk, wager, layer, stake in sorted(a for a in done if a[0] == "take"):
        bet = bets[wager]
        bet.takes.append((pk, layer, stake, stake * bet.odds[0] // bet.odds[1]))
        bet.matched += stake
    for _, pk in (a for a in done if a[0] == "withdraw"):
        bets[pk].returned, bets[pk].status = bets[pk].unmatched, "withdrawn"
    course = tab.course()
    for unit in course.units:
        if not started(course, unit.number):
            continue
        still = [b for b in sorted(bets.values(), key=lambda b: b.pk)
                 if b.unit == unit.number and b.status == "open"]
        if tab.style == "french":
            balance_gallery(still, unit.players)
        for bet in still if tab.style == "english" else ():  # taken in full: matched
            bet.status = "lapsed" if bet.unmatched else "matched"
            bet.returned = bet.unmatched
    return SimpleNamespace(tab=tab, bets=bets)
