"""The suite's Hypothesis profiles, and `examples(n)`, each property test's number of examples
scaled by the profile in force.

`quick`, the default, is what `make test` and each leg of `.ci/run` run: every property test
at a fraction of the examples it names. `long` (HYPOTHESIS_PROFILE=long) runs ten times what
each test names, for a scheduled run or before touching the engine, the ledger or the wagers.
A test's own `@settings(max_examples=...)` would override a profile, so each test names its
count through `examples(n)`: `n` is its count at scale 1."""
import os

from hypothesis import settings

SCALES = {"quick": 0.5, "long": 10}
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "quick")
if PROFILE not in SCALES:
    raise ValueError(f"HYPOTHESIS_PROFILE={PROFILE!r}: one of {', '.join(SCALES)}")
for name, scale in SCALES.items():
    settings.register_profile(name, max_examples=max(1, round(100 * scale)), deadline=None)
settings.load_profile(PROFILE)


def examples(n: int) -> int:
    """`n` examples, as many as the profile in force asks for (at least one)."""
    return max(1, round(n * SCALES[PROFILE]))
