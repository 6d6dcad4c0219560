"""The night's pages follow the night live (docs/api.md, Several tables on one socket): a
client that follows the lists is told, once it is committed, that the night changed (someone
came, a draw, the night opened or closed), and reads the night's page again. The changes
commit for real, as the feed hears them, so the test is transactional."""
import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator

from nights import services
from server.asgi import application
from tests.games.live_kit import ORIGIN, WAIT, open_pool
from tests.nights.kit import guests

pytestmark = pytest.mark.django_db(transaction=True)
NIGHT = {"type": "listed", "table_id": None, "kind": "night"}


def test_each_change_of_the_night_is_told_to_the_lists():
    by, pool = open_pool()  # staff

    def opened():
        return services.open_night(name="Friday", by=by)

    def arrived(night):
        services.mark_present(night_id=night.pk, player=guests("Planchet")[0], by=by)

    def closed(night):
        services.close_night(night_id=night.pk, by=by)

    async def scenario():
        feed = WebsocketCommunicator(application, "/ws/tables/",
                                     headers=[(b"host", b"127.0.0.1"), ORIGIN])
        assert (await feed.connect(timeout=WAIT))[0]
        await feed.send_json_to({"type": "follow", "tables": [pool.pk], "lists": True})
        assert (await feed.receive_json_from(timeout=WAIT))["type"] == "snapshot"
        told = []
        night = await sync_to_async(opened)()
        told.append(await feed.receive_json_from(timeout=WAIT))
        await sync_to_async(arrived)(night)
        told.append(await feed.receive_json_from(timeout=WAIT))
        await sync_to_async(closed)(night)
        told.append(await feed.receive_json_from(timeout=WAIT))
        await feed.disconnect(timeout=WAIT)
        return told

    assert async_to_sync(scenario)() == [NIGHT] * 3
