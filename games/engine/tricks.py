"""The play for three and four players: what a player may play to a trick, and who takes it.

A player must follow suit and beat every card of the suit led already in the trick, if he can.
If he cannot follow, he must trump, and overtrump every trump already in the trick, if he can;
if he cannot overtrump, he must still trump. These duties hold towards a partner too. The trick
goes to the highest trump in it, or else to the highest card of the suit led.

The records of both forms share the reading of the deal (`read_deal`) and of the tricks
(`play_tricks`), with the seats in playing order, the elder first.
"""
from .cards import SUIT_OF, VALUE, read_card
from .errors import EngineError


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


def play_tricks(tricks: list, hands: dict, seats: tuple, trump: str, ranking: str,
                revokes=frozenset(), illegal: set | None = None):
    """Plays the tricks from `hands` (emptied as they go), the elder leading the first and the
    winner of each the next; yields the seat that takes each trick. An illegal card is
    refused unless `revokes` names its (trick, seat), the trick counted from 1: it is then
    played, and added to `illegal`."""
    leader = 0
    for n, cards in enumerate(tricks):
        trick = []
        for k, value in enumerate(cards):
            seat = seats[(leader + k) % len(seats)]
            where = f"tricks[{n}][{k}]"
            card = read_card(value, where)
            held = hands[seat]
            if card not in held:
                raise EngineError("card_not_held", "plays_unheld" if k else "leads_unheld",
                                  where, seat=seat, card=card)
            code = fault(card, held, trick, trump, ranking)
            if code and (n + 1, seat) in revokes:
                illegal.add((n + 1, seat))
            elif code:
                detail, params = _fault_words(code, seat, held, trick, trump, ranking, n + 1)
                raise EngineError(code, detail, where, **params)
            held.remove(card)
            trick.append(card)
        leader = (leader + winner(trick, trump, ranking)) % len(seats)
        yield seats[leader]


def _fault_words(code, seat, held, trick, trump, ranking, number) -> tuple[str, dict]:
    """The detail and its parameters that name a card the player should have played, in the
    words of the duty he broke."""
    value = VALUE[ranking]
    better = min(legal(held, trick, trump, ranking), key=value.get)
    suit = SUIT_OF[trick[0]]
    if code == "must_follow_suit":
        return "must_follow", {"seat": seat, "card": better, "suit": suit, "card2": trick[0],
                               "number": number}
    if code == "must_trump":
        return "must_trump_in", {"seat": seat, "suit": suit, "card": better, "number": number}
    top = max((c for c in trick if SUIT_OF[c] == SUIT_OF[better]), key=value.get)
    return "must_beat", {"seat": seat, "card": better, "card2": top, "number": number}
