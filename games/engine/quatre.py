"""Écarté à quatre (docs/rules.md, section 13): the record `ecarte-quatre/1`, its checks, its
score and the match.

    score_quatre(record) -> result dict (docs/hand-record.md), raises EngineError
    QuatreMatch(players, first_dealer, target=7): two games and, if needed, la belle

Four seats in playing order: the elder (at the dealer's left), the second, the third and the
dealer. Partners sit opposite: the elder and the third are the elder's side, the second and the
dealer the dealer's side. The sides score as the two players of the two-handed game do, so a
checked hand is scored by the two-handed scorer, each side in the place of its player.
"""
from .cards import SUIT_OF
from .errors import EngineError
from .full import NO_EXCHANGE, SIDE_KEYS, exchange_side
from .hand import CheckedHand
from .header import (
    check_keys,
    check_no_exchange_after_game_end,
    check_no_play_after_game_end,
    false_king,
    mark_king_held,
    mark_king_turned,
    need_bool,
    need_count,
    need_list,
    need_object,
    read_irregularity_entries,
)
from .irregularities import Players, read_irregularities
from .rules import read_rules
from .scoring import result
from .summary import (
    check_king_held,
    read_counts,
    read_king_holder,
    read_summary_object,
    read_trump,
)
from .tricks import play_tricks, read_deal

FORMAT = "ecarte-quatre/1"
RESULT_FORMAT = "ecarte-quatre-result/1"
SEATS = ("elder", "second", "third", "dealer")
SIDES = ("elder_side", "dealer_side")
SIDE_OF = {"elder": "elder_side", "second": "dealer_side", "third": "elder_side",
           "dealer": "dealer_side"}
ROLE = {"elder_side": "elder", "dealer_side": "dealer"}  # the two-handed role a side scores as
SIDE = {"elder": "elder_side", "dealer": "dealer_side", None: None}
STOCK = 11
TARGET = 7

COMMON_KEYS = "format rules score_before target irregularities".split()
FULL_KEYS = frozenset(COMMON_KEYS + "deal exchanges king tricks in_progress".split())
SUMMARY_RECORD_KEYS = frozenset(COMMON_KEYS + ["summary"])
SUMMARY_KEYS = frozenset(
    "opening refused_by king_turned king king_holder tricks turn_up".split())
DEAL_KEYS = frozenset(SEATS + ("turn_up",))
EXCHANGE_KEYS = frozenset(("accepted", "refused_by") + SEATS)
# The Laws' irregularities by side: a revoke or a false king cuts the trick award of the
# offender's side, and the king of trumps held by either adversary excuses a false king
# (ruling 83).
PLAYERS = Players(names=SEATS, kinds=("revoke", "false_king", "replay"),
                  penalised={seat: ROLE[SIDE_OF[seat]] for seat in SEATS},
                  adversaries={seat: tuple(s for s in SEATS if SIDE_OF[s] != SIDE_OF[seat])
                               for seat in SEATS},
                  replay_in_progress=False)


def score_quatre(record) -> dict:
    """The result of an à quatre hand record, full or summary; raises EngineError."""
    if type(record) is not dict:
        raise EngineError("bad_format", "not_object")
    hand = _read_full(record) if "deal" in record else _read_summary(record)
    return _result(hand)


def _need_seat(value, where: str, nullable: bool = False):
    if type(value) is str and value in SEATS or (nullable and value is None):
        return value
    detail = "need_seat_quatre_or_null" if nullable else "need_seat_quatre"
    raise EngineError("bad_format", detail, where, where=where)


def _read_header(record: dict, hand: CheckedHand) -> tuple:
    """The keys both forms share; the scores are kept under the two-handed roles. Returns the
    irregularities and the revokes they name."""
    if "format" in record and record["format"] != FORMAT:
        raise EngineError("bad_format", "format", "format", format=FORMAT)
    hand.rules = read_rules(record.get("rules"))
    hand.score_before = {"elder": 0, "dealer": 0}
    if "score_before" in record:
        given = need_object(record["score_before"], "score_before",
                            "side_scores")
        check_keys(given, frozenset(SIDES), "score_before")
        for side, value in given.items():
            hand.score_before[ROLE[side]] = need_count(value, f"score_before.{side}", 0)
    hand.target = need_count(record.get("target", TARGET), "target", 1)
    return read_irregularity_entries(record)


def _check_game_not_over(hand: CheckedHand) -> None:
    for side in SIDES:
        if hand.score_before[ROLE[side]] >= hand.target:
            raise EngineError("after_game_end", "side_game_over", f"score_before.{side}",
                              side=side, points=hand.score_before[ROLE[side]],
                              target=hand.target)


def _read_full(record: dict) -> CheckedHand:
    check_keys(record, FULL_KEYS, "")
    hand = CheckedHand()
    irregularities, revokes = _read_header(record, hand)
    hand.in_progress = need_bool(record.get("in_progress", False), "in_progress")
    king = _need_seat(record.get("king"), "king", nullable=True)
    exchanges = need_list(record.get("exchanges"), "exchanges", "proposals")
    _exchange_shape(exchanges)
    tricks = need_list(record.get("tricks", []), "tricks", "tricks_list")
    for i, trick in enumerate(tricks):
        if type(trick) is not list or len(trick) != 4:
            raise EngineError("bad_format", "four_card_trick", f"tricks[{i}]")
    deal = need_object(record.get("deal"), "deal", "four_hands")
    check_keys(deal, DEAL_KEYS, "deal")
    for key in SEATS + ("turn_up",):
        if key not in deal:
            raise EngineError("bad_format", "needs_key", f"deal.{key}", where="deal", key=key)
    for seat in SEATS:
        need_list(deal[seat], f"deal.{seat}", "five_cards")
    _check_game_not_over(hand)

    hands, seen, turn_up = read_deal(deal, SEATS)
    hand.trump = SUIT_OF[turn_up]
    if turn_up[0] == "K":
        mark_king_turned(hand)
    check_no_exchange_after_game_end(hand, exchanges)
    _read_exchanges(exchanges, hands, seen, hand)
    hand.start = {seat: list(hands[seat]) for seat in SEATS}

    king_of_trumps = "K" + hand.trump
    holder = next((seat for seat in SEATS if king_of_trumps in hands[seat]), None)
    if king is not None and king != holder:
        if not false_king(irregularities, king):
            raise EngineError("king_not_held", "king_not_held", "king", seat=king,
                              card=king_of_trumps)
    elif king is not None:
        mark_king_held(hand, ROLE[SIDE_OF[king]])

    illegal = set()
    _read_tricks(tricks, hands, hand, revokes, illegal)
    read_irregularities(irregularities, hand, king=king, holder=holder, illegal=illegal,
                        played=len(tricks), players=PLAYERS)
    if not (hand.in_progress or hand.game_over_before_play or hand.void) and len(tricks) != 5:
        raise EngineError("wrong_trick_count", "tricks_five", "tricks", count=len(tricks))
    return hand


def _exchange_shape(exchanges: list) -> None:
    for i, entry in enumerate(exchanges):
        where = f"exchanges[{i}]"
        need_object(entry, where, "object")
        check_keys(entry, EXCHANGE_KEYS, where)
        need_bool(entry.get("accepted"), f"{where}.accepted")
        if "refused_by" in entry:
            _need_seat(entry["refused_by"], f"{where}.refused_by")
        for seat in SEATS:
            if seat not in entry:
                continue
            swap = need_object(entry[seat], f"{where}.{seat}", "discard_and_draw")
            check_keys(swap, SIDE_KEYS, f"{where}.{seat}")
            need_list(swap.get("discard"), f"{where}.{seat}.discard", "cards")
            need_list(swap.get("draw"), f"{where}.{seat}.draw", "cards")


def _read_exchanges(exchanges: list, hands: dict, seen: set, hand: CheckedHand) -> None:
    """The proposals in order (docs/rules.md, rulings 52 to 55)."""
    if not exchanges:
        hand.vulnerable = "elder"
        return
    stock = STOCK
    for i, entry in enumerate(exchanges):
        where = f"exchanges[{i}]"
        if stock == 0:
            raise EngineError("stock_exhausted", "stock_empty", where)
        if not entry["accepted"]:
            if any(seat in entry for seat in SEATS):
                raise EngineError("bad_exchange", "refused_exchanges", where)
            refuser = entry.get("refused_by")
            if refuser is None or refuser == "elder":
                raise EngineError("bad_exchange", "refusal_names", f"{where}.refused_by")
            if i + 1 < len(exchanges):
                raise EngineError("bad_exchange", "after_refusal_as_it_stands",
                                  f"exchanges[{i + 1}]")
            if i == 0:
                hand.vulnerable = ROLE[SIDE_OF[refuser]]
            return
        if "refused_by" in entry:
            raise EngineError("bad_exchange", "accepted_refused_by", f"{where}.refused_by")
        if "elder" not in entry:
            raise EngineError("bad_exchange", "needs_elder", where)
        for seat in SEATS:
            least = 1 if seat == "elder" else 0
            stock = exchange_side(entry.get(seat, NO_EXCHANGE), seat, least, hands, seen, stock, i)


def _read_tricks(tricks: list, hands: dict, hand: CheckedHand, revokes: set,
                 illegal: set) -> None:
    check_no_play_after_game_end(hand, len(tricks), "tricks[0]")
    for _, _, _, seat, _ in play_tricks(tricks, hands, SEATS, hand.trump, hand.rules["ranking"],
                                        revokes=revokes, illegal=illegal):
        hand.tricks[ROLE[SIDE_OF[seat]]] += 1


def _read_summary(record: dict) -> CheckedHand:
    check_keys(record, SUMMARY_RECORD_KEYS, "")
    hand = CheckedHand()
    irregularities, _ = _read_header(record, hand)
    summary = read_summary_object(record, SUMMARY_KEYS)
    opening = summary["opening"]
    refuser = _need_seat(summary.get("refused_by"), "summary.refused_by", nullable=True)
    king_turned = need_bool(summary["king_turned"], "summary.king_turned")
    king = _need_seat(summary.get("king"), "summary.king", nullable=True)
    holder = read_king_holder(summary, king_turned, SEATS)
    counts = read_counts(summary, SIDES, "side_counts")
    hand.tricks = {ROLE[side]: count for side, count in counts.items()}
    _check_game_not_over(hand)

    if opening == "refused":
        if refuser is None or refuser == "elder":
            raise EngineError("bad_summary", "refused_opening_names", "summary.refused_by")
        hand.vulnerable = ROLE[SIDE_OF[refuser]]
    elif refuser is not None:
        raise EngineError("bad_summary", "only_refused_names", "summary.refused_by")
    elif opening == "played":
        hand.vulnerable = "elder"
    hand.trump = read_trump(summary, king_turned)
    if king_turned:
        mark_king_turned(hand)
    if king is not None:
        if king_turned:
            raise EngineError("bad_summary", "king_turned_no_king", "summary.king")
        check_king_held(king, holder, summary, false_king(irregularities, king))
        if not false_king(irregularities, king):
            mark_king_held(hand, ROLE[SIDE_OF[king]])

    played = hand.tricks["elder"] + hand.tricks["dealer"]
    if min(hand.tricks.values()) < 0 or played > 5:
        raise EngineError("bad_summary", "side_tricks", "summary.tricks")
    check_no_play_after_game_end(hand, played, "summary.tricks")
    read_irregularities(irregularities, hand, king=king, holder=holder, illegal=None,
                        played=played, summary=True, players=PLAYERS)
    if not (hand.game_over_before_play or hand.void) and played != 5:
        raise EngineError("bad_summary", "tricks_five", "summary.tricks", count=played)
    return hand


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
