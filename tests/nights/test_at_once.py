"""Two directors drawing at once never seat a player at two tables, and a member marking himself
present while a draw runs is either drawn or waiting, never both nor neither; two phones
opening a night at once open one. Each act is a request of its own, in a thread of its own with
its own connection to PostgreSQL; SQLite takes one writing transaction at a time
(server/env.py's IMMEDIATE), so only PostgreSQL can show the race."""
from collections import Counter

import pytest
from django.db import connection

from games.models import Seat
from nights.models import Night, NightTable, Presence
from tests.games.kit import Api, at_once, member
from tests.nights.kit import director_user, guests, night, open_night, present

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="two transactions at once need PostgreSQL"),
]

ROUNDS = 5


def directors(client, n: int) -> list[Api]:
    return [Api(client, director_user(f"director{i}")[1]) for i in range(n)]


def test_two_directors_drawing_at_once_never_seat_a_player_twice(client):
    first, second = directors(client, 2)
    for round_ in range(ROUNDS):
        opened = open_night(first, name=f"Night {round_}")
        present(first, opened, guests(*(f"P{round_}-{n}" for n in range(7))))
        answers = at_once(*(lambda api=api: api.post(f"/nights/{opened['id']}/draw",
                                                     {"format": "pool"})
                            for api in (first, second)))
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [201, 409], (round_, statuses)  # the second finds one waiting
        seats = Counter(Seat.objects.filter(table__night_table__night_id=opened["id"])
                        .values_list("player_id", flat=True))
        assert len(seats) == 6 and set(seats.values()) == {1}
        for table in NightTable.objects.filter(night_id=opened["id"]):
            first.post(f"/tables/{table.table_id}/abandon")
        first.post(f"/nights/{opened['id']}/close")


def test_a_member_present_while_a_draw_runs_is_drawn_or_waits(client):
    (director,) = directors(client, 1)
    for round_ in range(ROUNDS):
        opened = open_night(director, name=f"Night {round_}")
        present(director, opened, guests(*(f"P{round_}-{n}" for n in range(5))))
        member_api, player = member(client, f"Late{round_}")
        answers = at_once(
            lambda: director.post(f"/nights/{opened['id']}/draw", {"format": "pool"}),
            lambda: member_api.post(f"/nights/{opened['id']}/present", {}))
        assert [answer.status_code for answer in answers] == [201, 201], round_
        shown = night(director, opened["id"])
        seated = set(Seat.objects.filter(table__night_table__night_id=opened["id"])
                     .values_list("player_id", flat=True))
        assert (player.pk in seated) != (player.pk in shown["waiting"])
        assert len(seated) + len(shown["waiting"]) == Presence.objects.filter(
            night_id=opened["id"]).count() == 6
        for table in NightTable.objects.filter(night_id=opened["id"]):
            director.post(f"/tables/{table.table_id}/abandon")
        director.post(f"/nights/{opened['id']}/close")


def test_two_nights_opened_at_once_open_one(client):
    apis = directors(client, 2)
    answers = at_once(*(lambda api=api: api.post("/nights", {"name": "Friday"})
                        for api in apis))
    assert sorted(answer.status_code for answer in answers) == [201, 409]
    assert Night.objects.count() == 1
