"""The Cassino commands (``cribcount cassino ...``) and their renderers."""

from __future__ import annotations

from cribcount.cli.common import main


@main.group(short_help="Cassino: the plays of a position, a deal checked and counted, the game.")
def cassino() -> None:
    """Cassino, for two to four players or two partnerships, in its classic,
    Royal, Spade and Draw forms: every legal play of a position, a whole deal
    replayed and checked, the count of a deal, and the game settled."""
