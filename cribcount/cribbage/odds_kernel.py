"""Numba kernels of the chance of winning: the twin of :mod:`cribcount.cribbage.odds`.

A position before a deal is the points each player still needs, ``(tp, td)``
(the pone's, the dealer's; 1 to the game). For every such pair, what a deal
does is decided by two things: whether and when each player first reaches
his need in its events, and, if neither does, the deal's totals. So the
deals are read once (:func:`first_reach`) into

- ``pone_wins[tp, td]``: the deals in which the pone reaches ``tp`` before
  the dealer reaches ``td``; ``pone_lurches[tp, td]`` those of them in which
  the dealer is then under half the game; ``dealer_wins`` and
  ``dealer_lurches`` the same for the dealer;
- ``totals[sp, sd]``: the deals whose pone scores ``sp`` and dealer ``sd``
  in all (below the game), which go on to the next deal with the roles
  swapped;

and the chances are then solved from the target down (:func:`solve`): every
deal scores at least a point, so the next position always needs fewer.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cribcount.jit import kernel

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@kernel
def first_reach(
    roles: npt.NDArray[np.int8],
    points: npt.NDArray[np.int16],
    starts: IntArray,
    to: int,
    half: int,
) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray]:
    """The counts of :mod:`this module's docstring <cribcount.cribbage.odds_kernel>`, each
    of shape ``(to + 1, to + 1)`` indexed by the needs (row 0 and column 0 unused) and
    ``totals`` by the deal's points ``[sp, sd]``, both under ``to``.

    When the pone's points carry him past a need ``tp`` while the dealer has ``sd``,
    he wins for every need of the dealer above ``sd``, and lurches him for every need
    above ``to - half + sd`` (the dealer's score, ``to - td + sd``, under ``half``):
    each is a run of needs, marked at its start and summed along the row at the end.
    """
    size = to + 1
    pone_wins = np.zeros((size, size), dtype=np.int64)
    pone_lurches = np.zeros((size, size), dtype=np.int64)
    dealer_wins = np.zeros((size, size), dtype=np.int64)
    dealer_lurches = np.zeros((size, size), dtype=np.int64)
    totals = np.zeros((to, to), dtype=np.int64)
    for deal in range(len(starts) - 1):
        sp = 0
        sd = 0
        for event in range(starts[deal], starts[deal + 1]):
            gained = int(points[event])
            if roles[event] == 0:
                for need in range(sp + 1, min(sp + gained, to) + 1):
                    if sd + 1 <= to:
                        pone_wins[need, sd + 1] += 1
                    if to - half + sd + 1 <= to:
                        pone_lurches[need, to - half + sd + 1] += 1
                sp += gained
            else:
                for need in range(sd + 1, min(sd + gained, to) + 1):
                    if sp + 1 <= to:
                        dealer_wins[sp + 1, need] += 1
                    if to - half + sp + 1 <= to:
                        dealer_lurches[to - half + sp + 1, need] += 1
                sd += gained
            if sp >= to and sd >= to:
                break
        if sp < to and sd < to:
            totals[sp, sd] += 1
    for tp in range(size):
        for td in range(1, size):
            pone_wins[tp, td] += pone_wins[tp, td - 1]
            pone_lurches[tp, td] += pone_lurches[tp, td - 1]
    for tp in range(1, size):
        for td in range(size):
            dealer_wins[tp, td] += dealer_wins[tp - 1, td]
            dealer_lurches[tp, td] += dealer_lurches[tp - 1, td]
    return pone_wins, pone_lurches, dealer_wins, dealer_lurches, totals


@kernel
def solve(
    pone_wins: IntArray,
    pone_lurches: IntArray,
    dealer_lurches: IntArray,
    totals: IntArray,
    deals: int,
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The chance that the pone wins, that he wins lurching the dealer, and that the dealer
    wins lurching him, before a deal in which they need ``[tp, td]`` points, every deal
    of the counts (:func:`first_reach`) equally likely.

    A deal that ends the game counts as its winner; one that does not leads to the
    next deal, the dealer now the pone: needing ``td - sd``, and the pone the
    dealer, needing ``tp - sp``. Solved by the sum of the needs, smallest first.
    """
    size = pone_wins.shape[0]
    to = size - 1
    win = np.zeros((size, size))
    lurch = np.zeros((size, size))
    lurched = np.zeros((size, size))
    top_sp = 0
    top_sd = 0
    for sp in range(totals.shape[0]):
        for sd in range(totals.shape[1]):
            if totals[sp, sd] > 0:
                top_sp = max(top_sp, sp)
                top_sd = max(top_sd, sd)
    for needed in range(2, 2 * to + 1):
        for tp in range(max(1, needed - to), min(to, needed - 1) + 1):
            td = needed - tp
            won = 0.0
            lurching = 0.0
            lurched_ = 0.0
            for sp in range(min(tp - 1, top_sp) + 1):
                for sd in range(min(td - 1, top_sd) + 1):
                    count = totals[sp, sd]
                    if count == 0:
                        continue
                    # the next deal's pone is this deal's dealer
                    next_pone = td - sd
                    next_dealer = tp - sp
                    won += count * (1.0 - win[next_pone, next_dealer])
                    lurching += count * lurched[next_pone, next_dealer]
                    lurched_ += count * lurch[next_pone, next_dealer]
            win[tp, td] = (pone_wins[tp, td] + won) / deals
            lurch[tp, td] = (pone_lurches[tp, td] + lurching) / deals
            lurched[tp, td] = (dealer_lurches[tp, td] + lurched_) / deals
    return win, lurch, lurched
