"""Numba kernels of Rubicon Bézique's last nine tricks: the twin of :mod:`cribcount.bezique.tricks`.

The four packs hold each card four times, so a hand is not a set of cards but
counts of kinds of card. The kinds are the distinct cards of the ending (at
most eighteen: nine a hand), numbered by suit (S H D C) and, within a suit,
from the weakest up (7 8 9 J Q K 10 A), so that a suit's kinds are a run of
numbers and a higher number of the suit the better card. The kernel knows a
kind by its suit (0 to 3), its strength (the seven 1 to the ace 8) and
whether it is a brisque; a hand is each kind's count in three bits of an
integer (kind ``k`` at bits ``3k`` to ``3k + 2``), and the kinds it holds at
least once a bit mask (kind ``k`` at ``1 << k``).

Seats: 0 the first, 1 the second. Values are from the first's side, in tens
of points (a brisque 1, the last trick 5): his points from the position to
the end minus the second's, the first playing for the most and the second
for the least.

The transposition table has one place for each position between tricks:
each seat's count of each kind read as the digits of one number, the count
of base one more than the copies the seat held at the start (so the number
is below the product of those bases, at most ``2 ** 18`` for nine cards each),
times two, plus the seat to lead. Two positions that hold the same cards,
whichever copies of them were played, share the place.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cribcount.jit import kernel

IntArray = npt.NDArray[np.int64]
SmallArray = npt.NDArray[np.int16]
ByteArray = npt.NDArray[np.int8]

COUNT_BITS = 3
"""Bits of a kind's count in a hand: up to four copies."""
MOST_CARDS = 18
"""Cards in the two hands at most: nine each."""
NO_CARD = -1
"""The card led when a position is between tricks, and no move in the table."""
INF = 100
"""Beyond any value: the last nine tricks score at most 23 tens (18 brisques and 50)."""
DEPTH = MOST_CARDS + 1
"""Levels of the search: a lead and a reply for each trick, and the end."""
LAST_TRICK = 5
"""The last trick, in tens of points."""


def weights(first: IntArray, second: IntArray) -> tuple[IntArray, int]:
    """Each seat's weight of each kind in a position's number (see the module docstring),
    for hands that hold at most ``first`` and ``second`` of each kind; and how many
    numbers there are."""
    found = np.zeros((2, first.shape[0]), np.int64)
    size = 1
    for kind in range(first.shape[0]):
        for seat, counts in enumerate((first, second)):
            found[seat, kind] = size
            size *= int(counts[kind]) + 1
    return found, size


def new_table(positions: int) -> tuple[SmallArray, SmallArray, ByteArray]:
    """An empty transposition table for ``positions`` numbers (:func:`weights`), each with
    either seat to lead: lower and upper bounds of the values (none yet: ``-INF`` and
    ``INF``), best moves (none yet)."""
    size = 2 * positions
    return (
        np.full(size, -INF, np.int16),
        np.full(size, INF, np.int16),
        np.full(size, NO_CARD, np.int8),
    )


@kernel
def representatives(own: int, other: int, suits: IntArray, brisques: IntArray) -> int:
    """One kind of each set of equivalent kinds in ``own`` (a mask of kinds); ``other``
    are the kinds the other side still holds (and a card led to the trick).

    Two kinds of a suit in one hand, with no card of ``other`` of either of them or
    between them, compare alike with every card they can meet, and so make the same
    tricks, and the other's obligation to win is the same against either; both brisques
    or neither, they score alike too. A kind both sides hold stands alone. The
    strongest of each set stands for it.
    """
    picked = 0
    run = -1  # the set being walked through: 1 of brisques, 0 of others, -1 outside one
    suit = -1
    for kind in range(suits.shape[0] - 1, -1, -1):
        if suits[kind] != suit:
            suit, run = suits[kind], -1
        bit = 1 << kind
        if own & bit:
            if other & bit:
                picked |= bit
                run = -1
            elif brisques[kind] != run:
                picked |= bit
                run = brisques[kind]
        elif other & bit:
            run = -1
    return picked


@kernel
def search(
    first: int,
    second: int,
    leader: int,
    led: int,
    trump: int,
    alpha: int,
    beta: int,
    suits: IntArray,
    strengths: IntArray,
    brisques: IntArray,
    weights: IntArray,
    lows: SmallArray,
    highs: SmallArray,
    moves: ByteArray,
) -> int:
    """The value of a position from the first's side (see the module docstring): exact
    when it falls strictly between ``alpha`` and ``beta``; otherwise at or below
    ``alpha`` is an upper bound of it, at or above ``beta`` a lower bound.

    ``first`` and ``second`` are the hands (each kind's count in three bits; a card led
    to the trick is no longer its leader's), ``leader`` the seat leading the trick,
    ``led`` the kind led to the trick in progress or :data:`NO_CARD`, ``trump`` the
    trump suit; ``suits``, ``strengths`` and ``brisques`` describe the kinds, and
    ``weights`` (from :func:`weights`) number the positions for the table (``lows``,
    ``highs``, ``moves`` from :func:`new_table`): the hands must be the same, or fewer
    cards of them, for every search that shares it.

    The rules: the leader plays any card; the other follows suit if able and wins the
    card led if able (a higher card of the suit; void in it, a trump), else plays any
    card; a higher card of the suit led wins, or a trump to another suit, and of two
    equal cards the first played; each brisque scores 1 to the trick's winner and the
    last trick 5.

    Alpha-beta over the moves, written with its own stack (numba cannot cache a function
    that calls itself). Between tricks, a position's bounds are kept in the table.
    Equivalent kinds (:func:`representatives`) are tried once. The move found best
    before is tried first; then a leader tries his cards from the strongest down, the
    second player from the weakest up, so that he wins cheaply and throws his brisques
    last: those orders find the cut-offs soonest.
    """
    kinds = suits.shape[0]
    suit_masks = np.zeros(4, np.int64)
    for kind in range(kinds):
        suit_masks[suits[kind]] |= 1 << kind
    higher = np.zeros(kinds, np.int64)  # the kinds of each kind's suit that beat it
    for kind in range(kinds):
        for better in range(kinds):
            if suits[better] == suits[kind] and strengths[better] > strengths[kind]:
                higher[kind] |= 1 << better

    leads = np.empty(DEPTH, np.int64)  # 1 when the level leads to a trick
    movers = np.empty(DEPTH, np.int64)
    hands = np.empty((DEPTH, 2), np.int64)
    held = np.empty((DEPTH, 2), np.int64)  # the kinds each seat holds at least once
    numbers = np.empty(DEPTH, np.int64)  # the position's number for the table
    leds = np.empty(DEPTH, np.int64)
    tries = np.empty(DEPTH, np.int64)  # the candidates still to try
    firsts = np.empty(DEPTH, np.int64)  # the table's best move, tried first
    currents = np.empty(DEPTH, np.int64)  # the move being looked into
    bests = np.empty(DEPTH, np.int64)
    best_moves = np.empty(DEPTH, np.int64)
    alphas = np.empty(DEPTH, np.int64)
    betas = np.empty(DEPTH, np.int64)
    windows = np.empty((DEPTH, 2), np.int64)  # the window searched, for the table
    edges = np.empty(DEPTH, np.int64)  # points of the move looked into, first's side
    slots = np.empty(DEPTH, np.int64)  # the level's table entry, -1 if none

    number = 0
    masks = np.zeros(2, np.int64)
    for kind in range(kinds):
        for seat in range(2):
            count = ((first if seat == 0 else second) >> (COUNT_BITS * kind)) & 7
            if count:
                masks[seat] |= 1 << kind
            number += count * weights[seat, kind]

    d = 0
    leads[0] = 1 if led == NO_CARD else 0
    movers[0] = leader if led == NO_CARD else 1 - leader
    hands[0, 0], hands[0, 1] = first, second
    held[0, 0], held[0, 1] = masks[0], masks[1]
    numbers[0], leds[0] = number, led
    alphas[0], betas[0] = alpha, beta
    fresh = True
    returned = 0
    while True:
        done = False
        result = 0
        seat = movers[d]
        maxing = seat == 0
        if fresh:
            fresh = False
            own = held[d, seat]
            other = held[d, 1 - seat]
            bests[d] = -INF if maxing else INF
            best_moves[d] = NO_CARD
            firsts[d] = NO_CARD
            slots[d] = -1
            if leads[d]:
                slot = 2 * numbers[d] + seat
                slots[d] = slot
                low, high = lows[slot], highs[slot]
                if low >= betas[d] or low == high:
                    done, result = True, low
                elif high <= alphas[d]:
                    done, result = True, high
                else:
                    alphas[d] = max(alphas[d], low)
                    betas[d] = min(betas[d], high)
                    firsts[d] = moves[slot]
                    windows[d, 0], windows[d, 1] = alphas[d], betas[d]
                    tries[d] = representatives(own, other, suits, brisques)
            else:
                card = leds[d]
                legal = own & suit_masks[suits[card]]
                if legal:
                    winning = legal & higher[card]
                    if winning:
                        legal = winning
                else:
                    legal = own & suit_masks[trump]
                    if legal == 0:
                        legal = own
                tries[d] = representatives(legal, other | (1 << card), suits, brisques)
        else:
            value = edges[d] + returned
            if maxing:
                if value > bests[d]:
                    bests[d], best_moves[d] = value, currents[d]
                alphas[d] = max(alphas[d], value)
            else:
                if value < bests[d]:
                    bests[d], best_moves[d] = value, currents[d]
                betas[d] = min(betas[d], value)
            if alphas[d] >= betas[d]:
                done, result = True, bests[d]

        pushed = False
        while not done and not pushed:
            if tries[d] == 0:
                done, result = True, bests[d]
                break
            card = firsts[d]
            firsts[d] = NO_CARD
            if card == NO_CARD or not (tries[d] >> card) & 1:
                card = NO_CARD
                order = 1 if leads[d] else -1  # the strongest first to lead, else the weakest
                for kind in range(kinds):
                    if (tries[d] >> kind) & 1 and (
                        card == NO_CARD or order * strengths[kind] > order * strengths[card]
                    ):
                        card = kind
            tries[d] &= ~(1 << card)
            currents[d] = card
            hand = hands[d, seat] - (1 << (COUNT_BITS * card))
            holding = held[d, seat]
            if (hand >> (COUNT_BITS * card)) & 7 == 0:
                holding &= ~(1 << card)
            c = d + 1
            if leads[d]:
                edges[d] = 0
                leads[c], movers[c], leds[c] = 0, 1 - seat, card
                hands[c, seat], hands[c, 1 - seat] = hand, hands[d, 1 - seat]
                held[c, seat], held[c, 1 - seat] = holding, held[d, 1 - seat]
                numbers[c] = numbers[d] - weights[seat, card]
                alphas[c], betas[c] = alphas[d], betas[d]
                pushed = True
            else:
                first_card = leds[d]
                if suits[card] == suits[first_card]:
                    wins = strengths[card] > strengths[first_card]
                else:
                    wins = suits[card] == trump
                winner = seat if wins else 1 - seat
                points = brisques[first_card] + brisques[card]
                last = holding == 0  # the follower's last card: both hands are empty
                if last:
                    points += LAST_TRICK
                edge = points if winner == 0 else -points
                if last:
                    value = edge
                    if maxing:
                        if value > bests[d]:
                            bests[d], best_moves[d] = value, card
                        alphas[d] = max(alphas[d], value)
                    else:
                        if value < bests[d]:
                            bests[d], best_moves[d] = value, card
                        betas[d] = min(betas[d], value)
                    if alphas[d] >= betas[d]:
                        done, result = True, bests[d]
                else:
                    edges[d] = edge
                    leads[c], movers[c], leds[c] = 1, winner, NO_CARD
                    hands[c, seat], hands[c, 1 - seat] = hand, hands[d, 1 - seat]
                    held[c, seat], held[c, 1 - seat] = holding, held[d, 1 - seat]
                    numbers[c] = numbers[d] - weights[seat, card]
                    alphas[c], betas[c] = alphas[d] - edge, betas[d] - edge
                    pushed = True
        if pushed:
            d += 1
            fresh = True
            continue

        # the level is done: keep what was learnt, and hand its value up
        slot = slots[d]
        if slot >= 0 and best_moves[d] != NO_CARD:
            if result <= windows[d, 0]:
                highs[slot] = min(highs[slot], result)
            elif result >= windows[d, 1]:
                lows[slot] = max(lows[slot], result)
            else:
                lows[slot], highs[slot] = result, result
            moves[slot] = best_moves[d]
        if d == 0:
            return result
        d -= 1
        returned = result
