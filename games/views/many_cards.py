"""The scorer's card-by-card entry of a hand à trois or à quatre (templates/games/
_many_deal_form.html, then the trick form of score.html): the deal and the exchanges as a full
record in progress (docs/hand-record.md), and the hand in progress as the trick form shows it,
each trick's cards in the order played from its leader, the winner of the trick before. The
engine judges every card; these only write them down and read them back."""
import re

from django.utils.translation import gettext as _

from club.errors import Refused
from games import words
from games.admin import display
from games.engine.cards import SUIT_OF, parse_card
from games.engine.tricks import winner
from games.formats import SEATS
from games.views.many_forms import (
    ANSWERING,
    FORMAT,
    announced,
    irregular_values,
    named,
    with_irregularities,
)

EXCHANGE_ROWS = 3  # proposals accepted that a page can enter, as two-handed
# The trick form's fields, one a card, in the order played: the leader's first.
PLAYED = ("leader", "follower", "follower2", "follower3")


def cards_of(text: str) -> list[str]:
    """ "K♠ q♠, 10♦" -> ["KS", "QS", "TD"]; what is not a card is kept for the engine to
    refuse where it stands."""
    return [parse_card(c) or c for c in re.split(r"[\s,;]+", text or "") if c]


def cards_text(cards) -> str:
    """["KS", "TD"] -> "K♠ 10♦": stored cards as a card field shows them (`cards_of` read
    back)."""
    return " ".join(display.card(c) for c in cards or [])


def tricks_of(post) -> list[list[str]]:
    """A correction's trick fields, trick0 to trick4, each one's cards; empty ones left out."""
    return [cards_of(post.get(f"trick{n}")) for n in range(5)
            if post.get(f"trick{n}", "").strip()]


def deal_record(kind: str, post) -> dict:
    """The deal form as a full record in progress of its format, with no trick yet."""
    turn_up = cards_of(post.get("turn_up"))
    deal = {seat: cards_of(post.get(seat)) for seat in SEATS[kind]}
    deal["turn_up"] = turn_up[0] if len(turn_up) == 1 else " ".join(turn_up)
    record = {"format": FORMAT[kind], "deal": deal, "exchanges": []}
    opening = post.get("opening") or ""
    if opening.startswith("refused:"):
        record["exchanges"] = [{"accepted": False, "refused_by": opening.split(":", 1)[1]}]
    elif opening == "exchanged":
        for row in range(EXCHANGE_ROWS):
            sides = {seat: {part: cards_of(post.get(f"ex{row}_{seat}_{part}"))
                            for part in ("discard", "draw")} for seat in SEATS[kind]}
            sides = {seat: side for seat, side in sides.items() if any(side.values())}
            if sides:
                record["exchanges"].append({"accepted": True, **sides})
        if post.get("then_refused") in ANSWERING[kind]:
            record["exchanges"].append({"accepted": False, "refused_by": post["then_refused"]})
    elif opening != "played":
        raise Refused("bad_exchange", _("Choose the opening."), "exchanges")
    if post.get("king") in SEATS[kind]:
        record["king"] = post["king"]
    record["in_progress"] = True
    return record


def full_record(kind: str, post) -> dict:
    """A correction's form as a full record: the deal form's, with its tricks, each one's cards
    in the order played from its leader, and the fold's irregularities; in progress only when
    the form says so."""
    record = deal_record(kind, post)
    record["tricks"] = tricks_of(post)
    if not post.get("in_progress"):
        del record["in_progress"]
    king = announced(kind, post, record.get("king"))
    if king:
        record["king"] = king
    return with_irregularities(kind, post, record)


def prefill(record: dict) -> dict:
    """A stored full record as the correction's values: `full_record` read back."""
    deal, exchanges = record.get("deal") or {}, record.get("exchanges") or []
    values = {seat: cards_text(cards) for seat, cards in deal.items() if seat != "turn_up"}
    values |= {"turn_up": cards_text([deal.get("turn_up")] if deal.get("turn_up") else []),
               "king": record.get("king") or "none",
               "in_progress": "on" if record.get("in_progress") else "",
               **irregular_values(record)}
    accepted = [entry for entry in exchanges if entry.get("accepted")]
    refusal = next((entry.get("refused_by") for entry in exchanges
                    if not entry.get("accepted")), None)
    values["opening"] = ("exchanged" if accepted else f"refused:{refusal}" if refusal
                         else "played")
    values["then_refused"] = refusal if accepted and refusal else ""
    for row, entry in enumerate(accepted):
        for seat, side in entry.items():
            if isinstance(side, dict):
                for part in ("discard", "draw"):
                    values[f"ex{row}_{seat}_{part}"] = cards_text(side.get(part))
    for n, trick in enumerate(record.get("tricks") or []):
        values[f"trick{n}"] = cards_text(trick)
    return values


def deal_fields(kind: str, seated: list[dict], values, errors: dict) -> dict:
    """The card fields of the deal form, each seat named by its player."""
    def field(name, label, size, kind_, seat=""):
        return {"name": name, "label": label, "size": size, "kind": kind_, "role": seat,
                "value": values.get(name, ""), "error": errors.get(name)}
    deal = [field(p["seat"], _("%(name)s, %(seat)s: five cards") % {
        "name": p["name"], "seat": p["word"]}, 5, "hand", p["seat"]) for p in seated]
    deal.append(field("turn_up", _("The turn-up (trumps)"), 1, "turn_up"))
    exchanges = [[field(f"ex{row}_{p['seat']}_{part}", (
        _("%(name)s discards") if part == "discard" else _("%(name)s draws")) % {
        "name": p["name"]}, 5, part, p["seat"]) for p in seated
        for part in ("discard", "draw")] for row in range(EXCHANGE_ROWS)]
    later = [("", _("no later refusal"))] + [
        (p["seat"], _("refused by %(name)s, %(seat)s") % {"name": p["name"], "seat": p["word"]})
        for p in seated if p["seat"] in ANSWERING[kind]]
    tricks = [field(f"trick{n}", _("Trick %(number)s: each card from the leader's") % {
        "number": n + 1}, len(SEATS[kind]), "trick") for n in range(5)]
    return {"deal": deal, "exchanges": exchanges, "later_refusals": later, "tricks": tricks}


def play_state(kind: str, record: dict, seats: dict, names: dict, ranking: str) -> dict:
    """The hand in progress as the trick form needs it: the next trick's number, the seats in
    the order they play to it from its leader, the cards each still holds, and the tricks so
    far in words."""
    seated = named(kind, seats, names)
    order = [p["seat"] for p in seated]
    held = {seat: [parse_card(c) for c in record["deal"][seat]] for seat in order}
    for entry in record.get("exchanges", []):
        for seat in order:
            side = entry.get(seat) or {}
            for card in side.get("discard", []):
                held[seat].remove(parse_card(card))
            held[seat] += [parse_card(card) for card in side.get("draw", [])]
    turn_up = parse_card(record["deal"]["turn_up"])
    by_seat = {p["seat"]: p for p in seated}
    leader, lines = 0, []
    for number, cards in enumerate(record.get("tricks", []), start=1):
        cards = [parse_card(card) for card in cards]
        playing = [order[(leader + k) % len(order)] for k in range(len(order))]
        for seat, card in zip(playing, cards):
            held[seat].remove(card)
        leader = (leader + winner(cards, SUIT_OF[turn_up], ranking)) % len(order)
        lines.append(_("Trick %(number)s: %(cards)s; %(name)s takes it") % {
            "number": number, "name": by_seat[order[leader]]["name"],
            "cards": ", ".join(f"{by_seat[seat]['name']} {words.card(card)['face']}"
                               for seat, card in zip(playing, cards))})
    playing = [by_seat[order[(leader + k) % len(order)]] for k in range(len(order))]
    return {"many": kind, "number": len(record.get("tricks", [])) + 1, "seated": seated,
            "turn_up": words.card(turn_up), "tricks": lines,
            "players": [p | {"cards": [words.card(c) | {"code": c} for c in held[p["seat"]]]}
                        for p in playing]}


def trick_sides(play: dict, errors: dict, values) -> list:
    """The trick form's places, one a player in the order he plays: (field, his cards, the
    player, the refusal at that card, the chosen card when the refusal is beside it), as the
    two-handed form has them."""
    sides = []
    for side, player in zip(PLAYED, play["players"]):
        chosen = values.get(side) if errors else None
        cards = [c | {"chosen": chosen} for c in player["cards"]]
        at_card = chosen if any(c["code"] == chosen for c in cards) else None
        sides.append((side, cards, {"name": player["name"], "word": player["word"]},
                      errors.get(side), at_card))
    return sides


def trick_of(kind: str, post) -> list[str]:
    """The trick form's cards in the order played; a missing one is refused at its place."""
    trick = [post.get(side, "") for side in PLAYED[:len(SEATS[kind])]]
    if not all(trick):
        raise Refused("bad_format", _("Tap a card for each player."),
                      f"tricks[0][{trick.index('')}]")
    return trick
