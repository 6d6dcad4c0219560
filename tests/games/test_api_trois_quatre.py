"""Tables à trois and à quatre through the API (docs/api.md, Tables; docs/rules.md, sections 12
and 13). What holds the same for both forms is one test run for each (the `form` fixture):
the players seated with the elder at the dealer's left, a bad record refused with the engine's
code and nothing saved, the options these tables do not take, their number of players, and a
hand posted twice. Then what only one form has: à trois the winner withdraws and the other two
finish two-handed; à quatre two sides of partners sitting opposite play two games and, if
needed, la belle."""
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from games.models import Hand, Table
from tests.games.kit import checked, open_quatre, open_trois
from tests.games.quatre_kit import vole_to as quatre_vole
from tests.games.trois_kit import post
from tests.games.trois_kit import vole_to as trois_vole

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Form:
    name: str
    players: str  # the fixture of the table's players
    open: Callable  # (api, players, **fields): the answer to the table's opening
    vole_to: Callable  # (snap, one): a summary in which `one` takes all five tricks
    one: Callable  # (players): a player, à quatre a pair, who takes a vole


TROIS = Form("trois", "trio", open_trois, trois_vole, lambda trio: trio[1].pk)
QUATRE = Form("quatre", "four", open_quatre, quatre_vole, lambda four: [four[1].pk, four[3].pk])
FORMS = {form.name: form for form in (TROIS, QUATRE)}


@pytest.fixture(params=FORMS)
def form(request) -> Form:
    return FORMS[request.param]


@pytest.fixture
def seated(request, form):
    """The players of the form's table: the first deals first."""
    return request.getfixturevalue(form.players)


@pytest.mark.parametrize("form, seats, more", [
    # Athos deals: Porthos, at his left, is elder, and Aramis the middle.
    ("trois", {"elder": 1, "middle": 2, "dealer": 0},
     lambda a, b, c: {"in_play": [a, b, c], "order": [], "withdrawn": []}),
    # Partners sit opposite: Athos and Aramis, the dealer's side, against Porthos and
    # D'Artagnan.
    ("quatre", {"elder": 1, "second": 2, "third": 3, "dealer": 0},
     lambda a, b, c, d: {"sides": [
         {"players": [a, c], "side": "dealer_side", "score": 0, "games": 0},
         {"players": [b, d], "side": "elder_side", "score": 0, "games": 0}],
         "game": 1, "winner": None}),
], indirect=["form"])
def test_the_players_sit_and_the_elder_is_at_the_dealers_left(scorer, form, seated, seats,
                                                              more):
    snap = form.open(scorer, seated).json()
    pks = [p.pk for p in seated]
    assert snap["format"] == form.name and snap["status"] == "playing"
    assert snap["rules"]["target"] == 7
    assert snap[form.name]["seats"] == {seat: pks[i] for seat, i in seats.items()}
    assert snap["seats"] == {"elder": pks[1], "dealer": pks[0], "observer": None}
    for key, value in more(*pks).items():
        assert snap[form.name][key] == value


@pytest.mark.parametrize("form, summary, at", [
    # A 2-2-1 split that does not say who took his second trick first.
    ("trois", {"opening": "exchanged", "king_turned": False,
               "tricks": {"elder": 2, "middle": 2, "dealer": 1}}, "summary.first_to_two"),
    # The elder does not refuse his own proposal.
    ("quatre", {"opening": "refused", "refused_by": "elder", "king_turned": False,
                "tricks": {"elder_side": 3, "dealer_side": 2}}, "summary.refused_by"),
], indirect=["form"])
def test_a_bad_record_is_refused_with_the_engines_code_and_nothing_is_saved(
        scorer, form, seated, summary, at):
    snap = form.open(scorer, seated).json()
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": {"summary": summary}})
    assert answer.status_code == 422, answer.content
    assert answer.json()["error"]["code"] == "bad_summary"
    assert answer.json()["error"]["at"] == at
    assert not Hand.objects.exists()
    assert Table.objects.get().seq == snap["seq"]


@pytest.mark.parametrize("form, extra, named", [
    ("trois", {"wager_style": "english"}, "wager_style"),
    ("trois", {"rules": {"pool_entry": "5.00"}}, "rules.pool_entry"),
    ("trois", {"rules": {"pool_streak": 3}}, "rules.pool_streak"),
    ("quatre", {"wager_style": "french"}, "wager_style"),
    ("quatre", {"rules": {"wager_min": "1.00"}}, "rules.wager_min"),
    ("quatre", {"rules": {"target": "retourne"}}, "rules.target"),
], indirect=["form"])
def test_wagers_pools_and_other_options_are_refused(scorer, form, seated, extra, named):
    answer = form.open(scorer, seated, **extra)
    assert answer.status_code in (400, 422), answer.content
    assert named in answer.json()["error"]["message"]
    assert not Table.objects.exists()


def test_a_table_takes_its_number_of_players(scorer, form, seated):
    answer = scorer.post("/tables", {"name": "T", "format": form.name,
                                     "players": [p.pk for p in seated[:-1]]})
    assert answer.status_code in (400, 422)


def test_a_retry_with_the_same_key_records_the_hand_once(scorer, form, seated):
    snap = form.open(scorer, seated).json()
    record = form.vole_to(snap, form.one(seated))
    first = scorer.post(f"/tables/{snap['id']}/hands", {"record": record}, key="hand-1")
    again = scorer.post(f"/tables/{snap['id']}/hands", {"record": record}, key="hand-1")
    assert first.status_code == 201 and again.json() == first.json()
    assert Hand.objects.count() == 1


# -- À trois only ---------------------------------------------------------------------------
def test_a_trois_a_game_played_to_the_end_the_winner_withdraws_and_the_others_play_on(
        scorer, trio):
    snap = open_trois(scorer, trio).json()
    athos, porthos, aramis = (p.pk for p in trio)
    while not snap["trois"]["order"]:
        snap = post(scorer, snap, trois_vole(snap, athos))["table"]
    assert snap["trois"]["score"][str(athos)] == 7
    assert snap["trois"]["withdrawn"] == [athos]
    assert not snap["trois"]["three_handed"]
    assert set(snap["trois"]["seats"].values()) == {porthos, aramis}
    assert snap["status"] == "playing"
    while snap["status"] == "playing":
        answer = post(scorer, snap, trois_vole(snap, aramis))
        assert answer["hand"]["result"]["format"] == "ecarte-result/1"
        snap = answer["table"]
    assert snap["status"] == "won"
    assert snap["trois"]["order"] == [athos, aramis, porthos]
    assert snap["winner"] == athos
    assert scorer.get(f"/tables/{snap['id']}").json() == snap


def test_a_trois_a_correction_rebuilds_the_game(scorer, trio):
    snap = open_trois(scorer, trio).json()
    athos, porthos = trio[0].pk, trio[1].pk
    assert snap["trois"]["seats"]["elder"] == porthos
    first = post(scorer, snap, trois_vole(snap, athos))
    snap = post(scorer, first["table"], trois_vole(first["table"], athos))["table"]
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


def test_a_trois_each_change_is_an_event_and_the_last_hand_decides_the_table(scorer, trio):
    snap = open_trois(scorer, trio).json()
    athos, porthos = trio[0].pk, trio[1].pk
    while snap["status"] == "playing":
        player = porthos if snap["trois"]["order"] else athos
        snap = post(scorer, snap, trois_vole(snap, player))["table"]
    events = scorer.get(f"/tables/{snap['id']}/events").json()["events"]
    assert [e["seq"] for e in events] == list(range(1, snap["seq"] + 1))
    assert events[0]["kind"] == "open" and events[-1]["kind"] == "trois_won"
    assert {e["kind"] for e in events[1:-1]} == {"hand"}


# -- À quatre only --------------------------------------------------------------------------
def win_game(api, snap: dict, pair: list) -> dict:
    game = snap["quatre"]["game"]
    while snap["quatre"]["game"] == game and snap["status"] == "playing":
        answer = api.post(f"/tables/{snap['id']}/hands", {"record": quatre_vole(snap, pair)})
        snap = checked(answer)["table"]
    return snap


def test_a_quatre_a_side_scores_for_both_partners_and_the_deal_passes_left(scorer, four):
    snap = open_quatre(scorer, four).json()
    a, b, c, d = (p.pk for p in four)
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": quatre_vole(snap, [b, d])})
    snap = answer.json()["table"]
    assert snap["quatre"]["sides"][1]["score"] == 2
    assert snap["game"]["score"] == {str(a): 0, str(b): 2, str(c): 0, str(d): 2}
    assert snap["quatre"]["seats"] == {"elder": c, "second": d, "third": a, "dealer": b}


def test_a_quatre_a_match_won_on_la_belle(scorer, four):
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
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": quatre_vole(snap, [a, c])})
    assert answer.status_code in (409, 422)


def test_a_quatre_a_record_with_another_ranking_is_refused(scorer, four):
    snap = open_quatre(scorer, four).json()
    record = quatre_vole(snap, [four[0].pk, four[2].pk]) | {"rules": {"ranking": "ace_high"}}
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": record})
    assert answer.status_code == 422, answer.content
    assert answer.json()["error"]["at"] == "rules.ranking"


def test_a_quatre_a_correction_gives_the_points_to_the_other_side(scorer, four):
    snap = open_quatre(scorer, four).json()
    a, b, c, d = (p.pk for p in four)
    first = scorer.post(f"/tables/{snap['id']}/hands",
                        {"record": quatre_vole(snap, [a, c])}).json()
    answer = scorer.post(f"/hands/{first['hand']['id']}/correct",
                         {"record": quatre_vole(snap, [b, d])})
    assert answer.status_code == 200, answer.content
    table = scorer.get(f"/tables/{snap['id']}").json()
    assert [s["score"] for s in table["quatre"]["sides"]] == [0, 2]
