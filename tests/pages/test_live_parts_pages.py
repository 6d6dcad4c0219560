"""What the live pages fetch again or read from the server as the feed tells them, in English
and in French: the end of the last game says which game it was ("Game 1: Claire takes the
game 5–3", the sentence live.js writes too); the table's wager forms alone, as the service has
them now (open before the unit's first hand, closed once it started); and the lists of tables
kept for anonymous readers are read again as soon as a table is won or abandoned, so that the
evening and the projector drop it when the feed tells them."""
import html
import re

import pytest
from django.test import Client, override_settings

from club.models import Player
from games.services.hands import record_hand
from games.services.tables import abandon_table, open_table
from tests.games.kit import pool, record_game_won_by, summary

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode(
    )))).replace("\u00a0", " ")


@pytest.mark.parametrize("headers, said", [
    ({}, "Game 1: Athos takes the game 5–0"),
    (FR, "Partie 1 : Athos remporte la partie 5–0")])
def test_the_end_of_the_last_game_says_which_game(staff, headers, said):
    table = pool(staff)
    record_game_won_by(table, Player.objects.get(name="Athos"), staff)
    record_hand(table_id=table.pk, record=summary(3), by=staff)  # game 2 goes on

    for path in (f"/tables/{table.pk}/", f"/tables/{table.pk}/tv/", "/tables/"):
        assert said in text(Client().get(path, **headers)), path


@pytest.mark.parametrize("headers, open_words, closed_words", [
    ({}, "Log in to wager.", "Unit 1 has started: wagers on it are closed until the next unit."),
    (FR, "Connectez-vous pour parier.",
     "L'unité 1 a commencé : les paris sur elle sont fermés jusqu'à la suivante.")])
def test_the_wager_forms_alone_say_whether_the_unit_takes_wagers_now(staff, headers,
                                                                     open_words, closed_words):
    seated = [Player.objects.create(name=name) for name in ("Athos", "Porthos", "Aramis")]
    table = open_table(name="T", format="pool", players=seated, rules={}, by=staff,
                       first_dealer=seated[1], wager_style="french")
    panel = f"/tables/{table.pk}/wagers/panel/"

    before = Client().get(panel, **headers)
    record_hand(table_id=table.pk, record=summary(3), by=staff)
    after = Client().get(panel, **headers)

    assert open_words in text(before) and 'id="wager-forms"' in before.content.decode()
    assert closed_words in text(after)
    assert open_words not in text(after)
    assert f'data-panel="{panel}"' in Client().get(f"/tables/{table.pk}/").content.decode()


@pytest.fixture
def own_cache():
    """A cache of the test's own, in memory: the lists kept for anonymous readers."""
    with override_settings(CACHES={"default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "test_live_parts_pages"}}):
        from django.core.cache import cache
        cache.clear()
        yield


@pytest.mark.parametrize("end", ["abandoned", "won"])
def test_a_table_won_or_abandoned_leaves_the_kept_lists_at_once(
        staff, own_cache, end, django_capture_on_commit_callbacks):
    kept = pool(staff, name="Kept table")
    going = pool(staff, name="Going table")
    for path in ("/tables/", "/tv/"):
        assert "Going table" in text(Client().get(path)), path  # now kept for a while

    with django_capture_on_commit_callbacks(execute=True):
        if end == "abandoned":
            abandon_table(table_id=going.pk, by=staff)
        else:
            athos = Player.objects.get(name="Athos")
            record_game_won_by(going, athos, staff)
            record_game_won_by(going, athos, staff)

    for path in ("/tables/", "/tv/"):
        page = text(Client().get(path))
        assert "Going table" not in page and kept.name in page, path
