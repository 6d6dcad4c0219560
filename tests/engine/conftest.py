"""The `form` fixture of the engine's tests of à trois and à quatre
(tests/engine/test_trois_quatre_*.py): each test that asks for it is run for each form of
trois_quatre_kit.FORMS."""
import pytest

from tests.engine.trois_quatre_kit import FORMS


@pytest.fixture(params=FORMS)
def form(request):
    return FORMS[request.param]
