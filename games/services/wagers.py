"""Bystanders' wagers (docs/rules.md, section 11): placing, taking and withdrawing them, and
what happens to them when their unit starts.

Stakes are held in the unit's escrow account from the moment a wager is recorded or taken, and
what is given back unmatched leaves it at once; each act is posted here, by the member whose act
it is. What the winners collect when the unit is decided, or what a void returns, is derived from
the course of play by games.services.settlement.
"""
from django.db import transaction

from club import accounts, ledger, money_text, movements
from club.credit import within_credit
from club.errors import Refused
from club.models import Transaction
from club.refusal_codes import ClubCode
from games import courses
from games.engine.course import Course
from games.engine.wagers import BadOdds, Bet, SplitCent, balance, checked_odds, lay
from games.models import Table, TableEvent, Wager, WagerTake
from games.refusal_codes import GameCode, GameRule
from games.services import money
from games.services.changes import is_scorer, locked_table, record_change

# The reason of the posting that gives a wager's unmatched part back, by how that part closed.
GIVEN_BACK = {Wager.Status.WITHDRAWN: Transaction.Reason.WAGER_WITHDRAWN,
              Wager.Status.LAPSED: Transaction.Reason.WAGER_LAPSED,
              Wager.Status.MATCHED: Transaction.Reason.WAGER_MATCHED,
              Wager.Status.BALANCED: Transaction.Reason.WAGER_BALANCED}


def bad_odds(err: BadOdds) -> Refused:
    """The refusal of odds that are not two positive whole numbers, naming them as sent."""
    return Refused(GameCode.BAD_ODDS, "odds must be two positive whole numbers written a:b, such "
                   f"as 1:1 or 5:2, not {err.typed!r}", rule=GameRule.ODDS_TYPED,
                   typed=str(err.typed))


def _split_cent(code: GameCode, err: SplitCent) -> Refused:
    """The refusal `code` of a stake whose lay is a fraction of a cent, naming the nearest
    stakes that work (`below` and `above`, or `above` alone when nothing below a cent does)."""
    odds = f"{err.odds[0]}:{err.odds[1]}"
    nearest = dict(zip(("below", "above")[-len(err.nearest):],
                       map(money_text.Local, err.nearest)))
    return Refused(code, f"at {odds} a stake of {money_text.plain(err.stake)} would make the "
                   "layer's stake a fraction of a cent; "
                   f"{' or '.join(map(money_text.plain, err.nearest))} would do",
                   rule=GameRule.SPLIT_CENT if "below" in nearest else GameRule.SPLIT_CENT_ABOVE,
                   odds=odds, stake=money_text.Local(err.stake), **nearest)


def _member(by):
    player = getattr(by, "player", None)
    if player is None:
        raise Refused(GameCode.NO_LINKED_PLAYER, "only a member whose login is linked to a player "
                      "may wager", rule=GameRule.WAGER_UNLINKED)
    return player


def barred(table: Table, course: Course, by) -> Refused | None:
    """Why the member (`by`, his login) may not wager at the table's current unit whoever he
    backs, as the refusal that says so; None when he may. In the English style the unit's
    players do not wager; who enters a table's hands does not bet on them unless he plays
    (ruling 31 of docs/rules.md). The pages ask it before they offer the forms."""
    player = _member(by)
    playing = course.unit.players
    if table.wager_style == Table.WagerStyle.ENGLISH and player.pk in playing:
        return Refused(GameCode.MAY_NOT_WAGER, "no advice and no wagers from the players: in the "
                       "English style only bystanders wager", rule=GameRule.ENGLISH_PLAYERS)
    if player.pk not in playing and is_scorer(table, by):
        return Refused(GameCode.MAY_NOT_WAGER, "the table's scorers may not wager at it: they "
                       "enter the hands its wagers are settled on", rule=GameRule.WAGER_SCORER)
    return None


def _not_barred(table: Table, course: Course, by) -> None:
    refused = barred(table, course, by)
    if refused is not None:
        raise refused


def closed_to_wagers(table: Table, course: Course) -> Refused | None:
    """Why no wager may be placed, taken or withdrawn at the table now, as the refusal that
    says so; None while its current unit is open for wagers. The pages show the wager forms
    only when it is None."""
    if table.wager_style == Table.WagerStyle.NONE:
        return Refused(GameCode.NO_WAGERS, "this table takes no wagers", rule=GameRule.NO_WAGERS)
    if table.status != Table.Status.PLAYING:
        return Refused(GameCode.TABLE_CLOSED, f"the table is {table.status}: no more wagers",
                       rule=GameRule.WAGERS_TABLE_CLOSED)
    if unit_started(course):
        return Refused(GameCode.WAGERS_CLOSED, f"unit {course.unit.number} has started: wagers on "
                       "it are closed until the next unit", rule=GameRule.WAGERS_UNIT_STARTED,
                       unit=course.unit.number)
    return None


def _open_unit(table: Table) -> Course:
    """The table's course, when its current unit is open for wagers."""
    course = courses.course_of(table)
    refused = closed_to_wagers(table, course)
    if refused is not None:
        raise refused
    return course


def _still_open(table: Table, wager: Wager) -> Course:
    """The table's course, when the wager still has an unmatched part on the open unit: not
    closed, not void (its unit gone, or its player no longer in it after a correction)."""
    course = _open_unit(table)
    if (wager.status != Wager.Status.OPEN or wager.unit_number != course.unit.number
            or wager.on_id not in course.unit.players or not wager.unmatched):
        raise Refused(GameCode.WAGER_NOT_OPEN, f"wager {wager.pk} is no longer open: nothing of it "
                      "is left to take or withdraw", rule=GameRule.WAGER_NOT_OPEN, wager=wager.pk)
    return course


def unit_started(course: Course) -> bool:
    """Whether a hand of the current unit has been recorded (a hand in progress included)."""
    return any(game.hands for game in course.games if game.unit == course.unit.number)


def _stake(table: Table, cents: int, rest: int | None = None) -> int:
    """The stake, in cents, when it is within the table's limits. Taking `rest`, the whole of
    what is left of an offer, is allowed below the minimum."""
    ledger.within_ceiling(cents, "the stake", code=GameCode.BAD_STAKE)
    if cents == rest and cents > 0:
        return cents
    least, most = (None if limit is None else money_text.Local(limit)
                   for limit in (table.rules["wager_min"], table.rules["wager_max"]))
    if cents < least:
        raise Refused(GameCode.BAD_STAKE, f"the stake must be at least {money_text.plain(least)} "
                      "at this table", rule=GameRule.STAKE_BELOW_MIN, least=least)
    if most is not None and cents > most:
        raise Refused(GameCode.BAD_STAKE, f"the stake must be at most {money_text.plain(most)} at "
                      "this table", rule=GameRule.STAKE_ABOVE_MAX, most=most)
    return cents


@transaction.atomic
def place_wager(*, table_id: int, by, on: int, stake: int,
                odds: tuple[int, int] | None = None) -> Wager:
    """The member backs the seated player `on` to win the current unit with `stake` cents: an
    offer at `odds` (a, b) (English style, default 1:1) or a bet for the gallery (French
    style)."""
    table = locked_table(table_id)
    bettor = _member(by)
    course = _open_unit(table)
    playing = course.unit.players
    if on not in playing:
        who = "the observer" if on == course.observer else f"player {on}"
        raise Refused(GameCode.NOT_PLAYING, f"nobody may wager on {who}: unit {course.unit.number} "
                      "is played by the two seated players", rule=GameRule.NOT_PLAYING,
                      unit=course.unit.number)
    _not_barred(table, course, by)
    english = table.wager_style == Table.WagerStyle.ENGLISH
    if not english and bettor.pk in playing and bettor.pk != on:
        raise Refused(GameCode.MAY_NOT_WAGER, "a seated player may back himself, never his "
                      "adversary", rule=GameRule.BACK_ADVERSARY)
    if odds is not None and not english:
        raise Refused(GameCode.BAD_ODDS, "odds are for the English style only",
                      rule=GameRule.ODDS_ENGLISH)
    cents = _stake(table, stake)
    try:
        odds = checked_odds((1, 1) if odds is None else odds)
        laid = lay(cents, odds)
    except BadOdds as err:
        raise bad_odds(err) from None
    except SplitCent as err:
        raise _split_cent(GameCode.BAD_ODDS, err) from None
    ledger.within_ceiling(laid, f"what the layers would put up against the whole offer at "
                          f"{odds[0]}:{odds[1]} "
                          f"({money_text.plain(cents)} × {odds[0]} / {odds[1]})",
                          code=GameCode.BAD_STAKE)
    within_credit(bettor, cents)
    wager = Wager.objects.create(
        table=table, unit_number=course.unit.number, style=table.wager_style, bettor=bettor,
        on_id=on, stake=cents, odds_for=odds[0], odds_against=odds[1], placed_by=by)
    _hold(table, wager, by, reason=Transaction.Reason.WAGER_STAKE,
          reference=movements.wager_reference(wager.pk, "stake"), player=bettor.pk, cents=cents)
    record_change(table, course, TableEvent.Type.WAGER, by=by,
            change={"wager": wager.pk, "act": "placed"})
    return wager


@transaction.atomic
def take_wager(*, wager_id: int, by, stake: int) -> WagerTake:
    """The member takes the other side of an English offer, for `stake` cents of the backer's
    stake (in full or in part)."""
    table = locked_table(_table_of(wager_id))
    wager = Wager.objects.select_for_update().get(pk=wager_id)
    layer = _member(by)
    if wager.style != Table.WagerStyle.ENGLISH:
        raise Refused(GameCode.NOT_AN_OFFER, "only an English offer is taken; French bets are "
                      "balanced when the unit starts", rule=GameRule.TAKE_FRENCH)
    course = _still_open(table, wager)
    if layer.pk == wager.bettor_id:
        raise Refused(GameCode.MAY_NOT_WAGER, "nobody may lay against himself: this is your own "
                      "offer", rule=GameRule.LAY_HIMSELF)
    _not_barred(table, course, by)
    cents = _stake(table, stake, rest=wager.unmatched)
    if cents > wager.unmatched:
        left = money_text.Local(wager.unmatched)
        raise Refused(GameCode.OVER_UNMATCHED, f"only {money_text.plain(left)} of wager {wager.pk} "
                      "is still unmatched", rule=GameRule.UNMATCHED_LEFT, left=left, wager=wager.pk)
    try:
        laid = lay(cents, (wager.odds_for, wager.odds_against))
    except SplitCent as err:
        raise _split_cent(GameCode.BAD_STAKE, err) from None
    within_credit(layer, laid)
    take = WagerTake.objects.create(wager=wager, layer=layer, stake=cents, lay=laid,
                                    taken_by=by)
    wager.matched += cents
    wager.save(update_fields=["matched"])
    _hold(table, wager, by, reason=Transaction.Reason.WAGER_LAY,
          reference=movements.wager_reference(wager.pk, "take", take.pk), player=layer.pk,
          cents=laid)
    record_change(table, course, TableEvent.Type.WAGER, by=by,
            change={"wager": wager.pk, "act": "taken", "take": take.pk})
    return take


@transaction.atomic
def withdraw_wager(*, wager_id: int, by) -> Wager:
    """The backer withdraws what is still unmatched of his wager before the unit starts."""
    table = locked_table(_table_of(wager_id))
    wager = Wager.objects.select_for_update().get(pk=wager_id)
    if getattr(by, "player", None) is None or by.player.pk != wager.bettor_id:
        raise Refused(ClubCode.NOT_OWN, "only the member who placed a wager may withdraw it",
                      rule=GameRule.WITHDRAW_OWN)
    course = _still_open(table, wager)
    _give_back(table, wager, by, Wager.Status.WITHDRAWN)
    record_change(table, course, TableEvent.Type.WAGER, by=by,
            change={"wager": wager.pk, "act": "withdrawn"})
    return wager


def start_unit(table: Table, course: Course, by) -> None:
    """The current unit's first hand is being recorded: what is unmatched of the English offers
    lapses, and the French gallery is balanced between the unit's two players, the excess given
    back. A wager on a player whom a correction took out of the unit is void, and the
    settlement has given it back whole already: it is left as it is."""
    open_wagers = list(Wager.objects.filter(table=table, unit_number=course.unit.number,
                                            status=Wager.Status.OPEN,
                                            on__in=course.unit.players)
                       .select_for_update())
    if table.wager_style == Table.WagerStyle.FRENCH:
        matched = balance([Bet(w.pk, w.bettor_id, w.on_id, w.stake) for w in open_wagers],
                          course.unit.players)
        for wager in open_wagers:
            wager.matched = matched[wager.pk]
            wager.against_id = next(p for p in course.unit.players if p != wager.on_id)
    for wager in open_wagers:
        if wager.style == Table.WagerStyle.FRENCH:
            status = Wager.Status.BALANCED
        else:  # English: what is unmatched lapses; an offer matched in full stands as it is
            status = Wager.Status.LAPSED if wager.unmatched else Wager.Status.MATCHED
        _give_back(table, wager, by, status)


def _give_back(table: Table, wager: Wager, by, status: str) -> None:
    """Closes the wager with `status`, giving its unmatched part back from the escrow."""
    back = wager.unmatched
    wager.returned += back
    wager.status = status
    wager.save(update_fields=["matched", "returned", "status", "against"])
    money.post_if_possible(table, reason=GIVEN_BACK[status],
                           reference=movements.wager_reference(wager.pk, status), by=by,
                           amounts={accounts.escrow(table.pk, wager.unit_number): -back,
                                    accounts.player(wager.bettor_id): back},
                           unit=wager.unit_number, wager=wager)


def _hold(table: Table, wager: Wager, by, *, reason: Transaction.Reason, reference: str,
          player: int, cents: int) -> None:
    money.post(table, reason=reason, reference=reference, by=by, unit=wager.unit_number,
               wager=wager, amounts={accounts.player(player): -cents,
                                     accounts.escrow(table.pk, wager.unit_number): cents})


def _table_of(wager_id: int) -> int:
    try:
        return Wager.objects.values_list("table_id", flat=True).get(pk=wager_id)
    except Wager.DoesNotExist:
        raise Refused(GameCode.NO_SUCH_WAGER, f"there is no wager {wager_id}",
                      rule=GameRule.NO_SUCH_WAGER, wager=wager_id) from None
