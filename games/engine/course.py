"""The course of play at a table (docs/rules.md, section 10): games, rubbers and pools.

Pure Python like the rest of the engine. A table's whole state is a fold of its hands in
order: `Course(setup)` starts it, `course.play(hand)` applies one hand. Playing the current
versions of a table's hands again always rebuilds the same state, so a correction anywhere
simply rebuilds the table's course.
"""
from dataclasses import dataclass, field

from .cards import PACK, VALUE, parse_card
from .errors import EngineError
from .record import read, score
from .rules import DEFAULTS, HAND_OPTIONS, RETOURNE
from .scoring import most_marked

SHAPE_ERRORS = frozenset(("bad_json", "unknown_field", "bad_format"))
TURN_UP_VALUE = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 9, "8": 8, "7": 7}


def agreeing(record, rules: dict):
    """The record, once it is known to be an object whose `rules` agree with the table's
    `rules`: a record that gives another value of a table option is refused."""
    if type(record) is not dict:
        raise EngineError("bad_format", "not_object")
    given = record.get("rules")
    if given is not None and type(given) is not dict:
        raise EngineError("bad_format", "rules_not_object", "rules")
    for key, value in (given or {}).items():
        if key in rules and value != rules[key]:
            raise EngineError("bad_format", "rules_differ", f"rules.{key}", key=key,
                              value=value, table=rules[key])
    return record


@dataclass(frozen=True)
class Setup:
    kind: str  # the kind of table: "pool" or "rubber"
    players: tuple  # a pool: three ids in sitting-down order; a rubber: two
    first_dealer: object
    rules: dict  # the table options of docs/rules.md, defaults filled in


@dataclass(frozen=True)
class CourseHand:
    """One hand as the table recorded it: who sat where, in which game, and the record."""
    key: object
    game: int
    elder: object
    dealer: object
    record: dict


@dataclass
class CourseGame:
    """A game as the course plays it (the database keeps finished ones as `Game` rows)."""
    number: int
    unit: int
    players: tuple
    target: object = None  # None until the first turn-up of a retourne game
    score: dict = field(default_factory=dict)
    hands: list = field(default_factory=list)  # (key, result) in order
    winner: object = None
    loser: object = None
    value: int = 0


@dataclass
class CourseUnit:
    """A unit (a game or a rubber) between the two seated players, as the course plays it."""
    number: int
    players: tuple
    games: dict = field(default_factory=dict)  # games won by each player
    winner: object = None
    loser: object = None
    value: int = 0


class Course:
    def __init__(self, setup: Setup):
        self.setup = setup
        self.rules = setup.rules
        self.games: list[CourseGame] = []
        self.units: list[CourseUnit] = []
        self.set_aside: list = []  # (key, reason): hands a correction left without a place
        self.seated: dict = {}  # hand key -> (elder, dealer), of each hand that counts
        self.streak = None  # (player, units won in succession)
        self.winner = None  # of the pool or the rubber table
        playing = tuple(setup.players[:2])
        self.observer = setup.players[2] if setup.kind == "pool" else None
        self._new_unit(playing)
        self._new_game(dealer=setup.first_dealer)

    # -- what the next hand looks like --------------------------------------------------
    @property
    def game(self) -> CourseGame:
        return self.games[-1]

    @property
    def unit(self) -> CourseUnit:
        return self.units[-1]

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def played(self) -> bool:
        """Whether any hand was played, or set aside, at the table."""
        return bool(self.seated or self.set_aside)

    def seats(self) -> dict:
        return {"elder": self.elder, "dealer": self.dealer, "observer": self.observer}

    def seating(self, record) -> tuple:
        """(elder, dealer) of the next hand as its record has it: the course's seats, or the
        other way round when the record says that the player whose turn it was not dealt, and
        his deal stood once the trump was turned (docs/rules.md, ruling 94)."""
        if _declares(record, "dealt_out_of_turn"):
            return self.dealer, self.elder
        return self.elder, self.dealer

    def context(self, record: dict) -> dict:
        """The record as the engine must score it at this table now: the table's rules, the
        game score in roles, and the target (a retourne game takes it from this hand)."""
        record = dict(agreeing(record, DEFAULTS | self.rules))
        given = record.get("rules")
        record["rules"] = {k: self.rules[k] for k in HAND_OPTIONS if k in self.rules} | (
            given or {})
        elder, dealer = self.seating(record)
        score_before = {"elder": self.game.score[elder], "dealer": self.game.score[dealer]}
        if record.get("score_before", score_before) != score_before:
            raise EngineError("bad_format", "score_before_differs", "score_before",
                              score=score_before)
        record["score_before"] = score_before
        if "target_card" in record and (self.rules["target"] != "retourne_random"
                                        or self.game.target is not None):
            raise EngineError("bad_format", "target_card_not_random", "target_card")
        target = self.game.target or self._retourne_target(record)
        if target is not None:
            if record.get("target", target) != target:
                raise EngineError("bad_format", "target_differs", "target", target=target)
            record["target"] = target
        return record

    def _retourne_target(self, record: dict) -> int | None:
        """The target set by the first hand of a retourne game: the value of its turn-up, or of
        the card turned at random before the game (`target_card`, ruling 93). None for a
        replayed hand that gives no such card: a void hand sets no target (ruling 30 of
        docs/rules.md), so it need not name one."""
        if self.rules["target"] == "retourne_random":
            turn_up, where = record.get("target_card"), "target_card"
            needs = "needs_target_card"
        elif "deal" in record and type(record["deal"]) is dict:
            turn_up, where = record["deal"].get("turn_up"), "deal.turn_up"
            needs = "needs_turn_up"
        else:
            summary = record.get("summary")
            turn_up = summary.get("turn_up") if type(summary) is dict else None
            where = "summary.turn_up"
            needs = "needs_turn_up"
        card = parse_card(turn_up)
        if card is None and turn_up is None and _declares(record, "replay"):
            return None
        if card is None:
            try:  # a fault of the record's shape comes first (docs/hand-record.md, Errors)
                read({"target": 5, **record})
            except EngineError as err:
                if err.code in SHAPE_ERRORS or err.at == "target_card":
                    raise
            raise EngineError("bad_format", needs, where)
        return TURN_UP_VALUE[card[0]]

    # -- playing a hand -----------------------------------------------------------------
    def play(self, hand: CourseHand) -> dict | None:
        """Applies one hand and returns its result, or sets it aside (returning None) when
        the table's course no longer has a place for it. Raises EngineError if the record
        is rejected; the course is then unchanged. A hand's seats are those `seating` gives
        its record; a deal out of turn that stood is followed by the other player's."""
        if self.over or hand.game != self.game.number or (hand.elder, hand.dealer) != (
                self.seating(hand.record)) or self.hand_in_progress is not None:
            self.set_aside.append((hand.key, "the hand no longer fits the table's course"))
            return None
        record = self.context(hand.record)
        result = score(record)
        game = self.game
        game.hands.append((hand.key, result))
        self.seated[hand.key] = (hand.elder, hand.dealer)
        if result["void"]:
            return result  # the player whose turn it is deals again
        game.target = record["target"]
        self.elder, self.dealer = hand.elder, hand.dealer  # the deal stood
        for role in ("elder", "dealer"):
            game.score[getattr(self, role)] = result["score_after"][role]
        if result["game_over"]:
            self._end_game(getattr(self, result["winner"]))
        elif not result.get("in_progress"):
            self.elder, self.dealer = self.dealer, self.elder
        return result

    def placed(self, key):
        """The game in which the hand `key` counts, and its result; (None, None) if it has
        no place in the course."""
        for game in self.games:
            for number, result in game.hands:
                if number == key:
                    return game, result
        return None, None

    @property
    def hand_in_progress(self):
        """The key of the game's last hand if it is still being played, else None."""
        hands = self.game.hands
        if hands and hands[-1][1].get("in_progress") and not self.over:
            return hands[-1][0]
        return None

    # -- the course -----------------------------------------------------------------------
    def _new_unit(self, playing: tuple) -> None:
        self.units.append(CourseUnit(number=len(self.units) + 1, players=playing,
                               games={p: 0 for p in playing}))

    def _new_game(self, dealer) -> None:
        playing = self.unit.players
        target = self.rules["target"]
        self.games.append(CourseGame(number=len(self.games) + 1, unit=self.unit.number,
                               players=playing, target=None if target in RETOURNE else target,
                               score={p: 0 for p in playing}))
        self.dealer = dealer
        self.elder = playing[0] if playing[1] == dealer else playing[1]

    def _end_game(self, winner) -> None:
        game, unit = self.game, self.unit
        loser = next(p for p in game.players if p != winner)
        game.winner, game.loser = winner, loser
        game.value = game_value(self.rules["game_value"], game.score[loser], game.target)
        unit.games[winner] += 1
        needed = self.rules["rubber_games"] // 2 + 1 if self._unit_is_rubber() else 1
        if unit.games[winner] < needed:
            self._new_game(dealer=loser)  # in a rubber, the loser deals first in the next
            return
        unit.winner, unit.loser = winner, loser
        unit.value = sum(g.value for g in self.games if g.unit == unit.number
                         and g.winner == winner)
        if self.setup.kind == "rubber":
            self.winner = winner
            return
        count = self.streak[1] + 1 if self.streak and self.streak[0] == winner else 1
        self.streak = (winner, count)
        if count >= self.rules["pool_streak"]:
            self.winner = winner
            return
        incoming, self.observer = self.observer, loser  # the loser rises
        self._new_unit((winner, incoming))
        self._new_game(dealer=incoming)  # the incoming player deals first

    def _unit_is_rubber(self) -> bool:
        return self.setup.kind == "rubber" or self.rules["pool_unit"] == "rubber"


def _declares(record, type_: str) -> bool:
    """Whether the record has an irregularity of type `type_` (a `replay`, a deal out of turn),
    before it is checked."""
    irregularities = record.get("irregularities") if type(record) is dict else None
    return type(irregularities) is list and any(
        type(entry) is dict and entry.get("type") == type_ for entry in irregularities)


def may_end_game(score: dict, target: int | None, rules: dict) -> bool:
    """Whether the next hand of a game at `score` ({player: points}) may end it: a player may
    reach the `target` with the most one hand can mark (section 7). A game to the retourne
    whose target is not set yet (None) plays to the value of a card, 7 at the least."""
    least = target if target is not None else min(TURN_UP_VALUE.values())
    return any(points + most_marked(rules) >= least for points in score.values())


def game_value(style: str, loser_score: int, target: int) -> int:
    """docs/rules.md, section 10: single, or graded by the loser's score (treble, double, single,
    the thresholds scaled to the target: 0, then up to 40 %, then the rest)."""
    if style == "single":
        return 1
    if loser_score == 0:
        return 3
    return 2 if loser_score * 5 <= target * 2 else 1


def cut_for_deal(players, rng, ranking: str = "classic") -> tuple:
    """docs/rules.md, section 10: each player cuts a card and the highest, in the table's ranking,
    deals; equal ranks cut again. Returns the dealer and the rounds,
    [[(player, card), ...], ...]."""
    value = VALUE[ranking]
    rounds = []
    while True:
        cards = rng.sample(PACK, len(players))
        rounds.append([[player, card] for player, card in zip(players, cards)])
        ranks = [value[card] for card in cards]
        best = max(ranks)
        if ranks.count(best) == 1:
            return players[ranks.index(best)], rounds
