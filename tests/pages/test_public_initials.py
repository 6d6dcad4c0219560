"""A member who chose to be shown by his initials on the public pages (issue 33, Guests and
privacy; docs/api.md, Names on public pages): a reader who is not signed in never receives his
name, whatever he reads of him (a table's page, the evening, the projector, the standings, a
night's and a season's pages, the member's page, the snapshot a page sends); a signed-in member
reads it, and the member reads it on his own page. He sets it on his account page."""
import datetime

import pytest
from django.test import Client

from club.models import Player
from games.models import Table
from games.services.tables import open_table
from nights import services as nights
from tests.games.rating_kit import win
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db
NAME, INITIALS = "Jean-Marc Dupont", "J.-M. D."


@pytest.fixture
def jean(django_user_model):
    user = django_user_model.objects.create_user("jm")
    return Player.objects.create(name=NAME, user=user, public_initials=True)


@pytest.fixture
def played(jean, staff):
    """Jean-Marc beat Porthos at a rubber; at a night of the season he and two others are
    drawn at a pool still in play."""
    porthos, athos, aramis = (Player.objects.create(name=n) for n in ("Porthos", "Athos",
                                                                       "Aramis"))
    won = open_table(name="Table 1", format="rubber", players=[jean, porthos],  # its name
                     rules={"rubber_games": 1}, by=staff, first_dealer=porthos)  # is the opener's
    win(won, staff, jean)
    night = nights.open_night(name="Friday", by=staff)
    for player in (jean, athos, aramis):
        nights.mark_present(night_id=night.pk, player=player, by=staff)
    (table,), _waiting = nights.draw(night_id=night.pk, format="pool", rules={}, by=staff)
    season = nights.create_season(name="Winter", first=datetime.date(2000, 1, 1),
                                  last=datetime.date(2100, 12, 31), best_nights=None,
                                  minimum_nights=0, by=staff)
    return {"won": won, "table": table, "night": night, "season": season}


def pages(played, jean) -> list[str]:
    won, table, night = played["won"], played["table"], played["night"]
    return ["/tables/", "/tv/", f"/tables/{table.pk}/", f"/tables/{table.pk}/tv/",
            f"/tables/{won.pk}/", f"/tables/{won.pk}/history/", f"/tables/{won.pk}/hand-by-hand/",
            "/standings", f"/standings?season={played['season'].pk}", "/night/", "/night/tv/",
            f"/nights/{night.pk}/", f"/nights/{night.pk}/results/", f"/nights/{night.pk}/sheets/",
            f"/seasons/{played['season'].pk}/", f"/players/{jean.pk}/"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_anonymous_reader_reads_his_initials_and_never_his_name(played, jean, language):
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    for path in pages(played, jean):
        body = browser.get(path).content.decode()
        assert NAME not in body and "Jean-Marc" not in body and "Dupont" not in body, path
        assert INITIALS in body, path


def test_a_signed_in_member_reads_his_name(played, jean, staff):
    member = as_user(staff)
    for path in pages(played, jean):
        body = member.get(path).content.decode()
        assert NAME in body, path  # the result card alone is public (below)


def test_his_own_page_names_him(played, jean):
    body = as_user(jean.user).get(f"/players/{jean.pk}/").content.decode()
    assert f"<h1>{NAME}</h1>" in body


def test_the_result_card_is_public(played, jean):
    """The card shared in the club's chat, and its link preview, name him by his initials."""
    body = as_user(jean.user).get(f"/tables/{played['won'].pk}/").content.decode()
    assert f'content="{INITIALS} wins the rubber' in body


def test_a_player_who_did_not_choose_them_is_named(played, jean):
    Player.objects.filter(pk=jean.pk).update(public_initials=False)
    body = Client().get(f"/tables/{played['table'].pk}/").content.decode()
    assert NAME in body


def test_his_choice_shows_at_once_on_the_pages_kept_for_anonymous_readers(
        played, jean, django_capture_on_commit_callbacks):
    path = f"/tables/{played['table'].pk}/"
    with django_capture_on_commit_callbacks(execute=True):
        jean.public_initials = False
        jean.save()
    assert NAME in Client().get(path).content.decode()
    assert NAME in Client().get("/tables/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        as_user(jean.user).post("/account/", {"public_initials": "on"})
    for path in (path, "/tables/"):
        body = Client().get(path).content.decode()
        assert NAME not in body and INITIALS in body


def test_he_chooses_on_his_account_page(jean):
    browser = as_user(jean.user)
    page = browser.get("/account/").content.decode()
    assert "Show my initials on public pages" in page and INITIALS in page
    answer = browser.post("/account/", {})  # unticked: his name
    assert answer.status_code == 302
    jean.refresh_from_db()
    assert not jean.public_initials
    browser.post("/account/", {"public_initials": "on"})
    jean.refresh_from_db()
    assert jean.public_initials
    assert "The public pages now show your initials." in browser.get("/account/").content.decode()


def test_in_french(jean):
    page = as_user(jean.user).get("/account/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Afficher mes initiales sur les pages publiques" in page


def test_the_stored_snapshot_keeps_his_name_for_the_api(played, jean):
    """The API is for signed-in users alone: its snapshot names him."""
    table = Table.objects.get(pk=played["table"].pk)
    assert table.snapshot["names"][str(jean.pk)] == NAME
