"""The project's URLs: the pages, the admin and the JSON API. With server/asgi.py, this is the
one place where the club reaches into the games app: it mounts the games' routers and pages."""
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from club import views as club_views
from club.api import api
from games import views as games_views
from games.api import routers
from games.views.tables import table_advice
from server import health

for router in routers:
    api.add_router("/", router)

urlpatterns = [
    path("", games_views.home, name="home"),
    path("health", health.health, name="health"),
    path("standings", games_views.standings, name="standings"),
    path("tables/", games_views.evening, name="evening"),
    path("tables/new/", games_views.open_table, name="open_table"),
    path("tables/<int:table_id>/", games_views.table, name="table"),
    path("tables/<int:table_id>/score/", games_views.score, name="score_table"),
    path("tables/<int:table_id>/hands/<int:number>/", games_views.hand_history,
         name="hand_history"),
    path("tables/<int:table_id>/hands/<int:number>/correct/", games_views.correct,
         name="correct_hand"),
    path("tables/<int:table_id>/advice/", table_advice, name="table_advice"),
    path("tables/<int:table_id>/tv/", games_views.tv_table, name="tv_table"),
    path("tables/<int:table_id>/wagers/", games_views.wager_form, name="wager_form"),
    path("tables/<int:table_id>/seat/", games_views.seat_form, name="seat_form"),
    path("tables/<int:table_id>/history/", games_views.history, name="table_history"),
    path("tables/<int:table_id>/replay/", games_views.replay, name="table_replay"),
    path("tv/", games_views.tv_all, name="tv_all"),
    path("rules/", games_views.rules, name="rules"),
    path("players/", club_views.players_page, name="players"),
    path("players/<int:player_id>/", games_views.member, name="member"),
    path("settle-up/", club_views.settle_up, name="settle_up"),
    path("account/", club_views.account, name="account"),
    path("account/password/", club_views.PasswordChange.as_view(), name="password_change"),
    path("account/token/", club_views.make_token, name="make_token"),
    path("account/token/revoke/", club_views.revoke_token, name="revoke_token"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the language switch
    path("admin/", admin.site.urls),
    path("api/", api.urls),
]

# 503, not 500, when the database cannot be reached (server/unavailable.py).
handler500 = "server.unavailable.server_error"
