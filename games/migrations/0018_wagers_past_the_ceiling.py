"""Wagers stored before the club's ceiling on amounts (1,000,000.00; migration 0013) moved once,
so that the services need no branch for them and the ceiling's checks hold for every row.

A wager still open whose stake, or what the layers would put up against the whole of it at its
odds, is past the ceiling, or one of whose takes is, is void: what is held for it in its unit's
escrow goes back, its stake (less what was given back already) to its bettor and each take's
lay to its layer, in one balanced transaction (kind "wager_void", reference
"wager:<id>:void", made by no one), linked to its table, unit and wager; its takes are
removed, and it is closed as lapsed, its whole stake returned, a stake past the ceiling written
at the ceiling (the ledger keeps what was held and given back). A wager whose unit's wagers are
settled or void already is left as that settlement left it: its money has gone where it goes.

Then, on PostgreSQL, each check that 0013 added NOT VALID is validated, unless a row still
breaks it (a wager settled before the ceiling existed); it holds for every row written either
way. Backwards nothing is undone: the money given back stays given back.

The account codes and references are written here as club.accounts and club.movements wrote
them when this migration was made.
"""
from django.db import migrations
from django.db.models import Q

MAX_AMOUNT = 1_000_000_00
CHECKS = {"games_wager": "games_wager_stake_ceiling", "games_wagertake": "games_wagertake_ceiling"}


def _past(wager, takes) -> bool:
    return (wager.stake > MAX_AMOUNT
            or wager.stake * wager.odds_for > MAX_AMOUNT * wager.odds_against
            or any(take.stake > MAX_AMOUNT or take.lay > MAX_AMOUNT for take in takes))


def _give_back(apps, db, wager, takes) -> None:
    """The transaction that gives back what is held for the wager, from its unit's escrow."""
    Account = apps.get_model("club", "Account")
    Transaction = apps.get_model("club", "Transaction")
    Entry = apps.get_model("club", "Entry")
    Movement = apps.get_model("games", "Movement")
    back = {f"player:{wager.bettor_id}": wager.stake - wager.returned}
    for take in takes:
        back[f"player:{take.layer_id}"] = back.get(f"player:{take.layer_id}", 0) + take.lay
    back = {code: cents for code, cents in back.items() if cents}
    if not back:
        return
    escrow = f"escrow:table:{wager.table_id}:unit:{wager.unit_number}"
    amounts = {escrow: -sum(back.values()), **back}
    found = Account.objects.using(db).in_bulk(list(amounts), field_name="code")
    # The transaction's reason is its `kind` until club's 0010, which may run before this or
    # after it.
    reason = "reason" if any(f.name == "reason" for f in Transaction._meta.fields) else "kind"
    tx = Transaction.objects.using(db).create(
        **{reason: "wager_void"}, reference=f"wager:{wager.pk}:void",
        memo=f"wager {wager.pk} void: stored past the club's ceiling on amounts")
    Entry.objects.using(db).bulk_create(
        [Entry(transaction=tx, account=found[code], amount=cents)
         for code, cents in amounts.items()])
    Movement.objects.using(db).create(transaction=tx, table_id=wager.table_id,
                                      unit_number=wager.unit_number, wager=wager)


def void_past_the_ceiling(apps, schema_editor) -> None:
    db = schema_editor.connection.alias
    Wager = apps.get_model("games", "Wager")
    WagerTake = apps.get_model("games", "WagerTake")
    Transaction = apps.get_model("club", "Transaction")
    for wager in Wager.objects.using(db).filter(status="open").order_by("pk"):
        takes = list(WagerTake.objects.using(db).filter(wager=wager))
        if not _past(wager, takes):
            continue
        settled = Transaction.objects.using(db).filter(
            reference=f"table:{wager.table_id}:unit:{wager.unit_number}:wagers",
            reverses__isnull=True, reversal__isnull=True)
        if settled.exists():
            continue
        _give_back(apps, db, wager, takes)
        WagerTake.objects.using(db).filter(wager=wager).delete()
        wager.stake = wager.returned = min(wager.stake, MAX_AMOUNT)
        wager.matched = 0
        wager.status = "lapsed"
        wager.save(update_fields=["stake", "returned", "matched", "status"])
    if schema_editor.connection.vendor == "postgresql":
        _validate(apps, schema_editor)


def _validate(apps, schema_editor) -> None:
    db = schema_editor.connection.alias
    breaking = {
        "games_wager": apps.get_model("games", "Wager").objects.using(db).filter(
            stake__gt=MAX_AMOUNT),
        "games_wagertake": apps.get_model("games", "WagerTake").objects.using(db).filter(
            Q(stake__gt=MAX_AMOUNT) | Q(lay__gt=MAX_AMOUNT)),
    }
    for table, check in CHECKS.items():
        if not breaking[table].exists():
            schema_editor.execute(f"ALTER TABLE {table} VALIDATE CONSTRAINT {check}")


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0009_player_public_initials"),
        ("games", "0017_money_options_in_cents"),
    ]

    operations = [
        migrations.RunPython(void_past_the_ceiling, migrations.RunPython.noop),
    ]
