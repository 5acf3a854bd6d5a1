"""The piquet exchange's speed: every exchange of one hand, kernel against the brute force.

Run: python benchmarks/exchange_speed.py [--runs N]

Every elder exchange of one hand (1,585 lay-outs, 14,941,023 drawn hands)
and every younger one (298 lay-outs, 263,580 hands), warm (targets: under
1 s and under 0.2 s), through the library's analyse_exchange; then the
plain brute force (reference_exchange, declare() on every drawn hand), timed
on a sample of lay-outs in the same run and extrapolated to every draw of
the elder's exchange at its rate per drawn hand, since running it whole
would take about an hour; their ratio; then the warm command line.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from math import comb

from warm import warm_command

from cribcount.piquet.declare import read_hand
from cribcount.piquet.exchange import analyse_exchange, reference_exchange

HAND = "AH KH QH JH AC KC QC AD KD QD 7D AS"
SAMPLE = {1: 12, 2: 10, 3: 4}
"""Lay-outs of each size the brute force is timed on."""


def warm(role: str, runs: int) -> float:
    """The median time of the whole analysis for ``role``, compiled first."""
    analyse_exchange(HAND, role)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        analyse_exchange(HAND, role)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()

    elder = warm("elder", args.runs)
    younger = warm("younger", args.runs)
    elder_draws = sum(comb(12, k) * comb(20, k) for k in range(1, 6))
    younger_draws = sum(comb(12, k) * comb(20, k) for k in range(1, 4))

    hand = read_hand(HAND, 12)
    rng = random.Random(1)
    sampled = 0
    start = time.perf_counter()
    for size, count in SAMPLE.items():
        for _ in range(count):
            reference_exchange(hand, rng.sample(hand, size))
            sampled += comb(20, size)
    per_draw = (time.perf_counter() - start) / sampled
    reference = per_draw * elder_draws

    print(f"hand {HAND}")
    print(f"  elder: 1,585 exchanges, {elder_draws:,} hands, warm {elder:8.3f} s (target 1 s)")
    print(
        f"  younger: 298 exchanges, {younger_draws:,} hands, warm   {younger:8.3f} s (target 0.2 s)"
    )
    print(
        f"  brute force: {sampled:,} hands in {sum(SAMPLE.values())} lay-outs, "
        f"{per_draw * 1e6:.0f} us a hand"
    )
    print(f"  brute force, elder, extrapolated  {reference:8.0f} s")
    print(f"  brute force / kernel, elder       {reference / elder:8.0f}x")

    command = [sys.executable, "-m", "cribcount", "piquet", "exchange", HAND, "--elder"]
    print(f"command line, elder, warm: {warm_command(command):.3f} s")


if __name__ == "__main__":
    main()
