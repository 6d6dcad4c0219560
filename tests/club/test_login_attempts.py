"""Guessing passwords is slowed down (django-axes, server/settings.py): after 5 failed logins for
one username from one address, that username is refused from that address for a quarter of an
hour, with a page that says so, even with the right password; a successful login before that
clears the count. The admin's login counts the same. The address is the connection's, or, only
when the club says it is behind a proxy and the connection is the proxy's, the one the proxy
appended to X-Forwarded-For. A username longer than any login's is refused beside its field,
and no failed login keeps more of a username than a login may have."""
import html
from datetime import timedelta

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import authenticate
from django.db.models import F

from testbed.users import user_with_token
from tests.games.kit import Api

pytestmark = pytest.mark.django_db
GOOD = "a long enough password"
LIMIT = 5


@pytest.fixture(autouse=True)
def quick_hashing(settings):
    """Many logins here: a cheap hasher keeps them quick; what is counted is the same."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def dora(django_user_model):
    return django_user_model.objects.create_user("dora", password=GOOD)


def _login(client, password, path="/login/", username="dora", **headers):
    return client.post(path, {"username": username, "password": password}, **headers)


def _fail(client, times, **kwargs):
    """`times` wrong passwords; the answers' statuses."""
    return [_login(client, "wrong", **kwargs).status_code for _ in range(times)]


def _logged_in(answer) -> bool:
    return answer.status_code == 302 and answer.wsgi_request.user.is_authenticated


def test_after_five_failures_even_the_right_password_is_refused_with_a_page(client, dora):
    assert _fail(client, LIMIT) == [200] * (LIMIT - 1) + [429]  # the form again, then the lock
    answer = _login(client, GOOD)
    assert answer.status_code == 429 and not answer.wsgi_request.user.is_authenticated
    page = answer.content.decode()
    assert "Too many attempts" in page and "quarter of an hour" in page


def test_four_failures_still_let_the_right_password_in_and_clear_the_count(client, dora):
    _fail(client, LIMIT - 1)
    assert _logged_in(_login(client, GOOD))
    client.logout()
    _fail(client, LIMIT - 1)
    assert _logged_in(_login(client, GOOD))


def test_the_lock_ends_after_a_quarter_of_an_hour(client, dora):
    _fail(client, LIMIT)
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=16))
    assert _logged_in(_login(client, GOOD))


def test_the_lock_is_for_that_username_from_that_address(client, dora, django_user_model):
    django_user_model.objects.create_user("eve", password=GOOD)
    _fail(client, LIMIT)
    assert _logged_in(_login(client, GOOD, username="eve"))
    client.logout()
    assert _logged_in(_login(client, GOOD, REMOTE_ADDR="192.0.2.7"))


def test_the_admin_login_counts_too(client, django_user_model):
    django_user_model.objects.create_superuser("dora", password=GOOD)
    assert _fail(client, LIMIT, path="/admin/login/")[-1] == 429
    answer = _login(client, GOOD, path="/admin/login/")
    assert answer.status_code == 429 and "Too many attempts" in answer.content.decode()


def test_a_forwarded_address_is_ignored_unless_behind_a_proxy(client, dora):
    for n in range(LIMIT):  # a guesser who writes a new address in the header each time
        _login(client, "wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
    assert _login(client, GOOD, HTTP_X_FORWARDED_FOR="198.51.100.99").status_code == 429


def test_behind_a_proxy_the_address_it_appended_is_the_clients(client, dora, settings):
    settings.BEHIND_PROXY = True
    for n in range(LIMIT):  # whatever the client writes first, the proxy's last word counts
        _login(client, "wrong", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}, 203.0.113.5")
    assert _login(client, GOOD, HTTP_X_FORWARDED_FOR="203.0.113.5").status_code == 429
    assert _logged_in(_login(client, GOOD, HTTP_X_FORWARDED_FOR="203.0.113.6"))


def test_behind_a_proxy_a_forwarded_address_is_believed_only_from_the_proxy(client, dora,
                                                                            settings):
    settings.BEHIND_PROXY = True
    for n in range(LIMIT):  # a guesser who reaches the club without its proxy
        _login(client, "wrong", REMOTE_ADDR="192.0.2.7",
               HTTP_X_FORWARDED_FOR=f"198.51.100.{n}, 203.0.113.{n}")
    assert _login(client, GOOD, REMOTE_ADDR="192.0.2.7",
                  HTTP_X_FORWARDED_FOR="203.0.113.99").status_code == 429


def _stored_usernames() -> list[int]:
    """The length of each username django-axes keeps of the logins tried."""
    return [len(name or "") for model in (AccessAttempt, AccessFailureLog, AccessLog)
            for name in model.objects.values_list("username", flat=True)]


@pytest.mark.parametrize("path", ["/login/", "/admin/login/"])
@pytest.mark.parametrize("length", [151, 256, 2_400_000])
def test_a_username_longer_than_any_login_is_refused_beside_it_and_not_kept(client, path,
                                                                          length):
    answer = _login(client, GOOD, path=path, username="d" * length)

    assert answer.status_code == 200 and not answer.wsgi_request.user.is_authenticated
    assert (f"Ensure this value has at most 150 characters (it has {length})."
            in html.unescape(answer.content.decode()))
    assert all(kept <= 150 for kept in _stored_usernames())


def test_the_username_too_long_is_said_in_french(client):
    answer = _login(client, GOOD, username="d" * 256, HTTP_ACCEPT_LANGUAGE="fr")

    assert "au plus 150 caractères (actuellement 256)" in html.unescape(answer.content.decode())


def test_a_failed_login_by_any_way_keeps_at_most_150_characters_of_its_username(rf):
    request = rf.post("/elsewhere/")
    for _ in range(2):
        assert authenticate(request, username="d" * 2_400_000, password="wrong") is None

    assert _stored_usernames() == [150]


def test_the_api_bearer_token_is_not_a_login_and_keeps_working(client, dora):
    _, token = user_with_token("scorer")
    _fail(client, LIMIT, username="scorer")
    assert Api(client, token).get("/tables").status_code == 200


def test_a_check_of_a_password_without_a_request_still_works(dora):
    assert authenticate(username="dora", password=GOOD) == dora


def test_the_lock_page_speaks_french_to_a_french_browser(client, dora):
    _fail(client, LIMIT)
    page = _login(client, GOOD, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Trop de tentatives" in page and "5 fois de suite" in page
