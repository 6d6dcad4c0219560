"""The anonymous pages' cache (games/cached.py) keeps a page with a hole where Django wrote
its CSRF token, and fills it with each reader's own: found in the markup Django writes for
`{% csrf_token %}`. These fail the day an upgrade of Django writes that markup otherwise; and
should it, a page whose token is not found is never kept, so that no reader is served another
reader's token (a language form, a login, that the CSRF check would refuse)."""
import re

import pytest
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.template import Context, Template
from django.test import Client, RequestFactory, override_settings

from games import cached

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def own_cache():
    with override_settings(CACHES={"default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "test_cached_csrf"}}):
        cache.clear()
        yield


def test_django_writes_the_csrf_token_where_the_cache_finds_it():
    request = RequestFactory().get("/")
    token = get_token(request)
    markup = Template("{% csrf_token %}").render(Context({"csrf_token": token})).encode()

    kept, holes = cached.TOKEN.subn(rb"\1" + cached.HOLE + rb"\2", markup)

    assert holes == 1 == markup.count(cached.FIELD), markup
    assert token.encode() not in kept and cached.HOLE in kept


def test_a_page_whose_token_the_cache_does_not_find_is_not_kept(monkeypatch):
    monkeypatch.setattr(cached, "TOKEN", re.compile(rb'(value=")[^"]*(" name="csrf)'))
    Client().get("/tables/")  # drawn, and not kept: its token is not where TOKEN looks
    reader = Client(enforce_csrf_checks=True)
    page = reader.get("/tables/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="(\w+)"', page).group(1)

    answer = reader.post("/i18n/setlang/", {"language": "fr", "next": "/tables/",
                                             "csrfmiddlewaretoken": token})

    assert answer.status_code == 302
