"""The scorer's forms as Django forms (games.views.scoring): a hand as a summary or card by
card, new or corrected, a trick, and a hand played card by card finished, for the three forms
of the game. `clean()` writes what was sent as the engine's record (games.entry.records);
a refusal, the form's own or the services' (club.errors.Refused, whose `at` names the place in
the record), is put beside the field it names by `refuse`, the one place where a record's place
becomes a field of the page."""
import re

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext as _

from club.errors import Refused
from club.forms import KeyField, WholeNumberField
from club.idempotency import FORM
from club.refusal_codes import ClubCode
from games.entry.records import (
    EXCHANGE_ROWS,
    PLAYED,
    VARIANTS,
    finished,
    fold_field,
    full_record,
    irregularities,
    prefix,
    seats,
    summary_record,
    trick_of,
)
from games.presentation import words
from games.refusal_codes import EngineCode
from games.table_kinds import MANY_HANDED

SUMMARIES = ("summary", *MANY_HANDED)  # a summary's action: two-handed, à trois, à quatre
DEALS = ("deal", "many_deal")  # card by card: two-handed, à trois or à quatre
# a card the trick form may keep
REVOKES = (EngineCode.MUST_FOLLOW_SUIT, EngineCode.MUST_WIN_TRICK, EngineCode.MUST_TRUMP)
VARIANT_RULE = {"double": "doubling", "offer": "offer_point"}
SENT = ("number", "version", "key")  # hidden fields: their refusals head the form
# The two-handed fold's fields of the Laws to the letter (records._laws).
LAWS = ("misdeal_played", "wrong_number_by", "wrong_number_cards", "dealt_out_of_turn",
        "lead_out_of_turn_by", "lead_out_of_turn_trick", "unmarked", "unmarked_late")


def kind_for(action: str, table_kind: str) -> str | None:
    """The form of the game a new hand's form writes: "summary" and "deal" two-handed (also
    an à trois game down to two), "trois" and "quatre" their summaries, "many_deal" the card by
    card of the table's kind."""
    if action in MANY_HANDED:
        return action
    if action == "many_deal" and table_kind in MANY_HANDED:
        return table_kind
    return None


def actions(kind: str | None) -> tuple[str, str]:
    """The summary's action and the card by card's for a hand of `kind`."""
    return (kind, "many_deal") if kind else ("summary", "deal")


def field_names(kind: str | None) -> list[str]:
    """The fields of a hand's forms of `kind`: those the record is written from, each as it
    was sent, and "tricks", "double" and "offer", where a refusal marks a group of them."""
    fold = [f"{prefix(kind)}{name}" for name in (
        "revoke_by", "revoke_trick", "false_king_by", "abandon_by", "replay_reason",
        "king_holder")]
    each = [*seats(kind), "turn_up", "opening", "king", "then_refused", "in_progress", "tricks",
            *(f"ex{row}_{seat}_{part}" for row in range(EXCHANGE_ROWS) for seat in seats(kind)
              for part in ("discard", "draw")),
            *(f"trick{n}" for n in range(5)), *PLAYED[:len(seats(kind))], *fold]
    if kind == "trois":
        return each + [f"tricks_{seat}" for seat in seats(kind)] + ["first_to_two"]
    if kind == "quatre":
        return each + ["elder_side"]
    return each + ["elder_tricks", "ended", "early_elder", "early_dealer", *VARIANTS,
                   *(f"{v}_{part}" for v in VARIANTS for part in ("by", "accepted")),
                   "double_before", "target_card", "king_announced", *LAWS,
                   *(f"ex{row}_exposed" for row in range(EXCHANGE_ROWS))]


def field_of(at: str | None, *, trick: bool = False, irregular: list[str] = ()) -> str:
    """The form's field that the engine's `at` points to: "deal.elder[2]" -> "elder",
    "exchanges[0].dealer.draw[1]" -> "ex0_dealer_draw", "tricks[1][1]" -> "follower" on the
    trick form, "trick1" on a correction's; "irregularities[0].trick" -> "revoke_trick" when
    the fold's first entry (`irregular`, as records.irregularities names them) is a
    revoke, "many_revoke_trick" à trois or à quatre; "irregularities" alone (a forgotten mark
    claimed too late, rules.md, ruling 85) -> "unmarked"; "double.before_trick" -> "double";
    "exchanges[0].exposed" -> "ex0_exposed"; "form" when no field is named."""
    at = at or ""
    if at == "irregularities":
        return "unmarked"
    found = re.match(r"irregularities\[(\d+)\](?:\.(\w+))?", at)
    if found:
        if int(found[1]) >= len(irregular):
            return "form"
        return fold_field(irregular[int(found[1])], found[2])
    found = re.match(r"(double|offer)\b", at)
    if found:
        return found[1]
    found = re.match(r"tricks\[(\d+)\](?:\[(\d)\])?", at)
    if found:
        return PLAYED[int(found[2] or 1)] if trick else f"trick{found[1]}"
    found = re.match(r"exchanges\[(\d+)\](?:\.(elder|middle|second|third|dealer|exposed)"
                     r"(?:\.(discard|draw))?)?", at)
    if found:
        if found[2] == "exposed" and int(found[1]) < EXCHANGE_ROWS:
            return f"ex{found[1]}_exposed"
        if found[2] and int(found[1]) < EXCHANGE_ROWS:
            return f"ex{found[1]}_{found[2]}_{found[3] or 'discard'}"
        return "opening"
    found = re.match(r"(?:deal|summary)\.(\w+)", at)
    if found:
        return {"king_turned": "king", "refused_by": "opening"}.get(found[1], found[1])
    return {"deal": "elder", "king": "king", "exchanges": "opening",
            "king_announced": "king_announced", "target_card": "target_card"}.get(at, "form")


class NamedForm(forms.Form):
    """What every scorer's form says of itself, read before its own form: its `action`, the
    `hand` it names (a hand in play or to undo; None for a new hand), its `number` (a new
    hand's, or a trick's), and `back` from a confirmation."""
    action = forms.CharField(required=False)
    hand = WholeNumberField(required=False)
    number = WholeNumberField(required=False)
    back = forms.BooleanField(required=False)


class UndoHandForm(forms.Form):
    """The last hand undone: the `hand` it names, once for its `key`."""
    hand = WholeNumberField(required=False)
    key = KeyField()


class HandForm(forms.Form):
    """A hand's form as the scorer sent it, its `action` one of SUMMARIES, DEALS, "trick",
    "undo" or "finish", of the form of the game `kind` (None two-handed). A new hand's card by
    card is dealt (in progress, no trick yet), unless it was sent with its tricks (the whole
    hand, as a phone offline keeps it); a correction's (`correcting`) has its tricks and its
    fold. "finish" takes the hand's `record` so far. Once valid, `cleaned_data["record"]` is
    the record (a trick's cards for "trick", the changes for "finish")."""

    def __init__(self, data, *, action: str, kind: str | None, rules: dict,
                 correcting: bool = False, record: dict | None = None):
        super().__init__(data)
        self.action, self.kind, self.rules = action, kind, rules
        self.correcting, self.record = correcting, record
        self.revocable = False  # a trick refused for a card the scorer may keep as a revoke
        for name in field_names(kind):
            self.fields[name] = forms.CharField(required=False, strip=False)
        new = action in (*SUMMARIES, *DEALS)  # a new hand's key is its table's, and optional
        self.fields |= {"number": WholeNumberField(required=False),
                        "version": WholeNumberField(required=False),
                        "key": KeyField(prefix="" if new else FORM, required=not new),
                        "revoke": forms.CharField(required=False),
                        "led_out_of_turn": forms.CharField(required=False)}

    def clean(self):
        try:
            self.cleaned_data["record"] = self._read()
        except Refused as refused:
            self.refuse(refused)
        return self.cleaned_data

    def _read(self):
        if self.action in (*SUMMARIES, *DEALS) and self.action not in actions(self.kind):
            raise Refused(ClubCode.BAD_FORM, _("Unknown action."))
        if self.action == "undo":
            return None  # the trick's number only
        if self.action in SUMMARIES:
            return summary_record(self.kind, self.cleaned_data)
        if self.action in DEALS:  # a new hand sent with its tricks is the whole hand
            played = any((self.cleaned_data.get(f"trick{n}") or "").strip() for n in range(5))
            return full_record(self.kind, self.cleaned_data,
                               dealt=not (self.correcting or played))
        if self.action == "trick":
            return trick_of(self.kind, self.cleaned_data)
        if self.action == "finish":
            return finished(self.kind, self.cleaned_data, self.record)
        raise Refused(ClubCode.BAD_FORM, _("Unknown action."))

    def refuse(self, refused: Refused) -> None:
        """The refusal beside the field its `at` names; a variant the table does not play has
        no field on the page, so its refusal heads the form, as one that names no field."""
        field = field_of(refused.at, trick=self.action == "trick",
                         irregular=irregularities(self.kind, self.cleaned_data)[1])
        if field in VARIANTS and not self.rules.get(VARIANT_RULE[field]):
            field = None
        if self.kind and f"many_{field}" in self.fields:  # à trois, à quatre: the fold's own
            field = f"many_{field}"
        self.add_error(field if field in self.fields else None,
                       ValidationError(words.refusal(refused), code=refused.code))
        if self.action == "trick" and refused.code in REVOKES:
            self.revocable = True

    def page_errors(self) -> dict:
        """The refusals as the pages show them: {field: the refusal in words (club.refusals.
        Said)}, "form" for one that heads the form, with the form's `action`, and `revocable`
        when the trick's card may be kept as a revoke."""
        errors = {"form" if field in (NON_FIELD_ERRORS, *SENT) else field: found[0].message
                  for field, found in self.errors.as_data().items()}
        return errors | {"action": self.action, "revocable": self.revocable}

