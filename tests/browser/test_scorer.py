"""The scorer's view on a 360 px phone, by touch: a summary in three taps, a whole hand card by
card with the score following, an illegal card refused with the rule beside it, and a
correction in the hand's history. Screenshots go to tests/artifacts/ (not committed)."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.kit import TRICKS, deal, new_steward, play, scoring, shot
from tests.games.kit import pool

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(django_user_model):
    return pool(new_steward(django_user_model))


def test_a_summary_in_three_taps(live_server, table, small):
    scoring(small, live_server.url, table)
    form = small.locator("#summary-form")
    expect(small.locator(".roles:visible")).to_contain_text("Athos is elder")
    shot(small, "scorer-summary")

    form.get_by_text("played without proposing").tap()
    form.get_by_text("no king").tap()
    form.get_by_role("button", name="Athos 5, Porthos 0, the vole").tap()

    expect(small.locator(".messages")).to_contain_text("Hand 1 recorded.")
    expect(small.locator("[data-live] .score").first).to_contain_text("2")
    expect(small.locator("#summary-form input[name=number]")).to_have_value("2")
    shot(small, "scorer-summary-recorded")


def test_a_whole_hand_card_by_card(live_server, table, small):
    scoring(small, live_server.url, table)
    deal(small)
    shot(small, "scorer-trick-1")

    for number, (led, followed) in enumerate(TRICKS, 1):
        play(small, "leader", led)
        play(small, "follower", followed)  # the second tap posts the trick
        expect(small.locator(".messages")).to_contain_text(f"Trick {number} entered.")
        if number == 2:
            small.get_by_role("button", name="Undo trick 2").tap()
            expect(small.get_by_role("heading", name="Hand 1, trick 2")).to_be_visible()
            play(small, "leader", led)
            play(small, "follower", followed)
            expect(small.get_by_role("heading", name="Hand 1, trick 3")).to_be_visible()
    shot(small, "scorer-five-tricks")
    small.get_by_role("button", name="Finish hand 1").tap()

    expect(small.locator(".messages")).to_contain_text("Hand 1 finished and scored.")
    expect(small.locator("[data-live] .score").first).to_contain_text("2")
    expect(small.locator(".analysis")).to_contain_text("the elder takes 5 tricks")
    shot(small, "scorer-finished")


def test_an_illegal_card_is_refused_beside_it(live_server, table, small):
    scoring(small, live_server.url, table)
    deal(small)

    play(small, "leader", "KS")
    play(small, "follower", "9H")

    error = small.locator("#follower-error")
    expect(error).to_contain_text("a player must follow suit")
    expect(error).to_contain_text("dealer holds 7♠ and must follow spades")
    expect(small.locator(".at-fault")).to_have_text("9♥")
    expect(small.get_by_role("heading", name="Hand 1, trick 1")).to_be_visible()
    shot(small, "scorer-illegal-card")


def test_a_correction_in_the_history(live_server, table, small):
    scoring(small, live_server.url, table)
    form = small.locator("#summary-form")
    form.get_by_text("exchanged").tap()
    form.get_by_role("button", name="Athos 3, Porthos 2").tap()
    expect(small.locator(".messages")).to_contain_text("Hand 1 recorded.")

    small.get_by_role("link", name="correct").first.tap()
    form = small.locator("#summary-form")
    expect(form.locator("input[value=exchanged]")).to_be_checked()
    form.get_by_role("button", name="Athos 1, Porthos 4").tap()

    expect(small.locator(".messages")).to_contain_text("Hand 1 is now version 2.")
    versions = small.locator(".versions > li")
    expect(versions).to_have_count(2)
    expect(versions.first).to_contain_text(re.compile(r"Version 2.*current"))
    expect(versions.first).to_contain_text("tricks elder 1, dealer 4")
    expect(versions.last).to_contain_text("tricks elder 3, dealer 2")
    shot(small, "scorer-history")


def test_a_false_king_through_the_disclosure(live_server, table, small):
    scoring(small, live_server.url, table)
    form = small.locator("#summary-form")
    disclosure = form.locator("details.irregular")
    expect(disclosure).not_to_have_attribute("open", "")  # three taps stay three taps

    form.get_by_text("exchanged").tap()
    disclosure.locator("summary").tap()
    form.get_by_label("False king (faux roi) by").select_option(label="Athos, elder")
    shot(small, "scorer-irregularities")
    form.get_by_role("button", name="Athos 5, Porthos 0, the vole").tap()

    expect(small.locator(".messages")).to_contain_text("Hand 1 recorded.")
    # A vole won after a false king marks only 1, and no king point (docs/rules.md, 8).
    # The line says so: the point marked, and the vole the penalty took.
    expect(small.locator(".hands li").first).to_contain_text(
        "Athos +1 point · a false king by Athos: no mark for the king · the penalty: Athos "
        "does not mark +1 vole")
    expect(small.locator("[data-live] .score").first).to_contain_text("1")
