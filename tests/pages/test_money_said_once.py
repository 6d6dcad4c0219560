"""The pages say the money one way, in English and in French: a member's page shows what he won
at play (money still held counted as its stakers', as the settle-up counts it), what of his
balance is held at tables, and, when a late correction moved his balance after the settle-up was
paid, why his balance and his payments no longer square, as the settle-up says it; the
standings tell members the same; the settle-up's evening's money has the house's levy, so that
it sums to zero.

Worked by hand: a pool of entry 7.00 that Athos wins (the pot, 21.00); Porthos and Aramis pay
him 7.00 each, and every balance is 0.00. Then a correction of the hand that won it re-opens the
pool: the payout is reversed, the pot holds 21.00 again, 7.00 of each. Athos's balance is
0.00 - 21.00 = -21.00, of which 7.00 is held (his entry): he has won nothing at play yet."""
import re

import pytest
from django.test import Client

from club.models import Player
from club.payments import record_payment, undo_payment
from club.players import create_player
from games.models import Hand
from games.services.hands import correct_hand
from games.services.tables import open_table
from games.services.wagers import place_wager
from tests.games.kit import pool, record_game_won_by, summary
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def text(response) -> str:
    assert response.status_code == 200, response.status_code
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())).replace(
        "&#x27;", "'")


@pytest.fixture
def reopened(staff, django_user_model):
    """The pool above, paid and re-opened: (Athos's login, Athos)."""
    login = django_user_model.objects.create_user("athos")
    athos = create_player(name="Athos", username="athos")
    table = pool(staff, pool_entry=700)
    porthos, aramis = (Player.objects.get(name=n) for n in ("Porthos", "Aramis"))
    record_game_won_by(table, athos, staff)
    record_game_won_by(table, athos, staff)
    for payer in (porthos, aramis):
        record_payment(payer=payer, payee=athos, cents=7_00, by=staff)
    last = Hand.objects.filter(table=table).order_by("-number").first()
    correct_hand(hand_id=last.pk, record=summary(0 if last.elder_id == athos.pk else 5),
                 by=staff)
    return login, athos


@pytest.mark.parametrize("headers, said", [
    ({}, ["Won at play 0.00", "Balance : -21.00",
          "Of it, 7.00 is held at tables (a pool's pot, wagers in play) until play decides it",
          "Since the last payment",
          "This balance moved since the last payment of the settle-up",
          "0.00 then, -21.00 now.",
          "A correction at a table reversed money that was paid out before: the payments "
          "already made no longer square.",
          "The settle-up says what to pay now."]),
    (FR, ["Gagné au jeu 0,00", "Solde : -21,00",
          "Dont 7,00 retenus aux tables (la cagnotte d'une poule, des paris en jeu)",
          "Depuis le dernier paiement",
          "Ce solde a bougé depuis le dernier paiement du règlement des comptes",
          "0,00 alors, -21,00 maintenant.",
          "Une correction à une table a annulé de l'argent déjà versé : les paiements déjà "
          "faits ne tombent plus juste.",
          "Le règlement des comptes dit quoi payer maintenant."]),
])
def test_a_member_s_page_says_why_his_balance_moved_since_the_payments(reopened, headers,
                                                                        said):
    login, athos = reopened

    page = text(as_user(login).get(f"/players/{athos.pk}/", **headers))

    for words in said:
        assert words.replace(" : ", ": ") in page.replace(" : ", ": ").replace(
            "\u00a0", " "), words
    assert 'href="/settle-up/"' in as_user(login).get(f"/players/{athos.pk}/").content.decode()


def test_others_see_what_he_won_at_play_and_not_his_money(reopened):
    _login, athos = reopened

    page = text(Client().get(f"/players/{athos.pk}/"))

    assert "Won at play 0.00" in page
    assert "held at tables" not in page and "Since the last payment" not in page


@pytest.mark.parametrize("headers, said", [
    ({}, "A correction at a table reversed money paid out before the last payment of the "
         "settle-up"),
    (FR, "Une correction à une table a annulé de l'argent versé avant le dernier paiement du "
         "règlement des comptes")])
def test_the_standings_tell_members_that_a_correction_moved_money_after_the_payments(
        reopened, headers, said):
    login, _athos = reopened

    page = text(as_user(login).get("/standings", **headers))

    assert said in page
    assert re.search(r"no longer square[^.]*: Athos\.|ne tombent plus juste : Athos\.", page)
    # An anonymous reader is told nothing of the members' money.
    assert "A correction at a table" not in text(Client().get("/standings"))


def test_a_payment_undone_is_not_said_to_be_a_correction(staff):
    athos, porthos = create_player(name="Athos"), create_player(name="Porthos")
    paid = record_payment(payer=athos, payee=porthos, cents=3_00, by=staff)
    record_payment(payer=porthos, payee=athos, cents=1_00, by=staff)
    undo_payment(payment_id=paid.pk, by=staff)

    settle_up = text(as_user(staff).get("/settle-up/"))

    # A payment undone counts as never made: since the last one that stands, no play moved
    # a balance, and the evening's payments say what was undone.
    assert "These balances moved since the last payment" not in settle_up
    assert "undone at" in settle_up
    assert "A correction at a table" not in settle_up
    assert "A correction at a table" not in text(as_user(staff).get("/standings"))


@pytest.mark.parametrize("headers, house, dora, emile", [
    ({}, "The house +0.40", "Dora +3.60", "Emile -4.00"),
    (FR, "La maison +0,40", "Dora +3,60", "Emile -4,00")])
def test_the_evening_s_money_has_the_house_s_levy_and_sums_to_zero(staff, django_user_model,
                                                                    headers, house, dora, emile):
    """A French pool (entry 5.00, levy 10 %): Dora backs Athos with 4.00, Emile Porthos with
    4.00, and Athos wins the first game: Dora +3.60, Emile -4.00, the house +0.40; the pot is
    still held, so Athos, Porthos and Aramis have won and lost nothing yet."""
    seated = [Player.objects.create(name=n) for n in ("Athos", "Porthos", "Aramis")]
    backers = {}
    for name in ("Dora", "Emile"):
        backers[name] = django_user_model.objects.create_user(name.lower())
        create_player(name=name, username=name.lower())
    table = open_table(name="Pool", format="pool", players=seated, by=staff,
                       first_dealer=seated[1], wager_style="french",
                       rules={"pool_entry": 500, "levy_percent": 1000})
    place_wager(table_id=table.pk, by=backers["Dora"], on=seated[0].pk, stake=4_00)
    place_wager(table_id=table.pk, by=backers["Emile"], on=seated[1].pk, stake=4_00)
    record_game_won_by(table, seated[0], staff)

    page = as_user(staff).get("/settle-up/", **headers).content.decode()

    part = re.search(r'<section class="evening-money".*?</section>', page, re.S).group(0)
    figures = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", part.split("<details", 1)[1]))
    for row in (dora, house, "Athos 0,00" if headers else "Athos 0.00", emile):
        assert row.replace(" ", "") in figures.replace(" ", ""), row
    amounts = [int(re.sub(r"[^0-9-]", "", amount)) for amount in
               re.findall(r'<span class="(?:pos|neg)">([^<]*)</span>', part)]
    assert len(amounts) == 6 and sum(amounts) == 0
