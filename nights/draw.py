"""The draw's grouping, pure: which players sit together (docs/rules.md, The club night).

Random, but fair: a group that sat together at the night's previous draw is not drawn again
where another grouping is possible, nor, after that, one that sat together at an earlier draw
of the night; balanced by rating when asked, players of like rating together.
"""
import random
from collections.abc import Sequence

TRIES = 100  # random groupings tried after the first and its swaps


def _chunks(players: Sequence[int], size: int) -> list[tuple[int, ...]]:
    return [tuple(players[i:i + size]) for i in range(0, len(players), size)]


def _swaps(groups: list[tuple[int, ...]]):
    """Every grouping that trades one player of a group for one of another."""
    for i in range(len(groups)):
        for j in range(i + 1, len(groups)):
            for a in range(len(groups[i])):
                for b in range(len(groups[j])):
                    left, right = list(groups[i]), list(groups[j])
                    left[a], right[b] = right[b], left[a]
                    yield groups[:i] + [tuple(left)] + groups[i + 1:j] + [tuple(right)] + \
                        groups[j + 1:]


def groups(players: Sequence[int], size: int, *, previous: set[frozenset] = frozenset(),
           earlier: set[frozenset] = frozenset(), ratings: dict[int, float] | None = None,
           rng: random.Random) -> list[tuple[int, ...]]:
    """`players` (whose number is a multiple of `size`) in groups of `size`, each group in a
    random seating order: the grouping with the fewest groups of the `previous` draw, then of
    `earlier` draws, then, with `ratings` ({player: ordinal}), the least spread of ratings
    within its groups."""
    def cost(grouping):
        sets = [frozenset(group) for group in grouping]
        spread = sum(max(ratings[p] for p in g) - min(ratings[p] for p in g)
                     for g in grouping) if ratings else 0
        return (sum(s in previous for s in sets), sum(s in earlier for s in sets), spread)

    order = list(players)
    rng.shuffle(order)
    if ratings:  # the strongest together, ties in the random order
        order.sort(key=lambda player: -ratings[player])
    first = _chunks(order, size)
    candidates = [first, *_swaps(first)]
    for _ in range(TRIES):
        rng.shuffle(order)
        candidates.append(_chunks(order, size))
    best = min(candidates, key=cost)  # the first of the cheapest: the sorted one if it does
    return [tuple(rng.sample(group, len(group))) for group in best]
