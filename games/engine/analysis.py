"""Double-dummy analysis: the most tricks the elder can be sure of, every card in view, and the
first card of a hand as played that lost value against that best play.

The ten cards in play are numbered locally, each side's five as bits 0-4 of a mask. A state is
(elder's cards left, dealer's cards left, who leads); there are at most 504 of them, so the
search remembers the exact value of each one in a flat list. Within a node the search stops
looking at replies once one is bad enough that the other side would not choose the move; the
values it remembers stay exact. The masks of what a player may play to a card and of who takes
the trick are section 6 as `tricks.legal` and `tricks.winner` read it, made once a deal for
speed; tests/engine/test_one_reading_of_a_trick.py pins them to those on every position.
"""
from dataclasses import dataclass

from .cards import SUIT_OF, VALUE

BITS = tuple(tuple(i for i in range(5) if mask >> i & 1) for mask in range(32))


@dataclass(frozen=True)
class Loss:
    """The first card played that lowered the double-dummy value for the side that played it:
    `before` and `after` are the elder's tricks in the whole hand with best play from then
    on, and `keep` the cards that player could have played instead without losing any."""
    trick: int          # 1-5
    seat: str           # "elder" or "dealer"
    card: str
    before: int
    after: int
    keep: tuple[str, ...]


def _follow_rules(leads: list, follows: list, trump: str, value: dict):
    """For each card the leader may lead, (higher, same, trumps) masks of the follower's
    cards, and which replies win for the leader."""
    trumps = sum(1 << j for j, c in enumerate(follows) if SUIT_OF[c] == trump)
    rules, leader_wins = [], []
    for led in leads:
        suit = SUIT_OF[led]
        same = higher = 0
        wins = []
        for j, card in enumerate(follows):
            if SUIT_OF[card] == suit:
                same |= 1 << j
                beaten = value[card] > value[led]
                if beaten:
                    higher |= 1 << j
            else:
                beaten = SUIT_OF[card] == trump
            wins.append(not beaten)
        rules.append((higher, same, trumps))
        leader_wins.append(wins)
    return rules, leader_wins


class _Deal:
    """The search over one deal; cards are named by their local number in their side's hand."""

    def __init__(self, elder: list, dealer: list, trump: str, ranking: str):
        value = VALUE[ranking]
        self.e_rules, self.e_wins = _follow_rules(elder, dealer, trump, value)  # elder leads
        self.d_rules, self.d_wins = _follow_rules(dealer, elder, trump, value)  # dealer leads
        self.best = _best(self.e_rules, self.e_wins, self.d_rules, self.d_wins)

    def replies(self, em: int, dm: int, elder_leads: int, i: int) -> tuple:
        """The follower's cards he may play to the leader's card i."""
        higher, same, trumps = (self.e_rules if elder_leads else self.d_rules)[i]
        held = dm if elder_leads else em
        return BITS[held & higher or held & same or held & trumps or held]

    def trick(self, em: int, dm: int, elder_leads: int, i: int, j: int) -> int:
        """The elder's tricks from this trick on, once the leader has played his card i and
        the follower his card j, with best play after it."""
        if elder_leads:
            won = int(self.e_wins[i][j])
            return won + self.best(em ^ 1 << i, dm ^ 1 << j, won)
        won = int(not self.d_wins[i][j])
        return won + self.best(em ^ 1 << j, dm ^ 1 << i, won)

    def lead(self, em: int, dm: int, elder_leads: int, i: int) -> int:
        """The elder's tricks from this trick on once the leader has played his card i: the
        follower plays the reply best for him."""
        pick = min if elder_leads else max
        return pick(self.trick(em, dm, elder_leads, i, j)
                    for j in self.replies(em, dm, elder_leads, i))


def _best(e_rules, e_wins, d_rules, d_wins):
    """best(em, dm, elder_leads): the tricks the elder takes from there with best play on
    both sides, remembered."""
    memo = [-1] * 2048

    def best(em: int, dm: int, elder_leads: int) -> int:
        key = em | dm << 5 | elder_leads << 10
        known = memo[key]
        if known >= 0:
            return known
        if elder_leads:
            top = 0
            for i in BITS[em]:
                higher, same, trumps = e_rules[i]
                legal = dm & higher or dm & same or dm & trumps or dm
                rest_e, wins = em ^ 1 << i, e_wins[i]
                worst = 6
                for j in BITS[legal]:
                    rest_d = dm ^ 1 << j
                    v = 1 + best(rest_e, rest_d, 1) if wins[j] else best(rest_e, rest_d, 0)
                    if v < worst:
                        worst = v
                        if worst <= top:
                            break
                if worst > top:
                    top = worst
        else:
            top = 6
            for j in BITS[dm]:
                higher, same, trumps = d_rules[j]
                legal = em & higher or em & same or em & trumps or em
                rest_d, wins = dm ^ 1 << j, d_wins[j]
                most = -1
                for i in BITS[legal]:
                    rest_e = em ^ 1 << i
                    v = best(rest_e, rest_d, 0) if wins[i] else 1 + best(rest_e, rest_d, 1)
                    if v > most:
                        most = v
                        if most >= top:
                            break
                if most < top:
                    top = most
        memo[key] = top
        return top

    memo[0] = memo[1024] = 0
    return best


def analyse_deal(elder: list, dealer: list, trump: str, ranking: str = "classic") -> dict:
    deal = _Deal(elder, dealer, trump, ranking)
    by_lead = {card: deal.lead(31, 31, 1, i) for i, card in enumerate(elder)}
    return {"elder_tricks": max(by_lead.values()), "by_lead": by_lead}


def first_loss_in_play(elder: list, dealer: list, trump: str, tricks: list,
               ranking: str = "classic") -> Loss | None:
    """The first card of `tricks` (each [led, played], canonical cards, from the hands
    `elder` and `dealer` as play began) whose play lowered the elder's tricks with best play
    for the side that played it: the elder wants more, the dealer fewer. None when nobody
    lost value. The walk stops at a card regular play could not bring (a lead out of turn, a
    revoke): from there on the play is not one best play could have met."""
    deal = _Deal(elder, dealer, trump, ranking)
    hands = {"elder": elder, "dealer": dealer}
    em = dm = 31
    elder_leads, taken = 1, 0
    for number, (led, played) in enumerate(tricks, 1):
        leader, follower = ("elder", "dealer") if elder_leads else ("dealer", "elder")
        held = {"elder": em, "dealer": dm}
        i = _number(hands[leader], held[leader], led)
        if i is None:
            return None
        by_lead = {k: taken + deal.lead(em, dm, elder_leads, k) for k in BITS[held[leader]]}
        loss = _lost(by_lead, i, hands[leader], leader, number)
        replies = deal.replies(em, dm, elder_leads, i)
        j = _number(hands[follower], held[follower], played)
        if loss or j not in replies:
            return loss
        by_reply = {k: taken + deal.trick(em, dm, elder_leads, i, k) for k in replies}
        loss = _lost(by_reply, j, hands[follower], follower, number)
        if loss:
            return loss
        won = int(deal.e_wins[i][j]) if elder_leads else int(not deal.d_wins[i][j])
        em, dm = (em ^ 1 << i, dm ^ 1 << j) if elder_leads else (em ^ 1 << j, dm ^ 1 << i)
        elder_leads, taken = won, taken + won
    return None


def _number(cards: list, held: int, card: str) -> int | None:
    """The local number of `card` if the player still holds it."""
    i = cards.index(card) if card in cards else -1
    return i if i >= 0 and held >> i & 1 else None


def _lost(values: dict, chosen: int, cards: list, seat: str, number: int) -> Loss | None:
    """The loss of playing card `chosen` where each card he could play gives `values` (the
    elder's tricks with best play), or None if it lost nothing for `seat`."""
    keep = max(values.values()) if seat == "elder" else min(values.values())
    if values[chosen] == keep:
        return None
    return Loss(number, seat, cards[chosen], keep, values[chosen],
                tuple(cards[k] for k, v in values.items() if v == keep))
