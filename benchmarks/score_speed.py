"""Time `cribcount score` for one hand against `python -c pass`, and batch throughput.

Run: python benchmarks/score_speed.py [--runs N] [--hands N]

Prints the median wall time of each command over N runs, the ratio of the
two, and hands per second through `cribcount score --file -`.
"""

from __future__ import annotations

import argparse
import random
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


def random_hands(count: int) -> str:
    rng = random.Random(1)
    lines = []
    for _ in range(count):
        cards = rng.sample(CARDS, 5)
        lines.append(" ".join(cards[:4]) + " / " + cards[4])
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--hands", type=int, default=100_000)
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

    hands = random_hands(args.hands)
    start = time.perf_counter()
    subprocess.run(
        [*cribcount, "score", "--file", "-"],
        input=hands,
        text=True,
        check=True,
        capture_output=True,
    )
    elapsed = time.perf_counter() - start
    print(f"batch: {args.hands} hands in {elapsed:.2f} s = {args.hands / elapsed:,.0f} hands/s")


if __name__ == "__main__":
    main()
