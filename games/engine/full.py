"""Reading a full record: the deal, the exchange, the king and every trick, in that order."""
from .cards import CANONICAL, SUIT_NAMES, SUIT_OF, VALUE, read_card
from .errors import EngineError
from .hand import OTHER, CheckedHand
from .header import (
    check_game_not_over,
    check_keys,
    check_no_play_after_game_end,
    mark_king_held,
    mark_king_turned,
    need_bool,
    need_list,
    need_object,
    need_role,
    read_header,
)
from .irregularities import check_count, read_irregularities

FULL_KEYS = frozenset(
    "format rules score_before target deal exchanges king tricks in_progress double offer "
    "irregularities".split()
)
DEAL_KEYS = frozenset(("elder", "dealer", "turn_up"))
EXCHANGE_KEYS = frozenset(("accepted", "elder", "dealer"))
SIDE_KEYS = frozenset(("discard", "draw"))
STOCK = 21


def read_full(record: dict, finished: bool = True) -> CheckedHand:
    check_keys(record, FULL_KEYS, "")
    hand = CheckedHand()
    irregularities, revokes = read_header(record, hand)
    hand.in_progress = need_bool(record.get("in_progress", False), "in_progress")
    king = need_role(record.get("king"), "king", nullable=True)
    exchanges = need_list(record.get("exchanges"), "exchanges", "a list of proposals")
    _exchange_shape(exchanges)
    tricks = need_list(record.get("tricks", []), "tricks", "a list of tricks")
    for i, trick in enumerate(tricks):
        if type(trick) is not list or len(trick) != 2:
            raise EngineError("bad_format", "a trick is [leader's card, follower's card]",
                              f"tricks[{i}]")
    deal = need_object(record.get("deal"), "deal", "an object with elder, dealer and turn_up")
    check_keys(deal, DEAL_KEYS, "deal")
    for key in ("elder", "dealer", "turn_up"):
        if key not in deal:
            raise EngineError("bad_format", f"deal needs {key!r}", f"deal.{key}")
    elder = need_list(deal["elder"], "deal.elder", "a list of five cards")
    dealer = need_list(deal["dealer"], "deal.dealer", "a list of five cards")
    check_game_not_over(hand)

    hands, seen = _read_deal(elder, dealer, deal["turn_up"], hand)
    if hand.game_over_before_play and exchanges:
        raise EngineError("after_game_end", "the turned-up king ended the game: no exchange",
                          "exchanges[0]")
    _read_exchanges(exchanges, hands, seen, hand)
    hand.start = {"elder": list(hands["elder"]), "dealer": list(hands["dealer"])}

    king_of_trumps = "K" + hand.trump
    holder = ("elder" if king_of_trumps in hands["elder"]
              else "dealer" if king_of_trumps in hands["dealer"] else None)
    if king is not None and king != holder:
        if not any(e.get("type") == "false_king" and e.get("by") == king for e in irregularities):
            raise EngineError("king_not_held", f"{king} announced the king of trumps "
                              f"{king_of_trumps} but does not hold it", "king")
    elif king is not None:
        mark_king_held(hand, king)

    illegal = _read_tricks(tricks, hands, revokes, hand)
    if irregularities:
        read_irregularities(irregularities, hand, king=king, holder=holder, illegal=illegal,
                            played=len(tricks))
    if finished:
        check_count(hand, len(tricks), "tricks")
    return hand


def _read_deal(elder: list, dealer: list, turn_up, hand: CheckedHand):
    seen = set()
    hands = {}
    for role, cards in (("elder", elder), ("dealer", dealer)):
        held = []
        for i, value in enumerate(cards):
            card = CANONICAL.get(value) if type(value) is str else None
            if card is None:
                read_card(value, f"deal.{role}[{i}]")
            if card in seen:
                raise EngineError("duplicate_card", f"{card} is dealt twice", f"deal.{role}[{i}]")
            seen.add(card)
            held.append(card)
        if len(held) != 5:
            raise EngineError("wrong_hand_size",
                              f"{role} must be dealt 5 cards, not {len(held)}", f"deal.{role}")
        hands[role] = held
    card = read_card(turn_up, "deal.turn_up")
    if card in seen:
        raise EngineError("duplicate_card", f"the turn-up {card} is also in a hand", "deal.turn_up")
    seen.add(card)
    hand.trump = SUIT_OF[card]
    if card[0] == "K":
        mark_king_turned(hand)
    return hands, seen


def _exchange_shape(exchanges: list) -> None:
    """The shape of each proposal, checked with the rest of the record's shape."""
    for i, entry in enumerate(exchanges):
        if type(entry) is not dict:
            need_object(entry, f"exchanges[{i}]", "an object")
        if not entry.keys() <= EXCHANGE_KEYS:
            check_keys(entry, EXCHANGE_KEYS, f"exchanges[{i}]")
        if type(entry.get("accepted")) is not bool:
            need_bool(entry.get("accepted"), f"exchanges[{i}].accepted")
        for role in ("elder", "dealer"):
            side = entry.get(role)
            if side is None:
                continue
            where = f"exchanges[{i}].{role}"
            need_object(side, where, "an object with discard and draw")
            check_keys(side, SIDE_KEYS, where)
            need_list(side.get("discard"), f"{where}.discard", "a list of cards")
            need_list(side.get("draw"), f"{where}.draw", "a list of cards")


def _read_exchanges(exchanges: list, hands: dict, seen: set, hand: CheckedHand) -> None:
    if not exchanges:
        hand.vulnerable = "elder"
        return
    stock = STOCK
    for i, entry in enumerate(exchanges):
        if stock == 0:
            raise EngineError("stock_exhausted", "the stock is empty: the exchange is over",
                              f"exchanges[{i}]")
        if not entry["accepted"]:
            if "elder" in entry or "dealer" in entry:
                raise EngineError("bad_exchange", "a refused proposal exchanges no card",
                                  f"exchanges[{i}]")
            if i + 1 < len(exchanges):
                raise EngineError("bad_exchange", "nothing can follow a refusal",
                                  f"exchanges[{i + 1}]")
            if i == 0:
                hand.vulnerable = "dealer"
            return
        if "elder" not in entry:
            raise EngineError("bad_exchange", "an accepted proposal needs the elder's discard "
                              "and draw", f"exchanges[{i}]")
        stock = exchange_side(entry["elder"], "elder", 1, hands, seen, stock, i)
        least = 1 if stock and hand.rules["dealer_exchange"] == "required" else 0
        stock = exchange_side(entry.get("dealer", NO_EXCHANGE), "dealer", least, hands, seen,
                              stock, i)


NO_EXCHANGE = {"discard": (), "draw": ()}


def exchange_side(side: dict, role: str, least: int, hands: dict, seen: set, stock: int,
                  entry: int) -> int:
    """One player's discard and draw in the proposal numbered `entry`, checked and applied to
    his cards in `hands`: at least `least` cards, as many drawn as discarded, no more than the
    `stock` holds (returned less what he drew). Shared by the three forms of record."""
    discard, draw = side["discard"], side["draw"]
    if len(discard) != len(draw) or not least <= len(draw) <= 5:
        if len(discard) != len(draw):
            why = f"discards {len(discard)} and draws {len(draw)}: the two must be equal"
        elif len(draw) > 5:
            why = "may take at most 5 cards"
        else:
            why = "must take at least one card"
        raise EngineError("bad_exchange", f"{role} {why}", f"exchanges[{entry}].{role}")
    held = hands[role]
    for i, value in enumerate(discard):
        card = CANONICAL.get(value) if type(value) is str else None
        if card is None:
            read_card(value, f"exchanges[{entry}].{role}.discard[{i}]")
        if card not in held:
            raise EngineError("card_not_held", f"{role} discards {card} but does not hold it",
                              f"exchanges[{entry}].{role}.discard[{i}]")
        held.remove(card)
    if len(draw) > stock:
        raise EngineError("stock_exhausted", f"{role} draws {len(draw)} but the stock holds "
                          f"only {stock}", f"exchanges[{entry}].{role}.draw")
    for i, value in enumerate(draw):
        card = CANONICAL.get(value) if type(value) is str else None
        if card is None:
            read_card(value, f"exchanges[{entry}].{role}.draw[{i}]")
        if card in seen:
            raise EngineError("duplicate_card", f"{role} draws {card}, which is not in the "
                              "stock", f"exchanges[{entry}].{role}.draw[{i}]")
        seen.add(card)
        held.append(card)
    return stock - len(draw)


def _read_tricks(tricks: list, hands: dict, revokes: set, hand: CheckedHand) -> set:
    """Plays the tricks, checking section 6. Returns the illegal plays a revoke excused."""
    check_no_play_after_game_end(hand, len(tricks), "tricks[0]")
    trump = hand.trump
    value = VALUE[hand.rules["ranking"]]
    illegal = set()
    leader = "elder"
    won = hand.tricks
    for n, (led_value, played_value) in enumerate(tricks):
        follower = OTHER[leader]
        led = CANONICAL.get(led_value) if type(led_value) is str else None
        if led is None:
            read_card(led_value, f"tricks[{n}][0]")
        if led not in hands[leader]:
            raise EngineError("card_not_held", f"{leader} leads {led} but does not hold it",
                              f"tricks[{n}][0]")
        played = CANONICAL.get(played_value) if type(played_value) is str else None
        if played is None:
            read_card(played_value, f"tricks[{n}][1]")
        held = hands[follower]
        if played not in held:
            raise EngineError("card_not_held", f"{follower} plays {played} but does not "
                              "hold it", f"tricks[{n}][1]")
        suit, played_suit = SUIT_OF[led], SUIT_OF[played]
        if played_suit == suit:
            follower_wins = value[played] > value[led]
        else:
            follower_wins = played_suit == trump
        if not (follower_wins and played_suit == suit):  # following and beating is always legal
            fault = _fault(held, led, played, suit, trump, value, follower, n + 1)
            if fault:
                if (n + 1, follower) not in revokes:
                    raise EngineError(fault[0], fault[1], f"tricks[{n}][1]")
                illegal.add((n + 1, follower))
        hands[leader].remove(led)
        held.remove(played)
        if follower_wins:
            leader = follower
        won[leader] += 1
    if hand.double and hand.in_progress and hand.double["before_trick"] > len(tricks) + 1:
        raise EngineError("bad_format", f"the double comes before trick "
                          f"{hand.double['before_trick']}, which has not been reached",
                          "double.before_trick")
    return illegal


def _fault(held, led, played, suit, trump, value, follower, number):
    """The code and message if `played` breaks section 6, else None."""
    if SUIT_OF[played] == suit:  # followed with a lower card: was a higher one held?
        better = [c for c in held if SUIT_OF[c] == suit and value[c] > value[led]]
        if better:
            lowest = min(better, key=value.get)
            return ("must_win_trick", f"{follower} holds {lowest} and must beat {led} in "
                    f"trick {number}")
        return None
    for card in held:
        if SUIT_OF[card] == suit:
            return ("must_follow_suit", f"{follower} holds {card} and must follow "
                    f"{SUIT_NAMES[suit]} to {led} in trick {number}")
    if SUIT_OF[played] != trump:
        for card in held:
            if SUIT_OF[card] == trump:
                return ("must_trump", f"{follower} has no {SUIT_NAMES[suit]}, holds the trump "
                        f"{card} and must trump {led} in trick {number}")
    return None
