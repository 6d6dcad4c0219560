"""The benchmarks of docs/benchmarks.md still run: each is started as that page shows it, on tiny
sizes and a scratch SQLite file, and must finish and print its figures. (Their times are not
checked: figures belong in docs/benchmarks.md, not in assertions.)"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from testbed.daphne import template

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def run_bench(name: str, tmp_path, *args) -> str:
    """`python -m bench.NAME ARGS` on a copy of this process's migrated SQLite file (the
    benchmark's own `migrate` then finds nothing to do): its output."""
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path}/bench.sqlite3")
    env.pop("REDIS_URL", None)
    shutil.copyfile(template(env), tmp_path / "bench.sqlite3")
    done = subprocess.run([sys.executable, "-m", f"bench.{name}", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.parametrize("name, args, lines", [
    ("engine", ["--hands", "200", "--deals", "20", "--repeat", "1"],
     ["score, full records", "score, summary records", "analysis, all first leads"]),
    ("cli", ["--records", "200", "--repeat", "1"], ["score_hand ", "score_hand --analyse"]),
    ("standings", ["--players", "30", "--games", "300", "--repeat", "1"],
     ["standings(), all time", "player_stats(), one player", "rerate(), every game",
      "correct_hand(), first game", "catch_up(), after them"]),
    ("admin", ["--tables", "12", "--hands", "300", "--repeat", "1"],
     ["table list", "table page (busiest", "export_json", "export_csv"]),
    ("held", ["--hands", "5"], ["under the table's lock", "COMMIT", "INSERT INTO games_hand"]),
    ("api", ["--hands", "12", "--clients", "2", "--seconds", "1"],
     ["one client", "2 clients", "yardstick"]),
    ("handler", ["--rounds", "1", "--clients", "2", "--seconds", "0.5"],
     ["round 1, server.handler", "round 1, Django's ASGIHandler", "reads/s", "hands/s",
      "x the rate", "yardstick after"]),
    ("wagers", ["--wagers", "4", "--pairs", "2", "--rounds", "1"],
     ["round 1: median", "wagers, both styles", "wagers / no wagers", "x the median",
      "SQL statements of the deciding hand, english", "SQL statements of the deciding hand, "
      "french", "yardstick after"]),
    ("fanout", ["--tables", "2", "--spectators", "3", "--hands", "4"],
     ["6 spectators on 2 tables, 4 hands", "daphne: hand posted to change received",
      "daphne: the POST's own answer", "yardstick: websockets broadcast, received", "p99"]),
])
def test_the_benchmark_runs_and_prints_its_figures(tmp_path, name, args, lines):
    out = run_bench(name, tmp_path, *args)
    for line in lines:
        assert line in out


def test_the_page_benchmark_runs_and_prints_its_figures(tmp_path):
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not os.path.exists(chromium):
        pytest.skip(f"no chromium at {chromium} (apt-get install chromium, or set CHROMIUM)")
    out = run_bench("page", tmp_path, "--runs", "2")
    for line in ("navigation to load event", "navigation to the badge live",
                 "the feed's snapshot drawn", "a trick posted to a spectator's page drawn",
                 "yardstick: an empty page"):
        assert line in out


@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres")
                    or not os.environ.get("REDIS_URL"),
                    reason="bench.load is the server setup: PostgreSQL and Redis")
def test_the_load_benchmark_runs_and_prints_its_figures():
    import dj_database_url

    url = os.environ["DATABASE_URL"]
    name = dj_database_url.parse(url)["NAME"]
    env = dict(os.environ, DATABASE_URL=url.rsplit("/", 1)[0] + f"/{name}_bench_load")
    done = subprocess.run([sys.executable, "-m", "bench.load", "--tables", "2", "--seconds",
                           "1", "--offered", "10", "--runs", "2", "--spectators", "20",
                           "--hands", "2"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    for line in ("1 worker(s):", "2 worker(s):", "10 hands/s offered", "20 spectators",
                 "posted to change received", "CPU over", "PostgreSQL", "others",
                 "4 clients on each of", "run 2:", "p99 of the 2 runs"):
        assert line in done.stdout
