"""A wager's `closed` becomes its `status`, with an explicit "open" where it held "" (the API
has always said "open" for it).

The column is renamed, and its open rows are given "open". A wager stored before the club's
ceiling on amounts breaks the check that migration 0013 added (NOT VALID on PostgreSQL, not
checked on SQLite), and an UPDATE checks the row it writes: PostgreSQL's check is dropped for the
update and added again NOT VALID, SQLite is told not to check meanwhile, so that such a wager is
kept as it was, open. The default and the choices live in Python only: the column is unchanged.
"""
from django.db import migrations, models

STATUS = models.CharField(
    choices=[("open", "Open"), ("withdrawn", "Withdrawn"), ("lapsed", "Lapsed"),
             ("matched", "Matched"), ("balanced", "Balanced")],
    default="open", max_length=9)
CEILING = "games_wager_stake_ceiling"


def _set_status(apps, schema_editor, before: str, after: str) -> None:
    wager = apps.get_model("games", "Wager")
    rows = wager.objects.using(schema_editor.connection.alias).filter(status=before)
    if not rows.exists():
        return
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        check = next(c for c in wager._meta.constraints if c.name == CEILING)
        schema_editor.execute(check.remove_sql(wager, schema_editor))
        rows.update(status=after)
        schema_editor.execute(f"{check.create_sql(wager, schema_editor)} NOT VALID")
    elif vendor == "sqlite":
        schema_editor.execute("PRAGMA ignore_check_constraints = ON")
        try:
            rows.update(status=after)
        finally:
            schema_editor.execute("PRAGMA ignore_check_constraints = OFF")
    else:
        rows.update(status=after)


def open_explicitly(apps, schema_editor):
    _set_status(apps, schema_editor, "", "open")


def open_as_blank(apps, schema_editor):
    _set_status(apps, schema_editor, "open", "")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0013_wager_ceiling"),
    ]

    operations = [
        migrations.RenameField(model_name="wager", old_name="closed", new_name="status"),
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.AlterField(model_name="wager", name="status", field=STATUS),
        ]),
        migrations.RunPython(open_explicitly, open_as_blank),
    ]
