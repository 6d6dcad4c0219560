"""The club's JSON API (django-ninja): the site, its error answers and the status of each
refusal. The games app's routers are mounted on it by server/urls.py.

Every refused request answers `{"error": {"code", "message"}}` (docs/api.md, Conventions).
"""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from club.errors import Refused, shown


class ClubAPI(NinjaAPI):
    def get_openapi_operation_id(self, operation) -> str:
        """The view's own name, such as "record_hand": it stays when the code moves."""
        return operation.view_func.__name__


api = ClubAPI(
    title="Écarté Club API",
    version="1",
    urls_namespace="api",
    openapi_url="/schema",
    docs_url="/docs",
)

STATUS_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    415: "unsupported_media_type",
    422: "unprocessable",
    429: "too_many_requests",
}


# The status of each refusal a service makes (club.errors.Refused); any other code is a
# request the club cannot take as it stands (422): bad_request, bad_rules, the engine's codes.
REFUSAL_STATUS = {
    "unauthorized": 401,
    "forbidden": 403,
    "not_found": 404,
    "conflict": 409,
    "duplicate_hand": 409,
    "hand_in_progress": 409,
    "hand_not_in_progress": 409,
    "hand_set_aside": 409,
    "idempotency_conflict": 409,
    "table_closed": 409,
    "seats_pending": 409,
    "wagers_closed": 409,
    "wrong_hand_number": 409,
    "wrong_trick_number": 409,
}


def refusal_status(refused: Refused) -> int:
    return REFUSAL_STATUS.get(refused.code, 422)


def error_response(request, status: int, code: str, message: str):
    """The error object; its message may echo the client's text (a field's name), made
    `shown` as a refusal's is."""
    return api.create_response(
        request, {"error": {"code": code, "message": shown(message)}}, status=status
    )


@api.exception_handler(ValidationError)
def on_validation_error(request, exc):
    first = exc.errors[0] if exc.errors else {}
    loc = list(first.get("loc", ()))
    if len(loc) > 1 and loc[0] == loc[1]:  # ("body", "body", "name"): the parameter is "body"
        del loc[0]
    where = ".".join(str(part) for part in loc)
    message = first.get("msg", "invalid request").removeprefix("Value error, ")
    return error_response(request, 400, "bad_request", f"{where}: {message}" if where else message)


@api.exception_handler(AuthenticationError)
def on_authentication_error(request, exc):
    return error_response(request, 401, "unauthorized", "authentication required")


@api.exception_handler(HttpError)
def on_http_error(request, exc):
    code = STATUS_CODES.get(exc.status_code, "error")
    return error_response(request, exc.status_code, code, str(exc.message))


@api.exception_handler(Http404)
def on_not_found(request, exc):
    return error_response(request, 404, "not_found", str(exc) or "not found")


@api.exception_handler(RequestDataTooBig)
def on_too_large(request, exc):
    return error_response(request, 413, "too_large", "the body is larger than the "
                          f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,} bytes a request may carry")


@api.exception_handler(Refused)
def on_refused(request, exc):
    return api.create_response(request, exc.as_dict(), status=refusal_status(exc))
