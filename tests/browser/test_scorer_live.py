"""A scorer's phone enters a hand card by card while a spectator's phone follows the table's
page, served by daphne with its live feed: the spectator's page changes without reloading."""
from playwright.sync_api import expect

from testbed.daphne import manage
from tests.browser.kit import TRICKS, deal, play

PASSWORD = "a long steward password"


def test_a_spectator_follows_each_trick_without_reloading(daphne, chromium):
    """The scorer is the `daphne` fixture's staff member, `secretary`, given a password."""
    manage(daphne.env, "shell", "-c", "from django.contrib.auth.models import User; "
           f"u = User.objects.get(username='secretary'); u.set_password({PASSWORD!r}); u.save()")
    ids = [daphne.player(name) for name in ("Athos", "Porthos", "Aramis")]
    table = daphne.api("/tables", {"name": "Table 1", "format": "pool", "players": ids,
                                   "first_dealer": ids[1]})
    phones = [chromium.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True) for _ in range(2)]
    spectator, scorer = (context.new_page() for context in phones)
    base = f"http://{daphne.address}"
    spectator.goto(f"{base}/tables/{table['id']}/")
    expect(spectator.locator(".live-state")).to_have_attribute("data-state", "live")
    spectator.evaluate("window.notReloaded = true")

    scorer.goto(f"{base}/login/?next=/tables/{table['id']}/score/")
    scorer.get_by_label("Username").fill("secretary")
    scorer.get_by_label("Password").fill(PASSWORD)
    scorer.get_by_role("button", name="Log in").click()
    deal(scorer)
    expect(spectator.locator("[data-live]")).to_contain_text("being played")
    for number, (led, followed) in enumerate(TRICKS, 1):
        seq = spectator.evaluate("document.querySelector('[data-live]').dataset.seq || ''")
        play(scorer, "leader", led)
        play(scorer, "follower", followed)
        expect(scorer.locator(".messages")).to_contain_text(f"Trick {number} entered.")
        if seq:
            expect(spectator.locator("[data-live]")).not_to_have_attribute("data-seq", seq)
    scorer.get_by_role("button", name="Finish hand 1").tap()
    expect(spectator.locator("[data-live] .score").first).to_contain_text("2")
    assert spectator.evaluate("window.notReloaded") is True
    for context in phones:
        context.close()
