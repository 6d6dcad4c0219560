"""The live feed and private tables (docs/api.md, The live feed): an anonymous client is closed
as for a table that does not exist; a signed-in member's sockets close (4401) once his session
ends, by logging out or by his password being changed elsewhere, and a session that ended is
found out at the next resync or follow; a table made private stops its anonymous spectators.
Through the ASGI application in this process, on the suite's layer (in memory, or Redis when
REDIS_URL is set); the changes commit for real, so the tests are transactional."""
import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.models import Session
from django.test import Client

from games.live import hub
from games.models import Table
from games.services.hands import record_hand
from server.asgi import application
from tests.games.kit import summary
from tests.games.live_kit import ORIGIN, WAIT, connect, following, open_pool

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "an old secret of the club"


@pytest.fixture(autouse=True)
def no_rejoins_meanwhile(monkeypatch):
    """No re-join in the middle of a test: it may send a snapshot in place of a change."""
    monkeypatch.setattr(hub, "REJOIN_EVERY", 3600)


@pytest.fixture
def dora(django_user_model):
    return django_user_model.objects.create_user("dora", password=PASSWORD)


def signed_in(user) -> tuple[Client, tuple]:
    """A browser signed in as `user` by its password (a session of its own), and the cookie
    header its sockets send."""
    browser = Client()
    assert browser.login(username=user.username, password=PASSWORD)
    return browser, (b"cookie", f"sessionid={browser.cookies['sessionid'].value}".encode())


async def many(*headers):
    feed = WebsocketCommunicator(application, "/ws/tables/",
                                 headers=[(b"host", b"127.0.0.1"), ORIGIN, *headers])
    connected, _ = await feed.connect(timeout=WAIT)
    assert connected
    return feed


async def closed(feed) -> tuple[int, str]:
    """The socket's next message, which must be its close: (code, reason)."""
    message = await feed.receive_output(timeout=WAIT)
    assert message["type"] == "websocket.close", message
    await feed.disconnect(code=message["code"], timeout=WAIT)  # as daphne does next
    return message["code"], message.get("reason", "")


def test_an_anonymous_client_is_closed_as_for_a_table_that_does_not_exist(dora):
    _, table = open_pool(private=True)
    missing = table.pk + 1000
    _, cookie = signed_in(dora)

    async def scenario():
        answers = []
        for table_id in (table.pk, missing):
            feed, connected = await connect(table_id, ORIGIN)
            assert connected
            answers.append(await closed(feed))
        feed = await many()
        await feed.send_json_to({"type": "follow", "tables": [table.pk, missing]})
        refused = [await feed.receive_json_from(timeout=WAIT) for _ in range(2)]
        await feed.disconnect(timeout=WAIT)
        member, first = await following(table.pk, cookie)
        await member.disconnect(timeout=WAIT)
        return answers, refused, first

    (hidden, nothing), refused, first = async_to_sync(scenario)()

    assert hidden == (4404, f"there is no table {table.pk}")
    assert nothing == (4404, f"there is no table {missing}")
    assert refused == [{"table_id": pk, "type": "refused", "code": 4404,
                        "reason": f"there is no table {pk}"} for pk in (table.pk, missing)]
    assert first["type"] == "snapshot" and first["table"]["id"] == table.pk  # signed in


def test_logging_out_closes_that_sessions_sockets_at_once_and_no_other(dora):
    by, table = open_pool(private=True)
    (browser, cookie), (_, elsewhere) = signed_in(dora), signed_in(dora)

    async def scenario():
        (one, _), (other, _) = await following(table.pk, cookie), await following(
            table.pk, elsewhere)
        several = await many(cookie)
        await several.send_json_to({"type": "follow", "tables": [table.pk]})
        await several.receive_json_from(timeout=WAIT)
        await sync_to_async(browser.post)("/logout/")
        ends = [await closed(one), await closed(several)]
        await sync_to_async(record_hand)(table_id=table.pk, record=summary(3), by=by)
        change = await other.receive_json_from(timeout=WAIT)
        await other.disconnect(timeout=WAIT)
        return ends, change

    ends, change = async_to_sync(scenario)()

    assert ends == [(4401, "the session ended: sign in again")] * 2
    assert change["type"] == "hand"  # her other session follows on


def test_a_password_changed_elsewhere_closes_the_other_sessions_sockets(dora):
    _, table = open_pool(private=True)
    (_, cookie), (phone, _) = signed_in(dora), signed_in(dora)
    new = "a new secret of the club"

    async def scenario():
        feed, _ = await following(table.pk, cookie)
        answer = await sync_to_async(phone.post)("/account/password/", {
            "old_password": PASSWORD, "new_password1": new, "new_password2": new})
        assert answer.status_code == 302
        return await closed(feed)

    assert async_to_sync(scenario)() == (4401, "the session ended: sign in again")


def test_a_session_that_ended_unheard_is_found_out_at_the_next_resync_or_follow(dora):
    """A session that expires, or is deleted from the store, sends no signal: the socket reads
    its session again before it answers."""
    _, table = open_pool(private=True)
    _, cookie = signed_in(dora)

    async def scenario():
        one, _ = await following(table.pk, cookie)
        several = await many(cookie)
        await sync_to_async(Session.objects.all().delete)()
        await one.send_json_to({"type": "resync"})
        await several.send_json_to({"type": "follow", "tables": [table.pk]})
        return await closed(one), await closed(several)

    assert async_to_sync(scenario)() == ((4401, "the session ended: sign in again"),) * 2


def test_a_table_made_private_stops_its_anonymous_spectators(dora):
    by, table = open_pool()
    _, cookie = signed_in(dora)

    async def scenario():
        (one, _), (member, _) = await following(table.pk), await following(table.pk, cookie)
        several = await many()
        await several.send_json_to({"type": "follow", "tables": [table.pk]})
        await several.receive_json_from(timeout=WAIT)

        def made_private():
            found = Table.objects.get(pk=table.pk)
            found.private = True
            found.save()
            record_hand(table_id=table.pk, record=summary(3), by=by)
        await sync_to_async(made_private)()
        refused = await several.receive_json_from(timeout=WAIT)
        change = await member.receive_json_from(timeout=WAIT)
        for feed in (several, member):
            await feed.disconnect(timeout=WAIT)
        return await closed(one), refused, change

    ended, refused, change = async_to_sync(scenario)()

    assert ended == (4404, f"there is no table {table.pk}")
    assert refused == {"table_id": table.pk, "type": "refused", "code": 4404,
                       "reason": f"there is no table {table.pk}"}
    assert change["type"] == "hand"
