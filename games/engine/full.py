"""Reading a full record: the deal, the exchange, the king and every trick, in that order."""
from .cards import CANONICAL, SUIT_OF, read_card
from .errors import EngineError
from .hand import ROLES, CheckedHand
from .header import (
    check_game_not_over,
    check_keys,
    check_no_exchange_after_game_end,
    check_no_play_after_game_end,
    declared,
    false_king,
    forgotten_marks,
    mark_king_held,
    mark_king_turned,
    need_bool,
    need_deal,
    need_list,
    need_object,
    need_role,
    need_tricks,
    read_header,
    read_target_card,
)
from .irregularities import (
    check_count,
    check_marks,
    count_cards_not_played_to,
    read_irregularities,
)
from .scoring import hand_marks
from .tricks import play_tricks

FULL_KEYS = frozenset(
    "format rules score_before target target_card deal exchanges king king_announced tricks "
    "in_progress double offer irregularities".split()
)
EXCHANGE_KEYS = frozenset(("accepted", "elder", "dealer", "exposed"))
SIDE_KEYS = frozenset(("discard", "draw"))
STOCK = 21
# When the king of trumps was announced (docs/rules.md, ruling 92): before the holder's first
# card, with it (it was the king), or after it and before his second.
ANNOUNCED = ("before_play", "with_first_card", "before_second_card")


def read_full(record: dict, finished: bool = True) -> CheckedHand:
    check_keys(record, FULL_KEYS, "")
    hand = CheckedHand()
    irregularities, revokes = read_header(record, hand)
    hand.in_progress = need_bool(record.get("in_progress", False), "in_progress")
    king = need_role(record.get("king"), "king", nullable=True)
    announced = read_announced(record, king, "")
    exchanges = need_list(record.get("exchanges"), "exchanges", "proposals")
    _exchange_shape(exchanges)
    tricks = need_tricks(record, 2, "two_card_trick")
    deal = need_deal(record, ROLES, "two_hands")
    elder, dealer = deal["elder"], deal["dealer"]
    check_game_not_over(hand)
    read_target_card(record)

    misdealt, wrong, led_out, forgotten = False, set(), set(), set()
    if irregularities:  # what they change in the reading of the cards, before they are checked
        misdealt = bool(declared(irregularities, "misdeal_played"))
        wrong = {entry.get("by") for entry in declared(irregularities, "wrong_number")}
        led_out = {(entry.get("trick"), entry.get("by"))
                   for entry in declared(irregularities, "lead_out_of_turn")}
        forgotten = forgotten_marks(irregularities)

    hands, seen = _read_deal(elder, dealer, deal["turn_up"], hand, misdealt, forgotten)
    check_no_exchange_after_game_end(hand, exchanges)
    _read_exchanges(exchanges, hands, seen, hand, wrong)
    hand.start = {"elder": list(hands["elder"]), "dealer": list(hands["dealer"])}
    for role in ROLES:
        hand.cards[role] = len(hands[role])
        if hand.cards[role] != 5 and role not in wrong:
            raise EngineError("wrong_hand_size", "plays_with", f"deal.{role}", seat=role,
                              count=hand.cards[role])

    king_of_trumps = "K" + hand.trump
    holder = ("elder" if king_of_trumps in hands["elder"]
              else "dealer" if king_of_trumps in hands["dealer"] else None)
    if king is not None and king != holder:
        if not false_king(irregularities, king):
            raise EngineError("king_not_held", "king_not_held", "king", seat=king,
                              card=king_of_trumps)
    elif king is not None:
        check_announced_in_time(hand, announced, "king_announced")
        mark_king_held(hand, king, (king, "king_held") in forgotten, tricks_before_king(
            announced, led_first=first_leader(irregularities) == king))

    illegal, played = _read_tricks(tricks, hands, revokes, led_out, hand)
    if king is not None and king == holder:
        _check_first_card(announced, king, played, king_of_trumps)
    if irregularities:
        out_of_turn = {(number, seats[0]) for number, seats, _, _, out in played if out}
        read_irregularities(irregularities, hand, king=king, holder=holder, illegal=illegal,
                            played=len(tricks), dealt={"elder": len(elder), "dealer": len(dealer)},
                            led_out=out_of_turn)
    if finished:
        check_count(hand, len(tricks), "tricks")
        count_cards_not_played_to(hand, len(tricks))
    if irregularities:
        check_marks(irregularities, hand_marks(hand))
    return hand


def read_announced(record: dict, king, where: str) -> str:
    """When the king was announced (`king_announced`, where `where` points: "" in a full
    record, "summary." in a summary); before play when the record does not say."""
    announced = record.get("king_announced", "before_play")
    place = f"{where}king_announced"
    if type(announced) is not str or announced not in ANNOUNCED:
        raise EngineError("bad_format", "must_be_one_of", place, where=place,
                          choices=ANNOUNCED)
    if "king_announced" in record and king is None:
        raise EngineError("bad_format", "announced_needs_king", place, where=place,
                          king=f"{where}king")
    return announced


def check_announced_in_time(hand: CheckedHand, announced: str, where: str) -> None:
    """The London Laws mark the king announced before the holder plays his first card, or
    with it when it is the king; the French article until he plays his second (ruling 92)."""
    if announced == "before_second_card" and hand.rules["king_announcement"] == "london":
        raise EngineError("too_late", "london_announcement", where)


def first_leader(irregularities: list) -> str:
    """Who led the first trick: the elder, or the dealer when he led it out of turn."""
    return "dealer" if any(entry.get("trick") == 1 and entry.get("by") == "dealer" for entry
                           in declared(irregularities, "lead_out_of_turn")) else "elder"


def tricks_before_king(announced: str, led_first: bool) -> int:
    """The tricks played before the king was announced: none before the holder's first card,
    nor while his king led first is played to; one when he announced it after his first card,
    or with his king played to the first trick."""
    if announced == "before_play" or announced == "with_first_card" and led_first:
        return 0
    return 1


def _check_first_card(announced: str, king: str, played: list, king_of_trumps: str) -> None:
    """The king announced with the holder's first card, or after it, needs that card played;
    with it, that card is the king."""
    if announced == "before_play":
        return
    first = next((card for _, seats, cards, _, _ in played for seat, card in zip(seats, cards)
                  if seat == king), None)
    if first is None:
        raise EngineError("bad_format", "king_before_play", "king_announced", seat=king)
    if announced == "with_first_card" and first != king_of_trumps:
        raise EngineError("bad_format", "first_card_not_king", "king_announced", seat=king,
                          card=first, card2=king_of_trumps)


def _read_deal(elder: list, dealer: list, turn_up, hand: CheckedHand, misdealt: bool,
               forgotten: set):
    """The cards dealt: five to each, unless a misdeal was played (ruling 86: then the dealer
    marks no king turned up); and the turn-up."""
    seen = set()
    hands = {}
    for role, cards in (("elder", elder), ("dealer", dealer)):
        held = []
        for i, value in enumerate(cards):
            card = CANONICAL.get(value) if type(value) is str else None
            if card is None:
                read_card(value, f"deal.{role}[{i}]")
            if card in seen:
                raise EngineError("duplicate_card", "dealt_twice", f"deal.{role}[{i}]",
                                  card=card)
            seen.add(card)
            held.append(card)
        if len(held) != 5 and not (misdealt and 1 <= len(held) <= 10):
            detail = "dealt_one_to_ten" if misdealt else "dealt_five"
            raise EngineError("wrong_hand_size", detail, f"deal.{role}", seat=role,
                              count=len(held))
        hands[role] = held
    card = read_card(turn_up, "deal.turn_up")
    if card in seen:
        raise EngineError("duplicate_card", "turn_up_in_hand", "deal.turn_up", card=card)
    seen.add(card)
    hand.trump = SUIT_OF[card]
    if card[0] == "K" and not misdealt:
        mark_king_turned(hand, ("dealer", "king_turned") in forgotten)
    return hands, seen


def _exchange_shape(exchanges: list) -> None:
    """The shape of each proposal, checked with the rest of the record's shape."""
    for i, entry in enumerate(exchanges):
        if type(entry) is not dict:
            need_object(entry, f"exchanges[{i}]", "object")
        if not entry.keys() <= EXCHANGE_KEYS:
            check_keys(entry, EXCHANGE_KEYS, f"exchanges[{i}]")
        if type(entry.get("accepted")) is not bool:
            need_bool(entry.get("accepted"), f"exchanges[{i}].accepted")
        exchange_sides_shape(entry, ROLES, f"exchanges[{i}]")


def exchange_sides_shape(entry: dict, seats: tuple, where: str) -> None:
    """The shape of each seat's discard and draw in the proposal `entry` at `where`; a seat
    left out, or null, exchanged nothing. Shared by the three forms of record."""
    for seat in seats:
        side = entry.get(seat)
        if side is None:
            continue
        place = f"{where}.{seat}"
        need_object(side, place, "discard_and_draw")
        check_keys(side, SIDE_KEYS, place)
        need_list(side.get("discard"), f"{place}.discard", "cards")
        need_list(side.get("draw"), f"{place}.draw", "cards")


def _read_exchanges(exchanges: list, hands: dict, seen: set, hand: CheckedHand,
                    wrong: set) -> None:
    """The proposals in order. A player who played with the wrong number of cards (`wrong`,
    ruling 87) may have drawn other than he discarded."""
    if not exchanges:
        hand.vulnerable = "elder"
        return
    stock = STOCK
    for i, entry in enumerate(exchanges):
        if stock == 0:
            raise EngineError("stock_exhausted", "stock_empty", f"exchanges[{i}]")
        if not entry["accepted"]:
            if "elder" in entry or "dealer" in entry or "exposed" in entry:
                raise EngineError("bad_exchange", "refused_exchanges", f"exchanges[{i}]")
            if i + 1 < len(exchanges):
                raise EngineError("bad_exchange", "after_refusal", f"exchanges[{i + 1}]")
            if i > 0 and "exposed" in exchanges[i - 1]:
                raise EngineError("bad_exchange", "refuse_after_exposed", f"exchanges[{i}]",
                                  number=i)
            if i == 0:
                hand.vulnerable = "dealer"
            return
        if entry.get("elder") is None:
            raise EngineError("bad_exchange", "needs_elder", f"exchanges[{i}]")
        stock = exchange_side(entry["elder"], "elder", 1, hands, seen, stock, i,
                              unequal="elder" in wrong)
        side = entry.get("dealer") or NO_EXCHANGE
        if "exposed" in entry:
            stock = _exposed(entry["exposed"], entry["elder"], side, seen, stock, i)
        least = 1 if stock and hand.rules["dealer_exchange"] == "required" else 0
        stock = exchange_side(side, "dealer", least, hands, seen, stock, i,
                              unequal="dealer" in wrong)


NO_EXCHANGE = {"discard": (), "draw": ()}


def _exposed(value, elder: dict, dealer: dict, seen: set, stock: int, entry: int) -> int:
    """A card the dealer turned up in error as he gave the cards of proposal `entry` (ruling
    89): taken by the player it was turned for (it is in his draw), or else set aside with the
    discards, out of the stock. Returns what the stock holds after it."""
    where = f"exchanges[{entry}].exposed"
    card = read_card(value, where)
    drawn = {CANONICAL.get(c) if type(c) is str else None
             for c in [*elder["draw"], *dealer["draw"]]}
    if card in drawn:
        return stock
    if card in seen:
        raise EngineError("duplicate_card", "turned_up_not_in_stock", where, card=card)
    if stock == 0:
        raise EngineError("stock_exhausted", "stock_empty_turn_up", where)
    seen.add(card)
    return stock - 1


def exchange_side(side: dict, role: str, least: int, hands: dict, seen: set, stock: int,
                  entry: int, unequal: bool = False) -> int:
    """One player's discard and draw in the proposal numbered `entry`, checked and applied to
    his cards in `hands`: at least `least` cards, as many drawn as discarded unless he played
    with the wrong number of cards (`unequal`), no more than the `stock` holds (returned less
    what he drew). Shared by the three forms of record."""
    discard, draw = side["discard"], side["draw"]
    equal = len(discard) == len(draw) or unequal
    if not equal or not least <= len(draw) <= 5 or len(discard) > 5:
        where = f"exchanges[{entry}].{role}"
        if not equal:
            raise EngineError("bad_exchange", "unequal", where, seat=role, count=len(discard),
                              count2=len(draw))
        why = "at_most_five" if len(draw) > 5 or len(discard) > 5 else "at_least_one"
        raise EngineError("bad_exchange", why, where, seat=role)
    held = hands[role]
    for i, value in enumerate(discard):
        card = CANONICAL.get(value) if type(value) is str else None
        if card is None:
            read_card(value, f"exchanges[{entry}].{role}.discard[{i}]")
        if card not in held:
            raise EngineError("card_not_held", "discards_unheld",
                              f"exchanges[{entry}].{role}.discard[{i}]", seat=role, card=card)
        held.remove(card)
    if len(draw) > stock:
        raise EngineError("stock_exhausted", "stock_short", f"exchanges[{entry}].{role}.draw",
                          seat=role, count=len(draw), count2=stock)
    for i, value in enumerate(draw):
        card = CANONICAL.get(value) if type(value) is str else None
        if card is None:
            read_card(value, f"exchanges[{entry}].{role}.draw[{i}]")
        if card in seen:
            raise EngineError("duplicate_card", "drawn_not_in_stock",
                              f"exchanges[{entry}].{role}.draw[{i}]", seat=role, card=card)
        seen.add(card)
        held.append(card)
    return stock - len(draw)


def _read_tricks(tricks: list, hands: dict, revokes: set, led_out: set, hand: CheckedHand):
    """Plays the tricks, checking section 6 (`tricks.play_tricks`). The winner of each trick
    leads to the next, or his adversary when a lead out of turn that was played to stands
    (`led_out`, ruling 88). Returns the illegal plays a revoke excused, and the tricks."""
    check_no_play_after_game_end(hand, len(tricks), f"tricks[{hand.tricks_before_end}]")
    illegal = set()
    played = play_tricks(tricks, hands, ROLES, hand.trump, hand.rules["ranking"],
                         revokes=revokes, illegal=illegal, led_out=led_out)
    won = hand.tricks
    for _, _, _, taker, _ in played:
        won[taker] += 1
    if hand.double and hand.in_progress and hand.double["before_trick"] > len(tricks) + 1:
        raise EngineError("bad_format", "double_not_reached", "double.before_trick",
                          number=hand.double["before_trick"])
    return illegal, played
