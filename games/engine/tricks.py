"""The play of every form of the game, two-handed, à trois and à quatre: what a player may play
to a trick, and who takes it; the one reading of the tricks, parametrised by the seats.

A player must follow suit and beat every card of the suit led already in the trick, if he can.
If he cannot follow, he must trump, and overtrump every trump already in the trick, if he can;
if he cannot overtrump, he must still trump. These duties hold towards a partner too. The trick
goes to the highest trump in it, or else to the highest card of the suit led. For a trick of two
cards these are the two-handed game's rules (section 6).

The records à trois and à quatre share the reading of the deal (`read_deal`); the records of
every form, and a hand's state, the reading of the tricks (`play_tricks`), with the seats in
playing order, the elder first.
"""
from typing import NamedTuple

from .cards import CANONICAL, SUIT_OF, VALUE, read_card
from .errors import EngineError


class Trick(NamedTuple):
    """A trick as a hand's state shows it (`tricks.play_tricks` gives its fields)."""

    number: int  # from 1
    seats: tuple  # the seats in the order they played to it, the leader first
    cards: tuple  # their cards, canonical, in the same order
    winner: str  # the seat that took it
    out_of_turn: bool = False  # its leader led it out of turn, and it was played to

    @property
    def leader(self) -> str:
        return self.seats[0]


def fault(card: str, held, trick, trump: str, ranking: str = "classic") -> str | None:
    """The error code for playing `card` from `held` to `trick` (the cards already played to
    it, leader first), or None when the card may be played. `card` must be in `held`."""
    if not trick:
        return None
    suit, led = SUIT_OF[card], SUIT_OF[trick[0]]
    if suit != led:
        for c in held:
            if SUIT_OF[c] == led:
                return "must_follow_suit"
        if suit != trump:
            for c in held:
                if SUIT_OF[c] == trump:
                    return "must_trump"
            return None
    # He follows, or trumps: above the best card of his suit in the trick, if he can.
    value = VALUE[ranking]
    top = -1
    for c in trick:
        if SUIT_OF[c] == suit and value[c] > top:
            top = value[c]
    if value[card] < top:
        for c in held:
            if SUIT_OF[c] == suit and value[c] > top:
                return "must_win_trick"
    return None


def legal(held, trick, trump: str, ranking: str = "classic") -> list:
    """The cards of `held` that may be played to `trick`, in the order held."""
    return [c for c in held if fault(c, held, trick, trump, ranking) is None]


def winner(trick, trump: str, ranking: str = "classic") -> int:
    """The position in `trick` (leader first) of the card that takes it: each card takes it
    from the best before it if it is a higher card of the same suit, or a trump over a card
    that is not."""
    value = VALUE[ranking]
    best = 0
    for i in range(1, len(trick)):
        card, top = trick[i], trick[best]
        if SUIT_OF[card] == SUIT_OF[top]:
            if value[card] > value[top]:
                best = i
        elif SUIT_OF[card] == trump:
            best = i
    return best


def read_deal(deal: dict, seats: tuple) -> tuple[dict, set, str]:
    """Each seat's five cards, the cards seen, and the turn-up; refuses a card that is not
    one, or is dealt twice, and a hand of other than five."""
    seen = set()
    hands = {}
    for seat in seats:
        held = []
        for i, value in enumerate(deal[seat]):
            card = read_card(value, f"deal.{seat}[{i}]")
            if card in seen:
                raise EngineError("duplicate_card", "dealt_twice", f"deal.{seat}[{i}]",
                                  card=card)
            seen.add(card)
            held.append(card)
        if len(held) != 5:
            raise EngineError("wrong_hand_size", "dealt_five", f"deal.{seat}", seat=seat,
                              count=len(held))
        hands[seat] = held
    turn_up = read_card(deal["turn_up"], "deal.turn_up")
    if turn_up in seen:
        raise EngineError("duplicate_card", "turn_up_in_hand", "deal.turn_up", card=turn_up)
    seen.add(turn_up)
    return hands, seen, turn_up


def play_tricks(tricks, hands: dict, seats: tuple, trump: str, ranking: str, *,
                revokes=frozenset(), illegal: set | None = None, led_out=frozenset(),
                judge: bool = True) -> list:
    """Plays the tricks from `hands` (emptied as they go), the elder leading the first and the
    winner of each the next, but a seat that `led_out` names at a trick, as (trick, seat), the
    trick counted from 1: he led it out of turn, and it was played to (docs/rules.md, ruling
    88). Returns each trick as a `Trick`'s fields: its number, its seats from its leader, its
    cards in the same order, the seat that takes it and whether it was led out of turn. A card
    not held is refused; so is an illegal card (section 6), unless `revokes` names its (trick,
    seat): it is then played, and added to `illegal`. A reading that does not `judge` the
    cards plays each as it was played. `tricks` is read one trick at a time, in order."""
    played = []
    leader, count = 0, len(seats)
    orders = [seats[i:] + seats[:i] for i in range(count)]
    canonical = CANONICAL.get
    for n, cards in enumerate(tricks, 1):
        regular = leader
        if led_out:
            leader = next((i for i, seat in enumerate(seats)
                           if i != regular and (n, seat) in led_out), regular)
        order = orders[leader]
        trick = []
        for seat, value in zip(order, cards):
            card = canonical(value) if type(value) is str else None
            held = hands[seat]
            if card not in held:
                where = f"tricks[{n - 1}][{len(trick)}]"
                read_card(value, where)
                raise EngineError("card_not_held", "plays_unheld" if trick else "leads_unheld",
                                  where, seat=seat, card=card)
            if trick and judge:
                code = fault(card, held, trick, trump, ranking)
                if code:
                    if (n, seat) not in revokes:
                        detail, params = _fault_words(code, seat, held, trick, trump, ranking, n)
                        raise EngineError(code, detail, f"tricks[{n - 1}][{len(trick)}]", **params)
                    illegal.add((n, seat))
            held.remove(card)
            trick.append(card)
        taken = winner(trick, trump, ranking)
        played.append((n, order, trick, order[taken], leader != regular))
        leader = (leader + taken) % count
    return played


def _fault_words(code, seat, held, trick, trump, ranking, number) -> tuple[str, dict]:
    """The detail and its parameters that name a card the player should have played, in the
    words of the duty he broke."""
    value = VALUE[ranking]
    better = min(legal(held, trick, trump, ranking), key=value.get)
    suit = SUIT_OF[trick[0]]
    if code == "must_follow_suit":
        return "must_follow", {"seat": seat, "card": better, "suit": suit, "card2": trick[0],
                               "number": number}
    if code == "must_trump" and len(trick) == 1:
        return "must_trump", {"seat": seat, "suit": suit, "card": better, "card2": trick[0],
                              "number": number}
    if code == "must_trump":
        return "must_trump_in", {"seat": seat, "suit": suit, "card": better, "number": number}
    top = max((c for c in trick if SUIT_OF[c] == SUIT_OF[better]), key=value.get)
    return "must_beat", {"seat": seat, "card": better, "card2": top, "number": number}
