"""The club night's writes: opening it, who is present (and his fee, posted to the ledger at
once), the draw of its tables, closing it; and the seasons. Each is one transaction that locks
the night's row first, so that two directors drawing at once take turns and never seat a
player twice, and a member marking himself present while a draw runs is drawn or waits, never
both nor neither (tests/nights/test_at_once.py, on PostgreSQL).

A director (the permission `nights.direct_night`) runs the night without being staff: he opens
it, marks anyone present, draws and closes, and scores, corrects and abandons at the tables of
the night in play (`directs_table`, a hook of games.services.changes.may_score).
"""
import random

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils import timezone

from club import evenings, ledger, movements
from club.credit import within_credit
from club.errors import Refused
from club.models import Player, Transaction
from club.refusal_codes import ClubCode
from games.live.publish import lists_news_on_commit
from games.models import Table
from games.money_options import STAKES
from games.ratings import ordinal, ratings
from games.refusal_codes import GameCode
from games.services.tables import SEAT_COUNT, open_table, read_rules
from nights import draw as drawing
from nights import selectors
from nights.models import Night, NightTable, Presence, Season
from nights.refusal_codes import NightCode, NightRule

DIRECT = "nights.direct_night"
_rng = random.SystemRandom()


def changed() -> None:
    """The night's pages read it again once the change is committed (games.live.publish: the
    lists' feed, which the night's page and projector follow)."""
    lists_news_on_commit("night")


def may_direct(user) -> bool:
    """Staff and directors run a night."""
    return user.is_authenticated and (user.is_staff or user.has_perm(DIRECT))


def directs_table(table: Table, user) -> bool:
    """Whether `user` is a director and `table` one of the open night's: he may then score,
    correct and abandon at it (games.services.changes.SCORING_HOOKS)."""
    return (user.is_authenticated and user.has_perm(DIRECT)
            and NightTable.objects.filter(table=table, night__status=Night.Status.OPEN).exists())


def guests_at_limit(players) -> dict[int, int]:
    """{player id: the nights he came to as a guest} for those of `players` who are guests (no
    login) and came to the club's most nights for a guest (settings.GUEST_NIGHTS): they may not
    be marked present again until they join (guest_limit). Empty when the club sets no limit."""
    most = settings.GUEST_NIGHTS
    guests = [player.pk for player in players if player.user_id is None]
    if most is None or not guests:
        return {}
    came = dict(Presence.objects.filter(player_id__in=guests, guest=True).values("player_id")
                .annotate(n=Count("id")).order_by().values_list("player_id", "n"))
    return {pk: came.get(pk, 0) for pk in guests if came.get(pk, 0) >= most}


def _refuse_unless_director(user, rule: NightRule) -> None:
    if not may_direct(user):
        raise Refused(NightCode.NOT_DIRECTOR, "only staff and the night's directors may do this",
                      rule=rule)


def _locked_night(night_id: int, *, open_only: bool = True) -> Night:
    night = Night.objects.select_for_update().filter(pk=night_id).first()
    if night is None:
        raise Refused(NightCode.NO_SUCH_NIGHT, f"there is no night {night_id}",
                      rule=NightRule.NO_SUCH_NIGHT, night=night_id)
    if open_only and night.status != Night.Status.OPEN:
        raise Refused(NightCode.NIGHT_CLOSED, f"night {night_id} is closed",
                      rule=NightRule.NIGHT_CLOSED, night=night_id)
    return night


@transaction.atomic
def open_night(*, name: str = "", member_fee: int = 0, guest_fee: int = 0, by) -> Night:
    """Opens the night of this evening (club.evenings), named `name` (its date when blank),
    with its fees in cents. Staff and directors only; one night is open at a time
    (night_open)."""
    _refuse_unless_director(by, NightRule.NIGHT_DIRECTOR)
    for cents, field in ((member_fee, "member_fee"), (guest_fee, "guest_fee")):
        if cents < 0:
            raise Refused(ClubCode.BAD_AMOUNT, f"{field} must not be below 0.00",
                          rule=NightRule.FEE_NEGATIVE, field=field)
        ledger.within_ceiling(cents, f"the {field.replace('_', ' ')}", code=ClubCode.BAD_AMOUNT,
                              field=field)
    day = evenings.day_of(timezone.now())
    try:
        with transaction.atomic():
            night = Night.objects.create(name=name or day.isoformat(), date=day,
                                         member_fee=member_fee, guest_fee=guest_fee,
                                         opened_by=by)
    except IntegrityError:  # nights_night_one_open
        pass
    else:
        changed()
        return night
    open_now = Night.objects.filter(status=Night.Status.OPEN).first()
    raise Refused(NightCode.NIGHT_OPEN, f"night {open_now.pk} is open: close it first",
                  rule=NightRule.NIGHT_OPEN, night=open_now.pk, name=open_now.name)


@transaction.atomic
def mark_present(*, night_id: int, by, player: Player | None = None) -> Presence:
    """`player` (by default the user's own) is present at the night, from now; his fee (the
    guest's for a player without a login, the member's otherwise) is posted at once from his
    account to the house's, in one balanced transaction made by `by` (none for 0.00), unless it
    would take him past the club's credit limit (insufficient_funds). A member marks himself;
    staff and directors mark anyone; a guest who came to the club's most nights for a guest is
    refused (guest_limit, `guests_at_limit`)."""
    night = _locked_night(night_id)
    own = getattr(by, "player", None)
    player = player or own
    if player is None:
        raise Refused(GameCode.NO_LINKED_PLAYER, "your login is not linked to a player",
                      rule=NightRule.PRESENT_UNLINKED)
    if player != own:
        _refuse_unless_director(by, NightRule.PRESENT_OTHERS)
    if night.presences.filter(player=player).exists():
        raise Refused(NightCode.ALREADY_PRESENT, f"{player.name} is already present",
                      rule=NightRule.ALREADY_PRESENT, name=player.name)
    guest = player.user_id is None
    nights = guests_at_limit([player]).get(player.pk)
    if nights is not None:
        raise Refused(NightCode.GUEST_LIMIT, f"{player.name} has played his guest nights "
                      f"({nights}, the most a guest may): he must join the club first",
                      rule=NightRule.GUEST_LIMIT, name=player.name, nights=nights,
                      most=settings.GUEST_NIGHTS)
    fee = night.guest_fee if guest else night.member_fee
    posted = None
    if fee:
        within_credit(player, fee)
        reference = movements.night_reference(night.pk, "fee", player.pk)
        posted = ledger.post(reason=Transaction.Reason.NIGHT_FEE, memo=night.name,
                             entries=[(ledger.account_for_player(player), -fee),
                                      (ledger.house_account(), fee)],
                             reference=reference, by=by)
    changed()
    return Presence.objects.create(night=night, player=player, fee=fee, guest=guest,
                                   transaction=posted, by=by)


@transaction.atomic
def draw(*, night_id: int, format: str, rules: dict, by, wager_style: str = "none",
         balance: bool = False) -> tuple[list[Table], list[int]]:
    """Draws the players present and not seated at a table of the night in play into new
    tables of `format` (a pool of 3, a rubber of 2), with `rules` and `wager_style` as
    games.services.tables.open_table takes them: the longest waiting first, grouped by
    nights.draw (fair; by rating with `balance`). Those left over wait. The tables, and who
    waits, longest first."""
    night = _locked_night(night_id)
    _refuse_unless_director(by, NightRule.DRAW_DIRECTOR)
    if format not in (Table.Kind.POOL, Table.Kind.RUBBER):
        raise Refused(GameCode.UNKNOWN_FORMAT, 'format must be "pool" or "rubber"',
                      rule=NightRule.NIGHT_FORMAT, field="format")
    if format == Table.Kind.POOL and not by.is_staff and any(
            read_rules(rules)[key] for key in STAKES):
        raise Refused(ClubCode.NOT_STAFF, "a pool with stakes is drawn by staff",
                      rule=NightRule.NIGHT_STAKES_BY_STAFF, field="pool_entry")
    size = SEAT_COUNT[format]
    free = selectors.waiting(night)
    count = len(free) // size
    if not count:
        raise Refused(NightCode.TOO_FEW_WAITING, f"{len(free)} waiting: a {format} takes {size}",
                      rule=NightRule.TOO_FEW_WAITING, waiting=len(free), seats=size)
    drawn = free[:count * size]
    previous, earlier = selectors.draw_groups(night)
    rated = ({pk: ordinal(*rating) for pk, rating in ratings(drawn).items()}
             if balance else None)
    groups = drawing.groups(drawn, size, previous=previous, earlier=earlier, ratings=rated,
                            rng=_rng)
    night.draws += 1
    night.save(update_fields=["draws"])
    players = Player.objects.in_bulk(drawn)
    number = night.night_tables.count()
    tables = []
    for group in groups:
        number += 1
        table = open_table(name=f"{night.name} #{number}", format=format,
                           players=[players[pk] for pk in group], rules=rules, by=by,
                           wager_style=wager_style)
        NightTable.objects.create(night=night, table=table, draw=night.draws)
        tables.append(table)
    changed()
    return tables, free[count * size:]


@transaction.atomic
def close_night(*, night_id: int, by) -> Night:
    """Closes the night for good; refused (tables_in_play) while one of its tables is in
    play."""
    night = _locked_night(night_id)
    _refuse_unless_director(by, NightRule.CLOSE_DIRECTOR)
    playing = selectors.night_tables(night).filter(status=Table.Status.PLAYING).count()
    if playing:
        raise Refused(NightCode.TABLES_IN_PLAY, f"{playing} of the night's tables are in play",
                      rule=NightRule.TABLES_IN_PLAY, count=playing)
    night.status = Night.Status.CLOSED
    night.closed_by, night.closed_at = by, timezone.now()
    night.save(update_fields=["status", "closed_by", "closed_at"])
    changed()
    return night


@transaction.atomic
def create_season(*, name: str, first, last, best_nights: int | None, minimum_nights: int,
                  by) -> Season:
    """A season of the nights from `first` to `last`, both included; staff only."""
    if not by.is_staff:
        raise Refused(ClubCode.NOT_STAFF, "only staff define seasons", rule=NightRule.SEASON_STAFF)
    if first > last:
        raise Refused(NightCode.BAD_SEASON, "first must not be after last",
                      rule=NightRule.SEASON_DATES, field="last")
    if best_nights is not None and best_nights < 1:
        raise Refused(NightCode.BAD_SEASON, "best_nights must be at least 1, or null",
                      rule=NightRule.BEST_NIGHTS_LEAST, field="best_nights")
    if minimum_nights < 0:
        raise Refused(NightCode.BAD_SEASON, "minimum_nights must not be below 0",
                      rule=NightRule.MINIMUM_NIGHTS_LEAST, field="minimum_nights")
    return Season.objects.create(name=name, first=first, last=last, best_nights=best_nights,
                                 minimum_nights=minimum_nights, created_by=by)
