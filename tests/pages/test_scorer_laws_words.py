"""The Laws to the letter in words, in English and French (docs/rules.md, rulings 84 to 94):
a hand's history and the hand-by-hand page say each new entry of its record and the marks its
players did not make, the scorer's last hands name who did not mark, the secretary's admin
says them too; and the open-table form offers the two new options where the kind of table
takes them, and opens a table with them."""
import re

import pytest

from games.models import Hand, Table
from games.services.hands import record_hand
from tests.games.kit import pool

pytestmark = pytest.mark.django_db

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}
# The first hand of a game to the retourne turned at random, at a table where the king may be
# announced until the holder's second card: Athos deals out of turn, and the deal stands, so
# Porthos is elder; he announces the king with his first card, takes three tricks but forgets
# to mark the point; the dealer led the second trick out of turn.
RECORD = {
    "target_card": "9H",
    "summary": {"opening": "exchanged", "king_turned": False, "king": "elder",
                "king_announced": "with_first_card", "king_holder": "elder",
                "tricks": {"elder": 3, "dealer": 2}},
    "irregularities": [{"type": "dealt_out_of_turn"}, {"type": "misdeal_played"},
                       {"type": "lead_out_of_turn", "by": "dealer", "trick": 2},
                       {"type": "unmarked", "by": "elder", "mark": "point"}],
}
SAID = {
    "en": ["dealt out of turn: the deal stood",
           "a misdeal played as dealt: no king turned up is marked",
           "the dealer led trick 2 out of turn, and it was played to",
           "not marked in time by the elder: point",
           "king announced by the elder, with his first card, the king",
           "the king of trumps held by the elder",
           "the card turned at random for the target: <span class=\"red-suit\">9♥</span>",
           "marks not made:</strong> the point of the elder was not marked"],
    "fr": ["donné hors de tour\u00a0: la donne est restée",
           "une maldonne jouée telle quelle\u00a0: le roi tourné ne se marque pas",
           "le donneur a entamé la levée 2 hors de tour, et l&#x27;on a joué dessus",
           "non marqué à temps par le premier en main\u00a0: point",
           "roi annoncé par le premier en main, avec sa première carte, le roi",
           "le roi d&#x27;atout en main chez le premier en main",
           "la carte tournée au hasard pour le but\u00a0: <span class=\"red-suit\">9♥</span>",
           "marques non faites\u00a0:</strong> le premier en main n&#x27;a pas marqué"
           "\u00a0: point"],
}


@pytest.fixture
def hand(staff):
    table = pool(staff, king_announcement="french", target="retourne_random")
    return record_hand(table_id=table.pk, record=RECORD, by=staff)[0]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("address", ["/tables/{table}/hands/1/", "/tables/{table}/hand-by-hand/"])
def test_law_a_hands_history_says_the_laws_entries_and_the_marks_not_made(scorer, hand,
                                                                          language, address):
    page = scorer.get(address.format(table=hand.table_id),
                      **(FR if language == "fr" else {})).content.decode()

    for said in SAID[language]:
        assert said in page, said
    assert hand.result["unmarked"] == [{"to": "elder", "points": 1, "for": "point"}]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_law_the_scorers_last_hands_name_who_did_not_mark(scorer, hand, language):
    page = scorer.get(f"/tables/{hand.table_id}/score/",
                      **(FR if language == "fr" else {})).content.decode()

    assert {"en": "the point of Porthos was not marked",
            "fr": "Porthos n&#x27;a pas marqué\u00a0: point"}[language] in page


def test_law_the_admin_says_the_laws_entries(staff_client, hand):
    page = staff_client.get(f"/admin/games/hand/{hand.pk}/change/").content.decode()

    for said in SAID["en"]:  # the admin names the player whose mark was not made
        said = said.replace("the point of the elder", "the point of Porthos")
        assert said in page, said


def test_law_the_open_table_form_offers_the_two_options_where_the_kind_takes_them(scorer, four):
    pool_page = scorer.get("/tables/new/").content.decode()
    assert 'value="french"' in pool_page and 'value="retourne_random"' in pool_page
    assert "When the king of trumps is announced" in pool_page
    trois_page = scorer.get("/tables/new/?kind=trois").content.decode()
    # drawn hidden and disabled à trois: not sent, it keeps its default
    assert re.search(r'<select name="king_announcement"[^>]* disabled', trois_page)
    french = scorer.get("/tables/new/", **FR).content.decode()
    assert "Quand le roi d&#x27;atout s&#x27;annonce" in french
    assert "la retourne au hasard" in french

    sent = {"format": "rubber", "name": "Paris", "first_dealer": "seat1", "key": "k",
            "wager_style": "none", "ranking": "classic", "dealer_exchange": "required",
            "doubling": "false", "offer_point": "false", "king_announcement": "french",
            "target": "retourne_random", "game_value": "single", "rubber_games": "3",
            "seat1": four[0].pk, "seat2": four[1].pk}
    answer = scorer.post("/tables/new/", sent)

    assert answer.status_code == 302, answer.content.decode()[:3000]
    rules = Table.objects.get().rules
    assert (rules["king_announcement"], rules["target"]) == ("french", "retourne_random")
    assert not Hand.objects.exists()
