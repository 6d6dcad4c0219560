"""A table's page on a phone, as Chromium draws it from a real daphne: the first load until
the page is live, and a trick entered through the API until a spectator's page shows it.

    .venv/bin/python -m bench.page

It starts daphne on its own migrated SQLite file in /tmp (testbed/daphne.py, the laptop's
settings: WhiteNoise serves the static files), opens pools and starts a hand in progress on
each, then drives Debian's chromium (CHROMIUM, default /usr/bin/chromium) at a phone's size,
390x844:
- the first load of /tables/<id>/, in a fresh browser context each run: from the navigation's
  start to the load event, to the live badge saying live, and to the snapshot of the live feed
  drawn (the page first draws the snapshot it carries, then the feed's);
- a trick entered (POST /api/hands/{id}/tricks) while a spectator's page follows the table:
  from the moment before the POST is sent to the page having drawn the new `seq`.
The page records its own moments (a MutationObserver, on the page's clock; the trick's on the
wall clock both share). Medians of the runs. The yardstick, in the same run and the same
browser: an empty page served by a plain Python HTTP server in this process, from the
navigation's start to its load event; and the plain loop of bench/yardstick. It asserts
nothing.
"""
import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from bench import yardstick
from testbed.daphne import LIMIT, Daphne
from testbed.in_page import waited
from testbed.records import ELDER_VOLE, elder_vole

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
# The page's own record of its moments, in milliseconds: since the navigation started (live,
# drawn) and on the wall clock (seqs, for the trick).
WATCH = """
window.__bench = {live: null, drawn: [], seqs: []};
new MutationObserver(function (records) {
  var now = performance.now(), b = window.__bench;
  records.forEach(function (r) {
    var t = r.target;
    if (r.type === "attributes" && r.attributeName === "data-state"
        && t.getAttribute("data-state") === "live" && b.live === null) b.live = now;
    if (r.type === "attributes" && r.attributeName === "data-seq")
      b.seqs.push({seq: Number(t.getAttribute("data-seq")), at: performance.timeOrigin + now});
    if (r.type === "childList" && t.hasAttribute && t.hasAttribute("data-live-body")
        && Array.prototype.some.call(r.addedNodes, function (n) {
          return n.nodeType === 1 && n.nodeName !== "NOSCRIPT"; })) b.drawn.push(now);
  });
}).observe(document, {subtree: true, childList: true, attributes: true,
                      attributeFilter: ["data-state", "data-seq"]});
"""
LOADED = "performance.getEntriesByType('navigation')[0].loadEventStart"


class Empty(BaseHTTPRequestHandler):
    def do_GET(self):
        body = b"<!doctype html><title>empty</title><p>empty</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def first_load(browser, url: str) -> tuple[float, float, float]:
    """(load event, live badge, the feed's snapshot drawn), in ms from the navigation's start,
    of `url` in a fresh context."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.add_init_script(WATCH)
        page.goto(url, wait_until="load")
        # The first drawing is of the snapshot the page carries; the second, the feed's.
        waited(page, "() => window.__bench.live !== null && window.__bench.drawn.length >= 2",
               timeout=LIMIT * 1000)
        loaded, live, drawn = page.evaluate(
            f"[{LOADED}, window.__bench.live, window.__bench.drawn[1]]")
        return loaded, live, drawn
    finally:
        context.close()


def empty_load(browser, url: str) -> float:
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(url, wait_until="load")
        waited(page, f"() => {LOADED} > 0")
        return page.evaluate(LOADED)
    finally:
        context.close()


def trick_shown(server: Daphne, page, hand_id: int, number: int) -> float:
    """Ms from the moment before the trick's POST to the spectator's page drawing its seq."""
    start = time.time() * 1000
    seq = server.api(f"/hands/{hand_id}/tricks",
                     {"trick": ELDER_VOLE["tricks"][number - 1], "number": number})["table"]["seq"]
    waited(page, f"() => window.__bench.seqs.some(s => s.seq >= {seq})", timeout=LIMIT * 1000)
    shown = page.evaluate(f"window.__bench.seqs.find(s => s.seq >= {seq}).at")
    return shown - start


def median(values) -> str:
    return f"{statistics.median(values):6.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        sys.exit(f"no chromium at {CHROMIUM} (apt-get install chromium, or set CHROMIUM)")
    from playwright.sync_api import sync_playwright

    os.environ.pop("REDIS_URL", None)  # the embedded default: the in-memory channel layer
    yardstick.show()
    empty_server = ThreadingHTTPServer(("127.0.0.1", 0), Empty)
    threading.Thread(target=empty_server.serve_forever, daemon=True).start()
    empty_url = f"http://127.0.0.1:{empty_server.server_address[1]}/"
    with tempfile.TemporaryDirectory() as home, Daphne.on_sqlite(Path(home)) as server:
        ids = [server.api("/players", {"name": name})["id"]
               for name in ("Athos", "Porthos", "Aramis")]
        # Five tricks to a hand, a hand in progress to a pool: a pool for every five runs.
        pools = [server.api("/tables", {"name": f"Table {n + 1}", "format": "pool",
                                        "players": ids, "first_dealer": ids[1]})
                 for n in range((args.runs + 4) // 5)]
        hands = [server.api(f"/tables/{pool['id']}/hands",
                            {"record": elder_vole(tricks=[], in_progress=True)})["hand"]["id"]
                 for pool in pools]
        loads, lives, drawn, empties, tricks = [], [], [], [], []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            empty_load(browser, empty_url)  # the browser's first context, not counted
            for run in range(args.runs):
                empties.append(empty_load(browser, empty_url))
                url = f"http://{server.address}/tables/{pools[run // 5]['id']}/"
                loaded, live, snapshot = first_load(browser, url)
                loads.append(loaded)
                lives.append(live)
                drawn.append(snapshot)
            context = browser.new_context(**PHONE)
            for run in range(args.runs):
                if run % 5 == 0:
                    page = context.new_page()
                    page.add_init_script(WATCH)
                    page.goto(f"http://{server.address}/tables/{pools[run // 5]['id']}/")
                    waited(page, "() => window.__bench.live !== null", timeout=LIMIT * 1000)
                tricks.append(trick_shown(server, page, hands[run // 5], run % 5 + 1))
            context.close()
            browser.close()
    empty_server.shutdown()
    print(f"a table's page at 390x844, medians of {args.runs} runs")
    print(f"first load, navigation to load event              : {median(loads)}")
    print(f"first load, navigation to the badge live           : {median(lives)}")
    print(f"first load, navigation to the feed's snapshot drawn: {median(drawn)}")
    print(f"a trick posted to a spectator's page drawn         : {median(tricks)}")
    print(f"yardstick: an empty page, navigation to load event : {median(empties)}")


if __name__ == "__main__":
    main()
