"""What every command shares: usage errors, help, completion, batches, output failures, Ctrl-C.

Some cases need a real process (a pipe, a full disk, a locale, a signal);
they run ``python -m cribcount`` in a subprocess.
"""

from __future__ import annotations

import io
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from cribcount.cli import main, run_batch
from cribcount.cli.common import LINE_LIMIT

ROOT = Path(__file__).resolve().parents[2]
CRIBCOUNT = [sys.executable, "-m", "cribcount"]
GOOD = "5H 5S 5C JD / 5D: 29 (fifteens 16, pairs 12, nobs 1)\n"
ZERO = "2H 4S 6D 8H / KS: 0\n"


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def process(
    command: str, stdin: bytes | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run a shell command line with ``cribcount`` meaning this interpreter's module."""
    cribcount = " ".join(CRIBCOUNT)
    return subprocess.run(
        ["bash", "-c", command.replace("cribcount", cribcount, 1)],
        input=stdin,
        capture_output=True,
        env={**os.environ, **(env or {})},
        cwd=ROOT,
        timeout=120,
    )


# -- usage --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["score", "5H 5S 5C JD / 5D", "--game", "nine"],
            "Error: Invalid value for '--game': 'nine' is not one of 'five', 'six', 'seven', "
            "'three', 'four'.\n",
        ),
        (
            ["score", "--file", "/no/such/file"],
            "Error: cannot read --file '/no/such/file': No such file or directory\n",
        ),
        (
            ["score", "--file", "/no/such\nfile"],
            "Error: cannot read --file '/no/such\\nfile': No such file or directory\n",
        ),
        (
            ["peg"],
            "Error: missing PLAYS: give it as an argument, or --file PATH for a file of them\n",
        ),
        (["deal"], "Error: No such command 'deal'.\n"),
        (["score", "--top", "3"], "Error: No such option"),
        (["peg", "4S", "--players", "5"], "Error: Invalid value for '--players': 5 is not in"),
        (["piquet", "declare", "--players", "1"], "Error: Invalid value for '--players': 1 is"),
    ],
)
def test_usage_errors_are_one_line_with_status_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert err.startswith(message)
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    "args",
    [
        ["score", "5H 5S 5C JD / 5D", "--game", "SIX"],
        ["score", "5H 5S 5C JD / 5D", "--game", "Six"],
    ],
)
def test_choices_in_any_case(args: list[str]) -> None:
    assert run(*args)[0] == 0


def test_cards_as_one_argument_or_several() -> None:
    assert run("score", "5H", "5S", "5C", "JD", "/", "5D") == run("score", "5H 5S 5C JD / 5D")
    elder = ["♡", "K", "Q", "J", "10", "9;", "♣", "A", "K", "Q;", "♢", "A", "Q", "9;", "♠", "Q"]
    one = run("piquet", "declare", " ".join(elder))
    assert one[0] == 0
    assert run("piquet", "declare", *elder) == one


@pytest.mark.parametrize("args", [[], ["piquet"], ["--help"]])
def test_no_command_prints_help(args: list[str]) -> None:
    code, out, _ = run(*args)
    assert code == 0
    assert out.startswith("Usage: ")
    assert "Commands:" in out


def test_the_help_lists_every_command_with_its_whole_summary() -> None:
    out = run("--help")[1]
    flat = " ".join(out.split())
    for name, command in main.commands.items():  # type: ignore[attr-defined]
        assert command.short_help, name
        assert f"{name} {command.short_help}" in flat
    piquet = main.commands["piquet"]  # type: ignore[attr-defined]
    flat = " ".join(run("piquet", "--help")[1].split())
    for name, command in piquet.commands.items():
        assert f"{name} {command.short_help}" in flat


def _every_command(group: click.Group, path: list[str]) -> list[list[str]]:
    found = []
    for name in group.list_commands(click.Context(group)):
        command = group.get_command(click.Context(group), name)
        if isinstance(command, click.Group):
            found += _every_command(command, [*path, name])
        elif command is not None:
            found.append([*path, name])
    return found


COMPILING = "compiling kernels, first run only\n"


def _runnable_examples(command: list[str]) -> list[list[str]]:
    """The command lines among the examples of a command's help, joined at the
    backslashes, as words; but those reading a file (--file) or rebuilding tables
    (minutes)."""
    out = run(*command, "--help")[1]
    examples = out.split("\n  Examples:\n")[1].replace("\\\n", " ")
    lines = [shlex.split(line.strip()) for line in examples.splitlines()]
    return [
        words
        for words in lines
        if words[:1] == ["cribcount"] and "--file" not in words and "rebuild" not in words
    ]


EVERY_COMMAND = _every_command(main, [])


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=" ".join)
def test_each_command_help_has_examples(command: list[str]) -> None:
    out = run(*command, "--help")[1]
    assert "\n  Examples:\n" in out
    examples = out.split("\n  Examples:\n")[1]
    assert f"\n    cribcount {' '.join(command)} " in "\n" + examples


def test_more_than_60_help_examples_run() -> None:
    assert sum(len(_runnable_examples(command)) for command in EVERY_COMMAND) > 60


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=" ".join)
def test_every_help_example_runs(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each runnable example of the command's help exits 0."""
    monkeypatch.chdir(tmp_path)  # where an example writes a file (odds --png)
    for words in _runnable_examples(command):
        status, _, err = run(*words[1:])
        # a kernel's first use notes its compiling
        assert (status, err.replace(COMPILING, "")) == (0, ""), " ".join(words)


def test_shell_completion() -> None:
    done = process(
        "cribcount",
        env={
            "_CRIBCOUNT_COMPLETE": "bash_complete",
            "COMP_WORDS": "cribcount s",
            "COMP_CWORD": "1",
        },
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode().split() == ["plain,score"]
    done = process(
        "cribcount",
        env={
            "_CRIBCOUNT_COMPLETE": "bash_complete",
            "COMP_WORDS": "cribcount discard --game f",
            "COMP_CWORD": "3",
        },
    )
    assert done.stdout.decode().split() == ["plain,five", "plain,four"]
    done = process("cribcount", env={"_CRIBCOUNT_COMPLETE": "bash_source"})
    assert done.returncode == 0
    assert b"complete " in done.stdout


# -- batches ------------------------------------------------------------------


def test_a_batch_reads_one_line_at_a_time() -> None:
    """Each line is handled before the next is read, so memory does not grow with the file."""

    class Lines(io.RawIOBase):
        def __init__(self) -> None:
            self.read_calls = 0

        def readline(self, size: int | None = -1) -> bytes:
            self.read_calls += 1
            return b"5H 5S 5C JD / 5D\n" if self.read_calls <= 3 else b""

    stream = Lines()
    handled_after: list[int] = []

    def handle(line: str) -> str:
        handled_after.append(stream.read_calls)
        return line

    with CliRunner().isolation():
        assert run_batch(stream, handle) == 0  # type: ignore[arg-type]
    assert handled_after == [1, 2, 3]


def test_a_line_not_utf8_is_reported_and_the_others_go_on() -> None:
    lines = b"5H 5S 5C JD / 5D\n5H 5S 5C \xff / 5D\n2H 4S 6D 8H / KS\n"
    assert run("score", "--file", "-", stdin=lines) == (1, GOOD + ZERO, "line 2: not UTF-8\n")


def test_a_byte_order_mark_and_crlf_line_ends_are_ignored() -> None:
    lines = "\ufeff5H 5S 5C JD / 5D\r\n2H 4S 6D 8H / KS\r\n".encode()
    assert run("score", "--file", "-", stdin=lines) == (0, GOOD + ZERO, "")


def test_a_lone_carriage_return_does_not_end_a_line() -> None:
    """Line numbers agree with ``wc -l`` and ``sed -n Np``: only \\n ends a line."""
    lines = b"5H 5S 5C JD / 5D\nAH\r2H 3H 4H / 5S\n5X\n2H 4S 6D 8H / KS\n"
    code, out, err = run("score", "--file", "-", stdin=lines)
    # A + 2 + 3 + 4 + 5 is a fifteen, with a run of five and four hearts in hand
    assert (code, out) == (1, GOOD + "AH 2H 3H 4H / 5S: 11 (fifteens 2, runs 5, flush 4)\n" + ZERO)
    assert err.startswith("line 3: ")
    assert err.count("\n") == 1


def test_a_line_too_long_is_reported_and_skipped(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    with path.open("wb") as file:
        file.write(b"5H 5S 5C JD / 5D\n")
        file.write(b"5H " * 4_000_000 + b"\n")  # 12 MB
        file.write(b"2H 4S 6D 8H / KS\n")
    script = (
        "import resource, subprocess, sys;"
        f"done = subprocess.run({[*CRIBCOUNT, 'score', '--file', str(path)]!r});"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr);"
        "sys.exit(done.returncode)"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120)
    assert done.returncode == 1
    assert done.stdout.decode() == GOOD + ZERO
    report, peak_kib = done.stderr.decode().splitlines()
    assert report == f"line 2: longer than {LINE_LIMIT // 1024} KiB: skipped"
    assert int(peak_kib) < 80_000  # the 12 MB line is never held whole


def test_a_stream_without_line_breaks_keeps_memory_bounded() -> None:
    with subprocess.Popen(
        [*CRIBCOUNT, "score", "--file", "/dev/zero"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as child:
        assert child.stderr is not None
        first = child.stderr.readline()
        time.sleep(0.5)  # it goes on skipping: its memory must not grow
        with open(f"/proc/{child.pid}/status") as status:
            rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))
        child.kill()
    assert first == f"line 1: longer than {LINE_LIMIT // 1024} KiB: skipped\n".encode()
    assert rss < 80_000


def test_an_error_quotes_only_a_clipped_piece_of_the_input() -> None:
    hand = "5H " * 5000 + "XX / 5D"
    code, _, err = run("score", hand)
    assert code == 2
    assert err.count("\n") == 1
    assert len(err) < 200


def test_a_usage_error_quotes_only_a_clipped_piece_of_the_input() -> None:
    code, _, err = run("score", "5H 5S 5C JD / 5D", "--game", "x" * 10_000)
    assert code == 2
    assert err.startswith("Error: Invalid value for '--game': 'xxxxxxxxxx")
    assert "...' is not one of 'five'" in err
    assert len(err) < 200


def test_a_failing_read_is_one_line_and_status_1() -> None:
    class Failing(io.RawIOBase):
        def readline(self, size: int | None = -1) -> bytes:
            raise OSError(5, "Input/output error")

    with CliRunner().isolation() as (_, _, err), pytest.raises(SystemExit) as done:
        run_batch(Failing(), str)
    assert done.value.code == 1
    assert err.getvalue() == b"Error: cannot read line 1 of the input: Input/output error\n"


def test_ascii_lookalikes_are_not_suits() -> None:
    code, _, err = run("score", "5\u017f 5H 5C JD / 5D")  # long s, upper-cased to S
    assert code == 2
    assert err.startswith("Error: invalid card '5\u017f'")


# -- output -------------------------------------------------------------------


def test_a_closed_pipe_ends_quietly() -> None:
    hands = b"5H 5S 5C JD / 5D\n" * 50_000
    done = process("cribcount score --file - | head -1; exit ${PIPESTATUS[0]}", stdin=hands)
    assert (done.returncode, done.stdout.decode(), done.stderr) == (0, GOOD, b"")


def test_a_full_disk_is_one_line_and_status_1() -> None:
    done = process("cribcount score 5H 5S 5C JD / 5D > /dev/full")
    assert done.returncode == 1
    assert done.stderr == b"Error: cannot write the output: No space left on device\n"
    done = process("cribcount score --file - > /dev/full", stdin=b"5H 5S 5C JD / 5D\n" * 10_000)
    assert done.returncode == 1
    assert done.stderr == b"Error: cannot write the output: No space left on device\n"


def test_a_closed_stdout_is_one_line_and_status_1() -> None:
    done = process("cribcount score 5H 5S 5C JD / 5D >&-")
    assert done.returncode == 1
    assert done.stderr.decode().count("\n") == 1
    assert done.stderr.startswith(b"Error: standard output is closed")


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1", "ascii"])
def test_an_output_without_suit_symbols_falls_back_to_letters(encoding: str) -> None:
    env = {"PYTHONIOENCODING": encoding}
    done = process("cribcount score 5H 5S 5C JD / 5D --symbols", env=env)
    assert done.returncode == 0
    assert done.stdout.startswith(b"hand 5H 5S 5C JD, starter 5D\n")
    assert done.stderr == b"note: the output cannot encode suit symbols; writing letters\n"
    done = process("cribcount score '5\u2661 5S 5C 5X / 5D'", env=env)
    assert done.returncode == 2
    assert done.stderr.count(b"\n") == 1
    assert b"Traceback" not in done.stderr
    done = process("cribcount piquet declare '♡ K Q J 10 9; ♣ A K Q; ♢ A Q 9; ♠ Q' --json", env=env)
    assert done.returncode == 0
    assert json.loads(done.stdout)["total"] == 37


SUIT_PROBLEM = b"invalid card 'ZZ' in 'ZZ': suit must be S, H, D or C"


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_errors_without_suit_symbols_fall_back_to_letters(encoding: str) -> None:
    env = {"PYTHONIOENCODING": encoding}
    done = process("cribcount discard ZZ", env=env)
    assert (done.returncode, done.stderr) == (2, b"Error: " + SUIT_PROBLEM + b" (or S H D C)\n")
    done = process("cribcount score --file -", stdin=b"5H 5S 5C JD / 5D\nZZ\n", env=env)
    assert done.returncode == 1
    assert done.stdout == GOOD.encode()
    assert done.stderr == b"line 2: " + SUIT_PROBLEM + b" (or S H D C)\n"


def test_errors_keep_suit_symbols_where_they_can_be_written() -> None:
    done = process("cribcount discard ZZ", env={"PYTHONIOENCODING": "utf-8"})
    assert done.stderr == b"Error: " + SUIT_PROBLEM + " (or ♠ ♥ ♦ ♣)\n".encode()


# -- Ctrl-C -------------------------------------------------------------------


def _hold_back_ctrl_c() -> None:
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def interrupted(args: list[str], after: float) -> tuple[int, bytes]:
    """Send Ctrl-C (SIGINT) to ``cribcount args`` after ``after`` seconds. On a loaded
    machine Python itself may take longer to start, before any of cribcount runs: the
    child starts with SIGINT blocked, which cribcount lifts once it answers Ctrl-C."""
    with subprocess.Popen(
        [*CRIBCOUNT, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_hold_back_ctrl_c,
    ) as child:
        time.sleep(after)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
    return child.returncode, err


def test_ctrl_c_while_reading_is_one_line_and_status_130() -> None:
    assert interrupted(["score", "--file", "-"], 1.0) == (130, b"Error: interrupted\n")
    code, err = interrupted(["discard", "--file", "-"], 3.0)
    assert code == 130
    assert err.splitlines()[-1] == b"Error: interrupted"  # after the note on compiling, if any
    assert b"Traceback" not in err


@pytest.mark.parametrize("after", [0.0, 0.1, 0.2, 0.3, 0.5])
def test_ctrl_c_while_starting_is_one_line_and_status_130(after: float) -> None:
    """Sent as Python starts (0: before any of cribcount runs), and while the command line,
    numba and the kernels load."""
    code, err = interrupted(["discard", "--file", "-"], after)
    assert code == 130
    assert err.splitlines()[-1] == b"Error: interrupted"
    assert b"Traceback" not in err


def test_every_command_is_named_with_its_module_and_loads_that_game_alone() -> None:
    from cribcount.cli.common import GAMES

    run("--help")
    assert set(main.commands) == set(GAMES)  # type: ignore[attr-defined]
    script = (
        "import sys\n"
        "from cribcount.cli import main\n"
        "try:\n"
        "    main(['score', '5H 5S 5C JD / 5D'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('cribcount.cli.'))\n"
        "print(loaded, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.stdout.endswith("and one for his nobs is 29\n")
    assert done.stderr.strip() == "['cribcount.cli.common', 'cribcount.cli.cribbage']"


class FakeTerminal(io.StringIO):
    def __init__(self, terminal: bool) -> None:
        super().__init__()
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal


def test_progress_shows_on_a_terminal_after_a_second_and_is_cleared() -> None:
    from cribcount.cli.common import Progress

    stream = FakeTerminal(True)
    with Progress(stream) as progress:
        progress.show("100 ways", 0.4)
        assert stream.getvalue() == ""  # under a second: nothing
        progress.show("200 ways", 1.2)
        progress.show("300 ways", 2.0)
    assert stream.getvalue() == "\r\033[K200 ways\r\033[K300 ways\r\033[K"
    quiet = FakeTerminal(False)
    with Progress(quiet) as progress:
        progress.show("300 ways", 9.0)
    assert quiet.getvalue() == ""
    short = FakeTerminal(True)
    with Progress(short) as progress:
        progress.show("100 ways", 0.2)
    assert short.getvalue() == ""  # nothing shown, nothing to clear
