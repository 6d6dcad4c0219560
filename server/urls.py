"""The root URLconf: the games' pages (games/urls.py), the club's (club/urls.py) and its nights'
(nights/urls.py), the health check, the language switch, the admin and the JSON API. With
server/asgi.py, this is the one place where the project reaches into the apps: the API's
routers are mounted here, once."""
from django.contrib import admin
from django.urls import include, path

from club.api import money, players
from games.api import routers
from nights import api as nights_api
from server import health
from server.api import api

# The club's routers (its players and their money), then the games', then the club nights'.
for router in (players.router, money.router, *routers, nights_api.router):
    api.add_router("/", router)

# The API first: every hand a scorer's phone sends is resolved before the pages' 140 patterns
# are tried. No page's address begins with "api/" (tests/server/test_urls.py), so the order
# decides nothing else.
urlpatterns = [
    path("api/", api.urls),
    path("", include("games.urls")),
    path("", include("club.urls")),
    path("", include("nights.urls_results")),
    path("", include("nights.urls")),
    path("health", health.health, name="health"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the language switch
    path("admin/", admin.site.urls),
]

# 503, not 500, when the database cannot be reached (server/unavailable.py).
handler500 = "server.unavailable.server_error"
