"""An à quatre hand entered trick by trick (docs/api.md, A hand in progress; docs/rules.md,
section 13 and rulings 50 to 58). The figures come from the Laws:

DEAL has diamonds for trumps (7D turned up), and the elder plays without proposing, so his
side is vulnerable. The elder holds only spades; the second no spade and the trumps TD 8D; the
third low spades and hearts; the dealer no spade and the trumps QD 9D. So in the first trick,
to the elder's KS, the second must trump, the third must follow suit, and the dealer must
overtrump the second if he can.

PLAY is a legal play of it: the dealer takes tricks 1, 3, 4 and 5, his partner the second
trick 2. The dealer's side makes the vole: 2, the refusal point not added to it (section 7).

What holds the same à trois and à quatre (the duties of play, undo, one hand in progress, a
repeated trick) is tested for both in test_api_tricks_trois_quatre.py.
"""
import pytest

from games.api.schemas import Snapshot
from tests.engine.quatre_kit import deal, full
from tests.games.kit import created, open_quatre, players
from tests.games.quatre_kit import DEAL, PLAY

pytestmark = pytest.mark.django_db


def start(api, table, tricks=0, the_deal=DEAL):
    answer = api.post(f"/tables/{table['id']}/hands",
                      {"record": full(the_deal, tricks=PLAY[:tricks], in_progress=True)})
    assert answer.status_code == 201, answer.content
    return answer.json()


def add(api, hand_id, number, trick=None, **extra):
    return api.post(f"/hands/{hand_id}/tricks",
                    {"trick": trick or PLAY[number - 1], "number": number}, **extra)


def test_a_hand_entered_trick_by_trick_scores_as_the_whole_record(scorer, four):
    athos, porthos, aramis, dartagnan = (str(p.pk) for p in four)
    table = created(open_quatre(scorer, four))
    hand_id = start(scorer, table)["hand"]["id"]
    for number in range(1, 6):
        answer = add(scorer, hand_id, number)
        assert answer.status_code == 201, answer.content
        assert answer.json()["hand"]["result"]["marks"] == []
        assert answer.json()["table"]["hand_in_progress"] == 1
        assert answer.json()["table"]["game"]["score"][athos] == 0
    finished = scorer.post(f"/hands/{hand_id}/finish", {})
    assert finished.status_code == 200, finished.content
    result, snap = finished.json()["hand"]["result"], finished.json()["table"]
    assert snap["hand_in_progress"] is None and "in_progress" not in result
    assert result["tricks"] == {"elder_side": 0, "dealer_side": 5}
    assert result["points"] == {"elder_side": 0, "dealer_side": 2}
    assert snap["game"]["score"] == {athos: 2, aramis: 2, porthos: 0, dartagnan: 0}
    assert snap["quatre"]["seats"]["dealer"] == int(porthos)  # the deal passes on

    whole = created(open_quatre(scorer, players("A", "B", "C", "D")))
    posted = scorer.post(f"/tables/{whole['id']}/hands", {"record": full(DEAL, tricks=PLAY)})
    assert posted.status_code == 201, posted.content
    assert posted.json()["hand"]["result"] == result


def test_each_trick_is_led_by_the_winner_of_the_one_before(scorer, four):
    athos, porthos, aramis, dartagnan = (p.pk for p in four)
    table = created(open_quatre(scorer, four))
    hand_id = start(scorer, table, tricks=2)["hand"]["id"]
    snap = scorer.get(f"/tables/{table['id']}").json()
    Snapshot.model_validate(snap)  # the API's schema of a snapshot holds it
    seen = snap["in_progress"]
    assert seen["seats"] == {"elder": porthos, "second": aramis, "third": dartagnan,
                             "dealer": athos}
    assert [(t["leader"], t["winner"]) for t in seen["tricks"]] == [
        (porthos, athos), (athos, aramis)]
    assert seen["tricks"][0]["cards"] == PLAY[0]
    # Trick 3 written from the elder, not from the second who won trick 2.
    answer = add(scorer, hand_id, 3, trick=["AS", "KH", "TH", "9D"])
    assert answer.status_code == 422
    assert (answer.json()["error"]["code"], answer.json()["error"]["at"]) == (
        "card_not_held", "tricks[2][0]")


def vole(snap, side):
    other = "dealer_side" if side == "elder_side" else "elder_side"
    return {"format": "ecarte-quatre/1", "summary": {
        "opening": "exchanged", "king_turned": False, "tricks": {side: 5, other: 0}}}


def test_a_king_turned_that_ends_the_game_ends_the_hand_before_play(scorer, four):
    """Ruling 56: to 5, Athos and Aramis have 4 when Aramis deals and turns up a king: their
    side marks it, reaches 5 and wins the game; the hand is not played."""
    athos, porthos, aramis, dartagnan = (str(p.pk) for p in four)
    snap = created(open_quatre(scorer, four, rules={"target": 5}))
    for side in ("dealer_side", "elder_side"):  # hand 1 dealt by Athos, hand 2 by Porthos
        snap = scorer.post(f"/tables/{snap['id']}/hands",
                           {"record": vole(snap, side)}).json()["table"]
    assert snap["game"]["score"][athos] == snap["game"]["score"][aramis] == 4
    assert snap["quatre"]["seats"]["dealer"] == int(aramis)
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": full(
        deal("KS QS JS AS TS", "TD 8D KH QH JH", "9S 8S 7S AH TH", "QD 9D KC QC JC", "KD"),
        tricks=[], in_progress=True)})
    assert answer.status_code == 201, answer.content
    result, snap = answer.json()["hand"]["result"], answer.json()["table"]
    assert result["marks"] == [{"to": "dealer_side", "points": 1, "for": "king_turned"}]
    assert result["game_over"] is True and result["winner"] == "dealer_side"
    assert snap["hand_in_progress"] is None and snap["quatre"]["game"] == 2
    late = add(scorer, answer.json()["hand"]["id"], 1)
    assert late.status_code == 409 and late.json()["error"]["code"] == "hand_not_in_progress"
