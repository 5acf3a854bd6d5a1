"""Cards, and the parsing and writing of every notation cribcount accepts.

A card is a rank, 1 (ace) to 13 (king), and a suit, one of ``S H D C``.
Cribbage counts the ace low; piquet ranks it high itself. Kernels see a card
as an integer id, rank-major, so that ``id // 4`` is the rank index and
``id % 4`` the suit::

            S   H   D   C
        A   0   1   2   3
        2   4   5   6   7
        3   8   9  10  11
        ...
        Q  44  45  46  47
        K  48  49  50  51

Notations read (case-insensitive, separated by spaces or commas):

- rank-then-suit tokens: ``5H 10d Td js AS``;
- suit symbols instead of letters, black or white: ``5♥ 10♦ J♣ A♤``;
- the Unicode playing-card glyphs U+1F0A1..U+1F0DE (``🂡`` is the ace of
  spades); the knights U+1F0xC belong to no game here and are refused;
- the suit-grouped layout of the piquet texts: ``♡ A K Q J: ♣ A K Q``;
- in cribbage, the starter after a slash: ``5H 5S 5C JD / 5D``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from cribcount.errors import HandError, NotationError

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
_WHITE_SUIT_SYMBOLS = "♤♡♢♧"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

_SUIT_OF = {letter: letter for letter in SUITS}
_SUIT_OF.update(zip(SUIT_SYMBOLS, SUITS, strict=True))
_SUIT_OF.update(zip(_WHITE_SUIT_SYMBOLS, SUITS, strict=True))
_RANK_OF = {name: rank for rank, name in enumerate(RANK_NAMES, start=1)}
_RANK_OF["T"] = 10

_RANK_EXPECTED = "rank must be A, 2-10 (or T), J, Q or K"
_SUIT_EXPECTED = "suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"

# The playing-card block: one row of 16 code points per suit, in the order
# spades, hearts, diamonds, clubs; column 1 is the ace, 11 the jack, 12 the
# knight, 13 the queen, 14 the king.
_GLYPH_BASE = 0x1F0A0
_GLYPH_RANK = {column: column for column in range(1, 12)} | {13: 12, 14: 13}
_GLYPH = re.compile("([\U0001f0a0-\U0001f0ff])")
_SEPARATORS = re.compile(r"[\s,]+")
# Emoji- and text-style variation selectors after a suit symbol mean nothing here.
_VARIATIONS = re.compile("[\ufe0e\ufe0f]")


@dataclass(frozen=True)
class Card:
    """A playing card: ``rank`` 1..13 (ace low), ``suit`` one of ``S H D C``.

    A suit symbol given as ``suit`` is stored as its letter.
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13 or self.suit not in _SUIT_OF:
            raise NotationError(f"invalid card rank {self.rank!r}, suit {self.suit!r}")
        if self.suit not in SUITS:
            object.__setattr__(self, "suit", _SUIT_OF[self.suit])

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card in any single-card notation (``'10d'``, ``'J♣'``, ``'🂡'``)."""
        return _parse_token(token, token)

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card with kernel id ``card_id`` (see the module docstring)."""
        if not 0 <= card_id < 52:
            raise NotationError(f"invalid card id {card_id}: expected 0 to 51")
        return cls(card_id // 4 + 1, SUITS[card_id % 4])

    @property
    def id(self) -> int:
        """The kernel id: ``4 * (rank - 1) + suit index``."""
        return 4 * (self.rank - 1) + SUITS.index(self.suit)

    @property
    def value(self) -> int:
        """The cribbage value: ace 1, pips at face value, court cards 10."""
        return min(self.rank, 10)

    def notation(self, symbols: bool = False) -> str:
        """``'10D'``, or ``'10♦'`` with ``symbols``."""
        suit = SUIT_SYMBOLS[SUITS.index(self.suit)] if symbols else self.suit
        return RANK_NAMES[self.rank - 1] + suit

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def card_key(card: Card) -> int:
    """Sort key: by rank, then suit in the order S H D C."""
    return card.id


def format_cards(cards: Iterable[Card], symbols: bool = False) -> str:
    """Write cards as space-separated tokens, readable again by :func:`parse_cards`."""
    return " ".join(card.notation(symbols) for card in cards)


def parse_cards(text: str) -> list[Card]:
    """Read a list of distinct cards in any notation of the module docstring.

    Raises :class:`NotationError` for a token that is no card and
    :class:`HandError` for a card given twice or for no cards at all.
    """
    return _parse_cards(text, text)


def _parse_cards(part: str, text: str) -> list[Card]:
    """Read the cards in ``part`` of the input ``text`` (quoted in errors)."""
    spaced = _spaced(part)
    tokens = split_tokens(spaced)
    if not tokens:
        raise HandError(f"no cards in {text!r}: expected cards such as '5H 10D JS'")
    if re.search("[:;]", spaced) or tokens[0].upper() in _SUIT_OF:
        cards = _parse_grouped(spaced, text)
    else:
        cards = [_parse_token(token, text) for token in tokens]
    _check_distinct(cards, text)
    return cards


def parse_hand(text: str) -> tuple[list[Card], Card | None]:
    """Read ``'5H 5S 5C JD / 5D'`` as the hand and the starter after the slash.

    Without a slash the starter is ``None``; a slash must be followed by
    exactly one card.
    """
    if text.count("/") > 1:
        raise NotationError(f"more than one '/' in {text!r}: expected 'HAND / STARTER'")
    hand_text, slash, starter_text = text.partition("/")
    hand = _parse_cards(hand_text, text)
    if not slash:
        return hand, None
    starter = [_parse_token(token, text) for token in split_tokens(starter_text)]
    if len(starter) != 1:
        raise HandError(f"{len(starter)} cards after '/' in {text!r}: expected exactly one starter")
    _check_distinct([*hand, *starter], text)
    return hand, starter[0]


def split_tokens(text: str) -> list[str]:
    """Split on spaces and commas, each card glyph a token of its own."""
    return [token for token in _SEPARATORS.split(_spaced(text)) if token]


def _spaced(text: str) -> str:
    """``text`` without variation selectors, each card glyph set apart by spaces."""
    return _GLYPH.sub(r" \1 ", _VARIATIONS.sub("", text))


def _check_distinct(cards: list[Card], text: str) -> None:
    """Refuse the first card that appears a second time in ``cards``."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise HandError(f"duplicate card {str(card)!r} in {text!r}: each card can appear once")
        seen.add(card)


def _parse_token(token: str, text: str) -> Card:
    """Read one rank-then-suit token or card glyph of the input ``text``."""
    plain = _VARIATIONS.sub("", token)
    if len(plain) == 1 and ord(plain) >= _GLYPH_BASE:
        return _parse_glyph(plain, text)
    if len(plain) < 2:
        raise NotationError(
            f"invalid card {token!r} in {text!r}: expected a rank followed by a suit, as in '10D'"
        )
    suit = _SUIT_OF.get(plain[-1].upper())
    if suit is None:
        raise NotationError(f"invalid card {token!r} in {text!r}: {_SUIT_EXPECTED}")
    rank = _RANK_OF.get(plain[:-1].upper())
    if rank is None:
        raise NotationError(f"invalid card {token!r} in {text!r}: {_RANK_EXPECTED}")
    return Card(rank, suit)


def _parse_glyph(glyph: str, text: str) -> Card:
    """Read a glyph of the playing-card block: ace to king of the four suits only."""
    row, column = divmod(ord(glyph) - _GLYPH_BASE, 16)
    if column == 12 and row < 4:
        raise NotationError(
            f"invalid card {glyph!r} in {text!r}: the knight is not a card of cribbage or piquet"
        )
    if row >= 4 or column not in _GLYPH_RANK:
        raise NotationError(
            f"invalid card {glyph!r} in {text!r}: expected a playing-card glyph "
            "from U+1F0A1 to U+1F0DE, ace to king"
        )
    return Card(_GLYPH_RANK[column], SUITS[row])


def _parse_grouped(spaced: str, text: str) -> list[Card]:
    """Read ``♡ A K Q J: ♣ A K Q``: each group opens with its suit, then ranks."""
    cards: list[Card] = []
    for group in re.split("[:;]", spaced):
        tokens = split_tokens(group)
        if not tokens:
            continue
        head = tokens[0]
        if len(head) > 1 and head[0] in SUIT_SYMBOLS + _WHITE_SUIT_SYMBOLS:
            tokens[:1] = [head[0], head[1:]]
        suit = _SUIT_OF.get(tokens[0].upper())
        if suit is None:
            raise NotationError(
                f"invalid suit {tokens[0]!r} in {text!r}: each group must open with a suit, "
                "as in '♡ A K Q: ♣ 10 9'"
            )
        for token in tokens[1:]:
            rank = _RANK_OF.get(token.upper())
            if rank is None:
                raise NotationError(f"invalid rank {token!r} in {text!r}: {_RANK_EXPECTED}")
            cards.append(Card(rank, suit))
    if not cards:
        raise HandError(f"no cards in {text!r}: expected ranks after each suit")
    return cards
