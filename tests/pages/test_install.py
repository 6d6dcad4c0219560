"""The club as an installable web app (club/pwa.py): the manifest in the reader's language with
the site's colours and icons of the sizes it names, the service worker served at the root with
the static files the scorer's and the table's pages load and a version that follows them, the
offline page in English and French, every page linking them; and the forms that move money
marked as needing the network, each with its note, hidden until a script shows it. What the
worker does in the browser is tests/browser/test_install.py's."""
import io
import json
import re
from html.parser import HTMLParser

import pytest
from django.contrib.staticfiles import finders
from django.test import override_settings
from django.urls import reverse
from PIL import Image

from club import pwa
from club.models import Player
from club.payments import record_payment
from club.players import create_player
from games.services.tables import open_table
from games.services.wagers import place_wager
from tests.games.kit import pool
from tests.pages.forms import as_user

DESCRIPTION = {"en": "The club's Écarté evenings", "fr": "Les soirées d'écarté du club"}
NOTE = {"en": "This needs the network: money needs the club's answer at once.",
        "fr": "Il faut le réseau\u00a0: l'argent attend la réponse du club sur-le-champ."}


def css_colour(name: str) -> str:
    css = open(finders.find("club/club.css"), encoding="utf-8").read()
    return re.search(rf"--{name}:\s*(#[0-9a-f]{{6}})", css).group(1)


def served(client, url: str) -> bytes:
    answer = client.get(url)
    assert answer.status_code == 200, url
    return b"".join(answer.streaming_content)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_manifest_names_the_club_its_colours_and_its_icons(client, language):
    answer = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["name"] == "Écarté Club" and manifest["short_name"]
    assert manifest["description"].startswith(DESCRIPTION[language])
    assert manifest["lang"] == language
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/", "/",
                                                                               "standalone")
    assert manifest["theme_color"] == css_colour("felt")
    assert manifest["background_color"] == css_colour("paper")

    pngs = {}
    for icon in manifest["icons"]:
        body = served(client, icon["src"])
        if icon["type"] == "image/svg+xml":
            assert body == open(finders.find("club/favicon.svg"), "rb").read()
            assert icon["sizes"] == "any"
            continue
        image = Image.open(io.BytesIO(body))
        assert (image.format, f"{image.width}x{image.height}") == ("PNG", icon["sizes"])
        pngs.setdefault(icon["purpose"], []).append((image.width, image))
    assert sorted(width for width, _image in pngs["any"]) == [192, 512]
    # A maskable icon is felt to its edges: a phone cuts it to its own shape.
    [(_width, maskable)] = pngs["maskable"]
    corner = maskable.convert("RGBA").getpixel((0, 0))
    assert corner == (*bytes.fromhex(css_colour("felt")[1:]), 255)


def test_every_page_links_the_manifest_its_colour_its_icon_and_the_script(client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    colour = re.search(r'<meta name="theme-color" content="([^"]+)">', page).group(1)
    assert colour == json.loads(client.get("/manifest.webmanifest").content)["theme_color"]
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page).group(1)
    assert Image.open(io.BytesIO(served(client, touch))).size == (180, 180)
    script = re.search(r'<script src="([^"]+)" data-service-worker="([^"]+)" defer>', page)
    assert script.groups() == ("/static/club/app.js", "/sw.js")
    assert "<script>" not in page  # no inline script: the Content-Security-Policy to come


def worker(client) -> str:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/javascript"
    assert answer["Cache-Control"] == "no-cache"
    return answer.content.decode()


def precached(worker_source: str) -> list[str]:
    return json.loads(re.search(r"var PRECACHED = (\[.*?\]);", worker_source).group(1))


def static_urls(page: str) -> set[str]:
    return set(re.findall(r'(?:src|href)="(/static/[^"]+)"', page))


@pytest.mark.django_db
def test_the_worker_keeps_what_the_scorers_and_the_tables_pages_load(client, staff, steward):
    table = pool(staff, hands=1)
    source = worker(client)
    kept = precached(source)
    loaded = set()
    for path in (f"/tables/{table.pk}/score/", f"/tables/{table.pk}/"):
        loaded |= static_urls(steward.get(path).content.decode())
    assert {"/static/games/scorer.js", "/static/games/live.js"} <= loaded
    assert loaded <= set(kept), loaded - set(kept)
    for url in kept:  # the worker installs only if every one of them is there
        assert finders.find(url.removeprefix("/static/")), url
    assert 'var OFFLINE = "/offline/";' in source
    # A login or a logout forgets the pages kept (what the worker does: the browser's tests).
    signing = json.loads(re.search(r"var SIGNING = (\[.*?\]);", source).group(1))
    assert {reverse("login"), reverse("logout"), reverse("admin:login"),
            reverse("admin:logout")} == set(signing)
    assert re.search(r'var STATIC = "ecarte-static-[0-9a-f]{16}";', source)


@pytest.fixture
def statics(tmp_path):
    """A static folder of the club's, with one file in it; the version read afresh."""
    (tmp_path / "extra.css").write_text("a { color: red; }")
    pwa.version.cache_clear()
    with override_settings(STATICFILES_DIRS=[tmp_path]):
        yield tmp_path
    pwa.version.cache_clear()


def cache_name(client) -> str:
    return re.search(r'var STATIC = "([^"]+)";', worker(client)).group(1)


def test_the_workers_version_follows_the_static_files(client, statics):
    """Read once a process, as a deploy restarts the workers (`cache_clear` here)."""
    first = cache_name(client)
    pwa.version.cache_clear()
    assert cache_name(client) == first  # the same files, the same version
    (statics / "extra.css").write_text("a { color: blue; }")
    assert cache_name(client) == first  # until the process starts again
    pwa.version.cache_clear()
    changed = cache_name(client)
    assert changed != first
    (statics / "more.js").write_text("")
    pwa.version.cache_clear()
    added = cache_name(client)
    assert added not in (first, changed)
    (statics / "more.js").write_text("let edited;")
    with override_settings(DEBUG=True):  # a developer's edit shows at once
        assert cache_name(client) not in (first, changed, added)


@pytest.mark.parametrize(("language", "heading"), [
    ("en", "This page is not on this phone yet"),
    ("fr", "Cette page n'est pas encore sur ce téléphone")])
def test_the_offline_page_in_english_and_french(client, language, heading):
    page = client.get("/offline/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<html lang="{language}">' in page
    assert heading in page.replace("&#x27;", "'")


class Forms(HTMLParser):
    """Each form of a page: which it is (its id, its class, or its hidden action), its
    address, whether it needs the network, its submit buttons and its notes (whether hidden,
    and what they say)."""

    def __init__(self, page: str):
        super().__init__()
        self.forms, self.note = [], None
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append({"which": re.sub(r"-\d+$", "", attrs.get("id") or "")
                               or attrs.get("class"), "action": attrs.get("action") or "",
                               "needs": "data-needs-network" in attrs, "buttons": 0,
                               "notes": []})
        elif tag == "input" and attrs.get("name") == "action" and not self.forms[-1]["which"]:
            self.forms[-1]["which"] = attrs["value"]
        elif tag == "button":
            self.forms[-1]["buttons"] += 1
        elif "data-network-note" in attrs:
            self.note = {"hidden": "hidden" in attrs, "text": ""}
            self.forms[-1]["notes"].append(self.note)

    def handle_data(self, data):
        if self.note is not None:
            self.note["text"] += data

    def handle_endtag(self, tag):
        if tag == "p":
            self.note = None


MONEY = re.compile(r"/tables/\d+/(wagers|seat)/$|/settle-up/$|/settle-up/payments/\d+/undo/$")


@pytest.fixture
def money_pages(django_user_model, staff):
    """Athos opens an English pool with an entry for himself, Porthos, whose seat is waiting,
    and Grimaud, whom staff seat; Charles has posted an offer that Dora may take; Athos owes
    Porthos, so the settle-up suggests a payment."""
    users = {}
    for name in ("Athos", "Porthos", "Charles", "Dora"):
        users[name] = django_user_model.objects.create_user(name.lower())
        create_player(name=name, username=name.lower())
    create_player(name="Grimaud")
    seated = [Player.objects.get(name=n) for n in ("Athos", "Porthos", "Grimaud")]
    table = open_table(name="T", format="pool", players=seated, rules={"pool_entry": 500},
                       by=users["Athos"], first_dealer=seated[0], wager_style="english")
    place_wager(table_id=table.pk, by=users["Charles"], on=seated[0].pk, stake=5_00,
                odds=(1, 1))
    record_payment(payer=seated[1], payee=seated[0], cents=4_00, by=staff)
    return {"table": f"/tables/{table.pk}/", "users": users}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_form_that_moves_money_needs_the_network_and_says_so(money_pages, staff,
                                                                   language):
    table, users = money_pages["table"], money_pages["users"]
    seen = set()
    for user, path in ((users["Porthos"], table), (users["Charles"], table),
                       (users["Dora"], table), (staff, table), (staff, "/settle-up/")):
        page = as_user(user).get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        for form in Forms(page).forms:
            if not MONEY.search(form["action"]):
                assert not form["needs"] and not form["notes"], (path, form)
                continue
            assert form["needs"], (user, path, form)
            if form["buttons"]:  # beside its button, the note; hidden until a script shows it
                [note] = form["notes"]
                assert note["hidden"], (path, form)
                assert note["text"].replace("&#x27;", "'") == NOTE[language], (path, form)
                seen.add(form["which"])
    assert seen == {"place-form", "take-form", "withdraw", "seat-form", "seat-him", "one-tap",
                    "stack", "undo-payment"}
