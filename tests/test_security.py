"""The club's security properties, each stated and checked here or where it is already pinned.

1. Only a table's scorers (and staff) enter or correct its hands: the API's hands and
   corrections in tests/games/test_api_refusals.py ("member enters a hand", "member
   corrects") and tests/games/test_hand_guards.py; the pages in tests/pages/test_scorer.py
   (test_only_the_tables_scorers_and_staff_score_it); the trick-by-trick routes here.
2. A member moves only his own wagers and reads only his own ledger: a wager is placed and
   taken for the caller's own player, a body naming another is refused (here); withdrawing
   another's in tests/games/test_api_wagers.py (..._withdraws_another_members_wager) and
   tests/pages/test_wager_pages.py (test_the_backer_withdraws_his_offer_and_no_one_else_may);
   the ledger in tests/games/test_api_money.py (test_a_member_may_not_read_another_members_
   ledger) and tests/pages/test_member_pages.py (test_a_members_money_is_his_own_and_staffs).
3. Anonymous users write nothing: every POST route of the API answers 401, every page a
   login redirect or a refusal, and no row changes (here, the routes read from the URL
   patterns, so a new one is checked as soon as it exists).
4. CSRF is enforced on every page form, and on the API for a browser's session (here, every
   route again).
5. The live feed refuses a WebSocket from a foreign origin: tests/games/test_live_feed.py
   (test_a_foreign_origin_is_refused_without_an_error).
6. Private tables are for signed-in members: the API in tests/games/test_table_events.py
   (test_a_private_table_is_shown_to_a_signed_in_member_only), the feed in
   tests/games/test_live_feed.py (test_a_private_table_refuses_an_anonymous_spectator); every
   page, lists included, here.
7. The production settings send the security headers (HSTS, nosniff, referrer policy,
   X-Frame-Options) and mark the cookies secure (here); `check --deploy` passes
   (tests/server/test_settings.py).
"""
import json
import os
import secrets
import subprocess
import sys

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from games.models import Hand, Table, Wager, WagerTake
from games.services.tables import open_table
from nights.models import Season
from nights.services import open_night
from server.api import api
from testbed.daphne import ROOT
from testbed.users import user_with_token
from tests.games.kit import Api, member, players, pool

pytestmark = pytest.mark.django_db
PUBLIC_POSTS = {"/api/engine/score"}  # scores a record and stores nothing (docs/api.md)
ANONYMOUS_PAGES = {"login", "logout", "set_language"}  # write no row; logout ends a session


def _page_routes(patterns=None, prefix=""):
    """(name, route) of every page of the site, the admin's and the API's aside."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            if not route.startswith(("admin/", "api/")):
                yield from _page_routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern) and not route.startswith("static/"):
            yield entry.name, route


def _api_posts():
    """Every POST path of the API, as its schema lists it."""
    schema = api.get_openapi_schema()
    return sorted(path for path, operations in schema["paths"].items() if "post" in operations)


@pytest.fixture
def rows():
    """A table with a hand, and a way to fill a route's parameters with their ids."""
    staff = get_user_model().objects.create_user("steward", is_staff=True)
    table = pool(staff, hands=1)
    hand = Hand.objects.get(table=table)
    night = open_night(name="Friday", by=staff)
    season = Season.objects.create(name="Autumn", first=night.date, last=night.date,
                                   minimum_nights=1, created_by=staff)
    ids = {"table_id": table.pk, "number": 1, "player_id": table.seats.first().player_id,
           "hand_id": hand.pk, "wager_id": 1, "payment_id": 1, "night_id": night.pk,
           "season_id": season.pk, "other": table.seats.last().player_id}

    def fill(route: str) -> str:
        for name, value in ids.items():
            route = route.replace(f"<int:{name}>", str(value)).replace(f"{{{name}}}", str(value))
        assert "<" not in route and "{" not in route, f"no id for {route}"
        return route
    return fill


def _counts() -> dict:
    return {model.__name__: model.objects.count() for model in apps.get_models()}


def test_3_an_anonymous_post_to_any_api_route_is_401_and_writes_nothing(client, rows):
    before = _counts()
    for path in _api_posts():
        if path in PUBLIC_POSTS:
            continue
        answer = client.post(rows(path), data="{}", content_type="application/json")
        assert answer.status_code == 401, path
        assert answer.json()["error"]["code"] == "unauthorized", path
    assert _counts() == before


def test_3_an_anonymous_post_to_any_page_is_sent_to_log_in_and_writes_nothing(client, rows):
    before = _counts()
    for name, route in _page_routes():
        if name in ANONYMOUS_PAGES:
            continue
        answer = client.post("/" + rows(route), {"key": "k", "record": "{}"})
        if answer.status_code == 302:  # done, or asked to log in first
            assert answer["Location"].startswith("/login/"), route
    assert _counts() == before


def test_4_a_post_without_the_csrf_token_is_refused_on_every_route(rows):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(get_user_model().objects.create_user("dora", is_staff=True))
    before = _counts()
    for name, route in _page_routes():
        answer = browser.post("/" + rows(route), {"key": "k"})
        assert answer.status_code == 403, (route, answer.status_code)
    for path in _api_posts():
        if path in PUBLIC_POSTS:
            continue
        answer = browser.post(rows(path), data="{}", content_type="application/json")
        assert answer.status_code == 403, (path, answer.status_code)
    assert _counts() == before


def test_1_a_member_who_is_not_a_scorer_plays_no_trick_and_finishes_no_hand(client, rows):
    rows("")
    hand = Hand.objects.get()
    outsider = Api(client, user_with_token("outsider")[1])
    for path, body in ((f"/hands/{hand.pk}/tricks", {"trick": ["KS", "7S"], "number": 1}),
                       (f"/hands/{hand.pk}/tricks/undo", {"number": 1}),
                       (f"/hands/{hand.pk}/finish", {})):
        answer = outsider.post(path, body)
        assert answer.status_code == 403 and answer.json()["error"]["code"] == "not_scorer", path


def test_2_a_wager_is_placed_and_taken_only_for_ones_own_player(client):
    dora_api, dora = member(client, "Dora")
    eve_api, eve = member(client, "Eve")
    seated = players("Athos", "Porthos", "Aramis")
    steward = get_user_model().objects.create_user("steward", is_staff=True)
    table = open_table(name="T", format="pool", players=seated, rules={}, by=steward,
                       first_dealer=seated[1], wager_style="english")
    offer = eve_api.post(f"/tables/{table.pk}/wagers",
                         {"on": seated[0].pk, "stake": "1.00", "odds": "1:1"}).json()["id"]
    for other in ({"bettor": eve.pk}, {"player": eve.pk}, {"layer": eve.pk}, {"by": "eve"}):
        dora_api.post(f"/tables/{table.pk}/wagers",
                      {"on": seated[0].pk, "stake": "1.00", "odds": "1:1"} | other)
        dora_api.post(f"/wagers/{offer}/take", {"stake": "0.10"} | other)
    assert list(Wager.objects.filter(bettor=eve).values_list("pk", flat=True)) == [offer]
    assert not WagerTake.objects.filter(layer=eve).exists()
    assert set(Wager.objects.values_list("placed_by__username", flat=True)) <= {"dora", "eve"}


def test_6_no_page_shows_a_private_table_to_an_anonymous_reader(client, rows):
    rows("")
    table = Table.objects.get()
    Table.objects.filter(pk=table.pk).update(name="The Hidden Salon", private=True)
    for name, route in _page_routes():
        answer = client.get("/" + rows(route))
        assert b"Hidden Salon" not in answer.content, route
    client.force_login(get_user_model().objects.create_user("dora"))
    assert b"Hidden Salon" in client.get(f"/tables/{table.pk}/").content


PRODUCTION_HEADERS = """
import json
from django.conf import settings
from django.test import Client
answer = Client().get("/rules/", secure=True)
print(json.dumps({"headers": dict(answer.headers), "csrf_cookie": dict(answer.cookies["csrftoken"]),
                  "session_cookie_secure": settings.SESSION_COOKIE_SECURE,
                  "status": answer.status_code}))
"""


def test_7_the_production_settings_send_the_security_headers_and_secure_cookies():
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"} | {
        "DJANGO_SETTINGS_MODULE": "server.settings", "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "testserver"}
    done = subprocess.run([sys.executable, "manage.py", "shell", "-c", PRODUCTION_HEADERS],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    headers = seen["headers"]
    assert seen["status"] == 200
    assert "max-age=31536000" in headers["Strict-Transport-Security"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"
    assert seen["csrf_cookie"]["secure"] is True and seen["session_cookie_secure"] is True
