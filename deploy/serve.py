"""`make serve-prod`: the club on a server, as WORKERS daphne processes behind a proxy.

It checks that DATABASE_URL, REDIS_URL and SECRET_KEY are set (the workers share the database,
the live feed and the sessions), applies the migrations and collects the static files, then
starts the workers on ADDRESS (127.0.0.1), ports PORT, PORT+1, ..., and beside them one process
that pays the ratings' re-ratings as soon as a worker owes one (`manage.py catch_up_ratings
--follow`, games.ratings). It stops them all on SIGTERM or SIGINT, and stops the others and
fails when one of them ends by itself, so that the service manager (systemd) starts the whole
again. See docs/operations.md.
"""

import ctypes
import ctypes.util
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


def missing(env) -> list[str]:
    return [f"{name} is not set: {meaning}" for name, meaning in REQUIRED.items()
            if not env.get(name, "").strip()]


def manage(*args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, check=True)


def start(env) -> list[subprocess.Popen]:
    """The daphne workers, then the ratings' catching-up process: one for the whole server."""
    address = env.get("ADDRESS") or "127.0.0.1"
    first, count = int(env.get("PORT") or 8000), int(env.get("WORKERS") or 2)
    commands = [[BIN / "daphne", "--proxy-headers", "--access-log", os.devnull,
                 "-b", address, "-p", str(port), "server.asgi:application"]
                for port in range(first, first + count)]
    commands.append([sys.executable, "manage.py", "catch_up_ratings", "--follow"])
    return [subprocess.Popen(command, cwd=ROOT, preexec_fn=ended_with_this_process)
            for command in commands]


def ended_with_this_process() -> None:
    """In a worker before daphne starts (and in the catching-up): SIGTERM to it when this
    process ends, even killed (SIGKILL), so that no worker is left holding its port (Linux's
    PR_SET_PDEATHSIG)."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def stop(processes: list[subprocess.Popen]) -> None:
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


def on_signal(number, frame):
    raise Stopped


def main() -> int:
    problems = missing(os.environ)
    if problems:
        print("make serve-prod cannot start:", *problems, sep="\n  ", file=sys.stderr)
        return 2
    manage("migrate", "--noinput")
    manage("collectstatic", "--noinput", "-v", "0")
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    processes = []
    try:
        processes = start(os.environ)
        while all(process.poll() is None for process in processes):
            time.sleep(1)
    except Stopped:
        return 0
    finally:
        for number in (signal.SIGTERM, signal.SIGINT):  # a second one waits for the stop
            signal.signal(number, signal.SIG_IGN)
        stop(processes)
    print("a worker or the ratings' catching-up ended by itself: all stopped", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
