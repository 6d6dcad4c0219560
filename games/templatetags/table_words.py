"""{% load table_words %}: `{{ snap|game_end }}` says the end of a table's last game from its
snapshot, "Claire takes the game 5–3" (games.presentation.words.game_end, the one writing of
that sentence, which live.js fills too); `{{ snap|game_end:ended }}` says a game of its
`last_games`."""
from django import template

from games.presentation import words

register = template.Library()


@register.filter
def game_end(snap: dict | None, ended: dict | None = None) -> str:
    return words.game_end(snap, ended)
