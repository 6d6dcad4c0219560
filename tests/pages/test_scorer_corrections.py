"""Every kind of two-handed hand opens on its correction page with what was recorded, and
its form goes back as a browser would send it: unchanged (nothing changes, no new version),
and with a legal change (version 2). A browser refuses, without a word, a form whose field
is out of its bounds even when hidden: tests/pages/forms.py looks for such fields the way it
does, and none may be there."""
import re

import pytest

from games.models import Hand
from games.services.hands import record_hand
from testbed.records import ELDER_VOLE, elder_vole
from tests.games.kit import pool
from tests.pages.forms import form_values, refused_fields

pytestmark = pytest.mark.django_db


def summary(elder: int, dealer: int | None = None, opening="exchanged", **more) -> dict:
    tricks = {"elder": elder, "dealer": 5 - elder if dealer is None else dealer}
    fields = {"opening": opening, "king_turned": more.pop("king_turned", False),
              "tricks": tricks} | ({"king": more.pop("king")} if "king" in more else {})
    return {"summary": fields} | more


# Each kind: the record as entered, the form that corrects it, and a legal change to it
# (the form's fields changed) with the record it must make.
KINDS = {
    "point": (summary(3), "summary-form", {"elder_tricks": "2"}, summary(2)),
    "vole": (summary(5), "summary-form", {"elder_tricks": "4"}, summary(4)),
    "dealer's vole": (summary(0), "summary-form", {"elder_tricks": "1"}, summary(1)),
    "king turned": (summary(3, king_turned=True), "summary-form", {"king": "none"},
                    summary(3)),
    "king announced": (summary(2, king="dealer"), "summary-form", {"king": "elder"},
                       summary(2, king="elder")),
    "refusal": (summary(2, opening="refused"), "summary-form", {"opening": "played"},
                summary(2, opening="played")),
    "double": (summary(3, double={"by": "dealer", "before_trick": 2, "accepted": True}),
               "summary-form", {"double_before": "3"},
               summary(3, double={"by": "dealer", "before_trick": 3, "accepted": True})),
    "offer": (summary(0, 0, offer={"by": "elder", "accepted": True}), "summary-form",
              {"offer_by": "dealer"}, summary(0, 0, offer={"by": "dealer", "accepted": True})),
    "revoke": (summary(2, irregularities=[{"type": "revoke", "by": "dealer", "trick": 1}]),
               "summary-form", {"revoke_trick": "2"},
               summary(2, irregularities=[{"type": "revoke", "by": "dealer", "trick": 2}])),
    "false king": (summary(4, king="elder",
                           irregularities=[{"type": "false_king", "by": "elder"}]),
                   "summary-form", {"false_king_by": "none"}, summary(4, king="elder")),
    "abandon": (summary(1, 2, irregularities=[{"type": "abandon", "by": "elder"}]),
                "summary-form", {"early_elder": "2", "early_dealer": "1"},
                summary(2, 1, irregularities=[{"type": "abandon", "by": "elder"}])),
    "every card": (ELDER_VOLE, "deal-form", {"trick3": "Q♦ 7♣", "trick4": "J♦ 10♥"},
                   elder_vole(tricks=[*ELDER_VOLE["tricks"][:3], ["QD", "7C"],
                                      ["JD", "TH"]])),
    "in progress": (elder_vole(tricks=ELDER_VOLE["tricks"][:1], in_progress=True),
                    "deal-form", {"trick1": "Q♠ 8♠"},
                    elder_vole(tricks=ELDER_VOLE["tricks"][:2], in_progress=True)),
}


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
