"""The snapshot says the end of each game (docs/api.md, The snapshot's other fields): the last
game won, with its winner and the score it ended at, the results of the games the last hands
belong to, and what a unit is at the table. From the Laws: a game is won by the first to
reach its target (5 here), and a hand whose elder takes three tricks gives him one point, two
tricks give the dealer one."""
import pytest

from games.presentation import words
from tests.games.kit import created, hand_won_by, open_quatre, players
from tests.games.quatre_kit import win_game

pytestmark = pytest.mark.django_db


def point_to(api, snap: dict, player_id: int) -> dict:
    answer = api.post(f"/tables/{snap['id']}/hands",
                      {"record": hand_won_by(snap, player_id, vole=False)})
    assert answer.status_code == 201, answer.content
    return answer.json()["table"]


def test_a_game_won_5_3_by_claire_is_the_last_game_with_its_score(staff_api):
    claire, alice, bob = players("Claire", "Alice", "Bob")
    snap = staff_api.post("/tables", {"name": "T", "format": "pool", "first_dealer": alice.pk,
                                      "players": [claire.pk, alice.pk, bob.pk]}).json()
    assert snap["last_game"] is None and snap["last_games"] == []
    assert (snap["unit_kind"], snap["unit_game"]) == ("game", 1)
    for who in (alice, claire, alice, claire, alice, claire, claire):  # Claire 4, Alice 3
        snap = point_to(staff_api, snap, who.pk)
    assert snap["last_game"] is None and snap["game"]["number"] == 1

    snap = point_to(staff_api, snap, claire.pk)  # Claire's fifth point: the game is hers

    ended = {"number": 1, "unit": 1, "winner": claire.pk, "loser": alice.pk,
             "score": {str(claire.pk): 5, str(alice.pk): 3}}
    assert snap["last_game"] == ended
    assert snap["game"]["number"] == 2 and snap["unit"]["number"] == 2  # a unit is one game
    assert (snap["unit_kind"], snap["unit_game"]) == ("game", 1)
    assert {h["game"] for h in snap["last_hands"]} == {1}
    assert snap["last_games"] == [ended]
    assert words.game_end(snap) == "Claire takes the game 5–3"
    assert staff_api.get(f"/tables/{snap['id']}").json()["last_game"] == ended


def test_a_rubber_says_its_unit_is_a_rubber_and_which_game_of_it_is_played(staff_api):
    claire, alice = players("Claire", "Alice")
    snap = staff_api.post("/tables", {"name": "R", "format": "rubber", "first_dealer": alice.pk,
                                      "players": [claire.pk, alice.pk]}).json()
    assert (snap["unit_kind"], snap["unit_game"]) == ("rubber", 1)
    while snap["game"]["number"] == 1:
        snap = staff_api.post(f"/tables/{snap['id']}/hands",
                              {"record": hand_won_by(snap, alice.pk)}).json()["table"]
    assert (snap["unit_kind"], snap["unit_game"]) == ("rubber", 2)  # the second of three
    assert snap["last_game"]["winner"] == alice.pk
    assert snap["last_game"]["score"][str(alice.pk)] >= 5 > snap["last_game"]["score"][
        str(claire.pk)]


def test_a_game_won_a_quatre_names_both_partners_as_its_winners(staff_api):
    four = players("Athos", "Porthos", "Aramis", "Dartagnan")
    snap = created(open_quatre(staff_api, four))
    pair = snap["quatre"]["sides"][0]["players"]
    other = snap["quatre"]["sides"][1]["players"]
    assert snap["unit_kind"] is None and snap["last_game"] is None

    snap = win_game(staff_api, snap, pair)  # voles, two points each, to 7: 8–0

    ended = snap["last_game"]
    assert (ended["winner"], ended["loser"]) == (pair, other)
    won = ended["score"][str(pair[0])]
    assert won >= 7 and ended["score"][str(other[0])] == 0
    names = " & ".join(p.name for p in four if p.pk in pair)
    assert words.game_end(snap) == f"{names} take the game {won}–0"
