"""Run the command line as ``python -m cribcount``."""

from cribcount.cli import main

main()
