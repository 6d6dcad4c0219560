"""Taking one's pending seat from a table's page (docs/api.md, Seats and stakes): Athos opened
a pool with a 5.00 entry, so Porthos and Aramis each take their own seat, and pay then. The
form is a CSRF POST with a key: a refusal is shown beside it with nothing saved, and a second
tap of the same form does nothing more."""
import html
import re

import pytest

from club import ledger
from club.models import Player
from club.players import create_player
from games.models import Seat, Table
from games.services.tables import open_table
from tests.pages.forms import as_user

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
    return open_table(name="T", format="pool", players=seated, rules={"pool_entry": 500},
                      by=members["Athos"], first_dealer=seated[1])


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
    assert answer.status_code == 400
    assert "The table is over: no more seats are taken." in answer.content.decode()
    assert pending(table) == ["Aramis", "Porthos"] and paid("Porthos") == 0


def test_the_form_needs_the_csrf_token(members, table):
    answer = as_user(members["Porthos"], enforce_csrf_checks=True).post(
        f"/tables/{table.pk}/seat/", {"key": "k1"})
    assert answer.status_code == 403 and pending(table) == ["Aramis", "Porthos"]


# A player without a login (Grimaud) cannot take his seat himself: the table's page and the
# scorer's page say who has not taken his seat, and staff seat him from the table's page.

@pytest.fixture
def with_guest(members) -> Table:
    """Athos opens a pool with a 5.00 entry for himself, Porthos and Grimaud, who has no
    login: Porthos and Grimaud are not seated yet."""
    create_player(name="Grimaud")
    seated = [Player.objects.get(name=n) for n in ("Athos", "Porthos", "Grimaud")]
    return open_table(name="T", format="pool", players=seated, rules={"pool_entry": 500},
                      by=members["Athos"], first_dealer=seated[0])


def notice(page: str) -> str:
    found = re.search(r'<section class="unseated[^"]*"[^>]*>(.*?)</section>', page, re.S)
    assert found, "no notice of the players not yet seated"
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", found.group(1))))


def seat_keys(page: str) -> dict[str, str]:
    """{player id: key} of the staff's "seat him" forms."""
    forms = re.findall(r'<form[^>]*id="seat-him-(\d+)".*?name="key" value="([^"]+)"', page, re.S)
    return dict(forms)


def test_the_table_and_scorer_pages_name_who_has_not_taken_his_seat(members, with_guest):
    athos = as_user(members["Athos"])
    for path in (f"/tables/{with_guest.pk}/", f"/tables/{with_guest.pk}/score/"):
        said = notice(athos.get(path).content.decode())
        assert "Not yet seated: Porthos, Grimaud." in said, path
        assert "Grimaud has no login: only staff can seat this player." in said, path
        assert "Porthos has no login" not in said, path
    assert seat_keys(athos.get(f"/tables/{with_guest.pk}/").content.decode()) == {}


def test_no_notice_once_every_player_is_seated(members, table):
    """Porthos and Aramis take their seats: nobody is waiting any more."""
    for name in ("Porthos", "Aramis"):
        client = as_user(members[name])
        client.post(f"/tables/{table.pk}/seat/", {"key": key_of(
            client.get(f"/tables/{table.pk}/").content.decode())})
    page = as_user(members["Athos"]).get(f"/tables/{table.pk}/").content.decode()
    assert 'class="unseated' not in page


def test_staff_seat_a_player_without_a_login_once_however_often_they_tap(members, staff,
                                                                          with_guest):
    grimaud = Player.objects.get(name="Grimaud")
    client = as_user(staff)
    page = client.get(f"/tables/{with_guest.pk}/").content.decode()
    keys = seat_keys(page)
    assert set(keys) == {str(grimaud.pk), str(Player.objects.get(name="Porthos").pk)}
    assert "Seat Grimaud (entry 5.00)" in page

    form = {"key": keys[str(grimaud.pk)], "player": grimaud.pk}
    answer = client.post(f"/tables/{with_guest.pk}/seat/", form, follow=True)
    assert answer.redirect_chain == [(f"/tables/{with_guest.pk}/", 302)]
    assert "Grimaud is seated: the entry of 5.00 is paid." in answer.content.decode()
    assert pending(with_guest) == ["Porthos"] and paid("Grimaud") == 5_00

    again = client.post(f"/tables/{with_guest.pk}/seat/", form, follow=True)
    assert "This form was sent already" in again.content.decode() and paid("Grimaud") == 5_00


def test_a_member_may_not_seat_another_player(members, with_guest):
    grimaud = Player.objects.get(name="Grimaud")
    answer = as_user(members["Athos"]).post(f"/tables/{with_guest.pk}/seat/",
                                            {"key": "k1", "player": grimaud.pk})
    assert answer.status_code == 400
    assert "Only staff may seat another player." in answer.content.decode()
    assert pending(with_guest) == ["Grimaud", "Porthos"] and paid("Grimaud") == 0


def test_staff_seating_a_player_already_seated_is_told_so(members, staff, with_guest):
    athos = Player.objects.get(name="Athos")
    answer = as_user(staff).post(f"/tables/{with_guest.pk}/seat/",
                                 {"key": "k1", "player": athos.pk})
    assert answer.status_code == 400
    assert "Athos has already taken his seat" in notice(answer.content.decode())
    assert pending(with_guest) == ["Grimaud", "Porthos"]


def test_the_notice_and_the_staff_form_in_french(members, staff, with_guest):
    client = as_user(staff, HTTP_ACCEPT_LANGUAGE="fr")
    page = client.get(f"/tables/{with_guest.pk}/").content.decode()
    said = notice(page)
    assert "Pas encore assis : Porthos, Grimaud." in said
    assert "Grimaud n'a pas d'identifiant : seul le personnel peut l'asseoir." in said
    assert "Asseoir Grimaud (mise 5,00)" in said  # as French writes an amount
    assert "Places pas encore prises" in said and "depuis la page de cette table" in said
    opening = client.get("/tables/new/").content.decode()  # staff are not told; a member is
    member = as_user(members["Athos"], HTTP_ACCEPT_LANGUAGE="fr").get("/tables/new/")
    assert "Un joueur sans identifiant ne peut être assis que par le personnel." not in opening
    assert "Un joueur sans identifiant ne peut être assis que par le personnel." in html.unescape(
        member.content.decode())


def test_the_opening_form_tells_a_member_who_can_seat_a_player_without_a_login(members,
                                                                                  staff):
    said = "A player without a login can only be seated by staff."
    assert said in as_user(members["Athos"]).get("/tables/new/").content.decode()
    assert said not in as_user(staff).get("/tables/new/").content.decode()
