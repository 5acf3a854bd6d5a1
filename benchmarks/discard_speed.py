"""Time the exact lay-out analysis and the exhaustive distribution.

Run: python benchmarks/discard_speed.py [--hands N] [--plain N] [--runs N]

Prints:
- the kernels' cold compile (``cribcount discard`` with an empty numba cache)
  and ``cribcount discard`` end to end with the cache warm;
- exact six-card analysis per dealt hand in steady state, averaged over N
  random hands, through the kernel alone and through the Python API, and the
  same for every other form of the game;
- the straightforward card-by-card enumeration of the same totals on a few
  hands, and the ratio of the two;
- all 12,994,800 (4-card hand, starter) pairs scored, and the rank tables'
  build;
- a batch of 1,000 dealt hands through ``cribcount discard --file -``.
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
from itertools import combinations
from math import comb

import numpy as np

from cribcount.cards import Card
from cribcount.cribbage import kernel
from cribcount.cribbage.discard import analyse_discard, rank_tables
from cribcount.cribbage.games import GAMES

DECK = [Card.from_id(card_id) for card_id in range(52)]
SEED = "6C 7S 8S 8H 9S TC"


def wall(command: list[str], env: dict[str, str], stdin: str | None = None) -> float:
    """Wall-clock seconds of one run of ``command``."""
    start = time.perf_counter()
    subprocess.run(
        command, input=stdin, text=True, check=True, capture_output=True, env={**os.environ, **env}
    )
    return time.perf_counter() - start


def kernel_arrays(dealt: list[Card], kept: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's inputs: dealt ids, and the lay-outs as rows of laid-out and kept ids."""
    ordered = sorted(card.id for card in dealt)
    layouts = list(combinations(range(len(ordered)), len(ordered) - kept))
    discards = np.array([[ordered[i] for i in layout] for layout in layouts], np.int64)
    keeps = np.array(
        [[card for i, card in enumerate(ordered) if i not in layout] for layout in layouts],
        np.int64,
    )
    return np.array(ordered, np.int64), discards, keeps


def per_hand(game: str, hands: int) -> tuple[float, float]:
    """Milliseconds per dealt hand in steady state: kernel alone, and the Python API."""
    rng = random.Random(game)
    deals = [rng.sample(DECK, GAMES[game].dealt) for _ in range(hands)]
    arrays = [kernel_arrays(dealt, GAMES[game].kept) for dealt in deals]
    table4, table5 = rank_tables()
    kernel.layout_totals(*arrays[0], table4, table5)  # load before timing
    start = time.perf_counter()
    for dealt_ids, discards, keeps in arrays:
        kernel.layout_totals(dealt_ids, discards, keeps, table4, table5)
    kernel_ms = (time.perf_counter() - start) / hands * 1000
    start = time.perf_counter()
    for dealt in deals:
        analyse_discard(dealt, game, dealer=False)
    api_ms = (time.perf_counter() - start) / hands * 1000
    return kernel_ms, api_ms


def plain_per_hand(hands: int) -> float:
    """Milliseconds per six-card hand of the straightforward card-by-card enumeration."""
    rng = random.Random("plain")
    deals = [kernel_arrays(rng.sample(DECK, 6), 4) for _ in range(hands)]
    kernel.naive_layout_totals(*deals[0])  # load before timing
    start = time.perf_counter()
    for arrays in deals:
        kernel.naive_layout_totals(*arrays)
    return (time.perf_counter() - start) / hands * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=500, help="random hands for steady state")
    parser.add_argument("--plain", type=int, default=5, help="hands for the plain enumeration")
    parser.add_argument("--runs", type=int, default=5, help="runs of the warm CLI")
    args = parser.parse_args()

    command = [sys.executable, "-m", "cribcount", "discard", SEED, "--pone"]
    with tempfile.TemporaryDirectory() as cache:
        env = {"NUMBA_CACHE_DIR": cache}
        cold = wall(command, env)
        warm = statistics.median(wall(command, env) for _ in range(args.runs))
    print(f"cribcount discard, cold (compiles the kernels)  {cold:8.2f} s")
    print(f"cribcount discard, warm cache (median of {args.runs})    {warm:8.2f} s")

    table5 = rank_tables()[1]  # compiled or loaded here, before any timing
    start = time.perf_counter()
    rank_table = kernel.rank_table(5)
    build = time.perf_counter() - start
    kernel.distribution(table5)
    start = time.perf_counter()
    hand = kernel.distribution(rank_table)[0]
    scored = time.perf_counter() - start
    print(f"rank table of 5 ranks (13^5 entries) built      {build * 1000:8.1f} ms")
    print(f"all {hand.sum():,} hands scored, hand and crib rules  {scored * 1000:8.1f} ms")

    print()
    print(f"exact lay-out analysis, steady state, mean of {args.hands} random hands:")
    print("game    lay-outs   kernel ms/hand   API ms/hand")
    timings = {
        game: per_hand(game, args.hands) for game in ("six", "five", "seven", "three", "four")
    }
    for game, (kernel_ms, api_ms) in timings.items():
        layouts = comb(GAMES[game].dealt, GAMES[game].kept)
        print(f"{game:<7} {layouts:>8}   {kernel_ms:14.4f}   {api_ms:11.4f}")
    fast = timings["six"][0]
    plain = plain_per_hand(args.plain)
    print()
    print(f"six-card, card-by-card enumeration ({args.plain} hands)  {plain:10.2f} ms/hand")
    print(f"six-card, rank-multiset kernel                  {fast:10.4f} ms/hand")
    print(f"ratio                                           {plain / fast:10.0f}x")

    rng = random.Random(1000)
    lines = "".join(" ".join(map(str, rng.sample(DECK, 6))) + "\n" for _ in range(1000))
    batch = wall([*command[:4], "--file", "-", "--pone"], {}, stdin=lines)
    print()
    print(f"cribcount discard --file - (1,000 hands), warm  {batch:8.2f} s")


if __name__ == "__main__":
    main()
