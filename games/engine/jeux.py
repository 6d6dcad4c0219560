"""The jeux de règle: the French source's ten hands with which the elder plays without
proposing, numbered as the source numbers them, each with the source's advice; and Cavendish's
English list, kept as a second opinion under his name (docs/rules.md, section 3, "The jeux de
règle", and rulings 59-60).

Each test reads the elder's five cards as dealt and the turn-up. A test that matches gives
the cards the source's advice names: the card to lead first and the card to wait with, or
None where the source names none.
"""
from .cards import RANK_ORDERS, SUIT_OF, SUITS
from .sure import sure_unless_two_trumps

HIGH = "KQJA"  # the four highest ranks, in the classic order and under ace_high alike
LOW = "T987"  # the four lowest: a low card


def fork(upper: str, lower: str, ranking: str = "classic") -> bool:
    """Whether two cards of one suit make a fork (fourchette): exactly one rank between them
    in the table's order, the card they catch (ruling 60)."""
    order = RANK_ORDERS[ranking]
    return SUIT_OF[upper] == SUIT_OF[lower] and (
        order.index(lower[0]) - order.index(upper[0]) == 2)


class Dealt:
    """Five cards and a turn-up, read for the tests: the trumps, and the plain suits with their
    cards, each list highest first in the table's order."""

    def __init__(self, cards: list, turn_up: str, ranking: str):
        order = RANK_ORDERS[ranking]
        self.ranking = ranking
        self.cards = sorted(cards, key=lambda c: (SUITS.index(SUIT_OF[c]), order.index(c[0])))
        self.trump = SUIT_OF[turn_up]
        self.turn_up = turn_up
        self.order = order
        self.trumps = [c for c in self.cards if SUIT_OF[c] == self.trump]
        self.plain = {}
        for card in self.cards:
            if SUIT_OF[card] != self.trump:
                self.plain.setdefault(SUIT_OF[card], []).append(card)

    def suits(self, length: int) -> list:
        """The plain suits held exactly `length` times, as their cards."""
        return [held for held in self.plain.values() if len(held) == length]

    def ranks(self, held: list) -> str:
        return "".join(c[0] for c in held)

    def lowest(self, cards: list) -> str:
        return max(cards, key=lambda c: self.order.index(c[0]))


def _jeu_2(h: Dealt):
    """Two trumps and a guarded queen, with a low card."""
    if len(h.trumps) == 2 and len(h.plain) == 2:
        pairs, singles = h.suits(2), h.suits(1)
        if pairs and singles and "Q" in h.ranks(pairs[0]) and singles[0][0][0] in LOW:
            return None, None
    return False


def _jeu_3(h: Dealt):
    """Two high trumps, a knave and an ace of one suit, and another knave."""
    if len(h.trumps) == 2 and all(c[0] in HIGH for c in h.trumps):
        pairs, singles = h.suits(2), h.suits(1)
        if pairs and singles and set(h.ranks(pairs[0])) == set("JA") and singles[0][0][0] == "J":
            return None, None
    return False


def _jeu_4(h: Dealt):
    """Two kings, one of them guarded, and a guarded queen, without a trump. Lead the guarded
    king; wait in the queen's suit."""
    pairs, singles = h.suits(2), h.suits(1)
    if h.trumps or len(pairs) != 2 or not singles or singles[0][0][0] != "K":
        return False
    for kings, queens in (pairs, pairs[::-1]):
        if "K" in h.ranks(kings) and "Q" in h.ranks(queens):
            return kings[h.ranks(kings).index("K")], queens[h.ranks(queens).index("Q")]
    return False


def _jeu_5(h: Dealt):
    """One trump, a lone king, and a queen third. Lead the queen; wait on the lone king."""
    threes, singles = h.suits(3), h.suits(1)
    if len(h.trumps) == 1 and threes and singles and singles[0][0][0] == "K":
        if "Q" in h.ranks(threes[0]):
            return threes[0][h.ranks(threes[0]).index("Q")], singles[0][0]
    return False


def _jeu_6(h: Dealt):
    """One trump and a king fourth."""
    fours = h.suits(4)
    return (None, None) if len(h.trumps) == 1 and fours and "K" in h.ranks(fours[0]) else False


def _jeu_7(h: Dealt):
    """Two trumps and three cards of one suit. Lead the highest of the three."""
    threes = h.suits(3)
    return (threes[0][0], None) if len(h.trumps) == 2 and threes else False


def _jeu_8(h: Dealt):
    """Four suits headed by court cards other than knaves. Lead a trump, even a single one."""
    if len(h.plain) == 3 and h.trumps and all(
            set(h.ranks(held)) & set("KQ") for held in [h.trumps, *h.plain.values()]):
        return h.trumps[0], None
    return False


def _jeu_9(h: Dealt):
    """One trump; the knave and ten of one suit; the knave and ace of another. Lead the knave
    followed by its ace; wait at the fork of the other knave."""
    pairs = h.suits(2)
    if len(h.trumps) != 1 or len(pairs) != 2:
        return False
    for forked, led in (pairs, pairs[::-1]):
        if (set(h.ranks(forked)) == set("JT") and set(h.ranks(led)) == set("JA")
                and fork(*forked, h.ranking)):
            return led[h.ranks(led).index("J")], forked[h.ranks(forked).index("J")]
    return False


def _jeu_10(h: Dealt):
    """A hand that would exchange only two cards: three trumps, or two trumps and an unguarded
    king. With three trumps, lead a trump; with two trumps and an unguarded king, lead a low
    card outside trumps and wait to win the lead back by the king or a trump."""
    if len(h.trumps) >= 3:
        return h.trumps[0], None
    kings = [held[0] for held in h.suits(1) if held[0][0] == "K"]
    if len(h.trumps) == 2 and kings:
        others = [c for c in h.cards if c not in h.trumps and c != kings[0]]
        return h.lowest(others), kings[0]
    return False


def _jeu_1(h: Dealt):
    """A hand that can be lost only if the dealer holds two trumps."""
    sure = sure_unless_two_trumps(h.cards, h.turn_up, h.ranking)
    return (None, None) if sure else False


# The French source's ten, in its order: (number, name, the source's advice or None, test).
FRENCH = (
    (1, "a hand that can be lost only if the dealer holds two trumps",
     "Without an exchange, reason as if the dealer held one trump.", _jeu_1),
    (2, "two trumps and a guarded queen, with a low card", None, _jeu_2),
    (3, "two high trumps, a knave and an ace of one suit, and another knave", None, _jeu_3),
    (4, "two kings, one of them guarded, and a guarded queen, without a trump",
     "Lead the guarded king; wait in the queen's suit.", _jeu_4),
    (5, "one trump, a lone king, and a queen third",
     "Lead the queen; wait on the lone king.", _jeu_5),
    (6, "one trump and a king fourth",
     "Risky: the source plays it only at three points against four. It is lost if the "
     "dealer holds two trumps, or a fork in the king's suit.", _jeu_6),
    (7, "two trumps and three cards of one suit", "Lead the highest of the three.", _jeu_7),
    (8, "four suits headed by kings or queens", "Lead a trump, even a single one.", _jeu_8),
    (9, "one trump, the knave and ten of one suit, the knave and ace of another",
     "Lead the knave followed by its ace; wait at the fork of the other knave.", _jeu_9),
    (10, "a hand that would exchange only two cards: three trumps, or two trumps and an "
         "unguarded king",
     "With three trumps, lead a trump; with two trumps and an unguarded king, lead a low card "
     "outside trumps and wait to win the lead back by the king or a trump.", _jeu_10),
)


def for_the_vole(h: Dealt) -> bool:
    """The one reason the source gives to propose with a jeu de règle: a point sure in trumps
    (the three highest trumps but the turn-up) and one or two low cards to change, in the hope
    of the vole (ruling 60)."""
    top = [c for c in sorted((r + h.trump for r in h.order), key=lambda c: h.order.index(c[0]))
           if c != h.turn_up][:3]
    outside = [c for c in h.cards if c not in h.trumps]
    return set(top) <= set(h.trumps) and 1 <= len(outside) <= 2 and all(
        c[0] in LOW for c in outside)


def jeu_de_regle(cards: list, turn_up: str, ranking: str = "classic") -> dict | None:
    """The first of the French source's ten that five cards and a turn-up make, with the
    source's advice, or None (ruling 59): {"number", "name", "advice", "lead", "wait",
    "for_the_vole"}."""
    h = Dealt(cards, turn_up, ranking)
    for number, name, advice, test in FRENCH:
        found = test(h)
        if found is not False:
            lead, wait = found
            return {"number": number, "name": name, "advice": advice, "lead": lead,
                    "wait": wait, "for_the_vole": for_the_vole(h)}
    return None


# Cavendish's advice to the elder, as the Encyclopaedia Britannica (1911) and Hoyle's Games
# give it: (number in his list, name, test on the trumps and the plain suits).
def _cavendish_tests():
    def held(h, rank):
        return [s for s, cards in h.plain.items() if rank in h.ranks(cards)]

    def guarded(h, rank):
        return [s for s, cards in h.plain.items() if rank in h.ranks(cards) and len(cards) >= 2]

    def king_and_king_or_queen(h):
        kings = held(h, "K")
        return any(s != k for k in kings for s in set(kings) | set(held(h, "Q")))

    return (
        (1, "three trumps", lambda h: len(h.trumps) >= 3),
        (2, "two trumps and three cards of one plain suit",
         lambda h: len(h.trumps) == 2 and len(h.plain) == 1),
        (3, "two trumps and a king", lambda h: len(h.trumps) == 2 and bool(held(h, "K"))),
        (4, "two trumps and a guarded queen",
         lambda h: len(h.trumps) == 2 and bool(guarded(h, "Q"))),
        (5, "one trump and a tierce major",
         lambda h: len(h.trumps) == 1 and any(
             set(h.order[:3]) <= set(h.ranks(c)) for c in h.plain.values())),
        (6, "one trump and four cards of one plain suit",
         lambda h: len(h.trumps) == 1 and len(h.plain) == 1),
        (7, "one trump and two queens", lambda h: len(h.trumps) == 1 and len(held(h, "Q")) >= 2),
        (8, "one trump, a queen and a guarded knave of another suit",
         lambda h: len(h.trumps) == 1 and any(
             q != k for q in held(h, "Q") for k in guarded(h, "J"))),
        (9, "one trump, a king and a king or queen of another suit",
         lambda h: len(h.trumps) == 1 and king_and_king_or_queen(h)),
        (10, "four court cards without a trump",
         lambda h: not h.trumps and sum(c[0] in "KQJ" for c in h.cards) >= 4),
    )


CAVENDISH = _cavendish_tests()


def cavendish(cards: list, turn_up: str, ranking: str = "classic") -> dict | None:
    """The first hand of Cavendish's list that five cards and a turn-up make, as
    {"number", "name"} in his list, or None (ruling 59)."""
    h = Dealt(cards, turn_up, ranking)
    for number, name, test in CAVENDISH:
        if test(h):
            return {"number": number, "name": name}
    return None
