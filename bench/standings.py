"""Standings benchmark: seeds a club of 1,000 players and 100,000 finished games, then times
`games.selectors.standings.standings()`, the re-rating of games, and the correction of a game
at the start of the club's history with the re-rating it owes.

    .venv/bin/python -m bench.standings [--players 1000] [--games 100000] [--repeat 7]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/standings_bench \
        .venv/bin/python -m bench.standings

It writes into the configured database (DATABASE_URL; a scratch SQLite file in /tmp when it is
unset), after migrating it, and refuses one that already holds players, unless --reuse says
to time the club it seeded before. The rows are made directly with bulk_create, not through
the services: pools of three players, a unit per game, the club's ratings, and each pool's
entry and payout in the ledger. Prints the best and the median of the repeats; it asserts
nothing about time.
"""
import argparse
import os
import random
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone

from bench import yardstick
from bench.api import create_database
from bench.seeding import dates_as_given

SCRATCH = "sqlite:////tmp/ecarte-bench-standings.sqlite3"
CHUNK = 2000  # tables per batch of inserts
PER_EVENING = 40  # pools played in one evening, side by side


def _setup(reuse: bool):
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = SCRATCH
        if not reuse and os.path.exists(SCRATCH[len("sqlite:///"):]):
            os.remove(SCRATCH[len("sqlite:///"):])
    create_database(os.environ["DATABASE_URL"])
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)




def seed(n_players: int, n_games: int, rng: random.Random) -> None:
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from club.models import Account, Entry, Player, Transaction
    from games import ratings
    from games.models import Game, GamePlayer, Seat, Table, Unit

    user = get_user_model().objects.create_user("bench-standings")
    players = Player.objects.bulk_create(Player(name=f"Player {i:04d}")
                                         for i in range(1, n_players + 1))
    ids = [p.pk for p in players]
    strength = {pk: rng.gauss(0, 1) for pk in ids}
    accounts = {a.player_id: a for a in Account.objects.bulk_create(
        Account(code=f"player:{pk}", role=Account.Role.PLAYER, player_id=pk, name=f"Player {pk}")
        for pk in ids)}
    rating = {}
    evening = datetime(2024, 1, 1, 19, tzinfo=timezone.utc)
    rules = {"target": 5, "pool_unit": "game", "pool_streak": 2, "pool_entry": 1000,
             "pool_forfeit": 0, "game_value": "single"}  # the money options in cents
    games_made = tables_made = 0
    while games_made < n_games:
        pools = []  # (opened, trio, [(first, second, winner, loser, loser_points, finished)])
        while len(pools) < CHUNK and games_made < n_games:
            if tables_made and tables_made % PER_EVENING == 0:
                evening += timedelta(days=1)  # the club meets every evening at seven
            tables_made += 1
            trio = rng.sample(ids, 3)
            playing, observer, streak, games = list(trio[:2]), trio[2], None, []
            clock = start = evening + timedelta(seconds=rng.randint(0, 3600))
            while games_made < n_games:
                a, b = playing
                p_a = 1 / (1 + 2.718 ** (strength[b] - strength[a]))
                winner, loser = (a, b) if rng.random() < p_a else (b, a)
                clock += timedelta(seconds=rng.randint(6 * 60, 20 * 60))
                games.append((a, b, winner, loser, rng.randint(0, 4), clock))
                games_made += 1
                streak = (winner, streak[1] + 1 if streak and streak[0] == winner else 1)
                if streak[1] == 2:
                    break
                playing, observer = [winner, observer], loser
            pools.append((start, trio, games))
        with transaction.atomic(), dates_as_given(Table, Transaction):
            tables = Table.objects.bulk_create(Table(
                name=f"Table {i % 9 + 1}", format="pool", rules=rules, status="won",
                first_dealer_id=trio[1], opened_by=user, winner_id=games[-1][2], seating=trio,
                created_at=start, finished_at=games[-1][5],
                snapshot={}) for i, (start, trio, games) in enumerate(pools))
            Seat.objects.bulk_create(Seat(table=t, player_id=pk, position=i)
                                     for t, (_, trio, _) in zip(tables, pools)
                                     for i, pk in enumerate(trio))
            rows = [Game(table=t, number=n, unit_number=n, first_id=a, second_id=b,
                         score={str(w): 5, str(lo): lp}, target=5, winner_id=w, loser_id=lo,
                         value=1, hands=rng.randint(3, 7), finished_at=when)
                    for t, (_, _, games) in zip(tables, pools)
                    for n, (a, b, w, lo, lp, when) in enumerate(games, start=1)]
            Game.objects.bulk_create(rows, batch_size=5000)
            Unit.objects.bulk_create((Unit(
                table_id=g.table_id, number=g.number, first_id=g.first_id,
                second_id=g.second_id, games_won={str(g.winner_id): 1, str(g.loser_id): 0},
                winner_id=g.winner_id, loser_id=g.loser_id, value=1, finished_at=g.finished_at)
                for g in rows), batch_size=5000)
            sides = []
            for g in sorted(rows, key=lambda g: (g.finished_at, g.pk)):  # the club's order
                lost = g.score[str(g.loser_id)]
                after = ratings.after_game(rating.get(g.winner_id, ratings.START),
                                           rating.get(g.loser_id, ratings.START))
                for player, won, (mu, sigma) in ((g.winner_id, True, after[0]),
                                                 (g.loser_id, False, after[1])):
                    rating[player] = (mu, sigma)
                    sides.append(GamePlayer(
                        game=g, player_id=player, won=won, points_for=5 if won else lost,
                        points_against=lost if won else 5, voles=rng.randint(0, 2),
                        kings=rng.randint(0, 1), finished_at=g.finished_at, mu=mu,
                        sigma=sigma))
            GamePlayer.objects.bulk_create(sides, batch_size=5000)
            pots = Account.objects.bulk_create(
                Account(code=f"pot:table:{t.pk}", role=Account.Role.POT, name=t.name)
                for t in tables)
            txs = Transaction.objects.bulk_create(
                Transaction(reason=reason, memo=reason, reference=f"table:{t.pk}:{reason}",
                            created_at=when)
                for t in tables
                for reason, when in ((Transaction.Reason.POOL_ENTRY, t.created_at),
                                     (Transaction.Reason.POOL_PAYOUT, t.finished_at)))
            entries = []
            for i, (t, pot, (_, trio, _)) in enumerate(zip(tables, pots, pools)):
                entry, payout = txs[2 * i], txs[2 * i + 1]
                entries += [Entry(transaction=entry, account=accounts[pk], amount=-1000)
                            for pk in trio]
                entries += [Entry(transaction=entry, account=pot, amount=3000),
                            Entry(transaction=payout, account=pot, amount=-3000),
                            Entry(transaction=payout, account=accounts[t.winner_id],
                                  amount=3000)]
            Entry.objects.bulk_create(entries, batch_size=5000)
        print(f"  seeded {games_made:,} games", file=sys.stderr, end="\r")
    print(file=sys.stderr)


def _times(work, repeat: int) -> tuple[float, float]:
    spent = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        spent.append((time.perf_counter() - start) * 1000)
    return min(spent), statistics.median(spent)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--reuse", action="store_true",
                        help="time the club seeded by an earlier run instead of seeding")
    args = parser.parse_args()
    yardstick.show()
    _setup(args.reuse)

    from django.db import connection, transaction

    from club.models import Entry, Player
    from games import ratings
    from games.models import GamePlayer
    from games.selectors.standings import player_stats, standings

    if args.reuse:
        if not Player.objects.filter(name="Player 0001").exists():
            sys.exit("--reuse: this database holds no club seeded by this benchmark")
    elif Player.objects.exists():
        sys.exit("this database already holds players: point DATABASE_URL at a scratch one")
    else:
        start = time.perf_counter()
        seed(args.players, args.games, random.Random(2026))
        print(f"seeded in {time.perf_counter() - start:.1f} s")
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    games = GamePlayer.objects.filter(won__isnull=False).count() // 2
    print(f"{connection.vendor}: {Player.objects.count():,} players, {games:,} finished games, "
          f"{Entry.objects.count():,} ledger entries")

    rows = standings()
    print(f"standings: {len(rows):,} rows; the first: {rows[0]['player']['name']} "
          f"{rows[0]['rating']}")
    best, median = _times(standings, args.repeat)
    print(f"standings(), all time      : {best:7.1f} ms best, {median:7.1f} ms median "
          f"(x {args.repeat})")
    last = GamePlayer.objects.order_by("-finished_at").values_list("finished_at", flat=True)[0]
    since, until = last - timedelta(days=30), last + timedelta(seconds=1)
    best, median = _times(lambda: standings(since=since, until=until), args.repeat)
    print(f"standings(), last 30 days  : {best:7.1f} ms best, {median:7.1f} ms median")
    player = Player.objects.get(name="Player 0001")
    best, median = _times(lambda: player_stats(player), args.repeat)
    print(f"player_stats(), one player : {best:7.1f} ms best, {median:7.1f} ms median")

    def rerate(when):
        with transaction.atomic():
            ratings.rerate(when)

    best, median = _times(lambda: rerate(last), args.repeat)
    print(f"rerate(), the last game    : {best:7.1f} ms best, {median:7.1f} ms median")
    first = GamePlayer.objects.order_by("finished_at").values_list("finished_at", flat=True)[0]
    best, median = _times(lambda: rerate(first), 1)
    print(f"rerate(), every game       : {best:7.1f} ms (nothing to write)")
    _corrections(first - timedelta(hours=1), args.repeat)


def _corrections(when, repeat: int) -> None:
    """A one-game rubber played before the club's first game, then its last hand corrected
    `repeat` times, back and forth between the vole that ends the game and a vole for the
    other side that does not: each correction owes a re-rating of every game of the club,
    paid by `catch_up` afterwards, as the catching-up process (`keep_up`) pays it."""
    from unittest import mock

    from django.contrib.auth import get_user_model
    from django.db import transaction

    from club.models import Player
    from games import ratings
    from games.services.hands import correct_hand, record_hand
    from games.services.tables import open_table

    staff = get_user_model().objects.create_user("bench-corrections", is_staff=True)
    first, second = Player.objects.order_by("pk")[:2]
    with mock.patch("django.utils.timezone.now", return_value=when):
        table = open_table(name="First", format="rubber", players=[first, second],
                           rules={"rubber_games": 1}, first_dealer=second, by=staff)
        for elder_tricks in (5, 0, 5):  # three voles for the elder of the first hand: 6-0
            hand, _ = record_hand(table_id=table.pk, by=staff, record={"summary": {
                "opening": "exchanged", "king_turned": False,
                "tricks": {"elder": elder_tricks, "dealer": 5 - elder_tricks}}})
    records = [{"summary": {"opening": "exchanged", "king_turned": False,
                            "tricks": {"elder": n, "dealer": 5 - n}}} for n in (0, 5)]
    turn = iter(records * repeat)

    def correct():
        with transaction.atomic():
            correct_hand(hand_id=hand.pk, record=next(turn), by=staff)

    best, median = _times(correct, repeat)
    print(f"correct_hand(), first game : {best:7.1f} ms best, {median:7.1f} ms median")
    start = time.perf_counter()
    ratings.catch_up(wait=True)
    print(f"catch_up(), after them     : {(time.perf_counter() - start) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
