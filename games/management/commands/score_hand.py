"""score_hand: validate and score hand records from a file or standard input (docs/hand-record.md).

    python manage.py score_hand [PATH|-] [--lines] [--analyse]

The work is done by games.engine.cli, also installed as `ecarte-score`. manage.py runs it
directly, without setting Django up; this command runs it for call_command and django-admin.
Exit status: 0 every record valid, 1 any record rejected, 2 the input could not be read.
"""

import sys

from django.core.management.base import BaseCommand, CommandError

from games.engine import cli


class Command(BaseCommand):
    help = cli.DESCRIPTION
    requires_system_checks = ()
    requires_migrations_checks = False
    # manage.py runs score_hand without Django, where Django's own options do not exist: the
    # help leaves them out, so that it reads the same either way.
    suppressed_base_arguments = (
        "--version", "-v", "--settings", "--pythonpath", "--traceback", "--no-color",
        "--force-color", "--skip-checks",
    )

    def add_arguments(self, parser):
        cli.add_arguments(parser)

    def handle(self, path, lines, analyse, **options):
        try:
            status = cli.run(path, lines, analyse, self.stdout)
        except cli.Unreadable as err:
            raise CommandError(str(err), returncode=2)
        if status:
            self.stdout.flush()
            sys.exit(status)
