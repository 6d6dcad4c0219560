"""Settings come from the environment (12-factor)."""

import json
import os
import secrets
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from server import env

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


def no_names():
    raise AssertionError("only asked for when serving on every interface")


def test_the_club_answers_to_the_address_it_serves_on_and_loopback():
    assert env.allowed_hosts({}, no_names) == ["127.0.0.1", "localhost"]
    assert env.allowed_hosts({"ADDRESS": "192.168.1.20"}, no_names) == [
        "192.168.1.20", "127.0.0.1", "localhost"]
    assert env.allowed_hosts({"ADDRESS": "fe80::1"}, no_names)[0] == "[fe80::1]"  # as in Host


def test_on_every_interface_the_club_answers_to_the_machine_s_names():
    names = lambda: ["192.168.1.20", "laptop", "laptop.local"]  # noqa: E731

    assert env.allowed_hosts({"ADDRESS": "0.0.0.0"}, names) == [
        "192.168.1.20", "laptop", "laptop.local", "127.0.0.1", "localhost"]
    assert "0.0.0.0" not in env.allowed_hosts({"ADDRESS": "0.0.0.0"}, names)


def test_allowed_hosts_set_explicitly_win_over_the_address():
    assert env.allowed_hosts({"ALLOWED_HOSTS": "club.example", "ADDRESS": "10.0.0.2"},
                             no_names) == ["club.example"]


def test_trusted_origins_follow_the_address_and_port():
    assert env.trusted_origins({"ADDRESS": "192.168.1.20", "PORT": "8001"}, no_names) == [
        "http://192.168.1.20:8001", "http://127.0.0.1:8001", "http://localhost:8001"]
    assert env.trusted_origins({"ADDRESS": "fe80::1"}, no_names)[0] == "http://[fe80::1]:8000"
    assert env.trusted_origins({"CSRF_TRUSTED_ORIGINS": "https://club.example"},
                               no_names) == ["https://club.example"]


@pytest.mark.parametrize("environ, debug, behind", [
    ({}, False, False),  # the laptop
    ({"ADDRESS": "192.168.1.20"}, False, False),
    ({"ALLOWED_HOSTS": "club.example"}, False, True),  # a server under its own name
    ({"ALLOWED_HOSTS": "club.example"}, True, False),
    ({"ALLOWED_HOSTS": "club.example", "HTTPS": "0"}, False, False),
    ({"HTTPS": "1"}, False, True),
])
def test_https_is_assumed_for_a_club_served_under_names_of_its_own(environ, debug, behind):
    assert env.behind_https_proxy(environ, debug) is behind


def test_machine_names_end_with_the_host_name_and_its_mdns_name():
    import socket

    host = socket.gethostname()
    assert env.machine_names()[-2:] == [host, f"{host}.local"]


def test_channel_layer_is_in_memory_without_redis():
    assert env.channel_layers({})["default"]["BACKEND"] == "channels.layers.InMemoryChannelLayer"


def test_redis_url_selects_the_redis_channel_layer():
    layer = env.channel_layers({"REDIS_URL": "redis://cache.example:6379/2"})["default"]

    assert layer["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    assert layer["CONFIG"]["hosts"] == [{"address": "redis://cache.example:6379/2",
                                          "socket_timeout": None, "max_connections": 64}]



def test_the_cache_is_the_process_own_without_redis_and_redis_with_it():
    assert env.caches({})["default"]["BACKEND"].endswith("LocMemCache")
    shared = env.caches({"REDIS_URL": "redis://cache.example:6379/2"})["default"]
    assert shared["BACKEND"] == "django_redis.cache.RedisCache"
    assert shared["LOCATION"] == "redis://cache.example:6379/2"
    assert shared["OPTIONS"]["IGNORE_EXCEPTIONS"] is True  # Redis down: a cache that misses


MACHINE_SPECIFIC = ("DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "ADDRESS", "HTTPS", "ECARTE_HOME")


def manage(*args, **environ):
    base = {k: v for k, v in os.environ.items() if k not in MACHINE_SPECIFIC}
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


def settings_of(home, *names, **environ) -> list:
    """The values of settings `names` in a fresh process, ECARTE_HOME being `home`."""
    done = manage("shell", "-c", "from django.conf import settings; import json; print(json.dumps("
                  f"[getattr(settings, name, None) for name in {list(names)!r}]))",
                  ECARTE_HOME=str(home), **environ)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_the_laptop_runs_without_debug_over_plain_http(tmp_path):
    debug, redirect, secure_cookie, hosts = settings_of(
        tmp_path, "DEBUG", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "ALLOWED_HOSTS",
        ADDRESS="192.168.1.20")

    assert (debug, redirect, secure_cookie) == (False, False, False)
    assert hosts == ["192.168.1.20", "127.0.0.1", "localhost"]


def test_debug_is_on_only_when_asked_for(tmp_path):
    assert settings_of(tmp_path, "DEBUG", DEBUG="1") == [True]


def test_the_first_start_keeps_a_secret_key_outside_the_checkout_and_the_next_reuse_it(
        tmp_path):
    home = tmp_path / "ecarte"
    first = settings_of(home, "SECRET_KEY")[0]
    kept = home / "secret_key"

    assert kept.read_text().strip() == first and len(first) >= 50
    assert kept.stat().st_mode & 0o077 == 0  # neither the group nor others may read it
    assert settings_of(home, "SECRET_KEY")[0] == first
    in_checkout = [path for path in ROOT.rglob("*")
                   if path.is_file() and not {".venv", ".git"} & set(path.parts)
                   and first.encode() in path.read_bytes()]
    assert in_checkout == []


def test_a_secret_key_in_the_environment_wins(tmp_path):
    assert settings_of(tmp_path, "SECRET_KEY", SECRET_KEY="from-the-environment") == [
        "from-the-environment"]
    assert not (tmp_path / "secret_key").exists()


def test_two_first_starts_at_once_keep_one_key(tmp_path):
    with ThreadPoolExecutor(8) as pool:
        keys = set(pool.map(lambda _: env.kept_secret_key(tmp_path / "d" / "secret_key"),
                            range(8)))

    assert len(keys) == 1
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == ["secret_key"]
    assert (tmp_path / "d").stat().st_mode & 0o777 == 0o700


def test_the_data_directory_is_ecarte_home_else_in_the_user_s_data_directory(tmp_path):
    assert env.data_dir({"ECARTE_HOME": "/srv/ecarte"}, tmp_path) == Path("/srv/ecarte")
    assert env.data_dir({"XDG_DATA_HOME": "/data"}, tmp_path) == Path("/data/ecarte-club")
    assert env.data_dir({}, tmp_path) == tmp_path / ".local/share/ecarte-club"


@pytest.mark.django_db
def test_the_suite_runs_on_the_configured_database():
    from django.db import connection

    url = os.environ.get("DATABASE_URL", "sqlite://")
    expected = "postgresql" if url.startswith(("postgres", "postgresql")) else "sqlite"
    assert connection.vendor == expected
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
