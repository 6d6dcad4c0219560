"""Double-dummy analysis: the most tricks the elder can be sure of, every card in view.

The ten cards in play are numbered locally, each side's five as bits 0-4 of a mask. A state is
(elder's cards left, dealer's cards left, who leads); there are at most 504 of them, so the
search remembers the exact value of each one in a flat list. Within a node the search stops
looking at replies once one is bad enough that the other side would not choose the move; the
values it remembers stay exact.
"""
from .cards import SUIT_OF, VALUE

BITS = tuple(tuple(i for i in range(5) if mask >> i & 1) for mask in range(32))


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


def analyse_deal(elder: list, dealer: list, trump: str, ranking: str = "classic") -> dict:
    value = VALUE[ranking]
    e_rules, e_wins = _follow_rules(elder, dealer, trump, value)   # elder leads
    d_rules, d_wins = _follow_rules(dealer, elder, trump, value)   # dealer leads
    memo = [-1] * 2048

    def best(em: int, dm: int, elder_leads: int) -> int:
        """Tricks the elder takes from here with best play on both sides."""
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
    by_lead = {}
    for i, card in enumerate(elder):
        higher, same, trumps = e_rules[i]
        legal = 31 & higher or 31 & same or 31 & trumps or 31
        rest_e = 31 ^ 1 << i
        by_lead[card] = min(
            1 + best(rest_e, 31 ^ 1 << j, 1) if e_wins[i][j] else best(rest_e, 31 ^ 1 << j, 0)
            for j in BITS[legal]
        )
    return {"elder_tricks": max(by_lead.values()), "by_lead": by_lead}
