"""{% load money %}: `{{ cents|money }}` writes whole cents as the page's language writes an
amount, "12.50" or "12,50" (club.money_text.local)."""
from django import template

from club import money_text

register = template.Library()


@register.filter
def money(cents: int) -> str:
    return money_text.local(cents)
