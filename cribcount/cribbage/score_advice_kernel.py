"""Numba kernels of the advice to the score: the shows of many deals at once, and many
deals counted out from the scores.

A card is its id 0..51 (:mod:`cribcount.cards`). Seats are 0 (the pone) and 1 (the
dealer). The play is not worked out here: it is the policy's
(:func:`cribcount.cribbage.policy_kernel.play_and_show`).
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from cribcount.cribbage.score_kernel import hand_points
from cribcount.jit import parallel_kernel

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@parallel_kernel
def shows(kept: IntArray, cribs: IntArray, starters: IntArray) -> IntArray:
    """Each deal's shows, in the order of counting out: the pone's hand, the dealer's
    hand, the crib (a row of three a deal), as
    :func:`cribcount.cribbage.score_kernel.hand_points` counts them.

    ``kept[d, seat]`` are deal ``d``'s kept cards of each seat, ``cribs[d]`` its crib,
    ``starters[d]`` its starter.
    """
    deals, _, k = kept.shape
    out = np.zeros((deals, 3), np.int64)
    for d in numba.prange(deals):
        starter = starters[d]
        out[d, 0] = hand_points(kept[d, 0], k, starter, False)
        out[d, 1] = hand_points(kept[d, 1], k, starter, False)
        out[d, 2] = hand_points(cribs[d], cribs.shape[1], starter, True)
    return out


@parallel_kernel
def count_out_many(
    roles: IntArray,
    points: IntArray,
    mine: int,
    me: int,
    him: int,
    to: int,
    line: int,
    pone_win: FloatArray,
    pone_lurch: FloatArray,
    pone_lurched: FloatArray,
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Each deal's events (``roles[d, e]`` the seat pegging ``points[d, e]``, in the order of
    counting out) counted from the scores, the seat ``mine`` at ``me`` and the other at
    ``him``, as :func:`cribcount.cribbage.game.count_out` counts one deal: the first to
    reach ``to`` wins at once, the loser lurched if under ``line``. Where nobody wins, the
    chances after it from the table of the pone's chances by the pone's score and the
    dealer's (``pone_win``, ``pone_lurch``, ``pone_lurched``), the roles swapped: this
    deal's pone deals the next. Returns my chances of winning, of lurching, of being
    lurched, deal by deal."""
    deals, events = roles.shape
    win = np.zeros(deals, np.float64)
    lurch = np.zeros(deals, np.float64)
    lurched = np.zeros(deals, np.float64)
    for d in numba.prange(deals):
        scores = np.zeros(2, np.int64)
        scores[mine], scores[1 - mine] = me, him
        over = False
        for e in range(events):
            seat = roles[d, e]
            scores[seat] += points[d, e]
            if scores[seat] >= to:
                over = True
                short = scores[1 - seat] < line
                if seat == mine:
                    win[d] = 1.0
                    lurch[d] = 1.0 if short else 0.0
                else:
                    lurched[d] = 1.0 if short else 0.0
                break
        if not over:
            p, q = scores[1], scores[0]  # the next deal's pone and dealer
            if mine == 1:  # I am the pone of the next deal
                win[d], lurch[d], lurched[d] = pone_win[p, q], pone_lurch[p, q], pone_lurched[p, q]
            else:
                win[d] = 1.0 - pone_win[p, q]
                lurch[d], lurched[d] = pone_lurched[p, q], pone_lurch[p, q]
    return win, lurch, lurched
