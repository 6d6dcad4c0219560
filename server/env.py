"""Small helpers that turn environment variables into settings.

Each takes the environment as a mapping, so tests can call them with a plain dict. Two touch
the machine, and are passed in or called by server/settings.py: machine_names, kept_secret_key.
"""

import os
import re
import socket
import tempfile
from collections.abc import Callable, Mapping
from decimal import Decimal
from pathlib import Path

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


def count(env: Mapping[str, str], name: str) -> int | None:
    """A whole number such as "5"; None when unset or blank."""
    text = env.get(name, "").strip()
    if not text:
        return None
    if not re.fullmatch(r"[0-9]+", text):
        raise ImproperlyConfigured(f'{name} must be a whole number such as "5", not {text!r}')
    return int(text)


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
        # the database is back (server/unavailable.py).
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
                # A worker's connections at once: its live-feed hub's one reader and at most
                # 16 joins or leaves (games/live/hub.py), and the changes its requests
                # publish; past the pool, redis-py fails rather than waits.
                "CONFIG": {"hosts": [{"address": url, "socket_timeout": None,
                                      "max_connections": 64}]},
            }
        }
    return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def caches(env: Mapping[str, str]) -> dict:
    """Redis when REDIS_URL is set, so that every worker shares what one computed (the
    advisor's notes, the anonymous pages, the limits' counts); else the process's own memory.
    Redis down is a cache that misses (django-redis's IGNORE_EXCEPTIONS, each miss logged):
    no hand, page or form fails for want of it. Its pool is sized like the channel layer's."""
    url = env.get("REDIS_URL")
    if url:
        return {"default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": url,
                            "KEY_PREFIX": "ecarte",
                            "OPTIONS": {"IGNORE_EXCEPTIONS": True,
                                        "SOCKET_CONNECT_TIMEOUT": 1, "SOCKET_TIMEOUT": 1,
                                        "CONNECTION_POOL_KWARGS": {"max_connections": 64}}}}
    return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


WILDCARD_ADDRESSES = frozenset({"0.0.0.0", "::"})
LOOPBACK = ["127.0.0.1", "localhost"]


def address(env: Mapping[str, str]) -> str:
    """ADDRESS: where daphne listens; the laptop's own address lets the members' phones in."""
    return env.get("ADDRESS", "").strip() or "127.0.0.1"


def served_hosts(env: Mapping[str, str], machine_names: Callable[[], list[str]]) -> list[str]:
    """The names the club answers to when reached at ADDRESS: that address and the loopback
    names; for every interface (0.0.0.0), this machine's names (`machine_names()`, asked only
    then) instead of the address, which no browser asks for."""
    served = address(env)
    found = machine_names() if served in WILDCARD_ADDRESSES else [served]
    # An IPv6 address is written in brackets in a URL, and so in its Host header.
    return list(dict.fromkeys([f"[{name}]" if ":" in name else name
                               for name in [*found, *LOOPBACK]]))


def allowed_hosts(env: Mapping[str, str], machine_names: Callable[[], list[str]]) -> list[str]:
    """ALLOWED_HOSTS when set, else the names the club is served under at ADDRESS."""
    return csv(env, "ALLOWED_HOSTS") or served_hosts(env, machine_names)


def serves_tls(env: Mapping[str, str]) -> bool:
    """TLS: daphne speaks https itself, with the laptop's certificate (`make run-https`)."""
    return flag(env, "TLS", default=False)


def trusted_origins(env: Mapping[str, str], machine_names: Callable[[], list[str]]) -> list[str]:
    """CSRF_TRUSTED_ORIGINS when set, else http://HOST:PORT for each name served at ADDRESS
    (https:// when daphne serves TLS)."""
    port = env.get("PORT", "").strip() or "8000"
    scheme = "https" if serves_tls(env) else "http"
    return csv(env, "CSRF_TRUSTED_ORIGINS") or [
        f"{scheme}://{host}:{port}" for host in served_hosts(env, machine_names)
    ]


def behind_https_proxy(env: Mapping[str, str], debug: bool) -> bool:
    """HTTPS, or by default: a club served under names of its own (ALLOWED_HOSTS) is reached
    through the TLS proxy; the laptop, reached at its address over the club's network, is not."""
    return flag(env, "HTTPS", default=not debug and bool(csv(env, "ALLOWED_HOSTS")))


def data_dir(env: Mapping[str, str], home: Path) -> Path:
    """ECARTE_HOME, else ecarte-club in XDG_DATA_HOME (~/.local/share): outside the checkout."""
    if env.get("ECARTE_HOME", "").strip():
        return Path(env["ECARTE_HOME"].strip())
    return Path(env.get("XDG_DATA_HOME", "").strip() or home / ".local/share") / "ecarte-club"


def machine_names() -> list[str]:
    """This machine's names on the club's network: its address there (the one its traffic
    leaves from; nothing is sent), its host name and that name under .local (mDNS)."""
    names = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            names.append(probe.getsockname()[0])
        except OSError:
            pass  # no network at all: the loopback names remain
    host = socket.gethostname()
    return [*names, host, f"{host}.local"]


def kept_secret_key(path: Path) -> str:
    """The secret key kept in `path`, generated there on the first start (mode 0600, in a
    directory of mode 0700). Two first starts at once keep the same key: each writes its own
    file, and only one of them is linked to `path`."""
    if not path.exists():
        from django.core.management.utils import get_random_secret_key

        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, draft = tempfile.mkstemp(dir=path.parent, prefix=".secret_key.")  # 0600
        try:
            with os.fdopen(handle, "w") as file:
                file.write(get_random_secret_key() + "\n")
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(draft)
    return path.read_text().strip()
