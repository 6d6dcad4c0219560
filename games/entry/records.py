"""The scorer's forms as hand records (docs/hand-record.md), and stored records read back into
them, for the three forms of the game: two-handed (`kind` None), à trois and à quatre ("trois",
"quatre"). A summary in taps, or a full record card by card: the deal and the exchanges of a
hand to play trick by trick, or a correction's with its tricks; the irregularities and variants
of their fold; a trick as the trick form sends it. The engine judges the record; these only
write it down, and keep what is not a card for the engine to refuse where it stands. A missing
choice is refused (club.errors.Refused) at the place of the record it would fill."""
import re

from django.utils.translation import gettext as _

from club.errors import Refused
from club.forms import whole_number
from club.refusal_codes import ClubCode, ClubRule
from games.engine import quatre, trois
from games.engine.cards import parse_card
from games.presentation import display
from games.presentation.cards import rank_letters
from games.refusal_codes import EngineCode
from games.table_kinds import SEATS_OF_KIND

TWO_HANDED = ("elder", "dealer")
RECORD_FORMAT = {"trois": trois.FORMAT, "quatre": quatre.FORMAT}  # by kind of table
ANSWERING = {"trois": trois.ANSWERING, "quatre": quatre.SEATS[1:]}  # who answers a proposal
OPENINGS = ("played", "refused", "exchanged")
EXCHANGE_ROWS = 3  # proposals accepted that a page can enter
# The trick form's fields, one a card, in the order played: the leader's first.
PLAYED = ("leader", "follower", "follower2", "follower3")
# The buttons of a summary's tricks: the elder's (à quatre his side's), the dealer's, and
# whether it is a vole. À trois taps each player's count (COUNTS).
SPLITS = [{"elder": n, "dealer": 5 - n, "vole": n in (0, 5)} for n in (5, 4, 3, 2, 1, 0)]
COUNTS = range(6)
# The button of a hand a king mark ended before play, no trick played (docs/rules.md,
# ruling 12), and the field it sends NO_TRICK as, by kind of hand.
NO_TRICK = "none"
NO_TRICK_FIELD = {None: "elder_tricks", "trois": "tricks", "quatre": "elder_side"}
# The fold's irregularities, in the order their entries go into the record: two-handed, the
# disclosure's fields are named by the irregularity ("revoke_by"), à trois and à quatre the
# fold's with "many_" before it ("many_revoke_by"), so that both may stand on one page.
IRREGULAR = {None: ("revoke", "false_king", "abandon", "replay"),
             "trois": ("revoke", "false_king", "replay"),
             "quatre": ("revoke", "false_king", "replay")}
VARIANTS = ("double", "offer")  # two-handed only, where the table's rules enable them
# The Laws to the letter (docs/rules.md, rulings 84 to 94), two-handed only: the fold's
# entries of the deal, which a hand to play card by card carries from its deal on ...
DEALT = ("misdeal_played", "wrong_number", "dealt_out_of_turn")
# ... and those a field of their own says whole: a yes, or a mark picked ("elder:point").
WHOLE = ("misdeal_played", "dealt_out_of_turn", "unmarked")
# The answers of a hand's forms after which the same seats play the next hand, whatever the
# hand gave: a void hand, dealt again by the same dealer, and a deal out of turn that stood,
# which the other player's follows (docs/rules.md, ruling 94).
SEATS_STAY = {"replay_reason": ("revoke", "false_king", "misdeal"),
              "dealt_out_of_turn": ("yes",)}
NO_KING = "nobody"  # a summary's king holder: the king of trumps was in no hand
KING_TIMES = ("before_play", "with_first_card", "before_second_card")  # the first, the default


def seats(kind: str | None) -> tuple:
    """The seats of a hand of `kind`, in the order of play."""
    return SEATS_OF_KIND[kind] if kind else TWO_HANDED


def prefix(kind: str | None) -> str:
    """What the fold's field names start with."""
    return "many_" if kind else ""


def kind_of(record: dict) -> str | None:
    """"trois" or "quatre" for a record of those forms, None for a two-handed one."""
    return next((kind for kind, name in RECORD_FORMAT.items() if record.get("format") == name),
                None)


def number_of(data, name: str = "number") -> int | None:
    """The whole number the form sent as `name` (club.forms.whole_number: the digits 0 to 9
    only), None when it sent none or left it empty. Anything else is refused (bad_form), never
    read as absent."""
    text = data.get(name)
    if text is None or text == "":
        return None
    try:
        return whole_number(text)
    except ValueError:
        raise Refused(ClubCode.BAD_FORM, f"{name} must be a whole number",
                      rule=ClubRule.NOT_A_NUMBER) from None


def cards_of(text: str) -> list[str]:
    """ "K♠ q♠, 10♦" -> ["KS", "QS", "TD"], and in the reader's letters as the page writes
    them ("R♠ d♠" on a French page); what is not a card is kept for the engine to refuse
    where it stands."""
    return [_card_of(c) for c in re.split(r"[\s,;]+", text or "") if c]


def _card_of(token: str) -> str:
    found = parse_card(token)
    if found is None and len(token) >= 2:
        codes = {letter: code for code, letter in rank_letters().items()}
        found = parse_card(codes.get(token[:-1].upper(), token[:-1]) + token[-1])
    return found or token


def cards_text(cards) -> str:
    """["KS", "TD"] -> "K♠ 10♦": stored cards as a card field shows them (`cards_of` read
    back)."""
    return " ".join(display.card(c) for c in cards or [])


# -- the form read as a record -----------------------------------------------------------------
def _opening(data) -> tuple[str, str | None]:
    """The opening tapped, and who refused the proposal à trois and à quatre ("refused:middle":
    one tap each)."""
    opening = data.get("opening") or ""
    if opening.startswith("refused:"):
        return "refused", opening.split(":", 1)[1]
    return opening, None


def announced(kind: str | None, data, king):
    """Who announced the king, as the form has it (`king`: a seat, "turned", or none): a false
    king of the fold is an announced king."""
    false_king = data.get(f"{prefix(kind)}false_king_by")
    return (false_king if king in (None, "", "none") and false_king in seats(kind)
            else king)


def fold_field(name: str, key: str | None = None) -> str:
    """The fold's field of the entry named `name` (as `irregularities` names it) that holds
    its `key`: "revoke", "trick" -> "revoke_trick"; "wrong_number" -> "wrong_number_by";
    "replay" -> "replay_reason"; an entry a field says whole, that field ("unmarked")."""
    if name in WHOLE:
        return name
    if name.endswith("replay"):
        return f"{name}_reason"
    return f"{name}_{key or 'by'}"


def _laws(data) -> tuple[list[dict], list[str]]:
    """The two-handed fold's entries of the Laws to the letter, the deal's first (DEALT), and
    the name of each (fold_field): a misdeal played, a player who played with N cards, a deal
    out of turn that stood, a lead out of turn, and a mark not made ("elder:point"), or on a
    correction marked late (`unmarked_late`)."""
    entries = []
    if data.get("misdeal_played") == "yes":
        entries.append({"type": "misdeal_played"})
    if data.get("wrong_number_by") in TWO_HANDED:
        entries.append({"type": "wrong_number", "by": data["wrong_number_by"],
                        "cards": number_of(data, "wrong_number_cards")})
    if data.get("dealt_out_of_turn") == "yes":
        entries.append({"type": "dealt_out_of_turn"})
    if data.get("lead_out_of_turn_by") in TWO_HANDED:
        entries.append({"type": "lead_out_of_turn", "by": data["lead_out_of_turn_by"],
                        "trick": number_of(data, "lead_out_of_turn_trick")})
    by, _colon, mark = (data.get("unmarked") or "").partition(":")
    if by in TWO_HANDED and mark:
        late = data.get("unmarked_late") == "yes"
        entries.append({"type": "marked_late" if late else "unmarked", "by": by, "mark": mark})
    return entries, ["unmarked" if e["type"] == "marked_late" else e["type"] for e in entries]


def irregularities(kind: str | None, data) -> tuple[dict, list[str]]:
    """The fold as the record's keys: `irregularities`, and two-handed `double` and `offer`;
    and the name of each irregularity's entry (`fold_field` gives its fields), in order, so
    that a refusal at "irregularities[i]" is shown beside it. Two-handed, the entries of the
    deal come first (DEALT), then the fold's others."""
    entries, names = _laws(data) if kind is None else ([], [])
    for irregular in IRREGULAR[kind]:
        name = prefix(kind) + irregular
        if irregular == "replay":
            reason = data.get(f"{name}_reason") or "none"
            if reason != "none":
                entries.append({"type": "replay", "reason": reason})
                names.append(name)
        elif data.get(f"{name}_by") in seats(kind):
            entry = {"type": irregular, "by": data[f"{name}_by"]}
            if irregular == "revoke":
                entry["trick"] = number_of(data, f"{name}_trick")  # none: the engine says so
            entries.append(entry)
            names.append(name)
    changes = {"irregularities": entries} if entries else {}
    if kind is None and data.get("double_by") in TWO_HANDED:
        changes["double"] = {"by": data["double_by"],
                             "before_trick": number_of(data, "double_before"),
                             "accepted": data.get("double_accepted") == "yes"}
    if kind is None and data.get("offer_by") in TWO_HANDED:
        changes["offer"] = {"by": data["offer_by"], "accepted": data.get("offer_accepted") == "yes"}
    return changes, names


def _with_fold(kind: str | None, data, record: dict) -> dict:
    """The record with the fold's irregularities and variants, the king a false king
    announced, and when he announced it."""
    record |= irregularities(kind, data)[0]
    king = announced(kind, data, record.get("king"))
    if king and king in seats(kind):
        record["king"] = king
        if data.get("king_announced") in KING_TIMES[1:]:
            record["king_announced"] = data["king_announced"]
    return record


def _count(data, name: str, message: str) -> int:
    try:
        return whole_number(data.get(name))
    except ValueError:
        raise Refused(EngineCode.BAD_SUMMARY, message, "summary.tricks") from None


def _tricks(kind: str | None, data) -> dict:
    """The summary's tricks: two-handed, a split's button or the counts of a hand that ended
    early; à trois each player's count; à quatre a split of the two sides. No trick at all
    when the button of a hand that a king mark ended before play was tapped (NO_TRICK)."""
    if data.get(NO_TRICK_FIELD[kind]) == NO_TRICK:
        return dict.fromkeys(("elder_side", "dealer_side") if kind == "quatre" else seats(kind),
                             0)
    if kind == "trois":
        return {seat: _count(data, f"tricks_{seat}", _("Tap how many tricks each took."))
                for seat in seats(kind)}
    if kind == "quatre":
        elder = _count(data, "elder_side", _("Tap how many tricks each took."))
        return {"elder_side": elder, "dealer_side": 5 - elder}
    if data.get("ended") == "early":
        return {role: number_of(data, f"early_{role}") or 0 for role in TWO_HANDED}
    elder = _count(data, "elder_tricks", _("Tap who took how many tricks."))
    return {"elder": elder, "dealer": 5 - elder}


def summary_record(kind: str | None, data) -> dict:
    """The taps as a summary record of the hand's form, with the fold's irregularities and
    variants; a two-handed hand that ended early (an abandon, a declined double, an accepted
    offer) gives its two trick counts."""
    opening, refused_by = _opening(data)
    if opening not in OPENINGS:
        raise Refused(EngineCode.BAD_SUMMARY, _("Choose the opening."), "summary.opening")
    summary = {"opening": opening}
    if refused_by:
        summary["refused_by"] = refused_by
    king = announced(kind, data, data.get("king") or "none")
    summary["king_turned"] = king == "turned"
    if king in seats(kind):
        summary["king"] = king
    if king in seats(kind) and data.get("king_announced") in KING_TIMES[1:]:
        summary["king_announced"] = data["king_announced"]
    holder = data.get(f"{prefix(kind)}king_holder")
    if holder in (*seats(kind), NO_KING):
        summary["king_holder"] = None if holder == NO_KING else holder
    summary["tricks"] = _tricks(kind, data)
    if kind == "trois" and data.get("first_to_two") in seats(kind):
        summary["first_to_two"] = data["first_to_two"]
    record = {"format": RECORD_FORMAT[kind]} if kind else {}
    return (record | _target_card(data) | {"summary": summary}
            | irregularities(kind, data)[0])


def _target_card(data) -> dict:
    """The card turned at random for the game's target (`target_card`), when the form gives
    it."""
    text = (data.get("target_card") or "").strip()
    return {"target_card": _card_of(text)} if text else {}


def _exchanges(kind: str | None, data) -> list[dict]:
    """The opening and the proposals accepted, as the record's `exchanges`."""
    opening, refused_by = _opening(data)
    if opening not in OPENINGS:
        raise Refused(EngineCode.BAD_EXCHANGE, _("Choose the opening."), "exchanges")
    if opening == "refused":
        return [{"accepted": False} | ({"refused_by": refused_by} if refused_by else {})]
    exchanges = []
    if opening == "exchanged":
        for row in range(EXCHANGE_ROWS):
            sides = {seat: {part: cards_of(data.get(f"ex{row}_{seat}_{part}"))
                            for part in ("discard", "draw")} for seat in seats(kind)}
            if kind:  # à trois and à quatre, a player who stands has no side
                sides = {seat: side for seat, side in sides.items() if any(side.values())}
            exposed = cards_of(data.get(f"ex{row}_exposed"))
            if any(any(side.values()) for side in sides.values()):
                exchanges.append({"accepted": True, **sides} | (
                    {"exposed": " ".join(exposed)} if exposed and not kind else {}))
        later = data.get("then_refused")
        if kind and later in ANSWERING[kind]:
            exchanges.append({"accepted": False, "refused_by": later})
        elif not kind and later:
            exchanges.append({"accepted": False})
    return exchanges


def full_record(kind: str | None, data, *, dealt: bool) -> dict:
    """The card-by-card form as a full record of the hand's form: `dealt`, the deal form of a
    hand to play trick by trick (in progress, no trick yet); otherwise a correction's, with its
    tricks, the fold's irregularities and variants, in progress only when the form says so."""
    turn_up = cards_of(data.get("turn_up"))
    deal = {seat: cards_of(data.get(seat)) for seat in seats(kind)}
    deal["turn_up"] = turn_up[0] if len(turn_up) == 1 else " ".join(turn_up)
    record = {"format": RECORD_FORMAT[kind]} if kind else {}
    record |= _target_card(data) | {"deal": deal, "exchanges": _exchanges(kind, data)}
    if data.get("king") in seats(kind):
        record["king"] = data["king"]
    if dealt:  # the deal's irregularities only: the others come when the hand is finished
        dealt_entries = [entry for entry in irregularities(kind, data)[0].get(
            "irregularities", []) if entry["type"] in DEALT]
        return record | ({"irregularities": dealt_entries} if dealt_entries else {}) | {
            "in_progress": True}
    record["tricks"] = [cards_of(data.get(f"trick{n}")) for n in range(5)
                        if (data.get(f"trick{n}") or "").strip()]
    if data.get("in_progress"):
        record["in_progress"] = True
    return _with_fold(kind, data, record)


def trick_of(kind: str | None, data) -> list[str]:
    """The trick form's cards in the order played; a missing one is refused at its place."""
    trick = [data.get(place) or "" for place in PLAYED[:len(seats(kind))]]
    if not all(trick):
        message = (_("Tap a card for each player.") if kind
                   else _("Tap the leader's card and the follower's card."))
        raise Refused(EngineCode.BAD_FORMAT, message, f"tricks[0][{trick.index('')}]")
    return trick


def finished(kind: str | None, data, record: dict) -> dict:
    """The finish form's changes to a hand played card by card: the fold's irregularities after
    those kept with the tricks, its variants, and the king a false king announced."""
    changes = irregularities(kind, data)[0]
    if "irregularities" in changes:
        changes["irregularities"] += record.get("irregularities", [])
    king = announced(kind, data, record.get("king"))
    if king:
        changes["king"] = king
        if data.get("king_announced") in KING_TIMES[1:]:
            changes["king_announced"] = data["king_announced"]
    return changes


# -- a stored record read back into the form ---------------------------------------------------
def prefill(record: dict) -> dict:
    """A stored record as its form's values: `summary_record` or `full_record` read back."""
    kind = kind_of(record)
    values = _fold_values(kind, record)
    if record.get("target_card"):
        values["target_card"] = parse_card(record["target_card"]) or record["target_card"]
    if "summary" in record:
        return values | _summary_values(kind, record["summary"])
    deal, exchanges = record.get("deal") or {}, record.get("exchanges") or []
    values |= {seat: cards_text(cards) for seat, cards in deal.items() if seat != "turn_up"}
    values |= {"turn_up": cards_text([deal["turn_up"]] if deal.get("turn_up") else []),
               "king": record.get("king") or "none",
               "king_announced": record.get("king_announced") or KING_TIMES[0],
               "in_progress": "on" if record.get("in_progress") else ""}
    accepted = [entry for entry in exchanges if entry.get("accepted")]
    refusal = next((entry for entry in exchanges if not entry.get("accepted")), None)
    refused = "refused" + (f":{refusal['refused_by']}" if refusal and kind else "")
    values["opening"] = "exchanged" if accepted else refused if refusal else "played"
    values["then_refused"] = ((refusal.get("refused_by") if kind else "on")
                              if accepted and refusal else "")
    for row, entry in enumerate(accepted):
        for seat, side in entry.items():
            if isinstance(side, dict):
                for part in ("discard", "draw"):
                    values[f"ex{row}_{seat}_{part}"] = cards_text(side.get(part))
        values[f"ex{row}_exposed"] = cards_text([entry["exposed"]] if entry.get("exposed")
                                                else [])
    for n, trick in enumerate(record.get("tricks") or []):
        values[f"trick{n}"] = cards_text(trick)
    return values


def _summary_values(kind: str | None, summary: dict) -> dict:
    opening = summary.get("opening")
    if opening == "refused" and kind:
        opening = f"refused:{summary.get('refused_by')}"
    values = {"opening": opening,
              "king": "turned" if summary.get("king_turned") else summary.get("king") or "none",
              "king_announced": summary.get("king_announced") or KING_TIMES[0]}
    if "king_holder" in summary:
        values[f"{prefix(kind)}king_holder"] = summary["king_holder"] or NO_KING
    tricks = summary.get("tricks") or {}
    # No trick at all after a king mark: the game ended before play (NO_TRICK's button).
    ended = not any(tricks.values()) and (kind == "quatre" or summary.get("king_turned")
                                          or summary.get("king"))
    if kind == "trois":
        values["first_to_two"] = summary.get("first_to_two") or ""
        values |= {f"tricks_{seat}": str(count) for seat, count in tricks.items()}
        values |= {"tricks": NO_TRICK} if ended else {}
    elif kind == "quatre":
        values["elder_side"] = NO_TRICK if ended else str(tricks.get("elder_side"))
    elif ended:
        values["elder_tricks"] = NO_TRICK
    else:
        counts = [tricks.get(role) for role in TWO_HANDED]
        taken = sum(counts) if all(type(n) is int for n in counts) else 5
        # Five tricks are a split's button (a vole too); fewer, the hand ended early.
        values |= {"elder_tricks": str(counts[0])} if taken == 5 else {
            "ended": "early", "early_elder": counts[0], "early_dealer": counts[1]}
    return values


def _fold_values(kind: str | None, record: dict) -> dict:
    """A record's irregularities and variants as the fold's values (`irregularities` read
    back)."""
    values = {}
    for entry in record.get("irregularities") or []:
        name = prefix(kind) + str(entry.get("type"))
        if entry.get("type") == "replay":
            values[f"{name}_reason"] = entry.get("reason")
        elif entry.get("type") in IRREGULAR[kind]:
            values[f"{name}_by"] = entry.get("by")
            if entry["type"] == "revoke":
                values[f"{name}_trick"] = str(entry.get("trick"))
        elif kind is None:
            values |= _law_values(entry)
    for variant in VARIANTS:
        if kind is None and record.get(variant):
            values[f"{variant}_by"] = record[variant].get("by")
            values[f"{variant}_accepted"] = "yes" if record[variant].get("accepted") else "no"
    if kind is None and record.get("double"):
        values["double_before"] = record["double"].get("before_trick")
    return values


def _law_values(entry: dict) -> dict:
    """An entry of the Laws to the letter as the fold's values (`_laws` read back)."""
    kind = entry.get("type")
    if kind in ("misdeal_played", "dealt_out_of_turn"):
        return {kind: "yes"}
    if kind in ("unmarked", "marked_late"):
        return {"unmarked": f"{entry.get('by')}:{entry.get('mark')}",
                "unmarked_late": "yes" if kind == "marked_late" else "no"}
    if kind in ("wrong_number", "lead_out_of_turn"):
        key = "cards" if kind == "wrong_number" else "trick"
        return {f"{kind}_by": entry.get("by"), f"{kind}_{key}": str(entry.get(key))}
    return {}
