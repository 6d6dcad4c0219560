"""A worker keeps the hands of the tables it served last (games.courses.recent), valid
only while the table's `seq` is the one it read them at. These tests commit for real, as
production does, so that the copy is made; each checks that what the copy feeds the next hand
is what the database holds."""
from datetime import timedelta

import pytest

from games import courses
from games.models import Hand, Table
from testbed.users import user_with_token
from tests.games.kit import Api, players, post_hand, summary

pytestmark = pytest.mark.django_db(transaction=True)



@pytest.fixture
def snap(scorer):
    trio = players("Athos", "Porthos", "Aramis")
    return scorer.post("/tables", {"name": "T", "format": "pool", "first_dealer": trio[1].pk,
                                   "players": [p.pk for p in trio]}).json()


def test_the_copy_is_made_after_commit_and_matches_the_database(scorer, snap):
    for tricks in (3, 2, 5):
        snap = post_hand(scorer, snap, summary(tricks))["table"]
    table = Hand.objects.first().table
    kept = courses.recent.get(table)
    assert kept is not None, "the worker kept the table's entries"
    assert [(e.key, e.record) for e in kept] == [
        (h.number, h.record) for h in Hand.objects.order_by("number")]


def test_a_refused_correction_leaves_the_next_hand_as_the_table_was(scorer, snap):
    athos = str(snap["seats"]["elder"])
    first = post_hand(scorer, snap, summary(5))  # Athos's vole: 2
    refused = scorer.post(f"/hands/{first['hand']['id']}/correct", {"record": {"summary": {
        "opening": "played", "king_turned": False, "tricks": {"elder": 9, "dealer": 0}}}})
    assert refused.status_code == 422
    second = post_hand(scorer, first["table"], summary(2))  # Athos, now dealer, takes the point
    assert second["table"]["game"]["score"][athos] == 3


def test_a_correction_reaches_the_next_hand(scorer, snap):
    athos = str(snap["seats"]["elder"])
    first = post_hand(scorer, snap, summary(5))
    fixed = scorer.post(f"/hands/{first['hand']['id']}/correct", {"record": summary(3)})
    assert fixed.status_code == 200
    second = post_hand(scorer, fixed.json()["table"], summary(2))
    assert second["table"]["game"]["score"][athos] == 2  # the point, then the point


def test_a_table_with_a_kept_tables_id_and_seq_but_made_later_gets_no_copy(scorer, snap):
    """An emptied database (a test suite, a development reset) may give a new table the id and
    `seq` of one this process kept: the copy is keyed by the table's creation time too."""
    for tricks in (3, 2):
        snap = post_hand(scorer, snap, summary(tricks))["table"]
    table = Table.objects.get(pk=snap["id"])
    assert courses.recent.get(table) is not None

    table.created_at += timedelta(microseconds=1)

    assert courses.recent.get(table) is None


def test_the_next_hand_is_played_on_the_kept_course(scorer, snap):
    for tricks in (3, 2, 5):
        snap = post_hand(scorer, snap, summary(tricks))["table"]
    table = Table.objects.get(pk=snap["id"])
    hands, course, keys = courses.recent.take(table)
    assert [h.key for h in hands] == [1, 2, 3] and keys == {}
    assert {str(p): s for p, s in course.game.score.items()} == snap["game"]["score"]
    assert courses.recent.take(table) is None, "the course is handed over, not shared"


def test_a_kept_course_is_not_taken_for_a_table_set_up_otherwise(scorer, snap):
    """Whatever changes the table's rules or seating without a hand is not played on a course
    set up before it."""
    snap = post_hand(scorer, snap, summary(3))["table"]
    table = Table.objects.get(pk=snap["id"])
    table.rules = {**table.rules, "ranking": "ace_high"}
    assert courses.recent.take(table) is None


def test_a_hand_that_fails_after_it_was_played_leaves_no_trace_in_the_course(
        scorer, snap, monkeypatch):
    """The kept course is played on before the hand is stored; when storing it fails, the
    next hand is scored as if that hand had never been sent."""
    athos = str(snap["seats"]["elder"])
    snap = post_hand(scorer, snap, summary(3))["table"]  # Athos takes the point: 1-0

    def broken(*args, **kwargs):
        raise RuntimeError("the database went away")

    with monkeypatch.context() as patched:
        patched.setattr("games.services.hands.HandVersion.objects.create", broken)
        with pytest.raises(RuntimeError):
            scorer.post(f"/tables/{snap['id']}/hands", {"record": summary(5)})
    assert Hand.objects.count() == 1
    after = post_hand(scorer, snap, summary(2))["table"]  # Athos, now dealer, takes the point
    assert after["game"]["score"][athos] == 2


def test_a_key_kept_with_the_course_still_finds_its_hand(client):
    """A second scorer repeating the first one's hand with the same key gets that hand, and
    with another record the key's conflict, while the worker holds the table's course."""
    opener, second = (Api(client, user_with_token(name)[1]) for name in ("opener", "second"))
    trio = players("A", "B", "C")
    snap = opener.post("/tables", {"name": "T", "format": "pool", "scorers": ["second"],
                                   "players": [p.pk for p in trio]}).json()
    first = opener.post(f"/tables/{snap['id']}/hands", {"record": summary(3)}, key="t7:1")
    opener.post(f"/tables/{snap['id']}/hands", {"record": summary(2)}, key="t7:2")
    table = Table.objects.get(pk=snap["id"])
    assert courses.recent.get(table) is not None
    again = second.post(f"/tables/{snap['id']}/hands", {"record": summary(3)}, key="t7:1")
    assert again.status_code == 201 and again.json()["hand"]["id"] == first.json()["hand"]["id"]
    other = second.post(f"/tables/{snap['id']}/hands", {"record": summary(5)}, key="t7:2")
    assert other.status_code == 409
    assert other.json()["error"]["code"] == "idempotency_conflict"
    assert Hand.objects.count() == 2
