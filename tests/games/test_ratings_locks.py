"""Who waits for whom when games end (games.ratings), on PostgreSQL where workers really run at
once. A new game is rated under its players' own locks: a game that ends at another table,
between other players, is rated at the same time, while a second game of the same player
waits for the first. A catching-up waits for every game being rated, so that it re-rates
none from ratings that were about to change.

Each test holds a transaction open in one thread, as a worker in the middle of a hand does,
and tries the other side from another connection with a lock timeout: waiting shows as the
timeout's error."""
import threading

import pytest
from django.db import OperationalError, connection, transaction
from django.utils import timezone

from games import ratings
from games.models import GamePlayer, RatingsDue
from tests.games.kit import players

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="advisory locks between connections need PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]


def sides(winner, loser) -> list[GamePlayer]:
    """The two sides of a game that has just finished, not saved, as a hand writes them."""
    now = timezone.now()
    return [GamePlayer(player_id=winner.pk, won=True, finished_at=now),
            GamePlayer(player_id=loser.pk, won=False, finished_at=now)]


class Held:
    """`work` in its own thread and transaction, kept open until `release()`."""

    def __init__(self, work):
        self.inside, self.go = threading.Event(), threading.Event()
        self.answer = None
        self.thread = threading.Thread(target=self._run, args=(work,))
        self.thread.start()
        assert self.inside.wait(30), "the held transaction did not start"

    def _run(self, work):
        try:
            with transaction.atomic():
                self.answer = work()
                self.inside.set()
                self.go.wait(30)
        finally:
            self.inside.set()
            connection.close()

    def release(self):
        self.go.set()
        self.thread.join(30)


def without_waiting(work):
    """`work` in a transaction that gives up on any lock it would wait for."""
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL lock_timeout = '1s'")
        return work()


def test_a_game_between_other_players_is_rated_while_another_is_being_rated():
    athos, porthos, aramis, dartagnan = players("Athos", "Porthos", "Aramis", "d'Artagnan")
    held = Held(lambda: ratings.rate_latest(sides(athos, porthos)))
    try:
        other = sides(aramis, dartagnan)
        assert without_waiting(lambda: ratings.rate_latest(other)) is True
    finally:
        held.release()
    assert held.answer is True
    won, lost = ratings.after_game(ratings.START, ratings.START)
    assert (other[0].mu, other[0].sigma) == pytest.approx(won)
    assert (other[1].mu, other[1].sigma) == pytest.approx(lost)


def test_a_second_game_of_the_same_player_waits_for_the_first():
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    held = Held(lambda: ratings.rate_latest(sides(athos, porthos)))
    try:
        with pytest.raises(OperationalError, match="lock timeout"):
            without_waiting(lambda: ratings.rate_latest(sides(aramis, porthos)))
    finally:
        held.release()


def test_a_catching_up_waits_for_the_games_being_rated():
    athos, porthos = players("Athos", "Porthos")
    RatingsDue.objects.create(since=timezone.now())
    held = Held(lambda: ratings.rate_latest(sides(athos, porthos)))
    try:
        with pytest.raises(OperationalError, match="lock timeout"):
            without_waiting(ratings._barrier)
    finally:
        held.release()
    assert held.answer is False  # a re-rating was owed: the game owes one too
    without_waiting(ratings._barrier)  # nothing being rated: no wait
