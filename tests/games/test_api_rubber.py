"""A rubber table and the retourne target through the API (docs/rules.md, section 10)."""
import pytest

from games.models import Game, Table, Unit
from tests.games.kit import hand_won_by, players, summary

pytestmark = pytest.mark.django_db



def test_a_rubber_is_won_by_two_games_and_the_loser_of_a_game_deals_next(scorer):
    athos, porthos = players("Athos", "Porthos")
    snap = scorer.post("/tables", {"name": "R", "format": "rubber", "first_dealer": athos.pk,
                                   "players": [athos.pk, porthos.pk],
                                   "rules": {"game_value": "graded"}}).json()
    while snap["status"] == "playing":
        answer = scorer.post(f"/tables/{snap['id']}/hands",
                             {"record": hand_won_by(snap, athos.pk)})
        snap = answer.json()["table"]
        if snap["game"]["number"] == 2 and snap["game"]["hands"] == 0:
            assert snap["seats"]["dealer"] == porthos.pk  # Porthos lost game 1
    assert snap["status"] == "won" and snap["winner"] == athos.pk
    assert list(Game.objects.values_list("winner", "value")) == [(athos.pk, 3), (athos.pk, 3)]
    unit = Unit.objects.get()
    assert unit.winner == athos and unit.value == 6


def test_retourne_the_first_turn_up_sets_the_games_target(scorer):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    snap = scorer.post("/tables", {"name": "T", "format": "pool", "rules": {"target": "retourne"},
                                   "players": [athos.pk, porthos.pk, aramis.pk]}).json()
    assert snap["game"]["target"] is None
    refused = scorer.post(f"/tables/{snap['id']}/hands", {"record": summary(3)})
    assert refused.status_code == 422 and refused.json()["error"]["at"] == "summary.turn_up"
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": summary(3, turn_up="9H")})
    assert answer.status_code == 201 and answer.json()["table"]["game"]["target"] == 9


def test_a_correction_that_hands_the_rubber_to_the_other_player_changes_its_winner(scorer,
                                                                                 staff_api):
    athos, porthos = players("Athos", "Porthos")
    snap = scorer.post("/tables", {"name": "R", "format": "rubber", "first_dealer": porthos.pk,
                                   "players": [athos.pk, porthos.pk],
                                   "rules": {"rubber_games": 1}}).json()
    for _ in range(4):  # each takes a vole as elder: 4 all
        snap = scorer.post(f"/tables/{snap['id']}/hands", {"record": summary(5)}).json()["table"]
    last = scorer.post(f"/tables/{snap['id']}/hands", {"record": summary(3)}).json()
    assert last["table"]["winner"] == athos.pk  # Athos, elder, took the point
    # The rubber is over: only staff may correct its hands now.
    fixed = staff_api.post(f"/hands/{last['hand']['id']}/correct", {"record": summary(2)})
    assert fixed.status_code == 200
    table = Table.objects.get()
    assert table.status == "won" and table.winner == porthos
    assert fixed.json()["table"]["winner"] == porthos.pk
