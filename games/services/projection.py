"""Writes what a table's course of play derives from its hands: each hand's current result
and place, and the Game and Unit rows. A new hand that ended a game, at a table of any form,
touches only the rows it can have changed (`project_game_end`), and its game is rated at once
when it is its players' latest; any other change of the table (games.services.changes.rebuild:
a correction, an undo) projects the whole table (`project`), writing only the rows that
changed. When a game is new, changed or gone and was not rated at once, a re-rating of the
club is owed from the earliest such game on (games.ratings)."""
from datetime import datetime

from games.engine.course import Course
from games.models import Game, GamePlayer, Hand, Table, Unit
from games.ratings import owe, rate_latest
from games.table_kinds import MANY_HANDED


def project(table: Table, course: Course) -> None:
    """Writes the derived rows of the whole table, when it is rebuilt (a correction, an undo,
    its opening, a seat taken, the table abandoned). A table à trois or à quatre has games but
    no unit rows (the standings' units are two-handed games and rubbers)."""
    hands = {h.number: h for h in table.hands.order_by("number").defer("record")}
    _place_hands(course, hands)
    since = _games(table, course, hands)
    if table.format not in MANY_HANDED:
        _units(table, course, hands)
    if since is not None:
        owe(since)


def project_game_end(table: Table, course: Course, *, games_before: int, units_before: int,
                     seats: dict, finished_at: datetime) -> None:
    """Writes what a new hand that ended a game changed, at a table of any form, when
    `course` had `games_before` games and `units_before` units before it: the game and its
    sides are new, rated at once when it is its players' latest; at a two-handed table the
    unit it counted in is updated and the units it opened are new. The rows of earlier games
    and units, and of the other hands, cannot have changed, so they are neither read nor
    written (tests check that `project` then finds nothing to write). `seats` gives (elder,
    dealer) of each hand of the game by number, and `finished_at` is the new hand's time."""
    game = course.games[games_before - 1]
    row = Game.objects.create(table=table, number=game.number,
                              **_game_fields(game, finished_at))
    sides = [GamePlayer(game=row, player_id=player, finished_at=finished_at, **side)
             for player, side in _sides(game, seats).items()]
    rated = rate_latest(sides)
    GamePlayer.objects.bulk_create(sides)
    if table.format not in MANY_HANDED:
        unit = course.units[units_before - 1]
        Unit.objects.filter(table=table, number=unit.number).update(
            **_unit_fields(unit, finished_at if unit.winner else None))
        Unit.objects.bulk_create(Unit(table=table, number=unit.number,
                                      **_unit_fields(unit, None))
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
    """Saves the games; returns the earliest finish time (before or after) of the games that
    are new, whose result changed or that are gone, or None when none did."""
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
        places = [getattr(sides.get((row.pk, p)), "place", None) if row else None
                  for p in game.players]
        game_sides = _sides(game, seats)
        if row is None:
            moved.append(finished_at)
        elif before != (fields["winner_id"], fields["loser_id"], finished_at) or places != [
                game_sides[p].get("place") for p in game.players]:
            moved += [before[2], finished_at]
        row = _save(Game, row, fields, table=table, number=game.number)
        for player, side in game_sides.items():
            side["finished_at"] = finished_at
            stored = sides.pop((row.pk, player), None)
            if stored is None:
                new_sides.append(GamePlayer(game=row, player_id=player, **side))
            else:
                _save(GamePlayer, stored, side)
    gone = [g.finished_at for g in existing.values()]
    GamePlayer.objects.bulk_create(new_sides)
    if sides:  # the sides of games a correction left unfinished
        GamePlayer.objects.filter(pk__in=[s.pk for s in sides.values()]).delete()
    Game.objects.filter(pk__in=[g.pk for g in existing.values()]).delete()
    return min((t for t in moved + gone if t), default=None)


def _units(table: Table, course: Course, hands: dict) -> None:
    existing = {u.number: u for u in Unit.objects.filter(table=table)}
    last = {game.unit: game for game in course.games}
    for unit in course.units:
        finished_at = hands[last[unit.number].hands[-1][0]].created_at if unit.winner else None
        _save(Unit, existing.pop(unit.number, None), _unit_fields(unit, finished_at),
              table=table, number=unit.number)
    Unit.objects.filter(pk__in=[u.pk for u in existing.values()]).delete()


def _game_fields(game, finished_at: datetime) -> dict:
    """À quatre a side wins: the row has no winner nor loser (its sides' places say it)."""
    single = not isinstance(game.winner, tuple)
    return {
        "unit_number": game.unit, "first_id": game.players[0], "second_id": game.players[1],
        "target": game.target, "score": {str(p): n for p, n in game.score.items()},
        "winner_id": game.winner if single else None,
        "loser_id": game.loser if single else None, "value": game.value,
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
    (elder, dealer) of each hand by number. A side's marks à quatre count for both partners.
    À trois and à quatre each player has his `place` too (`_places`)."""
    places = _places(game)
    sides = {}
    for player in game.players:
        if places:
            mates = [p for p in game.players if places[p] == places[player]]
            won = places[player] == 1
        else:
            mates = [player]
            won = None if game.winner is None else game.winner == player
        others = [game.score[p] for p in game.players if p not in mates]
        against = others[0] if len(game.players) == 4 else sum(others)  # a side's, or all
        sides[player] = {"won": won, "points_for": game.score[player],
                         "points_against": against, "voles": 0, "kings": 0}
        if places:
            sides[player]["place"] = places[player]
    for number, result in game.hands:
        for mark in result["marks"]:
            for player in _marked(game, *seats[number])[mark["to"]]:
                if mark["for"] == "vole":
                    sides[player]["voles"] += 1
                elif mark["for"] in ("king_turned", "king_held"):
                    sides[player]["kings"] += 1
    return sides


def _places(game) -> dict:
    """{player: place} of a finished game à trois (1st the first to reach the target, 3rd the
    loser of the two-handed finish) or à quatre (1 each partner of the side that won, 2 the
    others); empty for a two-handed game."""
    if len(game.players) == 4:
        return {p: 1 if p in game.winner else 2 for p in game.players}
    if len(game.players) == 3:
        return {p: 1 if p == game.winner else 3 if p == game.loser else 2
                for p in game.players}
    return {}


def _marked(game, elder, dealer) -> dict:
    """The players a hand's mark goes to, by the role its result names: a seat, or à quatre
    the side of the elder or of the dealer (partners sit opposite)."""
    players = game.players
    if len(players) == 4:
        pairs = (players[0::2], players[1::2])
        return {"elder_side": next(p for p in pairs if elder in p),
                "dealer_side": next(p for p in pairs if dealer in p)}
    middle = [p for p in players if p not in (elder, dealer)]
    return {"elder": (elder,), "dealer": (dealer,), "middle": tuple(middle[:1])}


def _save(model, row, fields: dict, **key):
    if row is None:
        return model.objects.create(**key, **fields)
    if any(getattr(row, name) != value for name, value in fields.items()):
        for name, value in fields.items():
            setattr(row, name, value)
        row.save(update_fields=list(fields))
    return row
