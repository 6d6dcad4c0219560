"""Taking one's pending seat from a table's page (docs/api.md, Seats and stakes): Athos opened
a pool with a 5.00 entry, so Porthos and Aramis each take their own seat, and pay then. The
form is a CSRF POST with a key: a refusal is shown beside it with nothing saved, and a second
tap of the same form does nothing more."""
import re

import pytest
from django.test import Client

from club import ledger
from club.models import Player
from club.players import create_player
from games.models import Seat, Table
from games.services.tables import open_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(django_user_model):
    """{name: user} for Athos, Porthos, Aramis and Charles, each linked to his player."""
    out = {}
    for name in ("Athos", "Porthos", "Aramis", "Charles"):
        out[name] = django_user_model.objects.create_user(name.lower())
        create_player(name=name, username=name.lower())
    return out


@pytest.fixture
def table(members) -> Table:
    seated = [Player.objects.get(name=n) for n in ("Athos", "Porthos", "Aramis")]
    return open_table(name="T", format="pool", players=seated, rules={"pool_entry": "5.00"},
                      by=members["Athos"], first_dealer=seated[1])


def as_user(user, **options) -> Client:
    client = Client(**options)
    client.force_login(user)
    return client


def key_of(page: str) -> str:
    return re.search(r'id="seat-form">.*?name="key" value="([0-9a-f]+)"', page, re.S).group(1)


def pending(table) -> list[str]:
    return sorted(Seat.objects.filter(table=table, taken_at__isnull=True)
                  .values_list("player__name", flat=True))


def paid(name: str) -> int:
    return -ledger.player_balance(Player.objects.get(name=name))


def test_a_pending_member_takes_his_seat_once_however_often_he_taps(members, table):
    porthos = as_user(members["Porthos"])
    page = porthos.get(f"/tables/{table.pk}/").content.decode()
    assert "Take my seat (entry 5.00)" in page and 'name="csrfmiddlewaretoken"' in page
    key = key_of(page)

    answer = porthos.post(f"/tables/{table.pk}/seat/", {"key": key}, follow=True)
    assert answer.redirect_chain == [(f"/tables/{table.pk}/", 302)]
    assert "You have taken your seat: your entry of 5.00 is paid." in answer.content.decode()
    assert "Take my seat" not in answer.content.decode()
    assert pending(table) == ["Aramis"] and paid("Porthos") == 5_00
    table.refresh_from_db()
    assert table.snapshot["seats_pending"] == [Player.objects.get(name="Aramis").pk]

    again = porthos.post(f"/tables/{table.pk}/seat/", {"key": key}, follow=True)
    assert "This form was sent already" in again.content.decode()
    assert paid("Porthos") == 5_00


def test_an_anonymous_reader_is_sent_to_log_in_and_sees_no_form(client, members, table):
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Take my seat" not in page and "Log in to take your seat." in page

    answer = client.post(f"/tables/{table.pk}/seat/", {"key": "k1"})
    assert answer.status_code == 302 and answer.url.startswith("/login/")
    assert pending(table) == ["Aramis", "Porthos"]


@pytest.mark.parametrize("who", ["Charles", "Athos"])
def test_a_member_whose_seat_is_not_pending_has_no_form_and_is_refused(members, table, who):
    """Charles has no seat at the table; Athos opened it, so his seat is taken already."""
    reader = as_user(members[who])
    assert "Take my seat" not in reader.get(f"/tables/{table.pk}/").content.decode()

    answer = reader.post(f"/tables/{table.pk}/seat/", {"key": "k1"})

    assert answer.status_code == 400
    refusal = re.search(r'<p class="error" role="alert"[^>]*>(.*?)</p>', answer.content.decode())
    assert refusal and "Nothing was saved." in refusal.group(1)
    assert pending(table) == ["Aramis", "Porthos"] and paid(who) == (5_00 if who == "Athos" else 0)


def test_a_refusal_is_shown_beside_the_form_and_nothing_is_saved(members, table):
    table.status = Table.Status.ABANDONED  # as if abandoned meanwhile, the snapshot unchanged
    table.save(update_fields=["status"])
    answer = as_user(members["Porthos"]).post(f"/tables/{table.pk}/seat/", {"key": "k1"})
    assert answer.status_code == 400 and "the table is abandoned" in answer.content.decode()
    assert pending(table) == ["Aramis", "Porthos"] and paid("Porthos") == 0


def test_the_form_needs_the_csrf_token(members, table):
    answer = as_user(members["Porthos"], enforce_csrf_checks=True).post(
        f"/tables/{table.pk}/seat/", {"key": "k1"})
    assert answer.status_code == 403 and pending(table) == ["Aramis", "Porthos"]
