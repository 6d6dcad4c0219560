"""The club's pages on a 360 px phone: logging in, adding a player, opening a pool, following its
table live (the feed played by Playwright, as the contract of docs/api.md says), and French.
Screenshots of the main pages go to tests/artifacts/ (not committed) for a person to look at."""
import json
import re

import pytest
from playwright.sync_api import expect

from club.players import create_player
from tests.browser.kit import shot
from tests.games.kit import pool

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def steward(django_user_model):
    user = django_user_model.objects.create_user("steward", password="a long steward password",
                                                 is_staff=True)
    create_player(name="Athos", username="steward")
    for name in ("Porthos", "Aramis"):
        create_player(name=name)
    return user


def log_in(page, url):
    page.goto(f"{url}/login/")
    page.get_by_label("Username").fill("steward")
    page.get_by_label("Password").fill("a long steward password")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/account/")


def test_a_steward_adds_a_player_opens_a_pool_and_follows_it(live_server, steward, small):
    url = live_server.url
    log_in(small, url)
    shot(small, "account")

    small.goto(f"{url}/players/")
    small.get_by_label("Name", exact=True).fill("")
    small.get_by_role("button", name="Add the player").click()  # the browser's own check
    small.get_by_label("Name", exact=True).fill("athos")
    small.get_by_role("button", name="Add the player").click()
    expect(small.locator("#add-error")).to_contain_text("There is already a player named")
    small.get_by_label("Name", exact=True).fill("D'Artagnan")
    small.get_by_role("button", name="Add the player").click()
    expect(small.locator(".messages")).to_contain_text("D'Artagnan is a player of the club.")

    # A member with his login: a weak password is refused beside it, then a good one.
    add = small.locator("#add-form")
    add.get_by_label("Name", exact=True).fill("Planchet")
    add.get_by_label("Username").fill("planchet")
    add.get_by_label("First password").fill("planchet")
    add.get_by_role("button", name="Add the player").click()
    expect(small.locator("#add-password-error")).to_contain_text(
        "This password is refused: The password is too similar to the username.")
    expect(add.get_by_label("Username")).to_have_value("planchet")
    expect(add.get_by_label("First password")).to_have_value("")
    shot(small, "players")
    add.get_by_label("First password").fill("Planchet's long password")
    add.get_by_role("button", name="Add the player").click()
    expect(small.locator(".messages")).to_contain_text("Planchet is a player of the club.")
    expect(small.locator(".players-list")).to_contain_text("member: planchet")

    small.goto(f"{url}/tables/new/")
    small.get_by_label("Name of the table").fill("The long table")
    small.get_by_label("First seat (plays first)").select_option(label="Athos")
    small.get_by_label("Second seat (plays first)").select_option(label="D'Artagnan")
    small.get_by_label("Third seat (observes first at a pool").select_option(label="Aramis")
    small.get_by_label("French: a gallery behind each player").check()
    small.get_by_label("Entry to the pool (cagnotte)").fill("10")
    shot(small, "open-table")
    small.get_by_role("button", name="Open the table").click()
    small.wait_for_url("**/tables/*/")

    live = small.locator("[data-live]")
    expect(live.locator(".score").first).to_contain_text("0")
    expect(live.locator("[data-role=observer]")).to_contain_text("Aramis")
    expect(live.locator(".facts")).to_contain_text("30.00")  # the pot: three entries
    expect(small.locator(".cut .card").first).to_have_attribute(
        "aria-label", re.compile(r"^\w+ of (spades|hearts|diamonds|clubs)$"))
    expect(small.locator(".live-state")).to_have_text("reconnecting…")  # no feed on WSGI
    shot(small, "table")

    small.goto(f"{url}/tables/")
    expect(small.locator("[data-live]")).to_have_count(1)
    shot(small, "evening")
    small.goto(f"{url}/rules/")
    shot(small, "rules")
    small.get_by_label("Language").select_option("fr")
    small.get_by_role("button", name="Change").click()
    expect(small.locator("h1")).to_have_text("Les règles")
    shot(small, "rules-fr")
    small.goto(f"{url}/tables/")
    expect(small.locator("[data-role=elder] .role")).to_have_text("premier en main")
    shot(small, "evening-fr")
    small.goto(f"{url}/tv/")
    shot(small, "tv-fr")


@pytest.fixture
def table_ids(django_user_model) -> dict:
    user = django_user_model.objects.create_user("scorer", is_staff=True)
    table = pool(user, hands=2)
    table.refresh_from_db()
    return {"id": table.pk, "snapshot": table.snapshot}


def test_the_table_follows_its_feed_resyncs_on_a_gap_and_reconnects(live_server, table_ids,
                                                                    small):
    """The feed is played by Playwright on the contract of docs/api.md (several tables on one
    socket): the page names its table, gets its snapshot, then changes; a gap in seq asks for
    a resync; a dropped connection comes back by itself."""
    snap, sockets, received, tid = table_ids["snapshot"], [], [], table_ids["id"]

    def feed(ws):
        sockets.append(ws)

        def heard(message):
            message = json.loads(message)
            if message["type"] == "follow":
                assert message["tables"] == [tid]
                ws.send(json.dumps({"table_id": tid, "type": "snapshot", "seq": snap["seq"],
                                    "table": snap}))
            else:
                received.append(message)
        ws.on_message(heard)

    small.route_web_socket("**/ws/tables/", feed)
    small.goto(f"{live_server.url}/tables/{table_ids['id']}/")
    state = small.locator(".live-state")
    expect(state).to_have_text("live")
    expect(small.locator(".hands li")).to_have_count(2)

    # A change: the score moves, without a request.
    changed = json.loads(json.dumps(snap))
    changed["seq"] += 1
    changed["game"]["score"] = {k: 4 for k in changed["game"]["score"]}
    sockets[-1].send(json.dumps({"table_id": tid, "type": "hand", "seq": changed["seq"],
                                 "table": changed}))
    expect(small.locator(".game .score")).to_contain_text("4 – ")

    # A gap: the script asks for the whole table again.
    skipped = dict(changed, seq=changed["seq"] + 2)
    sockets[-1].send(json.dumps({"table_id": tid, "type": "hand", "seq": skipped["seq"],
                                 "table": skipped}))
    for _ in range(50):
        if received:
            break
        small.wait_for_timeout(100)
    assert received == [{"type": "resync", "table_id": tid}]
    expect(small.locator(".game .score")).to_contain_text("4 – ")  # the skipped one not drawn

    # Dropped: the badge says so, and the script comes back by itself.
    sockets[-1].close()
    expect(state).to_have_text("reconnecting…")
    expect(state).to_have_text("live", timeout=5000)
    assert len(sockets) == 2
