"""The limits on writes through the JSON API (club/limits.py; docs/api.md, Limits): a member
opens 30 tables an hour and places or takes 120 wagers, staff 600 of each and 600 players
added; each try counts, and a try past the limit is 429 `rate_limited` with a Retry-After,
nothing saved. Another member keeps his own count; a repeat answered from its Idempotency-Key
is no new try; the count starts again when the hour's window ends; and on Redis, two
processes see one count."""
import os
import subprocess
import sys
from types import SimpleNamespace

import django_ratelimit.core
import pytest
from django.conf import settings

from club.models import Player
from games.models import Table, Wager
from testbed.users import user_with_token
from tests.games.kit import Api, member, players, spend

pytestmark = pytest.mark.django_db



@pytest.fixture
def trio():
    return players("Athos", "Porthos", "Aramis")


def open_pool(api: Api, trio, **fields):
    return api.post("/tables", {"name": "T", "format": "pool",
                                "players": [p.pk for p in trio]} | fields)


def assert_limited(answer, what: str, most: int) -> int:
    """The 429 answer in the API's error shape: its Retry-After, in seconds."""
    assert answer.status_code == 429, answer.content
    error = answer.json()["error"]
    assert error["code"] == "rate_limited"
    assert what in error["message"] and f"at most {most} an hour" in error["message"]
    retry_after = int(answer["Retry-After"])
    assert 1 <= retry_after <= 3600
    return retry_after


def test_a_member_opens_30_tables_in_the_hour_and_the_31st_is_refused(client, trio):
    api = Api(client, user_with_token("member")[1])

    opened = [open_pool(api, trio).status_code for _ in range(30)]
    refused = open_pool(api, trio)

    assert opened == [201] * 30
    assert_limited(refused, "tables opened", 30)
    assert Table.objects.count() == 30


def test_every_try_counts_a_refused_one_too(client, trio):
    api = Api(client, user_with_token("member")[1])

    refusals = [api.post("/tables", {"name": "T", "format": "pool", "players": [1_000_000]})
                for _ in range(30)]

    assert [answer.json()["error"]["code"] for answer in refusals] == ["unknown_player"] * 30
    assert_limited(open_pool(api, trio), "tables opened", 30)
    assert not Table.objects.exists()


def test_another_member_is_not_limited_by_the_first(client, trio):
    eager, _ = user_with_token("eager")
    other = Api(client, user_with_token("other")[1])
    spend(eager, "tables", 30)

    assert open_pool(other, trio).status_code == 201


def test_staff_open_600_tables_in_the_hour(client, trio):
    user, token = user_with_token("secretary", staff=True)
    api = Api(client, token)
    spend(user, "tables", 599)

    assert open_pool(api, trio).status_code == 201
    assert_limited(open_pool(api, trio), "tables opened", 600)
    assert Table.objects.count() == 1


def test_a_repeat_answered_from_its_key_is_no_new_try(client, trio):
    user, token = user_with_token("member")
    api = Api(client, token)
    spend(user, "tables", 29)

    first = api.post("/tables", {"name": "T", "format": "pool",
                                 "players": [p.pk for p in trio]}, key="table-30")
    repeat = api.post("/tables", {"name": "T", "format": "pool",
                                  "players": [p.pk for p in trio]}, key="table-30")
    another = api.post("/tables", {"name": "U", "format": "pool",
                                   "players": [p.pk for p in trio]}, key="table-31")

    assert first.status_code == repeat.status_code == 201
    assert repeat.json()["id"] == first.json()["id"]
    assert_limited(another, "tables opened", 30)
    assert Table.objects.count() == 1


@pytest.fixture
def wagering(client, trio):
    """A pool open for English wagers; Charles and Dora, members who wager at it."""
    staff = Api(client, user_with_token("secretary", staff=True)[1])
    table = open_pool(staff, trio, first_dealer=trio[1].pk, wager_style="english").json()
    return table, member(client, "Charles"), member(client, "Dora")


def test_wagers_placed_and_offers_taken_share_one_count_of_120(wagering, trio):
    table, (charles_api, charles), (dora_api, dora) = wagering
    bet = f"/tables/{table['id']}/wagers"
    offer = dora_api.post(bet, {"on": trio[0].pk, "stake": "5.00"}).json()["id"]
    spend(charles.user, "wagers", 118)

    placed = charles_api.post(bet, {"on": trio[0].pk, "stake": "1.00"})  # his 119th try
    taken = charles_api.post(f"/wagers/{offer}/take", {"stake": "1.00"})  # his 120th
    place_refused = charles_api.post(bet, {"on": trio[0].pk, "stake": "1.00"})
    take_refused = charles_api.post(f"/wagers/{offer}/take", {"stake": "1.00"})

    assert placed.status_code == taken.status_code == 201
    assert_limited(place_refused, "wagers placed or offers taken", 120)
    assert_limited(take_refused, "wagers placed or offers taken", 120)
    assert Wager.objects.filter(bettor=charles).count() == 1
    assert Wager.objects.get(pk=offer).matched == 100


def test_a_withdrawal_is_not_limited(wagering, trio):
    table, (charles_api, charles), _ = wagering
    offer = charles_api.post(f"/tables/{table['id']}/wagers",
                             {"on": trio[0].pk, "stake": "5.00"}).json()["id"]
    spend(charles.user, "wagers", 119)  # with the offer, his 120

    assert charles_api.post(f"/wagers/{offer}/withdraw").status_code == 200


def test_staff_add_600_players_in_the_hour_and_members_none(client):
    user, token = user_with_token("secretary", staff=True)
    api, member_api = Api(client, token), Api(client, user_with_token("member")[1])
    spend(user, "players", 599)

    added = api.post("/players", {"name": "Athos"})
    refused = api.post("/players", {"name": "Porthos"})

    assert added.status_code == 201
    assert_limited(refused, "players added or logins given", 600)
    assert list(Player.objects.values_list("name", flat=True)) == ["Athos"]
    assert member_api.post("/players", {"name": "Aramis"}).status_code == 403


def test_the_count_starts_again_when_retry_after_has_passed(client, trio, monkeypatch):
    user, token = user_with_token("member")
    api = Api(client, token)
    spend(user, "tables", 30)
    now = django_ratelimit.core.time.time()
    monkeypatch.setattr(django_ratelimit.core, "time", SimpleNamespace(time=lambda: now))
    retry_after = assert_limited(open_pool(api, trio), "tables opened", 30)

    now += retry_after - 1  # a second early: still refused
    assert_limited(open_pool(api, trio), "tables opened", 30)
    now += 1
    assert open_pool(api, trio).status_code == 201


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="the shared count is Redis's")
def test_two_processes_of_a_server_see_one_count(client, trio):
    """Another process (a second worker) makes 30 tries as this member: here his next try is
    refused. The count lives in the Redis cache, not in either process."""
    user, token = user_with_token("member")
    worker = ("import sys, django; django.setup()\n"
              "from django.conf import settings; from django.test import RequestFactory\n"
              "from types import SimpleNamespace; from club import limits\n"
              "settings.CACHES['default']['KEY_PREFIX'] = sys.argv[1]\n"
              "request = RequestFactory().post('/')\n"
              "request.user = SimpleNamespace(pk=int(sys.argv[2]), is_staff=False)\n"
              "for _ in range(30): limits.count(request, 'tables')\n")
    subprocess.run([sys.executable, "-c", worker, settings.CACHES["default"]["KEY_PREFIX"],
                    str(user.pk)], check=True, env=os.environ | {
                        "DJANGO_SETTINGS_MODULE": "server.settings"},
                   cwd=settings.BASE_DIR, timeout=120)

    assert_limited(open_pool(Api(client, token), trio), "tables opened", 30)

