"""Bystanders' wagers (docs/rules.md, section 11) as arithmetic on whole cents: odds, the
layer's stake, the French gallery's balancing, the levy and what each side collects. Pure
Python, like the rest of the engine: the services hold and pay the stakes on the ledger."""
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from math import gcd

ODDS_SHAPE = re.compile(r"([1-9][0-9]{0,5}):([1-9][0-9]{0,5})", re.ASCII)


def parse_odds(text) -> tuple[int, int]:
    """"5:2" -> (5, 2). Odds are two positive whole numbers a:b; ValueError otherwise."""
    match = ODDS_SHAPE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"odds must be two positive whole numbers written a:b, such as 1:1 or "
                         f"5:2, not {text!r}")
    return int(match[1]), int(match[2])


def lay(stake: int, odds: tuple[int, int]) -> int:
    """What the layer puts up against a backer's `stake` at odds a:b: stake × a / b, in whole
    cents. ValueError, naming the nearest stakes that work, when it is a fraction of a cent."""
    a, b = odds
    if stake * a % b == 0:
        return stake * a // b
    step = b // gcd(a, b)  # stakes that work are the multiples of this many cents
    below, above = stake - stake % step, stake - stake % step + step
    nearest = " or ".join(_money(s) for s in (below, above) if s > 0)
    raise ValueError(f"at {a}:{b} a stake of {_money(stake)} would make the layer's stake a "
                     f"fraction of a cent; {nearest} would do")


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


def french_payouts(bets: list[Bet], matched: dict, winner, percent: Decimal) -> tuple[dict, int]:
    """What the winning side's bettors collect, by bettor, and the levy to the house: each
    winning bet gets its matched stake back plus an equal sum from the losing side, less the
    levy on that sum. The losing side's matched stakes are what pays them."""
    paid, house = {}, 0
    for bet in bets:
        won = matched.get(bet.id, 0)
        if bet.on != winner or not won:
            continue
        taken = levy(won, percent)
        paid[bet.bettor] = paid.get(bet.bettor, 0) + 2 * won - taken
        house += taken
    return paid, house


def _money(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"
