"""What a page or the admin reads of a POST, it reads through a Django form (the games' views'
forms, games.entry.forms, the club's pages' forms in club/views.py, the admin's own):
`request.POST` appears only as what a form is made from, never read field by field
(`request.POST.get`, `request.POST[...]`, `.getlist`) nor kept aside to be read later."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("games/views", "games/entry", "games/admin", "games/pages", "nights")
FILES = ("club/views.py", "club/admin.py")  # the club's pages and admin
MODULES = sorted([*(path for folder in FOLDERS for path in (ROOT / folder).glob("*.py")),
                  *(ROOT / name for name in FILES)])


def _is_post(node) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "POST"
            and isinstance(node.value, ast.Name) and node.value.id == "request")


def _made_into_a_form(call: ast.Call, node) -> bool:
    """`node` is an argument of a call of a form's class (its name ends in "Form"), or of
    `request.POST or None` so passed."""
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
    return name.endswith("Form") and any(
        arg is node or isinstance(arg, ast.BoolOp) and node in arg.values for arg in call.args)


# The one function that handles a POST without reading it: the confirmation of a correction
# sends the scorer's form back as it came (games.pages.effects.sent_back).
SENT_BACK = "sent_back"


def reads_of_post(tree) -> list[int]:
    """The lines where `request.POST` is used otherwise than to make a form (or to be sent
    back whole by SENT_BACK)."""
    made = {id(node) for call in ast.walk(tree) if isinstance(call, ast.Call)
            for node in ast.walk(call) if _is_post(node) and _made_into_a_form(call, node)}
    made |= {id(node) for function in ast.walk(tree)
             if isinstance(function, ast.FunctionDef) and function.name == SENT_BACK
             for node in ast.walk(function) if _is_post(node)}
    return sorted(node.lineno for node in ast.walk(tree) if _is_post(node) and id(node) not in made)


def test_the_check_sees_each_way_of_reading_a_post():
    source = ("a = request.POST.get('x')\nb = request.POST['y']\nc = request.POST\n"
              "d = f(request.POST)\ne = SomeForm(request.POST)\ng = SomeForm(request.POST or None)")
    assert reads_of_post(ast.parse(source)) == [1, 2, 3, 4]


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_view_reads_a_post_but_through_a_form(path):
    assert reads_of_post(ast.parse(path.read_text())) == []
