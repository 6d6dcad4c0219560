"""Helpers for the admin tests: a secretary, players, and tables played through the services."""
import re

from club.models import Player
from games import services
from games.services.hands import record_hand
from games.services.tables import open_table
from games.models import Table

POINT_TO_ELDER = {"summary": {"opening": "exchanged", "king_turned": False,
                              "tricks": {"elder": 3, "dealer": 2}}}


def summary(elder_tricks: int, opening: str = "exchanged") -> dict:
    return {"summary": {"opening": opening, "king_turned": False,
                        "tricks": {"elder": elder_tricks, "dealer": 5 - elder_tricks}}}


def players(*names):
    return [Player.objects.create(name=name) for name in names]


def pool(by, names=("Athos", "Porthos", "Aramis"), name="Table 1", hands=0, **rules) -> Table:
    """A pool of three (made or found by name), Porthos dealing first, with `hands` hands in
    which the elder takes the point."""
    seated = [Player.objects.get_or_create(name=n)[0] for n in names]
    table = open_table(name=name, format="pool", players=seated, rules=rules, by=by,
                                first_dealer=seated[1])
    for _ in range(hands):
        record_hand(table_id=table.pk, record=POINT_TO_ELDER, by=by)
    return table


def win_game(table: Table, player: Player, by) -> None:
    """Hands of voles to `player` until the current game is over."""
    table.refresh_from_db()
    number = table.snapshot["game"]["number"]
    while table.snapshot["game"]["number"] == number and table.status == Table.Status.PLAYING:
        seats = table.snapshot["seats"]
        record = summary(5 if seats["elder"] == player.pk else 0)
        record_hand(table_id=table.pk, record=record, by=by)
        table.refresh_from_db()


def won_pool(by, name="Won pool") -> Table:
    """Athos wins two games in succession: the pool is his."""
    table = pool(by, name=name)
    athos = Player.objects.get(name="Athos")
    win_game(table, athos, by)
    win_game(table, athos, by)
    table.refresh_from_db()
    assert table.status == Table.Status.WON
    return table


def page_text(response) -> str:
    """The page's HTML with the red suits' colouring taken off: "J♦" reads as it is shown."""
    return re.sub(r'<span class="red-suit">(.*?)</span>', r"\1", response.content.decode())
