"""Admin benchmark: the secretary's lists on a club archive of ~2,000 tables, 100,000 hands.

    .venv/bin/python -m bench.admin [--tables 2000] [--hands 100000] [--repeat 5] [--fresh]

It seeds the configured database with bulk_create (no services: each table's hands
are played by the engine's course of play, so that its hands, games and units agree), then
times the admin's pages through Django's test Client, logged in as a superuser, and prints the
number of queries and the milliseconds (best and median of the repeats). It asserts nothing
about time.

The database is DATABASE_URL. Unset, it is a scratch SQLite file, /tmp/ecarte-bench-admin.sqlite3,
never the project's db.sqlite3. A database that already holds the tables is reused as it is;
`--fresh` empties it first (manage.py flush). For PostgreSQL:

    createdb -h 127.0.0.1 -U postgres ecarte_bench
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ecarte_bench .venv/bin/python -m bench.admin
"""
import argparse
import dataclasses
import datetime
import os
import random
import statistics
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/ecarte-bench-admin.sqlite3")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from bench import yardstick  # noqa: E402
from bench.seeding import dates_as_given  # noqa: E402
from club.models import Player  # noqa: E402
from games.engine import EngineError  # noqa: E402
from games.engine.course import Course, CourseHand, Setup  # noqa: E402
from games.models import Game, Hand, HandVersion, Seat, Table, Unit  # noqa: E402
from games.money_options import written  # noqa: E402
from games.selectors.snapshot import snapshot  # noqa: E402
from games.services.tables import read_rules  # noqa: E402
from testbed.records import legal_record  # noqa: E402

PLAYERS = 120
RULES = [  # mostly long-lived tables, so that most reach their share of hands; money in cents
    ("pool", {"pool_unit": "rubber", "pool_streak": 3, "pool_entry": 500}),
    ("pool", {"pool_unit": "rubber", "rubber_games": 5, "target": 7, "pool_streak": 3}),
    ("pool", {"pool_unit": "rubber", "rubber_games": 7, "pool_forfeit": 100}),
    ("pool", {}),
    ("rubber", {"rubber_games": 11, "target": 7}),
    ("rubber", {"rubber_games": 11, "game_value": "graded"}),
]
OPENINGS = ("played", "refused", "exchanged", "exchanged")




def random_record(rng: random.Random) -> dict:
    if rng.random() < 0.25:
        return legal_record(rng)
    elder = rng.choice((0, 1, 2, 2, 3, 3, 4, 5))
    return {"summary": {"opening": rng.choice(OPENINGS), "king_turned": rng.random() < 0.05,
                        "tricks": {"elder": elder, "dealer": 5 - elder}}}


def play(course: Course, entry: CourseHand, rng: random.Random):
    """The hand's record and result, trying random records until one is valid here."""
    for _ in range(5):
        record = random_record(rng)
        try:
            return record, course.play(dataclasses.replace(entry, record=record))
        except EngineError:
            continue
    record = {"summary": {"opening": "exchanged", "king_turned": False,
                          "tricks": {"elder": 3, "dealer": 2}}}
    return record, course.play(dataclasses.replace(entry, record=record))


def seed(tables: int, hands: int, secretary, rng: random.Random) -> None:
    people = list(Player.objects.filter(name__startswith="Bench player"))
    if len(people) < PLAYERS:
        Player.objects.bulk_create(Player(name=f"Bench player {n:03}")
                                   for n in range(len(people), PLAYERS))
        people = list(Player.objects.filter(name__startswith="Bench player"))
    start = timezone.now() - datetime.timedelta(days=3 * 365)
    step = datetime.timedelta(days=3 * 365) / tables
    left_hands, began = hands, time.perf_counter()
    for batch in range(0, tables, 100):
        with transaction.atomic(), dates_as_given(Table, Hand, HandVersion):
            left_hands = _seed_batch(range(batch, min(batch + 100, tables)), tables,
                                     left_hands, people, secretary, start, step, rng)
        print(f"  seeded {min(batch + 100, tables):5} tables "
              f"({hands - left_hands:,} hands, {time.perf_counter() - began:.0f} s)", flush=True)


def _seed_batch(numbers, tables, left_hands, people, secretary, start, step, rng) -> int:
    plans = []
    for i in numbers:
        format, given = rng.choice(RULES)
        rules = read_rules(given)
        seated = rng.sample(people, 3 if format == "pool" else 2)
        created = start + step * i
        table = Table(name=f"{'Pool' if format == 'pool' else 'Rubber'} {i + 1}",
                      format=format, rules=rules, first_dealer=seated[1], opened_by=secretary,
                      seating=[p.pk for p in seated], created_at=created)
        course = Course(Setup(kind=format, players=tuple(p.pk for p in seated),
                              first_dealer=seated[1].pk, rules=written(rules)))
        quota = min(left_hands, round(left_hands / (tables - i) * 1.1))  # some end early
        played = []
        while len(played) < quota and not course.over:
            entry = CourseHand(key=len(played) + 1, game=course.game.number, elder=course.elder,
                               dealer=course.dealer, record={})
            record, result = play(course, entry, rng)
            played.append((entry, record, result))
        left_hands -= len(played)
        if course.over:
            table.status, table.winner_id = Table.Status.WON, course.winner
        elif rng.random() < 0.3:
            table.status = Table.Status.ABANDONED
        if table.status != Table.Status.PLAYING:
            table.finished_at = created + datetime.timedelta(minutes=3 * len(played) + 1)
        plans.append((table, seated, course, played))
    Table.objects.bulk_create([p[0] for p in plans])
    seats, hand_rows, units, games = [], [], [], []
    for table, seated, course, played in plans:
        seats += [Seat(table=table, player=p, position=n) for n, p in enumerate(seated)]
        place = {key: (i, result) for game in course.games
                 for i, (key, result) in enumerate(game.hands, 1)}
        for entry, record, result in played:
            i, _ = place[entry.key]
            hand_rows.append(Hand(
                table=table, number=entry.key, game_number=entry.game, elder_id=entry.elder,
                dealer_id=entry.dealer, record=record, result=result, number_in_game=i,
                entered_by=secretary,
                created_at=table.created_at + datetime.timedelta(minutes=3 * entry.key)))
        for game in course.games:
            if game.winner is None:  # rows are kept for finished games only
                continue
            games.append(Game(table=table, number=game.number, unit_number=game.unit,
                              first_id=game.players[0], second_id=game.players[1],
                              score={str(p): n for p, n in game.score.items()},
                              target=game.target, winner_id=game.winner, loser_id=game.loser,
                              value=game.value, hands=len(game.hands)))
        for unit in course.units:
            units.append(Unit(table=table, number=unit.number, first_id=unit.players[0],
                              second_id=unit.players[1], winner_id=unit.winner,
                              loser_id=unit.loser, value=unit.value,
                              games_won={str(p): n for p, n in unit.games.items()}))
        table.seq = len(played) + 1
        table.snapshot = snapshot(table, course)
    Seat.objects.bulk_create(seats)
    Hand.objects.bulk_create(hand_rows, batch_size=2000)
    HandVersion.objects.bulk_create(
        (HandVersion(hand=h, version=1, record=h.record, result=h.result, entered_by=secretary,
                     created_at=h.created_at) for h in hand_rows), batch_size=2000)
    Game.objects.bulk_create(games, batch_size=2000)
    Unit.objects.bulk_create(units, batch_size=2000)
    Table.objects.bulk_update([p[0] for p in plans], ["seq", "snapshot"])
    return left_hands


def timed(client: Client, url: str, repeat: int):
    client.get(url)  # warm: templates, content types
    times, queries = [], 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        queries = len(captured)
    return queries, min(times), statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--fresh", action="store_true", help="empty the database first")
    args = parser.parse_args()
    yardstick.show()
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    db = connection.settings_dict
    print(f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db['NAME']}")
    call_command("migrate", verbosity=0)
    if args.fresh:
        call_command("flush", interactive=False, verbosity=0)
    secretary = get_user_model().objects.filter(username="bench-secretary").first() or \
        get_user_model().objects.create_superuser("bench-secretary")
    if Table.objects.count() < args.tables:
        began = time.perf_counter()
        seed(args.tables, args.hands, secretary, random.Random(2026))
        with connection.cursor() as cursor:  # fresh planner statistics, as a live database has
            cursor.execute("ANALYZE")
        print(f"seeded in {time.perf_counter() - began:.1f} s")
    print(f"{Table.objects.count():,} tables, {Hand.objects.count():,} hands, "
          f"{HandVersion.objects.count():,} versions")

    client = Client()
    client.force_login(secretary)
    table = Table.objects.order_by("-pk").first()
    busiest = Table.objects.annotate(n=Count("hands")).order_by("-n", "pk").first()
    player = Seat.objects.filter(table=table).first().player
    hand = busiest.hands.order_by("-number").first()
    last_page = (Table.objects.count() + 99) // 100
    hand_page = min(500, (Hand.objects.count() + 99) // 100)
    pages = [
        ("table list", "/admin/games/table/"),
        ("table list, by hands count", "/admin/games/table/?o=-6"),
        ("table list, a player", f"/admin/games/table/?player={player.pk}"),
        ("table list, search", "/admin/games/table/?q=player+017"),
        ("table list, won pools", "/admin/games/table/?status__exact=won&format__exact=pool"),
        (f"table list, page {last_page}", f"/admin/games/table/?p={last_page}"),
        ("hand list", "/admin/games/hand/"),
        (f"hand list, page {hand_page}", f"/admin/games/hand/?p={hand_page}"),
        ("hand list, a player", f"/admin/games/hand/?player={player.pk}"),
        ("hand list, search", "/admin/games/hand/?q=pool+19"),
        (f"table page (busiest, {busiest.n} hands)",
         f"/admin/games/table/{busiest.pk}/change/"),
        ("hand page", f"/admin/games/hand/{hand.pk}/change/"),
    ]
    print(f"{'page':36} {'queries':>7} {'best ms':>9} {'median ms':>10}")
    for name, url in pages:
        queries, best, median = timed(client, url, args.repeat)
        print(f"{name:36} {queries:7} {best:9.1f} {median:10.1f}")
    ids = list(Table.objects.order_by("-pk").values_list("pk", flat=True)[:100])
    for action in ("export_json", "export_csv"):
        start = time.perf_counter()
        response = client.post("/admin/games/table/", {"action": action,
                                                       "_selected_action": ids})
        size = len(response.content)
        print(f"{action + ' (100 tables)':36} {'':7} {(time.perf_counter() - start) * 1000:9.1f}"
              f" ms, {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
