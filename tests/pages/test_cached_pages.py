"""The pages that many phones read again and again (the evening, the projector, the standings
and a table's page) cost an anonymous reader's second request no query; a member's pages are
never kept; a table opened or edited shows once committed, its play and what changes unheard
within the bounds; French and English are kept apart; the kept page carries each reader's own
CSRF token."""
import re

import pytest
from django.core.cache.backends import locmem
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from games import cached
from games.models import Table
from games.services.hands import record_hand
from tests.games.kit import pool, summary

pytestmark = pytest.mark.django_db

PAGES = ["/tables/", "/tv/", "/standings", "/standings?from=2020-01-01"]


@pytest.fixture(autouse=True)
def own_cache():
    """A cache of the test's own, in memory, whose clock the test may move on."""
    with override_settings(CACHES={"default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "test_cached_pages"}}):
        from django.core.cache import cache
        cache.clear()
        yield


@pytest.fixture
def table(staff) -> Table:
    return pool(staff, hands=1)


def later(monkeypatch, seconds: float) -> None:
    """The cache's clock moved `seconds` on: what it keeps expires as it would by then."""
    now = locmem.time.time()

    class Clock:
        @staticmethod
        def time():
            return now + seconds
    monkeypatch.setattr(locmem, "time", Clock)


@pytest.mark.parametrize("path", [*PAGES, "table"])
def test_an_anonymous_readers_second_get_does_not_query_the_database(
        client, table, path, django_assert_num_queries):
    path = f"/tables/{table.pk}/" if path == "table" else path
    first = client.get(path)
    with django_assert_num_queries(0):
        second = Client().get(path)

    assert first.status_code == second.status_code == 200
    assert re.sub(r'value="\w+"', "", first.content.decode()) == re.sub(
        r'value="\w+"', "", second.content.decode())


@pytest.mark.parametrize("path", [*PAGES, "table"])
def test_a_members_page_is_never_kept(client, staff, table, path):
    path = f"/tables/{table.pk}/" if path == "table" else path
    client.get(path)  # kept for anonymous readers
    client.force_login(staff)

    with CaptureQueriesContext(connection) as member:
        page = client.get(path).content.decode()
    queried = len(member)  # before the next request clears the log
    anonymous = Client().get(path).content.decode()

    assert queried > 0
    if path != "/tv/":  # the projector has no menu
        assert "Log out" in page and "Log out" not in anonymous


@pytest.mark.parametrize("path", ["/tables/", "/tv/"])
def test_a_private_table_is_listed_to_a_member_not_to_an_anonymous_reader(
        client, staff, table, path):
    private = pool(staff, name="Behind closed doors")
    Table.objects.filter(pk=private.pk).update(private=True)
    client.get(path)
    member = Client()
    member.force_login(staff)

    assert "Behind closed doors" in member.get(path).content.decode()
    assert "Behind closed doors" not in Client().get(path).content.decode()


def test_a_hand_shows_on_the_pages_kept_within_their_seconds_and_costs_the_cache_nothing(
        client, staff, table, monkeypatch, django_capture_on_commit_callbacks):
    """The play of a table is on the live feed at once; the pages kept for anonymous readers
    follow it within SEQ_FRESH seconds (a table's page) and LISTS_FRESH (the lists), so that
    recording a hand writes nothing to the cache."""
    page = f"/tables/{table.pk}/"
    client.get(page)
    client.get("/tables/")
    version = cached.lists_version()
    with django_capture_on_commit_callbacks(execute=True):
        record_hand(table_id=table.pk, record=summary(3), by=staff)

    assert cached.lists_version() == version
    assert '"seq": 2' in client.get(page).content.decode()
    assert '"seq": 2' in client.get("/tables/").content.decode()
    later(monkeypatch, cached.SEQ_FRESH + 0.1)
    assert '"seq": 3' in client.get(page).content.decode()
    later(monkeypatch, cached.LISTS_FRESH + 0.1)
    assert '"seq": 3' in client.get("/tables/").content.decode()


def test_a_table_opened_shows_on_the_lists_once_committed(
        client, staff, table, django_capture_on_commit_callbacks):
    client.get("/tables/")
    client.get("/tv/")
    with django_capture_on_commit_callbacks(execute=True):
        other = pool(staff, name="Second table")

    assert f'data-table="{other.pk}"' in client.get("/tables/").content.decode()
    assert f'data-table="{other.pk}"' in client.get("/tv/").content.decode()


def test_a_change_not_heard_shows_on_the_lists_within_lists_fresh_seconds(
        client, table, monkeypatch):
    client.get("/tables/")
    Table.objects.filter(pk=table.pk).update(name="Renamed table")

    still = client.get("/tables/").content.decode()
    later(monkeypatch, cached.LISTS_FRESH + 0.1)
    then = client.get("/tables/").content.decode()

    assert "Renamed table" not in still
    assert "Renamed table" in then


def test_french_and_english_are_kept_apart(client, table, django_assert_num_queries):
    for path in ("/tables/", f"/tables/{table.pk}/", "/standings"):
        french = client.get(path, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        english = client.get(path, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        with django_assert_num_queries(0):
            again = Client().get(path, HTTP_ACCEPT_LANGUAGE="fr").content.decode()

        assert '<html lang="fr">' in french and '<html lang="fr">' in again
        assert '<html lang="en">' in english


def test_a_kept_page_carries_the_readers_own_csrf_token(client, table):
    client.get("/tables/")
    reader = Client(enforce_csrf_checks=True)
    page = reader.get("/tables/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="(\w+)"', page).group(1)

    answer = reader.post("/i18n/setlang/", {"language": "fr", "next": "/tables/",
                                             "csrfmiddlewaretoken": token})

    assert answer.status_code == 302


def test_a_table_made_private_is_no_longer_shown_to_anonymous_readers(
        client, table, django_capture_on_commit_callbacks):
    assert client.get(f"/tables/{table.pk}/").status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        table.private = True
        table.save()

    answer = client.get(f"/tables/{table.pk}/")

    assert answer.status_code == 404
