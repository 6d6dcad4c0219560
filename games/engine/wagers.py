"""Bystanders' wagers (docs/rules.md, section 11) as arithmetic on whole cents: odds, the
layer's stake, the French gallery's balancing, the levy, and what became of a wager once its
unit is decided or void (`reckon`): its outcome and what it did to each member's money. Pure
Python, like the rest of the engine: the services hold and pay the stakes on the ledger."""
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from math import gcd

ODDS_SHAPE = re.compile(r"([1-9][0-9]{0,5}):([1-9][0-9]{0,5})", re.ASCII)
MOST_ODDS = 999_999  # each part of the odds, at most six digits


class BadOdds(ValueError):
    """Odds that are not two positive whole numbers a:b: what was `typed`."""

    def __init__(self, typed):
        super().__init__(f"odds must be two positive whole numbers written a:b, not {typed!r}")
        self.typed = typed


class SplitCent(ValueError):
    """A `stake` (cents) whose lay at `odds` (a, b) is a fraction of a cent; `nearest` are the
    stakes on either side of it that work, those above zero, the lower first."""

    def __init__(self, stake: int, odds: tuple[int, int], nearest: tuple[int, ...]):
        super().__init__(f"at {odds[0]}:{odds[1]} a stake of {stake} cents would make the "
                         f"layer's stake a fraction of a cent")
        self.stake, self.odds, self.nearest = stake, odds, nearest


def checked_odds(odds) -> tuple[int, int]:
    """(5, 2) -> (5, 2). Odds are two positive whole numbers, each at most MOST_ODDS; BadOdds
    otherwise, naming them written a:b."""
    try:
        a, b = odds
    except (TypeError, ValueError):
        raise BadOdds(odds) from None
    if not all(type(n) is int and 0 < n <= MOST_ODDS for n in (a, b)):
        raise BadOdds(f"{a}:{b}")
    return a, b


def parse_odds(text) -> tuple[int, int]:
    """"5:2" -> (5, 2). Odds are written a:b (`checked_odds`); BadOdds otherwise."""
    match = ODDS_SHAPE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise BadOdds(text)
    return checked_odds((int(match[1]), int(match[2])))


def lay(stake: int, odds: tuple[int, int]) -> int:
    """What the layer puts up against a backer's `stake` at odds a:b: stake × a / b, in whole
    cents. SplitCent, naming the nearest stakes that work, when it is a fraction of a cent."""
    a, b = odds
    if stake * a % b == 0:
        return stake * a // b
    step = b // gcd(a, b)  # stakes that work are the multiples of this many cents
    below = stake - stake % step
    raise SplitCent(stake, odds, tuple(s for s in (below, below + step) if s > 0))


@dataclass(frozen=True)
class Bet:
    """A French bet as recorded: its id, the bettor, the player he backs, and the stake."""
    id: object
    bettor: object
    on: object
    stake: int


def balance(bets: list[Bet], players: tuple) -> dict:
    """The French gallery balanced when the unit starts between its two `players`: {bet id:
    matched cents}. The lighter side is matched in full; the heavier side up to the lighter
    side's total, its bets taken in order, but a seated player's own bets on himself first (he
    has the first right to cover bets against him); the rest of each bet is its excess,
    returned. A bet on anyone else matches nothing. `bets` are in the order they were
    recorded."""
    sides = {player: [bet for bet in bets if bet.on == player] for player in players}
    lighter = min(sum(bet.stake for bet in side) for side in sides.values())
    matched = {bet.id: 0 for bet in bets}
    for on, side in sides.items():
        room = lighter
        for bet in sorted(side, key=lambda bet: bet.bettor != on):  # stable: own bets first
            matched[bet.id] = min(bet.stake, room)
            room -= matched[bet.id]
    return matched


def levy(winnings: int, percent: Decimal) -> int:
    """The club's levy on a winning bet's winnings: `percent` of them, rounded half up to the
    cent."""
    return int((Decimal(winnings) * percent / 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


WON, LOST, VOID, RETURNED = "won", "lost", "void", "returned"


@dataclass(frozen=True)
class Take:
    """The other side of an English offer: the layer, the part of the backer's stake he
    matched, and what he laid against it."""
    layer: object
    stake: int
    lay: int


@dataclass(frozen=True)
class Placed:
    """A wager as recorded, in cents: the backer (`bettor`), the player he backs (`on`), his
    stake, the parts of it matched and given back unmatched, the other player of the unit when
    a French gallery was balanced (`against`), and an English offer's takes."""
    bettor: object
    on: object
    stake: int
    matched: int
    returned: int
    french: bool
    against: object = None
    takes: tuple = ()


@dataclass(frozen=True)
class Played:
    """What a wager's unit has come to: who plays it now, its winner (None while it is to be
    decided) and whether its table is still played (`live`: not abandoned, not over)."""
    players: tuple
    winner: object
    live: bool


@dataclass(frozen=True)
class Reckoning:
    """What became of a wager, the one reading of it that the settlement and every face use.

    - `outcome`: WON or LOST (the backer's side) once the unit is decided; VOID when every
      stake went back (the table abandoned or over first, or a correction took the unit away,
      or took the backed player, or the player a French bet was balanced against, out of it);
      RETURNED when none of the stake was ever matched and all of it went back (withdrawn,
      lapsed, or the gallery's excess); None while the unit is to be decided.
    - `matched`: the part of the backer's stake that was matched; `returned`: the part given
      back unmatched.
    - `held`: what the wager's stakes take from each member's balance while they are held.
    - `net`: what the wager has done to each member's balance so far, by member: while the
      unit is to be decided, minus what is held; after it, what he won (plus) or lost (minus).
    - `levy`: the house's levy on the winnings."""
    outcome: str | None
    matched: int
    returned: int
    held: dict
    net: dict
    levy: int = 0

    @property
    def collects(self) -> dict:
        """What each member collects from the unit's escrow once the wager is settled or
        void: his net effect plus what was held of his."""
        return {member: self.net[member] + self.held[member] for member in self.held}


def reckon(wager: Placed, unit: Played | None, percent: Decimal) -> Reckoning:
    """The wager's Reckoning when its unit has come to `unit` (None: a correction took the
    unit away), with the club's levy of `percent` on a French bet's winnings."""
    held = {wager.bettor: wager.stake - wager.returned}
    for take in wager.takes:
        held[take.layer] = held.get(take.layer, 0) + take.lay
    parts = {"matched": wager.matched, "returned": wager.returned, "held": held}
    if wager.returned == wager.stake:
        return Reckoning(RETURNED, net={member: 0 for member in held}, **parts)
    playing = () if unit is None else unit.players
    if (wager.on not in playing or (wager.against is not None and wager.against not in playing)
            or (unit.winner is None and not unit.live)):
        return Reckoning(VOID, net={member: 0 for member in held}, **parts)
    if unit.winner is None:
        return Reckoning(None, net={member: -cents for member, cents in held.items()}, **parts)
    won = wager.on == unit.winner
    net = {member: 0 for member in held}
    taken = 0
    if wager.french:
        taken = levy(wager.matched, percent) if won else 0
        net[wager.bettor] = wager.matched - taken if won else -wager.matched
    else:
        for take in wager.takes:
            net[wager.bettor] += take.lay if won else -take.stake
            net[take.layer] += -take.lay if won else take.stake
    return Reckoning(WON if won else LOST, net=net, levy=taken, **parts)
