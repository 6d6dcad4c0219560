"""bench/advisor.py still runs as docs/benchmarks.md shows it, on tiny sizes, and prints its
figures (their times are not checked: figures belong in docs/benchmarks.md)."""
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def test_the_advisor_benchmark_runs_and_prints_its_figures():
    done = subprocess.run([sys.executable, "-m", "bench.advisor", "--hands", "2", "--repeat", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    for line in ("yardstick", "3,000 analyses, random deals", "advice, jeux de règle hands",
                 "slowest advice / 3,000 analyses", "half-width reached",
                 "jeux de règle in the set"):
        assert line in done.stdout
