"""Cards and packs, and the parsing and writing of every notation cribcount accepts.

A card is a rank, 1 (ace) to 13 (king), and a suit, one of ``S H D C``.
Cribbage counts the ace low; piquet ranks it high itself.

A :class:`Pack` states its ranks, its suits (always ``S H D C``) and how
many copies of each card it holds. Every pack numbers its cards the same
way, rank-major, its ranks in the order the pack lists them: the id of a
card is ``4 * rank index + suit index``, so that ``id >> 2`` is the rank
index and ``id & 3`` the suit. A set of distinct cards is a bit mask, the
card of id ``i`` at bit ``1 << i``; every kernel holds cards so. The
52-card pack (:data:`STANDARD`, ace low) and the 32-card piquet pack
(:data:`PIQUET`, seven low, ace high)::

        STANDARD   S   H   D   C        PIQUET   S   H   D   C
            A      0   1   2   3            7    0   1   2   3
            2      4   5   6   7            8    4   5   6   7
            3      8   9  10  11            9    8   9  10  11
            ...                             10  12  13  14  15
            Q     44  45  46  47            ...
            K     48  49  50  51            A   28  29  30  31

so that one suit's cards are every fourth bit of a mask from the suit's
index, and one rank's four cards are a nibble. A pack of several copies of
each card (four piquet packs shuffled together) numbers its distinct cards
the same way; a hand of it, which may hold a card more than once, is a list
of cards, or counts by id: no mask holds it.

Notations read, separated by spaces or commas:

- rank-then-suit tokens, letters in either case: ``5H 10d Td js AS``; the
  ranks are ``A 2-10 T J Q K`` and the suits ``S H D C``, in ASCII only;
- suit symbols instead of letters, black or white: ``5♥ 10♦ J♣ A♤``, each
  optionally followed by a variation selector (U+FE0E or U+FE0F);
- the Unicode playing-card glyphs U+1F0A1..U+1F0DE (``🂡`` is the ace of
  spades); the knights U+1F0xC belong to no game here and are refused;
- for the piquet packs, the suit-grouped layout of the piquet texts:
  ``♡ A K Q J: ♣ A K Q`` or ``♡ K Q J 10 9, ♣ A K Q``, where a suit (alone,
  or a symbol stuck to the first rank as in ``♡A``) opens a group of ranks;
- in cribbage, the starter after a slash: ``5H 5S 5C JD / 5D``.

A card may be given as many times as the pack holds it: once, in a pack of
one copy of each.

Every simple token is looked up in a table of its card, so that a line of
plain tokens is read without regular expressions; anything else goes to the
general reader, which reads the rarer forms and words the errors.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cribcount.errors import HandError, NotationError, quoted
from cribcount.words import counted

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
_WHITE_SUIT_SYMBOLS = "♤♡♢♧"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PIQUET_RANKS = (7, 8, 9, 10, 11, 12, 13, 1)
"""The ranks of the 32-card piquet pack, low to high (the ace is high in piquet)."""

# The constructor's suits: a letter, or a symbol stored as its letter.
_SUIT_OF = {letter: letter for letter in SUITS}
_SUIT_OF.update(zip(SUIT_SYMBOLS, SUITS, strict=True))
_SUIT_OF.update(zip(_WHITE_SUIT_SYMBOLS, SUITS, strict=True))

# How the texts may write a rank and a suit, spelled out rather than case-folded:
# str.upper() and str.lower() map other characters onto these letters (long s to S,
# the Kelvin sign to k), which must be refused.
_SELECTORS = "\ufe0e\ufe0f"
_RANK_SPELLINGS = {name: rank for rank, name in enumerate(RANK_NAMES, start=1)}
_RANK_SPELLINGS |= {"a": 1, "j": 11, "q": 12, "k": 13, "T": 10, "t": 10}
_SUIT_SPELLINGS = {letter: letter for letter in SUITS}
_SUIT_SPELLINGS |= {"s": "S", "h": "H", "d": "D", "c": "C"}
_SUIT_SPELLINGS |= {
    symbol + selector: letter
    for symbol, letter in zip(SUIT_SYMBOLS + _WHITE_SUIT_SYMBOLS, SUITS * 2, strict=True)
    for selector in ("", *_SELECTORS)
}

_SUIT_EXPECTED = "suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"
_SHAPE_EXPECTED = "expected a rank followed by a suit, as in '10D'"

# The playing-card block: one row of 16 code points per suit, in the order
# spades, hearts, diamonds, clubs; column 1 is the ace, 11 the jack, 12 the
# knight, 13 the queen, 14 the king.
_GLYPH_BASE = 0x1F0A0
_GLYPH_COLUMN = {rank: rank for rank in range(1, 12)} | {12: 13, 13: 14}
_GLYPH = re.compile("([\U0001f0a0-\U0001f0ff])")
_SEPARATORS = re.compile(r"[\s,]+")
_GROUP_SEPARATORS = re.compile(r"[\s,:;]+")
# A suit symbol stuck to the first rank of its group, as in '♡A'.
_STUCK_SUIT = re.compile(f"([{SUIT_SYMBOLS}{_WHITE_SUIT_SYMBOLS}][{_SELECTORS}]?)(.+)", re.DOTALL)


@dataclass(frozen=True)
class Card:
    """A playing card: ``rank`` 1..13 (ace low), ``suit`` one of ``S H D C``.

    A suit symbol given as ``suit`` is stored as its letter.
    """

    rank: int
    suit: str
    _text: str = field(init=False, repr=False, compare=False)
    _id: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13 or self.suit not in _SUIT_OF:
            raise NotationError(f"invalid card rank {self.rank!r}, suit {self.suit!r}")
        if self.suit not in SUITS:
            object.__setattr__(self, "suit", _SUIT_OF[self.suit])
        # worked out once: batches sort and write cards by the hundred thousand
        object.__setattr__(self, "_text", RANK_NAMES[self.rank - 1] + self.suit)
        object.__setattr__(self, "_id", 4 * (self.rank - 1) + SUITS.index(self.suit))

    @classmethod
    def parse(cls, token: str, pack: Pack | None = None) -> Card:
        """Read one card of ``pack`` (by default :data:`STANDARD`) in any single-card
        notation (``'10d'``, ``'J♣'``, ``'🂡'``)."""
        pack = pack or STANDARD
        return _read_token(token, token, pack)

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card with id ``card_id`` in the 52-card pack (see the module docstring)."""
        return STANDARD.card(card_id)

    @property
    def id(self) -> int:
        """The card's id in the 52-card pack: ``4 * (rank - 1) + suit index``."""
        return self._id

    @property
    def value(self) -> int:
        """The cribbage value: ace 1, pips at face value, court cards 10."""
        return min(self.rank, 10)

    def notation(self, symbols: bool = False) -> str:
        """``'10D'``, or ``'10♦'`` with ``symbols``."""
        suit = SUIT_SYMBOLS[SUITS.index(self.suit)] if symbols else self.suit
        return RANK_NAMES[self.rank - 1] + suit

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


# One instance of each card, in id order: the readers hand these out.
_DECK = tuple(Card(card_id // 4 + 1, SUITS[card_id % 4]) for card_id in range(52))
_CARD_OF = {(card.rank, card.suit): card for card in _DECK}


@dataclass(frozen=True)
class Pack:
    """A pack of cards: its ``ranks`` in id order (low to high, as the pack ranks them),
    the four suits, and ``copies`` of each card.

    ``rank_expected`` is what an error says of a rank the pack does not hold,
    ``example`` a few of its cards for an error to show; ``grouped``, whether
    hands may be written in the suit-grouped layout; ``title`` the pack in words
    (by default ``'32-card piquet pack'``, from its size and name).
    """

    name: str
    ranks: tuple[int, ...]
    copies: int = 1
    rank_expected: str = ""
    example: str = "5H 10D JS"
    grouped: bool = False
    title: str = ""
    cards: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    _ids: dict[Card, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(_CARD_OF[rank, suit] for rank in self.ranks for suit in SUITS)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "_ids", {card: i for i, card in enumerate(cards)})
        if not self.rank_expected:
            names = ", ".join(RANK_NAMES[rank - 1] for rank in self.ranks)
            object.__setattr__(self, "rank_expected", f"the {self.name} pack's ranks are {names}")
        if not self.title:
            object.__setattr__(self, "title", f"{self.size}-card {self.name} pack")

    @property
    def size(self) -> int:
        """How many cards the pack holds, copies counted."""
        return len(self.cards) * self.copies

    def id(self, card: Card) -> int:
        """The card's id in this pack: ``4 * rank index + suit index`` (module docstring)."""
        try:
            return self._ids[card]
        except KeyError:
            raise HandError(f"card {str(card)!r} is not in the {self.name} pack") from None

    def card(self, card_id: int) -> Card:
        """The card of id ``card_id``."""
        if not 0 <= card_id < len(self.cards):
            raise NotationError(f"invalid card id {card_id}: expected 0 to {len(self.cards) - 1}")
        return self.cards[card_id]

    def mask(self, cards: Iterable[Card]) -> int:
        """Distinct cards as a bit mask, the card of id ``i`` at ``1 << i``."""
        mask = 0
        for card in cards:
            mask |= 1 << self.id(card)
        return mask

    def cards_of(self, mask: int) -> list[Card]:
        """The cards of a bit mask, in id order: the inverse of :meth:`mask`."""
        return [card for i, card in enumerate(self.cards) if mask >> i & 1]

    def check(self, cards: Iterable[Card], text: str) -> None:
        """Refuse a card the pack does not hold, quoting ``text``, the input it came from."""
        for card in cards:
            if card not in self._ids:
                names = [RANK_NAMES[rank - 1] for rank in self.ranks]
                raise HandError(
                    f"card {str(card)!r} in {quoted(text)} is outside the {self.title}: "
                    f"ranks are {', '.join(names[:-1])} and {names[-1]}"
                )

    def counts(self, cards: Iterable[Card]) -> list[int]:
        """How many times each card is among ``cards``, by id: a hand of a pack of copies."""
        counts = [0] * len(self.cards)
        for card in cards:
            counts[self.id(card)] += 1
        return counts


STANDARD = Pack(
    "52-card",
    tuple(range(1, 14)),
    rank_expected="rank must be A, 2-10 (or T), J, Q or K",
    title="52-card pack",
)
"""The 52-card pack, ace low: cribbage's, and Cassino's."""

PIQUET = Pack(
    "piquet",
    PIQUET_RANKS,
    rank_expected="piquet's ranks are 7, 8, 9, 10 (or T), J, Q, K and A",
    example="9H 10D JS",
    grouped=True,
)
"""The 32-card piquet pack, seven low, ace high."""


def _glyph(card: Card) -> str:
    """The card's glyph in the playing-card block."""
    return chr(_GLYPH_BASE + 16 * SUITS.index(card.suit) + _GLYPH_COLUMN[card.rank])


def _token_table(ranks: Iterable[int]) -> dict[str, Card]:
    """Every simple token of the cards of ``ranks``: each rank and suit spelling, and the glyph."""
    wanted = set(ranks)
    table = {
        rank + suit: _CARD_OF[rank_number, suit_letter]
        for rank, rank_number in _RANK_SPELLINGS.items()
        if rank_number in wanted
        for suit, suit_letter in _SUIT_SPELLINGS.items()
    }
    table |= {_glyph(card): card for card in _DECK if card.rank in wanted}
    return table


@functools.cache
def _tokens(pack: Pack) -> dict[str, Card]:
    """The token table of ``pack``, built once."""
    return _token_table(pack.ranks)


@functools.cache
def _rank_spellings(pack: Pack) -> dict[str, int]:
    """Every spelling of a rank of ``pack``, for the suit-grouped layout."""
    return {name: rank for name, rank in _RANK_SPELLINGS.items() if rank in pack.ranks}


def card_tokens(pack: Pack | None = None) -> dict[str, Card]:
    """Every simple token of a card of ``pack`` (by default :data:`STANDARD`), mapped to
    its card.

    A simple token is a rank (``A 2-10 T J Q K``, either case) then a suit
    (``S H D C``, either case, or a symbol with or without a variation
    selector), or a card glyph. Any text whose tokens are all simple reads
    as these cards; the general reader is needed only for the rest.
    """
    return dict(_tokens(pack or STANDARD))


def card_key(card: Card) -> int:
    """Sort key: by rank, then suit in the order S H D C."""
    return card._id


def check_hands(
    hands: Sequence[Sequence[Card]], roles: Sequence[str], size: int, game: str, pack: Pack
) -> None:
    """Refuse a deal unless each hand (one per role, in seating order) is of ``pack`` and
    holds ``size`` cards, and no card is dealt more times than the pack holds it, in one
    hand or several. Seat by seat, so the first fault in seating order is the one
    reported; ``game`` names the game in the message on a hand's size."""
    dealt: Counter[Card] = Counter()
    owner: dict[Card, int] = {}
    for seat, hand in enumerate(hands):
        role = roles[seat]
        text = format_cards(hand)
        pack.check(hand, text)
        if len(hand) != size:
            raise HandError(
                f"the {role}'s hand {quoted(text)} has {counted(len(hand), 'card')}: "
                f"a hand of {game} holds {size}"
            )
        for card in hand:
            dealt[card] += 1
            if dealt[card] <= pack.copies:
                owner.setdefault(card, seat)
            elif pack.copies > 1:
                raise HandError(
                    f"card {str(card)!r} is dealt {dealt[card]} times: the {pack.name} pack "
                    f"holds {pack.copies} of each card"
                )
            elif owner[card] == seat:
                raise HandError(f"card {str(card)!r} is twice in the {role}'s hand {quoted(text)}")
            else:
                raise HandError(
                    f"card {str(card)!r} is in both the {roles[owner[card]]}'s "
                    f"and the {role}'s hand: each card is dealt once"
                )


def notations(cards: Iterable[Card]) -> list[str]:
    """The cards as data write them, each its notation: ``['10D', 'JS']``."""
    return [card._text for card in cards]


def format_cards(cards: Iterable[Card], symbols: bool = False) -> str:
    """Write cards as space-separated tokens, readable again by :func:`parse_cards`."""
    return " ".join(card.notation(symbols) for card in cards)


def parse_cards(text: str, pack: Pack | None = None) -> list[Card]:
    """Read a list of cards of ``pack`` (by default :data:`STANDARD`) in any notation of
    the module docstring, each card at most as many times as the pack holds it.

    The suit-grouped layout is read for the packs that allow it. Raises
    :class:`NotationError` for a token that is no card of the pack (its
    error naming the pack's ranks) and :class:`HandError` for a card given
    more times than the pack holds or for no cards at all.
    """
    pack = pack or STANDARD
    cards = _simple_tokens(text, _tokens(pack))
    if cards and _within_copies(cards, pack):
        return cards
    return _read_cards(text, text, pack)


def parse_hand(text: str) -> tuple[list[Card], Card | None]:
    """Read ``'5H 5S 5C JD / 5D'`` as the hand and the starter after the slash.

    Without a slash the starter is ``None``; a slash must be followed by
    exactly one card.
    """
    hand_text, slash, starter_text = text.partition("/")
    table = _tokens(STANDARD)
    hand = _simple_tokens(hand_text, table)
    starter = _simple_tokens(starter_text, table) if slash else []
    wanted = 1 if slash else 0
    if hand and starter is not None and len(starter) == wanted and _distinct(hand + starter):
        return hand, starter[0] if starter else None
    return _read_hand(text)


def reference_parse_cards(text: str, pack: Pack | None = None) -> list[Card]:
    """:func:`parse_cards` by the general reader alone, without the table of simple
    tokens: its readable twin, giving the same cards and the same errors."""
    return _read_cards(text, text, pack or STANDARD)


def reference_parse_hand(text: str) -> tuple[list[Card], Card | None]:
    """:func:`parse_hand` by the general reader alone: its readable twin."""
    return _read_hand(text)


def split_tokens(text: str) -> list[str]:
    """Split on spaces and commas, each card glyph a token of its own."""
    return [token for token in _SEPARATORS.split(_GLYPH.sub(r" \1 ", text)) if token]


def token_problem(token: str, pack: Pack | None = None) -> str | None:
    """Why ``token`` is no card of ``pack`` (by default :data:`STANDARD`), as its error says
    it; ``None`` if it is one.

    A card outside the pack (the 5 in piquet) is refused for its rank.
    """
    pack = pack or STANDARD
    if token in _tokens(pack):
        return None
    if len(token) == 1 and ord(token) >= _GLYPH_BASE:
        return _glyph_problem(token, pack)
    cut = 2 if token[-1:] in _SELECTORS else 1
    rank, suit = token[:-cut], token[-cut:]
    if not rank:
        return _SHAPE_EXPECTED
    if suit not in _SUIT_SPELLINGS:
        return _SUIT_EXPECTED
    return pack.rank_expected


def _glyph_problem(glyph: str, pack: Pack) -> str:
    """What is wrong with a character past the playing-card block's start."""
    row, column = divmod(ord(glyph) - _GLYPH_BASE, 16)
    if column == 12 and row < 4:
        return "the knight is in no pack of these games"
    if row < 4 and column in _GLYPH_COLUMN.values():
        return pack.rank_expected
    return "expected a playing-card glyph from U+1F0A1 to U+1F0DE, ace to king"


def _simple_tokens(text: str, table: dict[str, Card]) -> list[Card] | None:
    """The cards of ``text`` when every token is a simple token of ``table``, else ``None``."""
    try:
        return [table[token] for token in text.replace(",", " ").split()]
    except KeyError:
        return None


def _distinct(cards: list[Card]) -> bool:
    """No card twice; the tables hold one instance of each card, so identity decides."""
    return len(set(map(id, cards))) == len(cards)


def _within_copies(cards: list[Card], pack: Pack) -> bool:
    """No card more times than ``pack`` holds it."""
    if pack.copies == 1:
        return _distinct(cards)
    return max(Counter(map(id, cards)).values()) <= pack.copies


def _read_hand(text: str) -> tuple[list[Card], Card | None]:
    """The general reader of :func:`parse_hand`."""
    if text.count("/") > 1:
        raise NotationError(f"more than one '/' in {quoted(text)}: expected 'HAND / STARTER'")
    hand_text, slash, starter_text = text.partition("/")
    hand = _read_cards(hand_text, text, STANDARD)
    if not slash:
        return hand, None
    starter = [_read_token(token, text, STANDARD) for token in split_tokens(starter_text)]
    if len(starter) != 1:
        raise HandError(
            f"{counted(len(starter), 'card')}"
            f" after '/' in {quoted(text)}: expected exactly one starter"
        )
    _check_copies([*hand, *starter], text, STANDARD)
    return hand, starter[0]


def _read_cards(part: str, text: str, pack: Pack) -> list[Card]:
    """The general reader of :func:`parse_cards`, for ``part`` of the input ``text``
    (quoted in errors)."""
    tokens = split_tokens(part)
    if not tokens:
        raise HandError(f"no cards in {quoted(text)}: expected cards such as '{pack.example}'")
    grouped = ":" in part or ";" in part or _opens_group(tokens[0]) is not None
    if pack.grouped and grouped:
        cards = _read_grouped(part, text, pack)
    else:
        cards = [_read_token(token, text, pack) for token in tokens]
    _check_copies(cards, text, pack)
    return cards


def _read_token(token: str, text: str, pack: Pack) -> Card:
    """One card of ``pack`` from one token of the input ``text``."""
    card = _tokens(pack).get(token)
    if card is None:
        raise NotationError(
            f"invalid card {quoted(token)} in {quoted(text)}: {token_problem(token, pack)}"
        )
    return card


def _check_copies(cards: list[Card], text: str, pack: Pack) -> None:
    """Refuse the first card that appears more times in ``cards`` than ``pack`` holds it."""
    seen: Counter[Card] = Counter()
    for card in cards:
        seen[card] += 1
        if seen[card] <= pack.copies:
            continue
        if pack.copies == 1:
            raise HandError(
                f"duplicate card {str(card)!r} in {quoted(text)}: each card can appear once"
            )
        raise HandError(
            f"card {str(card)!r} given {seen[card]} times in {quoted(text)}: the {pack.name} "
            f"pack holds {pack.copies} of each card"
        )


def _opens_group(token: str) -> tuple[str, str] | None:
    """The suit a token of the grouped layout opens and the rank stuck to it
    (``''`` if none), or ``None`` when the token opens no group."""
    suit = _SUIT_SPELLINGS.get(token)
    if suit is not None:
        return suit, ""
    stuck = _STUCK_SUIT.fullmatch(token)
    if stuck is None:
        return None
    return _SUIT_SPELLINGS[stuck[1]], stuck[2]


def _read_grouped(part: str, text: str, pack: Pack) -> list[Card]:
    """Read ``♡ A K Q J: ♣ A K Q``: a suit opens a group, the ranks after it are its cards.

    A suit is a letter or symbol on its own, or a symbol stuck to the group's
    first rank (``♡A``); spaces, commas, colons and semicolons all separate.
    """
    cards: list[Card] = []
    suit: str | None = None
    for token in _GROUP_SEPARATORS.split(_GLYPH.sub(r" \1 ", part)):
        opening = _opens_group(token)
        if opening is not None:
            suit, token = opening
        if not token:
            continue
        if suit is None:
            raise NotationError(
                f"invalid suit {quoted(token)} in {quoted(text)}: each group must open with "
                "a suit, as in '♡ A K Q: ♣ 10 9'"
            )
        rank = _rank_spellings(pack).get(token)
        if rank is None:
            raise NotationError(
                f"invalid rank {quoted(token)} in {quoted(text)}: {pack.rank_expected}"
            )
        cards.append(_CARD_OF[rank, suit])
    if not cards:
        raise HandError(f"no cards in {quoted(text)}: expected ranks after each suit")
    return cards
