"""Wager rules of docs/rules.md (section 11, rulings 31 to 35) on their boundaries: the unit that
closes the wagers, the credit limit to the cent, the layer's credit checked on what he lays, a
take whose lay would be a fraction of a cent, and who may back whom in the English style.
Athos and Porthos play; Charles, Dora and Emile are members who wager."""
import pytest

from club.models import Player
from games.models import Wager, WagerTake
from testbed.users import user_with_token
from tests.games.kit import Api, balanced_books, escrow, member, money, players, win_game

pytestmark = pytest.mark.django_db


def _open(staff_api, fmt: str, style: str, seated, **rules) -> dict:
    return staff_api.post("/tables", {
        "name": "T", "format": fmt, "players": [p.pk for p in seated],
        "first_dealer": seated[1].pk, "wager_style": style, "rules": rules}).json()


def test_in_an_english_rubber_wagers_stay_closed_once_its_first_game_is_won(client, staff_api):
    """Section 11: a wager is on the unit, here the rubber; it closes when the unit starts, not
    when each of its games does. After game 1 of a best of three, game 2 has no hand yet, but
    the rubber has started."""
    athos, porthos = players("Athos", "Porthos")
    charles_api, charles = member(client, "Charles")
    snap = _open(staff_api, "rubber", "english", [athos, porthos])
    snap, _ = win_game(staff_api, snap, athos.pk)
    assert snap["status"] == "playing" and snap["game"]["number"] == 2
    late = charles_api.post(f"/tables/{snap['id']}/wagers", {"on": porthos.pk, "stake": "1.00"})
    assert late.status_code == 409 and late.json()["error"]["code"] == "wagers_closed"
    assert not Wager.objects.exists() and money(charles) == ["0.00"]


def test_a_stake_that_leaves_the_balance_at_exactly_minus_the_credit_limit_is_accepted(
        client, staff_api, settings):
    """With a limit of 10.00 a member may owe 10.00: 4.00 then 6.00 leave him at -10.00."""
    settings.CREDIT_LIMIT = 10_00
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    charles_api, charles = member(client, "Charles")
    table = _open(staff_api, "pool", "french", [athos, porthos, aramis])["id"]
    assert charles_api.post(f"/tables/{table}/wagers",
                            {"on": athos.pk, "stake": "4.00"}).status_code == 201
    last = charles_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "6.00"})
    assert last.status_code == 201, last.content
    assert money(charles) == ["-10.00"]
    one_more = charles_api.post(f"/tables/{table}/wagers", {"on": athos.pk, "stake": "0.10"})
    assert one_more.json()["error"]["code"] == "insufficient_funds"  # -10.10 is past it


def test_the_layers_credit_is_checked_on_what_he_lays_not_on_the_stake_he_matches(
        client, staff_api, settings):
    """At 5:2, taking 6.00 of the backer's stake lays 6.00 × 5 / 2 = 15.00: past a limit of
    10.00, although 6.00 alone would be within it. Nothing is held for the refused take."""
    settings.CREDIT_LIMIT = 10_00
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    charles_api, charles = member(client, "Charles")
    dora_api, dora = member(client, "Dora")
    table = _open(staff_api, "pool", "english", [athos, porthos, aramis])["id"]
    wager = charles_api.post(f"/tables/{table}/wagers",
                             {"on": athos.pk, "stake": "10.00", "odds": "5:2"}).json()["id"]
    refused = dora_api.post(f"/wagers/{wager}/take", {"stake": "6.00"})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "insufficient_funds"
    assert money(charles, dora) == ["-10.00", "0.00"] and escrow(table, 1) == 10_00
    assert not WagerTake.objects.exists() and Wager.objects.get().matched == 0
    # 4.00 lays 10.00: exactly the limit, accepted.
    assert dora_api.post(f"/wagers/{wager}/take", {"stake": "4.00"}).status_code == 201
    assert money(dora) == ["-10.00"]
    balanced_books()


def test_a_take_whose_lay_is_a_fraction_of_a_cent_is_refused_naming_takes_that_work(
        client, staff_api):
    """At 5:2, 1.01 lays 1.01 × 5 / 2 = 2.525: not whole cents. Stakes that work are the
    multiples of 2 cents (2 / gcd(5, 2)), so the message names 1.00 and 1.02, as placing does."""
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    charles_api, _ = member(client, "Charles")
    dora_api, dora = member(client, "Dora")
    table = _open(staff_api, "pool", "english", [athos, porthos, aramis])["id"]
    wager = charles_api.post(f"/tables/{table}/wagers",
                             {"on": athos.pk, "stake": "10.00", "odds": "5:2"}).json()["id"]
    refused = dora_api.post(f"/wagers/{wager}/take", {"stake": "1.01"})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad_stake"
    message = refused.json()["error"]["message"]
    assert "fraction of a cent" in message and "1.00 or 1.02 would do" in message
    assert money(dora) == ["0.00"] and not WagerTake.objects.exists()


@pytest.mark.parametrize("on", ["Porthos", "Athos"])
def test_in_the_english_style_a_seated_player_backs_neither_his_adversary_nor_himself(
        client, staff_api, on):
    """Ruling 32: in the English style neither seated player wagers, on anyone."""
    athos, porthos, aramis = players("Athos", "Porthos", "Aramis")
    user, token = user_with_token("athos")
    Player.objects.filter(pk=athos.pk).update(user=user)
    athos_api = Api(client, token)
    table = _open(staff_api, "pool", "english", [athos, porthos, aramis])["id"]
    backed = {"Athos": athos, "Porthos": porthos}[on]
    refused = athos_api.post(f"/tables/{table}/wagers", {"on": backed.pk, "stake": "1.00"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "may_not_wager"
    assert not Wager.objects.exists() and money(athos) == ["0.00"]
