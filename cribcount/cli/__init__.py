"""The ``cribcount`` command line: a thin layer of click and tabulate over the library.

:mod:`.common` holds the group and what every command shares (options,
batches, JSON, errors); :mod:`.cribbage`, :mod:`.piquet`, :mod:`.imperial`,
:mod:`.cassino`, :mod:`.bezique`, :mod:`.conquian` and :mod:`.hookey` hold
each game's commands with their renderers, imported when one of their
commands is named (:data:`.common.GAMES`). Nothing else in cribcount imports
this package, and only this package imports click
and tabulate.
"""

from cribcount.cli.common import main, run_batch

__all__ = ["main", "run_batch"]
