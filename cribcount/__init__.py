"""cribcount: exact counting and advice for the card games of the old rule books.

Cribbage, piquet, Impérial, Cassino, Rubicon Bézique, Conquian and Blind Hookey, each a
package of its own (:mod:`cribcount.cribbage`, :mod:`cribcount.piquet`, ...).

The public API is loaded on first use, so that importing the package (and
starting the command line) stays quick; ``analyse_discard`` brings in numba.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False  # typing's own, without importing typing at start-up
if TYPE_CHECKING:
    from typing import Any

    from cribcount.cards import PIQUET, STANDARD, Card, Pack, format_cards, parse_cards, parse_hand
    from cribcount.cribbage.discard import analyse_discard
    from cribcount.cribbage.peg import PlayResult, score_play
    from cribcount.cribbage.score import HandScore, ScoreItem, score_hand, score_text
    from cribcount.errors import CribcountError, HandError, NotationError, PlayError
    from cribcount.piquet import compare, read_hand

__version__ = "0.1.0"

_HOMES = {
    "cribcount.cards": (
        "Card",
        "PIQUET",
        "Pack",
        "STANDARD",
        "format_cards",
        "parse_cards",
        "parse_hand",
    ),
    "cribcount.cribbage.discard": ("analyse_discard",),
    "cribcount.cribbage.peg": ("PlayResult", "score_play"),
    "cribcount.cribbage.score": ("HandScore", "ScoreItem", "score_hand", "score_text"),
    "cribcount.errors": ("CribcountError", "HandError", "NotationError", "PlayError"),
    "cribcount.piquet": ("compare", "read_hand"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "PIQUET",
    "STANDARD",
    "Card",
    "CribcountError",
    "HandError",
    "HandScore",
    "NotationError",
    "Pack",
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
    """Load a public name from the module that defines it, when it is first asked for."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'cribcount' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
