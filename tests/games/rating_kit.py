"""The ratings' and standings' tests' kit: a stopped clock, one-game rubbers won by voles,
the ratings stored for a player, openskill's own ratings to compare with (`ranked`, `beats`),
a player's row of the standings, and an evening of a pool (`pool_evening`)."""
from contextlib import contextmanager
from datetime import datetime, timezone
from unittest import mock

from openskill.models import PlackettLuce

from games import ratings
from games.models import GamePlayer, Table
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.games.kit import summary

ELDER_VOLE, DEALER_VOLE, ELDER_POINT = summary(5), summary(0), summary(3)


@contextmanager
def clock(hour: int, minute: int = 0):
    """Everything stamped inside happens at that time on 5 March 2026."""
    when = datetime(2026, 3, 5, hour, minute, tzinfo=timezone.utc)
    with mock.patch("django.utils.timezone.now", return_value=when):
        yield


def rubber(by, first, second):
    """A one-game rubber: `first` is the elder of its first hand."""
    return open_table(name=f"{first} v {second}", format="rubber",
                               players=[first, second], rules={"rubber_games": 1}, by=by,
                               first_dealer=second)


def play(table, by, *records):
    for record in records:
        record_hand(table_id=table.pk, record=record, by=by)


def win(table, by, winner):
    """Hands until the current game is over, each a vole for `winner`."""
    number = Table.objects.get(pk=table.pk).snapshot["game"]["number"]
    while True:
        snap = Table.objects.get(pk=table.pk).snapshot
        if snap["status"] != "playing" or snap["game"]["number"] != number:
            return
        play(table, by, ELDER_VOLE if snap["seats"]["elder"] == winner.pk else DEALER_VOLE)


def stored(table, player):
    side = GamePlayer.objects.get(game__table=table, player=player)
    return side.mu, side.sigma


MODEL = PlackettLuce()


def ranked(*teams):
    """openskill's own ratings after a game that ranked `teams` (lists of (mu, sigma)) in that
    order, first first."""
    rated = MODEL.rate([[MODEL.rating(*r) for r in team] for team in teams],
                       ranks=list(range(1, len(teams) + 1)))
    return [[(p.mu, p.sigma) for p in team] for team in rated]


def beats(winner, loser):
    (won,), (lost,) = ranked([winner], [loser])
    return won, lost


def row_of(api, player) -> dict:
    return next(row for row in api.get("/standings").json()["standings"]
                if row["player"]["id"] == player.pk)


def pool_evening(user, p1, p2, p3):
    """p1 (elder) beats p2 5-1 with two voles and a king; p3 comes in and beats p1 5-0, then
    p2 5-0, with two voles each time (the third vole marks only the point that reaches 5):
    two units in succession, and the pool of 30.00. Under a test's stopped clock its games
    finish at the same instant, so all but the first owe a re-rating: it is paid at the end."""
    table = open_table(name="Table 1", format="pool", players=[p1, p2, p3],
                       rules={"pool_entry": 1000}, by=user, first_dealer=p2)
    records = [
        ELDER_VOLE,                                  # p1 elder: 2-0
        summary(3, king="dealer"),                   # p2 elder takes the point, p1 the king
        ELDER_VOLE,                                  # p1: 5-1, game 1
        DEALER_VOLE, ELDER_VOLE, DEALER_VOLE,        # p3 (dealer first): 5-0, game 2
        ELDER_VOLE, DEALER_VOLE, ELDER_VOLE,         # p3 (elder first): 5-0, the pool
    ]
    for record in records:
        record_hand(table_id=table.pk, record=record, by=user)
    ratings.catch_up()
    return table
