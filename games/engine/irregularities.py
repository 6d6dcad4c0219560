"""Section 8 of the Laws as recorded: revoke, false king, abandon and replay; then the count
of tricks, which depends on how the hand ended. The forms à trois and à quatre read theirs
here too, with their own `Players` (docs/rules.md, rulings 80 to 83)."""
from dataclasses import dataclass

from .errors import EngineError
from .hand import OTHER, ROLES, CheckedHand

REPLAY_REASONS = ("revoke", "false_king", "misdeal", "undone")
ENTRY_KEYS = {
    "revoke": {"type", "by", "trick"},
    "false_king": {"type", "by"},
    "abandon": {"type", "by"},
    "replay": {"type", "reason"},
}


@dataclass(frozen=True)
class Players:
    """Who may be named in an entry (`names`), the kinds of entry the form knows, whose trick
    award a revoke or a false king of each name cuts (`penalised`: the player, or his side),
    and whose holding the king excuses his false king (`adversaries`). A form whose hand
    dealt again is over at once refuses a replay in a hand in progress."""
    names: tuple
    kinds: tuple
    penalised: dict
    adversaries: dict
    replay_in_progress: bool = True


TWO_HANDED = Players(names=ROLES, kinds=tuple(ENTRY_KEYS), penalised={r: r for r in ROLES},
                     adversaries={r: (OTHER[r],) for r in ROLES})


def _words(names: tuple, quoted: bool = False) -> str:
    """("a", "b", "c") -> 'a, b or c', or '"a", "b" or "c"' quoted."""
    named = [f'"{name}"' if quoted else name for name in names]
    return ", ".join(named[:-1]) + " or " + named[-1]


def read_irregularities(entries: list, hand: CheckedHand, *, king, holder, illegal, played: int,
                        summary: bool = False, players: Players = TWO_HANDED) -> None:
    """Checks each entry and applies it to `hand`. `holder` is who held the king of trumps
    (unknown in a summary); `illegal` the set of (trick, role) plays that broke section 6
    (None in a summary, which cannot show them)."""
    seen = set()
    for i, entry in enumerate(entries):
        where = f"irregularities[{i}]"
        kind = entry.get("type")
        if type(kind) is not str or kind not in players.kinds:
            raise EngineError("bad_irregularity", f"type must be {_words(players.kinds)}",
                              where)
        if entry.keys() != ENTRY_KEYS[kind]:
            needed = ", ".join(sorted(ENTRY_KEYS[kind]))
            raise EngineError("bad_irregularity", f"a {kind} entry has exactly: {needed}", where)
        by = entry.get("by")
        if kind != "replay" and (type(by) is not str or by not in players.names):
            raise EngineError("bad_irregularity", f"by must be {_words(players.names, True)}",
                              f"{where}.by")
        key = (kind, by, entry.get("trick"))
        if key in seen or kind in ("abandon", "replay") and (kind, None) in seen:
            raise EngineError("bad_irregularity", f"this {kind} is recorded twice", where)
        seen.add(key)
        seen.add((kind, None))
        if kind == "revoke":
            _revoke(entry, hand, illegal, played, where)
            hand.offenders.add(players.penalised[by])
        elif kind == "false_king":
            _false_king(by, hand, king, holder, where)
            if holder not in players.adversaries[by]:  # no penalty if an adversary holds it
                hand.offenders.add(players.penalised[by])
        elif kind == "abandon":
            _abandon(by, hand, played, summary, where)
        elif hand.in_progress and not players.replay_in_progress:
            raise EngineError("bad_irregularity", "a hand dealt again is over, not in "
                              "progress", where)
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


def _false_king(by, hand, king, holder, where):
    if king != by:
        raise EngineError("bad_irregularity", f"{by} did not announce the king of trumps", where)
    if holder == by:
        raise EngineError("bad_irregularity", f"{by} holds the king of trumps: the king is "
                          "not false", where)


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
