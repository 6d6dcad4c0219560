"""An account's code is written and read in club/accounts.py only: every other module asks it."""
import ast
from pathlib import Path

import pytest

from club import accounts

ROOT = Path(__file__).resolve().parents[2]
PREFIXES = ("player:", "pot:", "escrow:")


def _written_by_hand(path: Path) -> list[str]:
    """Where `path` writes an account code itself: a string (or an f-string) that begins like
    one, or an account looked up by a code it spells out (`code="house"`)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        first = node.values[0] if isinstance(node, ast.JoinedStr) and node.values else node
        spelt = isinstance(node, ast.keyword) and (
            node.arg == "account__code" and isinstance(node.value, (ast.Constant, ast.JoinedStr))
            or node.arg == "code" and isinstance(node.value, ast.Constant)
            and node.value.value == "house")
        if spelt or (isinstance(first, ast.Constant) and isinstance(first.value, str)
                     and first.value.startswith(PREFIXES)):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_no_module_but_club_accounts_writes_an_account_code():
    modules = [path for app in ("club", "games", "nights", "server")
               for path in (ROOT / app).rglob("*.py")
               if "migrations" not in path.parts and path != ROOT / "club" / "accounts.py"]
    assert modules
    assert [line for path in modules for line in _written_by_hand(path)] == []


@pytest.mark.parametrize(("code", "named"), [
    (accounts.player(12), accounts.Code("player", player=12)),
    (accounts.HOUSE, accounts.Code("house")),
    (accounts.pot(7), accounts.Code("pot", table=7)),
    (accounts.escrow(7, 2), accounts.Code("escrow", table=7, unit=2)),
])
def test_each_code_reads_back_as_what_it_names(code, named):
    assert accounts.read(code) == named


@pytest.mark.parametrize("code", ["", "player:", "player:x", "pot:pool:7", "escrow:unit:4",
                                  "escrow:table:7:unit:", "houses"])
def test_a_code_no_one_writes_names_nothing(code):
    assert accounts.read(code) is None
