"""The live feed's fan-out (games/live/hub.py, docs/api.md, The live feed): one membership of a
table's group per worker, however many of its sockets follow the table; a slow socket closed
rather than waited for; several tables on one socket (ws/tables/). Through the ASGI
application in this process, on the suite's layer (in memory, or Redis when REDIS_URL is set);
the changes commit for real, so the tests are transactional."""
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from games.live import consumers, hub
from games.live.hub import local_hub
from games.live.publish import group_name
from games.services.hands import record_hand
from games.services.tables import open_table
from server.asgi import application
from testbed.users import user_with_token
from tests.games.kit import players, summary
from tests.games.live_kit import ORIGIN, WAIT, following, open_pool

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_rejoins_meanwhile(monkeypatch):
    """No re-join in the middle of a test (they come every ten seconds): one finding the table
    moved on before the change reached the worker sends a snapshot in its place, which these
    tests do not look at (tests/production/test_live_rejoin.py does)."""
    monkeypatch.setattr(hub, "REJOIN_EVERY", 3600)


@pytest.fixture
def memberships(monkeypatch) -> list[tuple[str, str, str]]:
    """Every ("add" or "discard", group, channel) asked of the layer, as the test goes."""
    layer, asked = get_channel_layer(), []
    group_add, group_discard = layer.group_add, layer.group_discard

    async def add(group, channel):
        asked.append(("add", group, channel))
        await group_add(group, channel)

    async def discard(group, channel):
        asked.append(("discard", group, channel))
        await group_discard(group, channel)

    monkeypatch.setattr(layer, "group_add", add)
    monkeypatch.setattr(layer, "group_discard", discard)
    return asked


def pool(n: int, private=False):
    """Pool `n` of several, each with players and a scorer of its own: (scorer, table)."""
    by, _ = user_with_token(f"scorer{n}", staff=True)
    seated = players(f"Athos {n}", f"Porthos {n}", f"Aramis {n}")
    return by, open_table(name=f"T{n}", format="pool", players=seated, rules={}, by=by,
                          first_dealer=seated[1], private=private)


async def hand(by, table_id, elder_tricks=3):
    await sync_to_async(record_hand)(table_id=table_id, record=summary(elder_tricks), by=by)


async def many(*headers):
    """A client of ws/tables/, connected, following nothing yet."""
    feed = WebsocketCommunicator(application, "/ws/tables/",
                                 headers=[(b"host", b"127.0.0.1"), ORIGIN, *headers])
    connected, _ = await feed.connect(timeout=WAIT)
    assert connected
    return feed


def test_one_membership_per_worker_and_table_however_many_spectators(memberships):
    by, table = open_pool()

    async def scenario():
        feeds = [await following(table.pk) for _ in range(3)]
        await hand(by, table.pk)
        changes = [await feed.receive_json_from(timeout=WAIT) for feed, _ in feeds]
        for feed, _ in feeds:
            await feed.disconnect(timeout=WAIT)
        return [first for _, first in feeds], changes

    firsts, changes = async_to_sync(scenario)()

    adds = [asked for asked in memberships if asked[0] == "add"]
    assert [group for _, group, _ in adds] == [group_name(table.pk)]
    assert [change["seq"] for change in changes] == [firsts[0]["seq"] + 1] * 3


def test_the_last_spectator_leaving_makes_the_worker_leave_the_group(memberships):
    by, table = open_pool()

    async def scenario():
        (one, _), (other, _) = await following(table.pk), await following(table.pk)
        await one.disconnect(timeout=WAIT)
        after_one = list(memberships)
        await other.disconnect(timeout=WAIT)
        hub = local_hub()
        if hub.leaving:  # the leave is under way on the loop
            await next(iter(hub.leaving.values()))
        return after_one, hub.tables

    after_one, tables = async_to_sync(scenario)()

    group = group_name(table.pk)
    assert [kind for kind, _, _ in after_one] == ["add"]  # one left, the other stays
    assert [(kind, g) for kind, g, _ in memberships] == [("add", group), ("discard", group)]
    assert memberships[0][2] == memberships[1][2]
    assert tables == {}


def test_a_spectator_joining_and_leaving_while_changes_flow():
    by, table = open_pool()

    async def scenario():
        staying, first = await following(table.pk)
        await hand(by, table.pk)
        late, late_first = await following(table.pk)  # between two changes
        await hand(by, table.pk, 2)
        late_change = await late.receive_json_from(timeout=WAIT)
        await late.disconnect(timeout=WAIT)
        await hand(by, table.pk)  # after it left
        seen = [await staying.receive_json_from(timeout=WAIT) for _ in range(3)]
        await staying.disconnect(timeout=WAIT)
        return first, late_first, late_change, seen

    first, late_first, late_change, seen = async_to_sync(scenario)()

    assert [m["seq"] for m in seen] == [first["seq"] + 1, first["seq"] + 2, first["seq"] + 3]
    assert (late_first["type"], late_first["seq"]) == ("snapshot", first["seq"] + 1)
    assert (late_change["type"], late_change["seq"]) == ("hand", first["seq"] + 2)


def test_a_worker_following_many_tables_sends_each_change_to_its_tables_spectators_only(
        memberships):
    pools = [pool(n) for n in range(4)]

    async def scenario():
        feeds = {table.pk: [await following(table.pk) for _ in range(2)] for _, table in pools}
        for by, table in reversed(pools):
            await hand(by, table.pk)
        got = {tid: [await feed.receive_json_from(timeout=WAIT) for feed, _ in pair]
               for tid, pair in feeds.items()}
        quiet = [await feed.receive_nothing(timeout=0.2) for pair in feeds.values()
                 for feed, _ in pair]
        for pair in feeds.values():
            for feed, _ in pair:
                await feed.disconnect(timeout=WAIT)
        return got, quiet

    got, quiet = async_to_sync(scenario)()

    assert all(quiet)  # one change each, nothing of another table's
    for tid, changes in got.items():
        assert [c["table"]["id"] for c in changes] == [tid, tid]
    channels = {channel for kind, _, channel in memberships if kind == "add"}
    assert len(channels) == 1  # the worker's one channel, for every table
    assert sorted(g for kind, g, _ in memberships if kind == "add") == sorted(
        group_name(table.pk) for _, table in pools)


def test_several_tables_on_one_socket_each_message_with_its_tables_id():
    pools = [pool(n) for n in range(3)]
    ids = [table.pk for _, table in pools]

    async def scenario():
        feed = await many()
        await feed.send_json_to({"type": "follow", "tables": ids})
        snapshots = [await feed.receive_json_from(timeout=WAIT) for _ in ids]
        for by, table in pools[::-1]:
            await hand(by, table.pk)
        changes = [await feed.receive_json_from(timeout=WAIT) for _ in ids]
        await feed.send_json_to({"type": "resync", "table_id": ids[1]})
        fresh = await feed.receive_json_from(timeout=WAIT)
        await feed.disconnect(timeout=WAIT)
        return snapshots, changes, fresh

    snapshots, changes, fresh = async_to_sync(scenario)()

    assert [(s["table_id"], s["type"], s["table"]["id"]) for s in snapshots] == [
        (tid, "snapshot", tid) for tid in ids]
    assert [(c["table_id"], c["type"], c["table"]["id"]) for c in changes] == [
        (tid, "hand", tid) for tid in ids[::-1]]
    by_id = {s["table_id"]: s["seq"] for s in snapshots}
    assert all(c["seq"] == by_id[c["table_id"]] + 1 for c in changes)
    assert (fresh["table_id"], fresh["type"], fresh["seq"]) == (ids[1], "snapshot",
                                                                by_id[ids[1]] + 1)


def test_one_socket_refuses_the_tables_its_client_may_not_see_and_follows_the_others(client):
    (by, public), (_, private) = pool(1), pool(2, private=True)
    user, _ = user_with_token("dora")
    client.force_login(user)
    cookie = (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())

    async def scenario():
        anonymous, member = await many(), await many(cookie)
        answers = []
        for feed in (anonymous, member):
            await feed.send_json_to({"type": "follow", "tables": [private.pk, public.pk,
                                                                  999_999]})
            answers.append([await feed.receive_json_from(timeout=WAIT) for _ in range(3)])
        await hand(by, public.pk)
        changes = [await feed.receive_json_from(timeout=WAIT) for feed in (anonymous, member)]
        for feed in (anonymous, member):
            await feed.disconnect(timeout=WAIT)
        return answers, changes

    (seen_by_anonymous, seen_by_member), changes = async_to_sync(scenario)()

    assert {m["table_id"]: (m["type"], m.get("code")) for m in seen_by_anonymous} == {
        private.pk: ("refused", 4404), public.pk: ("snapshot", None),
        999_999: ("refused", 4404)}
    assert {m["table_id"]: (m["type"], m.get("code")) for m in seen_by_member} == {
        private.pk: ("snapshot", None), public.pk: ("snapshot", None),
        999_999: ("refused", 4404)}
    assert [(c["table_id"], c["type"]) for c in changes] == [(public.pk, "hand")] * 2


@pytest.mark.parametrize("follow, wrong", [
    ({"type": "follow", "tables": "1"}, "bad_follow"),
    ({"type": "follow", "tables": [0]}, "bad_follow"),
    ({"type": "follow", "tables": [2**63]}, "bad_follow"),
    ({"type": "follow", "tables": [True]}, "bad_follow"),
    ({"type": "follow", "tables": list(range(1, consumers.FOLLOW_AT_MOST + 2))}, "bad_follow"),
    ({"type": "hand"}, "read_only"),
])
def test_one_socket_refuses_a_follow_it_cannot_take_and_stays_open(follow, wrong):
    _, table = open_pool()

    async def scenario():
        feed = await many()
        await feed.send_json_to(follow)
        error = await feed.receive_json_from(timeout=WAIT)
        await feed.send_json_to({"type": "follow", "tables": [table.pk]})
        after = await feed.receive_json_from(timeout=WAIT)
        await feed.disconnect(timeout=WAIT)
        return error, after

    error, after = async_to_sync(scenario)()

    assert (error["type"], error["code"]) == ("error", wrong)
    assert (after["table_id"], after["type"]) == (table.pk, "snapshot")


def test_a_new_follow_drops_the_tables_it_no_longer_names():
    (by, kept), (other_by, dropped) = pool(1), pool(2)

    async def scenario():
        feed = await many()
        await feed.send_json_to({"type": "follow", "tables": [kept.pk, dropped.pk]})
        [await feed.receive_json_from(timeout=WAIT) for _ in range(2)]
        await feed.send_json_to({"type": "follow", "tables": [kept.pk]})
        nothing_again = await feed.receive_nothing(timeout=0.2)  # kept: no second snapshot
        await hand(other_by, dropped.pk)
        await hand(by, kept.pk)
        change = await feed.receive_json_from(timeout=WAIT)
        await feed.disconnect(timeout=WAIT)
        return nothing_again, change

    nothing_again, change = async_to_sync(scenario)()

    assert nothing_again
    assert (change["table_id"], change["type"]) == (kept.pk, "hand")


def test_a_socket_whose_changes_wait_past_the_backlog_is_closed_and_resyncs_when_it_connects_again(
        monkeypatch):
    """While its snapshot is read (`held`) a socket's changes wait, and past the backlog's
    bound it is closed with 4413; the spectator beside it gets every change meanwhile;
    connecting again starts from a snapshot."""
    monkeypatch.setattr(consumers, "BACKLOG", 3)
    by, table = open_pool()

    async def scenario():
        slow, first = await following(table.pk)
        (stalled,) = local_hub().tables[table.pk].feeds
        stalled.held += 1
        quick, _ = await following(table.pk)
        for n in range(5):
            await hand(by, table.pk, 2 + n % 2)
        seen = [await quick.receive_json_from(timeout=WAIT) for _ in range(5)]
        out = [await slow.receive_output(timeout=WAIT)]
        while out[-1]["type"] != "websocket.close":
            out.append(await slow.receive_output(timeout=WAIT))
        await slow.disconnect(code=out[-1]["code"], timeout=WAIT)
        again, fresh = await following(table.pk)
        for feed in (quick, again):
            await feed.disconnect(timeout=WAIT)
        return first, seen, out, fresh

    first, seen, out, fresh = async_to_sync(scenario)()

    assert [m["seq"] for m in seen] == list(range(first["seq"] + 1, first["seq"] + 6))
    assert out[-1]["code"] == consumers.TOO_SLOW
    assert [json.loads(m["text"])["seq"] for m in out[:-1]] == []  # nothing got through
    assert (fresh["type"], fresh["seq"]) == ("snapshot", first["seq"] + 5)


def test_a_socket_gets_the_changes_that_waited_once_its_snapshot_is_read():
    by, table = open_pool()

    async def scenario():
        feed, first = await following(table.pk)
        (stalled,) = local_hub().tables[table.pk].feeds
        stalled.held += 1
        for n in range(3):
            await hand(by, table.pk, 2 + n % 2)
        waited = await feed.receive_nothing(timeout=0.2)
        stalled.held -= 1
        stalled.drain()
        changes = [await feed.receive_json_from(timeout=WAIT) for _ in range(3)]
        await feed.disconnect(timeout=WAIT)
        return first, waited, changes

    first, waited, changes = async_to_sync(scenario)()

    assert waited
    assert [c["seq"] for c in changes] == [first["seq"] + 1, first["seq"] + 2, first["seq"] + 3]
