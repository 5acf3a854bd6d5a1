"""Batch throughput: `cribcount score --file` and `cribcount discard --file`.

Run: python benchmarks/batch_speed.py [--hands N] [--deals N]

For each command, a file of random inputs goes through the command line
(a fresh process, start-up and first read included) with text and with JSON
output, and the same work is done in this process by the library calls the
command makes, line by line: reading, advising or scoring, and writing the
line. The figures are lines per second; the ratio of the command line to
the in-process run shows what the command line itself costs. The JSON runs
show what JSON costs: each line's whole analysis, where the text needs only
the total (score) or the best lay-outs (discard). Targets: score 50,000
lines/s, discard 20,000 lines/s, text output; JSON Lines at least half the
text rate of the same command.
"""

from __future__ import annotations

import argparse
import io
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from cribcount.cards import STANDARD
from cribcount.cli.common import CHUNK
from cribcount.cli.cribbage import discard_lines_finisher, score_line_handler
from cribcount.cribbage.discard import read_dealt

CARDS = [str(card) for card in STANDARD.cards]
RUNS = 2
"""Runs of each command line, the best kept."""


def write_inputs(path: Path, count: int, size: int, starter: bool) -> None:
    """``count`` random lines of ``size`` cards, the last after a slash if ``starter``."""
    rng = random.Random(1)
    with path.open("w", encoding="utf-8") as file:
        for _ in range(count):
            cards = rng.sample(CARDS, size)
            if starter:
                cards[-1:] = ["/", cards[-1]]
            file.write(" ".join(cards) + "\n")


# A small parent starts the command and reports its peak memory: a child forked from
# this process would count this process's memory in its own peak.
_MEASURE = (
    "import resource, subprocess, sys;"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL);"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss);"
    "sys.exit(done.returncode)"
)


def through_the_command_line(args: list[str], path: Path) -> tuple[float, int]:
    """Seconds and peak memory (KiB) of ``cribcount ARGS --file PATH``, output discarded."""
    command = [sys.executable, "-m", "cribcount", *args, "--file", str(path)]
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, *command], capture_output=True, text=True, check=True
    )
    return time.perf_counter() - start, int(done.stdout)


def in_process(
    read: Callable[[str], Any], finish: Callable[[list[Any]], Iterable[str]], path: Path
) -> float:
    """Seconds to do every line of ``path`` in this process as the command does, a
    chunk at a time, the results written to a buffer."""
    lines = path.read_text(encoding="utf-8").splitlines()
    sink = io.StringIO()
    start = time.perf_counter()
    for first in range(0, len(lines), CHUNK):
        done = [read(line) for line in lines[first : first + CHUNK]]
        sink.write("".join(f"{result}\n" for result in finish(done)))
    return time.perf_counter() - start


def report(
    name: str,
    args: list[str],
    path: Path,
    read: Callable[[str], Any],
    finish: Callable[[list[Any]], Iterable[str]] = lambda done: done,
) -> None:
    count = sum(1 for _ in path.open(encoding="utf-8"))
    in_process(read, finish, path)  # warm: compile, caches
    library = in_process(read, finish, path)
    print(f"{name}: {count:,} lines")
    print(f"  in-process            {count / library:>10,.0f} lines/s")
    best: dict[str, tuple[float, int]] = {}
    for _ in range(RUNS):  # text and JSON in turn, the best of each: the machine is noisy
        for label, extra in (("text", []), ("JSON", ["--json"])):
            seconds, peak = through_the_command_line([*args, *extra], path)
            best[label] = min(best.get(label, (seconds, peak)), (seconds, peak))
    for label, (seconds, peak) in best.items():
        print(
            f"  command line, {label:<7} {count / seconds:>10,.0f} lines/s"
            f"   ({library / seconds:.2f} of in-process), peak memory {peak / 1024:.1f} MiB"
        )
    print(f"  JSON / text           {best['text'][0] / best['JSON'][0]:>10.2f}   (target 0.5)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--deals", type=int, default=50_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        hands = Path(folder) / "hands.txt"
        write_inputs(hands, args.hands, 5, starter=True)
        report("score --file", ["score"], hands, score_line_handler("six", False))
        deals = Path(folder) / "deals.txt"
        write_inputs(deals, args.deals, 6, starter=False)
        finish = discard_lines_finisher("six", None)
        report("discard --file", ["discard"], deals, read_dealt, finish)


if __name__ == "__main__":
    main()
