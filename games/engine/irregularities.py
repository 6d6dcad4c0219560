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
        kind = entry.get("type")
        if type(kind) is not str or kind not in players.kinds:
            raise EngineError("bad_irregularity", f"type must be {_words(players.kinds)}",
                              where)
        if entry.keys() != ENTRY_KEYS[kind]:
            needed = ", ".join(sorted(ENTRY_KEYS[kind]))
            raise EngineError("bad_irregularity", f"a {kind} entry has exactly: {needed}", where)
        by = entry.get("by")
        if "by" in entry and (type(by) is not str or by not in players.names):
            raise EngineError("bad_irregularity", f"by must be {_words(players.names, True)}",
                              f"{where}.by")
        key = (kind, by, entry.get("trick"), entry.get("mark"))
        if key in seen or kind in ONCE and (kind, None) in seen:
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
        elif kind in ("unmarked", "marked_late"):
            _forgotten(entry, hand, seen, where)
        elif kind == "misdeal_played":
            if dealt is not None and set(dealt.values()) == {5}:
                raise EngineError("bad_irregularity", "five cards were dealt to each: nothing "
                                  "was misdealt", where)
        elif kind == "wrong_number":
            _wrong_number(entry, hand, summary, where)
        elif kind == "lead_out_of_turn":
            _lead_out_of_turn(entry, led_out, played, where)
        elif kind == "dealt_out_of_turn":
            continue  # the course reads it: the deal that stood (ruling 94)
        elif hand.in_progress and not players.replay_in_progress:
            raise EngineError("bad_irregularity", "a hand dealt again is over, not in "
                              "progress", where)
        else:
            if entry["reason"] not in REPLAY_REASONS:
                raise EngineError("bad_irregularity", "a replay's reason is revoke, false_king, "
                                  "misdeal or undone", f"{where}.reason")
            hand.void = True


def _forgotten(entry, hand, seen, where):
    """A mark not marked at its time: never (`unmarked`), or late (`marked_late`), before the
    trump of the next deal was turned up (ruling 84)."""
    by, mark = entry["by"], entry["mark"]
    if type(mark) is not str or mark not in MARKS:
        raise EngineError("bad_irregularity", f"mark must be {_words(MARKS, True)}",
                          f"{where}.mark")
    if ("mark", by, mark) in seen:
        raise EngineError("bad_irregularity", f"the {mark} of {by} is recorded twice", where)
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
        raise EngineError("bad_irregularity", "cards is the number he played with: 1 to 10, "
                          "not 5", f"{where}.cards")
    if summary:
        hand.cards[by] = cards
    elif hand.cards[by] != cards:
        raise EngineError("bad_irregularity", f"{by} played with {hand.cards[by]} cards, not "
                          f"{cards}", f"{where}.cards")


def _lead_out_of_turn(entry, led_out, played, where):
    trick, by = entry["trick"], entry["by"]
    if type(trick) is not int or not 1 <= trick <= played:
        raise EngineError("bad_irregularity", f"a lead out of turn names a trick from 1 to "
                          f"{played}, the tricks recorded", f"{where}.trick")
    if led_out is not None and (trick, by) not in led_out:
        raise EngineError("bad_irregularity", f"{by} was to lead trick {trick}: his lead was "
                          "in turn", where)


def check_marks(entries: list, marks: list) -> None:
    """Each `unmarked` or `marked_late` entry names a mark the hand gives that player: one of
    `marks`, as (to, points, for) (ruling 84)."""
    given = {(to, why) for to, _, why in marks}
    for i, entry in enumerate(entries):
        if entry["type"] in ("unmarked", "marked_late") and (
                entry["by"], entry["mark"]) not in given:
            raise EngineError("bad_irregularity", f"{entry['by']} has no {entry['mark']} mark "
                              "in this hand", f"irregularities[{i}]")


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


def _early_end(hand: CheckedHand):
    """(tricks expected, why) when the hand ended before it was played out, else None."""
    if hand.offer and hand.offer["accepted"]:
        return 0, "the offer was accepted before the first card"
    if hand.double and not hand.double["accepted"]:
        expected = hand.double["before_trick"] - 1
        return expected, f"the double before trick {expected + 1} was declined"
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
        expected, why = early
    elif set(counts.values()) == {5}:
        expected, why = 5, "a finished hand has five"
    else:
        expected = min(5, max(counts.values()) if summary else min(counts.values()))
        why = (f"the elder played with {counts['elder']} cards and the dealer with "
               f"{counts['dealer']}")
    if played != expected:
        raise EngineError(code, f"{played} tricks recorded; {why}: {expected} expected", where)


def count_cards_not_played_to(hand: CheckedHand, played: int) -> None:
    """Once a full record's hand is played out, each card a player still holds when his
    adversary holds none cannot be played to, and counts as a trick to him, up to five tricks
    in all (ruling 87)."""
    if _unchecked(hand) or _early_end(hand):
        return
    holder = max(ROLES, key=hand.cards.get)
    hand.tricks[holder] += min(5, hand.cards[holder]) - played
