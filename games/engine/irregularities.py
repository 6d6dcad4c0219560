"""Section 8 of the Laws as recorded: revoke, false king, abandon and replay; then the count
of tricks, which depends on how the hand ended."""
from .errors import EngineError
from .hand import OTHER, ROLES, CheckedHand

REPLAY_REASONS = ("revoke", "false_king", "misdeal", "undone")
ENTRY_KEYS = {
    "revoke": {"type", "by", "trick"},
    "false_king": {"type", "by"},
    "abandon": {"type", "by"},
    "replay": {"type", "reason"},
}


def read_irregularities(entries: list, hand: CheckedHand, *, king, holder, illegal, played: int,
                        summary: bool = False) -> None:
    """Checks each entry and applies it to `hand`. `holder` is who held the king of trumps
    (unknown in a summary); `illegal` the set of (trick, role) plays that broke section 6
    (None in a summary, which cannot show them)."""
    seen = set()
    for i, entry in enumerate(entries):
        where = f"irregularities[{i}]"
        kind = entry.get("type")
        if type(kind) is not str or kind not in ENTRY_KEYS:
            raise EngineError("bad_irregularity", "type must be revoke, false_king, abandon or "
                              "replay", where)
        if entry.keys() != ENTRY_KEYS[kind]:
            needed = ", ".join(sorted(ENTRY_KEYS[kind]))
            raise EngineError("bad_irregularity", f"a {kind} entry has exactly: {needed}", where)
        by = entry.get("by")
        if kind != "replay" and (type(by) is not str or by not in ROLES):
            raise EngineError("bad_irregularity", 'by must be "elder" or "dealer"', f"{where}.by")
        key = (kind, by, entry.get("trick"))
        if key in seen or kind in ("abandon", "replay") and (kind, None) in seen:
            raise EngineError("bad_irregularity", f"this {kind} is recorded twice", where)
        seen.add(key)
        seen.add((kind, None))
        if kind == "revoke":
            _revoke(entry, hand, illegal, played, where)
        elif kind == "false_king":
            _false_king(by, hand, king, holder, where)
        elif kind == "abandon":
            _abandon(by, hand, played, summary, where)
        else:
            if entry["reason"] not in REPLAY_REASONS:
                raise EngineError("bad_irregularity", "a replay's reason is revoke, false_king, "
                                  "misdeal or undone", f"{where}.reason")
            hand.void = True


def _revoke(entry, hand, illegal, played, where):
    trick, by = entry["trick"], entry["by"]
    if type(trick) is not int or not 1 <= trick <= played:
        raise EngineError("bad_irregularity", f"a revoke names a trick from 1 to {played}, the "
                          "tricks recorded", f"{where}.trick")
    if illegal is not None and (trick, by) not in illegal:
        raise EngineError("bad_irregularity", f"{by} made no illegal play in trick {trick}",
                          where)
    hand.offenders.add(by)


def _false_king(by, hand, king, holder, where):
    if king != by:
        raise EngineError("bad_irregularity", f"{by} did not announce the king of trumps", where)
    if holder == by:
        raise EngineError("bad_irregularity", f"{by} holds the king of trumps: the king is "
                          "not false", where)
    if holder != OTHER[by]:  # no penalty when the adversary holds the king himself
        hand.offenders.add(by)


def _abandon(by, hand, played, summary, where):
    if hand.in_progress:
        raise EngineError("bad_irregularity", "an abandoned hand is over, not in progress", where)
    if played >= 5:
        code = "bad_summary" if summary else "bad_irregularity"
        raise EngineError(code, "all five tricks were played: nothing was abandoned", where)
    if hand.tricks[by] > 2:
        raise EngineError("bad_irregularity", f"{by} already won the point with "
                          f"{hand.tricks[by]} tricks and cannot abandon", where)
    if hand.double and not hand.double["accepted"]:
        raise EngineError("bad_irregularity", "the hand ended when the double was declined",
                          where)
    if hand.offer and hand.offer["accepted"]:
        raise EngineError("bad_irregularity", "the hand ended when the offer was accepted", where)
    hand.abandon_by = by


def check_count(hand: CheckedHand, played: int, where: str,
                code: str = "wrong_trick_count") -> None:
    """A finished hand has five tricks unless it ended early (docs/hand-record.md "tricks")."""
    if hand.void or hand.in_progress or hand.abandon_by or hand.game_over_before_play:
        return
    if hand.offer and hand.offer["accepted"]:
        expected, why = 0, "the offer was accepted before the first card"
    elif hand.double and not hand.double["accepted"]:
        expected = hand.double["before_trick"] - 1
        why = f"the double before trick {expected + 1} was declined"
    else:
        expected, why = 5, "a finished hand has five"
    if played != expected:
        raise EngineError(code, f"{played} tricks recorded; {why}: {expected} expected", where)
