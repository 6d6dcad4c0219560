"""The hand options of RULES.md that a record may override."""
from .errors import EngineError

HAND_OPTIONS = {
    "ranking": ("classic", "ace_high"),
    "dealer_exchange": ("required", "optional"),
    "doubling": (False, True),
    "offer_point": (False, True),
}
DEFAULTS = {name: choices[0] for name, choices in HAND_OPTIONS.items()}
# Table options of RULES.md section 10-11: accepted in a record's rules, used by the club only.
TABLE_OPTIONS = frozenset(
    "target game_value rubber_games pool_unit pool_streak pool_entry pool_forfeit "
    "levy_percent wager_style".split()
)


def read_rules(rules) -> dict:
    if rules is None:
        return DEFAULTS
    if type(rules) is not dict:
        raise EngineError("bad_format", "rules must be an object of table options", "rules")
    options = dict(DEFAULTS)
    for key, value in rules.items():
        choices = HAND_OPTIONS.get(key)
        if choices is None:
            if key in TABLE_OPTIONS:
                continue
            raise EngineError("unknown_field", f"rules has no option {key!r}", f"rules.{key}")
        if type(value) is not type(choices[0]) or value not in choices:
            allowed = " or ".join(str(c).lower() if type(c) is bool else c for c in choices)
            raise EngineError("bad_format", f"rules.{key} must be {allowed}", f"rules.{key}")
        options[key] = value
    return options
