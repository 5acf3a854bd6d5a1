"""Numba kernels of the show: int arrays in, numbers out.

A card is its id 0..51 of the 52-card pack (:mod:`cribcount.cards`), so
``id >> 2`` is the rank index 0..12 (ace to king) and ``id & 3`` the suit
(0 S, 1 H, 2 D, 3 C).

The show splits into a part that depends on the ranks alone (fifteens,
pairs, runs) and the two parts that look at suits (flush, nobs). The rank
part of four and five cards is read from tables indexed by the ranks in
base 13, in any order (:func:`rank_table`, built once a process by
:func:`rank_tables`); the suit parts are counted in closed form.
:mod:`cribcount.cribbage.score` is the readable twin of :func:`hand_points`.
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from cribcount.jit import kernel

IntArray = npt.NDArray[np.int64]

RANKS = 13
JACK = 10
"""Rank index of the jack."""
MAX_POINTS = 64
"""Bins of a score histogram: above every show of up to 5 cards and a starter."""


@kernel
def rank_points(ranks: IntArray, n: int) -> int:
    """Fifteens, pairs and runs of the ``n`` cards whose rank indices open ``ranks``.

    Every set of cards whose values (ace 1, court cards 10) sum to 15 scores
    2; every pair of one rank 2; a maximal stretch of three or more ranks
    scores its length times the product of the counts of its ranks.
    """
    ways = np.zeros(16, np.int64)
    ways[0] = 1
    counts = np.zeros(RANKS + 1, np.int64)
    for i in range(n):
        rank = ranks[i]
        counts[rank] += 1
        value = min(rank + 1, 10)
        for total in range(15, value - 1, -1):
            ways[total] += ways[total - value]
    points = 2 * ways[15]
    stretch = 0
    product = 1
    for rank in range(RANKS + 1):  # counts[13] stays 0 and closes the last stretch
        count = counts[rank]
        points += count * (count - 1)
        if count:
            stretch += 1
            product *= count
        else:
            if stretch >= 3:
                points += stretch * product
            stretch = 0
            product = 1
    return int(points)


@kernel
def hand_points(cards: IntArray, n: int, starter: int, crib: bool) -> int:
    """The show of the ``n`` cards opening ``cards`` with ``starter``, card by card.

    Flush: the ``n`` cards all of one suit score ``n``, or ``n + 1`` with a
    starter of that suit; in the crib only the ``n + 1``. Nobs: a jack of the
    starter's suit scores 1.
    """
    ranks = np.empty(n + 1, np.int64)
    for i in range(n):
        ranks[i] = cards[i] >> 2
    ranks[n] = starter >> 2
    points = rank_points(ranks, n + 1)
    suit = cards[0] & 3
    flush = True
    for i in range(n):
        if cards[i] & 3 != suit:
            flush = False
        if cards[i] >> 2 == JACK and cards[i] & 3 == starter & 3:
            points += 1
    if flush:
        if starter & 3 == suit:
            points += n + 1
        elif not crib:
            points += n
    return int(points)


@kernel
def rank_table(n: int) -> npt.NDArray[np.int8]:
    """:func:`rank_points` of every ``n`` ranks, at the ranks' base-13 number (any order)."""
    size = RANKS**n
    table = np.zeros(size, np.int8)
    ranks = np.zeros(n, np.int64)
    for code in range(size):
        rest = code
        for i in range(n - 1, -1, -1):
            ranks[i] = rest % RANKS
            rest //= RANKS
        table[code] = rank_points(ranks, n)
    return table


@kernel
def distribution(table5: npt.NDArray[np.int8]) -> tuple[IntArray, IntArray]:
    """How many of the C(52,4) * 48 (4-card hand, starter) pairs score each total.

    Returns the histograms under hand rules and under crib rules, which
    differ only in the four-card flush.
    """
    hand = np.zeros(MAX_POINTS, np.int64)
    crib = np.zeros(MAX_POINTS, np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    code = (((a >> 2) * RANKS + (b >> 2)) * RANKS + (c >> 2)) * RANKS + (d >> 2)
                    suit = a & 3
                    flush = b & 3 == suit and c & 3 == suit and d & 3 == suit
                    for s in range(52):
                        if s in (a, b, c, d):
                            continue
                        points = np.int64(table5[code * RANKS + (s >> 2)])
                        for card in (a, b, c, d):
                            if card >> 2 == JACK and card & 3 == s & 3:
                                points += 1
                        if flush and s & 3 == suit:
                            hand[points + 5] += 1
                            crib[points + 5] += 1
                        elif flush:
                            hand[points + 4] += 1
                            crib[points] += 1
                        else:
                            hand[points] += 1
                            crib[points] += 1
    return hand, crib


@functools.cache
def rank_tables() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The rank part of the show of every 4 and every 5 ranks, built once a process."""
    return rank_table(4), rank_table(5)
