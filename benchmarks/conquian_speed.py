"""Conquian's speed: the meld search for one hand, and the two commands end to end.

Run: python benchmarks/conquian_speed.py [--hands N] [--runs N]

First the meld search alone (best_down, the most cards a hand lays down with its
table; target: under 1 ms a hand) over N random hands of each pack, half of them
with combinations on the table, beside the full meld (every tied arrangement and the
outs, each unseen card tried) of the same hands. Then `cribcount conquian meld` and
`cribcount conquian use` on the book's example, each run as a fresh process (target:
under 0.2 s), beside `cribcount --version` as the reference: the start-up alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

from cribcount.conquian import PACKS, Combination, Position, meld
from cribcount.conquian.combinations import kind_of, within
from cribcount.conquian.search import best_down

BOOK = "♡ J 7 6 4; ♠ 5 3 2; ♢ K 7 5"


def random_position(rng: random.Random, name: str) -> Position:
    """Ten cards of the pack; half the time one or two of them as combinations on the
    table, drawn from the pack's every combination."""
    pack = PACKS[name]
    ranks = len(pack.ranks)
    table: list[Combination] = []
    used = 0
    if rng.random() < 0.5:
        every = within((1 << len(pack.cards)) - 1, ranks)
        for mask in rng.sample(every, 2):
            if not mask & used and mask.bit_count() + used.bit_count() <= 8:
                table.append(Combination(tuple(pack.cards_of(mask)), kind_of(mask) or ""))
                used |= mask
    rest = [card for i, card in enumerate(pack.cards) if not used >> i & 1]
    hand = rng.sample(rest, 10 - used.bit_count())
    return Position(tuple(hand), tuple(table), pack=pack)


def search_times(positions: list[Position], runs: int) -> tuple[float, float]:
    """The median over ``runs`` of the seconds a hand takes: the search, the full meld."""
    keys = [(p.hand_mask(), p.table_masks(), p.ranks) for p in positions]
    searches, melds = [], []
    for _ in range(runs):
        best_down.cache_clear()
        start = time.perf_counter()
        for hand, table, ranks in keys:
            best_down.__wrapped__(hand, table, ranks)
        searches.append((time.perf_counter() - start) / len(keys))
        start = time.perf_counter()
        for position in positions:
            meld(position)
        melds.append((time.perf_counter() - start) / len(positions))
    return statistics.median(searches), statistics.median(melds)


def command_time(args: list[str], runs: int) -> float:
    """The median seconds of ``cribcount ARGS`` as a fresh process."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "cribcount", *args], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500, help="random hands of each pack")
    parser.add_argument("--runs", type=int, default=5, help="runs, of which the median")
    options = parser.parse_args()
    rng = random.Random(21)
    for name in PACKS:
        positions = [random_position(rng, name) for _ in range(options.hands)]
        search, full = search_times(positions, options.runs)
        print(
            f"{name:8}  meld search {search * 1e6:7.1f} us a hand (target under 1000);"
            f"  full meld with outs {full * 1e6:7.1f} us"
        )
    reference = command_time(["--version"], options.runs)
    print(f"cribcount --version            {reference:.3f} s (start-up)")
    for args in (["conquian", "meld", BOOK], ["conquian", "use", "5H", "--hand", BOOK]):
        print(
            f"cribcount {' '.join(args[:2]):20} {command_time(args, options.runs):.3f} s"
            " (target under 0.2)"
        )


if __name__ == "__main__":
    main()
