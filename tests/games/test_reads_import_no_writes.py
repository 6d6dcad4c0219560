"""Reads do not depend on writes: no module of games/selectors or games/presentation imports
games.services (docs/architecture.md)."""
import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[2] / "games"


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def test_no_selector_nor_presentation_imports_a_service():
    modules = [*(GAMES / "selectors").rglob("*.py"), *(GAMES / "presentation").rglob("*.py")]
    assert modules
    assert [f"{path.relative_to(GAMES)}: {name}" for path in modules
            for name in sorted(_imports(path))
            if name == "games.services" or name.startswith("games.services.")] == []
