"""The marks of a hand by name: one name for each of the result's mark keys (docs/hand-record.md,
The result), the game's own, in the reader's language. Every face that says a mark (the pages,
the live script's words, the admin, the exports, the hand in words) takes its name from here.

The key `refusal` is the extra point for defeating a vulnerable player: the elder who played
without proposing, or the dealer who refused the first proposal (docs/rules.md, sections 4 and
7). Nobody refused in the first case, so its name says what is true in both: the vulnerable
player was beaten."""
from django.utils.translation import pgettext_lazy

MARKS = {
    "king_turned": pgettext_lazy("mark", "king turned"),
    "king_held": pgettext_lazy("mark", "king"),
    "point": pgettext_lazy("mark", "point"),
    "vole": pgettext_lazy("mark", "vole"),
    "refusal": pgettext_lazy("mark", "vulnerable beaten"),
    "double": pgettext_lazy("mark", "double"),
    "declined_double": pgettext_lazy("mark", "declined double"),
    "offer_accepted": pgettext_lazy("mark", "offer accepted"),
    "offer_failed": pgettext_lazy("mark", "offer failed"),
    "abandon": pgettext_lazy("mark", "abandon"),
}


def mark_word(key) -> str:
    """The mark's name in the active language; a key the club does not know, as it is."""
    return str(MARKS[key]) if key in MARKS else str(key)
