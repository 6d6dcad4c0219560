"""`{% open_night as night %}`: the club night open now, or None, for the menu's link to it."""
from django import template

from nights.models import Night

register = template.Library()


@register.simple_tag
def open_night():
    return Night.objects.filter(status=Night.Status.OPEN).only("pk").first()
