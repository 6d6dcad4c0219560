"""The hands a late correction set aside are listed apart, under "Set aside after a
correction", with why, and without a "correct" button: they have no place left in the course
(docs/rules.md, ruling 75), so a correction of one is refused, and the pages ask the service
(games.services.hands.correction_refused) rather than offer it. The scorer's page and the
hand-by-hand page both list them; neither puts them under a game that no longer exists.

Athos wins game 1 with three voles; hand 4 is played in game 2. Hand 3 corrected to the
dealer's point: game 1 goes on, and hand 4, seated for game 2, has no place."""
import pytest

from club.models import Player
from games.models import Hand
from games.services.hands import correct_hand, correction_refused, record_hand
from tests.games.kit import pool, record_game_won_by, summary

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(staff):
    table = pool(staff)
    record_game_won_by(table, Player.objects.get(name="Athos"), staff)
    record_hand(table_id=table.pk, record=summary(3), by=staff)
    third = table.hands.get(number=3)
    correct_hand(hand_id=third.pk, record=summary(2), by=staff)
    assert table.hands.get(number=4).status == Hand.Status.SET_ASIDE
    return table


def aside_part(page: str) -> str:
    return page[page.index("Set aside after a correction"):]


def test_the_service_says_a_hand_set_aside_may_not_be_corrected(table, staff):
    assert correction_refused(table, table.hands.get(number=4), staff).code == "hand_set_aside"
    assert correction_refused(table, table.hands.get(number=3), staff) is None


def test_the_scorer_s_page_lists_them_apart_without_correct(scorer, table):
    page = scorer.get(f"/tables/{table.pk}/score/").content.decode()
    correct = f'href="/tables/{table.pk}/hands/%s/correct/"'
    assert correct % 3 in page and correct % 4 not in page
    aside = aside_part(page)
    assert "Hand 4: " in aside and "They count for nothing and cannot be corrected" in aside
    assert "Hand 4: " not in page[:page.index("Set aside after a correction")]
    assert f'href="/tables/{table.pk}/hands/4/"' in aside  # its history still


def test_the_hand_by_hand_page_lists_them_too_in_french(scorer, table):
    page = scorer.get(f"/tables/{table.pk}/hand-by-hand/").content.decode()
    assert "Hand 4: " in aside_part(page)
    assert f'href="/tables/{table.pk}/hands/4/correct/"' not in page
    french = scorer.get(f"/tables/{table.pk}/hand-by-hand/",
                        HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Mis de côté après une correction" in french
