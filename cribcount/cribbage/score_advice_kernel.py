"""Numba kernel of the advice to the score: the shows of many deals at once.

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
