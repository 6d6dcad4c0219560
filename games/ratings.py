"""Players' skill ratings: openskill's Plackett-Luce model, one match per finished game.

Every finished game of the club is a match between its two players, the winner ranked first.
A game à trois ranks its three players by their places (1st, 2nd, 3rd), and a game à quatre
is a match of two teams, the partners of each side (`GamePlayer.place`, `ranked`).
The games are rated in one sequence over the whole club, in order of `finished_at` (then game
id), and each player's rating just after a game is stored on his `GamePlayer` row (`mu`,
`sigma`). A player's rating at any moment is therefore that of his latest rated game before
it, and the model's starting rating before his first game: there is no second copy to keep in
line, and "the rating as it stood at the end of March" is the same query as "the rating now".

A new finished game that is the latest of each of its players (the usual case) is rated as
its rows are written (`rate_latest`); games at other tables, whose players are others, are
rated at the same time. Anything else owes a re-rating from a time on (`owe`, a `RatingsDue`
row): a correction that changes a game's winner, loser or finish time, a game that finished
before one of its players' games already rated, and any game that finishes while a
re-rating is owed. Re-rating an old correction means every later game of the club, which
takes a while on a long history, so it is not done in the correction's transaction, nor in
the worker that serves it: a process of its own (`manage.py catch_up_ratings --follow`, which
`make run` and `make serve-prod` start beside the workers) looks every few seconds for what is
owed (`keep_up`) and pays it (`catch_up`), without holding any lock that a hand waits for, and
deletes the rows it paid. Until then the standings say since when the ratings are being
recomputed (`pending_since`).
"""
import logging
import threading
import time
from datetime import datetime

from django.db import DatabaseError, connection, transaction
from django.db.models import Min, OuterRef, Subquery
from openskill.models import PlackettLuce

from club.models import Player
from games.models import GamePlayer, RatingsDue

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)  # a player's rating before his first game: (25, 25/3)
_LOCK_KEY = 0x45434152  # "ECAR": rating a new game holds it shared; catching up waits for it
_PLAYER_LOCKS = 0x4543  # "EC": with a player's id, rating a new game of his holds it
_CATCH_UP_KEY = 0x45434153  # "ECAS": one catching-up at a time, across workers


def after_game(winner: tuple, loser: tuple) -> tuple[tuple, tuple]:
    """The two players' (mu, sigma) after the winner beat the loser."""
    (won,), (lost,) = MODEL.rate([[MODEL.rating(*winner)], [MODEL.rating(*loser)]])
    return (won.mu, won.sigma), (lost.mu, lost.sigma)


def after_match(teams: list[list[tuple]], ranks: list[int]) -> list[list[tuple]]:
    """Each team's players' (mu, sigma) after a game that ranked them (1 first), as openskill
    rates it."""
    rated = MODEL.rate([[MODEL.rating(*rating) for rating in team] for team in teams],
                       ranks=ranks)
    return [[(player.mu, player.sigma) for player in team] for team in rated]


def ranked(sides: list, place) -> tuple[list[list], list[int]] | None:
    """A game à trois or à quatre's sides as openskill's teams, best first, and their ranks:
    the players of a place are a team. `place(side)` reads a side's place. None for a
    two-handed game, whose sides have none."""
    places = sorted({place(side) for side in sides if place(side) is not None})
    if not places:
        return None
    return [[side for side in sides if place(side) == p] for p in places], places


def rated_sides(sides: list, current: dict, *, player, won, place) -> list[tuple]:
    """(side, (mu, sigma) after the game) for each side of one game, from `current` ratings by
    player: a two-handed game's winner beat its loser (`after_game`), a game à trois or à
    quatre ranks its teams (`after_match`). `player`, `won` and `place` read a side's."""
    teams = ranked(sides, place)
    if teams:
        rated = after_match([[current[player(s)] for s in team] for team in teams[0]],
                            teams[1])
        return [pair for team, after in zip(teams[0], rated) for pair in zip(team, after)]
    winner, loser = sorted(sides, key=lambda side: not won(side))
    return list(zip((winner, loser), after_game(current[player(winner)],
                                                current[player(loser)])))


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


def _lock_players(player_ids) -> None:
    """Until the transaction ends, across workers (SQLite has one writer): the club's key
    shared, which a catching-up waits for (`_barrier`), and each player's own, in order, so
    that two new games of one player are rated one after the other while the games of other
    players are rated at the same time."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock_shared(%s)", [_LOCK_KEY])
            for player in sorted(set(player_ids)):
                cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_PLAYER_LOCKS, player])


def _barrier() -> None:
    """Waits until every game being rated (`rate_latest`) has committed; a game that starts
    being rated after it sees every re-rating owed by then. So a catching-up that reads the
    games after it misses none that was rated without seeing what it pays."""
    if connection.vendor == "postgresql":
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOCK_KEY])


def rate_latest(sides: list[GamePlayer]) -> bool:
    """Sets the ratings of a game that has just finished on its sides, not yet saved, when
    none of its players has a rated game that finished at the same time or later and no
    re-rating is owed: the usual case, where a re-rating would rate this game alone (a game
    of other players alone does not depend on it, nor it on them). Returns False, setting
    nothing, otherwise; the caller saves the sides and owes a re-rating from the game's
    finish."""
    players = sorted({side.player_id for side in sides})
    _lock_players(players)
    since = connection.ops.adapt_datetimefield_value(sides[0].finished_at)
    with connection.cursor() as cursor:  # every game end asks: one round trip, no ORM
        cursor.execute(_LATEST_OR_LATER.format(players=", ".join(["%s"] * len(players))),
                       [since, since, since, *players])
        rows = cursor.fetchall()
    if any(later for *_, later in rows):
        return False
    current = {pk: START if mu is None else (mu, sigma) for pk, mu, sigma, _ in rows}
    for side, (mu, sigma) in rated_sides(sides, current, player=lambda s: s.player_id,
                                         won=lambda s: s.won, place=lambda s: s.place):
        side.mu, side.sigma = mu, sigma
    return True


# For each player of a new game: his rating after his latest rated game before it (NULL when
# he has none; `with_rating` reads the same through the ORM), and whether he has a rated game
# that finished at the same time or later, or any re-rating is owed.
_LATEST_OR_LATER = f"""
SELECT p.id,
    (SELECT g.mu FROM {GamePlayer._meta.db_table} g
     WHERE g.player_id = p.id AND g.mu IS NOT NULL AND g.finished_at < %s
     ORDER BY g.finished_at DESC, g.game_id DESC LIMIT 1),
    (SELECT g.sigma FROM {GamePlayer._meta.db_table} g
     WHERE g.player_id = p.id AND g.mu IS NOT NULL AND g.finished_at < %s
     ORDER BY g.finished_at DESC, g.game_id DESC LIMIT 1),
    EXISTS (SELECT 1 FROM {GamePlayer._meta.db_table} g
            WHERE g.player_id = p.id AND g.won IS NOT NULL AND g.finished_at >= %s)
    OR EXISTS (SELECT 1 FROM {RatingsDue._meta.db_table})
FROM {Player._meta.db_table} p WHERE p.id IN ({{players}})
"""


def owe(since: datetime) -> None:
    """Owes a re-rating from `since` on, which the catching-up process pays once the
    transaction commits (`keep_up`). It takes no lock: the catching-up waits for the games
    being rated meanwhile."""
    RatingsDue.objects.create(since=since)


def pending_since() -> datetime | None:
    """The earliest time from which a re-rating is owed, or None when the ratings are up to
    date."""
    return RatingsDue.objects.aggregate(since=Min("since"))["since"]


def rerated(since: datetime, sides=None) -> list[GamePlayer]:
    """The rows whose rating differs from a re-rating of every game finished at or after
    `since` (of the `sides` only, a query of GamePlayer rows, when given), in order, from each
    player's rating as it stood just before `since`, with their new rating (not saved). (A
    game a correction leaves unfinished has lost its `GamePlayer` rows, and its ratings with
    them.)"""
    rows = ((GamePlayer.objects if sides is None else sides)
            .filter(finished_at__gte=since, won__isnull=False)
            .order_by("finished_at", "game_id", "id")
            .values_list("id", "game_id", "player_id", "won", "mu", "sigma", "place"))
    games = {}
    for row in rows:
        games.setdefault(row[1], []).append(row)
    current = ratings({row[2] for sides in games.values() for row in sides}, before=since)
    changed = []
    for sides in games.values():
        if len(sides) != 2 and sides[0][6] is None:  # a two-handed game lacking a side
            continue
        results = rated_sides(sides, current, player=lambda row: row[2],
                              won=lambda row: row[3], place=lambda row: row[6])
        for (pk, game, player, _, mu, sigma, _), rating in results:
            current[player] = rating
            if (mu, sigma) != rating:
                changed.append(GamePlayer(pk=pk, game_id=game, mu=rating[0],
                                          sigma=rating[1]))
    return changed


def rerate(since: datetime) -> int:
    """Re-rates from `since` on at once (`rerated`), writing what changed; the number of rows
    written. For checks and benchmarks: the club's own re-ratings go through `catch_up`."""
    changed = rerated(since)
    for start in range(0, len(changed), WRITE_CHUNK):
        _set_ratings(changed[start:start + WRITE_CHUNK])
    return len(changed)


WRITE_CHUNK = 1000  # the rows one statement, and one of catch_up's transactions, writes


def _set_ratings(rows: list[GamePlayer]) -> None:
    """Writes each row's `mu` and `sigma` in one statement, joined on a list of values (a
    bulk_update's CASE per row is quadratic in the rows of a statement)."""
    if not rows:
        return
    table = connection.ops.quote_name(GamePlayer._meta.db_table)
    values = ", ".join(["(%s, %s, %s)"] * len(rows))
    with connection.cursor() as cursor:
        cursor.execute(f"WITH new (id, mu, sigma) AS (VALUES {values}) "
                       f"UPDATE {table} SET mu = new.mu, sigma = new.sigma "
                       f"FROM new WHERE {table}.id = new.id",
                       [value for row in rows for value in (row.pk, row.mu, row.sigma)])


def _write(rows: list[GamePlayer]) -> bool:
    """Writes the new ratings of `rows` in short transactions of `WRITE_CHUNK` rows, each
    taking only the rows that no table's change holds (so that it never waits on one, and no
    correction waits long on it); True when it wrote every row."""
    complete = True
    for start in range(0, len(rows), WRITE_CHUNK):
        chunk = rows[start:start + WRITE_CHUNK]
        with transaction.atomic():
            free = set(GamePlayer.objects.select_for_update(skip_locked=True)
                       .filter(pk__in=[row.pk for row in chunk]).order_by("pk")
                       .values_list("pk", flat=True))
            _set_ratings([row for row in chunk if row.pk in free])
        complete = complete and len(free) == len(chunk)
    return complete


def catch_up(*, wait: bool = False, passes: int = 20) -> bool:
    """Pays the re-ratings owed, in passes, until none is owed; True when none is. Unless
    `wait`, returns at once when another process is catching up (it will see what is owed).

    A pass waits for the games being rated to commit (`_barrier`), reads what is owed and
    re-rates from its earliest time without a transaction, so hands go on meanwhile: whatever
    they change owes a re-rating of its own, which the next pass pays. It then writes in short
    transactions (`_write`), and deletes the debts it paid when it wrote every row. Each pass
    says in the log since when it re-rated and how much changed."""
    with _catching_up(wait) as mine:
        if not mine:
            return False
        for _ in range(passes):
            _barrier()
            due = list(RatingsDue.objects.values_list("pk", "since"))
            if not due:
                return True
            since = min(since for _, since in due)
            started = time.monotonic()
            changed = rerated(since)
            complete = _write(changed)
            log.info("re-rated the games finished since %s in %.1f s: %d ratings of "
                     "%d games changed%s", since.isoformat(), time.monotonic() - started,
                     len(changed), len({row.game_id for row in changed}),
                     "" if complete else "; a table's change held some, going round again")
            if complete:
                RatingsDue.objects.filter(pk__in=[pk for pk, _ in due]).delete()
                continue
            time.sleep(0.1)  # a table's change held a row: let it finish
        return not RatingsDue.objects.exists()


def keep_up(*, every: float, stop: threading.Event) -> None:
    """The catching-up process's loop (`manage.py catch_up_ratings --follow`): until `stop`
    is set, looks every `every` seconds for a re-rating owed and pays it (`catch_up`). A
    database that does not answer is logged, and asked again on the next look."""
    log.info("catching up whenever a re-rating is owed, looking every %g s", every)
    while not stop.is_set():
        try:
            if pending_since() is not None:
                catch_up(wait=True)
        except DatabaseError:
            log.exception("catching up failed; trying again in %g s", every)
            connection.close()  # a new connection for the next look
        stop.wait(every)
    log.info("stopped catching up")


_IN_PROCESS = threading.Lock()  # SQLite: one catching-up process (`keep_up`), one at a time in it


class _catching_up:
    """One catching-up at a time: a session-level advisory lock on PostgreSQL (released
    when the connection goes, should the process die), a lock of the process otherwise."""

    def __init__(self, wait: bool):
        self.wait, self.mine = wait, False

    def __enter__(self) -> bool:
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                if self.wait:
                    cursor.execute("SELECT pg_advisory_lock(%s), true", [_CATCH_UP_KEY])
                else:
                    cursor.execute("SELECT pg_try_advisory_lock(%s)", [_CATCH_UP_KEY])
                self.mine = cursor.fetchone()[-1]
        else:
            self.mine = _IN_PROCESS.acquire(blocking=self.wait)
        return self.mine

    def __exit__(self, *exc) -> None:
        if not self.mine:
            return
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [_CATCH_UP_KEY])
        else:
            _IN_PROCESS.release()
