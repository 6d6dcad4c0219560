"""The model of bystanders' wagers (docs/rules.md, sections 10 and 11), written from the rules
alone, for the wager machine (test_wager_machine.py, wager_acts.py) and the wagers made at once
(test_wager_concurrency.py): the model's record of a wager (`Bet`) and of a table (`Tab`, whose
course of play comes from the engine's `Course`, fed the hands the model recorded), the French
gallery balanced, and every account's balance as the rules make it (`expected_books`); none of
the wagers' arithmetic is borrowed from the code under test. And what the machine's members
send, as Hypothesis strategies: stakes, odds, tables and records."""
import random
from collections import Counter
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

from hypothesis import strategies as st

from games.engine import EngineError
from games.engine.cards import PACK
from games.engine.course import Course, CourseHand
from tests.games.kit import summary

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
    "levy": st.sampled_from([0, 500, 1250]),  # hundredths of a percent: 0, 5 and 12.5 %
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
