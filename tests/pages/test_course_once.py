"""A table's course is played once per request: the table's page, the scorer's page, its
history, its hands one by one and a refused wager form each read the table's state from one
selector (games.selectors.table_state), which builds the course at most once. Counted by
wrapping the one constructor of every course, games.courses' `course_for`."""
import pytest

from club.models import Player
from club.players import create_player
from games import courses
from games.services.hands import record_hand
from games.services.tables import open_table
from tests.games.kit import summary
from tests.pages.forms import as_user, key_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def built(monkeypatch) -> list:
    """Each course built from now on, appended to the list."""
    made = []
    original = courses.course_for

    def counting(setup):
        made.append(setup)
        return original(setup)
    monkeypatch.setattr(courses, "course_for", counting)
    return made


@pytest.fixture
def table(django_user_model, staff):
    """A pool with English wagers and three hands, scored by Dora, a member who is not staff."""
    seated = [Player.objects.get_or_create(name=n)[0] for n in ("Athos", "Porthos", "Aramis")]
    found = open_table(name="T", format="pool", players=seated, rules={}, by=staff,
                       first_dealer=seated[1], wager_style="english")
    for _ in range(3):
        record_hand(table_id=found.pk, record=summary(3), by=staff)
    found.scorers.add(django_user_model.objects.create_user("dora"))
    return found


@pytest.fixture
def charles(django_user_model):
    user = django_user_model.objects.create_user("charles")
    create_player(name="Charles", username=user.username)
    return as_user(user)


def dora(django_user_model):
    return as_user(django_user_model.objects.get(username="dora"))


@pytest.mark.parametrize("page", ["", "score/", "history/", "hand-by-hand/", "hand-by-hand/?hand=2",
                                  "wagers/panel/"])
def test_a_scorers_page_of_the_table_builds_its_course_once(table, built, django_user_model,
                                                           page):
    answer = dora(django_user_model).get(f"/tables/{table.pk}/{page}")

    assert answer.status_code == 200
    assert len(built) <= 1


def test_a_members_view_of_the_table_builds_its_course_once(table, built, charles):
    answer = charles.get(f"/tables/{table.pk}/")

    assert answer.status_code == 200 and 'name="stake"' not in answer.content.decode()
    assert len(built) <= 1


def test_a_refused_wager_builds_the_course_once_for_the_page_after_the_services(
        table, built, charles):
    page = charles.get(f"/tables/{table.pk}/").content.decode()
    built.clear()

    answer = charles.post(f"/tables/{table.pk}/wagers/", {
        "action": "place", "key": key_of(page, "place") if 'value="place"' in page else "k",
        "on": Player.objects.get(name="Athos").pk, "stake": "5.00"})

    assert answer.status_code == 400
    assert len(built) <= 2  # the service's course, then the page's
