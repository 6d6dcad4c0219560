"""The command line on an archive, start-up included: the wall time of one call on N records.

    .venv/bin/python -m bench.cli [--records 20000] [--repeat 3]

Each way in scores the same archive of mixed records, with and without --analyse:
manage.py score_hand, ecarte-score, score_hand through Django (django-admin, the management
command), and a yardstick, a plain Python scorer that imports games.engine, reads the file and
prints each line's result or error. The calls take turns, so that a change in the machine's
speed during the run falls on all of them alike.
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench import yardstick
from testbed.records import mixed_records

ROOT = Path(__file__).resolve().parent.parent
PLAIN_SCORER = """
import json, sys
from games.engine import EngineError, loads, score
analyse = "--analyse" in sys.argv
with open(sys.argv[1], "rb") as f:
    for line in f:
        try:
            obj = score(loads(line), analyse=analyse)
        except EngineError as err:
            obj = err.as_dict()
        print(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))
"""
COMMANDS = {
    "yardstick: plain Python scorer": [sys.executable, "-c", PLAIN_SCORER],
    "manage.py score_hand": [sys.executable, "manage.py", "score_hand"],
    "ecarte-score": [str(Path(sys.executable).with_name("ecarte-score"))],
    "score_hand through Django": [sys.executable, "-m", "django", "score_hand",
                                  "--settings", "server.settings"],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    yardstick.show()
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "archive.jsonl"
        archive.write_text("\n".join(json.dumps(r) for r, _ in mixed_records(args.records)))
        calls = {" ".join([label, *flags]): [*command, str(archive), *flags]
                 for flags in ([], ["--analyse"]) for label, command in COMMANDS.items()}
        times = {name: [] for name in calls}
        for _ in range(args.repeat):
            for name, call in calls.items():
                start = time.perf_counter()
                subprocess.run(call, cwd=ROOT, stdout=subprocess.DEVNULL, check=False)
                times[name].append(time.perf_counter() - start)
    print(f"{args.records:,} mixed records, start-up included, best and median of "
          f"{args.repeat}:")
    for name, runs in times.items():
        print(f"{name:42}: {min(runs):.2f} s best, {statistics.median(runs):.2f} s median")


if __name__ == "__main__":
    main()
