"""games/views/ holds the pages and nothing else: every module there serves some address of the
URLconf, and no view imports another view's module (what they share is made in games/pages/,
games/entry/ and games/presentation/)."""
import ast
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

import games

VIEWS = Path(games.__file__).parent / "views"
MODULES = sorted(p for p in VIEWS.glob("*.py") if p.name != "__init__.py")


def _imported(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def test_no_view_imports_another_views_module():
    for path in MODULES:
        inward = {name for name in _imported(path) if name.startswith("games.views")}
        assert not inward, f"{path.name} imports {sorted(inward)}"


def _callbacks(patterns):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _callbacks(pattern.url_patterns)
        elif isinstance(pattern, URLPattern):
            yield pattern.callback


def test_every_module_of_the_views_folder_serves_a_page():
    served = {getattr(view, "__module__", "") for view in _callbacks(
        get_resolver().url_patterns)}
    for path in MODULES:
        assert f"games.views.{path.stem}" in served, f"{path.name} serves no page"
