"""Each mark of a hand has one name, the game's own, in English and in French, and every face
says it the same way: the scorer's last hands, the admin's hand list and hand page, the CSV
export, the table page's live words and the hand in words (games.presentation.marks).

The mark `refusal` (docs/hand-record.md) is the extra point for defeating a vulnerable player:
the elder who played without proposing, or the dealer who refused the first proposal (docs/
rules.md, sections 4 and 7). Its name must be true in both cases, so it is not "refusal" when
nobody refused: "vulnerable beaten", "vulnérable battu"."""
import csv
import io
import json
import re

import pytest
from django.utils import translation

from games.admin import exports
from games.models import Table
from games.presentation import display, marks, words
from games.services.hands import record_hand
from tests.games.kit import page_text, pool, summary

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}
# The result's mark keys, fixed by the hand record (docs/hand-record.md, The result).
MARK_KINDS = ("king_turned", "king_held", "point", "vole", "refusal", "double",
              "declined_double", "offer_accepted", "offer_failed", "abandon")
# Porthos deals first, so Athos is the elder. He plays without proposing and takes 2 tricks:
# Porthos, the dealer, marks the point (1) and the point for defeating the vulnerable elder (1).
ELDER_PLAYED_AND_LOST = summary(2, opening="played")
SAID = {"en": "Porthos +1 point, Porthos +1 vulnerable beaten",
        "fr": "Porthos +1 point, Porthos +1 vulnérable battu"}


@pytest.fixture
def table(secretary):
    table = pool(secretary)
    record_hand(table_id=table.pk, record=ELDER_PLAYED_AND_LOST, by=secretary)
    return table


def language(code: str) -> dict:
    return FR if code == "fr" else {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_scorers_last_hands_name_the_mark_for_what_it_is(staff_client, table, code):
    page = page_text(staff_client.get(f"/tables/{table.pk}/score/", **language(code)))

    assert SAID[code] in page
    assert "refus" not in page.split(SAID[code])[0][-200:]


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_admin_names_the_mark_in_its_list_and_on_the_hands_page(staff_client, table,
                                                                     code):
    listed = page_text(staff_client.get("/admin/games/hand/", **language(code)))
    hand = table.hands.get()
    shown = page_text(staff_client.get(f"/admin/games/hand/{hand.pk}/change/", **language(code)))

    assert SAID[code] in listed and SAID[code] in shown  # by the player who took them
    assert "+1 refusal" not in listed + shown and "+1 point de refus" not in listed + shown


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_csv_names_the_mark_in_english_whatever_the_secretarys_language(table, code):
    with translation.override(code):
        rows = list(csv.reader(io.StringIO(exports.tables_csv(Table.objects.all()))))

    marks_column = rows[0].index("marks")
    assert rows[1][marks_column] == "Porthos +1 point, Porthos +1 vulnerable beaten"


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_table_page_gives_its_live_script_the_same_names(client, table, code):
    page = client.get(f"/tables/{table.pk}/", **language(code)).content.decode()
    live = json.loads(re.search(r'<script id="live-words" type="application/json">(.*?)'
                                r"</script>", page, re.S).group(1))

    with translation.override(code):
        assert live["marks"] == {key: marks.mark_word(key) for key in MARK_KINDS}
    assert live["marks"]["refusal"] == SAID[code].rpartition("+1 ")[2]
    assert "refusal" not in live  # no second name for the same mark


@pytest.mark.parametrize("code", ["en", "fr"])
def test_the_hand_in_words_says_the_same(table, code):
    hand = table.hands.get()
    with translation.override(code):
        said = words.marks(hand.result, {"elder": "Athos", "dealer": "Porthos"})
        result = dict(display.result_lines(hand.result))

    assert ", ".join(said) == SAID[code]
    assert result[{"en": "marks", "fr": "points marqués"}[code]] == SAID[code].replace(
        "Porthos", {"en": "dealer", "fr": "donneur"}[code])


def test_every_mark_has_a_french_name():
    for key in MARK_KINDS:
        with translation.override("en"):
            english = marks.mark_word(key)
        with translation.override("fr"):
            french = marks.mark_word(key)
        assert french != english or key in ("point", "vole", "double", "abandon"), key
