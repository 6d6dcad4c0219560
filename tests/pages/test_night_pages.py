"""The club night's pages (docs/rules.md, The club night): a member says "I'm here" with one
tap, told his fee first, and pays it once however often he taps; staff and directors open the
night (named after its date, fees 0.00 unless typed), mark a player or a new guest present,
draw, and close the night, refused while a table is in play. Each refusal is said in the
reader's language beside its form, with its code's status, and saves nothing; each form's key
counts once. The projector and the door's sheet carry the night's page as a QR code."""
import html

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.utils import timezone

from club import evenings, ledger
from club.models import Player, Transaction
from club.players import create_member
from games.models import Table
from nights import services
from nights.models import Night, Presence
from tests.nights.kit import guests, win_table
from tests.pages.forms import as_user, form_values

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def director(django_user_model):
    user = django_user_model.objects.create_user("dora")
    user.user_permissions.add(Permission.objects.get(codename="direct_night"))
    return user


@pytest.fixture
def desk(director):
    """The director's browser session."""
    return as_user(director)


@pytest.fixture
def athos():
    """A member and his player."""
    return create_member(name="Athos", username="athos", password="long enough 12").user


def opened(by, **fees) -> Night:
    return services.open_night(name="Friday", by=by, **fees)


def page(client, path="/night/", **headers) -> str:
    answer = client.get(path, **headers)
    assert answer.status_code == 200
    return answer.content.decode()


def said(answer) -> str:
    """The answer's text as the reader reads it."""
    return html.unescape(answer.content.decode())


# -- opening the night ---------------------------------------------------------------------
def test_a_director_opens_the_night_named_after_its_date_with_its_fees(desk):
    sent = form_values(page(desk), "open-form") | {"member_fee": "2.00"}
    assert sent["member_fee"] == "2.00" and sent["guest_fee"] == "0.00"
    answer = desk.post("/night/open/", sent)
    assert answer.status_code == 302 and answer["Location"] == "/night/"
    night = Night.objects.get()
    assert night.name == evenings.day_of(timezone.now()).isoformat()
    assert (night.member_fee, night.guest_fee) == (200, 0)


def test_a_fee_typed_in_french_is_read_with_its_comma(desk):
    sent = form_values(page(desk, **FR), "open-form") | {"member_fee": "2,50"}
    assert desk.post("/night/open/", sent, **FR).status_code == 302
    assert Night.objects.get().member_fee == 250


def test_a_bad_fee_is_refused_beside_its_field_and_nothing_is_opened(desk):
    sent = form_values(page(desk, **FR), "open-form") | {"member_fee": "deux"}
    answer = desk.post("/night/open/", sent, **FR)
    assert answer.status_code == 400
    assert "deux\u00a0» n'est pas une somme d'argent" in said(answer)
    assert not Night.objects.exists()


def test_a_member_may_not_open_the_night_and_is_told_so_in_his_language(athos):
    client = as_user(athos)
    assert 'id="open-form"' not in page(client)
    for headers, words in (({}, "Only staff and the club's directors open a night."),
                           (FR, "Seuls le personnel et les directeurs de jeu du club ouvrent "
                                "une soirée.")):
        answer = client.post("/night/open/", {"key": "k1", "name": "Mine"}, **headers)
        assert answer.status_code == 403 and words in said(answer)
    assert not Night.objects.exists()


def test_a_second_night_is_refused_while_one_is_open(desk, director):
    opened(director)
    answer = desk.post("/night/open/", {"key": "k2", "name": "Another"})
    assert answer.status_code == 409
    assert "The night Friday is open: close it before opening another." in \
        said(answer)
    assert Night.objects.count() == 1


def test_the_same_opening_form_sent_twice_opens_one_night(desk):
    sent = form_values(page(desk), "open-form")
    assert desk.post("/night/open/", sent).status_code == 302
    again = desk.post("/night/open/", sent, follow=True)
    assert "This form was sent already: nothing more was done." in said(again)
    assert Night.objects.count() == 1


# -- "I'm here" ----------------------------------------------------------------------------
def test_a_member_is_told_his_fee_then_says_he_is_here_once(director, athos):
    night = opened(director, member_fee=250, guest_fee=500)
    client = as_user(athos)
    shown = page(client)
    assert "Your fee tonight: 2.50" in shown
    sent = form_values(shown, "here-form")
    assert client.post(f"/nights/{night.pk}/here/", sent).status_code == 302
    client.post(f"/nights/{night.pk}/here/", sent)  # a second tap of the same form
    assert Presence.objects.get().player == athos.player
    (fee,) = Transaction.objects.filter(reason=Transaction.Reason.NIGHT_FEE)
    assert fee.made_by == athos and ledger.player_balance(athos.player) == -250
    after = page(client)
    assert 'id="here-form"' not in after and "Athos" in after


def test_an_anonymous_reader_sees_the_night_but_no_form(director):
    opened(director)
    shown = page(Client())
    assert "Friday" in shown and 'id="here-form"' not in shown and 'id="draw-form"' not in shown


def test_a_member_may_not_mark_another_player_present(director, athos):
    night = opened(director)
    (planchet,) = guests("Planchet")
    client = as_user(athos)
    for headers, words in (({}, "the director marks the others"),
                           (FR, "le directeur de jeu inscrit les autres")):
        answer = client.post(f"/nights/{night.pk}/present/",
                             {"key": "k", "player": str(planchet.pk)}, **headers)
        assert answer.status_code == 403 and words in said(answer)
    assert not Presence.objects.exists()


def test_a_closed_night_takes_nobody(director, athos):
    night = opened(director)
    services.close_night(night_id=night.pk, by=director)
    client = as_user(athos)
    assert 'id="here-form"' not in page(client, f"/nights/{night.pk}/")
    answer = client.post(f"/nights/{night.pk}/here/", {"key": "late"}, **FR)
    assert answer.status_code == 409 and "Cette soirée est close." in said(answer)
    assert not Presence.objects.exists()


# -- the director's desk -------------------------------------------------------------------
def test_the_director_marks_a_player_chosen_in_name_order(desk, director):
    night = opened(director, guest_fee=500)
    guests("Porthos", "Aramis", "Athos")
    shown = page(desk)
    listed = [name for name in ("Aramis", "Athos", "Porthos")]
    options = shown[shown.index('id="present-form"'):shown.index('id="guest-form"')]
    assert [options.index(f">{name}<") for name in listed] == sorted(
        options.index(f">{name}<") for name in listed)
    aramis = Player.objects.get(name="Aramis")
    sent = form_values(shown, "present-form") | {"player": str(aramis.pk)}
    assert desk.post(f"/nights/{night.pk}/present/", sent).status_code == 302
    assert ledger.player_balance(aramis) == -500
    assert f'value="{aramis.pk}"' not in page(desk).split('id="present-form"')[1].split(
        "</form>")[0]


def test_a_new_guest_is_made_and_marked_present_in_one(desk, director):
    night = opened(director, guest_fee=500)
    sent = form_values(page(desk), "guest-form") | {"name": "Planchet"}
    assert desk.post(f"/nights/{night.pk}/guest/", sent).status_code == 302
    planchet = Player.objects.get(name="Planchet")
    assert planchet.user is None and Presence.objects.get().player == planchet
    assert ledger.player_balance(planchet) == -500


def test_a_guest_refused_leaves_no_player_behind(desk, director):
    night = opened(director)
    services.close_night(night_id=night.pk, by=director)
    answer = desk.post(f"/nights/{night.pk}/guest/", {"key": "g", "name": "Planchet"})
    assert answer.status_code == 409 and "This night is closed." in said(answer)
    assert not Player.objects.filter(name="Planchet").exists()


def test_a_draw_with_too_few_waiting_is_refused_in_each_language(desk, director):
    night = opened(director)
    services.mark_present(night_id=night.pk, player=guests("Athos")[0], by=director)
    sent = form_values(page(desk), "draw-form")
    assert sent["format"] == "pool" and "balance" not in sent
    for headers, words in (({}, "1 waiting: a table takes 3."),
                           (FR, "1 en attente\u00a0: une table en prend 3.")):
        answer = desk.post(f"/nights/{night.pk}/draw/", sent, **headers)
        assert answer.status_code == 409 and words in said(answer)
    assert not Table.objects.exists()


def test_the_draw_seats_those_waiting_once_for_its_key(desk, director):
    night = opened(director)
    for player in guests("Athos", "Porthos", "Aramis", "Planchet"):
        services.mark_present(night_id=night.pk, player=player, by=director)
    sent = form_values(page(desk), "draw-form") | {"balance": "on"}
    assert desk.post(f"/nights/{night.pk}/draw/", sent).status_code == 302
    desk.post(f"/nights/{night.pk}/draw/", sent)
    (table,) = Table.objects.all()
    assert table.format == "pool" and table.name == "Friday #1"
    shown = page(desk)
    waiting = shown[shown.index('id="waiting-title"'):shown.index('id="present-title"')]
    assert "Planchet" in waiting and "Athos" not in waiting


def test_a_rubber_is_drawn_with_its_options(desk, director):
    night = opened(director)
    for player in guests("Athos", "Porthos"):
        services.mark_present(night_id=night.pk, player=player, by=director)
    sent = form_values(page(desk), "draw-form") | {"format": "rubber", "rubber_games": "5"}
    assert desk.post(f"/nights/{night.pk}/draw/", sent).status_code == 302
    table = Table.objects.get()
    assert table.format == "rubber" and table.rules["rubber_games"] == 5


def test_a_draw_of_another_kind_is_refused_and_draws_nothing(desk, director):
    night = opened(director)
    for player in guests("Athos", "Porthos", "Aramis"):
        services.mark_present(night_id=night.pk, player=player, by=director)
    sent = form_values(page(desk), "draw-form") | {"format": "trois"}
    assert desk.post(f"/nights/{night.pk}/draw/", sent).status_code == 400
    assert not Table.objects.exists()


def test_closing_is_refused_while_a_table_is_in_play_then_done(desk, director):
    night = opened(director)
    for player in guests("Athos", "Porthos", "Aramis"):
        services.mark_present(night_id=night.pk, player=player, by=director)
    (table,), _ = services.draw(night_id=night.pk, format="pool", rules={}, by=director)
    for headers, words in (({}, "Tables of the night still in play: 1."),
                           (FR, "Tables de la soirée encore en jeu\u00a0: 1.")):
        answer = desk.post(f"/nights/{night.pk}/close/", {"key": f"c{headers}"}, **headers)
        assert answer.status_code == 409 and words in said(answer)
    assert Night.objects.get().status == "open"
    win_table(table.pk, director)
    assert desk.post(f"/nights/{night.pk}/close/", {"key": "last"}).status_code == 302
    assert Night.objects.get().status == "closed"


def test_a_member_may_not_draw_nor_close(director, athos):
    night = opened(director)
    client = as_user(athos)
    assert client.post(f"/nights/{night.pk}/close/", {"key": "x"}).status_code == 403
    assert Night.objects.get().status == "open"


# -- what the page proposes ----------------------------------------------------------------
def test_the_next_table_is_proposed_once_a_table_ended_and_enough_wait(desk, director):
    night = opened(director)
    first = guests("Athos", "Porthos", "Aramis")
    for player in first:
        services.mark_present(night_id=night.pk, player=player, by=director)
    (table,), _ = services.draw(night_id=night.pk, format="pool", rules={}, by=director)
    for player in guests("Planchet", "Grimaud"):
        services.mark_present(night_id=night.pk, player=player, by=director)
    assert "Next:" not in page(desk)  # two wait, and no table of the night has ended
    win_table(table.pk, director)
    shown = page(desk)
    assert "Next: Planchet, Grimaud, " in shown and " at the next free table" in shown
    assert "Ensuite\u00a0: Planchet, Grimaud, " in page(desk, **FR)


# -- the menu, the projector and the door ---------------------------------------------------
def test_the_menu_links_to_the_club_night_and_reads_nothing_for_it(director, athos):
    """Every page's menu links to the night's page, which says whether one is open (so the
    menu, drawn on the error pages too, reads nothing of the database for it)."""
    client = as_user(athos)
    assert 'href="/night/"' in page(client, "/tables/")
    night = opened(director)
    assert 'href="/night/"' in page(client, "/tables/")
    services.close_night(night_id=night.pk, by=director)
    assert 'href="/night/"' in page(client, "/rules/")


def test_the_projector_and_the_door_carry_the_nights_page_as_a_qr_code(director):
    opened(director)
    reader = Client()
    for path in ("/night/tv/", "/night/door/"):
        shown = page(reader, path)
        assert '<svg' in shown and 'class="qr"' in shown and "http://testserver/night/" in shown


def test_a_button_without_its_key_is_refused_beside_it_and_marks_nobody(director, athos):
    """A night's button sends only its key: without one, or with one the page never gave, the
    member is told to load the page again, in his language, and nothing is done."""
    night = opened(director)
    client = as_user(athos)
    for key, headers, words in (("", {}, "This form has no key: load the page again."),
                                ("\x01", FR, "rechargez la page")):
        answer = client.post(f"/nights/{night.pk}/here/", {"key": key}, **headers)
        assert answer.status_code == 422 and words in said(answer)
    assert not Presence.objects.exists()
