"""Numba kernel of the play to the score: the points of the best line, in order.

Seats are 0 (the pone) and 1 (the dealer); hands are counts by rank (ranks 1..13), as
in :mod:`cribcount.cribbage.play_advice_kernel`, whose solver (:func:`value`) weighs
each move. The line is :func:`cribcount.cribbage.play_advice.line`'s: at each turn the
first best rank, the lowest; a go when nothing fits: the best line of the search
(:func:`best_line`), played out by :func:`play_line`.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from cribcount.cribbage.play_advice_kernel import (
    DEPTH,
    MOST_CARDS,
    UNSET,
    WORK,
    best_line,
    play_line,
    value,
)
from cribcount.jit import parallel_kernel

IntArray = npt.NDArray[np.int64]
EVENTS = 32
"""More than the points of any play: at most 14 cards and a go after each count."""


@parallel_kernel
def line_events(
    mine: IntArray,
    seat: int,
    count: int,
    run: IntArray,
    n: int,
    last: int,
    one_count: bool,
    options: IntArray,
    holdings: IntArray,
) -> tuple[IntArray, IntArray]:
    """For each rank of ``options`` the seat to move may play and each of the other seat's
    ``holdings`` (counts by rank), the points pegged in order when the seat plays that
    rank and both then play the best line: the seat pegging each (``roles``) and its
    points (``points``), 0 points after the last."""
    k = options.shape[0]
    h_count = holdings.shape[0]
    roles = np.zeros((k, h_count, EVENTS), np.int64)
    points = np.zeros((k, h_count, EVENTS), np.int64)
    for h in numba.prange(h_count):
        hands = np.zeros((2, 14), np.int64)
        work = np.zeros((DEPTH, WORK), np.int64)
        seats = np.zeros(MOST_CARDS, np.int64)
        for o in range(k):
            for rank in range(14):
                hands[seat, rank] = mine[rank]
                hands[1 - seat, rank] = holdings[h, rank]
            value(hands, count, run, n, seat, last, one_count, options[o], work, UNSET)
            line = best_line(work)
            play_line(
                hands,
                count,
                run,
                n,
                seat,
                last,
                one_count,
                line,
                roles[o, h],
                points[o, h],
                0,
                seats,
            )
    return roles, points
