"""Small pure helpers that turn environment variables into settings.

Each takes the environment as a mapping, so tests can call them with a plain dict.
"""

import re
from collections.abc import Mapping
from decimal import Decimal

from django.core.exceptions import ImproperlyConfigured

FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})


def flag(env: Mapping[str, str], name: str, default: bool) -> bool:
    """A boolean variable: "0", "false", "no", "off" (any case) or empty mean false."""
    if name not in env:
        return default
    return env[name].strip().lower() not in FALSE_WORDS


def csv(env: Mapping[str, str], name: str, default: str = "") -> list[str]:
    """A comma-separated list, blanks dropped."""
    return [part.strip() for part in env.get(name, default).split(",") if part.strip()]


def cents(env: Mapping[str, str], name: str) -> int | None:
    """An amount of money such as "50.00" as whole cents; None when unset or blank."""
    text = env.get(name, "").strip()
    if not text:
        return None
    if not re.fullmatch(r"[0-9]+(\.[0-9]{1,2})?", text):
        raise ImproperlyConfigured(f'{name} must be an amount such as "50.00", not {text!r}')
    return int(Decimal(text) * 100)


def database(env: Mapping[str, str], base_dir) -> dict:
    """DATABASE_URL, or the embedded SQLite file db.sqlite3 beside manage.py."""
    import dj_database_url

    url = env.get("DATABASE_URL") or f"sqlite:///{base_dir / 'db.sqlite3'}"
    # No persistent connections: under ASGI each request may run in another thread.
    config = dj_database_url.parse(url, conn_max_age=0)
    if config["ENGINE"] == "django.db.backends.postgresql":
        # A pool of connections per process (psycopg_pool), shared by the request threads.
        config.setdefault("OPTIONS", {})["pool"] = {"min_size": 2, "max_size": 8, "timeout": 10}
        # The pool checks each connection before it lends it: one that the server or the
        # network dropped while it waited is replaced, so the club recovers by itself once
        # the database is back (club/unavailable.py).
        config["CONN_HEALTH_CHECKS"] = True
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # Writers take the database lock when their transaction begins, so that concurrent
        # requests queue up instead of failing with "database is locked" half-way through.
        config.setdefault("OPTIONS", {}).update(transaction_mode="IMMEDIATE", timeout=20)
    return config


def channel_layers(env: Mapping[str, str]) -> dict:
    """Redis when REDIS_URL is set, else the in-process layer (one server process only)."""
    url = env.get("REDIS_URL")
    if url:
        return {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                # No client-side read timeout: the layer waits for messages with blocking
                # reads of 5 seconds, which redis-py 8's default socket_timeout (5 seconds)
                # would cut short, ending every idle consumer (a live feed's socket).
                "CONFIG": {"hosts": [{"address": url, "socket_timeout": None}]},
            }
        }
    return {"default": {"BACKEND": "club.layers.InMemoryChannelLayer"}}
