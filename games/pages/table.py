"""A table's page as the pages draw it (games.views.tables and the forms that show it again with
their refusal: games.views.seats, games.views.wagers): what does not change while the table is
played (its name, its options in words, the cut), its panels (the scorers, the wager forms,
taking one's pending seat, the players staff may seat) and the advisor's note; and the table a
reader may see, else 404."""
import uuid

from django.shortcuts import get_object_or_404, render

from club import money_text
from games.engine.trois import TARGET
from games.models import Table
from games.pages.advice import latest_noted, note
from games.pages.scorers import scorers_panel
from games.pages.wager_forms import wager_panel
from games.presentation import words
from games.selectors.names import names_of, snapshot_for
from games.selectors.table_state import state_of
from games.selectors.visibility import visible_tables
from games.services.changes import may_score
from games.services.tables import may_abandon
from games.table_kinds import MANY_HANDED, POOL_OPTIONS


def _cut(table: Table, names: dict) -> list:
    """The cut for the first deal, round by round: [(name, card as words.card gives it)]."""
    return [[(names.get(player, player), words.card(card)) for player, card in draw]
            for draw in table.cut]


def visible_table(request, table_id: int) -> Table:
    """The table, if the reader may see it (games.selectors.visibility); otherwise 404, as for
    a table that does not exist: an anonymous reader is not told that a private table is
    there."""
    return get_object_or_404(visible_tables(request.user), pk=table_id)


def seat_panel(request, table: Table, error: str | None = None) -> dict | None:
    """The "Take my seat" form, for a signed-in member whose seat at the table is pending; or,
    after a refused form, the refusal (with the form only if his seat is still pending)."""
    player = getattr(request.user, "player", None) if request.user.is_authenticated else None
    pending = (player is not None and table.status == Table.Status.PLAYING
               and player.pk in state_of(table).seats_pending)
    if not pending and error is None:
        return None
    return {"pending": pending, "entry": money_text.local(table.entry_cents), "error": error,
            "key": uuid.uuid4().hex}


def unseated_panel(table: Table, error=None) -> dict | None:
    """Who has not taken his seat yet at a pool with stakes that a member opened (no hand is
    recorded before every seat is taken), each with whether he has a login: a player without
    one is seated by staff only. The key is the staff's "seat him" forms', one per player
    (the player's id is added to it). After a refused form, its refusal. None when nobody is
    waiting."""
    if table.status != Table.Status.PLAYING or not state_of(table).seats_pending:
        return None
    return {"players": table.pending_players(), "error": error, "key": uuid.uuid4().hex}


def _applies(table: Table, key: str) -> bool:
    """Whether a two-handed table's option applies to it (docs/rules.md, sections 10 and 11):
    the pool's unit, streak, entry and forfeit only at a pool; the games of a rubber at a
    rubber, or at a pool whose unit is a rubber."""
    pool = table.format == Table.Kind.POOL
    if key in POOL_OPTIONS:
        return pool
    if key == "rubber_games":
        return not pool or table.rules.get("pool_unit") == "rubber"
    return True


def _options(table: Table) -> list[dict]:
    """The table's options in words, only those that apply to its kind: à trois and à quatre
    the target (7 by their Laws) and the rank of the cards; a rubber none of the pool's."""
    found = words.options(table.rules)
    if table.format not in MANY_HANDED:
        return [item for item in found if _applies(table, item["key"])]
    return [item | {"default": TARGET, "default_words": str(TARGET)}
            if item["key"] == "target" else item
            for item in found if item["key"] in ("target", "ranking")]


def table_page(request, found: Table, *, errors=None, values=None, status=200):
    """A table's page; after a refused wager form, with the refusal beside that form. Its
    players named as the reader reads them (games.selectors.names)."""
    names = names_of(list(state_of(found).names), request.user)
    return render(request, "games/table.html", {
        "table": found, "snap": snapshot_for(found.snapshot, request.user),
        "words": words.live_words(),
        "cut": _cut(found, names), "first_dealer": names[found.first_dealer_id],
        "options": _options(found),
        "kind": words.TABLE_KINDS[found.format],
        "style": words.STYLES[found.wager_style],
        "may_score": request.user.is_authenticated and may_score(found, request.user),
        "may_abandon": may_abandon(found, request.user),
        "scorers": scorers_panel(request, found),
        "wagers": wager_panel(request, found, errors=errors or {}, values=values or {}),
        "seat": seat_panel(request, found, (errors or {}).get("seat")),
        "unseated": unseated_panel(found, (errors or {}).get("unseated")),
        "advice": note(latest_noted(found))},
        status=status)
