"""Using an offered card: every legal way, each discard after it, and passing.

A card turned from the stock, or discarded by the opponent, is never taken
into the hand: the player it is offered to uses it at once or passes it.

- **A use** lays the card down in one combination: it grows one of his
  combinations on the table (the fourth of a triplet; at an end of a
  sequence, with the hand's cards between it and the sequence and any he
  adds beyond it), or makes a new one with cards of his hand, and perhaps
  cards borrowed for it from his table (one card of a four for a sequence,
  the end of a sequence of four or more for a triplet; only a card the
  combination needs).
- **After it** he discards a card of his hand, offered to the opponent as
  if drawn, unless he can lay down every card left: eleven cards down, and
  he goes out and wins.
- **The figures.** Each use is followed by every discard, and each discard
  weighed by the **outs** it leaves (the unseen cards that, offered next,
  would let him go out) and their chance (outs over unseen cards). Ranked
  by going out, then by the outs and their chance; where those tie, by the
  **useful** cards (the unseen cards that, offered next, would let him lay
  down more cards than he then can), then by the fewer cards shown (the
  books advise showing no more than the combination needs). A use's place
  is its best discard's.
- **Passing** keeps the hand as it is: its outs are weighed the same way,
  the card passed no longer unseen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cribcount.cards import Card, notations
from cribcount.conquian.combinations import Combination, bits, combination, kind_of, within
from cribcount.conquian.meld import (
    Force,
    Position,
    by_suit,
    chance,
    check_position,
    forcing,
    outs_of,
)
from cribcount.conquian.search import Way, best_down, goes_out, ways

Table = tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Borrow:
    """A card borrowed from a combination on the table (``source``, as it was)."""

    card: Card
    source: Combination

    def to_json(self) -> dict[str, Any]:
        return {"card": str(self.card), "from": self.source.to_json()}


@dataclass(frozen=True)
class Figures:
    """What a hand is left with: the ``outs``, how many cards are ``unseen``, and the
    ``useful`` cards (unseen cards that, offered next, would lay down more)."""

    outs: tuple[Card, ...]
    unseen: int
    useful: tuple[Card, ...]

    @property
    def chance(self) -> float:
        return chance(len(self.outs), self.unseen)

    def to_json(self) -> dict[str, Any]:
        return {
            "outs": notations(self.outs),
            "chance": self.chance,
            "useful": notations(self.useful),
        }


@dataclass(frozen=True)
class Discard:
    """A discard after a use, the figures it leaves, and whether it ``forces`` (fits a
    combination of the opponent's, so that it may be put on it)."""

    card: Card
    figures: Figures
    forces: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"card": str(self.card), **self.figures.to_json(), "forces": self.forces}


@dataclass(frozen=True)
class Use:
    """A way to use the offered card: the ``combination`` it ends in, the table
    combination it ``grows`` (``None`` for a new one), the cards ``borrowed`` for it,
    the hand's cards ``shown`` in it, whether the player ``goes_out``, and every discard
    after it, the best first (none when he goes out)."""

    combination: Combination
    grows: Combination | None
    borrowed: tuple[Borrow, ...]
    shown: tuple[Card, ...]
    goes_out: bool
    discards: tuple[Discard, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "combination": self.combination.to_json(),
            "grows": None if self.grows is None else self.grows.to_json(),
            "borrowed": [borrow.to_json() for borrow in self.borrowed],
            "shown": notations(self.shown),
            "goes_out": self.goes_out,
            "discards": [discard.to_json() for discard in self.discards],
        }


@dataclass(frozen=True)
class UseAdvice:
    """The ways to use an offered ``card``, the best first, and passing it."""

    position: Position
    card: Card
    uses: tuple[Use, ...]
    passing: Figures
    force: tuple[Force, ...] | None = None

    @property
    def unseen(self) -> int:
        return self.passing.unseen

    @property
    def passing_keeps_more(self) -> bool:
        """Whether passing keeps more outs than the best use (and no use goes out); false
        when the card cannot be used at all."""
        if not self.uses or any(use.goes_out for use in self.uses):
            return False
        best = max((len(d.figures.outs) for use in self.uses for d in use.discards), default=-1)
        return len(self.passing.outs) > best

    def to_json(self) -> dict[str, Any]:
        return {
            **self.position.to_json(),
            "card": str(self.card),
            "unseen": self.unseen,
            "uses": [use.to_json() for use in self.uses],
            "pass": self.passing.to_json(),
            "passing_keeps_more": self.passing_keeps_more,
            "force": None if self.force is None else [force.to_json() for force in self.force],
        }


def _figures(hand: int, table: Table, unseen: int, position: Position) -> Figures:
    ranks, pack = position.ranks, position.pack
    outs = outs_of(hand, table, unseen, ranks)
    base = best_down(hand, table, ranks)
    useful = [
        i
        for i in bits(unseen & _near(hand, table, ranks))
        if best_down(hand | 1 << i, table, ranks) > base
    ]
    return Figures(
        tuple(sorted(pack.cards_of(outs), key=by_suit)),
        unseen.bit_count(),
        tuple(sorted((pack.card(i) for i in useful), key=by_suit)),
    )


def _near(hand: int, table: Table, ranks: int) -> int:
    """The cards that could join something held: its rank, or its suit within two ranks."""
    held = hand
    for mask, _ in table:
        held |= mask
    near = 0
    for i in bits(held):
        near |= 15 << (i & ~3)
        for step in (-8, -4, 4, 8):
            if 0 <= i + step < 4 * ranks:
                near |= 1 << (i + step)
    return near


def _growths(card: int, hand: int, table: Table, ranks: int) -> list[tuple[int, int]]:
    """The ways the card grows a table combination: (index, the cards added, the card
    among them), a sequence by the hand's cards between it and the card and any beyond."""
    found = []
    for index, (mask, kind) in enumerate(table):
        if kind == "triplet" and (15 << (mask.bit_length() - 1 & ~3)) & ~mask == card:
            found.append((index, card))
        elif kind == "sequence":
            have = hand | card
            for step, edge in ((-4, (mask & -mask).bit_length() - 1), (4, mask.bit_length() - 1)):
                added, i = 0, edge + step
                while 0 <= i < 4 * ranks and have >> i & 1:
                    added |= 1 << i
                    if added & card:
                        found.append((index, added))
                    i += step
    return found


def _new(card: int, hand: int, way: Way, ranks: int) -> list[int]:
    """The new combinations of the card with the hand's cards and all the cards ``way``
    lends, each lent card of the kind it may go to and needed."""
    lent = way.lent
    found = []
    for combo in within(hand | card | lent, ranks):
        if not combo & card or combo & lent != lent:
            continue
        if lent:
            sequence = kind_of(combo) == "sequence"
            if lent & (way.to_triplets if sequence else way.to_sequences):
                continue
            if any(kind_of(combo ^ (1 << i)) is not None for i in bits(lent)):
                continue
        found.append(combo)
    return found


def use_card(card: Card, position: Position, force: bool = False) -> UseAdvice:
    """Every legal way to use the offered ``card`` (see the module docstring), each with
    every discard after it, the best first, and the figures of passing it."""
    check_position(position, card)
    pack, ranks = position.pack, position.ranks
    hand = position.hand_mask()
    table = position.table_masks()
    bit = 1 << pack.id(card)
    unseen = position.unseen_mask(card)
    theirs = {pack.mask([f.card]) for f in forcing(position, card)}

    def ending(combo: int, new_table: Table, grows: Combination | None, lent: Way | None) -> Use:
        """The use ending in ``combo`` and leaving ``new_table``, with its discards."""
        rest = hand & ~combo
        borrowed: tuple[Borrow, ...] = ()
        if lent is not None:
            borrowed = tuple(
                Borrow(pack.card(i), position.table[index]) for i, index in lent.lender
            )
        out = goes_out(rest, new_table, ranks)
        discards: tuple[Discard, ...] = ()
        if not out:
            discards = tuple(
                sorted(
                    (
                        Discard(
                            pack.card(i),
                            _figures(rest & ~(1 << i), new_table, unseen, position),
                            (1 << i) in theirs,
                        )
                        for i in bits(rest)
                    ),
                    key=_discard_rank,
                )
            )
        return Use(
            combination(combo, pack),
            grows,
            borrowed,
            tuple(pack.cards_of(combo & hand)),
            out,
            discards,
        )

    uses = []
    for index, added in _growths(bit, hand, table, ranks):
        mask, kind = table[index]
        grown = mask | added
        new_table = (*table[:index], (grown, kind_of(grown) or kind), *table[index + 1 :])
        uses.append(ending(grown, new_table, position.table[index], None))
    for way in ways(hand | bit, table):
        for combo in _new(bit, hand, way, ranks):
            new_table = (*way.cores, (combo, kind_of(combo) or ""))
            uses.append(ending(combo, new_table, None, way if way.lent else None))
    uses.sort(key=_use_rank)
    return UseAdvice(
        position,
        card,
        tuple(uses),
        _figures(hand, table, unseen, position),
        forcing(position, card) if force else None,
    )


def _discard_rank(discard: Discard) -> tuple[int, float, int]:
    figures = discard.figures
    return (-len(figures.outs), -figures.chance, -len(figures.useful))


def _use_rank(use: Use) -> tuple[int, int, float, int, int]:
    if use.goes_out:
        return (0, 0, 0.0, 0, len(use.shown))
    best = _discard_rank(use.discards[0]) if use.discards else (0, 0.0, 0)
    return (1, *best, len(use.shown))
