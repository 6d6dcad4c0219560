"""The secretary's admin and exports of tables à trois and à quatre: a finished game names all
its players, by place (docs/rules.md, sections 12 and 13), not only the two that a two-handed
game has."""
import pytest
from django.urls import reverse

from games.admin import exports
from games.models import Table
from tests.games.kit import players
from tests.games.test_api_quatre import open_quatre
from tests.games.test_api_trois import open_trois
from tests.games.test_standings_quatre import win_game
from tests.games.test_standings_trois import play_to

pytestmark = pytest.mark.django_db


def test_a_game_a_trois_lists_its_three_players_by_place(scorer, staff_client):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    # Athos reaches 7 first; of the other two, Aramis wins the two-handed finish.
    snap = play_to(scorer, open_trois(scorer, [athos, porthos, aramis]).json(), athos, aramis)

    page = staff_client.get(reverse("admin:games_table_change", args=[snap["id"]]))
    assert "Athos v Aramis v Porthos" in page.content.decode()

    [table] = exports.tables_json(Table.objects.all())["tables"]
    [game] = table["games"]
    assert [p["name"] for p in game["players"]] == ["Athos", "Aramis", "Porthos"]
    assert game["places"] == [[athos.pk], [aramis.pk], [porthos.pk]]
    assert game["winner"]["name"] == "Athos"


def test_a_game_a_quatre_lists_the_winning_partners_first(scorer, staff_client):
    four = players("Athos", "Porthos", "Aramis", "D'Artagnan")
    a, b, c, d = four
    snap = open_quatre(scorer, four).json()
    snap = win_game(scorer, snap, (b.pk, d.pk))  # the side of Porthos and D'Artagnan

    page = staff_client.get(reverse("admin:games_table_change", args=[snap["id"]]))
    assert "Porthos &amp; D&#x27;Artagnan v Athos &amp; Aramis" in page.content.decode()

    [table] = exports.tables_json(Table.objects.all())["tables"]
    game, in_play = table["games"]
    assert game["places"] == [[b.pk, d.pk], [a.pk, c.pk]]
    assert in_play["number"] == 2 and in_play["finished_at"] is None
    assert len(game["players"]) == 4

