"""When the database cannot be reached, the club says so: 503 with a Retry-After, never a 500.

PostgreSQL may refuse connections (restarting, or its pool of connections exhausted) or drop
them, even at COMMIT. The request's transaction is then rolled back, or was never begun, so
nothing half-written remains, and the client may send the same request again: with the same
Idempotency-Key, a request that did commit before the line went down is not done twice. The
pool of connections (server.env) checks each connection it lends, so the workers recover once the
database is back, without a restart.

This is Django's handler500 (server/urls.py): it runs for any exception a request leaves
unhandled, in a view or in a middleware (the session's, say), when DEBUG is off; with DEBUG on,
a developer gets Django's page with the traceback instead. The answer touches no database: the
API's error object of docs/api.md, or a plain page that needs no session and no user.
"""
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views.defaults import server_error as plain_server_error

from club import ledger
from server.middleware import API_PREFIX

RETRY_AFTER = 5  # seconds: a database restarting, or a connection dropped, is back by then
UNREACHABLE = (OperationalError, InterfaceError)  # Django's: psycopg's and the pool's wrapped


def server_error(request):
    """503 when the exception being handled is the database's being out of reach; Django's
    own 500 page for anything else, a sum that left SQLite's integers included (an
    OperationalError too, but sending the request again would not help)."""
    error = sys.exc_info()[1]
    if not isinstance(error, UNREACHABLE) or ledger.overflowed(error):
        return plain_server_error(request)
    if request.path.startswith(API_PREFIX):
        response = JsonResponse({"error": {
            "code": "unavailable",
            "message": "the club's database cannot be reached; send the same request again "
                       f"(with the same Idempotency-Key) in {RETRY_AFTER} seconds",
        }}, status=503)
    else:
        response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response
