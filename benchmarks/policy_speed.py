"""Deals simulated under the policy: deals per second, and the mean points of a deal.

Run: python benchmarks/policy_speed.py [--deals N] [--twin N] [--means N]

Speed: ``simulate('six', N, seed)`` (lay-outs by the expert tables, the play double
dummy, the shows; the kernels warmed first on a few deals), in deals per second, beside
the readable twin (:func:`reference_deal`) on ``--twin`` deals of the same run, and the
ratio of the two. Target: 1,000,000 six-card deals well under 10 minutes on two cores.

Means: the mean points a deal to the pone and to the dealer, by phase (heels, the play,
the hand, the crib) and in all, over ``--means`` deals of five- and six-card cribbage,
for comparison with the figures players quote: six-card, a deal worth about 12 to the
pone and 17 to the dealer, the play about 5 to the dealer and 4 or 5 to the pone, hands
7, cribs 5; five-card, the play 2 and 1 1/2, hands a little under 5, cribs about 5.
"""

from __future__ import annotations

import argparse
import time

import numba

from cribcount.cribbage.policy import reference_deal, simulate, simulate_cards

SEED = 2026
QUOTED = {
    "six": {"play": (4.5, 5.0), "hand": (7.0, 7.0), "crib": (0.0, 5.0), "deal": (12.0, 17.0)},
    "five": {"play": (1.5, 2.0), "hand": (4.75, 4.75), "crib": (0.0, 5.0)},
}
"""The figures players quote, pone then dealer ('a little under 5' written 4.75)."""


def speed(deals: int, twin: int) -> None:
    simulate("six", 100, SEED)  # compiles, or loads the compiled kernels
    start = time.perf_counter()
    outcomes = simulate("six", deals, SEED)
    fast = time.perf_counter() - start
    print(f"six-card, {deals:,} deals on {numba.get_num_threads()} threads: {fast:.1f} s,")
    print(f"  {deals / fast:,.0f} deals/s ({outcomes.points.size:,} events)")
    kept = simulate_cards("six", twin, SEED)
    start = time.perf_counter()
    for d in range(twin):
        deal = kept.deal(d)
        reference_deal(deal.pone_dealt, deal.dealer_dealt, deal.starter, "six")
    slow = time.perf_counter() - start
    print(f"readable twin, {twin:,} deals: {twin / slow:,.0f} deals/s")
    print(f"kernels / twin: {(deals / fast) / (twin / slow):,.0f} times as fast")


def means(deals: int) -> None:
    for game in ("six", "five"):
        simulation = simulate_cards(game, deals, SEED)
        print(f"\n{game}-card, {deals:,} deals: mean points a deal, pone / dealer")
        print(f"  {'':6} {'simulated':>15} {'quoted':>15}")
        for phase, figures in simulation.means().items():
            quoted = QUOTED[game].get(phase)
            said = f"{quoted[0]:6.2f} {quoted[1]:6.2f}" if quoted else ""
            print(f"  {phase:6} {figures['pone']:7.2f} {figures['dealer']:7.2f}   {said:>15}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--twin", type=int, default=300)
    parser.add_argument("--means", type=int, default=100_000)
    arguments = parser.parse_args()
    speed(arguments.deals, arguments.twin)
    means(arguments.means)


if __name__ == "__main__":
    main()
