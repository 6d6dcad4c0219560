"""A hand entered trick by trick (docs/api.md, A hand in progress): POST /api/hands/{id}/tricks,
/tricks/undo and /finish. The expected figures come from the rules: ELDER_VOLE is the elder's
vole (docs/rules.md, section 7), and its dealer holds spades in the first two tricks (section
6: he must follow suit)."""
import pytest

from club.models import Player
from games.api.schemas import HandAndTable
from games.models import Game, GamePlayer, Hand, HandVersion, Table, Unit
from testbed.records import ELDER_VOLE, elder_vole
from testbed.users import user_with_token
from tests.games.kit import Api, fresh, hand_and_table, players, summary, writes_of_full_projection

pytestmark = pytest.mark.django_db

TRICKS = ELDER_VOLE["tricks"]


def open_pool(api, names=("Athos", "Porthos", "Aramis"), **rules):
    """A pool where Porthos deals first: Athos is the first elder."""
    trio = players(*names)
    answer = api.post("/tables", {"name": "T " + names[0], "format": "pool", "rules": rules,
                                  "players": [p.pk for p in trio], "first_dealer": trio[1].pk})
    assert answer.status_code == 201, answer.content
    return answer.json()


def start(api, table, tricks=0):
    """ELDER_VOLE posted in progress with its first `tricks` tricks: the hand's answer."""
    answer = api.post(f"/tables/{table['id']}/hands",
                      {"record": elder_vole(tricks=TRICKS[:tricks], in_progress=True)})
    assert answer.status_code == 201, answer.content
    return answer.json()


def add(api, hand_id, number, trick=None, **extra):
    return api.post(f"/hands/{hand_id}/tricks",
                    {"trick": trick or TRICKS[number - 1], "number": number}, **extra)


@pytest.fixture
def table(scorer):
    return open_pool(scorer)


def test_a_hand_entered_trick_by_trick_scores_as_the_same_record_posted_whole(scorer, table):
    hand_id = start(scorer, table)["hand"]["id"]
    for number in range(1, 6):
        answer = add(scorer, hand_id, number)
        assert answer.status_code == 201, answer.content
        assert answer.json()["hand"]["result"]["in_progress"] is True
        assert answer.json()["table"]["hand_in_progress"] == 1
    finished = scorer.post(f"/hands/{hand_id}/finish", {})
    assert finished.status_code == 200, finished.content

    whole = scorer.post(f"/tables/{open_pool(scorer, ('B1', 'B2', 'B3'))['id']}/hands",
                        {"record": ELDER_VOLE}).json()
    body = finished.json()
    assert body["hand"]["result"] == whole["hand"]["result"]
    assert body["hand"]["result"]["points"] == {"elder": 2, "dealer": 0}  # point and vole
    athos, porthos = table["seats"]["elder"], table["seats"]["dealer"]
    assert body["table"]["game"]["score"] == {str(athos): 2, str(porthos): 0}
    assert body["table"]["seats"]["elder"] == porthos  # the deal has passed
    assert body["table"]["hand_in_progress"] is None
    assert Hand.objects.get(pk=hand_id).record == ELDER_VOLE


def test_each_act_moves_seq_on_keeps_version_one_and_updates_it_in_place(scorer, table):
    started = start(scorer, table)
    hand_id, seq = started["hand"]["id"], started["table"]["seq"]
    acts = [lambda: add(scorer, hand_id, 1), lambda: add(scorer, hand_id, 2),
            lambda: scorer.post(f"/hands/{hand_id}/tricks/undo", {"number": 2}),
            lambda: add(scorer, hand_id, 2), lambda: add(scorer, hand_id, 3),
            lambda: add(scorer, hand_id, 4), lambda: add(scorer, hand_id, 5),
            lambda: scorer.post(f"/hands/{hand_id}/finish", {})]
    for act in acts:
        answer = act()
        assert answer.status_code in (200, 201), answer.content
        HandAndTable.model_validate(answer.json())  # the shape the schema publishes
        assert answer.json()["table"]["seq"] == seq + 1
        assert answer.json()["table"] == fresh(table["id"])  # the table's course rebuilt afresh
        assert answer.json()["hand"]["version"] == 1
        seq += 1
    hand, _ = hand_and_table(hand_id)
    version = HandVersion.objects.get(hand=hand)  # still one version
    assert version.version == 1 and version.record == ELDER_VOLE == hand.record
    assert version.result == hand.result and "in_progress" not in hand.result
    assert len(scorer.get(f"/hands/{hand_id}").json()["versions"]) == 1


def test_undo_takes_the_last_trick_back_and_it_can_be_entered_again(scorer, table):
    hand_id = start(scorer, table, tricks=2)["hand"]["id"]
    undone = scorer.post(f"/hands/{hand_id}/tricks/undo", {})
    assert undone.status_code == 200
    assert Hand.objects.get(pk=hand_id).record["tricks"] == TRICKS[:1]
    assert undone.json()["hand"]["result"]["tricks"] == {"elder": 1, "dealer": 0}
    assert add(scorer, hand_id, 3).json()["error"]["code"] == "wrong_trick_number"
    assert add(scorer, hand_id, 2).status_code == 201
    assert Hand.objects.get(pk=hand_id).record["tricks"] == TRICKS[:2]


def test_undo_of_a_trick_that_is_not_the_last_or_of_no_trick_is_refused(scorer, table):
    hand_id = start(scorer, table, tricks=1)["hand"]["id"]
    answer = scorer.post(f"/hands/{hand_id}/tricks/undo", {"number": 2})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "wrong_trick_number"
    assert scorer.post(f"/hands/{hand_id}/tricks/undo", {"number": 1}).status_code == 200
    answer = scorer.post(f"/hands/{hand_id}/tricks/undo", {})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "wrong_trick_number"


def test_a_trick_that_is_not_the_next_is_a_409_naming_the_expected_number(scorer, table):
    hand_id = start(scorer, table, tricks=2)["hand"]["id"]
    _, before = hand_and_table(hand_id)
    for number in (2, 4, 1):  # a second phone a step behind, one ahead, one far behind
        answer = add(scorer, hand_id, number, trick=TRICKS[2])
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "wrong_trick_number"
        assert "number 3" in answer.json()["error"]["message"]
    hand, after = hand_and_table(hand_id)
    assert hand.record["tricks"] == TRICKS[:2] and after.seq == before.seq


def test_an_illegal_card_is_the_engines_refusal_and_changes_nothing(scorer, table):
    """Section 6: the dealer holds 8S and must follow the elder's QS in trick 2."""
    hand_id = start(scorer, table, tricks=1)["hand"]["id"]
    hand, before = hand_and_table(hand_id)
    answer = add(scorer, hand_id, 2, trick=["QS", "9H"])
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert (error["code"], error["at"]) == ("must_follow_suit", "tricks[1][1]")
    after_hand, after = hand_and_table(hand_id)
    assert after.seq == before.seq and after.snapshot == before.snapshot
    assert after_hand.record == hand.record and after_hand.result == hand.result
    assert HandVersion.objects.get(hand=hand).record == hand.record


def test_a_card_that_is_no_card_is_the_engines_bad_card(scorer, table):
    hand_id = start(scorer, table)["hand"]["id"]
    answer = add(scorer, hand_id, 1, trick=["KS", "XS"])
    assert answer.status_code == 422
    assert (answer.json()["error"]["code"], answer.json()["error"]["at"]) == (
        "bad_card", "tricks[0][1]")


@pytest.mark.parametrize("body", [{"trick": ["KS"], "number": 1}, {"trick": ["KS", "7S"]},
                                  {"trick": "KS 7S", "number": 1}])
def test_a_body_that_is_not_a_trick_is_a_400(scorer, table, body):
    hand_id = start(scorer, table)["hand"]["id"]
    assert scorer.post(f"/hands/{hand_id}/tricks", body).status_code == 400


def test_finishing_scores_the_hand_fully_and_counts_its_tricks(scorer, table):
    """A finished hand has five tricks unless it ended early: wrong_trick_count."""
    hand_id = start(scorer, table, tricks=2)["hand"]["id"]
    answer = scorer.post(f"/hands/{hand_id}/finish", {})
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "wrong_trick_count"
    assert Hand.objects.get(pk=hand_id).record["in_progress"] is True


def test_finishing_may_add_what_ended_the_hand_early(scorer, table):
    """Ruling 20: the dealer, with no trick, abandons after two tricks: the elder marks 2."""
    hand_id = start(scorer, table, tricks=2)["hand"]["id"]
    answer = scorer.post(f"/hands/{hand_id}/finish",
                         {"irregularities": [{"type": "abandon", "by": "dealer"}]})
    assert answer.status_code == 200, answer.content
    assert answer.json()["hand"]["result"]["marks"] == [
        {"to": "elder", "points": 2, "for": "abandon"}]
    assert Hand.objects.get(pk=hand_id).record == elder_vole(
        tricks=TRICKS[:2], irregularities=[{"type": "abandon", "by": "dealer"}])


def test_a_hand_that_is_not_in_progress_takes_no_trick_and_no_finish(scorer, table):
    hand_id = scorer.post(f"/tables/{table['id']}/hands",
                          {"record": ELDER_VOLE}).json()["hand"]["id"]
    for answer in (add(scorer, hand_id, 6, trick=["KS", "7S"]),
                   scorer.post(f"/hands/{hand_id}/tricks/undo", {}),
                   scorer.post(f"/hands/{hand_id}/finish", {})):
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "hand_not_in_progress"


def test_a_finished_hand_takes_no_more_tricks(scorer, table):
    hand_id = start(scorer, table, tricks=5)["hand"]["id"]
    assert scorer.post(f"/hands/{hand_id}/finish", {}).status_code == 200
    answer = scorer.post(f"/hands/{hand_id}/tricks/undo", {})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "hand_not_in_progress"


def test_only_the_last_hand_of_the_table_is_entered_trick_by_trick(scorer, table):
    """A correction may put hand 1 back in progress; hand 2 is then set aside, and hand 1 is
    no longer the table's last: it is finished by a correction (docs/api.md, Corrections)."""
    first = scorer.post(f"/tables/{table['id']}/hands", {"record": ELDER_VOLE}).json()
    second = scorer.post(f"/tables/{table['id']}/hands", {"record": summary(3)}).json()
    corrected = scorer.post(f"/hands/{first['hand']['id']}/correct",
                            {"record": elder_vole(tricks=TRICKS[:2], in_progress=True)})
    assert corrected.json()["table"]["hand_in_progress"] == 1
    for hand in (first, second):
        answer = add(scorer, hand["hand"]["id"], 3)
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "hand_not_in_progress"
    assert add(scorer, 999, 1).status_code == 404


def test_only_the_tables_scorers_and_staff_may_enter_tricks(client, scorer, staff_api, table):
    hand_id = start(scorer, table)["hand"]["id"]
    kibitzer = Api(client, user_with_token("kibitzer")[1])
    for answer in (add(kibitzer, hand_id, 1), kibitzer.post(f"/hands/{hand_id}/finish", {}),
                   kibitzer.post(f"/hands/{hand_id}/tricks/undo", {})):
        assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_scorer"
    assert Hand.objects.get(pk=hand_id).record["tricks"] == []
    assert add(staff_api, hand_id, 1).status_code == 201


def test_an_abandoned_table_takes_no_trick(scorer, table):
    hand_id = start(scorer, table)["hand"]["id"]
    assert scorer.post(f"/tables/{table['id']}/abandon").status_code == 200
    answer = add(scorer, hand_id, 1)
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "table_closed"


def test_a_repeat_with_the_same_key_adds_the_trick_once(scorer, table):
    hand_id = start(scorer, table)["hand"]["id"]
    first = add(scorer, hand_id, 1, key="phone-1")
    again = add(scorer, hand_id, 1, key="phone-1")
    assert again.status_code == first.status_code == 201 and again.json() == first.json()
    assert Hand.objects.get(pk=hand_id).record["tricks"] == TRICKS[:1]


def _names(table):
    """Each player of the table by id, his name without the table's digit."""
    return {p.pk: p.name[:-1] for p in Player.objects.filter(pk__in=table["players"])}


def _rows(table):
    """The table's derived rows and the snapshot's state, each player by his name, to compare
    two tables."""
    name = _names(table)

    def named(score):
        return {name[int(pk)]: points for pk, points in score.items()}
    games = [(g.number, g.unit_number, named(g.score), name[g.winner_id], name[g.loser_id],
              g.value, g.hands, g.finished_at is not None)
             for g in Game.objects.filter(table_id=table["id"])]
    sides = sorted((name[s.player_id], s.won, s.points_for, s.points_against, s.voles,
                    s.kings, s.mu is not None)
                   for s in GamePlayer.objects.filter(game__table_id=table["id"]))
    units = [(u.number, name[u.first_id], name[u.second_id], named(u.games_won),
              name.get(u.winner_id), u.value, u.finished_at is not None)
             for u in Unit.objects.filter(table_id=table["id"])]
    snap = table["after"]["table"]
    state = ({role: name.get(pk) for role, pk in snap["seats"].items()},
             named(snap["game"]["score"]), named(snap["unit"]["games"]), snap["pool"]["pot"],
             name[snap["pool"]["streak"]["player"]], snap["pool"]["streak"]["count"],
             snap["status"], snap["hand_in_progress"])
    return games, sides, units, state


def test_a_finished_hand_that_ends_a_game_rotates_and_settles_as_the_whole_record(
        staff_api, monkeypatch):
    """Athos marks 2 and 2 (two voles), then the elder's vole of ELDER_VOLE takes him to the
    target 5: he wins the game and the unit, Porthos rises and pays the forfeit, and Aramis
    comes in and deals (docs/rules.md, section 10)."""
    stakes = {"pool_entry": "5.00", "pool_forfeit": "1.00"}
    tables = [open_pool(staff_api, (f"Athos{n}", f"Porthos{n}", f"Aramis{n}"), **stakes)
              for n in (1, 2)]
    for n, table in enumerate(tables):
        for record in (summary(5), summary(0)):  # Athos elder, then dealer: 2 + 2
            assert staff_api.post(f"/tables/{table['id']}/hands",
                                  {"record": record}).status_code == 201
        if n == 0:
            hand_id = start(staff_api, table)["hand"]["id"]
            for number in range(1, 6):
                assert add(staff_api, hand_id, number).status_code == 201
            assert not Game.objects.filter(table_id=table["id"]).exists()
            sent = []
            monkeypatch.setattr("games.services.changes.publish_on_commit",
                                lambda table, kind, public: sent.append(kind))
            answer = staff_api.post(f"/hands/{hand_id}/finish", {})
            assert sent == ["rotation"]  # the unit ended: Porthos rises
        else:
            answer = staff_api.post(f"/tables/{table['id']}/hands", {"record": ELDER_VOLE})
        assert answer.status_code in (200, 201), answer.content
        table["after"] = answer.json()

    live, whole = tables
    athos, porthos, aramis = live["players"]
    snap = live["after"]["table"]
    assert snap["unit"]["number"] == 2 and snap["game"]["number"] == 2
    assert snap["seats"] == {"elder": athos, "dealer": aramis, "observer": porthos}
    assert snap["pool"]["pot"] == "16.00"  # three entries and Porthos's forfeit
    assert staff_api.get(f"/players/{porthos}").json()["balance"] == "-6.00"
    games, sides, units, _ = _rows(live)
    assert games == [(1, 1, {"Athos": 5, "Porthos": 0}, "Athos", "Porthos", 1, 3, True)]
    assert [unit[4] for unit in units] == ["Athos", None]
    assert live["after"]["hand"]["result"] == whole["after"]["hand"]["result"]
    assert _rows(live) == _rows(whole)
    # what it wrote is what a full projection and settlement of the table would write
    assert Table.objects.get(pk=live["id"]).snapshot == fresh(live["id"]) == snap
    assert writes_of_full_projection(live["id"]) == []
    assert [staff_api.get(f"/players/{pk}").json()["balance"] for pk in live["players"]] == [
        staff_api.get(f"/players/{pk}").json()["balance"] for pk in whole["players"]]


def test_the_feed_gets_a_trick_for_each_trick_and_the_hands_kind_when_finished(
        scorer, table, monkeypatch):
    sent = []
    monkeypatch.setattr("games.services.changes.publish_on_commit",
                        lambda table, kind, public: sent.append((kind, table.seq)))
    hand_id = start(scorer, table, tricks=4)["hand"]["id"]
    add(scorer, hand_id, 5)
    scorer.post(f"/hands/{hand_id}/tricks/undo", {})
    scorer.post(f"/hands/{hand_id}/finish", {"irregularities": None})
    seq = table["seq"]
    assert sent == [("trick", seq + 1), ("trick", seq + 2), ("trick", seq + 3)]
    add(scorer, hand_id, 5)
    scorer.post(f"/hands/{hand_id}/finish", {})
    assert sent[3:] == [("trick", seq + 4), ("hand", seq + 5)]
