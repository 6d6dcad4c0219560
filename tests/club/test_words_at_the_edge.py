"""Words are made at the edge (issue 31): the code carries codes and parameters, a page makes
the sentence in its reader's language, and nothing reads a sentence back. Read from the source:
no regular expression of the club's and the games' code is written to read English words, nor
applied to a refusal's message; every refusal the services raise names a rule that the pages
say in English and in French."""
import ast
import re
from pathlib import Path

from django.utils import translation

from club.refusals import SENTENCES
from tests.club.test_refusal_enums import members

ROOT = Path(__file__).resolve().parents[2]
CODE = sorted(path for app in ("club", "games") for path in (ROOT / app).rglob("*.py")
              if "migrations" not in path.parts)
# The services: every write a page or the API asks for (docs/architecture.md).
SERVICES = sorted((ROOT / "games" / "services").glob("*.py")) + [
    ROOT / "club" / name for name in ("players.py", "payments.py", "ledger.py", "settle_up.py")]
MATCHING = {"compile", "match", "fullmatch", "search", "sub", "subn", "findall", "finditer",
            "split"}
WORDS = re.compile(r"[A-Za-z]{2,} [A-Za-z]{2,}")  # two words and a space: a sentence's


def calls(path: Path):
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Call):
            yield node


def test_no_regular_expression_reads_words_or_a_message():
    found = []
    for path in CODE:
        for call in calls(path):
            func = call.func
            if not (isinstance(func, ast.Attribute) and func.attr in MATCHING):
                continue
            pattern = call.args[0] if call.args else None
            if (isinstance(func.value, ast.Name) and func.value.id == "re"
                    and isinstance(pattern, ast.Constant) and isinstance(pattern.value, str)
                    and WORDS.search(pattern.value)):
                found.append(f"{path.relative_to(ROOT)}:{call.lineno} reads words")
            if any(isinstance(node, ast.Attribute) and node.attr == "message"
                   for arg in call.args for node in ast.walk(arg)):
                found.append(f"{path.relative_to(ROOT)}:{call.lineno} reads a message")
    assert found == []


def _rules(call: ast.Call) -> list | None:
    """The rules a Refused(...) may name: the members it names (`GameRule.X`, either of an
    `if`), none that the source shows when it is given one (every member is said:
    tests/club/test_refusal_enums.py); None when it names none."""
    rule = next((k.value for k in call.keywords if k.arg == "rule"), None)
    if rule is None:
        return None
    return sorted(members(rule) or ())


def test_every_refusal_of_the_services_names_a_rule_said_in_english_and_french():
    unruled, unsaid = [], []
    for path in SERVICES:
        for call in calls(path):
            if not (isinstance(call.func, ast.Name) and call.func.id == "Refused"):
                continue
            if any(k.arg is None for k in call.keywords):  # the engine's, with its detail
                continue
            rules = _rules(call)
            where = f"{path.relative_to(ROOT)}:{call.lineno}"
            if rules is None:
                unruled.append(where)
            unsaid += [(where, rule) for rule in rules or () if not _said_in_french(rule)]
    assert unruled == [] and unsaid == []


def _said_in_french(rule) -> bool:
    if rule not in SENTENCES:
        return False
    with translation.override("en"):
        english = str(SENTENCES[rule])
    with translation.override("fr"):
        return str(SENTENCES[rule]) != english
