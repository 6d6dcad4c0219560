"""The live feed as a club meets it: daphne serving server.asgi in its own process, a real
WebSocket client (the `websockets` library) following a table, and a hand posted through the
JSON API arriving over the socket.

The server is the suite's `daphne` fixture (testbed/daphne.py): another process, on its own
migrated SQLite file, so everything it holds is made through its API. Its channel layer is
the suite's: Redis when REDIS_URL is set, else its own in memory. Nothing waits on a clock:
each step waits for the server's answer, with generous time limits that only a broken
server reaches. The same server tries the testbed's `Daphne.player`, which finds a player a
test made before it was run again."""
import json

from websockets.sync.client import connect

from testbed.daphne import LIMIT


def test_a_hand_posted_through_the_api_reaches_a_spectator_over_daphne(daphne):
    address, api = daphne.address, daphne.api
    ids = [daphne.player(name) for name in ("Athos", "Porthos", "Aramis")]
    table = api("/tables", {"name": "T", "format": "pool", "players": ids,
                            "first_dealer": ids[1]})

    with connect(f"ws://{address}/ws/tables/{table['id']}/", origin=f"http://{address}",
                 open_timeout=LIMIT) as feed:
        first = json.loads(feed.recv(timeout=LIMIT))
        posted = api(f"/tables/{table['id']}/hands",
                     {"record": {"summary": {"opening": "exchanged", "king_turned": False,
                                             "tricks": {"elder": 3, "dealer": 2}}}})
        change = json.loads(feed.recv(timeout=LIMIT))
        feed.send("not JSON")
        error = json.loads(feed.recv(timeout=LIMIT))

    assert first == {"type": "snapshot", "seq": table["seq"], "table": table}
    assert (change["type"], change["seq"]) == ("hand", table["seq"] + 1)
    assert change["table"] == posted["table"]
    assert (error["type"], error["code"]) == ("error", "read_only")


def test_a_player_named_again_is_found_and_not_made_again(daphne):
    """The same name gives the same player, made once; a name inside another one's is a player
    of its own."""
    planchet = daphne.player("Planchet")
    assert daphne.player("Planchet") == planchet
    assert daphne.player("Plan") != planchet
    assert [row["id"] for row in daphne.api("/players?q=Planchet")["players"]] == [planchet]
