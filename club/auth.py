"""Who is calling: the API's script with its bearer token, or the browser with its session;
from where, as the club's proxy says; and how a login is watched for guessing (django-axes,
server/settings.py).

Use `auth=API_AUTH` on every endpoint that needs a user; `request.auth` (and `request.user`)
is then that user. Tokens come from `python manage.py api_token USERNAME`.
"""

import functools
import re

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator
from django.db import connections
from django.http import HttpRequest
from ninja.security import HttpBearer, SessionAuth

from club.models import ApiToken

TOKEN_SHAPE = re.compile(r"[0-9a-f]{40}", re.ASCII)


class BearerToken(HttpBearer):
    """`Authorization: Bearer <key>` of an ApiToken whose user is active."""

    def authenticate(self, request: HttpRequest, token: str):
        if not TOKEN_SHAPE.fullmatch(token or ""):
            return None
        user = get_user_model()
        found = next(iter(user.objects.raw(_token_sql(user.objects.db), [token])), None)
        if found is None or not found.is_active:
            return None
        request.user = found
        return found


@functools.cache
def _token_sql(alias: str) -> str:
    """The user of an ApiToken by its key, in one statement made once from the models: what
    `ApiToken.objects.select_related("user").get(key=...).user` reads, which the ORM would
    work out anew for every request, at several times the CPU of running it."""
    q, user, token = connections[alias].ops.quote_name, get_user_model()._meta, ApiToken._meta
    columns = ", ".join(f"u.{q(f.column)}" for f in user.concrete_fields)
    return (f"SELECT {columns} FROM {q(user.db_table)} u JOIN {q(token.db_table)} t "
            f"ON t.{q(token.get_field('user').column)} = u.{q(user.pk.column)} "
            f"WHERE t.{q(token.get_field('key').column)} = %s")


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


class ProxyHeaders:
    """What the club's proxy says of a visitor, believed only from the proxy. Behind it
    (settings.BEHIND_PROXY), a request whose connection comes from one of
    settings.PROXY_ADDRESSES gets as its REMOTE_ADDR the visitor's address: the last entry of
    X-Forwarded-For, the one the proxy appended (any before it, the visitor may have written
    himself); and its X-Forwarded-Proto, which SECURE_PROXY_SSL_HEADER reads, is kept. From
    anyone else, or with no proxy, X-Forwarded-Proto is dropped and REMOTE_ADDR stays the
    connection's. It runs before the https redirect, CSRF and the logins' lockout (django-axes
    counts by REMOTE_ADDR): they all go by what it leaves."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        meta = request.META
        if settings.BEHIND_PROXY and meta.get("REMOTE_ADDR") in settings.PROXY_ADDRESSES:
            appended = meta.get("HTTP_X_FORWARDED_FOR", "").rsplit(",", 1)[-1].strip()
            if appended:
                meta["REMOTE_ADDR"] = appended
        else:
            meta.pop("HTTP_X_FORWARDED_PROTO", None)
        return self.get_response(request)


def longest_username() -> int:
    """The most characters a login's username may have: the User model's (150)."""
    user = get_user_model()
    return user._meta.get_field(user.USERNAME_FIELD).max_length


def attempted_username(request: HttpRequest, credentials: dict | None) -> str | None:
    """The username django-axes counts and keeps of a login tried (AXES_USERNAME_CALLABLE):
    the one given, cut to `longest_username()` (no login's is longer), so that a failed login
    keeps no more of it, whatever a client sends and whichever way it calls authenticate()."""
    given = (credentials or request.POST).get(settings.AXES_USERNAME_FORM_FIELD)
    return None if given is None else given[:longest_username()]


class BoundedUsername:
    """A login form refusing, beside its field, a username longer than any login's: Django's
    sets the field's max_length for the browser only, and would try it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].validators.append(MaxLengthValidator(longest_username()))


class LoginForm(BoundedUsername, AuthenticationForm):
    """The member pages' login (/login/)."""


class AdminLoginForm(BoundedUsername, AdminAuthenticationForm):
    """The admin's login (/admin/login/): staff only, as Django's."""
