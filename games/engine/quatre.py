"""Écarté à quatre (docs/rules.md, section 13): the record `ecarte-quatre/1`, its checks, its
score and the match.

    score_quatre(record) -> result dict (docs/hand-record.md), raises EngineError
    QuatreMatch(players, first_dealer, target=7): two games and, if needed, la belle

Four seats in playing order: the elder (at the dealer's left), the second, the third and the
dealer. Partners sit opposite: the elder and the third are the elder's side, the second and the
dealer the dealer's side. The sides score as the two players of the two-handed game do, so a
checked hand is scored by the two-handed scorer, each side in the place of its player.
"""
from .errors import EngineError
from .hand import CheckedHand
from .irregularities import Players
from .many import SUMMARY_KEYS, Form, read
from .scoring import result

FORMAT = "ecarte-quatre/1"
RESULT_FORMAT = "ecarte-quatre-result/1"
SEATS = ("elder", "second", "third", "dealer")
SIDES = ("elder_side", "dealer_side")
SIDE_OF = {"elder": "elder_side", "second": "dealer_side", "third": "elder_side",
           "dealer": "dealer_side"}
ROLE = {"elder_side": "elder", "dealer_side": "dealer"}  # the two-handed role a side scores as
SIDE = {"elder": "elder_side", "dealer": "dealer_side", None: None}
SEAT_ROLE = {seat: ROLE[SIDE_OF[seat]] for seat in SEATS}  # whose tricks and king a seat's are
STOCK = 11
TARGET = 7

# The Laws' irregularities by side: a revoke or a false king cuts the trick award of the
# offender's side, and the king of trumps held by either adversary excuses a false king
# (ruling 83).
PLAYERS = Players(names=SEATS, types=("revoke", "false_king", "replay"),
                  penalised=SEAT_ROLE,
                  adversaries={seat: tuple(s for s in SEATS if SIDE_OF[s] != SIDE_OF[seat])
                               for seat in SEATS},
                  replay_in_progress=False)

# The record read as the two-handed game's: each side's score and tricks under its role.
FORM = Form(
    format=FORMAT, seats=SEATS, answering=SEATS[1:], stock=STOCK, target=TARGET,
    scorers=SIDES, scorer="side", role=ROLE, seat_role=SEAT_ROLE,
    details={"scores": "side_scores", "game_over": "side_game_over", "deal": "four_hands",
             "counts": "side_counts", "range": "side_tricks"}, hand=CheckedHand,
    players=PLAYERS, summary_keys=SUMMARY_KEYS)


def score_quatre(record) -> dict:
    """The result of an à quatre hand record, full or summary; raises EngineError."""
    return _result(read(record, FORM))


def _result(hand: CheckedHand) -> dict:
    """The two-handed scorer's result, each role read as its side."""
    out = result(hand)
    quatre = {
        "format": RESULT_FORMAT,
        "tricks": _by_side(out["tricks"]),
        "vulnerable": SIDE[out["vulnerable"]],
        "marks": [dict(mark, to=SIDE[mark["to"]]) for mark in out["marks"]],
        "points": _by_side(out["points"]),
        "score_after": _by_side(out["score_after"]),
        "game_over": out["game_over"],
        "winner": SIDE[out["winner"]],
    }
    if "penalised" in out:
        quatre["penalised"] = [dict(mark, to=SIDE[mark["to"]]) for mark in out["penalised"]]
    if hand.in_progress:
        quatre["in_progress"] = True
    if hand.void:
        quatre["void"] = True
    return quatre


def _by_side(by_role: dict) -> dict:
    return {SIDE[role]: count for role, count in by_role.items()}


class QuatreMatch:
    """A match of à quatre (docs/rules.md, section 13): two games and, if needed, a deciding
    game (la belle), each to the target. `players` are named in seating order, each at the
    left of the one before; partners sit opposite, so the partnerships are players 1 and 3,
    and players 2 and 4. The deal passes to the left after every hand, but the losing side
    deals first in the next game (ruling 58)."""

    def __init__(self, players, first_dealer, target: int = TARGET):
        players = tuple(players)
        if len(players) != 4 or len(set(players)) != 4:
            raise ValueError("a match of à quatre needs four different players")
        if first_dealer not in players:
            raise ValueError("the first dealer must be one of the four players")
        if type(target) is not int or target < 1:
            raise ValueError("the target is a whole number of at least 1")
        self.players = players
        self.target = target
        self.partnerships = ((players[0], players[2]), (players[1], players[3]))
        self.dealer = players.index(first_dealer)
        self.games_won = {pair: 0 for pair in self.partnerships}
        self.score = {pair: 0 for pair in self.partnerships}  # the game in play
        self.winner = None  # the partnership that won the match

    @property
    def next_dealer(self):
        return self.players[self.dealer]

    def seats(self) -> dict:
        """Who sits in each seat of the next hand: {"elder": player, ..., "dealer": player}."""
        return {seat: self.players[(self.dealer + 1 + i) % 4] for i, seat in enumerate(SEATS)}

    def sides(self) -> dict:
        """The partnership on each side of the next hand."""
        return {"elder_side": self.partnerships[(self.dealer + 1) % 2],
                "dealer_side": self.partnerships[self.dealer % 2]}

    @property
    def game_number(self) -> int:
        """The game in play: 1, 2, or 3 for la belle."""
        return sum(self.games_won.values()) + 1

    @property
    def belle(self) -> bool:
        return self.winner is None and set(self.games_won.values()) == {1}

    def play(self, record) -> dict:
        """Scores the next hand of the match and applies it. The match gives the record its
        score before the hand and its target; a record that gives others is refused."""
        if self.winner is not None:
            raise EngineError("after_game_end", "match_over")
        if type(record) is not dict:
            raise EngineError("bad_format", "not_object")
        sides = self.sides()
        score_before = {side: self.score[pair] for side, pair in sides.items()}
        for key, value in (("score_before", score_before), ("target", self.target)):
            if key in record and record[key] != value:
                raise EngineError("bad_format", "match_differs", key, key=key, value=value)
        out = score_quatre(dict(record, score_before=score_before, target=self.target))
        if out.get("void"):
            return out  # the same dealer deals again
        for side, pair in sides.items():
            self.score[pair] += out["points"][side]
        if out["game_over"]:
            pair = sides[out["winner"]]
            self.games_won[pair] += 1
            self.score = {p: 0 for p in self.partnerships}
            if self.games_won[pair] == 2:
                self.winner = pair
            self.dealer = self._first_at_left(next(p for p in self.partnerships if p != pair))
        elif not out.get("in_progress"):  # a hand in progress keeps the deal till it is over
            self.dealer = (self.dealer + 1) % 4
        return out

    def _first_at_left(self, pair) -> int:
        """The seat of the first player of `pair` at the left of the last dealer: the loser of
        a game deals first in the next (ruling 58)."""
        return next((self.dealer + step) % 4 for step in (1, 2)
                    if self.players[(self.dealer + step) % 4] in pair)
