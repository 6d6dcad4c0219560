"""The wager forms of a table's page: "You back" chooses nobody in advance and lists the two
players of the unit in the order the live table's scoreboard shows them (the game's score in
the snapshot, which its script reads in ascending order of the ids); an English offer to take
is shown whole: who offers, on whom, the stake and the odds, what is left of it, what the
taker puts up against all that is left (stake × a / b), and the player the taker backs, the
other player of the unit."""
import re

import pytest

from club.players import create_player
from games.models import Table
from games.services.tables import open_table
from games.services.wagers import place_wager, take_wager
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def members(django_user_model):
    """Porthos is made first, so that his id is the smaller: Charles and Dora bystanders."""
    out = {}
    for name in ("Porthos", "Athos", "Aramis", "Charles", "Dora"):
        user = django_user_model.objects.create_user(name.lower())
        out[name] = (user, create_player(name=name, username=user.username))
    return out


def opened(staff, members, style: str) -> Table:
    seated = [members[name][1] for name in ("Athos", "Porthos", "Aramis")]
    return open_table(name="T", format="pool", players=seated, rules={}, by=staff,
                      first_dealer=seated[1], wager_style=style)


def said(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def place_form(page: str) -> str:
    return page[page.index('id="place-form"'):page.index("</form>", page.index('id="place-form"'))]


@pytest.mark.parametrize("style", ["english", "french"])
def test_you_back_chooses_nobody_and_follows_the_scoreboard(staff, members, style):
    table = opened(staff, members, style)

    page = as_user(members["Charles"][0]).get(f"/tables/{table.pk}/").content.decode()

    radios = re.findall(r'<input type="radio" name="on" value="(\d+)"[^>]*>', place_form(page))
    assert radios and not re.search(r'name="on"[^>]* checked', page)
    scoreboard = sorted(int(pk) for pk in table.snapshot["game"]["score"])
    assert [int(pk) for pk in radios] == scoreboard
    # Athos sat first, but the board shows Porthos, whose id is the smaller, first.
    assert said(place_form(page)).index("Porthos") < said(place_form(page)).index("Athos")


@pytest.mark.parametrize("headers, words", [
    ({}, ["Charles offers 10.00 on Athos at 2:1", "6.00 of it left",
          "you put up 12.00 against all of it", "Taking it, you back Porthos"]),
    ({"HTTP_ACCEPT_LANGUAGE": "fr"}, ["Charles offre 10,00 sur Athos à 2:1", "il en reste 6,00",
                                      "vous engagez 12,00 contre le tout",
                                      "En la prenant, vous pariez sur Porthos"]),
])
def test_an_offer_to_take_is_shown_whole(staff, members, headers, words):
    table = opened(staff, members, "english")
    athos = members["Athos"][1]
    offer = place_wager(table_id=table.pk, by=members["Charles"][0], on=athos.pk,
                        stake=10_00, odds=(2, 1))
    take_wager(wager_id=offer.pk, by=members["Dora"][0], stake=4_00)

    page = as_user(members["Dora"][0]).get(f"/tables/{table.pk}/", **headers).content.decode()

    take = page[page.index('id="take-form"'):page.index("</form>", page.index('id="take-form"'))]
    for text in words:
        assert text in said(take)
    # The only offer open is the one chosen; the form still says how much is matched.
    assert re.search(rf'name="wager" value="{offer.pk}"[^>]* checked', take)
