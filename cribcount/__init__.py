"""cribcount: exact counting and advice for cribbage and piquet hands."""

from cribcount.cards import Card, format_cards, parse_cards, parse_hand
from cribcount.errors import CribcountError, HandError, NotationError, PlayError

__version__ = "0.1.0"

__all__ = [
    "Card",
    "CribcountError",
    "HandError",
    "NotationError",
    "PlayError",
    "__version__",
    "format_cards",
    "parse_cards",
    "parse_hand",
]
