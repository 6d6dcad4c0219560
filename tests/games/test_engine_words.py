"""The engine's refusals said in the reader's words from their detail and parameters (issue 31,
"Words made at the edge"): every message the engine writes has its French, the newest Laws'
refusals included, and a page says the same detail as the API's English message, its cards as
faces; nothing reads the English message back."""
import pytest
from django.utils import translation

from club.errors import Refused
from club.models import Player
from games.engine.cards import PACK
from games.engine.errors import MESSAGES
from games.presentation import words
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.games.kit import summary

pytestmark = pytest.mark.django_db


def test_the_engines_messages_are_marked_for_makemessages():
    """makemessages keeps what the source marks; the engine marks nothing (no Django), so
    games.presentation.engine_messages lists its sentences, exactly."""
    from games.presentation.engine_messages import MARKED
    assert MARKED == MESSAGES, "rewrite games/presentation/engine_messages.py from MESSAGES"


def test_every_message_of_the_engine_has_its_french_words():
    with translation.override("fr"):
        untranslated = [detail for detail, english in MESSAGES.items()
                        if translation.gettext(english) == english]
    assert untranslated == []


@pytest.fixture
def pool(django_user_model):
    steward = django_user_model.objects.create_user("steward", is_staff=True)
    seated = [Player.objects.create(name=name) for name in ("Athos", "Porthos", "Aramis")]
    table = open_table(name="Poule", format="pool", players=seated, by=steward,
                       first_dealer=seated[1], rules={})
    return table, steward


def refused(pool, record) -> Refused:
    table, steward = pool
    with pytest.raises(Refused) as caught:
        record_hand(table_id=table.pk, record=record, by=steward)
    return caught.value


def said(refusal: Refused, language: str) -> str:
    with translation.override(language):
        return str(words.refusal(refusal))


ELDER, DEALER, TURN_UP = list(PACK[:5]), list(PACK[5:10]), PACK[10]
STOCK = list(PACK[11:])


def full(**parts) -> dict:
    return {"deal": {"elder": ELDER, "dealer": DEALER, "turn_up": TURN_UP}, "exchanges": [],
            "tricks": []} | parts


# The Laws' newest refusals (docs/rules.md, rulings 86, 87 and 89): each record, and what the
# French page says of it.
NEWEST = {
    "refuse_after_exposed": (full(exchanges=[
        {"accepted": True, "elder": {"discard": ELDER[:1], "draw": STOCK[:1]},
         "dealer": {"discard": DEALER[:1], "draw": STOCK[1:2]}, "exposed": STOCK[2]},
        {"accepted": False}]),
        "il ne peut plus refuser d'écart"),
    "turned_up_not_in_stock": (full(exchanges=[
        {"accepted": True, "elder": {"discard": ELDER[:1], "draw": STOCK[:1]},
         "dealer": {"discard": DEALER[:1], "draw": STOCK[1:2]}, "exposed": DEALER[2]}]),
        "le donneur retourne 7♠, qui n'est pas au talon"),
    "plays_with": (full(deal={"elder": ELDER + STOCK[:1], "dealer": DEALER, "turn_up": TURN_UP},
                        irregularities=[{"type": "misdeal_played"}]),
                   "premier en main joue avec 6 cartes, et non 5"),
    "dealt_one_to_ten": (full(deal={"elder": [], "dealer": DEALER, "turn_up": TURN_UP},
                              irregularities=[{"type": "misdeal_played"}]),
                         "premier en main doit recevoir de 1 à 10 cartes, et non 0"),
}


@pytest.mark.parametrize("detail", NEWEST)
def test_the_newest_laws_refusals_are_said_in_french(pool, detail):
    record, french = NEWEST[detail]
    refusal = refused(pool, record)

    page = said(refusal, "fr")
    assert french in page, page
    assert refusal.message not in page and "stock" not in page
    assert refusal.params["detail"] == detail


def test_a_king_mark_that_ended_the_game_before_play_is_said_in_french(pool):
    table, steward = pool
    # Porthos deals first: a vole by each player as dealer, then as elder, brings him to 4 of 5
    record_hand(table_id=table.pk, record=summary(0), by=steward)  # Porthos deals: 2
    record_hand(table_id=table.pk, record=summary(5), by=steward)  # Porthos elder: 4
    king = summary(3, king_turned=True)  # Porthos deals and turns the king: 5, game over

    refusal = refused(pool, king)

    assert refusal.message == "a king mark ended the game before play"
    assert said(refusal, "fr").endswith("un point de roi a fini la partie avant le jeu")
    assert "king mark" not in said(refusal, "fr")


def test_a_page_says_the_detail_the_api_writes_its_cards_as_faces(pool):
    refusal = refused(pool, summary(3, turn_up="KS"))  # a king turned up, but not marked

    assert refusal.message == "the turn-up KS and king_turned false disagree"
    assert said(refusal, "en").endswith("the turn-up K♠ and king_turned false disagree")
    assert said(refusal, "fr").endswith("la retourne R♠ et king_turned false ne s'accordent pas")
