"""The ``cribcount`` command line: a thin layer of click and tabulate over the library.

Library errors become one line on stderr and exit status 2; no traceback
reaches the user. Commands that need the numba kernels import them inside
the command, so the quick commands start quickly.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from typing import IO, Any, NoReturn

import click
from tabulate import SEPARATING_LINE, tabulate

from cribcount.cards import format_cards
from cribcount.cribbage.score import ClaimCheck, HandScore
from cribcount.errors import CribcountError

GAMES = ("five", "six", "seven", "three", "four")


def fail(message: str) -> NoReturn:
    """Print ``message`` as the one-line error and exit with status 2."""
    click.echo(f"Error: {message}", err=True)
    sys.exit(2)


@contextmanager
def reporting_errors() -> Iterator[None]:
    """Turn a library error into the one-line message and exit status 2."""
    try:
        yield
    except CribcountError as error:
        fail(str(error))


def dump_json(data: Any) -> str:
    """JSON as the commands print it: one line, non-ASCII kept."""
    return json.dumps(data, ensure_ascii=False)


def run_batch(stream: IO[str], handle: Callable[[str], str]) -> int:
    """Apply ``handle`` to each non-blank line of ``stream`` and print its result.

    Lines are read and written one at a time, so memory stays constant. A
    line that raises a library error is reported on stderr with its number;
    the others are still handled. Returns the exit status: 1 if any line was
    bad, else 0.
    """
    status = 0
    for number, line in enumerate(stream, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            click.echo(handle(line.strip()))
        except CribcountError as error:
            click.echo(f"line {number}: {error}", err=True)
            status = 1
    return status


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cribcount")
def main() -> None:
    """Count cribbage and piquet hands exactly, and advise on the discard."""


# -- cribcount score ----------------------------------------------------------


@main.command()
@click.argument("hand", required=False)
@click.option("--crib", is_flag=True, help="Count by crib rules: a flush needs the starter too.")
@click.option(
    "--game",
    type=click.Choice(GAMES),
    default="six",
    show_default=True,
    help="Form of the game; sets how many cards the hand holds (five: 3, seven: 5, else 4).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the score as JSON.")
@click.option("--symbols", is_flag=True, help="Write suits as symbols (5♥) instead of letters.")
@click.option("--claim", type=int, metavar="N", help="Check a claimed count (muggins).")
@click.option(
    "--file",
    "batch",
    type=click.File("r", encoding="utf-8"),
    help="Score one hand per line of this file ('-' for stdin).",
)
def score(
    hand: str | None,
    crib: bool,
    game: str,
    as_json: bool,
    symbols: bool,
    claim: int | None,
    batch: IO[str] | None,
) -> None:
    """Score the show of HAND, written like "5H 5S 5C JD / 5D" (starter after the slash).

    Cards are rank then suit (5H, 10d, Td, J♣, A♤) or the Unicode card glyphs.
    Prints every fifteen, pair, run, flush and nobs, the subtotals, the total
    and the count as a player says it.
    """
    from cribcount.cribbage.score import check_claim, score_text

    if (hand is None) == (batch is None):
        fail("give either a HAND or --file PATH, not both or neither")
    if batch is not None:
        if claim is not None:
            fail("--claim checks a single hand; it cannot be used with --file")

        def handle(line: str) -> str:
            result = score_text(line, game, crib)
            return dump_json(result.as_dict()) if as_json else _show_line(result, symbols)

        sys.exit(run_batch(batch, handle))
    with reporting_errors():
        result = score_text(hand or "", game, crib)
    checked = None if claim is None else check_claim(result, claim)
    if as_json:
        data = result.as_dict()
        if checked is not None:
            data["claim"] = {**asdict(checked), "difference": checked.difference}
        click.echo(dump_json(data))
        return
    click.echo(_show_table(result, symbols))
    if checked is not None:
        click.echo(_claim_text(checked))


def _show_table(result: HandScore, symbols: bool) -> str:
    """The itemised show: one row per item, the subtotals, the total, the count said."""
    what = "crib" if result.crib else "hand"
    rows: list[Any] = [
        (item.name, format_cards(item.cards, symbols), item.points) for item in result.items
    ]
    rows.append(SEPARATING_LINE)
    rows += [(name, "", points) for name, points in result.breakdown.items() if points]
    rows.append(("total", "", result.total))
    lines = [
        f"{what} {format_cards(result.hand, symbols)}, starter {result.starter.notation(symbols)}",
        "",
        tabulate(rows, headers=("what", "cards", "points"), colalign=("left", "left", "right")),
        "",
        result.said,
    ]
    if result.heels:
        lines.append(
            f"starter {result.starter.notation(symbols)}: two for his heels to the dealer, "
            "pegged at the cut (not part of the show)"
        )
    return "\n".join(lines)


def _show_line(result: HandScore, symbols: bool) -> str:
    """One hand's score on one line, for batches."""
    hand = f"{format_cards(result.hand, symbols)} / {result.starter.notation(symbols)}"
    parts = ", ".join(f"{name} {points}" for name, points in result.breakdown.items() if points)
    return f"{hand}: {result.total}" + (f" ({parts})" if parts else "")


def _claim_text(checked: ClaimCheck) -> str:
    """Muggins: whether a claimed count is right, and what was missed."""
    if checked.difference == 0:
        return f"claim {checked.claimed}: right"
    if checked.difference < 0:
        return (
            f"claim {checked.claimed}: over-counted by {-checked.difference} "
            f"(the show is {checked.actual})"
        )
    return (
        f"claim {checked.claimed}: under-counted by {checked.difference} "
        f"(the show is {checked.actual}); missed {', '.join(checked.missed)}; "
        f"muggins: the opponent may take the {checked.difference}"
    )
