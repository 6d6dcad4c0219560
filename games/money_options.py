"""A table's money options (docs/rules.md, Table options): whole numbers inside, text at the
edges.

In `Table.rules`, and wherever the club passes a table's options, `pool_entry`, `pool_forfeit`,
`wager_min` and `wager_max` (None: no maximum) are whole cents, and `levy_percent` is in
hundredths of a percent (500: 5 %), the number `club.money_text.parse` reads from "5.00". The
API's rules, the snapshot and the exports write each as a decimal string, "12.50" (`written`);
the API's `POST /tables` gives them so, or as whole JSON numbers (`read`). The pages read and
write them through club.forms and `money_text.local`.
"""
from club import money_text

# The money options with their defaults, in this order in a table's rules, after the options
# of the game. A wager's stake is at least `wager_min` and, when it is set, at most `wager_max`.
MONEY_RULES = {"pool_entry": 0, "pool_forfeit": 0, "levy_percent": 0, "wager_min": 10,
               "wager_max": None}
STAKES = ("pool_entry", "pool_forfeit")


def written(rules: dict) -> dict:
    """The table's options with each money option written as the API writes it: "12.50"."""
    return {key: money_text.plain(value) if key in MONEY_RULES and value is not None else value
            for key, value in rules.items()}


def read(given):
    """The API's options with each money option given as an amount read into whole numbers:
    "12.50", "12.5" or "12" (1250), or a whole JSON number, 12 (1200). A value that is no
    amount is left as it was given, for the service to refuse in its turn (`option_amount`),
    after the refusals that come before it."""
    if type(given) is not dict:
        return given
    out = dict(given)
    for key in MONEY_RULES.keys() & given.keys():
        value = str(given[key]) if type(given[key]) is int else given[key]
        try:
            out[key] = money_text.parse(value)
        except ValueError:
            pass
    return out
