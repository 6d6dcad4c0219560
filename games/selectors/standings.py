"""The club's standings: every player's figures and rating, overall or between two days."""
import re
from datetime import date, datetime, time, timedelta
from datetime import timezone as dt_timezone

from django.db.models import Count, F, Q, Sum
from django.utils import timezone

from club import evenings, settle_up
from club.models import Player, Transaction
from club.players import name_key
from club.settle_up import HOUSE_PARTY
from games import ratings
from games.models import GamePlayer, Movement, Seat, Table, Unit
from games.selectors import reader_ratings

FIGURES = ("games_played", "games_won", "units_played", "units_won", "pools_played",
           "pools_won", "points_for", "points_against", "voles", "kings")


DATE_SHAPE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


def date_range(first: str | None, last: str | None) -> tuple:
    """The standings' range from two dates written YYYY-MM-DD, both days included, in the
    club's time zone: (since, until) with `until` the start of the day after `last`. A date
    that is absent or blank leaves that end open. ValueError, saying what is wrong, otherwise."""
    days = []
    for name, text in (("from", first), ("to", last)):
        day = None
        if text:
            try:
                day = date.fromisoformat(text) if DATE_SHAPE.fullmatch(text) else None
            except ValueError:
                pass
            if day is None:
                raise ValueError(f"{name}: {text!r} is not a date written YYYY-MM-DD")
        days.append(day)
    if None not in days and days[0] > days[1]:
        raise ValueError("from must not be after to")
    since, until = days
    return _start_of(since), _start_of(until, days_after=1)


def _start_of(day: date | None, days_after: int = 0) -> datetime | None:
    """The start of the day so many days after `day`, in the club's time zone; None (an open
    end) when there is no such day or its start is out of the datetimes' range."""
    if day is None:
        return None
    try:
        start = datetime.combine(day + timedelta(days=days_after), time.min,
                                 tzinfo=timezone.get_current_timezone())
        start.astimezone(dt_timezone.utc)  # as the database compares it
    except OverflowError:  # before or after anything the club has recorded
        return None
    return start


def _between(queryset, field: str, since, until):
    if since is not None:
        queryset = queryset.filter(**{f"{field}__gte": since})
    if until is not None:
        queryset = queryset.filter(**{f"{field}__lt": until})
    return queryset


def won_at_play(*, since=None, until=None, player_id: int | None = None,
                tables=None) -> dict[int, int]:
    """{party: cents} for every party whose money moved at a table between the two times
    (either end open when None): what he won (above zero) or lost there; the house, as
    HOUSE_PARTY (club.settle_up), for its levy. That is every posting made at a table (a
    Movement, games/services/money.py): pool entries, forfeits, payouts and refunds; wagers'
    stakes, lays, settlements, voids and excesses given back, and the levy; and their
    reversals after a correction. Money still held at a table (a pot, a unit's escrow) counts
    as its stakers' until it is paid out, as the settle-up counts it
    (club.settle_up.counted_nets): an entry in an undecided pool is neither won nor lost yet.
    Payments between members are left out: they settle debts, they are not winnings. Only
    `player_id`'s when one is given; only at `tables` (a query of tables) when they are
    given."""
    moved = Movement.objects.all() if tables is None else Movement.objects.filter(
        table__in=tables)
    made = _between(Transaction.objects.filter(pk__in=moved.values("transaction_id")),
                    "created_at", since, until)
    return settle_up.counted_nets(made.values("pk"), party=player_id)


def latest_evening(tables=None) -> tuple[date, datetime, datetime] | None:
    """The club's latest evening (club.evenings), the one of the table opened last (of
    `tables`, a query of tables, when given): (its day, and when its tables were opened, from
    `since` inclusive to `until` exclusive), so that a table opened after midnight belongs to
    the evening it was played in. None before the first table."""
    day = (Table.objects if tables is None else tables).order_by(
        "-created_at", "-id").values_list(evenings.day_in("created_at"), flat=True).first()
    if day is None:
        return None
    return (day, *evenings.bounds(day))


def evening_won_at_play() -> tuple[date, list[tuple[int, int]]] | None:
    """The latest evening's day and what each party won or lost at play at its tables
    (`won_at_play` at the tables opened that evening, whenever their money moved: a payout
    after midnight or a correction later counts for the evening it was played in), as
    [(party, cents)], the most won first, the house (HOUSE_PARTY) with its levy: the evening
    sums to zero. Payments made since leave it as it is. None before the first table."""
    evening = latest_evening()
    if evening is None:
        return None
    day, since, until = evening
    tables = Table.objects.filter(created_at__gte=since, created_at__lt=until)
    nets = sorted(won_at_play(tables=tables.values("pk")).items(),
                  key=lambda row: (-row[1], row[0]))
    return day, nets


def _figures(since, until, player_id=None, tables=None) -> dict:
    """{player id: {figure: n, "won_at_play": cents}} for the players active between the two
    times at `tables` (a query of tables; every table when None): a handful of grouped queries
    (GROUP BY player), whatever the number of players."""
    figures = {}

    def add(rows):
        for player, *values in rows:
            got = figures.setdefault(player, dict.fromkeys(FIGURES, 0) | {"won_at_play": 0})
            for name, value in values:
                got[name] += value

    one = {} if player_id is None else {"player_id": player_id}
    at = {} if tables is None else {"table__in": tables}
    game_at = {} if tables is None else {"game__table__in": tables}
    sides = _between(GamePlayer.objects.filter(won__isnull=False, **one, **game_at),
                     "finished_at", since, until)
    add((row.pop("player_id"), *row.items()) for row in sides.values("player_id").annotate(
        games_played=Count("id"), games_won=Count("id", filter=Q(won=True)),
        points_for=Sum("points_for"), points_against=Sum("points_against"),
        voles=Sum("voles"), kings=Sum("kings")).order_by())
    units = _between(Unit.objects.filter(winner__isnull=False, **at), "finished_at", since,
                     until)
    for seat in ("first_id", "second_id"):
        mine = units if player_id is None else units.filter(**{seat: player_id})
        add((row[seat], ("units_played", row["played"]), ("units_won", row["won"]))
            for row in mine.values(seat).annotate(
                played=Count("id"), won=Count("id", filter=Q(winner_id=F(seat)))).order_by())
    pools = _between(Seat.objects.filter(table__format=Table.Kind.POOL,
                                         table__status=Table.Status.WON, **one, **at),
                     "table__finished_at", since, until)
    add((row["player_id"], ("pools_played", row["played"]), ("pools_won", row["won"]))
        for row in pools.values("player_id").annotate(
            played=Count("id"), won=Count("id", filter=Q(table__winner_id=F("player_id"))))
        .order_by())
    add((party, ("won_at_play", cents))
        for party, cents in won_at_play(since=since, until=until, player_id=player_id,
                                        tables=tables).items() if party != HOUSE_PARTY)
    return figures


def _row(figures: dict | None, rating: tuple) -> dict:
    figures = figures or dict.fromkeys(FIGURES, 0) | {"won_at_play": 0}
    return figures | {"rating": ratings.as_dict(rating)}


def standings(*, since: datetime | None = None, until: datetime | None = None,
              tables=None) -> list[dict]:
    """Every player who played a finished game, or whose money moved at a table, from
    `since` (inclusive) to `until` (exclusive): games, units and pools played and won (by when
    they finished), points for and against, voles, kings marked, what he won or lost at play
    (`won_at_play`, in cents: the money moved at tables in the range, payments between
    members left out) and his rating as it stood at `until` (now when None). Only the play at
    `tables` counts (a query of tables, games.selectors.visibility.counted_tables; every
    table when None), and the rating is that of their games (games.selectors.reader_ratings).
    Best rating first (its ordinal, mu - 3 sigma), then most games won."""
    figures = _figures(since, until, tables=tables)
    rows = [{"player": {"id": pk, "name": name}} | _row(figures[pk], rating)
            for pk, name, rating in reader_ratings.with_rating(
                Player.objects.all(), before=until, tables=tables)
            if pk in figures]
    rows.sort(key=lambda row: (-row["rating"]["ordinal"], -row["games_won"],
                               name_key(row["player"]["name"]), row["player"]["id"]))
    return rows


def player_stats(player, since=None, until=None, tables=None) -> dict:
    """A player's record at the club, as a row of the standings without his name: games,
    units and pools played and won, points, voles, kings, won at play and rating; optionally
    between two datetimes (what finished in the range; the rating as it stood at `until`);
    only the play at `tables`, as `standings` counts it."""
    figures = _figures(since, until, player_id=player.pk, tables=tables).get(player.pk)
    ((_pk, _name, rating),) = reader_ratings.with_rating(
        Player.objects.filter(pk=player.pk), before=until, tables=tables)
    return _row(figures, rating)
