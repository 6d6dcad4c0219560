"""The live feed's sending side (docs/api.md, Live updates): every change of a table reaches the
table's group after it is committed, and only then; under daphne the request does not wait
for it (tests/server/test_handler.py sends a hand through the ASGI application)."""
import asyncio
import json
import logging

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction

from club.errors import Refused
from games.live import publish as live
from games.services.hands import record_hand
from games.services.tables import open_table
from server.handler import serving_loop
from testbed.users import user_with_token
from tests.games.kit import players, summary

pytestmark = pytest.mark.backend


def open_pool():
    by, _ = user_with_token("scorer")
    seated = players("Athos", "Porthos", "Aramis")
    return by, open_table(name="T", format="pool", players=seated, rules={},
                                   first_dealer=seated[1], by=by)


@pytest.mark.django_db(transaction=True)
def test_each_committed_hand_reaches_the_group_and_nothing_else_does():
    by, table = open_pool()
    layer = get_channel_layer()

    def play():
        with pytest.raises(Refused):  # the engine refuses it: rolled back, never sent
            record_hand(table_id=table.pk, record={"summary": {}}, by=by)
        with pytest.raises(RuntimeError), transaction.atomic():  # recorded, then rolled back
            record_hand(table_id=table.pk, record=summary(5), by=by)
            raise RuntimeError("the caller's transaction fails")
        for elder_tricks in (3, 2):
            record_hand(table_id=table.pk, record=summary(elder_tricks), by=by)

    async def listen_while_playing():
        channel = await layer.new_channel()
        await layer.group_add(live.group_name(table.pk), channel)
        await sync_to_async(play)()
        return [await layer.receive(channel) for _ in range(2)]

    first, second = async_to_sync(listen_while_playing)()

    first, second = json.loads(first["text"]), json.loads(second["text"])
    assert (first["type"], second["type"]) == ("hand", "hand")
    assert (first["seq"], second["seq"]) == (table.seq + 1, table.seq + 2)
    assert second["table"]["seq"] == second["seq"]
    assert first["table"]["game"]["hands"] == 1 and second["table"]["game"]["hands"] == 2


def test_under_a_serving_loop_a_message_the_layer_refuses_is_logged_not_raised(
        monkeypatch, caplog):
    async def refuse(group, message):
        raise ConnectionError("the channel layer is down")

    monkeypatch.setattr(get_channel_layer(), "group_send", refuse)

    async def serve():
        serving = serving_loop.set(asyncio.get_running_loop())
        try:
            await sync_to_async(live._send, thread_sensitive=False)(1, {"type": "table.change"})
            for _ in range(100):  # let the loop run what the thread handed over
                await asyncio.sleep(0.01)
                if not live._sending and caplog.records:
                    break
        finally:  # asgiref hands the context back to this thread: the loop closes after
            serving_loop.reset(serving)

    with caplog.at_level(logging.ERROR, logger="games.live.publish"):
        async_to_sync(serve)()

    assert "could not be published" in caplog.text
    assert "the channel layer is down" in caplog.text
    assert not live._sending


@pytest.mark.django_db
def test_without_a_serving_loop_a_layer_that_fails_is_logged_and_the_hand_stands(
        monkeypatch, caplog, django_capture_on_commit_callbacks):
    async def refuse(group, message):
        raise ConnectionError("the channel layer is down")

    monkeypatch.setattr(get_channel_layer(), "group_send", refuse)
    by, table = open_pool()

    with caplog.at_level(logging.ERROR), django_capture_on_commit_callbacks(execute=True):
        hand, created = record_hand(table_id=table.pk, record=summary(3), by=by)

    assert created and hand.pk is not None
    assert "the channel layer is down" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_each_wager_event_moves_seq_on_and_reaches_the_group_with_the_wagers():
    from games.services.wagers import place_wager, take_wager
    from tests.games.kit import member

    by, _ = user_with_token("secretary", staff=True)
    seated = players("Athos", "Porthos", "Aramis")
    table = open_table(name="T", format="pool", players=seated, rules={}, by=by,
                       first_dealer=seated[1], wager_style="english")
    (_, charles), (_, dora) = member(None, "Charles"), member(None, "Dora")
    layer = get_channel_layer()

    def wager():
        offer = place_wager(table_id=table.pk, by=charles.user, on=seated[0].pk, stake=4_00)
        take_wager(wager_id=offer.pk, by=dora.user, stake=4_00)

    async def listen():
        channel = await layer.new_channel()
        await layer.group_add(live.group_name(table.pk), channel)
        await sync_to_async(wager)()
        return [await layer.receive(channel) for _ in range(2)]

    placed, taken = (json.loads(m["text"]) for m in async_to_sync(listen)())
    assert (placed["type"], taken["type"]) == ("wager", "wager")
    assert (placed["seq"], taken["seq"]) == (table.seq + 1, table.seq + 2)
    assert [w["matched"] for w in (placed["table"]["wagers"][0], taken["table"]["wagers"][0])] \
        == ["0.00", "4.00"]
