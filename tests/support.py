"""Helpers shared by the tests of every package (``import support``; tests/ is on the path)."""

from __future__ import annotations

from collections.abc import Callable

from click.testing import CliRunner

from cribcount.cli import main
from cribcount.jit import DAMAGED_CACHE_NOTE

Run = Callable[..., tuple[int, str, str]]


def invoke(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    """``cribcount ARGS`` through click's runner: the exit status, stdout and stderr, the
    note of kernels compiling left out of it (whether a kernel is compiled yet depends on
    the tests run before; tests/test_jit.py tests the note)."""
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, _without_compile_note(result.stderr)


def _without_compile_note(err: str) -> str:
    lines = err.splitlines(keepends=True)
    return "".join(
        line
        for line in lines
        if not line.startswith("compiling kernels") and line.rstrip("\n") != DAMAGED_CACHE_NOTE
    )
