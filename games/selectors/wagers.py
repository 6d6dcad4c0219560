"""A table's wagers as the API and the live feed show them: the current unit's in the snapshot,
every unit's in the table's list, with the outcome once the unit is decided or voided."""
from club import ledger
from games.engine.course import Course
from games.models import Table, Wager


def _money(cents: int) -> str:
    return ledger.cents_to_str(cents)


def outcome(table: Table, course: Course, wager: Wager) -> str | None:
    """"won" or "lost" (the backer's side) once the unit is decided, "void" when its stakes
    went back, None while the unit is to be decided."""
    unit = course.units[wager.unit_number - 1] if wager.unit_number <= len(course.units) else None
    if unit is not None and unit.winner is not None and wager.on_id in unit.players:
        return "won" if wager.on_id == unit.winner else "lost"
    if unit is None or table.status != Table.Status.PLAYING or wager.on_id not in unit.players:
        return "void"
    return None


def wager_out(table: Table, course: Course, wager: Wager) -> dict:
    english = wager.style == Wager.Style.ENGLISH
    out = {
        "id": wager.pk, "style": wager.style, "unit": wager.unit_number,
        "bettor": wager.bettor_id, "on": wager.on_id, "stake": _money(wager.stake),
        "odds": f"{wager.odds_for}:{wager.odds_against}" if english else None,
        "matched": _money(wager.matched), "returned": _money(wager.returned),
        "unmatched": _money(wager.unmatched), "status": wager.closed or "open",
        "outcome": outcome(table, course, wager),
        "takes": [{"layer": take.layer_id, "stake": _money(take.stake), "lay": _money(take.lay)}
                  for take in wager.takes.all()],
    }
    return out


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
    how much, with each side's total."""
    if table.wager_style != Table.WagerStyle.FRENCH:
        return None
    sides = {str(player): {"total": 0, "bettors": []} for player in course.unit.players}
    for wager in placed:
        if wager["status"] != "withdrawn" and str(wager["on"]) in sides:
            side = sides[str(wager["on"])]
            side["bettors"].append({"player": wager["bettor"], "stake": wager["stake"]})
            side["total"] += ledger.parse_money(wager["stake"])
    for side in sides.values():
        side["total"] = _money(side["total"])
    return sides
