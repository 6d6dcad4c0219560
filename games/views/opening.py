"""Opening a pool, a rubber, or a table à trois or à quatre, for staff and members, and changing
a table's scorers afterwards. The form is made from the engine's table options
(games.engine.rules) and the money options (games.services.tables), each with its default;
games.services.tables.open_table decides, and a refusal is shown beside its field. À trois and
à quatre take only the target and the rank of the cards, and neither stakes nor wagers
(docs/rules.md, sections 11 to 13): the form refuses them beside their field rather than drop
them unsaid.

The page asks the kind of table first and shows only the fields that kind takes (`fields_of`):
a pool three seats, a rubber two and its "best of" in view, à trois three, à quatre four; the
first dealer among the kind's players who play first; the wagers' limits only once a wager
style is chosen (the levy with the French style alone). ?kind= chooses the kind, open_table.js
switches at once, and without JS "Show its fields" draws the page again for the kind and the
wagers chosen, keeping what was typed; the options seldom changed are folded away. A field the
page did not show is not sent, and takes its default: what is saved or refused is the same. A
wagers' limit sent for a table without those wagers is ignored: it would change nothing.

The opener names the table's other scorers and makes it private. A player who already sits at
another table in play is a warning he may override: the service refuses it until he ticks
"Open it all the same" (games.services.tables.open_table, `check_elsewhere`), and with JS the
page says it beside the seat as soon as the player is chosen (`games.selectors.tables.
playing_elsewhere`)."""
import uuid

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _g
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from club import limits, money_text, refusals
from club.errors import Refused
from club.forms import AmountField, KeyField, PlayerField, first_error
from club.idempotency import form_once
from club.models import Player
from club.players import clean_name
from games.engine.rules import TABLE_CHOICES, TABLE_DEFAULTS
from games.models import Table
from games.money_options import MONEY_RULES, STAKES
from games.pages.scorers import LoginsField, ScorersForm, logins
from games.presentation import words
from games.refusal_codes import GameCode
from games.selectors.tables import playing_elsewhere
from games.services.tables import MANY_HANDED_RULES, SEAT_COUNT
from games.services.tables import open_table as open_table_service
from games.services.tables import set_scorers as set_scorers_service
from games.table_kinds import MANY_HANDED, POOL_OPTIONS

SEAT_FIELDS = ("seat1", "seat2", "seat3", "seat4")
# The wagers' limits, and the styles of wagers that take each (docs/rules.md, section 11: the
# levy is taken from the French gallery's winnings).
WAGER_OPTIONS = {"levy_percent": ("french",), "wager_min": ("english", "french"),
                 "wager_max": ("english", "french")}
# The fields the page places outside the fold of the options seldom changed: a rubber's
# "best of" (the fold keeps it for a pool, whose unit may be a rubber).
IN_VIEW = {"rubber": ("rubber_games",)}


def _key(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _plain(cents: int | None) -> str:
    """A money option's default as an AmountField fills it in (its own language's "0,10")."""
    return "" if cents is None else money_text.plain(cents)


def dealer_kinds(seat: str) -> str:
    """The kinds of table whose first dealer may sit at `seat`: a pool's and a rubber's two
    who play first, à trois and à quatre any of their players."""
    number = SEAT_FIELDS.index(seat) + 1
    return " ".join(kind for kind, count in SEAT_COUNT.items()
                    if number <= (count if kind in MANY_HANDED else 2))


class KindSelect(forms.Select):
    """A select whose options each belong to some kinds of table (`kinds`: value -> "pool
    rubber"; an option not named belongs to all): an option of another kind than the one the
    page is drawn for is hidden and disabled, and open_table.js shows it when its kind is
    chosen."""

    def __init__(self, kinds: dict, kind: str):
        super().__init__()
        self.kinds, self.kind = kinds, kind

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        kinds = self.kinds.get(value)
        if kinds:
            option["attrs"]["data-kinds"] = kinds
            if self.kind not in kinds.split():
                option["attrs"] |= {"hidden": True, "disabled": True}
                option["selected"] = False
        return option


class OpenTableForm(forms.Form):
    name = forms.CharField(label=_("Name of the table"), max_length=100, initial=_("Table 1"))
    format = forms.ChoiceField(label=_("Kind of table"), widget=forms.RadioSelect,
                               choices=list(words.TABLE_KINDS.items()), initial="pool")
    seat1 = PlayerField(Player.objects.all(), label=_("First seat (plays first)"))
    seat2 = PlayerField(Player.objects.all(), label=_("Second seat (plays first)"))
    seat3 = PlayerField(Player.objects.all(), required=False, label=_("Third seat"))
    seat4 = PlayerField(Player.objects.all(), required=False,
                          label=_("Fourth seat (à quatre only)"))
    first_dealer = forms.ChoiceField(
        label=_("First dealer (donneur)"), required=False, initial="",
        choices=[("", _("the cut decides")), ("seat1", _("the first seat")),
                 ("seat2", _("the second seat")), ("seat3", _("the third seat")),
                 ("seat4", _("the fourth seat"))])
    despite_elsewhere = forms.BooleanField(
        label=_("Open it all the same: they will play at both tables"), required=False,
        label_suffix="")
    many_target = forms.TypedChoiceField(
        label=_("Game target à trois and à quatre"), coerce=int, initial=7, required=False,
        empty_value=7,
        choices=[(7, _("7, as the Laws play it")), (5, _("5, a shorter game"))])
    wager_style = forms.ChoiceField(label=_("Wagers"), widget=forms.RadioSelect,
                                    choices=[(k, v) for k, v in words.STYLES.items()],
                                    initial="none")
    scorers = LoginsField(get_user_model().objects.none(), required=False,
                          widget=forms.CheckboxSelectMultiple,
                          label=_("Who else enters its hands"),
                          help_text=_("You score the tables you open. Staff and you may change "
                                      "its scorers later, from the table's page."))
    private = forms.BooleanField(
        label=_("Private: for signed-in members only"), required=False, label_suffix="",
        help_text=_("To anyone else the table and its play do not exist."))

    def __init__(self, data=None, *args, kind: str = "pool", style: str = "none", opener=None,
                 **kwargs):
        """`kind` and `style` the kind of table and of wagers the page is drawn for (a form
        sent says its own): the page shows their fields only; a field the page left out of a
        form sent, and a table option the form sent does not name (a form drawn before the
        option was offered), takes the value the page would have sent untouched, its default,
        as does a wagers' limit sent for a table without those wagers. `opener`, the user who
        opens it, is no choice of its other scorers."""
        if data is not None:
            kind = data.get("format") if data.get("format") in words.TABLE_KINDS else kind
            style = data.get("wager_style", "none")
        super().__init__(data, *args, **kwargs)
        style = style if style in words.STYLES and kind not in MANY_HANDED else "none"
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
                                               initial=_plain(MONEY_RULES[key]))
        for name in SEAT_FIELDS:
            self.fields[name].empty_label = "—"
        self.fields["seat3"].label = format_html(
            '{} <span data-kinds="pool"{}>{}</span>', _("Third seat"),
            mark_safe("" if kind == "pool" else " hidden"), _("(observes first at a pool)"))
        dealer = self.fields["first_dealer"]
        dealer.widget = KindSelect({seat: dealer_kinds(seat) for seat in SEAT_FIELDS}, kind)
        dealer.widget.choices = dealer.choices
        self.fields["scorers"].queryset = logins(but=opener)
        self.kind_shown, self.style_shown = kind, style
        self.fields["format"].initial = kind
        taken = fields_of(kind, style)
        if data is not None:
            self.data = data = data.copy()
            for name, field in self.fields.items():
                untaken_limit = name in WAGER_OPTIONS and kind not in MANY_HANDED
                if ((name not in taken or name in TABLE_CHOICES) and name not in data
                        or untaken_limit and name not in taken):
                    data[name] = "" if field.initial is None or isinstance(
                        field, AmountField) else str(field.initial)
        for name, field in self.fields.items():
            if name not in taken:  # drawn hidden, and not sent: the script shows it again
                field.widget.attrs["disabled"] = "disabled"

    @property
    def placed(self) -> dict:
        """Each field as the page places it: the kinds of table that take it ("pool rubber"),
        the styles of wagers that take it ("english french", or "" when it is not a wagers'
        limit), and whether it is shown for the kind and wagers chosen (or for a refusal
        beside it)."""
        taken = {kind: fields_of(kind, "french") for kind in words.TABLE_KINDS}
        shown_now = fields_of(self.kind_shown, self.style_shown)
        out = {}
        for name in self.fields:
            shown = name in shown_now or bool(self[name].errors)
            if shown:
                self.fields[name].widget.attrs.pop("disabled", None)
            out[name] = {"f": self[name], "shown": shown,
                         "kinds": " ".join(kind for kind in taken if name in taken[kind]),
                         "styles": " ".join(WAGER_OPTIONS.get(name, ()))}
        return out

    def rules(self) -> dict:
        """The options as open_table takes them: typed like the engine's choices; an amount
        in whole cents (the levy in hundredths of a percent), a blank one its default."""
        out = {}
        for key, choices in TABLE_CHOICES.items():
            out[key] = {_key(c): c for c in choices}[self.cleaned_data[key]]
        for key, default in MONEY_RULES.items():
            out[key] = self._cents(key, default)
        return out

    def _cents(self, key: str, default):
        """The amount typed in `key` (club.forms.AmountField cleans it to "12.50"), in cents;
        its default when left blank."""
        given = self.cleaned_data[key]
        return default if given is None else money_text.parse(given)

    def players(self) -> list:
        return [self.cleaned_data[name] for name in SEAT_FIELDS[:SEAT_COUNT[self.kind]]]

    @property
    def kind(self) -> str:
        return self.cleaned_data["format"]

    def many_handed_rules(self) -> dict:
        """The rules of an à trois or à quatre table: its target (its own field's) and the
        rank of the cards, and every other option the form sent changed from its default, a
        stake too, for the service to refuse beside its field
        (games.services.tables.open_table). The two-handed game's target is the same option
        under another field: changed, the form refuses it, as the service cannot tell it
        from the target à trois."""
        rules, defaults = self.rules(), TABLE_DEFAULTS | MONEY_RULES
        if rules["target"] != defaults["target"]:
            self.add_error("target", _("À trois and à quatre, the game target is chosen under "
                                       "its own heading: leave this one at its default."))
        return {key: value for key, value in rules.items() if value != defaults[key]} | {
            "target": self.cleaned_data["many_target"], "ranking": rules["ranking"]}


def fields_of(kind: str, style: str = "none") -> set[str]:
    """The form's fields that a kind of table takes with a style of wagers: its seats and
    first dealer, its scorers and privacy; à trois and à quatre their target and the rank of
    the cards; a pool or a rubber its wagers, the limits of the style chosen, and the options
    of the two-handed game, a rubber none of the pool's own."""
    common = {"name", "format", "first_dealer", "despite_elsewhere", "scorers", "private",
              *SEAT_FIELDS[:SEAT_COUNT[kind]]}
    if kind in MANY_HANDED:
        return common | {"many_target"} | (set(MANY_HANDED_RULES) - {"target"})
    return common | {"wager_style"} | {
        option["key"] for option in words.options()
        if (kind == "pool" or option["key"] not in POOL_OPTIONS)
        and style in WAGER_OPTIONS.get(option["key"], (style,))}


# What an empty seat of each kind of table is told.
EMPTY_SEAT = {"pool": _("A pool takes three players."),
              "rubber": _("A rubber takes two players."),
              "trois": _("À trois takes three players."),
              "quatre": _("À quatre takes four players.")}


class KeyForm(forms.Form):
    """A form's key alone, beside the form that carries the rest (the table's opening, its
    scorers): once for its key (club.idempotency.form_once)."""
    key = KeyField()


class KindStepForm(forms.Form):
    """The open-table form sent without JavaScript to draw the page again for the kind of
    table (`format`) and the wagers chosen (`step` "kind")."""
    step = forms.CharField(required=False)
    format = forms.CharField(required=False)
    wager_style = forms.CharField(required=False)


@login_required
@limits.page
def open_table(request):
    """The form carries a key (club.idempotency.form_once): a second tap of the same form opens
    no second table, and charges no stakes twice. Each form sent is a try of the "tables"
    limit (club.limits)."""
    asked = request.GET.get("kind")
    kind = asked if asked in words.TABLE_KINDS else "pool"
    step = KindStepForm(request.POST)
    if request.method == "POST" and step.is_valid() and step.cleaned_data["step"] == "kind":
        chosen, sent = step.cleaned_data["format"], step.data  # the page without JS
        form = OpenTableForm(kind=chosen if chosen in words.TABLE_KINDS else kind,
                             style=step.cleaned_data["wager_style"] or "none",
                             opener=request.user,
                             initial={name: sent.getlist(name) if name == "scorers" else value
                                      for name, value in sent.items()
                                      if name not in ("csrfmiddlewaretoken", "key", "step")})
        return _page(request, form, uuid.uuid4().hex)
    if request.method == "POST":
        limits.count(request, "tables")
    form = OpenTableForm(request.POST or None, kind=kind, opener=request.user)
    sent_key = KeyForm(request.POST)
    key = sent_key["key"].value() or "" if request.method == "POST" else uuid.uuid4().hex
    if request.method == "POST" and form.is_valid():
        seated = form.players()
        many = form.kind in MANY_HANDED
        rules = form.many_handed_rules() if many else None
        first = form.cleaned_data["first_dealer"]
        if None in seated:
            form.add_error(SEAT_FIELDS[seated.index(None)], EMPTY_SEAT[form.kind])
        elif len({p.pk for p in seated}) != len(seated):
            twice = next(i for i, p in enumerate(seated) if p in seated[:i])
            form.add_error(SEAT_FIELDS[twice], _("Each seat takes a different player."))
        elif first and form.cleaned_data[first] is None:  # a seat with nobody: no player
            form.add_error("first_dealer", _("The first dealer must be one of the table's "
                                             "players."))
        elif not sent_key.is_valid():
            form.add_error(None, first_error(sent_key))
        elif not form.errors:
            opened = []
            try:
                done = form_once(request, sent_key.cleaned_data["key"], lambda: opened.append(
                    open_table_service(
                        name=clean_name(form.cleaned_data["name"], "name"),
                        format=form.kind, players=seated, rules=rules or form.rules(),
                        wager_style=form.cleaned_data["wager_style"], by=request.user,
                        first_dealer=form.cleaned_data[first] if first else None,
                        scorers=form.cleaned_data["scorers"],
                        private=form.cleaned_data["private"],
                        check_elsewhere=not form.cleaned_data["despite_elsewhere"])))
            except Refused as refused:
                field = refused.params.get("field")  # the service's, beside its field
                form.add_error(field if field in form.fields else None,
                               str(refusals.said(refused)))
                form.elsewhere = refused.code == GameCode.PLAYING_ELSEWHERE
            else:
                if done:
                    return redirect("table", table_id=opened[0].pk)
                messages.info(request, _("This form was sent already: nothing more was done."))
                return redirect("evening")
    return _page(request, form, key, status=400 if form.errors else 200)


def _page(request, form: OpenTableForm, key: str, status: int = 200):
    """The form drawn: each field placed (OpenTableForm.placed), the options seldom changed,
    all but the stakes, the wagers' limits and those the kind keeps in view, folded away
    (open when one is refused); what each player already at a table in play is told beside
    his seat (open_table.js), and whether the opener is asked to confirm it."""
    placed = form.placed
    in_view = IN_VIEW.get(form.kind_shown, ())
    rare = [placed[option["key"]] for option in words.options()
            if option["key"] not in (*STAKES, *WAGER_OPTIONS)]
    return render(request, "games/open_table.html", {
        "form": form, "key": key, "p": placed, "rare": rare, "in_view": in_view,
        "limits": [placed[name] for name in WAGER_OPTIONS],
        "rare_open": any(o["f"].errors for o in rare if o["f"].name not in in_view),
        "elsewhere": _elsewhere_words(),
        "confirm_elsewhere": getattr(form, "elsewhere", False)
        or bool(form["despite_elsewhere"].value())}, status=status)


def _elsewhere_words() -> dict:
    """What each player who sits at a table in play is told beside his seat, by his id."""
    busy = playing_elsewhere()
    names = dict(Player.objects.filter(pk__in=busy).values_list("pk", "name"))
    return {str(pk): _g("%(name)s already sits at %(tables)s, in play.") % {
        "name": names[pk], "tables": ", ".join(tables)} for pk, tables in busy.items()}


@login_required
@require_POST
def table_scorers(request, table_id: int):
    """The scorers' form of a table's page: the service decides
    (games.services.tables.set_scorers), once for the form's key; a refusal is said at the top
    of the table's page, where the reader goes back, and nothing is saved."""
    table = get_object_or_404(Table, pk=table_id)
    form, sent_key = ScorersForm(table, request.POST), KeyForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the scorers among the club's logins."))
    elif not sent_key.is_valid():
        messages.error(request, first_error(sent_key))
    else:
        try:
            done = form_once(request, sent_key.cleaned_data["key"], lambda: set_scorers_service(
                table_id=table.pk, scorers=form.cleaned_data["scorers"], by=request.user))
        except Refused as refused:
            messages.error(request, str(refusals.said(refused)))
        else:
            messages.success(request, _("The table's scorers are saved.") if done
                             else _("This form was sent already: nothing more was done."))
    return redirect(reverse("table", args=[table.pk]) + "#scorers-title")
