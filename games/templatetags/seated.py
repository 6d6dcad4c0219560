"""{% load seated %}: the attributes of the scorer's words that name players
(games.pages.score_widgets.Seated), for outbox.js to show, whole, what the club says of the
hand after one kept on the phone: `<span{{ label|seated }}>{{ label }}</span>` gives its text's
`data-next` and `data-seats` (`{{ name|seated:word }}`: the seat's word where a name alone is
left empty), `aria-label="{{ label }}"{{ label|seated_label }}` its aria-label's
(`{{ label|seated_label:pattern }}`: in a sentence, "Clear: %(label)s"). Words that name
nobody give nothing."""
from django import template
from django.utils.html import format_html

from games.pages.score_widgets import Seated

register = template.Library()


@register.filter
def seated(words, alone: str = "") -> str:
    if not isinstance(words, Seated):
        return ""
    return format_html(' data-next="{}" data-seats="{}"', words.next or alone,
                       words.seats or alone)


@register.filter
def seated_label(words, pattern: str = "%(label)s") -> str:
    if not isinstance(words, Seated):
        return ""
    return format_html(' data-label-next="{}" data-label-seats="{}"',
                       pattern % {"label": words.next}, pattern % {"label": words.seats})
