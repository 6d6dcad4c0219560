"""Fixtures shared by the whole suite, its Hypothesis profile (tests/hypothesis_profiles.py)
and its markers (docs/testing.md)."""
import pytest
from django.test import override_settings
from django.utils import translation

import tests.hypothesis_profiles  # noqa: F401  (loads HYPOTHESIS_PROFILE before any test module)
from testbed.daphne import Daphne


@pytest.fixture(autouse=True, scope="session")
def fast_password_hashes(django_test_environment):
    """Passwords hashed with MD5 in this process: the real hasher's deliberate slowness (a
    quarter of a second each) buys nothing in a test. A hash the real one wrote still checks,
    and the servers the suite starts as other processes hash as the club does."""
    from django.conf import settings

    fast = override_settings(PASSWORD_HASHERS=[
        "django.contrib.auth.hashers.MD5PasswordHasher", *settings.PASSWORD_HASHERS])
    fast.enable()
    yield
    fast.disable()


@pytest.fixture(autouse=True)
def the_default_language():
    """Each test starts in the club's default language: a page served in French activates French
    in the thread that served it, and would leave it active for the next test."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def secretary(django_user_model):
    """The club's secretary: a superuser, as the admin expects."""
    return django_user_model.objects.create_superuser("secretary")


@pytest.fixture
def staff_client(client, secretary):
    """A browser session logged in as the secretary."""
    client.force_login(secretary)
    return client


@pytest.fixture(scope="module")
def daphne(tmp_path_factory):
    """A daphne process serving the club on its own migrated SQLite file, for a module's tests
    (testbed/daphne.py): `.address`, `.token` (a staff member's), `.stop()` and `.start()`.
    Its channel layer is the suite's: Redis when REDIS_URL is set, else its own in memory."""
    with Daphne.on_sqlite(tmp_path_factory.mktemp("daphne")) as server:
        yield server
