"""The expert opponent's speed: rebuilding the tables, one hand, a batch.

Run: python benchmarks/expert_speed.py [--hands N] [--no-rebuild]

Prints, each beside the random model measured in the same run:
- the kernels' time for one dealt hand (target: under 1 ms), steady state;
- hands per second through ``best_lay_outs_many``, the batch path;
- the warm command line for one hand (``cribcount discard``);
- the time to rebuild the six-card tables from scratch over every deal
  (target: under 2 minutes), with the rounds it took.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from cribcount.cards import Card
from cribcount.cribbage import expert
from cribcount.cribbage.discard import analyse_discard, best_lay_outs_many

SEED = "6C 7S 8S 8H 9S 10C"
DECK = [Card.from_id(card_id) for card_id in range(52)]


def per_call(function: object, runs: int) -> float:
    """Median seconds of ``function()`` over ``runs`` calls, after one to warm up."""
    assert callable(function)
    function()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--no-rebuild", action="store_true")
    args = parser.parse_args()

    one = {
        model: per_call(lambda model=model: analyse_discard(SEED, "six", True, model), 200)
        for model in ("random", "expert")
    }
    print("one hand, analyse_discard (every lay-out, every figure):")
    for model, seconds in one.items():
        print(f"  {model:<7} {seconds * 1000:7.3f} ms")
    print(f"  expert / random: {one['expert'] / one['random']:.2f}")

    rng = random.Random(1)
    hands = [rng.sample(DECK, 6) for _ in range(args.hands)]
    rates = {}
    for model in ("random", "expert"):
        best_lay_outs_many(hands[:10], "six", model)
        start = time.perf_counter()
        best_lay_outs_many(hands, "six", model)
        rates[model] = args.hands / (time.perf_counter() - start)
    print(f"batch, best_lay_outs_many over {args.hands:,} hands:")
    for model, rate in rates.items():
        print(f"  {model:<7} {rate:>10,.0f} hands/s")
    print(f"  expert / random: {rates['expert'] / rates['random']:.2f}")

    print("command line, one hand (warm):")
    for model in ("random", "expert"):
        command = [sys.executable, "-m", "cribcount", "discard", SEED, "--opponent", model]
        seconds = per_call(
            lambda command=command: subprocess.run(command, check=True, capture_output=True), 5
        )
        print(f"  {model:<7} {seconds:7.3f} s")

    if not args.no_rebuild:
        start = time.perf_counter()
        for number, _, tables in expert.solve("six"):
            if tables is not None:
                elapsed = time.perf_counter() - start
                print(
                    f"rebuild six-card tables: {elapsed:.1f} s, {number} rounds, "
                    f"cycle of {tables.cycle} (target 120 s: {elapsed / 120:.2f} of it)"
                )


if __name__ == "__main__":
    main()
