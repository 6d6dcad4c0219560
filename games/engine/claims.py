"""The time a forgotten mark may still be claimed (docs/rules.md, rulings 84 and 85).

"If a player omit to mark his score, he may rectify the omission at any time before the trump
card of the next deal is turned up"; so may the dealer a king he turned up. A record says that
a mark was not marked (an `unmarked` entry); a correction that marks it is a claim, and the
services ask here whether it comes in time:

    claim_open(hands, key) -> bool: whether a mark of the hand `key` may still be claimed
    check_claim(hands, key, before, after): raises EngineError("too_late") when the result
        `after` of a correction of hand `key` marks what its result `before` left unmarked,
        and the trump of the next deal is turned up

`hands` are the table's hands in order, each with its `key` and `record` (the course's
`CourseHand`), of any form of the game.
"""
from .errors import EngineError


def trump_turned(record) -> bool:
    """Whether the hand of this record turned up a trump card: every deal that was played, and
    a deal dealt again whose record names its turn-up. A hand taken back as entered in error
    (a `replay` whose reason is `undone`) was no deal at all."""
    if type(record) is not dict:
        return False
    entries = record.get("irregularities")
    reasons = {entry.get("reason") for entry in entries if type(entry) is dict
               and entry.get("type") == "replay"} if type(entries) is list else set()
    if "undone" in reasons:
        return False
    if not reasons:
        return True
    deal = record.get("deal") if "deal" in record else record.get("summary")
    return type(deal) is dict and deal.get("turn_up") is not None


def claim_open(hands, key) -> bool:
    """Whether a mark of the hand `key` may still be claimed: no hand after it at the table
    has turned up its trump."""
    keys = [hand.key for hand in hands]
    after = hands[keys.index(key) + 1:] if key in keys else []
    return not any(trump_turned(hand.record) for hand in after)


def claimed(before: dict, after: dict) -> list:
    """The marks, as the result lists them, that the result `before` left unmarked and the
    result `after` of the same hand marks."""
    marked = {(mark["to"], mark["for"]) for mark in after.get("marks", ())}
    return [mark for mark in before.get("unmarked", ()) if (mark["to"], mark["for"]) in marked]


def check_claim(hands, key, before: dict, after: dict) -> None:
    """Refuses a correction of the hand `key` that claims a mark once the trump of the next
    deal is turned up: the Laws' time for it is over."""
    late = claimed(before, after)
    if late and not claim_open(hands, key):
        mark = late[0]
        raise EngineError("too_late", "claim_too_late", "irregularities", mark=mark["for"],
                          seat=mark["to"])
