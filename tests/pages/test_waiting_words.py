"""The words live.js is given for the hands a scorer's phone keeps to send ("2 hands on their
way", « 2 coups en route »), in the reader's language, on every page that draws a table: its
page, the evening, the projector of every table and of one; and the table's stored snapshot in
words on the secretary's admin."""
import json
import re

import pytest

from games.services.waiting import report_waiting
from tests.games.kit import pool

pytestmark = pytest.mark.django_db
PAGES = ("/tables/{id}/", "/tables/", "/tv/", "/tables/{id}/tv/")


def live_words(page: str) -> dict:
    found = re.search(r'<script id="live-words" type="application/json">(.*?)</script>', page,
                      re.S)
    return json.loads(found.group(1))


@pytest.mark.parametrize("path", PAGES)
def test_the_pages_that_draw_a_table_give_its_words_in_english(client, staff, path):
    table = pool(staff)

    words = live_words(client.get(path.format(id=table.pk)).content.decode())

    assert words["waiting"] == {"one": "%(count)s hand on its way",
                                "other": "%(count)s hands on their way"}
    assert words["waiting_since"] == "since %(time)s"


@pytest.mark.parametrize("path", PAGES)
def test_and_in_french(client, staff, path):
    table = pool(staff)

    page = client.get(path.format(id=table.pk), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert live_words(page)["waiting"] == {"one": "%(count)s coup en route",
                                           "other": "%(count)s coups en route"}
    assert live_words(page)["waiting_since"] == "depuis %(time)s"


def test_the_admin_says_the_snapshots_hands_on_their_way(staff_client, secretary):
    table = pool(secretary)
    report_waiting(table_id=table.pk, count=2, by=secretary)

    page = staff_client.get(f"/admin/games/table/{table.pk}/change/").content.decode()
    french = staff_client.get(f"/admin/games/table/{table.pk}/change/",
                              HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert "2 hands on their way" in page
    assert "2 coups en route" in french
