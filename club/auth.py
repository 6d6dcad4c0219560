"""Who is calling: the API's script with its bearer token, or the browser with its session;
and how a login is watched for guessing (django-axes, server/settings.py).

Use `auth=API_AUTH` on every endpoint that needs a user; `request.auth` (and `request.user`)
is then that user. Tokens come from `python manage.py api_token USERNAME`.
"""

import re

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.http import HttpRequest
from ninja.security import HttpBearer, SessionAuth

from club.models import ApiToken

TOKEN_SHAPE = re.compile(r"[0-9a-f]{40}", re.ASCII)


class BearerToken(HttpBearer):
    """`Authorization: Bearer <key>` of an ApiToken whose user is active."""

    def authenticate(self, request: HttpRequest, token: str):
        if not TOKEN_SHAPE.fullmatch(token or ""):
            return None
        try:
            found = ApiToken.objects.select_related("user").get(key=token)
        except ApiToken.DoesNotExist:
            return None
        if not found.user.is_active:
            return None
        request.user = found.user
        return found.user


class SessionWhenPresent(SessionAuth):
    """django-ninja's session auth, CSRF check included, for requests that carry a session.

    Ninja's own `django_auth` checks CSRF before it looks at the session, so a script whose
    bearer token was refused would hear "CSRF check Failed" (403). Without a session cookie
    nobody can be logged in by session, so this one answers "not authenticated" (401) instead.
    """

    def _get_key(self, request: HttpRequest):
        if self.param_name not in request.COOKIES:
            return None
        return super()._get_key(request)


bearer_token = BearerToken()
session = SessionWhenPresent()

API_AUTH = [bearer_token, session]


class LoginAttempts(AxesStandaloneBackend):
    """django-axes's guard, first of the authentication backends: a username locked out from
    an address is refused before its password is tried. A check made without a request (a
    management command, a test) is no login from any address: it is left to the next backend,
    where django-axes's own guard would refuse it outright."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)


def client_address(request: HttpRequest) -> str | None:
    """The address a login comes from. Behind the club's proxy (settings.BEHIND_PROXY), the one
    the proxy appended, last in X-Forwarded-For: any earlier one the client may have written
    itself. Otherwise the header is the client's own words and the connection's address is
    taken."""
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
        if forwarded:
            return forwarded
    return request.META.get("REMOTE_ADDR")
