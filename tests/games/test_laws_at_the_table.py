"""The Laws the engine records (docs/rules.md, rulings 84 to 94) as a table plays them through the
API: a deal out of turn that stood is seated as it was dealt and the other player deals next,
and a correction may say so afterwards; a forgotten mark may be claimed by a correction until
the trump of the next deal is turned up, and not after, whoever asks."""
import pytest

from games.models import Hand
from tests.games.kit import Api, players, post_hand, summary

pytestmark = pytest.mark.django_db

OUT_OF_TURN = {"type": "dealt_out_of_turn"}


def unmarked(by: str, mark: str) -> dict:
    return {"type": "unmarked", "by": by, "mark": mark}


@pytest.fixture
def pool(staff_api: Api) -> dict:
    """Athos, Porthos and Aramis; Porthos deals first, so Athos is the elder."""
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    answer = staff_api.post("/tables", {"name": "T", "format": "pool",
                                        "players": [athos.pk, porthos.pk, aramis.pk],
                                        "first_dealer": porthos.pk})
    assert answer.status_code == 201, answer.content
    return answer.json()


def seats(hand_id: int) -> tuple:
    hand = Hand.objects.get(pk=hand_id)
    return hand.elder_id, hand.dealer_id


def test_law_a_deal_out_of_turn_stands_and_is_seated_as_it_was_dealt(staff_api, pool):
    athos, porthos = pool["seats"]["elder"], pool["seats"]["dealer"]
    # Athos dealt, though it was Porthos's turn, and the trump was turned: the deal stands.
    done = post_hand(staff_api, pool, summary(3, **{}) | {"irregularities": [OUT_OF_TURN]})

    assert seats(done["hand"]["id"]) == (porthos, athos)
    assert done["table"]["game"]["score"] == {str(porthos): 1, str(athos): 0}
    # Porthos, whose turn it was, deals next: the course goes on from the deal that stood.
    assert done["table"]["seats"] == {"elder": athos, "dealer": porthos,
                                      "observer": done["table"]["seats"]["observer"]}


def test_a_correction_that_says_the_deal_was_out_of_turn_seats_the_hand_so(staff_api, pool):
    athos, porthos = pool["seats"]["elder"], pool["seats"]["dealer"]
    done = post_hand(staff_api, pool, summary(3))
    assert seats(done["hand"]["id"]) == (athos, porthos)

    corrected = staff_api.post(f"/hands/{done['hand']['id']}/correct",
                               {"record": summary(3) | {"irregularities": [OUT_OF_TURN]}})

    assert corrected.status_code == 200, corrected.content
    assert seats(done["hand"]["id"]) == (porthos, athos)
    assert corrected.json()["table"]["game"]["score"] == {str(porthos): 1, str(athos): 0}


def test_law_a_forgotten_mark_is_claimed_before_the_next_trump_is_turned(staff_api, pool):
    athos = pool["seats"]["elder"]
    forgot = post_hand(staff_api, pool, summary(3) | {"irregularities": [
        unmarked("elder", "point")]})
    assert forgot["table"]["game"]["score"][str(athos)] == 0

    claimed = staff_api.post(f"/hands/{forgot['hand']['id']}/correct", {"record": summary(3)})

    assert claimed.status_code == 200, claimed.content
    assert claimed.json()["table"]["game"]["score"][str(athos)] == 1


def test_law_a_forgotten_mark_claimed_after_the_next_trump_is_turned_is_too_late(
        staff_api, pool):
    athos = pool["seats"]["elder"]
    forgot = post_hand(staff_api, pool, summary(3) | {"irregularities": [
        unmarked("elder", "point")]})
    post_hand(staff_api, forgot["table"], summary(3))  # the next deal: its trump is turned

    late = staff_api.post(f"/hands/{forgot['hand']['id']}/correct", {"record": summary(3)})

    assert late.status_code == 422
    assert late.json()["error"]["code"] == "too_late"
    assert Hand.objects.get(pk=forgot["hand"]["id"]).version == 1  # nothing was saved
    assert staff_api.get(f"/tables/{pool['id']}").json()["game"]["score"][str(athos)] == 0
