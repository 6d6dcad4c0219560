"""score_hand on an archive, start-up included: the wall time of one call on N mixed records.

    .venv/bin/python -m bench.cli [--records 20000] [--repeat 3]
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.records import mixed_records


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "archive.jsonl"
        archive.write_text("\n".join(json.dumps(r) for r, _ in mixed_records(args.records)))
        for flags in ([], ["--analyse"]):
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                subprocess.run([sys.executable, "manage.py", "score_hand", str(archive), *flags],
                               stdout=subprocess.DEVNULL, check=False)
                times.append(time.perf_counter() - start)
            label = " ".join(["score_hand", *flags])
            print(f"{label:24}: {min(times):.2f} s best, {statistics.median(times):.2f} s median "
                  f"({args.records:,} mixed records, start-up included, x {args.repeat})")


if __name__ == "__main__":
    main()
