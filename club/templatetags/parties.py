"""{% load parties %}: `{{ party|party_name }}` names a party of the settle-up (club.settle_up's
Party): a player by his name, the house in the page's language."""
from django import template
from django.utils.translation import gettext

register = template.Library()


@register.filter
def party_name(party) -> str:
    return party.name if party.pk is not None else gettext("the house")
