"""What a hostile member's forms get from the pages: a key no database column takes, a number
that is not one, an id written in another script's digits, a hand that is not the table's. Each
is refused in words beside the form (or, to the phone's outbox, in its JSON), and nothing is
saved, on SQLite as on PostgreSQL; never a 500, never a guess at what was meant.

Keys (club.idempotency.checked_key): 1 to 200 characters, none of them a control character; a
page's form key 195, since it is stored after "form:". Numbers and ids (club.forms.
whole_number): the digits 0 to 9 only, for Python's int() also reads "١٢" and "１２" as 12."""
import pytest

from club import ledger
from club.models import IdempotentRequest, Player, Transaction
from club.players import create_player
from games.models import Hand, Table, Wager
from games.services.hands import record_hand
from games.services.tables import open_table
from testbed.records import ELDER_VOLE, elder_vole
from tests.games.kit import pool, summary
from tests.pages.forms import as_user, form_values
from tests.pages.kit import enter_deal, outbox_url, summary_post, trick, url

pytestmark = pytest.mark.django_db

BAD_KEY = "This form&#x27;s key is not one the page gave it: load the page again."
NOT_A_NUMBER = ("This form sent something other than a whole number where one belongs: load "
                "the page again.")
# Keys no face takes: one character too many, NUL (no PostgreSQL text holds it), a tab.
KEYS = ["k" * 201, "a\x00b", "a\tb"]
# A number as a page never sends it, and as int() would read it: absent, or 1.
NOT_NUMBERS = ["NaN", "\x00", "1" * 1_000_000, "١", "１", " 1", "+1", "1.0"]


def arabic(number: int) -> str:
    """12 in Arabic-Indic digits: "١٢"."""
    return str(number).translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))


def full_width(number: int) -> str:
    """12 in full-width digits: "１２"."""
    return str(number).translate(str.maketrans("0123456789", "０１２３４５６７８９"))


@pytest.fixture
def table(staff):
    return pool(staff)


# -- keys ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", KEYS)
def test_a_hands_key_no_database_takes_is_refused_beside_the_form(scorer, table, key):
    answer = scorer.post(url(table), summary_post(key=key))

    assert answer.status_code == 422
    assert BAD_KEY in answer.content.decode()
    assert not Hand.objects.exists()


@pytest.mark.parametrize("key", KEYS)
def test_the_outbox_is_told_such_a_key_is_refused_in_its_json(scorer, table, key):
    answer = scorer.post(outbox_url(table), summary_post(key=key))

    assert answer.status_code == 422
    assert answer.json()["outcome"] == "refused"
    assert answer.json()["message"] == BAD_KEY.replace("&#x27;", "'")
    assert not Hand.objects.exists()


def test_a_hands_key_of_200_characters_is_taken(scorer, table):
    assert scorer.post(url(table), summary_post(key="é" * 200)).status_code == 302
    assert Hand.objects.get().idempotency_key == "é" * 200


@pytest.mark.parametrize("key", ["k" * 196, "k" * 200, *KEYS])
def test_a_trick_forms_key_is_stored_after_form_so_it_is_at_most_195_characters(
        scorer, table, key):
    hand = enter_deal(scorer, table)

    refused = scorer.post(url(table), trick(hand, 1, *ELDER_VOLE["tricks"][0], key=key))
    taken = scorer.post(url(table), trick(hand, 1, *ELDER_VOLE["tricks"][0], key="k" * 195))

    assert refused.status_code == 422 and BAD_KEY in refused.content.decode()
    assert taken.status_code == 302
    hand.refresh_from_db()
    assert hand.record["tricks"] == ELDER_VOLE["tricks"][:1]
    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == ["form:" + "k" * 195]


@pytest.mark.parametrize("key", ["k" * 196, *KEYS])
def test_a_club_pages_form_key_is_checked_the_same_way(steward, key):
    answer = steward.post("/players/", {"action": "add", "name": "Grimaud", "key": key})

    assert answer.status_code == 400 and BAD_KEY in answer.content.decode()
    assert not Player.objects.exists() and not IdempotentRequest.objects.exists()


# -- numbers -------------------------------------------------------------------------------------
@pytest.mark.parametrize("number", NOT_NUMBERS, ids=lambda text: repr(text[:8]))
def test_a_hands_number_that_is_not_one_is_refused_not_read_as_absent(scorer, table, number):
    answer = scorer.post(url(table), summary_post(number=number))
    kept = scorer.post(outbox_url(table), summary_post(number=number, key="k2"))

    assert answer.status_code == 422 and NOT_A_NUMBER in answer.content.decode()
    assert kept.status_code == 422
    assert kept.json() == {"outcome": "refused", "message": NOT_A_NUMBER,
                           "fields": {"form": NOT_A_NUMBER}}
    assert not Hand.objects.exists()


def test_a_tricks_number_in_other_digits_is_refused(scorer, table):
    hand = enter_deal(scorer, table)

    answer = scorer.post(url(table), trick(hand, arabic(1), *ELDER_VOLE["tricks"][0]))

    assert answer.status_code == 422 and NOT_A_NUMBER in answer.content.decode()
    hand.refresh_from_db()
    assert hand.record.get("tricks", []) == []


def test_a_confirmation_that_is_no_number_is_no_confirmation(scorer, staff, table):
    """A correction that changes nothing beyond its hand is saved at once, as though "confirm"
    had not been sent (int() read "١" as 1, and "²", which isdigit() passes, not at all)."""
    record_hand(table_id=table.pk, record=summary(3), by=staff)
    correct = f"/tables/{table.pk}/hands/1/correct/"
    form = form_values(scorer.get(correct).content.decode(), "summary-form")

    for version, (confirm, tricks) in enumerate([("²", "2"), ("١", "4"), ("1" * 5000, "3")],
                                                start=2):
        answer = scorer.post(correct, form | {"confirm": confirm, "version": version - 1,
                                              "elder_tricks": tricks})
        assert answer.status_code == 302, confirm
        assert Hand.objects.get().version == version


# -- ids -----------------------------------------------------------------------------------------
@pytest.fixture
def debts(staff):
    athos, porthos = Player.objects.create(name="Athos"), Player.objects.create(name="Porthos")
    return athos, porthos


@pytest.mark.parametrize("digits", [arabic, full_width])
def test_a_payment_between_players_named_in_other_digits_is_refused(steward, debts, digits):
    athos, porthos = debts
    answer = steward.post("/settle-up/", {"key": "k1", "payer": digits(athos.pk),
                                          "payee": porthos.pk, "amount": "1.00"})

    assert answer.status_code == 400 and "Choose a player." in answer.content.decode()
    assert not Transaction.objects.exists()


@pytest.mark.parametrize("digits", [arabic, full_width])
def test_a_player_renamed_by_an_id_in_other_digits_is_refused(steward, debts, digits):
    athos, _ = debts
    answer = steward.post("/players/", {"action": "rename", "player": digits(athos.pk),
                                        "name": "Athos le Grand", "key": "k1"})

    assert answer.status_code == 400 and "Choose a player." in answer.content.decode()
    assert Player.objects.get(pk=athos.pk).name == "Athos"


@pytest.mark.parametrize("digits", [arabic, full_width])
def test_a_table_opened_with_a_seat_in_other_digits_is_refused(steward, debts, digits):
    athos, porthos = debts
    answer = steward.post("/tables/new/", {"format": "rubber", "name": "T", "key": "k1",
                                           "seat1": digits(athos.pk), "seat2": porthos.pk,
                                           "wager_style": "none"})

    assert answer.status_code == 400
    assert "Select a valid choice." in answer.content.decode()
    assert not Table.objects.exists()


@pytest.mark.parametrize("digits", [arabic, full_width])
def test_a_wager_on_a_player_in_other_digits_is_refused(staff, debts, django_user_model, digits):
    athos, porthos = debts
    table = open_table(name="T", format="rubber", players=[athos, porthos], rules={}, by=staff,
                       wager_style="french")
    member = django_user_model.objects.create_user("charles")
    create_player(name="Charles", username="charles")

    answer = as_user(member).post(f"/tables/{table.pk}/wagers/", {
        "action": "place", "key": "k1", "on": digits(athos.pk), "stake": "1.00"})

    assert answer.status_code == 400 and "Choose a seated player." in answer.content.decode()
    assert not Wager.objects.exists()
    assert ledger.player_balance(Player.objects.get(name="Charles")) == 0


@pytest.mark.parametrize("digits", [arabic, full_width])
def test_staff_seating_a_player_named_in_other_digits_is_refused(steward, django_user_model,
                                                                 digits):
    """An attack that held: the seat form read the digits 0 to 9 only already."""
    opener = django_user_model.objects.create_user("athos")
    athos = create_player(name="Athos", username="athos")
    guest, porthos = Player.objects.create(name="Grimaud"), Player.objects.create(name="Porthos")
    table = open_table(name="T", format="pool", players=[athos, guest, porthos], by=opener,
                       rules={"pool_entry": 500}, first_dealer=guest)

    answer = steward.post(f"/tables/{table.pk}/seat/", {"key": "k1", "player": digits(guest.pk)})

    assert answer.status_code == 400 and "Choose a player." in answer.content.decode()
    assert table.seats.get(player=guest).taken_at is None
    assert ledger.player_balance(guest) == 0


# -- a hand that is not the table's --------------------------------------------------------------
@pytest.fixture
def elsewhere(staff):
    """A hand dealt at another table, being played."""
    other = pool(staff, name="Table 2")
    hand, _ = record_hand(table_id=other.pk, record=elder_vole(tricks=[], in_progress=True),
                          by=staff)
    return hand


@pytest.mark.parametrize("action", ["trick", "finish", "undo"])
def test_the_outbox_is_told_in_json_of_a_hand_that_is_not_the_tables(scorer, table, elsewhere,
                                                                     action):
    """The phone shows it refused at its place, and sends it no more (outbox.js retried a
    page's 404 for ever)."""
    form = trick(elsewhere, 1, *ELDER_VOLE["tricks"][0]) | {"action": action}
    for hand in (str(elsewhere.pk), "999999999", ""):
        answer = scorer.post(outbox_url(table), form | {"hand": hand})
        assert answer.status_code == 404, hand
        assert answer.json() == {"outcome": "refused",
                                 "message": "There is no such hand at this table."}
    not_one = scorer.post(outbox_url(table), form | {"hand": arabic(elsewhere.pk)})
    assert not_one.status_code == 422
    assert not_one.json() == {"outcome": "refused", "message": NOT_A_NUMBER}
    elsewhere.refresh_from_db()
    assert elsewhere.record["tricks"] == [] and elsewhere.record["in_progress"]


def test_the_outbox_is_told_in_json_of_a_table_that_is_not_there(scorer, table):
    answer = scorer.post(f"/tables/{table.pk + 1000}/score/outbox/", summary_post())

    assert answer.status_code == 404
    assert answer.json() == {"outcome": "refused", "message": "There is no such table."}


def test_the_page_says_so_of_a_hand_that_is_not_the_tables_and_shows_the_table(
        scorer, table, elsewhere):
    answer = scorer.post(url(table), trick(elsewhere, 1, *ELDER_VOLE["tricks"][0]),
                         follow=True)

    assert answer.redirect_chain == [(url(table), 302)]
    assert "There is no such hand at this table." in answer.content.decode()
    elsewhere.refresh_from_db()
    assert elsewhere.record["tricks"] == []



def test_the_undo_of_a_hand_that_is_not_the_tables_is_refused_beside_its_button(
        scorer, staff, table, elsewhere):
    record_hand(table_id=table.pk, record=summary(3), by=staff)

    for hand, said in ((elsewhere.pk, "There is no such hand at this table."),
                       (arabic(elsewhere.pk), NOT_A_NUMBER)):
        answer = scorer.post(url(table), {"action": "undo_hand", "key": "u1", "hand": hand})
        assert answer.status_code == 422
        assert said in answer.content.decode()
    assert Hand.objects.get(table=table).status == Hand.Status.COUNTED


def test_the_refusals_are_said_in_french(scorer, table, elsewhere):
    french = {"HTTP_ACCEPT_LANGUAGE": "fr"}
    said = {
        "La clé de ce formulaire n'est pas celle que la page lui a donnée\u00a0: rechargez la "
        "page.":
            summary_post(key="k" * 201),
        "Ce formulaire a envoyé autre chose qu'un nombre entier là où il en faut un\u00a0: "
        "rechargez la page.": summary_post(number="NaN"),
        "Il n'y a pas de tel coup à cette table.": trick(elsewhere, 1, "KS", "7S"),
    }
    for message, form in said.items():
        assert scorer.post(outbox_url(table), form, **french).json()["message"] == message
    assert not Hand.objects.filter(table=table).exists()
