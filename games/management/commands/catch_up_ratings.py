"""`manage.py catch_up_ratings`: pays the re-ratings the club owes now, waiting for a worker
that is already at it. The workers do this by themselves after each correction; this is for
after a restore, or to be sure before printing the standings."""
from django.core.management.base import BaseCommand

from games import ratings


class Command(BaseCommand):
    help = "Re-rates the games the ratings owe a re-rating, until none is owed."

    def handle(self, *args, **options):
        since = ratings.pending_since()
        if since is None:
            self.stdout.write("The ratings are up to date.")
            return
        self.stdout.write(f"Re-rating every game finished since {since.isoformat()}...")
        while not ratings.catch_up(wait=True):
            self.stdout.write("A table's change held a game's row: going round again.")
        self.stdout.write("The ratings are up to date.")
