"""The root URLconf tries the API's routes first (server/urls.py): a scorer's hand is resolved
before the pages' patterns are tried, which is safe only while no page lives under "api/"."""
from django.urls import URLResolver, get_resolver, resolve

from server.api import api


def _routes(patterns, prefix=""):
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _routes(entry.url_patterns, route)
        else:
            yield route


def test_the_api_is_tried_first():
    first = get_resolver().url_patterns[0]
    assert str(first.pattern) == "api/"
    assert resolve("/api/tables/7/hands").namespace == api.urls_namespace


def test_no_page_lives_under_the_api():
    pages = [route for entry in get_resolver().url_patterns[1:]
             for route in _routes([entry]) if route.startswith("api")]
    assert pages == []
