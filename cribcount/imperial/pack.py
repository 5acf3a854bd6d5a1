"""Impérial's cards: the 32-card pack, the order in play, the honours, the
pip values of the point, and the deal read and checked.

The pack holds 32 cards, the 7 to the ace of each suit. Twelve cards to each
player, the elder and the younger (who dealt); the twenty-fifth card is
turned up, its suit is trumps, and it belongs to neither hand. In play the
cards rank K Q J A 10 9 8 7, the ace below the jack; the K, Q, J, A and 7
of trumps are the honours. For the point the cards count as in piquet: the
ace 11, the king, queen and jack 10, the others their face value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cribcount.cards import (
    PIQUET,
    SUITS,
    Card,
    check_hands,
    parse_cards,
    split_tokens,
    token_problem,
)
from cribcount.errors import HandError, NotationError, quoted
from cribcount.words import counted

TITLE = "Impérial"
"""The game's name in text and data."""

ROLES = ("elder", "younger")
"""The two players, in the order they declare: the elder, who leads, and
the younger, who dealt."""

HAND_SIZE = 12
"""Cards dealt to each player."""

PLAY_ORDER = (13, 12, 11, 1, 10, 9, 8, 7)
"""The ranks (ace 1, jack 11, queen 12, king 13) in play, the best first: K Q J A 10 9 8 7."""

HONOUR_RANKS = (13, 12, 11, 1, 7)
"""The honours of trumps: king, queen, jack, ace and seven."""

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

RANK_WORDS = {13: "king", 12: "queen", 11: "jack", 1: "ace", 10: "ten", 9: "nine"}
RANK_WORDS |= {8: "eight", 7: "seven"}


def other(role: str) -> str:
    """The adversary of ``role``: the younger's is the elder, the elder's the younger."""
    return "younger" if role == "elder" else "elder"


def imperial_rank(card: Card) -> int:
    """The card's strength in play, K 8, Q 7, J 6, A 5, 10 4, 9 3, 8 2, 7 1."""
    return len(PLAY_ORDER) - PLAY_ORDER.index(card.rank)


def play_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` grouped by suit (S H D C), each suit in the order K Q J A 10 9 8 7."""
    return tuple(sorted(cards, key=lambda card: (SUITS.index(card.suit), -imperial_rank(card))))


def is_honour(card: Card, trump: str) -> bool:
    """Whether ``card`` is an honour: the K, Q, J, A or 7 of the ``trump`` suit."""
    return card.suit == trump and card.rank in HONOUR_RANKS


def pip_value(card: Card) -> int:
    """The card's worth in the point: ace 11, king, queen and jack 10, the others face value."""
    return 11 if card.rank == 1 else min(card.rank, 10)


# -- the deal ---------------------------------------------------------------------


def read_hand(text: str, owner: str = "hand") -> tuple[Card, ...]:
    """Read ``owner``'s twelve cards: tokens of the 32-card pack, or the
    suit-grouped layout (``♡ A K Q J: ♣ A K Q``), as :func:`parse_cards`
    reads them for the piquet pack. Refuses cards below the 7, their error
    naming the pack's ranks, and any number of cards but twelve."""
    if not text.strip():
        raise HandError(f"no cards for {owner}: expected cards such as '9H 10D JS'")
    cards = parse_cards(text, PIQUET)
    if len(cards) != HAND_SIZE:
        raise HandError(
            f"{owner} {quoted(text)} has {counted(len(cards), 'card')}: expected {HAND_SIZE}"
        )
    return tuple(cards)


def read_turn_up(text: str) -> Card:
    """Read the turn-up: one card of the 32-card pack, ``'10H'``."""
    cards = parse_cards(text, PIQUET) if text.strip() else []
    if len(cards) != 1:
        raise HandError(f"turn-up {quoted(text)}: expected one card, such as '10H'")
    return cards[0]


def read_played(text: str) -> tuple[Card, ...]:
    """Read the cards played, in order, as tokens or card glyphs; a card may be
    written twice here (the play says where it was played first). An
    unreadable token is named with its trick, two cards a trick."""
    played = []
    for index, token in enumerate(split_tokens(text)):
        problem = token_problem(token, PIQUET)
        if problem is not None:
            raise NotationError(
                f"invalid card {quoted(token)} in trick {index // 2 + 1}: {problem}"
            )
        played.append(parse_cards(token, PIQUET)[0])
    return tuple(played)


def check_deal(
    elder: Sequence[Card], younger: Sequence[Card], turn_up: Card
) -> dict[str, tuple[Card, ...]]:
    """The two hands by role, once checked: every card of the 32-card pack,
    twelve to each hand, no card dealt twice (in one hand or in both), and
    the turn-up in neither. The elder's hand is checked first, so his fault
    is the one reported."""
    hands = {"elder": tuple(elder), "younger": tuple(younger)}
    PIQUET.check([turn_up], str(turn_up))
    check_hands(list(hands.values()), list(hands), HAND_SIZE, TITLE, PIQUET)
    owner = {card: role for role, hand in hands.items() for card in hand}
    if turn_up in owner:
        raise HandError(
            f"the turn-up {turn_up} is in the {owner[turn_up]}'s hand: it is the twenty-fifth "
            "card, dealt to neither player"
        )
    return hands
