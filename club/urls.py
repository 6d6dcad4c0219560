"""The club's pages: the players and their logins, the settle-up, a member's account, password
and API token, and logging in and out; the web app's manifest, service worker and offline page
(club/pwa.py). Included at the root by server/urls.py; the names are not namespaced (templates
reverse them)."""
from django.contrib.auth import views as auth_views
from django.urls import path

from club import pwa, views
from club.auth import LoginForm

urlpatterns = [
    path("players/", views.players_page, name="players"),
    path("settle-up/", views.settle_up, name="settle_up"),
    path("settle-up/payments/<int:payment_id>/undo/", views.undo_payment, name="undo_payment"),
    path("account/", views.account, name="account"),
    path("account/password/", views.PasswordChange.as_view(), name="password_change"),
    path("account/token/", views.make_token, name="make_token"),
    path("account/token/revoke/", views.revoke_token, name="revoke_token"),
    path("login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
]
