"""Numba kernels of piquet: the exchange over every draw.

A set of cards is a mask of the piquet pack (:data:`cribcount.cards.PIQUET`):
the card of id ``4 * rank index + suit`` (the seven 0, the ace 7; suits
S H D C) at that bit. One suit's cards are every fourth bit from the
suit's index; :func:`suit_byte` gathers them into a byte, bit ``i`` the
rank ``i`` (7 low, ace high). The point and the sequences lie inside one
suit, so each is read from a table of 256 entries indexed by that byte;
the sets cut across the suits, so each suit's byte gives the count it
adds to every rank from the ten up, three bits a rank, and the four suits'
counts added index a table of the sets
(:func:`cribcount.piquet.exchange.suit_tables` builds every table from the
rules of :mod:`cribcount.piquet.declare`).

What the opponent could hold depends on the cards the player has not seen,
which after an exchange are the 20 unseen at the deal less the cards
taken: the lay-out and the kept cards together are the dealt hand. So the
opponent's best in each category is worked out once a draw
(:func:`opponent_bests`) and shared by every lay-out of that size.

:func:`exchange_histograms` counts every exchange of one hand over every
draw. Its plain Python twin is
:func:`cribcount.piquet.exchange.reference_exchange`, which calls
:func:`~cribcount.piquet.declare.declare` on every hand.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from cribcount.combinations_kernel import next_combination
from cribcount.jit import kernel, parallel_kernel

IntArray = npt.NDArray[np.int64]

BINS = 128
"""Bins of a histogram of points: above anything twelve cards can declare (8 + 32 + 42)."""
CHUNKS = 64
"""Interleaved slices of the exchanges shared out over the cores: the five-card lay-outs,
which take the most draws, fall to every slice alike."""
PARTS = 6
"""Columns of the per-category sums: draws in which the point is good, its points summed
over those draws; the same for the sequences, then the sets."""


@kernel
def suit_byte(mask: int, suit: int) -> int:
    """The cards of ``suit`` in ``mask`` as a byte, bit ``i`` the rank ``i``: the bits
    ``suit``, ``suit + 4``, ... ``suit + 28`` gathered, two, then four, then eight at a time."""
    x = mask >> suit & 0x11111111
    x = (x | x >> 3) & 0x03030303
    x = (x | x >> 6) & 0x000F000F
    return (x | x >> 12) & 0xFF


@kernel
def draw_masks(cards: IntArray, size: int) -> IntArray:
    """Every set of ``size`` of ``cards`` (card ids 0..31) as a mask, in
    lexicographic order of positions in ``cards``."""
    n = cards.shape[0]
    total = 1
    for i in range(size):
        total = total * (n - i) // (i + 1)
    masks = np.empty(total, np.int64)
    chosen = np.arange(size)
    for row in range(total):
        mask = 0
        for i in range(size):
            mask |= 1 << cards[chosen[i]]
        masks[row] = mask
        next_combination(chosen, n)
    return masks


@kernel
def opponent_bests(
    unseen: int,
    draws: IntArray,
    point_key: IntArray,
    run_code: IntArray,
    spread: IntArray,
    set_code: IntArray,
) -> tuple[IntArray, IntArray, IntArray]:
    """The strongest point, sequence and set the opponent could hold after each draw.

    He holds 12 of the cards the player has not seen (``unseen`` less the
    draw), at least 13 of them, so any part of one suit or one rank of them:
    his best point is a whole unseen suit, his best sequence the best run of
    an unseen suit, his best set the best of the unseen ranks. Strengths are
    coded as the tables code them (0: none).
    """
    n = draws.shape[0]
    points = np.empty(n, np.int64)
    runs = np.empty(n, np.int64)
    sets = np.empty(n, np.int64)
    for d in range(n):
        left = unseen & ~draws[d]
        point = 0
        run = 0
        packed = 0
        for suit in range(4):
            cards = suit_byte(left, suit)
            point = max(point, point_key[cards] >> 4)
            run = max(run, run_code[cards])
            packed += spread[cards]
        points[d] = point
        runs[d] = run
        sets[d] = set_code[packed]
    return points, runs, sets


@parallel_kernel
def exchange_histograms(
    keeps: IntArray,
    sizes: IntArray,
    draws: IntArray,
    starts: IntArray,
    opponent_point: IntArray,
    opponent_run: IntArray,
    opponent_set: IntArray,
    point_key: IntArray,
    run_code: IntArray,
    run_points: IntArray,
    spread: IntArray,
    set_code: IntArray,
    set_points: IntArray,
) -> tuple[IntArray, IntArray, IntArray]:
    """For each exchange (the kept cards ``keeps[e]``, taking ``sizes[e]`` cards), over
    every draw of that size (``draws[starts[k]:starts[k + 1]]``): how many draws make
    the hand as held worth each number of points, how many make the declarations
    good against the cards worth each number, and the :data:`PARTS` sums.

    As held, every declaration counts: the point (the strongest suit; of two
    equally strong, the one scoring more), every sequence, every set. Good
    against the cards, a category counts, all of it, when its best is
    stronger than the best the opponent could hold (equal is not enough).
    """
    n = keeps.shape[0]
    held = np.zeros((n, BINS), np.int64)
    good = np.zeros((n, BINS), np.int64)
    parts = np.zeros((n, PARTS), np.int64)
    for chunk in numba.prange(CHUNKS):
        for e in range(chunk, n, CHUNKS):
            keep = keeps[e]
            size = sizes[e]
            point_draws = 0
            point_sum = 0
            run_draws = 0
            run_sum = 0
            set_draws = 0
            set_sum = 0
            for d in range(starts[size], starts[size + 1]):
                hand = keep | draws[d]
                s0 = suit_byte(hand, 0)
                s1 = suit_byte(hand, 1)
                s2 = suit_byte(hand, 2)
                s3 = suit_byte(hand, 3)
                point = max(max(point_key[s0], point_key[s1]), max(point_key[s2], point_key[s3]))
                run = max(max(run_code[s0], run_code[s1]), max(run_code[s2], run_code[s3]))
                runs = run_points[s0] + run_points[s1] + run_points[s2] + run_points[s3]
                packed = spread[s0] + spread[s1] + spread[s2] + spread[s3]
                best_set = set_code[packed]
                sets = set_points[packed]
                point_points = point & 15
                worth = point_points + runs + sets
                count = 0
                if point >> 4 > opponent_point[d]:
                    count += point_points
                    point_draws += 1
                    point_sum += point_points
                if run > opponent_run[d]:
                    count += runs
                    run_draws += 1
                    run_sum += runs
                if best_set > opponent_set[d]:
                    count += sets
                    set_draws += 1
                    set_sum += sets
                held[e, worth] += 1
                good[e, count] += 1
            parts[e, 0] = point_draws
            parts[e, 1] = point_sum
            parts[e, 2] = run_draws
            parts[e, 3] = run_sum
            parts[e, 4] = set_draws
            parts[e, 5] = set_sum
    return held, good, parts
