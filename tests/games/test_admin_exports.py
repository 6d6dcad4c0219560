"""Exports of tables: JSON records that re-score to their results, and one CSV row per hand."""
import csv
import io
import json

import pytest

from club.models import Player
from games.admin import exports
from games.engine import score
from games.models import Table
from games.services.hands import correct_hand, record_hand
from games.services.tables import open_table
from testbed.records import ELDER_VOLE
from tests.games.kit import pool, record_game_won_by, summary, won_pool

pytestmark = pytest.mark.django_db


def all_hands(table_json: dict) -> list:
    counted = [hand for unit in table_json["units"] for game in unit["games"]
               for hand in game["hands"]]
    return counted + table_json["set_aside_hands"]


def retourne_rubber(by) -> Table:
    """A rubber to the retourne: the first turn-up (8♦) sets the game's target to 8."""
    athos, porthos = (Player.objects.get_or_create(name=n)[0] for n in ("Athos", "Porthos"))
    table = open_table(name="Retourne", format="rubber", players=[athos, porthos],
                                rules={"target": "retourne", "doubling": True}, by=by,
                                first_dealer=porthos)
    record_hand(table_id=table.pk, record=ELDER_VOLE, by=by)  # Athos 2
    record_hand(table_id=table.pk, record=summary(3), by=by)  # Porthos, elder, 1
    return table


def test_the_json_export_nests_units_games_and_hands(secretary):
    table = won_pool(secretary)

    export = exports.tables_json(Table.objects.all())

    assert export["format"] == "ecarte-club-export/1"
    [out] = export["tables"]
    assert [p["name"] for p in out["players"]] == ["Athos", "Porthos", "Aramis"]
    assert out["rules"] == table.snapshot["rules"]  # as the API writes them: "0.00"
    assert out["winner"]["name"] == "Athos"
    assert [(u["number"], u["winner"]["name"], u["loser"]["name"]) for u in out["units"]] == [
        (1, "Athos", "Porthos"), (2, "Athos", "Aramis")]
    game = out["units"][1]["games"][0]
    assert game["number"] == 2 and [h["number"] for h in game["hands"]] == [4, 5, 6]
    assert [h["number_in_game"] for h in game["hands"]] == [1, 2, 3]
    assert game["hands"][0]["elder"]["name"] == "Athos"
    assert game["hands"][0]["dealer"]["name"] == "Aramis"  # the incoming player deals first


def test_the_json_records_carry_the_context_they_were_scored_in(secretary):
    retourne_rubber(secretary)

    [out] = exports.tables_json(Table.objects.all())["tables"]

    first, second = out["units"][0]["games"][0]["hands"]
    assert first["record"]["target"] == 8 and second["record"]["target"] == 8
    assert first["record"]["score_before"] == {"elder": 0, "dealer": 0}
    assert second["record"]["score_before"] == {"elder": 0, "dealer": 2}
    assert second["record"]["rules"] == {"ranking": "classic", "dealer_exchange": "required",
                                         "doubling": True, "offer_point": False,
                                         "king_announcement": "london"}
    assert second["record"]["format"] == "ecarte-hand/1"
    assert second["record"]["summary"] == summary(3)["summary"]


def test_every_exported_record_re_scores_to_its_result(secretary):
    won_pool(secretary)
    retourne_rubber(secretary)
    pool(secretary, name="Still playing", hands=7)

    export = exports.tables_json(Table.objects.all())

    hands = [hand for table in export["tables"] for hand in all_hands(table)]
    assert len(hands) == 6 + 2 + 7
    for hand in hands:
        assert score(hand["record"]) == hand["result"], hand["number"]


def test_a_hand_set_aside_by_a_correction_is_exported_apart_without_a_result(secretary):
    table = pool(secretary)
    athos = table.seats.get(position=0).player
    record_game_won_by(table, athos, secretary)  # hands 1-3: Athos 2 + 2 + 1
    record_hand(table_id=table.pk, record=summary(3), by=secretary)  # game 2
    third = table.hands.get(number=3)
    correct_hand(hand_id=third.pk, record=summary(0), by=secretary)  # Porthos's vole

    [out] = exports.tables_json(Table.objects.filter(pk=table.pk))["tables"]

    [aside] = out["set_aside_hands"]
    assert (aside["number"], aside["status"], aside["result"]) == (4, "set_aside", None)
    assert aside["record"] == summary(3)
    assert [h["number"] for h in all_hands(out)[:3]] == [1, 2, 3]
    assert all_hands(out)[2]["version"] == 2
    assert score(all_hands(out)[2]["record"]) == all_hands(out)[2]["result"]


def test_the_csv_export_has_one_row_per_hand_with_marks_and_scores(secretary):
    table = won_pool(secretary)
    rubber = retourne_rubber(secretary)

    rows = list(csv.reader(io.StringIO(exports.tables_csv(Table.objects.all()))))

    assert rows[0] == exports.CSV_HEADER
    assert len(rows) == 1 + 6 + 2
    assert rows[1] == [str(table.pk), "Won pool", "1", "1", "1", "1", "Athos", "Porthos",
                       "counted", "1", "5", "0", "Athos +1 point, Athos +1 vole", "2", "0",
                       "2", "0", *[""] * 6]
    assert rows[4][2:8] == ["2", "2", "4", "1", "Athos", "Aramis"]
    assert rows[-1] == [str(rubber.pk), "Retourne", "1", "1", "2", "2", "Porthos", "Athos",
                        "counted", "1", "3", "2", "Porthos +1 point", "1", "0", "1", "2",
                        *[""] * 6]


def test_the_export_actions_download_the_selected_tables(client, secretary):
    client.force_login(secretary)
    chosen = pool(secretary, hands=2, name="Chosen")
    pool(secretary, hands=1, name="Not chosen")

    as_json = client.post("/admin/games/table/", {"action": "export_json",
                                                  "_selected_action": [chosen.pk]})
    as_csv = client.post("/admin/games/table/", {"action": "export_csv",
                                                 "_selected_action": [chosen.pk]})

    assert as_json["Content-Disposition"] == 'attachment; filename="ecarte-tables.json"'
    assert [t["name"] for t in json.loads(as_json.content)["tables"]] == ["Chosen"]
    assert as_csv["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(as_csv.content.decode())))
    assert [row[1] for row in rows[1:]] == ["Chosen", "Chosen"]
