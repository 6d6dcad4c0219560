"""POST /api/tables and GET /api/tables/{id}: opening a pool or a rubber (docs/api.md,
Tables)."""
import pytest

from games.models import Table

pytestmark = pytest.mark.django_db



def open_pool(scorer, trio, **extra):
    return scorer.post("/tables", {"name": "Table 1", "format": "pool",
                                   "players": [p.pk for p in trio]} | extra)


def test_a_pool_seats_the_first_two_and_the_third_observes(scorer, trio):
    answer = open_pool(scorer, trio, first_dealer=trio[0].pk)
    assert answer.status_code == 201
    snap = answer.json()
    assert snap["seats"] == {"elder": trio[1].pk, "dealer": trio[0].pk, "observer": trio[2].pk}
    assert snap["status"] == "playing" and snap["format"] == "pool"
    assert snap["game"] == {"number": 1, "score": {str(trio[0].pk): 0, str(trio[1].pk): 0},
                            "hands": 0, "target": 5}
    assert snap["pool"] == {"pot": "0.00", "streak": None, "winner": None}


def test_the_rules_are_filled_with_the_defaults_of_the_laws(scorer, trio):
    rules = open_pool(scorer, trio).json()["rules"]
    assert rules == {
        "target": 5, "game_value": "single", "rubber_games": 3, "pool_unit": "game",
        "pool_streak": 2, "pool_entry": "0.00", "pool_forfeit": "0.00", "levy_percent": "0.00",
        "wager_min": "0.10", "wager_max": None,
        "ranking": "classic", "dealer_exchange": "required", "doubling": False,
        "offer_point": False, "king_announcement": "london"}


@pytest.mark.parametrize("given", [
    {}, {"pool_forfeit": "1.00", "pool_entry": "5.00"}, {"levy_percent": "5", "target": 7}])
def test_the_rules_are_written_in_one_order_whatever_order_they_were_given_in(
        staff_api, trio, given):
    """The snapshot's bytes do not depend on the client's order, nor on the process."""
    rules = open_pool(staff_api, trio, rules=given).json()["rules"]
    assert list(rules) == [
        "target", "game_value", "rubber_games", "pool_unit", "pool_streak", "ranking",
        "dealer_exchange", "doubling", "offer_point", "king_announcement", "pool_entry",
        "pool_forfeit",
        "levy_percent", "wager_min", "wager_max"]


def test_without_a_first_dealer_the_cut_decides_and_is_shown(scorer, trio):
    snap = open_pool(scorer, trio).json()
    cut = snap["cut"]
    assert cut, "the cut is recorded"
    last = cut[-1]
    ranks = "789TAJQK"
    best = max(last, key=lambda pair: ranks.index(pair[1][0]))
    assert snap["first_dealer"] == best[0] == snap["seats"]["dealer"]
    assert {pair[0] for pair in last} == {trio[0].pk, trio[1].pk}


def test_a_rubber_takes_two_players_and_has_no_pool(scorer, trio):
    answer = scorer.post("/tables", {"name": "R", "format": "rubber",
                                     "players": [trio[0].pk, trio[1].pk]})
    assert answer.status_code == 201
    snap = answer.json()
    assert snap["pool"] is None and snap["seats"]["observer"] is None


def test_get_table_returns_the_same_snapshot(scorer, trio):
    snap = open_pool(scorer, trio).json()
    assert scorer.get(f"/tables/{snap['id']}").json() == snap


def test_the_pool_entry_is_paid_into_the_pot_when_the_pool_opens(scorer, staff_api, trio):
    snap = open_pool(staff_api, trio, rules={"pool_entry": "10.00"}).json()
    assert snap["pool"]["pot"] == "30.00"
    for player in trio:
        assert scorer.get(f"/players/{player.pk}").json()["balance"] == "-10.00"


@pytest.mark.parametrize("body, words", [
    ({"format": "poule"}, "format"),
    ({"players": "two"}, "a pool takes 3"),
    ({"players": "duplicate"}, "3 different players"),
    ({"players": [999, 998, 997]}, "no player 999"),
    ({"rules": {"target": 6}}, "rules.target"),
    ({"rules": {"colour": "red"}}, "rules.colour"),
    ({"rules": {"pool_entry": "ten"}}, "rules.pool_entry"),
    ({"rules": {"pool_entry": 10.5}}, "rules.pool_entry"),
    ({"rules": {"levy_percent": "150"}}, "levy_percent"),
    ({"wager_style": "italian"}, "wager_style"),
    ({"first_dealer": "observer"}, "first_dealer"),
    ({"scorers": ["nobody"]}, "scorer"),
    ({"name": " "}, "name"),
    ({"name": "Table\x001"}, "U+0000, a control character"),
    ({"scorers": ["scorer\x00"]}, "U+0000, a control character"),
    ({"players": [1, 2, 99999999999999999999999]}, "players.2"),
    ({"players": [0, -1, 2]}, "players.0"),
    ({"first_dealer": 2**63}, "first_dealer"),
    ({"rules": {"pool_entry": "92233720368547758.07"}}, "rules.pool_entry must be at most"),
    ({"rules": {"pool_forfeit": "1000000.01"}}, "rules.pool_forfeit must be at most"),
])
def test_bad_input_names_what_was_wrong_and_opens_nothing(scorer, trio, body, words):
    given = {"name": "Table 1", "format": "pool", "players": [p.pk for p in trio]}
    replacements = {"two": [trio[0].pk, trio[1].pk],
                    "duplicate": [trio[0].pk, trio[0].pk, trio[1].pk],
                    "observer": trio[2].pk}
    for key, value in body.items():
        given[key] = replacements.get(value, value) if isinstance(value, str) else value
    answer = scorer.post("/tables", given)
    assert 400 <= answer.status_code < 500
    error = answer.json()["error"]
    assert words in error["message"] or words == error["code"] or words in str(error)
    assert not Table.objects.exists()


def test_the_largest_stakes_are_taken_and_the_pot_pays_out(staff_api, trio):
    """A stake at the limit (1,000,000.00) is a pool like any other: its pot fits the ledger."""
    scorer = staff_api
    answer = open_pool(scorer, trio, first_dealer=trio[0].pk,
                       rules={"pool_entry": "1000000.00", "pool_forfeit": "1000000.00"})

    assert answer.status_code == 201
    assert answer.json()["pool"]["pot"] == "3000000.00"


def test_an_unknown_table_is_404(scorer):
    assert scorer.get("/tables/404").status_code == 404
