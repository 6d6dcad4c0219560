"""Engine benchmark: scoring throughput (hands/s, one core, in-process) and double-dummy
analysis time per complete deal (all first leads).

    .venv/bin/python -m bench.engine [--hands 20000] [--deals 5000] [--repeat 5]

Prints the best and the median of the repeats; it asserts nothing about time.
"""
import argparse
import random
import statistics
import time

from bench import yardstick
from games.engine import EngineError, score
from games.engine.analysis import analyse_deal
from testbed.records import PACK, legal_record, mixed_records, summary_of


def _rate(work, items, repeat):
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        work(items)
        rates.append(len(items) / (time.perf_counter() - start))
    return max(rates), statistics.median(rates)


def _score_all(records):
    for record in records:
        try:
            score(record)
        except EngineError:
            pass


def _analyse_all(deals):
    for elder, dealer, trump in deals:
        analyse_deal(elder, dealer, trump)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    yardstick.show()
    rng = random.Random(2026)
    full = [legal_record(rng) for _ in range(args.hands)]
    summaries = [summary_of(r) for r in full]
    mixed = [record for record, _ in mixed_records(args.hands, seed=2026)]
    for name, records in (("full records", full), ("summary records", summaries),
                          ("mixed archive", mixed)):
        best, median = _rate(_score_all, records, args.repeat)
        print(f"score, {name:16}: {best:9,.0f} hands/s best, {median:9,.0f} median "
              f"({len(records):,} records x {args.repeat})")
    deals = []
    for _ in range(args.deals):
        cards = PACK[:]
        rng.shuffle(cards)
        deals.append((cards[:5], cards[5:10], cards[10][1]))
    best, median = _rate(_analyse_all, deals, args.repeat)
    print(f"analysis, all first leads: {1000 / best:.3f} ms/deal best, {1000 / median:.3f} "
          f"median ({len(deals):,} random deals x {args.repeat})")


if __name__ == "__main__":
    main()
