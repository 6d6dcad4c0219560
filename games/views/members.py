"""A member's page: his tables, his games won and lost, his rating; and, for himself or staff,
his money with the table, unit and wager each movement was for, and his wagers with what each
did to his money."""
from django.shortcuts import get_object_or_404, render

from club import ledger
from club.models import Player
from games.models import Movement, Table
from games.presentation import words
from games.selectors.standings import player_stats
from games.selectors.wagers import member_wagers

HISTORY = 50


def _movements(player: Player) -> list[dict]:
    moved = ledger.player_movements(player, limit=HISTORY)
    why = {m.transaction_id: m for m in Movement.objects.select_related("table").filter(
        transaction__in=[tx.pk for tx, _ in moved])}
    return [{"when": tx.created_at, "kind": words.money_kind(tx.kind), "memo": tx.memo,
             "at": why.get(tx.pk), "amount": cents}
            for tx, cents in moved]


def _wagers(player: Player) -> list[dict]:
    return [row | {"outcome_words": words.wager_outcome(row["outcome"])}
            for row in member_wagers(player, HISTORY)]


def member(request, player_id: int):
    player = get_object_or_404(Player, pk=player_id)
    tables = Table.objects.filter(seats__player=player).order_by("-created_at", "-id")
    if not request.user.is_authenticated:
        tables = tables.filter(private=False)
    user = request.user
    own = user.is_authenticated and (user.is_staff or player.user_id == user.pk)
    stats = player_stats(player)
    context = {"player": player, "stats": stats, "tables": tables[:HISTORY], "own": own,
               "lost": stats["games_played"] - stats["games_won"]}
    if own:
        context["balance"] = ledger.player_balance(player)
        context["movements"] = _movements(player)
        context["wagers"] = _wagers(player)
    return render(request, "games/member.html", context)
