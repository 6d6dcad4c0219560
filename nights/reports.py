"""What the nights' pages and mail read beyond nights.selectors, made of its reads and of the
club's own rules: a night's tables with who won them, its settle-up (club.settle_up), each
member's night card (his results, his fee, his rating before and after), the nights two players
met at, and a season's champion."""
from django.db.models import Q
from django.utils import timezone

from club import evenings, settle_up
from club.models import Player, Transaction
from games.models import Movement, Seat, Table
from games.ratings import ordinal, ratings
from games.selectors.table_state import winner
from nights import selectors
from nights.models import Night, Season


def names(ids) -> dict[int, str]:
    return dict(Player.objects.filter(pk__in=set(ids)).values_list("pk", "name"))


def tables(night: Night) -> list[dict]:
    """The night's tables in the order they were drawn, each with its players' ids in their
    seats' order and who won it (games.selectors.table_state.winner: a player's id, à quatre
    the side's ids; None while it is played and for an abandoned one)."""
    found = list(selectors.night_tables(night))
    seated: dict[int, list[int]] = {}
    for table_id, player_id in Seat.objects.filter(table__in=found).order_by(
            "table_id", "position").values_list("table_id", "player_id"):
        seated.setdefault(table_id, []).append(player_id)
    return [{"table": table, "players": seated.get(table.pk, []), "winner": winner(table)}
            for table in found]


def night_settle_up(night: Night) -> dict:
    """The night's money squared: each party's net over the night's postings (the play at its
    tables and its fees), money still held at a table counted as its stakers'
    (club.settle_up.counted_nets), and the payments that bring them to zero
    (club.settle_up.settle_up). {"nets": {party: cents}, "payments": [SuggestedPayment]}; the
    house is club.settle_up.HOUSE_PARTY."""
    moved = Movement.objects.filter(table__night_table__night=night).values("transaction_id")
    fees = night.presences.filter(transaction__isnull=False).values("transaction_id")
    nets = settle_up.counted_nets(Transaction.objects.filter(
        Q(pk__in=moved) | Q(pk__in=fees)).values("pk"))
    nets = {party: cents for party, cents in nets.items() if cents}
    return {"nets": nets, "payments": settle_up.settle_up(nets)}


def cards(night: Night, player_ids=None) -> list[dict]:
    """Each player's night card, in the order they came (of `player_ids` only, when given):
    his results (nights.selectors.results: games, units, pools, won at play, fee), the tables
    he sat at, and his rating (the standings' figure, games.ratings) before the night opened
    and after it closed (now while it is open)."""
    rows = [row for row in selectors.results(night)
            if player_ids is None or row["player"] in player_ids]
    ids = [row["player"] for row in rows]
    before = ratings(ids, before=night.opened_at)
    after = ratings(ids, before=night.closed_at)
    sat = {}
    for row in tables(night):
        for player in row["players"]:
            sat.setdefault(player, []).append(row["table"])
    return [row | {"tables": sat.get(row["player"], []),
                   "rating_before": ordinal(*before[row["player"]]),
                   "rating_after": ordinal(*after[row["player"]])} for row in rows]


def nights_of(player: Player):
    """The nights he came to, the latest first."""
    return Night.objects.filter(presences__player=player).order_by("-date", "-id")


def met(player_id: int, other_id: int):
    """The nights at which the two sat at one of the night's tables, the latest first."""
    together = Table.objects.filter(seats__player=player_id).filter(seats__player=other_id)
    return Night.objects.filter(night_tables__table__in=together).distinct().order_by(
        "-date", "-id")


def over(season: Season) -> bool:
    """Whether the season is over: its last day is past (the club's evenings)."""
    return evenings.day_of(timezone.now()) > season.last


def champion(season: Season, ladder: dict) -> int | None:
    """The season's champion: its leader (nights.selectors.standings), once it is over."""
    return ladder["leader"] if over(season) else None
