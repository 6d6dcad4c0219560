"""python manage.py restore FILE.json: load a backup (manage.py backup) into an empty database.

The database is migrated first if it is new, then the whole file is loaded by `loaddata` in one
transaction (a backup written before a field was renamed is loaded under the field's present
name, `RENAMED`): a file that fails half-way leaves the database as empty as it found it, and the
refusal names the row the database would not take, by its model and table and its id. A
database that already holds any of the club's rows is refused untouched, so a restore never
mixes two clubs' data or overwrites the evening in play.
"""

import json
import tempfile
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

from django.apps import apps
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, connection, transaction
from django.db.models.signals import post_save, pre_save

from club.management.commands.backup import LEFT_OUT, counts, fixture_path, report

# The fields renamed since a backup may have been written: (model, old name) -> its name now.
# The ledger's `kind` of an account is its role, of a transaction its reason (club 0010).
RENAMED = {("club.account", "kind"): "role", ("club.transaction", "kind"): "reason"}


def with_present_names(objects: list) -> bool:
    """Gives the rows of an older backup their fields' present names (`RENAMED`), in place;
    whether any row had an old one."""
    renamed = False
    for row in objects:
        fields = row.get("fields")
        for (model, old), new in RENAMED.items():
            if row["model"] == model and isinstance(fields, dict) and old in fields \
                    and new not in fields:
                fields[new] = fields.pop(old)
                renamed = True
    return renamed


@contextmanager
def loadable(path: Path):
    """The file loaddata is to load: the backup itself, or, for a backup written before a field
    was renamed, a copy of it under the present names, removed afterwards."""
    objects = json.loads(path.read_text(encoding="utf-8"))  # `counts` has read it already
    if not with_present_names(objects):
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="restore-") as folder:
        copy = Path(folder) / path.name
        copy.write_text(json.dumps(objects), encoding="utf-8")
        yield copy


def restored_models() -> list:
    """Every model whose rows a backup carries."""
    return [model for model in apps.get_models()
            if model._meta.app_label not in LEFT_OUT and model._meta.label_lower not in LEFT_OUT]


def rows_held() -> Counter:
    """The rows the database holds of each model a backup carries, models without rows left
    out (a database not yet migrated has none of their tables)."""
    tables = set(connection.introspection.table_names())
    return +Counter({model._meta.label_lower: model._base_manager.count()
                    for model in restored_models() if model._meta.db_table in tables})


@contextmanager
def row_being_saved():
    """While it lasts, the list holds the row being saved, until it is saved: the row a
    database error stopped, when loaddata was saving one (it saves each, raw, with its
    signals)."""
    saving = []

    def before(instance, **kwargs):
        saving[:] = [instance]

    def after(**kwargs):
        saving.clear()

    pre_save.connect(before, weak=False, dispatch_uid="restore-before")
    post_save.connect(after, weak=False, dispatch_uid="restore-after")
    try:
        yield saving
    finally:
        pre_save.disconnect(dispatch_uid="restore-before")
        post_save.disconnect(dispatch_uid="restore-after")


def refused_row(saving: list) -> str:
    """The row the database refused as it was saved (`row_being_saved`), named by its model,
    its table and its primary key, to go before the database's error; "" for none."""
    if not saving:
        return ""
    row = saving[0]
    return (f"the row {row._meta.label_lower} with primary key {row.pk} (table "
            f"{row._meta.db_table}) was refused: ")


def report_line(rows: Counter) -> str:
    return ", ".join(f"{count} {model}" for model, count in sorted(rows.items())) or "no rows"


class Command(BaseCommand):
    help = "Load a backup written by `manage.py backup` into an empty database."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The backup to load, ending in .json.")

    def handle(self, *args, file: str, **options):
        path = fixture_path(file)
        if not path.is_file():
            raise CommandError(f'There is no backup file "{file}".')
        expected = counts(path)
        held = rows_held()
        if held:
            raise CommandError(
                f"This database already holds the club's data ({report_line(held)}): a backup "
                "is restored only into an empty database. Create a new one, or point "
                "DATABASE_URL at the right one.")
        call_command("migrate", interactive=False, verbosity=0)
        with row_being_saved() as saving, loadable(path) as named_now:
            try:
                loaded = self.load(named_now, expected, shown=path)
            except (DatabaseError, DeserializationError) as err:
                raise CommandError(f'"{file}" cannot be restored, so nothing was: '
                                   f"{refused_row(saving)}{err}") from None
        report(self.stdout, loaded)

    @staticmethod
    @transaction.atomic
    def load(path, expected: Counter, shown) -> Counter:
        """Loads the file in one transaction; what the database then holds. `shown` is the
        backup's own path, which a refusal names."""
        # By its full path: loaddata would also look for a relative name in the apps' fixtures.
        call_command("loaddata", str(path.resolve()), verbosity=0)
        loaded = rows_held()
        if loaded != expected:
            # loaddata saves a row listed twice over the first: the file was altered.
            raise CommandError(
                f'"{shown}" does not load as it was written, so nothing was restored. The file '
                f"lists {report_line(expected)}; the database took {report_line(loaded)}.")
        return loaded
