"""The dependencies run one way (docs/architecture.md): `games` and `nights` may import `club`,
and the club neither imports them nor names their refusals: each app gives its own codes their
status (club.api.add_statuses) and their words (club.refusals.add_sentences)."""
import ast
from pathlib import Path

import club.api
import club.refusals

CLUB = Path(__file__).resolve().parents[2] / "club"
TABLES = (CLUB / "api" / "__init__.py", CLUB / "refusals.py")


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


def _strings(path: Path) -> set[str]:
    return {node.value for node in ast.walk(_tree(path))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def _own_sentences() -> set[str]:
    """The codes and rules club/refusals.py says itself, before any app adds its own."""
    literal = next(node.value for node in _tree(CLUB / "refusals.py").body
                   if isinstance(node, ast.Assign) and node.targets[0].id == "SENTENCES")
    return {key.value for key in literal.keys if key is not None}


def test_no_module_of_the_club_imports_the_games_or_the_nights():
    modules = list(CLUB.rglob("*.py"))
    assert len(modules) > 20
    assert [f"{path.relative_to(CLUB)}: {name}" for path in modules
            for name in sorted(_imported(path))
            if name.split(".")[0] in ("games", "nights", "server")] == []


def test_the_club_gives_a_status_and_words_to_its_own_refusals_only():
    """Each code of the club's status table, and each code or rule club/refusals.py says, is
    raised somewhere in the club."""
    raised = set().union(*(_strings(path) for path in CLUB.rglob("*.py") if path not in TABLES))
    assert set(club.api.STATUSES) - raised == set()
    assert _own_sentences() - raised == set()
    assert set(club.api.STATUSES) <= set(club.api.REFUSAL_STATUS)
    assert _own_sentences() <= set(club.refusals.SENTENCES)
