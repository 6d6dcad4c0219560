"""The parts common to both record forms: format, rules, game score and the variants."""
from .cards import read_card
from .errors import EngineError
from .hand import ROLES
from .rules import read_rules

FORMAT = "ecarte-hand/1"
IRREGULARITY_KEYS = frozenset(("type", "by", "trick", "reason", "mark", "cards"))
SCORE_KEYS = frozenset(ROLES)
DEAL_KEYS = {}  # a deal's keys by the seats of its form, made once


def check_keys(obj: dict, allowed: frozenset, where: str) -> None:
    if obj.keys() <= allowed:
        return
    for key in obj:
        if key not in allowed:
            if where:
                raise EngineError("unknown_field", "no_field", f"{where}.{key}", where=where,
                                  key=key)
            raise EngineError("unknown_field", "record_no_field", key, key=key)


def need_object(value, where: str, what: str) -> dict:
    """`value`, an object, or the refusal `what` (a detail of errors.MESSAGES) at `where`."""
    if type(value) is not dict:
        raise EngineError("bad_format", what, where, where=where)
    return value


def need_list(value, where: str, what: str) -> list:
    """`value`, a list, or the refusal `what` (a detail of errors.MESSAGES) at `where`."""
    if type(value) is not list:
        raise EngineError("bad_format", what, where, where=where)
    return value


def need_tricks(record: dict, size: int, what: str, **params) -> list:
    """The record's `tricks` (none when left out), a list of lists of `size` cards each, or the
    refusal `what` (a detail of errors.MESSAGES, with `params`) at the first that is not.
    Every form's."""
    tricks = need_list(record.get("tricks", []), "tricks", "tricks_list")
    for i, trick in enumerate(tricks):
        if type(trick) is not list or len(trick) != size:
            raise EngineError("bad_format", what, f"tricks[{i}]", **params)
    return tricks


def need_deal(record: dict, seats: tuple, what: str) -> dict:
    """The record's `deal`, an object of a list for each of `seats` and the turn-up, or the
    refusal `what` (a detail of errors.MESSAGES) when it is no object. Every form's."""
    deal = need_object(record.get("deal"), "deal", what)
    keys = DEAL_KEYS.get(seats) or DEAL_KEYS.setdefault(seats, frozenset(seats + ("turn_up",)))
    check_keys(deal, keys, "deal")
    if len(deal) <= len(seats):  # a key is missing (none is unknown)
        for key in seats + ("turn_up",):
            if key not in deal:
                raise EngineError("bad_format", "needs_key", f"deal.{key}", where="deal",
                                  key=key)
    for seat in seats:
        need_list(deal[seat], f"deal.{seat}", "five_cards")
    return deal


def need_role(value, where: str, nullable: bool = False):
    if value in ROLES and type(value) is str or (nullable and value is None):
        return value
    raise EngineError("bad_format", "need_role_or_null" if nullable else "need_role", where,
                      where=where)


def need_bool(value, where: str) -> bool:
    if type(value) is not bool:
        raise EngineError("bad_format", "need_bool", where, where=where)
    return value


def need_count(value, where: str, least: int) -> int:
    if type(value) is not int or value < least:
        raise EngineError("bad_format", "need_count", where, where=where, least=least)
    return value


def read_header(record: dict, hand) -> tuple:
    """Checks the shape of the common keys into `hand`; returns the raw irregularities and
    the revokes they name, as {(trick, role)}."""
    if "format" in record and record["format"] != FORMAT:
        raise EngineError("bad_format", "format", "format", format=FORMAT)
    hand.rules = read_rules(record.get("rules"))
    score_before = {"elder": 0, "dealer": 0}
    if "score_before" in record:
        given = need_object(record["score_before"], "score_before", "two_scores")
        check_keys(given, SCORE_KEYS, "score_before")
        for role, value in given.items():
            score_before[role] = need_count(value, f"score_before.{role}", 0)
    hand.score_before = score_before
    hand.target = need_count(record.get("target", 5), "target", 1)
    if "double" in record:
        hand.double = _read_variant(record, "double", ("by", "before_trick", "accepted"))
    if "offer" in record:
        hand.offer = _read_variant(record, "offer", ("by", "accepted"))
    if hand.double:
        if hand.double["before_trick"] not in (1, 2, 3):
            raise EngineError("bad_format", "double_trick", "double.before_trick")
        if hand.offer and hand.offer["accepted"]:
            raise EngineError("bad_format", "double_after_offer", "double")
    for name, option in (("double", "doubling"), ("offer", "offer_point")):
        if getattr(hand, name) and not hand.rules[option]:
            raise EngineError("variant_disabled", "variant_off", name, option=option)
    return read_irregularity_entries(record)


def read_irregularity_entries(record: dict) -> tuple:
    """The shape of the record's `irregularities` (every form has the same): the raw entries,
    and the revokes they name, as {(trick, seat)}."""
    revokes = set()
    if "irregularities" not in record:
        return [], revokes
    irregularities = need_list(record["irregularities"], "irregularities",
                               "irregularities_list")
    for i, entry in enumerate(irregularities):
        entry = need_object(entry, f"irregularities[{i}]", "object")
        check_keys(entry, IRREGULARITY_KEYS, f"irregularities[{i}]")
        trick, by = entry.get("trick"), entry.get("by")
        if entry.get("type") == "revoke" and type(trick) is int and type(by) is str:
            revokes.add((trick, by))
    return irregularities, revokes


def declared(irregularities: list, type_: str) -> list:
    """The record's entries of type `type_`, before they are checked: what the readers must know
    before they reach the irregularities (a revoke, a lead out of turn, a forgotten mark)."""
    return [entry for entry in irregularities if type(entry) is dict and entry.get("type") == type_]


def false_king(irregularities: list, seat) -> bool:
    """Whether the record says `seat`, who announced the king, announced a false king (a
    `false_king` entry names him)."""
    return any(entry.get("by") == seat for entry in declared(irregularities, "false_king"))


def forgotten_marks(irregularities: list) -> set:
    """The (role, for) of the marks the record says were not marked at their time, whether
    they were marked late or not at all (docs/rules.md, ruling 84)."""
    return {(entry.get("by"), entry.get("mark"))
            for type_ in ("unmarked", "marked_late") for entry in declared(irregularities, type_)}


def _read_variant(record: dict, name: str, keys: tuple):
    value = need_object(record[name], name, "object")
    check_keys(value, frozenset(keys), name)
    for key in keys:
        if key not in value:
            raise EngineError("bad_format", "needs_key", f"{name}.{key}", where=name, key=key)
    need_role(value["by"], f"{name}.by")
    need_bool(value["accepted"], f"{name}.accepted")
    if "before_trick" in value:
        need_count(value["before_trick"], f"{name}.before_trick", 1)
    return value


def check_game_not_over(hand) -> None:
    for role in ROLES:
        if hand.score_before[role] >= hand.target:
            raise EngineError("after_game_end", "game_over", f"score_before.{role}", seat=role,
                              points=hand.score_before[role], target=hand.target)


def read_target_card(record: dict) -> None:
    """The card turned at random for the game's target, when the record gives one: a card,
    checked with the deal; the course reads it (docs/rules.md, ruling 93)."""
    if "target_card" in record:
        read_card(record["target_card"], "target_card")


def mark_king_turned(hand, forgotten: bool = False) -> None:
    """The dealer turns up a king: he marks 1 at once, which may end the game; a mark he did
    not make at once (`forgotten`, ruling 84) ends nothing before play. Every form's."""
    hand.king_turned = True
    _king_mark(hand, "dealer", forgotten, 0)


def mark_king_held(hand, role: str, forgotten: bool = False, after_tricks: int = 0) -> None:
    """`role` (à quatre his side's role) announces the king of trumps; the mark may end the
    game, after the tricks played before it was announced (`after_tricks`, ruling 92), unless
    he did not mark it then (`forgotten`, ruling 84). Every form's."""
    hand.king_mark = role
    _king_mark(hand, role, forgotten, after_tricks)


def _king_mark(hand, role: str, forgotten: bool, after_tricks: int) -> None:
    """A king marked by `role` ends the game when it reaches the target (section 7): nothing
    more is played after the tricks played before it (`after_tricks`)."""
    if not forgotten and hand.score_before[role] + 1 >= hand.target:
        hand.game_over_before_play = True
        hand.tricks_before_end = after_tricks


def check_no_exchange_after_game_end(hand, exchanges: list) -> None:
    """A king turned up that reaches the target ends the game before any proposal."""
    if hand.game_over_before_play and exchanges:
        raise EngineError("after_game_end", "king_turned_ended", "exchanges[0]")


def check_no_play_after_game_end(hand, played: int, where: str) -> None:
    """A king mark that reaches the target ends the game when it is marked (docs/rules.md,
    section 7): no trick after those played before it (`where` points at the first), no double
    and no offer. Every form's, full record or summary."""
    if not hand.game_over_before_play:
        return
    after = hand.tricks_before_end
    for name, present in ((where, played > after), ("double", hand.double),
                          ("offer", hand.offer)):
        if present and after:
            raise EngineError("after_game_end", "king_mark_after", name, number=after)
        if present:
            raise EngineError("after_game_end", "king_mark_before_play", name)
