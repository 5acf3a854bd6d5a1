"""Time `cribcount score` for one hand against `python -c pass` (target: under 150 ms).

Run: python benchmarks/score_speed.py [--runs N]

Prints the median wall time of each command over N runs and their ratio,
and whether the command line imports numba (it must not). Batches are
timed by batch_speed.py.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from cribcount.cards import Card

CARDS = [str(Card.from_id(card_id)) for card_id in range(52)]


def median_wall(command: list[str], runs: int, stdin: str | None = None) -> float:
    """Median wall-clock seconds of ``command`` over ``runs`` runs."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, input=stdin, text=True, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()

    cribcount = [sys.executable, "-m", "cribcount"]
    baseline = median_wall([sys.executable, "-c", "pass"], args.runs)
    one_hand = median_wall([*cribcount, "score", "5H 5S 5C JD / 5D"], args.runs)
    numba_loaded = subprocess.run(
        [sys.executable, "-c", "import sys, cribcount.cli; print('numba' in sys.modules)"],
        text=True,
        capture_output=True,
        check=True,
    ).stdout.strip()
    print(f"python -c pass             {baseline * 1000:8.1f} ms")
    print(f"cribcount score (one hand) {one_hand * 1000:8.1f} ms   ({one_hand / baseline:.1f}x)")
    print(f"numba imported by the CLI: {numba_loaded}")


if __name__ == "__main__":
    main()
