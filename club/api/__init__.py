"""The club's part of the JSON API: its routers (players, money), the input fields and schemas
every app's routers share, and the one table of each refusal's status (`REFUSAL_STATUS`), to
which each app adds its own codes when it is ready: the club's (`STATUSES`), the games' (games/
api/__init__.py) and the club nights' (nights/api.py). The site is the project's (server/api.py),
which mounts every app's routers.
"""
from django.core.exceptions import ImproperlyConfigured

from club.errors import Refused

# The club's own codes (a code the club raises is the club's, whoever else raises it too).
STATUSES = {
    # 403: the user may not do this
    **dict.fromkeys(("not_own", "not_staff", "not_superuser"), 403),
    # 404: what the path names is not there
    **dict.fromkeys(("no_such_payment", "no_such_player"), 404),
    # 409: the request clashes with what is already there
    **dict.fromkeys(("idempotency_conflict", "money_held", "name_taken", "no_login",
                     "payment_not_suggested", "payment_undone", "player_has_login",
                     "user_linked", "username_taken"), 409),
    # 422: the request is well formed, but cannot be done as it stands
    **dict.fromkeys(("bad_amount", "bad_form", "bad_memo", "bad_name", "bad_password",
                     "bad_username", "insufficient_funds", "same_party", "unknown_player",
                     "unknown_user"), 422),
}

# The status of each refusal's code (club.errors.Refused): the one place where a code becomes
# a status, one status per code: the club's, and each app's added by `add_statuses`. The
# services raise their codes and know no status.
REFUSAL_STATUS = dict(STATUSES)


def add_statuses(statuses: dict[str, int]) -> None:
    """Adds an app's codes to the table; a code already there keeps its one status."""
    clashes = {code for code, status in statuses.items()
               if REFUSAL_STATUS.get(code, status) != status}
    if clashes:
        raise ImproperlyConfigured(f"refusal codes given a second status: {sorted(clashes)}")
    REFUSAL_STATUS.update(statuses)


def refusal_status(refused: Refused) -> int:
    return REFUSAL_STATUS[refused.code]
