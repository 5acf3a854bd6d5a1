"""Numba kernel of the play to the score: the points of the best line, in order.

Seats are 0 (the pone) and 1 (the dealer); hands are counts by rank (ranks 1..13), as
in :mod:`cribcount.cribbage.play_advice_kernel`, whose solver (:func:`value`) weighs
each move. The line is :func:`cribcount.cribbage.play_advice.line`'s: at each turn the
first best rank, the lowest; a go when nothing fits.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from cribcount.cribbage.play_advice_kernel import DEPTH, NO_CARD, UNSET, WORK, play_points, value
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
        ranks = np.zeros(16, np.int64)
        for o in range(k):
            for rank in range(14):
                hands[seat, rank] = mine[rank]
                hands[1 - seat, rank] = holdings[h, rank]
            ranks[:] = run[:]
            at, length, turn, latest = count, n, seat, last
            left = 0
            for rank in range(1, 14):
                left += hands[0, rank] + hands[1, rank]
            e = 0
            first = True
            while left > 0:
                other = 1 - turn
                chosen = NO_CARD
                if first:
                    chosen = options[o]
                    first = False
                else:
                    best = UNSET
                    for rank in range(1, 14):
                        if hands[turn, rank] == 0 or at + min(rank, 10) > 31:
                            continue
                        found, _ = value(
                            hands, at, ranks, length, turn, latest, one_count, rank, work
                        )
                        if found > best:
                            best, chosen = found, rank
                if chosen != NO_CARD:
                    hands[turn, chosen] -= 1
                    left -= 1
                    total = at + min(chosen, 10)
                    ranks[length] = chosen
                    pegged = play_points(ranks, length + 1, total)
                    if left == 0 and total != 31:
                        pegged += 1
                    if pegged:
                        roles[o, h, e], points[o, h, e] = turn, pegged
                        e += 1
                    if left == 0 or (total == 31 and one_count):
                        break
                    if total == 31:
                        at, length, latest = 0, 0, -1
                    else:
                        at, length, latest = total, length + 1, turn
                    turn = other
                    continue
                # no card fits: the other plays on, or the count ends with the go
                fits = False
                for rank in range(1, 14):
                    if hands[other, rank] and at + min(rank, 10) <= 31:
                        fits = True
                if fits:
                    turn = other
                    continue
                roles[o, h, e], points[o, h, e] = latest, 1
                e += 1
                if one_count:
                    break
                turn = 1 - latest
                at, length, latest = 0, 0, -1
    return roles, points
