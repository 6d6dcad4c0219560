"""POST /tables/<id>/score/waiting/: the scorer's phone tells the club how many hands it keeps
until it can send them (a form field `count`, 0 to 99, with the page's CSRF token). Every
answer is JSON, its message in the reader's language: 200 {"waiting": N}; 422 bad_count,
401 not_logged_in, 403 not_scorer, 404; 405 for another method. A refused report saves
nothing."""
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Table, TableEvent
from tests.games.kit import pool

pytestmark = pytest.mark.django_db
FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


@pytest.fixture
def table(staff):
    return pool(staff)


def url(table_id: int) -> str:
    return reverse("score_waiting", args=[table_id])


def saved(table: Table) -> tuple:
    table = Table.objects.get(pk=table.pk)
    return table.seq, table.waiting_hands, TableEvent.objects.filter(table=table).count()


def test_the_route_is_beside_the_scorers_page(table):
    assert url(table.pk) == f"/tables/{table.pk}/score/waiting/"


def test_a_count_is_stored_and_answered(scorer, table):
    answer = scorer.post(url(table.pk), {"count": "2"})

    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/json"
    assert answer.json() == {"waiting": 2}
    assert Table.objects.get(pk=table.pk).snapshot["waiting"]["hands"] == 2


def test_the_same_count_again_gets_the_same_answer_and_moves_nothing(scorer, table):
    scorer.post(url(table.pk), {"count": "2"})
    before = saved(table)

    answer = scorer.post(url(table.pk), {"count": "2"})

    assert (answer.status_code, answer.json()) == (200, {"waiting": 2})
    assert saved(table) == before


def test_0_says_every_hand_is_sent(scorer, table):
    scorer.post(url(table.pk), {"count": "3"})

    answer = scorer.post(url(table.pk), {"count": "0"})

    assert (answer.status_code, answer.json()) == (200, {"waiting": 0})
    assert Table.objects.get(pk=table.pk).snapshot["waiting"] is None


@pytest.mark.parametrize("body", [{"count": "x"}, {"count": "-1"}, {"count": "100"}, {},
                                  {"count": ""}, {"count": "1.5"}, {"count": " 2"},
                                  {"count": "٣"}])
def test_a_bad_count_is_422_and_saves_nothing(scorer, table, body):
    before = saved(table)

    answer = scorer.post(url(table.pk), body)

    assert answer.status_code == 422
    assert answer.json()["code"] == "bad_count"
    assert "0 to 99" in answer.json()["message"]
    assert saved(table) == before


def test_the_message_is_in_the_readers_language(scorer, table):
    answer = scorer.post(url(table.pk), {"count": "100"}, **FR)

    assert answer.status_code == 422
    assert answer.json() == {"code": "bad_count", "message": "Le nombre de coups en route doit "
                             "être un nombre entier de 0 à 99."}


def test_without_a_login_it_is_401_not_the_login_page(client, table):
    before = saved(table)

    answer = client.post(url(table.pk), {"count": "2"})

    assert answer.status_code == 401
    assert answer.json()["code"] == "not_logged_in" and answer.json()["message"]
    assert saved(table) == before
    french = client.post(url(table.pk), {"count": "2"}, **FR)
    assert french.status_code == 401 and re.search(r"Reconnectez-vous", french.json()["message"])


def test_a_member_who_is_not_a_scorer_is_403(django_user_model, table):
    member = Client()
    member.force_login(django_user_model.objects.create_user("charles"))
    before = saved(table)

    answer = member.post(url(table.pk), {"count": "2"})

    assert answer.status_code == 403
    assert answer.json()["code"] == "not_scorer" and answer.json()["message"]
    assert saved(table) == before


def test_a_scorer_named_by_the_opener_may_report(django_user_model, table):
    named = django_user_model.objects.create_user("named")
    table.scorers.add(named)
    phone = Client()
    phone.force_login(named)

    assert phone.post(url(table.pk), {"count": "1"}).json() == {"waiting": 1}


def test_no_such_table_is_404(scorer):
    answer = scorer.post(url(999_999), {"count": "2"})

    assert answer.status_code == 404
    assert answer.json()["code"] == "no_such_table"


def test_another_method_is_405(scorer, table):
    for method in (scorer.get, scorer.put, scorer.delete):
        assert method(url(table.pk)).status_code == 405


def test_without_the_csrf_token_it_is_refused(staff, table):
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(staff)
    before = saved(table)

    answer = phone.post(url(table.pk), {"count": "2"})

    assert answer.status_code == 403
    assert saved(table) == before


def test_with_the_pages_csrf_token_in_the_header_it_is_taken(staff, table):
    """As outbox.js sends it: the scorer's page's csrfmiddlewaretoken, in X-CSRFToken."""
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(staff)
    page = phone.get(f"/tables/{table.pk}/score/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    answer = phone.post(url(table.pk), {"count": "2"}, HTTP_X_CSRFTOKEN=token)

    assert (answer.status_code, answer.json()) == (200, {"waiting": 2})
