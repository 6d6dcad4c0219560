"""A hand à trois and à quatre entered trick by trick (docs/api.md, A hand in progress;
docs/rules.md, sections 12 and 13): what holds the same for both forms, each test run once for
each (the `form` fixture). The deals and their play are the kits' (tests/games/trois_kit.py,
quatre_kit.py): diamonds are trumps (7D turned up); the elder holds only spades and leads KS;
the player after him holds trumps and no spade, the dealer QD 9D and no spade. The figures
of each form alone are in test_api_trois_tricks.py and test_api_quatre_tricks.py."""
from dataclasses import dataclass

import pytest

from games.models import Hand, HandVersion
from tests.engine import quatre_kit, trois_kit
from tests.games import quatre_kit as quatre_games
from tests.games import trois_kit as trois_games
from tests.games.kit import created, hand_and_table, open_quatre, open_trois, players

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Form:
    name: str
    play: list
    record: object  # the full record of the kit's deal with `tricks`, in progress
    table: object  # opens a table of the form through the API: the answer
    summary: dict  # a summary record of the form, for a second hand


TROIS = Form("trois", trois_games.PLAY,
             lambda tricks: trois_kit.full(*trois_games.DEAL, tricks=tricks, in_progress=True),
             lambda api: open_trois(api, players("Athos", "Porthos", "Aramis")),
             {"format": "ecarte-trois/1", "summary": {
                 "opening": "exchanged", "king_turned": False,
                 "tricks": {"elder": 3, "middle": 1, "dealer": 1}}})
QUATRE = Form("quatre", quatre_games.PLAY,
              lambda tricks: quatre_kit.full(quatre_games.DEAL, tricks=tricks, in_progress=True),
              lambda api: open_quatre(api, players("Athos", "Porthos", "Aramis", "D'Artagnan")),
              {"format": "ecarte-quatre/1", "summary": {
                  "opening": "exchanged", "king_turned": False,
                  "tricks": {"elder_side": 3, "dealer_side": 2}}})
FORMS = {form.name: form for form in (TROIS, QUATRE)}


@pytest.fixture(params=FORMS)
def form(request) -> Form:
    return FORMS[request.param]


def start(api, form, tricks=0):
    """A table of the form, and its hand posted in progress with its first `tricks` tricks."""
    table = created(form.table(api))
    answer = api.post(f"/tables/{table['id']}/hands", {"record": form.record(form.play[:tricks])})
    assert answer.status_code == 201, answer.content
    return table, answer.json()["hand"]["id"]


def add(api, form, hand_id, number, trick=None, **extra):
    return api.post(f"/hands/{hand_id}/tricks",
                    {"trick": trick or form.play[number - 1], "number": number}, **extra)


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
