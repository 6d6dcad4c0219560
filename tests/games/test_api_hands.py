"""POST /api/tables/{id}/hands: the next hand of the current game (docs/api.md, Hands)."""
import pytest

from games.models import Hand, HandVersion, Table
from testbed.records import ELDER_VOLE, bad_card, elder_vole
from testbed.users import user_with_token
from tests.games.kit import Api, hand_won_by, players, summary

pytestmark = pytest.mark.django_db



@pytest.fixture
def table(scorer):
    trio = players("Athos", "Porthos", "Aramis")
    return scorer.post("/tables", {"name": "Table 1", "format": "pool", "first_dealer": trio[1].pk,
                                   "players": [p.pk for p in trio]}).json()


def post_hand(api, table, record, **extra):
    return api.post(f"/tables/{table['id']}/hands", {"record": record} | extra)


def test_a_hand_is_scored_stored_and_the_snapshot_moves_on(scorer, table):
    answer = post_hand(scorer, table, ELDER_VOLE)
    assert answer.status_code == 201
    body = answer.json()
    hand = Hand.objects.get()
    assert body["hand"]["id"] == hand.pk and body["hand"]["number"] == 1
    assert body["hand"]["result"]["points"] == {"elder": 2, "dealer": 0}
    elder, dealer = str(table["seats"]["elder"]), str(table["seats"]["dealer"])
    assert body["table"]["game"]["score"] == {elder: 2, dealer: 0}
    assert body["table"]["seq"] == table["seq"] + 1
    assert body["table"]["seats"]["elder"] == table["seats"]["dealer"]  # the deal alternates
    assert hand.versions.get().record == ELDER_VOLE and hand.entered_by.username == "scorer"


def test_a_rejected_hand_answers_the_engines_error_and_saves_nothing(scorer, table):
    answer = post_hand(scorer, table, bad_card())
    assert answer.status_code == 422
    assert answer.json()["error"] == {
        "code": "bad_card", "at": "deal.elder[0]",
        "message": answer.json()["error"]["message"]}
    assert "XS" in answer.json()["error"]["message"]
    assert not Hand.objects.exists()
    assert Table.objects.get().seq == table["seq"]


def test_only_the_tables_scorer_or_staff_may_post(client, table):
    _, other = user_with_token("kibitzer")
    answer = post_hand(Api(client, other), table, ELDER_VOLE)
    assert answer.status_code == 403 and not Hand.objects.exists()
    _, staff = user_with_token("secretary", staff=True)
    assert post_hand(Api(client, staff), table, ELDER_VOLE).status_code == 201


def test_a_scorer_named_by_the_opener_may_post(client):
    opener, token = user_with_token("opener")
    helper, helper_token = user_with_token("helper")
    trio = players("A", "B", "C")
    snap = Api(client, token).post("/tables", {"name": "T", "format": "pool",
                                               "players": [p.pk for p in trio],
                                               "scorers": ["helper"]}).json()
    assert post_hand(Api(client, helper_token), snap, ELDER_VOLE).status_code == 201


def test_the_table_imposes_its_game_score_on_the_record(scorer, table):
    answer = post_hand(scorer, table, elder_vole(score_before={"elder": 3, "dealer": 0}))
    assert answer.status_code == 422 and answer.json()["error"]["at"] == "score_before"


def test_a_record_with_the_rules_of_another_table_is_refused(scorer, table):
    answer = post_hand(scorer, table, elder_vole(rules={"ranking": "ace_high"}))
    assert answer.status_code == 422 and answer.json()["error"]["at"] == "rules.ranking"


def test_a_variant_the_table_does_not_play_is_refused(scorer, table):
    record = summary(3) | {"double": {"by": "elder", "before_trick": 1, "accepted": True}}
    answer = post_hand(scorer, table, record)
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "variant_disabled"


def test_the_same_deal_cannot_be_recorded_twice(scorer, table):
    post_hand(scorer, table, ELDER_VOLE)
    answer = post_hand(scorer, table, ELDER_VOLE)
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "duplicate_hand"
    assert Hand.objects.count() == 1


def test_the_same_deal_spelled_otherwise_is_still_the_same_deal(scorer, table):
    """docs/hand-record.md accepts 7h, 10♥ and TH alike, and a hand's cards in any order."""
    post_hand(scorer, table, ELDER_VOLE)
    respelled = elder_vole(deal={"elder": ["qd", "J♦", "as", "qs", "ks"],
                                 "dealer": ["7c", "10H", "9h", "8S", "7S"], "turn_up": "8d"})

    answer = post_hand(scorer, table, respelled)

    assert answer.status_code == 409 and answer.json()["error"]["code"] == "duplicate_hand"
    assert Hand.objects.count() == 1


def test_a_scorer_may_name_the_hand_number_he_is_entering(scorer, table):
    assert post_hand(scorer, table, summary(3), number=1).status_code == 201
    answer = post_hand(scorer, table, summary(3), number=1)  # a second scorer, a step behind
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "wrong_hand_number"
    assert Hand.objects.count() == 1


def test_a_hand_in_progress_must_be_finished_by_a_correction(scorer, table):
    live = elder_vole(tricks=ELDER_VOLE["tricks"][:2], in_progress=True)
    first = post_hand(scorer, table, live)
    assert first.status_code == 201
    assert first.json()["table"]["hand_in_progress"] == 1
    assert first.json()["table"]["seats"] == table["seats"]  # the deal has not passed
    answer = post_hand(scorer, table, summary(3))
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "hand_in_progress"
    done = scorer.post(f"/hands/{first.json()['hand']['id']}/correct", {"record": ELDER_VOLE})
    assert done.status_code == 200 and done.json()["table"]["hand_in_progress"] is None


def test_no_hand_after_the_pool_is_won(scorer, table):
    snap = table
    while snap["status"] == "playing":
        snap = post_hand(scorer, snap, hand_won_by(snap, snap["seats"]["elder"])).json()["table"]
    answer = post_hand(scorer, snap, summary(3))
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "table_closed"


def test_an_unknown_table_is_404(scorer):
    answer = scorer.post("/tables/999/hands", {"record": summary(3)})
    assert answer.status_code == 404


@pytest.mark.parametrize("raw", [b"{}", b'{"record": 1, "number": "one"}', b"nonsense"])
def test_a_body_without_a_record_is_a_400(scorer, table, raw):
    answer = scorer.post(f"/tables/{table['id']}/hands", raw=raw)
    assert answer.status_code == 400 and not Hand.objects.exists()


@pytest.mark.parametrize("record", [None, [], "hand", 3, {"summary": None}])
def test_a_record_that_is_not_a_hand_is_the_engines_422(scorer, table, record):
    answer = post_hand(scorer, table, record)
    assert answer.status_code == 422 and not HandVersion.objects.exists()


@pytest.mark.parametrize("key", ["\u0000", "\udcff"])
def test_a_record_holding_text_no_database_stores_is_refused_not_a_500(scorer, table, key):
    """The engine would name the unknown field, and the answer kept for the Idempotency-Key
    would then hold that text: the record is refused before either."""
    record = elder_vole() | {key: 1}

    answer = scorer.post(f"/tables/{table['id']}/hands", {"record": record}, key="retry-1")

    assert answer.status_code == 400
    assert "record: must not contain" in answer.json()["error"]["message"]
    assert not Hand.objects.exists()
