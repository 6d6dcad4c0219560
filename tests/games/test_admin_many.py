"""The secretary's admin and exports of tables à trois and à quatre: a finished game names all
its players, by place (docs/rules.md, sections 12 and 13), not only the two that a two-handed
game has."""
import csv
import io

import pytest
from django.urls import reverse

from games.admin import exports
from games.models import Table
from tests.games.kit import open_quatre, open_trois, players
from tests.games.quatre_kit import win_game
from tests.games.trois_kit import play_to

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



def csv_row(hand: int) -> dict:
    """The CSV export's row of the table's hand number `hand`, by column."""
    header, *rows = csv.reader(io.StringIO(exports.tables_csv(Table.objects.all())))
    return dict(zip(header, rows[hand - 1]))


def test_the_csv_row_of_a_hand_a_trois_names_the_middle_with_his_figures(scorer):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    snap = open_trois(scorer, [athos, porthos, aramis]).json()
    # Athos deals, Porthos is elder and Aramis middle. Porthos plays without proposing and
    # takes one trick: Athos's three win the point, and the refusal point goes to Aramis.
    scorer.post(f"/tables/{snap['id']}/hands", {"record": {
        "format": "ecarte-trois/1", "summary": {"opening": "played", "king_turned": False,
                                                "tricks": {"elder": 1, "middle": 1,
                                                           "dealer": 3}}}})

    row = csv_row(1)
    assert [row[seat] for seat in ("elder", "middle", "dealer")] == ["Porthos", "Aramis", "Athos"]
    assert [row[f"tricks_{seat}"] for seat in ("elder", "middle", "dealer")] == ["1", "1", "3"]
    assert [row[f"points_{seat}"] for seat in ("elder", "middle", "dealer")] == ["0", "1", "1"]
    assert [row[f"score_after_{seat}"] for seat in ("elder", "middle", "dealer")] == [
        "0", "1", "1"]
    assert row["second"] == row["third"] == ""


def test_the_csv_row_of_a_hand_a_quatre_names_all_four_with_the_sides_figures(scorer):
    four = players("Athos", "Porthos", "Aramis", "D'Artagnan")
    snap = open_quatre(scorer, four).json()
    # Athos deals: Porthos is elder, Aramis second, D'Artagnan third. D'Artagnan refuses the
    # proposal, so the elder's side (Porthos and D'Artagnan) is vulnerable; it takes two
    # tricks. The dealer's side marks the king Athos announced, the point and the refusal.
    scorer.post(f"/tables/{snap['id']}/hands", {"record": {
        "format": "ecarte-quatre/1", "summary": {
            "opening": "refused", "refused_by": "third", "king_turned": False,
            "king": "dealer", "tricks": {"elder_side": 2, "dealer_side": 3}}}})

    row = csv_row(1)
    assert [row[seat] for seat in ("elder", "second", "third", "dealer")] == [
        "Porthos", "Aramis", "D'Artagnan", "Athos"]
    assert (row["tricks_elder"], row["tricks_dealer"]) == ("2", "3")
    assert (row["points_elder"], row["points_dealer"]) == ("0", "3")
    assert (row["score_after_elder"], row["score_after_dealer"]) == ("0", "3")
    assert row["middle"] == row["tricks_middle"] == ""
