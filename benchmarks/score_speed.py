"""Time the quick commands' start-up against `python -c pass` in the same run.

Run: python benchmarks/score_speed.py [--runs N]

Targets, warm (the median of the runs, 5 by default): `cribcount score` for one
hand under 0.25 s, importing no numba; `cribcount odds ME HIM` under 0.2 s,
importing neither numba, numpy nor tabulate. Prints the median wall time of
each command, its ratio to `python -c pass` and what each imported. Batches
are timed by batch_speed.py.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "cribcount score (one hand)": ["score", "5H 5S 5C JD / 5D"],
    "cribcount odds 90 100": ["odds", "90", "100", "--dealer"],
}
WATCHED = ("numba", "numpy", "tabulate")
"""The heavy imports a quick command should do without."""

IMPORTED = """
import atexit, sys
atexit.register(lambda: print(*sorted(m for m in {watched} if m in sys.modules), file=sys.stderr))
sys.argv = ["cribcount", *{args}]
from cribcount.__main__ import run
run()
"""


def median_wall(command: list[str], runs: int) -> float:
    """Median wall-clock seconds of ``command`` over ``runs`` runs, after one run to warm
    the caches."""
    subprocess.run(command, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def imported(args: list[str]) -> str:
    """Which of :data:`WATCHED` the command imports, or 'none'."""
    code = IMPORTED.format(watched=WATCHED, args=args)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return done.stderr.strip() or "none"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    baseline = median_wall([sys.executable, "-c", "pass"], args.runs)
    print(f"{'python -c pass':28} {baseline * 1000:7.1f} ms")
    for name, words in COMMANDS.items():
        took = median_wall([sys.executable, "-m", "cribcount", *words], args.runs)
        print(
            f"{name:28} {took * 1000:7.1f} ms  ({took / baseline:4.1f}x;"
            f" imports of {', '.join(WATCHED)}: {imported(words)})"
        )


if __name__ == "__main__":
    main()
