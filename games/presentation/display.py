"""Hand records and results in words, for the pages, the secretary's admin and the exports.

Cards are written with their suit symbols ("K♠ Q♠ A♠ J♦ Q♦"), the tricks with who led and who
won each, and the marks as "elder +1 point, elder +1 vole" (their names from marks.py).
Each `*_lines` function returns [(label, text or [texts])]; `lines_html` turns such a list into
escaped HTML, the red suits coloured. Nothing here writes, and nothing raises on a record the
engine would reject: a stored record is shown as it is.

The words are in the active language (gettext, so the pages show them in the reader's
language and the admin in its own); the exports render them under translation.override("en").
"""
import re

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext

from games.engine import EngineError, HandState, hand_state
from games.presentation.cards import face as card
from games.presentation.marks import mark_word

OTHER = {"elder": "dealer", "dealer": "elder"}
# The seats of every format in the order of play, then the sides à quatre: what records and
# results name (docs/hand-record.md), each with its word.
ROLES = {
    "elder": gettext_noop("elder"), "middle": gettext_noop("middle"),
    "second": gettext_noop("second"), "third": gettext_noop("third"),
    "dealer": gettext_noop("dealer"),
    "elder_side": gettext_noop("elder's side"), "dealer_side": gettext_noop("dealer's side"),
}
# When the king of trumps was announced (a record's `king_announced`, docs/rules.md, ruling 92).
ANNOUNCED_WHEN = {
    "before_play": gettext_noop("before play"),
    "with_first_card": gettext_noop("with his first card, the king"),
    "before_second_card": gettext_noop("after his first card, before his second"),
}
OPENINGS = {
    "played": gettext_noop("the elder played without proposing"),
    "refused": gettext_noop("the dealer refused the first proposal"),
    "exchanged": gettext_noop("exchanged"),
}


def role(name) -> str:
    """A seat or a side in words ("elder", "middle", "elder's side"); anything else as it
    is."""
    return _(ROLES[name]) if name in ROLES else str(name)


# -- cards: card("KS") -> "K♠" ("R♠" in French), from games.presentation.cards -----------
def cards(items) -> str:
    if not isinstance(items, list) or not items:
        return "—"
    return " ".join(card(c) for c in items)


# -- the record ---------------------------------------------------------------------------
def record_lines(record, *, ranking: str = "classic") -> list:
    """The record in words. `ranking` is the table's, used to tell who won each trick when
    the record itself does not say. Tricks the engine cannot follow are shown as recorded."""
    if not isinstance(record, dict):
        return [(_("record"), repr(record))]
    if isinstance(record.get("deal"), dict):
        lines = _full_lines(record, ranking)
    elif isinstance(record.get("summary"), dict):
        lines = _summary_lines(record["summary"])
    else:
        lines = [(_("record"), _("neither a deal nor a summary"))]
    return lines + _variant_lines(record)


def _full_lines(record: dict, ranking: str) -> list:
    deal = record["deal"]
    seats = [seat for seat in ROLES if seat in deal] or list(OTHER)
    if seats == list(OTHER):
        lines = [(_("deal"), _("elder %(elder)s; dealer %(dealer)s; turn-up %(turn_up)s") % {
            "elder": cards(deal.get("elder")), "dealer": cards(deal.get("dealer")),
            "turn_up": card(deal.get("turn_up"))})]
    else:  # à trois and à quatre: a line a seat
        lines = [(_("deal"), [f"{role(seat)} {cards(deal.get(seat))}" for seat in seats]
                  + [_("turn-up %(card)s") % {"card": card(deal.get("turn_up"))}])]
    exchanges = record.get("exchanges")
    if not exchanges:
        lines.append((_("exchanges"), _("none: the elder played without proposing")))
    elif isinstance(exchanges, list):
        lines.append((_("exchanges"), [_exchange(i, e) for i, e in enumerate(exchanges, 1)]))
    if record.get("king"):
        lines.append((_("king"), _announced(record["king"], record.get("king_announced"))))
    tricks = record.get("tricks") or []
    if tricks:
        try:
            lines.append((_("tricks"), trick_lines(hand_state(record, ranking))))
        except EngineError:
            lines.append((_("tricks"), _tricks_as_recorded(tricks)))
    elif not record.get("in_progress"):
        lines.append((_("tricks"), _("none played")))
    return lines


def _announced(by, when=None, pattern: str = gettext_noop("announced by the %(role)s")) -> str:
    """"announced by the elder", and when, if the record says ("..., before play")."""
    said = _(pattern) % {"role": role(by)}
    return f"{said}, {_(ANNOUNCED_WHEN[when])}" if when in ANNOUNCED_WHEN else said


def _exchange(number: int, exchange) -> str:
    if not isinstance(exchange, dict):
        return f"{number}. {exchange!r}"
    if not exchange.get("accepted"):
        return f"{number}. " + _("refused by the %(role)s") % {
            "role": role(exchange.get("refused_by") or "dealer")}
    parts = []
    for who in (seat for seat in ROLES if seat in OTHER or seat in exchange):
        side = exchange.get(who) or {}
        if side.get("discard"):
            parts.append(_("%(role)s discards %(discard)s, draws %(draw)s") % {
                "role": role(who), "discard": cards(side["discard"]),
                "draw": cards(side.get("draw"))})
        else:
            parts.append(_("%(role)s stands") % {"role": role(who)})
    if exchange.get("exposed"):
        parts.append(_("a card turned up in error: %(card)s") % {"card": card(exchange["exposed"])})
    return f"{number}. " + listed(parts)


def trick_lines(state: HandState, *, numbered: bool = True) -> list:
    """One line per trick of a hand's state (games.engine.hand_state): who led which card, what
    the other played, who won it; à trois and à quatre, each seat's card from the leader's.
    Each line starts with its trick's number ("1. "), unless `numbered` is false: for a list
    that numbers its items itself (an <ol>)."""
    out = []
    for trick in state.tricks:
        if len(trick.seats) == 2:
            text = _("%(leader)s leads %(led)s, %(follower)s plays %(played)s: %(winner)s wins") % {
                "leader": role(trick.seats[0]), "led": card(trick.cards[0]),
                "follower": role(trick.seats[1]), "played": card(trick.cards[1]),
                "winner": role(trick.winner)}
        else:
            text = _("%(cards)s: %(winner)s wins") % {
                "cards": ", ".join(f"{role(seat)} {card(c)}"
                                   for seat, c in zip(trick.seats, trick.cards)),
                "winner": role(trick.winner)}
        out.append(f"{trick.number}. {text}" if numbered else text)
    return out


def _tricks_as_recorded(tricks) -> list:
    """The tricks of a record the engine cannot follow, their cards as they stand."""
    return [f"{number}. " + (", ".join(card(c) for c in trick) if isinstance(trick, list)
                             else repr(trick)) for number, trick in enumerate(tricks, 1)]


def _summary_lines(summary: dict) -> list:
    """A summary record in one line: "exchanged; king turned; tricks elder 3, dealer 2"."""
    opening = summary.get("opening")
    if opening == "refused" and summary.get("refused_by"):
        parts = [_("the %(role)s refused the first proposal") % {
            "role": role(summary["refused_by"])}]
    else:
        parts = [_(OPENINGS[opening]) if opening in OPENINGS else str(opening)]
    if summary.get("turn_up"):
        parts.append(_("turn-up %(card)s") % {"card": card(summary["turn_up"])})
    if summary.get("king_turned"):
        parts.append(_("king turned up"))
    if summary.get("king"):
        parts.append(_announced(summary["king"], summary.get("king_announced"),
                                gettext_noop("king announced by the %(role)s")))
    if "king_holder" in summary:
        parts.append(_("the king of trumps held by the %(role)s") % {
            "role": role(summary["king_holder"])} if summary["king_holder"]
            else _("the king of trumps in no hand"))
    tricks = summary.get("tricks")
    if isinstance(tricks, dict):
        parts.append(_("tricks %(counts)s") % {"counts": _by_role(tricks)})
    if summary.get("first_to_two"):
        parts.append(_("the %(role)s was first to two tricks") % {
            "role": role(summary["first_to_two"])})
    return [(_("summary"), listed(parts))]


def _variant_lines(record: dict) -> list:
    lines = []
    double = record.get("double")
    if isinstance(double, dict):
        text = (_("by the %(role)s before trick %(trick)s, accepted") if double.get("accepted")
                else _("by the %(role)s before trick %(trick)s, declined"))
        lines.append((_("double"), text % {"role": role(double.get("by")),
                                           "trick": double.get("before_trick")}))
    offer = record.get("offer")
    if isinstance(offer, dict):
        text = (_("the %(role)s offered the point, accepted") if offer.get("accepted")
                else _("the %(role)s offered the point, refused"))
        lines.append((_("offer"), text % {"role": role(offer.get("by"))}))
    irregularities = record.get("irregularities")
    if irregularities:
        lines.append((_("irregularities"), [_irregularity(e) for e in irregularities]))
    if record.get("in_progress"):
        lines.append((_("in progress"), _("the hand is still being played")))
    context = [_("target %(target)s") % {"target": record["target"]}] if "target" in record else []
    if record.get("target_card"):
        context.append(_("the card turned at random for the target: %(card)s") % {
            "card": card(record["target_card"])})
    if isinstance(record.get("score_before"), dict):
        context.insert(0, _("score before: %(counts)s") % {
            "counts": _by_role(record["score_before"])})
    if isinstance(record.get("rules"), dict):
        context.append(_("rules %(rules)s") % {"rules": ", ".join(
            f"{k} {word(v)}" for k, v in record["rules"].items())})
    if context:
        lines.append((_("as scored"), listed(context)))
    return lines


def _irregularity(entry) -> str:
    if not isinstance(entry, dict):
        return repr(entry)
    irregular, by = entry.get("type"), role(entry.get("by"))
    if irregular == "revoke":
        return _("revoke by the %(role)s in trick %(trick)s") % {"role": by,
                                                                 "trick": entry.get("trick")}
    if irregular == "false_king":
        return _("false king by the %(role)s") % {"role": by}
    if irregular == "abandon":
        return _("abandoned by the %(role)s") % {"role": by}
    if irregular == "replay":
        return _("replay (%(reason)s)") % {
            "reason": str(entry.get("reason", "")).replace("_", " ")}
    return _law(irregular, by, entry)


def _law(irregular, by: str, entry: dict) -> str:
    """An entry of the Laws to the letter (docs/rules.md, rulings 84 to 94) in words."""
    if irregular == "unmarked":
        return _("not marked in time by the %(role)s: %(mark)s") % {
            "role": by, "mark": mark_word(entry.get("mark"))}
    if irregular == "marked_late":
        return _("marked late by the %(role)s, before the next turn-up: %(mark)s") % {
            "role": by, "mark": mark_word(entry.get("mark"))}
    if irregular == "misdeal_played":
        return _("a misdeal played as dealt: no king turned up is marked")
    if irregular == "wrong_number":
        return _("the %(role)s played with %(cards)s cards") % {"role": by,
                                                                "cards": entry.get("cards")}
    if irregular == "lead_out_of_turn":
        return _("the %(role)s led trick %(trick)s out of turn, and it was played to") % {
            "role": by, "trick": entry.get("trick")}
    if irregular == "dealt_out_of_turn":
        return _("dealt out of turn: the deal stood")
    return repr(entry)


# -- the result ---------------------------------------------------------------------------
def marks_text(result, names: dict | None = None) -> str:
    """"elder +1 point, elder +1 vole"; "void" for a replay; "" when nothing was marked. With
    `names` ({seat or side: who}), each mark names who took it: "Athos +1 point"."""
    if not isinstance(result, dict):
        return ""
    if result.get("void"):
        return _("void")
    names = names or {}
    return ", ".join(_("%(name)s +%(points)s %(what)s") % {
        "name": names.get(m["to"]) or role(m["to"]), "points": m["points"],
        "what": mark_word(m["for"])}
        for m in result.get("marks", []))


def unmarked_text(result, names: dict | None = None) -> str:
    """The marks a hand gave and its players did not mark (the result's `unmarked`, docs/rules.md,
    ruling 84): "the point of Athos was not marked"; with no `names`, by role ("the point of
    the elder was not marked"); "" when none."""
    names = names or {}
    return ", ".join(_("the %(what)s of %(name)s was not marked") % {
        "what": mark_word(m.get("for")),
        "name": names.get(m.get("to")) or _("the %(role)s") % {"role": role(m.get("to"))}}
        for m in (result or {}).get("unmarked", []) if isinstance(m, dict))


def penalised_text(result, names: dict | None = None) -> str:
    """What a revoke or a false king cost its offender (the result's `penalised`, docs/rules.md,
    section 8): "Porthos does not mark +1 vulnerable beaten"; with no `names`, by role; ""
    when the penalty took nothing."""
    names = names or {}
    return ", ".join(_("%(name)s does not mark +%(points)s %(what)s") % {
        "name": names.get(m.get("to")) or role(m.get("to")), "points": m.get("points"),
        "what": mark_word(m.get("for"))}
        for m in (result or {}).get("penalised", []) if isinstance(m, dict))


def rulings(record, result, names: dict | None = None) -> list[str]:
    """What the Laws did in a hand, by name, a sentence each: each revoke and false king the
    record keeps ("a false king by Athos: no mark for the king"), then what the penalty took
    from the result ("the penalty: Athos does not mark +1 point"). [] when neither."""
    names = names or {}
    entries = (record or {}).get("irregularities") if isinstance(record, dict) else None
    out = []
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        by = names.get(entry.get("by")) or role(entry.get("by"))
        if entry.get("type") == "revoke":
            out.append(_("a revoke by %(name)s in trick %(trick)s") % {
                "name": by, "trick": entry.get("trick")})
        elif entry.get("type") == "false_king":
            out.append(_("a false king by %(name)s: no mark for the king") % {"name": by})
    penalty = penalised_text(result, names)
    if penalty:
        out.append(_("the penalty: %(marks)s") % {"marks": penalty})
    return out


def result_lines(result, names: dict | None = None) -> list:
    """The result in lines; with `names` ({seat or side: who}), its marks name who took them."""
    if not isinstance(result, dict):
        return [(_("result"), _("none: the hand is set aside"))]
    if result.get("void"):
        return [(_("void"), _("the hand is replayed: nothing is marked"))]
    lines = [(_("tricks"), _by_role(result.get("tricks", {})))]
    if result.get("vulnerable"):
        lines.append((_("vulnerable"), role(result["vulnerable"])))
    lines.append((_("marks"), marks_text(result, names) or _("none")))
    if result.get("unmarked"):
        lines.append((_("marks not made"), unmarked_text(result, names)))
    if result.get("penalised"):
        lines.append((_("the penalty"), penalised_text(result, names)))
    lines.append((_("score after"), _by_role(result.get("score_after", {}))))
    if result.get("game_over"):
        lines.append((_("game over"), _("the %(role)s wins the game") % {
            "role": role(result.get("winner"))}))
    if result.get("in_progress"):
        lines.append((_("in progress"), _("no trick points yet")))
    return lines


def _by_role(counts: dict) -> str:
    return ", ".join(f"{role(who)} {counts[who]}" for who in ROLES if who in counts)


# -- HTML -----------------------------------------------------------------------------------
_RED_CARD = re.compile(r"((?:10|\w)[♥♦])")  # any language's rank letter


def _html_text(text: str) -> str:
    return _RED_CARD.sub(r'<span class="red-suit">\1</span>', escape(text))


def lines_html(lines: list) -> SafeString:
    """[(label, text or [texts])] as a small block of HTML, the red suits in red. Spans only
    (styled as blocks), so that the block may sit in the admin's <p> of a read-only field."""
    rows = []
    for label, text in lines:
        if isinstance(text, list):
            body = "".join(f'<span class="hand-item">{_html_text(t)}</span>' for t in text)
        else:
            body = _html_text(text)
        rows.append(f'<span class="hand-line"><strong>{escape(_("%(label)s:") % {"label": label})}'
                    f'</strong> {body}</span>')
    return mark_safe('<span class="hand-lines">' + "".join(rows) + "</span>")


def hand_html(record, result, *, ranking: str = "classic", names: dict | None = None
              ) -> SafeString:
    """The record and its result in one block; with `names`, the marks by name."""
    return format_html('{}<span class="hand-result">{}</span>',
                       lines_html(record_lines(record, ranking=ranking)),
                       lines_html(result_lines(result, names)))


def listed(parts: list[str]) -> str:
    """Parts of a line as the reader's language separates them: "exchanged; king turned up"."""
    return pgettext("between the parts of a line", "; ").join(parts)


def word(value) -> str:
    """A table option's value in words: yes or no, or as it is with spaces."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value).replace("_", " ")

