"""cribcount: exact counting and advice for cribbage and piquet hands.

``analyse_discard`` is loaded on first use, since it brings in numba; the
rest is plain Python.
"""

from typing import Any

from cribcount.cards import Card, format_cards, parse_cards, parse_hand
from cribcount.cribbage.peg import PlayResult, score_play
from cribcount.cribbage.score import HandScore, ScoreItem, score_hand, score_text
from cribcount.errors import CribcountError, HandError, NotationError, PlayError
from cribcount.piquet import compare, read_hand

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CribcountError",
    "HandError",
    "HandScore",
    "NotationError",
    "PlayError",
    "PlayResult",
    "ScoreItem",
    "__version__",
    "analyse_discard",
    "compare",
    "format_cards",
    "parse_cards",
    "parse_hand",
    "read_hand",
    "score_hand",
    "score_play",
    "score_text",
]


def __getattr__(name: str) -> Any:
    """Load ``analyse_discard``, and numba with it, when it is first asked for."""
    if name == "analyse_discard":
        from cribcount.cribbage.discard import analyse_discard

        return analyse_discard
    raise AttributeError(f"module 'cribcount' has no attribute {name!r}")
