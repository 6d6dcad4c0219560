"""Players' skill ratings: openskill's Plackett-Luce model, one match per finished game.

Every finished game of the club is a match between its two players, the winner ranked first.
The games are rated in one sequence over the whole club, in order of `finished_at` (then game
id), and each player's rating just after a game is stored on his `GamePlayer` row (`mu`,
`sigma`). A player's rating at any moment is therefore that of his latest rated game before
it, and the model's starting rating before his first game: there is no second copy to keep in
line, and "the rating as it stood at the end of March" is the same query as "the rating now".

`rerate(since)` recomputes every rating from `since` on. The projection of a table calls it
whenever a game's winner, loser or finish time changes, with the earliest such time, so a
correction of an old game re-rates every game after it. A new finished game that is the club's
latest (the usual case) is rated as its rows are written (`rate_latest`).
"""
from datetime import datetime

from django.db import connection
from django.db.models import OuterRef, Subquery
from openskill.models import PlackettLuce

from club.models import Player
from games.models import GamePlayer

MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)  # a player's rating before his first game: (25, 25/3)
_LOCK_KEY = 0x45434152  # "ECAR": serialises re-rating across workers on PostgreSQL


def after_game(winner: tuple, loser: tuple) -> tuple[tuple, tuple]:
    """The two players' (mu, sigma) after the winner beat the loser."""
    (won,), (lost,) = MODEL.rate([[MODEL.rating(*winner)], [MODEL.rating(*loser)]])
    return (won.mu, won.sigma), (lost.mu, lost.sigma)


def ordinal(mu: float, sigma: float) -> float:
    """The figure the standings show and sort by: a cautious estimate, mu - 3 sigma."""
    return round(mu - 3 * sigma, 1)


def as_dict(rating: tuple) -> dict:
    mu, sigma = rating
    return {"mu": round(mu, 3), "sigma": round(sigma, 3), "ordinal": ordinal(mu, sigma)}


def with_rating(players, *, before: datetime | None = None):
    """(id, name, (mu, sigma)) of each of the players (a Player queryset), his rating after
    his latest game rated before `before` (now when None), or START when he has none: one
    query, an indexed look-up per player."""
    rated = GamePlayer.objects.filter(player=OuterRef("pk"), mu__isnull=False)
    rated = rated.filter(finished_at__lt=before) if before else rated.filter(
        finished_at__isnull=False)
    latest = rated.order_by("-finished_at", "-game_id")
    rows = players.order_by().annotate(
        mu=Subquery(latest.values("mu")[:1]), sigma=Subquery(latest.values("sigma")[:1]),
    ).values_list("pk", "name", "mu", "sigma")
    return [(pk, name, START if mu is None else (mu, sigma)) for pk, name, mu, sigma in rows]


def ratings(player_ids, *, before: datetime | None = None) -> dict:
    """{player id: (mu, sigma)} as `with_rating` gives them."""
    wanted = set(player_ids)  # past a few hundred, one scan beats a long IN list
    players = Player.objects.filter(pk__in=wanted) if len(wanted) <= 500 else Player.objects
    return {pk: rating for pk, _, rating in with_rating(players.all(), before=before)
            if pk in wanted}


def _lock() -> None:
    """Serialises rating across workers until the transaction ends (SQLite has one writer)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK_KEY])


def rate_latest(sides: list[GamePlayer]) -> bool:
    """Sets the ratings of a game that has just finished on its two sides, not yet saved, when
    no rated game finished at the same time or later: the usual case, where `rerate` would
    rate this game alone. Returns False, setting nothing, otherwise; the caller saves the sides
    and re-rates from the game's finish."""
    _lock()
    since = sides[0].finished_at
    if GamePlayer.objects.filter(finished_at__gte=since, won__isnull=False).exists():
        return False
    winner, loser = sorted(sides, key=lambda side: not side.won)
    current = ratings([winner.player_id, loser.player_id], before=since)
    rated = after_game(current[winner.player_id], current[loser.player_id])
    for side, (mu, sigma) in zip((winner, loser), rated):
        side.mu, side.sigma = mu, sigma
    return True


def rerate(since: datetime) -> int:
    """Recomputes the ratings of every game finished at or after `since`, in order, from each
    player's rating as it stood just before `since`. (A game a correction leaves unfinished
    has lost its `GamePlayer` rows, and its ratings with them.) Returns the number of rows whose
    rating changed."""
    _lock()
    rows = (GamePlayer.objects.filter(finished_at__gte=since, won__isnull=False)
            .order_by("finished_at", "game_id", "id")
            .values_list("id", "game_id", "player_id", "won", "mu", "sigma"))
    games = {}
    for row in rows:
        games.setdefault(row[1], []).append(row)
    current = ratings({row[2] for sides in games.values() for row in sides}, before=since)
    changed = []
    for sides in games.values():
        if len(sides) != 2:
            continue
        winner, loser = sorted(sides, key=lambda row: not row[3])
        results = after_game(current[winner[2]], current[loser[2]])
        for (pk, _, player, _, mu, sigma), rating in zip((winner, loser), results):
            current[player] = rating
            if (mu, sigma) != rating:
                changed.append(GamePlayer(pk=pk, mu=rating[0], sigma=rating[1]))
    GamePlayer.objects.bulk_update(changed, ["mu", "sigma"], batch_size=500)
    return len(changed)

