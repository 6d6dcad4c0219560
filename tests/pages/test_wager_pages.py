"""The wager forms of a table's page (docs/rules.md, section 11): posted without JavaScript,
through games.services.wagers; a refusal shown beside its form with nothing saved; a repeated
form placed once. Athos and Porthos play the first unit of a pool and Aramis observes; Charles
and Dora are members who wager; the steward opened the table, so he scores it."""
import json
import re

import pytest
from django.test import Client

from club import ledger
from club.models import IdempotentRequest, Player
from club.players import create_player
from games.models import Table, Wager
from games.services.hands import record_hand
from games.services.tables import abandon_table, open_table
from games.services.wagers import place_wager
from tests.games.kit import summary
from tests.pages.forms import as_user, key_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def bettors(django_user_model):
    """{name: (user, player)} for Charles and Dora, and Athos, who sits at the table."""
    out = {}
    for name in ("Charles", "Dora", "Athos"):
        user = django_user_model.objects.create_user(name.lower())
        out[name] = (user, create_player(name=name, username=user.username))
    return out


def table_of(staff, style: str, **rules) -> Table:
    seated = [Player.objects.get_or_create(name=n)[0] for n in ("Athos", "Porthos", "Aramis")]
    return open_table(name="T", format="pool", players=seated, rules=rules, by=staff,
                      first_dealer=seated[1], wager_style=style)


def post(client, table, **data):
    return client.post(f"/tables/{table.pk}/wagers/", data)


def place(client, table, on, stake="5.00", **extra):
    page = client.get(f"/tables/{table.pk}/").content.decode()
    return post(client, table, action="place", key=key_of(page, "place"), on=on.pk,
                stake=stake, **extra)


def athos() -> Player:
    return Player.objects.get(name="Athos")


def test_an_anonymous_reader_is_asked_to_log_in_and_cannot_wager(client, staff, bettors):
    table = table_of(staff, "english")

    page = client.get(f"/tables/{table.pk}/").content.decode()
    answer = post(client, table, action="place", key="k1", on=athos().pk, stake="5.00")

    assert "Log in to wager." in page and 'name="stake"' not in page
    assert answer.status_code == 302 and answer["Location"].startswith("/login/")
    assert not Wager.objects.exists()


def test_the_english_page_forbids_advice_and_shows_the_members_balance_and_credit(
        staff, bettors, settings):
    settings.CREDIT_LIMIT = 5000
    table = table_of(staff, "english")

    page = as_user(bettors["Charles"][0]).get(f"/tables/{table.pk}/").content.decode()

    assert "No advice to the players is allowed." in page
    assert "Your balance" in page and "0.00" in page
    assert "you may stake up to 50.00" in page
    assert 'name="odds_for"' in page and "Post an offer" in page
    assert "Porthos" in page and 'value="place"' in page


def test_a_member_posts_an_offer_at_odds_and_goes_back_to_the_table(staff, bettors):
    table = table_of(staff, "english")
    charles = as_user(bettors["Charles"][0])

    answer = place(charles, table, athos(), stake="10.00", odds_for="5", odds_against="2")

    assert answer.status_code == 302 and answer["Location"] == f"/tables/{table.pk}/"
    wager = Wager.objects.get()
    assert (wager.bettor.name, wager.on.name, wager.stake) == ("Charles", "Athos", 1000)
    assert (wager.odds_for, wager.odds_against) == (5, 2)
    page = charles.get(answer["Location"]).content.decode()
    assert "Your offer is posted" in page and "Withdraw (retirer)" in page


def test_a_repeated_form_places_once(staff, bettors):
    table = table_of(staff, "english")
    charles = as_user(bettors["Charles"][0])
    page = charles.get(f"/tables/{table.pk}/").content.decode()
    form = {"action": "place", "key": key_of(page, "place"), "on": athos().pk, "stake": "5.00"}

    first = post(charles, table, **form)
    second = post(charles, table, **form)

    assert first.status_code == second.status_code == 302
    assert Wager.objects.count() == 1
    assert ledger.player_balance(bettors["Charles"][1]) == -500
    assert "This form was sent already" in charles.get(second["Location"]).content.decode()


@pytest.mark.parametrize("stake, odds, message", [
    ("abc", ("1", "1"), "“abc” is not an amount of money: write it like 12.50"),
    ("0.05", ("1", "1"), "The stake must be at least 0.10"),
    ("0.01", ("1", "3"), "The stake must be at least"),
    ("1.01", ("1", "2"), "fraction of a cent"),
    ("5.00", ("0", "1"), "odds must be two positive whole numbers"),
])
def test_a_bad_stake_or_odds_is_refused_beside_the_form_and_nothing_is_saved(
        staff, bettors, stake, odds, message):
    table = table_of(staff, "english")
    charles = as_user(bettors["Charles"][0])

    answer = place(charles, table, athos(), stake=stake, odds_for=odds[0],
                   odds_against=odds[1])

    page = answer.content.decode()
    assert answer.status_code == 400
    assert re.search(r'<p class="error" role="alert" id="place-error"[^>]*>[^<]*'
                     + re.escape(message), page), page[page.find("wager-forms"):][:3000]
    assert f'value="{stake}"' in page  # the form keeps what was typed
    assert not Wager.objects.exists() and not IdempotentRequest.objects.exists()
    assert ledger.player_balance(bettors["Charles"][1]) == 0


def test_a_refusal_lets_the_member_correct_the_same_form_and_send_it_again(staff, bettors):
    table = table_of(staff, "english")
    charles = as_user(bettors["Charles"][0])
    page = charles.get(f"/tables/{table.pk}/").content.decode()
    key = key_of(page, "place")

    refused = post(charles, table, action="place", key=key, on=athos().pk, stake="x")
    placed = post(charles, table, action="place", key=key, on=athos().pk, stake="5.00")

    assert (refused.status_code, placed.status_code) == (400, 302)
    assert Wager.objects.count() == 1


def test_a_seated_player_and_the_scorer_are_refused_with_the_services_message(
        staff, bettors):
    table = table_of(staff, "english")
    create_player(name="Steward", username="steward")

    seated = post(as_user(bettors["Athos"][0]), table, action="place", key="k1", on=athos().pk,
                  stake="5.00")  # the form is not offered him: sent all the same
    scorer = post(as_user(staff), table, action="place", key="k2", on=athos().pk, stake="5.00")

    assert seated.status_code == scorer.status_code == 400
    assert "No advice and no wagers from the players" in seated.content.decode()
    assert "The table&#x27;s scorers may not wager at it" in scorer.content.decode()
    assert not Wager.objects.exists()


def test_a_member_beyond_his_credit_is_refused(staff, bettors, settings):
    settings.CREDIT_LIMIT = 500
    table = table_of(staff, "english")

    answer = place(as_user(bettors["Charles"][0]), table, athos(), stake="6.00")

    assert answer.status_code == 400
    assert "Charles may not owe more than 5.00" in answer.content.decode()
    assert not Wager.objects.exists()


def test_the_forms_need_the_csrf_token(staff, bettors):
    table = table_of(staff, "english")
    client = Client(enforce_csrf_checks=True)
    client.force_login(bettors["Charles"][0])

    answer = post(client, table, action="place", key="k1", on=athos().pk, stake="5.00")

    assert answer.status_code == 403 and not Wager.objects.exists()


def test_another_member_takes_an_offer_in_part_then_the_rest(staff, bettors):
    table = table_of(staff, "english")
    charles_user, _ = bettors["Charles"]
    dora_user, dora = bettors["Dora"]
    wager = place_wager(table_id=table.pk, by=charles_user, on=athos().pk, stake=10_00,
                        odds=(2, 1))
    client = as_user(dora_user)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    said = " ".join(re.sub(r"<[^>]+>", "", page).split())
    assert "Charles offers 10.00 on Athos at 2:1 10.00 of it left" in said
    assert "Taking it, you back Porthos" in said

    part = post(client, table, action="take", key=key_of(page, "take"), wager=wager.pk,
                stake="4.00")
    page = client.get(f"/tables/{table.pk}/").content.decode()
    rest = post(client, table, action="take", key=key_of(page, "take"), wager=wager.pk,
                stake="")

    assert part.status_code == rest.status_code == 302
    wager.refresh_from_db()
    assert [(t.stake, t.lay) for t in wager.takes.all()] == [(400, 800), (600, 1200)]
    assert wager.unmatched == 0 and ledger.player_balance(dora) == -2000


def test_a_member_may_not_take_his_own_offer_nor_more_than_is_left(staff, bettors):
    table = table_of(staff, "english")
    charles_user, _ = bettors["Charles"]
    wager = place_wager(table_id=table.pk, by=charles_user, on=athos().pk, stake=10_00)

    own = post(as_user(charles_user), table, action="take", key="k1", wager=wager.pk,
               stake="1.00")
    more = post(as_user(bettors["Dora"][0]), table, action="take", key="k2", wager=wager.pk,
                stake="11.00")

    assert own.status_code == more.status_code == 400
    assert "You may not lay against your own offer" in own.content.decode()
    assert re.search(r'id="take-error"[^>]*>Only 10.00 of wager', more.content.decode())
    assert not wager.takes.exists()


def test_the_backer_withdraws_his_offer_and_no_one_else_may(staff, bettors):
    table = table_of(staff, "english")
    charles_user, charles = bettors["Charles"]
    wager = place_wager(table_id=table.pk, by=charles_user, on=athos().pk, stake=10_00)

    other = post(as_user(bettors["Dora"][0]), table, action="withdraw", key="k1",
                 wager=wager.pk)
    mine = post(as_user(charles_user), table, action="withdraw", key="k2", wager=wager.pk)

    assert other.status_code == 400
    assert "Only the member who placed a wager may withdraw it" in other.content.decode()
    assert mine.status_code == 302
    wager.refresh_from_db()
    assert wager.status == "withdrawn" and ledger.player_balance(charles) == 0


def test_french_a_seated_player_backs_himself_but_not_his_adversary(staff, bettors):
    table = table_of(staff, "french")
    client = as_user(bettors["Athos"][0])
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Back a player" in page and 'name="odds_for"' not in page
    assert "No advice to the players" not in page

    himself = place(client, table, athos())
    adversary = place(client, table, Player.objects.get(name="Porthos"))

    assert himself.status_code == 302
    assert adversary.status_code == 400
    assert ("Seated players may back themselves, never their adversaries"
            in adversary.content.decode())
    assert Wager.objects.get().on == athos()


def test_french_no_bet_once_the_unit_has_started(staff, bettors):
    table = table_of(staff, "french")
    dora = as_user(bettors["Dora"][0])
    page = dora.get(f"/tables/{table.pk}/").content.decode()
    record_hand(table_id=table.pk, record=summary(3), by=staff)

    answer = post(dora, table, action="place", key=key_of(page, "place"), on=athos().pk,
                  stake="5.00")

    assert answer.status_code == 400
    assert "Unit 1 has started" in answer.content.decode()
    assert "Unit 1 has started: wagers on it are closed" in answer.content.decode()
    assert not Wager.objects.exists()


def test_a_private_table_and_its_forms_are_for_signed_in_users(client, staff, bettors):
    table = table_of(staff, "english")
    Table.objects.filter(pk=table.pk).update(private=True)

    for path in ("", "history/", "hand-by-hand/", "tv/"):
        answer = client.get(f"/tables/{table.pk}/{path}")
        assert answer.status_code == 404, path  # as for no table: not told it is there
    assert as_user(bettors["Dora"][0]).get(f"/tables/{table.pk}/").status_code == 200


def test_the_forms_speak_french(staff, bettors):
    table = table_of(staff, "english")
    charles = as_user(bettors["Charles"][0])

    page = charles.get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    for words in ("Proposer une offre", "Mise", "Cote a:b", "Prendre une offre", "Votre solde",
                  "Historique", "Coup par coup"):
        assert words in page, words
    assert "Post an offer" not in page


def test_the_forms_address_read_as_a_page_after_a_refusal_leads_back_to_the_table(
        staff, bettors):
    """A refused bet answers with the table's page and the refusal; a reload of that address
    (or a link to it) is a GET, which must not be a dead end ("HTTP ERROR 405")."""
    table = table_of(staff, "english")
    charles = as_user(bettors["Charles"][0])
    refused = place(charles, table, athos(), stake="abc")
    assert refused.status_code == 400 and 'id="place-error"' in refused.content.decode()

    reloaded = charles.get(f"/tables/{table.pk}/wagers/")

    assert reloaded.status_code == 302 and reloaded["Location"] == f"/tables/{table.pk}/"
    assert 'id="place-form"' in charles.get(reloaded["Location"]).content.decode()
    assert not Wager.objects.exists()


@pytest.mark.parametrize("style", ["english", "french"])
def test_the_forms_are_offered_only_while_the_unit_is_open_for_wagers(staff, bettors, style):
    table = table_of(staff, style)
    dora = as_user(bettors["Dora"][0])
    place_wager(table_id=table.pk, by=bettors["Dora"][0], on=athos().pk, stake=5_00)
    before = dora.get(f"/tables/{table.pk}/").content.decode()
    record_hand(table_id=table.pk, record=summary(3), by=staff)  # unit 1 starts

    started = dora.get(f"/tables/{table.pk}/").content.decode()
    table.refresh_from_db()
    abandon_table(table_id=table.pk, by=staff)
    abandoned = dora.get(f"/tables/{table.pk}/").content.decode()

    assert 'id="place-form"' in before and 'value="withdraw"' in before
    for page in (started, abandoned):
        assert 'id="place-form"' not in page and 'id="take-form"' not in page
        assert 'value="withdraw"' not in page
    assert "Unit 1 has started: wagers on it are closed until the next unit." in started
    assert "The table is over: no more wagers." in abandoned


def test_the_table_page_gives_the_live_script_the_balanced_gallery_and_its_words(
        staff, bettors):
    """The gallery is drawn by games/static/games/live.js from the snapshot the page carries:
    once balanced, each bet's matched and returned parts are in it, and the words to say them
    come in the reader's language. Charles backs Athos for 5.00, Dora Porthos for 3.00: 3.00
    each is matched, and 2.00 of Charles's bet is returned."""
    table = table_of(staff, "french")
    porthos = Player.objects.get(name="Porthos")
    place_wager(table_id=table.pk, by=bettors["Charles"][0], on=athos().pk, stake=5_00)
    place_wager(table_id=table.pk, by=bettors["Dora"][0], on=porthos.pk, stake=3_00)
    record_hand(table_id=table.pk, record=summary(3), by=staff)

    page = Client().get(f"/tables/{table.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    scripts = [json.loads(found) for found in re.findall(
        r'<script[^>]*type="application/json">(.*?)</script>', page, re.S)]
    gallery = next(found["gallery"] for found in scripts if "seq" in found)  # the snapshot
    side = gallery[str(athos().pk)]
    assert (side["total"], side["matched"], side["returned"]) == ("5.00", "3.00", "2.00")
    assert (side["bettors"][0]["matched"], side["bettors"][0]["returned"]) == ("3.00", "2.00")
    live_words = json.loads(re.search(r'<script id="live-words" type="application/json">'
                                      r'(.*?)</script>', page, re.S).group(1))
    assert live_words["side_balanced"] == ("%(matched)s couverts sur %(total)s, "
                                           "%(returned)s rendus")
    assert "%(matched)s couverts" in live_words["bet_balanced"]
    assert live_words["gallery_balanced"].startswith("Équilibrée")
    assert live_words["decimal"] == ","  # live.js writes the snapshot's "3.00" as "3,00"
