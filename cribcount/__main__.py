"""``python -m cribcount``, and the ``cribcount`` command: the command line, Ctrl-C included.

Ctrl-C is answered from the very start, before the command line loads, by
one line and exit status 130: never a traceback, and never swallowed by an
import that happened to be running.
"""

import os
import signal
import sys
from contextlib import suppress
from types import FrameType


def _interrupted(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C: say so in one line and stop at once, with what was written so far."""
    with suppress(Exception):  # a write the signal cut short, or no output to write to
        sys.stdout.flush()
    os.write(2, b"Error: interrupted\n")
    os._exit(130)


def run() -> None:
    """Answer Ctrl-C, then load and run the command line."""
    signal.signal(signal.SIGINT, _interrupted)
    # a Ctrl-C held back while Python started (by a caller's signal mask) is answered now
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    from cribcount.cli import main

    main()


if __name__ == "__main__":
    run()
