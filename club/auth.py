"""Who is calling the API: a script with its bearer token, or the browser with its session.

Use `auth=API_AUTH` on every endpoint that needs a user; `request.auth` (and `request.user`)
is then that user. Tokens come from `python manage.py api_token USERNAME`.
"""

import re

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
