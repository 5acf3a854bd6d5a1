"""A Conquian hand melded: the arrangements that lay down the most cards, the loose
cards, the outs, and the cards that could be forced on the opponent.

- **Melding.** The cards held, with the player's combinations on the table
  (grown, and lending what the rules of borrowing allow), arranged into
  combinations so as to lay down the most cards; ``down`` counts every card
  that would be on his table, those already there included. Every
  arrangement that ties is given; a card loose in every one of them is
  **loose**.
- **Outs.** A player goes out, and wins, when he lays down eleven cards: an
  offered card used, and every card of his hand laid down with it. The outs
  are the cards still **unseen** (in neither player's hand seen here, on
  neither table, not passed or discarded in sight) that, offered next,
  would let him go out; the chance that the next card turned is one of
  them is the outs over the unseen cards.
- **Forcing.** A card that fits a combination on the opponent's table (the
  card next below or above a sequence, the fourth of a triplet) may be put
  on it by the player, who says "discard": the opponent must use it and
  discard. Those in the player's hand can be forced after he uses a card,
  by discarding onto the opponent's combination; those unseen, when the
  opponent declines one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cribcount.cards import SUITS, Card, Pack, card_key, notations
from cribcount.conquian.combinations import Combination, combination, table_cards
from cribcount.conquian.pack import HAND_SIZE, SPANISH, ConquianError, describe
from cribcount.conquian.search import best_arrangements, final_masks, fits, goes_out
from cribcount.errors import HandError


def by_suit(card: Card) -> tuple[int, int]:
    """Sort key of a hand: by suit (S H D C), then rank, so that sequences read in order."""
    return SUITS.index(card.suit), card_key(card)


@dataclass(frozen=True)
class Position:
    """What a player knows: the ``pack``, his ``hand``, the combinations on his
    ``table`` and on his opponent's (``their_table``), and the cards ``seen`` passed or
    discarded (gone from play). The hand and his table hold ten cards together; the
    hand and the cards seen are kept by suit, then rank."""

    hand: tuple[Card, ...]
    table: tuple[Combination, ...] = ()
    their_table: tuple[Combination, ...] = ()
    seen: tuple[Card, ...] = ()
    pack: Pack = SPANISH

    def __post_init__(self) -> None:
        object.__setattr__(self, "hand", tuple(sorted(self.hand, key=by_suit)))
        object.__setattr__(self, "seen", tuple(sorted(self.seen, key=by_suit)))

    @property
    def ranks(self) -> int:
        return len(self.pack.ranks)

    def hand_mask(self) -> int:
        return self.pack.mask(self.hand)

    def table_masks(self) -> tuple[tuple[int, str], ...]:
        """The player's table combinations as (mask, kind)."""
        return tuple((self.pack.mask(combo.cards), combo.kind) for combo in self.table)

    def unseen_mask(self, *gone: Card) -> int:
        """The cards not in sight: in no hand, on no table, not seen, not among ``gone``."""
        every = (1 << len(self.pack.cards)) - 1
        known = self.hand_mask() | table_cards(self.table, self.pack)
        known |= table_cards(self.their_table, self.pack) | self.pack.mask((*self.seen, *gone))
        return every & ~known

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "conquian",
            "pack": self.pack.name,
            "hand": notations(self.hand),
            "table": [combo.to_json() for combo in self.table],
            "their_table": [combo.to_json() for combo in self.their_table],
            "seen": notations(self.seen),
        }


def check_position(position: Position, offered: Card | None = None) -> None:
    """Refuse a position whose cards are in two places (the hand, either table, the cards
    seen, the card ``offered``) or whose hand and table do not hold ten cards together."""
    places: dict[Card, str] = {}
    groups = [
        ("in the hand", position.hand),
        ("on the table", [card for combo in position.table for card in combo.cards]),
        ("on the opponent's table", [c for combo in position.their_table for c in combo.cards]),
        ("among the cards seen", position.seen),
        ("is the card offered", [offered] if offered is not None else []),
    ]
    for where, cards in groups:
        position.pack.check(cards, " ".join(map(str, cards)))
        for card in cards:
            before = places.setdefault(card, where)
            if before == where and cards.count(card) > 1:
                raise HandError(f"card {str(card)!r} is twice {where}: each card is in one place")
            if before != where:
                raise HandError(
                    f"card {str(card)!r} is {before} and {where}: each card is in one place"
                )
    on_table = sum(len(combo.cards) for combo in position.table)
    held = len(position.hand) + on_table
    if held != HAND_SIZE:
        holds = (
            f"and the table hold {held} cards ({len(position.hand)} and {on_table})"
            if position.table
            else f"holds {held} cards"
        )
        raise ConquianError(
            f"the hand {describe(position.hand)} {holds}: a player holds {HAND_SIZE}, "
            "in his hand and on his table together"
        )


def arrangement(position: Position, masks: Sequence[int]) -> tuple[Combination, ...]:
    """Combinations from masks, ordered by their lowest card."""
    return tuple(combination(mask, position.pack) for mask in sorted(masks, key=lambda m: m & -m))


def chance(outs: int, unseen: int) -> float:
    """Outs over unseen cards (nothing when no card is unseen)."""
    return outs / unseen if unseen else 0.0


def outs_of(hand: int, table: Sequence[tuple[int, str]], unseen: int, ranks: int) -> int:
    """The mask of the unseen cards that, offered next, let ``hand`` go out with ``table``.

    Only a card that would fit something held (the rank of a card held, or its suit
    within two ranks) is tried: no other can be laid down."""
    held = hand
    for mask, _ in table:
        held |= mask
    near = 0
    for i in range(4 * ranks):
        if held >> i & 1:
            near |= 15 << (i & ~3)
            for step in (-8, -4, 4, 8):
                if 0 <= i + step < 4 * ranks:
                    near |= 1 << (i + step)
    found = 0
    candidates = unseen & near
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        if goes_out(hand | low, table, ranks):
            found |= low
    return found


@dataclass(frozen=True)
class Force:
    """A card that can be forced on the opponent: it fits his combination ``on``;
    ``held``, whether the player holds it (else it is unseen)."""

    card: Card
    on: Combination
    held: bool

    def to_json(self) -> dict[str, Any]:
        return {"card": str(self.card), "on": self.on.to_json(), "held": self.held}


def forcing(position: Position, *gone: Card) -> tuple[Force, ...]:
    """The cards that fit the opponent's combinations and are in the player's hand or
    unseen (not among ``gone``), by combination, then card."""
    pack = position.pack
    theirs = tuple((pack.mask(combo.cards), combo.kind) for combo in position.their_table)
    hand = position.hand_mask()
    open_cards = hand | position.unseen_mask(*gone)
    found = [
        Force(pack.cards_of(bit)[0], position.their_table[index], bool(bit & hand))
        for bit, index in fits(theirs, position.ranks)
        if bit & open_cards
    ]
    return tuple(sorted(found, key=lambda f: (position.their_table.index(f.on), pack.id(f.card))))


@dataclass(frozen=True)
class Meld:
    """A hand melded: the ``position``, the cards ``down`` (his table's included), every
    arrangement that lays that many down, the cards ``loose`` in all of them, the
    ``outs`` and how many cards are ``unseen``, and (when asked) the cards that could be
    forced on the opponent."""

    position: Position
    down: int
    arrangements: tuple[tuple[Combination, ...], ...]
    loose: tuple[Card, ...]
    outs: tuple[Card, ...]
    unseen: int
    force: tuple[Force, ...] | None = None

    @property
    def chance(self) -> float:
        """The chance that the next card turned is an out."""
        return chance(len(self.outs), self.unseen)

    def to_json(self) -> dict[str, Any]:
        return {
            **self.position.to_json(),
            "down": self.down,
            "arrangements": [[combo.to_json() for combo in each] for each in self.arrangements],
            "loose": notations(self.loose),
            "outs": notations(self.outs),
            "unseen": self.unseen,
            "chance": self.chance,
            "force": None if self.force is None else [force.to_json() for force in self.force],
        }


def meld(position: Position, force: bool = False) -> Meld:
    """Meld the position's hand with its table (see the module docstring): the most cards
    down, every arrangement doing it, the loose cards, and the outs."""
    check_position(position)
    pack, ranks = position.pack, position.ranks
    hand = position.hand_mask()
    table = position.table_masks()
    gained, found = best_arrangements(hand, table, ranks)
    every: dict[frozenset[int], tuple[Combination, ...]] = {}
    used = 0
    for way, choice in found:
        masks = final_masks(way, choice)
        key = frozenset(masks)
        if key not in every:
            every[key] = arrangement(position, masks)
            for mask in masks:
                used |= mask
    arrangements = sorted(every.values(), key=lambda combos: [pack.mask(c.cards) for c in combos])
    unseen = position.unseen_mask()
    outs = outs_of(hand, table, unseen, ranks)
    on_table = sum(len(combo.cards) for combo in position.table)
    return Meld(
        position,
        on_table + gained,
        tuple(arrangements),
        tuple(sorted(pack.cards_of(hand & ~used), key=by_suit)),
        tuple(sorted(pack.cards_of(outs), key=by_suit)),
        unseen.bit_count(),
        forcing(position) if force else None,
    )
