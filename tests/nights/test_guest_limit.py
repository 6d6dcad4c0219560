"""The guests' limit (docs/rules.md, The club night): with GUEST_NIGHTS set, a guest (a player
without a login) is marked present at most that many nights; beyond it he is refused
(guest_limit: 409 in the API, said in English and French on the page) and nothing is saved, and
the director's desk says so beside his name before he is chosen. A member is never limited,
nor anyone when the club sets no limit."""
import html

import pytest
from django.contrib.auth.models import Permission

from club import ledger
from club.errors import Refused
from club.players import create_member
from nights import services
from nights.models import Presence
from tests.nights.kit import guests, open_night
from tests.pages.forms import as_user, form_values

pytestmark = pytest.mark.django_db


def nights_played(player, by, count: int) -> None:
    """`player` came to `count` nights, each opened and closed."""
    for number in range(count):
        night = services.open_night(name=f"Night {number}", by=by)
        services.mark_present(night_id=night.pk, player=player, by=by)
        services.close_night(night_id=night.pk, by=by)


def test_a_guest_comes_to_the_clubs_most_nights_and_no_more_a_member_always(settings,
                                                                            staff):
    settings.GUEST_NIGHTS = 2
    (planchet,) = guests("Planchet")
    athos = create_member(name="Athos", username="athos", password="long enough 12")
    nights_played(planchet, staff, 2)
    nights_played(athos, staff, 2)
    night = services.open_night(name="Third", guest_fee=500, by=staff)
    with pytest.raises(Refused) as refused:
        services.mark_present(night_id=night.pk, player=planchet, by=staff)
    assert refused.value.code == "guest_limit" and refused.value.rule == "guest_limit"
    assert refused.value.params == {"name": "Planchet", "nights": 2, "most": 2}
    assert not night.presences.exists() and ledger.player_balance(planchet) == 0
    services.mark_present(night_id=night.pk, player=athos, by=staff)  # a member is no guest
    assert list(night.presences.values_list("player__name", flat=True)) == ["Athos"]


def test_no_limit_by_default(settings, staff):
    assert settings.GUEST_NIGHTS is None
    (planchet,) = guests("Planchet")
    nights_played(planchet, staff, 4)
    assert Presence.objects.filter(player=planchet).count() == 4


def test_the_api_refuses_a_guest_past_the_limit_with_409(settings, staff, staff_api):
    settings.GUEST_NIGHTS = 1
    (planchet,) = guests("Planchet")
    nights_played(planchet, staff, 1)
    opened = open_night(staff_api)
    answer = staff_api.post(f"/nights/{opened['id']}/present", {"player": planchet.pk})
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "guest_limit"


@pytest.fixture
def desk(django_user_model):
    user = django_user_model.objects.create_user("dora")
    user.user_permissions.add(Permission.objects.get(codename="direct_night"))
    return user


def test_the_desk_says_so_beside_the_guests_name_and_the_refusal_in_french(settings, staff,
                                                                          desk):
    settings.GUEST_NIGHTS = 1
    planchet, grimaud = guests("Planchet", "Grimaud")
    nights_played(planchet, staff, 1)
    night = services.open_night(name="Friday", by=staff)
    client = as_user(desk)
    shown = html.unescape(client.get("/night/").content.decode())
    assert "Planchet: guest nights: 1 (the most); he joins first" in shown
    assert ">Grimaud<" in shown  # a guest below the limit: his name alone
    shown_fr = html.unescape(client.get("/night/", HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert ("Planchet\u00a0: soirées d'invité\u00a0: 1 (le maximum)\u00a0; il adhère d'abord"
            in shown_fr)
    sent = form_values(shown_fr, "present-form") | {"player": str(planchet.pk)}
    answer = client.post(f"/nights/{night.pk}/present/", sent, HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 409
    assert ("Planchet a joué ses soirées d'invité (1, le maximum pour un invité)\u00a0: il "
            "adhère au club avant de rejouer.") in html.unescape(answer.content.decode())
    assert not night.presences.exists()


def test_the_setting_is_a_whole_number_or_nothing():
    from django.core.exceptions import ImproperlyConfigured

    from server import env
    assert env.count({"GUEST_NIGHTS": " 3 "}, "GUEST_NIGHTS") == 3
    assert env.count({}, "GUEST_NIGHTS") is None
    with pytest.raises(ImproperlyConfigured, match="GUEST_NIGHTS"):
        env.count({"GUEST_NIGHTS": "three"}, "GUEST_NIGHTS")
