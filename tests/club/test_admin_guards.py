"""Bad input to the admin is answered as bad input, never with a 500: hand-made lookups in a
list's query string, actions on ids that are not ids, and names no one could read."""

import pytest
from django.contrib.auth.models import Group, User

from club.models import ApiToken, Player
from tests.games.kit import pool

pytestmark = pytest.mark.django_db

LISTS = ["/admin/games/table/", "/admin/games/hand/", "/admin/club/player/",
         "/admin/club/account/", "/admin/club/transaction/", "/admin/club/apitoken/",
         "/admin/auth/user/", "/admin/auth/group/"]
# Lookups Django's admin passes to the database, which refuses them.
LOOKUPS = ["id__regex=%5B", "id__regex=(", "pk__iregex=(", "id__in=abc"]
DATED = {"/admin/games/table/": "finished_at", "/admin/games/hand/": "created_at",
         "/admin/club/player/": "created_at", "/admin/club/apitoken/": "created_at",
         "/admin/club/transaction/": "created_at", "/admin/auth/user/": "date_joined"}


@pytest.fixture
def some_rows(secretary):
    """A row in every list, so that each lookup reaches the database's rows."""
    pool(secretary, hands=2, pool_entry=100)
    ApiToken.objects.create(user=secretary)
    Group.objects.create(name="Committee")


@pytest.mark.parametrize("page", LISTS)
@pytest.mark.parametrize("lookup", LOOKUPS)
def test_a_lookup_the_database_refuses_shows_the_invalid_lookup_notice(
        staff_client, some_rows, page, lookup):
    answer = staff_client.get(f"{page}?{lookup}")

    assert answer.status_code == 302 and answer["Location"].endswith("?e=1")
    unfiltered = staff_client.get(f"{page}?e=1")
    assert unfiltered.status_code == 200
    assert "could not be filtered as asked" in unfiltered.content.decode()


@pytest.mark.parametrize("page, field", DATED.items())
@pytest.mark.parametrize("part", ["year=0", "year=99999", "iso_year=0", "year__gte=0"])
def test_a_date_outside_the_calendar_shows_the_invalid_lookup_notice(
        staff_client, some_rows, page, field, part):
    answer = staff_client.get(f"{page}?{field}__{part}")

    assert answer.status_code == 302 and answer["Location"].endswith("?e=1")


def test_a_list_without_lookups_still_lists(staff_client, some_rows):
    answer = staff_client.get("/admin/club/player/")

    assert answer.status_code == 200 and b"Athos" in answer.content


@pytest.mark.parametrize("selected", ["abc", "1\x00", "99999999999999999999", "1.5"])
@pytest.mark.parametrize("page, action", [("/admin/games/table/", "export_json"),
                                          ("/admin/games/table/", "abandon"),
                                          ("/admin/club/player/", "delete_selected"),
                                          ("/admin/auth/user/", "delete_selected")])
def test_an_action_on_something_that_is_not_an_id_does_nothing(
        staff_client, some_rows, page, action, selected):
    players, users = Player.objects.count(), User.objects.count()

    answer = staff_client.post(page, {"action": action, "_selected_action": [selected]},
                               follow=True)

    assert answer.status_code == 200
    assert "is not the id of a" in answer.content.decode()
    assert (Player.objects.count(), User.objects.count()) == (players, users)


@pytest.mark.parametrize("name, why", [("Tab\there", "U+0009, a control character"),
                                       ("\u200bAthos", "U+200B, an invisible formatting")])
def test_the_player_form_refuses_names_no_one_could_read(staff_client, name, why):
    answer = staff_client.post("/admin/club/player/add/", {"name": name})

    assert answer.status_code == 200  # the form again, with its error
    assert why in answer.content.decode()
    assert not Player.objects.exists()


def test_the_player_form_takes_one_name_in_two_unicode_spellings_as_one(staff_client):
    Player.objects.create(name="\u00c9mile")

    answer = staff_client.post("/admin/club/player/add/", {"name": "E\u0301mile"})

    assert answer.status_code == 200 and "already exists" in answer.content.decode()
    assert Player.objects.count() == 1
