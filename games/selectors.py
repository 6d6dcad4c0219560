"""Reads that are more than a lookup: the table snapshot (API.md)."""
from club import ledger
from games.engine.course import Course
from games.models import Table
from games.stakes import pot_cents


def _by_id(mapping: dict) -> dict:
    return {str(player): value for player, value in mapping.items()}


def snapshot(table: Table, course: Course) -> dict:
    """The table as API.md describes it: what the API returns and the live feed sends."""
    playing = table.status == Table.Status.PLAYING
    game, unit = course.game, course.unit
    seats = course.seats() if playing else {"elder": None, "dealer": None, "observer": None}
    pool = None
    if table.format == Table.Format.POOL:
        streak = course.streak
        pool = {
            "pot": ledger.cents_to_str(pot_cents(table, course)),
            "streak": {"player": streak[0], "count": streak[1]} if streak else None,
            "winner": course.winner,
        }
    return {
        "id": table.pk,
        "name": table.name,
        "format": table.format,
        "status": table.status,
        "seq": table.seq,
        "rules": table.rules,
        "seats": seats,
        "game": {"number": game.number, "score": _by_id(game.score), "hands": len(game.hands),
                 "target": game.target},
        "unit": {"number": unit.number, "games": _by_id(unit.games)},
        "pool": pool,
        "wagers": [],
        "players": list(course.setup.players),
        "first_dealer": table.first_dealer_id,
        "cut": table.cut,
        "winner": table.winner_id,
        "hand_in_progress": course.hand_in_progress,
    }


def player_stats(player, since=None, until=None) -> dict:
    """A player's record at the club: games, units and pools played and won, points, voles,
    kings; optionally between two datetimes (finished games only)."""
    from django.db.models import Count, Q, Sum

    from games.models import GamePlayer, Unit

    sides = GamePlayer.objects.filter(player=player, won__isnull=False)
    units = Unit.objects.filter(Q(first=player) | Q(second=player), winner__isnull=False)
    pools = Table.objects.filter(format=Table.Format.POOL, status=Table.Status.WON,
                                 seats__player=player)
    if since:
        sides = sides.filter(finished_at__gte=since)
        pools = pools.filter(finished_at__gte=since)
    if until:
        sides = sides.filter(finished_at__lt=until)
        pools = pools.filter(finished_at__lt=until)
    games = sides.aggregate(
        played=Count("id"), won=Count("id", filter=Q(won=True)),
        points_for=Sum("points_for", default=0), points_against=Sum("points_against", default=0),
        voles=Sum("voles", default=0), kings=Sum("kings", default=0))
    return {
        "games_played": games["played"], "games_won": games["won"],
        "units_played": units.count(), "units_won": units.filter(winner=player).count(),
        "pools_played": pools.count(), "pools_won": pools.filter(winner=player).count(),
        "points_for": games["points_for"], "points_against": games["points_against"],
        "voles": games["voles"], "kings": games["kings"],
    }
