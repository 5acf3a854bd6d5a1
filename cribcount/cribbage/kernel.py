"""Numba kernels of the show and of the lay-out analysis: int arrays in, numbers out.

A card is its id 0..51, rank-major, so ``id >> 2`` is the rank index 0..12
(ace to king) and ``id & 3`` the suit (0 S, 1 H, 2 D, 3 C)::

            S   H   D   C
        A   0   1   2   3
        2   4   5   6   7
        ...
        J  40  41  42  43
        K  48  49  50  51

The show splits into a part that depends on the ranks alone (fifteens,
pairs, runs) and the two parts that look at suits (flush, nobs). The rank
part of four and five cards is read from tables indexed by the ranks in
base 13, in any order (:func:`rank_table`); the suit parts are counted in
closed form. The lay-out analysis therefore enumerates the unseen cards
that complete the crib by rank, each multiset of ranks weighted by the
number of ways the unseen cards can make it, instead of card by card.

:func:`naive_layout_totals` is the straightforward card-by-card
enumeration of the same quantities, kept as the reference that checks and
times the fast path. :mod:`cribcount.cribbage.score` is the readable twin
of :func:`hand_points`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from cribcount.cribbage.games import CRIB_SIZE

IntArray = npt.NDArray[np.int64]

RANKS = 13
JACK = 10
"""Rank index of the jack."""
MAX_POINTS = 64
"""Bins of a score histogram: above every show of up to 5 cards and a starter."""


def _kernel(func: Callable[..., Any]) -> Any:
    """``numba.njit(cache=True)``; without the disk cache where no cache directory is writable."""
    try:
        return numba.njit(cache=True)(func)
    except RuntimeError:  # numba found no writable place for its cache
        return numba.njit(func)


@_kernel
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


@_kernel
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


@_kernel
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


@_kernel
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


@_kernel
def _choose(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


@_kernel
def _unseen(dealt: IntArray) -> npt.NDArray[np.bool_]:
    unseen = np.ones(52, np.bool_)
    for card in dealt:
        unseen[card] = False
    return unseen


@_kernel
def _rank_multisets(unseen: npt.NDArray[np.bool_], q: int) -> tuple[IntArray, IntArray]:
    """Every multiset of ``q`` ranks the unseen cards can make, by base-13 number.

    Its weight is the number of ways to take ``q`` unseen cards with those
    ranks (a product of binomials over the ranks) times ``q``, the choices of
    which card is the starter: the number of (crib filling, starter) pairs
    whose ranks make the multiset.
    """
    available = np.zeros(RANKS, np.int64)
    for card in range(52):
        if unseen[card]:
            available[card >> 2] += 1
    most = _choose(RANKS + q - 1, q)  # multisets of q ranks
    codes = np.zeros(most, np.int64)
    weights = np.zeros(most, np.int64)
    size = 0
    ranks = np.zeros(q, np.int64)
    while True:
        weight = q
        run = 1
        for i in range(q):
            if i + 1 < q and ranks[i + 1] == ranks[i]:
                run += 1
            else:
                weight *= _choose(available[ranks[i]], run)
                run = 1
        if weight:
            code = 0
            for i in range(q):
                code = code * RANKS + ranks[i]
            codes[size] = code
            weights[size] = weight
            size += 1
        # next non-decreasing tuple
        j = q - 1
        while j >= 0 and ranks[j] == RANKS - 1:
            j -= 1
        if j < 0:
            break
        ranks[j] += 1
        for i in range(j + 1, q):
            ranks[i] = ranks[j]
    return codes[:size], weights[:size]


@_kernel
def layout_totals(
    dealt: IntArray,
    discards: IntArray,
    keeps: IntArray,
    table4: npt.NDArray[np.int8],
    table5: npt.NDArray[np.int8],
) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray]:
    """Exact totals for each lay-out (row of ``discards``, kept cards in ``keeps``).

    Returns, per lay-out: the sum of the hand's show over every unseen
    starter, the hand's least and greatest show, how many starters give each
    show, and the sum of the crib's show over every (filling, starter) pair:
    the crib's other ``4 - m`` cards any unseen cards, the starter any other
    unseen card. The crib's flush counts when the lay-out is of one suit and
    the other crib cards and the starter are all of that suit; its nobs when
    the jack of the starter's suit is in the lay-out, or unseen and among the
    other crib cards.
    """
    options, m = discards.shape
    k = keeps.shape[1]
    unseen = _unseen(dealt)
    n_unseen = 52 - dealt.shape[0]
    u = CRIB_SIZE - m
    q = u + 1
    suit_unseen = np.zeros(4, np.int64)
    rank_unseen = np.zeros(RANKS, np.int64)
    for card in range(52):
        if unseen[card]:
            suit_unseen[card & 3] += 1
            rank_unseen[card >> 2] += 1
    codes, weights = _rank_multisets(unseen, q)
    shift = RANKS**q

    hand_total = np.zeros(options, np.int64)
    hand_min = np.zeros(options, np.int64)
    hand_max = np.zeros(options, np.int64)
    hand_counts = np.zeros((options, MAX_POINTS), np.int64)
    crib_total = np.zeros(options, np.int64)
    by_rank = np.zeros(RANKS, np.int64)
    ranks = np.zeros(k + 1, np.int64)
    for option in range(options):
        # the hand: the rank part once per starter rank, then flush and nobs per card
        code = 0
        for i in range(k):
            code = code * RANKS + (keeps[option, i] >> 2)
            ranks[i] = keeps[option, i] >> 2
        for rank in range(RANKS):
            if rank_unseen[rank] == 0:
                continue
            if k == 3:
                by_rank[rank] = table4[code * RANKS + rank]
            elif k == 4:
                by_rank[rank] = table5[code * RANKS + rank]
            else:
                ranks[k] = rank
                by_rank[rank] = rank_points(ranks, k + 1)
        suit = keeps[option, 0] & 3
        flush = True
        nobs = np.zeros(4, np.int64)
        for i in range(k):
            card = keeps[option, i]
            if card & 3 != suit:
                flush = False
            if card >> 2 == JACK:
                nobs[card & 3] = 1
        low = MAX_POINTS
        high = 0
        total = 0
        for starter in range(52):
            if not unseen[starter]:
                continue
            points = by_rank[starter >> 2] + nobs[starter & 3]
            if flush:
                points += k + 1 if starter & 3 == suit else k
            total += points
            low = min(low, points)
            high = max(high, points)
            hand_counts[option, points] += 1
        hand_total[option] = total
        hand_min[option] = low
        hand_max[option] = high

        # the crib: the rank part by multisets of unseen ranks, flush and nobs in closed form
        base = 0
        for i in range(m):
            base = base * RANKS + (discards[option, i] >> 2)
        base *= shift
        crib = 0
        for i in range(codes.shape[0]):
            crib += weights[i] * table5[base + codes[i]]
        suit = discards[option, 0] & 3
        one_suit = True
        for i in range(m):
            if discards[option, i] & 3 != suit:
                one_suit = False
        if one_suit:
            crib += (CRIB_SIZE + 1) * q * _choose(suit_unseen[suit], q)
        for s in range(4):
            jack = 4 * JACK + s
            laid_out = False
            for i in range(m):
                if discards[option, i] == jack:
                    laid_out = True
            if laid_out:
                crib += suit_unseen[s] * _choose(n_unseen - 1, u)
            elif unseen[jack]:
                crib += (suit_unseen[s] - 1) * _choose(n_unseen - 2, u - 1)
        crib_total[option] = crib
    return hand_total, hand_min, hand_max, hand_counts, crib_total


@_kernel
def naive_layout_totals(
    dealt: IntArray, discards: IntArray, keeps: IntArray
) -> tuple[IntArray, IntArray]:
    """The hand and crib totals of :func:`layout_totals`, scoring every card case.

    Every starter for the hand; every set of unseen cards filling the crib
    with every other unseen card as starter. Slow and plain: the reference.
    """
    options, m = discards.shape
    k = keeps.shape[1]
    u = CRIB_SIZE - m
    unseen = _unseen(dealt)
    pool = np.zeros(52 - dealt.shape[0], np.int64)
    size = 0
    for card in range(52):
        if unseen[card]:
            pool[size] = card
            size += 1
    hand_total = np.zeros(options, np.int64)
    crib_total = np.zeros(options, np.int64)
    crib = np.zeros(CRIB_SIZE, np.int64)
    picks = np.zeros(u, np.int64)
    for option in range(options):
        for starter in pool:
            hand_total[option] += hand_points(keeps[option], k, starter, False)
        for i in range(m):
            crib[i] = discards[option, i]
        for i in range(u):
            picks[i] = i
        while True:
            for i in range(u):
                crib[m + i] = pool[picks[i]]
            for starter in pool:
                fresh = True
                for i in range(u):
                    if crib[m + i] == starter:
                        fresh = False
                if fresh:
                    crib_total[option] += hand_points(crib, CRIB_SIZE, starter, True)
            # next u-subset of the pool, in lexicographic order
            j = u - 1
            while j >= 0 and picks[j] == size - u + j:
                j -= 1
            if j < 0:
                break
            picks[j] += 1
            for i in range(j + 1, u):
                picks[i] = picks[i - 1] + 1
    return hand_total, crib_total
