"""The API's authentication: a bearer token for scripts, the session (with CSRF) for browsers."""

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import RequestFactory
from ninja.errors import HttpError

from club.auth import API_AUTH, BearerToken, SessionWhenPresent
from club.models import ApiToken

pytestmark = pytest.mark.django_db

bearer = BearerToken()
session = SessionWhenPresent()


def token_of(username: str, **fields) -> str:
    user = User.objects.create_user(username, **fields)
    return ApiToken.objects.create(user=user).key


def with_header(value: str):
    request = RequestFactory().post("/api/x", HTTP_AUTHORIZATION=value)
    request.user = AnonymousUser()
    return request


def test_a_good_token_gives_its_user():
    key = token_of("athos")
    request = with_header(f"Bearer {key}")

    assert bearer(request) == User.objects.get(username="athos")
    assert request.user.username == "athos"


def test_an_unknown_token_gives_nobody():
    token_of("athos")

    assert bearer(with_header("Bearer " + "0" * 40)) is None


@pytest.mark.parametrize("value", ["Bearer", "Bearer not-a-token", "Token abc", "Basic YTpi"])
def test_a_malformed_header_gives_nobody(value):
    assert bearer(with_header(value)) is None


def test_an_inactive_users_token_gives_nobody():
    key = token_of("athos", is_active=False)

    assert bearer(with_header(f"Bearer {key}")) is None


def test_the_api_takes_a_bearer_token_first_then_the_session():
    assert [type(auth) for auth in API_AUTH] == [BearerToken, SessionWhenPresent]


def test_a_request_without_a_session_cookie_is_not_authenticated_and_not_a_csrf_failure():
    request = with_header("Bearer " + "0" * 40)

    assert session(request) is None


def test_a_session_post_without_the_csrf_token_is_refused():
    request = RequestFactory().post("/api/x")
    request.COOKIES["sessionid"] = "abc"
    request.user = User.objects.create_user("athos")

    with pytest.raises(HttpError) as refused:
        session(request)

    assert refused.value.status_code == 403


def test_a_session_post_with_the_csrf_token_gives_its_user():
    secret = "a" * 32
    request = RequestFactory().post("/api/x", HTTP_X_CSRFTOKEN=secret)
    request.COOKIES.update(sessionid="abc", csrftoken=secret)
    request.user = User.objects.create_user("athos")

    assert session(request) == request.user


def test_a_session_get_gives_its_user():
    request = RequestFactory().get("/api/x")
    request.COOKIES["sessionid"] = "abc"
    request.user = User.objects.create_user("athos")

    assert session(request) == request.user
