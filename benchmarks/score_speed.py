"""Time `cribcount score` for one hand against `python -c pass`, and batch throughput.

Run: python benchmarks/score_speed.py [--runs N] [--hands N]

Prints the median wall time of each command over N runs and their ratio;
then, for a batch file of N/10 and of N hands, hands per second through
`cribcount score --file` and the peak memory, which stays flat as the file
grows because the batch streams.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def measured(command: list[str]) -> tuple[float, int]:
    """Wall seconds and peak resident memory (KiB) of one run of ``command``."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{command} failed with status {process.returncode}")
    return time.perf_counter() - start, usage.ru_maxrss


def write_random_hands(path: Path, count: int) -> None:
    """Write ``count`` random hands, one a line, without holding them all in memory.

    The parent stays small, so the child's peak memory is its own.
    """
    rng = random.Random(1)
    with path.open("w", encoding="utf-8") as file:
        for _ in range(count):
            cards = rng.sample(CARDS, 5)
            file.write(" ".join(cards[:4]) + " / " + cards[4] + "\n")


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

    with tempfile.TemporaryDirectory() as folder:
        for count in (args.hands // 10, args.hands):
            path = Path(folder) / f"hands-{count}.txt"
            write_random_hands(path, count)
            elapsed, peak = measured([*cribcount, "score", "--file", str(path)])
            print(
                f"batch: {count:>9,} hands in {elapsed:6.2f} s = {count / elapsed:,.0f} hands/s, "
                f"peak memory {peak / 1024:.1f} MiB"
            )


if __name__ == "__main__":
    main()
