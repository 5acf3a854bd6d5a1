"""How fast the chances of every score are solved: the dynamic programme over many deals.

Usage: python benchmarks/odds_speed.py [DEALS] [OUTCOMES.npz]

Without a file of deal outcomes, it makes DEALS (1,000,000 by default) deals
of six-card-like events at random (a seeded numpy generator): the time
depends on the number of deals and events, not on what they score. It prints
the time to read the deals, to solve every position, the table's first
dealer's chance at 0-0, and the plain twin's time on a few deals for scale.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from cribcount.cribbage.deals import DealOutcomes
from cribcount.cribbage.odds import build_table, reference_odds


def random_outcomes(deals: int, seed: int = 1) -> DealOutcomes:
    """``deals`` deals of 4 to 14 events each (heels, the play, the shows), at random."""
    rng = np.random.Generator(np.random.PCG64(seed))
    lengths = rng.integers(4, 15, size=deals)
    starts = np.zeros(deals + 1, dtype=np.int64)
    np.cumsum(lengths, out=starts[1:])
    events = int(starts[-1])
    roles = rng.integers(0, 2, size=events).astype(np.int8)
    points = rng.integers(1, 4, size=events).astype(np.int16)
    # the last three events of each deal as the shows: bigger
    ends = starts[1:]
    for back in (1, 2, 3):
        points[ends - back] = rng.integers(0, 12, size=deals) + 1
    return DealOutcomes(roles, points, starts, "six", seed, "random events")


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    outcomes = DealOutcomes.load(sys.argv[2]) if len(sys.argv) > 2 else random_outcomes(deals)
    print(f"{outcomes.deals:,} deals, {len(outcomes.roles):,} events ({outcomes.game})")
    build_table(DealOutcomes.from_events([[(0, 1)]], game=outcomes.game))  # compile
    begun = time.perf_counter()
    table = build_table(outcomes)
    took = time.perf_counter() - begun
    print(f"dynamic programme to {table.to}: {took:.2f} s")
    print(f"first dealer at the start: {table.start().win:.4f}")
    few = DealOutcomes(
        outcomes.roles[: outcomes.starts[20]],
        outcomes.points[: outcomes.starts[20]],
        outcomes.starts[:21],
        "five",
        outcomes.seed,
        outcomes.policy,
    )
    begun = time.perf_counter()
    reference_odds(few, 61, 0, 0)
    plain = time.perf_counter() - begun
    begun = time.perf_counter()
    build_table(few, None)
    fast = time.perf_counter() - begun
    print(f"20 deals to 61: plain twin {plain:.2f} s, kernel {fast:.4f} s")


if __name__ == "__main__":
    main()
