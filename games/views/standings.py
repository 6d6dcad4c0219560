"""The home page and the standings, each player's trend drawn in his row."""

from django.shortcuts import render
from django.utils.formats import number_format
from django.utils.translation import ngettext

from club import settle_up
from club.models import Player
from club.players import by_name
from games import cached, ratings
from games.presentation import charts
from games.selectors.names import names_of
from games.selectors.reader_ratings import pending_since, rating_history
from games.selectors.standings import date_range
from games.selectors.standings import standings as standings_rows
from games.selectors.visibility import counted_tables

TREND = 10  # a player's trend: his rating over his latest games, at most so many
# The seasons the standings may show instead of a date range: callables (request) -> None, or
# {"choices": [(id, name)], "chosen": id or None, "ladder": the chosen one's (template,
# context) or None}; nights' AppConfig.ready() adds its own, so that games imports no nights.
SEASONS: list = []


def _with_trends(rows: list[dict], until, tables) -> list[dict]:
    """Each row with its player's trend: his rating after each of his latest TREND games rated
    before `until` at `tables` (every table when None), drawn as a sparkline, or None when he
    has no rated game."""
    history = rating_history([row["player"]["id"] for row in rows], before=until, last=TREND,
                             tables=tables)
    for row in rows:
        values = [ratings.ordinal(*rating)
                  for _at, _won, rating in history.get(row["player"]["id"], [])]
        label = ngettext(
            "%(name)s's rating after the latest game: %(last)s",
            "%(name)s's rating over the latest %(n)s games: %(first)s to %(last)s",
            len(values)) % {"name": row["player"]["name"], "n": len(values),
                            "first": number_format(values[0] if values else 0, 1),
                            "last": number_format(values[-1] if values else 0, 1)}
        row["trend"] = charts.sparkline(values, label=label)
    return rows


def home(request):
    return render(request, "home.html")


@cached.for_anonymous(cached.LISTS_FRESH, version=cached.lists_version)
def standings(request):
    """The club's standings, for anyone: a date range from the form, both days included. Only
    the play the reader may see counts (games.selectors.visibility)."""
    tables = counted_tables(request.user)
    first, last = request.GET.get("from", ""), request.GET.get("to", "")
    context = {"first": first, "last": last, "rows": None, "error": None,
               "pending": pending_since(tables),
               "seasons": next(filter(None, (hook(request) for hook in SEASONS)), None)}
    if context["seasons"] and context["seasons"]["ladder"]:
        return render(request, "games/standings.html", context)
    try:
        since, until = date_range(first, last)
    except ValueError as err:
        context["error"] = str(err)
        return render(request, "games/standings.html", context, status=400)
    rows = standings_rows(since=since, until=until, tables=tables)
    shown = names_of([row["player"]["id"] for row in rows], request.user)
    for row in rows:  # each named as the reader reads him, in his row and his trend's label
        row["player"]["name"] = shown[row["player"]["id"]]
    context["rows"] = _with_trends(rows, until, tables)
    if request.user.is_authenticated:
        context["corrected"] = _corrected_since_paid()
    return render(request, "games/standings.html", context)


def _corrected_since_paid() -> dict | None:
    """When a correction at a table reversed money paid out before the last payment of the
    settle-up (club.settle_up.since_last_payment, as the settle-up says it): when that payment
    was made, and the players whose balance moved since, by name; else None. Said to members
    only, as the settle-up is: the money of members is not an anonymous reader's."""
    since = settle_up.since_last_payment()
    if not since or not since["corrected"]:
        return None
    moved = by_name(Player.objects.filter(pk__in=since["moved"]))
    return {"at": since["at"], "names": ", ".join(player.name for player in moved)}
