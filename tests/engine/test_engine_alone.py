"""The engine is a library of its own (docs/architecture.md): its modules import the standard
library and one another, nothing of Django, of the club or of the rest of the games."""
import ast
import sys
from pathlib import Path

import games.engine

ENGINE = Path(games.engine.__file__).parent


def outside_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module]
        else:
            continue
        found += [name for name in names if not name.startswith("games.engine")
                  and name.split(".")[0] not in sys.stdlib_module_names]
    return found


def test_the_engine_imports_nothing_outside_itself_and_the_standard_library():
    modules = sorted(ENGINE.glob("*.py"))
    assert len(modules) > 10
    assert {path.name: names for path in modules if (names := outside_imports(path))} == {}
