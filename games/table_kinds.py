"""The kinds of table (a table's `format` field: pool, rubber, trois, quatre) and the course of
play of each: an à trois or à quatre table's in the shape of games.engine.course.

`course_for(setup)` gives the course of a kind of table: the two-handed `Course` for a pool
or a rubber, else a `TroisCourse` (games.engine.trois_game.TroisGame) or a `QuatreCourse`
(games.engine.quatre.QuatreMatch). Both offer what games.courses, record_hand, the snapshot and
the projection read of a `Course`: the games and the unit, who is elder and dealer in the hand
to come, `play`, `placed`, `over`, `winner` and the hand in progress (a hand entered card by
card, which keeps the deal until it is finished). A table's `Hand.elder` and `Hand.dealer` are
those two seats; the engine names the others. Each game of either counts one game
(docs/rules.md, rulings 66 and 67: its `value`); à trois the game is a `TroisCourseGame`,
which keeps the scores at the end of its three-handed phase and the order of finish.
"""
from dataclasses import dataclass

from .engine import quatre, trois
from .engine.course import Course, CourseGame, CourseUnit, Setup, agreeing
from .engine.quatre import QuatreMatch
from .engine.trois_game import TroisGame

MANY_HANDED = ("trois", "quatre")
SEATS_OF_KIND = {"trois": trois.SEATS, "quatre": quatre.SEATS}  # in the order of play
# The options of a pool only (docs/rules.md, section 10): its unit, the streak that takes it,
# the entry and the forfeit (games.services.tables.STAKES, refused at a rubber).
POOL_OPTIONS = ("pool_unit", "pool_streak", "pool_entry", "pool_forfeit")
GAME_VALUE = 1  # what a finished game à trois or à quatre counts


@dataclass
class TroisCourseGame(CourseGame):
    """The game à trois: with each player's score when its winner reached the target and
    withdrew (`withdrew_at`, None until then), and the order of finish, the winner first."""
    withdrew_at: dict | None = None
    order: tuple = ()


def seats_of(kind: str, seating, elder, dealer) -> dict:
    """{seat: player} of a hand à trois or à quatre ("trois" or "quatre": `kind`) whose elder
    and dealer are known: each player sits at the left of the one before him in `seating`,
    and the seats follow the elder in the order of play."""
    seating = list(seating)
    start = seating.index(elder)
    seats = {seat: seating[(start + i) % len(seating)]
             for i, seat in enumerate(SEATS_OF_KIND[kind])}
    return seats | {"dealer": dealer}


def course_for(setup: Setup):
    """A new course of play for the table's kind."""
    if setup.kind == "trois":
        return TroisCourse(setup)
    if setup.kind == "quatre":
        return QuatreCourse(setup)
    return Course(setup)


class _ManyCourse:
    """What the two forms share."""

    observer = None
    streak = None

    def __init__(self, setup: Setup):
        self.setup = setup
        self.rules = setup.rules
        self.games: list[CourseGame] = []
        self.units = [CourseUnit(number=1, players=tuple(setup.players),
                                 games=dict.fromkeys(setup.players, 0))]
        self.set_aside: list = []
        self.seated: dict = {}  # hand key -> (elder, dealer)
        self.marked_to: dict = {}  # hand key -> {whom the result's marks name: [player ids]}
        self.winner = None
        self.last = None  # (key, result) of the hand played last

    @property
    def hand_in_progress(self):
        """The key of the last hand if it is still being played, else None: a king mark that
        ends the game before play ends the hand too."""
        if self.last and self.last[1].get("in_progress") and not self.last[1].get("game_over"):
            return self.last[0]
        return None

    @property
    def game(self) -> CourseGame:
        return self.games[-1]

    @property
    def unit(self) -> CourseUnit:
        return self.units[-1]

    @property
    def played(self) -> bool:
        return bool(self.seated or self.set_aside)

    @property
    def elder(self):
        return self.roles_next().get("elder")

    @property
    def dealer(self):
        return self.roles_next().get("dealer")

    def seats(self) -> dict:
        return {"elder": self.elder, "dealer": self.dealer, "observer": None}

    def seating(self, record) -> tuple:
        """(elder, dealer) of the next hand: the course's own, for no record à trois or à quatre
        may say that the deal was out of turn (the engine refuses it)."""
        return self.elder, self.dealer

    def placed(self, key):
        for game in self.games:
            for number, result in game.hands:
                if number == key:
                    return game, result
        return None, None

    def play(self, hand):
        """Applies one hand and returns its result, or sets it aside (None) when the course
        has no place for it. Raises EngineError if the record is rejected; the course is then
        unchanged."""
        if self.over or hand.game != self.game.number or (hand.elder, hand.dealer) != (
                self.elder, self.dealer) or self.hand_in_progress is not None:
            self.set_aside.append((hand.key, "the hand no longer fits the table's course"))
            return None
        marked_to = self._marked_to()
        result = self._play(agreeing(hand.record, self.rules))
        self.game.hands.append((hand.key, result))
        self.seated[hand.key] = (hand.elder, hand.dealer)
        self.marked_to[hand.key] = marked_to
        self.last = (hand.key, result)
        self._after(result)
        return result


class TroisCourse(_ManyCourse):
    """A game à trois: one game, one unit; the table is won once all three are placed."""

    def __init__(self, setup: Setup):
        super().__init__(setup)
        self.engine = TroisGame(setup.players, setup.first_dealer, target=self.rules["target"],
                                rules={"ranking": self.rules["ranking"]})
        self.games.append(TroisCourseGame(number=1, unit=1, players=tuple(setup.players),
                                          target=self.rules["target"],
                                          score=dict(self.engine.score)))

    @property
    def over(self) -> bool:
        return self.engine.over

    @property
    def order(self) -> list:
        """The players placed so far, the winner first."""
        return list(self.engine.order)

    def roles_next(self) -> dict:
        return self.engine.seats()

    def _marked_to(self) -> dict:
        return {seat: [player] for seat, player in self.engine.seats().items()}

    def _play(self, record: dict) -> dict:
        return self.engine.play(record)

    def _after(self, result: dict) -> None:
        self.game.score = dict(self.engine.score)
        self.game.withdrew_at = self.engine.withdrew_at
        self.game.order = tuple(self.engine.order)
        if self.engine.over:
            first, second, last = self.engine.order
            self.game.winner, self.game.loser = first, last
            self.game.value = GAME_VALUE
            self.unit.winner, self.unit.loser = first, last
            self.unit.games[first] = 1
            self.winner = first


class QuatreCourse(_ManyCourse):
    """A match à quatre: two games and, if needed, la belle. The table has no single winner:
    the winning side is in `side_won`."""

    def __init__(self, setup: Setup):
        super().__init__(setup)
        self.engine = QuatreMatch(setup.players, setup.first_dealer, target=self.rules["target"])
        self.side_won = None
        self._new_game()

    def _new_game(self) -> None:
        self.games.append(CourseGame(number=len(self.games) + 1, unit=1,
                                     players=tuple(self.setup.players),
                                     target=self.rules["target"],
                                     score=dict.fromkeys(self.setup.players, 0)))

    @property
    def over(self) -> bool:
        return self.engine.winner is not None

    def roles_next(self) -> dict:
        return {} if self.over else self.engine.seats()

    def _marked_to(self) -> dict:
        return {side: list(pair) for side, pair in self.engine.sides().items()}

    def _play(self, record: dict) -> dict:
        self._sides = self.engine.sides()
        rules = dict(record.get("rules") or {}, ranking=self.rules["ranking"])
        return self.engine.play(dict(record, rules=rules))

    def _after(self, result: dict) -> None:
        game = self.game
        for side, pair in self._sides.items():
            game.score |= dict.fromkeys(pair, game.score[pair[0]] + result["points"][side])
        if not result["game_over"]:
            return
        pair = self._sides[result["winner"]]
        other = next(p for p in self.engine.partnerships if p != pair)
        game.winner, game.loser, game.value = pair, other, GAME_VALUE
        for partner in pair:
            self.unit.games[partner] += 1
        if self.over:
            self.side_won = list(pair)
            self.unit.winner, self.unit.loser = pair, other
        else:
            self._new_game()
