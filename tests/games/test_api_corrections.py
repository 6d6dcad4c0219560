"""POST /api/hands/{id}/correct: a correction is a new version, and everything that follows
from the hand is recomputed: game scores, rotation, the pool and its stakes."""
import pytest

from club import ledger
from club.models import Entry, Player, Transaction
from games.models import Hand, HandVersion, Table
from testbed.users import user_with_token
from tests.games.kit import Api, open_pool, post_hand, summary, win_game

pytestmark = pytest.mark.django_db


def balances():
    return {p.name: ledger.player_balance(p) for p in Player.objects.all()}


def test_a_correction_is_a_new_version_and_the_old_one_stays(scorer):
    snap = open_pool(scorer)
    hand = post_hand(scorer, snap, summary(3))["hand"]
    answer = scorer.post(f"/hands/{hand['id']}/correct", {"record": summary(5)})
    assert answer.status_code == 200
    assert answer.json()["hand"]["version"] == 2
    assert answer.json()["hand"]["result"]["points"] == {"elder": 2, "dealer": 0}
    history = scorer.get(f"/hands/{hand['id']}").json()["versions"]
    assert [v["record"]["summary"]["tricks"]["elder"] for v in history] == [3, 5]
    assert [v["entered_by"] for v in history] == ["scorer", "scorer"]


def test_correcting_a_hand_rescores_the_game_after_it(scorer):
    snap = open_pool(scorer)
    athos = str(snap["seats"]["elder"])
    first = post_hand(scorer, snap, summary(3))  # Athos, elder, takes the point
    snap = post_hand(scorer, first["table"], summary(2))["table"]  # Athos, now dealer, again
    assert snap["game"]["score"][athos] == 2
    corrected = scorer.post(f"/hands/{first['hand']['id']}/correct", {"record": summary(5)})
    assert corrected.json()["table"]["game"]["score"][athos] == 3  # a vole, then the point
    assert corrected.json()["table"]["seq"] == snap["seq"] + 1


def test_an_invalid_correction_changes_nothing(scorer):
    snap = open_pool(scorer)
    hand = post_hand(scorer, snap, summary(3))["hand"]
    answer = scorer.post(f"/hands/{hand['id']}/correct",
                         {"record": {"summary": {"opening": "exchanged", "king_turned": False,
                                                 "tricks": {"elder": 4, "dealer": 4}}}})
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "bad_summary"
    assert HandVersion.objects.count() == 1 and Hand.objects.get().version == 1


def test_the_same_record_again_makes_no_new_version(scorer):
    snap = open_pool(scorer)
    hand = post_hand(scorer, snap, summary(3))["hand"]
    scorer.post(f"/hands/{hand['id']}/correct", {"record": summary(3)})
    assert HandVersion.objects.count() == 1


def test_a_correction_that_changes_a_games_winner_rotates_again_and_resettles(scorer, staff_api):
    snap = open_pool(staff_api, rules={"pool_entry": "10.00", "pool_forfeit": "1.00"},
                     scorers=["scorer"])
    athos, porthos, aramis = snap["players"]
    snap, game_one = win_game(scorer, snap, athos)  # Athos beats Porthos; Aramis comes in
    snap, _ = win_game(scorer, snap, athos)  # Athos beats Aramis: the pool is his
    assert snap["status"] == "won" and snap["pool"]["winner"] == athos
    assert balances() == {"Athos": 3200 - 1000, "Porthos": -1100, "Aramis": -1100}

    # The scorer mis-entered the last hand of game 1: Porthos took the vole, not Athos.
    last = Hand.objects.get(pk=game_one[-1])
    refused = scorer.post(f"/hands/{last.pk}/correct", {"record": summary(5 - (
        last.result["tricks"]["elder"]))})
    assert refused.status_code == 403  # the pool is won: only staff may correct it now
    answer = staff_api.post(f"/hands/{last.pk}/correct", {"record": summary(
        5 - last.result["tricks"]["elder"])})
    assert answer.status_code == 200, answer.content
    snap = answer.json()["table"]
    assert snap["status"] == "playing" and snap["pool"]["winner"] is None
    assert snap["game"]["number"] == 1  # game 1 goes on: Porthos is back in it
    set_aside = Hand.objects.filter(status=Hand.Status.SET_ASIDE)
    assert set_aside.count() >= 2 and all(h.result is None for h in set_aside)
    assert balances() == {"Athos": -1000, "Porthos": -1000, "Aramis": -1000}
    assert sum(balances().values()) + ledger.balance(
        ledger.pot_account(snap["id"], "pot")) == 0
    assert Transaction.objects.filter(reverses__isnull=False).count() == 3  # 2 forfeits, payout
    assert all(sum(e.amount for e in tx.entries.all()) == 0
               for tx in Transaction.objects.prefetch_related("entries"))
    assert Entry.objects.count() > 0


def test_abandoning_a_pool_returns_every_stake_as_paid(scorer, staff_api):
    snap = open_pool(staff_api, rules={"pool_entry": "10.00", "pool_forfeit": "2.50"},
                     scorers=["scorer"])
    snap, _ = win_game(scorer, snap, snap["players"][0])  # Porthos pays a forfeit
    answer = scorer.post(f"/tables/{snap['id']}/abandon")
    assert answer.status_code == 200 and answer.json()["status"] == "abandoned"
    assert balances() == {"Athos": 0, "Porthos": 0, "Aramis": 0}
    assert scorer.post(f"/tables/{snap['id']}/abandon").status_code == 409
    assert Table.objects.get().status == "abandoned"


def test_only_a_scorer_may_abandon(client, scorer):
    snap = open_pool(scorer)
    _, token = user_with_token("kibitzer")
    assert Api(client, token).post(f"/tables/{snap['id']}/abandon").status_code == 403
    assert Table.objects.get().status == "playing"


def test_an_unknown_hand_is_404(scorer):
    assert scorer.post("/hands/999/correct", {"record": summary(3)}).status_code == 404


def test_a_scorer_corrects_a_hand_only_while_its_unit_is_open(scorer, staff_api):
    snap = open_pool(scorer)
    snap, game_one = win_game(scorer, snap, snap["players"][0])  # unit 1 is decided
    assert snap["status"] == "playing"
    answer = scorer.post(f"/hands/{game_one[0]}/correct", {"record": summary(3)})
    assert answer.status_code == 403 and "unit" in answer.json()["error"]["message"]
    assert HandVersion.objects.filter(hand_id=game_one[0]).count() == 1
    open_hand = post_hand(scorer, snap, summary(3))["hand"]  # unit 2 goes on: its hands are his
    assert scorer.post(f"/hands/{open_hand['id']}/correct",
                       {"record": summary(2)}).status_code == 200
    assert staff_api.post(f"/hands/{game_one[0]}/correct",
                      {"record": summary(3)}).status_code == 200


def test_a_preview_says_what_a_correction_would_change_and_saves_nothing(scorer, staff_api):
    # Entry 10.00, forfeit 1.00; Athos wins both games with voles: the pot of 32.00 is his
    # (Athos 22.00, Porthos and Aramis -11.00 each). Hand 1 turned into the dealer's vole
    # leaves game 1 unfinished (Porthos 2, Athos 4): the later hands are set aside, the payout
    # and the forfeits undone, and the 30.00 of entries is held in the pot again.
    snap = open_pool(staff_api, rules={"pool_entry": "10.00", "pool_forfeit": "1.00"},
                     scorers=["scorer"])
    athos = snap["players"][0]
    snap, game_one = win_game(scorer, snap, athos)
    snap, _ = win_game(scorer, snap, athos)
    before = (HandVersion.objects.count(), Table.objects.get().seq, balances())

    answer = staff_api.post(f"/hands/{game_one[0]}/correct/preview", {"record": summary(0)})

    assert answer.status_code == 200, answer.content
    effect = answer.json()
    assert (HandVersion.objects.count(), Table.objects.get().seq, balances()) == before
    assert effect["hand"]["version"] == 1 and effect["record"] == summary(0)
    assert effect["result"]["points"] == {"elder": 0, "dealer": 2}
    assert effect["set_aside"] == [4, 5, 6] and effect["counted_again"] == []
    assert {"what": "table", "number": 1, "before": "Athos", "after": None} in effect["decided"]
    assert effect["balances"] == [
        {"name": "Aramis", "before": "-11.00", "after": "-10.00"},
        {"name": "Athos", "before": "22.00", "after": "-10.00"},
        {"name": "Porthos", "before": "-11.00", "after": "-10.00"}]
    assert (effect["squared_before"], effect["held_before"], effect["held_after"]) == (
        False, "0.00", "30.00")


def test_a_preview_is_refused_as_the_correction_would_be(scorer, staff_api):
    snap = open_pool(scorer)
    snap, game_one = win_game(scorer, snap, snap["players"][0])  # unit 1 is decided
    assert scorer.post(f"/hands/{game_one[0]}/correct/preview",
                       {"record": summary(3)}).status_code == 403
    assert staff_api.post("/hands/999/correct/preview",
                          {"record": summary(3)}).status_code == 404
    bad = staff_api.post(f"/hands/{game_one[0]}/correct/preview",
                         {"record": summary(3) | {"summary": {"opening": "played"}}})
    assert bad.status_code == 422
    assert HandVersion.objects.count() == len(game_one)
