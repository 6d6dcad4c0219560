"""The games app's JSON API: one django-ninja router per resource, mounted under /api/ by
server/urls.py after the club's (club/api/), and the schemas of their answers. Views are thin:
they read the request, call a service or a selector, and shape the answer. The status of each
refusal code of the games and of their engine (`STATUSES`) is added to the one table
(club.api.REFUSAL_STATUS) when the app is ready."""
from games.api import engine, hands, standings, tables, wagers
from games.refusal_codes import EngineCode, GameCode

# In this order in the OpenAPI schema.
routers = [engine.router, tables.router, hands.router, standings.router, wagers.router]

STATUSES = {
    # 403: the user may not do this
    **dict.fromkeys((GameCode.MAY_NOT_WAGER, GameCode.NO_LINKED_PLAYER, GameCode.NOT_SCORER,
                     GameCode.UNIT_DECIDED), 403),
    # 404: what the path names is not there
    **dict.fromkeys((GameCode.NO_SUCH_HAND, GameCode.NO_SUCH_TABLE, GameCode.NO_SUCH_WAGER), 404),
    # 409: the request clashes with what is already there
    **dict.fromkeys((GameCode.DUPLICATE_HAND, GameCode.HAND_IN_PROGRESS,
                     GameCode.HAND_NOT_IN_PROGRESS, GameCode.HAND_SET_ASIDE, GameCode.HAND_VOID,
                     GameCode.PLAYING_ELSEWHERE, GameCode.SEAT_TAKEN, GameCode.SEATS_PENDING,
                     GameCode.TABLE_CHANGED, GameCode.TABLE_CLOSED, GameCode.WAGER_NOT_OPEN,
                     GameCode.WAGERS_CLOSED, GameCode.WRONG_HAND_NUMBER,
                     GameCode.WRONG_TRICK_NUMBER), 409),
    # 422: the request is well formed, but cannot be done as it stands
    **dict.fromkeys((GameCode.BAD_COUNT, GameCode.BAD_FIRST_DEALER, GameCode.BAD_ODDS,
                     GameCode.BAD_RULES, GameCode.BAD_STAKE, GameCode.BAD_WAGER_STYLE,
                     GameCode.NO_SEAT, GameCode.NO_WAGERS, GameCode.NOT_AN_OFFER,
                     GameCode.NOT_FULL_RECORD, GameCode.NOT_PLAYING, GameCode.OVER_UNMATCHED,
                     GameCode.UNKNOWN_FORMAT, GameCode.WRONG_PLAYER_COUNT), 422),
    # the hand record's codes (HAND_RECORD.md, raised by games.engine): the contract's
    **dict.fromkeys(EngineCode, 422),
}
