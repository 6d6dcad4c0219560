"""What the engine knows about a hand once its record is read and checked."""

ROLES = ("elder", "dealer")
OTHER = {"elder": "dealer", "dealer": "elder"}


class CheckedHand:
    """A checked hand, in the words of the Laws. Records of both forms read into one."""

    rules: dict
    score_before: dict
    target: int
    double = None  # the record's double, if any
    offer = None  # the record's offer, if any
    vulnerable = None
    king_turned = False
    king_mark = None  # the role that marks the king of trumps, if any
    abandon_by = None
    void = False
    in_progress = False
    game_over_before_play = False  # a king mark reached the target
    tricks_before_end = 0  # the tricks played before the king mark that ended the game
    start = None  # {"elder": [...], "dealer": [...]} when play began (full records)
    trump = None
    unmarked = frozenset()  # (role, for) of each mark not marked (docs/rules.md, ruling 84)
    marked_late = frozenset()  # (role, for) of each mark marked after the hand's others

    def __init__(self):
        self.tricks = {"elder": 0, "dealer": 0}
        self.offenders = set()  # roles penalised for a revoke or a false king
        self.cards = {"elder": 5, "dealer": 5}  # the cards each played with (ruling 87)

    @property
    def too_many(self) -> set:
        """The roles who played with more than five cards: they mark nothing for the tricks."""
        return {role for role, count in self.cards.items() if count > 5}
