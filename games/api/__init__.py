"""The games app's JSON API: one django-ninja router per resource, mounted under /api/ by
server/urls.py after the club's (club/api/), and the schemas of their answers. Views are thin:
they read the request, call a service or a selector, and shape the answer. The status of each
refusal code of the games and of their engine (`STATUSES`) is added to the one table
(club.api.REFUSAL_STATUS) when the app is ready."""
from games.api import engine, hands, standings, tables, wagers
from games.engine.errors import CODES

# In this order in the OpenAPI schema.
routers = [engine.router, tables.router, hands.router, standings.router, wagers.router]

STATUSES = {
    # 403: the user may not do this
    **dict.fromkeys(("may_not_wager", "no_linked_player", "not_scorer", "unit_decided"), 403),
    # 404: what the path names is not there
    **dict.fromkeys(("no_such_hand", "no_such_table", "no_such_wager"), 404),
    # 409: the request clashes with what is already there
    **dict.fromkeys(("duplicate_hand", "hand_in_progress", "hand_not_in_progress",
                     "hand_set_aside", "hand_void", "playing_elsewhere", "seat_taken",
                     "seats_pending", "table_changed", "table_closed", "wager_not_open",
                     "wagers_closed", "wrong_hand_number", "wrong_trick_number"), 409),
    # 422: the request is well formed, but cannot be done as it stands
    **dict.fromkeys(("bad_count", "bad_first_dealer", "bad_odds", "bad_rules", "bad_stake",
                     "bad_wager_style", "no_seat", "no_wagers", "not_an_offer",
                     "not_full_record", "not_playing", "over_unmatched", "unknown_format",
                     "wrong_player_count"), 422),
    # the hand record's codes (HAND_RECORD.md, raised by games.engine): the contract's
    **dict.fromkeys(sorted(CODES), 422),
}
