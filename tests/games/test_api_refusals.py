"""Every refusal of the players, tables and hands API (docs/api.md): its status, its error code,
and nothing changed. One list, so that a path without a test shows."""
import pytest
from django.contrib.auth import get_user_model

from club.models import Entry, Player, Transaction
from games.models import Hand, HandVersion, Table
from testbed.records import elder_vole
from testbed.users import user_with_token
from tests.engine.ecarte_kit import ERRORS, POINT
from tests.games.kit import Api, hand_won_by, players, summary

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(client):
    """A scorer's pool in play (one hand; its first game's unit still open), a pool he won,
    a member who scores nothing, a stranger's bad token, staff, and an unplaced fourth."""
    scorer = Api(client, user_with_token("scorer")[1])
    staff = Api(client, user_with_token("secretary", staff=True)[1])
    member = Api(client, user_with_token("member")[1])
    trio = players("Athos", "Porthos", "Aramis")
    fourth = players("D'Artagnan")[0]
    ids = [p.pk for p in trio]
    playing = scorer.post("/tables", {"name": "Playing", "format": "pool", "players": ids,
                                      "first_dealer": ids[1]}).json()
    answer = scorer.post(f"/tables/{playing['id']}/hands", {"record": elder_vole()})
    first_hand = answer.json()["hand"]["id"]
    playing = answer.json()["table"]
    won = scorer.post("/tables", {"name": "Won", "format": "pool", "players": ids}).json()
    while won["status"] == "playing":
        won = scorer.post(f"/tables/{won['id']}/hands",
                          {"record": hand_won_by(won, won["seats"]["elder"])}).json()["table"]
    linked = get_user_model().objects.create_user("athos")  # for "user already linked"
    Player.objects.filter(pk=ids[0]).update(user=linked)
    return {"scorer": scorer, "staff": staff, "member": member,
            "anonymous": Api(client, "0" * 40), "playing": playing["id"], "won": won["id"],
            "hand": first_hand, "ids": ids, "fourth": fourth.pk}


def pool_body(club, **changes):
    return {"name": "New", "format": "pool", "players": club["ids"]} | changes


# (who, method, path, body) -> (status, code). A path names the fixture's rows in braces; a
# body for /tables changes the fixture's pool (a function of the fixture when it needs its
# rows), and "pool", "hand", "keyed" and "empty key" are made by the test.
REFUSALS = {
    # Who may do what: a user for everything, staff for players, a scorer for a table's hands.
    "no user: players": ("anonymous", "post", "/players", {"name": "X"}, 401, "unauthorized"),
    "no user: a table": ("anonymous", "get", "/tables/{playing}", None, 401, "unauthorized"),
    "no user: open": ("anonymous", "post", "/tables", "pool", 401, "unauthorized"),
    "no user: a hand": ("anonymous", "post", "/tables/{playing}/hands", "hand", 401,
                        "unauthorized"),
    "no user: correct": ("anonymous", "post", "/hands/{hand}/correct", "hand", 401,
                         "unauthorized"),
    "no user: abandon": ("anonymous", "post", "/tables/{playing}/abandon", {}, 401,
                         "unauthorized"),
    "no user: hand history": ("anonymous", "get", "/hands/{hand}", None, 401, "unauthorized"),
    "member adds a player": ("member", "post", "/players", {"name": "X"}, 403, "not_staff"),
    "member enters a hand": ("member", "post", "/tables/{playing}/hands", "hand", 403,
                             "not_scorer"),
    "member corrects": ("member", "post", "/hands/{hand}/correct", "hand", 403, "not_scorer"),
    "member abandons": ("member", "post", "/tables/{playing}/abandon", {}, 403, "not_scorer"),
    # Players.
    "blank name": ("staff", "post", "/players", {"name": "  "}, 422, "bad_name"),
    "unknown user": ("staff", "post", "/players", {"name": "X", "user": "nobody"}, 422,
                     "unknown_user"),
    "user already linked": ("staff", "post", "/players", {"name": "X", "user": "athos"}, 409,
                            "user_linked"),
    "name taken": ("staff", "post", "/players", {"name": "ATHOS"}, 409, "name_taken"),
    "no such player": ("staff", "get", "/players/999999", None, 404, "no_such_player"),
    # Opening a table.
    "unknown player": ("scorer", "post", "/tables", {"players": [999999, 1, 2]}, 422,
                       "unknown_player"),
    "a dealer not at the table": ("scorer", "post", "/tables",
                                  lambda c: {"first_dealer": c["fourth"]}, 422, "bad_first_dealer"),
    "the observer deals": ("scorer", "post", "/tables",
                           lambda c: {"first_dealer": c["ids"][2]}, 422, "bad_first_dealer"),
    "two at a pool": ("scorer", "post", "/tables", lambda c: {"players": c["ids"][:2]}, 422,
                      "wrong_player_count"),
    "unknown scorer": ("scorer", "post", "/tables", {"scorers": ["nobody"]}, 422,
                       "unknown_user"),
    "unknown format": ("scorer", "post", "/tables", {"format": "chouette"}, 400,
                       "bad_request"),
    "bad rules": ("scorer", "post", "/tables", {"rules": {"target": 6}}, 422, "bad_rules"),
    "bad stake": ("scorer", "post", "/tables", {"rules": {"pool_entry": "-1.00"}}, 422,
                  "bad_rules"),
    "no such table": ("scorer", "get", "/tables/999999", None, 404, "no_such_table"),
    # Hands.
    "hand at no table": ("scorer", "post", "/tables/999999/hands", "hand", 404, "no_such_table"),
    "hand at a won table": ("scorer", "post", "/tables/{won}/hands", "hand", 409,
                            "table_closed"),
    "the wrong hand number": ("scorer", "post", "/tables/{playing}/hands",
                              {"record": summary(3), "number": 1}, 409, "wrong_hand_number"),
    "a deal entered twice": ("scorer", "post", "/tables/{playing}/hands",
                             {"record": elder_vole()}, 409, "duplicate_hand"),
    "same key, another hand": ("scorer", "post", "/tables/{playing}/hands", "keyed", 409,
                               "idempotency_conflict"),
    "an empty key": ("scorer", "post", "/tables/{playing}/hands", "empty key", 400,
                     "bad_request"),
    "no such hand": ("scorer", "get", "/hands/999999", None, 404, "no_such_hand"),
    "correct no hand": ("scorer", "post", "/hands/999999/correct", "hand", 404, "no_such_hand"),
    "correct a decided unit": ("scorer", "post", "/hands/{won_hand}/correct", "hand", 403,
                               "unit_decided"),
    "abandon no table": ("scorer", "post", "/tables/999999/abandon", {}, 404, "no_such_table"),
    "abandon a won pool": ("scorer", "post", "/tables/{won}/abandon", {}, 409, "table_closed"),
}


def _counts():
    return [model.objects.count() for model in (Player, Table, Hand, HandVersion, Transaction,
                                                Entry)] + [list(Table.objects.values_list(
                                                    "seq", flat=True).order_by("pk"))]


@pytest.mark.parametrize("case", REFUSALS)
def test_a_refused_request_names_its_code_and_changes_nothing(club, case):
    who, method, path, body, status, code = REFUSALS[case]
    club["won_hand"] = Hand.objects.filter(table_id=club["won"]).order_by("number")[0].pk
    api = club[who]
    path = path.format(**club)
    key = None
    if body == "pool":
        body = pool_body(club)
    elif body == "hand":
        body = {"record": summary(3)}
    elif body in ("keyed", "empty key"):
        if body == "keyed":
            api.post(path, {"record": summary(3)}, key="k1")  # the first use of the key
        key = "k1" if body == "keyed" else ""
        body = {"record": summary(2)}
    elif path == "/tables":
        body = pool_body(club, **(body(club) if callable(body) else body))
    before = _counts()

    if method == "get":
        answer = api.get(path)
    elif key == "":
        answer = api.client.post(f"/api{path}", data=body, content_type="application/json",
                                 HTTP_AUTHORIZATION=f"Bearer {api.token}",
                                 HTTP_IDEMPOTENCY_KEY="")
    else:
        answer = api.post(path, body, key=key)

    assert (answer.status_code, answer.json()["error"]["code"]) == (status, code)
    assert answer.json()["error"]["message"]
    assert _counts() == before


AT_THE_TABLE = [error for error in ERRORS if error[0] != "after_game_end"]


@pytest.mark.parametrize("code, make, at", AT_THE_TABLE, ids=[e[0] for e in AT_THE_TABLE])
def test_each_engine_error_comes_back_through_the_hands_endpoint(club, code, make, at):
    """docs/hand-record.md's codes, as the engine gives them, through a table. (`after_game_end`
    is reached in the engine by a record's own score_before, which a table never takes:
    it imposes its game score, a `bad_format` at `score_before`, tested below.)"""
    before = _counts()

    answer = club["scorer"].post(f"/tables/{club['playing']}/hands", {"record": make()})

    error = answer.json()["error"]
    assert (answer.status_code, error["code"]) == (422, code)
    assert error["at"] == at if not at.endswith("*") else error["at"].startswith(at[:-1])
    assert _counts() == before


def test_a_record_with_another_game_score_is_refused_where_it_says_so(club):
    record = POINT.record(score_before={"elder": 0, "dealer": 4})

    answer = club["scorer"].post(f"/tables/{club['playing']}/hands", {"record": record})

    assert answer.status_code == 422
    assert (answer.json()["error"]["code"], answer.json()["error"]["at"]) == (
        "bad_format", "score_before")


def test_a_hand_a_correction_left_without_a_place_cannot_be_corrected(club):
    """hand_set_aside: Athos leads 4-0 after four hands and Porthos takes the fifth; the first
    hand corrected to a vole makes Athos reach 5 at the fourth, so the fifth has no place."""
    staff = club["staff"]
    athos, porthos = club["ids"][:2]
    table = staff.post("/tables", {"name": "R", "format": "rubber", "players": [athos, porthos],
                                   "first_dealer": porthos}).json()["id"]
    hands = [staff.post(f"/tables/{table}/hands", {"record": summary(elder_tricks)}).json()
             for elder_tricks in (3, 2, 3, 2, 2)]  # Athos is elder at hands 1, 3 and 5
    assert hands[-1]["table"]["game"]["score"] == {str(athos): 4, str(porthos): 1}
    staff.post(f"/hands/{hands[0]['hand']['id']}/correct", {"record": summary(5)})
    fifth = Hand.objects.get(pk=hands[4]["hand"]["id"])
    assert fifth.status == Hand.Status.SET_ASIDE
    before = _counts()

    answer = staff.post(f"/hands/{fifth.pk}/correct", {"record": summary(3)})

    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "hand_set_aside")
    assert _counts() == before
