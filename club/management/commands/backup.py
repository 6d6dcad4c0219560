"""python manage.py backup FILE.json: everything the club holds, as one Django fixture.

The file is what `dumpdata` writes, read from one consistent view of the database, so that
`manage.py restore` (or, by hand, `loaddata`) can load it into an empty database of either kind:
a backup of the laptop's SQLite file restores onto PostgreSQL, and the other way round.
"""

import json
import os
from collections import Counter
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction

# Rows that `migrate` makes in every database (content types and permissions), and the login
# sessions, which are no club data: after a restore everyone signs in again. References to
# content types and permissions are written by their natural keys, so they find the target's.
LEFT_OUT = ["contenttypes", "auth.permission", "sessions"]


def fixture_path(file: str) -> Path:
    """The backup's path: loaddata tells the format by the name, so it must end in .json."""
    path = Path(file)
    if path.suffix != ".json":
        raise CommandError(f'A backup is a .json file: "{file}" does not end in .json.')
    return path


def counts(path: Path) -> Counter:
    """How many rows of each model the backup file holds; refuses a file that is no backup."""
    try:
        objects = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise CommandError(f'"{path}" cannot be read as a backup: {err}') from None
    if not isinstance(objects, list) or not all(
        isinstance(o, dict) and isinstance(o.get("model"), str) for o in objects
    ):
        raise CommandError(f'"{path}" is no backup: it is not a list of rows with their model.')
    return Counter(o["model"] for o in objects)


def report(out, rows: Counter) -> None:
    """One line per model, then the total: the figures a restore prints too."""
    for model, count in sorted(rows.items()):
        out.write(f"{model:32} {count:8d}")
    out.write(f"{'total':32} {sum(rows.values()):8d}")


class Command(BaseCommand):
    help = "Write all the club's data to FILE.json, for `manage.py restore`."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The backup to write, ending in .json.")

    def handle(self, *args, file: str, **options):
        path = fixture_path(file)
        # Written beside the target and renamed over it once complete: a backup that fails
        # half-way never replaces the last good one.
        partial = path.with_name(f".partial-{path.name}")
        try:
            with transaction.atomic():
                self.one_view()
                call_command("dumpdata", exclude=LEFT_OUT, natural_foreign=True,
                             use_base_manager=True, indent=1, output=str(partial), verbosity=0)
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)
        report(self.stdout, counts(path))

    @staticmethod
    def one_view() -> None:
        """Every table is read as it stood at one moment, so a hand recorded during the backup
        is in it whole or not at all. SQLite's transactions here begin IMMEDIATE and so already
        hold the writers off; PostgreSQL needs REPEATABLE READ, which can only be asked for
        before the transaction's first query (not when the backup runs inside a larger one)."""
        if connection.vendor == "postgresql" and len(connection.atomic_blocks) == 1:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
