"""The pages of the games app, one module per page: the evening and the tables (tables.py), the
wager forms of a table (wagers.py), taking a seat (seats.py), its history and its hands one by
one (history.py), the scorer's view of a table (scoring.py), the forms its phone kept, sent
later (outbox.py), a hand's history and its correction (corrections.py), the phone's hands on
their way (waiting.py), opening a table (opening.py), a
member's page (members.py), a won table's card (result_card.py), the rules (rules.py) and the
standings (standings.py). What they draw is made in games/pages/, the scorer's forms and their
records in games/entry/; a view imports no other view."""
from games.views.corrections import correct, hand_history
from games.views.history import hand_by_hand, history
from games.views.members import member
from games.views.opening import open_table
from games.views.outbox import score_outbox
from games.views.result_card import result_card
from games.views.rules import rules
from games.views.scoring import score
from games.views.seats import seat_form
from games.views.standings import home, standings
from games.views.tables import evening, table, tv_all, tv_table
from games.views.wagers import wager_form
from games.views.waiting import score_waiting

__all__ = ["correct", "evening", "hand_by_hand", "hand_history", "history", "home", "member",
           "open_table", "result_card", "rules", "score", "score_outbox", "score_waiting",
           "seat_form", "standings", "table", "tv_all", "tv_table", "wager_form"]
