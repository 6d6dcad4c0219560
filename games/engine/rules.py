"""The options of docs/rules.md: the hand options a record may override, and a table's."""
from .errors import EngineError

HAND_OPTIONS = {
    "ranking": ("classic", "ace_high"),
    "dealer_exchange": ("required", "optional"),
    "doubling": (False, True),
    "offer_point": (False, True),
    # When the king of trumps is announced (docs/rules.md, section 5): the London Laws, or the
    # French article's "before his second card".
    "king_announcement": ("london", "french"),
}
DEFAULTS = {name: choices[0] for name, choices in HAND_OPTIONS.items()}
# Table options of docs/rules.md, sections 10 and 11: accepted in a record's rules, used by the
# club only.
TABLE_OPTIONS = frozenset(
    "target game_value rubber_games pool_unit pool_streak pool_entry pool_forfeit "
    "levy_percent wager_style".split()
)
def read_rules(rules) -> dict:
    if rules is None:
        return DEFAULTS
    if type(rules) is not dict:
        raise EngineError("bad_format", "rules_not_options", "rules")
    options = dict(DEFAULTS)
    for key, value in rules.items():
        choices = HAND_OPTIONS.get(key)
        if choices is None:
            if key in TABLE_OPTIONS:
                continue
            raise EngineError("unknown_field", "no_option", f"rules.{key}", key=key)
        if type(value) is not type(choices[0]) or value not in choices:
            allowed = tuple(str(c).lower() if type(c) is bool else c for c in choices)
            raise EngineError("bad_format", "must_be_one_of", f"rules.{key}",
                              where=f"rules.{key}", choices=allowed)
        options[key] = value
    return options


# The games to the retourne (section 10): the first deal's turn-up sets the target, or a card
# turned at random before the game.
RETOURNE = ("retourne", "retourne_random")
# Every option of a table the engine plays: its course's, then the hand options.
OPTIONS = {
    "target": (5, 7) + RETOURNE,
    "game_value": ("single", "graded"),
    "rubber_games": (1, 3, 5, 7, 11),
    "pool_unit": ("game", "rubber"),
    "pool_streak": (2, 3),
} | HAND_OPTIONS
OPTION_DEFAULTS = {
    "target": 5,
    "game_value": "single",
    "rubber_games": 3,
    "pool_unit": "game",
    "pool_streak": 2,
} | DEFAULTS
# The readings the club does not offer at its tables, by option: a record's rules and a
# course's may name them, but the pages and the API, which list TABLE_CHOICES and
# TABLE_DEFAULTS, leave them out, as `table_rules` does. Every reading is offered now.
NOT_OFFERED: dict[str, tuple] = {}
TABLE_CHOICES = {name: offered for name, choices in OPTIONS.items()
                 if (offered := tuple(c for c in choices if c not in NOT_OFFERED.get(name, ())))}
TABLE_DEFAULTS = {name: value for name, value in OPTION_DEFAULTS.items() if name in TABLE_CHOICES}


class BadOption(ValueError):
    """A table's options refused: not an object (`key` None), a `key` that is no option
    (`choices` None), or a value of `key` that is not one of its `choices` (as written)."""

    def __init__(self, key: str | None = None, choices: tuple | None = None):
        if key is None:
            message = "rules must be an object of table options"
        elif choices is None:
            message = f"rules.{key} is not a table option"
        else:
            message = f"rules.{key} must be one of {', '.join(choices)}"
        super().__init__(message)
        self.key, self.choices = key, choices


def table_rules(given: dict, money_keys=()) -> dict:
    """A table's options with the defaults filled in. Keys in `money_keys` are passed through
    for the caller to check. Raises BadOption naming the option at fault."""
    if type(given) is not dict:
        raise BadOption()
    rules = dict(TABLE_DEFAULTS)
    for key, value in given.items():
        if key in money_keys:
            rules[key] = value
            continue
        choices = TABLE_CHOICES.get(key)
        if choices is None:
            raise BadOption(key)
        if not any(type(value) is type(c) and value == c for c in choices):
            raise BadOption(key, tuple(str(c).lower() if type(c) is bool else str(c)
                                       for c in choices))
        rules[key] = value
    return rules
