"""Numba kernels of the policy's deal: the twin of :func:`cribcount.cribbage.policy.reference_deal`.

A card is its id 0..51 (:mod:`cribcount.cards`): ``id >> 2`` is the rank index, so
``(id >> 2) + 1`` the rank 1..13 the play works on. Seats are 0 (the pone) and 1 (the
dealer). Each deal is played and scored on its own, from its own cards: the deals of a
batch are shared out over the cores, and what a deal scores does not depend on how.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from cribcount.cribbage.play_advice_kernel import (
    DEPTH,
    NO_CARD,
    UNSET,
    WORK,
    best_line,
    play_line,
    value,
)
from cribcount.cribbage.score_kernel import JACK, hand_points
from cribcount.jit import kernel, parallel_kernel

IntArray = npt.NDArray[np.int64]

MAX_EVENTS = 32
"""Room for a deal's events: heels, a card or a go at each step of the play, three shows."""
MAX_PLAYS = 10
"""Room for the cards of a play: five each at most (seven-card)."""
NO_PLAY = -1
"""A place of ``plays`` no card filled (five-card, the play ending at the first count)."""
HEELS = 2
"""The dealer's points for a jack turned up as the starter."""

PHASES = ("heels", "play", "hand", "crib")
"""What an event is, by its number in the kernels' ``phases``: heels, a card or go of the
play, a hand's show, the crib's."""
HEELS_EVENT, PLAY_EVENT, HAND_EVENT, CRIB_EVENT = range(4)


@kernel
def _take(kept: IntArray, used: npt.NDArray[np.bool_], rank: int) -> int:
    """The first card of ``rank`` in ``kept`` not yet played; marked played."""
    for i in range(kept.shape[0]):
        if not used[i] and (kept[i] >> 2) + 1 == rank:
            used[i] = True
            return int(kept[i])
    return -1


@kernel
def play_deal(
    kept: IntArray,
    one_count: bool,
    roles: npt.NDArray[np.int8],
    points: npt.NDArray[np.int16],
    at: int,
    plays: IntArray,
    work: IntArray,
) -> int:
    """Play the play of the kept cards ``kept[seat]`` double dummy, writing each scoring
    card and each go as an event ``(roles[i], points[i])`` from ``at`` on, and the cards
    played, in order, to ``plays``; returns where the events end.

    At each turn the seat to move plays the first rank (the lowest) of the greatest value
    (:func:`cribcount.cribbage.play_advice_kernel.value`), the first card of that rank it
    holds; holding none that fits, it says go. That is the best line of one search of the
    whole play (:func:`best_line`), played out by :func:`play_line`.
    """
    k = kept.shape[1]
    hands = np.zeros((2, 14), np.int64)
    for seat in range(2):
        for i in range(k):
            hands[seat, (kept[seat, i] >> 2) + 1] += 1
    run = np.zeros(16, np.int64)
    value(hands, 0, run, 0, 0, -1, one_count, NO_CARD, work, UNSET)
    line = best_line(work)
    seats = np.zeros(2 * k, np.int64)
    at = play_line(hands, 0, run, 0, 0, -1, one_count, line, roles, points, at, seats)
    used = np.zeros((2, k), np.bool_)
    for p in range(line.shape[0]):
        plays[p] = _take(kept[seats[p]], used[seats[p]], line[p])
    return at


@parallel_kernel
def play_and_show(
    kept: IntArray, cribs: IntArray, starters: IntArray, one_count: bool
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int16], npt.NDArray[np.int8], IntArray, IntArray]:
    """Each deal's events, in the order of counting out: heels, the play (:func:`play_deal`),
    the pone's show, the dealer's hand, the crib; shows of no points leave no event.

    ``kept[d, seat]`` are deal ``d``'s kept cards of each seat, ``cribs[d]`` its crib,
    ``starters[d]`` its starter. Returns rows of room for :data:`MAX_EVENTS` roles and
    points a deal, and of what each event is (:data:`PHASES`), how many of them each deal
    fills, and its cards played.
    """
    deals, _, k = kept.shape
    roles = np.zeros((deals, MAX_EVENTS), np.int8)
    points = np.zeros((deals, MAX_EVENTS), np.int16)
    phases = np.full((deals, MAX_EVENTS), PLAY_EVENT, np.int8)
    lengths = np.zeros(deals, np.int64)
    plays = np.full((deals, MAX_PLAYS), NO_PLAY, np.int64)
    chunks = 64
    for chunk in numba.prange(chunks):
        work = np.zeros((DEPTH, WORK), np.int64)
        for d in range(chunk, deals, chunks):
            starter = starters[d]
            at = 0
            if starter >> 2 == JACK:
                roles[d, at], points[d, at], phases[d, at] = 1, HEELS, HEELS_EVENT
                at += 1
            at = play_deal(kept[d], one_count, roles[d], points[d], at, plays[d], work)
            for seat in range(2):
                shown = hand_points(kept[d, seat], k, starter, False)
                if shown:
                    roles[d, at], points[d, at], phases[d, at] = seat, shown, HAND_EVENT
                    at += 1
            shown = hand_points(cribs[d], cribs.shape[1], starter, True)
            if shown:
                roles[d, at], points[d, at], phases[d, at] = 1, shown, CRIB_EVENT
                at += 1
            lengths[d] = at
    return roles, points, phases, lengths, plays
