"""What a restore must give back, read from whichever database DATABASE_URL names: the test
reads it from its own database in-process, and from the restored one with `python -m
tests.club.backup_figures`, which prints it as JSON."""
import json


def club_figures() -> dict:
    """The standings, every account's balance and role, every transaction's reason, every
    table's snapshot (as stored and as its
    hands rebuild it), every rated game side, the permissions granted and the admin's log by
    content type (which a restore finds by their natural keys), and the rows of each model."""
    from django.contrib.admin.models import LogEntry
    from django.contrib.auth.models import Permission

    from club import ledger
    from club.management.commands.restore import rows_held
    from club.models import Account, Transaction
    from games.courses import course_of
    from games.models import GamePlayer, Table
    from games.selectors.snapshot import snapshot
    from games.selectors.standings import standings

    return json.loads(json.dumps({
        "standings": standings(),
        "balances": {account.code: cents
                     for account, cents in ledger.balances(Account.objects.all()).items()},
        "roles": dict(Account.objects.values_list("code", "role")),
        "reasons": dict(Transaction.objects.values_list("pk", "reason")),
        "snapshots": {table.pk: [table.snapshot, snapshot(table, course_of(table))]
                      for table in Table.objects.all()},
        "ratings": list(GamePlayer.objects.order_by("game_id", "player_id").values_list(
            "game_id", "player_id", "won", "mu", "sigma")),
        "grants": sorted(Permission.objects.filter(group__isnull=False).values_list(
            "group__name", "content_type__app_label", "codename"))
        + sorted(Permission.objects.filter(user__isnull=False).values_list(
            "user__username", "content_type__app_label", "codename")),
        "log": list(LogEntry.objects.order_by("pk").values_list(
            "content_type__app_label", "content_type__model", "object_id", "user__username")),
        "rows": rows_held(),
    }, default=str))


if __name__ == "__main__":
    import django

    django.setup()
    print(json.dumps(club_figures()))
