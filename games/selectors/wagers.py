"""A table's wagers as the API and the live feed show them: the current unit's in the snapshot,
every unit's in the table's list, each with what became of it (games.engine.wagers.reckon);
and the same reckoning for lists of wagers of many tables (the admin, the CSV, a member's page),
read from the stored units rather than a replay."""
from decimal import Decimal

from django.db.models import Exists, OuterRef, Q

from club import ledger
from games.engine.course import Course
from games.engine.wagers import Placed, Played, Reckoning, Take, reckon
from games.models import Table, Unit, Wager, WagerTake


def _money(cents: int) -> str:
    return ledger.cents_to_str(cents)


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
                  wager.style == Wager.Style.FRENCH, wager.against_id,
                  tuple(Take(take.layer_id, take.stake, take.lay) for take in wager.takes.all()))


def reckoning(table: Table, unit: Played | None, wager: Wager) -> Reckoning:
    return reckon(_placed(wager), unit, Decimal(table.rules["levy_percent"]))


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


def wager_out(table: Table, course: Course, wager: Wager) -> dict:
    english = wager.style == Wager.Style.ENGLISH
    figures = reckoning(table, unit_played(table, course, wager.unit_number), wager)
    return {
        "id": wager.pk, "style": wager.style, "unit": wager.unit_number,
        "bettor": wager.bettor_id, "on": wager.on_id, "stake": _money(wager.stake),
        "odds": f"{wager.odds_for}:{wager.odds_against}" if english else None,
        "matched": _money(wager.matched), "returned": _money(wager.returned),
        "unmatched": _money(wager.unmatched), "status": wager.closed or "open",
        "outcome": figures.outcome, "net": _money(figures.net[wager.bettor_id]),
        "takes": [{"layer": take.layer_id, "stake": _money(take.stake), "lay": _money(take.lay),
                   "net": _money(figures.net[take.layer_id])}
                  for take in wager.takes.all()],
    }


def wagers(table: Table, course: Course, unit: int | None = None) -> list[dict]:
    """The table's wagers in the order they were placed, of one unit only when given."""
    if table.wager_style == Table.WagerStyle.NONE:
        return []
    found = Wager.objects.filter(table=table).prefetch_related("takes")
    if unit is not None:
        found = found.filter(unit_number=unit)
    return [wager_out(table, course, wager) for wager in found]


def gallery(table: Table, course: Course, placed: list[dict]) -> dict | None:
    """The French style's two sides in the current unit: who backs each seated player, and for
    how much, with each side's total. Once the unit has started and the sides are balanced,
    each bet's matched part and what was returned of it, and each side's matched (balanced)
    total and returned total; these are null before. Withdrawn and void bets are left out."""
    if table.wager_style != Table.WagerStyle.FRENCH:
        return None
    sides = {str(player): {"total": 0, "matched": 0, "returned": 0, "bettors": []}
             for player in course.unit.players}
    balanced = False
    for wager in placed:
        side = sides.get(str(wager["on"]))
        if side is None or wager["status"] == "withdrawn" or wager["outcome"] == "void":
            continue
        done = wager["status"] == "balanced"
        balanced |= done
        side["bettors"].append({
            "player": wager["bettor"], "wager": wager["id"], "stake": wager["stake"],
            "matched": wager["matched"] if done else None,
            "returned": wager["returned"] if done else None})
        side["total"] += ledger.parse_money(wager["stake"])
        side["matched"] += ledger.parse_money(wager["matched"])
        side["returned"] += ledger.parse_money(wager["returned"])
    for side in sides.values():
        side["total"] = _money(side["total"])
        for part in ("matched", "returned"):
            side[part] = _money(side[part]) if balanced else None
    return sides


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
                     if wager.style == Wager.Style.ENGLISH else None),
            "outcome": reckoning.outcome if backer else SIDE.get(reckoning.outcome,
                                                                 reckoning.outcome),
            "net": reckoning.net[player.pk]})
    return rows
