"""{% load pictures %}: the pictures the templates draw from what their views give them.

`{% result_card table as card %}`: a won pool's or rubber's result card
(games/views/result_card.py), its facts with its image's path and absolute URL
(request.build_absolute_uri, for Open Graph), or None.
`{% money_chart balances as chart %}`: the settle-up's balances, [(party, cents)], as bars
around zero (games/presentation/charts.py), for the club's settle-up page, whose view
(club/views.py) imports nothing of the games."""
from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from club import money_text
from games.presentation import charts
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
def money_chart(balances):
    """The bars of who is up (right of zero) and who is down (left), named with every figure."""
    rows = [(party.name if party.pk else _("the house"), cents, money_text.local(cents))
            for party, cents in balances]
    label = _("Who is up and who is down: %(figures)s") % {
        "figures": ", ".join(f"{name} {amount}" for name, _cents, amount in rows)}
    return charts.money_bars(rows, label=label)
