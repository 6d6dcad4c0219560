"""The hand that decides a unit with wagers on it, against the same hand with none: the latency
of POST /api/tables/{id}/hands on one daphne worker, side by side in one run.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_wagers .venv/bin/python -m bench.wagers

It prepares the database as bench/api.py does (a scratch SQLite file when DATABASE_URL is
unset), makes members whose logins are linked to players, with their tokens, and starts one
daphne worker with the production settings. Pools come in pairs: the same three players,
rules and first dealer, and the same wager style, English and French in turn. On one pool of
each pair the members wager on the first unit before its first hand: 100 English offers, each
taken in full by another member, or a French gallery of 100 bets whose two sides balance.
Both pools are then brought through the API to 4-0 in the first game. What is timed is the
POST of the hand that ends that game (the leader's vole) on each pool of the pair, which goes
first alternating from pair to pair: it records the hand, decides the unit, settles its
wagers and the pool's forfeit in the ledger and hands the change to the channel layer once
committed (no listener is timed). Each round prepares its pairs, then times them. It prints
each round, the median and p95 of each case over all rounds, the ratio of the medians, and the
SQL statements of that hand in each case, counted in this process (record_hand under
CaptureQueriesContext, on pairs prepared the same way); the machine's yardstick before and
after. It asserts nothing.
"""
import argparse
import os
import statistics
import time

from bench import yardstick
from bench.api import Client, daphne, median_p95, new_players, prepare

ODDS = ("1:1", "2:1", "5:2", "1:2")
NONE, WAGERS = "no wagers", "wagers"
STYLES = ("english", "french")


def in_process(env: dict) -> None:
    """Sets Django up in this process on the benchmark's database and settings."""
    os.environ.update(env)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    import django

    django.setup()


def make_members(count: int) -> list[tuple[int, str]]:
    """`count` members with a login linked to a player of their name: (player id, token)."""
    from django.contrib.auth import get_user_model
    from django.db import connections

    from club.models import ApiToken
    from club.players import create_player

    members = []
    for n in range(count):
        name = f"m{os.getpid()}-{n}"
        user = get_user_model().objects.create_user(name)
        token = ApiToken.objects.create(user=user).key
        members.append((create_player(name=name, username=name).pk, token))
    connections.close_all()
    return members


def post(client: Client, path: str, body: dict, token: str | None = None) -> dict:
    """The answer's body to a POST as the client's user, or as the member of `token`."""
    status, answer = client.post(path, body, token)
    if status not in (200, 201):
        raise SystemExit(f"unexpected answer {status} to {path}: {answer}")
    return answer


def won_by(table: dict, player: int) -> dict:
    """A summary record of a vole to the seated `player`."""
    elder = table["seats"]["elder"] == player
    return {"summary": {"opening": "exchanged", "king_turned": False,
                        "tricks": {"elder": 5 if elder else 0, "dealer": 0 if elder else 5}}}


def open_pair(client: Client, players: list, style: str) -> list[dict]:
    """Two pools alike: the same players, rules, first dealer and wager style."""
    return [post(client, "/api/tables", {
        "name": "bench", "format": "pool", "players": players, "first_dealer": players[1],
        "wager_style": style, "rules": {"pool_entry": "1.00", "pool_forfeit": "0.50"}})
        for _ in range(2)]


def wager(client: Client, table: dict, members: list, count: int) -> None:
    """`count` matched wagers on the table's first unit, half on each seated player: English
    offers each taken in full by another member, or French bets whose sides balance."""
    seated = [table["seats"]["elder"], table["seats"]["dealer"]]
    path = f"/api/tables/{table['id']}/wagers"
    for n in range(count):
        on, backer = seated[n % 2], members[n][1]
        if table["wager_style"] == "english":
            offer = post(client, path, {"on": on, "stake": "2.00", "odds": ODDS[n // 2 % 4]},
                         backer)
            post(client, f"/api/wagers/{offer['id']}/take", {"stake": "2.00"},
                 members[count + n][1])
        else:
            post(client, path, {"on": on, "stake": "1.00"}, backer)


def four_love(client: Client, table: dict) -> tuple[dict, dict]:
    """Two voles to the elder of the first hand: the table at 4-0, and the hand that ends the
    game."""
    leader = table["seats"]["elder"]
    for _ in range(2):
        table = post(client, f"/api/tables/{table['id']}/hands",
                     {"record": won_by(table, leader)})["table"]
    return table, won_by(table, leader)


def prepare_pair(client, players, members, count, style) -> dict:
    """A pair at 4-0, wagers on one of them: {case: (table, deciding record)}."""
    bare, wagered = open_pair(client, players, style)
    wager(client, wagered, members, count)
    return {NONE: four_love(client, bare), WAGERS: four_love(client, wagered)}


def decide(client: Client, table: dict, record: dict) -> float:
    """Posts the deciding hand: the seconds its answer took."""
    start = time.perf_counter()
    answer = post(client, f"/api/tables/{table['id']}/hands", {"record": record})
    elapsed = time.perf_counter() - start
    if answer["table"]["unit"]["number"] != 2:
        raise SystemExit(f"the hand did not decide the first unit: {answer['table']['unit']}")
    return elapsed


def statements(client, players, members, count, style, token) -> dict:
    """The SQL statements of the deciding hand in each case, recorded in this process (its
    copy of the table's hands as warm as the worker's: the hands before it are recorded
    here too)."""
    from django.db import connection, connections
    from django.test.utils import CaptureQueriesContext

    from club.models import ApiToken
    from games.models import Table
    from games.services.hands import record_hand

    staff = ApiToken.objects.select_related("user").get(key=token).user
    bare, wagered = open_pair(client, players, style)
    wager(client, wagered, members, count)
    counts = {}
    for case, snap in ((NONE, bare), (WAGERS, wagered)):
        leader = snap["seats"]["elder"]
        for _ in range(3):
            snap = Table.objects.get(pk=snap["id"]).snapshot
            with CaptureQueriesContext(connection) as queries:
                record_hand(table_id=snap["id"], record=won_by(snap, leader), by=staff)
        counts[case] = len(queries)
    connections.close_all()
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wagers", type=int, default=100, help="matched wagers on the unit")
    parser.add_argument("--pairs", type=int, default=10, help="pairs of pools a round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    env, token = prepare()
    in_process(env)
    members = make_members(2 * args.wagers)
    yardstick.show("before")
    with daphne(env) as port:
        client = Client(port, token)
        players = new_players(client, 3)
        warm = prepare_pair(client, players, members, args.wagers, "english")
        for table, record in warm.values():  # the worker's first deciding hands: not counted
            decide(client, table, record)
        print(f"{args.wagers} matched wagers on the unit against none, {args.pairs} pairs a "
              f"round, {env['DATABASE_URL'].split(':')[0]}")
        times = {(case, style): [] for case in (NONE, WAGERS) for style in STYLES}
        ratios = []
        for r in range(args.rounds):
            styles = [STYLES[p % 2] for p in range(args.pairs)]
            pairs = [prepare_pair(client, players, members, args.wagers, style)
                     for style in styles]
            these = {NONE: [], WAGERS: []}
            for p, (style, pair) in enumerate(zip(styles, pairs)):
                # Which goes first alternates every other pair: each style goes first both ways.
                order = (NONE, WAGERS) if (r + p // 2) % 2 == 0 else (WAGERS, NONE)
                for case in order:
                    elapsed = decide(client, *pair[case])
                    these[case].append(elapsed)
                    times[case, style].append(elapsed)
            medians = {case: statistics.median(these[case]) * 1000 for case in these}
            ratios.append(medians[WAGERS] / medians[NONE])
            print(f"round {r + 1}: median {medians[NONE]:5.1f} ms {NONE}, "
                  f"{medians[WAGERS]:5.1f} ms {WAGERS}: {ratios[-1]:.2f} x")
        print(f"the deciding hand, all rounds ({args.rounds * args.pairs} pairs):")
        for style in (*STYLES, None):
            for case in (NONE, WAGERS):
                latencies = [x for (c, s), run in times.items() if c == case
                             for x in run if style in (None, s)]
                median, p95 = median_p95(latencies)
                label = f"{case}, {style or 'both styles'}"
                print(f"  {label:<24}: median {median:5.1f} ms, p95 {p95:5.1f} ms "
                      f"({len(latencies)} hands)")
        both = {case: statistics.median([x for (c, _), run in times.items() if c == case
                                         for x in run]) for case in (NONE, WAGERS)}
        print(f"{WAGERS} / {NONE}: {both[WAGERS] / both[NONE]:.2f} x the median "
              f"({min(ratios):.2f} to {max(ratios):.2f} by round)")
        for style in STYLES:
            counts = statements(client, players, members, args.wagers, style, token)
            print(f"SQL statements of the deciding hand, {style}: {counts[NONE]} {NONE}, "
                  f"{counts[WAGERS]} with {args.wagers} wagers")
    yardstick.show("after")


if __name__ == "__main__":
    main()
