"""The live feed's tests' kit: a pool opened by a scorer, and a feed client connected to a
table that has read its snapshot (`following`)."""
from channels.testing import WebsocketCommunicator

from games.services.tables import open_table
from server.asgi import application
from testbed.users import user_with_token
from tests.games.kit import players

WAIT = 20  # seconds: generous, only ever reached when a test fails
ORIGIN = (b"origin", b"http://127.0.0.1")


def open_pool(private=False, wager_style="none"):
    by, _ = user_with_token("scorer", staff=True)
    seated = players("Athos", "Porthos", "Aramis")
    table = open_table(name="T", format="pool", players=seated, rules={}, by=by,
                       first_dealer=seated[1], private=private, wager_style=wager_style)
    return by, table


async def connect(table_id, *headers):
    """A feed client: (communicator, whether it was accepted)."""
    feed = WebsocketCommunicator(application, f"/ws/tables/{table_id}/",
                                 headers=[(b"host", b"127.0.0.1"), *headers])
    connected, _ = await feed.connect(timeout=WAIT)
    return feed, connected


async def following(table_id, *headers):
    """A client that connected and read its snapshot: (communicator, snapshot message)."""
    feed, connected = await connect(table_id, ORIGIN, *headers)
    assert connected
    return feed, await feed.receive_json_from(timeout=WAIT)
