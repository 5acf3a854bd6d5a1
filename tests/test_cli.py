"""Behaviour shared by every command: usage errors, help, a closed pipe."""

import subprocess
import sys
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from cribcount.cli import main, run_batch


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["score", "5H 5S 5C JD / 5D", "--game", "nine"],
            "Error: Invalid value for '--game': 'nine' is not one of 'five', 'six', 'seven', "
            "'three', 'four'.\n",
        ),
        (["score", "--file", "/no/such/file"], "Error: Invalid value for '--file': "),
        (["peg"], "Error: Missing argument 'PLAYS...'.\n"),
        (["deal"], "Error: No such command 'deal'.\n"),
        (["score", "--top", "3"], "Error: No such option"),
    ],
)
def test_usage_errors_are_one_line_with_status_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("args", [[], ["piquet"], ["--help"]])
def test_no_command_prints_help(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: ")
    assert "Commands:" in result.stdout


def test_a_closed_pipe_ends_quietly() -> None:
    hands = "5H 5S 5C JD / 5D\n" * 50_000
    command = f"{sys.executable} -m cribcount score --file - | head -1"
    done = subprocess.run(
        ["bash", "-c", command], input=hands, capture_output=True, text=True, check=True
    )
    assert done.stdout == "5H 5S 5C JD / 5D: 29 (fifteens 16, pairs 12, nobs 1)\n"
    assert done.stderr == ""


def test_batches_stream_one_line_at_a_time() -> None:
    """Each line is handled before the next is read, so memory does not grow with the file."""
    read: list[int] = []

    def lines() -> Iterator[str]:
        for number in range(3):
            read.append(number)
            yield "5H 5S 5C JD / 5D\n"

    handled_after: list[int] = []

    def handle(line: str) -> str:
        handled_after.append(len(read))
        return line

    with CliRunner().isolation():
        assert run_batch(lines(), handle) == 0  # type: ignore[arg-type]
    assert handled_after == [1, 2, 3]
