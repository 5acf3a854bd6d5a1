"""Time the exact lay-out analysis, the batch of best lay-outs, and the exhaustive distribution.

Run: python benchmarks/discard_speed.py [--hands N] [--batch N] [--plain N] [--runs N]

Prints:
- the kernels' cold compile (``cribcount discard`` with an empty numba cache)
  and ``cribcount discard`` end to end with the cache warm;
- all 12,994,800 (4-card hand, starter) pairs scored, and the rank tables'
  build;
- exact analysis of every lay-out per dealt hand in steady state, averaged
  over N random hands, through the kernel alone and through
  ``analyse_discard``, for every form of the game;
- the batch figure: dealt hands per second when only the best lay-out of
  each role is wanted, through the batch kernel alone (``best_layouts`` on
  chunks of 1,000 hands), through ``best_lay_outs_many`` (the same chunks,
  from cards to results), ``best_lay_outs`` hand by hand, and
  ``analyse_discard`` hand by hand; each as a share of the kernel's rate,
  all measured in the same run;
- the straightforward card-by-card enumeration of the same totals on a few
  hands, and the ratio of the two;
- a batch of dealt hands through ``cribcount discard --file -``, whatever
  path the command takes, with and without the start-up.
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
from collections.abc import Callable
from itertools import combinations
from math import comb

import numpy as np

from cribcount.cards import Card
from cribcount.cribbage import discard_kernel, score_kernel
from cribcount.cribbage.discard import (
    analyse_discard,
    best_lay_outs,
    best_lay_outs_many,
)
from cribcount.cribbage.discard_kernel import multiset_tables
from cribcount.cribbage.forms import FORMS
from cribcount.cribbage.score_kernel import rank_tables

DECK = [Card.from_id(card_id) for card_id in range(52)]
SEED = "6C 7S 8S 8H 9S TC"
CHUNK = 1000
TIMED = ("six", "five", "seven", "three", "four")


def wall(command: list[str], env: dict[str, str], stdin: str | None = None) -> float:
    """Wall-clock seconds of one run of ``command``."""
    start = time.perf_counter()
    subprocess.run(
        command, input=stdin, text=True, check=True, capture_output=True, env={**os.environ, **env}
    )
    return time.perf_counter() - start


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The least wall-clock seconds of ``runs`` runs of ``work``: the machine's other load aside."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def tables(game: str) -> tuple[np.ndarray, ...]:
    """The lay-out kernels' tables for ``game``."""
    laid_out = FORMS[game].dealt - FORMS[game].kept
    return (*rank_tables(), *multiset_tables(4 - laid_out + 1))


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


def deals(game: str, hands: int) -> list[list[Card]]:
    """``hands`` random dealt hands of ``game``, the same in every run."""
    rng = random.Random(game)
    return [rng.sample(DECK, FORMS[game].dealt) for _ in range(hands)]


def per_hand(game: str, hands: int) -> tuple[float, float]:
    """Milliseconds per dealt hand in steady state: kernel alone, and ``analyse_discard``."""
    dealt = deals(game, hands)
    arrays = [kernel_arrays(cards, FORMS[game].kept) for cards in dealt]
    read = tables(game)
    discard_kernel.layout_totals(*arrays[0], *read)  # load before timing
    analyse_discard(dealt[0], game)

    def kernel_only() -> None:
        for dealt_ids, discards, keeps in arrays:
            discard_kernel.layout_totals(dealt_ids, discards, keeps, *read)

    def api() -> None:
        for cards in dealt:
            analyse_discard(cards, game, dealer=False)

    return best_of(3, kernel_only) / hands * 1000, best_of(3, api) / hands * 1000


def batch_rates(game: str, hands: int) -> dict[str, float]:
    """Dealt hands per second for the best lay-outs, by each path (see the module docstring)."""
    dealt = deals(game, hands)
    chunks = [dealt[start : start + CHUNK] for start in range(0, hands, CHUNK)]
    positions = range(FORMS[game].dealt)
    lay_outs = list(combinations(positions, FORMS[game].dealt - FORMS[game].kept))
    lay_out_rows = np.array(lay_outs, np.int64)
    kept_rows = np.array([[i for i in positions if i not in row] for row in lay_outs], np.int64)
    id_chunks = [np.array([sorted(c.id for c in cards) for cards in chunk]) for chunk in chunks]
    read = tables(game)
    discard_kernel.best_layouts(
        id_chunks[0][:1], lay_out_rows, kept_rows, *read
    )  # load before timing
    best_lay_outs_many(chunks[0][:1], game)
    analyse_discard(dealt[0], game)

    def kernel_only() -> None:
        for ids in id_chunks:
            discard_kernel.best_layouts(ids, lay_out_rows, kept_rows, *read)

    def many() -> None:
        for chunk in chunks:
            best_lay_outs_many(chunk, game)

    def one_by_one() -> None:
        for cards in dealt:
            best_lay_outs(cards, game)

    def analysis() -> None:
        for cards in dealt:
            analyse_discard(cards, game).best(True)

    return {
        "kernel": hands / best_of(5, kernel_only),
        "best_lay_outs_many": hands / best_of(5, many),
        "best_lay_outs": hands / best_of(3, one_by_one),
        "analyse_discard": hands / best_of(3, analysis),
    }


def plain_per_hand(hands: int) -> float:
    """Milliseconds per six-card hand of the straightforward card-by-card enumeration."""
    rng = random.Random("plain")
    arrays = [kernel_arrays(rng.sample(DECK, 6), 4) for _ in range(hands)]
    discard_kernel.reference_layout_totals(*arrays[0])  # load before timing
    start = time.perf_counter()
    for dealt in arrays:
        discard_kernel.reference_layout_totals(*dealt)
    return (time.perf_counter() - start) / hands * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=500, help="random hands for steady state")
    parser.add_argument("--batch", type=int, default=20_000, help="random hands for the batch")
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
    rank_table = score_kernel.rank_table(5)
    build = time.perf_counter() - start
    score_kernel.distribution(table5)
    start = time.perf_counter()
    hand = score_kernel.distribution(rank_table)[0]
    scored = time.perf_counter() - start
    print(f"rank table of 5 ranks (13^5 entries) built      {build * 1000:8.1f} ms")
    print(f"all {hand.sum():,} hands scored, hand and crib rules  {scored * 1000:8.1f} ms")

    print()
    print(f"every lay-out of a hand, steady state, best of 3 over {args.hands} random hands:")
    print("game    lay-outs   kernel ms/hand   analyse_discard ms/hand")
    for game in TIMED:
        kernel_ms, api_ms = per_hand(game, args.hands)
        layouts = comb(FORMS[game].dealt, FORMS[game].kept)
        print(f"{game:<7} {layouts:>8}   {kernel_ms:14.4f}   {api_ms:23.4f}")

    print()
    print(
        f"best lay-outs of each role, {args.batch:,} random hands in chunks of {CHUNK:,}: "
        "hands/s (share of the kernel's rate)"
    )
    paths = ("kernel", "best_lay_outs_many", "best_lay_outs", "analyse_discard")
    print("game   " + "".join(f"{path:>26}" for path in paths))
    for game in TIMED:
        rates = batch_rates(game, args.batch)
        cells = "".join(
            f"{rates[path]:>16,.0f} ({rates[path] / rates['kernel']:5.0%})" for path in paths
        )
        print(f"{game:<7}{cells}")

    fast = per_hand("six", args.hands)[0]
    plain = plain_per_hand(args.plain)
    print()
    print(f"six-card, card-by-card enumeration ({args.plain} hands)  {plain:10.2f} ms/hand")
    print(f"six-card, rank-multiset kernel                  {fast:10.4f} ms/hand")
    print(f"ratio                                           {plain / fast:10.0f}x")

    rng = random.Random(1000)
    lines = "".join(" ".join(map(str, rng.sample(DECK, 6))) + "\n" for _ in range(args.batch))
    batch = [*command[:4], "--file", "-"]
    first = lines[: lines.index("\n") + 1]
    started = statistics.median(wall(batch, {}, stdin=first) for _ in range(args.runs))
    whole = wall(batch, {}, stdin=lines)
    print()
    print(f"cribcount discard --file - ({args.batch:,} hands), warm  {whole:8.2f} s")
    print(f"  of which start-up (one hand, median of {args.runs})        {started:8.2f} s")
    print(f"  hands/s, start-up included                   {args.batch / whole:10,.0f}")
    print(f"  hands/s, start-up aside                      {args.batch / (whole - started):10,.0f}")


if __name__ == "__main__":
    main()
