"""The meld search: the cards a player can lay down, over bit masks.

A player's cards are his hand and the combinations on his table. An
arrangement keeps every table combination down, each perhaps grown (a
sequence at either end, a triplet to a four, by cards of the hand) or lending
cards by the rules of borrowing (:mod:`~cribcount.conquian.combinations`),
and lays down new combinations of the hand's cards with any borrowed ones.
A borrowed card goes into a new combination of the kind it may go to (a
four's card to a sequence, a sequence's end to a triplet), and only where it
is needed: a combination that would be one without it lays nothing more down
by borrowing it, and is no arrangement of its own. The cards down are the
table's and the hand's laid down; the others are loose.

The search takes the ways of borrowing one by one (most tables lend
nothing that the hand can use, and so have one way, lending nothing), and
for each covers the lowest card of what is left first: loose, or in one of
the combinations or growths of which it is the lowest card. Each set of
cards left is searched once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from cribcount.conquian.combinations import bits, kind_of, lendable, within

Table = tuple[tuple[int, str], ...]
"""A table's combinations, each a mask and its kind."""

Piece = tuple[int, int, int]
"""A piece of an arrangement: its cards' mask, the hand's cards in it, and the index of
the table combination it grows (-1 for a new combination)."""

_NONE = -(1 << 30)


@dataclass(frozen=True)
class Way:
    """One way of borrowing: the table combinations as they stay (``cores``, each a mask
    and its kind), the cards lent to new sequences and to new triplets, and which
    combination lent each (by card id, the index in the table)."""

    cores: Table
    to_sequences: int = 0
    to_triplets: int = 0
    lender: tuple[tuple[int, int], ...] = ()

    @property
    def lent(self) -> int:
        return self.to_sequences | self.to_triplets


def _useful(hand: int, to_sequences: int, to_triplets: int) -> bool:
    """Whether each lent card could serve with the hand: a card lent to a sequence needs a
    card of its suit within two ranks of it, one lent to a triplet a card of its rank."""
    for i in bits(to_sequences):
        near = 0
        for step in (-8, -4, 4, 8):
            if i + step >= 0:
                near |= 1 << (i + step)
        if not hand & near:
            return False
    return all(hand >> (i & ~3) & 15 for i in bits(to_triplets))


@lru_cache(maxsize=1 << 16)
def ways(hand: int, table: Table) -> tuple[Way, ...]:
    """The ways of borrowing from ``table`` that could serve ``hand``, lending nothing first."""
    options = []
    for mask, kind in table:
        options.append([way for way in lendable(mask, kind) if _useful(hand, *way)])
    found = []
    for chosen in product(*options):
        cores = tuple(
            (mask & ~(to_seq | to_tri), "triplet" if kind == "four" and to_seq else kind)
            for (mask, kind), (to_seq, to_tri) in zip(table, chosen, strict=True)
        )
        lender = tuple(
            (i, index)
            for index, (to_seq, to_tri) in enumerate(chosen)
            for i in bits(to_seq | to_tri)
        )
        found.append(
            Way(
                cores,
                sum(to_seq for to_seq, _ in chosen),
                sum(to_tri for _, to_tri in chosen),
                lender,
            )
        )
    return tuple(found)


def pieces(hand: int, way: Way, ranks: int) -> dict[int, list[Piece]] | None:
    """Every piece an arrangement of ``hand`` may hold under ``way``, keyed by its lowest
    card's bit; ``None`` when a lent card has no piece to go to."""
    lent = way.lent
    found: dict[int, list[Piece]] = {}
    covered = 0
    for combo in within(hand | lent, ranks):
        own = combo & hand
        if not own:
            continue
        borrowed = combo & lent
        if borrowed:
            sequence = kind_of(combo) == "sequence"
            if borrowed & (way.to_triplets if sequence else way.to_sequences):
                continue
            if any(kind_of(combo ^ (1 << i)) is not None for i in bits(borrowed)):
                continue
            covered |= borrowed
        found.setdefault(combo & -combo, []).append((combo, own.bit_count(), -1))
    if covered != lent:
        return None
    top = 4 * ranks
    for index, (core, kind) in enumerate(way.cores):
        if kind == "triplet":
            fourth = (15 << (core.bit_length() - 1 & ~3)) & ~core
            if fourth & hand:
                found.setdefault(fourth, []).append((fourth, 1, index))
        elif kind == "sequence":
            growth = 0
            i = (core & -core).bit_length() - 1 - 4
            while i >= 0 and hand >> i & 1:
                growth |= 1 << i
                found.setdefault(1 << i, []).append((growth, growth.bit_count(), index))
                i -= 4
            growth = 0
            start = core.bit_length() - 1 + 4
            i = start
            while i < top and hand >> i & 1:
                growth |= 1 << i
                found.setdefault(1 << start, []).append((growth, growth.bit_count(), index))
                i += 4
    return found


def most(rem: int, found: dict[int, list[Piece]], lent: int, memo: dict[int, int]) -> int:
    """The most hand cards of ``rem`` the pieces lay down, every lent card covered
    (a large negative number when that cannot be)."""
    if not rem:
        return 0
    done = memo.get(rem)
    if done is not None:
        return done
    low = rem & -rem
    best = _NONE if low & lent else most(rem ^ low, found, lent, memo)
    for mask, gain, _ in found.get(low, ()):
        if mask & rem == mask:
            best = max(best, gain + most(rem ^ mask, found, lent, memo))
    memo[rem] = best
    return best


def every(
    rem: int,
    found: dict[int, list[Piece]],
    lent: int,
    memo: dict[int, tuple[int, list[tuple[Piece, ...]]]],
) -> tuple[int, list[tuple[Piece, ...]]]:
    """:func:`most` with every choice of pieces that reaches it."""
    if not rem:
        return 0, [()]
    done = memo.get(rem)
    if done is not None:
        return done
    low = rem & -rem
    best: int = _NONE
    choices: list[tuple[Piece, ...]] = []
    if not low & lent:
        best, choices = every(rem ^ low, found, lent, memo)
        choices = list(choices)
    for piece in found.get(low, ()):
        mask, gain, _ = piece
        if mask & rem != mask:
            continue
        value, rest = every(rem ^ mask, found, lent, memo)
        value += gain
        if value > best:
            best, choices = value, []
        if value == best and value > _NONE // 2:
            choices += [(piece, *more) for more in rest]
    memo[rem] = (best, choices)
    return best, choices


def all_down(rem: int, found: dict[int, list[Piece]], memo: dict[int, bool]) -> bool:
    """Whether the pieces can lay down every card of ``rem``."""
    if not rem:
        return True
    done = memo.get(rem)
    if done is not None:
        return done
    low = rem & -rem
    result = any(
        mask & rem == mask and all_down(rem ^ mask, found, memo)
        for mask, _, _ in found.get(low, ())
    )
    memo[rem] = result
    return result


@lru_cache(maxsize=1 << 16)
def best_down(hand: int, table: Table, ranks: int) -> int:
    """The most cards of ``hand`` any arrangement lays down with ``table`` (kept for the
    positions asked again, as the weighing of each discard does)."""
    best = 0
    for way in ways(hand, table):
        found = pieces(hand, way, ranks)
        if found is not None:
            best = max(best, most(hand | way.lent, found, way.lent, {}))
    return best


def best_arrangements(
    hand: int, table: Table, ranks: int
) -> tuple[int, list[tuple[Way, tuple[Piece, ...]]]]:
    """The most cards of ``hand`` laid down, and every way and choice of pieces doing it."""
    best = 0
    found_all: list[tuple[Way, tuple[Piece, ...]]] = []
    for way in ways(hand, table):
        found = pieces(hand, way, ranks)
        if found is None:
            continue
        value, choices = every(hand | way.lent, found, way.lent, {})
        if value > best:
            best, found_all = value, []
        if value == best:
            found_all += [(way, choice) for choice in choices]
    return best, found_all


@lru_cache(maxsize=1 << 16)
def goes_out(hand: int, table: Table, ranks: int) -> bool:
    """Whether every card of ``hand`` can be laid down with ``table``."""
    for way in ways(hand, table):
        found = pieces(hand, way, ranks)
        if found is not None and all_down(hand | way.lent, found, {}):
            return True
    return False


def final_masks(way: Way, choice: Sequence[Piece]) -> list[int]:
    """The combinations of an arrangement as masks: each table combination as it ends
    (what stays of it, grown), then the new ones."""
    grown = [core for core, _ in way.cores]
    new = []
    for mask, _, index in choice:
        if index < 0:
            new.append(mask)
        else:
            grown[index] |= mask
    return grown + new


def fits(table: Table, ranks: int) -> Iterator[tuple[int, int]]:
    """Each card that would grow a combination of ``table``, with its combination's index:
    the card next below and next above a sequence, the fourth of a triplet."""
    for index, (mask, kind) in enumerate(table):
        if kind == "triplet":
            yield (15 << (mask.bit_length() - 1 & ~3)) & ~mask, index
        elif kind == "sequence":
            low = (mask & -mask).bit_length() - 1
            high = mask.bit_length() - 1
            if low >= 4:
                yield 1 << (low - 4), index
            if high + 4 < 4 * ranks:
                yield 1 << (high + 4), index
