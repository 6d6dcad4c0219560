"""The evening and the projector stay small however many tables are in play: tonight's tables
in play, a page at a time, with plain links to the next pages; the finished tables one click
away, in a list of their own."""
import re
from datetime import timedelta

import pytest
from django.test import override_settings
from django.utils import timezone

from games.models import Table
from games.services.tables import abandon_table
from tests.games.kit import pool

pytestmark = pytest.mark.django_db

MANY = 300


@pytest.fixture(autouse=True)
def own_cache():
    """A cache of the test's own: no page kept by another test is served here."""
    with override_settings(CACHES={"default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "test_evening_pages"}}):
        from django.core.cache import cache
        cache.clear()
        yield


@pytest.fixture
def many(staff) -> list[int]:
    """MANY tables in play tonight, each a copy of one real pool (the lists read only the table's
    row and its snapshot): their ids, first opened first."""
    first = pool(staff)
    copies = [Table(name=f"Table {n}", format=first.format, status=first.status,
                    rules=first.rules, seating=first.seating, snapshot=first.snapshot,
                    first_dealer=first.first_dealer, opened_by=staff)
              for n in range(2, MANY + 1)]
    Table.objects.bulk_create(copies)
    return list(Table.objects.order_by("created_at", "id").values_list("pk", flat=True))


def drawn(page: str) -> list[int]:
    """The ids of the tables a page draws (one live section each)."""
    return [int(pk) for pk in re.findall(r'data-live data-table="(\d+)"', page)]


def test_the_evening_draws_a_page_of_tables_and_links_to_the_next(client, many):
    first = client.get("/tables/").content.decode()
    second = client.get("/tables/?page=2").content.decode()

    assert 0 < len(drawn(first)) <= 12 and drawn(first) == many[:len(drawn(first))]
    assert drawn(second) == many[len(drawn(first)):2 * len(drawn(first))]
    assert 'rel="next" href="?page=2"' in first
    assert f"of {MANY}" in first and 'rel="prev" href="?page=1"' in second
    assert f"And {MANY - len(drawn(first))} more tables: page 2" in first


def test_the_last_page_has_no_next_and_a_page_past_it_is_the_last(client, many):
    last = client.get("/tables/?page=25").content.decode()
    past = client.get("/tables/?page=999").content.decode()

    assert drawn(last) == many[-12:] and drawn(past) == drawn(last)
    assert 'rel="next"' not in last and 'rel="prev" href="?page=24"' in last


def test_the_projector_draws_a_page_of_tables_and_turns_to_the_next_then_the_first(
        client, many):
    first = client.get("/tv/?every=3").content.decode()
    size = len(drawn(first))
    last_number = -(-MANY // size)
    last = client.get(f"/tv/?every=3&page={last_number}").content.decode()

    assert 0 < size <= 24 and drawn(first) == many[:size]
    assert 'data-every="3" data-next="?every=3&amp;page=2"' in first
    assert "games/tv_turn.js" in first and 'rel="next"' in first
    assert drawn(last) == many[(last_number - 1) * size:]
    assert 'data-next="?every=3&amp;page=1"' in last


def test_a_projector_whose_tables_fit_one_page_does_not_turn(client, staff):
    pool(staff)

    page = client.get("/tv/").content.decode()

    assert len(drawn(page)) == 1
    assert "data-next" not in page and "tv_turn.js" not in page and "Pages of tables" not in page


def test_finished_tables_are_one_click_away_not_on_the_evening(client, staff):
    playing = pool(staff, name="Still playing")
    finished = pool(staff, name="Given up")
    abandon_table(table_id=finished.pk, by=staff)

    evening = client.get("/tables/").content.decode()
    listed = client.get("/tables/?finished=1").content.decode()

    assert drawn(evening) == [playing.pk] and "Given up" not in evening
    assert 'href="?finished=1"' in evening
    assert f'href="/tables/{finished.pk}/">Given up</a>' in listed
    assert "Still playing" not in listed and drawn(listed) == []


def test_the_finished_tables_come_in_pages_the_latest_first(client, staff):
    first = pool(staff)
    now = timezone.now()
    Table.objects.bulk_create([
        Table(name=f"Done {n}", format=first.format, status=Table.Status.ABANDONED,
              rules=first.rules, seating=first.seating, snapshot=first.snapshot,
              first_dealer=first.first_dealer, opened_by=staff,
              finished_at=now - timedelta(minutes=n)) for n in range(60)])

    page = client.get("/tables/?finished=1").content.decode()
    second = client.get("/tables/?finished=1&page=2").content.decode()

    names = re.findall(r">(Done \d+)</a>", page)
    assert names == [f"Done {n}" for n in range(50)]
    assert re.findall(r">(Done \d+)</a>", second) == [f"Done {n}" for n in range(50, 60)]
    assert 'rel="next" href="?finished=1&amp;page=2"' in page


def test_a_table_left_in_play_from_an_earlier_evening_is_not_tonights(client, staff):
    old = pool(staff, name="Last week")
    Table.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=7))
    tonight = pool(staff, name="Tonight")

    page = client.get("/tables/").content.decode()

    assert drawn(page) == [tonight.pk]


def test_the_pages_speak_french(client, many):
    page = client.get("/tables/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    finished = client.get("/tables/?finished=1", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert f"Tables 1 à 12 sur {MANY}" in page
    assert f"Et {MANY - 12} tables de plus\u00a0: page 2" in page
    assert "Tables terminées" in page and "Aucune table n'est encore terminée." in finished
