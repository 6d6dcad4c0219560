"""A table's wagers as the API and the live feed show them: the current unit's in the snapshot,
every unit's in the table's list, each with what became of it (games.engine.wagers.reckon);
and the same reckoning for lists of wagers of many tables (the admin, the CSV, a member's page),
read from the stored units rather than a course rebuilt."""
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q

from club import money_text
from games.engine.course import Course
from games.engine.wagers import VOID, Bet, Placed, Played, Reckoning, Take, balance, reckon
from games.models import Table, Unit, Wager, WagerTake


def unit_played(table: Table, course: Course, number: int) -> Played | None:
    """What unit `number` of the table's course has come to; None when a correction took it
    away."""
    if number > len(course.units):
        return None
    unit = course.units[number - 1]
    return Played(unit.players, unit.winner, table.status == Table.Status.PLAYING)


def _placed(wager: Wager) -> Placed:
    """The wager as games.engine.wagers reads it (its takes read with it)."""
    return Placed(wager.bettor_id, wager.on_id, wager.stake, wager.matched, wager.returned,
                  wager.style == Table.WagerStyle.FRENCH, wager.against_id,
                  tuple(Take(take.layer_id, take.stake, take.lay) for take in wager.takes.all()))


def reckoning(table: Table, unit: Played | None, wager: Wager) -> Reckoning:
    return reckon(_placed(wager), unit, table.levy)


def reckonings(wagers) -> dict:
    """{wager id: Reckoning} of a list of wagers (with their tables and takes), their units
    read from the stored Unit rows in one query."""
    wagers = list(wagers)
    units = {(u.table_id, u.number): u for u in Unit.objects.filter(
        table__in={w.table_id for w in wagers}).only("table", "number", "first", "second",
                                                       "winner")}
    found = {}
    for wager in wagers:
        unit = units.get((wager.table_id, wager.unit_number))
        played = None if unit is None else Played(
            (unit.first_id, unit.second_id), unit.winner_id,
            wager.table.status == Table.Status.PLAYING)
        found[wager.pk] = reckoning(wager.table, played, wager)
    return found


@dataclass(frozen=True)
class Figured:
    """A wager with what became of it, in cents."""
    wager: Wager
    reckoning: Reckoning


def figured(table: Table, course: Course, unit: int | None = None) -> list[Figured]:
    """The table's wagers in the order they were placed, of one unit only when given."""
    if table.wager_style == Table.WagerStyle.NONE:
        return []
    found = Wager.objects.filter(table=table).prefetch_related("takes")
    if unit is not None:
        found = found.filter(unit_number=unit)
    return [Figured(wager, reckoning(table, unit_played(table, course, wager.unit_number), wager))
            for wager in found]


def wager_json(row: Figured) -> dict:
    """The wager as the API and the live feed show it (docs/api.md), its amounts as text."""
    wager, figures = row.wager, row.reckoning
    english = wager.style == Table.WagerStyle.ENGLISH
    plain = money_text.plain
    return {
        "id": wager.pk, "style": wager.style, "unit": wager.unit_number,
        "bettor": wager.bettor_id, "on": wager.on_id, "stake": plain(wager.stake),
        "odds": f"{wager.odds_for}:{wager.odds_against}" if english else None,
        "matched": plain(wager.matched), "returned": plain(wager.returned),
        "unmatched": plain(wager.unmatched), "status": wager.status,
        "outcome": figures.outcome, "net": plain(figures.net[wager.bettor_id]),
        "takes": [{"layer": take.layer_id, "stake": plain(take.stake), "lay": plain(take.lay),
                   "net": plain(figures.net[take.layer_id])}
                  for take in wager.takes.all()],
    }


def wager_out(table: Table, course: Course, wager: Wager) -> dict:
    """One wager as `wager_json` writes it."""
    played = unit_played(table, course, wager.unit_number)
    return wager_json(Figured(wager, reckoning(table, played, wager)))


def gallery(table: Table, course: Course, rows: list[Figured]) -> dict | None:
    """The French style's two sides in the current unit (`rows` are its wagers): who backs
    each seated player, and for how much, with each side's total. Once the unit has started
    and the sides are balanced, each bet's matched part and what was returned of it, and each
    side's matched (balanced) total and returned total; these are null before. Before it,
    what the balancing would do if the unit started now (games.engine.wagers.balance): each
    side's part matched so far (the same on both sides) and the rest, which goes back unless
    it is matched before the unit starts; these are null once balanced. Withdrawn and void
    bets are left out. Amounts are added up in cents, and written as text once."""
    if table.wager_style != Table.WagerStyle.FRENCH:
        return None
    plain = money_text.plain
    sides = {player: {"total": 0, "matched": 0, "returned": 0, "bettors": []}
             for player in course.unit.players}
    balanced, bets = False, []
    for row in rows:
        wager = row.wager
        side = sides.get(wager.on_id)
        if (side is None or wager.status == Wager.Status.WITHDRAWN
                or row.reckoning.outcome == VOID):
            continue
        done = wager.status == Wager.Status.BALANCED
        balanced |= done
        side["bettors"].append({
            "player": wager.bettor_id, "wager": wager.pk, "stake": plain(wager.stake),
            "matched": plain(wager.matched) if done else None,
            "returned": plain(wager.returned) if done else None})
        side["total"] += wager.stake
        side["matched"] += wager.matched
        side["returned"] += wager.returned
        bets.append(Bet(wager.pk, wager.bettor_id, wager.on_id, wager.stake))
    so_far = balance(bets, course.unit.players)
    matching = {player: sum(so_far[bet.id] for bet in bets if bet.on == player)
                for player in sides}
    return {str(player): side | {
        "total": plain(side["total"]),
        "matched": plain(side["matched"]) if balanced else None,
        "returned": plain(side["returned"]) if balanced else None,
        "matched_so_far": None if balanced else plain(matching[player]),
        "unmatched_so_far": None if balanced else plain(side["total"] - matching[player])}
        for player, side in sides.items()}


SIDE = {"won": "lost", "lost": "won"}  # a layer's side is the other of the backer's


def member_wagers(player, limit: int) -> list[dict]:
    """The member's latest wagers, newest first: those he placed and those whose offer he
    took, each from his side: his stake (a layer's is what he laid), the part of it matched
    and the part returned, the outcome for him, and what it did to his balance (in cents)."""
    laid = WagerTake.objects.filter(wager=OuterRef("pk"), layer=player)
    mine = Wager.objects.filter(Q(bettor=player) | Q(Exists(laid)))
    found = list(mine.select_related("table", "on").prefetch_related("takes")
                 .defer("table__snapshot", "table__cut", "table__seating")
                 .order_by("-created_at", "-id")[:limit])
    figures = reckonings(found)
    rows = []
    for wager in found:
        reckoning = figures[wager.pk]
        backer = wager.bettor_id == player.pk
        laid = sum(take.lay for take in wager.takes.all() if take.layer_id == player.pk)
        rows.append({
            "wager": wager, "backer": backer, "stake": wager.stake if backer else laid,
            "matched": wager.matched if backer else laid,
            "returned": wager.returned if backer else 0,
            "odds": (f"{wager.odds_for}:{wager.odds_against}"
                     if wager.style == Table.WagerStyle.ENGLISH else None),
            "outcome": reckoning.outcome if backer else SIDE.get(reckoning.outcome,
                                                                 reckoning.outcome),
            "net": reckoning.net[player.pk]})
    return rows
