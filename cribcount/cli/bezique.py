"""The Rubicon Bézique commands (``cribcount bezique ...``) and their renderers."""

from __future__ import annotations

from cribcount.cli.common import main


@main.group(short_help="Rubicon Bézique: declarations by the laws, the game, the last tricks.")
def bezique() -> None:
    """Rubicon Bézique, for two, with four packs (128 cards) and nine cards
    each: declarations scored by the laws, a hand's combinations, the game
    computed, and the last nine tricks solved."""
