"""The club nights' refusal codes and rules (club.errors.Refused), raised by nights.services,
nights.selectors and nights.api: each member equals the string the JSON API shows. Their status
is nights.api's, their sentences nights/refusal_words.py's, both added to the club's tables by
nights/apps.py."""
from club.errors import RefusalCode, RefusalRule


class NightCode(RefusalCode):
    # 403: the user may not do this
    NOT_DIRECTOR = "not_director"
    # 404: what the path names is not there
    NO_SUCH_NIGHT = "no_such_night"
    NO_SUCH_SEASON = "no_such_season"
    # 409: the request clashes with what is already there
    ALREADY_PRESENT = "already_present"
    GUEST_LIMIT = "guest_limit"
    NIGHT_CLOSED = "night_closed"
    NIGHT_OPEN = "night_open"
    TABLES_IN_PLAY = "tables_in_play"
    TOO_FEW_WAITING = "too_few_waiting"
    # 422: the request is well formed, but cannot be done as it stands
    BAD_SEASON = "bad_season"


class NightRule(RefusalRule):
    # nights (nights.services, nights.selectors)
    NO_SUCH_NIGHT = "no_such_night"
    NIGHT_DIRECTOR = "night_director"
    FEE_NEGATIVE = "fee_negative"
    NIGHT_OPEN = "night_open"
    NIGHT_CLOSED = "night_closed"
    PRESENT_UNLINKED = "present_unlinked"
    PRESENT_OTHERS = "present_others"
    ALREADY_PRESENT = "already_present"
    GUEST_LIMIT = "guest_limit"
    DRAW_DIRECTOR = "draw_director"
    NIGHT_FORMAT = "night_format"
    NIGHT_STAKES_BY_STAFF = "night_stakes_by_staff"
    TOO_FEW_WAITING = "too_few_waiting"
    CLOSE_DIRECTOR = "close_director"
    TABLES_IN_PLAY = "tables_in_play"
    # seasons (nights.services, nights.selectors)
    SEASON_STAFF = "season_staff"
    SEASON_DATES = "season_dates"
    BEST_NIGHTS_LEAST = "best_nights_least"
    MINIMUM_NIGHTS_LEAST = "minimum_nights_least"
    NO_SUCH_SEASON = "no_such_season"
    # head to head (nights.api)
    AGAINST_HIMSELF = "against_himself"
