"""Opening a table, taking a seat at it, and abandoning it.

Nobody moves another member's money without the right to: a table with stakes is opened by
staff, who seat every player, or by a member who sits at it, whose fellow players each take
their seat themselves (staff seat a player who has no login) and only then pay their entry.
"""
import random

from django.db import transaction
from django.utils import timezone

from club import ledger
from club.errors import Refused
from club.models import Player
from club.refusal_codes import ClubCode
from games import courses
from games.engine.course import cut_for_deal
from games.engine.rules import BadOption, table_rules
from games.models import Seat, Table, TableEvent, Wager, WagerTake
from games.money_options import MONEY_RULES, STAKES
from games.refusal_codes import GameCode, GameRule
from games.selectors.tables import playing_elsewhere
from games.services.changes import locked_table, may_score, rebuild, record_change
from games.table_kinds import MANY_HANDED

_cut_rng = random.SystemRandom()
SEAT_COUNT = {"pool": 3, "rubber": 2, "trois": 3, "quatre": 4}
MANY_HANDED_RULES = ("target", "ranking")


def read_rules(given: dict) -> dict:
    """The table's options, defaults filled in; the money options in whole cents, the levy in
    hundredths of a percent (games.money_options)."""
    try:
        rules = table_rules(given or {}, money_keys=MONEY_RULES)
    except BadOption as err:
        rule = (GameRule.RULES_OBJECT if err.key is None
                else GameRule.NOT_AN_OPTION if err.choices is None else GameRule.OPTION_CHOICES)
        raise Refused(GameCode.BAD_RULES, str(err), rule=rule, option=err.key,
                      choices=err.choices or (), field=err.key) from None
    rules |= {key: _amount(rules.pop(key, default), key) for key, default in MONEY_RULES.items()}
    for key in (*STAKES, "wager_min", "wager_max"):
        if rules[key] is not None:
            ledger.within_ceiling(rules[key], f"rules.{key}", code=GameCode.BAD_RULES,
                                  rule=GameRule.RULE_ABOVE_LIMIT, field=key)
    if rules["levy_percent"] > 100_00:
        raise Refused(GameCode.BAD_RULES, "rules.levy_percent must be a percentage from 0 to 100",
                      rule=GameRule.LEVY_PERCENT, field="levy_percent")
    if rules["wager_min"] < 1:
        raise Refused(GameCode.BAD_RULES, "rules.wager_min must be at least 0.01",
                      rule=GameRule.WAGER_MIN_LEAST, field="wager_min")
    if rules["wager_max"] is not None and rules["wager_max"] < rules["wager_min"]:
        raise Refused(GameCode.BAD_RULES, "rules.wager_max must not be less than rules.wager_min",
                      rule=GameRule.WAGER_MAX_BELOW_MIN, field="wager_max")
    return rules


def _many_handed_rules(format: str, given, wager_style: str) -> dict:
    """The options of an à trois or à quatre table: only the target (7 unless given) and the
    ranking; wagers are not taken on these kinds of table (docs/rules.md, section 11)."""
    if wager_style != Table.WagerStyle.NONE:
        raise Refused(GameCode.BAD_WAGER_STYLE, "wager_style must be \"none\": wagers are not "
                      f"taken on a {format} table", rule=GameRule.WAGER_STYLE, field="wager_style")
    if type(given) is not dict:
        raise Refused(GameCode.BAD_RULES, "rules must be an object of table options",
                      rule=GameRule.RULES_OBJECT)
    for key in given:
        if key not in MANY_HANDED_RULES:
            raise Refused(GameCode.BAD_RULES, f"rules.{key} is not an option of a {format} table: "
                          "it takes only target and ranking", rule=GameRule.MANY_HANDED_OPTION,
                          option=key, field=key)
    if given.get("target", 7) not in (5, 7):
        raise Refused(GameCode.BAD_RULES, f"rules.target of a {format} table must be 5 or 7",
                      rule=GameRule.MANY_HANDED_TARGET, field="target")
    return {"target": 7} | given


def _amount(value, key: str) -> int | None:
    """A money option: whole cents, or hundredths of a percent, not below 0. `wager_max` may
    be None: no maximum."""
    if value is None and key == "wager_max" or type(value) is int and value >= 0:
        return value
    raise Refused(GameCode.BAD_RULES, f'rules.{key} must be an amount such as "12.50", not '
                  f'{value!r}', rule=GameRule.OPTION_AMOUNT, option=key, field=key)


@transaction.atomic
def open_table(*, name: str, format: str, players: list[Player], rules: dict, by,
               wager_style: str = "none", first_dealer: Player | None = None,
               scorers=(), private: bool = False, check_elsewhere: bool = False) -> Table:
    """Opens the table, its opener and `scorers` (users) its scorers. With `check_elsewhere`,
    a player who already sits at another table in play is refused (`playing_elsewhere`): the
    open-table page asks so until the opener confirms; the API opens it all the same unless
    asked (docs/api.md, Opening a table)."""
    if format not in Table.Kind.values:
        raise Refused(GameCode.UNKNOWN_FORMAT, 'format must be "pool", "rubber", "trois" or '
                      '"quatre"', rule=GameRule.UNKNOWN_FORMAT, field="format")
    seats = SEAT_COUNT[format]
    if len(players) != seats or len({p.pk for p in players}) != seats:
        raise Refused(GameCode.WRONG_PLAYER_COUNT, f"a {format} takes {seats} different players",
                      rule=GameRule.SEAT_COUNT, field="seat1")
    if wager_style not in Table.WagerStyle.values:
        raise Refused(GameCode.BAD_WAGER_STYLE, 'wager_style must be "english", "french" or "none"',
                      rule=GameRule.WAGER_STYLE_UNKNOWN, field="wager_style")
    if format in MANY_HANDED:
        rules = _many_handed_rules(format, rules, wager_style)
    rules = read_rules(rules)
    if format == Table.Kind.RUBBER:
        for key in STAKES:
            if rules[key]:
                raise Refused(GameCode.BAD_RULES, f"rules.{key} must be 0.00 at a rubber: only a "
                              "pool has a pot, and no money moves at a rubber but its wagers",
                              rule=GameRule.RUBBER_STAKES, field=key)
    playing = players if format in MANY_HANDED else players[:2]
    cut = []
    if first_dealer is None:
        dealer_id, cut = cut_for_deal([p.pk for p in playing], _cut_rng, rules["ranking"])
        first_dealer = next(p for p in playing if p.pk == dealer_id)
    elif first_dealer.pk not in {p.pk for p in playing}:
        raise Refused(GameCode.BAD_FIRST_DEALER, "first_dealer must be one of the players who play "
                      "first", rule=GameRule.FIRST_DEALER, field="first_dealer")
    own = getattr(by, "player", None)
    staked = format == Table.Kind.POOL and any(rules[key] for key in STAKES)
    if staked and not by.is_staff and own not in players:
        raise Refused(ClubCode.NOT_STAFF, "a pool with stakes is opened by staff or by one of its "
                      "players", rule=GameRule.STAKES_BY_STAFF, field="pool_entry")
    if check_elsewhere:
        _not_elsewhere(players)
    table = Table.objects.create(name=name, format=format, rules=rules, wager_style=wager_style,
                                 first_dealer=first_dealer, cut=cut, opened_by=by,
                                 seating=[p.pk for p in players], private=private)
    now = timezone.now()
    Seat.objects.bulk_create(
        Seat(table=table, player=p, position=i,
             taken_at=now if by.is_staff or not staked or p == own else None)
        for i, p in enumerate(players))
    table.scorers.set(scorers)
    rebuild(table, event=TableEvent.Type.OPEN, by=by)
    return table


def _not_elsewhere(players: list[Player]) -> None:
    """Refuses the players who already sit at another table in play, naming each with those
    tables, beside the seat of the first."""
    busy = playing_elsewhere([p.pk for p in players])
    if busy:
        seated = tuple(f"{p.name} ({', '.join(busy[p.pk])})" for p in players if p.pk in busy)
        first = next(n for n, p in enumerate(players, 1) if p.pk in busy)
        raise Refused(GameCode.PLAYING_ELSEWHERE, "already at another table in play: "
                      f"{'; '.join(seated)}", rule=GameRule.PLAYING_ELSEWHERE, seated=seated,
                      field=f"seat{first}")


def may_set_scorers(table: Table, user) -> bool:
    """Whether `user` may change the table's scorers: staff and the table's opener (what the
    table's page asks before it offers the form; `set_scorers` asks it again)."""
    return user.is_authenticated and (user.is_staff or user.pk == table.opened_by_id)


@transaction.atomic
def set_scorers(*, table_id: int, scorers, by) -> Table:
    """The table's scorers besides its opener become the users `scorers`, at any time; for
    staff and the opener only. A user who has wagered at the table is not made its scorer:
    who enters the hands does not bet on them (docs/rules.md, ruling 31). The live feed tells
    the change ("scorers", their usernames)."""
    table = locked_table(table_id)
    if not may_set_scorers(table, by):
        raise Refused(ClubCode.NOT_STAFF, "only staff and the table's opener may change its "
                      "scorers", rule=GameRule.OPENER_SETS_SCORERS)
    chosen = {user.pk: user for user in scorers if user.pk != table.opened_by_id}
    wagered = (set(Wager.objects.filter(table=table, placed_by__in=chosen)
                   .values_list("placed_by", flat=True))
               | set(WagerTake.objects.filter(wager__table=table, taken_by__in=chosen)
                     .values_list("taken_by", flat=True)))
    if wagered:
        name = min(chosen[pk].get_username() for pk in wagered)
        raise Refused(GameCode.MAY_NOT_WAGER, f"{name} has wagered at this table: its scorers do "
                      "not wager at it", rule=GameRule.SCORER_WAGERED, name=name)
    table.scorers.set(chosen.values())
    record_change(table, courses.course_of(table), TableEvent.Type.SCORERS, by=by,
            change={"scorers": sorted(user.get_username() for user in chosen.values())})
    return table


def _abandon_refused(table: Table, user) -> Refused | None:
    """Why `user` may not abandon the table now, as the refusal that says so; None when he
    may: staff and the table's scorers, while it is played."""
    if not may_score(table, user):
        return Refused(GameCode.NOT_SCORER, "only the table's scorers and staff may abandon it",
                       rule=GameRule.SCORERS_ABANDON)
    if table.status != Table.Status.PLAYING:
        return Refused(GameCode.TABLE_CLOSED, f"the table is already {table.status}",
                       rule=GameRule.TABLE_ALREADY_OVER)
    return None


def may_abandon(table: Table, user) -> bool:
    """Whether `user` may abandon the table now (what `abandon_table` checks again under the
    table's lock): what the pages ask before they offer it."""
    return user.is_authenticated and _abandon_refused(table, user) is None


@transaction.atomic
def abandon_table(*, table_id: int, by, seq: int | None = None) -> Table:
    """Ends the table: no more hands; every stake still held at it goes back to whoever put it
    up (games.services.settlement: the pool's entries and forfeits, the wagers on the unit in
    play). With `seq`, only if the table is still at that `seq` (what the page showed it would
    give back)."""
    table = locked_table(table_id)
    refused = _abandon_refused(table, by)
    if refused is not None:
        raise refused
    if seq is not None and table.seq != seq:
        raise Refused(GameCode.TABLE_CHANGED, "the table changed since its abandon was shown",
                      rule=GameRule.TABLE_CHANGED)
    table.status = Table.Status.ABANDONED
    table.finished_at = timezone.now()
    rebuild(table, event=TableEvent.Type.ABANDONED, by=by)
    return table


@transaction.atomic
def take_seat(*, table_id: int, by, player: Player | None = None) -> Table:
    """`player` (by default the user's own) takes his pending seat, and pays his entry. Only
    staff may seat another player."""
    table = locked_table(table_id)
    own = getattr(by, "player", None)
    player = player or own
    if player is None:
        raise Refused(GameCode.NO_LINKED_PLAYER, "your login is not linked to a player",
                      rule=GameRule.SEAT_UNLINKED)
    if player != own and not by.is_staff:
        raise Refused(ClubCode.NOT_STAFF, "only staff may seat another player",
                      rule=GameRule.SEAT_BY_STAFF)
    if table.status != Table.Status.PLAYING:
        raise Refused(GameCode.TABLE_CLOSED, f"the table is {table.status}",
                      rule=GameRule.NO_MORE_SEATS)
    seat = next((seat for seat in table.seat_rows() if seat.player_id == player.pk), None)
    if seat is None:
        raise Refused(GameCode.NO_SEAT, f"{player.name} has no seat at this table",
                      rule=GameRule.NO_SEAT, name=player.name)
    if seat.taken_at is not None:
        raise Refused(GameCode.SEAT_TAKEN, f"{player.name} has already taken his seat",
                      rule=GameRule.SEAT_TAKEN, name=player.name)
    seat.taken_at = timezone.now()
    seat.save(update_fields=["taken_at"])
    rebuild(table, event=TableEvent.Type.SEAT, by=by, change={"player": player.pk})
    return table
