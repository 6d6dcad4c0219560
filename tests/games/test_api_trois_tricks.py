"""An à trois hand entered trick by trick (docs/api.md, A hand in progress; docs/rules.md,
section 12 and rulings 41 to 49). The figures come from the Laws:

DEAL has diamonds for trumps (7D turned up), and the elder plays without proposing, so he is
vulnerable. The elder holds only spades; the middle holds no spade and the trumps TD 8D; the
dealer no spade and the trumps QD 9D. So in the first trick, to the elder's KS, the middle must
trump, and the dealer must overtrump whatever the middle trumps with, if he can.

PLAY is a legal play of it: the dealer takes tricks 1, 3, 4 and 5, the middle trick 2. The
dealer marks the point; the elder, vulnerable, failed to win it, so the refusal point goes to
the third player, the middle, in consolation.

What holds the same à trois and à quatre (the duties of play, undo, one hand in progress, a
repeated trick) is tested for both in test_api_tricks_trois_quatre.py.
"""
import pytest

from games.api.schemas import Snapshot
from games.models import Hand
from tests.engine.trois_kit import full
from tests.games.kit import created, open_trois, players
from tests.games.trois_kit import DEAL, PLAY

pytestmark = pytest.mark.django_db


def start(api, table, tricks=0):
    answer = api.post(f"/tables/{table['id']}/hands",
                      {"record": full(*DEAL, tricks=PLAY[:tricks], in_progress=True)})
    assert answer.status_code == 201, answer.content
    return answer.json()


def add(api, hand_id, number, trick=None, **extra):
    return api.post(f"/hands/{hand_id}/tricks",
                    {"trick": trick or PLAY[number - 1], "number": number}, **extra)


def test_a_hand_entered_trick_by_trick_scores_as_the_whole_record(scorer, trio):
    athos, porthos, aramis = (p.pk for p in trio)
    table = created(open_trois(scorer, trio))
    hand_id = start(scorer, table)["hand"]["id"]
    for number in range(1, 6):
        answer = add(scorer, hand_id, number)
        assert answer.status_code == 201, answer.content
        assert answer.json()["hand"]["result"]["marks"] == []  # nothing until it is finished
        assert answer.json()["table"]["hand_in_progress"] == 1
        assert answer.json()["table"]["trois"]["score"] == dict.fromkeys(
            map(str, (athos, porthos, aramis)), 0)
    finished = scorer.post(f"/hands/{hand_id}/finish", {})
    assert finished.status_code == 200, finished.content
    result, snap = finished.json()["hand"]["result"], finished.json()["table"]
    assert "in_progress" not in result and snap["hand_in_progress"] is None
    assert result["tricks"] == {"elder": 0, "middle": 1, "dealer": 4}
    assert result["marks"] == [{"to": "dealer", "points": 1, "for": "point"},
                               {"to": "middle", "points": 1, "for": "refusal"}]
    assert snap["trois"]["score"] == {str(athos): 1, str(porthos): 0, str(aramis): 1}
    assert snap["trois"]["seats"]["dealer"] == porthos  # the deal passes on once finished

    whole = created(open_trois(scorer, players("Athos2", "Porthos2", "Aramis2")))
    posted = scorer.post(f"/tables/{whole['id']}/hands", {"record": full(*DEAL, tricks=PLAY)})
    assert posted.status_code == 201, posted.content
    assert posted.json()["hand"]["result"] == result


def test_each_trick_is_led_by_the_winner_of_the_one_before(scorer, trio):
    athos, porthos, aramis = (p.pk for p in trio)
    table = created(open_trois(scorer, trio))
    hand_id = start(scorer, table, tricks=2)["hand"]["id"]
    snap = scorer.get(f"/tables/{table['id']}").json()
    Snapshot.model_validate(snap)  # the API's schema of a snapshot holds it
    seen = snap["in_progress"]
    assert seen["seats"] == {"elder": porthos, "middle": aramis, "dealer": athos}
    assert [(t["leader"], t["winner"]) for t in seen["tricks"]] == [
        (porthos, athos), (athos, aramis)]
    assert seen["tricks"][1]["cards"] == PLAY[1]
    assert seen["won"] == {str(athos): 1, str(porthos): 0, str(aramis): 1}
    # Trick 3 written from the elder instead of the middle, who won trick 2: the elder does
    # not hold KH.
    answer = add(scorer, hand_id, 3, trick=["AS", "KH", "9D"])
    assert answer.status_code == 422
    assert (answer.json()["error"]["code"], answer.json()["error"]["at"]) == (
        "card_not_held", "tricks[2][0]")


def test_a_revoke_is_refused_and_no_revoke_is_kept(scorer, trio):
    """Ruling 48: an illegal play à trois is refused, never recorded as a revoke. Here the
    middle holds 9S and must follow the elder's KS; he trumps instead."""
    table = created(open_trois(scorer, trio))
    record = full("KS QS JS AS TS", "9S 8D KH QH JH", "QD 9D KC QC JC", "7D", tricks=[],
                  in_progress=True)
    posted = scorer.post(f"/tables/{table['id']}/hands", {"record": record})
    assert posted.status_code == 201, posted.content
    hand_id = posted.json()["hand"]["id"]
    answer = add(scorer, hand_id, 1, trick=["KS", "8D", "QD"])
    assert answer.status_code == 422
    assert (answer.json()["error"]["code"], answer.json()["error"]["at"]) == (
        "must_follow_suit", "tricks[0][1]")
    assert Hand.objects.get(pk=hand_id).record["tricks"] == []


def test_a_finish_without_five_tricks_is_refused(scorer, trio):
    table = created(open_trois(scorer, trio))
    hand_id = start(scorer, table, tricks=4)["hand"]["id"]
    answer = scorer.post(f"/hands/{hand_id}/finish", {})
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "wrong_trick_count"
    assert Hand.objects.get(pk=hand_id).record["in_progress"] is True


def test_a_trick_of_two_cards_is_refused(scorer, trio):
    table = created(open_trois(scorer, trio))
    hand_id = start(scorer, table)["hand"]["id"]
    answer = add(scorer, hand_id, 1, trick=["KS", "TD"])
    assert answer.status_code == 422
    assert (answer.json()["error"]["code"], answer.json()["error"]["at"]) == (
        "bad_format", "tricks[0]")


def vole(snap, player):
    """A summary in which `player` takes all five tricks, no one vulnerable: 2 to him."""
    seats = snap["trois"]["seats"]
    tricks = {seat: 5 if pk == player else 0 for seat, pk in seats.items()}
    return {"format": "ecarte-trois/1",
            "summary": {"opening": "exchanged", "king_turned": False, "tricks": tricks}}


def test_a_king_turned_that_ends_the_game_ends_the_hand_before_play(scorer, trio):
    """Ruling 47: to 5, Porthos has 4 when he deals and turns up a king: he marks it, reaches
    5 and wins; the hand is not played, and the next hand may be posted at once."""
    athos, porthos, aramis = (p.pk for p in trio)
    snap = created(open_trois(scorer, trio, rules={"target": 5}))
    for player in (porthos, porthos):  # hands 1 and 2: two voles to Porthos
        snap = scorer.post(f"/tables/{snap['id']}/hands",
                           {"record": vole(snap, player)}).json()["table"]
    assert snap["trois"]["score"][str(porthos)] == 4
    while snap["trois"]["seats"]["dealer"] != porthos:  # a point to the others meanwhile
        seats = snap["trois"]["seats"]
        other = aramis if seats["elder"] != aramis else athos
        tricks = {seat: 3 if pk == other else 1 for seat, pk in seats.items()}
        tricks[next(s for s, pk in seats.items() if pk == porthos)] = 0
        tricks[next(s for s, pk in seats.items() if pk not in (porthos, other))] = 2
        answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": {
            "format": "ecarte-trois/1", "summary": {"opening": "exchanged",
                                                    "king_turned": False, "tricks": tricks}}})
        assert answer.status_code == 201, answer.content
        snap = answer.json()["table"]
    assert snap["trois"]["score"][str(porthos)] == 4
    record = full(*DEAL[:3], "KD", tricks=[], in_progress=True)
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": record})
    assert answer.status_code == 201, answer.content
    result, snap = answer.json()["hand"]["result"], answer.json()["table"]
    assert result["marks"] == [{"to": "dealer", "points": 1, "for": "king_turned"}]
    assert result["game_over"] is True
    assert snap["hand_in_progress"] is None and snap["trois"]["withdrawn"] == [porthos]
    hand_id = answer.json()["hand"]["id"]
    late = add(scorer, hand_id, 1)
    assert late.status_code == 409 and late.json()["error"]["code"] == "hand_not_in_progress"


def test_the_two_handed_finish_takes_a_hand_in_progress(scorer, trio):
    """Ruling 49: once the winner withdrew, the other two play `ecarte-hand/1` hands, which
    may be entered trick by trick like any two-handed hand."""
    athos, porthos, aramis = (p.pk for p in trio)
    snap = created(open_trois(scorer, trio, rules={"target": 5}))
    while snap["trois"]["three_handed"]:
        snap = scorer.post(f"/tables/{snap['id']}/hands",
                           {"record": vole(snap, athos)}).json()["table"]
    record = {"deal": {"elder": "KS QS JS AS TS".split(), "dealer": "8S 7S KH QH JH".split(),
                       "turn_up": "7D"}, "exchanges": [], "tricks": [], "in_progress": True}
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": record})
    assert answer.status_code == 201, answer.content
    hand_id = answer.json()["hand"]["id"]
    assert answer.json()["table"]["hand_in_progress"] == answer.json()["hand"]["number"]
    for number, trick in enumerate((["KS", "8S"], ["QS", "7S"], ["JS", "KH"], ["AS", "QH"],
                                    ["TS", "JH"]), start=1):
        assert add(scorer, hand_id, number, trick=trick).status_code == 201
    finished = scorer.post(f"/hands/{hand_id}/finish", {})
    assert finished.status_code == 200, finished.content
    # The elder played without proposing and took the vole: 2 (section 7).
    assert finished.json()["hand"]["result"]["points"] == {"elder": 2, "dealer": 0}


def test_only_the_last_hand_of_the_table_may_be_in_progress(scorer, trio):
    """A correction that puts hand 1 back in progress sets hand 2 aside: hand 1 is no longer
    the table's last, and neither takes a trick (it is finished by a correction)."""
    table = created(open_trois(scorer, trio))
    first = scorer.post(f"/tables/{table['id']}/hands",
                        {"record": full(*DEAL, tricks=PLAY)}).json()
    second = scorer.post(f"/tables/{table['id']}/hands", {"record": {
        "format": "ecarte-trois/1", "summary": {"opening": "exchanged", "king_turned": False,
                                                "tricks": {"elder": 3, "middle": 1,
                                                           "dealer": 1}}}}).json()
    corrected = scorer.post(f"/hands/{first['hand']['id']}/correct",
                            {"record": full(*DEAL, tricks=PLAY[:2], in_progress=True)})
    assert corrected.status_code == 200, corrected.content
    assert corrected.json()["table"]["hand_in_progress"] == 1
    assert Hand.objects.get(pk=second["hand"]["id"]).status == Hand.Status.SET_ASIDE
    for hand in (first, second):
        answer = add(scorer, hand["hand"]["id"], 3)
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "hand_not_in_progress"
