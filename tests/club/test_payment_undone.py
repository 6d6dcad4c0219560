"""A payment recorded by mistake ("Paid" is one tap) is undone, on the settle-up page and through
the API: a reversing transaction that names the payment and who undid it, nothing deleted.
Staff undo any payment; its payer his own during the evening it was recorded in (undoing it only
puts his debt back); nobody else, and nothing twice."""
import html
import re
from datetime import timedelta

import pytest
from django.db.models import Sum
from django.test import Client

from club import ledger
from club.models import ApiToken, Entry, Transaction
from club.payments import record_payment
from club.players import create_player
from tests.games.kit import Api

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_user("steward", is_staff=True)


@pytest.fixture
def evening(staff, django_user_model):
    """Athos owes Aramis 4.00; staff then record, by mistake, that Athos paid him (a tap on the
    wrong line): the ledger says they are square."""
    athos = create_player(name="Athos", username=django_user_model.objects.create_user(
        "athos").username)
    aramis = create_player(name="Aramis", username=django_user_model.objects.create_user(
        "aramis").username)
    ledger.post(reason=Transaction.Reason.DEPOSIT, memo="the evening's play", entries=[
        (ledger.account_for_player(athos), -4_00), (ledger.account_for_player(aramis), 4_00)])
    paid = record_payment(payer=athos, payee=aramis, cents=4_00, by=staff, memo="at the bar")
    return athos, aramis, paid


def api(user) -> Api:
    """An API client with a token of `user`'s."""
    return Api(Client(), ApiToken.objects.create(user=user).key)


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def undo_form(page: str, payment: int) -> dict:
    """The fields of a payment's "Undo" form on the settle-up page; {} when it has none."""
    found = re.search(rf'<form id="undo-payment-{payment}" method="post" '
                      rf'action="/settle-up/payments/{payment}/undo/"[^>]*>(.*?)</form>', page,
                      re.S)
    return dict(re.findall(r'name="(\w+)" value="([^"]*)"', found.group(1))) if found else {}


def books_balance() -> bool:
    return not Entry.objects.values("transaction_id").annotate(total=Sum("amount")).exclude(
        total=0).exists()


def test_staff_undo_a_payment_from_the_settle_up_and_the_debt_is_back(staff, evening):
    athos, aramis, paid = evening
    client = browser(staff)
    page = client.get("/settle-up/").content.decode()
    words = html.unescape(page)
    assert "This evening's payments" in words and "recorded by steward · at the bar" in words
    assert "Undo this payment if the money did not change hands: Athos's balance goes back " \
           "down by 4.00 and Aramis's back up by 4.00." in words
    form = undo_form(page, paid.pk)

    answer = client.post(f"/settle-up/payments/{paid.pk}/undo/", form, follow=True)
    again = client.post(f"/settle-up/payments/{paid.pk}/undo/", form, follow=True)  # double tap

    assert "The payment is undone" in answer.content.decode()
    assert "This form was sent already: nothing more was done." in again.content.decode()
    assert (ledger.player_balance(athos), ledger.player_balance(aramis)) == (-4_00, 4_00)
    undone = Transaction.objects.get(reverses=paid)
    assert (undone.reason, undone.made_by) == ("reversal", staff)
    assert Transaction.objects.filter(pk=paid.pk, reason="payment").exists()  # nothing deleted
    assert books_balance()
    page = again.content.decode()
    assert "undone at" in page and "by steward" in page and undo_form(page, paid.pk) == {}
    # the settle-up suggests the payment again
    assert re.search(r'name="payer" value="%d"><input type="hidden" name="payee" value="%d">'
                     % (athos.pk, aramis.pk), page)


def test_the_payer_undoes_his_own_the_same_evening_and_nobody_else_but_staff(evening):
    athos, aramis, paid = evening
    payee = browser(aramis.user)
    assert undo_form(payee.get("/settle-up/").content.decode(), paid.pk) == {}
    refused = payee.post(f"/settle-up/payments/{paid.pk}/undo/", {"key": "k1"})
    assert refused.status_code == 400
    assert "Only staff, and the payer himself during the evening it was recorded in, may undo " \
           "a payment." in html.unescape(refused.content.decode())
    assert ledger.player_balance(aramis) == 0

    payer = browser(athos.user)
    form = undo_form(payer.get("/settle-up/").content.decode(), paid.pk)
    assert payer.post(f"/settle-up/payments/{paid.pk}/undo/", form).status_code == 302
    assert (ledger.player_balance(athos), ledger.player_balance(aramis)) == (-4_00, 4_00)
    assert Transaction.objects.get(reverses=paid).made_by == athos.user


def test_the_payer_may_not_undo_it_once_its_evening_is_over(staff, evening):
    athos, aramis, paid = evening
    Transaction.objects.filter(pk=paid.pk).update(created_at=paid.created_at - timedelta(days=1))
    refused = api(athos.user).post(f"/payments/{paid.pk}/undo")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_staff"
    assert ledger.player_balance(athos) == 0
    undone = api(staff).post(f"/payments/{paid.pk}/undo")
    assert undone.status_code == 201 and ledger.player_balance(athos) == -4_00


def test_the_api_undoes_a_payment_once_and_says_what_went_back(staff, evening):
    athos, aramis, paid = evening
    client = api(staff)

    answer = client.post(f"/payments/{paid.pk}/undo", {"memo": "tapped on the wrong line"})

    assert answer.status_code == 201
    body = answer.json()
    assert body | {"id": 0, "at": ""} == {
        "id": 0, "kind": "reversal", "undoes": paid.pk, "amount": "4.00",
        "from": {"id": athos.pk, "name": "Athos"}, "to": {"id": aramis.pk, "name": "Aramis"},
        "memo": "tapped on the wrong line", "made_by": "steward", "at": ""}
    again = client.post(f"/payments/{paid.pk}/undo")
    assert again.status_code == 409 and again.json()["error"]["code"] == "payment_undone"
    reversal = client.post(f"/payments/{body['id']}/undo")  # a reversal is no payment
    assert reversal.status_code == 404 and reversal.json()["error"]["code"] == "no_such_payment"
    assert client.post("/payments/999999/undo").status_code == 404
    assert (ledger.player_balance(athos), ledger.player_balance(aramis)) == (-4_00, 4_00)
    assert books_balance()


def test_in_french_the_undo_says_what_goes_back_in_french_amounts(staff, evening):
    athos, aramis, paid = evening
    page = browser(staff).get("/settle-up/", **FR).content.decode()
    assert "Les paiements de la soirée" in page and "Annuler…" in page
    assert "4,00" in undo_form_text(page, paid.pk) and "4.00" not in undo_form_text(page, paid.pk)


def undo_form_text(page: str, payment: int) -> str:
    return re.search(rf'action="/settle-up/payments/{payment}/undo/".*?</form>', page,
                     re.S).group(0)


def test_a_payment_undone_counts_as_never_made_since_the_last_payment(staff, evening):
    """The settle-up's "since the last payment" explains balances that play moved after a
    payment; undoing the only payment leaves none standing, so there is nothing to explain."""
    athos, aramis, paid = evening
    client = browser(staff)
    client.post(f"/settle-up/payments/{paid.pk}/undo/",
                undo_form(client.get("/settle-up/").content.decode(), paid.pk))

    page = html.unescape(client.get("/settle-up/").content.decode())

    assert "Since the last payment" not in page and "undone at" in page
