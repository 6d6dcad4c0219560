"""The engine's entry points: score a record, analyse its deal and its play, read JSON text."""
import json

from .analysis import Loss, analyse_deal, first_loss_in_play
from .cards import CANONICAL
from .errors import EngineError
from .full import read_full
from .scoring import result
from .summary import read_summary


def loads(text) -> dict:
    """Parses a record's JSON text (str or UTF-8 bytes). Raises EngineError("bad_json")."""
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:
        raise EngineError("bad_json", "not_json", error=str(exc)) from None


def read(record, finished: bool = True):
    """Checks a record of either form and returns the engine's CheckedHand. With `finished` false,
    a full record may stop at any trick (as for analysis of a deal)."""
    if type(record) is not dict:
        raise EngineError("bad_format", "not_object")
    return read_full(record, finished) if "deal" in record else read_summary(record)


def score(record: dict, analyse: bool = False) -> dict:
    """The result of a hand record (docs/hand-record.md); with `analyse`, its "analysis" too
    (null for a summary, which has no cards to analyse)."""
    hand = read(record)
    out = result(hand)
    if analyse:
        out["analysis"] = _analysis(hand) if _analysable(hand) else None
    return out


def analyse(record: dict) -> dict:
    """The double-dummy analysis of a full record's hands as they stood when play began.
    The record is checked like any other, but its play need not be complete."""
    return _analysis(_played_hand(record))


def first_loss(record: dict) -> Loss | None:
    """The first card of a full record's play that lost value against double-dummy play for
    the side that played it (analysis.first_loss_in_play), or None. Checked like analyse."""
    hand = _played_hand(record)
    tricks = [[CANONICAL[led], CANONICAL[played]] for led, played in record.get("tricks", [])]
    return first_loss_in_play(hand.start["elder"], hand.start["dealer"], hand.trump, tricks,
                              hand.rules["ranking"])


def _played_hand(record: dict):
    """The checked hand of a full record whose players began play with five cards each; its
    play need not be complete."""
    hand = read(record, finished=False)
    if not hand.start:
        raise EngineError("bad_format", "analysis_needs_deal", "deal")
    if not _analysable(hand):
        raise EngineError("bad_format", "analysis_needs_five", "deal")
    return hand


def _analysable(hand) -> bool:
    """A full record whose players began play with five cards each (docs/rules.md, ruling
    87: a summary, or a hand played with the wrong number of cards, has no analysis)."""
    return bool(hand.start) and set(hand.cards.values()) == {5}


def _analysis(hand) -> dict:
    return analyse_deal(hand.start["elder"], hand.start["dealer"], hand.trump,
                        hand.rules["ranking"])
