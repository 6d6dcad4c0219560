"""The project's JSON API site (django-ninja), under /api/: its error answers, and each refused
request's status from the one table of the refusals' codes (club.api.REFUSAL_STATUS, to which
each app adds its own). server/urls.py mounts the apps' routers on it.

Every refused request answers `{"error": {"code", "message"}}` (docs/api.md, Conventions).
"""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from club.api import refusal_status
from club.errors import Refused, shown
from club.limits import Limited


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


@api.exception_handler(Limited)
def on_limited(request, exc):
    """429 with the seconds until the limit's count starts again: nothing was done."""
    response = error_response(request, 429, "rate_limited", exc.message)
    response["Retry-After"] = str(exc.retry_after)
    return response
