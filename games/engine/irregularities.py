"""Section 8 of the Laws as recorded: revoke, false king, abandon and replay, and the
irregularities of the Laws' letter (docs/rules.md, rulings 84 to 94); then the count of tricks,
which depends on how the hand ended. The forms à trois and à quatre read theirs here too, with
their own `Players` (docs/rules.md, rulings 80 to 83)."""
from dataclasses import dataclass

from .errors import EngineError
from .hand import OTHER, ROLES, CheckedHand

REPLAY_REASONS = ("revoke", "false_king", "misdeal", "undone")
# What a mark is for (docs/hand-record.md, "The result").
MARKS = ("king_turned", "king_held", "point", "vole", "refusal", "double", "declined_double",
         "offer_accepted", "offer_failed", "abandon")
ENTRY_KEYS = {
    "revoke": {"type", "by", "trick"},
    "false_king": {"type", "by"},
    "abandon": {"type", "by"},
    "replay": {"type", "reason"},
    "unmarked": {"type", "by", "mark"},
    "marked_late": {"type", "by", "mark"},
    "misdeal_played": {"type"},
    "wrong_number": {"type", "by", "cards"},
    "lead_out_of_turn": {"type", "by", "trick"},
    "dealt_out_of_turn": {"type"},
}
ONCE = ("abandon", "replay", "misdeal_played", "dealt_out_of_turn")  # at most one of each


@dataclass(frozen=True)
class Players:
    """Who may be named in an entry (`names`), the types of entry the form knows, whose trick
    award a revoke or a false king of each name cuts (`penalised`: the player, or his side),
    and whose holding the king excuses his false king (`adversaries`). A form whose hand
    dealt again is over at once refuses a replay in a hand in progress."""
    names: tuple
    types: tuple
    penalised: dict
    adversaries: dict
    replay_in_progress: bool = True


TWO_HANDED = Players(names=ROLES, types=tuple(ENTRY_KEYS), penalised={r: r for r in ROLES},
                     adversaries={r: (OTHER[r],) for r in ROLES})


def read_irregularities(entries: list, hand: CheckedHand, *, king, holder, illegal, played: int,
                        summary: bool = False, players: Players = TWO_HANDED, dealt=None,
                        led_out=None) -> None:
    """Checks each entry and applies it to `hand`. `holder` is who held the king of trumps
    (None when nobody did, or a summary does not say); `illegal` the set of (trick, role)
    plays that broke section 6 (None in a summary, which cannot show them). A full record
    gives too the cards dealt to each (`dealt`), and the (trick, role) of each trick led out
    of turn (`led_out`); its `hand.cards` are those each played with."""
    seen = set()
    for i, entry in enumerate(entries):
        where = f"irregularities[{i}]"
        irregular = entry.get("type")
        if type(irregular) is not str or irregular not in players.types:
            raise EngineError("bad_irregularity", "irregularity_type", where,
                              choices=players.types)
        if entry.keys() != ENTRY_KEYS[irregular]:
            raise EngineError("bad_irregularity", "entry_keys", where, irregularity=irregular,
                              names=tuple(sorted(ENTRY_KEYS[irregular])))
        by = entry.get("by")
        if "by" in entry and (type(by) is not str or by not in players.names):
            raise EngineError("bad_irregularity", "irregularity_by", f"{where}.by",
                              quoted=players.names)
        key = (irregular, by, entry.get("trick"), entry.get("mark"))
        if key in seen or irregular in ONCE and (irregular, None) in seen:
            raise EngineError("bad_irregularity", "recorded_twice", where, irregularity=irregular)
        seen.add(key)
        seen.add((irregular, None))
        if irregular == "revoke":
            _at_trick(entry, played, illegal, where, out_of_range="revoke_trick_range",
                      not_there="no_illegal_play")
            hand.offenders.add(players.penalised[by])
        elif irregular == "false_king":
            _false_king(by, hand, king, holder, where)
            if holder not in players.adversaries[by]:  # no penalty if an adversary holds it
                hand.offenders.add(players.penalised[by])
        elif irregular == "abandon":
            _abandon(by, hand, played, summary, where)
        elif irregular in ("unmarked", "marked_late"):
            _forgotten(entry, hand, seen, where)
        elif irregular == "misdeal_played":
            if dealt is not None and set(dealt.values()) == {5}:
                raise EngineError("bad_irregularity", "nothing_misdealt", where)
        elif irregular == "wrong_number":
            _wrong_number(entry, hand, summary, where)
        elif irregular == "lead_out_of_turn":
            _at_trick(entry, played, led_out, where, out_of_range="lead_trick_range",
                      not_there="lead_in_turn")
        elif irregular == "dealt_out_of_turn":
            continue  # the course reads it: the deal that stood (ruling 94)
        elif hand.in_progress and not players.replay_in_progress:
            raise EngineError("bad_irregularity", "replay_in_progress", where)
        else:
            if entry["reason"] not in REPLAY_REASONS:
                raise EngineError("bad_irregularity", "replay_reason", f"{where}.reason")
            hand.void = True


def _forgotten(entry, hand, seen, where):
    """A mark not marked at its time: never (`unmarked`), or late (`marked_late`), before the
    trump of the next deal was turned up (ruling 84)."""
    by, mark = entry["by"], entry["mark"]
    if type(mark) is not str or mark not in MARKS:
        raise EngineError("bad_irregularity", "irregularity_mark", f"{where}.mark",
                          quoted=MARKS)
    if ("mark", by, mark) in seen:
        raise EngineError("bad_irregularity", "mark_twice", where, mark=mark, seat=by)
    seen.add(("mark", by, mark))
    if entry["type"] == "unmarked":
        hand.unmarked = hand.unmarked | {(by, mark)}
    else:
        hand.marked_late = hand.marked_late | {(by, mark)}


def _wrong_number(entry, hand, summary, where):
    """A player who played with other than five cards (ruling 87): a summary says how many;
    a full record's cards show it."""
    by, cards = entry["by"], entry["cards"]
    if type(cards) is not int or not 1 <= cards <= 10 or cards == 5:
        raise EngineError("bad_irregularity", "wrong_number_cards", f"{where}.cards")
    if summary:
        hand.cards[by] = cards
    elif hand.cards[by] != cards:
        raise EngineError("bad_irregularity", "played_with", f"{where}.cards", seat=by,
                          count=hand.cards[by], count2=cards)


def _at_trick(entry, played: int, done, where, *, out_of_range: str, not_there: str):
    """An entry naming a trick (a revoke, a lead out of turn): refused (`out_of_range`) unless
    its trick is one of the `played`, and (`not_there`) unless `done`, the (trick, seat) pairs
    where the record shows it, holds it; a record without its cards shows none (`done` None)."""
    trick, by = entry["trick"], entry["by"]
    if type(trick) is not int or not 1 <= trick <= played:
        raise EngineError("bad_irregularity", out_of_range, f"{where}.trick", count=played)
    if done is not None and (trick, by) not in done:
        raise EngineError("bad_irregularity", not_there, where, seat=by, number=trick)


def check_marks(entries: list, marks: list) -> None:
    """Each `unmarked` or `marked_late` entry names a mark the hand gives that player: one of
    `marks`, as (to, points, for) (ruling 84)."""
    given = {(to, why) for to, _, why in marks}
    for i, entry in enumerate(entries):
        if entry["type"] in ("unmarked", "marked_late") and (
                entry["by"], entry["mark"]) not in given:
            raise EngineError("bad_irregularity", "no_such_mark", f"irregularities[{i}]",
                              seat=entry["by"], mark=entry["mark"])


def _false_king(by, hand, king, holder, where):
    if king != by:
        raise EngineError("bad_irregularity", "king_not_announced", where, seat=by)
    if holder == by:
        raise EngineError("bad_irregularity", "king_not_false", where, seat=by)


def _abandon(by, hand, played, summary, where):
    if hand.in_progress:
        raise EngineError("bad_irregularity", "abandon_in_progress", where)
    if played >= 5:
        code = "bad_summary" if summary else "bad_irregularity"
        raise EngineError(code, "all_five_played", where)
    if hand.tricks[by] > 2:
        raise EngineError("bad_irregularity", "point_won", where, seat=by,
                          count=hand.tricks[by])
    if hand.double and not hand.double["accepted"]:
        raise EngineError("bad_irregularity", "double_declined", where)
    if hand.offer and hand.offer["accepted"]:
        raise EngineError("bad_irregularity", "offer_accepted", where)
    hand.abandon_by = by


def _early_end(hand: CheckedHand):
    """(tricks expected, the detail that says why, its parameters) when the hand ended before
    it was played out, else None."""
    if hand.offer and hand.offer["accepted"]:
        return 0, "tricks_after_offer", {}
    if hand.double and not hand.double["accepted"]:
        expected = hand.double["before_trick"] - 1
        return expected, "tricks_after_double", {"number": expected + 1}
    return None


def _unchecked(hand: CheckedHand) -> bool:
    """Whether the hand's tricks are not counted: void, in progress, abandoned, or ended by a
    king mark."""
    return hand.void or hand.in_progress or hand.abandon_by or hand.game_over_before_play


def check_count(hand: CheckedHand, played: int, where: str,
                code: str = "wrong_trick_count", summary: bool = False) -> None:
    """A finished hand has five tricks unless it ended early (docs/hand-record.md "tricks"), or
    a player played with fewer than five cards (ruling 87): then a full record has the tricks
    played while both held a card, and a summary those and the cards not played to."""
    if _unchecked(hand):
        return
    early = _early_end(hand)
    counts = hand.cards
    if early:
        expected, why, params = early
    elif set(counts.values()) == {5}:
        expected, why, params = 5, "tricks_expected", {}
    else:
        expected = min(5, max(counts.values()) if summary else min(counts.values()))
        why, params = "tricks_with_cards", {"elder": counts["elder"], "dealer": counts["dealer"]}
    if played != expected:
        raise EngineError(code, why, where, count=played, expected=expected, **params)


def count_cards_not_played_to(hand: CheckedHand, played: int) -> None:
    """Once a full record's hand is played out, each card a player still holds when his
    adversary holds none cannot be played to, and counts as a trick to him, up to five tricks
    in all (ruling 87)."""
    if _unchecked(hand) or _early_end(hand):
        return
    holder = max(ROLES, key=hand.cards.get)
    hand.tricks[holder] += min(5, hand.cards[holder]) - played
