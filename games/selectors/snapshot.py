"""The table snapshot (docs/api.md): what the API returns and the live feed sends."""
from club import ledger
from games.engine.course import Course
from games.models import Table
from games.selectors.wagers import gallery, wagers
from games.services.settlement import pot_cents


def _by_id(mapping: dict) -> dict:
    return {str(player): value for player, value in mapping.items()}


def snapshot(table: Table, course: Course) -> dict:
    """The table as docs/api.md describes it."""
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
    placed = wagers(table, course, unit=unit.number)
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
        "wagers": placed,
        "players": list(course.setup.players),
        "first_dealer": table.first_dealer_id,
        "cut": table.cut,
        "winner": table.winner_id,
        "hand_in_progress": course.hand_in_progress,
        "seats_pending": [player.pk for player in table.pending_players()],
        "wager_style": table.wager_style,
        "gallery": gallery(table, course, placed),
    }
