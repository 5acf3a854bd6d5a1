"""Rubicon Bézique's last nine tricks solved: the kernel against the plain minimax of
bezique.tricks.

Run: python benchmarks/bezique_solve_speed.py [--endings N] [--plain M]

First the kernel warm on N random endings of nine cards each, dealt from the four packs
(the value and the best line, as `bezique solve` works them out; target: under 50 ms an
ending). Then both solvers on the same M of those endings, nine cards each, the value
alone, and their ratio: the plain minimax takes seconds on one, so M is small. Then the
warm command line.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from warm import warm_command

from cribcount.bezique.pack import PACK, ROLES
from cribcount.bezique.tricks import KernelSearch, Position, deal, reference_value, solve
from cribcount.cards import Card, format_cards

SHOE = [card for card in PACK.cards for _ in range(4)]
"""The 128 cards of the four packs."""


def endings(count: int, seed: int = 2024) -> list[tuple[list[Card], list[Card], str, int]]:
    """Random last nine tricks: the two hands, the trump and the seat to lead."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        dealt = rng.sample(SHOE, 18)
        found.append((dealt[:9], dealt[9:], rng.choice("SHDC"), rng.randrange(2)))
    return found


def timed(work: Callable[[], object]) -> float:
    """Seconds ``work`` takes."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--endings", type=int, default=500)
    parser.add_argument("--plain", type=int, default=5, help="endings the plain minimax solves")
    args = parser.parse_args()

    dealt = endings(args.endings)
    first, second, trump, leader = dealt[0]
    solve(first, second, trump, ROLES[leader])  # compile
    times = sorted(
        timed(lambda ending=ending: solve(*ending[:3], ROLES[ending[3]])) for ending in dealt
    )
    print(f"the last nine tricks, kernel warm, {len(times)} solves (value and best line):")
    print(f"  median {times[len(times) // 2] * 1000:7.2f} ms")
    print(f"  90%    {times[int(0.9 * len(times))] * 1000:7.2f} ms")
    print(f"  worst  {times[-1] * 1000:7.2f} ms   (target under 50 ms)")

    positions: list[Position] = [deal(*ending) for ending in dealt[: args.plain]]
    plain = []
    kernel = []
    for at in positions:
        reference_value.cache_clear()
        plain.append(timed(lambda at=at: reference_value(at)))
        kernel.append(timed(lambda at=at: KernelSearch(at).value(at)))
    reference_value.cache_clear()
    print(f"the same nine tricks, {len(positions)} endings, the value alone:")
    print(f"  plain minimax     {sum(plain) * 1000:10.1f} ms")
    print(f"  kernel            {sum(kernel) * 1000:10.1f} ms")
    print(f"  plain / kernel    {sum(plain) / sum(kernel):10.0f}x")
    ratios = [slow / quick for slow, quick in zip(plain, kernel, strict=True)]
    print(f"  per ending        {statistics.median(ratios):10.0f}x median")

    hands = f"{format_cards(first)} | {format_cards(second)}"
    command = [sys.executable, "-m", "cribcount", "bezique", "solve"]
    command += ["--hands", hands, "--trump", trump, "--leader", ROLES[leader]]
    print(f"command line, warm: {warm_command(command):.3f} s")


if __name__ == "__main__":
    main()
