"""Who may deal first and which options a table à trois or à quatre takes are the service's to
judge (games.services.tables.open_table, docs/rules.md sections 10 to 13): the open-table page
passes what was sent and shows the service's refusal beside its field (the API's:
tests/games/test_api_first_dealer.py)."""
import re
import uuid

import pytest

from games.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def opener(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("member", password="pw"))
    return client


def form(four, format, **changes) -> dict:
    data = {"name": "T", "format": format, "first_dealer": "seat1", "wager_style": "none",
            "ranking": "classic", "dealer_exchange": "required", "doubling": "false",
            "offer_point": "false", "target": "5", "game_value": "single", "rubber_games": "3",
            "pool_unit": "game", "pool_streak": "2", "pool_entry": "0.00",
            "pool_forfeit": "0.00", "levy_percent": "0.00", "wager_min": "0.10",
            "wager_max": "", "many_target": "7", "key": uuid.uuid4().hex}
    return data | {f"seat{n + 1}": player.pk for n, player in enumerate(four)} | changes


def error_of(page: str, field: str) -> str:
    found = re.search(rf'id="id_{field}_error"[^>]*>(.*?)</ul>', page, re.S)
    assert found, f"no error beside {field}"
    return found.group(1)


def test_the_page_shows_the_services_refusal_of_a_first_dealer_who_does_not_play(opener,
                                                                                 four):
    """A rubber's first dealer is one of its two players (section 10): a form that names a
    third seat is refused by the service, whose words the page shows."""
    answer = opener.post("/tables/new/", form(four, "rubber", seat4="", first_dealer="seat3"))

    assert answer.status_code == 400 and not Table.objects.exists()
    assert "The first dealer is one of the players who play the first hand." in error_of(
        answer.content.decode(), "first_dealer")


def test_the_page_shows_the_services_refusal_of_an_option_a_trois_does_not_take(opener,
                                                                                four):
    answer = opener.post("/tables/new/", form(four, "trois", seat4="", doubling="true"))

    assert answer.status_code == 400 and not Table.objects.exists()
    assert "À trois and à quatre take only the game target and the rank of the cards" in (
        error_of(answer.content.decode(), "doubling"))
