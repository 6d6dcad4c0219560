"""Names as the page's reader reads them (games.selectors.names): `{{ player|name_for:user }}`
and a table's snapshot `{{ t.snapshot|seen_by:user }}`, its `names` the reader's."""
from django import template

from games.selectors.names import public_name, snapshot_for

register = template.Library()


@register.filter
def name_for(player, reader) -> str:
    return public_name(player, reader)


@register.filter
def names_for(players, reader) -> list[str]:
    """Each player's name as the reader reads it: `{{ players|names_for:user|join:", " }}`."""
    return [public_name(player, reader) for player in players]


@register.filter
def seen_by(snapshot: dict, reader) -> dict:
    return snapshot_for(snapshot, reader)
