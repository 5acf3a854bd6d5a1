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
from typing import IO, Any, NoReturn

import click

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
