"""What every command shares: the group, the common options, batches, JSON and errors.

The contract of the command line lives here:

- bad usage or input: one line on stderr, ``Error: ...``, exit status 2;
- a batch (``--file``): one result per line read, a bad line reported on
  stderr as ``line N: reason`` while the others go on, exit status 1 if any
  line was bad; lines are read one at a time, so memory stays constant;
- output that cannot be written (a full disk, a closed stdout): one line on
  stderr, exit status 1; a reader that closes the pipe early (``| head``)
  ends the command quietly, exit status 0;
- Ctrl-C: one line, exit status 130;
- suit symbols fall back to letters where the output cannot encode them.
"""

from __future__ import annotations

import errno
import functools
import importlib
import io
import json
import os
import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import IO, Any, NoReturn, TypeVar

import click
import orjson

from cribcount.cards import SUIT_SYMBOLS, SUITS
from cribcount.errors import QUOTE_LIMIT, CribcountError, HandError, quoted
from cribcount.words import counted

LINE_LIMIT = 64 * 1024
"""The longest line a batch reads, in bytes; a longer one is reported and skipped."""

INTERRUPTED = 130
"""Exit status after Ctrl-C, as shells report a process ended by SIGINT."""

_BOM = b"\xef\xbb\xbf"
_SUIT_LETTERS = str.maketrans(SUIT_SYMBOLS + "♤♡♢♧", SUITS * 2)
"""Each suit symbol, black or white, to its letter."""
_CLICK_QUOTE = re.compile(f"'([^']{{{QUOTE_LIMIT + 1},}})'|\"([^\"]{{{QUOTE_LIMIT + 1},}})\"")
"""What click quotes of the input in its messages, when too long to quote whole."""

_OUTPUT_ERRORS = (errno.ENOSPC, errno.EBADF, errno.EFBIG, errno.EDQUOT, errno.EIO)
"""What writing the output fails with: a full disk, a closed or broken stream."""

CHUNK = 1000
"""Lines read before a chunked batch does their work at once."""

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def one_line(message: str) -> str:
    """``message`` with line breaks and other control characters escaped."""
    if message.isprintable():
        return message
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in message)


def warn(message: str) -> None:
    """Print ``message`` on standard error as one line, suit symbols written as letters
    where standard error cannot encode them (as :func:`can_write` decides for the output)."""
    text = one_line(message)
    stream = sys.stderr
    if stream is None:
        return
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = text.translate(_SUIT_LETTERS)
    stream.write(text + "\n")
    stream.flush()


def announce(note: str | None) -> None:
    """Tell the user, on stderr, what the kernels' first use will do (compile, recompile)."""
    if note is not None:
        click.echo(note, err=True)


class Progress:
    """A line on stderr telling how a long run goes: written only when stderr is a
    terminal and the run has lasted a second or more, each time over the last, and
    cleared when the run is done (``with Progress() as progress: ...``)."""

    AFTER = 1.0
    """The seconds a run lasts before its progress is shown."""

    def __init__(self, stream: IO[str] | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.shown = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *_: object) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def show(self, text: str, elapsed: float) -> None:
        """Show ``text`` in place of the last line, if the run has lasted long enough."""
        if elapsed < self.AFTER or not self.stream.isatty():
            return
        self.stream.write("\r\033[K" + text)
        self.stream.flush()
        self.shown = True


def fail(message: str, status: int = 2) -> NoReturn:
    """Print ``message`` as the one-line error and exit with ``status``."""
    warn(f"Error: {message}")
    sys.exit(status)


@contextmanager
def reporting_errors() -> Iterator[None]:
    """Turn a library error into the one-line message and exit status 2."""
    try:
        yield
    except CribcountError as error:
        fail(str(error))


def can_write(text: str) -> bool:
    """Whether standard output can encode ``text``."""
    return _encodes(getattr(sys.stdout, "encoding", None) or "utf-8", text)


@functools.cache
def _encodes(encoding: str, text: str) -> bool:
    """Whether ``encoding`` can encode ``text``; asked once for each line of a batch."""
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def dump_json(data: Any) -> str:
    """JSON as the commands print it: one compact line; non-ASCII kept where the output can
    write it, escaped where it cannot. orjson writes it, several times quicker than the
    standard library, which batches in JSON Lines need."""
    if can_write("♠è"):
        return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
    return json.dumps(data, separators=(",", ":"))


def write(text: str) -> None:
    """Print ``text`` and a line break on standard output."""
    sys.stdout.write(text + "\n")


# -- batches ------------------------------------------------------------------


def read_lines(stream: IO[bytes]) -> Iterator[tuple[int, str | None, str]]:
    """The lines of a byte stream as ``(number, text, problem)``, one at a time.

    Only ``\\n`` ends a line (a ``\\r`` before it is dropped; a lone ``\\r``
    is part of the line, so numbers agree with ``wc -l`` and ``sed -n Np``).
    A byte-order mark opening the stream is ignored. A line that is not
    UTF-8, or longer than :data:`LINE_LIMIT` bytes, comes as ``text`` None
    with the ``problem``; the rest of a long line is skipped unread, so
    memory stays bounded whatever the stream holds.
    """
    number = 0
    while True:
        chunk = _read(stream, LINE_LIMIT + 1, number + 1)
        if not chunk:
            return
        number += 1
        if number == 1 and chunk.startswith(_BOM):
            chunk = chunk[len(_BOM) :]
        if len(chunk) > LINE_LIMIT and not chunk.endswith(b"\n"):
            yield number, None, f"longer than {LINE_LIMIT // 1024} KiB: skipped"
            while chunk and not chunk.endswith(b"\n"):
                chunk = _read(stream, LINE_LIMIT, number)
            continue
        try:
            text = chunk.decode("utf-8")
        except UnicodeDecodeError:
            yield number, None, "not UTF-8"
            continue
        yield number, text.removesuffix("\n").removesuffix("\r"), ""


def _read(stream: IO[bytes], limit: int, number: int) -> bytes:
    """At most ``limit`` bytes of line ``number``; a failing read is one line and status 1."""
    try:
        return stream.readline(limit)
    except OSError as error:
        fail(f"cannot read line {number} of the input: {error.strerror or error}", 1)


def run_batch(stream: IO[bytes], handle: Callable[[str], str]) -> int:
    """Apply ``handle`` to each line of ``stream`` with something on it, and print the result.

    Blank lines and lines opening with ``#`` are skipped. A bad line is
    reported on stderr as ``line N: reason``; the others are still handled.
    Returns the exit status: 1 if any line was bad, else 0.
    """
    return run_chunks(stream, handle, lambda done: done, 1)


def run_chunks(
    stream: IO[bytes],
    read: Callable[[str], T],
    finish: Callable[[list[T]], Iterable[str]],
    size: int,
) -> int:
    """:func:`run_batch` in two steps: ``read`` each line, then ``finish`` them ``size`` at a time.

    ``read`` checks a line (a bad one raises a library error, reported with
    its number); ``finish`` turns a chunk of read lines into their output
    lines, for work that is quicker done many at once. The results keep the
    order of the lines, reports included.
    """
    status = 0
    pending: list[T] = []

    def flush() -> None:
        sys.stdout.write("".join(f"{result}\n" for result in finish(pending)))
        pending.clear()

    for number, text, problem in read_lines(stream):
        if text is not None:
            line = text.strip()
            if not line or line.startswith("#"):
                continue
            try:
                pending.append(read(line))
            except CribcountError as error:
                problem = str(error)
            else:
                if len(pending) >= size:
                    flush()
                continue
        status = 1
        flush()
        sys.stdout.flush()  # keep the report beside the lines around it
        warn(f"line {number}: {problem}")
    flush()
    return status


def one_flag(flags: dict[str, bool], needed_by: str | None = None) -> str | None:
    """The one flag given of ``flags`` (option names without their dashes, each to whether
    it was given), or ``None`` for none.

    Flags that exclude each other, as the roles ``--pone`` and ``--dealer`` do: two
    given is a usage error that says so; none given is one too when ``needed_by``
    names what needs one (``'--advise'``).
    """
    given = [name for name, on in flags.items() if on]
    if len(given) > 1:
        fail(f"{' and '.join('--' + name for name in given)} exclude each other: give one")
    if not given and needed_by is not None:
        choices = " or ".join("--" + name for name in flags)
        fail(f"{needed_by} needs {choices}")
    return given[0] if given else None


def split_line(line: str, expected: int, what: str) -> list[str]:
    """A batch line's ``expected`` parts, separated by ``|``; ``what`` names them
    in the error when the count is wrong."""
    parts = [part.strip() for part in line.split("|")]
    if len(parts) != expected:
        raise HandError(
            f"{counted(len(parts), 'part')} on the line: expected {what}, separated by '|'"
        )
    return parts


@contextmanager
def opened(path: str) -> Iterator[IO[bytes]]:
    """The file at ``path`` for reading as bytes, standard input for ``'-'``."""
    if path == "-":
        if sys.stdin is None:
            fail("standard input is closed: nothing to read for --file -")
        yield sys.stdin.buffer
        return
    try:
        stream = open(path, "rb")  # noqa: SIM115 - closed below
    except OSError as error:
        fail(f"cannot read --file {quoted(path)}: {error.strerror or error}")
    with stream:
        yield stream


def batch(path: str, handle: Callable[[str], str]) -> NoReturn:
    """Run ``handle`` over the file at ``path`` (see :func:`run_batch`) and exit with its status."""
    with opened(path) as stream:
        status = run_batch(stream, handle)
    sys.exit(status)


def batch_in_chunks(
    path: str, read: Callable[[str], T], finish: Callable[[list[T]], Iterable[str]]
) -> NoReturn:
    """Run a batch over the file at ``path`` in chunks (see :func:`run_chunks`), then exit."""
    with opened(path) as stream:
        # at a terminal, each line's answer comes as soon as it is typed
        status = run_chunks(stream, read, finish, 1 if stream.isatty() else CHUNK)
    sys.exit(status)


def single_or_batch(words: Sequence[str], path: str | None, what: str) -> str:
    """The one input given on the command line, or ``''`` for a ``--file`` batch.

    A command reads its ``what`` (``HAND``, ``PLAYS``) as one quoted argument
    or as several words, or a file of them: one of the two, not both.
    """
    if words and path is not None:
        fail(f"give {what} or --file PATH, not both")
    if not words and path is None:
        fail(f"missing {what}: give it as an argument, or --file PATH for a file of them")
    return " ".join(words)


def not_in_batch(path: str | None, **options: object) -> None:
    """Refuse options that only make sense for a single input when a ``--file`` is given."""
    if path is None:
        return
    for name, value in options.items():
        if value is not None and value is not False and value != ():
            fail(f"--{name.replace('_', '-')} is for a single input; it cannot be used with --file")


# -- shared options -----------------------------------------------------------


def stacked(*options: Callable[[F], F]) -> Callable[[F], F]:
    """One decorator of several: ``options`` applied in the order written, as if each were
    written above the command in turn."""

    def decorate(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def cards_argument(name: str = "hand") -> Callable[[F], F]:
    """The cards, as one quoted argument or as several words: ``5H 5S 5C JD / 5D``."""
    return click.argument(name, nargs=-1, metavar=f"{name.upper()}...")


def json_option(what: str) -> Callable[[F], F]:
    """``--json``, stored as ``as_json``: print ``what`` as JSON (JSON Lines for a batch)."""
    return click.option(
        "--json", "as_json", is_flag=True, help=f"Print {what} as JSON (a batch: JSON Lines)."
    )


def file_option(what: str) -> Callable[[F], F]:
    """``--file PATH``, stored as ``path``: a batch of inputs, one per line."""
    return click.option(
        "--file",
        "path",
        metavar="PATH",
        type=click.Path(allow_dash=True),  # completes file names; opened() reads it
        help=f"Read {what} per line of PATH ('-' for standard input): one result a line.",
    )


def _symbols_if_writable(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    if value and not can_write(SUIT_SYMBOLS):
        warn("note: the output cannot encode suit symbols; writing letters")
        return False
    return value


symbols_option = click.option(
    "--symbols",
    is_flag=True,
    callback=_symbols_if_writable,
    help="Write suits as symbols (♥) instead of letters (H).",
)


def choice_option(*names: str, choices: Sequence[str], **settings: Any) -> Callable[[F], F]:
    """An option taking one of ``choices``, in any case (``--game SIX``)."""
    return click.option(*names, type=click.Choice(choices, case_sensitive=False), **settings)


players_option = click.option(
    "--players",
    type=click.IntRange(2, 4),
    metavar="N",
    help="How many play: 2, 3 or 4.",
)


# -- text that fits a terminal --------------------------------------------------

WIDTH = 80
"""The widest line a text answer prints: its tables are narrowed to fit."""


def hinting(**hints: str) -> type[click.Command]:
    """A command class whose unknown options named in ``hints`` (``dealer='...'`` for
    ``--dealer``) are refused with the hint, in place of click's guess at a near name."""

    class Hinted(click.Command):
        def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
            try:
                return super().parse_args(ctx, args)
            except click.NoSuchOption as error:
                hint = hints.get(error.option_name.lstrip("-").replace("-", "_"))
                if hint is None:
                    raise
                message = f"No such option: {error.option_name}: {hint}"
                raise click.NoSuchOption(error.option_name, message, ctx=ctx) from None

    return Hinted


def fit_table(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    colalign: Sequence[str],
    wrap: Sequence[int] = (),
    **settings: Any,
) -> str:
    """``tabulate``'s table, its lines no wider than :data:`WIDTH` where it can be: when
    it is wider, the headers first lose the margin tabulate gives them beyond their
    words; then the columns ``wrap`` (the first first) are narrowed, their cells wrapped
    over lines, each no narrower than its header or six characters. A header of
    several lines (``'net\\ndealer'``) stands on the rule, as the others do.

    tabulate takes that margin from a module setting, not an argument, so it is
    set for the one call and put back at once. tabulate is imported here, not with the
    module, so that commands that print no table (``odds``) start without it.
    """
    import tabulate as tabulate_module

    height = max(header.count("\n") for header in headers)
    headers = ["\n" * (height - header.count("\n")) + header for header in headers]

    def render(margin: int, limits: list[int | None]) -> str:
        kept, tabulate_module.MIN_PADDING = tabulate_module.MIN_PADDING, margin
        try:
            return tabulate_module.tabulate(
                rows,
                headers=headers,
                colalign=colalign,
                maxcolwidths=limits,
                maxheadercolwidths=None,
                **settings,
            )
        finally:
            tabulate_module.MIN_PADDING = kept

    def width(table: str) -> int:
        return max(map(len, table.splitlines()))

    limits: list[int | None] = [None] * len(headers)
    table = render(tabulate_module.MIN_PADDING, limits)
    if width(table) <= WIDTH:
        return table
    table = render(0, limits)
    for column in wrap:
        over = width(table) - WIDTH
        if over <= 0:
            break
        cells = [str(row[column]) for row in rows]
        widest = max((len(line) for cell in cells for line in cell.splitlines()), default=0)
        header = max(map(len, headers[column].splitlines()))
        limits[column] = max(widest - over, header, 6)
        table = render(0, limits)
    return table


def wrapped(line: str) -> str:
    """A line of text folded to :data:`WIDTH`, the lines after the first indented: at the
    last ``'; '``, else ``', '``, else ``': '`` that leaves a line short enough, else
    between words."""
    if len(line) <= WIDTH:
        return line
    for mark in ("; ", ", ", ": "):
        cut = line.rfind(mark, 0, WIDTH - 1)
        if cut > len("  "):
            return line[: cut + 1] + "\n" + wrapped("  " + line[cut + 2 :])
    return textwrap.fill(line, WIDTH, subsequent_indent="  ", break_on_hyphens=False)


# -- the group ----------------------------------------------------------------


class Commands(click.Group):
    """A click group that keeps the command line's contract (see the module docstring).

    Given no command, it prints its help.
    """

    group_class: type[click.Group] | type[type] = type  # subgroups behave the same

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:
            click.echo(ctx.get_help())
            ctx.exit(0)
        return super().parse_args(ctx, args)

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        **extra: Any,
    ) -> NoReturn:
        """Run the command named in ``args`` (the command line's by default), then exit."""
        extra.pop("standalone_mode", None)
        if sys.stdout is None:
            fail("standard output is closed: nothing can be printed", 1)
        for stream in (sys.stdout, sys.stderr):
            if isinstance(stream, io.TextIOWrapper):
                stream.reconfigure(errors="backslashreplace")
        prog_name = prog_name or "cribcount"
        try:
            try:
                self._main_shell_completion(extra, prog_name, complete_var)
                with self.make_context(
                    prog_name, list(sys.argv[1:] if args is None else args), **extra
                ) as ctx:
                    self.invoke(ctx)
                status: Any = 0
            except click.exceptions.Exit as done:
                status = done.exit_code
            except SystemExit as done:
                status = done.code
            sys.stdout.flush()
        except click.ClickException as error:
            message = error.format_message()
            fail(_CLICK_QUOTE.sub(lambda quote: quoted(quote[1] or quote[2]), message))
        except (KeyboardInterrupt, click.Abort):
            if sys.stderr.isatty():
                click.echo(err=True)  # past the terminal's ^C
            fail("interrupted", INTERRUPTED)
        except BrokenPipeError:
            # The reader has gone: stop quietly, and let the flush at exit write nowhere.
            _silence_stdout()
            sys.exit(0)
        except OSError as error:
            if error.errno not in _OUTPUT_ERRORS:
                raise
            _silence_stdout()
            fail(f"cannot write the output: {error.strerror or error}", 1)
        sys.exit(status)


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that nothing more fails to be written."""
    with suppress(OSError, ValueError):  # ValueError: not a real file (a test runner's buffer)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


GAMES = {
    "score": "cribbage",
    "peg": "cribbage",
    "discard": "cribbage",
    "odds": "cribbage",
    "tables": "cribbage",
    "piquet": "piquet",
    "imperial": "imperial",
    "cassino": "cassino",
    "bezique": "bezique",
    "conquian": "conquian",
    "hookey": "hookey",
}
"""Each top-level command and the module of :mod:`cribcount.cli` that defines it."""


class Root(Commands):
    """The top-level group: each game's module is imported when one of its commands is
    named (:data:`GAMES`), so that a command loads its own game only; the help and shell
    completion load them all."""

    group_class = Commands  # its groups are plain ones

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in GAMES and cmd_name not in self.commands:
            importlib.import_module(f"cribcount.cli.{GAMES[cmd_name]}")
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        for module in sorted(set(GAMES.values())):
            importlib.import_module(f"cribcount.cli.{module}")
        return super().list_commands(ctx)


@click.group(cls=Root, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cribcount")
def main() -> None:
    """Count card hands exactly and advise the players: cribbage, piquet,
    Impérial, Cassino, Rubicon Bézique, Conquian and Blind Hookey.

    \b
    Shell completion (bash; zsh and fish likewise, with zsh_source or fish_source):
      eval "$(_CRIBCOUNT_COMPLETE=bash_source cribcount)"
    """
