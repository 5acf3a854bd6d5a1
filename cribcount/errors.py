"""Errors raised by cribcount's library code.

Every message quotes the offending input and says what was expected, so the
command line can print it as one line and exit with status 2.
"""


class CribcountError(ValueError):
    """Base class of every error cribcount raises on bad input."""


class NotationError(CribcountError):
    """A token or layout that is not a card in any accepted notation."""


class HandError(CribcountError):
    """Well-formed cards that do not make a legal hand: duplicates, wrong counts."""


class PlayError(CribcountError):
    """A sequence of plays that breaks the rules of the play."""


QUOTE_LIMIT = 40
"""The most characters of the input an error message quotes."""


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of ``text``, clipped to ``limit`` characters with ``...``.

    Errors quote the input this way, so that a message stays one short line
    whatever it is given: control characters and line breaks come out
    escaped, and a long input is cut.
    """
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return repr(text)
