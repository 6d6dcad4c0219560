"""Several daphne workers may serve one table at once: the table lock, the unique constraints
and the idempotency keys keep every hand counted once. These tests post from real threads,
each with its own database connection, against PostgreSQL."""
import pytest
from django.db import connection
from django.test import Client

from club.models import Player
from games import ratings
from games.courses import course_of
from games.models import GamePlayer, Hand, Table
from games.selectors.snapshot import snapshot
from testbed.records import ELDER_VOLE
from testbed.users import user_with_token
from tests.games.kit import Api, at_once, players, summary

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="row locks between connections need PostgreSQL"),
]


@pytest.fixture
def table_and_token():
    _, token = user_with_token("scorer")
    _, staff = user_with_token("secretary", staff=True)  # a pool with stakes is staff's to open
    trio = players("Athos", "Porthos", "Aramis")
    snap = Api(Client(), staff).post("/tables", {
        "name": "T", "format": "pool", "players": [p.pk for p in trio], "scorers": ["scorer"],
        "rules": {"pool_entry": "5.00", "pool_forfeit": "1.00"}}).json()
    return snap, token


def post_from_thread(token, path, body, key=None):
    answer = Api(Client(), token).post(path, body, key=key)
    return answer.status_code, answer.json()


def test_twenty_concurrent_posts_leave_a_consistent_table(table_and_token):
    snap, token = table_and_token
    path = f"/tables/{snap['id']}/hands"
    answers = at_once(*[lambda i=i: post_from_thread(
        token, path, {"record": summary(3 if i % 2 else 5)}) for i in range(20)])
    statuses = sorted(status for status, _ in answers)
    assert set(statuses) <= {201, 409}
    table = Table.objects.get()
    hands = list(Hand.objects.order_by("number"))
    assert [h.number for h in hands] == list(range(1, len(hands) + 1))
    assert statuses.count(201) == len(hands)
    assert table.seq == 1 + len(hands)  # opening, then one change per hand
    assert table.snapshot == snapshot(table, course_of(table))  # a fresh course agrees


def test_two_scorers_posting_the_same_deal_at_once_make_one_hand(table_and_token):
    snap, token = table_and_token
    answers = at_once(*[lambda: post_from_thread(
        token, f"/tables/{snap['id']}/hands", {"record": ELDER_VOLE})] * 2)
    assert sorted(status for status, _ in answers) == [201, 409]
    assert Hand.objects.count() == 1


def test_two_posts_with_one_idempotency_key_at_once_make_one_hand(table_and_token):
    snap, token = table_and_token
    answers = at_once(*[lambda: post_from_thread(
        token, f"/tables/{snap['id']}/hands", {"record": summary(3)}, key="hand-1")] * 2)
    assert [status for status, _ in answers] == [201, 201]
    assert answers[0][1] == answers[1][1]
    assert Hand.objects.count() == 1


def test_two_posts_opening_a_table_with_one_key_at_once_open_one_table(table_and_token):
    """Neither finds the key claimed before its work: the second's work is undone when it
    cannot claim the key, and it answers with the first's table."""
    snap, _ = table_and_token
    _, token = user_with_token("treasurer", staff=True)
    trio = snap["players"]
    answers = at_once(*[lambda: post_from_thread(
        token, "/tables", {"name": "Second", "format": "pool", "players": trio},
        key="open-2")] * 2)
    assert [status for status, _ in answers] == [201, 201]
    assert answers[0][1] == answers[1][1]
    assert Table.objects.filter(name="Second").count() == 1


def test_two_posts_of_one_new_player_with_one_key_at_once_make_one_player():
    """The second's work fails on the player's unique name once the first commits: it is the
    first's answer again, not an error."""
    _, token = user_with_token("treasurer", staff=True)
    answers = at_once(*[lambda: post_from_thread(
        token, "/players", {"name": "d'Artagnan"}, key="new-player")] * 2)
    assert [status for status, _ in answers] == [201, 201]
    assert answers[0][1] == answers[1][1]
    assert Player.objects.filter(name="d'Artagnan").count() == 1


def test_two_posts_of_hand_number_one_at_once_make_one_hand(table_and_token):
    snap, token = table_and_token
    answers = at_once(*[lambda: post_from_thread(
        token, f"/tables/{snap['id']}/hands", {"record": summary(3), "number": 1})] * 2)
    assert sorted(status for status, _ in answers) == [201, 409]
    assert Hand.objects.count() == 1


def test_games_ending_at_once_at_several_tables_are_rated_as_a_rerating_would(client):
    """Each game is rated as it is written, and every player here plays at two of the tables:
    the workers must take turns (without the rating lock, two of them read the same player's
    rating and this fails), and the ratings must come out as re-rating the club in the order
    the games finished gives them."""
    _, token = user_with_token("secretary", staff=True)
    api = Api(client, token)
    athos, porthos, aramis, dartagnan = players("Athos", "Porthos", "Aramis", "d'Artagnan")
    tables = []
    for first, second in ((athos, porthos), (aramis, dartagnan), (porthos, aramis),
                          (dartagnan, athos)):
        snap = api.post("/tables", {"name": "R", "format": "rubber", "rules": {"rubber_games": 1},
                                    "players": [first.pk, second.pk],
                                    "first_dealer": second.pk}).json()
        for record in (summary(5), summary(0)):  # two voles: 4-0 to the first player
            assert api.post(f"/tables/{snap['id']}/hands", {"record": record}).status_code == 201
        tables.append(snap["id"])

    answers = at_once(*[lambda table=table: post_from_thread(  # his third vole wins
        token, f"/tables/{table}/hands", {"record": summary(5)}) for table in tables])

    assert [status for status, _ in answers] == [201] * len(tables)
    assert Table.objects.filter(status=Table.Status.WON).count() == len(tables)
    assert ratings.catch_up(wait=True)  # a game that committed out of order owed a re-rating
    assert GamePlayer.objects.filter(mu__isnull=True).count() == 0
    earliest = GamePlayer.objects.order_by("finished_at").first().finished_at
    assert ratings.rerate(earliest) == 0


def test_two_phones_entering_the_same_trick_at_once_enter_it_once(table_and_token):
    """Each sends the trick's number: the table's lock makes them take turns, and the second
    finds that trick entered (409 wrong_trick_number)."""
    snap, token = table_and_token
    live = dict(ELDER_VOLE, tricks=[], in_progress=True)
    status, body = post_from_thread(token, f"/tables/{snap['id']}/hands", {"record": live})
    assert status == 201
    hand_id = body["hand"]["id"]
    answers = at_once(*[lambda: post_from_thread(
        token, f"/hands/{hand_id}/tricks", {"trick": ELDER_VOLE["tricks"][0], "number": 1})] * 4)
    assert sorted(status for status, _ in answers) == [201, 409, 409, 409]
    assert {body["error"]["code"] for status, body in answers if status == 409} == {
        "wrong_trick_number"}
    hand = Hand.objects.get(pk=hand_id)
    assert hand.record["tricks"] == ELDER_VOLE["tricks"][:1] and hand.versions.count() == 1
    assert Table.objects.get().seq == body["table"]["seq"] + 1
