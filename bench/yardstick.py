"""The machine's speed, measured beside every benchmark's figures: the time a plain Python loop
of ten million additions takes. The machine's speed changes from day to day; figures compare
only through the yardstick measured in the same run."""
import time


def loop_seconds() -> float:
    """The time a plain loop of ten million additions takes, the best of three."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        total = 0
        for i in range(10_000_000):
            total += i
        times.append(time.perf_counter() - start)
    return min(times)


def show(when: str = "") -> None:
    label = f"yardstick {when}".rstrip()
    print(f"{label:24}: ten million additions in {loop_seconds():.2f} s (best of 3)")
