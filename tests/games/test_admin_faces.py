"""The secretary's admin says what the pages say (issue 31): a match à quatre's winning side,
each game's winner and value, what is played instead of units; a game à trois by its phases;
a table's events in words and its wagers with what became of each; the marks of the hands, on
the pages and in the CSV, by the players who took them; and the wagers' CSV, whose outcome of
an offer taken in part and won reads "won", its unmatched rest "lapsed" under its own name."""
import csv
import html
import io
import re

import pytest

from club.models import ApiToken
from games.admin import exports
from games.models import Table
from games.services.tables import open_table, set_scorers
from games.services.wagers import place_wager, take_wager
from tests.games.kit import (
    WAGERS,
    Api,
    cells,
    member,
    open_quatre,
    page_text,
    players,
    win_game,
    words,
)
from tests.games.quatre_kit import win_game as win_quatre_game
from tests.games.trois_phases_kit import trois_table

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def text(page: str) -> str:
    """A page's text as it reads: its tags taken off, its entities read, its spaces one."""
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(words(page)))


def table_page(client, table_id: int, **headers) -> str:
    return text(page_text(client.get(f"/admin/games/table/{table_id}/change/", **headers)))


def game_row(client, table_id: int, number: int, **headers) -> dict:
    """The cells of the table page's row of its finished game `number`, as they read."""
    page = page_text(client.get(f"/admin/games/table/{table_id}/change/", **headers))
    start = page.index('id="games-heading"')
    rows = re.findall(r'<tr class="form-row.*?</tr>', page[start:page.index("</table>", start)],
                      re.S)
    return {field: text(cell).strip() for field, cell in re.findall(
        r'<td class="field-(\w+)[^"]*">(.*?)</td>', rows[number - 1], re.S)}


@pytest.fixture
def match(scorer):
    """A match à quatre: D'Artagnan and Milady win games 1 and 3, Aramis and Rochefort game
    2."""
    four = players("Aramis", "D'Artagnan", "Rochefort", "Milady")
    ours, theirs = (four[1].pk, four[3].pk), (four[0].pk, four[2].pk)
    snap = open_quatre(scorer, four).json()
    for side in (ours, theirs, ours):
        snap = win_quatre_game(scorer, snap, side)
    assert snap["status"] == "won"
    return snap["id"]


def test_a_match_a_quatre_names_its_winning_side_each_games_winner_and_value(staff_client,
                                                                             match):
    page = table_page(staff_client, match)

    assert "Winner: D'Artagnan & Milady" in page
    assert [game_row(staff_client, match, n)["winner_display"] for n in (1, 2, 3)] == [
        "D'Artagnan & Milady", "Aramis & Rochefort", "D'Artagnan & Milady"]
    first = game_row(staff_client, match, 1)
    assert (first["score_display"], first["value_display"]) == (
        "D'Artagnan & Milady 7 – Aramis & Rochefort 0", "1")
    listed = text(page_text(staff_client.get("/admin/games/table/")))
    assert "D'Artagnan & Milady" in listed  # the list's winner too


def test_a_match_a_quatre_says_what_is_played_instead_of_units(staff_client, match):
    page = table_page(staff_client, match)
    french = table_page(staff_client, match, **FR)

    assert ("What is played: A match à quatre: two games and, if needed, la belle, each to 7; "
            "the side that wins two games wins the match. Games won: Aramis & Rochefort 1 – "
            "D'Artagnan & Milady 2.") in page
    assert 'id="units-heading"' not in page_text(
        staff_client.get(f"/admin/games/table/{match}/change/"))
    assert "The pool's unit" not in page and "Game value" not in page  # not its options
    assert ("Un match à quatre\u00a0: deux parties et, s'il le faut, la belle, chacune en "
            "7\u202f; le camp qui gagne deux parties gagne le match.") in french
    assert "Ce qui se joue" in french


def test_a_game_a_trois_is_said_by_its_phases_with_its_value(staff_client, scorer):
    snap, _ = trois_table(scorer)

    row = game_row(staff_client, snap["id"], 1)
    french = game_row(staff_client, snap["id"], 1, **FR)

    assert (row["score_display"], row["winner_display"], row["value_display"]) == (
        "Constance takes the game at 7 (Athos 2, Porthos 1); Athos second, 7–4 over Porthos",
        "Constance", "1")
    assert french["score_display"] == ("Constance remporte la partie à 7 (Athos 2, Porthos "
                                       "1)\u202f; Athos deuxième, 7–4 contre Porthos")
    assert "One game à trois, to 7: the first to reach it wins and withdraws" in table_page(
        staff_client, snap["id"])


def test_the_hands_a_trois_name_each_mark_by_its_player(staff_client, scorer):
    snap, who = trois_table(scorer)
    table = Table.objects.get(pk=snap["id"])
    first = table.hands.get(number=1)  # Constance deals and makes the vole

    page = table_page(staff_client, table.pk)
    listed = text(page_text(staff_client.get("/admin/games/hand/")))
    hand = text(page_text(staff_client.get(f"/admin/games/hand/{first.pk}/change/")))
    header, *rows = csv.reader(io.StringIO(exports.tables_csv(Table.objects.all())))

    for said in (page, listed, hand):
        assert "Constance +1 point, Constance +1 vole" in said
        assert "dealer +1 point" not in said
    assert dict(zip(header, rows[0]))["marks"] == "Constance +1 point, Constance +1 vole"
    assert dict(zip(header, rows[-1]))["marks"] == "Athos +1 point"  # the finish's last hand


def wager_table(secretary, client):
    """Charles offers 10.00 on Athos at 2:1; Dora takes 4.00 of it, laying 8.00; the 6.00
    nobody took lapses when the unit starts, and Athos wins it."""
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    table = open_table(name="Evening", format="pool", players=[athos, porthos, aramis],
                       rules={}, by=secretary, first_dealer=porthos, wager_style="english")
    charles, dora = (member(client, name)[1].user for name in ("Charles", "Dora"))
    offer = place_wager(table_id=table.pk, by=charles, on=athos.pk, stake=10_00, odds=(2, 1))
    take_wager(wager_id=offer.pk, by=dora, stake=4_00)
    win_game(Api(client, ApiToken.objects.create(user=secretary).key), table.snapshot,
             athos.pk)
    return table, offer


def test_a_tables_page_lists_its_wagers_and_says_its_events_in_words(client, secretary,
                                                                      django_user_model):
    table, offer = wager_table(secretary, client)
    set_scorers(table_id=table.pk, by=secretary,
                scorers=[django_user_model.objects.create_user("bazin")])
    client.force_login(secretary)

    page = page_text(client.get(f"/admin/games/table/{table.pk}/change/"))
    french = table_page(client, table.pk, **FR)

    row = cells(page, f'href="/admin/games/wager/{offer.pk}/change/"')
    assert (row["bettor"], row["on"], row["matched_display"], row["returned_display"],
            row["unmatched_part"], row["outcome"], row["net_display"]) == (
        "Charles", "Athos", "4.00", "6.00", "lapsed", "won", "+8.00")
    assert f"wager {offer.pk} placed" in text(page) and f"wager {offer.pk} taken" in text(page)
    assert "hand 1, version 1" in text(page)
    assert re.search(r"scorers changed secretary [^|]*? bazin", text(page))
    assert "&quot;act&quot;" not in page and "&quot;hand&quot;" not in page  # no JSON
    assert f"pari {offer.pk} placé" in french and "marqueurs changés" in french


def test_the_wagers_csv_gives_the_outcome_and_names_the_lapsed_rest_apart(client, secretary):
    table, offer = wager_table(secretary, client)
    client.force_login(secretary)

    exported = client.post(WAGERS, {"action": "export_csv", "_selected_action": [offer.pk]})
    [row] = csv.DictReader(io.StringIO(exported.content.decode()))

    assert (row["outcome"], row["bettor_net"], row["layers_net"]) == ("won", "8.00",
                                                                       "Dora -8.00")
    assert row["unmatched_part"] == "lapsed" and "status" not in row
