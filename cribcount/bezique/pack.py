"""Rubicon Bézique's cards: four 32-card packs shuffled together, the order in play,
the brisques, and hands read and checked.

Four piquet packs make 128 cards: a hand may hold the same card twice or more, four
times at most (``AS AS`` is two aces of spades). Nine cards to each player, the rest the
stock. In each suit the cards rank A 10 K Q J 9 8 7; the aces and tens are the brisques,
10 points each to the player who wins them in his tricks. Bézique is the queen of spades
with the knave (jack) of diamonds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cribcount.cards import PIQUET, SUIT_SYMBOLS, SUITS, Card, Pack, parse_cards
from cribcount.errors import HandError, NotationError, quoted
from cribcount.words import counted

PACK = Pack(
    "bézique",
    PIQUET.ranks,
    copies=4,
    rank_expected="bézique's ranks are 7, 8, 9, 10 (or T), J, Q, K and A",
    example="9H 10D JS",
    grouped=True,
    title="128-card bézique pack (four piquet packs)",
)
"""The four packs: every card of the piquet pack four times."""

HAND_SIZE = 9
"""Cards dealt to each player."""
PLAY_ORDER = (1, 10, 13, 12, 11, 9, 8, 7)
"""The ranks (ace 1, jack 11, queen 12, king 13) in play, the best first: A 10 K Q J 9 8 7."""
BRISQUE_RANKS = (1, 10)
"""The brisques: aces and tens."""
BRISQUE_POINTS = 10
ROLES = ("first", "second")
"""The two players: the first (the non-dealer, who leads to the first trick) and the
second (the dealer)."""
BEZIQUE = (Card(12, "S"), Card(11, "D"))
"""The queen of spades and the knave of diamonds."""
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_SUIT_OF = {letter: letter for letter in SUITS}
_SUIT_OF |= {letter.lower(): letter for letter in SUITS}
_SUIT_OF |= dict(zip(SUIT_SYMBOLS, SUITS, strict=True))
_SUIT_OF |= dict(zip("♤♡♢♧", SUITS, strict=True))
_SUIT_OF |= {name: letter for letter, name in SUIT_NAMES.items()}
NO_TRUMP = ("none", "no", "-")
"""The words for no trump yet."""


def read_suit(text: str, what: str = "trump") -> str:
    """A suit's letter from ``text``: a letter (``S H D C``, either case), a symbol (black
    or white) or a name (``spades``)."""
    given = text.strip()
    suit = _SUIT_OF.get(given) or _SUIT_OF.get(given.lower())
    if suit is None:
        raise NotationError(
            f"invalid {what} {quoted(text)}: expected a suit, S, H, D or C (or ♠ ♥ ♦ ♣)"
        )
    return suit


def read_trump(text: str, what: str = "trump") -> str | None:
    """A trump suit as :func:`read_suit` reads it, or None for ``none`` (no trump yet)."""
    if text.strip().lower() in NO_TRUMP:
        return None
    try:
        return read_suit(text, what)
    except NotationError:
        raise NotationError(
            f"invalid {what} {quoted(text)}: expected a suit, S, H, D or C (or ♠ ♥ ♦ ♣), or none"
        ) from None


def strength(card: Card) -> int:
    """The card's strength within its suit: A 8, 10 7, K 6, Q 5, J 4, 9 3, 8 2, 7 1."""
    return len(PLAY_ORDER) - PLAY_ORDER.index(card.rank)


def is_brisque(card: Card) -> bool:
    return card.rank in BRISQUE_RANKS


def play_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` by suit (S H D C), each suit in the order A 10 K Q J 9 8 7."""
    suits = "SHDC"
    return tuple(sorted(cards, key=lambda card: (suits.index(card.suit), -strength(card))))


def read_cards(text: str) -> list[Card]:
    """Cards of the four packs, each at most four times (the limit named when passed)."""
    return parse_cards(text, PACK)


def read_hand(text: str, size: int = HAND_SIZE, what: str = "hand") -> list[Card]:
    """A hand of ``size`` cards of the four packs."""
    cards = read_cards(text)
    if len(cards) != size:
        raise HandError(f"{what} {quoted(text)} has {counted(len(cards), 'card')}: expected {size}")
    return cards


def check_counts(groups: Sequence[Sequence[Card]], what: Sequence[str]) -> None:
    """Refuse cards that, taken together over ``groups`` (named by ``what``), hold a card
    more than four times."""
    seen: dict[Card, int] = {}
    for group, name in zip(groups, what, strict=True):
        for card in group:
            seen[card] = seen.get(card, 0) + 1
            if seen[card] > PACK.copies:
                raise HandError(
                    f"card {str(card)!r} a fifth time (in {name}): the four packs hold"
                    f" {PACK.copies} of each card"
                )


__all__ = [
    "BEZIQUE",
    "BRISQUE_POINTS",
    "BRISQUE_RANKS",
    "HAND_SIZE",
    "NO_TRUMP",
    "PACK",
    "PLAY_ORDER",
    "ROLES",
    "SUIT_NAMES",
    "check_counts",
    "is_brisque",
    "play_order",
    "read_cards",
    "read_hand",
    "read_suit",
    "read_trump",
    "strength",
]
