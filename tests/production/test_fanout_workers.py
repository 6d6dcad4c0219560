"""The live feed's fan-out over two daphne workers sharing PostgreSQL and Redis, as the club runs
them (games/live/hub.py): many spectators of a table on each worker, and a page's one socket
following several tables, all get every change in `seq` order with no gap, however the hands
are posted, through one worker or the other; and a thousand spectators connecting at once all
join, within the Redis pools (server/env.py)."""
import asyncio
import json

from websockets.asyncio.client import connect as connect_async
from websockets.sync.client import connect

from testbed.daphne import LIMIT
from tests.production.kit import Spectator, open_pool, post_hand, production

pytestmark = production

PER_WORKER = 15


def test_every_spectator_on_both_workers_gets_every_change_in_order(workers):
    a, b = workers
    table = open_pool(a)
    tid = table["id"]
    with Spectator(tid, a) as first:
        others = [Spectator(tid, server).__enter__()
                  for server in (a, b) for _ in range(PER_WORKER)]
        try:
            posted = [post_hand(server, tid, number)
                      for number, server in enumerate([a, b, b, a, b, a], start=1)]
            last = posted[-1]["table"]["seq"]
            for spectator in [first, *others]:
                spectator.follow_until(last)
        finally:
            for spectator in others:
                spectator.__exit__(None, None, None)

    for spectator in [first, *others]:
        assert spectator.changes == list(range(spectator.changes[0], last + 1))  # no gap
        assert (spectator.resyncs, spectator.connections) == (0, 1)
        assert spectator.table == posted[-1]["table"]
    assert first.changes[0] == table["seq"] + 1


def test_one_socket_follows_tables_changed_through_either_worker(workers):
    a, b = workers
    ids = [open_pool(a)["id"] for _ in range(3)]
    with connect(f"ws://{b.address}/ws/tables/", origin=f"http://{b.address}",
                 open_timeout=LIMIT) as feed:
        feed.send(json.dumps({"type": "follow", "tables": ids}))
        seqs = {}
        for _ in ids:
            snapshot = json.loads(feed.recv(timeout=LIMIT))
            seqs[snapshot["table_id"]] = snapshot["seq"]
        for number in (1, 2):
            for tid, server in zip(ids, (a, b, a)):
                post_hand(server, tid, number)
        changes = [json.loads(feed.recv(timeout=LIMIT)) for _ in range(2 * len(ids))]

    assert {c["type"] for c in changes} == {"hand"}
    for tid in ids:
        assert [c["seq"] for c in changes if c["table_id"] == tid] == [seqs[tid] + 1,
                                                                      seqs[tid] + 2]


BURST, TABLES = 1000, 50


def test_a_thousand_spectators_connecting_at_once_all_join_and_get_the_next_change(workers):
    """A championship's pages opened by a thousand phones in the same moment, twenty on each of
    fifty tables, half on each worker: each gets its table's snapshot and then the change that
    follows, and no worker failed to join a table's group on the way (a worker joins each
    group once, whatever its spectators, within its Redis pool)."""
    a, b = workers
    tables = [open_pool(a) for _ in range(TABLES)]
    logged = [server.log_path.stat().st_size for server in (a, b)]

    async def burst():
        async def spectator(server, table):
            url = f"ws://{server.address}/ws/tables/{table['id']}/"
            socket = await connect_async(url, origin=f"http://{server.address}",
                                         open_timeout=LIMIT, ping_interval=None)
            snapshot = json.loads(await asyncio.wait_for(socket.recv(), LIMIT))
            return socket, snapshot["seq"] == table["seq"]

        opened = await asyncio.gather(*(
            spectator(server, table) for n in range(BURST // (2 * TABLES))
            for table in tables for server in (a, b)))
        posted = {table["id"]: (await asyncio.to_thread(post_hand, b, table["id"], 1))[
            "table"]["seq"] for table in tables}
        changes = await asyncio.gather(*(asyncio.wait_for(socket.recv(), LIMIT)
                                         for socket, _ in opened))
        await asyncio.gather(*(socket.close() for socket, _ in opened))
        return [fresh for _, fresh in opened], [json.loads(c) for c in changes], posted

    snapshots, changes, posted = asyncio.run(burst())

    assert len(snapshots) == BURST and all(snapshots)
    assert all(posted[c["table"]["id"]] == c["seq"] for c in changes)
    for server, start in zip((a, b), logged):
        with open(server.log_path) as log:
            log.seek(start)
            said = log.read()
        assert "could not join" not in said and "Traceback" not in said
