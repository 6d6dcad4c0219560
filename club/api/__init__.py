"""The club's part of the JSON API: its routers (players, money), the input fields and schemas
every app's routers share, and the one table of each refusal's status (`REFUSAL_STATUS`), to
which each app adds its own codes when it is ready: the club's (`STATUSES`), the games' (games/
api/__init__.py) and the club nights' (nights/api.py). The site is the project's (server/api.py),
which mounts every app's routers.
"""
from django.core.exceptions import ImproperlyConfigured

from club.errors import RefusalCode, Refused
from club.refusal_codes import ClubCode

# The club's own codes (a code the club raises is the club's, whoever else raises it too),
# members of club.refusal_codes.ClubCode.
STATUSES = {
    # 403: the user may not do this
    **dict.fromkeys((ClubCode.NOT_OWN, ClubCode.NOT_STAFF, ClubCode.NOT_SUPERUSER), 403),
    # 404: what the path names is not there
    **dict.fromkeys((ClubCode.NO_SUCH_PAYMENT, ClubCode.NO_SUCH_PLAYER), 404),
    # 409: the request clashes with what is already there
    **dict.fromkeys((ClubCode.IDEMPOTENCY_CONFLICT, ClubCode.MONEY_HELD, ClubCode.NAME_TAKEN,
                     ClubCode.NO_LOGIN, ClubCode.PAYMENT_NOT_SUGGESTED, ClubCode.PAYMENT_UNDONE,
                     ClubCode.PLAYER_HAS_LOGIN, ClubCode.USER_LINKED, ClubCode.USERNAME_TAKEN),
                    409),
    # 422: the request is well formed, but cannot be done as it stands
    **dict.fromkeys((ClubCode.BAD_AMOUNT, ClubCode.BAD_FORM, ClubCode.BAD_MEMO,
                     ClubCode.BAD_NAME, ClubCode.BAD_PASSWORD, ClubCode.BAD_USERNAME,
                     ClubCode.INSUFFICIENT_FUNDS, ClubCode.SAME_PARTY, ClubCode.UNKNOWN_PLAYER,
                     ClubCode.UNKNOWN_USER), 422),
}

# The status of each refusal's code (club.errors.Refused): the one place where a code becomes
# a status, one status per code: the club's, and each app's added by `add_statuses`. The
# services raise their codes and know no status.
REFUSAL_STATUS = dict(STATUSES)


def add_statuses(statuses: dict[RefusalCode, int]) -> None:
    """Adds an app's codes to the table, each a member of its enumeration (club.errors.
    RefusalCode); a code already there keeps its one status."""
    strings = [code for code in statuses if not isinstance(code, RefusalCode)]
    if strings:
        raise ImproperlyConfigured(f"refusal codes given as strings, not members: {strings}")
    clashes = {code for code, status in statuses.items()
               if REFUSAL_STATUS.get(code, status) != status}
    if clashes:
        raise ImproperlyConfigured(f"refusal codes given a second status: {sorted(clashes)}")
    REFUSAL_STATUS.update(statuses)


def refusal_status(refused: Refused) -> int:
    return REFUSAL_STATUS[refused.code]
