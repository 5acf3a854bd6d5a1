"""``python -m cribcount``, and the ``cribcount`` command: the command line, Ctrl-C included.

The command line is imported inside :func:`run`, so that Ctrl-C even while
it loads ends in one line and exit status 130, never a traceback.
"""

import sys


def run() -> None:
    """Load and run the command line."""
    try:
        from cribcount.cli import main

        main()
    except KeyboardInterrupt:
        sys.stderr.write("Error: interrupted\n")
        sys.exit(130)


if __name__ == "__main__":
    run()
