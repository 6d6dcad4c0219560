"""`make serve-prod`: the club on a server, as WORKERS daphne processes behind a proxy.

It checks that DATABASE_URL, REDIS_URL and SECRET_KEY are set (the workers share the database,
the live feed and the sessions), applies the migrations and collects the static files, then
starts the workers on ADDRESS (127.0.0.1), ports PORT, PORT+1, ..., and beside them one process
that pays the ratings' re-ratings as soon as a worker owes one (`manage.py catch_up_ratings
--follow`, games.ratings). It stops them all on SIGTERM or SIGINT.

The workers are told they are behind the proxy (BEHIND_PROXY=1), whatever HTTPS says: the club
then believes the visitor's address and scheme that the proxy adds to a request, and only on
the proxy's own connection (club.auth.ProxyHeaders). daphne is not asked to read them itself
(its --proxy-headers): it would believe the first address of X-Forwarded-For, which the visitor
writes, from anyone.

A process that ends by itself (a worker killed, or crashed) is started again alone, while the
others go on serving (nginx sends the dead worker's requests to the others meanwhile): after
BACKOFF seconds, twice as long for each time it ended within the last WINDOW seconds. One that
ends more than RESTARTS times within WINDOW is given up: serve-prod stops them all and fails,
so that the service manager (systemd) starts the whole again. Each start, end and restart is
logged. See docs/operations.md.
"""

import collections
import ctypes
import ctypes.util
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
REQUIRED = {
    "DATABASE_URL": "the database the workers share, such as postgres://club@127.0.0.1/ecarte",
    "REDIS_URL": "the channel layer the workers share, such as redis://127.0.0.1:6379/0",
    "SECRET_KEY": "the same secret key for every worker: python3 -c "
                  "'import secrets; print(secrets.token_urlsafe(50))'",
}
PR_SET_PDEATHSIG = 1
STOP_LIMIT = 30  # seconds a process has to finish its requests (or its pass) before it is killed
BACKOFF = 1  # seconds before starting again a process that ended; doubled for each more end...
WINDOW = 300  # ...within these seconds
RESTARTS = 5  # more ends than this within WINDOW: serve-prod gives up
LOOK_EVERY = 0.2  # seconds between two looks at the processes
log = logging.getLogger("serve-prod")


def missing(env) -> list[str]:
    return [f"{name} is not set: {meaning}" for name, meaning in REQUIRED.items()
            if not env.get(name, "").strip()]


def manage(*args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, check=True)


class Restarts:
    """When a process that ended is to start again: `after(now)` records an end and gives the
    seconds to wait, BACKOFF doubled for each other end within the last WINDOW seconds, or
    None when it ended more than RESTARTS times within WINDOW."""

    def __init__(self):
        self.ends = collections.deque()

    def after(self, now: float) -> float | None:
        self.ends.append(now)
        while self.ends[0] <= now - WINDOW:
            self.ends.popleft()
        if len(self.ends) > RESTARTS:
            return None
        return BACKOFF * 2 ** (len(self.ends) - 1)


class Child:
    """One process serve-prod keeps running, named for the log: a worker or the catching-up.
    `due` is when it is to start (again), None while it runs."""

    def __init__(self, name: str, command: list, env: dict | None = None):
        self.name, self.command, self.env = name, command, env
        self.process, self.due, self.restarts = None, 0.0, Restarts()

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=self.env,
                                        preexec_fn=ended_with_this_process)
        self.due = None
        log.info("%s started (pid %d)", self.name, self.process.pid)

    def look(self, now: float) -> None:
        """If it ended by itself since the last look, sets when it starts again, or raises
        GaveUp."""
        if self.process is None or (code := self.process.poll()) is None:
            return
        how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
        wait = self.restarts.after(now)
        if wait is None:
            raise GaveUp(f"{self.name} (pid {self.process.pid}) ended ({how}) "
                         f"{RESTARTS + 1} times within {WINDOW} s")
        log.error("%s (pid %d) ended (%s): starting it again in %g s", self.name,
                  self.process.pid, how, wait)
        self.process, self.due = None, now + wait


def children(env) -> list[Child]:
    """The daphne workers, behind the proxy, then the ratings' catching-up process: one for
    the whole server."""
    address = env.get("ADDRESS") or "127.0.0.1"
    first, count = int(env.get("PORT") or 8000), int(env.get("WORKERS") or 2)
    workers = [Child(f"worker on port {port}",
                     [BIN / "daphne", "--access-log", os.devnull,
                      "-b", address, "-p", str(port), "server.asgi:application"],
                     env={**env, "BEHIND_PROXY": "1"})
               for port in range(first, first + count)]
    return [*workers, Child("the ratings' catching-up",
                            [sys.executable, "manage.py", "catch_up_ratings", "--follow"])]


def ended_with_this_process() -> None:
    """In a worker before daphne starts (and in the catching-up): SIGTERM to it when this
    process ends, even killed (SIGKILL), so that no worker is left holding its port (Linux's
    PR_SET_PDEATHSIG)."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def supervise(kept: list[Child]) -> None:
    """Starts each process when it is due, and sets a new due time for each that ended, until
    a signal (Stopped) or a process given up (GaveUp)."""
    while True:
        now = time.monotonic()
        for child in kept:
            child.look(now)
            if child.due is not None and child.due <= now:
                child.start()
        time.sleep(LOOK_EVERY)


def stop(kept: list[Child]) -> None:
    processes = [child.process for child in kept if child.process is not None]
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=STOP_LIMIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Stopped(Exception):
    """SIGTERM or SIGINT: the service manager, or Ctrl-C."""


class GaveUp(Exception):
    """A process ended too often to be started again."""


def on_signal(number, frame):
    raise Stopped


def main() -> int:
    problems = missing(os.environ)
    if problems:
        print("make serve-prod cannot start:", *problems, sep="\n  ", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    manage("migrate", "--noinput")
    manage("collectstatic", "--noinput", "-v", "0")
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    kept = children(os.environ)
    try:
        supervise(kept)
    except Stopped:
        return 0
    except GaveUp as given_up:
        log.error("%s: stopping them all", given_up)
        return 1
    finally:
        for number in (signal.SIGTERM, signal.SIGINT):  # a second one waits for the stop
            signal.signal(number, signal.SIG_IGN)
        stop(kept)


if __name__ == "__main__":
    sys.exit(main())
