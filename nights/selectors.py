"""The nights' reads: who is seated and who waits, a night's results, a season's ladder, and
two players' record against each other."""
from datetime import datetime

from django.db.models import Count, Max, Q

from club.errors import Refused
from club.players import name_key
from games.models import Game, GamePlayer, Seat, Table, Unit
from games.selectors.standings import won_at_play
from nights.models import Night, Presence, Season
from nights.refusal_codes import NightCode, NightRule

TWO_HANDED = (Table.Kind.POOL, Table.Kind.RUBBER)


def get_night(night_id: int) -> Night:
    try:
        return Night.objects.get(pk=night_id)
    except Night.DoesNotExist:
        raise Refused(NightCode.NO_SUCH_NIGHT, f"there is no night {night_id}",
                      rule=NightRule.NO_SUCH_NIGHT, night=night_id) from None


def seated(night: Night) -> dict[int, int]:
    """{player id: the night's table in play he sits at}."""
    return dict(Seat.objects.filter(table__night_table__night=night,
                                    table__status=Table.Status.PLAYING)
                .values_list("player_id", "table_id"))


def waiting(night: Night, presences: list[Presence] | None = None) -> list[int]:
    """The players present and not seated at a table of the night in play, longest waiting
    first: by the time each last became free, his arrival or the end of the night's last table
    he sat at, then by arrival."""
    presences = list(night.presences.all()) if presences is None else presences
    busy = seated(night)
    ended = dict(Seat.objects.filter(table__night_table__night=night)
                 .exclude(table__status=Table.Status.PLAYING).values("player_id")
                 .annotate(last=Max("table__finished_at")).order_by()
                 .values_list("player_id", "last"))

    def free_since(presence: Presence) -> datetime:
        last = ended.get(presence.player_id)
        return max(presence.since, last) if last else presence.since

    free = [presence for presence in presences if presence.player_id not in busy]
    free.sort(key=lambda presence: (free_since(presence), presence.since, presence.pk))
    return [presence.player_id for presence in free]


def night_tables(night: Night):
    """The night's tables, as a query of tables, in the order they were drawn."""
    return Table.objects.filter(night_table__night=night).order_by("night_table__id")


def draw_groups(night: Night) -> tuple[set[frozenset], set[frozenset]]:
    """The groups that sat together at the night's previous draw, and at its earlier ones."""
    previous, earlier = set(), set()
    found = {}
    for draw, table_id, player_id in Seat.objects.filter(
            table__night_table__night=night).values_list("table__night_table__draw",
                                                         "table_id", "player_id"):
        found.setdefault((draw, table_id), set()).add(player_id)
    for (draw, _table), players in found.items():
        (previous if draw == night.draws else earlier).add(frozenset(players))
    return previous, earlier


def results(night: Night) -> list[dict]:
    """Each player present, in the order they came: games played and won, units and pools
    won at the night's tables, what he won at play there (games.selectors.standings'
    `won_at_play`, cents) and the fee he paid (cents)."""
    tables = night_tables(night)
    games = {row["player_id"]: row for row in GamePlayer.objects.filter(
        game__table__in=tables, won__isnull=False).values("player_id").annotate(
        played=Count("id"), won=Count("id", filter=Q(won=True))).order_by()}
    units = dict(Unit.objects.filter(table__in=tables, winner__isnull=False)
                 .values("winner_id").annotate(n=Count("id")).order_by()
                 .values_list("winner_id", "n"))
    pools = dict(tables.filter(format=Table.Kind.POOL, status=Table.Status.WON)
                 .values("winner_id").annotate(n=Count("id")).order_by()
                 .values_list("winner_id", "n"))
    money = won_at_play(tables=tables.values("pk"))
    return [{"player": presence.player_id,
             "games_played": games.get(presence.player_id, {}).get("played", 0),
             "games_won": games.get(presence.player_id, {}).get("won", 0),
             "units_won": units.get(presence.player_id, 0),
             "pools_won": pools.get(presence.player_id, 0),
             "won_at_play": money.get(presence.player_id, 0),
             "fees": presence.fee} for presence in night.presences.all()]


def get_season(season_id: int) -> Season:
    try:
        return Season.objects.get(pk=season_id)
    except Season.DoesNotExist:
        raise Refused(NightCode.NO_SUCH_SEASON, f"there is no season {season_id}",
                      rule=NightRule.NO_SUCH_SEASON, season=season_id) from None


def night_points(nights) -> dict[tuple[int, int], int]:
    """{(player id, night id): points} for each player present at one of `nights` (a query of
    nights): one for coming, and one for each unit he won at the night's tables (docs/rules.md,
    The season's ladder)."""
    points = {(player, night): 1 for player, night in
              Presence.objects.filter(night__in=nights).values_list("player_id", "night_id")}
    for winner, night, won in Unit.objects.filter(
            table__night_table__night__in=nights, winner__isnull=False).values(
            "winner_id", "table__night_table__night").annotate(n=Count("id")).order_by(
            ).values_list("winner_id", "table__night_table__night", "n"):
        if (winner, night) in points:  # a unit's winner sat at the night, so came to it
            points[winner, night] += won
    return points


def standings(season: Season) -> dict:
    """The season's ladder: for each player who came to one of its nights, the nights he came
    to, his points over his best `best_nights` nights (every night when null; the more points
    first, then the earlier night), the nights counted, and whether he qualified (came to at
    least `minimum_nights`). The qualified first, then the more points, the more nights, by
    name. The leader: the first, once qualified."""
    nights = Night.objects.filter(date__gte=season.first, date__lte=season.last)
    when = dict(nights.values_list("pk", "date"))
    mine: dict[int, list[tuple[int, int]]] = {}
    for (player, night), points in night_points(nights).items():
        mine.setdefault(player, []).append((points, night))
    names = dict(Presence.objects.filter(player_id__in=mine).values_list(
        "player_id", "player__name").distinct())
    rows = []
    for player, scored in mine.items():
        scored.sort(key=lambda item: (-item[0], when[item[1]], item[1]))
        best = scored if season.best_nights is None else scored[:season.best_nights]
        rows.append({"player": player, "nights": len(scored),
                     "points": sum(points for points, _night in best),
                     "counted": sorted(night for _points, night in best),
                     "qualified": len(scored) >= season.minimum_nights})
    rows.sort(key=lambda row: (not row["qualified"], -row["points"], -row["nights"],
                               name_key(names[row["player"]]), row["player"]))
    leader = rows[0]["player"] if rows and rows[0]["qualified"] else None
    return {"rows": rows, "leader": leader}


def against(player_id: int, other_id: int) -> dict:
    """The first player's record against the second in the two-handed games (pools and
    rubbers) they played against each other: games finished, won and lost; units (a pool's
    game, a rubber) won and lost."""
    between = Q(first_id=player_id, second_id=other_id) | Q(first_id=other_id,
                                                             second_id=player_id)
    games = Game.objects.filter(between, table__format__in=TWO_HANDED, winner__isnull=False)
    units = Unit.objects.filter(between, table__format__in=TWO_HANDED, winner__isnull=False)
    counts = games.aggregate(won=Count("id", filter=Q(winner_id=player_id)),
                             lost=Count("id", filter=Q(winner_id=other_id)))
    unit_counts = units.aggregate(won=Count("id", filter=Q(winner_id=player_id)),
                                  lost=Count("id", filter=Q(winner_id=other_id)))
    return {"games": counts["won"] + counts["lost"], "won": counts["won"],
            "lost": counts["lost"], "units_won": unit_counts["won"],
            "units_lost": unit_counts["lost"]}

