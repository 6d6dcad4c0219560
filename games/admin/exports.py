"""Exports for the club's secretary: plain functions, no request involved.

- `tables_json(tables)`: each table with its players, rules and its units -> games -> hands.
  Each hand's record is the `ecarte-hand/1` record as the table scored it, with
  `rules`, `score_before` and `target` filled in (games.engine.course.Course.context), so
  that `games.engine.score(record)` gives back the hand's `result`. Hands that a correction
  set aside have no place in a game; they are listed apart, as entered, without a result.
  An à trois or à quatre table has no units yet: its `hands` are listed in order, each record
  as entered, with its result.
- `csv_rows(tables)`: a header, then one row per hand, its marks naming the players who took
  them (games.pages.hand_by_hand.takers). À trois, the middle has columns of his own; à quatre, the
  second and the third are named, and the elder's and the dealer's figures are their sides'.

`tables` is a queryset of Table (or anything with the tables' ids: `tables.values_list`).

- `wagers_rows(wagers)`: a header, then one row per wager (`wagers` a queryset of Wager), with
  how its unmatched part closed (`unmatched_part`, the API's status) and what became of it
  (games.selectors.wagers.reckonings): its outcome, the backer's side, and what it did to the
  backer's and to each layer's balance.
- `money_rows(movements)`: a header, then one row per ledger entry of the transactions made at
  tables (`movements` a queryset of Movement), money written as "12.50".

`tables_csv`, `wagers_csv` and `money_csv` give those rows as CSV text, each through `_csv`:
a text that would start a formula is written as text, an amount stays a number.
"""
import csv
import io
from itertools import islice

from django.db.models import Prefetch
from django.utils import timezone, translation

from club import money_text
from club.models import Entry
from games.admin.lines import game_sides
from games.courses import play_or_set_aside, setup
from games.engine import EngineError, quatre, trois
from games.engine.course import Course, CourseHand
from games.models import Game, GamePlayer, Hand, Movement, Seat, Table, Unit, Wager, WagerTake
from games.money_options import written
from games.pages.hand_by_hand import takers
from games.presentation.display import marks_text
from games.selectors.table_state import winner
from games.selectors.wagers import reckonings
from games.table_kinds import MANY_HANDED, seats_of

EXPORT_FORMAT = "ecarte-club-export/1"
RECORD_FORMAT = "ecarte-hand/1"
CSV_HEADER = [
    "table_id", "table_name", "unit", "game", "hand", "number_in_game", "elder", "dealer",
    "status", "version", "tricks_elder", "tricks_dealer", "marks", "points_elder",
    "points_dealer", "score_after_elder", "score_after_dealer",
    # à trois and à quatre: the other seats' players, and the middle's figures
    "middle", "second", "third", "tricks_middle", "points_middle", "score_after_middle",
]
FIGURES = {  # the result's keys behind the *_elder and *_dealer columns, and *_middle's
    trois.RESULT_FORMAT: ("elder", "dealer", "middle"),
    quatre.RESULT_FORMAT: ("elder_side", "dealer_side", None),
}
KIND = {trois.RESULT_FORMAT: "trois", quatre.RESULT_FORMAT: "quatre"}
OTHER_SEATS = ("middle", "second", "third")
WAGERS_CSV_HEADER = [
    "wager_id", "created_at", "table_id", "table_name", "unit", "style", "bettor", "on",
    "stake", "odds", "matched", "returned", "unmatched", "unmatched_part", "placed_by", "takes",
    "outcome", "bettor_net", "layers_net",
]
FORMULA = ("=", "+", "-", "@", "\t", "\r")  # how a cell a spreadsheet runs begins
MONEY_CSV_HEADER = [  # "kind": the transaction's reason, under the API's name for it
    "transaction_id", "created_at", "kind", "reference", "made_by", "table_id", "table_name",
    "unit", "wager_id", "account", "player", "amount",
]


def _ids(tables) -> list:
    return list(tables.values_list("pk", flat=True)) if hasattr(tables, "values_list") \
        else [t.pk if isinstance(t, Table) else t for t in tables]


# -- JSON -----------------------------------------------------------------------------------
def tables_json(tables) -> dict:
    rows = (Table.objects.filter(pk__in=_ids(tables)).order_by("pk")
            .select_related("first_dealer", "opened_by")
            .prefetch_related(
                Prefetch("seats", Seat.objects.select_related("player").order_by("position")),
                Prefetch("units", Unit.objects.select_related("first", "second", "winner",
                                                             "loser").order_by("number")),
                Prefetch("games", Game.objects.select_related("first", "second", "winner",
                                                             "loser").order_by("number")
                         .prefetch_related(Prefetch("sides", GamePlayer.objects
                                                    .select_related("player")))),
                Prefetch("hands", Hand.objects.select_related("elder", "dealer", "entered_by")
                         .order_by("number")),
            ))
    return {"format": EXPORT_FORMAT, "exported_at": timezone.now().isoformat(),
            "tables": [table_json(t) for t in rows]}


def table_json(table: Table) -> dict:
    seats = list(table.seats.all())
    hands = list(table.hands.all())
    records = scored_records(table, hands)
    by_game = {}
    set_aside = []
    for hand in hands:
        out = _hand(hand, records.get(hand.number))
        if hand.status == Hand.Status.COUNTED:
            by_game.setdefault(hand.game_number, []).append(out)
        else:
            set_aside.append(out)
    games_by_unit = {}
    for game in table.games.all():
        sides = game_sides(game)
        row = {
            "number": game.number,
            "players": [_player(p) for side in sides for p in side],
            "score": game.score,
            "target": game.target,
            "winner": _player(game.winner),
            "loser": _player(game.loser),
            "value": game.value,
            "finished_at": _when(game.finished_at),
            "hands": by_game.get(game.number, []),
        }
        if table.format in MANY_HANDED:  # the players' ids by place, the winner's first
            row["places"] = [[p.pk for p in side] for side in sides]
        games_by_unit.setdefault(game.unit_number, []).append(row)
    in_play = _game_in_play(table)
    if in_play:  # its row is written when it ends; until then the snapshot has it
        by_id = {s.player_id: s.player for s in seats}
        games_by_unit.setdefault(in_play["unit"], []).append({
            "number": in_play["number"],
            "players": [_player(by_id[int(p)]) for p in in_play["score"]],
            "score": in_play["score"],
            "target": in_play["target"],
            "winner": None, "loser": None, "value": 0, "finished_at": None,
            "hands": by_game.get(in_play["number"], []),
        })
    if table.format in MANY_HANDED:  # no units: the games, then every hand in order
        games = [dict(game, hands=[h["number"] for h in game["hands"]])
                 for unit in sorted(games_by_unit) for game in games_by_unit[unit]]
        return _table_fields(table, seats) | {
            "units": [], "games": games, "hands": [_hand(hand, None) for hand in hands]}
    return _table_fields(table, seats) | {
        "units": [{
            "number": unit.number,
            "players": [_player(unit.first), _player(unit.second)],
            "games_won": unit.games_won,
            "winner": _player(unit.winner),
            "loser": _player(unit.loser),
            "value": unit.value,
            "games": games_by_unit.get(unit.number, []),
        } for unit in table.units.all()],
        "set_aside_hands": set_aside,
    }


def _table_fields(table: Table, seats: list) -> dict:
    return {
        "id": table.pk,
        "name": table.name,
        "format": table.format,
        "status": table.status,
        "wager_style": table.wager_style,
        "rules": written(table.rules),  # amounts as the API writes them, "12.50"
        "players": [_player(s.player) | {"position": s.position} for s in seats],
        "first_dealer": _player(table.first_dealer),
        "cut": table.cut,
        "winner": _winner(table, {s.player_id: s.player for s in seats}),
        "opened_by": table.opened_by.get_username(),
        "created_at": _when(table.created_at),
        "finished_at": _when(table.finished_at),
    }


def _winner(table: Table, players: dict):
    """Who won the table (games.selectors.table_state.winner): a player, à quatre the side's
    two partners; None while it is played and for an abandoned table."""
    who = winner(table)
    if isinstance(who, list):
        return [_player(players[pk]) for pk in who]
    return None if who is None else _player(players[who])


def _game_in_play(table: Table) -> dict | None:
    """The game being played at a table in play, from its snapshot, with its unit's number."""
    snapshot = table.snapshot or {}
    if table.status != Table.Status.PLAYING or not snapshot.get("game"):
        return None
    return snapshot["game"] | {"unit": snapshot["unit"]["number"]}


def scored_records(table: Table, hands: list) -> dict:
    """{hand number: the record as the table scored it}, for the hands that have a place.
    Rebuilds the table's course as the services do (games.courses), taking each record's
    context before it is played. An à trois or à quatre table's records are exported as entered."""
    if table.format in MANY_HANDED:
        return {}
    course = Course(setup(table))
    scored = {}
    for hand in hands:
        played = CourseHand(key=hand.number, game=hand.game_number, elder=hand.elder_id,
                            dealer=hand.dealer_id, record=hand.record)
        try:
            record = course.context(hand.record)
        except (EngineError, KeyError, TypeError, AttributeError):
            record = None
        if play_or_set_aside(course, played) is not None and record is not None:
            scored[hand.number] = {"format": RECORD_FORMAT} | record
    return scored


def _hand(hand: Hand, scored: dict | None) -> dict:
    return {
        "id": hand.pk,
        "number": hand.number,
        "game": hand.game_number,
        "number_in_game": hand.number_in_game,
        "elder": _player(hand.elder),
        "dealer": _player(hand.dealer),
        "status": hand.status,
        "version": hand.version,
        "entered_by": hand.entered_by.get_username(),
        "created_at": _when(hand.created_at),
        "record": scored if scored is not None else hand.record,
        "result": hand.result,
    }


def _player(player) -> dict | None:
    return None if player is None else {"id": player.pk, "name": player.name}


def _when(moment):
    return None if moment is None else moment.isoformat()


# -- CSV ------------------------------------------------------------------------------------
def csv_rows(tables):
    """The header, then one row per hand of the tables, by table and hand number."""
    ids = _ids(tables)
    tables = Table.objects.filter(pk__in=ids).only("pk", "name", "format", "status", "snapshot",
                                                   "seating")
    by_id = {t.pk: t for t in tables}
    names = dict(Seat.objects.filter(table__in=ids).values_list("player_id", "player__name"))
    units = {(t, g): u for t, g, u in Game.objects.filter(table__in=ids)
             .values_list("table_id", "number", "unit_number")}
    for table in tables:
        in_play = _game_in_play(table)
        if in_play:
            units[(table.pk, in_play["number"])] = in_play["unit"]
    yield CSV_HEADER
    hands = (Hand.objects.filter(table__in=ids)
             .only("table_id", "number", "game_number", "number_in_game", "status", "version",
                   "result", "elder_id", "dealer_id")
             .order_by("table_id", "number"))
    for hand in hands.iterator(chunk_size=2000):
        result = hand.result if isinstance(hand.result, dict) else {}
        counted = hand.status == Hand.Status.COUNTED
        elder, dealer, middle = FIGURES.get(result.get("format"), ("elder", "dealer", None))
        kind = KIND.get(result.get("format"))
        table = by_id[hand.table_id]
        seats = seats_of(kind, table.seating, hand.elder_id, hand.dealer_id) if kind else {}
        yield [
            hand.table_id, table.name,
            units.get((hand.table_id, hand.game_number), "") if counted else "",
            hand.game_number, hand.number,
            "" if hand.number_in_game is None else hand.number_in_game,
            names[hand.elder_id], names[hand.dealer_id], hand.status, hand.version,
            *_figures(result, "tricks", elder, dealer),
            _marks_en(result, takers(table, hand.elder_id, hand.dealer_id, names)),
            *_figures(result, "points", elder, dealer),
            *_figures(result, "score_after", elder, dealer),
            *(names[seats[seat]] if seat in seats else "" for seat in OTHER_SEATS),
            *(_figures(result, key, middle)[0] for key in ("tricks", "points", "score_after")),
        ]


def _marks_en(result, names: dict) -> str:
    """The marks in words, "Athos +1 point", each by the name `names` gives its seat or side,
    in English whatever the secretary's language: an export is data."""
    with translation.override("en"):
        return marks_text(result, names)


def _figures(result: dict, key: str, *whose) -> list:
    """The result's `key` figures of each of `whose` (a seat, a side, or None for none)."""
    counts = result.get(key) or {}
    return [counts.get(who, "") if who else "" for who in whose]


def _csv(rows) -> str:
    """The one writer of the club's CSV exports: every cell quoted, and a text that a
    spreadsheet would run as a formula made text (`_inert`)."""
    out = io.StringIO()
    csv.writer(out, quoting=csv.QUOTE_ALL).writerows([_inert(cell) for cell in row]
                                                     for row in rows)
    return out.getvalue()


def _inert(cell):
    """A cell that a spreadsheet would read as a formula (it begins with =, +, -, @, a tab or
    a carriage return: OWASP's CSV injection) with a ' before it, so that it is read as text: a
    name such as '=HYPERLINK(...)'. A number, and an amount as money_text.plain writes it
    ("-2.50"), stays a number."""
    text = str(cell)
    if text.startswith(FORMULA) and not money_text.SHAPE.fullmatch(text):
        return "'" + text
    return cell


def tables_csv(tables) -> str:
    return _csv(csv_rows(tables))


def wagers_rows(wagers):
    """The header, then one row per wager, in the order they were placed. `unmatched_part` is
    how the part of the stake not matched closed (open, withdrawn, lapsed, matched, balanced:
    the API's status), which says nothing of who won; `outcome` is the backer's side (won,
    lost, void, returned, or empty while the unit is to be decided);
    `bettor_net` and `layers_net` are what the wager has done to each one's balance so far:
    minus what is held while the unit is to be decided, then what he won or lost."""
    yield WAGERS_CSV_HEADER
    takes = WagerTake.objects.select_related("layer").order_by("pk")
    rows = (Wager.objects.filter(pk__in=wagers.values("pk")).order_by("pk")
            .select_related("table", "bettor", "on", "placed_by")
            .only("created_at", "table__name", "table__status", "table__rules", "unit_number",
                  "style", "bettor__name", "on__name", "stake", "odds_for", "odds_against",
                  "matched", "returned", "status", "against", "placed_by__username")
            .prefetch_related(Prefetch("takes", queryset=takes))
            .iterator(chunk_size=2000))
    while chunk := list(islice(rows, 2000)):
        found = reckonings(chunk)
        for wager in chunk:
            english = wager.style == Table.WagerStyle.ENGLISH
            net = found[wager.pk].net
            yield [
                wager.pk, _when(wager.created_at), wager.table_id, wager.table.name,
                wager.unit_number, wager.style, wager.bettor.name, wager.on.name,
                money_text.plain(wager.stake),
                f"{wager.odds_for}:{wager.odds_against}" if english else "",
                money_text.plain(wager.matched), money_text.plain(wager.returned),
                money_text.plain(wager.unmatched), wager.status,
                wager.placed_by.get_username(),
                "; ".join(f"{take.layer.name} lays {money_text.plain(take.lay)} to "
                          f"{money_text.plain(take.stake)}" for take in wager.takes.all()),
                found[wager.pk].outcome or "", money_text.plain(net[wager.bettor_id]),
                "; ".join(f"{layer.name} {money_text.plain(net[layer.pk])}"  # once each
                          for layer in dict.fromkeys(t.layer for t in wager.takes.all())),
            ]


def wagers_csv(wagers) -> str:
    return _csv(wagers_rows(wagers))


def money_rows(movements):
    """The header, then one row per entry of the movements' transactions, by transaction."""
    yield MONEY_CSV_HEADER
    ids = Movement.objects.filter(pk__in=movements.values("pk")).values("transaction_id")
    entries = (Entry.objects.filter(transaction__in=ids).order_by("transaction_id", "pk")
               .select_related("transaction__made_by", "transaction__movement__table",
                               "account__player")
               .only("amount", "transaction__created_at", "transaction__reason",
                     "transaction__reference", "transaction__made_by__username",
                     "transaction__movement__table__name",
                     "transaction__movement__unit_number",
                     "transaction__movement__wager", "account__code",
                     "account__player__name"))
    for entry in entries.iterator(chunk_size=2000):
        tx, account = entry.transaction, entry.account
        movement = tx.movement
        yield [
            tx.pk, _when(tx.created_at), tx.reason, tx.reference,
            tx.made_by.get_username() if tx.made_by else "",
            movement.table_id, movement.table.name,
            "" if movement.unit_number is None else movement.unit_number,
            movement.wager_id or "", account.code,
            account.player.name if account.player_id else "", money_text.plain(entry.amount),
        ]


def money_csv(movements) -> str:
    return _csv(money_rows(movements))
