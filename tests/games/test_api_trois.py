"""An à trois table through the API (docs/api.md, Tables; docs/rules.md, section 12): three
play to the target, the winner withdraws, and the other two finish two-handed."""
import pytest

from games.models import Hand, Table
from tests.games.kit import open_trois
from tests.games.trois_kit import post, vole_to

pytestmark = pytest.mark.django_db


def test_three_sit_and_the_elder_is_at_the_dealers_left(scorer, trio):
    snap = open_trois(scorer, trio).json()
    athos, porthos, aramis = (p.pk for p in trio)
    assert snap["format"] == "trois" and snap["status"] == "playing"
    assert snap["rules"]["target"] == 7
    assert snap["trois"]["seats"] == {"elder": porthos, "middle": aramis, "dealer": athos}
    assert snap["seats"] == {"elder": porthos, "dealer": athos, "observer": None}
    assert snap["trois"]["in_play"] == [athos, porthos, aramis]
    assert snap["trois"]["order"] == [] and snap["trois"]["withdrawn"] == []


def test_a_game_played_to_the_end_the_winner_withdraws_and_the_others_play_on(scorer, trio):
    snap = open_trois(scorer, trio).json()
    athos, porthos, aramis = (p.pk for p in trio)
    while not snap["trois"]["order"]:
        snap = post(scorer, snap, vole_to(snap, athos))["table"]
    assert snap["trois"]["score"][str(athos)] == 7
    assert snap["trois"]["withdrawn"] == [athos]
    assert not snap["trois"]["three_handed"]
    assert set(snap["trois"]["seats"].values()) == {porthos, aramis}
    assert snap["status"] == "playing"
    while snap["status"] == "playing":
        answer = post(scorer, snap, vole_to(snap, aramis))
        assert answer["hand"]["result"]["format"] == "ecarte-result/1"
        snap = answer["table"]
    assert snap["status"] == "won"
    assert snap["trois"]["order"] == [athos, aramis, porthos]
    assert snap["winner"] == athos
    assert scorer.get(f"/tables/{snap['id']}").json() == snap


def test_a_bad_record_is_refused_with_the_engines_code_and_nothing_is_saved(scorer, trio):
    snap = open_trois(scorer, trio).json()
    record = {"summary": {"opening": "exchanged", "king_turned": False,
                          "tricks": {"elder": 2, "middle": 2, "dealer": 1}}}
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": record})
    assert answer.status_code == 422, answer.content
    assert answer.json()["error"]["code"] == "bad_summary"
    assert answer.json()["error"]["at"] == "summary.first_to_two"
    assert not Hand.objects.exists()
    assert Table.objects.get().seq == snap["seq"]


@pytest.mark.parametrize("extra, named", [
    ({"wager_style": "english"}, "wager_style"),
    ({"rules": {"pool_entry": "5.00"}}, "rules.pool_entry"),
    ({"rules": {"pool_streak": 3}}, "rules.pool_streak"),
])
def test_wagers_and_pool_options_are_refused(scorer, trio, extra, named):
    answer = open_trois(scorer, trio, **extra)
    assert answer.status_code in (400, 422), answer.content
    assert named in answer.json()["error"]["message"]
    assert not Table.objects.exists()


def test_a_table_of_three_takes_three_players(scorer, trio):
    answer = scorer.post("/tables", {"name": "T", "format": "trois",
                                     "players": [p.pk for p in trio[:2]]})
    assert answer.status_code in (400, 422)


def test_a_correction_rebuilds_the_game(scorer, trio):
    snap = open_trois(scorer, trio).json()
    athos, porthos = trio[0].pk, trio[1].pk
    assert snap["trois"]["seats"]["elder"] == porthos
    first = post(scorer, snap, vole_to(snap, athos))
    snap = post(scorer, first["table"], vole_to(first["table"], athos))["table"]
    assert snap["trois"]["score"][str(athos)] == 4
    fixed = {"summary": {"opening": "exchanged", "king_turned": False,
                         "tricks": {"elder": 5, "middle": 0, "dealer": 0}}}
    assert first["table"]["trois"]["seats"]["elder"] != athos
    answer = scorer.post(f"/hands/{first['hand']['id']}/correct", {"record": fixed})
    assert answer.status_code == 200, answer.content
    table = scorer.get(f"/tables/{snap['id']}").json()
    assert table["trois"]["score"][str(athos)] == 2
    assert table["trois"]["score"][str(porthos)] == 2
    assert Hand.objects.get(pk=first["hand"]["id"]).version == 2


def test_a_retry_with_the_same_key_records_the_hand_once(scorer, trio):
    snap = open_trois(scorer, trio).json()
    record = vole_to(snap, trio[1].pk)
    first = scorer.post(f"/tables/{snap['id']}/hands", {"record": record}, key="hand-1")
    again = scorer.post(f"/tables/{snap['id']}/hands", {"record": record}, key="hand-1")
    assert first.status_code == 201 and again.json() == first.json()
    assert Hand.objects.count() == 1


def test_each_change_is_an_event_and_the_last_hand_decides_the_table(scorer, trio):
    snap = open_trois(scorer, trio).json()
    athos, porthos = trio[0].pk, trio[1].pk
    while snap["status"] == "playing":
        player = porthos if snap["trois"]["order"] else athos
        snap = post(scorer, snap, vole_to(snap, player))["table"]
    events = scorer.get(f"/tables/{snap['id']}/events").json()["events"]
    assert [e["seq"] for e in events] == list(range(1, snap["seq"] + 1))
    assert events[0]["kind"] == "open" and events[-1]["kind"] == "trois_won"
    assert {e["kind"] for e in events[1:-1]} == {"hand"}
