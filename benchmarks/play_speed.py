"""The play adviser's speed: the full first lead, kernel against the readable solver.

Run: python benchmarks/play_speed.py [--runs N]

The pone's lead in six-card cribbage with no plays yet (every holding of
the dealer's four cards, some 1,800 by rank): the numba kernel warm
(target: under 50 ms), the readable solver of play_advice on the same
holdings (cache cleared first), and their ratio; then the warm command line.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from warm import warm_command

from cribcount.cribbage import play_advice
from cribcount.cribbage.forms import FORMS
from cribcount.cribbage.play_advice import Position, gain, play

HAND = "4S 5H 6D 10C / JD"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()

    state = play_advice.read_play(HAND, "", "pone", FORMS["six"], None, None)
    options = state.position.fitting(0)
    play_advice.kernel_sums(state.position, options, state.holdings, state.weights)  # compile
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        play_advice.kernel_sums(state.position, options, state.holdings, state.weights)
        times.append(time.perf_counter() - start)
    kernel = statistics.median(times)

    play_advice.value.cache_clear()
    start = time.perf_counter()
    for holding in state.holdings:
        position = Position((state.position.hands[0], holding))
        for rank in options:
            gain(position, play(position, rank))
    readable = time.perf_counter() - start

    print(f"first lead, {len(state.holdings):,} holdings x {len(options)} cards:")
    print(f"  kernel (warm)     {kernel * 1000:9.1f} ms")
    print(f"  readable solver   {readable * 1000:9.1f} ms")
    print(f"  readable / kernel {readable / kernel:9.0f}x")

    command = [sys.executable, "-m", "cribcount", "peg", "--advise", HAND, "--pone"]
    print(f"command line, warm: {warm_command(command):.3f} s (target under 1 s)")


if __name__ == "__main__":
    main()
