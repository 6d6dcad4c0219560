"""The club tests' fixtures: an empty database to restore a backup into."""
import os
from urllib.parse import urlsplit

import dj_database_url
import psycopg
import pytest
from django.db import connection

from testbed.daphne import database_name


@pytest.fixture
def empty_database(tmp_path):
    """A URL of a database that does not exist yet, of the kind the suite runs on."""
    if connection.vendor != "postgresql":
        yield f"sqlite:///{tmp_path / 'restored.sqlite3'}"
        return
    config = dj_database_url.parse(os.environ["DATABASE_URL"])
    name = database_name("restored")
    server = psycopg.connect(host=config["HOST"], port=config["PORT"] or 5432,
                             user=config["USER"], password=config["PASSWORD"] or None,
                             dbname="postgres", autocommit=True)
    with server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        server.execute(f'CREATE DATABASE "{name}"')
        try:
            yield urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}").geturl()
        finally:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
