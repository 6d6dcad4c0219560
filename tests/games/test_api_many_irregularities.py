"""The Laws' irregularities at tables à trois and à quatre through the API (docs/rules.md,
section 8, rulings 80 to 83): a revoke kept in a full record with its penalty, a false king in
a correction, and a hand dealt again by the same dealer."""
import pytest

from club.errors import Refused
from games.models import Hand
from games.services import tricks
from tests.engine.quatre_kit import REVOKE, REVOKE_DEAL, REVOKE_TRICKS
from tests.engine.trois_kit import REVOKE as TROIS_REVOKE
from tests.engine.trois_kit import REVOKE_DEAL as TROIS_DEAL
from tests.engine.trois_kit import REVOKE_TRICKS as TROIS_TRICKS
from tests.engine.trois_kit import full as trois_full
from tests.games.kit import checked, open_quatre, open_trois, players
from tests.games.trois_kit import post

pytestmark = pytest.mark.django_db


def marks(hand: dict) -> list:
    return [(m["to"], m["points"], m["for"]) for m in hand["result"]["marks"]]


def test_a_revoke_a_trois_is_kept_with_its_penalty(scorer):
    trio = players("Athos", "Porthos", "Aramis")
    snap = open_trois(scorer, trio).json()
    record = trois_full(*TROIS_DEAL, [], TROIS_TRICKS)
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": record})
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "must_follow_suit"
    assert not Hand.objects.exists()

    # Athos deals: Porthos is the elder, Aramis the middle. Aramis revoked and took 4 tricks
    # against the vulnerable elder: his point is lost, the dealer Athos keeps the refusal point
    # (ruling 81).
    out = post(scorer, snap, record | {"irregularities": [TROIS_REVOKE]})
    assert marks(out["hand"]) == [("dealer", 1, "refusal")]
    athos, porthos, aramis = (p.pk for p in trio)
    assert out["table"]["game"]["score"] == {str(athos): 1, str(porthos): 0, str(aramis): 0}
    assert out["table"]["trois"]["seats"]["dealer"] == porthos  # the deal passes on


def test_a_hand_dealt_again_a_trois_keeps_the_dealer(scorer):
    trio = players("Athos", "Porthos", "Aramis")
    snap = open_trois(scorer, trio).json()
    record = {"format": "ecarte-trois/1", "summary": {
        "opening": "exchanged", "king_turned": True,
        "tricks": {"elder": 0, "middle": 0, "dealer": 0}},
        "irregularities": [{"type": "replay", "reason": "misdeal"}]}
    out = post(scorer, snap, record)
    assert out["hand"]["result"]["void"] is True and out["hand"]["result"]["marks"] == []
    assert out["table"]["trois"]["seats"]["dealer"] == trio[0].pk  # Athos deals again
    assert out["table"]["last_hands"][0]["void"] is True


def test_a_revoke_a_quatre_costs_the_side_a_point(scorer, four):
    # Athos deals first: Porthos is the elder, Aramis the second, D'Artagnan the third; the
    # dealer's side is Athos and Aramis. Aramis revokes in the first trick and his side makes
    # the vole: 2, less 1 (ruling 83).
    snap = open_quatre(scorer, four).json()
    record = {"format": "ecarte-quatre/1", "deal": REVOKE_DEAL, "exchanges": [],
              "tricks": [t.split() for t in REVOKE_TRICKS], "irregularities": [REVOKE]}
    out = checked(scorer.post(f"/tables/{snap['id']}/hands", {"record": record}))
    assert marks(out["hand"]) == [("dealer_side", 1, "point")]
    athos, porthos, aramis, dartagnan = (p.pk for p in four)
    assert out["table"]["game"]["score"] == {str(athos): 1, str(porthos): 0, str(aramis): 1,
                                             str(dartagnan): 0}


def test_a_correction_adds_a_false_king_and_then_a_replay(scorer, four):
    snap = open_quatre(scorer, four).json()
    record = {"format": "ecarte-quatre/1", "summary": {
        "opening": "played", "king_turned": False, "king": "dealer",
        "tricks": {"elder_side": 1, "dealer_side": 4}}}
    out = checked(scorer.post(f"/tables/{snap['id']}/hands", {"record": record}))
    # The king, the point and the refusal point: 3 to Athos and Aramis.
    assert sum(m["points"] for m in out["hand"]["result"]["marks"]) == 3
    hand = out["hand"]["id"]

    false_king = record | {"irregularities": [{"type": "false_king", "by": "dealer"}]}
    answer = scorer.post(f"/hands/{hand}/correct", {"record": false_king})
    assert answer.status_code == 200, answer.content
    # No king mark, and the refusal point lost for the false king (rulings 19 and 83).
    assert marks(answer.json()["hand"]) == [("dealer_side", 1, "point")]

    replayed = record | {"irregularities": [{"type": "replay", "reason": "false_king"}]}
    answer = scorer.post(f"/hands/{hand}/correct", {"record": replayed})
    assert answer.status_code == 200, answer.content
    table = answer.json()["table"]
    assert answer.json()["hand"]["result"]["void"] is True
    assert {s["score"] for s in table["quatre"]["sides"]} == {0}
    assert table["quatre"]["seats"]["dealer"] == four[0].pk  # Athos deals again


def test_a_trick_entered_with_a_revoke_keeps_the_illegal_card(scorer, four):
    # The service of the trick form: à quatre the revoke names a seat (ruling 80).
    snap = open_quatre(scorer, four).json()
    record = {"format": "ecarte-quatre/1", "deal": REVOKE_DEAL, "exchanges": [],
              "in_progress": True}
    hand = checked(scorer.post(f"/tables/{snap['id']}/hands", {"record": record}))["hand"]
    trick, user = REVOKE_TRICKS[0].split(), Hand.objects.get().table.opened_by
    with pytest.raises(Refused) as refused:
        tricks.add_trick(hand_id=hand["id"], trick=trick, number=1, by=user)
    assert refused.value.code == "must_follow_suit"
    kept = tricks.add_trick(hand_id=hand["id"], trick=trick, number=1, by=user,
                            revoke_by="second")
    assert kept.record["irregularities"] == [REVOKE] and kept.record["tricks"] == [trick]
    assert kept.result["in_progress"] is True
