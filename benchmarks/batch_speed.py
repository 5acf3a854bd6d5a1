"""Batch throughput: `cribcount score --file` and `cribcount discard --file`.

Run: python benchmarks/batch_speed.py [--hands N] [--deals N]

For each command, a file of random inputs goes through the command line
(a fresh process, start-up and first read included) with text and with JSON
output, and the same work is done in this process by the library calls the
command makes, line by line: reading, advising or scoring, and writing the
line. The figures are lines per second; the ratio of the command line to
the in-process run shows what the command line itself costs. Targets:
score 50,000 lines/s, discard 20,000 lines/s (text output).
"""

from __future__ import annotations

import argparse
import io
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cribcount.cards import Card
from cribcount.cli.cribbage import discard_line_handler, score_line_handler

CARDS = [str(Card.from_id(card_id)) for card_id in range(52)]


def write_inputs(path: Path, count: int, size: int, starter: bool) -> None:
    """``count`` random lines of ``size`` cards, the last after a slash if ``starter``."""
    rng = random.Random(1)
    with path.open("w", encoding="utf-8") as file:
        for _ in range(count):
            cards = rng.sample(CARDS, size)
            if starter:
                cards[-1:] = ["/", cards[-1]]
            file.write(" ".join(cards) + "\n")


def through_the_command_line(args: list[str], path: Path) -> float:
    """Seconds for ``cribcount ARGS --file PATH``, output discarded."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "cribcount", *args, "--file", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
    )
    return time.perf_counter() - start


def in_process(handle: Callable[[str], str], path: Path) -> float:
    """Seconds to handle every line of ``path`` in this process, written to a buffer."""
    lines = path.read_text(encoding="utf-8").splitlines()
    sink = io.StringIO()
    start = time.perf_counter()
    for line in lines:
        sink.write(handle(line) + "\n")
    return time.perf_counter() - start


def report(
    name: str, count: int, args: list[str], path: Path, handle: Callable[[str], str]
) -> None:
    handle(path.read_text(encoding="utf-8").splitlines()[0])  # warm: compile, caches
    library = in_process(handle, path)
    print(f"{name}: {count:,} lines")
    print(f"  in-process            {count / library:>10,.0f} lines/s")
    for label, extra in (("command line, text", []), ("command line, JSON", ["--json"])):
        seconds = through_the_command_line([*args, *extra], path)
        print(
            f"  {label:<21} {count / seconds:>10,.0f} lines/s"
            f"   ({library / seconds:.2f} of in-process)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--deals", type=int, default=50_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        hands = Path(folder) / "hands.txt"
        write_inputs(hands, args.hands, 5, starter=True)
        report("score --file", args.hands, ["score"], hands, score_line_handler("six", False))
        deals = Path(folder) / "deals.txt"
        write_inputs(deals, args.deals, 6, starter=False)
        handler = discard_line_handler("six", None)
        report("discard --file", args.deals, ["discard"], deals, handler)


if __name__ == "__main__":
    main()
