"""Advice to the score: the warm time of one advice, and its greatest standard error.

Run: python benchmarks/score_advice_speed.py [--samples N] [--repeat N]

For a hand of each two-handed form, ``advise_to_score`` (every lay-out by its chance of
winning the game, over ``--samples`` sampled rests of the deal shared by every lay-out)
is run once to warm the kernels, then timed ``--repeat`` times (the best of them is
printed), with the greatest standard error of its options' chances of winning. Target:
under 3 s warm, with every standard error at most about half a percentage point
(1 / (2 * sqrt(samples - 1))). Seven-card, whose play of five cards each is the
slowest to solve, is the one nearest the target.

Then ``advise_play_to_score`` (each card by its chance of winning, the play solved from
the card on) for the pone's lead and for a card later in the play, timed once each
after its kernels are warmed on another position: the same target.
"""

from __future__ import annotations

import argparse
import time

import numba

from cribcount.cards import parse_cards
from cribcount.cribbage.play_score_advice import advise_play_to_score
from cribcount.cribbage.score_advice import SAMPLES, advise_to_score

HANDS = {
    "six": ("5H 5S JD 6C 9S KC", True, 100, 110),
    "five": ("5H 5S JD 6C 9S", False, 50, 55),
    "seven": ("5S 5H JD KC 2C 9D 7H", True, 100, 100),
}
PLAYS = (("4S 5H 6D 10C / JD", "", 100, 110), ("9S 6D 5H AC / 2S", "9S 6C", 119, 119))
"""The pone's hand, the plays so far and the scores of each timed play to the score."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    print(f"{numba.get_num_threads()} threads, {arguments.samples:,} samples")
    for game, (hand, dealer, me, him) in HANDS.items():
        dealt = parse_cards(hand)
        advise_to_score(dealt, game, dealer, me, him, samples=200)  # warms the kernels
        times = []
        for _ in range(arguments.repeat):
            start = time.perf_counter()
            advice = advise_to_score(dealt, game, dealer, me, him, samples=arguments.samples)
            times.append(time.perf_counter() - start)
        worst = max(option.stderr for option in advice.options)
        print(
            f"{game}-card, {len(advice.options)} lay-outs: {min(times):.2f} s warm,"
            f" greatest standard error {100 * worst:.2f} percentage points"
        )

    advise_play_to_score(
        "KS KH QC JC / 5D", "KS AD KH AC go AH AS", "pone", "six", 60, 70, samples=200
    )
    for hand, plays, me, him in PLAYS:
        start = time.perf_counter()
        found = advise_play_to_score(hand, plays, "pone", "six", me, him, samples=arguments.samples)
        took = time.perf_counter() - start
        worst = max(option.stderr for option in found.options)
        print(
            f"peg to the score at {found.count}, {len(found.options)} cards: {took:.2f} s,"
            f" greatest standard error {100 * worst:.2f} percentage points"
        )


if __name__ == "__main__":
    main()
