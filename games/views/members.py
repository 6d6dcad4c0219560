"""A member's page: his tables, his games won and lost, what he won at play, his rating, drawn
game after game, and his results by evening; and, for himself or staff, his money: his balance,
what of it is held at tables (counted his until it is paid out, as the settle-up counts it), how
it moved since the last payment and why, as the settle-up says it, each movement with the
table, unit and wager it was for, and his wagers with what each did to his money. Each of
his tables says its status apart from his own result: who won it, and whether he did."""
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club import evenings, ledger, movements, settle_up
from club.models import Player
from games import ratings
from games.models import GamePlayer, Movement
from games.presentation import charts, results, words
from games.selectors.names import names_of, public_name
from games.selectors.reader_ratings import rating_history
from games.selectors.standings import player_stats
from games.selectors.table_state import winner
from games.selectors.visibility import counted_tables, visible_tables
from games.selectors.wagers import member_wagers

HISTORY = 50
EVENINGS = 12  # the results by evening: his latest evenings, at most
# What other apps add to a member's page: callables (request, player, own) -> None, or the
# (template, context) of a section; nights' AppConfig.ready() adds its own (head to head, his
# nights' cards), so that games imports no nights.
SECTIONS: list = []


def _rating_chart(player: Player, name: str, tables) -> dict:
    """His rating after each of his latest rated games at `tables` (every table when None): the
    line, and its figures."""
    games = [(at, won, ratings.ordinal(*rating)) for at, won, rating
             in rating_history([player.pk], tables=tables).get(player.pk, [])]
    points = [(date_format(timezone.localtime(at), "SHORT_DATE_FORMAT"), rating)
              for at, _won, rating in games]
    label = ngettext("%(name)s's rating after %(n)s game", "%(name)s's rating game by game, "
                     "over %(n)s games", len(games)) % {"name": name, "n": len(games)}
    if games:
        label += " " + _("(from %(first)s to %(last)s)") % {
            "first": number_format(games[0][2], 1), "last": number_format(games[-1][2], 1)}
    return {"svg": charts.line(points, label=label),
            "rows": [(when, won, rating) for (when, rating), (_at, won, _r)
                     in zip(points, games)][::-1]}


def _evenings_chart(player: Player, name: str, tables) -> dict:
    """His games won and lost at `tables` (every table when None) on each of his latest
    evenings (the club's evenings, as the settle-up counts them:
    club.evenings.day_in)."""
    days = GamePlayer.objects.filter(player=player, won__isnull=False, finished_at__isnull=False)
    if tables is not None:
        days = days.filter(game__table__in=tables)
    days = (days.annotate(day=evenings.day_in("finished_at"))
            .values("day").annotate(won=Count("id", filter=Q(won=True)), played=Count("id"))
            .order_by("-day")[:EVENINGS])
    rows = [(date_format(day["day"], "SHORT_DATE_FORMAT"), day["won"],
             day["played"] - day["won"]) for day in reversed(days)]
    label = _("%(name)s's games won and lost, evening by evening") % {"name": name}
    return {"svg": charts.result_bars(
        [(day, won, lost, _("%(day)s: %(won)s won, %(lost)s lost") % {
            "day": day, "won": won, "lost": lost}) for day, won, lost in rows], label=label),
        "rows": rows[::-1]}


def _money(player: Player) -> dict:
    """His balance; what he has put up of the money held at tables (club.settle_up.held), which
    counts as his until it is paid out; and, when his balance moved since the last payment
    (club.settle_up.since_last_payment, as the settle-up says it), since when, from what to
    what, and whether a correction reversed money paid out before."""
    balance = ledger.player_balance(player)
    held = sum(put_up.get(player.pk, 0) for _code, _cents, put_up in settle_up.held())
    since = settle_up.since_last_payment()
    moved = since and since["moved"].get(player.pk)
    return {"balance": balance, "held": held, "since": moved and {
        "at": since["at"], "then": moved[1] - moved[0], "now": moved[1],
        "corrected": since["corrected"]}}


def _movements(player: Player) -> list[dict]:
    moved = ledger.player_movements(player, limit=HISTORY)
    why = {m.transaction_id: m for m in Movement.objects.select_related("table").filter(
        transaction__in=[tx.pk for tx, _ in moved])}
    return [{"when": tx.created_at, "what": movements.what(tx), "memo": tx.memo,
             "at": why.get(tx.pk), "amount": cents}
            for tx, cents in moved]


def _wagers(player: Player) -> list[dict]:
    return [row | {"outcome_words": words.wager_outcome(row["outcome"])}
            for row in member_wagers(player, HISTORY)]


def _tables(player: Player, tables, reader) -> list[dict]:
    """His tables, each with who won it once it is won (à quatre the side:
    games.selectors.table_state.winner, the admin's answer too), named as
    games.presentation.results names a winner, and whether he is among them."""
    won = {table.pk: winner(table) for table in tables}
    ids = {pk for who in won.values() if who is not None
           for pk in (who if isinstance(who, list) else [who])}
    names = names_of(ids, reader)
    rows = []
    for table in tables:
        row, who = {"table": table, "won_by": None, "his": False}, won[table.pk]
        if who is not None:
            row |= {"won_by": results.named(who, names),
                    "his": player.pk in (who if isinstance(who, list) else [who])}
        rows.append(row)
    return rows


def member(request, player_id: int):
    """His page: only the play the reader may see counts (games.selectors.visibility), so that
    an anonymous reader sees the page of a player who played only at private tables as that of
    a player who never played. He and the winners of his tables are named as the reader reads
    them (games.selectors.names): by their initials, to an anonymous reader, if they chose
    them."""
    player = get_object_or_404(Player, pk=player_id)
    user = request.user
    tables = visible_tables(user).filter(seats__player=player).order_by("-created_at", "-id")
    counted = counted_tables(user)
    own = user.is_authenticated and (user.is_staff or player.user_id == user.pk)
    stats = player_stats(player, tables=counted)
    name = public_name(player, user)
    context = {"player": player, "name": name, "stats": stats, "own": own,
               "tables": _tables(player, tables[:HISTORY], user),
               "lost": stats["games_played"] - stats["games_won"],
               "rating_chart": _rating_chart(player, name, counted),
               "evenings_chart": _evenings_chart(player, name, counted)}
    if own:
        context |= _money(player)
        context["movements"] = _movements(player)
        context["wagers"] = _wagers(player)
    context["sections"] = [found for hook in SECTIONS if (found := hook(request, player, own))]
    return render(request, "games/member.html", context)
