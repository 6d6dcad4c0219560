"""The club's face, for the README: a real evening served by daphne (the `daphne` fixture, so the
pages are live), photographed as a member sees it: on a 390 px phone the table being played,
the scorer's page, the replay hand by hand, the standings and the settle-up; the projector on a
1920×1080 screen. Run as `make screenshots`, which sets FACE=docs/screenshots: the pictures go
there (made smaller with Pillow); otherwise to tests/artifacts/face/ for a person to look at.

The evening: Alice, Bernard and Claire played a pool with a 5.00 entry, which Claire won; at
Table 1 Claire, Denis and Alice play a pool, three hands entered card by card and the fourth
being played (two tricks down); Bernard and Émile play a rubber."""
import os
import random
from pathlib import Path

from PIL import Image
from playwright.sync_api import expect

from testbed.daphne import manage
from testbed.records import legal_record
from tests.browser.kit import ARTIFACTS, WAIT
from tests.games.kit import hand_won_by, summary

PASSWORD = "a long secretary password"
ROOT = Path(__file__).resolve().parents[2]


def folder() -> Path:
    face = os.environ.get("FACE")
    return (ROOT / face) if face else ARTIFACTS / "face"


def picture(page, name: str, *, whole: bool = False) -> Path:
    """The page as a member's screen shows it (the whole page if WHOLE), saved as NAME.png and
    made smaller (a palette of 256 colours, as screenshots of flat pages take well); nothing
    on it scrolls sideways."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, name
    path = folder() / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=whole, animations="disabled")
    with Image.open(path) as shot:
        small = shot.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)
    return path


def evening(daphne) -> dict:
    """The evening above, through daphne's API as a scorer's terminal makes it: the tables."""
    ids = {name: daphne.player(name) for name in ("Alice", "Bernard", "Claire", "Denis", "Émile")}

    def opened(name, form, names, **rules):
        return daphne.api("/tables", {"name": name, "format": form, "rules": rules,
                                      "players": [ids[n] for n in names],
                                      "first_dealer": ids[names[0]]})

    def post(table, record):
        return daphne.api(f"/tables/{table['id']}/hands", {"record": record})["table"]

    salon = opened("Salon", "pool", ["Alice", "Claire", "Bernard"], pool_entry="5.00")
    for _ in range(40):  # Claire wins every hand she plays; the others take the point by turns
        if salon["status"] != "playing":
            break
        seats = salon["seats"]
        claire_seated = ids["Claire"] in seats.values()
        salon = post(salon, hand_won_by(salon, ids["Claire"]) if claire_seated
                     else summary(3))
    assert salon["status"] == "won", salon["status"]

    table = opened("Table 1", "pool", ["Denis", "Claire", "Alice"], pool_entry="5.00")
    for seed in (3, 8, 13):
        table = post(table, legal_record(random.Random(seed)))
    table = post(table, legal_record(random.Random(21), tricks_to_play=2))
    rubber = opened("Rubber", "rubber", ["Bernard", "Émile"])
    for elder_tricks in (3, 5, 1):
        rubber = post(rubber, summary(elder_tricks))
    return {"salon": salon, "table": table, "rubber": rubber}


def log_in(page, base: str) -> None:
    page.goto(f"{base}/login/")
    page.locator("input[name=username]").fill("secretary")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[name=password]").press("Enter")
    page.wait_for_url("**/account/")


def test_the_clubs_face(daphne, chromium):
    manage(daphne.env, "shell", "-c", "from django.contrib.auth.models import User\n"
           "u = User.objects.get(username='secretary')\n"
           f"u.set_password({PASSWORD!r}); u.save()")
    tables = evening(daphne)
    base, table = f"http://{daphne.address}", tables["table"]["id"]
    phone = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                 has_touch=True, device_scale_factor=1,
                                 locale="en-GB").new_page()
    phone.set_default_timeout(WAIT)

    phone.goto(f"{base}/tables/{table}/")
    expect(phone.locator(".live-state").first).to_have_attribute("data-state", "live")
    expect(phone.locator("[data-live] [data-score]").first).to_contain_text("Claire")
    made = [picture(phone, "table")]

    log_in(phone, base)
    phone.goto(f"{base}/tables/{table}/score/")
    expect(phone.get_by_role("heading", name="Hand 4, trick 3")).to_be_visible()
    made.append(picture(phone, "scorer"))

    phone.goto(f"{base}/tables/{table}/hand-by-hand/")
    made.append(picture(phone, "hand-by-hand"))

    phone.goto(f"{base}/standings")
    expect(phone.locator("tbody tr").first).to_contain_text("Claire")  # two games of two
    made.append(picture(phone, "standings"))

    phone.goto(f"{base}/settle-up/")
    expect(phone.locator(".payments li").first).to_be_visible()
    made.append(picture(phone, "settle-up"))

    projector = chromium.new_context(viewport={"width": 1920, "height": 1080},
                                     locale="en-GB").new_page()
    projector.set_default_timeout(WAIT)
    projector.goto(f"{base}/tv/")
    expect(projector.locator(".live-state").first).to_have_attribute("data-state", "live")
    expect(projector.get_by_text("Table 1").first).to_be_visible()
    made.append(picture(projector, "projector"))

    for path in made:
        with Image.open(path) as shot:
            assert shot.width in (390, 1920), path
