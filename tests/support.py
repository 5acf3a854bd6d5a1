"""Helpers shared by the tests of every package (``import support``; tests/ is on the path)."""

from __future__ import annotations

from collections.abc import Callable

from click.testing import CliRunner

from cribcount.cli import main

Run = Callable[..., tuple[int, str, str]]


def invoke(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    """``cribcount ARGS`` through click's runner: the exit status, stdout and stderr."""
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr
