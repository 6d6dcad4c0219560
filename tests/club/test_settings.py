"""Settings come from the environment (12-factor)."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from club import env

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("value", ["0", "false", "No", "OFF", ""])
def test_flag_reads_false_words(value):
    assert env.flag({"DEBUG": value}, "DEBUG", default=True) is False


@pytest.mark.parametrize("value", ["1", "true", "yes", "on"])
def test_flag_reads_anything_else_as_true(value):
    assert env.flag({"DEBUG": value}, "DEBUG", default=False) is True


def test_flag_defaults_when_unset():
    assert env.flag({}, "DEBUG", default=True) is True


def test_csv_splits_and_trims():
    assert env.csv({"ALLOWED_HOSTS": " a.example, b.example ,,"}, "ALLOWED_HOSTS") == [
        "a.example",
        "b.example",
    ]
    assert env.csv({}, "ALLOWED_HOSTS", "127.0.0.1,localhost") == ["127.0.0.1", "localhost"]


@pytest.mark.parametrize("text, cents", [("50.00", 5000), ("50", 5000), ("0.5", 50), ("", None),
                                         (" ", None)])
def test_cents_reads_an_amount_of_money(text, cents):
    assert env.cents({"CREDIT_LIMIT": text}, "CREDIT_LIMIT") == cents
    assert env.cents({}, "CREDIT_LIMIT") is None


@pytest.mark.parametrize("text", ["-5", "5.001", "ten", "1e3", "50,00"])
def test_cents_refuses_what_is_not_an_amount(text):
    from django.core.exceptions import ImproperlyConfigured

    with pytest.raises(ImproperlyConfigured, match="CREDIT_LIMIT"):
        env.cents({"CREDIT_LIMIT": text}, "CREDIT_LIMIT")


def test_database_defaults_to_sqlite_beside_manage_py(tmp_path):
    db = env.database({}, tmp_path)

    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == str(tmp_path / "db.sqlite3")


def test_database_url_selects_postgresql(tmp_path):
    db = env.database({"DATABASE_URL": "postgres://club:pw@db.example:5433/ecarte"}, tmp_path)

    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["HOST"], db["PORT"], db["NAME"], db["USER"]) == (
        "db.example",
        5433,
        "ecarte",
        "club",
    )


def test_channel_layer_is_in_memory_without_redis():
    assert env.channel_layers({})["default"]["BACKEND"] == "club.layers.InMemoryChannelLayer"


def test_redis_url_selects_the_redis_channel_layer():
    layer = env.channel_layers({"REDIS_URL": "redis://cache.example:6379/2"})["default"]

    assert layer["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    assert layer["CONFIG"]["hosts"] == [{"address": "redis://cache.example:6379/2",
                                          "socket_timeout": None}]


def manage(*args, **environ):
    base = {
        k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS")
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **environ},
        capture_output=True,
        text=True,
    )


def test_production_settings_pass_the_deploy_check():
    done = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="club.example",
    )

    assert done.returncode == 0, done.stderr
    assert "no issues" in done.stdout


def test_production_refuses_to_start_without_a_secret_key():
    done = manage("check", DEBUG="0", ALLOWED_HOSTS="club.example")

    assert done.returncode != 0
    assert "SECRET_KEY must be set" in done.stderr


@pytest.mark.django_db
def test_the_suite_runs_on_the_configured_database():
    from django.db import connection

    url = os.environ.get("DATABASE_URL", "sqlite://")
    expected = "postgresql" if url.startswith(("postgres", "postgresql")) else "sqlite"
    assert connection.vendor == expected
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
