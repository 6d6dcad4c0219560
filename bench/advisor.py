"""Advisor benchmark: the time of one jeux de règle advice on a full record, against the time of
3,000 double-dummy analyses of random deals measured in the same run, and the half-width the
advice reached.

    .venv/bin/python -m bench.advisor [--hands 30] [--repeat 3]
    .venv/bin/python -m bench.advisor --exact "9H KS QS JS 7C" 8H

With --exact it counts instead, for one hand and turn-up, every one of the 65,780 hands the
dealer can hold, each solved double dummy: the exact chance the estimate estimates, by the
dealer's trumps (about 20 s).

The hands are random legal full records (testbed/records.py) in which the elder was dealt a jeu
de règle of the French source. Prints the best and the median of the repeats; it asserts
nothing about time.
"""
import argparse
import itertools
import random
import statistics
import time

from bench import yardstick
from games.engine.advisor import advise
from games.engine.analysis import analyse_deal
from games.engine.cards import SUIT_OF
from games.engine.jeux import cavendish, jeu_de_regle
from testbed.records import PACK, legal_record

ANALYSES = 3000


def _jeux_records(n: int, rng: random.Random) -> list:
    """n legal full records whose elder was dealt a jeu de règle."""
    records = []
    while len(records) < n:
        record = legal_record(rng)
        if jeu_de_regle(record["deal"]["elder"], record["deal"]["turn_up"],
                        record.get("rules", {}).get("ranking", "classic")):
            records.append(record)
    return records


def _advise_all(records: list) -> tuple:
    """Seconds per advice, and the advice of each record."""
    times, advice = [], []
    for record in records:
        start = time.perf_counter()
        advice.append(advise(record))
        times.append(time.perf_counter() - start)
    return times, advice


def _analyses(deals: list) -> float:
    start = time.perf_counter()
    for elder, dealer, trump in deals:
        analyse_deal(elder, dealer, trump)
    return time.perf_counter() - start


def exact(hand: list, turn_up: str) -> None:
    """Prints the wins of `hand` against every hand the dealer can hold, by his trumps."""
    trump = SUIT_OF[turn_up]
    unseen = [c for c in PACK if c not in hand and c != turn_up]
    wins, deals = [0, 0, 0], [0, 0, 0]
    for dealer in itertools.combinations(unseen, 5):
        stratum = min(2, sum(SUIT_OF[c] == trump for c in dealer))
        deals[stratum] += 1
        wins[stratum] += analyse_deal(hand, list(dealer), trump)["elder_tricks"] >= 3
    found, his = jeu_de_regle(hand, turn_up), cavendish(hand, turn_up)
    print(f"{' '.join(hand)}, turn-up {turn_up}: jeu de règle "
          f"{found and found['number']} (Cavendish's {his and his['number']})")
    for name, w, n in zip(("no trump", "one trump", "two or more"), wins, deals):
        print(f"dealer with {name:11}: {w:6,} of {n:6,} ({100 * w / n:.2f} %)")
    print(f"all the dealer's hands : {sum(wins):6,} of {sum(deals):6,} "
          f"({100 * sum(wins) / sum(deals):.2f} %)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--exact", nargs=2, metavar=("CARDS", "TURN_UP"))
    args = parser.parse_args()
    if args.exact:
        exact(args.exact[0].split(), args.exact[1])
        return
    yardstick.show()
    rng = random.Random(2026)
    records = _jeux_records(args.hands, rng)
    deals = []
    for _ in range(ANALYSES):
        cards = PACK[:]
        rng.shuffle(cards)
        deals.append((cards[:5], cards[5:10], cards[10][1]))
    slowest, medians, budgets = [], [], []
    for _ in range(args.repeat):
        times, advice = _advise_all(records)
        slowest.append(max(times))
        medians.append(statistics.median(times))
        budgets.append(_analyses(deals))
    budget = min(budgets)
    print(f"{f'{ANALYSES:,} analyses, random deals':31}: {budget:.3f} s best, "
          f"{statistics.median(budgets):.3f} median (x {args.repeat})")
    print(f"{'advice, jeux de règle hands':31}: {min(medians):.3f} s median per advice, "
          f"{min(slowest):.3f} s the slowest ({len(records)} hands x {args.repeat})")
    print(f"slowest advice / {ANALYSES:,} analyses: {min(slowest) / budget:.2f}")
    deals_drawn = [a["estimate"]["deals"] for a in advice]
    margins = [a["estimate"]["margin"] for a in advice]
    print(f"{'half-width reached':31}: {100 * max(margins):.2f} points at most, "
          f"{100 * statistics.median(margins):.2f} median; deals drawn "
          f"{min(deals_drawn):,} to {max(deals_drawn):,}, median "
          f"{statistics.median(deals_drawn):,.0f}")
    counts = {}
    for a in advice:
        counts[a["jeu_de_regle"]["number"]] = counts.get(a["jeu_de_regle"]["number"], 0) + 1
    print(f"{'jeux de règle in the set':31}: "
          + ", ".join(f"{n}: {counts[n]}" for n in sorted(counts)))


if __name__ == "__main__":
    main()
