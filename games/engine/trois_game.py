"""The game of Écarté à trois (docs/rules.md, section 12).

The three play to the target. The first to reach it wins and withdraws; the other two finish
the game as two-handed Écarté (`ecarte-hand/1` records), keeping their scores, for second and
third place. The deal passes to the left, past a player who has withdrawn.
"""
from .errors import EngineError
from .record import score
from .trois import TARGET, score_trois


class TroisGame:
    """A game à trois as a fold of its hands: `TroisGame(players, first_dealer)`, then
    `play(record)` for each hand in order."""

    def __init__(self, players, first_dealer, target: int = TARGET, rules=None):
        players = tuple(players)
        if len(set(players)) != 3 or first_dealer not in players:
            raise ValueError("a game à trois needs three players, one of whom deals first")
        self.players = players  # in sitting order: each sits at the left of the one before
        self.target = target
        self.rules = dict(rules or {})
        self.score = dict.fromkeys(players, 0)
        self.dealer = first_dealer  # who deals the next hand
        self.order = []  # the players placed so far, the winner first
        self.withdrew_at = None  # the scores when the winner reached the target, then withdrew
        self.hands = []  # (seats, result) of each hand, in order

    @property
    def over(self) -> bool:
        return len(self.order) == 3

    @property
    def in_play(self) -> tuple:
        """The players still in the game, in sitting order."""
        return tuple(p for p in self.players if p not in self.order)

    @property
    def three_handed(self) -> bool:
        return not self.order

    def _left(self, player):
        """The next player at the left of `player` who is still in the game."""
        i = self.players.index(player)
        return next(p for p in (self.players[(i + 1) % 3], self.players[(i + 2) % 3])
                    if p in self.in_play)

    def seats(self) -> dict:
        """Who plays in which role in the next hand; empty once the game is over."""
        if self.over:
            return {}
        elder = self._left(self.dealer)
        if self.three_handed:
            return {"elder": elder, "middle": self._left(elder), "dealer": self.dealer}
        return {"elder": elder, "dealer": self.dealer}

    def play(self, record) -> dict:
        """Scores the next hand, an `ecarte-trois/1` record while three play, then an
        `ecarte-hand/1` record; returns its result. Raises EngineError if the record is
        rejected; the game is then unchanged. A hand in progress marks its king only, and the
        same dealer deals the next hand once it is finished, unless a king mark ended the
        game."""
        if self.over:
            raise EngineError("after_game_end", "all_placed")
        seats = self.seats()
        record = self._context(record, seats)
        out = score_trois(record) if self.three_handed else score(record)
        self.hands.append((seats, out))
        if out.get("void"):
            return out  # the same dealer deals again
        for role, player in seats.items():
            self.score[player] = out["score_after"][role]
        if out["game_over"]:
            if not self.order:  # the end of the three-handed phase
                self.withdrew_at = dict(self.score)
            self.order.append(seats[out["winner"]])
            if len(self.order) == 2:
                self.order.append(self.in_play[0])
        if not self.over and (out["game_over"] or not out.get("in_progress")):
            self.dealer = self._left(self.dealer)
        return out

    def _context(self, record, seats: dict) -> dict:
        """The record with the game's score, target and rules; a record that gives them
        otherwise is refused."""
        if type(record) is not dict:
            raise EngineError("bad_format", "not_object")
        given = {"score_before": {role: self.score[p] for role, p in seats.items()},
                 "target": self.target}
        if self.rules:
            given["rules"] = self.rules
        for key, value in given.items():
            if record.get(key, value) != value:
                raise EngineError("bad_format", "record_differs", key, key=key, value=value)
        return record | given
