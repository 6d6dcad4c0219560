"""Every kind of two-handed hand opens on its correction page with what was recorded, and
its form goes back as a browser would send it: unchanged (nothing changes, no new version),
and with a legal change (version 2). A browser refuses, without a word, a form whose field
is out of its bounds even when hidden: tests/pages/forms.py looks for such fields the way it
does, and none may be there."""
import re

import pytest

from games.models import Hand
from games.services.hands import record_hand
from tests.games.kit import pool
from tests.pages.forms import form_values, refused_fields
from tests.pages.kit import KINDS

pytestmark = pytest.mark.django_db


def recorded(staff, record) -> Hand:
    table = pool(staff, doubling=True, offer_point=True)
    hand, _ = record_hand(table_id=table.pk, record=record, by=staff)
    return hand


def drawn(scorer, hand: Hand, form_id: str) -> tuple[str, dict]:
    """The correction page and its form's values with the button that sends it as it was
    recorded: the chosen split, or "ended early"."""
    page = scorer.get(f"/tables/{hand.table_id}/hands/{hand.number}/correct/").content.decode()
    assert refused_fields(page, form_id) == []
    values = form_values(page, form_id)
    if form_id == "summary-form":
        chosen = re.search(r'name="elder_tricks" value="(\d)" class="split chosen"', page)
        values |= {"elder_tricks": chosen[1]} if chosen else {"ended": "early"}
    return page, values


@pytest.mark.parametrize("kind", KINDS)
def test_a_correction_form_opens_with_the_record_and_goes_back_unchanged(scorer, staff, kind):
    record, form_id, _, _ = KINDS[kind]
    hand = recorded(staff, record)
    _, values = drawn(scorer, hand, form_id)

    answer = scorer.post(f"/tables/{hand.table_id}/hands/1/correct/", values)

    assert answer.status_code == 302, answer.content.decode()[:3000]
    hand.refresh_from_db()
    assert hand.version == 1 and hand.record == record
    said = scorer.get(answer["Location"]).content.decode()
    assert "Nothing changed: hand 1 stays version 1." in said


@pytest.mark.parametrize("kind", KINDS)
def test_a_correction_form_sends_a_legal_change(scorer, staff, kind):
    record, form_id, change, expected = KINDS[kind]
    hand = recorded(staff, record)
    _, values = drawn(scorer, hand, form_id)

    answer = scorer.post(f"/tables/{hand.table_id}/hands/1/correct/", values | change)

    assert answer.status_code == 302, answer.content.decode()[:3000]
    hand.refresh_from_db()
    assert hand.version == 2 and hand.record == expected


def test_a_correction_retried_does_not_undo_a_later_one(scorer, staff):
    """A phone's correction retried (its answer lost) after another phone corrected the hand
    again: the retry names the version it corrected, long gone, and changes nothing; the later
    correction stands."""
    record, form_id, change, _ = KINDS["point"]
    hand = recorded(staff, record)
    _, values = drawn(scorer, hand, form_id)
    first_phone = values | change | {"key": "phone-a"}
    scorer.post(f"/tables/{hand.table_id}/hands/1/correct/", first_phone)
    _, again = drawn(scorer, hand, form_id)  # the other phone puts the record back
    scorer.post(f"/tables/{hand.table_id}/hands/1/correct/",
                again | {"elder_tricks": "3", "key": "phone-b"})
    hand.refresh_from_db()
    assert hand.version == 3 and hand.record == record

    answer = scorer.post(f"/tables/{hand.table_id}/hands/1/correct/", first_phone)

    hand.refresh_from_db()
    assert hand.version == 3 and hand.record == record
    assert "corrected from another phone meanwhile" in scorer.get(
        answer["Location"]).content.decode()
