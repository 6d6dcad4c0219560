"""Tables, the hands recorded at them, and the games and units those hands make.

A table's course of play is a fold of its hands (games.engine.course). `Hand` and its
`HandVersion`s are what the scorer entered: a correction is a new version, and only the
table's last hand, while it is entered trick by trick, is updated in place
(games.services.tricks). `Game` and `Unit` rows, and each hand's current `result`, are derived
from them and rewritten whenever the table's course is rebuilt.
"""

from games.models.derived import Game, GamePlayer, RatingsDue, Unit
from games.models.tables import Hand, HandVersion, Seat, Table, TableEvent
from games.models.wagers import Movement, Wager, WagerTake

__all__ = ["Game", "GamePlayer", "Hand", "HandVersion", "Movement", "RatingsDue", "Seat",
           "Table", "TableEvent", "Unit", "Wager", "WagerTake"]
