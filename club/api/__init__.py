"""The club's JSON API (django-ninja): the site, its error answers and the status of each
refusal. The package holds the club's routers too (players, money), their input fields and
their schemas, which the games' routers (games/api/) share; server/urls.py mounts both.

Every refused request answers `{"error": {"code", "message"}}` (docs/api.md, Conventions).
"""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

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


# The status of each refusal's code (club.errors.Refused): the one place where a code becomes
# a status, one status per code. The services raise these codes and know no status; the codes
# of the hand record (HAND_RECORD.md, raised by games.engine) are the contract's, 422.
REFUSAL_STATUS = {
    # 403: the user may not do this
    "may_not_wager": 403,
    "no_linked_player": 403,
    "not_director": 403,
    "not_own": 403,
    "not_scorer": 403,
    "not_staff": 403,
    "not_superuser": 403,
    "unit_decided": 403,
    # 404: what the path names is not there
    "no_such_hand": 404,
    "no_such_night": 404,
    "no_such_payment": 404,
    "no_such_player": 404,
    "no_such_season": 404,
    "no_such_table": 404,
    "no_such_wager": 404,
    # 409: the request clashes with what is already there
    "already_present": 409,
    "duplicate_hand": 409,
    "guest_limit": 409,
    "hand_in_progress": 409,
    "hand_not_in_progress": 409,
    "hand_set_aside": 409,
    "hand_void": 409,
    "idempotency_conflict": 409,
    "money_held": 409,
    "name_taken": 409,
    "night_closed": 409,
    "night_open": 409,
    "no_login": 409,
    "payment_not_suggested": 409,
    "payment_undone": 409,
    "player_has_login": 409,
    "playing_elsewhere": 409,
    "seat_taken": 409,
    "seats_pending": 409,
    "table_changed": 409,
    "table_closed": 409,
    "tables_in_play": 409,
    "too_few_waiting": 409,
    "user_linked": 409,
    "username_taken": 409,
    "wager_not_open": 409,
    "wagers_closed": 409,
    "wrong_hand_number": 409,
    "wrong_trick_number": 409,
    # 422: the request is well formed, but cannot be done as it stands
    "bad_amount": 422,
    "bad_count": 422,
    "bad_first_dealer": 422,
    "bad_form": 422,
    "bad_memo": 422,
    "bad_name": 422,
    "bad_odds": 422,
    "bad_password": 422,
    "bad_rules": 422,
    "bad_season": 422,
    "bad_stake": 422,
    "bad_username": 422,
    "bad_wager_style": 422,
    "insufficient_funds": 422,
    "no_seat": 422,
    "no_wagers": 422,
    "not_an_offer": 422,
    "not_full_record": 422,
    "not_playing": 422,
    "over_unmatched": 422,
    "same_party": 422,
    "unknown_format": 422,
    "unknown_player": 422,
    "unknown_user": 422,
    "wrong_player_count": 422,
} | dict.fromkeys((  # the hand record's codes
    "bad_json unknown_field bad_format bad_card duplicate_card wrong_hand_size bad_exchange "
    "stock_exhausted card_not_held must_follow_suit must_win_trick must_trump king_not_held "
    "wrong_trick_count after_game_end variant_disabled bad_summary bad_irregularity "
    "too_late").split(), 422)


def refusal_status(refused: Refused) -> int:
    return REFUSAL_STATUS[refused.code]


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
