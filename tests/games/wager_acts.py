"""What the wager machine (test_wager_machine.py) acts on, below its rules: `WagerActs`, a
state machine without rules that seats a club in a savepoint (a secretary and six members, each
with his player), keeps the model's record of its tables and wagers (tests/games/wager_kit.py),
and makes each act through the services: opening a table, placing, taking, entering and
correcting a hand. Each act is checked against the model's prediction of whether the rules
allow it, and a refused act must change nothing at all."""
from collections import Counter
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from hypothesis.stateful import RuleBasedStateMachine

from club.errors import Refused
from club.models import Player
from club.players import create_player
from games.api.wagers import odds_of, stake_cents
from games.engine import EngineError
from games.engine.course import Course, CourseHand, Setup
from games.models import Hand, Table, Wager
from games.services.hands import correct_hand, record_hand
from games.services.tables import open_table
from games.services.wagers import place_wager, take_wager
from tests.games.wager_kit import (
    CEILING,
    NAMES,
    Bet,
    Tab,
    balance_gallery,
    expected_books,
    started,
)

TALLY = Counter()  # what the acts came to, shown with -s


class WagerActs(RuleBasedStateMachine):
    """The club, the model's record of it, and the acts; test_wager_machine.py's machine adds
    the rules that choose them and the invariants."""

    def __init__(self):
        super().__init__()
        # Each example runs in a savepoint rolled back at its end: the next one starts afresh.
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.credit, self.credit_limit, self.steps = None, None, 0
        self.touched = set()  # the tables changed by the step
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

    # -- the model's view --------------------------------------------------------------------
    def player_of(self, user) -> int | None:
        return self.players[self.users.index(user)] if user in self.users else None

    def expected(self) -> dict:
        """What the model says the books hold."""
        return expected_books(self.tables, self.bets.values())

    def balance(self, player: int) -> int:
        return self.expected().get(f"player:{player}", 0)

    def within_credit(self, player: int, cents: int) -> bool:
        limit = self.credit_limit
        return limit is None or self.balance(player) - cents >= -limit

    def tab(self, pk: int) -> Tab:
        return next(t for t in self.tables if t.pk == pk)

    def playing(self) -> list[Tab]:
        return [t for t in self.tables if t.playing(t.course())]

    def open_for_wagers(self) -> list[Tab]:
        """The tables whose current unit takes wagers now."""
        return [t for t in self.tables if t.style != "none" and t.playing(t.course())
                and not started(t.course(), t.course().unit.number)]

    def english_open(self) -> list[Tab]:
        return [t for t in self.open_for_wagers() if t.style == "english"]

    def started_units(self) -> list[Tab]:
        """The tables in play that take wagers, whose current unit has started."""
        return [t for t in self.tables if t.style != "none" and t.playing(t.course())
                and started(t.course(), t.course().unit.number)]

    def open_offers(self) -> list[Bet]:
        return [b for b in self.bets.values() if b.style == "english" and b.status == "open"
                and b.unmatched and any(t.pk == b.table for t in self.open_for_wagers())]

    @staticmethod
    def unit_ends(tab: Tab) -> list[int]:
        """The numbers of the hands that decided a unit."""
        course = tab.course()
        return [game.hands[-1][0] for game in course.games
                if game.hands and game.winner is not None
                and course.units[game.unit - 1].winner == game.winner
                and game is [g for g in course.games if g.unit == game.unit][-1]]

    # -- the acts ------------------------------------------------------------------------
    def open(self, config: dict) -> None:
        """The secretary opens a table of TABLES's `config` (tests/games/wager_kit.py)."""
        seats = 3 if config["format"] == "pool" else 2
        seated = [self.players[i] for i in config["seating"][:seats]]
        pool = config["format"] == "pool"  # a rubber has no pot: its stakes are 0.00
        rules = {"pool_entry": config["entry"] if pool else 0,
                 "pool_forfeit": config["forfeit"] if pool else 0,
                 "levy_percent": config["levy"], "wager_min": config["least"],
                 "wager_max": config["most"],
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
            levy=Decimal(config["levy"]) / 100, entry=config["entry"] if pool else 0,
            forfeit=config["forfeit"] if pool else 0, least=config["least"],
            most=config["most"], seating=tuple(seated), setup=setup))
        self.touched.add(table.pk)

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
            table_id=tab.pk, by=user, on=on, stake=stake_cents(text), odds=odds_of(odds_text)))
        if wager is not None:
            self.bets[wager.pk] = Bet(pk=wager.pk, table=tab.pk, unit=unit.number,
                                      style=tab.style, bettor=bettor, on=on, stake=cents,
                                      odds=ab)
            return self.bets[wager.pk]
        return None


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

