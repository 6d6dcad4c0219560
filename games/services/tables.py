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
from games import courses
from games.engine.course import cut_for_deal
from games.engine.rules import BadOption, table_rules
from games.models import Seat, Table, Wager, WagerTake
from games.money_options import MONEY_RULES, STAKES
from games.selectors.tables import playing_elsewhere
from games.services.changes import locked_table, may_score, publish, rebuild
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
        rule = ("rules_object" if err.key is None else "not_an_option" if err.choices is None
                else "option_choices")
        raise Refused("bad_rules", str(err), rule=rule, option=err.key,
                      choices=err.choices or (), field=err.key) from None
    rules |= {key: _amount(rules.pop(key, default), key) for key, default in MONEY_RULES.items()}
    for key in (*STAKES, "wager_min", "wager_max"):
        if rules[key] is not None:
            ledger.within_ceiling(rules[key], f"rules.{key}",
                                  code="bad_rules", rule="rule_above_limit", field=key)
    if rules["levy_percent"] > 100_00:
        raise Refused("bad_rules", "rules.levy_percent must be a percentage from 0 to 100",
                      rule="levy_percent", field="levy_percent")
    if rules["wager_min"] < 1:
        raise Refused("bad_rules", "rules.wager_min must be at least 0.01",
                      rule="wager_min_least", field="wager_min")
    if rules["wager_max"] is not None and rules["wager_max"] < rules["wager_min"]:
        raise Refused("bad_rules", "rules.wager_max must not be less than rules.wager_min",
                      rule="wager_max_below_min", field="wager_max")
    return rules


def _many_handed_rules(format: str, given, wager_style: str) -> dict:
    """The options of an à trois or à quatre table: only the target (7 unless given) and the
    ranking; wagers are not taken on these kinds of table (docs/rules.md, section 11)."""
    if wager_style != Table.WagerStyle.NONE:
        raise Refused("bad_wager_style", f"wager_style must be \"none\": wagers are not taken on "
                      f"a {format} table", rule="wager_style", field="wager_style")
    if type(given) is not dict:
        raise Refused("bad_rules", "rules must be an object of table options",
                      rule="rules_object")
    for key in given:
        if key not in MANY_HANDED_RULES:
            raise Refused("bad_rules", f"rules.{key} is not an option of a {format} table: "
                          "it takes only target and ranking", rule="many_handed_option",
                          option=key, field=key)
    if given.get("target", 7) not in (5, 7):
        raise Refused("bad_rules", f"rules.target of a {format} table must be 5 or 7",
                      rule="many_handed_target", field="target")
    return {"target": 7} | given


def _amount(value, key: str) -> int | None:
    """A money option: whole cents, or hundredths of a percent, not below 0. `wager_max` may
    be None: no maximum."""
    if value is None and key == "wager_max" or type(value) is int and value >= 0:
        return value
    raise Refused("bad_rules", f'rules.{key} must be an amount such as "12.50", not {value!r}',
                  rule="option_amount", option=key, field=key)


@transaction.atomic
def open_table(*, name: str, format: str, players: list[Player], rules: dict, by,
               wager_style: str = "none", first_dealer: Player | None = None,
               scorers=(), private: bool = False, check_elsewhere: bool = False) -> Table:
    """Opens the table, its opener and `scorers` (users) its scorers. With `check_elsewhere`,
    a player who already sits at another table in play is refused (`playing_elsewhere`): the
    open-table page asks so until the opener confirms; the API opens it all the same unless
    asked (docs/api.md, Opening a table)."""
    if format not in Table.Kind.values:
        raise Refused("unknown_format", 'format must be "pool", "rubber", "trois" or "quatre"',
                      rule="unknown_format", field="format")
    seats = SEAT_COUNT[format]
    if len(players) != seats or len({p.pk for p in players}) != seats:
        raise Refused("wrong_player_count", f"a {format} takes {seats} different players",
                      rule="seat_count", field="seat1")
    if wager_style not in Table.WagerStyle.values:
        raise Refused("bad_wager_style", 'wager_style must be "english", "french" or "none"',
                      rule="wager_style_unknown", field="wager_style")
    if format in MANY_HANDED:
        rules = _many_handed_rules(format, rules, wager_style)
    rules = read_rules(rules)
    if format == Table.Kind.RUBBER:
        for key in STAKES:
            if rules[key]:
                raise Refused("bad_rules", f"rules.{key} must be 0.00 at a rubber: only a pool "
                              "has a pot, and no money moves at a rubber but its wagers",
                              rule="rubber_stakes", field=key)
    playing = players if format in MANY_HANDED else players[:2]
    cut = []
    if first_dealer is None:
        dealer_id, cut = cut_for_deal([p.pk for p in playing], _cut_rng, rules["ranking"])
        first_dealer = next(p for p in playing if p.pk == dealer_id)
    elif first_dealer.pk not in {p.pk for p in playing}:
        raise Refused("bad_first_dealer", "first_dealer must be one of the players who play "
                      "first", rule="first_dealer", field="first_dealer")
    own = getattr(by, "player", None)
    staked = format == Table.Kind.POOL and any(rules[key] for key in STAKES)
    if staked and not by.is_staff and own not in players:
        raise Refused("not_staff", "a pool with stakes is opened by staff or by one of its "
                      "players", rule="stakes_by_staff", field="pool_entry")
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
    rebuild(table, kind="open", by=by)
    return table


def _not_elsewhere(players: list[Player]) -> None:
    """Refuses the players who already sit at another table in play, naming each with those
    tables, beside the seat of the first."""
    busy = playing_elsewhere([p.pk for p in players])
    if busy:
        seated = tuple(f"{p.name} ({', '.join(busy[p.pk])})" for p in players if p.pk in busy)
        first = next(n for n, p in enumerate(players, 1) if p.pk in busy)
        raise Refused("playing_elsewhere", "already at another table in play: "
                      f"{'; '.join(seated)}", rule="playing_elsewhere", seated=seated,
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
        raise Refused("not_staff", "only staff and the table's opener may change its scorers",
                      rule="opener_sets_scorers")
    chosen = {user.pk: user for user in scorers if user.pk != table.opened_by_id}
    wagered = (set(Wager.objects.filter(table=table, placed_by__in=chosen)
                   .values_list("placed_by", flat=True))
               | set(WagerTake.objects.filter(wager__table=table, taken_by__in=chosen)
                     .values_list("taken_by", flat=True)))
    if wagered:
        name = min(chosen[pk].get_username() for pk in wagered)
        raise Refused("may_not_wager", f"{name} has wagered at this table: its scorers do not "
                      "wager at it", rule="scorer_wagered", name=name)
    table.scorers.set(chosen.values())
    publish(table, courses.course_of(table), "scorers", by=by,
            change={"scorers": sorted(user.get_username() for user in chosen.values())})
    return table


def _abandon_refused(table: Table, user) -> Refused | None:
    """Why `user` may not abandon the table now, as the refusal that says so; None when he
    may: staff and the table's scorers, while it is played."""
    if not may_score(table, user):
        return Refused("not_scorer", "only the table's scorers and staff may abandon it",
                       rule="scorers_abandon")
    if table.status != Table.Status.PLAYING:
        return Refused("table_closed", f"the table is already {table.status}",
                       rule="table_already_over")
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
        raise Refused("table_changed", "the table changed since its abandon was shown",
                      rule="table_changed")
    table.status = Table.Status.ABANDONED
    table.finished_at = timezone.now()
    rebuild(table, kind="abandoned", by=by)
    return table


@transaction.atomic
def take_seat(*, table_id: int, by, player: Player | None = None) -> Table:
    """`player` (by default the user's own) takes his pending seat, and pays his entry. Only
    staff may seat another player."""
    table = locked_table(table_id)
    own = getattr(by, "player", None)
    player = player or own
    if player is None:
        raise Refused("no_linked_player", "your login is not linked to a player",
                      rule="seat_unlinked")
    if player != own and not by.is_staff:
        raise Refused("not_staff", "only staff may seat another player", rule="seat_by_staff")
    if table.status != Table.Status.PLAYING:
        raise Refused("table_closed", f"the table is {table.status}", rule="no_more_seats")
    seat = next((seat for seat in table.seat_rows() if seat.player_id == player.pk), None)
    if seat is None:
        raise Refused("no_seat", f"{player.name} has no seat at this table", rule="no_seat",
                      name=player.name)
    if seat.taken_at is not None:
        raise Refused("seat_taken", f"{player.name} has already taken his seat",
                      rule="seat_taken", name=player.name)
    seat.taken_at = timezone.now()
    seat.save(update_fields=["taken_at"])
    rebuild(table, kind="seat", by=by, change={"player": player.pk})
    return table
