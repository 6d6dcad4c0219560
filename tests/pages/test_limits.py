"""The limits on writes through the pages (club/limits.py; docs/operations.md, Limits on
writes): opening a table, placing or taking a wager, adding a player or giving a login. A try
past the limit answers the 429 page, in the reader's language, saying what was limited and
when to try again, with a Retry-After; nothing is saved. The pages and the API count together."""
import html
import re
import uuid

import pytest

from club.models import Player
from club.players import create_player
from games.models import Table, Wager
from games.services.tables import open_table
from testbed.users import user_with_token
from tests.games.kit import Api, spend
from tests.pages.forms import as_user, key_of

pytestmark = pytest.mark.django_db



def rubber_form(trio) -> dict:
    """The open-table form of a rubber, as the page sends it, with a key of its own, opened
    all the same when its players are already at a table in play."""
    return {"format": "rubber", "name": "A rubber", "seat1": trio[0].pk, "seat2": trio[1].pk,
            "first_dealer": "", "wager_style": "none", "ranking": "classic",
            "dealer_exchange": "required", "doubling": "false", "offer_point": "false",
            "target": "5", "game_value": "single", "rubber_games": "3",
            "despite_elsewhere": "on", "key": uuid.uuid4().hex}


def assert_429_page(answer, sentence: str) -> str:
    """The 429 page: the limit's sentence and when to try again, with a Retry-After."""
    assert answer.status_code == 429
    page = html.unescape(answer.content.decode())
    assert sentence in page
    retry_after = int(answer["Retry-After"])
    minutes = -(-retry_after // 60)
    assert 1 <= retry_after <= 3600
    assert re.search(rf"\b{minutes} minutes?\b", page), page
    return page


def test_a_member_opens_30_tables_in_the_hour_through_the_page_and_the_api_together(
        client, django_user_model, trio):
    user, token = user_with_token("member")
    browser = as_user(user)
    for _ in range(29):
        assert Api(client, token).post("/tables", {"name": "T", "format": "pool",
                                                   "players": [p.pk for p in trio]}
                                       ).status_code == 201

    opened = browser.post("/tables/new/", rubber_form(trio))
    refused = browser.post("/tables/new/", rubber_form(trio))

    assert opened.status_code == 302
    page = assert_429_page(refused, "You have tried to open 30 tables within the hour")
    assert "Nothing was saved." in page
    assert Table.objects.count() == 30


def test_choosing_the_kind_of_table_without_js_is_no_try(trio):
    user, _ = user_with_token("member")
    spend(user, "tables", 30)

    answer = as_user(user).post("/tables/new/", rubber_form(trio) | {"step": "kind"})

    assert answer.status_code == 200


def test_the_429_page_speaks_french(trio):
    user, _ = user_with_token("member")
    spend(user, "tables", 30)

    answer = as_user(user, HTTP_ACCEPT_LANGUAGE="fr").post("/tables/new/", rubber_form(trio))

    page = html.unescape(answer.content.decode())
    assert answer.status_code == 429 and 'lang="fr"' in page
    assert "Vous avez tenté d'ouvrir 30 tables en une heure" in page
    assert "Rien n'a été enregistré." in page and "Assez pour cette heure" in page


@pytest.fixture
def wagering(staff, trio):
    """A pool open for English wagers (its first unit not started); Charles and Dora, members
    who wager at it."""
    table = open_table(name="T", format="pool", players=trio, rules={}, by=staff,
                       first_dealer=trio[1], wager_style="english")
    bettors = []
    for name in ("Charles", "Dora"):
        user, _ = user_with_token(name.lower())
        bettors.append((as_user(user), create_player(name=name, username=user.username)))
    return table, bettors


def place(browser, table, on, stake="1.00"):
    page = browser.get(f"/tables/{table.pk}/").content.decode()
    return browser.post(f"/tables/{table.pk}/wagers/", {
        "action": "place", "key": key_of(page, "place"), "on": on.pk, "stake": stake})


def test_a_wager_past_the_members_120_is_refused_and_another_member_wagers_on(wagering, trio):
    table, ((charles_page, charles), (dora_page, dora)) = wagering
    spend(charles.user, "wagers", 119)

    placed = place(charles_page, table, trio[0])
    refused = place(charles_page, table, trio[0])
    others = place(dora_page, table, trio[0])

    assert placed.status_code == others.status_code == 302
    assert_429_page(refused, "You have tried to place or take 120 wagers within the hour")
    assert Wager.objects.filter(bettor=charles).count() == 1
    assert Wager.objects.filter(bettor=dora).count() == 1


def test_taking_an_offer_counts_and_withdrawing_does_not(wagering, trio):
    table, ((charles_page, charles), (dora_page, dora)) = wagering
    place(dora_page, table, trio[0], stake="5.00")
    offer = Wager.objects.get(bettor=dora)
    place(charles_page, table, trio[1], stake="5.00")
    mine = Wager.objects.get(bettor=charles)
    spend(charles.user, "wagers", 119)  # with the one he placed, his 120

    page = charles_page.get(f"/tables/{table.pk}/").content.decode()
    taken = charles_page.post(f"/tables/{table.pk}/wagers/", {
        "action": "take", "key": key_of(page, "take"), "wager": offer.pk, "stake": "1.00"})
    page = charles_page.get(f"/tables/{table.pk}/").content.decode()
    withdrawn = charles_page.post(f"/tables/{table.pk}/wagers/", {
        "action": "withdraw", "key": key_of(page, "withdraw"), "wager": mine.pk})

    assert_429_page(taken, "You have tried to place or take 120 wagers within the hour")
    assert withdrawn.status_code == 302
    offer.refresh_from_db()
    mine.refresh_from_db()
    assert offer.matched == 0 and mine.status == Wager.Status.WITHDRAWN


def test_staff_add_600_players_or_logins_in_the_hour(staff):
    spend(staff, "players", 598)
    browser = as_user(staff)

    added = browser.post("/players/", {"action": "add", "name": "Athos", "key": "k1"})
    athos = Player.objects.get(name="Athos")
    login = browser.post("/players/", {"action": "login", "player": athos.pk, "key": "k2",
                                       "new_username": "athos",
                                       "password": "a long password for Athos"})
    refused = browser.post("/players/", {"action": "add", "name": "Porthos", "key": "k3"})
    renamed = browser.post("/players/", {"action": "rename", "player": athos.pk,
                                         "name": "Athos de la Fère", "key": "k4"})

    assert added.status_code == login.status_code == renamed.status_code == 302
    assert_429_page(refused,
                    "You have tried to add players or give logins 600 times within the hour")
    assert list(Player.objects.values_list("name", flat=True)) == ["Athos de la Fère"]
    assert Player.objects.get().user.username == "athos"

