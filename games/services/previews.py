"""What a correction of a hand, or the abandon of a table, would change, found without saving
it: the change is made as usual (games.services.hands or games.services.tables, with the
table's course rebuilt, its rows projected and its money settled by the same code), then rolled
back, and the club as it stood before is set beside the club as it would stand after. So the
scorer's page can say "this correction will ..." and the table's page what abandoning it gives
back to whom, and save it only once confirmed.

Everything derived is compared: the hands set aside or counted again, the games and units
(rubbers) won by someone else or no longer won, the table won or reopened, each party's
balance, the money held at the tables, which the settle-up waits for, and each wager whose
outcome turns, read as the settlement reads it (games.selectors.wagers.figured, through
games.engine.wagers.reckon)."""
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from django.db import transaction

from club import ledger
from club.errors import Refused
from club.models import Player
from games.courses import course_of
from games.models import Game, Hand, Table, Unit
from games.refusal_codes import GameCode, GameRule
from games.selectors.wagers import figured
from games.services.changes import locked_table
from games.services.hands import correct_hand
from games.services.tables import abandon_table

HOUSE = 0  # the house's key among the balances (club.settle_up does the same)


@dataclass
class Decided:
    """A game or a unit whose winner changes: `before` and `after` are names, None when it
    is not (or no longer) decided."""
    what: str  # "game", "unit" or "table"
    number: int
    before: str | None
    after: str | None


@dataclass
class Moved:
    """A party whose balance changes: a player's name, or None for the house."""
    name: str | None
    before: int  # cents
    after: int

    @property
    def cents(self) -> int:
        return self.after - self.before


@dataclass
class Turned:
    """A wager whose outcome changes (games.engine.wagers.reckon, as the settlement reads it:
    "won", "lost", "void", "returned", or None while its unit is to be decided): who backed
    whom, for how much (cents)."""
    bettor: str
    on: str
    stake: int
    before: str | None
    after: str | None


@dataclass
class Effect:
    """What the change would do. `record` and `result` are the hand's as it would stand;
    `seq` is the table's when it was found: the change is saved as shown only at that `seq`;
    `squared` is true when, before it, every balance of the club was 0.00 (the settle-up
    paid); `held_before` and `held_after` are the money held at the tables (pots and wagers in
    escrow), which the settle-up waits for."""
    seq: int = 0  # the table's, when the effect was found
    record: dict = field(default_factory=dict)
    result: dict | None = None
    set_aside: list[int] = field(default_factory=list)
    counted_again: list[int] = field(default_factory=list)
    decided: list[Decided] = field(default_factory=list)
    moved: list[Moved] = field(default_factory=list)
    squared: bool = False
    held_before: int = 0
    held_after: int = 0
    wagers: list[Turned] = field(default_factory=list)

    @property
    def beyond_the_hand(self) -> bool:
        """Whether the change reaches past its own hand's marks: other hands, a game or a
        unit, or money. Such a change is shown, and saved only once confirmed."""
        return bool(self.set_aside or self.counted_again or self.decided or self.moved
                    or self.wagers)


class _Undone(Exception):
    def __init__(self, effect: Effect):
        super().__init__()
        self.effect = effect


def effect_of(table_id: int, change: Callable[[], Hand | None]) -> Effect:
    """What `change` (a correction or an undo of a hand of table `table_id`, whose hand it
    returns; or the table's abandon, None) would change, found by making it and rolling it
    back: nothing is saved, nothing is published. A refusal of the change is raised as it
    would be."""
    try:
        with transaction.atomic():
            table = locked_table(table_id)
            before = _state(table)
            hand = change()
            table.refresh_from_db(fields=["status", "winner", "seq"])
            effect = _compare(before, _state(table))
            effect.seq = before["seq"]
            if hand is not None:
                hand.refresh_from_db(fields=["record", "result"])
                effect.record, effect.result = hand.record, hand.result
            raise _Undone(effect)
    except _Undone as undone:
        return undone.effect


def correction_effect(*, hand_id: int, record, by) -> Effect:
    """What replacing the record of hand `hand_id` with `record` would change
    (games.services.hands.correct_hand, its refusals included), without saving it."""
    try:
        table_id = Hand.objects.values_list("table_id", flat=True).get(pk=hand_id)
    except Hand.DoesNotExist:
        raise Refused(GameCode.NO_SUCH_HAND, f"there is no hand {hand_id}",
                      rule=GameRule.NO_SUCH_HAND, hand=hand_id) from None
    return effect_of(table_id, partial(correct_hand, hand_id=hand_id, record=record, by=by))


def abandon_effect(*, table_id: int, by) -> Effect:
    """What abandoning the table (games.services.tables.abandon_table, its refusals included)
    would give back to whom, without saving it: each balance it moves (`Effect.moved`)."""
    def abandon() -> None:
        abandon_table(table_id=table_id, by=by)
    return effect_of(table_id, abandon)


def _state(table: Table) -> dict:
    """What a correction of the table's hands can change."""
    balances = ledger.player_balances()
    balances[HOUSE] = ledger.house_balance()
    return {
        "seq": table.seq,
        "aside": set(table.hands.filter(status=Hand.Status.SET_ASIDE)
                     .values_list("number", flat=True)),
        "game": dict(Game.objects.filter(table=table).values_list("number", "winner_id")),
        "unit": dict(Unit.objects.filter(table=table).values_list("number", "winner_id")),
        "table": {1: table.winner_id if table.status == Table.Status.WON else None},
        "rubbers": table.format == Table.Kind.RUBBER
        or table.rules.get("pool_unit") == "rubber",
        "balances": balances,
        "wagers": {row.wager.pk: (row.wager, row.reckoning.outcome)
                   for row in figured(table, course_of(table))},
    }


def _compare(before: dict, after: dict) -> Effect:
    ids = set()
    decided = []
    # A unit of one game is that game: it is named once, as the game.
    for what in ("game", "unit", "table") if before["rubbers"] else ("game", "table"):
        for number in sorted(before[what].keys() | after[what].keys()):
            was, now = before[what].get(number), after[what].get(number)
            if was != now:
                decided.append(Decided(what, number, was, now))
                ids |= {was, now}
    moved = [(pk, before["balances"].get(pk, 0), after["balances"].get(pk, 0))
             for pk in sorted(before["balances"].keys() | after["balances"].keys())]
    moved = [row for row in moved if row[1] != row[2]]
    ids |= {pk for pk, _, _ in moved}
    turned = [(wager, was, after["wagers"][pk][1]) for pk, (wager, was) in before["wagers"].items()
              if pk in after["wagers"] and after["wagers"][pk][1] != was]
    ids |= {pk for wager, _, _ in turned for pk in (wager.bettor_id, wager.on_id)}
    names = dict(Player.objects.filter(pk__in=ids - {None, HOUSE}).values_list("pk", "name"))
    for row in decided:
        row.before, row.after = names.get(row.before), names.get(row.after)
    return Effect(
        set_aside=sorted(after["aside"] - before["aside"]),
        counted_again=sorted(before["aside"] - after["aside"]),
        decided=decided,
        moved=sorted((Moved(names.get(pk), was, now) for pk, was, now in moved),
                     key=lambda m: (m.name is None, m.name or "")),
        squared=not any(before["balances"].values()),
        held_before=-sum(before["balances"].values()),
        held_after=-sum(after["balances"].values()),
        wagers=[Turned(names.get(wager.bettor_id), names.get(wager.on_id), wager.stake, was, now)
                for wager, was, now in turned])
