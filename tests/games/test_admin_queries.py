"""The admin's lists and pages take a fixed number of queries, however many rows they show."""
import pytest

from games.models import Hand
from games.services.hands import correct_hand, record_hand
from tests.games.kit import pool, queries_for, summary, won_pool

pytestmark = pytest.mark.django_db


def add_tables(by, count: int, first: int = 0) -> None:
    for n in range(first, first + count):
        pool(by, names=(f"Athos {n}", f"Porthos {n}", f"Aramis {n}"), name=f"Table {n}",
             hands=3)


@pytest.mark.parametrize("url", [
    "/admin/games/table/",
    "/admin/games/table/?q=athos",
    "/admin/games/table/?status__exact=playing&format__exact=pool",
    "/admin/games/table/?o=6",  # by hands count
    "/admin/games/hand/",
    "/admin/games/hand/?q=porthos&status__exact=counted",
])
def test_a_list_takes_as_many_queries_for_six_tables_as_for_two(staff_client, secretary, url):
    add_tables(secretary, 2)
    few = queries_for(staff_client, url)
    add_tables(secretary, 4, first=2)

    many = queries_for(staff_client, url)

    assert many == few


def test_the_table_list_stays_within_ten_queries(staff_client, secretary,
                                                 django_assert_max_num_queries):
    add_tables(secretary, 5)
    won_pool(secretary)

    with django_assert_max_num_queries(10):
        response = staff_client.get("/admin/games/table/")

    assert len(response.context["cl"].result_list) == 6


def test_the_hand_list_stays_within_ten_queries(staff_client, secretary,
                                                django_assert_max_num_queries):
    add_tables(secretary, 5)

    with django_assert_max_num_queries(10):
        response = staff_client.get("/admin/games/hand/")

    assert len(response.context["cl"].result_list) == 15


def test_a_table_page_takes_as_many_queries_for_twelve_hands_as_for_two(staff_client,
                                                                        secretary):
    table = pool(secretary, hands=2)
    few = queries_for(staff_client, f"/admin/games/table/{table.pk}/change/")
    for _ in range(10):
        record_hand(table_id=table.pk, record=summary(3), by=secretary)

    many = queries_for(staff_client, f"/admin/games/table/{table.pk}/change/")

    assert many == few


def test_a_hand_page_takes_as_many_queries_for_three_versions_as_for_one(staff_client,
                                                                        secretary):
    hand = pool(secretary, hands=1).hands.get()
    few = queries_for(staff_client, f"/admin/games/hand/{hand.pk}/change/")
    correct_hand(hand_id=hand.pk, record=summary(2), by=secretary)
    correct_hand(hand_id=hand.pk, record=summary(4), by=secretary)

    many = queries_for(staff_client, f"/admin/games/hand/{hand.pk}/change/")

    assert many == few
    assert Hand.objects.get(pk=hand.pk).version == 3
