"""The rules engine of Écarté: pure Python, no Django.

    score(record, analyse=False) -> result dict (docs/hand-record.md), raises EngineError
    analyse(record) -> {"elder_tricks": int, "by_lead": {card: int}}, raises EngineError
    first_loss(record) -> Loss | None: the first card played that lost value against
        double-dummy play (trick, seat, card, before, after, keep), raises EngineError
    loads(text) -> record dict, raises EngineError("bad_json")
    hand_state(record, ranking) -> HandState: each seat's cards, each trick's winner, who leads
"""
from .analysis import Loss
from .errors import EngineError
from .record import analyse, first_loss, loads, score
from .state import HandState, hand_state
from .tricks import Trick

__all__ = ["EngineError", "HandState", "Loss", "Trick", "analyse", "first_loss", "hand_state",
           "loads", "score"]
