"""An à quatre table through the API (docs/api.md, Tables; docs/rules.md, section 13): two
sides of partners sitting opposite play two games and, if needed, la belle."""
import pytest

from games.models import Hand, Table
from tests.games.kit import checked, open_quatre
from tests.games.quatre_kit import vole_to

pytestmark = pytest.mark.django_db


def win_game(api, snap: dict, pair: list) -> dict:
    game = snap["quatre"]["game"]
    while snap["quatre"]["game"] == game and snap["status"] == "playing":
        answer = api.post(f"/tables/{snap['id']}/hands", {"record": vole_to(snap, pair)})
        snap = checked(answer)["table"]
    return snap


def test_partners_sit_opposite_and_the_elder_is_at_the_dealers_left(scorer, four):
    snap = open_quatre(scorer, four).json()
    a, b, c, d = (p.pk for p in four)
    assert snap["format"] == "quatre" and snap["rules"]["target"] == 7
    assert snap["quatre"]["seats"] == {"elder": b, "second": c, "third": d, "dealer": a}
    assert snap["seats"] == {"elder": b, "dealer": a, "observer": None}
    assert snap["quatre"]["sides"] == [
        {"players": [a, c], "side": "dealer_side", "score": 0, "games": 0},
        {"players": [b, d], "side": "elder_side", "score": 0, "games": 0}]
    assert snap["quatre"]["game"] == 1 and snap["quatre"]["winner"] is None


def test_a_side_scores_for_both_partners_and_the_deal_passes_left(scorer, four):
    snap = open_quatre(scorer, four).json()
    a, b, c, d = (p.pk for p in four)
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": vole_to(snap, [b, d])})
    snap = answer.json()["table"]
    assert snap["quatre"]["sides"][1]["score"] == 2
    assert snap["game"]["score"] == {str(a): 0, str(b): 2, str(c): 0, str(d): 2}
    assert snap["quatre"]["seats"] == {"elder": c, "second": d, "third": a, "dealer": b}


def test_a_match_won_on_la_belle(scorer, four):
    snap = open_quatre(scorer, four).json()
    a, b, c, d = (p.pk for p in four)
    snap = win_game(scorer, snap, [a, c])
    assert snap["quatre"]["game"] == 2 and snap["quatre"]["sides"][0]["games"] == 1
    # Four voles, dealt by a, b, c and d. The losers, b and d, deal first in the next game
    # (ruling 58): at d's left sit a (a winner), then b, who deals.
    assert snap["quatre"]["seats"] == {"elder": c, "second": d, "third": a, "dealer": b}
    assert snap["seats"] == {"elder": c, "dealer": b, "observer": None}
    snap = win_game(scorer, snap, [b, d])
    assert snap["quatre"]["belle"] and snap["quatre"]["game"] == 3
    # Dealt by b, c, d and a; at a's left sit b (a winner), then c, who deals la belle.
    assert snap["quatre"]["seats"] == {"elder": d, "second": a, "third": b, "dealer": c}
    assert snap["status"] == "playing"
    snap = win_game(scorer, snap, [a, c])
    assert snap["status"] == "won"
    assert snap["quatre"]["winner"] == [a, c]
    assert [s["games"] for s in snap["quatre"]["sides"]] == [2, 1]
    assert scorer.get(f"/tables/{snap['id']}").json() == snap
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": vole_to(snap, [a, c])})
    assert answer.status_code in (409, 422)


def test_a_bad_record_is_refused_with_the_engines_code_and_nothing_is_saved(scorer, four):
    snap = open_quatre(scorer, four).json()
    record = {"summary": {"opening": "refused", "refused_by": "elder", "king_turned": False,
                          "tricks": {"elder_side": 3, "dealer_side": 2}}}
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": record})
    assert answer.status_code == 422, answer.content
    assert answer.json()["error"]["code"] == "bad_summary"
    assert answer.json()["error"]["at"] == "summary.refused_by"
    assert not Hand.objects.exists()
    assert Table.objects.get().seq == snap["seq"]


def test_a_record_with_another_ranking_is_refused(scorer, four):
    snap = open_quatre(scorer, four).json()
    record = vole_to(snap, [four[0].pk, four[2].pk]) | {"rules": {"ranking": "ace_high"}}
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": record})
    assert answer.status_code == 422, answer.content
    assert answer.json()["error"]["at"] == "rules.ranking"


@pytest.mark.parametrize("extra, named", [
    ({"wager_style": "french"}, "wager_style"),
    ({"rules": {"wager_min": "1.00"}}, "rules.wager_min"),
    ({"rules": {"target": "retourne"}}, "rules.target"),
])
def test_wagers_and_other_options_are_refused(scorer, four, extra, named):
    answer = open_quatre(scorer, four, **extra)
    assert answer.status_code in (400, 422), answer.content
    assert named in answer.json()["error"]["message"]
    assert not Table.objects.exists()


def test_a_correction_gives_the_points_to_the_other_side(scorer, four):
    snap = open_quatre(scorer, four).json()
    a, b, c, d = (p.pk for p in four)
    first = scorer.post(f"/tables/{snap['id']}/hands", {"record": vole_to(snap, [a, c])}).json()
    answer = scorer.post(f"/hands/{first['hand']['id']}/correct",
                         {"record": vole_to(snap, [b, d])})
    assert answer.status_code == 200, answer.content
    table = scorer.get(f"/tables/{snap['id']}").json()
    assert [s["score"] for s in table["quatre"]["sides"]] == [0, 2]
