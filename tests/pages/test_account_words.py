"""A member's account page says each movement of his money in his language, from its
transaction's reason and reference (club.movements), with a link to the table the reference
names; never the ledger's codes nor the English memos the code writes (issue 31, "Words made at
the edge")."""
import html
import re

import pytest

from club import payments
from club.models import Player
from club.players import create_player
from games.services.hands import correct_hand
from games.services.tables import open_table
from games.services.wagers import place_wager
from tests.games.kit import record_game_won_by, summary
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def charles(django_user_model):
    """Charles backs Athos and Dora backs Porthos (French wagers); Athos wins the first game,
    which settles the unit, until a correction of its last hand takes the win back; then staff
    record a payment from Dora to Charles."""
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    users = {name: django_user_model.objects.create_user(name.lower())
             for name in ("Charles", "Dora")}
    for name in users:
        create_player(name=name, username=name.lower())
    seated = [Player.objects.create(name=n) for n in ("Athos", "Porthos", "Aramis")]
    table = open_table(name="Poule du jeudi", format="pool", players=seated, by=steward,
                       first_dealer=seated[1], wager_style="french", rules={})
    place_wager(table_id=table.pk, by=users["Charles"], on=seated[0].pk, stake=2_00)
    place_wager(table_id=table.pk, by=users["Dora"], on=seated[1].pk, stake=2_00)
    record_game_won_by(table, seated[0], steward)
    third = table.hands.get(number=3)
    correct_hand(hand_id=third.pk, record=summary(2), by=steward)
    payments.record_payment(payer=Player.objects.get(name="Dora"),
                            payee=Player.objects.get(name="Charles"), cents=1_00, by=steward,
                            memo="pour jeudi")
    return users["Charles"], table


def movements(client, language: str) -> list[str]:
    """What moved the money, row by row, as read: the cell between the date and the amount."""
    page = client.get("/account/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    rows = re.search(r"<tbody>(.*?)</tbody>", page, re.S).group(1)
    return [html.unescape(re.sub(r"[ \n]+", " ", re.sub(r"<[^>]+>", " ", cells[1]))).strip()
            for cells in (re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
                          for row in re.findall(r"<tr>(.*?)</tr>", rows, re.S))]


def test_each_movement_is_said_with_its_table_and_never_the_ledgers_codes(charles):
    user, table = charles
    client = as_user(user)
    page = client.get("/account/").content.decode()

    assert movements(client, "en") == [
        "payment between members pour jeudi",
        f"reversal of: wagers settled table {table.pk} · unit 1",
        f"wagers settled table {table.pk} · unit 1",
        f"stake of a wager wager {user.player.wagers.get().pk}"]
    assert f'href="/tables/{table.pk}/"' in page
    for code in ("wager stake", "wager_settlement", "no longer holds", "table:", "wager:",
                 "at Poule du jeudi"):
        assert code not in page, code


def test_the_movements_are_said_in_french(charles):
    user, table = charles
    said = " | ".join(movements(as_user(user), "fr"))

    for french in ("paiement entre membres", "annulation\u00a0: paris réglés",
                   f"table {table.pk} · unité 1", "mise d'un pari"):
        assert french in said, said
    for english in ("payment", "reversal", "wagers settled", "stake of a wager", "unit 1"):
        assert english not in said, said
