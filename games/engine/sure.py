"""Whether a hand "can be lost only if the dealer holds two trumps": the first jeu de règle of
the French source, read precisely (docs/rules.md, ruling 60).

The elder, leading and playing without proposing, must have one way of playing, decided at
each card from what he has seen so far (never from the dealer's hidden cards), that takes
three tricks against every five cards the dealer may hold with at most one trump, the dealer
playing each of them as best he can with every card in view.

The search groups the dealer's possible hands. Two unseen cards of one suit that the same
cards of the elder beat are worth the same in play, so a dealer's hand is a count of cards in
each such group; the elder, seeing a card played, learns only its group. A position is the
elder's cards left, every dealer's hand still consistent with what was played, who leads, and
the tricks still needed; each is solved once. What a card may be played to a trick, and who
takes it, are `games/engine/tricks.py`'s rules, which for a trick of two cards are the
two-handed game's.
"""
import itertools

from .cards import PACK, SUIT_OF, VALUE
from .tricks import legal, winner

NEEDED = 3  # the tricks that make the point


def sure_unless_two_trumps(hand: list, turn_up: str, ranking: str = "classic") -> bool:
    """True when the elder wins the point with these five cards against every dealer's hand
    holding at most one trump, whatever the dealer holds and plays, the elder deciding each
    card from what he has seen."""
    trump = SUIT_OF[turn_up]
    value = VALUE[ranking]
    groups = {}
    for card in PACK:
        if card in hand or card == turn_up:
            continue
        above = sum(SUIT_OF[c] == SUIT_OF[card] and value[c] > value[card] for c in hand)
        groups.setdefault((SUIT_OF[card], above), []).append(card)
    cards = [found[0] for found in groups.values()]  # one card stands for its group
    sizes = [len(found) for found in groups.values()]
    holdings = set()
    for chosen in itertools.combinations_with_replacement(range(len(cards)), 5):
        counts = tuple(chosen.count(g) for g in range(len(cards)))
        trumps = sum(n for g, n in enumerate(counts) if SUIT_OF[cards[g]] == trump)
        if trumps <= 1 and all(n <= size for n, size in zip(counts, sizes)):
            holdings.add(counts)
    solved = {}
    answers = {}  # (cards held, card led): the cards that may be played to it

    def may_play(held: tuple, led: str) -> list:
        if (held, led) not in answers:
            answers[held, led] = legal(held, [led], trump, ranking)
        return answers[held, led]

    def less(d: tuple, group: int) -> tuple:
        return d[:group] + (d[group] - 1,) + d[group + 1:]

    def wins(mine: tuple, dealers: frozenset, elder_leads: bool, needed: int) -> bool:
        if needed <= 0:
            return True
        if len(mine) < needed:
            return False
        key = (mine, dealers, elder_leads, needed)
        if key not in solved:
            solved[key] = (_lead if elder_leads else _follow)(mine, dealers, needed)
        return solved[key]

    def _lead(mine, dealers, needed):
        for card in mine:
            rest = tuple(c for c in mine if c != card)
            replies = {}  # each card the dealer may play to it: the hands that could play it
            for d in dealers:
                held = tuple(cards[g] for g, n in enumerate(d) if n)
                for reply in may_play(held, card):
                    replies.setdefault(reply, set()).add(less(d, cards.index(reply)))
            if all(wins(rest, frozenset(left), won, needed - won)
                   for reply, left in replies.items()
                   for won in [winner([card, reply], trump, ranking) == 0]):
                return True
        return False

    def _follow(mine, dealers, needed):
        for group, led in enumerate(cards):
            left = frozenset(less(d, group) for d in dealers if d[group])
            if left and not any(
                    wins(tuple(c for c in mine if c != reply), left, won, needed - won)
                    for reply in may_play(mine, led)
                    for won in [winner([led, reply], trump, ranking) == 1]):
                return False
        return True

    return wins(tuple(hand), frozenset(holdings), True, NEEDED)
