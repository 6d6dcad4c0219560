"""`manage.py catch_up_ratings`: pays the re-ratings the club owes now, waiting for a process
that is already at it; for after a restore, or to be sure before printing the standings. (On
SQLite the wait holds within one process only: on the laptop, run it while `make run` is
stopped, or leave the debts to the catching-up process that `make run` starts.)

`catch_up_ratings --follow` is the club's catching-up process: it stays, and pays each
re-rating as soon as one is owed, looking every few seconds (`games.ratings.keep_up`), its
progress in the log, until it is stopped (SIGTERM, or Ctrl-C). `make run` and
`make serve-prod` start one beside the workers: the workers themselves only record what is
owed."""
import signal
import threading

from django.core.management.base import BaseCommand

from games import ratings


class Command(BaseCommand):
    help = ("Re-rates the games the ratings owe a re-rating, until none is owed; with --follow, "
            "stays and does so whenever one is owed.")

    def add_arguments(self, parser):
        parser.add_argument("--follow", action="store_true",
                            help="stay, and catch up whenever a re-rating is owed")
        parser.add_argument("--every", type=float, default=3.0, metavar="SECONDS",
                            help="with --follow: how often to look for what is owed (3)")

    def handle(self, *args, follow=False, every=3.0, **options):
        if follow:
            stop = threading.Event()
            before = {number: signal.signal(number, lambda *_: stop.set())
                      for number in (signal.SIGTERM, signal.SIGINT)}
            try:
                ratings.keep_up(every=every, stop=stop)
            finally:
                for number, handler in before.items():
                    signal.signal(number, handler)
            return
        since = ratings.pending_since()
        if since is None:
            self.stdout.write("The ratings are up to date.")
            return
        self.stdout.write(f"Re-rating every game finished since {since.isoformat()}...")
        while not ratings.catch_up(wait=True):
            self.stdout.write("A table's change held a game's row: going round again.")
        self.stdout.write("The ratings are up to date.")
