"""The settle-up page: each suggested payment recorded in one tap, pre-filled and once however
often it is tapped; amounts typed in the page's language ("4,00" in French) on every page form
that takes one, a bad amount refused in the reader's words with nothing saved."""
import html
import re

import pytest
from django.test import Client

from club import ledger
from club.models import Player, Transaction
from club.payments import record_payment
from club.players import create_player
from games.models import Table
from tests.pages.forms import as_user

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def debts(staff):
    """Athos owes Porthos 12.50 and Aramis 4.00 (payments the wrong way round make the debts):
    the settle-up suggests Athos → Aramis 4.00 and Athos → Porthos 12.50."""
    athos, porthos, aramis = (create_player(name=n) for n in ("Athos", "Porthos", "Aramis"))
    record_payment(payer=porthos, payee=athos, cents=12_50, by=staff)
    record_payment(payer=aramis, payee=athos, cents=4_00, by=staff)
    return athos, porthos, aramis


def one_tap_forms(page: str) -> list[dict]:
    """The fields of each suggested payment's form, in the page's order."""
    forms = re.findall(r'<form[^>]*class="one-tap"[^>]*>(.*?)</form>', page, re.S)
    return [dict(re.findall(r'name="(\w+)" value="([^"]*)"', form)) for form in forms]


def payments() -> int:
    return Transaction.objects.filter(reason=Transaction.Reason.PAYMENT).count()


def test_each_suggested_payment_is_recorded_in_one_tap_once(staff, debts):
    athos, porthos, aramis = debts
    client = as_user(staff)
    forms = one_tap_forms(client.get("/settle-up/").content.decode())
    assert [(f["payer"], f["payee"], f["amount"]) for f in forms] == [
        (str(athos.pk), str(aramis.pk), "4.00"), (str(athos.pk), str(porthos.pk), "12.50")]
    assert len({f["key"] for f in forms}) == 2

    first = client.post("/settle-up/", forms[0], follow=True)
    again = client.post("/settle-up/", forms[0], follow=True)  # a double tap

    assert first.redirect_chain == [("/settle-up/", 302)]
    assert "The payment is recorded." in first.content.decode()
    assert "This form was sent already: nothing more was done." in again.content.decode()
    assert payments() == 3 and ledger.player_balance(athos) == -12_50
    assert ledger.player_balance(aramis) == 0
    left = one_tap_forms(again.content.decode())
    assert [(f["payer"], f["payee"], f["amount"]) for f in left] == [
        (str(athos.pk), str(porthos.pk), "12.50")]


def test_a_suggestion_no_longer_suggested_is_refused_and_nothing_saved(staff, debts):
    """The page was shown; meanwhile Athos paid Aramis 4.00 at the desk: the stale form of that
    payment would pay it twice."""
    athos, porthos, aramis = debts
    client = as_user(staff)
    stale = one_tap_forms(client.get("/settle-up/").content.decode())[0]
    record_payment(payer=athos, payee=aramis, cents=4_00, by=staff)

    answer = client.post("/settle-up/", stale)

    assert answer.status_code == 400
    assert "This payment is no longer suggested" in html.unescape(answer.content.decode())
    assert payments() == 3 and ledger.player_balance(aramis) == 0


def test_members_see_the_suggestions_without_the_forms(debts, django_user_model):
    member = as_user(django_user_model.objects.create_user("dora"))
    page = member.get("/settle-up/").content.decode()
    assert "Athos" in page and one_tap_forms(page) == []


def test_in_french_the_amounts_are_written_with_a_comma_and_a_suggestion_is_paid_so(
        staff, debts):
    """French writes 12,50: the suggestions, the balances and the one-tap form's amount, which
    is then read back as the page wrote it."""
    athos, porthos, aramis = debts
    client = as_user(staff)
    page = client.get("/settle-up/", **FR).content.decode()
    forms = one_tap_forms(page)
    assert [(f["payer"], f["payee"], f["amount"]) for f in forms] == [
        (str(athos.pk), str(aramis.pk), "4,00"), (str(athos.pk), str(porthos.pk), "12,50")]
    assert "<strong>12,50</strong>" in page and ">-16,50</span>" in page
    assert "12.50" not in page and "16.50" not in page

    assert client.post("/settle-up/", forms[1], **FR).status_code == 302
    assert ledger.player_balance(athos) == -4_00 and ledger.player_balance(porthos) == 0
    member = client.get(f"/players/{athos.pk}/", **FR).content.decode()
    assert "data-balance>-4,00</strong>" in member and ">-12,50</td>" in member


@pytest.mark.parametrize(("typed", "cents"), [("4,00", 4_00), ("4,5", 4_50), ("4.00", 4_00),
                                              (" 12,50 ", 12_50)])
def test_in_french_an_amount_is_typed_with_a_comma(staff, debts, typed, cents):
    athos, porthos, _ = debts
    form = {"key": "k1", "payer": athos.pk, "payee": porthos.pk, "amount": typed}
    answer = as_user(staff).post("/settle-up/", form, **FR)
    assert answer.status_code == 302
    assert ledger.player_balance(athos) == -16_50 + cents


@pytest.mark.parametrize(("language", "typed", "said"), [
    ("en", "4,00", "“4,00” is not an amount of money: write it like 12.50, with at most two "
                   "decimal places."),
    ("en", "1.234", "“1.234” is not an amount of money"),
    ("fr", "4,001", "«\u00a04,001\u00a0» n'est pas une somme d'argent\u00a0: écrivez-la comme "
                    "12,50, avec au plus deux décimales."),
    ("fr", "quatre", "«\u00a0quatre\u00a0» n'est pas une somme d'argent"),
    ("fr", "-4,00", "«\u00a0-4,00\u00a0» n'est pas une somme d'argent"),
])
def test_a_bad_amount_is_refused_in_the_pages_language(staff, debts, language, typed, said):
    athos, porthos, _ = debts
    form = {"key": "k1", "payer": athos.pk, "payee": porthos.pk, "amount": typed}
    answer = as_user(staff).post("/settle-up/", form, HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 400
    assert said in html.unescape(answer.content.decode())
    assert f'value="{typed}"' in answer.content.decode()  # what he typed, to mend
    assert payments() == 2


def test_the_amount_field_shows_the_pages_way_of_writing_it(staff, debts):
    assert 'placeholder="12,50"' in as_user(staff).get("/settle-up/", **FR).content.decode()


@pytest.fixture
def members(django_user_model):
    """Athos, a member with a login, and the two he opens a pool for."""
    user = django_user_model.objects.create_user("athos")
    create_player(name="Athos", username="athos")
    for name in ("Porthos", "Aramis"):
        create_player(name=name)
    return user


def opening(**money) -> dict:
    players = {p.name: p.pk for p in Player.objects.all()}
    form = {"key": "k1", "name": "Poule", "format": "pool", "seat1": players["Athos"],
            "seat2": players["Porthos"], "seat3": players["Aramis"], "wager_style": "none",
            "target": "5", "ranking": "classic", "first_dealer": ""}
    return form | money


def test_a_pools_stakes_are_typed_with_a_comma_in_french(staff, members):
    from games.engine.rules import TABLE_DEFAULTS
    form = opening(pool_entry="5,00", pool_forfeit="1,5") | {
        key: str(value).lower() if isinstance(value, bool) else str(value)
        for key, value in TABLE_DEFAULTS.items()}
    answer = as_user(staff).post("/tables/new/", form, **FR)
    assert answer.status_code == 302, html.unescape(answer.content.decode())[-3000:]
    table = Table.objects.get()
    assert (table.rules["pool_entry"], table.rules["pool_forfeit"]) == (500, 150)


def test_a_bad_stake_on_the_opening_form_is_refused_in_french(staff, members):
    from games.engine.rules import TABLE_DEFAULTS
    form = opening(pool_entry="5,001") | {
        key: str(value).lower() if isinstance(value, bool) else str(value)
        for key, value in TABLE_DEFAULTS.items()}
    answer = as_user(staff).post("/tables/new/", form, **FR)
    assert answer.status_code == 400
    said = html.unescape(answer.content.decode())
    assert "«\u00a05,001\u00a0» n'est pas une somme d'argent" in said
    assert not Table.objects.exists()


@pytest.fixture
def wager_table(staff, django_user_model):
    """An English pool of Athos, Porthos and Aramis, and Charles, a member who wagers."""
    from games.services.tables import open_table
    seated = [create_player(name=n) for n in ("Athos", "Porthos", "Aramis")]
    user = django_user_model.objects.create_user("charles")
    create_player(name="Charles", username="charles")
    table = open_table(name="T", format="pool", players=seated, rules={}, by=staff,
                       first_dealer=seated[1], wager_style="english")
    return table, user, seated[0]


def wager_key(client, table, action: str) -> str:
    page = client.get(f"/tables/{table.pk}/").content.decode()
    return re.search(rf'name="action" value="{action}"><input type="hidden" name="key" '
                     rf'value="([0-9a-f]+)', page).group(1)


def test_a_wager_and_a_take_are_typed_with_a_comma_in_french(wager_table, django_user_model):
    """Charles offers 5,50 on Athos at 2:1; Dora takes 2,5 of it, laying 5.00."""
    from games.models import Wager
    table, user, athos = wager_table
    client = Client(**FR)
    client.force_login(user)
    placed = client.post(f"/tables/{table.pk}/wagers/", {
        "action": "place", "key": wager_key(client, table, "place"), "on": athos.pk,
        "stake": "5,50", "odds_for": "2", "odds_against": "1"})
    assert placed.status_code == 302
    wager = Wager.objects.get()
    assert wager.stake == 5_50

    dora = Client(**FR)
    dora.force_login(django_user_model.objects.create_user("dora"))
    create_player(name="Dora", username="dora")
    taken = dora.post(f"/tables/{table.pk}/wagers/", {
        "action": "take", "key": wager_key(dora, table, "take"), "wager": wager.pk,
        "stake": "2,5"})
    assert taken.status_code == 302
    assert [(t.stake, t.lay) for t in wager.takes.all()] == [(2_50, 5_00)]


def test_a_bad_stake_is_refused_in_french(wager_table):
    from games.models import Wager
    table, user, athos = wager_table
    client = Client(**FR)
    client.force_login(user)
    answer = client.post(f"/tables/{table.pk}/wagers/", {
        "action": "place", "key": wager_key(client, table, "place"), "on": athos.pk,
        "stake": "5,5,0", "odds_for": "1", "odds_against": "1"})
    assert answer.status_code == 400
    said = html.unescape(answer.content.decode())
    assert "«\u00a05,5,0\u00a0» n'est pas une somme d'argent" in said
    assert not Wager.objects.exists()


@pytest.mark.parametrize(("memo", "character"), [("a\x00b", "U+0000"), ("a\x1bb", "U+001B"),
                                                 ("a\u202eb", "U+202E")])
def test_the_payment_form_refuses_the_memo_the_api_refuses_in_the_same_words(
        staff, debts, memo, character):
    """The API refuses such a memo (docs/api.md: a memo is printable text); the page's form
    refuses it too, naming the character as the API does, and saves nothing. A NUL used to be
    stored on SQLite and to answer 500 on PostgreSQL; an ESC was stored."""
    athos, porthos, _ = debts
    client = as_user(staff)
    api = client.post("/api/payments", {"from": athos.pk, "to": porthos.pk, "amount": "1.00",
                                        "memo": memo}, content_type="application/json")
    form = {"key": "k1", "payer": athos.pk, "payee": porthos.pk, "amount": "1.00", "memo": memo}
    page = client.post("/settle-up/", form)

    assert api.status_code == 400
    assert f"must not contain {character}" in api.json()["error"]["message"]
    assert page.status_code == 400
    said = f"A memo holds only printable characters, not {character} ("
    assert said in re.search(r'id="payment-error">([^<]*)<', page.content.decode()).group(1)
    assert payments() == 2


@pytest.mark.parametrize("field, value", [("key", "k\x00"), ("key", "k\x1b"),
                                          ("payer", "99999999999999999999"),
                                          ("payee", "-1"), ("payer", "1\x00")])
def test_a_forged_key_or_party_is_refused_beside_the_form(staff, debts, field, value):
    """No form of the pages sends these; a hostile one gets the page and its refusal (not a
    500 from a database that cannot store a NUL or so large an id), and nothing is saved."""
    athos, porthos, _ = debts
    form = {"key": "k1", "payer": athos.pk, "payee": porthos.pk, "amount": "1.00"}
    answer = as_user(staff).post("/settle-up/", form | {field: value})
    assert answer.status_code == 400 and 'id="payment-error"' in answer.content.decode()
    assert payments() == 2


@pytest.fixture
def reopened(staff):
    """A pool with an entry of 7.00: Athos wins it and its pot of 21.00, Porthos and Aramis
    each pay him 7.00 at the settle-up; then the hand that won him the pool is corrected (he
    loses it), so the pool is in play again and its payout is reversed. Athos's balance goes
    from 0.00 to -21.00, and the 21.00 is held in the pot again, 7.00 from each player."""
    from games.models import Hand
    from games.services.hands import correct_hand
    from tests.games.kit import pool, record_game_won_by, summary
    table = pool(staff, pool_entry=700)
    athos, porthos, aramis = (Player.objects.get(name=n) for n in ("Athos", "Porthos", "Aramis"))
    record_game_won_by(table, athos, staff)
    record_game_won_by(table, athos, staff)
    for payer in (porthos, aramis):
        record_payment(payer=payer, payee=athos, cents=7_00, by=staff)
    assert ledger.player_balance(athos) == 0
    last = Hand.objects.filter(table=table).order_by("-number").first()
    correct_hand(hand_id=last.pk, record=summary(0 if last.elder_id == athos.pk else 5),
                 by=staff)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING and ledger.player_balance(athos) == -21_00
    return table, athos, porthos, aramis


def test_after_a_late_correction_the_settle_up_says_what_moved_and_what_to_pay_now(
        staff, reopened):
    table, athos, porthos, aramis = reopened
    answer = as_user(staff).get("/settle-up/")
    page = html.unescape(answer.content.decode())
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))

    assert answer.status_code == 200
    assert "sum to" not in text and "Not yet" not in text
    since = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.search(
        r'<section class="warning since".*?</section>', page, re.S).group(0)))
    assert "These balances moved since the last payment" in since
    assert "Athos 0.00 → -21.00" in since and "Porthos" not in since
    assert "A correction at a table reversed money that was paid out before" in since
    # What to pay now: the pot counts as its stakers' until the pool is decided again, so
    # Athos (-21.00 + his 7.00 in the pot = -14.00) gives back the 7.00 each paid him.
    assert [(f["payer"], f["payee"], f["amount"]) for f in one_tap_forms(page)] == [
        (str(athos.pk), str(aramis.pk), "7.00"), (str(athos.pk), str(porthos.pk), "7.00")]
    held = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.search(
        r'<section class="held".*?</section>', page, re.S).group(0)))
    assert f"the pot of table {table.pk} (Aramis 7.00, Athos 7.00, Porthos 7.00) 21.00" in held


def test_a_pool_in_play_holds_its_pot_and_nobody_has_anything_to_pay(staff):
    """Three entries of 5.00 in a pot: every balance is -5.00, and nobody owes anybody."""
    from tests.games.kit import pool
    table = pool(staff, pool_entry=500)
    page = html.unescape(as_user(staff).get("/settle-up/").content.decode())
    assert "Nothing to pay now: every balance is square but for the money held at tables." in page
    assert one_tap_forms(page) == [] and "Since the last payment" not in page
    assert f"the pot of table {table.pk}" in page and "15.00" in page


def test_after_a_late_correction_in_french(staff, reopened):
    client = as_user(staff)
    page = html.unescape(client.get("/settle-up/", **FR).content.decode())
    assert "Ces soldes ont bougé depuis le dernier paiement" in page
    assert "Une correction à une table a annulé de l'argent déjà versé" in page
    assert "Retenu aux tables" in page and "la cagnotte de la table" in page


def test_the_settle_up_lists_d_artagnan_among_the_ds(staff):
    """Players in the order the language sorts them (club.players.name_key): d'Artagnan after
    Athos and before Porthos, in the balances and in the payments to make, not after Z."""
    athos, dartagnan, porthos, zorro = (create_player(name=n) for n in (
        "Athos", "d'Artagnan", "Porthos", "Zorro"))
    for payer in (dartagnan, porthos, zorro):
        record_payment(payer=payer, payee=athos, cents=1_00, by=staff)
    page = html.unescape(as_user(staff).get("/settle-up/").content.decode())
    balances = page[page.index(">Balances</h2>"):]
    assert balances.index("Athos") < balances.index("d'Artagnan") < balances.index("Porthos")
    payees = [form["payee"] for form in one_tap_forms(page)]
    assert payees == [str(p.pk) for p in (dartagnan, porthos, zorro)]
