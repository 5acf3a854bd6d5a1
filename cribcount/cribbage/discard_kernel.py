"""Numba kernels of the lay-out analysis: int arrays in, numbers out.

Cards are ids 0..51 of the 52-card pack, as in
:mod:`cribcount.cribbage.score_kernel`, whose show these kernels count.
The lay-out analysis enumerates the unseen cards that complete the crib by
rank, each multiset of ranks weighted by the number of ways the unseen
cards can make it, instead of card by card. The multisets are the same for
every hand (:func:`multiset_tables` lists them once); only their weights
depend on the cards dealt. Lay-outs laying out the same ranks share the
crib's rank part.

:func:`layout_totals` gives every figure of every lay-out of one hand;
:func:`best_layouts` only the best lay-outs of each of many hands, for a
batch. :func:`reference_layout_totals` is the straightforward card-by-card
enumeration of the same totals, kept as the reference that checks and
times the fast path.
"""

from __future__ import annotations

import functools
from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from cribcount.combinations_kernel import next_combination
from cribcount.cribbage.forms import CRIB_SIZE
from cribcount.cribbage.score_kernel import JACK, MAX_POINTS, RANKS, hand_points
from cribcount.jit import kernel, parallel_kernel

IntArray = npt.NDArray[np.int64]


@kernel
def _choose(n: int, k: int) -> int:
    if k < 0 or k > n:
        return 0
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


@kernel
def _unseen(dealt: IntArray) -> npt.NDArray[np.bool_]:
    unseen = np.ones(52, np.bool_)
    for card in dealt:
        unseen[card] = False
    return unseen


@kernel
def _crib_weights(rank_unseen: IntArray, factors: IntArray) -> IntArray:
    """The weight of each multiset of ``q`` ranks whose factor indices are a row of ``factors``.

    It is the number of ways to take ``q`` unseen cards with those ranks, the
    product over its ranks ``r``, taken ``c`` times, of C(unseen cards of
    rank r, c), times ``q``, the choices of which card is the starter: the
    number of (crib filling, starter) pairs whose ranks make the multiset.
    A row holds ``5 * r + c`` for each of its ranks, padded with 0 (rank 0
    taken no times, a factor 1).
    """
    size, q = factors.shape
    binomials = np.empty(5 * RANKS, np.int64)
    for rank in range(RANKS):
        for count in range(5):
            binomials[5 * rank + count] = _choose(rank_unseen[rank], count)
    weights = np.empty(size, np.int64)
    for i in range(size):
        weight = q
        for j in range(q):
            weight *= binomials[factors[i, j]]
        weights[i] = weight
    return weights


@kernel
def _rank_points_by_starter(ranks: IntArray, k: int, by_rank: IntArray) -> None:
    """:func:`rank_points` of the ``k`` ranks opening ``ranks`` and a starter of each rank.

    The kept cards are counted once: a starter of value ``v`` adds a
    fifteen for each set of kept cards worth ``15 - v``, and a pair with
    each kept card of its rank; only the runs are looked for again.
    """
    ways = np.zeros(16, np.int64)
    ways[0] = 1
    counts = np.zeros(RANKS + 1, np.int64)
    for i in range(k):
        rank = ranks[i]
        counts[rank] += 1
        value = min(rank + 1, 10)
        for total in range(15, value - 1, -1):
            ways[total] += ways[total - value]
    pairs = 0
    for rank in range(RANKS):
        pairs += counts[rank] * (counts[rank] - 1)
    for starter in range(RANKS):
        value = min(starter + 1, 10)
        points = 2 * (ways[15] + ways[15 - value]) + pairs + 2 * counts[starter]
        counts[starter] += 1
        stretch = 0
        product = 1
        for rank in range(RANKS + 1):  # counts[13] stays 0 and closes the last stretch
            if counts[rank]:
                stretch += 1
                product *= counts[rank]
            else:
                if stretch >= 3:
                    points += stretch * product
                stretch = 0
                product = 1
        counts[starter] -= 1
        by_rank[starter] = points


@kernel
def hand_row(
    keep: IntArray,
    unseen: npt.NDArray[np.bool_],
    table4: npt.NDArray[np.int8],
    table5: npt.NDArray[np.int8],
    counts: IntArray,
) -> tuple[int, int, int]:
    """The show of the kept cards ``keep`` with every ``unseen`` starter.

    Returns its sum, least and greatest, and adds to ``counts[s]`` one for
    each starter giving the show ``s``. The rank part is looked up once per
    starter rank, the flush and nobs counted per starter.
    """
    k = keep.shape[0]
    by_rank = np.zeros(RANKS, np.int64)
    ranks = np.zeros(k, np.int64)
    code = 0
    for i in range(k):
        code = code * RANKS + (keep[i] >> 2)
        ranks[i] = keep[i] >> 2
    if k == 3 or k == 4:
        table = table4 if k == 3 else table5
        for rank in range(RANKS):
            by_rank[rank] = table[code * RANKS + rank]
    else:
        _rank_points_by_starter(ranks, k, by_rank)
    suit = keep[0] & 3
    flush = True
    nobs = np.zeros(4, np.int64)
    for i in range(k):
        card = keep[i]
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
        counts[points] += 1
    return total, low, high


@kernel
def _fill_totals(
    dealt: IntArray,
    discards: IntArray,
    keeps: IntArray,
    table4: npt.NDArray[np.int8],
    table5: npt.NDArray[np.int8],
    multisets: IntArray,
    factors: IntArray,
    hand_total: IntArray,
    hand_min: IntArray,
    hand_max: IntArray,
    hand_counts: IntArray,
    crib_total: IntArray,
) -> None:
    """Write :func:`layout_totals` of one dealt hand into the given rows."""
    options, m = discards.shape
    unseen = _unseen(dealt)
    n_unseen = 52 - dealt.shape[0]
    u = CRIB_SIZE - m
    q = u + 1
    if factors.shape[1] != q:
        raise ValueError("the multiset table is not of the crib's unseen cards and starter")
    suit_unseen = np.zeros(4, np.int64)
    rank_unseen = np.zeros(RANKS, np.int64)
    for card in range(52):
        if unseen[card]:
            suit_unseen[card & 3] += 1
            rank_unseen[card >> 2] += 1
    weights = _crib_weights(rank_unseen, factors)
    shift = RANKS**q

    bases = np.empty(options, np.int64)
    rank_parts = np.empty(options, np.int64)
    for option in range(options):
        hand_total[option], hand_min[option], hand_max[option] = hand_row(
            keeps[option], unseen, table4, table5, hand_counts[option]
        )

        # the crib: the rank part by multisets of unseen ranks (once for each
        # ranks laid out), flush and nobs in closed form
        base = 0
        for i in range(m):
            base = base * RANKS + (discards[option, i] >> 2)
        base *= shift
        bases[option] = base
        crib = -1
        for earlier in range(option):
            if bases[earlier] == base:
                crib = rank_parts[earlier]
                break
        if crib < 0:
            crib = 0
            for i in range(multisets.shape[0]):
                crib += weights[i] * table5[base + multisets[i]]
        rank_parts[option] = crib
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


@kernel
def layout_totals(
    dealt: IntArray,
    discards: IntArray,
    keeps: IntArray,
    table4: npt.NDArray[np.int8],
    table5: npt.NDArray[np.int8],
    multisets: IntArray,
    factors: IntArray,
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

    ``multisets`` and ``factors`` list every multiset of the ``q = 5 - m``
    ranks of the crib's unseen cards and starter: its ranks' base-13 number,
    and the indices :func:`_crib_weights` reads its weight by.
    """
    options = discards.shape[0]
    hand_total = np.zeros(options, np.int64)
    hand_min = np.zeros(options, np.int64)
    hand_max = np.zeros(options, np.int64)
    hand_counts = np.zeros((options, MAX_POINTS), np.int64)
    crib_total = np.zeros(options, np.int64)
    _fill_totals(
        dealt,
        discards,
        keeps,
        table4,
        table5,
        multisets,
        factors,
        hand_total,
        hand_min,
        hand_max,
        hand_counts,
        crib_total,
    )
    return hand_total, hand_min, hand_max, hand_counts, crib_total


@kernel
def best_layouts(
    dealt: IntArray,
    lay_outs: IntArray,
    kept: IntArray,
    table4: npt.NDArray[np.int8],
    table5: npt.NDArray[np.int8],
    multisets: IntArray,
    factors: IntArray,
) -> tuple[IntArray, IntArray, IntArray]:
    """The best lay-outs of many dealt hands, for the crib's owner and for the other side.

    Each row of ``dealt`` is a hand's card ids in increasing order; a
    lay-out is a row of ``lay_outs``, the positions in the hand of the cards
    laid out, and the same row of ``kept`` the positions of the others. The
    net of a lay-out, times ``starters * fillings`` so that it is an
    integer, is ``hand_total * fillings + crib_total * starters`` for the
    crib's owner (role 1) and ``hand_total * fillings - crib_total *
    starters`` for the other side (role 0), with the totals of
    :func:`layout_totals`.

    Returns, per hand and role: the greatest net; how many lay-outs reach
    it; and those lay-outs' rows, the greater expected hand first, then in
    the order of ``lay_outs`` (the rest of the row is -1).
    """
    hands, n = dealt.shape
    options, m = lay_outs.shape
    k = kept.shape[1]
    starters = 52 - n
    u = CRIB_SIZE - m
    fillings = _choose(starters, u) * (starters - u)
    nets = np.zeros((hands, 2), np.int64)
    counts = np.zeros((hands, 2), np.int64)
    best = np.full((hands, 2, options), -1, np.int64)
    discards = np.empty((options, m), np.int64)
    keeps = np.empty((options, k), np.int64)
    hand_total = np.empty(options, np.int64)
    hand_min = np.empty(options, np.int64)
    hand_max = np.empty(options, np.int64)
    hand_counts = np.zeros((options, MAX_POINTS), np.int64)  # the histograms: not wanted here
    crib_total = np.empty(options, np.int64)
    net = np.empty(options, np.int64)
    for hand in range(hands):
        _take_rows(dealt[hand], lay_outs, kept, discards, keeps)
        _fill_totals(
            dealt[hand],
            discards,
            keeps,
            table4,
            table5,
            multisets,
            factors,
            hand_total,
            hand_min,
            hand_max,
            hand_counts,
            crib_total,
        )
        for role in range(2):
            sign = 1 if role else -1
            top = hand_total[0] * fillings + sign * crib_total[0] * starters
            for option in range(options):
                net[option] = hand_total[option] * fillings + sign * crib_total[option] * starters
                top = max(top, net[option])
            nets[hand, role] = top
            counts[hand, role] = select_best(net, top, hand_total, best[hand, role])
    return nets, counts, best


@parallel_kernel
def layout_totals_many(
    dealt: IntArray,
    lay_outs: IntArray,
    kept: IntArray,
    table4: npt.NDArray[np.int8],
    table5: npt.NDArray[np.int8],
    multisets: IntArray,
    factors: IntArray,
) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """:func:`layout_totals` of many dealt hands at once, but the histograms: the hand's
    total, least and greatest show and the crib's total, each a row per hand.

    ``dealt``, ``lay_outs`` and ``kept`` are as :func:`best_layouts` takes them.
    """
    hands = dealt.shape[0]
    options, m = lay_outs.shape
    k = kept.shape[1]
    hand_total = np.empty((hands, options), np.int64)
    hand_min = np.empty((hands, options), np.int64)
    hand_max = np.empty((hands, options), np.int64)
    crib_total = np.empty((hands, options), np.int64)
    for hand in numba.prange(hands):
        discards = np.empty((options, m), np.int64)
        keeps = np.empty((options, k), np.int64)
        hand_counts = np.zeros((options, MAX_POINTS), np.int64)  # histograms: not wanted here
        _take_rows(dealt[hand], lay_outs, kept, discards, keeps)
        _fill_totals(
            dealt[hand],
            discards,
            keeps,
            table4,
            table5,
            multisets,
            factors,
            hand_total[hand],
            hand_min[hand],
            hand_max[hand],
            hand_counts,
            crib_total[hand],
        )
    return hand_total, hand_min, hand_max, crib_total


@kernel
def _take_rows(
    dealt: IntArray, lay_outs: IntArray, kept: IntArray, discards: IntArray, keeps: IntArray
) -> None:
    """Write into ``discards`` and ``keeps`` the cards of ``dealt`` at the positions of
    each row of ``lay_outs`` and ``kept``."""
    for option in range(lay_outs.shape[0]):
        for i in range(lay_outs.shape[1]):
            discards[option, i] = dealt[lay_outs[option, i]]
        for i in range(kept.shape[1]):
            keeps[option, i] = dealt[kept[option, i]]


@kernel
def select_best(net: Any, top: Any, hand_total: Any, best: IntArray) -> int:
    """Write into ``best`` the lay-outs whose ``net`` is ``top``, the greater
    ``hand_total`` first, equal hands in lay-out order; return how many there are."""
    size = 0
    for option in range(net.shape[0]):
        if net[option] != top:
            continue
        # insertion keeping the greater hand first, equal hands in lay-out order
        place = size
        while place > 0 and hand_total[best[place - 1]] < hand_total[option]:
            best[place] = best[place - 1]
            place -= 1
        best[place] = option
        size += 1
    return size


@kernel
def reference_layout_totals(
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
        picks[:] = np.arange(u)
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
            if not next_combination(picks, size):
                break
    return hand_total, crib_total


@functools.cache
def multiset_tables(q: int) -> tuple[IntArray, IntArray]:
    """Every multiset of ``q`` ranks, as the lay-out kernels read the crib's other cards.

    Returns each multiset's ranks, in increasing order, as a base-13 number;
    and for each a row holding ``5 * r + c`` for each rank ``r`` it holds
    ``c`` times, padded with 0 (rank 0 no times), by which the kernels look
    up the number of ways the unseen cards make it.
    """
    multisets = list(combinations_with_replacement(range(RANKS), q))
    codes = np.zeros(len(multisets), np.int64)
    factors = np.zeros((len(multisets), q), np.int64)
    for row, ranks in enumerate(multisets):
        for rank in ranks:
            codes[row] = codes[row] * RANKS + rank
        for column, (rank, count) in enumerate(Counter(ranks).items()):
            factors[row, column] = 5 * rank + count
    return codes, factors
