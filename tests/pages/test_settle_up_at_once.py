"""Staff phones tapping "Paid" on the same suggested payment at the same moment, each from the
settle-up it loaded itself (so each with its own form key), through Django's test client in
threads of their own, each with its own connection to PostgreSQL: the payment is recorded once,
the other phones are told it is no longer suggested, and nothing else is saved. SQLite takes one
writing transaction at a time (server/env.py's IMMEDIATE), so only PostgreSQL can show the
race."""
import html
import re

import pytest
from django.db import connection
from django.db.models import Sum

from club import ledger
from club.models import Entry, Transaction
from club.payments import record_payment
from club.players import create_player
from tests.games.kit import at_once
from tests.pages.forms import as_user

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql",
                       reason="two transactions at once need PostgreSQL"),
]

ROUNDS = 10


def one_tap_forms(page: str) -> list[dict]:
    forms = re.findall(r'<form[^>]*class="one-tap"[^>]*>(.*?)</form>', page, re.S)
    return [dict(re.findall(r'name="(\w+)" value="([^"]*)"', form)) for form in forms]


def payments() -> int:
    return Transaction.objects.filter(reason=Transaction.Reason.PAYMENT).count()


@pytest.mark.parametrize("phones", [2, 4])
def test_a_suggested_payment_tapped_on_several_phones_at_once_is_recorded_once(
        django_user_model, phones):
    stewards = [as_user(django_user_model.objects.create_user(f"steward{n}", is_staff=True))
                for n in range(phones)]
    secretary = django_user_model.objects.get(username="steward0")
    athos, porthos = create_player(name="Athos"), create_player(name="Porthos")
    for round_ in range(ROUNDS):
        # Porthos hands Athos 3.00 the wrong way round: Athos now owes Porthos 3.00.
        record_payment(payer=porthos, payee=athos, cents=3_00, by=secretary)
        before = payments()
        forms = [one_tap_forms(steward.get("/settle-up/").content.decode()) for steward in stewards]
        assert all(len(form) == 1 for form in forms)
        assert len({form[0]["key"] for form in forms}) == phones  # each phone its own key

        answers = at_once(*(lambda steward=steward, form=form: steward.post("/settle-up/", form[0])
                            for steward, form in zip(stewards, forms)))

        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [302] + [400] * (phones - 1), (round_, statuses)
        for answer in answers:
            if answer.status_code == 400:
                assert "This payment is no longer suggested" in html.unescape(
                    answer.content.decode())
        assert payments() == before + 1, f"round {round_}: paid {payments() - before} times"
        assert ledger.player_balance(athos) == 0 and ledger.player_balance(porthos) == 0
    assert (Entry.objects.aggregate(total=Sum("amount"))["total"] or 0) == 0
