"""The scorer's summary forms of a hand à trois and à quatre (templates/games/_trois_form.html,
_quatre_form.html): their choices, the players named by their seats, the `ecarte-trois/1` or
`ecarte-quatre/1` summary record they make (docs/hand-record.md), and a stored record read back
into them for a correction. Their fold "Irregularities" (_many_irregularities.html), on the
card-by-card correction and the finish form of a hand played card by card too, writes the
record's `irregularities` (docs/rules.md, rulings 80 to 83). The engine judges the record;
the form only writes it down."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.errors import Refused
from games.engine import quatre, trois
from games.formats import SEATS

ANSWERING = {"trois": trois.ANSWERING, "quatre": quatre.SEATS[1:]}  # who answers a proposal
FORMAT = {"trois": trois.FORMAT, "quatre": quatre.FORMAT}
SEAT_WORDS = {"elder": gettext_lazy("elder"), "middle": gettext_lazy("middle"),
              "second": gettext_lazy("second"), "third": gettext_lazy("third"),
              "dealer": gettext_lazy("dealer")}
SIDES = {side: tuple(seat for seat in quatre.SEATS if quatre.SIDE_OF[seat] == side)
         for side in quatre.SIDES}  # the elder and the third, the second and the dealer
NO_TRICK = "none"  # the à quatre button of a hand a king mark ended before play
REPLAY_REASONS = ("revoke", "false_king", "misdeal")  # a hand dealt again, as two-handed


def kind_of(record: dict) -> str | None:
    """"trois" or "quatre" for a record of those forms, None for a two-handed one."""
    return next((kind for kind, name in FORMAT.items() if record.get("format") == name), None)


def named(kind: str, seats: dict, names: dict) -> list[dict]:
    """The seats in the order of play, each with its player's name and its word."""
    return [{"seat": seat, "name": names.get(str(seats.get(seat)), "—"),
             "word": SEAT_WORDS[seat]} for seat in SEATS[kind]]


def choices(kind: str, players: list[dict]) -> dict:
    """The opening's and the king's choices, the players named by their seats; the refusals
    are part of the opening, one tap each."""
    by_seat = {p["seat"]: p for p in players}
    refusals = [(f"refused:{seat}", _("proposal refused by %(name)s, %(seat)s") % {
        "name": by_seat[seat]["name"], "seat": by_seat[seat]["word"]})
        for seat in ANSWERING[kind]]
    announced = [(p["seat"], _("announced by %(name)s, %(seat)s") % {
        "name": p["name"], "seat": p["word"]}) for p in players]
    return {"openings": [("played", _("played without proposing")), *refusals,
                         ("exchanged", _("exchanged"))],
            "kings": [("none", _("no king")), ("turned", _("turned up")), *announced]}


def sides(players: list[dict]) -> list[dict]:
    """The two sides à quatre, each with its partners."""
    by_seat = {p["seat"]: p for p in players}
    words = {"elder_side": _("the elder's side"), "dealer_side": _("the dealer's side")}
    return [{"side": side, "word": words[side], "players": [by_seat[s] for s in pair]}
            for side, pair in SIDES.items()]


def _count(post, name: str, at: str) -> int:
    try:
        count = int(post.get(name))
    except (TypeError, ValueError):
        raise Refused("bad_summary", _("Tap how many tricks each took."), at) from None
    return count


def summary_record(kind: str, post) -> dict:
    """The form as a summary record of its format (docs/hand-record.md)."""
    opening = post.get("opening") or ""
    refused_by = None
    if opening.startswith("refused:"):
        opening, refused_by = "refused", opening.split(":", 1)[1]
    if opening not in ("played", "refused", "exchanged"):
        raise Refused("bad_summary", _("Choose the opening."), "summary.opening")
    king = announced(kind, post, post.get("king") or "none")
    summary = {"opening": opening}
    if refused_by:
        summary["refused_by"] = refused_by
    summary["king_turned"] = king == "turned"
    if king in SEATS[kind]:
        summary["king"] = king
    if kind == "trois":
        summary["tricks"] = {seat: _count(post, f"tricks_{seat}", "summary.tricks")
                             for seat in SEATS[kind]}
        if post.get("first_to_two") in SEATS[kind]:
            summary["first_to_two"] = post["first_to_two"]
    elif post.get("elder_side") == NO_TRICK:
        summary["tricks"] = {"elder_side": 0, "dealer_side": 0}
    else:
        elder_side = _count(post, "elder_side", "summary.tricks")
        summary["tricks"] = {"elder_side": elder_side, "dealer_side": 5 - elder_side}
    return with_irregularities(kind, post, {"format": FORMAT[kind], "summary": summary})


def announced(kind: str, post, king):
    """Who announced the king, as the form has it (`king`: a seat, "turned", or none): a
    false king of the fold is an announced king."""
    false_king = post.get("many_false_king_by")
    return false_king if king in (None, "", "none") and false_king in SEATS[kind] else king


def with_irregularities(kind: str, post, record: dict) -> dict:
    """The record with the fold's irregularities: a revoke, a false king, and the hand to
    deal again, each player named by his seat."""
    entries = irregular_entries(kind, post)[0]
    return record | {"irregularities": entries} if entries else record


def irregular_entries(kind: str, post) -> tuple[list[dict], list[str]]:
    """The fold's irregularities as the record's entries, in order; and the field each came
    from ("many_revoke", "many_false_king", "many_replay"), so that a refusal at
    "irregularities[i]" is shown beside it (scoring.field_of)."""
    entries, names = [], []
    if post.get("many_revoke_by") in SEATS[kind]:
        try:
            trick = int(post.get("many_revoke_trick"))
        except (TypeError, ValueError):
            trick = None  # the engine names the trick as missing
        entries.append({"type": "revoke", "by": post["many_revoke_by"], "trick": trick})
        names.append("many_revoke")
    if post.get("many_false_king_by") in SEATS[kind]:
        entries.append({"type": "false_king", "by": post["many_false_king_by"]})
        names.append("many_false_king")
    reason = post.get("many_replay_reason")
    if reason in REPLAY_REASONS or reason == "undone":
        entries.append({"type": "replay", "reason": reason})
        names.append("many_replay")
    return entries, names


def irregular_values(record: dict) -> dict:
    """A stored record's irregularities as the fold's values (`with_irregularities` read
    back)."""
    values = {}
    for entry in record.get("irregularities") or []:
        if entry.get("type") == "replay":
            values["many_replay_reason"] = entry.get("reason")
        elif entry.get("type") in ("revoke", "false_king"):
            values[f"many_{entry['type']}_by"] = entry.get("by")
            if entry["type"] == "revoke":
                values["many_revoke_trick"] = str(entry.get("trick"))
    return values


def irregular_fields(players: list[dict], values, action: str, errors: dict | None = None, *,
                     revoke: bool = True) -> dict:
    """The fold "Irregularities" of the form whose action is `action`: its choices, each
    player named by his seat, with the value chosen and the refusal beside it; open when one
    is chosen or refused. No revoke on the finish form of a hand played card by card
    (`revoke` False): the trick form keeps each one as it is played."""
    own = errors if errors and errors.get("action") == action else {}
    nobody = ("none", "—")
    seated = [nobody] + [(p["seat"], _("%(name)s, %(seat)s") % {"name": p["name"],
                                                               "seat": p["word"]})
                         for p in players]
    reasons = [nobody, ("revoke", _("a revoke")), ("false_king", _("a false king")),
               ("misdeal", _("a misdeal"))]
    if values.get("many_replay_reason") == "undone":
        reasons.append(("undone", _("undone by the scorer: entered in error")))

    def field(name, label, choices):
        return {"name": name, "label": label, "choices": [(str(v), t) for v, t in choices],
                "value": str(values.get(name, "")), "error": own.get(name)}
    fields = [field("many_revoke_by", _("Revoke (renonce) by"), seated),
              field("many_revoke_trick", _("in trick"), [(n, n) for n in range(1, 6)]),
              field("many_false_king_by", _("False king (faux roi) by"), seated),
              field("many_replay_reason", _("Void: the deal to be played again (la donne à "
                                            "refaire), for"), reasons)][0 if revoke else 2:]
    chosen = any(f["value"] not in ("", "none") for f in fields
                 if f["name"] != "many_revoke_trick")
    return {"fields": fields, "open": chosen or any(f["error"] for f in fields),
            "action": action}


def prefill(record: dict) -> dict:
    """A stored summary record as the form's values."""
    summary = record.get("summary") or {}
    opening = summary.get("opening")
    if opening == "refused":
        opening = f"refused:{summary.get('refused_by')}"
    king = "turned" if summary.get("king_turned") else summary.get("king") or "none"
    tricks = summary.get("tricks") or {}
    values = {"opening": opening, "king": king,
              "first_to_two": summary.get("first_to_two") or "", **irregular_values(record)}
    for seat, count in tricks.items():
        values[f"tricks_{seat}"] = str(count)
    if "elder_side" in tricks:
        values["elder_side"] = NO_TRICK if not any(tricks.values()) else str(
            tricks["elder_side"])
    return values


def trick_rows(kind: str, players: list[dict], values) -> list[dict]:
    """À trois, a row of taps 0 to 5 for each player, with the count chosen."""
    return [p | {"field": f"tricks_{p['seat']}", "chosen": str(values.get(
        f"tricks_{p['seat']}", ""))} for p in players] if kind == "trois" else []


# The à quatre buttons: the elder's side's tricks and the dealer's side's, and a vole.
SPLITS = [{"elder_side": n, "dealer_side": 5 - n, "vole": n in (0, 5)}
          for n in (5, 4, 3, 2, 1, 0)]
COUNTS = range(6)


def context(kind: str, seats: dict, names: dict, values, errors: dict) -> dict:
    """What the form of `kind` needs, for the hand whose seats are `seats` ({seat: player
    id}), with the refusals of the form last sent."""
    players = named(kind, seats, names)
    made = choices(kind, players)
    return {"many": kind, "seated": players, "many_openings": made["openings"],
            "many_kings": made["kings"], "trick_rows": trick_rows(kind, players, values),
            "sides": sides(players) if kind == "quatre" else [], "quatre_splits": SPLITS,
            "counts": COUNTS, "many_irregular": irregular_fields(players, values, kind, errors),
            "many_irregular_deal": irregular_fields(players, values, "many_deal", errors)}
