"""{% load pictures %}: the pictures the templates draw from what their views give them.

`{% result_card table as card %}`: a won table's result card
(games/views/result_card.py), its facts with its image's path and absolute URL
(request.build_absolute_uri, for Open Graph), or None.
`{% evening_money as evening %}`: the latest evening's money, who won and who lost at play
at its tables, the house's levy beside them (games.selectors.standings.evening_won_at_play),
as bars around zero (games/presentation/charts.py) with its figures, for the club's settle-up
page, whose view (club/views.py) imports nothing of the games."""
from django import template
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from club import money_text
from club.models import Player
from club.settle_up import HOUSE_PARTY
from games.presentation import charts
from games.selectors.standings import evening_won_at_play
from games.views.result_card import SIZE, card_facts

register = template.Library()


@register.simple_tag(takes_context=True)
def result_card(context, table):
    facts = card_facts(table)
    if facts is None:
        return None
    path = f"{reverse('result_card', args=[table.pk])}?v={table.seq}"
    page = reverse("table", args=[table.pk])
    request = context.get("request")
    absolute = request.build_absolute_uri if request else str
    return facts | {"path": path, "image": absolute(path), "url": absolute(page),
                    "width": SIZE[0], "height": SIZE[1]}


@register.simple_tag
def evening_money():
    """The latest evening's day as the reader writes it, what each party won or lost at play
    at its tables, the most won first ([(name, cents, the amount as written)], the house with
    its levy: the rows sum to zero), and their bars: won to the right of zero, lost to the
    left, every figure named in the chart's text. Money still held at a table counts as its
    stakers' (games.selectors.standings.won_at_play). The bars are None when no money moved
    at play that evening; all is None before any table."""
    found = evening_won_at_play()
    if found is None:
        return None
    day, nets = found
    names = {pk: player.name for pk, player in Player.objects.in_bulk(
        [pk for pk, _cents in nets if pk != HOUSE_PARTY]).items()} | {HOUSE_PARTY: _("The house")}
    rows = [(names[pk], cents, money_text.signed(cents)) for pk, cents in nets]
    day = date_format(day, "SHORT_DATE_FORMAT")
    label = _("The evening of %(day)s, won and lost at play: %(figures)s") % {
        "day": day, "figures": ", ".join(f"{name} {amount}" for name, _cents, amount in rows)}
    return {"day": day, "rows": rows, "svg": charts.money_bars(rows, label=label)}
