"""Fixtures shared by the whole suite, its Hypothesis profile (tests/hypothesis_profiles.py)
and its markers (docs/testing.md)."""
import os
import subprocess
import urllib.parse
import uuid
from collections import Counter

import pytest
from django.test import override_settings
from django.utils import translation

import tests.hypothesis_profiles  # noqa: F401  (loads HYPOTHESIS_PROFILE before any test module)
from server import env
from testbed.daphne import Daphne


def _a_redis_database_of_its_own() -> None:
    """Under pytest-xdist, each process of the run has a Redis database of its own, the one
    after REDIS_URL's for the first (gw0), the next for the second...: the channel layer's
    groups (`table.1`, ...) of one process's tables and servers never reach another's. Its
    settings (read from REDIS_URL when Django started) and the servers it starts (given
    REDIS_URL from the environment) both follow. The PostgreSQL databases are each process's
    already: pytest-django's test database, and testbed.daphne.database_name's."""
    url, worker = os.environ.get("REDIS_URL"), os.environ.get("PYTEST_XDIST_WORKER")
    if not (url and worker):
        return
    parts = urllib.parse.urlsplit(url)
    database = int(parts.path.strip("/") or 0) + 1 + int(worker.removeprefix("gw"))
    os.environ["REDIS_URL"] = parts._replace(path=f"/{database}").geturl()
    from django.conf import settings

    settings.CHANNEL_LAYERS = env.channel_layers(os.environ)
    settings.CACHES = env.caches(os.environ)


_a_redis_database_of_its_own()

DATABASE = {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}
SERVERS = {"live_server", "daphne", "workers", "workers_on_own_redis", "own_redis"}
PROCESSES = SERVERS - {"live_server"} | {"chromium"}


def pytest_collection_modifyitems(config, items):
    """Marks each test by what it uses (the markers are listed in pyproject.toml; a module
    marks itself `slow`, or `backend` when it uses the channel layer or the cache without the
    database, with `pytestmark`): `backend` when it uses the database or a server, or runs
    only on some legs (a `skipif`: PostgreSQL, Redis, nginx), which is what `.ci/run`'s
    PostgreSQL + Redis leg runs (but tests/browser); `subprocess` when it starts another process
    (a server, a command, a benchmark, the browser)."""
    items[:] = [_with_its_own_node_id(item) for item in items]
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if (item.get_closest_marker("django_db") or fixtures & (DATABASE | SERVERS)
                or item.get_closest_marker("skipif")):
            item.add_marker(pytest.mark.backend)
        module = vars(item.module) if hasattr(item, "module") else {}
        if (fixtures & PROCESSES or module.get("subprocess") is subprocess
                or "Daphne" in module):
            item.add_marker(pytest.mark.subprocess)
    if twice := sorted(nodeid for nodeid, n in Counter(item.nodeid for item in items).items()
                       if n > 1):
        raise pytest.UsageError(f"tests share a node id, so pytest-xdist would run one: {twice}")
    _longest_first(items)


def _longest_first(items) -> None:
    """The longest modules first (those marked `slow`, then those that start processes), each
    module's tests in their order: `make test`'s two processes take whole files in this order
    (pytest-xdist's --no-loadscope-reorder), so that the last files left are short ones and
    neither core waits long for the other at the end."""
    rank = {}
    for item in items:
        here = 0 if item.get_closest_marker("slow") else 1 if item.get_closest_marker(
            "subprocess") else 2
        rank[item.path] = min(here, rank.get(item.path, here))
    items.sort(key=lambda item: rank[item.path])


def _with_its_own_node_id(item):
    """schemathesis names each API operation's test `test[GET /api/...]` but, under pytest 9,
    leaves them all the function's node id: pytest-xdist, which tells tests apart by node id,
    would then run one operation of the 25 (tests/test_api_fuzz.py). Each is made again by
    pytest's public constructor from its name, which gives it the node id that name makes."""
    if item.name == item.nodeid.rpartition("::")[2]:
        return item
    return type(item).from_parent(
        item.parent, name=item.name, callobj=item.obj, test_func=item.test_function,
        operation_label=item.operation_label, operation_tags=item.operation_tags)


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


@pytest.fixture(autouse=True)
def a_channel_layer_of_its_own():
    """Each test gets the channel layer afresh. channels_redis's layer binds its receiving lock
    to the event loop that receives on it first, and a test whose loop ended in the middle of a
    receive would hand that lock to the next test's loop ("bound to a different event loop").
    A daphne worker has one loop for its whole life; the tests have one each."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def a_cache_of_its_own(settings):
    """Each test starts with nothing in the default cache: a test's database may give its
    tables and users an earlier test's ids, whose pages kept for anonymous readers
    (games/cached.py) and tries of the limits on writes (club/limits.py) the cache would
    still hold. The keys of each test have a prefix of their own."""
    settings.CACHES = {**settings.CACHES, "default": {
        **settings.CACHES["default"], "KEY_PREFIX": f"test-{uuid.uuid4().hex}"}}


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
