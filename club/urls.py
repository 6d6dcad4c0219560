"""The project's URLs: the pages, the admin and the JSON API. With club/asgi.py, this is the
one place where the club reaches into the games app: it mounts the games' routers and pages."""
from django.conf import settings
from django.contrib import admin
from django.contrib.staticfiles.urls import staticfiles_urlpatterns
from django.urls import path

from club.api import api
from games import views as games_views
from games.api import routers

for router in routers:
    api.add_router("/", router)

urlpatterns = [
    path("", games_views.home, name="home"),
    path("standings", games_views.standings, name="standings"),
    path("admin/", admin.site.urls),
    path("api/", api.urls),
]

if settings.DEBUG:
    # daphne serves no static files; in DEBUG Django does (admin styles, the API docs).
    urlpatterns += staticfiles_urlpatterns()
