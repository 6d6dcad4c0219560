"""Who may enter, correct and abandon at a table, and what an Idempotency-Key already used at
the table guards: the refusals of the hand services, seen through the API."""
import pytest

from club.models import IdempotentRequest
from games.models import Game, Hand, HandVersion, Table
from testbed.users import user_with_token
from tests.games.kit import Api, open_pool, players, summary, win_game

pytestmark = pytest.mark.django_db

KEY = "terminal-7:1"


def open_with_deputy(api: Api) -> tuple[dict, Api]:
    """A pool opened by `api`'s user, who names the member "deputy" as a scorer too; its
    snapshot and the deputy's client."""
    deputy = Api(api.client, user_with_token("deputy")[1])
    trio = players("Athos", "Porthos", "Aramis")
    answer = api.post("/tables", {"name": "T", "format": "pool", "scorers": ["deputy"],
                                  "players": [p.pk for p in trio]})
    assert answer.status_code == 201, answer.content
    assert list(Table.objects.get().scorers.values_list("username", flat=True)) == ["deputy"]
    return answer.json(), deputy


def versions(hand_id: int) -> list[int]:
    return list(HandVersion.objects.filter(hand_id=hand_id).values_list("version", flat=True))


def the_point_not_the_vole(hand_id: int) -> dict:
    """The hand's record corrected: its winner took the point, not the vole. Each game of
    `win_game` then still ends at the same hand with the same winner."""
    elder_tricks = Hand.objects.get(pk=hand_id).record["summary"]["tricks"]["elder"]
    return summary({5: 3, 0: 2}[elder_tricks])


def only_staff_may_correct(scorer, staff_api, hand_id: int):
    """The scorer's correction back to the first version is refused and changes nothing; staff's
    is taken, as version 3. Returns staff's answer."""
    first = HandVersion.objects.get(hand_id=hand_id, version=1).record
    refused = scorer.post(f"/hands/{hand_id}/correct", {"record": first})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "unit_decided"
    assert versions(hand_id) == [1, 2]
    fixed = staff_api.post(f"/hands/{hand_id}/correct", {"record": first})
    assert fixed.status_code == 200, fixed.content
    assert versions(hand_id) == [1, 2, 3]
    return fixed


# -- an Idempotency-Key already used at the table -------------------------------------------
@pytest.mark.parametrize("who", ["deputy", "staff"])
def test_a_key_used_at_the_table_is_refused_with_another_users_different_hand(scorer, staff_api,
                                                                              who):
    """The keys of club.idempotency are each user's own, so the second user's key is new to
    him: it is the table's check that refuses his different hand."""
    snap, deputy = open_with_deputy(scorer)
    second, username = {"deputy": (deputy, "deputy"), "staff": (staff_api, "secretary")}[who]
    first = scorer.post(f"/tables/{snap['id']}/hands", {"record": summary(3)}, key=KEY)
    assert first.status_code == 201, first.content
    seq = Table.objects.get().seq

    answer = second.post(f"/tables/{snap['id']}/hands", {"record": summary(5)}, key=KEY)

    assert answer.status_code == 409, answer.content
    assert answer.json()["error"]["code"] == "idempotency_conflict"
    hand = Hand.objects.get()  # one hand, as the first scorer entered it
    assert hand.record == summary(3) and hand.version == 1
    assert list(HandVersion.objects.values_list("record", flat=True)) == [summary(3)]
    assert Table.objects.get().seq == seq
    # The per-user layer let the request through and kept the table's refusal as its answer.
    assert [(r.user.get_username(), r.status) for r in IdempotentRequest.objects.filter(
        key=KEY).order_by("pk")] == [("scorer", 201), (username, 409)]


# -- only the opener, the named scorers and staff ---------------------------------------------
ACTIONS = {
    "enter a hand": lambda snap, hand: (f"/tables/{snap['id']}/hands", {"record": summary(5)}),
    "correct a hand": lambda snap, hand: (f"/hands/{hand}/correct", {"record": summary(5)}),
    "abandon the table": lambda snap, hand: (f"/tables/{snap['id']}/abandon", {}),
}


@pytest.mark.parametrize("action", ACTIONS)
def test_a_member_who_is_not_a_scorer_of_a_table_with_scorers_may_not_score_it(client, scorer,
                                                                              action):
    snap, _ = open_with_deputy(scorer)
    hand = scorer.post(f"/tables/{snap['id']}/hands", {"record": summary(3)}).json()["hand"]
    seq = Table.objects.get().seq
    kibitzer = Api(client, user_with_token("kibitzer")[1])

    answer = kibitzer.post(*ACTIONS[action](snap, hand["id"]))

    assert answer.status_code == 403, answer.content
    assert answer.json()["error"]["code"] == "not_scorer"
    assert Hand.objects.count() == 1 and Hand.objects.get().record == summary(3)
    assert HandVersion.objects.count() == 1
    table = Table.objects.get()
    assert (table.status, table.seq) == ("playing", seq)


# -- a scorer corrects a hand while its unit is open ------------------------------------------
def test_a_scorer_corrects_a_hand_of_a_won_game_while_its_rubber_is_open(scorer, staff_api):
    athos, porthos = players("Athos", "Porthos")
    snap = scorer.post("/tables", {"name": "R", "format": "rubber", "first_dealer": porthos.pk,
                                   "players": [athos.pk, porthos.pk]}).json()
    assert snap["rules"]["rubber_games"] == 3
    snap, game_one = win_game(scorer, snap, athos.pk)
    assert snap["status"] == "playing" and snap["game"]["number"] == 2  # the rubber goes on

    answer = scorer.post(f"/hands/{game_one[0]}/correct",
                         {"record": the_point_not_the_vole(game_one[0])})
    assert answer.status_code == 200, answer.content
    assert versions(game_one[0]) == [1, 2] and Hand.objects.get(pk=game_one[0]).version == 2
    assert Game.objects.get(number=1).winner == athos

    snap, _ = win_game(scorer, answer.json()["table"], athos.pk)  # Athos takes the rubber
    assert snap["status"] == "won"
    fixed = only_staff_may_correct(scorer, staff_api, game_one[0])
    assert (fixed.json()["table"]["status"], fixed.json()["table"]["winner"]) == (
        "won", athos.pk)


def test_a_pool_of_rubbers_locks_a_hand_for_its_scorer_only_once_its_rubber_is_decided(
        scorer, staff_api):
    snap = open_pool(scorer, rules={"pool_unit": "rubber"})
    athos = snap["players"][0]
    snap, game_one = win_game(scorer, snap, athos)
    assert snap["unit"]["number"] == 1 and snap["game"]["number"] == 2

    answer = scorer.post(f"/hands/{game_one[0]}/correct",
                         {"record": the_point_not_the_vole(game_one[0])})
    assert answer.status_code == 200, answer.content
    assert versions(game_one[0]) == [1, 2]

    snap, _ = win_game(scorer, answer.json()["table"], athos)  # the first rubber is Athos's
    assert snap["status"] == "playing" and snap["unit"]["number"] == 2  # the pool goes on
    fixed = only_staff_may_correct(scorer, staff_api, game_one[0])
    assert fixed.json()["table"]["unit"]["number"] == 2
