"""Numba kernels of the play solved double dummy: the twin of :mod:`cribcount.cribbage.play_advice`.

Two seats, 0 (the pone) and 1 (the dealer). A position is what each seat
holds as counts by rank (``hands[seat, rank]``, ranks 1..13), the count,
the ranks played in it (``run[:n]``), the seat to move, the seat that
played last in the count (-1 at its start) and whether the play ends with
this count (five-card cribbage). Values are the points the seat to move
pegs to the end of the play minus the other's, both playing their best.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from cribcount.jit import kernel, parallel_kernel

IntArray = npt.NDArray[np.int64]
NO_CARD = 0
"""``only`` for :func:`value`: every rank that fits may be played."""
UNSET = -1000
"""Below any value: no value found yet."""


@kernel
def play_points(run: IntArray, n: int, count: int) -> int:
    """What the last of the ``n`` ranks of ``run`` pegs at ``count``: 15 or 31 (2), a pair,
    pair royal or double pair royal with the cards before it, the longest run it ends."""
    points = 2 if count == 15 or count == 31 else 0
    same = 1
    while same < n and run[n - 1 - same] == run[n - 1]:
        same += 1
    points += same * (same - 1)
    for length in range(n, 2, -1):
        mask = 0
        low = 14
        high = 0
        distinct = True
        for j in range(n - length, n):
            bit = 1 << run[j]
            if mask & bit:
                distinct = False
                break
            mask |= bit
            low = min(low, run[j])
            high = max(high, run[j])
        if distinct and high - low == length - 1:
            return points + length
    return points


@kernel
def _fits(hands: IntArray, seat: int, count: int) -> bool:
    """Whether ``seat`` holds a card that fits the count."""
    for rank in range(1, 14):  # noqa: SIM110 - numba compiles loops, not generators
        if hands[seat, rank] and count + min(rank, 10) <= 31:
            return True
    return False


DEPTH = 40
"""Deeper than any play: at most 14 cards and a go after each."""
MOST_CARDS = 14
"""More than the cards of any play: five each in seven-card, and room to spare."""
LINE = 14 + 16
"""The column of the search's room where a level's line begins: its length, then its ranks."""
WORK = LINE + 1 + MOST_CARDS
"""Columns of the search's room: 14 numbers per level, its count's ranks, its line."""


@kernel
def value(
    hands: IntArray,
    count: int,
    run: IntArray,
    n: int,
    turn: int,
    last: int,
    one_count: bool,
    only: int,
    work: IntArray,
    floor: int = UNSET,
) -> tuple[int, int]:
    """The value of the position for the seat to move; with ``only`` a rank, the value of
    playing that rank (which must fit) rather than the best card. ``work`` is room for the
    search, ``DEPTH`` rows of :data:`WORK`, reused from call to call. With ``floor`` above
    :data:`UNSET`, a value that is at most ``floor`` is of no use to the caller: the value
    (and the points of its line) is exact when above it, and at most ``floor`` when not, so
    a search for a better move than one worth ``floor`` is cut short. Also the points both
    seats peg together along the best line (at each turn the first best rank, the lowest,
    as :func:`cribcount.cribbage.play_advice.line` follows it): with the value, each
    seat's share.

    A negamax search of the whole play with alpha-beta pruning, written with its own
    stack of positions (numba cannot cache a function that calls itself): each level
    tries the ranks its seat may play in turn, or says go, and takes the best of what
    they are worth to it: the points pegged, plus the value of the position after from
    its own side (minus the other seat's value of it). A level stops trying once its
    best is as good as the level above can use; the value at the top is exact. A level
    keeps the points of the line under its best move, taken only when a move is better
    than every one before it: along the best line every value is inside its window, so
    exact, and those points are the line's. The ranks played along that line, in order
    (a go plays none), are kept the same way: :func:`best_line` reads them.
    """
    counts = work[:, 0]
    lengths = work[:, 1]
    turns = work[:, 2]
    lasts = work[:, 3]
    tries = work[:, 4]  # the next rank to try; 14 once all are tried
    bests = work[:, 5]
    played = work[:, 6]
    going = work[:, 7]  # the level said go: its value is its child's
    pending = work[:, 8]  # points of the move being looked into
    signs = work[:, 9]  # +1 when the child's seat is the level's own
    undo = work[:, 10]  # the rank to give back after the child
    alphas = work[:, 11]  # values at or below alpha, or at or above beta, are of no use
    betas = work[:, 12]
    lines = work[:, 13]  # points pegged by both along the line under the level's best
    runs = work[:, 14:LINE]  # runs[level, i]: the ranks of the count at that level
    line_lengths = work[:, LINE]  # the ranks played along the line under the level's best
    line_ranks = work[:, LINE + 1 :]
    left = 0
    for rank in range(1, 14):
        left += hands[0, rank] + hands[1, rank]
    d = 0
    counts[0], lengths[0], turns[0], lasts[0] = count, n, turn, last
    runs[0, :n] = run[:n]
    tries[0], bests[0], played[0], going[0] = 1, UNSET, 0, 0
    alphas[0], betas[0] = floor, -UNSET
    returned = 0
    returned_line = 0
    done_line = 0
    have_child = False
    while True:
        seat = turns[d]
        other = 1 - seat
        done = UNSET
        if have_child:
            have_child = False
            result = pending[d] + signs[d] * returned
            line = abs(pending[d]) + returned_line
            length = line_lengths[d + 1]
            if going[d]:
                done, done_line = result, line
                line_ranks[d, :length] = line_ranks[d + 1, :length]
                line_lengths[d] = length
            else:
                hands[seat, undo[d]] += 1
                left += 1
                if result > bests[d]:
                    bests[d], lines[d] = result, line
                    line_ranks[d, 0] = undo[d]
                    line_ranks[d, 1 : length + 1] = line_ranks[d + 1, :length]
                    line_lengths[d] = length + 1
                alphas[d] = max(alphas[d], result)
                if alphas[d] >= betas[d]:
                    done, done_line = bests[d], lines[d]
        elif left == 0:
            done, done_line = 0, 0
            line_lengths[d] = 0
        if done == UNSET:
            # the next rank this level may play
            pushed = False
            while tries[d] <= 13:
                rank = tries[d]
                tries[d] += 1
                if (only != NO_CARD and d == 0 and rank != only) or hands[seat, rank] == 0:
                    continue
                total = counts[d] + min(rank, 10)
                if total > 31:
                    continue
                played[d] = 1
                hands[seat, rank] -= 1
                left -= 1
                k = lengths[d]
                runs[d, k] = rank
                points = play_points(runs[d], k + 1, total)
                if left == 0:
                    result = points + (1 if total != 31 else 0)
                elif total == 31 and one_count:
                    result = points
                else:
                    undo[d] = rank
                    pending[d] = points
                    signs[d] = -1
                    c = d + 1
                    turns[c] = other
                    if total == 31:
                        counts[c], lengths[c], lasts[c] = 0, 0, -1
                    else:
                        counts[c], lengths[c], lasts[c] = total, k + 1, seat
                        runs[c, : k + 1] = runs[d, : k + 1]
                    tries[c], bests[c], played[c], going[c] = 1, UNSET, 0, 0
                    alphas[c], betas[c] = points - betas[d], points - alphas[d]
                    d = c
                    pushed = True
                    break
                hands[seat, rank] += 1
                left += 1
                if result > bests[d]:
                    bests[d], lines[d] = result, result  # every point the mover's
                    line_ranks[d, 0] = rank
                    line_lengths[d] = 1
                alphas[d] = max(alphas[d], result)
                if alphas[d] >= betas[d]:
                    break
            if pushed:
                continue
            if played[d]:
                done, done_line = bests[d], lines[d]
            else:
                # no card fits: the other plays on, or the count ends with the go
                going[d] = 1
                c = d + 1
                if _fits(hands, other, counts[d]):
                    pending[d] = 0
                    signs[d] = -1
                    counts[c], lengths[c], turns[c], lasts[c] = (
                        counts[d],
                        lengths[d],
                        other,
                        lasts[d],
                    )
                    runs[c, : lengths[d]] = runs[d, : lengths[d]]
                else:
                    points = 1 if lasts[d] == seat else -1
                    if one_count:
                        done, done_line = points, 1
                        line_lengths[d] = 0
                    else:
                        lead = 1 - lasts[d]
                        pending[d] = points
                        signs[d] = 1 if lead == seat else -1
                        counts[c], lengths[c], turns[c], lasts[c] = 0, 0, lead, -1
                if done == UNSET:
                    tries[c], bests[c], played[c], going[c] = 1, UNSET, 0, 0
                    if signs[d] < 0:
                        alphas[c], betas[c] = pending[d] - betas[d], pending[d] - alphas[d]
                    else:
                        alphas[c], betas[c] = alphas[d] - pending[d], betas[d] - pending[d]
                    d = c
                    continue
        # this level is done: its value goes to the level above
        if d == 0:
            return done, done_line
        d -= 1
        returned, returned_line = done, done_line
        have_child = True


@kernel
def best_line(work: IntArray) -> IntArray:
    """The ranks played along the best line of the last :func:`value` searched in ``work``,
    in order."""
    return work[0, LINE + 1 : LINE + 1 + work[0, LINE]]


@kernel
def play_line(
    hands: IntArray,
    count: int,
    run: IntArray,
    n: int,
    turn: int,
    last: int,
    one_count: bool,
    line: IntArray,
    roles: npt.NDArray[np.integer],
    points: npt.NDArray[np.integer],
    at: int,
    seats: IntArray,
) -> int:
    """Play the ranks of ``line`` in order from the position (``hands`` are played out),
    writing each scoring card and each go as an event ``(roles[i], points[i])`` from ``at``
    on and the seat of each card played to ``seats``; returns where the events end.

    The seat to move plays the next rank of the line when a card of his fits the count; else
    the other plays on, or the count ends with a go (1 to the seat that played last). The
    last card of the play pegs its 1 with its other points, as one event; with
    ``one_count`` the play ends with the first count.
    """
    ranks = np.zeros(16, np.int64)
    ranks[:n] = run[:n]
    left = 0
    for rank in range(1, 14):
        left += hands[0, rank] + hands[1, rank]
    p = 0
    while left > 0:
        other = 1 - turn
        if _fits(hands, turn, count):
            rank = line[p]
            seats[p] = turn
            p += 1
            hands[turn, rank] -= 1
            left -= 1
            count += min(rank, 10)
            ranks[n] = rank
            n += 1
            scored = play_points(ranks, n, count)
            if left == 0 and count != 31:
                scored += 1
            if scored:
                roles[at], points[at] = turn, scored
                at += 1
            if count == 31:
                if one_count:
                    break
                count, n, last = 0, 0, -1
            else:
                last = turn
            turn = other
        elif _fits(hands, other, count):
            turn = other
        else:
            roles[at], points[at] = last, 1
            at += 1
            if one_count:
                break
            count, n, turn, last = 0, 0, 1 - last, -1
    return at


@parallel_kernel
def advise(
    mine: IntArray,
    seat: int,
    count: int,
    run: IntArray,
    n: int,
    last: int,
    one_count: bool,
    options: IntArray,
    holdings: IntArray,
    weights: IntArray,
) -> tuple[IntArray, IntArray, int]:
    """For each rank of ``options`` the seat to move may play, the value of playing it summed
    over the other seat's ``holdings`` (counts by rank) times their ``weights``; the points
    pegged by both along the best line after it, summed the same way; and the total
    weight."""
    chunks = 32
    sums = np.zeros((chunks, options.shape[0]), np.int64)
    line_sums = np.zeros((chunks, options.shape[0]), np.int64)
    for chunk in numba.prange(chunks):
        hands = np.zeros((2, 14), np.int64)
        work = np.zeros((DEPTH, WORK), np.int64)
        for rank in range(14):
            hands[seat, rank] = mine[rank]
        for h in range(chunk, holdings.shape[0], chunks):
            for rank in range(14):
                hands[1 - seat, rank] = holdings[h, rank]
            for o in range(options.shape[0]):
                found, line = value(hands, count, run, n, seat, last, one_count, options[o], work)
                sums[chunk, o] += weights[h] * found
                line_sums[chunk, o] += weights[h] * line
    return sums.sum(axis=0), line_sums.sum(axis=0), weights.sum()
