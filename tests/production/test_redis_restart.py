"""Redis restarts in the middle of an evening (here a redis-server of the test's own, which
keeps nothing on disk). The database is the truth: every hand posted while Redis is down or
after it is back is kept. The channel groups were in Redis and are gone with it; the live
feeds recover by themselves (games/live/consumers.py): a socket that stayed open joins its
group again and sends the snapshot it missed, and a spectator that connects afterwards follows
the table as before; so does a table's page (live.js), without being reloaded."""
import pytest
from playwright.sync_api import expect

from testbed.daphne import LIMIT
from tests.browser.conftest import chromium, spectator  # noqa: F401  (a phone's page)
from tests.browser.kit import open_chromium
from tests.production.kit import RedisServer, Spectator, open_pool, post_hand, production

pytestmark = [production, pytest.mark.skipif(not RedisServer.available(),
                                             reason="restarting Redis takes a redis-server")]


@pytest.fixture(scope="module")
def launched():
    """Chromium for this module only: the tests after it find no browser loop left open."""
    with open_chromium() as browser:
        yield browser


def test_no_hand_is_lost_and_the_feeds_recover_when_redis_restarts(own_redis,
                                                                   workers_on_own_redis):
    a, b = workers_on_own_redis
    table = open_pool(a)
    tid = table["id"]
    with Spectator(tid, b) as staying, Spectator(tid, a) as beside:
        before = post_hand(a, tid, 1)["table"]["seq"]
        for spectator in (staying, beside):
            spectator.follow_until(before)

        own_redis.stop()
        during = [post_hand(a, tid, 2)]
        own_redis.start()
        after = [post_hand(b, tid, 3), post_hand(a, tid, 4)]
        last = after[-1]["table"]["seq"]
        with Spectator(tid, b) as late:
            for spectator in (staying, beside, late):
                spectator.follow_until(last)
            post_hand(a, tid, 5)
            for spectator in (staying, beside, late):
                spectator.follow_until(last + 1)

    truth = a.api(f"/tables/{tid}")
    events = a.api(f"/tables/{tid}/events")["events"]
    assert [event["change"].get("hand") for event in events] == [None, 1, 2, 3, 4, 5]
    assert [answer["hand"]["number"] for answer in during + after] == [2, 3, 4]
    assert staying.connections == 1  # it stayed open all along
    assert staying.table == beside.table == late.table == truth


def test_a_feed_that_stays_open_hears_again_when_redis_forgets_its_group(own_redis,
                                                                       workers_on_own_redis):
    """Redis may also lose the groups and keep the connections (flushed, or a member expired
    after a day): no socket fails, and only the re-join brings the feed back."""
    a, b = workers_on_own_redis
    tid = open_pool(a)["id"]
    with Spectator(tid, b) as staying:
        staying.follow_until(post_hand(a, tid, 1)["table"]["seq"])
        assert own_redis.command(b"FLUSHALL").startswith(b"+OK")
        last = post_hand(a, tid, 2)["table"]["seq"]
        staying.follow_until(last)

    assert staying.connections == 1
    assert staying.table == a.api(f"/tables/{tid}")


def test_a_tables_page_shows_the_hand_posted_while_redis_was_down(own_redis,
                                                                 workers_on_own_redis,
                                                                 spectator):  # noqa: F811
    a, b = workers_on_own_redis
    tid = open_pool(a)["id"]
    spectator.goto(f"http://{b.address}/tables/{tid}/")
    section = spectator.locator("[data-live]")
    expect(spectator.locator(".live-state")).to_have_attribute("data-state", "live",
                                                               timeout=LIMIT * 1000)
    spectator.evaluate("window.notReloaded = true")

    own_redis.stop()
    seq = post_hand(a, tid, 1)["table"]["seq"]
    own_redis.start()

    expect(section).to_have_attribute("data-seq", str(seq), timeout=LIMIT * 1000)
    expect(spectator.locator(".last-hands li")).to_have_count(1)
    assert spectator.evaluate("window.notReloaded === true")
