"""A night's fee within the club's credit limit (docs/rules.md, The club night): the fee is money
a member owes like any other; when posting it would take him past CREDIT_LIMIT he is refused
(insufficient_funds, rule over_credit, as a wager is) and nothing is saved: no presence, no
posting. Reaching the limit exactly is allowed."""
import html

import pytest

from club import ledger
from club.errors import Refused
from club.models import Transaction
from club.players import create_member
from nights import services
from tests.nights.kit import guests, open_night
from tests.pages.forms import as_user, form_values

pytestmark = pytest.mark.django_db


def test_a_fee_past_the_credit_limit_is_refused_and_nothing_is_saved(settings, staff):
    settings.CREDIT_LIMIT = 1000
    (planchet,) = guests("Planchet")
    for name in ("First", "Second"):  # the second takes him to the limit exactly
        night = services.open_night(name=name, guest_fee=500, by=staff)
        services.mark_present(night_id=night.pk, player=planchet, by=staff)
        services.close_night(night_id=night.pk, by=staff)
    assert ledger.player_balance(planchet) == -1000
    night = services.open_night(name="Third", guest_fee=500, by=staff)
    with pytest.raises(Refused) as refused:
        services.mark_present(night_id=night.pk, player=planchet, by=staff)
    assert refused.value.code == "insufficient_funds"
    assert refused.value.rule == "over_credit"
    assert ledger.player_balance(planchet) == -1000
    assert not night.presences.exists()
    assert Transaction.objects.filter(reason=Transaction.Reason.NIGHT_FEE).count() == 2


def test_the_api_says_422_insufficient_funds(settings, staff_api):
    settings.CREDIT_LIMIT = 100
    (planchet,) = guests("Planchet")
    opened = open_night(staff_api, fees={"guest": "2.00"})
    answer = staff_api.post(f"/nights/{opened['id']}/present", {"player": planchet.pk})
    assert answer.status_code == 422
    assert answer.json()["error"]["code"] == "insufficient_funds"
    assert not Transaction.objects.filter(reason=Transaction.Reason.NIGHT_FEE).exists()


def test_a_member_saying_im_here_is_told_in_french(settings, staff):
    settings.CREDIT_LIMIT = 100
    athos = create_member(name="Athos", username="athos", password="long enough 12")
    night = services.open_night(name="Friday", member_fee=250, by=staff)
    client = as_user(athos.user)
    sent = form_values(client.get("/night/").content.decode(), "here-form")
    answer = client.post(f"/nights/{night.pk}/here/", sent, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 422
    assert "Athos ne peut devoir plus de 1,00" in html.unescape(answer.content.decode())
    assert not night.presences.exists() and ledger.player_balance(athos) == 0
