"""bench/floor.py still runs, as docs/benchmarks.md shows it, on tiny sizes and a scratch SQLite
file: it records a pool through the API, replays it on the floor (which must answer each hand
as the club did, or the benchmark stops) and prints its figures. Their values are not checked:
figures belong in docs/benchmarks.md, not in assertions."""
import pytest

from tests.test_bench import run_bench

pytestmark = [pytest.mark.slow, pytest.mark.subprocess]  # run_bench starts it as a process


def test_the_floor_benchmark_runs_and_prints_its_figures(tmp_path):
    out = run_bench("floor", tmp_path, "--rounds", "2", "--clients", "1", "--pools", "1")
    for line in ("yardstick before", "1 clients, 1 pools each a round", "sqlite",
                 "SQL statements a hand", "round 1, club :", "round 1, floor:",
                 "round 2, floor:", "round 2, club / floor:", "ms CPU a hand, median of 2",
                 "club / floor:", "x the CPU a hand", "yardstick after"):
        assert line in out
    assert not list(tmp_path.glob("bench.sqlite3.*")), "the copies of the database are left"
