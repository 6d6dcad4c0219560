"""Logs a secretary can read: one line per request, and each error with the request it broke.

A request's line: `GET /tables/3/ 200 41ms secretary` (method, path, status, duration, user;
`-` for nobody logged in), on the `club.requests` logger. An error (a 500) is Django's own
`django.request` record with its traceback; `RequestContext` adds the method, path and user
to it. The proxy's health checks are left out when they pass: they come every few seconds.
"""

import logging
import time

logger = logging.getLogger("club.requests")
QUIET_WHEN_OK = frozenset({"/health"})


def who(request) -> str:
    """The username of the request's user, `-` for nobody (or a request refused before the
    authentication middleware ran), `?` when his session cannot be read (the database down):
    the request's line is written all the same, and its answer left as it was."""
    user = getattr(request, "user", None)
    try:
        if user is None or not user.is_authenticated:
            return "-"
        return user.get_username()
    except Exception:
        return "?"


class RequestLogMiddleware:
    """Sync only, like every middleware here: `server.handler` runs the chain in one thread.
    Outermost, so that the duration is the whole request's and every answer is logged, those
    of the middleware inside included."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        duration_ms = round((time.perf_counter() - started) * 1000)
        if not (request.path in QUIET_WHEN_OK and response.status_code == 200):
            logger.info("%s %s %s %dms %s", request.method, request.path,
                        response.status_code, duration_ms, who(request))
        return response


class RequestContext(logging.Filter):
    """Adds ` [GET /path, user secretary]` to a record that carries a request (Django's
    `django.request` and `django.security` do), and nothing to the others."""

    def filter(self, record):
        request = getattr(record, "request", None)
        record.context = "" if request is None or not hasattr(request, "method") else (
            f" [{request.method} {request.path}, user {who(request)}]")
        return True
