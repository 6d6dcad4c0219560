"""server.handler against Django's own ASGIHandler: the same project under daphne, in one run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_handler .venv/bin/python -m bench.handler

It prepares the database as bench/api.py does (a scratch SQLite file when DATABASE_URL is
unset) and starts two daphne workers on it: one serves server.asgi:application, the other
bench.stock_asgi:application (the same, with Django's handler for HTTP). In each round the
clients first read one table (GET /api/tables/{id}: the token and one row) as fast as a worker
answers, then record hands (POST /api/tables/{id}/hands) on pools opened beforehand; each on
one worker, then on the other. One worker is driven at a time, and which goes first alternates
from round to round, so that the machine's drift weighs on both alike. A short first round
warms both up and is not counted. It prints each round, then the rates (median of the rounds),
the latencies (every request of the rounds) and the ratios; a plain loop timed before and
after is the machine's yardstick. It asserts nothing.
"""
import argparse
import statistics
import time

from bench import yardstick
from bench.api import (
    Client,
    daphne,
    median_p95,
    new_players,
    open_pools,
    prepare,
    recording,
    together,
)

CLUB, STOCK = "server.handler", "Django's ASGIHandler"
APPLICATIONS = {CLUB: "server.asgi:application", STOCK: "bench.stock_asgi:application"}
CEILING = 300  # hands/s, above what one worker records here: pools are opened for that many
HANDS_PER_POOL = 8  # fewer than a pool lasts


def reads(port: int, token: str, path: str, clients: int, seconds: float):
    """Reads of `path` by `clients` at once: their rate, latencies and the time taken."""
    latencies = []

    def read(own, c):
        start = time.perf_counter()
        if own.get(path) != 200:
            raise SystemExit("the snapshot read failed")
        latencies.append(time.perf_counter() - start)
        return 1

    rate, elapsed = together(clients, seconds, read, port, token)
    return rate, latencies, elapsed


def hands(port: int, token: str, tables: list, ids: list, seconds: float):
    """Hands recorded by one client per list of open pools in `tables`, each list topped up
    first (client c's pools are for players ids[3c:3c+3]): their rate, latencies and the time
    taken."""
    opener = Client(port, token)
    need = 1 + int(seconds * CEILING / len(tables) / HANDS_PER_POOL)
    for c, pools in enumerate(tables):
        pools += open_pools(opener, ids[3 * c:3 * c + 3], need - len(pools))
    latencies = []
    rate, elapsed = together(len(tables), seconds, recording(tables, latencies), port, token)
    return rate, latencies, elapsed


def figures(rate: float, unit: str, latencies: list) -> str:
    median, p95 = median_p95(latencies)
    return f"{rate:5.0f} {unit}/s, median {median:5.1f} ms, p95 {p95:5.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0, help="of each measurement")
    args = parser.parse_args()
    env, token = prepare()
    yardstick.show("before")
    with daphne(env, APPLICATIONS[CLUB]) as club, daphne(env, APPLICATIONS[STOCK]) as stock:
        ports = {CLUB: club, STOCK: stock}
        opener = Client(club, token)
        ids = new_players(opener, 3 * args.clients)
        path = f"/api/tables/{open_pools(opener, ids[:3], 1)[0]['id']}"
        tables = {name: [[] for _ in range(args.clients)] for name in ports}
        measures = {
            "reads": lambda name, s: reads(ports[name], token, path, args.clients, s),
            "hands": lambda name, s: hands(ports[name], token, tables[name], ids, s),
        }
        runs = {(kind, name): [] for kind in measures for name in ports}
        for kind, measure in measures.items():  # the warm-up
            for name in ports:
                measure(name, min(1.0, args.seconds))
        print(f"{args.clients} clients, {args.seconds:g} s a measurement, "
              f"{env['DATABASE_URL'].split(':')[0]}")
        for r in range(args.rounds):
            order = list(ports) if r % 2 == 0 else list(ports)[::-1]
            for kind, measure in measures.items():
                for name in order:
                    rate, latencies, elapsed = measure(name, args.seconds)
                    runs[kind, name].append((rate, latencies))
                    print(f"round {r + 1}, {name:<20}: {figures(rate, kind, latencies)} "
                          f"({elapsed:.1f} s)")
        print("all rounds (rates: the median of the rounds; latencies: of every request)")
        for kind in measures:
            for name in ports:
                rates = [rate for rate, _ in runs[kind, name]]
                latencies = [x for _, run in runs[kind, name] for x in run]
                print(f"{kind}, {name:<20}: {figures(statistics.median(rates), kind, latencies)}")
            ratios = sorted(club_run[0] / stock_run[0]
                            for club_run, stock_run in zip(runs[kind, CLUB], runs[kind, STOCK]))
            print(f"{kind}, {CLUB} / {STOCK}: {statistics.median(ratios):.2f} x the rate "
                  f"({ratios[0]:.2f} to {ratios[-1]:.2f} by round)")
    yardstick.show("after")


if __name__ == "__main__":
    main()
