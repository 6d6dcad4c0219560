"""Who may deal first and which options a table à trois or à quatre takes are the service's to
judge (games.services.tables.open_table, docs/rules.md sections 10 to 13): the open-table page
passes what was sent and shows the service's refusal beside its field (the API's:
tests/games/test_api_first_dealer.py)."""
import re

import pytest

from games.models import Table
from tests.pages.kit import open_form

pytestmark = pytest.mark.django_db


def error_of(page: str, field: str) -> str:
    found = re.search(rf'id="id_{field}_error"[^>]*>(.*?)</ul>', page, re.S)
    assert found, f"no error beside {field}"
    return found.group(1)


def test_the_page_shows_the_services_refusal_of_a_first_dealer_who_does_not_play(opener,
                                                                                 four):
    """A rubber's first dealer is one of its two players (section 10): a form that names a
    third seat is refused by the service, whose words the page shows."""
    answer = opener.post("/tables/new/", open_form(four, "rubber", seat4="", first_dealer="seat3"))

    assert answer.status_code == 400 and not Table.objects.exists()
    assert "The first dealer is one of the players who play the first hand." in error_of(
        answer.content.decode(), "first_dealer")


def test_the_page_shows_the_services_refusal_of_an_option_a_trois_does_not_take(opener,
                                                                                four):
    answer = opener.post("/tables/new/", open_form(four, "trois", seat4="", doubling="true"))

    assert answer.status_code == 400 and not Table.objects.exists()
    assert "À trois and à quatre take only the game target and the rank of the cards" in (
        error_of(answer.content.decode(), "doubling"))
