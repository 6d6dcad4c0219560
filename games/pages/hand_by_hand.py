"""A hand as the hand-by-hand page draws it (templates/games/_hand_diagram.html), and the
table's hands grouped by game, for games.views.history.

A hand entered card by card is drawn from its record and the engine's reading of it
(games.engine.hand_state, which alone decides who takes each trick): the cards each player was
dealt, the turn-up, each proposal and what each player discarded and drew, the hands as play
began, and each trick card by card with who took it, each card with the words a screen reader
says when the page steps to it. Every hand, a summary too, has its marks by name: who marked
what, and for what (games.presentation.marks). Cards are games.presentation.cards.card, drawn
by templates/games/_card.html. Nothing here decides a rule."""
from django.utils.translation import gettext as _

from games.engine import EngineError, hand_state
from games.pages.score_widgets import SIDES
from games.presentation import display
from games.presentation.cards import card
from games.presentation.marks import mark_word
from games.presentation.results import game_result
from games.table_kinds import MANY_HANDED, seats_of


def players_of(table, elder, dealer) -> dict:
    """{seat: player id} of a hand whose elder and dealer are known."""
    if table.format in MANY_HANDED:
        return seats_of(table.format, table.seating, elder, dealer)
    return {"elder": elder, "dealer": dealer}


def takers(table, elder, dealer, names: dict) -> dict:
    """{seat or side: name}: whom a hand's record and result name, by name; à quatre each
    side as its partners ("Athos & Aramis")."""
    who = {seat: str(names.get(player, player))
           for seat, player in players_of(table, elder, dealer).items()}
    if table.format == "quatre":
        who |= {side: " & ".join(who[seat] for seat in pair) for side, pair in SIDES.items()
                if all(seat in who for seat in pair)}
    return who


# -- the hands grouped by game --------------------------------------------------------------
def games_of(table, course, names: dict) -> list[dict]:
    """The course's games that have a hand, in order, each {"number", "title" (its result
    or its score so far), "hands": [{"at" (the hand's place among the hands that count, from
    1), "number", "marks", "rulings" (what the Laws did: display.rulings), "void",
    "in_progress"}]}."""
    partners = getattr(getattr(course, "engine", None), "partnerships", ())
    records = dict(table.hands.values_list("number", "record"))
    out, at = [], 0
    for game in course.games:
        hands = []
        for number, result in game.hands:
            at += 1
            elder, dealer = course.seated.get(number, (None, None))
            result, who = result or {}, takers(table, elder, dealer, names)
            hands.append({"at": at, "number": number, "void": bool(result.get("void")),
                          "in_progress": bool(result.get("in_progress")),
                          "marks": display.marks_text(result, who),
                          "rulings": display.rulings(records.get(number), result, who)})
        if hands:
            out.append({"number": game.number, "hands": hands,
                        "title": game_result(game, names, partners)})
    return out


# -- one hand -------------------------------------------------------------------------------
def marks(result, who: dict) -> list[dict]:
    """The hand's marks in the order marked: [{"name", "points", "what"}]."""
    return [{"name": who.get(m["to"], display.role(m["to"])), "points": m["points"],
             "what": mark_word(m["for"])} for m in (result or {}).get("marks", [])]


def tricks_taken(result, who: dict) -> str:
    """"Athos 4, Porthos 1": the tricks each took (à quatre each side), in the order of the
    record's seats or sides; "" when the result counts none."""
    counts = (result or {}).get("tricks") or {}
    return ", ".join(f"{who.get(role, display.role(role))} {counts[role]}"
                     for role in display.ROLES if role in counts)


def summarised(record, who: dict) -> list[str]:
    """How a summary hand went, by name: who proposed and how it was answered, who announced
    the king; [] for a record that is not a summary."""
    summary = record.get("summary") if isinstance(record, dict) else None
    if not isinstance(summary, dict):
        return []
    elder = who.get("elder", display.role("elder"))
    opening, lines = summary.get("opening"), []
    if opening == "played":
        lines.append(_("%(name)s played without proposing.") % {"name": elder})
    elif opening == "refused":
        by = summary.get("refused_by") or "dealer"
        lines.append(_("%(elder)s proposes; %(name)s refuses: the hand is played as it "
                       "stands.") % {"elder": elder, "name": who.get(by, display.role(by))})
    elif opening == "exchanged":
        lines.append(_("%(elder)s proposes, and it is accepted.") % {"elder": elder})
    king = _king(summary, who)
    return lines + ([king] if king else [])


def drawn(record, who: dict, ranking: str) -> dict | None:
    """The hand card by card, as the page draws it; None for a summary, or a record whose
    cards the engine cannot follow (its words show it as it stands)."""
    if not isinstance(record, dict) or not isinstance(record.get("deal"), dict):
        return None
    try:
        state = hand_state(record, ranking)
        start = hand_state({**record, "tricks": []}, ranking)
    except EngineError:
        return None
    deal = record["deal"]
    seats = [{"seat": seat, "name": who.get(seat, display.role(seat)),
              "word": display.role(seat), "dealt": [card(c) for c in deal[seat]],
              "start": [card(c) | {"code": c} for c in start.held[seat]],
              "taken": state.taken[seat]} for seat in state.seats]
    elder = who.get("elder", display.role("elder"))
    return {
        "elder": seats[0], "others": seats[1:], "turn_up": card(state.turn_up),
        "exchanges": _exchanges(record, state.seats, who),
        "king": _king(record, who),
        "tricks": [_trick(trick, who) for trick in state.tricks],
        "steps": sum(len(trick.cards) for trick in state.tricks),
        "start_said": _("The play begins: %(name)s leads.") % {"name": elder},
        "in_progress": bool(record.get("in_progress")),
    }


def _exchanges(record: dict, seats: tuple, who: dict) -> dict:
    """{"played": the sentence when the elder played without proposing, "proposals": [...]}:
    each proposal accepted, with what each player discarded and drew, or refused, by whom."""
    elder = who.get("elder", display.role("elder"))
    entries = record.get("exchanges") or []
    if not entries:
        return {"played": _("%(name)s played without proposing.") % {"name": elder},
                "proposals": []}
    proposals = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            continue
        if not entry.get("accepted"):
            by = entry.get("refused_by") or "dealer"
            proposals.append({"number": number, "said": _(
                "%(elder)s proposes; %(name)s refuses: the hand is played as it stands.") % {
                "elder": elder, "name": who.get(by, display.role(by))}})
            continue
        sides = []
        for seat in seats:
            side = entry.get(seat) or {}
            if seat not in entry and len(seats) > 2:
                continue
            sides.append({"name": who.get(seat, display.role(seat)),
                          "discard": [card(c) for c in side.get("discard") or []],
                          "draw": [card(c) for c in side.get("draw") or []]})
        proposals.append({"number": number, "sides": sides, "said": _(
            "%(elder)s proposes, and it is accepted.") % {"elder": elder}})
    return {"played": None, "proposals": proposals}


def _king(record: dict, who: dict) -> str | None:
    by = record.get("king")
    if by not in who:
        return None
    return _("%(name)s announces the king of trumps.") % {"name": who[by]}


def _trick(trick, who: dict) -> dict:
    plays = []
    for k, (seat, code) in enumerate(zip(trick.seats, trick.cards)):
        face = card(code)
        name = who.get(seat, display.role(seat))
        if k == 0:
            said = _("Trick %(number)s, %(name)s leads: %(card)s.") % {
                "number": trick.number, "name": name, "card": face["name"]}
        else:
            said = _("%(name)s plays: %(card)s.") % {"name": name, "card": face["name"]}
        plays.append({"seat": seat, "name": name, "card": face, "code": code, "said": said})
    winner = who.get(trick.winner, display.role(trick.winner))
    return {"number": trick.number, "plays": plays, "winner": winner,
            "winner_seat": trick.winner,
            "taken": _("%(name)s takes the trick") % {"name": winner}}
