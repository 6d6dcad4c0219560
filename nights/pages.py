"""The seasons' pages (staff define them; each season's ladder, who qualifies, its leader and
champion), a night's results page (its tables, each player's row and night card, the night's
settle-up), printable for the board, with a paper sheet per table; and what the club night adds
to the games' pages: a season's ladder on the standings, head to head and a member's night
cards on his page (the hooks of games.views.standings and games.views.members, set in
nights.apps). Every figure is read from nights.selectors and nights.reports."""
import uuid

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _

from club import refusals, settle_up
from club.errors import Refused
from club.forms import KeyField, PlayerField, whole_number
from club.idempotency import form_once
from club.models import Player
from club.players import clean_name, name_key
from games.presentation import results as said
from games.selectors.names import names_of
from nights import reports, selectors, services
from nights.models import Night, Season

CARDS = 5  # a member's latest nights' cards on his page


class CountField(forms.IntegerField):
    """A count of nights, in the digits 0 to 9 (club.forms.whole_number)."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return whole_number(str(value).strip())
        except ValueError:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None


class SeasonForm(forms.Form):
    key = KeyField()  # drawn with the page (club.idempotency.form_once); said atop the form
    name = forms.CharField(label=_("Name"), max_length=100)
    first = forms.DateField(label=_("First night"),
                            widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    last = forms.DateField(label=_("Last night"),
                           widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    best_nights = CountField(label=_("Best nights counted"), required=False,
                             help_text=_("Blank: every night counts."))
    minimum_nights = CountField(label=_("Nights to qualify"), initial=0)

    def clean(self):
        if "key" in self._errors:  # a hidden field's refusal is said atop the form
            self.add_error(None, self._errors.pop("key").as_data())
        return super().clean()


def seasons(request):
    """The seasons, the latest first; staff define one (nights.services.create_season decides,
    its refusal said beside its field), once for the form's key."""
    form, key = SeasonForm(request.POST or None), uuid.uuid4().hex
    if request.method == "POST":
        if not request.user.is_staff:
            raise PermissionDenied
        if form.is_valid():
            data, made = form.cleaned_data, []
            try:
                done = form_once(request, data["key"], lambda: made.append(services.create_season(
                    name=clean_name(data["name"], "name"), first=data["first"],
                    last=data["last"], best_nights=data["best_nights"],
                    minimum_nights=data["minimum_nights"], by=request.user)))
            except Refused as refused:
                field = refused.params.get("field")
                form.add_error(field if field in form.fields else None,
                               str(refusals.said(refused)))
            else:
                if done:
                    return redirect("season", season_id=made[0].pk)
                messages.info(request, _("This form was sent already: nothing more was done."))
                return redirect("seasons")
    return render(request, "nights/results/seasons.html", {
        "seasons": Season.objects.all(), "form": form, "key": key},
        status=400 if form.errors else 200)


def _ladder(season: Season, reader) -> dict:
    """The season's ladder (nights.selectors.standings) as the pages show it: each row with
    its player's name and the nights counted, the leader's and the champion's names, as the
    reader reads them (games.selectors.names)."""
    ladder = selectors.standings(season)
    nights = Night.objects.in_bulk([night for row in ladder["rows"] for night in row["counted"]])
    names = names_of([row["player"] for row in ladder["rows"]], reader)
    champion = reports.champion(season, ladder)
    return {"season": season, "over": reports.over(season),
            "rows": [row | {"name": names[row["player"]],
                            "nights_counted": [nights[pk] for pk in row["counted"]]}
                     for row in ladder["rows"]],
            "leader": ladder["leader"] and names[ladder["leader"]],
            "champion": champion and names[champion]}


def season(request, season_id: int):
    return render(request, "nights/results/season.html",
                  {"ladder": _ladder(get_object_or_404(Season, pk=season_id), request.user)})


def night_results(request, night_id: int):
    """The night's results, for anyone: its tables and who won them, each player's row, named
    as the reader reads them (games.selectors.names); its settle-up for members, as the club's
    settle-up is theirs."""
    night = get_object_or_404(Night, pk=night_id)
    tables = reports.tables(night)
    rows = selectors.results(night)
    names = names_of([row["player"] for row in rows]
                     + [pk for t in tables for pk in t["players"]], request.user)
    context = {"night": night, "rows": [row | {"name": names[row["player"]]} for row in rows],
               "tables": [t | {"names": [names[pk] for pk in t["players"]],
                               "won_by": t["winner"] and said.named(t["winner"], names)}
                          for t in tables]}
    if request.user.is_authenticated:
        squared = reports.night_settle_up(night)
        parties = {pk: settle_up.Party(pk, name) for pk, name in reports.names(
            squared["nets"]).items()} | {settle_up.HOUSE_PARTY: settle_up.HOUSE}
        context["nets"] = sorted(((parties[pk], cents) for pk, cents in squared["nets"].items()),
                                 key=lambda row: (row[0].pk is None, name_key(row[0].name)))
        context["payments"] = sorted(((parties[p.payer], parties[p.payee], p.cents)
                                      for p in squared["payments"]),
                                     key=lambda row: (name_key(row[0].name),
                                                      name_key(row[1].name)))
    return render(request, "nights/results/night.html", context)


def night_sheets(request, night_id: int):
    """A paper sheet per table of the night, to score on when the phones are flat."""
    night = get_object_or_404(Night, pk=night_id)
    tables = reports.tables(night)
    names = names_of([pk for t in tables for pk in t["players"]], request.user)
    return render(request, "nights/results/sheets.html", {
        "night": night, "lines": range(1, 21),
        "tables": [t | {"names": [names[pk] for pk in t["players"]]} for t in tables]})


def standings_seasons(request) -> dict | None:
    """games.views.standings.SEASONS: the seasons to choose from, and the chosen one's
    ladder, shown in place of the club's standings."""
    found = list(Season.objects.all())
    if not found:
        return None
    chosen = next((s for s in found if str(s.pk) == request.GET.get("season")), None)
    return {"choices": [(s.pk, s.name) for s in found], "chosen": chosen and chosen.pk,
            "ladder": chosen and ("nights/results/_ladder.html",
                                  _ladder(chosen, request.user))}


class AgainstForm(forms.Form):
    against = PlayerField(queryset=Player.objects.none(), label=_("Against"),
                          empty_label=_("choose a player"))

    def __init__(self, data, player: Player):
        super().__init__(data)
        self.fields["against"].queryset = Player.objects.exclude(pk=player.pk)


def head_to_head(request, player: Player, own: bool) -> tuple | None:
    """games.views.members.SECTIONS: his record against a player chosen (nights.selectors
    .against, the API's) and the nights they met, for a signed-in reader, as the API's."""
    if not request.user.is_authenticated:
        return None
    form = AgainstForm(request.GET if "against" in request.GET else None, player)
    context = {"form": form, "player": player}
    if form.is_valid():
        other = form.cleaned_data["against"]
        context |= {"other": other, "record": selectors.against(player.pk, other.pk),
                    "met": reports.met(player.pk, other.pk)}
    return "nights/results/_against.html", context


def night_cards(request, player: Player, own: bool) -> tuple | None:
    """games.views.members.SECTIONS: his latest nights' cards, for himself and staff, as his
    money is theirs."""
    if not own:
        return None
    nights = list(reports.nights_of(player)[:CARDS])
    return "nights/results/_cards.html", {
        "player": player,
        "cards": [(night, reports.cards(night, [player.pk])[0]) for night in nights]}
