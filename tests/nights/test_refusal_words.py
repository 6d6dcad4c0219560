"""Every refusal of the club night names a rule that the pages say in English and in French
(as tests/club/test_words_at_the_edge.py checks the games' and the club's services), and each
code has its one status in the API."""
from pathlib import Path

from club.api import REFUSAL_STATUS
from tests.club.test_refusal_enums import members
from tests.club.test_words_at_the_edge import _rules, _said_in_french, calls

NIGHTS = Path(__file__).resolve().parents[2] / "nights"


def test_every_refusal_of_the_nights_names_a_rule_said_in_english_and_french():
    unruled, unsaid, codes = [], [], set()
    for path in sorted(NIGHTS.glob("*.py")):
        for call in calls(path):
            if not (getattr(call.func, "id", None) == "Refused"):
                continue
            codes |= members(call.args[0])
            rules = _rules(call)
            if rules is None:
                unruled.append(f"{path.name}:{call.lineno}")
            unsaid += [rule for rule in rules or () if not _said_in_french(rule)]
    assert unruled == [] and unsaid == []
    assert codes - set(REFUSAL_STATUS) == set()
