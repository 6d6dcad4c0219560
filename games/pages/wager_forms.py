"""The wager forms of a table's page (server-rendered; games/views/wagers.py takes them):
what the reader may do at the current unit, his available balance, and a fresh key for each
form so that a second tap of the same form does nothing. The forms are offered only while the
service would take them from the reader (games.services.wagers: `closed_to_wagers`, and
`barred` for a player of an English unit or a scorer); otherwise the page says why."""
import uuid

from django.conf import settings

from club import ledger, money_text, refusals
from games.engine.wagers import lay
from games.models import Table, Wager
from games.selectors.names import names_of
from games.selectors.table_state import state_of
from games.services.wagers import barred, closed_to_wagers


def _offer(wager: Wager, names: dict, players: tuple) -> dict:
    """A wager as the forms show it; an English offer whole: who offers, on whom, the stake,
    the odds, what is left of it, the player its taker backs (the unit's other player) and
    what he puts up against all that is left (games.engine.wagers.lay)."""
    against = next((p for p in players if p != wager.on_id), None)
    try:
        laid = money_text.local(lay(wager.unmatched, (wager.odds_for, wager.odds_against)))
    except ValueError:  # a rest no whole lay matches: the form says what would do
        laid = None
    return {"id": wager.pk, "bettor": wager.bettor.name,
            "on": names.get(wager.on_id, wager.on_id), "stake": money_text.local(wager.stake),
            "odds": f"{wager.odds_for}:{wager.odds_against}", "style": wager.style,
            "unmatched": money_text.local(wager.unmatched),
            "backs": names.get(against, against), "lay": laid}


def scoreboard_order(players) -> list:
    """The unit's players in the order the live table draws them (games/static/games/
    table_picture.js reads the game's score, {player id: points}, whose keys a script lists in
    ascending order of the ids)."""
    return sorted(players)


def wager_panel(request, table: Table, *, errors: dict, values: dict) -> dict | None:
    """What the wager forms show, or None at a table that takes no wagers."""
    if table.wager_style == Table.WagerStyle.NONE:
        return None
    user = request.user
    player = getattr(user, "player", None) if user.is_authenticated else None
    state = state_of(table)
    course, names = state.course, names_of(list(state.names), user)
    closed = closed_to_wagers(table, course)
    if closed is None and player is not None:
        closed = barred(table, course, user)
    rules = table.rules
    panel = {"english": table.wager_style == Table.WagerStyle.ENGLISH, "player": player,
             "least": rules["wager_min"], "most": rules["wager_max"],
             "errors": errors, "values": values, "unit": course.unit.number,
             "closed": None if closed is None else refusals.said(closed),
             "seated": [{"id": pk, "name": names.get(pk, pk)}
                        for pk in scoreboard_order(course.unit.players)]}
    if player is None or closed is not None:
        return panel
    balance = ledger.player_balance(player)
    limit = settings.CREDIT_LIMIT
    panel |= {"balance": balance, "limit": limit,
              "available": None if limit is None else balance + limit,
              "keys": {name: uuid.uuid4().hex for name in ("place", "take", "withdraw")}}
    current = [w for w in Wager.objects.select_related("bettor").filter(
                   table=table, unit_number=course.unit.number, status=Wager.Status.OPEN)
               if w.unmatched > 0 and w.on_id in course.unit.players]
    unit = course.unit.players
    panel["offers"] = [_offer(w, names, unit) for w in current
                       if panel["english"] and w.bettor_id != player.pk]
    panel["mine"] = [_offer(w, names, unit) for w in current if w.bettor_id == player.pk]
    return panel
