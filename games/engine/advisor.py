"""The jeux de règle advisor: which of the French source's ten hands the elder held, with the
source's advice (and Cavendish's list as a second opinion), what he did, and the chance that
playing without proposing wins him the point (docs/rules.md, section 3, "The jeux de règle",
and rulings 59-65).

The chance is estimated by dealing the dealer five of the 26 unseen cards at random, without
replacement, and solving each deal double dummy with `analyse_deal`. The deals are counted in
three strata, by the dealer's trumps (none, one, two or more), whose exact shares are known, and
the estimate weighs each stratum by its share. Sampling stops once the 95 % interval is at most
two points either side, and never draws more than `cap` deals.
"""
import hashlib
import math
import random

from .analysis import analyse_deal
from .cards import CANONICAL, PACK, SUIT_OF
from .errors import EngineError
from .jeux import cavendish, jeu_de_regle
from .record import read

Z95 = 1.959964  # the normal quantile for a two-sided 95 % interval
MARGIN = 0.02  # the half-width to reach: two percentage points
CAP = 3000  # never more deals than this
FIRST_LOOK = 200  # deals drawn before the interval is first looked at
STEP = 50  # then it is looked at after every STEP deals
THICK = 30  # the deals each stratum of the dealer's trumps needs for the stratified interval


def wilson(wins: int, n: int, z: float = Z95) -> tuple:
    """The Wilson score interval for wins out of n, as (centre, half-width)."""
    p = wins / n
    scale = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre, half


def strata_weights(unseen_trumps: int) -> tuple:
    """The exact shares of the dealer's hands holding no trump, one trump, and two or more,
    when `unseen_trumps` of the 26 unseen cards are trumps (Foster's count)."""
    plain = 26 - unseen_trumps
    none = math.comb(plain, 5)
    one = unseen_trumps * math.comb(plain, 4)
    total = math.comb(26, 5)
    return none / total, one / total, (total - none - one) / total


def interval(wins: list, deals: list, weights: tuple) -> tuple:
    """(chance, low, high, method) of the estimate (ruling 62). With at least THICK deals in
    each stratum of the dealer's trumps: the post-stratified mean, its variance taken from each
    stratum's proportion with one win and one loss added (so that a stratum always won or
    always lost still counts), and the normal interval. Otherwise the proportion of all the
    deals and its Wilson interval."""
    if min(deals) >= THICK:
        chance = sum(w * x / n for w, x, n in zip(weights, wins, deals))
        variance = 0.0
        for w, x, n in zip(weights, wins, deals):
            p = (x + 1) / (n + 2)
            variance += w * w * p * (1 - p) / n
        half = Z95 * math.sqrt(variance)
        return chance, chance - half, chance + half, "post-stratified"
    centre, half = wilson(sum(wins), sum(deals))
    return sum(wins) / sum(deals), centre - half, centre + half, "wilson"


def estimate(hand: list, turn_up: str, ranking: str = "classic", seed=None,
             margin: float = MARGIN, cap: int = CAP) -> dict:
    """The chance that the elder wins the point (3 tricks or more) playing these five cards
    without proposing, against five of the unseen cards dealt to the dealer at random, each
    deal solved double dummy (docs/rules.md, rulings 61-63)."""
    known = set(hand) | {turn_up}
    unseen = [c for c in PACK if c not in known]
    trump = SUIT_OF[turn_up]
    weights = strata_weights(sum(SUIT_OF[c] == trump for c in unseen))
    rng = random.Random(seed)
    cap = min(cap, math.comb(len(unseen), 5))  # no deal is drawn twice
    seen, n = set(), 0
    wins, deals = [0, 0, 0], [0, 0, 0]
    while n < cap:
        dealer = tuple(sorted(rng.sample(unseen, 5)))
        if dealer in seen:
            continue
        seen.add(dealer)
        n += 1
        stratum = min(2, sum(SUIT_OF[c] == trump for c in dealer))
        deals[stratum] += 1
        if analyse_deal(hand, list(dealer), trump, ranking)["elder_tricks"] >= 3:
            wins[stratum] += 1
        if n >= FIRST_LOOK and n % STEP == 0:
            _, low, high, _ = interval(wins, deals, weights)
            if high - low <= 2 * margin:
                break
    chance, low, high, method = interval(wins, deals, weights)
    return {"chance": round(chance, 4), "low": round(max(0.0, low), 4),
            "high": round(min(1.0, high), 4), "margin": round((high - low) / 2, 4),
            "deals": n, "wins": sum(wins), "confidence": 0.95, "interval": method}


def _deal_seed(hand: list, turn_up: str) -> int:
    """A seed drawn from the deal itself, so that one hand always gets the same advice."""
    text = " ".join(sorted(hand)) + " / " + turn_up
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def advise(record: dict, seed=None) -> dict:
    """The advice on a full record's deal: the elder's jeu de règle of the French source if
    any, with its advice, Cavendish's if any, what he did, and the estimate. A summary has no
    cards: EngineError("bad_format") at "deal" (ruling 64); an elder dealt other than five
    cards, at "deal.elder"."""
    hand = read(record)
    if not hand.start:
        raise EngineError("bad_format", "advice_needs_deal", "deal")
    deal = record["deal"]
    elder = [CANONICAL[c] for c in deal["elder"]]
    if len(elder) != 5:  # a misdeal played (docs/rules.md, ruling 87)
        raise EngineError("bad_format", "advice_needs_five", "deal.elder", count=len(elder))
    turn_up = CANONICAL[deal["turn_up"]]
    ranking = hand.rules["ranking"]
    exchanges = record["exchanges"]
    if exchanges:
        did = "proposed"
        answer = "accepted" if exchanges[0]["accepted"] else "refused"
    elif hand.king_turned and hand.game_over_before_play:
        did, answer = "nothing", None  # the turned-up king ended the game at the deal
    else:
        did, answer = "played_without_proposing", None
    if seed is None:
        seed = _deal_seed(elder, turn_up)
    return {"elder": elder, "turn_up": turn_up,
            "jeu_de_regle": jeu_de_regle(elder, turn_up, ranking),
            "cavendish": cavendish(elder, turn_up, ranking),
            "king_of_trumps": "K" + SUIT_OF[turn_up] in elder,
            "elder_did": did, "dealer_answer": answer,
            "estimate": estimate(elder, turn_up, ranking, seed=seed)}
