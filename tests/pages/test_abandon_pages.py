"""Abandoning a table from its page, in English and in French: staff abandon any table, and a
table's scorers (the member who opened it among them) their own, as the API lets them; nobody
else is offered it. A confirmation says what goes back to whom, then the abandon is done once
for its form's key, at the `seq` it was shown at. Afterwards the table's page offers neither
its hands nor the abandon, and its pot says 0.00.

Worked by hand: a pool of entry 5.00 that Athos, a member, opened and sits at; Porthos and
Aramis are seated by staff. Each has paid 5.00: balances -5.00, the pot 15.00; abandoned, each
gets his 5.00 back."""
import re

import pytest
from django.test import Client

from club import ledger
from club.models import Player
from club.players import create_player
from games.models import Table
from games.services.tables import open_table, take_seat
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())).replace(
        "&#x27;", "'").replace("\u00a0", " ")


@pytest.fixture
def logins(django_user_model, staff):
    opener = django_user_model.objects.create_user("athos")
    create_player(name="Athos", username="athos")
    return {"opener": opener, "other": django_user_model.objects.create_user("dora"),
            "staff": staff}


@pytest.fixture
def table(logins) -> Table:
    athos = Player.objects.get(name="Athos")
    porthos, aramis = (Player.objects.create(name=name) for name in ("Porthos", "Aramis"))
    found = open_table(name="His pool", format="pool", players=[athos, porthos, aramis],
                       by=logins["opener"], rules={"pool_entry": 500}, first_dealer=porthos)
    for player in (porthos, aramis):
        take_seat(table_id=found.pk, by=logins["staff"], player=player)
    found.refresh_from_db()
    return found


def form_of(page: str) -> dict:
    form = re.search(r'<form method="post" class="inline-form" id="abandon-form".*?</form>',
                     page, re.S).group(0)
    return dict(re.findall(r'name="(\w+)" value="([^"]*)"', form))


def test_the_opener_and_staff_are_offered_the_abandon_and_nobody_else(table, logins):
    link = f'href="/tables/{table.pk}/abandon/"'
    for who, offered in (("opener", True), ("staff", True), ("other", False)):
        page = as_user(logins[who]).get(f"/tables/{table.pk}/").content.decode()
        assert (link in page) is offered, who
    assert link not in Client().get(f"/tables/{table.pk}/").content.decode()
    assert as_user(logins["other"]).get(f"/tables/{table.pk}/abandon/").status_code == 403


@pytest.mark.parametrize("headers, said", [
    ({}, ["Abandon His pool", "What goes back to whom",
          "Athos gets 5.00 back: balance -5.00, then 0.00.",
          "Porthos gets 5.00 back: balance -5.00, then 0.00.",
          "Nothing is saved until you confirm.", "Confirm: abandon the table"]),
    (FR, ["Abandonner His pool", "Ce qui revient à qui",
          "Athos récupère 5,00 : solde -5,00, puis 0,00.",
          "Porthos récupère 5,00 : solde -5,00, puis 0,00.",
          "Rien n'est enregistré", "Confirmer : abandonner la table"]),
])
def test_the_confirmation_says_what_goes_back_to_whom(table, logins, headers, said):
    page = text(as_user(logins["opener"]).get(f"/tables/{table.pk}/abandon/", **headers))

    for words in said:
        assert words in page, words
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING


@pytest.mark.parametrize("headers, done, again, sent", [
    ({}, "The table is abandoned", "Enter this table's hands", "This form was sent already"),
    (FR, "La table est abandonnée", "Saisir les coups de cette table",
     "Ce formulaire a déjà été envoyé")])
def test_confirmed_the_table_is_abandoned_once_and_its_page_offers_nothing_more(
        table, logins, headers, done, again, sent):
    opener = as_user(logins["opener"])
    form = form_of(opener.get(f"/tables/{table.pk}/abandon/").content.decode())

    answer = opener.post(f"/tables/{table.pk}/abandon/", form, follow=True, **headers)
    twice = opener.post(f"/tables/{table.pk}/abandon/", form, follow=True, **headers)

    table.refresh_from_db()
    assert table.status == Table.Status.ABANDONED
    assert {p.name: ledger.player_balance(p) for p in Player.objects.all()} == {
        "Athos": 0, "Porthos": 0, "Aramis": 0}
    page = text(answer)
    assert done in page and again not in page
    assert f"/tables/{table.pk}/abandon/" not in answer.content.decode()
    assert table.snapshot["pool"]["pot"] == "0.00"
    assert sent in text(twice)


def test_a_table_changed_since_the_confirmation_is_shown_again(table, logins):
    steward = as_user(logins["staff"])
    form = form_of(steward.get(f"/tables/{table.pk}/abandon/").content.decode())
    form["seq"] = str(table.seq - 1)  # as if a hand came in since

    page = text(steward.post(f"/tables/{table.pk}/abandon/", form))

    assert "The table changed since this was shown: here is what it will change now." in page
    assert "Athos gets 5.00 back" in page
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
