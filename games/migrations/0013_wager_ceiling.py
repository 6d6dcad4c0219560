"""The club's ceiling on amounts (club.ledger.MAX_AMOUNT, 1,000,000.00) as checks of the database:
a wager's stake, and a take's stake and lay, are at most 100,000,000 cents.

A database may hold rows stored before the ceiling. They are kept as they were (nothing of the
ledger is edited in place), and the checks hold for every row written or changed from now on:
PostgreSQL adds them NOT VALID; SQLite, which rebuilds the table to add a check, copies the rows
over without checking them. Migration 0018 moves such wagers once and validates the checks:
see docs/rules.md, "Limits".
"""
from django.db import migrations, models


class AddCheckKeepingStoredRows(migrations.AddConstraint):
    """AddConstraint for a check that rows stored before it may break: they stay."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        model = to_state.apps.get_model(app_label, self.model_name)
        if not self.allow_migrate_model(schema_editor.connection.alias, model):
            return
        vendor = schema_editor.connection.vendor
        if vendor == "postgresql":
            schema_editor.execute(f"{self.constraint.create_sql(model, schema_editor)} NOT VALID")
        elif vendor == "sqlite":
            schema_editor.execute("PRAGMA ignore_check_constraints = ON")
            try:
                super().database_forwards(app_label, schema_editor, from_state, to_state)
            finally:
                schema_editor.execute("PRAGMA ignore_check_constraints = OFF")
        else:
            super().database_forwards(app_label, schema_editor, from_state, to_state)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0012_gameplayer_place"),
    ]

    operations = [
        AddCheckKeepingStoredRows(
            model_name="wager",
            constraint=models.CheckConstraint(condition=models.Q(("stake__lte", 100000000)),
                                              name="games_wager_stake_ceiling"),
        ),
        AddCheckKeepingStoredRows(
            model_name="wagertake",
            constraint=models.CheckConstraint(
                condition=models.Q(("lay__lte", 100000000), ("stake__lte", 100000000)),
                name="games_wagertake_ceiling"),
        ),
    ]
