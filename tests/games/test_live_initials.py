"""The live feed names a member who chose his initials by them to an anonymous socket, in its
snapshot and in each change, and by his name to a signed-in one (docs/api.md, Names on public
pages). Through the ASGI application in this process; the changes commit for real."""
import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import Client

from club.models import Player
from games.live import hub
from games.services.hands import record_hand
from games.services.tables import open_table
from testbed.users import user_with_token
from tests.games.kit import summary
from tests.games.live_kit import WAIT, following

pytestmark = pytest.mark.django_db(transaction=True)
NAME, INITIALS = "Jean-Marc Dupont", "J.-M. D."


@pytest.fixture(autouse=True)
def no_rejoins_meanwhile(monkeypatch):
    monkeypatch.setattr(hub, "REJOIN_EVERY", 3600)


def test_an_anonymous_socket_reads_his_initials_and_a_signed_in_one_his_name():
    by, _ = user_with_token("scorer", staff=True)
    jean = Player.objects.create(name=NAME, public_initials=True)
    seated = [jean, *(Player.objects.create(name=n) for n in ("Porthos", "Aramis"))]
    table = open_table(name="T", format="pool", players=seated, rules={}, by=by,
                       first_dealer=seated[1])
    browser = Client()
    browser.force_login(by)
    cookie = (b"cookie", f"sessionid={browser.cookies['sessionid'].value}".encode())

    async def scenario():
        (anonymous, first), (member, named) = (await following(table.pk),
                                               await following(table.pk, cookie))
        await sync_to_async(record_hand)(table_id=table.pk, record=summary(3), by=by)
        changes = [await feed.receive_from(timeout=WAIT) for feed in (anonymous, member)]
        for feed in (anonymous, member):
            await feed.disconnect(timeout=WAIT)
        return first, named, changes

    first, named, (change, member_change) = async_to_sync(scenario)()

    assert first["table"]["names"][str(jean.pk)] == INITIALS
    assert NAME not in change and INITIALS in change
    assert named["table"]["names"][str(jean.pk)] == NAME
    assert NAME in member_change
