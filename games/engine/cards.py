"""Cards: the 32-card pack, its notation and its two orders of rank."""
from .errors import EngineError

SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = "KQJAT987"  # the classic order, high to low (docs/rules.md, section 1)
RANK_ORDERS = {
    "classic": "KQJAT987",
    "ace_high": "AKQJT987",
}
PACK = tuple(rank + suit for suit in SUITS for rank in RANKS)

_SUIT_SPELLINGS = {
    "S": ("S", "s", "♠"),
    "H": ("H", "h", "♥"),
    "D": ("D", "d", "♦"),
    "C": ("C", "c", "♣"),
}
_RANK_SPELLINGS = {r: (r, r.lower()) for r in "KQJA"} | {"T": ("T", "t", "10")} | {
    r: (r,) for r in "987"
}


def _spellings() -> dict[str, str]:
    """Every accepted way of writing each card, mapped to its canonical form."""
    table = {}
    for rank, rank_spellings in _RANK_SPELLINGS.items():
        for suit, suit_spellings in _SUIT_SPELLINGS.items():
            for r in rank_spellings:
                for s in suit_spellings:
                    table[r + s] = rank + suit
    return table


CANONICAL = _spellings()
SUIT_OF = {card: card[1] for card in PACK}
# VALUE[ranking][card]: a larger number beats a smaller one within a suit.
VALUE = {
    name: {card: 7 - order.index(card[0]) for card in PACK}
    for name, order in RANK_ORDERS.items()
}


def parse_card(text):
    """The canonical form of a card written in any accepted notation, or None."""
    if type(text) is not str:
        return None
    return CANONICAL.get(text)


def read_card(value, where: str) -> str:
    """The canonical form of a record's card, or EngineError("bad_card") at `where`. The fast
    paths of the readers look CANONICAL up inline and call this on a miss."""
    try:
        return CANONICAL[value]
    except (KeyError, TypeError):
        raise EngineError("bad_card", "not_a_card", where, value=value) from None
