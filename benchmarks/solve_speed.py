"""The piquet play solver's speed: the kernel against the plain minimax of piquet.solve.

Run: python benchmarks/solve_speed.py [--deals N] [--full]

First the kernel warm on N random full deals (value, the tricks each side
can make, and the best line, as `piquet solve` works them out; target:
under 100 ms a deal). Then both solvers on the same smaller positions (the
last seven tricks of those deals, played at random up to there) and their
ratio. With --full, the plain solver on one whole deal too (minutes, and
several GB of memory for the positions it remembers). Then the warm
command line.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from warm import warm_command

from cribcount.cards import PIQUET_RANKS, SUITS, Card, format_cards
from cribcount.piquet.solve import (
    KernelSearch,
    Position,
    deal,
    legal,
    play,
    reference_value,
    solve,
)

PACK = tuple(Card(rank, suit) for rank in PIQUET_RANKS for suit in SUITS)
SMALLER = 7
"""Tricks left in the smaller positions both solvers take."""


def deals(count: int, seed: int = 2024) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        shuffled = list(PACK)
        rng.shuffle(shuffled)
        found.append((tuple(shuffled[:12]), tuple(shuffled[12:24])))
    return found


def cut(start: Position, left: int, rng: random.Random) -> Position:
    """``start`` played at random until ``left`` tricks are to come."""
    at = start
    while len(at.hands[0]) + len(at.hands[1]) > 2 * left:
        at = play(at, rng.choice(legal(at))).after
    return at


def timed(work: Callable[[], object]) -> float:
    """Seconds ``work`` takes."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--full", action="store_true", help="the plain solver on a whole deal")
    args = parser.parse_args()

    dealt = deals(args.deals)
    solve(*dealt[0])  # compile
    times = sorted(
        timed(lambda hands=hands, rules=rules: solve(*hands, rules))
        for hands in dealt
        for rules in ("classic", "rubicon")
    )
    median = statistics.median(times)
    print(f"whole deals, kernel warm, {len(times)} solves (classic and rubicon):")
    print(f"  median {median * 1000:7.1f} ms")
    print(f"  90%    {times[int(0.9 * len(times))] * 1000:7.1f} ms")
    print(f"  worst  {times[-1] * 1000:7.1f} ms   (target under 100 ms)")

    rng = random.Random(7)
    positions = [cut(deal(*hands), SMALLER, rng) for hands in dealt[:10]]
    plain = 0.0
    kernel = 0.0
    for at in positions:
        reference_value.cache_clear()
        plain += timed(lambda at=at: reference_value(at, "classic"))
        kernel += timed(lambda at=at: KernelSearch("classic").value(at))
    print(f"last {SMALLER} tricks of {len(positions)} deals, the value alone:")
    print(f"  plain minimax     {plain * 1000:9.1f} ms")
    print(f"  kernel            {kernel * 1000:9.1f} ms")
    print(f"  plain / kernel    {plain / kernel:9.0f}x")

    if args.full:
        hands = dealt[0]
        reference_value.cache_clear()
        whole = timed(lambda: reference_value(deal(*hands), "classic"))
        remembered = reference_value.cache_info().currsize
        reference_value.cache_clear()
        kernel_whole = timed(lambda: KernelSearch("classic").value(deal(*hands)))
        print(f"one whole deal, the value alone (elder {format_cards(hands[0])}):")
        print(f"  plain minimax     {whole:9.1f} s  ({remembered:,} positions remembered)")
        print(f"  kernel            {kernel_whole * 1000:9.1f} ms")
        print(f"  plain / kernel    {whole / kernel_whole:9.0f}x")

    elder, younger = (format_cards(hand) for hand in dealt[0])
    command = [sys.executable, "-m", "cribcount", "piquet", "solve"]
    command += ["--elder", elder, "--younger", younger]
    print(f"command line, warm: {warm_command(command):.3f} s")


if __name__ == "__main__":
    main()
