"""The players page's four forms (add, login, password, rename), each a Django form chosen by
the `action` posted (club.views.PLAYER_FORMS), and the settle-up's payment and "Undo": input
that is not what the form takes is refused beside the field it names, or at the head of its
form, and nothing is saved: no player, no login, no password, no key claimed."""
import html

import pytest
from django.contrib.auth import get_user_model

from club.models import IdempotentRequest, Player, Transaction
from club.payments import record_payment
from club.players import create_member, create_player

pytestmark = pytest.mark.django_db
GOOD = "a long enough password"
NUL = "Null characters are not allowed."
CHOOSE = "Choose a player."
NO_KEY = "This form has no key: load the page again."


@pytest.fixture
def club(django_user_model):
    """Athos, a player without a login; Dora, a member; planchet, a login without a player."""
    django_user_model.objects.create_user("planchet")
    return {"GUEST": create_player(name="Athos").pk,
            "MEMBER": create_member(name="Dora", username="dora", password=GOOD).pk}


def saved() -> tuple:
    """All the players page may change: the players, the logins and their passwords, the keys
    claimed."""
    return (list(Player.objects.order_by("pk").values_list("name", "user__username")),
            list(get_user_model().objects.order_by("pk").values_list("username", "password")),
            IdempotentRequest.objects.count())


def error(answer, shown: str) -> str:
    """The error the page shows in its element of id `shown`, or ""."""
    page = html.unescape(answer.content.decode())
    start = page.find(f'id="{shown}">')
    return "" if start < 0 else page[page.index(">", start) + 1:page.index("</p>", start)]


@pytest.mark.parametrize("action, fields, slot, said", [
    ("add", {"name": "Grimaud", "new_username": "grimaud", "password": GOOD + "\x00"},
     "add-password", NUL),
    ("add", {"name": "Grimaud", "username": "planchet", "new_username": "grimaud"},
     "add", "Choose an existing login or make a new one, not both."),
    ("add", {"name": "Grimaud", "username": "planchet", "password": GOOD},
     "add", "Choose an existing login or make a new one, not both."),
    ("login", {"player": "Athos", "new_username": "athos", "password": GOOD}, "login", CHOOSE),
    ("login", {"player": "GUEST", "new_username": "athos", "password": "\x00" + GOOD},
     "login-password", NUL),
    ("password", {"password": GOOD + "!"}, "password", CHOOSE),
    ("password", {"player": "MEMBER", "password": "new\x00" + GOOD}, "password-password", NUL),
    ("rename", {"player": "1.5", "name": "Athos le Grand"}, "rename", CHOOSE),
    ("rename", {"player": "-1", "name": "Athos le Grand"}, "rename", CHOOSE),
])
def test_a_bad_input_is_refused_beside_its_field_and_nothing_is_saved(steward, club, action,
                                                                      fields, slot, said):
    fields = {name: club.get(value, value) for name, value in fields.items()}
    before = saved()

    answer = steward.post("/players/", {"action": action, "key": "k1"} | fields)

    assert answer.status_code == 400
    assert error(answer, f"{slot}-error") == said
    assert saved() == before


@pytest.mark.parametrize("action, fields", [
    ("add", {"name": "Grimaud"}),
    ("login", {"player": "GUEST", "new_username": "athos", "password": GOOD}),
    ("password", {"player": "MEMBER", "password": "a new long password"}),
    ("rename", {"player": "GUEST", "name": "Athos le Grand"}),
])
def test_a_form_without_its_key_is_refused_at_its_head_and_nothing_is_saved(steward, club,
                                                                           action, fields):
    fields = {name: club.get(value, value) for name, value in fields.items()}
    before = saved()

    answer = steward.post("/players/", {"action": action} | fields)

    assert answer.status_code == 400 and error(answer, f"{action}-error") == NO_KEY
    assert saved() == before


@pytest.mark.parametrize("action", ["", "delete", "Add", "add "])
def test_an_unknown_action_is_said_at_the_head_of_the_first_form(steward, club, action):
    before = saved()

    answer = steward.post("/players/", {"action": action, "key": "k1", "name": "Grimaud",
                                        "player": club["GUEST"]})

    assert answer.status_code == 400 and error(answer, "add-error") == "Unknown action."
    assert saved() == before


def test_a_form_refused_shows_what_was_sent_in_it(steward, club):
    answer = steward.post("/players/", {"action": "login", "key": "k1",
                                        "player": club["GUEST"], "new_username": "athos",
                                        "password": "\x00"})

    page = html.unescape(answer.content.decode())
    assert f'<option value="{club["GUEST"]}" selected>Athos</option>' in page
    assert 'id="login-username" name="new_username"' in page and 'value="athos"' in page


def test_a_name_the_service_refuses_is_said_in_its_words_not_the_forms(steward, club):
    """A null character in a name is the service's to say (club.players.clean_name)."""
    answer = steward.post("/players/", {"action": "rename", "key": "k1",
                                        "player": club["GUEST"], "name": "Ath\x00os"})

    assert error(answer, "rename-error") == ("A name holds only printable characters, not U+0000 "
                                       "(a control character).")
    assert Player.objects.get(pk=club["GUEST"]).name == "Athos"


# -- the settle-up ---------------------------------------------------------------------------
@pytest.mark.parametrize("fields, said", [
    ({"payer": "nobody"}, CHOOSE),
    ({"payee": ""}, CHOOSE),
    ({"payee": "99999"}, CHOOSE),
    ({"amount": "1,2,3"}, "“1,2,3” is not an amount of money: write it like 12.50, with at "
                          "most two decimal places."),
    ({"key": ""}, NO_KEY),
])
def test_a_bad_payment_is_refused_and_nothing_is_saved(steward, club, fields, said):
    sent = {"payer": club["GUEST"], "payee": club["MEMBER"], "amount": "1.00", "memo": "",
            "key": "k1"} | fields

    answer = steward.post("/settle-up/", sent)

    assert answer.status_code == 400 and error(answer, "payment-error") == said
    assert not Transaction.objects.exists() and not IdempotentRequest.objects.exists()


def test_a_payment_from_the_house_is_recorded(steward, club):
    answer = steward.post("/settle-up/", {"payer": "house", "payee": club["MEMBER"],
                                          "amount": "2.50", "memo": " cash ", "key": "k1"})

    assert answer.status_code == 302
    assert Transaction.objects.get().memo == "cash"


def test_an_undo_without_its_key_undoes_nothing(steward, staff, club):
    payment = record_payment(payer=None, payee=Player.objects.get(pk=club["MEMBER"]),
                             cents=250, by=staff)

    answer = steward.post(f"/settle-up/payments/{payment.pk}/undo/", {})

    assert answer.status_code == 400 and error(answer, f"undo-error-{payment.pk}") == NO_KEY
    assert Transaction.objects.count() == 1
