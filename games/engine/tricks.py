"""The play for three and four players: what a player may play to a trick, and who takes it.

A player must follow suit and beat every card of the suit led already in the trick, if he can.
If he cannot follow, he must trump, and overtrump every trump already in the trick, if he can;
if he cannot overtrump, he must still trump. These duties hold towards a partner too. The trick
goes to the highest trump in it, or else to the highest card of the suit led.
"""
from .cards import SUIT_OF, VALUE


def _top(trick, suit: str, value: dict) -> int:
    """The value of the highest card of `suit` in the trick, or -1 if there is none."""
    return max((value[c] for c in trick if SUIT_OF[c] == suit), default=-1)


def fault(card: str, held, trick, trump: str, ranking: str = "classic") -> str | None:
    """The error code for playing `card` from `held` to `trick` (the cards already played to
    it, leader first), or None when the card may be played. `card` must be in `held`."""
    if not trick:
        return None
    value = VALUE[ranking]
    led = SUIT_OF[trick[0]]
    for suit, short, low in ((led, "must_follow_suit", "must_win_trick"),
                             (trump, "must_trump", "must_win_trick")):
        mine = [c for c in held if SUIT_OF[c] == suit]
        if not mine:
            continue
        if SUIT_OF[card] != suit:
            return short
        top = _top(trick, suit, value)
        if value[card] < top and any(value[c] > top for c in mine):
            return low
        return None
    return None


def legal(held, trick, trump: str, ranking: str = "classic") -> list:
    """The cards of `held` that may be played to `trick`, in the order held."""
    return [c for c in held if fault(c, held, trick, trump, ranking) is None]


def winner(trick, trump: str, ranking: str = "classic") -> int:
    """The position in `trick` (leader first) of the card that takes it."""
    value = VALUE[ranking]
    suit = trump if any(SUIT_OF[c] == trump for c in trick) else SUIT_OF[trick[0]]
    return max((i for i, c in enumerate(trick) if SUIT_OF[c] == suit),
               key=lambda i: value[trick[i]])
