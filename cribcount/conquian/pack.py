"""Conquian's packs, and its cards and combinations read and checked.

Conquian is played with a pack of forty cards, in one of two forms, or with
the full pack:

- ``spanish`` (the default): A 2 3 4 5 6 7 J Q K of each suit, the 8, 9
  and 10 struck out; the 7 is next below the jack;
- ``american``: A to 10 of each suit, the court cards struck out;
- ``full``: the 52 cards, A to K.

The ace is never next to the king. Each pack numbers its cards as every
pack does (``4 * rank index + suit index``, its ranks low to high), so that
two cards are next to each other in a sequence exactly when they are of one
suit and their ids differ by four::

        SPANISH   S   H   D   C
            A     0   1   2   3
            ...
            7    24  25  26  27
            J    28  29  30  31
            Q    32  33  34  35
            K    36  37  38  39

Cards are read in any notation of :mod:`cribcount.cards`, the suit-grouped
layout of the books included (``♡ J 7 6 4; ♠ 5 3 2; ♢ K 7 5``); a card the
pack does not hold (an 8 of the Spanish pack) is refused for its rank.
Combinations are written as cards separated by ``|``:
``4H 5H 6H | 7C 7D 7S``.
"""

from __future__ import annotations

from collections.abc import Iterable

from cribcount.cards import Card, Pack, format_cards, parse_cards
from cribcount.errors import CribcountError, HandError, quoted

TITLE = "Conquian"
"""The game's name in text and data."""

HAND_SIZE = 10
"""The cards a player holds, in his hand and on his table together, until he goes out."""

SPANISH = Pack(
    "spanish",
    (1, 2, 3, 4, 5, 6, 7, 11, 12, 13),
    rank_expected="the Spanish pack's ranks are A, 2 to 7, J, Q and K",
    example="5H 7D JS",
    grouped=True,
    title="40-card Spanish pack",
)
"""The Spanish pack: A to 7 and J Q K of each suit, the 7 next below the jack."""

AMERICAN = Pack(
    "american",
    tuple(range(1, 11)),
    rank_expected="the American pack's ranks are A and 2 to 10 (or T)",
    example="5H 9D 10S",
    grouped=True,
    title="40-card American pack",
)
"""The American pack: A to 10 of each suit."""

FULL = Pack(
    "full",
    tuple(range(1, 14)),
    rank_expected="rank must be A, 2-10 (or T), J, Q or K",
    grouped=True,
    title="full 52-card pack",
)
"""The full pack of 52 cards, A to K."""

PACKS = {pack.name: pack for pack in (SPANISH, AMERICAN, FULL)}
"""The packs by name, the default first."""


class ConquianError(CribcountError):
    """A Conquian position that breaks the rules: a combination that is none, cards given
    twice, a hand and table of the wrong size."""


def get_pack(name: str) -> Pack:
    """The pack called ``name``: ``spanish``, ``american`` or ``full``."""
    pack = PACKS.get(name.lower())
    if pack is None:
        raise ConquianError(f"unknown pack {quoted(name)}: expected spanish, american or full")
    return pack


def read_cards(text: str, pack: Pack, what: str) -> tuple[Card, ...]:
    """The cards of ``text`` (``what`` names them in errors), in the pack's id order; no
    cards at all is no error for an empty text."""
    if not text.strip():
        return ()
    cards = parse_cards(text, pack)
    return tuple(sorted(cards, key=pack.id))


def read_card(text: str, pack: Pack, what: str) -> Card:
    """One card of ``pack``, such as ``'5H'``."""
    cards = read_cards(text, pack, what)
    if len(cards) != 1:
        raise HandError(f"{what} {quoted(text)}: expected one card, such as '5H'")
    return cards[0]


def describe(cards: Iterable[Card]) -> str:
    """Cards as an error quotes them: ``'4H 5H 6H'``."""
    return quoted(format_cards(cards))
