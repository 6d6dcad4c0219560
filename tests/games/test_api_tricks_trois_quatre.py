"""A hand à trois and à quatre entered trick by trick (docs/api.md, A hand in progress;
docs/rules.md, sections 12 and 13, rulings 41 to 58): what holds the same for both forms, each
test run once for each (the `form` fixture), then what one form alone has. The figures come
from the Laws.

The deals and their play are the kits' (tests/games/trois_kit.py, quatre_kit.py): diamonds are
trumps (7D turned up), and the elder plays without proposing, so he, or his side, is
vulnerable. The elder holds only spades and leads KS; the player after him holds the trumps
TD 8D and no spade, the dealer QD 9D and no spade; à quatre the third holds low spades and
hearts. So in the first trick the second player must trump, the third à quatre must follow
suit, and the dealer must overtrump whatever the second trumps with, if he can.

PLAY is a legal play of it: the dealer takes tricks 1, 3, 4 and 5, the second player trick 2.
À trois the dealer marks the point; the elder, vulnerable, failed to win it, so the refusal
point goes to the third player, the middle, in consolation. À quatre the second is the
dealer's partner: the dealer's side makes the vole, 2, the refusal point not added to it
(section 7).

The players are Athos, Porthos, Aramis (and D'Artagnan): Athos deals first, Porthos is elder,
Aramis the middle, or the second and the dealer's partner."""
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from games.api.schemas import Snapshot
from games.models import Hand, HandVersion
from tests.engine import quatre_kit, trois_kit
from tests.games import quatre_kit as quatre_games
from tests.games import trois_kit as trois_games
from tests.games.kit import created, hand_and_table, open_quatre, open_trois, players

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Form:
    name: str
    seats: tuple  # from the elder to the dealer
    names: tuple  # the players, in the order they sit down: the first deals first
    play: list
    record: Callable  # (tricks, **extra): the full record of the kit's deal with `tricks`
    open: Callable  # (api, players, **fields): the answer to the table's opening
    summary: dict  # a summary record of the form, for a second hand
    score: Callable  # (snap): the score of the game in play, by player id


TROIS = Form("trois", trois_kit.SEATS, ("Athos", "Porthos", "Aramis"), trois_games.PLAY,
             lambda tricks, **extra: trois_kit.full(*trois_games.DEAL, tricks=tricks, **extra),
             open_trois,
             {"format": "ecarte-trois/1", "summary": {
                 "opening": "exchanged", "king_turned": False,
                 "tricks": {"elder": 3, "middle": 1, "dealer": 1}}},
             lambda snap: snap["trois"]["score"])
QUATRE = Form("quatre", quatre_kit.SEATS, ("Athos", "Porthos", "Aramis", "D'Artagnan"),
              quatre_games.PLAY,
              lambda tricks, **extra: quatre_kit.full(quatre_games.DEAL, tricks=tricks, **extra),
              open_quatre,
              {"format": "ecarte-quatre/1", "summary": {
                  "opening": "exchanged", "king_turned": False,
                  "tricks": {"elder_side": 3, "dealer_side": 2}}},
              lambda snap: snap["game"]["score"])
FORMS = {form.name: form for form in (TROIS, QUATRE)}


@pytest.fixture(params=FORMS)
def form(request) -> Form:
    return FORMS[request.param]


def opened(api, form, *suffix) -> dict:
    """A table of the form for its players (their names with `suffix`): its snapshot."""
    return created(form.open(api, players(*(name + "".join(suffix) for name in form.names))))


def start(api, form, tricks=0):
    """A table of the form, and its hand posted in progress with its first `tricks` tricks."""
    table = opened(api, form)
    answer = api.post(f"/tables/{table['id']}/hands",
                      {"record": form.record(form.play[:tricks], in_progress=True)})
    assert answer.status_code == 201, answer.content
    return table, answer.json()["hand"]["id"]


def add(api, form, hand_id, number, trick=None, **extra):
    return api.post(f"/hands/{hand_id}/tricks",
                    {"trick": trick or form.play[number - 1], "number": number}, **extra)


@pytest.mark.parametrize("form, tricks, marks, points, scores", [
    ("trois", {"elder": 0, "middle": 1, "dealer": 4},
     [{"to": "dealer", "points": 1, "for": "point"},
      {"to": "middle", "points": 1, "for": "refusal"}],
     {"elder": 0, "middle": 1, "dealer": 1}, (1, 0, 1)),
    ("quatre", {"elder_side": 0, "dealer_side": 5},
     [{"to": "dealer_side", "points": 1, "for": "point"},
      {"to": "dealer_side", "points": 1, "for": "vole"}],
     {"elder_side": 0, "dealer_side": 2}, (2, 0, 2, 0)),
], indirect=["form"])
def test_a_hand_entered_trick_by_trick_scores_as_the_whole_record(scorer, form, tricks, marks,
                                                                  points, scores):
    table, hand_id = start(scorer, form)
    seated = table["players"]  # Athos, Porthos, Aramis (and D'Artagnan)
    for number in range(1, 6):
        answer = add(scorer, form, hand_id, number)
        assert answer.status_code == 201, answer.content
        assert answer.json()["hand"]["result"]["marks"] == []  # nothing until it is finished
        assert answer.json()["table"]["hand_in_progress"] == 1
        assert form.score(answer.json()["table"]) == {str(pk): 0 for pk in seated}
    finished = scorer.post(f"/hands/{hand_id}/finish", {})
    assert finished.status_code == 200, finished.content
    result, snap = finished.json()["hand"]["result"], finished.json()["table"]
    assert "in_progress" not in result and snap["hand_in_progress"] is None
    assert result["tricks"] == tricks
    assert result["marks"] == marks
    assert result["points"] == points
    assert form.score(snap) == {str(pk): n for pk, n in zip(seated, scores, strict=True)}
    assert snap[form.name]["seats"]["dealer"] == seated[1]  # the deal passes on once finished

    whole = opened(scorer, form, "2")
    posted = scorer.post(f"/tables/{whole['id']}/hands", {"record": form.record(form.play)})
    assert posted.status_code == 201, posted.content
    assert posted.json()["hand"]["result"] == result


@pytest.mark.parametrize("form, wrong", [
    # Trick 3 written from the elder instead of the second player, who won trick 2: the elder
    # does not hold KH.
    ("trois", ["AS", "KH", "9D"]),
    ("quatre", ["AS", "KH", "TH", "9D"]),
], indirect=["form"])
def test_each_trick_is_led_by_the_winner_of_the_one_before(scorer, form, wrong):
    table, hand_id = start(scorer, form, tricks=2)
    athos, porthos, aramis = table["players"][:3]
    snap = scorer.get(f"/tables/{table['id']}").json()
    Snapshot.model_validate(snap)  # the API's schema of a snapshot holds it
    seen = snap["in_progress"]
    # From the elder, Porthos, round to the dealer, Athos.
    order = table["players"][1:] + table["players"][:1]
    assert seen["seats"] == dict(zip(form.seats, order, strict=True))
    assert [(t["leader"], t["winner"]) for t in seen["tricks"]] == [
        (porthos, athos), (athos, aramis)]
    assert [t["cards"] for t in seen["tricks"]] == form.play[:2]
    assert seen["won"] == {str(pk): 1 if pk in (athos, aramis) else 0 for pk in order}
    answer = add(scorer, form, hand_id, 3, trick=wrong)
    assert answer.status_code == 422
    assert (answer.json()["error"]["code"], answer.json()["error"]["at"]) == (
        "card_not_held", "tricks[2][0]")


def test_a_finish_without_five_tricks_is_refused(scorer, form):
    _, hand_id = start(scorer, form, tricks=4)
    answer = scorer.post(f"/hands/{hand_id}/finish", {})
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "wrong_trick_count"
    assert Hand.objects.get(pk=hand_id).record["in_progress"] is True


def test_a_trick_of_one_card_too_few_is_refused(scorer, form):
    _, hand_id = start(scorer, form)
    answer = add(scorer, form, hand_id, 1, trick=form.play[0][:-1])
    assert answer.status_code == 422
    assert (answer.json()["error"]["code"], answer.json()["error"]["at"]) == (
        "bad_format", "tricks[0]")


@pytest.mark.parametrize("form, trick, code, at", [
    # À trois: the middle holds trumps; the dealer holds QD over TD; he must still trump.
    ("trois", ["KS", "KH", "QD"], "must_trump", "tricks[0][1]"),
    ("trois", ["KS", "TD", "9D"], "must_win_trick", "tricks[0][2]"),
    ("trois", ["QS", "8D", "KC"], "must_trump", "tricks[0][2]"),
    # À quatre (ruling 51: no revoke is kept; the duties hold towards a partner too): the
    # second has trumps; the third has spades; the dealer's QD beats his partner's TD.
    ("quatre", ["KS", "KH", "7S", "QD"], "must_trump", "tricks[0][1]"),
    ("quatre", ["KS", "8D", "AH", "9D"], "must_follow_suit", "tricks[0][2]"),
    ("quatre", ["KS", "TD", "7S", "9D"], "must_win_trick", "tricks[0][3]"),
], indirect=["form"])
def test_a_broken_duty_of_play_is_refused_at_its_card_and_changes_nothing(
        scorer, form, trick, code, at):
    _, hand_id = start(scorer, form)
    hand, before = hand_and_table(hand_id)
    answer = add(scorer, form, hand_id, 1, trick=trick)
    assert answer.status_code == 422
    assert (answer.json()["error"]["code"], answer.json()["error"]["at"]) == (code, at)
    after_hand, after = hand_and_table(hand_id)
    assert after.seq == before.seq and after.snapshot == before.snapshot
    assert after_hand.record == hand.record and "irregularities" not in after_hand.record
    assert HandVersion.objects.get(hand=hand).record == hand.record


def test_undo_takes_the_last_trick_back(scorer, form):
    _, hand_id = start(scorer, form, tricks=3)
    wrong = scorer.post(f"/hands/{hand_id}/tricks/undo", {"number": 2})
    assert wrong.status_code == 409 and wrong.json()["error"]["code"] == "wrong_trick_number"
    undone = scorer.post(f"/hands/{hand_id}/tricks/undo", {"number": 3})
    assert undone.status_code == 200, undone.content
    assert Hand.objects.get(pk=hand_id).record["tricks"] == form.play[:2]
    assert len(undone.json()["table"]["in_progress"]["tricks"]) == 2
    again = scorer.post(f"/hands/{hand_id}/tricks/undo", {"number": 3})
    assert again.status_code == 409 and again.json()["error"]["code"] == "wrong_trick_number"
    assert add(scorer, form, hand_id, 3).status_code == 201


def test_no_second_hand_while_one_is_in_progress(scorer, form):
    table, _ = start(scorer, form, tricks=3)
    answer = scorer.post(f"/tables/{table['id']}/hands", {"record": form.summary})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "hand_in_progress"
    assert Hand.objects.filter(table_id=table["id"]).count() == 1


def test_a_trick_posted_twice_with_the_same_key_is_recorded_once(scorer, form):
    _, hand_id = start(scorer, form)
    first = add(scorer, form, hand_id, 1, key="phone-1")
    again = add(scorer, form, hand_id, 1, key="phone-1")
    assert again.status_code == first.status_code == 201 and again.json() == first.json()
    assert Hand.objects.get(pk=hand_id).record["tricks"] == form.play[:1]


def test_only_the_last_hand_of_the_table_may_be_in_progress(scorer, form):
    """A correction that puts hand 1 back in progress sets hand 2 aside: hand 1 is no longer
    the table's last, and neither takes a trick (it is finished by a correction)."""
    table = opened(scorer, form)
    first = scorer.post(f"/tables/{table['id']}/hands",
                        {"record": form.record(form.play)}).json()
    second = scorer.post(f"/tables/{table['id']}/hands", {"record": form.summary}).json()
    corrected = scorer.post(f"/hands/{first['hand']['id']}/correct",
                            {"record": form.record(form.play[:2], in_progress=True)})
    assert corrected.status_code == 200, corrected.content
    assert corrected.json()["table"]["hand_in_progress"] == 1
    assert Hand.objects.get(pk=second["hand"]["id"]).status == Hand.Status.SET_ASIDE
    for hand in (first, second):
        answer = add(scorer, form, hand["hand"]["id"], 3)
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "hand_not_in_progress"


# -- À trois only ---------------------------------------------------------------------------
def test_a_trois_a_revoke_is_refused_and_no_revoke_is_kept(scorer, trio):
    """Ruling 48: an illegal play à trois is refused, never recorded as a revoke. Here the
    middle holds 9S and must follow the elder's KS; he trumps instead."""
    table = created(open_trois(scorer, trio))
    record = trois_kit.full("KS QS JS AS TS", "9S 8D KH QH JH", "QD 9D KC QC JC", "7D",
                            tricks=[], in_progress=True)
    posted = scorer.post(f"/tables/{table['id']}/hands", {"record": record})
    assert posted.status_code == 201, posted.content
    hand_id = posted.json()["hand"]["id"]
    answer = add(scorer, TROIS, hand_id, 1, trick=["KS", "8D", "QD"])
    assert answer.status_code == 422
    assert (answer.json()["error"]["code"], answer.json()["error"]["at"]) == (
        "must_follow_suit", "tricks[0][1]")
    assert Hand.objects.get(pk=hand_id).record["tricks"] == []


def trois_vole(snap, player):
    """A summary in which `player` takes all five tricks, no one vulnerable: 2 to him."""
    seats = snap["trois"]["seats"]
    tricks = {seat: 5 if pk == player else 0 for seat, pk in seats.items()}
    return {"format": "ecarte-trois/1",
            "summary": {"opening": "exchanged", "king_turned": False, "tricks": tricks}}


def test_a_trois_a_king_turned_that_ends_the_game_ends_the_hand_before_play(scorer, trio):
    """Ruling 47: to 5, Porthos has 4 when he deals and turns up a king: he marks it, reaches
    5 and wins; the hand is not played, and the next hand may be posted at once."""
    athos, porthos, aramis = (p.pk for p in trio)
    snap = created(open_trois(scorer, trio, rules={"target": 5}))
    for player in (porthos, porthos):  # hands 1 and 2: two voles to Porthos
        snap = scorer.post(f"/tables/{snap['id']}/hands",
                           {"record": trois_vole(snap, player)}).json()["table"]
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
    record = trois_kit.full(*trois_games.DEAL[:3], "KD", tricks=[], in_progress=True)
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": record})
    assert answer.status_code == 201, answer.content
    result, snap = answer.json()["hand"]["result"], answer.json()["table"]
    assert result["marks"] == [{"to": "dealer", "points": 1, "for": "king_turned"}]
    assert result["game_over"] is True
    assert snap["hand_in_progress"] is None and snap["trois"]["withdrawn"] == [porthos]
    hand_id = answer.json()["hand"]["id"]
    late = add(scorer, TROIS, hand_id, 1)
    assert late.status_code == 409 and late.json()["error"]["code"] == "hand_not_in_progress"


def test_a_trois_the_two_handed_finish_takes_a_hand_in_progress(scorer, trio):
    """Ruling 49: once the winner withdrew, the other two play `ecarte-hand/1` hands, which
    may be entered trick by trick like any two-handed hand."""
    athos = trio[0].pk
    snap = created(open_trois(scorer, trio, rules={"target": 5}))
    while snap["trois"]["three_handed"]:
        snap = scorer.post(f"/tables/{snap['id']}/hands",
                           {"record": trois_vole(snap, athos)}).json()["table"]
    record = {"deal": {"elder": "KS QS JS AS TS".split(), "dealer": "8S 7S KH QH JH".split(),
                       "turn_up": "7D"}, "exchanges": [], "tricks": [], "in_progress": True}
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": record})
    assert answer.status_code == 201, answer.content
    hand_id = answer.json()["hand"]["id"]
    assert answer.json()["table"]["hand_in_progress"] == answer.json()["hand"]["number"]
    for number, trick in enumerate((["KS", "8S"], ["QS", "7S"], ["JS", "KH"], ["AS", "QH"],
                                    ["TS", "JH"]), start=1):
        assert add(scorer, TROIS, hand_id, number, trick=trick).status_code == 201
    finished = scorer.post(f"/hands/{hand_id}/finish", {})
    assert finished.status_code == 200, finished.content
    # The elder played without proposing and took the vole: 2 (section 7).
    assert finished.json()["hand"]["result"]["points"] == {"elder": 2, "dealer": 0}


# -- À quatre only --------------------------------------------------------------------------
def side_vole(snap, side):
    other = "dealer_side" if side == "elder_side" else "elder_side"
    return {"format": "ecarte-quatre/1", "summary": {
        "opening": "exchanged", "king_turned": False, "tricks": {side: 5, other: 0}}}


def test_a_quatre_a_king_turned_that_ends_the_game_ends_the_hand_before_play(scorer, four):
    """Ruling 56: to 5, Athos and Aramis have 4 when Aramis deals and turns up a king: their
    side marks it, reaches 5 and wins the game; the hand is not played."""
    athos, porthos, aramis, dartagnan = (str(p.pk) for p in four)
    snap = created(open_quatre(scorer, four, rules={"target": 5}))
    for side in ("dealer_side", "elder_side"):  # hand 1 dealt by Athos, hand 2 by Porthos
        snap = scorer.post(f"/tables/{snap['id']}/hands",
                           {"record": side_vole(snap, side)}).json()["table"]
    assert snap["game"]["score"][athos] == snap["game"]["score"][aramis] == 4
    assert snap["quatre"]["seats"]["dealer"] == int(aramis)
    answer = scorer.post(f"/tables/{snap['id']}/hands", {"record": quatre_kit.full(
        quatre_kit.deal("KS QS JS AS TS", "TD 8D KH QH JH", "9S 8S 7S AH TH", "QD 9D KC QC JC",
                        "KD"), tricks=[], in_progress=True)})
    assert answer.status_code == 201, answer.content
    result, snap = answer.json()["hand"]["result"], answer.json()["table"]
    assert result["marks"] == [{"to": "dealer_side", "points": 1, "for": "king_turned"}]
    assert result["game_over"] is True and result["winner"] == "dealer_side"
    assert snap["hand_in_progress"] is None and snap["quatre"]["game"] == 2
    late = add(scorer, QUATRE, answer.json()["hand"]["id"], 1)
    assert late.status_code == 409 and late.json()["error"]["code"] == "hand_not_in_progress"
