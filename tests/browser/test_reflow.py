"""Everyone can read it (WCAG 2.2's reflow, and the projector read across a room), looked at in
a real evening served by daphne, with long names (d'Artagnan, Constance Bonacieux).

At 320 CSS px wide (a phone at 200 % zoom), in English and in French, every page of the club,
the spectator's, the member's and the table's scorer's: nothing scrolls sideways, no word of a
name is broken across lines, no name is cut (by an ellipsis, a box too narrow, or a chart);
on the scorer's page the split buttons sit in whole rows, each on one line, and the sticky pack
of cards takes at most a third of the screen, 800 px tall or a small phone's 568.

On the projector at 1920×1080 (every table, several at once, and one table alone): no text is
drawn under 24 px, and no name is cut. Screenshots go to tests/artifacts/reflow/."""
import json
import random
import re

import pytest
from playwright.sync_api import expect

from testbed.daphne import manage
from testbed.in_page import waited
from testbed.records import legal_record
from tests.browser.kit import ARTIFACTS, WAIT, axe_findings
from tests.browser.kit import picture as kit_picture
from tests.games.kit import summary

PASSWORD = "a long secretary password"
NAMES = ["d'Artagnan", "Constance Bonacieux", "Athos", "Porthos", "Aramis",
         "Monsieur de Tréville"]
NARROW = {"viewport": {"width": 320, "height": 800}, "is_mobile": True, "has_touch": True,
          "device_scale_factor": 1}
PROJECTOR = {"viewport": {"width": 1920, "height": 1080}}
LOCALES = {"en": "en-GB", "fr": "fr-FR"}

# Whether an element is drawn for the eye: laid out, and not clipped to a pixel (as what is read
# aloud only is).
SEEN = """const seen = el => {
  for (let e = el; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (style.clipPath !== "none" || (style.clip && style.clip !== "auto")) return false;
  }
  return Array.from(el.getClientRects()).some(box => box.width > 1);
};
const where = node => {  // "span.place.name"
  const el = node.nodeType === 1 ? node : node.parentElement;
  return el.tagName.toLowerCase() + (typeof el.className === "string" && el.className.trim()
    ? "." + el.className.trim().split(/\\s+/).join(".") : "");
};
"""

# What a reader finds wrong on the page as it is drawn, one line each: the page scrolls sideways
# (and the innermost boxes that stick out), a word of one of the NAMES on two lines, a name cut
# by its box, a chart's label past the chart's edge or cut short with an ellipsis.
UNREADABLE = "names => {" + SEEN + """
  const found = [], root = document.documentElement, width = root.clientWidth;
  if (root.scrollWidth > width) {
    const out = el => el.getBoundingClientRect().right > width + 0.5 && seen(el);
    const wide = Array.from(document.body.querySelectorAll("*")).filter(
      el => out(el) && !Array.from(el.children).some(out)).slice(0, 3).map(where);
    found.push(`scrolls sideways: ${root.scrollWidth} px at ${width} (${wide.join(", ")})`);
  }
  const words = names.flatMap(name => name.split(" "));
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    if (!words.some(word => text.includes(word)) || !seen(node.parentElement)) continue;
    for (const word of words) {
      for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const lines = new Set(Array.from(range.getClientRects())
          .filter(box => box.width > 0).map(box => Math.round(box.top)));
        if (lines.size > 1) found.push(`${word} broken on ${lines.size} lines in ${where(node)}`);
      }
    }
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (!names.some(name => el.textContent.includes(name)) || !seen(el)) continue;
    if (["hidden", "clip"].includes(getComputedStyle(el).overflowX)
        && el.scrollWidth > el.clientWidth + 1) {
      found.push(`a name cut in ${where(el)}: "${el.textContent.trim().slice(0, 60)}"`);
    }
  }
  for (const label of document.querySelectorAll("svg text")) {
    const svg = label.closest("svg").getBoundingClientRect(), box = label.getBoundingClientRect();
    if (box.width && (box.left < svg.left - 1 || box.right > svg.right + 1)) {
      found.push(`"${label.textContent}" cut at the edge of its chart`);
    } else if (box.width && label.textContent.endsWith("\u2026")) {
      found.push(`"${label.textContent}" cut short in its chart`);
    }
  }
  return found;
}"""

# The text drawn under LEAST px: "17px: Trumps (span.label)", one line each.
SMALL_TEXT = "least => {" + SEEN + """
  const found = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement, text = node.textContent.trim();
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (text && size < least && seen(el)) {
      found.add(`${size}px: ${text.slice(0, 40)} (${where(el)})`);
    }
  }
  return Array.from(found);
}"""

# The scorer's split buttons, and à trois each player's taps 0 to 5: how many sit on each row of
# each group, and any whose figures ("5 – 0") or vole take more than one line.
SPLITS = """() => {
  const lines = node => new Set(Array.from(node.getClientRects()).filter(box => box.width > 0)
    .map(box => Math.round(box.top))).size;
  const groups = [], broken = [], range = document.createRange();
  for (const group of document.querySelectorAll("fieldset.splits, .count-row")) {
    const rows = new Map();
    for (const tap of group.querySelectorAll("button.split:not(.quiet), label.tap")) {
      const top = Math.round(tap.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) || 0) + 1);
      for (const part of tap.querySelectorAll("span, small")) {
        range.selectNodeContents(part);
        if (lines(range) > 1) broken.push(part.textContent);
      }
    }
    groups.push(Array.from(rows.values()));
  }
  return {groups: groups, broken: broken};
}"""

# The projector's screen as it stands, once its label names the page ARG.page of its tables (at
# once when it has one page): how many tables it shows, the text under 24 px, and UNREADABLE's.
ON_THE_PROJECTOR = """arg => {
  const label = document.querySelector("[data-page-label]");
  if (label && !label.hidden && Number(label.textContent.match(/\\d+/)[0]) !== arg.page) {
    return null;
  }
  const tables = Array.from(document.querySelectorAll("[data-live]"))
    .filter(table => table.getClientRects().length).length;
  return {tables: tables, small: (SMALL_TEXT)(24), unreadable: (UNREADABLE)(arg.names)};
}""".replace("SMALL_TEXT", SMALL_TEXT).replace("UNREADABLE", UNREADABLE)


def picture(page, name: str, whole: bool = True) -> None:
    """The page (the whole page if WHOLE, else the screen) in tests/artifacts/reflow/NAME.png."""
    kit_picture(page, ARTIFACTS / "reflow" / f"{re.sub(r'[^a-z0-9x-]+', '-', name)}.png",
                full_page=whole)


@pytest.fixture(scope="module")
def evening(daphne) -> dict:
    """Tonight's tables, through daphne's API: the pool "Table de la Reine" (d'Artagnan,
    Constance Bonacieux and Athos, the French gallery: Porthos and Aramis back Constance), three
    hands entered and the fourth being played card by card; a pool yet to start, with Porthos's
    offer on Constance; a rubber of Constance Bonacieux and d'Artagnan with hands entered in
    summary; a table à trois and one à quatre; a won pool with stakes, for the settle-up. The
    secretary plays as Monsieur de Tréville, and logs in with PASSWORD. The pages by name."""
    tokens = json.loads(manage(
        daphne.env, "shell", "-v", "0", "-c", "import json\n"
        "from django.contrib.auth.models import User\nfrom club.models import ApiToken\n"
        "u = User.objects.get(username='secretary')\n"
        f"u.set_password({PASSWORD!r}); u.save()\n"
        "print(json.dumps({name: ApiToken.objects.create(user=User.objects.create_user(name)).key"
        " for name in ('porthos', 'aramis')}))"))
    logins = {"Porthos": "porthos", "Aramis": "aramis", "Monsieur de Tréville": "secretary"}
    ids = {name: daphne.player(name, **({"user": logins[name]} if name in logins else {}))
           for name in NAMES}
    dart, constance, athos, porthos, aramis, _ = (ids[name] for name in NAMES)

    def opened(name, form, seated, **fields):
        return daphne.api("/tables", {"name": name, "format": form, "players": seated,
                                      "first_dealer": seated[0], **fields})

    def post(table, record):
        return daphne.api(f"/tables/{table['id']}/hands", {"record": record})["table"]

    won = opened("Salon", "pool", [constance, dart, athos], rules={"pool_entry": "5.00"})
    for _ in range(40):
        if won["status"] != "playing":
            break
        won = post(won, summary(5 if won["seats"]["elder"] == dart else 0))
    assert won["status"] == "won"

    pool = opened("Table de la Reine", "pool", [dart, constance, athos], wager_style="french")
    for bettor in ("porthos", "aramis"):
        daphne.api(f"/tables/{pool['id']}/wagers", {"on": constance, "stake": "10.00"},
                   token=tokens[bettor])
    for seed in (3, 8, 13):
        pool = post(pool, legal_record(random.Random(seed)))
    pool = post(pool, legal_record(random.Random(21), tricks_to_play=2))
    offers = opened("Offers", "pool", [dart, constance, athos], wager_style="english")
    daphne.api(f"/tables/{offers['id']}/wagers", {"on": constance, "stake": "10.00",
                                                  "odds": "5:2"}, token=tokens["porthos"])
    rubber = opened("Rubber", "rubber", [constance, dart])
    for elder_tricks in (3, 5, 1):
        rubber = post(rubber, summary(elder_tricks))
    trois = opened("À trois", "trois", [constance, dart, aramis])
    post(trois, {"format": "ecarte-trois/1", "summary": {
        "opening": "played", "king_turned": False,
        "tricks": {"elder": 1, "middle": 1, "dealer": 3}}})
    quatre = opened("À quatre", "quatre", [constance, athos, dart, porthos])
    post(quatre, {"format": "ecarte-quatre/1", "summary": {
        "opening": "exchanged", "king_turned": False,
        "tricks": {"elder_side": 3, "dealer_side": 2}}})
    night, season = club_night(daphne, ids)
    table = f"/tables/{pool['id']}"
    spectator = {
        "home": "/", "evening": "/tables/", "table": f"{table}/",
        "rubber": f"/tables/{rubber['id']}/",
        "trois": f"/tables/{trois['id']}/", "quatre": f"/tables/{quatre['id']}/",
        "won": f"/tables/{won['id']}/", "history": f"{table}/history/",
        "hand by hand": f"{table}/hand-by-hand/",
        "standings": "/standings", "member": f"/players/{constance}/", "rules": "/rules/",
        "projector": "/tv/", "table's projector": f"{table}/tv/", "login": "/login/",
        "404": "/no-such-page/", "night": "/night/", "night's projector": "/night/tv/",
        "night's door": "/night/door/", "night's results": f"/nights/{night}/results/",
        "night's sheets": f"/nights/{night}/sheets/", "seasons": "/seasons/",
        "season": f"/seasons/{season}/"}
    member = {
        "settle-up": "/settle-up/", "account": "/account/", "password": "/account/password/",
        "players": "/players/", "table, a member": f"{table}/",
        "offers, a member": f"/tables/{offers['id']}/", "score": f"{table}/score/",
        "hand history": f"{table}/hands/1/",
        "score rubber": f"/tables/{rubber['id']}/score/",
        "score trois": f"/tables/{trois['id']}/score/",
        "score quatre": f"/tables/{quatre['id']}/score/",
        "correct": f"{table}/hands/1/correct/",
        "correct rubber": f"/tables/{rubber['id']}/hands/1/correct/",
        "open table": "/tables/new/", "night, the director's desk": "/night/",
        "night's results, a member": f"/nights/{night}/results/",
        "night cards": f"/players/{ids['Monsieur de Tréville']}/"}
    return {"base": f"http://{daphne.address}", "spectator": spectator, "member": member,
            "pool": pool["id"]}


def club_night(daphne, ids: dict) -> tuple[int, int]:
    """Tonight's club night, with fees: three drawn at a pool that was abandoned, three at a
    pool in play, and the first three waiting again, shown as the next table; and a season.
    The night's and the season's ids."""
    night = daphne.api("/nights", {"name": "Vendredi des mousquetaires",
                                   "fees": {"member": "2.00", "guest": "5.00"}})["id"]
    drawn = []
    for three in (NAMES[:3], NAMES[3:]):
        for name in three:
            daphne.api(f"/nights/{night}/present", {"player": ids[name]})
        drawn += daphne.api(f"/nights/{night}/draw", {"format": "pool"})["tables"]
    daphne.api(f"/tables/{drawn[0]['id']}/abandon", {})
    today = daphne.api(f"/nights/{night}")["date"]
    season = daphne.api("/seasons", {"name": "Saison des mousquetaires", "first": today,
                                     "last": today, "minimum_nights": 1})["id"]
    return night, season


def narrow(chromium, language: str, height: int = 800, logged_in=None):
    """A page on a phone 320 CSS px wide and HEIGHT tall, reading LANGUAGE; with the
    cookies of the page LOGGED_IN."""
    context = chromium.new_context(**NARROW | {"viewport": {"width": 320, "height": height}},
                                   locale=LOCALES[language], storage_state=logged_in
                                   and logged_in.context.storage_state())
    context.set_default_timeout(WAIT)
    return context.new_page()


def log_in(page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.locator("input[name=username]").fill("secretary")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[name=password]").press("Enter")
    page.wait_for_url("**/account/")


def unreadable(page, base: str, pages: dict, language: str) -> list[str]:
    """What UNREADABLE and axe-core (kit.axe_findings) find on each of PAGES, every fold of its
    main part open."""
    found = []
    for name, path in pages.items():
        page.goto(f"{base}{path}")
        page.evaluate("document.querySelectorAll('main details').forEach(d => { d.open = true; })")
        picture(page, f"{name}-320-{language}")
        where = f"{name} [{language}] {path}"
        found += [f"{where}: {line}" for line in page.evaluate(UNREADABLE, NAMES)]
        found += axe_findings(page, where)
    return found


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_reads_at_320_px(evening, chromium, language):
    """The spectator's pages, then the member's and the scorer's, each with every fold of its
    main part open, and the site's menu open."""
    page = narrow(chromium, language)
    base = evening["base"]
    found = unreadable(page, base, evening["spectator"], language)
    log_in(page, base)
    found += unreadable(page, base, evening["member"], language)
    page.locator("header details.menu > summary").click()
    found += [f"the menu, open [{language}]: {line}" for line in page.evaluate(UNREADABLE, NAMES)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_scorers_splits_and_pack_at_320_px(evening, chromium, language):
    """The split buttons of a rubber's and a table à quatre's summary, and à trois each
    player's taps 0 to 5, sit in rows of as many each, each tap on one line. While a deal is
    entered card by card, the pack stuck to the foot of the screen takes at most a third of it,
    on the test's 800 px tall screen and on a small phone's, and leaves in view the place
    reached with the keyboard."""
    page = narrow(chromium, language)
    base = evening["base"]
    log_in(page, base)
    found = []
    for name in ("score rubber", "score trois", "score quatre", "correct rubber"):
        page.goto(f"{base}{evening['member'][name]}")
        splits = page.evaluate(SPLITS)
        assert splits["groups"], name
        found += [f"{name}: the taps in rows of {rows}" for rows in splits["groups"]
                  if len(set(rows)) > 1]
        found += [f"{name}: the tap {text!r} on more than one line" for text in splits["broken"]]
    for height in (800, 568):  # the test's screen, and a small phone's (an iPhone SE's)
        screen = narrow(chromium, language, height, logged_in=page)
        screen.goto(f"{base}{evening['member']['score rubber']}")
        screen.locator("#by-card > summary").click()
        place = screen.locator("#f-dealer")
        place.focus()
        pack = screen.locator("#deal-form .pack")
        expect(pack).to_be_in_viewport()
        picture(screen, f"pack-320x{height}-{language}", whole=False)
        box, field = pack.bounding_box(), place.bounding_box()
        if box["y"] + box["height"] > height + 1 or box["height"] > height / 3:
            found.append(f"the pack takes {box['height']:.0f} px of {height}, "
                         f"from {box['y']:.0f}")
        if field["y"] + field["height"] > box["y"]:
            found.append(f"the pack hides the place being filled, on a screen {height} px tall")
    assert not found, "\n".join(found)



@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_projector_at_1080p(evening, chromium, language):
    """Every table of the evening, several to a screen (the projector turns its pages every
    second), and one table alone: no text under 24 px, no name cut."""
    context = chromium.new_context(**PROJECTOR, locale=LOCALES[language])
    context.set_default_timeout(WAIT)
    page = context.new_page()
    base = evening["base"]
    found = []
    page.goto(f"{base}/tv/?every=1")
    expect(page.locator(".live-state").first).to_have_attribute("data-state", "live")
    label = page.locator("[data-page-label]")
    pages = int(label.inner_text().split()[-1]) if label.is_visible() else 1
    most = 0
    for number in range(1, pages + 1):
        screen = waited(page, ON_THE_PROJECTOR, arg={"page": number, "names": NAMES})
        most = max(most, screen["tables"])
        found += [f"projector, page {number}: {line}"
                  for line in screen["small"] + screen["unreadable"]]
        picture(page, f"projector-{number}-1080p-{language}", whole=False)
    assert most > 1, "no screen of the projector shows several tables"
    page.goto(f"{base}/tables/{evening['pool']}/tv/")
    expect(page.locator(".live-state").first).to_have_attribute("data-state", "live")
    screen = page.evaluate(ON_THE_PROJECTOR, {"page": 1, "names": NAMES})
    found += [f"the table's projector: {line}" for line in screen["small"] + screen["unreadable"]]
    picture(page, f"table-projector-1080p-{language}", whole=False)
    context.close()
    assert not found, "\n".join(found)
