"""The club's 403 pages, styled and translated like its 404: a member who opens a page kept
for a table's scorers or the club's staff (Django's permission_denied), and a form sent from a
page too old for its CSRF token (Django's csrf_failure). Neither reads the database."""
import html
import re

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client, RequestFactory
from django.utils import translation
from django.views.csrf import csrf_failure
from django.views.defaults import permission_denied

from games.services.tables import open_table

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}


def text(page: str) -> str:
    """The page's words as read: no tags, no scripts."""
    page = re.sub(r"<script.*?</script>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def refused(language: str):
    with translation.override(language):
        return permission_denied(RequestFactory().get("/tables/1/score/"), PermissionDenied())


def test_the_403_page_says_who_may_and_where_to_go():
    answer = refused("en")
    page = answer.content.decode()
    assert answer.status_code == 403
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert '<html lang="en">' in page and "<main" in page
    assert re.search(r"<h1[^>]*>This is not yours to do</h1>", page)
    assert "Only a table's scorers, or the club's staff, may do this." in text(page)
    assert 'href="/login/?next=/tables/1/score/"' in page  # a visitor may log in first
    assert 'href="/tables/"' in page and 'href="/"' in page
    assert "403 Forbidden" not in page


def test_the_403_page_in_french():
    page = refused("fr").content.decode()
    words = text(page)
    assert '<html lang="fr">' in page
    assert "Ce n'est pas à vous de le faire" in words
    assert "Seuls les marqueurs d'une table, ou le personnel du club, peuvent le faire." in words
    assert "Les tables de la soirée" in words and "L'accueil du club" in words
    assert "not yours" not in words and "scorers" not in words


@pytest.mark.parametrize("language, title", [("en", "This form has expired"),
                                             ("fr", "Ce formulaire a expiré")])
def test_a_form_refused_for_its_csrf_token_has_the_clubs_page(language, title):
    """Django's own CSRF page is 980 px wide on a phone and in English only."""
    with translation.override(language):
        answer = csrf_failure(RequestFactory().post("/players/"), reason="CSRF token missing.")
    page = answer.content.decode()
    assert answer.status_code == 403
    assert f'<html lang="{language}">' in page and 'name="viewport"' in page
    assert re.search(rf"<h1[^>]*>{title}</h1>", page)
    assert "CSRF verification failed" not in page


def test_a_post_without_its_token_gets_that_page_in_the_readers_language():
    answer = Client(enforce_csrf_checks=True).post("/players/", {"name": "X"}, **FR)
    assert answer.status_code == 403
    assert "Rien n'a été enregistré." in text(answer.content.decode())


@pytest.mark.django_db
def test_a_member_on_the_scorers_page_of_a_table_he_does_not_score(staff, trio,
                                                                    django_user_model):
    table = open_table(name="Table 1", format="pool", players=list(trio), rules={}, by=staff,
                       first_dealer=trio[0])
    member = Client()
    member.force_login(django_user_model.objects.create_user("member"))
    answer = member.get(f"/tables/{table.pk}/score/", **FR)
    words = text(answer.content.decode())
    assert answer.status_code == 403 and "Ce n'est pas à vous de le faire" in words
    assert "Se connecter" not in words.split("Ce n'est pas")[1]  # he is logged in already
