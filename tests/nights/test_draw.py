"""The draw and the waiting list (docs/rules.md, The club night): the longest waiting are
drawn first, never the same three as at the previous draw where another draw is possible, a
table that ends puts its players back among those waiting, in the order they became free."""
import random

import pytest
from django.utils import timezone

from club.models import Player
from games.models import Game, GamePlayer, Table
from nights import draw as drawing
from tests.games.kit import pool
from tests.nights.kit import draw, guests, night, open_night, present, win_table

pytestmark = pytest.mark.django_db


def trios(drawn: dict) -> set[frozenset]:
    return {frozenset(t["seats"].values()) for t in drawn["tables"]}


def test_the_longest_waiting_are_drawn_and_the_last_comers_wait(staff_api):
    opened = open_night(staff_api)
    five = guests(*"ABCDE")
    present(staff_api, opened, five)
    drawn = draw(staff_api, opened)
    assert set(next(iter(trios(drawn)))) == {p.pk for p in five[:3]}
    assert drawn["waiting"] == [five[3].pk, five[4].pk]


@pytest.mark.parametrize("round_", range(5))
def test_a_second_draw_of_the_same_six_never_seats_the_same_three(staff_api, round_):
    opened = open_night(staff_api)
    present(staff_api, opened, guests(*"ABCDEF"))
    first = draw(staff_api, opened)
    for table in first["tables"]:
        assert staff_api.post(f"/tables/{table['id']}/abandon").status_code == 200
    second = draw(staff_api, opened)
    assert trios(second).isdisjoint(trios(first))


def test_the_same_three_are_drawn_again_when_no_other_draw_is_possible(staff_api):
    opened = open_night(staff_api)
    three = guests(*"ABC")
    present(staff_api, opened, three)
    first = draw(staff_api, opened)
    staff_api.post(f"/tables/{first['tables'][0]['id']}/abandon")
    assert trios(draw(staff_api, opened)) == trios(first)


def test_a_table_that_ends_puts_its_players_back_among_those_waiting(staff_api, staff):
    opened = open_night(staff_api)
    four = guests(*"ABCD")
    present(staff_api, opened, four)
    table = draw(staff_api, opened)["tables"][0]
    assert night(staff_api, opened["id"])["waiting"] == [four[3].pk]
    win_table(table["id"], staff)
    shown = night(staff_api, opened["id"])
    # D came before the table ended: he waits longest; its three became free together.
    assert shown["waiting"][0] == four[3].pk
    assert set(shown["waiting"][1:]) == {p.pk for p in four[:3]}
    assert all(p["table"] is None for p in shown["present"])


def test_a_late_arrival_waits_behind_those_freed_before_he_came(staff_api):
    opened = open_night(staff_api)
    three = guests(*"ABC")
    present(staff_api, opened, three)
    table = draw(staff_api, opened)["tables"][0]
    staff_api.post(f"/tables/{table['id']}/abandon")
    (late,) = guests("Late")
    present(staff_api, opened, [late])
    waiting = night(staff_api, opened["id"])["waiting"]
    assert set(waiting[:3]) == {p.pk for p in three} and waiting[3] == late.pk
    drawn = draw(staff_api, opened)
    assert drawn["waiting"] == [late.pk]


def test_balanced_by_rating_the_strongest_sit_together():
    ratings = {1: 30.0, 2: 29.0, 3: 28.0, 4: 1.0, 5: 2.0, 6: 3.0}
    grouped = drawing.groups(list(ratings), 3, ratings=ratings, rng=random.Random(7))
    assert {frozenset(g) for g in grouped} == {frozenset({1, 2, 3}), frozenset({4, 5, 6})}


def test_balanced_by_rating_the_previous_three_are_still_not_drawn_again():
    ratings = {1: 30.0, 2: 29.0, 3: 28.0, 4: 1.0, 5: 2.0, 6: 3.0}
    previous = {frozenset({1, 2, 3}), frozenset({4, 5, 6})}
    grouped = drawing.groups(list(ratings), 3, previous=previous, ratings=ratings,
                             rng=random.Random(7))
    assert not {frozenset(g) for g in grouped} & previous


def test_the_draw_balances_by_the_club_ratings_when_asked(staff_api, staff):
    opened = open_night(staff_api)
    six = guests(*"ABCDEF")
    for player in six:  # A, B and C rate high, the rest low
        _rate(player, 40.0 if player in six[:3] else 10.0, staff)
    present(staff_api, opened, six[::2] + six[1::2])  # their arrivals mixed
    drawn = draw(staff_api, opened, balance=True)
    assert trios(drawn) == {frozenset(p.pk for p in six[:3]), frozenset(p.pk for p in six[3:])}


def _rate(player: Player, mu: float, by) -> None:
    """Gives `player` the rating (mu, 1.0) after a game of his, as games.ratings stores it."""
    table = pool(by, names=(player.name, "X", "Y"), name=f"rated {player.name}")
    game = Game.objects.create(table=table, number=99, unit_number=99, first=player,
                               second=Player.objects.get(name="X"), score={}, winner=player,
                               finished_at=timezone.now())
    GamePlayer.objects.create(game=game, player=player, won=True, finished_at=game.finished_at,
                              mu=mu, sigma=1.0)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.ABANDONED)


class Unshuffled(random.Random):
    """A draw's chance that keeps every order as it is: left alone, the draw would seat the
    players as they come."""

    def shuffle(self, x):
        pass


def test_even_when_chance_would_seat_them_so_the_previous_three_are_not_drawn_again():
    previous = {frozenset({1, 2, 3}), frozenset({4, 5, 6})}
    grouped = drawing.groups([1, 2, 3, 4, 5, 6], 3, previous=previous, rng=Unshuffled())
    assert not {frozenset(g) for g in grouped} & previous


def test_the_previous_draw_weighs_before_the_earlier_ones():
    previous = {frozenset({1, 2, 3})}
    earlier = {frozenset({1, 2, 4}), frozenset({3, 5, 6})}
    grouped = drawing.groups([1, 2, 3, 4, 5, 6], 3, previous=previous, earlier=earlier,
                             rng=Unshuffled())
    sets = {frozenset(g) for g in grouped}
    assert not sets & previous and not sets & earlier
