"""Conquian's combinations: sequences, triplets and fours, as cards and as bit masks.

- A **sequence** is three or more cards of one suit next to each other in
  the pack's order (in the Spanish pack ``6H 7H JH``, the 7 being next below
  the jack); the ace is never next to the king.
- A **triplet** is three cards of one rank, a **four** all four.

A combination on the table may grow, a sequence at either end, a triplet to
a four; and cards may be **borrowed** from it for a combination made in the
same play: one card of a four for a sequence (three stay, a triplet), and
the card at either end of a sequence of four or more for a triplet (of five
or more, one after the other; three always stay, and no card from inside).

The search works on bit masks of the pack's ids (:mod:`~cribcount.conquian.pack`):
a rank is a nibble, a suit every fourth bit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise

from cribcount.cards import Card, Pack, notations
from cribcount.conquian.pack import ConquianError, describe, read_cards
from cribcount.errors import quoted

KINDS = ("sequence", "triplet", "four")

_EXPECTED = (
    "expected a sequence of three or more cards of one suit in order, or three or four of a rank"
)


def bits(mask: int) -> Iterator[int]:
    """The ids of a mask's cards, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def kind_of(mask: int) -> str | None:
    """The combination the cards of ``mask`` make, or ``None``: ``'four'`` or
    ``'triplet'`` for three or four of a rank, ``'sequence'`` for three or more of one
    suit whose ids step by four (next to each other in the pack's order)."""
    ids = list(bits(mask))
    if len(ids) < 3:
        return None
    if all(i >> 2 == ids[0] >> 2 for i in ids):
        return "four" if len(ids) == 4 else "triplet"
    if all(later - earlier == 4 for earlier, later in pairwise(ids)):
        return "sequence"
    return None


@dataclass(frozen=True)
class Combination:
    """A combination: its ``cards`` in the pack's order (a sequence low to high, a rank's
    cards in the order S H D C) and its ``kind``, ``sequence``, ``triplet`` or ``four``."""

    cards: tuple[Card, ...]
    kind: str

    def to_json(self) -> list[str]:
        """The cards, as data write them: ``['4H', '5H', '6H']``."""
        return notations(self.cards)

    def __str__(self) -> str:
        return " ".join(notations(self.cards))


def combination(mask: int, pack: Pack) -> Combination:
    """The combination of ``mask``'s cards, which must make one."""
    kind = kind_of(mask)
    if kind is None:
        raise ConquianError(f"{describe(pack.cards_of(mask))} is no combination: {_EXPECTED}")
    return Combination(tuple(pack.cards_of(mask)), kind)


def read_table(text: str, pack: Pack, whose: str) -> tuple[Combination, ...]:
    """A table's combinations, written as cards separated by ``|``
    (``'4H 5H 6H | 7C 7D 7S'``); ``whose`` (``'the table'``) names it in errors. An empty
    text is an empty table."""
    if not text.strip():
        return ()
    found = []
    for part in text.split("|"):
        cards = read_cards(part, pack, whose)
        if not cards:
            raise ConquianError(
                f"an empty combination in {whose} {quoted(text)}: expected cards between the '|'"
            )
        mask = pack.mask(cards)
        if kind_of(mask) is None:
            raise ConquianError(f"{quoted(part.strip())} in {whose} is no combination: {_EXPECTED}")
        found.append(Combination(cards, kind_of(mask) or ""))
    return tuple(found)


def within(mask: int, ranks: int) -> list[int]:
    """Every combination among the cards of ``mask``, in a pack of ``ranks`` ranks: each
    run of three or more of a suit inside a longer one too, each triplet inside a four."""
    found = []
    for suit in range(4):
        run: list[int] = []
        for rank in range(ranks + 1):
            bit = 1 << (4 * rank + suit) if rank < ranks else 0
            if mask & bit:
                run.append(bit)
                continue
            for start in range(len(run) - 2):
                piece = run[start] | run[start + 1]
                for end in range(start + 2, len(run)):
                    piece |= run[end]
                    found.append(piece)
            run = []
    for rank in range(ranks):
        nibble = mask >> (4 * rank) & 15
        if nibble.bit_count() < 3:
            continue
        whole = nibble << (4 * rank)
        if nibble == 15:
            found.append(whole)
            found.extend(whole ^ (1 << (4 * rank + suit)) for suit in range(4))
        else:
            found.append(whole)
    return found


def lendable(mask: int, kind: str) -> list[tuple[int, int]]:
    """The ways to borrow from a combination on the table, each ``(cards lent to a
    sequence, cards lent to a triplet)``, lending nothing first: any one card of a four,
    for a sequence; from a sequence of four or more, cards from either end or both, three
    always staying, for triplets."""
    ways = [(0, 0)]
    if kind == "four":
        ways += [(1 << i, 0) for i in bits(mask)]
    elif kind == "sequence":
        ids = list(bits(mask))
        for low in range(len(ids) - 2):
            for high in range(len(ids) - 2 - low):
                if low or high:
                    ends = ids[:low] + ids[len(ids) - high :]
                    ways.append((0, sum(1 << i for i in ends)))
    return ways


def table_cards(table: Sequence[Combination], pack: Pack) -> int:
    """The mask of every card of a table's combinations."""
    return pack.mask(card for combo in table for card in combo.cards)
