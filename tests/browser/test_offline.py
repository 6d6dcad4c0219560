"""The scorer's phone when the club's Wi-Fi drops (games/static/games/outbox.js): hands entered
offline, as a summary or card by card, are kept on the phone and shown as not yet sent; when
the network is back they go once each, in order, without the scorer doing anything. A page
reloaded offline (the service worker, on localhost as over https) still has them; over plain
http (no service worker) the open page keeps them. A hand another phone entered meanwhile is
refused at its place, and the scorer drops it; nothing else is lost."""
import pytest
from playwright.sync_api import expect

from games.models import Hand, Table
from games.services.hands import record_hand
from testbed.in_page import waited
from testbed.records import EXCHANGED
from tests.browser.conftest import PHONE
from tests.browser.kit import (
    CHROMIUM,
    DEALER,
    ELDER,
    STEWARD_PASSWORD,
    TRICKS,
    WAIT,
    axe_findings,
    new_steward,
    play,
    scoring,
    shot,
)
from tests.games.kit import pool

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(django_user_model):
    return pool(new_steward(django_user_model))


def summary(page, split: str) -> None:
    """A hand in three taps: the elder played without proposing, no king, the tricks."""
    form = page.locator("#summary-form")
    form.get_by_text("played without proposing").tap()
    form.get_by_text("no king").tap()
    form.get_by_role("button", name=split).tap()


def whole_hand(page) -> None:
    """A hand card by card, offline: the deal, then its five tricks in the same form."""
    page.get_by_text("Card by card").tap()
    form = page.locator("#deal-form")
    for card in [*ELDER, *DEALER, "8D"]:
        form.locator(f'[data-card="{card}"]').tap()
    expect(form.locator("#f-elder")).to_have_value("K♠ Q♠ A♠ J♦ Q♦")
    form.get_by_text("played without proposing").tap()
    expect(form.locator("[data-offline-part]")).to_be_visible()
    for number, trick in enumerate(TRICKS):
        form.locator(f"#f-trick{number}").tap()
        for card in trick:
            form.locator(f'[data-card="{card}"]').tap()
    form.get_by_role("button", name="Record the deal").tap()


def three_hands_offline(page) -> None:
    page.context.set_offline(True)
    expect(page.locator("[data-outbox-status]")).to_contain_text("Offline")
    summary(page, "Athos 5, Porthos 0, the vole")
    kept = page.locator("[data-outbox-list] li")
    expect(kept).to_have_count(1)
    expect(kept.first).to_contain_text("Hand 1")
    expect(kept.first).to_contain_text("not yet sent")
    expect(page.locator("#next-title")).to_have_text("Hand 2")
    # At 0-0 to 5 hand 1 cannot end the game: the club said who plays hand 2, the deal passed.
    expect(page.locator("#summary-form")).to_contain_text("announced by Porthos, elder")
    summary(page, "Porthos 3, Athos 2")
    # Who plays hand 3 is the club's to say: the forms name the seats only.
    expect(page.locator("[data-next-hand]")).not_to_contain_text("Athos", use_inner_text=True)
    expect(page.locator("#summary-form")).to_contain_text("announced by the elder")
    whole_hand(page)
    expect(kept).to_have_count(3)
    expect(kept.nth(2)).to_contain_text("Hand 3 · card by card · not yet sent")
    expect(page.locator("[data-outbox-status]")).to_contain_text("Waiting to be sent: 3")
    assert Hand.objects.count() == 0


def done(page) -> None:
    """The test's phone put away once it is quiet: no request left for the club."""
    page.wait_for_load_state("networkidle")
    page.context.close()


def waiting_told(page, table, count: int) -> None:
    """Waits until the club was told that `count` hands wait on the phone."""
    for _ in range(100):
        if Table.objects.get(pk=table.pk).waiting_hands == count:
            return
        page.wait_for_timeout(100)
    assert Table.objects.get(pk=table.pk).waiting_hands == count


def arrived(table) -> list[tuple]:
    return [(h.number, "deal" in h.record, h.idempotency_key is not None)
            for h in Hand.objects.filter(table=table).order_by("number")]


def test_three_hands_offline_reloaded_then_sent_once_in_order(live_server, table, browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    scoring(page, live_server.url, table)
    # Opened once with the network: the service worker keeps the page that registered it.
    waited(page, """() => caches.open("ecarte-pages")
        .then(cache => cache.match(location.href, {ignoreVary: true})).then(Boolean)""")
    three_hands_offline(page)
    shot(page, "offline-three-hands")

    page.reload()  # still offline: the service worker's copy, the hands from the phone
    expect(page.locator("[data-outbox-list] li")).to_have_count(3)
    expect(page.locator("#next-title")).to_have_text("Hand 4")
    assert Hand.objects.count() == 0

    page.context.set_offline(False)
    expect(page.locator("[data-outbox-list] li")).to_have_count(0, timeout=WAIT)
    assert arrived(table) == [(1, False, True), (2, False, True), (3, True, True)]
    votes = Hand.objects.get(table=table, number=3)
    assert votes.record["tricks"] == TRICKS and not votes.result.get("in_progress")

    page.goto(f"{live_server.url}/tables/{table.pk}/history/")
    for number in (1, 2, 3):
        expect(page.get_by_text(f"Hand {number}").first).to_be_visible()
    done(page)


@pytest.fixture
def club_on_the_lan(live_server, browser, settings):
    """The club as the phones reach the laptop over its Wi-Fi: a name that is not localhost,
    on plain http, where the browser allows no service worker (not a secure context)."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "club.test"]
    lan = browser.browser_type.launch(
        executable_path=CHROMIUM, args=["--no-sandbox", "--host-resolver-rules=MAP club.test "
                                        "127.0.0.1"])
    yield lan, live_server.url.replace("localhost", "club.test")
    lan.close()


def test_over_plain_http_the_open_page_keeps_them_and_sends_them(club_on_the_lan, table):
    lan, url = club_on_the_lan
    page = lan.new_context(**PHONE).new_page()
    scoring(page, url, table)
    assert page.evaluate("window.isSecureContext") is False
    three_hands_offline(page)

    page.context.set_offline(False)
    expect(page.locator("[data-outbox-list] li")).to_have_count(0, timeout=WAIT)
    assert arrived(table) == [(1, False, True), (2, False, True), (3, True, True)]
    expect(page.locator(".messages")).to_contain_text("Hand 3 recorded.", timeout=WAIT)
    done(page)


def test_a_hand_another_phone_entered_first_is_refused_at_its_place(live_server, table, browser):
    first = browser.new_context(**PHONE, service_workers="block").new_page()
    other = browser.new_context(**PHONE, service_workers="block").new_page()
    scoring(first, live_server.url, table)
    scoring(other, live_server.url, table)
    first.context.set_offline(True)
    summary(first, "Athos 5, Porthos 0, the vole")
    summary(first, "Porthos 3, Athos 2")
    summary(other, "Athos 4, Porthos 1")  # the other phone enters hand 1 meanwhile
    expect(other.locator(".messages")).to_contain_text("Hand 1 recorded.", timeout=WAIT)

    first.context.set_offline(False)
    refused = first.locator("[data-outbox-list] li").first
    expect(refused).to_contain_text("Another phone entered hand 1 first", timeout=WAIT)
    expect(refused).to_contain_text("not recorded")
    expect(first.locator("[data-outbox-list] li")).to_have_count(2)  # the second waits behind
    shot(first, "offline-refused")
    assert axe_findings(first, "a hand refused on arrival") == []
    assert arrived(table) == [(1, False, True)]
    waiting_told(first, table, 2)  # the spectators' "2 hands on their way"

    first.once("dialog", lambda dialog: dialog.accept())
    refused.get_by_role("button", name="Drop it").tap()

    expect(first.locator("[data-outbox-list] li")).to_have_count(0, timeout=WAIT)
    hands = list(Hand.objects.filter(table=table).order_by("number"))
    assert [h.record["summary"]["tricks"] for h in hands] == [
        {"elder": 4, "dealer": 1}, {"elder": 3, "dealer": 2}]
    waiting_told(first, table, 0)
    done(first)
    done(other)


def test_a_phone_logged_out_meanwhile_keeps_its_hand_until_it_logs_in(live_server, table,
                                                                      browser):
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    scoring(page, live_server.url, table)
    context.set_offline(True)
    summary(page, "Athos 5, Porthos 0, the vole")
    context.clear_cookies()  # logged out meanwhile: the session is gone
    context.set_offline(False)

    held = page.locator("[data-outbox-list] li").first
    expect(held).to_contain_text("log in again", timeout=WAIT)
    assert Hand.objects.count() == 0
    held.get_by_role("link", name="Log in").tap()
    page.get_by_label("Username").fill("steward")
    page.get_by_label("Password").fill(STEWARD_PASSWORD)
    page.get_by_role("button", name="Log in").click()

    page.wait_for_url(f"**/tables/{table.pk}/score/")
    # the page, drawn afresh, sends what the phone kept, then draws itself again
    expect(page.locator(".messages")).to_contain_text("Hand 1 recorded.", timeout=WAIT)
    expect(page.locator("[data-outbox-list] li")).to_have_count(0)
    assert arrived(table) == [(1, False, True)]
    done(page)


def test_a_hand_played_trick_by_trick_goes_on_offline(live_server, table, browser):
    """The network drops after the first trick: the phone plays the rest from the hand as the
    engine read it (who takes each trick, hence who leads the next), finishes it and enters the
    next hand; all of it goes, in order, when the network is back."""
    record_hand(table_id=table.pk, by=table.opened_by, record={
        "deal": EXCHANGED["deal"], "exchanges": EXCHANGED["exchanges"], "in_progress": True})
    page = browser.new_context(**PHONE, service_workers="block").new_page()
    scoring(page, live_server.url, table)
    play(page, "leader", "KS")
    play(page, "follower", "7S")
    expect(page.locator(".messages")).to_contain_text("Trick 1 entered.", timeout=WAIT)

    page.context.set_offline(True)
    for number, (led, followed) in enumerate(EXCHANGED["tricks"][1:], 2):
        expect(page.locator("#play-title")).to_have_text(f"Hand 1, trick {number}")
        if number == 4:  # the dealer trumped the ace of spades: he leads the nine of hearts
            expect(page.locator("[data-side=leader] legend")).to_have_text(
                "Porthos (dealer) leads")
        play(page, "leader", led)
        play(page, "follower", followed)
    expect(page.locator("#play-title")).to_have_text("Hand 1: the five tricks are in")
    expect(page.locator(".tricks-so-far li")).to_have_count(5)
    page.get_by_role("button", name="Finish hand 1").tap()
    expect(page.locator("#next-title")).to_have_text("Hand 2")
    summary(page, "Porthos 3, Athos 2")  # at 0-0 hand 1 could not end the game
    expect(page.locator("[data-outbox-list] li")).to_have_count(6)
    shot(page, "offline-tricks")
    assert Hand.objects.get().record["tricks"] == [["KS", "7S"]]

    page.context.set_offline(False)
    expect(page.locator("[data-outbox-list] li")).to_have_count(0, timeout=WAIT)
    first, second = Hand.objects.filter(table=table).order_by("number")
    assert first.record["tricks"] == EXCHANGED["tricks"]
    assert not first.result.get("in_progress")
    assert second.record["summary"]["tricks"] == {"elder": 3, "dealer": 2}
    done(page)


def test_offline_in_french(live_server, table, browser):
    page = browser.new_context(**PHONE, locale="fr-FR", service_workers="block").new_page()
    page.goto(f"{live_server.url}/login/?next=/tables/{table.pk}/score/")
    page.locator("#id_username").fill("steward")
    page.locator("#id_password").fill(STEWARD_PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**/tables/{table.pk}/score/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.context.set_offline(True)
    form = page.locator("#summary-form")
    form.locator("label:has(input[name=opening][value=played])").tap()
    form.locator("[name=elder_tricks][value='4']").tap()

    expect(page.locator("[data-outbox-status]")).to_contain_text(
        "Hors ligne : ce que vous saisissez est gardé sur ce téléphone")
    expect(page.locator("[data-outbox-status]")).to_contain_text("En attente d'envoi : 1.")
    expect(page.locator("[data-outbox-list] li").first).to_contain_text(
        "Coup 1 · Athos 4, Porthos 1 · à envoyer")
    expect(page.locator("#next-title")).to_have_text("Coup 2")
    expect(page.locator("#summary-form")).to_contain_text("annoncé par Porthos, premier en main")
    assert axe_findings(page, "offline, in French") == []
    shot(page, "offline-fr")

    page.context.set_offline(False)
    expect(page.locator("[data-outbox-list] li")).to_have_count(0, timeout=WAIT)
    assert arrived(table) == [(1, False, True)]
    done(page)
