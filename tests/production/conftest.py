"""Fixtures of the production tests: daphne workers sharing a PostgreSQL database of their own
and a Redis channel layer, as the club runs them. They need PostgreSQL and Redis (CI's second
leg, with DATABASE_URL and REDIS_URL set): each module that uses them is marked
`kit.production`."""
import urllib.parse

import psycopg
import pytest

from testbed.daphne import Daphne, database_name
from tests.production.kit import DATABASE_URL, REDIS_URL, RedisServer


def drop(name: str) -> None:
    url = urllib.parse.urlsplit(DATABASE_URL)
    with psycopg.connect(url._replace(path="/postgres").geturl(), autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def database():
    """The name of a PostgreSQL database of these tests' own, new and dropped afterwards: this
    run's database name, with the `_workers` suffix (and the test process's)."""
    name = database_name("workers")
    drop(name)  # what a run that was cut short left
    yield name
    drop(name)


def two_workers(database: str, home, redis_url: str) -> tuple[Daphne, Daphne]:
    """Two daphne workers, started, on `database` and the channel layer at `redis_url`."""
    first = Daphne.on_postgres(database, home, redis_url).start()
    try:
        return first, first.worker(home / "second.log").start()
    except RuntimeError:  # the second did not start: the first is not left running
        first.stop()
        raise


@pytest.fixture(scope="session")
def workers(database, tmp_path_factory):
    """Two workers on the suite's Redis, for every test that leaves them running."""
    servers = two_workers(database, tmp_path_factory.mktemp("workers"), REDIS_URL)
    yield servers
    for server in servers:
        server.stop()


@pytest.fixture(scope="module")
def own_redis(tmp_path_factory):
    """A redis-server of the module's own, which its tests may stop and start again."""
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    if server.process.poll() is None:
        server.stop()


@pytest.fixture(scope="module")
def workers_on_own_redis(database, tmp_path_factory, own_redis):
    """Two workers whose channel layer is `own_redis`, for a module's tests."""
    servers = two_workers(database, tmp_path_factory.mktemp("workers"), own_redis.url)
    yield servers
    for server in servers:
        server.stop()
