"""Bystanders' wagers (docs/rules.md, section 11) driven at random through the services, against
a model of the money written here from the rules alone.

A hypothesis state machine opens pools and rubbers in the English and the French style, and
members place, take and withdraw wagers, while the secretary records hands (summaries, or a
full deal still in progress), corrects earlier hands and abandons tables. The model predicts
whether each act on a wager is allowed and keeps its own record of every stake. After every
step:
- every ledger transaction balances, and the balances sum to zero;
- every account (each member's, the house's, each pot and each unit's escrow) holds what the
  model says: a unit's escrow holds exactly the stakes still held on it, nothing once the unit
  is decided or voided;
- the wager and take rows are the model's;
- settling each table afresh from its rebuilt course posts and reverses nothing.
A refused act must change nothing at all.

The course of play (who plays which unit, who wins it) comes from the engine's `Course`, fed
the hands the model itself recorded; none of the wagers' arithmetic is borrowed from the code
under test. The number of walks follows the Hypothesis profile (tests/hypothesis_profiles.py:
HYPOTHESIS_PROFILE=long for ten times as many), or WAGER_MACHINE_EXAMPLES; the steps in each are
WAGER_MACHINE_STEPS. The walks are the same on every run, and WAGER_MACHINE_RANDOM=1 draws fresh
ones.
"""
import os
import random
from collections import Counter
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from math import gcd

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.models import Max, Sum
from django.test import override_settings
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from club.errors import Refused
from club.models import Entry, Player, Transaction
from club.players import create_player
from games import courses
from games.api.wagers import stake_cents
from games.engine import EngineError
from games.engine.cards import PACK
from games.engine.course import Course, CourseHand, Setup
from games.models import Hand, Table, Wager, WagerTake
from games.services.hands import correct_hand, record_hand
from games.services.settlement import reconcile
from games.services.tables import abandon_table, open_table
from games.services.wagers import place_wager, take_wager, withdraw_wager
from tests.games.kit import summary
from tests.hypothesis_profiles import examples

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("WAGER_MACHINE_EXAMPLES", examples(50)))
STEPS = int(os.environ.get("WAGER_MACHINE_STEPS", "60"))

TALLY = Counter()  # what the acts came to, shown with -s

NAMES = ("Athos", "Porthos", "Aramis", "Dartagnan", "Charles", "Dora")
CEILING = 1_000_000_00  # docs/rules.md, section 11, Limits: no amount above 1,000,000.00


def cents_text(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def dealt(seed: int) -> dict:
    cards = random.Random(seed).sample(PACK, 11)
    return {"elder": cards[:5], "dealer": cards[5:10], "turn_up": cards[10]}


# A few deals, so that a deal is sometimes entered twice (and refused as a duplicate).
DEALS = [dealt(seed) for seed in range(4)]
# What the secretary enters: summaries of every kind of result, a hand still in progress (a full
# deal, no trick yet), and records the engine refuses.
RECORDS = (
    [summary(n) for n in range(6)] * 3
    + [summary(n, opening="played") for n in (0, 2, 3, 5)]
    + [{"deal": deal, "exchanges": [], "in_progress": True} for deal in DEALS[:2]]
    + [{"summary": {"opening": "exchanged", "king_turned": False,
                    "tricks": {"elder": 4, "dealer": 2}}}, "not a record"]
)

# A stake as it is sent, with the cents it means (None: not an amount at all).
VALID_STAKES = st.one_of(
    st.integers(1, 3000).map(lambda c: (cents_text(c), c)),
    st.integers(1, 40).map(lambda k: (str(k // 2) if k % 2 == 0 else cents_text(k * 50), k * 50)),
)
BAD_STAKES = st.sampled_from([
    ("0", 0), ("0.00", 0), ("0.05", 5), ("-1.00", None), ("1.001", None), ("ten", None),
    (" 1.00", None), ("1e2", None), ("", None), (5, None), (None, None), ("40.00", 4000),
])
# At the club's ceiling and past it: taken only where no wager_max nor credit limit is lower.
CEILING_STAKES = st.sampled_from([
    ("1000000.00", CEILING), ("1000000.01", CEILING + 1), ("999999.99", CEILING - 1),
    ("50000000000000000.00", 5 * 10**18), ("92233720368547758.07", 2**63 - 1),
])
STAKES = st.one_of(VALID_STAKES, VALID_STAKES, VALID_STAKES, BAD_STAKES, CEILING_STAKES)
# Odds as sent, with what they mean (None: not odds).
ODDS = st.one_of(
    st.just((None, (1, 1))),
    st.tuples(st.integers(1, 9), st.integers(1, 9)).map(lambda ab: (f"{ab[0]}:{ab[1]}", ab)),
    st.sampled_from([("0:1", None), ("1:0", None), ("2/1", None), ("1:1 ", None), ("a:b", None),
                     (2, None), ("", None)]),
    # Whose lays pass the ceiling from a stake of 1.01 (999999:1), or are fractions of a cent
    # for most stakes (7:3, 5:8).
    st.sampled_from([("999999:1", (999999, 1)), ("7:3", (7, 3)), ("5:8", (5, 8))]),
)

TABLES = st.fixed_dictionaries({
    "format": st.sampled_from(["pool", "pool", "rubber"]),
    "style": st.sampled_from(["english", "english", "french", "french", "none"]),
    "levy": st.sampled_from(["0", "5", "12.5"]),
    "entry": st.sampled_from([0, 0, 200]),
    "forfeit": st.sampled_from([0, 50]),
    "pool_unit": st.sampled_from(["game", "game", "rubber"]),
    "rubber_games": st.sampled_from([1, 3]),
    "least": st.sampled_from([10, 100]),
    "most": st.sampled_from([None, 2000]),
    "seating": st.permutations(range(len(NAMES))),
    "first_dealer": st.integers(0, 1),
})


def levy(winnings: int, percent: Decimal) -> int:
    """The house's share of a winning bet's winnings, rounded half up to the cent."""
    return int((Decimal(winnings) * percent / 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


@dataclass
class Bet:
    """The model's record of one wager."""
    pk: int
    table: int
    unit: int
    style: str
    bettor: int
    on: int
    stake: int
    odds: tuple
    takes: list = field(default_factory=list)  # (take pk, layer, stake, lay)
    matched: int = 0
    returned: int = 0
    status: str = "open"
    players: tuple = ()  # French: the unit's two players when the gallery was balanced

    @property
    def unmatched(self) -> int:
        return self.stake - self.matched - self.returned


class Tab:
    """The model's record of one table: its options, and its hands as entered, each
    [number, game, elder, dealer, record]."""

    def __init__(self, **options):
        self.pk, self.format, self.style = options["pk"], options["format"], options["style"]
        self.levy, self.entry, self.forfeit = options["levy"], options["entry"], options["forfeit"]
        self.least, self.most = options["least"], options["most"]
        self.seating, self.setup = options["seating"], options["setup"]
        self.hands, self.abandoned, self.played = [], False, None

    def __repr__(self) -> str:
        return f"<table {self.pk}: {self.format}, {self.style}>"

    def change(self, hands: list) -> None:
        self.hands, self.played = hands, None

    def course(self, hands=None) -> Course:
        """The course of play of these hands, or of the table's own (kept: not to be played
        on)."""
        if hands is None:
            if self.played is None:
                self.played = self.course(self.hands)
            return self.played
        course = Course(self.setup)
        for number, game, elder, dealer, record in hands:
            try:
                course.play(CourseHand(number, game, elder, dealer, record))
            except EngineError:
                pass  # set aside, as rebuilding the course does
        return course

    def playing(self, course: Course) -> bool:
        return not self.abandoned and not course.over


def started(course: Course, unit: int) -> bool:
    """Whether a hand of `unit` is in the course (docs/api.md: a unit starts with its first
    hand, or the first trick of it entered live)."""
    return any(game.hands for game in course.games if game.unit == unit)


def balance_gallery(bets: list[Bet], players: tuple) -> None:
    """docs/rules.md, section 11, French style: the two seated players' sides are balanced. The
    lighter side is matched in full, the heavier up to the lighter's total, the seated player's
    own bets on himself first and then in the order recorded; the rest is returned (so the most
    recent bets are returned first). A bet on anyone else matches nothing."""
    sides = {p: [b for b in bets if b.on == p] for p in players}
    lighter = min(sum(b.stake for b in side) for side in sides.values())
    for player, side in sides.items():
        room = lighter
        for bet in [b for b in side if b.bettor == player] + [b for b in side
                                                                if b.bettor != player]:
            bet.matched = min(bet.stake, room)
            room -= bet.matched
    for bet in bets:
        bet.returned += bet.stake - bet.matched - bet.returned
        bet.status, bet.players = "balanced", tuple(players)


def expected_books(tables: list[Tab], bets) -> dict:
    """Every account's balance, by code, as the rules make it from these tables' hands and
    these wagers, each as the model recorded it."""
    books = Counter()
    for tab in tables:
        course = tab.course()
        if tab.format == "pool":
            pool_money(tab, course, books)
        units = {}
        for bet in bets:
            if bet.table == tab.pk:
                units.setdefault(bet.unit, []).append(bet)
        for number, placed in units.items():
            unit_money(tab, course, number, placed, books)
    return {code: cents for code, cents in books.items() if cents}


def pool_money(tab: Tab, course: Course, books: Counter) -> None:
    """docs/rules.md, section 10: each player pays the entry, each loser of a unit the
    forfeit, and the winner takes the pot; an abandoned pool returns every stake."""
    paid = Counter()
    for player in tab.seating if tab.entry else ():
        paid[player] += tab.entry
    for unit in course.units if tab.forfeit else ():
        if unit.loser is not None:
            paid[unit.loser] += tab.forfeit
    for player, cents in paid.items():
        books[f"player:{player}"] -= cents
    if tab.abandoned:
        for player, cents in paid.items():
            books[f"player:{player}"] += cents
    elif course.over:
        books[f"player:{course.winner}"] += sum(paid.values())
    else:
        books[f"pot:table:{tab.pk}"] += sum(paid.values())


def unit_money(tab: Tab, course: Course, number: int, bets: list[Bet], books: Counter) -> None:
    """The stakes of one unit: held in its escrow while the unit is to be decided; then each
    wager is settled. A wager is void, every stake going back, when the unit is gone from the
    course, when it was abandoned with its table before it was decided (a unit decided before
    keeps its settlement), or when its backed player does not play the unit (a correction may
    take him out of it, and another bring him back: the stakes are then held again). A French
    gallery balanced between two players is void as a whole when they are no longer the unit's
    two players."""
    def put_up(bet: Bet, sign: int) -> None:
        """What the bettor and his layers have put up and not been given back."""
        books[f"player:{bet.bettor}"] += sign * (bet.stake - bet.returned)
        for _, layer, _, lay in bet.takes:
            books[f"player:{layer}"] += sign * lay

    for bet in bets:
        put_up(bet, -1)
    unit = course.units[number - 1] if number <= len(course.units) else None
    decided = unit is not None and unit.winner is not None
    for bet in bets:
        if (unit is None or not (decided or tab.playing(course))
                or bet.on not in unit.players
                or (bet.status == "balanced" and set(bet.players) != set(unit.players))):
            put_up(bet, +1)  # void
        elif not decided:
            books[f"escrow:table:{tab.pk}:unit:{number}"] += (
                bet.stake - bet.returned + sum(take[3] for take in bet.takes))
        elif bet.style == "english":
            won = bet.on == unit.winner
            for _, layer, stake, lay in bet.takes:
                books[f"player:{bet.bettor if won else layer}"] += stake + lay
            books[f"player:{bet.bettor}"] += bet.unmatched
        elif bet.status == "balanced":
            if bet.on == unit.winner and bet.matched:
                taken = levy(bet.matched, tab.levy)
                books[f"player:{bet.bettor}"] += 2 * bet.matched - taken
                books["house"] += taken
        else:  # never balanced (its player was out of the unit when it started): given back
            put_up(bet, +1)


class WagerMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        # Each example runs in a savepoint rolled back at its end: the next one starts afresh.
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.credit, self.steps, self.turn = None, 0, 0
        self.touched, self.checked = set(), 0  # the tables changed, the transactions checked
        users = get_user_model().objects
        self.staff = users.create_user("secretary", is_staff=True)
        self.users = [users.create_user(name.lower()) for name in NAMES]
        self.players = [create_player(name=name, username=user.username).pk
                        for name, user in zip(NAMES, self.users)]
        self.users = [users.get(pk=user.pk) for user in self.users]  # with .player
        self.tables: list[Tab] = []
        self.bets: dict[int, Bet] = {}

    def teardown(self):
        if self.credit is not None:
            self.credit.disable()
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    # -- the acts ------------------------------------------------------------------------
    def act(self, what: str, tab, allowed, call):
        """Calls the service for an act at the table `tab`. A refusal must change nothing, and
        the model must agree that the act is refused (when it has a view: `allowed` True or
        False)."""
        self.steps += 1
        before = self.fingerprint()
        try:
            done = call()
        except Refused as refused:
            assert self.fingerprint() == before, f"refused ({refused.code}) yet changed"
            assert allowed is not True, f"refused: {refused.code}: {refused.message}"
            TALLY[f"{what} refused: {refused.code}"] += 1
            return None
        assert allowed is not False, "done, but the rules refuse it"
        self.touched.add(tab.pk)
        TALLY[f"{what} done"] += 1
        return done

    def fingerprint(self):
        """What any act may change: the ledger and the links of its postings (which only grow),
        the wagers, the hands and the tables."""
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT (SELECT count(*) FROM club_transaction), (SELECT max(id) FROM "
                "club_transaction), (SELECT count(*) FROM club_entry), (SELECT max(id) FROM "
                "club_entry), (SELECT count(*) FROM club_account), (SELECT count(*) FROM "
                "games_movement), (SELECT count(*) FROM games_wagertake), (SELECT count(*) "
                "FROM games_hand), (SELECT count(*) FROM games_handversion)")
            counts = cursor.fetchone()
        return (counts, list(Wager.objects.order_by("pk").values_list(
                    "pk", "stake", "matched", "returned", "status")),
                list(Hand.objects.order_by("pk").values_list("pk", "version")),
                list(Table.objects.order_by("pk").values_list("pk", "status", "seq")))

    def member(self, data):
        """Anyone: one of the members, or the secretary (who is no player)."""
        return data.draw(st.sampled_from(self.users + [self.staff]), label="by")

    def player_of(self, user) -> int | None:
        return self.players[self.users.index(user)] if user in self.users else None

    def balance(self, player: int) -> int:
        return self.expected().get(f"player:{player}", 0)

    def within_credit(self, player: int, cents: int) -> bool:
        limit = self.credit_limit
        return limit is None or self.balance(player) - cents >= -limit

    def table(self, data) -> Tab:
        return data.draw(st.sampled_from(self.tables), label="table")

    @initialize(config=TABLES, limit=st.sampled_from([None, 2500]),
                abandon_after=st.integers(10, 2 * STEPS))
    def open_first_table(self, config, limit, abandon_after):
        self.abandon_after = abandon_after
        self.credit_limit = limit
        self.credit = override_settings(CREDIT_LIMIT=limit)
        self.credit.enable()
        self.open_table(config)

    @precondition(lambda self: len(self.tables) < 2 or (
        len(self.tables) < 4 and not self.playing()))
    @rule(config=TABLES)
    def open_table(self, config):
        seats = 3 if config["format"] == "pool" else 2
        seated = [self.players[i] for i in config["seating"][:seats]]
        pool = config["format"] == "pool"  # a rubber has no pot: its stakes are 0.00
        rules = {"pool_entry": cents_text(config["entry"] if pool else 0),
                 "pool_forfeit": cents_text(config["forfeit"] if pool else 0),
                 "levy_percent": config["levy"], "wager_min": cents_text(config["least"]),
                 "wager_max": None if config["most"] is None else cents_text(config["most"]),
                 "rubber_games": config["rubber_games"]}
        if config["format"] == "pool":
            rules["pool_unit"] = config["pool_unit"]
        table = open_table(name=f"T{len(self.tables) + 1}", format=config["format"],
                           players=[Player.objects.get(pk=p) for p in seated], rules=rules,
                           by=self.staff, wager_style=config["style"],
                           first_dealer=Player.objects.get(pk=seated[config["first_dealer"]]))
        setup = Setup(kind=config["format"], players=tuple(seated),
                      first_dealer=seated[config["first_dealer"]], rules=table.rules)
        self.tables.append(Tab(
            pk=table.pk, format=config["format"], style=config["style"],
            levy=Decimal(config["levy"]), entry=config["entry"] if pool else 0,
            forfeit=config["forfeit"] if pool else 0, least=config["least"],
            most=config["most"], seating=tuple(seated), setup=setup))
        self.touched.add(table.pk)

    def open_for_wagers(self) -> list[Tab]:
        """The tables whose current unit takes wagers now."""
        return [t for t in self.tables if t.style != "none" and t.playing(t.course())
                and not started(t.course(), t.course().unit.number)]

    def open_offers(self) -> list[Bet]:
        return [b for b in self.bets.values() if b.style == "english" and b.status == "open"
                and b.unmatched and any(t.pk == b.table for t in self.open_for_wagers())]

    def tab(self, pk: int) -> Tab:
        return next(t for t in self.tables if t.pk == pk)

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

    def place(self, tab: Tab, user, on: int, stake, odds) -> Bet | None:
        (text, cents), (odds_text, ab) = stake, odds
        bettor = self.player_of(user)
        course = tab.course()
        unit = course.unit
        english = tab.style == "english"
        allowed = (
            bettor is not None and tab.style != "none" and tab.playing(course)
            and not started(course, unit.number) and on in unit.players
            and (bettor not in unit.players or (not english and bettor == on))
            and (english or odds_text is None)
            and cents is not None and tab.least <= cents <= CEILING
            and (tab.most is None or cents <= tab.most)
            and ab is not None and cents * ab[0] % ab[1] == 0
            and cents * ab[0] <= CEILING * ab[1]  # what the layers would put up in all
            and self.within_credit(bettor, cents))
        wager = self.act("place", tab, allowed, lambda: place_wager(
            table_id=tab.pk, by=user, on=on, stake=stake_cents(text), odds=odds_text))
        if wager is not None:
            self.bets[wager.pk] = Bet(pk=wager.pk, table=tab.pk, unit=unit.number,
                                      style=tab.style, bettor=bettor, on=on, stake=cents,
                                      odds=ab)
            return self.bets[wager.pk]
        return None

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

    def started_units(self) -> list[Tab]:
        """The tables in play that take wagers, whose current unit has started."""
        return [t for t in self.tables if t.style != "none" and t.playing(t.course())
                and started(t.course(), t.course().unit.number)]

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

    def english_open(self) -> list[Tab]:
        return [t for t in self.open_for_wagers() if t.style == "english"]

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

    def take(self, bet: Bet | None, user, stake) -> None:
        text, cents = stake
        layer = self.player_of(user)
        allowed = False
        if bet is not None:
            tab = self.tab(bet.table)
            course = tab.course()
            a, b = bet.odds
            allowed = (
                layer is not None and bet.style == "english" and tab.playing(course)
                and not started(course, course.unit.number)
                and bet.status == "open" and bet.unit == course.unit.number
                and bet.on in course.unit.players
                and layer != bet.bettor and layer not in course.unit.players
                and cents is not None and cents <= CEILING
                and (cents == bet.unmatched or (
                    tab.least <= cents and (tab.most is None or cents <= tab.most)))
                and 0 < cents <= bet.unmatched and cents * a % b == 0
                and self.within_credit(layer, cents * a // b))
        wager_id = bet.pk if bet is not None else 10**9
        taken = self.act("take", bet and self.tab(bet.table), allowed,
                         lambda: take_wager(wager_id=wager_id, by=user,
                                            stake=stake_cents(text)))
        if taken is not None:
            bet.takes.append((taken.pk, layer, cents, cents * bet.odds[0] // bet.odds[1]))
            bet.matched += cents

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

    def enter(self, tab: Tab, record, by) -> None:
        course = tab.course(tab.hands)  # a copy: the new hand is tried on it
        unit, starting = course.unit, not started(course, course.unit.number)
        deal = record.get("deal") if isinstance(record, dict) else None
        new = [len(tab.hands) + 1, course.game.number, course.elder, course.dealer, record]
        allowed = (
            by.is_staff and tab.playing(course) and course.hand_in_progress is None
            and (deal is None or all(h[4].get("deal") != deal for h in tab.hands
                                     if isinstance(h[4], dict))))
        if allowed:
            try:
                course.play(CourseHand(*new))
            except EngineError:
                allowed = False
        done = self.act("record", tab, allowed,
                        lambda: record_hand(table_id=tab.pk, record=record, by=by))
        if done is None:
            return
        tab.change(tab.hands + [new])
        if starting and tab.style != "none":
            self.start_unit(tab, unit.number, unit.players)

    def start_unit(self, tab: Tab, unit: int, players: tuple) -> None:
        """docs/rules.md, section 11: when the unit's first card is played, what is unmatched
        of the English offers lapses and the French gallery is balanced."""
        open_bets = [b for b in sorted(self.bets.values(), key=lambda b: b.pk)
                     if b.table == tab.pk and b.unit == unit and b.status == "open"
                     and b.on in players]  # one on anyone else is void, given back already
        if tab.style == "french":
            balance_gallery(open_bets, players)
            return
        for bet in open_bets:  # an offer taken in full stands as matched; nothing lapses
            bet.status = "lapsed" if bet.unmatched else "matched"
            bet.returned += bet.unmatched

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

    @staticmethod
    def unit_ends(tab: Tab) -> list[int]:
        """The numbers of the hands that decided a unit."""
        course = tab.course()
        return [game.hands[-1][0] for game in course.games
                if game.hands and game.winner is not None
                and course.units[game.unit - 1].winner == game.winner
                and game is [g for g in course.games if g.unit == game.unit][-1]]

    @precondition(lambda self: any(t.course().hand_in_progress for t in self.tables))
    @rule(data=st.data(), elder_tricks=st.integers(0, 5))
    def finish(self, data, elder_tricks):
        """The hand in progress ends: the secretary enters its outcome."""
        tab = data.draw(st.sampled_from([t for t in self.tables
                                         if t.course().hand_in_progress]), label="table")
        self.correct_hand(tab, tab.course().hand_in_progress - 1, summary(elder_tricks))

    def correct_hand(self, tab: Tab, index: int, record) -> None:
        corrected = [list(h) for h in tab.hands]
        corrected[index][4] = record
        course = Course(tab.setup)
        allowed = True
        for i, hand in enumerate(corrected):
            try:
                placed = course.play(CourseHand(*hand))
            except EngineError:
                if i == index:
                    allowed = False
                    break
                continue
            if i == index and placed is None:
                allowed = False  # the hand has no place at the table any more
                break
        pk = Hand.objects.get(table_id=tab.pk, number=index + 1).pk
        done = self.act("correct", tab, allowed,
                        lambda: correct_hand(hand_id=pk, record=record, by=self.staff))
        if done is not None:
            tab.change(corrected)

    def playing(self) -> list[Tab]:
        return [t for t in self.tables if t.playing(t.course())]

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

    # -- what the model says the books hold ---------------------------------------------
    def expected(self) -> dict:
        return expected_books(self.tables, self.bets.values())

    # -- the invariants -------------------------------------------------------------------
    @invariant()
    def the_books_are_the_models(self):
        self.turn += 1  # a step is done: some rules are open only on some turns
        TALLY["steps"] += 1
        self.every_transaction_balances()
        self.every_account_holds_what_the_rules_say()
        self.the_rows_are_the_models()
        self.settling_afresh_changes_nothing()
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


def test_wagers_keep_every_cent_through_any_course_of_play():
    run_state_machine_as_test(WagerMachine, settings=settings(
        max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None,
        # The same walks on every run, unless WAGER_MACHINE_RANDOM asks for fresh ones.
        derandomize=not os.environ.get("WAGER_MACHINE_RANDOM"),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]))
    print(f"{EXAMPLES} examples: {TALLY.pop('steps')} steps;", sorted(TALLY.items()))
