"""What a bettor had to work out on a table's wager panel, and on his own page (docs/rules.md,
section 11: in the English style only the bystanders wager, an offer is matched by the members
who take it and lapses unmatched when the unit starts; the French gallery is balanced at the
unit's first hand, the excess returned). Athos and Porthos play the first unit of a pool and
Aramis observes; Charles and Dora are members who wager; the steward opened the table, so he
scores it."""
import html
import re

import pytest

from club.models import Player
from club.players import create_player
from games.services.tables import open_table
from tests.games.kit import won_pool
from tests.pages.forms import as_user, key_of

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def members(django_user_model) -> dict:
    """{name: user} of Charles and Dora, and of Athos, who sits at the table."""
    out = {}
    for name in ("Charles", "Dora", "Athos"):
        out[name] = django_user_model.objects.create_user(name.lower())
        create_player(name=name, username=name.lower())
    return out


def table_of(staff, style: str):
    seated = [Player.objects.get_or_create(name=n)[0] for n in ("Athos", "Porthos", "Aramis")]
    return open_table(name="T", format="pool", players=seated, rules={}, by=staff,
                      first_dealer=seated[1], wager_style=style)


def text(page: str) -> str:
    page = re.sub(r"<script.*?</script>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", page)))


def panel(client, table, **headers) -> str:
    return client.get(f"/tables/{table.pk}/", **headers).content.decode()


def test_a_player_of_an_english_unit_is_not_offered_the_forms_and_is_told_why(staff, members):
    table = table_of(staff, "english")
    create_player(name="Steward", username="steward")

    athos = panel(as_user(members["Athos"]), table)
    scorer = panel(as_user(staff), table)
    charles = panel(as_user(members["Charles"]), table)
    french = panel(as_user(members["Athos"]), table_of(staff, "french"))

    assert 'id="place-form"' not in athos and "Post an offer" not in athos
    assert 'id="take-form"' not in athos
    assert "No advice and no wagers from the players" in text(athos)
    assert 'id="place-form"' not in scorer
    assert "The table's scorers may not wager at it" in text(scorer)
    assert 'id="place-form"' in charles and "Post an offer" in charles
    assert 'id="place-form"' in french and "Back a player" in french  # he may back himself


def test_the_barred_line_is_said_in_french(staff, members):
    table = table_of(staff, "english")

    athos = text(panel(as_user(members["Athos"]), table, **FR))

    assert ("Ni conseil ni pari des joueurs\u00a0: à l'anglaise, seuls les spectateurs "
            "parient.") in athos


def place(client, table, on: Player, stake: str, **headers):
    page = panel(client, table)
    return client.post(f"/tables/{table.pk}/wagers/",
                       {"action": "place", "key": key_of(page, "place"), "on": on.pk,
                        "stake": stake}, follow=True, **headers)


def test_an_english_offer_is_said_posted_and_a_french_bet_placed(staff, members):
    athos = Player.objects.get(name="Athos")
    english, french = table_of(staff, "english"), table_of(staff, "french")
    charles = as_user(members["Charles"])

    offer = text(place(charles, english, athos, "5.00").content.decode())
    bet = text(place(charles, french, athos, "5.00").content.decode())
    offre = text(place(charles, english, athos, "5.00", **FR).content.decode())

    assert "Your offer is posted: it stands until a member takes it" in offer
    assert "Your wager is placed." not in offer
    assert "Your wager is placed." in bet and "Your offer is posted" not in bet
    assert "Votre offre est publiée\u00a0: elle tient jusqu'à ce qu'un membre la prenne" in offre


def test_a_refused_bets_message_is_focused_as_the_page_opens(staff, members):
    athos = Player.objects.get(name="Athos")
    table = table_of(staff, "english")

    refused = place(as_user(members["Charles"]), table, athos, "0.01").content.decode()

    error = re.search(r'<p class="error"[^>]*id="place-error"[^>]*>', refused).group(0)
    assert "autofocus" in error and 'tabindex="-1"' in error


def rows(page: str) -> dict:
    """{table id: the line that says the table's status} of a member's page."""
    return {int(pk): text(line) for pk, line in
            re.findall(r'<li data-table="(\d+)">(.*?)</li>', page, flags=re.S)}


def test_a_members_tables_say_who_won_and_the_loser_is_not_told_he_won(secretary, staff_client):
    won = won_pool(secretary)  # Athos wins it; Porthos and Aramis lose it
    athos, porthos = (Player.objects.get(name=n) for n in ("Athos", "Porthos"))

    lost = rows(staff_client.get(f"/players/{porthos.pk}/", **FR).content.decode())[won.pk]
    his = rows(staff_client.get(f"/players/{athos.pk}/", **FR).content.decode())[won.pk]
    english = rows(staff_client.get(f"/players/{porthos.pk}/").content.decode())[won.pk]

    assert "terminée · gagnée par Athos\u00a0; Porthos l'a perdue" in lost
    assert "terminée · gagnée par Athos" in his and "perdue" not in his
    assert "finished · won by Athos; Porthos lost it" in english
    assert not re.search(r"· gagnée ·", lost)
