"""Writes what a table's course of play derives from its hands: each hand's current result
and place, and the Game and Unit rows. Only rows that changed are written, and after a new hand
that ended a game only the rows it can have changed are touched. When a game's result changed,
a re-rating of the club is owed from the earliest such game on (games.ratings)."""
from datetime import datetime

from games.engine.course import Course
from games.formats import MANY_HANDED
from games.models import Game, GamePlayer, Hand, Table, Unit
from games.ratings import owe, rate_latest


def project(table: Table, course: Course) -> None:
    """Writes the derived rows of the whole table."""
    hands = {h.number: h for h in table.hands.order_by("number").defer("record")}
    _place_hands(course, hands)
    if table.format in MANY_HANDED:  # their games are not in the standings yet
        return
    since = _games(table, course, hands)
    _units(table, course, hands)
    if since is not None:
        owe(since)


def project_game_end(table: Table, course: Course, *, games_before: int, units_before: int,
                     seats: dict, finished_at: datetime) -> None:
    """Writes what a new hand that ended a game changed, when `course` had `games_before`
    games and `units_before` units before it: the game and its sides are new, the unit it
    counted in is updated and the units it opened are new. The rows of earlier games and units,
    and of the other hands, cannot have changed, so they are neither read nor written (tests
    check that `project` then finds nothing to write). `seats` gives (elder, dealer) of each
    hand of the game by number, and `finished_at` is the new hand's time."""
    game = course.games[games_before - 1]
    row = Game.objects.create(table=table, number=game.number,
                              **_game_fields(game, finished_at))
    sides = [GamePlayer(game=row, player_id=player, finished_at=finished_at, **side)
             for player, side in _sides(game, seats).items()]
    rated = rate_latest(sides)
    GamePlayer.objects.bulk_create(sides)
    unit = course.units[units_before - 1]
    Unit.objects.filter(table=table, number=unit.number).update(
        **_unit_fields(unit, finished_at if unit.winner else None))
    Unit.objects.bulk_create(Unit(table=table, number=unit.number, **_unit_fields(unit, None))
                             for unit in course.units[units_before:])
    if not rated:  # a game that finished at the same time or later is rated, or one is owed
        owe(finished_at)


def _place_hands(course: Course, hands: dict) -> None:
    """Each hand's current result and place in its game, or set aside."""
    placed = {}
    for game in course.games:
        for i, (number, result) in enumerate(game.hands, start=1):
            placed[number] = (i, result)
    changed = []
    for number, hand in hands.items():
        i, result = placed.get(number, (None, None))
        status = Hand.Status.COUNTED if i else Hand.Status.SET_ASIDE
        if (hand.number_in_game, hand.result, hand.status) != (i, result, status):
            hand.number_in_game, hand.result, hand.status = i, result, status
            changed.append(hand)
    Hand.objects.bulk_update(changed, ["number_in_game", "result", "status"])


def _games(table: Table, course: Course, hands: dict):
    """Saves the games; returns the earliest finish time (before or after) of the games whose
    result changed or that are gone, or None when none did."""
    existing = {g.number: g for g in Game.objects.filter(table=table)}
    seats = {number: (hand.elder_id, hand.dealer_id) for number, hand in hands.items()}
    moved = []
    sides = {(s.game_id, s.player_id): s for s in GamePlayer.objects.filter(game__table=table)}
    new_sides = []
    for game in course.games:
        if game.winner is None:  # the game in play lives in the table's snapshot
            continue
        finished_at = hands[game.hands[-1][0]].created_at
        fields = _game_fields(game, finished_at)
        row = existing.pop(game.number, None)
        before = (row.winner_id, row.loser_id, row.finished_at) if row else (None,) * 3
        row = _save(Game, row, fields, table=table, number=game.number)
        if before != (row.winner_id, row.loser_id, row.finished_at):
            moved += [before[2], finished_at]
        for player, side in _sides(game, seats).items():
            side["finished_at"] = finished_at
            stored = sides.pop((row.pk, player), None)
            if stored is None:
                new_sides.append(GamePlayer(game=row, player_id=player, **side))
            else:
                _save(GamePlayer, stored, side)
    GamePlayer.objects.bulk_create(new_sides)
    if sides:  # the sides of games a correction left unfinished
        GamePlayer.objects.filter(pk__in=[s.pk for s in sides.values()]).delete()
    Game.objects.filter(pk__in=[g.pk for g in existing.values()]).delete()
    return min((t for t in moved + [g.finished_at for g in existing.values()] if t),
               default=None)


def _units(table: Table, course: Course, hands: dict) -> None:
    existing = {u.number: u for u in Unit.objects.filter(table=table)}
    last = {game.unit: game for game in course.games}
    for unit in course.units:
        finished_at = hands[last[unit.number].hands[-1][0]].created_at if unit.winner else None
        _save(Unit, existing.pop(unit.number, None), _unit_fields(unit, finished_at),
              table=table, number=unit.number)
    Unit.objects.filter(pk__in=[u.pk for u in existing.values()]).delete()


def _game_fields(game, finished_at: datetime) -> dict:
    return {
        "unit_number": game.unit, "first_id": game.players[0], "second_id": game.players[1],
        "target": game.target, "score": {str(p): n for p, n in game.score.items()},
        "winner_id": game.winner, "loser_id": game.loser, "value": game.value,
        "hands": len(game.hands), "finished_at": finished_at,
    }


def _unit_fields(unit, finished_at: datetime | None) -> dict:
    return {
        "finished_at": finished_at, "first_id": unit.players[0], "second_id": unit.players[1],
        "games_won": {str(p): n for p, n in unit.games.items()},
        "winner_id": unit.winner, "loser_id": unit.loser, "value": unit.value,
    }


def _sides(game, seats: dict) -> dict:
    """Each player's points, voles and kings in the game, from its hands' marks; `seats` gives
    (elder, dealer) of each hand by number."""
    first, second = game.players
    sides = {}
    for player, other in ((first, second), (second, first)):
        won = None if game.winner is None else game.winner == player
        sides[player] = {"won": won, "points_for": game.score[player],
                         "points_against": game.score[other], "voles": 0, "kings": 0}
    for number, result in game.hands:
        elder, dealer = seats[number]
        seat = {"elder": elder, "dealer": dealer}
        for mark in result["marks"]:
            side = sides[seat[mark["to"]]]
            if mark["for"] == "vole":
                side["voles"] += 1
            elif mark["for"] in ("king_turned", "king_held"):
                side["kings"] += 1
    return sides


def _save(model, row, fields: dict, **key):
    if row is None:
        return model.objects.create(**key, **fields)
    if any(getattr(row, name) != value for name, value in fields.items()):
        for name, value in fields.items():
            setattr(row, name, value)
        row.save(update_fields=list(fields))
    return row
