"""The evening, a table's page, the projector's views, the rules and opening a table."""
import json
import re
import uuid

import pytest
from django.contrib.auth import get_user_model

from games.models import Table
from games.services.hands import record_hand
from tests.games.kit import players, pool, summary

pytestmark = pytest.mark.django_db


def snapshot_in(page: str) -> dict:
    found = re.search(r'<script type="application/json">(.*?)</script>', page, re.S)
    return json.loads(found.group(1))


@pytest.fixture
def member(django_user_model):
    return django_user_model.objects.create_user("member", password="pw")


def test_the_evening_lists_the_open_tables_with_their_snapshots(client, staff):
    table = pool(staff, hands=2)
    table.refresh_from_db()

    page = client.get("/tables/").content.decode()

    assert "Table 1" in page and f'href="/tables/{table.pk}/"' in page
    snap = snapshot_in(page)
    assert snap["seq"] == table.snapshot["seq"] == 3
    assert 'id="live-words"' in page and "games/live.js" in page


def test_a_table_page_sends_its_snapshot_names_and_last_hands_and_its_rules_in_words(
        client, staff):
    table = pool(staff, hands=1, pool_entry=1000)

    answer = client.get(f"/tables/{table.pk}/")

    page = answer.content.decode()
    assert answer.status_code == 200
    snap = snapshot_in(page)
    assert set(snap["names"].values()) == {"Athos", "Porthos", "Aramis"}
    assert snap["last_hands"][0]["number"] == 1
    assert snap["last_hands"][0]["marks"] == [{"to": "elder", "points": 1, "for": "point"}]
    assert "Entry to the pool (cagnotte)" in page and "10.00" in page
    assert "Porthos was named first dealer" in page
    assert '<h1 id="table-' in page
    assert 'href="/rules/"' in page


def test_a_table_opened_without_a_dealer_shows_the_cut_as_cards(client, staff):
    trio = players("Athos", "Porthos", "Aramis")
    client.force_login(staff)

    answer = client.post("/tables/new/", {
        "name": "Table 2", "format": "pool", "seat1": trio[0].pk, "seat2": trio[1].pk,
        "seat3": trio[2].pk, "first_dealer": "", "wager_style": "french",
        "ranking": "classic", "dealer_exchange": "required", "doubling": "false",
        "offer_point": "false", "target": "5", "game_value": "single", "rubber_games": "3",
        "pool_unit": "game", "pool_streak": "2", "pool_entry": "5", "pool_forfeit": "",
        "levy_percent": "", "wager_min": "", "wager_max": "", "key": "open-table-2"})

    table = Table.objects.get(name="Table 2")
    assert answer.status_code == 302 and answer["Location"] == f"/tables/{table.pk}/"
    assert table.rules["pool_entry"] == 500 and table.rules["wager_min"] == 10
    assert table.cut and table.first_dealer in trio[:2]
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert page.count('class="card') >= 2 and 'aria-label="' in page
    assert re.search(r'aria-label="(king|queen|knave|ace|ten|nine|eight|seven) of '
                     r'(spades|hearts|diamonds|clubs)"', page)
    assert "The cut decided" in page


def form(trio, **changes) -> dict:
    data = {"name": "T", "format": "pool", "seat1": trio[0].pk, "seat2": trio[1].pk,
            "seat3": trio[2].pk, "first_dealer": "seat2", "wager_style": "none",
            "ranking": "classic", "dealer_exchange": "required", "doubling": "false",
            "offer_point": "false", "target": "5", "game_value": "single", "rubber_games": "3",
            "pool_unit": "game", "pool_streak": "2", "key": uuid.uuid4().hex}
    return data | changes


def test_a_refused_table_names_the_field_beside_it_and_nothing_is_opened(client, member):
    trio = players("Athos", "Porthos", "Aramis")
    client.force_login(member)

    answer = client.post("/tables/new/", form(trio, pool_entry="12.345"))

    page = answer.content.decode()
    assert answer.status_code == 400
    assert re.search(r'id="id_pool_entry_error"[^>]*><li>“12.345” is not an amount of money: '
                     r'write it like 12.50, with at most two decimal places.<', page)
    assert Table.objects.count() == 0


def test_a_member_may_not_open_a_staked_pool_of_others(client, member):
    trio = players("Athos", "Porthos", "Aramis")
    client.force_login(member)

    answer = client.post("/tables/new/", form(trio, pool_entry="10"))

    assert answer.status_code == 400
    assert "A pool with stakes is opened by staff" in answer.content.decode()
    assert Table.objects.count() == 0


def test_a_rubber_takes_two_seats_and_a_pool_three(client, member):
    trio = players("Athos", "Porthos", "Aramis")
    client.force_login(member)

    refused = client.post("/tables/new/", form(trio, seat3=""))
    opened = client.post("/tables/new/", form(trio, format="rubber", seat3=""))

    assert refused.status_code == 400 and "A pool takes three players." in (
        refused.content.decode())
    assert opened.status_code == 302
    assert Table.objects.get().format == "rubber"


def test_a_second_tap_of_the_open_form_opens_no_second_table(client, staff):
    """The staff's pool with stakes charges each player's entry as it opens: sent twice, as a
    double tap or a phone's retry does, it must open one table and charge once."""
    trio = players("Athos", "Porthos", "Aramis")
    client.force_login(staff)
    sent = form(trio, pool_entry="10")

    first = client.post("/tables/new/", sent)
    second = client.post("/tables/new/", sent, follow=True)

    table = Table.objects.get()
    assert first.status_code == 302 and first["Location"] == f"/tables/{table.pk}/"
    assert second.redirect_chain == [("/tables/", 302)]
    assert "This form was sent already: nothing more was done." in second.content.decode()
    assert snapshot_in(client.get(f"/tables/{table.pk}/").content.decode())["pool"]["pot"] == (
        "30.00")


def test_the_open_form_without_its_key_opens_nothing(client, staff):
    trio = players("Athos", "Porthos", "Aramis")
    client.force_login(staff)
    sent = form(trio)
    del sent["key"]

    answer = client.post("/tables/new/", sent)

    assert answer.status_code == 400 and "load the page again" in answer.content.decode()
    assert Table.objects.count() == 0


def test_opening_a_table_wants_a_login(client):
    answer = client.get("/tables/new/")

    assert answer.status_code == 302 and answer["Location"].startswith("/login/?next=")


def test_the_open_table_form_shows_every_option_with_its_default(client, member):
    client.force_login(member)

    page = client.get("/tables/new/").content.decode()

    for key in ("ranking", "dealer_exchange", "doubling", "offer_point", "target",
                "game_value", "rubber_games", "pool_unit", "pool_streak", "pool_entry",
                "pool_forfeit", "levy_percent", "wager_min", "wager_max"):
        assert f'name="{key}"' in page, key
    assert "Default: classic: K Q J A 10 9 8 7" in page
    assert 'value="0.10"' in page  # wager_min's default, filled in


def test_the_projector_views_have_no_controls(client, staff):
    table = pool(staff, hands=1)

    one = client.get(f"/tables/{table.pk}/tv/").content.decode()
    every = client.get("/tv/").content.decode()

    for page in (one, every):
        assert 'class="tv"' in page and "<form" not in page and "<nav" not in page
        assert snapshot_in(page)["id"] == table.pk


def test_the_rules_page_lists_every_option_with_its_default(client):
    page = client.get("/rules/").content.decode()

    assert "Rank of the cards" in page and "classic: K Q J A 10 9 8 7" in page
    assert "Least stake of a wager" in page and "0.10" in page


def test_a_finished_table_is_listed_and_its_page_still_shows(client, staff):
    table = pool(staff)
    user = get_user_model().objects.get(username="steward")
    for _ in range(30):
        table.refresh_from_db()
        if table.status != "playing":
            break
        record_hand(table_id=table.pk, record=summary(5), by=user)

    assert client.get(f"/tables/{table.pk}/").status_code == 200
    assert f'href="/tables/{table.pk}/"' in client.get("/tables/?finished=1").content.decode()
    assert client.get("/tables/999/").status_code == 404
