"""Opening a pool, a rubber, or a table à trois or à quatre, for staff and members. The form is
made from the engine's table options (games.engine.rules) and the money options
(games.services.tables), each with its default; games.services.tables.open_table decides, and a
refusal is shown beside its field. À trois and à quatre take only the target and the rank of
the cards, and neither stakes nor wagers (docs/rules.md, sections 11 to 13): the form refuses
them beside their field rather than drop them unsaid.

The page asks the kind of table first and shows only the fields that kind takes (`fields_of`;
?kind= chooses it, open_table.js switches at once, and without JS "Show its fields" draws the
page again keeping what was typed); the options seldom changed are folded away. A field the
page did not show is not sent, and takes its default: what is saved or refused is the same."""
import uuid

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _

from club import limits, refusals
from club.errors import Refused
from club.forms import AmountField, PlayerField
from club.idempotency import form_once
from club.models import Player
from club.players import clean_name
from games.engine.rules import TABLE_CHOICES, TABLE_DEFAULTS
from games.models import Table
from games.presentation import words
from games.services.tables import MANY_HANDED_RULES, MONEY_RULES, STAKES
from games.services.tables import SEATS as SEAT_COUNT
from games.services.tables import open_table as open_table_service
from games.table_kinds import MANY_HANDED, POOL_OPTIONS

SEATS = ("seat1", "seat2", "seat3", "seat4")


def _key(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


class OpenTableForm(forms.Form):
    name = forms.CharField(label=_("Name of the table"), max_length=100, initial=_("Table 1"))
    format = forms.ChoiceField(label=_("Kind of table"), widget=forms.RadioSelect,
                               choices=list(words.TABLE_KINDS.items()), initial="pool")
    seat1 = PlayerField(Player.objects.all(), label=_("First seat (plays first)"))
    seat2 = PlayerField(Player.objects.all(), label=_("Second seat (plays first)"))
    seat3 = PlayerField(Player.objects.all(), required=False,
                          label=_("Third seat (observes first at a pool; plays à trois and à "
                                  "quatre)"))
    seat4 = PlayerField(Player.objects.all(), required=False,
                          label=_("Fourth seat (à quatre only)"))
    first_dealer = forms.ChoiceField(
        label=_("First dealer (donneur)"), required=False, initial="",
        choices=[("", _("the cut decides")), ("seat1", _("the first seat")),
                 ("seat2", _("the second seat")),
                 ("seat3", _("the third seat (à trois, à quatre)")),
                 ("seat4", _("the fourth seat (à quatre)"))])
    many_target = forms.TypedChoiceField(
        label=_("Game target à trois and à quatre"), coerce=int, initial=7, required=False,
        empty_value=7,
        choices=[(7, _("7, as the Laws play it")), (5, _("5, a shorter game"))])
    wager_style = forms.ChoiceField(label=_("Wagers"), widget=forms.RadioSelect,
                                    choices=[(k, v) for k, v in words.STYLES.items()],
                                    initial="none")

    def __init__(self, data=None, *args, kind: str = "pool", **kwargs):
        """`kind` the kind of table the page is drawn for (a form sent says its own): the
        page shows that kind's fields only; a field the page left out of a form sent, and a
        table option the form sent does not name (a form drawn before the option was offered),
        takes the value the page would have sent untouched, its default."""
        if data is not None:
            kind = data.get("format") if data.get("format") in words.TABLE_KINDS else kind
        super().__init__(data, *args, **kwargs)
        for option in words.options():
            key = option["key"]
            help_text = _("Default: %(value)s") % {"value": option["default_words"]}
            if key in TABLE_CHOICES:
                self.fields[key] = forms.ChoiceField(
                    label=option["label"], choices=option["choices"], help_text=help_text,
                    initial=_key(TABLE_DEFAULTS[key]))
            else:  # an amount, or the levy's percentage, in the page's language
                self.fields[key] = AmountField(label=option["label"], required=False,
                                               help_text=help_text,
                                               initial=MONEY_RULES[key] or "")
        for name in SEATS:
            self.fields[name].empty_label = "—"
        self.kind_shown = kind
        self.fields["format"].initial = kind
        taken = fields_of(kind)
        if data is not None:
            self.data = data = data.copy()
            for name, field in self.fields.items():
                if (name not in taken or name in TABLE_CHOICES) and name not in data:
                    data[name] = "" if field.initial is None or isinstance(
                        field, AmountField) else str(field.initial)
        for name, field in self.fields.items():
            if name not in taken:  # drawn hidden, and not sent: the script shows it again
                field.widget.attrs["disabled"] = "disabled"

    @property
    def placed(self) -> dict:
        """Each field as the page places it: the kinds of table that take it ("pool rubber"),
        and whether it is shown for the kind chosen (or for a refusal beside it)."""
        taken = {kind: fields_of(kind) for kind in words.TABLE_KINDS}
        takers = {name: " ".join(kind for kind in taken if name in taken[kind])
                  for name in self.fields}
        out = {}
        for name in self.fields:
            shown = self.kind_shown in takers[name].split() or bool(self[name].errors)
            if shown:
                self.fields[name].widget.attrs.pop("disabled", None)
            out[name] = {"f": self[name], "kinds": takers[name], "shown": shown}
        return out

    def rules(self) -> dict:
        """The options as open_table takes them: typed like the engine's choices; a blank
        amount takes its default, and an amount is written "12.50"."""
        out = {}
        for key, choices in TABLE_CHOICES.items():
            out[key] = {_key(c): c for c in choices}[self.cleaned_data[key]]
        for key, default in MONEY_RULES.items():
            out[key] = self.cleaned_data[key] or default
        return out

    def players(self) -> list:
        return [self.cleaned_data[name] for name in SEATS[:SEAT_COUNT[self.kind]]]

    @property
    def kind(self) -> str:
        return self.cleaned_data["format"]

    def many_handed_rules(self) -> dict:
        """The rules of an à trois or à quatre table: its target and the rank of the cards.
        Any other option changed from its default, a stake or a wager is refused beside its
        field (a form error), as the service would refuse it."""
        for key, default in TABLE_DEFAULTS.items():
            if key == "target" and self.cleaned_data[key] != _key(default):
                self.add_error(key, _("À trois and à quatre, the game target is chosen under "
                                      "its own heading: leave this one at its default."))
            elif key not in MANY_HANDED_RULES and self.cleaned_data[key] != _key(default):
                self.add_error(key, _("Not played à trois or à quatre: leave it at its "
                                      "default."))
        for key, default in MONEY_RULES.items():
            given = self.cleaned_data[key]
            if given and given != default:
                self.add_error(key, _("Stakes are not taken à trois or à quatre: leave it "
                                      "blank."))
        if self.cleaned_data["wager_style"] != Table.WagerStyle.NONE:
            self.add_error("wager_style", _("Wagers are not taken à trois or à quatre: choose "
                                            "no wagers."))
        ranking = self.cleaned_data["ranking"]
        return {"target": self.cleaned_data["many_target"],
                "ranking": {_key(c): c for c in TABLE_CHOICES["ranking"]}[ranking]}


def fields_of(kind: str) -> set[str]:
    """The form's fields that a kind of table takes: its seats and first dealer; à trois and
    à quatre their target and the rank of the cards; a pool or a rubber its wagers and the
    options of the two-handed game, a rubber none of the pool's own."""
    common = {"name", "format", "first_dealer", *SEATS[:SEAT_COUNT[kind]]}
    if kind in MANY_HANDED:
        return common | {"many_target"} | (set(MANY_HANDED_RULES) - {"target"})
    return common | {"wager_style"} | {option["key"] for option in words.options()
                                       if kind == "pool" or option["key"] not in POOL_OPTIONS}


# What an empty seat of each kind of table is told.
EMPTY_SEAT = {"pool": _("A pool takes three players."),
              "rubber": _("A rubber takes two players."),
              "trois": _("À trois takes three players."),
              "quatre": _("À quatre takes four players.")}


@login_required
@limits.page
def open_table(request):
    """The form carries a key (club.idempotency.form_once): a second tap of the same form opens
    no second table, and charges no stakes twice. Each form sent is a try of the "tables"
    limit (club.limits)."""
    asked = request.GET.get("kind")
    kind = asked if asked in words.TABLE_KINDS else "pool"
    if request.method == "POST" and request.POST.get("step") == "kind":  # the page without JS
        chosen = request.POST.get("format")
        form = OpenTableForm(kind=chosen if chosen in words.TABLE_KINDS else kind,
                             initial={name: value for name, value in request.POST.items()
                                      if name not in ("csrfmiddlewaretoken", "key", "step")})
        return _page(request, form, uuid.uuid4().hex)
    if request.method == "POST":
        limits.count(request, "tables")
    form = OpenTableForm(request.POST or None, kind=kind)
    key = request.POST.get("key", "") if request.method == "POST" else uuid.uuid4().hex
    if request.method == "POST" and form.is_valid():
        seated = form.players()
        many = form.kind in MANY_HANDED
        rules = form.many_handed_rules() if many else None
        first = form.cleaned_data["first_dealer"]
        if None in seated:
            form.add_error(SEATS[seated.index(None)], EMPTY_SEAT[form.kind])
        elif len({p.pk for p in seated}) != len(seated):
            twice = next(i for i, p in enumerate(seated) if p in seated[:i])
            form.add_error(SEATS[twice], _("Each seat takes a different player."))
        elif first and first not in SEATS[:len(seated)]:
            form.add_error("first_dealer", _("The first dealer must be one of the table's "
                                             "players."))
        elif not form.errors:
            opened = []
            try:
                done = form_once(request, key, lambda: opened.append(open_table_service(
                    name=clean_name(form.cleaned_data["name"], "name"),
                    format=form.kind, players=seated, rules=rules or form.rules(),
                    wager_style=form.cleaned_data["wager_style"], by=request.user,
                    first_dealer=form.cleaned_data[first] if first else None)))
            except Refused as refused:
                field = refused.params.get("field")  # the service's, beside its field
                form.add_error(field if field in form.fields else None,
                               str(refusals.said(refused)))
            else:
                if done:
                    return redirect("table", table_id=opened[0].pk)
                messages.info(request, _("This form was sent already: nothing more was done."))
                return redirect("evening")
    return _page(request, form, key, status=400 if form.errors else 200)


def _page(request, form: OpenTableForm, key: str, status: int = 200):
    """The form drawn: each field placed (OpenTableForm.placed), the options seldom changed,
    all but the stakes, folded away (open when one is refused)."""
    placed = form.placed
    rare = [placed[option["key"]] for option in words.options()
            if option["key"] not in STAKES]
    return render(request, "games/open_table.html", {
        "form": form, "key": key, "p": placed, "rare": rare,
        "rare_open": any(o["f"].errors for o in rare)}, status=status)
