"""bench/reads.py still runs: on a tiny size, it starts its server, reads each page anonymously
and prints its figures beside the yardstick (their times are not checked: figures belong in
docs/benchmarks.md)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def test_the_reads_benchmark_runs_and_prints_its_figures():
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "REDIS_URL")}
    done = subprocess.run([sys.executable, "-m", "bench.reads", "--tables", "5", "--clients",
                           "2", "--requests", "3"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    for line in ("6 tables in play, 2 anonymous readers", "/tables/ ", "/tv/ ", "/tables/1/ ",
                 "/standings ", "requests/s", "p99", "yardstick after"):
        assert line in done.stdout
