"""Refusal codes and rules are members of each app's enumerations (club/refusal_codes.py,
games/refusal_codes.py, nights/refusal_codes.py), never bare strings: a typo fails at once, and
the tables keyed by them are complete. Every code has exactly one HTTP status; every rule, and
every code a refusal is raised with and no rule, has a sentence in English and in French; no
refusal in the source is made with a string literal (read with `ast`)."""
import ast
from collections import Counter
from pathlib import Path

import pytest
from django.utils import translation

import club.api
import games.api
import nights.api
from club.api import REFUSAL_STATUS
from club.errors import RefusalCode, RefusalRule, Refused
from club.refusal_codes import ClubCode, ClubRule
from club.refusals import SENTENCES
from games.engine.errors import CODES
from games.refusal_codes import EngineCode, GameCode, GameRule
from nights.refusal_codes import NightCode, NightRule

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(path for app in ("club", "games", "nights", "server")
                 for path in (ROOT / app).rglob("*.py") if "migrations" not in path.parts)
CODE_ENUMS = (ClubCode, GameCode, EngineCode, NightCode)
RULE_ENUMS = (ClubRule, GameRule, NightRule)
ENUMS = {enum.__name__: enum for enum in (*CODE_ENUMS, *RULE_ENUMS)}
# Where a call names a code or a rule: its positional argument's index or its keyword.
NAMED = {"Refused": (0, "rule"), "within_ceiling": ("code", "rule"), "get_or_refuse": (2,),
         "WholeNumberField": ("rule",), "_refuse_unless_director": (1,),
         "_split_cent": (0,)}
# The record's shape, which the engine refuses to the API with its own message: the pages
# write the records, and never meet these (tests/club/test_api_errors.py).
UNSAID_SHAPE = {EngineCode.BAD_JSON, EngineCode.UNKNOWN_FIELD, EngineCode.BAD_FORMAT}


def _name(func) -> str | None:
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def calls():
    """(where, call) of each call of the source that names a code or a rule (NAMED)."""
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and _name(node.func) in NAMED:
                yield f"{path.relative_to(ROOT)}:{node.lineno}", node


def named(call: ast.Call) -> list[ast.expr]:
    """The expressions that give `call`'s code or rule."""
    found = []
    for place in NAMED[_name(call.func)]:
        if isinstance(place, int):
            found += call.args[place:place + 1]
        else:
            found += [k.value for k in call.keywords if k.arg == place]
    return found


def members(node: ast.expr) -> set | None:
    """The members an expression may be (`GameRule.X`, either branch of an `if`, any of an
    enumeration called by value); None for one the source does not name (a parameter)."""
    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id in ENUMS):
        return {ENUMS[node.value.id][node.attr]}
    if isinstance(node, ast.IfExp):
        body, orelse = members(node.body), members(node.orelse)
        return None if body is None or orelse is None else body | orelse
    if isinstance(node, ast.Call) and _name(node.func) in ENUMS:
        return set(ENUMS[_name(node.func)])
    return None


def _string(node: ast.expr) -> bool:
    if isinstance(node, ast.IfExp):
        return _string(node.body) or _string(node.orelse)
    return (isinstance(node, (ast.JoinedStr, ast.BinOp))
            or isinstance(node, ast.Constant) and isinstance(node.value, str))


def test_no_refusal_is_made_with_a_string():
    """Neither a code nor a rule is written as a string where a refusal is made, or a helper
    that makes one is called (a literal, an f-string, either branch of an `if`)."""
    strings = [where for where, call in calls() for node in named(call) if _string(node)]
    assert strings == []
    assert sum(1 for where, call in calls() if _name(call.func) == "Refused") > 140


def test_a_refusal_made_with_a_string_or_a_misspelt_member_fails_at_once():
    with pytest.raises(TypeError):
        Refused("not_scorer", "only the table's scorers may")
    with pytest.raises(TypeError):
        Refused(GameCode.NOT_SCORER, "only the table's scorers may", rule="scorers_enter")
    with pytest.raises(AttributeError):
        GameCode.NOT_SCORRER  # noqa: B018
    refused = Refused(GameCode.NOT_SCORER, "only the table's scorers may",
                      rule=GameRule.SCORERS_ENTER)
    assert refused.as_dict() == {"error": {"code": "not_scorer",
                                           "message": "only the table's scorers may"}}


def test_every_code_of_every_app_has_exactly_one_status():
    """Each app's table gives its own codes a status, each code in one table only, and the
    one table (club.api.REFUSAL_STATUS) holds every code of every enumeration, and nothing
    else; no two enumerations share a code."""
    tables = (club.api.STATUSES, games.api.STATUSES, nights.api.STATUSES)
    given = Counter(code for table in tables for code in table)
    every = [code for enum in CODE_ENUMS for code in enum]
    assert [code for code, times in given.items() if times > 1] == []
    assert len(set(every)) == len(every)
    assert set(REFUSAL_STATUS) == set(every)
    assert all(isinstance(code, RefusalCode) for code in REFUSAL_STATUS)
    assert set(club.api.STATUSES) == set(ClubCode)
    assert set(games.api.STATUSES) == set(GameCode) | set(EngineCode)
    assert set(nights.api.STATUSES) == set(NightCode)
    assert {REFUSAL_STATUS[code] for code in every} <= {403, 404, 409, 422}


def test_the_engines_codes_are_the_hand_records():
    assert set(EngineCode) == CODES


def test_every_rule_of_every_app_is_a_member_said_in_english_and_in_french():
    rules = [rule for enum in RULE_ENUMS for rule in enum]
    assert len(set(rules)) == len(rules)
    assert [rule for rule in rules if not _said_in_french(rule)] == []
    assert all(isinstance(key, (RefusalCode, RefusalRule)) for key in SENTENCES)


def test_every_code_raised_without_a_rule_is_said_in_english_and_in_french():
    """A refusal without a rule is said by its code (club.refusals.said), unless a page made
    it with its own words (its message gettext's, `_(...)`). The engine's are raised by
    `EngineCode(err.code)`: any of them, but the record's shape. The API's look-up of a row
    (`get_or_refuse`) raises the code it is given."""
    unruled = set()
    for where, call in calls():
        if _name(call.func) == "get_or_refuse":
            unruled |= members(call.args[2])
        if _name(call.func) != "Refused" or any(k.arg == "rule" for k in call.keywords):
            continue
        message = call.args[1] if len(call.args) > 1 else None
        if isinstance(message, ast.Call) and _name(message.func) == "_":
            continue  # a page's own words
        if isinstance(call.args[0], ast.Name):
            continue  # a helper's parameter: its callers' codes are read here (NAMED)
        code = members(call.args[0])
        assert code is not None, where
        unruled |= code
    assert set(EngineCode) - UNSAID_SHAPE <= unruled
    assert {ClubCode.NOT_OWN, ClubCode.UNKNOWN_PLAYER} <= unruled
    assert [code for code in unruled - UNSAID_SHAPE if not _said_in_french(code)] == []


def _named_outside_the_tables(node: ast.AST):
    """The members `node` names, but in a table of statuses or sentences (which name them
    all)."""
    if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id in ("STATUSES", "SENTENCES")):
        return
    if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id in ENUMS):
        yield ENUMS[node.value.id][node.attr]
    for child in ast.iter_child_nodes(node):
        yield from _named_outside_the_tables(child)


def test_every_code_and_rule_is_raised_somewhere():
    """A code or a rule that no refusal names would be a promise of docs/api.md made for
    nothing. The engine's codes are raised by the engine."""
    raised = {member for path in SOURCES
              for member in _named_outside_the_tables(ast.parse(path.read_text(), str(path)))}
    unused = [f"{type(member).__name__}.{member.name}" for enum in (*CODE_ENUMS, *RULE_ENUMS)
              if enum is not EngineCode for member in enum if member not in raised]
    assert unused == []


def _said_in_french(key) -> bool:
    if key not in SENTENCES:
        return False
    with translation.override("en"):
        english = str(SENTENCES[key])
    with translation.override("fr"):
        return str(SENTENCES[key]) != english
