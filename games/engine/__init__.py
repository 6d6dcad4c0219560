"""The rules engine of Écarté: pure Python, no Django.

    score(record, analyse=False) -> result dict (docs/hand-record.md), raises EngineError
    analyse(record) -> {"elder_tricks": int, "by_lead": {card: int}}, raises EngineError
    loads(text) -> record dict, raises EngineError("bad_json")
"""
from .errors import EngineError
from .record import analyse, loads, score

__all__ = ["EngineError", "analyse", "loads", "score"]
