"""The engine's one typed error, carrying the contract's code, message and pointer."""

CODES = frozenset(
    "bad_json unknown_field bad_format bad_card duplicate_card wrong_hand_size bad_exchange "
    "stock_exhausted card_not_held must_follow_suit must_win_trick must_trump king_not_held "
    "wrong_trick_count after_game_end variant_disabled bad_summary bad_irregularity "
    "too_late".split()
)


class EngineError(Exception):
    """A rejected hand record: `code` from docs/hand-record.md, a message a scorer understands,
    and `at`, a pointer into the record such as ``tricks[1][1]``."""

    def __init__(self, code: str, message: str, at: str = ""):
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.at = at

    def as_dict(self) -> dict:
        return {"error": {"code": self.code, "message": self.message, "at": self.at}}

    def __repr__(self) -> str:
        return f"EngineError({self.code!r}, {self.message!r}, at={self.at!r})"
