"""Skill ratings (games.ratings): one openskill match per finished game, rated in the order the
games finished; a correction owes a re-rating from the corrected game on, which the ratings
catch up with after the correction's transaction (`ratings.catch_up`)."""
from datetime import datetime, timezone

import pytest

from games import ratings
from games.models import Game, GamePlayer, Hand, RatingsDue, Table
from games.services.hands import correct_hand
from tests.games.kit import players
from tests.games.rating_kit import (
    DEALER_VOLE,
    ELDER_POINT,
    ELDER_VOLE,
    clock,
    play,
    rubber,
    stored,
    win,
)

pytestmark = pytest.mark.django_db


def test_the_winner_rises_and_the_loser_falls_after_a_game(staff):
    athos, porthos = players("Athos", "Porthos")
    table = rubber(staff, athos, porthos)

    win(table, staff, athos)

    won, lost = ratings.after_game(ratings.START, ratings.START)
    assert stored(table, athos) == pytest.approx(won)
    assert stored(table, porthos) == pytest.approx(lost)
    assert won[0] > ratings.START[0] > lost[0]
    assert won[1] < ratings.START[1] and lost[1] < ratings.START[1]
    current = ratings.ratings([athos.pk, porthos.pk])
    assert ratings.ordinal(*current[athos.pk]) > 0 > ratings.ordinal(*current[porthos.pk])


def test_a_running_game_is_not_rated(staff):
    athos, porthos = players("Athos", "Porthos")
    table = rubber(staff, athos, porthos)

    play(table, staff, ELDER_VOLE)

    assert not GamePlayer.objects.filter(mu__isnull=False).exists()


def test_ratings_follow_the_order_in_which_games_finished(staff):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    late = rubber(staff, athos, porthos)
    with clock(21):
        win(late, staff, athos)
    early = rubber(staff, aramis, athos)
    with clock(20):  # entered afterwards, but it finished first: a re-rating is owed
        win(early, staff, aramis)
    ratings.catch_up()

    aramis_after, athos_after = ratings.after_game(ratings.START, ratings.START)
    athos_last, porthos_last = ratings.after_game(athos_after, ratings.START)
    assert stored(early, athos) == pytest.approx(athos_after)
    assert stored(early, aramis) == pytest.approx(aramis_after)
    assert stored(late, athos) == pytest.approx(athos_last)
    assert stored(late, porthos) == pytest.approx(porthos_last)


def test_a_correction_that_changes_an_earlier_winner_rerates_the_later_games(staff):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    first = rubber(staff, athos, porthos)
    with clock(20):  # 2-0, 2-2, 4-2, 4-4, then Athos's vole: 6-4
        play(first, staff, *[ELDER_VOLE] * 5)
    later = rubber(staff, athos, aramis)
    with clock(21):
        win(later, staff, athos)
    last = Hand.objects.get(table=first, number=5)

    with clock(22):  # the fifth hand was Porthos's vole: he wins 6-4
        correct_hand(hand_id=last.pk, record=DEALER_VOLE, by=staff)
    assert ratings.pending_since() == datetime(2026, 3, 5, 20, tzinfo=timezone.utc)
    assert ratings.catch_up() is True
    assert ratings.pending_since() is None

    porthos_won, athos_lost = ratings.after_game(ratings.START, ratings.START)
    athos_then, aramis_then = ratings.after_game(athos_lost, ratings.START)
    assert Game.objects.get(table=first).winner == porthos
    assert stored(first, porthos) == pytest.approx(porthos_won)
    assert stored(later, athos) == pytest.approx(athos_then)
    assert stored(later, aramis) == pytest.approx(aramis_then)


def test_a_correction_that_unfinishes_a_game_takes_it_out_of_the_ratings(staff):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    first = rubber(staff, athos, porthos)
    with clock(20):  # 1-0, 1-1, 3-1, 3-2, then Athos's vole: 5-2
        play(first, staff, ELDER_POINT, ELDER_POINT, ELDER_VOLE, ELDER_POINT, ELDER_VOLE)
    later = rubber(staff, athos, aramis)
    with clock(21):
        win(later, staff, athos)
    last = Hand.objects.get(table=first, number=5)

    with clock(22):  # only the point: 4-2, and the game goes on
        correct_hand(hand_id=last.pk, record=ELDER_POINT, by=staff)
    ratings.catch_up()

    assert Table.objects.get(pk=first.pk).status == Table.Status.PLAYING
    assert not GamePlayer.objects.filter(game__table=first).exists()
    athos_then, aramis_then = ratings.after_game(ratings.START, ratings.START)
    assert stored(later, athos) == pytest.approx(athos_then)
    assert stored(later, aramis) == pytest.approx(aramis_then)


def test_a_new_game_that_finished_last_is_rated_alone_as_it_is_written(staff):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    with clock(20):
        win(rubber(staff, athos, porthos), staff, athos)
    table = rubber(staff, aramis, porthos)
    with clock(21):
        play(table, staff, ELDER_VOLE, DEALER_VOLE)
        play(table, staff, ELDER_VOLE)

    assert not RatingsDue.objects.exists()
    _, porthos_before = ratings.after_game(ratings.START, ratings.START)
    aramis_now, porthos_now = ratings.after_game(ratings.START, porthos_before)
    assert stored(table, aramis) == pytest.approx(aramis_now)
    assert stored(table, porthos) == pytest.approx(porthos_now)
    finished = GamePlayer.objects.get(game__table=table, player=aramis).finished_at
    assert ratings.rerate(finished) == 0  # the same as a re-rating: nothing to write


def test_a_new_game_that_finished_before_a_rated_one_rerates_from_itself(staff):
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    with clock(21):
        win(rubber(staff, athos, porthos), staff, athos)
    table = rubber(staff, aramis, athos)
    with clock(20):  # committed later, finished earlier
        play(table, staff, ELDER_VOLE, DEALER_VOLE)
        play(table, staff, ELDER_VOLE)

    finished = GamePlayer.objects.get(game__table=table, player=aramis).finished_at
    assert list(RatingsDue.objects.values_list("since", flat=True)) == [finished]
    assert stored(table, aramis) == (None, None)
    ratings.catch_up()
    aramis_now, athos_now = ratings.after_game(ratings.START, ratings.START)
    assert stored(table, aramis) == pytest.approx(aramis_now)
    assert ratings.rerate(finished) == 0


def test_a_new_game_that_finished_at_the_same_moment_as_a_rated_one_is_not_rated_alone(staff):
    """Which of two games finished at the same moment comes first is the game id's to say, so
    the later-written one is rated by a re-rating, not as it is written."""
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    with clock(21):
        win(rubber(staff, athos, porthos), staff, athos)
        table = rubber(staff, aramis, athos)
        play(table, staff, ELDER_VOLE, DEALER_VOLE)
        play(table, staff, ELDER_VOLE)

    finished = GamePlayer.objects.get(game__table=table, player=aramis).finished_at
    assert list(RatingsDue.objects.values_list("since", flat=True)) == [finished]
    assert stored(table, aramis) == (None, None)


def test_a_new_game_is_not_rated_alone_while_a_re_rating_is_owed(staff):
    athos, porthos, aramis, d_artagnan = players("Athos", "Porthos", "Aramis", "d'Artagnan")
    with clock(20):
        RatingsDue.objects.create(since=datetime(2026, 3, 5, 19, tzinfo=timezone.utc))
        win(rubber(staff, aramis, d_artagnan), staff, aramis)

    assert RatingsDue.objects.count() == 2
    assert stored(Table.objects.get(), aramis) == (None, None)


def test_the_player_endpoint_shows_the_rating(staff, client):
    from club.models import ApiToken

    athos, porthos = players("Athos", "Porthos")
    win(rubber(staff, athos, porthos), staff, athos)
    token = ApiToken.objects.create(user=staff).key

    answer = client.get(f"/api/players/{athos.pk}", HTTP_AUTHORIZATION=f"Bearer {token}")

    stats = answer.json()["stats"]
    mu, sigma = stored(Table.objects.get(), athos)
    assert stats["rating"] == {"mu": round(mu, 3), "sigma": round(sigma, 3),
                               "ordinal": round(mu - 3 * sigma, 1)}
    assert (stats["games_played"], stats["games_won"], stats["units_won"]) == (1, 1, 1)
