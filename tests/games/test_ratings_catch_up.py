"""A correction owes the ratings a re-rating instead of doing it in its own transaction
(games.ratings): re-rating every later game of a long history takes a while, and while it ran
under the club-wide rating lock every game-ending hand of every table waited for it, and two
corrections at two tables could deadlock (each held its own games' rows and waited for the
lock the other held while re-rating those rows).

So a correction of an old game writes no rating; the standings say the ratings are being
recomputed, and since when; `catch_up` then brings every rating to exactly what a re-rating of
the club gives, in a process of its own (`catch_up_ratings --follow`, `keep_up`) once the
correction commits: the worker that serves the correction only records what is owed."""
import logging
import os
import signal
import threading
from io import StringIO
from unittest import mock

import pytest
from django.core.management import call_command
from django.db import OperationalError, connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import ratings
from games.models import GamePlayer, Hand, RatingsDue
from games.services.hands import correct_hand
from testbed.users import user_with_token
from tests.games.kit import Api, at_once, players, summary
from tests.games.rating_kit import DEALER_VOLE, ELDER_VOLE, clock, play, rubber, stored, win


def history(staff):
    """Athos beats Porthos 6-4 at 20:00 with five voles, then wins three more games against
    Aramis at 21:00, 22:00 and 23:00. The first table and the later ones."""
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    first = rubber(staff, athos, porthos)
    with clock(20):
        play(first, staff, *[ELDER_VOLE] * 5)
    later = []
    for hour in (21, 22, 23):
        later.append(rubber(staff, athos, aramis))
        with clock(hour):
            win(later[-1], staff, athos)
    return first, later, (athos, porthos, aramis)


def later_ratings(tables):
    return sorted(GamePlayer.objects.filter(game__table__in=tables)
                  .values_list("pk", "mu", "sigma"))


@pytest.mark.django_db
def test_a_correction_of_an_old_game_writes_no_rating_and_the_ratings_catch_up_after(
        staff, client, django_capture_on_commit_callbacks):
    first, later, (athos, porthos, aramis) = history(staff)
    before = later_ratings(later)
    fifth = Hand.objects.get(table=first, number=5)

    with CaptureQueriesContext(connection) as queries, clock(23, 30):
        correct_hand(hand_id=fifth.pk, record=DEALER_VOLE, by=staff)  # Porthos wins 6-4

    assert not [q["sql"] for q in queries if q["sql"].startswith('UPDATE "games_gameplayer"')
                and '"mu"' in q["sql"]]
    assert later_ratings(later) == before
    owed = "2026-03-05T20:00:00+00:00"
    member, token = user_with_token("member")
    assert Api(client, token).get("/standings").json()["ratings_pending_since"] == owed
    browser = Client()
    browser.force_login(member)  # an anonymous reader's ratings are rated afresh: no notice
    assert "The ratings are being recomputed" in browser.get("/standings").content.decode()

    with mock.patch("games.ratings.WRITE_CHUNK", 3), \
            django_capture_on_commit_callbacks(execute=True):  # the standings kept forgotten
        assert ratings.catch_up() is True

    assert ratings.pending_since() is None
    assert Api(client, token).get("/standings").json()["ratings_pending_since"] is None
    assert "being recomputed" not in client.get("/standings").content.decode()
    # Athos lost his first game now: each later game starts from there.
    _, athos_now = ratings.after_game(ratings.START, ratings.START)
    aramis_now = ratings.START
    for table in later:
        athos_now, aramis_now = ratings.after_game(athos_now, aramis_now)
        assert stored(table, athos) == pytest.approx(athos_now)
        assert stored(table, aramis) == pytest.approx(aramis_now)
    assert ratings.rerate(GamePlayer.objects.order_by("finished_at")[0].finished_at) == 0


@pytest.mark.django_db
def test_a_game_that_finishes_while_a_re_rating_is_owed_is_rated_by_the_catching_up(staff):
    first, later, (athos, porthos, aramis) = history(staff)
    with clock(23, 30):
        correct_hand(hand_id=Hand.objects.get(table=first, number=5).pk, record=DEALER_VOLE,
                     by=staff)
    newest = rubber(staff, porthos, aramis)
    with clock(23, 45):  # the club's latest game, but the ratings before it are not final
        win(newest, staff, porthos)

    assert stored(newest, porthos) == stored(newest, aramis) == (None, None)
    assert RatingsDue.objects.count() == 2

    assert ratings.catch_up() is True

    assert not GamePlayer.objects.filter(mu__isnull=True).exists()
    assert ratings.rerate(GamePlayer.objects.order_by("finished_at")[0].finished_at) == 0


def test_the_command_pays_what_is_owed(staff, db):
    first, later, _ = history(staff)
    with clock(23, 30):
        correct_hand(hand_id=Hand.objects.get(table=first, number=5).pk, record=DEALER_VOLE,
                     by=staff)
    out = StringIO()

    call_command("catch_up_ratings", stdout=out)

    assert "Re-rating every game finished since 2026-03-05T20:00:00+00:00" in out.getvalue()
    assert ratings.pending_since() is None
    assert ratings.rerate(GamePlayer.objects.order_by("finished_at")[0].finished_at) == 0


def test_the_following_process_pays_a_debt_when_it_looks_and_stops_on_sigterm(staff, db, caplog):
    first, later, _ = history(staff)
    with clock(23, 30):
        correct_hand(hand_id=Hand.objects.get(table=first, number=5).pk, record=DEALER_VOLE,
                     by=staff)
    real = ratings.catch_up
    looks = []

    def then_stopped(**options):  # the service manager stops it once it has paid
        looks.append(real(**options))
        os.kill(os.getpid(), signal.SIGTERM)
        return looks[-1]

    before = signal.getsignal(signal.SIGTERM)
    with caplog.at_level(logging.INFO, "games.ratings"), \
            mock.patch("games.ratings.catch_up", then_stopped):
        call_command("catch_up_ratings", "--follow", "--every", "0.01")

    assert looks == [True]
    assert ratings.pending_since() is None
    assert ratings.rerate(GamePlayer.objects.order_by("finished_at")[0].finished_at) == 0
    assert signal.getsignal(signal.SIGTERM) is before
    said = [record.getMessage() for record in caplog.records]
    assert said[0].startswith("catching up whenever a re-rating is owed")
    assert said[1].startswith("re-rated the games finished since "
                              "2026-03-05T20:00:00+00:00 in ")
    assert said[1].endswith("of 4 games changed")  # Athos's four: he lost the first now
    assert said[2:] == ["stopped catching up"]


@pytest.mark.django_db(transaction=True)
def test_the_following_process_outlives_a_database_that_does_not_answer(staff, caplog):
    first, later, _ = history(staff)
    with clock(23, 30):
        correct_hand(hand_id=Hand.objects.get(table=first, number=5).pk, record=DEALER_VOLE,
                     by=staff)
    real, looks, stop = ratings.pending_since, [], threading.Event()

    def flaky():
        looks.append(len(looks))
        if len(looks) == 1:
            raise OperationalError("the database is restarting")
        stop.set()
        return real()

    with caplog.at_level(logging.INFO, "games.ratings"), \
            mock.patch("games.ratings.pending_since", flaky):
        ratings.keep_up(every=0.01, stop=stop)

    assert looks == [0, 1]
    assert "catching up failed; trying again in 0.01 s" in caplog.text
    assert real() is None
    assert ratings.rerate(GamePlayer.objects.order_by("finished_at")[0].finished_at) == 0


def following(stop: threading.Event) -> threading.Thread:
    """The catching-up process's loop, in a thread of the test, looking often."""
    def run():
        try:
            ratings.keep_up(every=0.02, stop=stop)
        finally:
            connection.close()
    thread = threading.Thread(target=run)
    thread.start()
    return thread


def test_a_correction_that_changes_no_result_owes_nothing(staff, db):
    first, later, _ = history(staff)
    fifth = Hand.objects.get(table=first, number=5)
    with clock(23, 30):  # Athos took the point, not the vole: he still wins, 5-4
        correct_hand(hand_id=fifth.pk, record=summary(3), by=staff)
    assert Hand.objects.get(pk=fifth.pk).version == 2
    assert ratings.pending_since() is None


on_postgres = pytest.mark.skipif(connection.vendor != "postgresql",
                                 reason="row locks between connections need PostgreSQL")


def api_history(api):
    """Through the API, with the real clock: three rubbers of one game each, Athos v Porthos,
    Aramis v Porthos and Athos v Aramis, each won 6-0 by its first player with three voles
    (the last as elder); the first two tables' last hands, and the players."""
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    last = []
    for first, second in ((athos, porthos), (aramis, porthos), (athos, aramis)):
        table = api.post("/tables", {"name": "R", "format": "rubber",
                                     "rules": {"rubber_games": 1},
                                     "players": [first.pk, second.pk],
                                     "first_dealer": second.pk}).json()
        for record in (summary(5), summary(0), summary(5)):
            answer = api.post(f"/tables/{table['id']}/hands", {"record": record}).json()
        last.append(answer["hand"]["id"])
    return last[:2], (athos, porthos, aramis)


@on_postgres
@pytest.mark.django_db(transaction=True)
def test_two_corrections_at_two_tables_at_once_both_answer(client):
    _, token = user_with_token("secretary", staff=True)
    last_hands, _ = api_history(Api(client, token))

    answers = at_once(*[lambda hand=hand: Api(Client(), token).post(  # now 4-2, play on
        f"/hands/{hand}/correct", {"record": summary(0)}).status_code for hand in last_hands])

    assert answers == [200, 200]
    assert ratings.catch_up(wait=True)
    assert ratings.rerate(GamePlayer.objects.order_by("finished_at")[0].finished_at) == 0


@on_postgres
@pytest.mark.django_db(transaction=True)
def test_hands_at_other_tables_go_on_while_the_ratings_catch_up(client):
    """The catching-up is held inside its re-rating until the test lets it go: meanwhile a
    game ends at another table, and its hand answers at once."""
    _, token = user_with_token("secretary", staff=True)
    api = Api(client, token)
    last_hands, (athos, porthos, aramis) = api_history(api)
    dartagnan, = players("d'Artagnan")
    other = api.post("/tables", {"name": "R", "format": "rubber", "rules": {"rubber_games": 1},
                                 "players": [dartagnan.pk, porthos.pk],
                                 "first_dealer": porthos.pk}).json()
    for record in (summary(5), summary(0)):
        api.post(f"/tables/{other['id']}/hands", {"record": record})
    inside, release = threading.Event(), threading.Event()
    released = []
    real = ratings.rerated

    def held(since):
        inside.set()
        released.append(release.wait(60))
        return real(since)

    stop = threading.Event()
    with mock.patch("games.ratings.rerated", held):
        follower = following(stop)
        try:
            assert api.post(f"/hands/{last_hands[0]}/correct",
                            {"record": summary(0)}).status_code == 200
            assert inside.wait(60), "the catching-up did not see the debt"
            answer = api.post(f"/tables/{other['id']}/hands", {"record": summary(5)})
            release.set()
            for _ in range(600):
                if ratings.pending_since() is None:
                    break
                stop.wait(0.1)
        finally:
            release.set()
            stop.set()
            follower.join(60)

    assert answer.status_code == 201 and answer.json()["table"]["status"] == "won"
    assert released[0] is True, "the hand waited for the catching-up"
    assert ratings.pending_since() is None
    assert not GamePlayer.objects.filter(mu__isnull=True).exists()
    assert ratings.rerate(GamePlayer.objects.order_by("finished_at")[0].finished_at) == 0
