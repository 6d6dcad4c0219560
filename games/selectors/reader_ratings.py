"""The ratings as a reader sees them: the club's for a signed-in reader, the public games' alone
for an anonymous one (games.selectors.visibility.counted_tables gives each reader's `tables`).

Counting every table (`tables` None), they are the club's ratings as games.ratings keeps them:
one sequence over every game, stored on each `GamePlayer` row. Counting some tables only (an
anonymous reader: the public ones), they are the rating of those tables' games alone, in the
club's order, as if no other game had been played. Up to the first game that finished at
another table, and up to the club's re-rating owed (games.ratings.pending_since), the stored
ratings are exactly that; from the earlier of the two on, the tables' games are rated again
(`games.ratings.rerated` over their rows), and the ratings that differ take the place of the
stored ones. That re-rating is kept in the cache until one of the tables changes (each change
moves its `seq` on), a game elsewhere changes the first one, or the club's re-rating owed
moves. So these ratings are never owed a re-rating; while no game has finished elsewhere and
none is owed, nothing is re-rated: they are the stored ones."""
import hashlib

from django.core.cache import cache
from django.db.models import Count, F, Max, Min, Q, Sum, Window
from django.db.models.functions import RowNumber

from games import ratings
from games.models import GamePlayer, Table

RATED_GAMES = 200  # a rating's history: the latest games rated, at most
KEPT = 3600  # seconds a re-rating of some tables is kept, at most, while they do not change


def _rerated(tables) -> tuple:
    """(since when the ratings of the games at `tables` are rated again, or None, and
    {GamePlayer id: (mu, sigma)} of the rows whose rating then differs from the stored one)."""
    others = Table.objects.exclude(pk__in=tables.values("pk"))
    elsewhere = GamePlayer.objects.filter(game__table__in=others, won__isnull=False).aggregate(
        first=Min("finished_at"))["first"]
    owed = ratings.pending_since()
    since = min(filter(None, (elsewhere, owed)), default=None)
    if since is None:
        return None, {}
    state = tables.aggregate(n=Count("id"), seq=Sum("seq"), last=Max("id"))
    key = "rerated:" + hashlib.sha256(
        f"{tables.query} {elsewhere} {owed} {state}".encode()).hexdigest()
    found = cache.get(key)
    if found is None:
        found = {row.pk: (row.mu, row.sigma) for row in ratings.rerated(
            since, sides=GamePlayer.objects.filter(game__table__in=tables))}
        cache.set(key, found, KEPT)
    return since, found


def rating_history(players, *, before=None, last: int = RATED_GAMES,
                   tables=None) -> dict[int, list]:
    """{player id: [(finished_at, won, (mu, sigma))]}, oldest first: each of the `players`' (ids,
    or a query of them) rating just after each of his latest `last` rated games that finished
    before `before` (all when None), at `tables` (every table when None), as the standings show
    it. One query, whatever the number of players."""
    return _history(players, before, last, tables,
                    *((None, {}) if tables is None else _rerated(tables)))


def _history(players, before, last: int, tables, since, replaced: dict) -> dict[int, list]:
    """`rating_history`, the games at `tables` rated again from `since` (`_rerated`)."""
    rows = GamePlayer.objects.filter(player_id__in=players, finished_at__isnull=False)
    if tables is not None:
        rows = rows.filter(game__table__in=tables)
    rated = Q(mu__isnull=False)
    if since is not None:  # every game at the tables from then on is rated again
        rated |= Q(finished_at__gte=since, won__isnull=False)
    rows = rows.filter(rated)
    if before is not None:
        rows = rows.filter(finished_at__lt=before)
    rows = rows.annotate(latest=Window(RowNumber(), partition_by=[F("player_id")],
                                       order_by=[F("finished_at").desc(), F("game_id").desc()]))
    found = {}
    for pk, player, finished, won, mu, sigma in rows.filter(latest__lte=last).order_by(
            "player_id", "finished_at", "game_id").values_list(
            "pk", "player_id", "finished_at", "won", "mu", "sigma"):
        found.setdefault(player, []).append((finished, won, replaced.get(pk, (mu, sigma))))
    return found


def with_rating(players, *, before=None, tables=None) -> list[tuple]:
    """(id, name, (mu, sigma)) of each of the players (a Player queryset), his rating after
    his latest game rated before `before` (now when None) at `tables` (every table when None),
    or games.ratings.START when he has none."""
    since, replaced = (None, {}) if tables is None else _rerated(tables)
    if since is None:  # every game so far is at the tables, and rated: the club's ratings
        return ratings.with_rating(players, before=before)
    latest = _history(players.values("pk"), before, 1, tables, since, replaced)
    return [(pk, name, latest[pk][-1][2] if pk in latest else ratings.START)
            for pk, name in players.values_list("pk", "name")]


def pending_since(tables=None):
    """The earliest time from which the ratings the reader sees are owed a re-rating, or None
    when they are up to date: the club's (games.ratings.pending_since); never at some `tables`,
    whose games are rated again from it (`_rerated`)."""
    return ratings.pending_since() if tables is None else None
