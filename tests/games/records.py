"""Real hand records shared by the games tests."""

import copy

# Diamonds are trumps; the elder plays without proposing (so is vulnerable) and wins all
# five tricks: the point and the vole, 2 points to the elder.
ELDER_VOLE = {
    "deal": {
        "elder": ["KS", "QS", "AS", "JD", "QD"],
        "dealer": ["7S", "8S", "9H", "TH", "7C"],
        "turn_up": "8D",
    },
    "exchanges": [],
    "tricks": [["KS", "7S"], ["QS", "8S"], ["AS", "9H"], ["JD", "TH"], ["QD", "7C"]],
}

# The same hand kept as a summary: the elder played and took 3 tricks.
SUMMARY_POINT = {
    "summary": {"opening": "played", "king_turned": False, "tricks": {"elder": 3, "dealer": 2}}
}


def elder_vole(**changes) -> dict:
    """A fresh copy of ELDER_VOLE, with top-level keys changed or added."""
    record = copy.deepcopy(ELDER_VOLE)
    record.update(changes)
    return record


def bad_card() -> dict:
    record = elder_vole()
    record["deal"]["elder"][0] = "XS"
    return record
