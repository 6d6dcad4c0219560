"""The club as an installable web app: its manifest, its service worker and the page the
worker shows for a page not yet kept on the phone.

The worker (templates/sw.js) is the club's own, small and plain: Workbox loads from a CDN the
club's network may not reach, or needs a Node build, and django-pwa registers its worker with
an inline script. It is served at the site's root so that its scope is the whole site, and
club/static/club/app.js registers it on secure origins only (https, or the laptop's own
localhost): on plain http over the club's Wi-Fi nothing is registered.

The PNG icons in club/static/club/icons/ were drawn once with Pillow from favicon.svg's shapes
(the felt, the card and the spade, its curves sampled into a polygon at eight times the size,
then scaled down): `icon-*.png` with the favicon's rounded corners; `maskable-512.png` and
`apple-touch-icon.png` (180 px) felt to the edges, the card at 80 %, inside the circle a
phone may cut them to."""
import functools
import hashlib
import json

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import JsonResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

# The site's colours, as club/static/club/club.css names them: --felt and --paper.
THEME_COLOUR = "#1f5b3f"
BACKGROUND_COLOUR = "#faf8f2"

ICONS = [("club/icons/icon-192.png", "192x192", "any"),
         ("club/icons/icon-512.png", "512x512", "any"),
         ("club/icons/maskable-512.png", "512x512", "maskable")]

# What the scorer's and the table's pages load, kept on the phone when the worker installs.
PRECACHED = ["club/club.css", "club/menu.js", "club/app.js", "club/favicon.svg",
             "club/icons/apple-touch-icon.png", *(path for path, _size, _purpose in ICONS),
             "games/table_picture.js", "games/live.js", "games/scorer.js", "games/outbox.js",
             "games/share_card.js"]


@require_GET
def manifest(request):
    """The web app manifest, in the reader's language."""
    icons = [{"src": static(path), "sizes": size, "type": "image/png", "purpose": purpose}
             for path, size, purpose in ICONS]
    icons.append({"src": static("club/favicon.svg"), "sizes": "any", "type": "image/svg+xml",
                  "purpose": "any"})
    home = reverse("home")
    body = {
        "name": "Écarté Club",
        "short_name": "Écarté",
        "description": _("The club's Écarté evenings: the tables live, the scorer's page, "
                         "wagers and standings."),
        "lang": get_language(),
        "id": home,
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    return JsonResponse(body, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False})


@require_GET
def service_worker(request):
    """The service worker, named by the version of the static files it keeps."""
    if settings.DEBUG:  # a developer's edits reach his browser at its next page
        version.cache_clear()
    response = render(request, "sw.js", {
        "version": version(),
        "precached": json.dumps([static(path) for path in PRECACHED]),
    }, content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request):
    """What the worker shows, without the network, for a page not kept on the phone."""
    return render(request, "offline.html")


@functools.cache
def version() -> str:
    """A digest of every static file the club serves and of the offline page: a deploy that
    changes any of them names a new version, and the phones fetch what they keep anew. Read
    once a process, as a deploy restarts the workers."""
    served = {}
    for finder in finders.get_finders():
        for path, storage in finder.list([]):
            served.setdefault(path, storage)  # the first finder's, as collectstatic takes it
    digest = hashlib.sha256()
    for path, storage in sorted(served.items()):
        with storage.open(path) as file:
            digest.update(f"{path}\0".encode() + file.read() + b"\0")
    digest.update(get_template("offline.html").template.source.encode())
    return digest.hexdigest()[:16]
