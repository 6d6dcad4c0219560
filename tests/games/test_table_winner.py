"""Who won a table, one answer (games.selectors.table_state.winner) for the member's page, the
admin's list and the JSON export, from the Laws: a pool is won by the last player standing (a
player who wins his units in succession), à trois by the first to reach the target, who
withdraws; à quatre by the side that wins two games of the match. Nobody has won a table
still played, nor one abandoned."""
import html
import re

import pytest
from django.test import Client

from games.admin.exports import tables_json
from games.courses import course_of
from games.models import Table
from games.selectors.table_state import winner
from games.services.tables import abandon_table
from testbed.users import user_with_token
from tests.games.kit import Api, open_quatre, players, pool, won_pool
from tests.games.quatre_kit import win_game
from tests.games.trois_phases_kit import trois_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def api(staff) -> Api:
    return Api(Client(), user_with_token("terminal", staff=True)[1])


def won_quatre(api) -> tuple[Table, list]:
    """A match à quatre that D'Artagnan and Milady win, two games to one: the table and their
    ids."""
    four = players("Aramis", "D'Artagnan", "Rochefort", "Milady")
    ours, theirs = (four[1].pk, four[3].pk), (four[0].pk, four[2].pk)
    snap = open_quatre(api, four).json()
    for side in (ours, theirs, ours):
        snap = win_game(api, snap, side)
    return Table.objects.get(pk=snap["id"]), sorted(ours)


def text(page) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page.content.decode())))


def test_a_pool_is_won_by_the_last_player_standing(staff):
    table = won_pool(staff)

    assert winner(table) == table.players.get(name="Athos").pk == course_of(table).winner


def test_a_game_a_trois_is_won_by_the_first_to_reach_the_target(api):
    snap, who = trois_table(api)  # Constance reaches the target, Athos wins the finish
    table = Table.objects.get(pk=snap["id"])

    assert winner(table) == who["Constance"].pk == course_of(table).order[0]


def test_a_match_a_quatre_is_won_by_a_side(api):
    table, side = won_quatre(api)

    assert sorted(winner(table)) == side == sorted(course_of(table).side_won)


def test_nobody_has_won_a_table_in_play_or_abandoned(staff):
    table = pool(staff, hands=2)
    assert winner(table) is None

    abandon_table(table_id=table.pk, by=staff)
    table.refresh_from_db()
    assert winner(table) is None


def test_the_member_page_the_admin_and_the_export_name_the_same_winning_side(
        api, staff_client):
    table, side = won_quatre(api)
    milady = table.players.get(name="Milady")

    member = text(Client().get(f"/players/{milady.pk}/"))
    admin = text(staff_client.get("/admin/games/table/"))
    exported = tables_json([table])["tables"][0]["winner"]

    assert "won by D'Artagnan & Milady" in member
    assert "D'Artagnan & Milady" in admin
    assert sorted(p["id"] for p in exported) == side
    assert [p["name"] for p in exported] == ["D'Artagnan", "Milady"]
