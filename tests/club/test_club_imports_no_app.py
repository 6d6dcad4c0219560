"""The dependencies run one way (docs/architecture.md): `games` and `nights` may import `club`,
and the club neither imports them nor names their refusals: each app gives its own codes their
status (club.api.add_statuses) and their words (club.refusals.add_sentences)."""
import ast
from pathlib import Path

import club.api
import club.refusals
from club.refusal_codes import ClubCode, ClubRule

CLUB = Path(__file__).resolve().parents[2] / "club"
TABLES = (CLUB / "api" / "__init__.py", CLUB / "refusals.py")
OWN = {"ClubCode": ClubCode, "ClubRule": ClubRule}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), str(path))


def _imported(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def _members(node: ast.AST) -> set:
    """The members of the club's enumerations `node` names (`ClubRule.NAME_TAKEN`)."""
    return {OWN[found.value.id][found.attr] for found in ast.walk(node)
            if isinstance(found, ast.Attribute) and isinstance(found.value, ast.Name)
            and found.value.id in OWN}


def _own_sentences() -> list:
    """The keys of the sentences club/refusals.py says itself, before any app adds its own:
    each a member of the club's enumerations, else None."""
    literal = next(node.value for node in _tree(CLUB / "refusals.py").body
                   if isinstance(node, ast.Assign) and node.targets[0].id == "SENTENCES")
    return [next(iter(_members(key)), None) for key in literal.keys]


def test_no_module_of_the_club_imports_the_games_or_the_nights():
    modules = list(CLUB.rglob("*.py"))
    assert len(modules) > 20
    assert [f"{path.relative_to(CLUB)}: {name}" for path in modules
            for name in sorted(_imported(path))
            if name.split(".")[0] in ("games", "nights", "server")] == []


def test_the_club_gives_a_status_and_words_to_its_own_refusals_only():
    """Each code of the club's status table, and each code or rule club/refusals.py says, is
    a member of the club's enumerations (club/refusal_codes.py), raised somewhere in the
    club."""
    raised = set().union(*(_members(_tree(path)) for path in CLUB.rglob("*.py")
                           if path not in TABLES))
    assert all(isinstance(code, ClubCode) for code in club.api.STATUSES)
    assert None not in _own_sentences()
    assert set(club.api.STATUSES) - raised == set()
    assert set(_own_sentences()) - raised == set()
    assert set(club.api.STATUSES) <= set(club.api.REFUSAL_STATUS)
    assert set(_own_sentences()) <= set(club.refusals.SENTENCES)
