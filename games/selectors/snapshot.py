"""The table snapshot (docs/api.md): what the API returns and the live feed sends."""
from club import money_text
from games.engine import hand_state
from games.engine.course import Course
from games.models import Hand, Table
from games.money_options import written
from games.selectors.names import names_and_hidden, public_snapshot
from games.selectors.pool import pot_cents
from games.selectors.wagers import figured, gallery, wager_json


def _by_id(mapping: dict) -> dict:
    return {str(player): value for player, value in mapping.items()}


LAST_HANDS = 5


def _marks(marks: list) -> list[dict]:
    """A result's marks as the snapshot gives them: {to, points, for} each."""
    return [{"to": m["to"], "points": m["points"], "for": m["for"]} for m in marks]


def last_hands(course: Course) -> list[dict]:
    """The newest hands that count, newest first, with who sat where and the marks: enough for
    a page to say them in words ("dealer +1 point, +1 refusal"); `unmarked`, the marks its
    players did not mark in time, and `penalised`, those a revoke or a false king cost, when
    there are any. À trois and à quatre, `seats` gives the players each mark's `to` names:
    {"middle": [id]}, {"elder_side": [id, id]}."""
    placed = [(game.number, key, result) for game in course.games for key, result in game.hands]
    placed = placed[-LAST_HANDS:][::-1]
    marked_to = getattr(course, "marked_to", {})  # à trois and à quatre (games.table_kinds)
    out = []
    for game, key, result in placed:
        elder, dealer = course.seated[key]
        hand = {
            "number": key, "game": game, "elder": elder, "dealer": dealer,
            "void": bool(result.get("void")), "in_progress": bool(result.get("in_progress")),
            "vulnerable": result.get("vulnerable"),
            "marks": _marks(result.get("marks", [])),
        }
        for given in ("unmarked", "penalised"):  # not marked in time; taken by a penalty
            if result.get(given):
                hand[given] = _marks(result[given])
        if key in marked_to:
            hand["seats"] = marked_to[key]
        out.append(hand)
    return out


def in_progress(table: Table, course: Course) -> dict | None:
    """The hand being entered trick by trick, as the table sees it: the turn-up, the tricks
    played (each {"leader", "cards", "winner"}, players by id, its cards from the leader's), the
    tricks each has taken, and who announced the king. À trois and à quatre, `seats` gives its
    players by seat, in the order of play (the deal stays with the hand until it is finished).
    Never a card still in a hand or discarded: nobody saw those."""
    key = course.hand_in_progress
    if key is None:
        return None
    hand = Hand.objects.only("record", "elder_id", "dealer_id").get(table=table, number=key)
    state = hand_state(hand.record, course.rules["ranking"])
    many = len(state.seats) > 2
    ids = course.roles_next() if many else {"elder": hand.elder_id, "dealer": hand.dealer_id}
    out = {"hand": key, "elder": ids["elder"], "dealer": ids["dealer"], "turn_up": state.turn_up,
           "king": ids.get(hand.record.get("king")),
           "tricks": [{"leader": ids[t.leader], "cards": list(t.cards), "winner": ids[t.winner]}
                      for t in state.tricks],
           "won": {str(ids[seat]): taken for seat, taken in state.taken.items()}}
    if many:
        out["seats"] = ids
    return out


def _ended(game) -> dict:
    """A finished game: its number, its unit, who won and lost it (à quatre, each side's two
    partners) and the score it ended at, by player id as a string; à trois also the order of
    finish and each one's score when the winner reached the target and withdrew."""
    def ids(who):
        return list(who) if isinstance(who, tuple | list) else who
    out = {"number": game.number, "unit": game.unit, "winner": ids(game.winner),
           "loser": ids(game.loser), "score": _by_id(game.score)}
    if getattr(game, "withdrew_at", None):  # games.table_kinds.TroisCourseGame
        out |= {"order": list(game.order), "withdrew_at": _by_id(game.withdrew_at)}
    return out


def last_game(course) -> dict | None:
    """The newest finished game of the course, or None before any game is won."""
    return next((_ended(g) for g in reversed(course.games) if g.winner is not None), None)


def last_games(course, hands: list[dict]) -> list[dict]:
    """The finished games that the last hands belong to, newest first: what a list of those
    hands, grouped by game, says of each game's result."""
    numbers = {hand["game"] for hand in hands}
    return [_ended(g) for g in reversed(course.games)
            if g.number in numbers and g.winner is not None]


def unit_kind(course) -> str | None:
    """What a unit is at a pool or a rubber: "game" or "rubber" (a rubber table's one unit, or
    a pool's whose unit is a rubber). None à trois and à quatre, which have no units."""
    rubber = getattr(course, "_unit_is_rubber", None)
    if rubber is None:
        return None
    return "rubber" if rubber() else "game"


def waiting(table: Table) -> dict | None:
    """The hands the scorer's phone keeps until it can send them, as it last told the club
    (games.services.waiting), and since when; None when it keeps none, or when the table is
    no longer in play (won or abandoned): no hand it keeps can be recorded there any more."""
    if not table.waiting_hands or table.status != Table.Status.PLAYING:
        return None
    return {"hands": table.waiting_hands, "since": table.waiting_since.isoformat()}


def snapshot(table: Table, course: Course) -> dict:
    """The table as docs/api.md describes it."""
    return published(table, course)[0]


def published(table: Table, course: Course) -> tuple[dict, dict]:
    """The table's snapshot (`snapshot`), and the same as an anonymous reader is sent it
    (games.selectors.names.public_snapshot: the snapshot itself when no player in it chose
    his initials): the players' names read once for both, as a change stores and publishes
    them (games.services.changes.record_change)."""
    playing = table.status == Table.Status.PLAYING
    game, unit = course.game, course.unit
    seats = course.seats() if playing else {"elder": None, "dealer": None, "observer": None}
    pool = None
    if table.format == Table.Kind.POOL:
        streak = course.streak
        abandoned = table.status == Table.Status.ABANDONED  # every stake went back
        pool = {
            "pot": money_text.plain(0 if abandoned else pot_cents(table, course)),
            "streak": {"player": streak[0], "count": streak[1]} if streak else None,
            "winner": course.winner,
        }
    rows = figured(table, course, unit=unit.number)
    placed = [wager_json(row) for row in rows]
    names, shown = names_and_hidden([*course.setup.players, *(w["bettor"] for w in placed),
                                     *(t["layer"] for w in placed for t in w["takes"])])
    out = {
        "id": table.pk,
        "name": table.name,
        "format": table.format,
        "status": table.status,
        "seq": table.seq,
        "rules": written(table.rules),
        "seats": seats,
        "game": {"number": game.number, "score": _by_id(game.score), "hands": len(game.hands),
                 "target": game.target},
        "unit": {"number": unit.number, "games": _by_id(unit.games)},
        "pool": pool,
        "wagers": placed,
        "players": list(course.setup.players),
        "first_dealer": table.first_dealer_id,
        "cut": table.cut,
        "winner": table.winner_id,
        "hand_in_progress": course.hand_in_progress,
        "in_progress": in_progress(table, course),
        "seats_pending": [player.pk for player in table.pending_players(course.played)],
        "wager_style": table.wager_style,
        "gallery": gallery(table, course, rows),
        "names": names,
        "last_hands": last_hands(course),
        "last_game": last_game(course),
        "unit_kind": unit_kind(course),
        "unit_game": sum(1 for g in course.games if g.unit == unit.number),
        "waiting": waiting(table),
    }
    out["last_games"] = last_games(course, out["last_hands"])
    if table.format == Table.Kind.TROIS:
        out["trois"] = trois(course, playing)
    elif table.format == Table.Kind.QUATRE:
        out["quatre"] = quatre(course, playing)
    return out, public_snapshot(out, shown)


def trois(course, playing: bool) -> dict:
    """An à trois table: the seats of the hand to come, who is still in, and the order of
    finish so far (docs/api.md)."""
    order = course.order
    return {
        "seats": course.roles_next() if playing else {},
        "in_play": [p for p in course.setup.players if p not in order],
        "withdrawn": order[:1],
        "order": order,
        "score": _by_id(course.engine.score),
        "three_handed": course.engine.three_handed,
    }


def quatre(course, playing: bool) -> dict:
    """An à quatre table: the seats of the hand to come, the two sides with their scores in
    the game in play and games won, and the winning side (docs/api.md)."""
    match = course.engine
    sides = {} if course.over else match.sides()
    return {
        "seats": course.roles_next() if playing else {},
        "sides": [{"players": list(pair),
                   "side": next((s for s, p in sides.items() if p == pair), None),
                   "score": match.score[pair], "games": match.games_won[pair]}
                  for pair in match.partnerships],
        "game": course.game.number,
        "belle": course.game.number == 3,
        "winner": course.side_won,
    }
