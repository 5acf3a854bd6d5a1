"""The shipped table of chances against whole games played by the policy.

Run: python benchmarks/whole_games.py [--game six] [--deals N] [--games N] [--seed S]

Fresh deals are simulated under the policy with another seed than the shipped table's,
and whole games are played from a dozen positions and more (the first dealer's 0 to 0
among them), each deal used once (``odds.play_games``). Printed for each position: the
table's chance of winning, the share of games won, its standard error
(``sqrt(W (1 - W) / games)``) and how many standard errors apart the two lie; then the
time of the simulation and of the games beside the time the dynamic programme takes to
solve the whole table over the same deals.
"""

from __future__ import annotations

import argparse
import time
from math import sqrt

from cribcount.cribbage import odds
from cribcount.cribbage.game import target
from cribcount.cribbage.policy import simulate

POSITIONS = [(0, 0, "dealer"), (0, 0, "pone"), (60, 60, "dealer"), (100, 100, "pone")]
POSITIONS += [(90, 110, "dealer"), (110, 90, "pone"), (115, 119, "pone"), (119, 115, "dealer")]
POSITIONS += [(30, 80, "pone"), (80, 30, "dealer"), (117, 100, "dealer"), (100, 117, "pone")]
POSITIONS += [(61, 40, "pone")]
"""The positions of six-card to 121, scaled to the game for the others."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("five", "six", "seven"), default="six")
    parser.add_argument("--deals", type=int, default=600_000)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    arguments = parser.parse_args()
    to = target(arguments.game)
    table = odds.load_table(arguments.game)
    start = time.perf_counter()
    fresh = simulate(arguments.game, arguments.deals, arguments.seed)
    simulated = time.perf_counter() - start
    print(
        f"{arguments.game}-card to {to}: the table over {table.deals:,} deals of seed"
        f" {odds.SEED}; {arguments.games:,} games a position from {arguments.deals:,} fresh"
        f" deals of seed {arguments.seed}"
    )
    print(f"{'position':>20} {'table':>8} {'games':>8} {'error':>6} {'apart':>6}")
    start = time.perf_counter()
    first = 0
    for me, him, role in POSITIONS:
        me, him = me * to // 121, him * to // 121
        played = odds.play_games(fresh, to, me, him, role, arguments.games, first)
        first = played.next_deal
        expected = table.odds(me, him, role).win
        share = played.wins / played.games
        error = sqrt(expected * (1 - expected) / played.games)
        apart = (share - expected) / error if error else 0.0
        print(
            f"{f'{me}-{him} {role}':>20} {100 * expected:7.2f}% {100 * share:7.2f}%"
            f" {100 * error:5.2f}% {apart:+6.2f}"
        )
    games = time.perf_counter() - start
    start = time.perf_counter()
    odds.build_table(fresh, to)
    solved = time.perf_counter() - start
    print(
        f"{first:,} deals played; simulated in {simulated:.1f} s, games in {games:.1f} s;"
        f" the dynamic programme over the {arguments.deals:,} deals in {solved:.2f} s"
    )


if __name__ == "__main__":
    main()
