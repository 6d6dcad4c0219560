"""The hand's analysis on its history page names the first card played that lost value against
double-dummy play, at whatever trick it was (docs/rules.md, Analysis)."""
import html
import re

import pytest
from django.utils import translation

from games.engine import analyse, first_loss, score
from games.presentation import words
from games.services.hands import record_hand
from tests.engine.test_first_loss import DEALER, ELDER, TURN_UP
from tests.games.kit import page_text, pool

pytestmark = pytest.mark.django_db


def played(*tricks, elder=ELDER, dealer=DEALER, turn_up=TURN_UP) -> dict:
    return {"deal": {"elder": elder.split(), "dealer": dealer.split(), "turn_up": turn_up},
            "exchanges": [], "tricks": [trick.split() for trick in tricks]}


# The elder leads K♥, the best card, then loses the point with the 7♠ at trick 2.
LOST_AT_TRICK_2 = played("KH 7H", "7S 8S", "8C KC", "QS KS", "TD AS")


def text(answer) -> str:
    assert answer.status_code == 200, answer.status_code
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page_text(answer))))


def test_the_history_page_names_the_card_that_lost_the_point_at_trick_two(staff, steward):
    table = pool(staff)
    hand, _ = record_hand(table_id=table.pk, record=LOST_AT_TRICK_2, by=staff)

    page = text(steward.get(f"/tables/{table.pk}/hands/{hand.number}/"))

    assert ("Best play: at trick 2 the elder played 7♠ and with it lost the point; A♠, Q♠ or "
            "K♣ would not have. The elder took 2.") in page
    assert "could have taken" not in page
    assert "With every card in view and best play on both sides, the elder takes 3 tricks" \
        in page


def in_words(record: dict, language: str) -> list[str]:
    with translation.override(language):
        return words.analysis(record, score(record), analyse(record), first_loss(record))


def test_the_card_that_lost_the_point_is_named_in_french():
    lines = in_words(LOST_AT_TRICK_2, "fr")
    assert ("Meilleur jeu\u00a0: à la levée 2, le premier en main a joué 7♠ et a ainsi perdu "
            "le point\u00a0; A♠, D♠ ou R♣ l'auraient évité. Il en a fait 2.") in lines[1]


def test_the_dealer_who_lets_the_elder_take_the_point_is_named():
    # tests/engine/test_first_loss.py: the dealer's A♣ makes the elder's 10♣ master
    record = played("8C AC", "KD 9D", "JD 7H", "AS 7C", "TC 9C", elder="AS TC 8C 7H 9D",
                    dealer="7C AC 9C JD KD", turn_up="9H")
    lines = in_words(record, "en")
    assert lines[1] == ("Best play: at trick 1 the dealer played A♣ and with it let the elder "
                        "take the point; 9♣ would not have. The elder took 3.")
    assert "laissé le premier en main faire le point\u00a0; 9♣ l'aurait évité. Le premier " \
           "en main en a fait 3." in in_words(record, "fr")[1]


def test_a_hand_played_as_well_as_could_be_says_so():
    lines = in_words(played("KH 7H", "KC 8C", "QS KS", "8S AS", "7S TD"), "en")
    assert lines[1] == "Both played as well as could be."


def test_two_errors_that_cancel_out_are_not_called_best_play():
    # the elder's 7♠ loses the point at trick 2, the dealer's K♠ on it gives it back
    lines = in_words(played("KH 7H", "7S KS", "8C KC", "AS 8S", "QS TD"), "en")
    assert lines[1] == ("Best play: at trick 2 the elder played 7♠ and with it lost the "
                        "point; A♠, Q♠ or K♣ would not have. The elder took 3.")
