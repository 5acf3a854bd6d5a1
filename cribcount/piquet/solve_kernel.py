"""Numba kernels of piquet's play solved double dummy: the twin of :mod:`cribcount.piquet.solve`.

A card is a bit of a 32-bit mask, rank-major as in :mod:`cribcount.cards`, so
that ``id // 4`` is the rank (0 the seven, 7 the ace) and ``id % 4`` the suit::

            S   H   D   C
        7   0   1   2   3
        8   4   5   6   7
        9   8   9  10  11
       10  12  13  14  15
        J  16  17  18  19
        Q  20  21  22  23
        K  24  25  26  27
        A  28  29  30  31

Of two cards of a suit the higher id is the higher card, and the ten and
better are the ids from 12 up. Seats: 0 the elder, 1 the younger. A
position is what each seat still holds, the seat that leads the trick, the
tricks the elder has won so far in the deal and, within a trick, the card
led (-1 between tricks). Values are from the elder's side: the play points
he scores from the position to the end of the play minus the younger's
(objective :data:`OBJECTIVE_POINTS`), or the tricks he wins from there
(objective :data:`OBJECTIVE_TRICKS`), the elder playing for the most and the
younger for the least.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cribcount.jit import kernel

IntArray = npt.NDArray[np.int64]
SmallArray = npt.NDArray[np.int16]
ByteArray = npt.NDArray[np.int8]

OBJECTIVE_POINTS = 0
"""Objective: the play points, the elder's minus the younger's."""
OBJECTIVE_TRICKS = 1
"""Objective: the tricks the elder wins."""

NO_CARD = -1
"""The card led when a position is between tricks."""
INF = 1000
"""Beyond any value: the play scores under 100 for either side."""
DEPTH = 25
"""Levels of the search: a lead and a reply for each of 12 tricks, and the end."""
TABLE_BITS = 20
"""The transposition table holds ``2 ** TABLE_BITS`` positions."""

SPADES = 0x11111111
"""The spades of a mask; shifted left by a suit's index, that suit's cards."""
HIGH = 12
"""The first id of the tens: a card from here up scores when led or winning (classic)."""
LAST_CARD = 31


def new_table(bits: int = TABLE_BITS) -> tuple[IntArray, SmallArray, SmallArray, ByteArray]:
    """An empty transposition table of ``2 ** bits`` positions: keys (0 where empty: no
    position searched has the key 0, as it holds cards), lower and upper bounds of the
    values, best moves. All zeros, so the memory is only touched where it is used."""
    size = 1 << bits
    return (
        np.zeros(size, np.int64),
        np.zeros(size, np.int16),
        np.zeros(size, np.int16),
        np.zeros(size, np.int8),
    )


@kernel
def representatives(own: int, other: int, split: bool) -> int:
    """One card of each set of equivalent cards in ``own``; ``other`` are the cards the
    other side still holds (and a card led to the trick).

    Two cards of a suit in one hand with none of ``other`` between them compare alike
    with every card they can meet, so either may stand for both; under ``split`` (the
    classic count) they must also both be tens or better, or both below, as only those
    score. The highest of each set stands for it.
    """
    picked = 0
    for suit in range(4):
        run = -1  # the class of the set being walked through, -1 outside one
        for rank in range(7, -1, -1):
            card = rank * 4 + suit
            bit = 1 << card
            if own & bit:
                kind = 1 if split and card >= HIGH else 0
                if kind != run:
                    picked |= bit
                    run = kind
            elif other & bit:
                run = -1
    return picked


@kernel
def _popcount(mask: int) -> int:
    """The cards in a 32-bit mask."""
    mask = mask - ((mask >> 1) & 0x55555555)
    mask = (mask & 0x33333333) + ((mask >> 2) & 0x33333333)
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F
    return ((mask * 0x01010101) & 0xFFFFFFFF) >> 24


@kernel
def _end(won: int, last: int, rubicon: bool) -> int:
    """What the end of the play scores, the elder's side, when he has won ``won`` tricks of
    the twelve and ``last`` (a seat) won the last: capot, or the last trick and the cards."""
    if won == 12:
        return 40
    if won == 0:
        return -40
    points = 2 if rubicon else 1
    result = points if last == 0 else -points
    if won > 6:
        result += 10
    elif won < 6:
        result -= 10
    return result


@kernel
def bounds(
    elder: int, younger: int, leader: int, won: int, rubicon: bool, objective: int
) -> tuple[int, int]:
    """Bounds on the value of a position between tricks, equal when it is known at once.

    The leader wins every trick left when each of his cards is above all the other's
    cards of its suit: he leads them, and the other never wins. For the play points, that
    is his best too: each of his cards can score once, led or winning (a ten or better,
    classic), and here each that can does, while the other scores nothing and the end of
    the play is the best the leader can have. Otherwise each side scores at most one
    point for each of its cards that can score, the other at least nothing, and the end
    of the play lies between its worst and best over the tricks the elder can still end
    with.
    """
    own = elder if leader == 0 else younger
    other = younger if leader == 0 else elder
    left = _popcount(own)
    if left == 0:
        return 0, 0
    sure = _popcount(top_cards(own, other))
    scoring = 0xFFFFFFFF if rubicon else 0xFFFFFFFF ^ ((1 << HIGH) - 1)
    if sure == left:
        if objective == OBJECTIVE_TRICKS:
            exact = left if leader == 0 else 0
        else:
            points = _popcount(own & scoring)
            final = won + left if leader == 0 else won
            exact = (points if leader == 0 else -points) + _end(final, leader, rubicon)
        return exact, exact
    # the elder's tricks at the end: the leader makes at least his sure ones
    fewest = won + sure if leader == 0 else won
    most = won + left if leader == 0 else won + left - sure
    if objective == OBJECTIVE_TRICKS:
        return fewest - won, most - won
    low = INF
    high = -INF
    for final in range(fewest, most + 1):
        # the elder wins the last trick unless he wins none of those left
        high = max(high, _end(final, 0 if final > won else 1, rubicon))
        low = min(low, _end(final, 1 if final < won + left else 0, rubicon))
    return low - _popcount(younger & scoring), high + _popcount(elder & scoring)


@kernel
def top_cards(own: int, other: int) -> int:
    """The cards of ``own`` above every card of ``other`` in their suit: each wins a trick
    when led, and the one who holds them can lead them all one after another."""
    found = 0
    for suit in range(4):
        mine = own & (SPADES << suit)
        theirs = other & (SPADES << suit)
        if theirs == 0:
            found |= mine
        elif mine:
            top = LAST_CARD
            while not (theirs >> top) & 1:
                top -= 1
            found |= (mine >> (top + 1)) << (top + 1)
    return found


@kernel
def _slot(key: int, bits: int) -> int:
    """Where ``key`` lives in a table of ``2 ** bits`` entries: Fibonacci hashing, the top
    bits of the key times 2 ** 64 over the golden ratio (wrapping, as int64 does), so that
    every bit of the key moves the slot."""
    return (key * -7046029254386353131 >> (64 - bits)) & ((1 << bits) - 1)


@kernel
def search(
    elder: int,
    younger: int,
    leader: int,
    won: int,
    led: int,
    rubicon: bool,
    objective: int,
    alpha: int,
    beta: int,
    keys: IntArray,
    lows: SmallArray,
    highs: SmallArray,
    moves: ByteArray,
) -> int:
    """The value of a position from the elder's side (see the module docstring): exact when
    it falls strictly between ``alpha`` and ``beta``; otherwise at or below ``alpha`` is an
    upper bound of it, at or above ``beta`` a lower bound.

    ``elder`` and ``younger`` are the cards still held (a card led to the trick is no
    longer its leader's), ``won`` the elder's tricks so far, ``led`` the card led to the
    trick in progress or :data:`NO_CARD`. Play points: the leader scores 1 for a card led
    (classic: a ten or better), the second player 1 for winning the trick (classic: with
    a ten or better); the last trick 1 more to its winner (rubicon: 2); more than six
    tricks 10 for the cards; all twelve capot, 40, instead of the cards and the last
    trick.

    Alpha-beta over the moves, written with its own stack (numba cannot cache a function
    that calls itself). Between tricks, a position's bounds are kept in the table
    (``keys``, ``lows``, ``highs``, ``moves``, from :func:`new_table`), keyed by the cards
    left, the leader, the elder's tricks and the objective: the hands dealt must be the
    same for every search that shares it. Equivalent cards (:func:`representatives`) are
    tried once, and a position between tricks whose :func:`bounds` settle it is not
    searched. The move found best before is tried first; then a leader tries his cards
    sure to win (:func:`top_cards`), the lowest first, then his others, the highest
    first; the second player tries the lowest card that wins, then the others from the
    lowest up. Those orders find the cut-offs soonest.
    """
    bits = 0
    while (1 << bits) < keys.shape[0]:
        bits += 1
    split = not rubicon and objective == OBJECTIVE_POINTS
    lead_kind = np.empty(DEPTH, np.int64)  # 1 when the level leads to a trick
    movers = np.empty(DEPTH, np.int64)
    elders = np.empty(DEPTH, np.int64)
    youngers = np.empty(DEPTH, np.int64)
    wons = np.empty(DEPTH, np.int64)
    leds = np.empty(DEPTH, np.int64)
    tries = np.empty(DEPTH, np.int64)  # the candidates still to try
    firsts = np.empty(DEPTH, np.int64)  # the table's best move, tried first
    currents = np.empty(DEPTH, np.int64)  # the move being looked into
    winners = np.empty(DEPTH, np.int64)  # a leader's cards sure to win
    bests = np.empty(DEPTH, np.int64)
    best_moves = np.empty(DEPTH, np.int64)
    alphas = np.empty(DEPTH, np.int64)
    betas = np.empty(DEPTH, np.int64)
    windows = np.empty((DEPTH, 2), np.int64)  # the window searched, for the table
    edges = np.empty(DEPTH, np.int64)  # points of the move looked into, elder's side
    slots = np.empty(DEPTH, np.int64)  # the level's table entry, -1 if none
    entry_keys = np.empty(DEPTH, np.int64)

    d = 0
    lead_kind[0] = 1 if led == NO_CARD else 0
    movers[0] = leader if led == NO_CARD else 1 - leader
    elders[0], youngers[0], wons[0], leds[0] = elder, younger, won, led
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
            own = elders[d] if seat == 0 else youngers[d]
            other = youngers[d] if seat == 0 else elders[d]
            bests[d] = -INF if maxing else INF
            best_moves[d] = NO_CARD
            firsts[d] = NO_CARD
            slots[d] = -1
            if lead_kind[d]:
                low, high = bounds(elders[d], youngers[d], seat, wons[d], rubicon, objective)
                if low >= betas[d] or low == high:
                    done, result = True, low
                elif high <= alphas[d]:
                    done, result = True, high
                else:
                    # the tricks to come do not depend on the tricks won so far
                    counted = wons[d] if objective == OBJECTIVE_POINTS else 0
                    key = (own | other) | (seat << 32) | (counted << 33) | (objective << 38)
                    slot = _slot(key, bits)
                    entry_keys[d] = key
                    slots[d] = slot
                    if keys[slot] == key:
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
                    tries[d] = representatives(own, other, split)
                    winners[d] = top_cards(own, other)
            else:
                following = own & (SPADES << (leds[d] & 3))
                if following:
                    tries[d] = representatives(following, other | (1 << leds[d]), split)
                    # the ids above the card led, of its suit: the cards that win
                    winning = (tries[d] >> (leds[d] + 1)) << (leds[d] + 1)
                    if winning:
                        lowest = leds[d] + 1
                        while not (winning >> lowest) & 1:
                            lowest += 1
                        firsts[d] = lowest
                else:
                    tries[d] = representatives(own, other, split)
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
                if lead_kind[d]:
                    pool = tries[d] & winners[d]
                    if pool != 0:
                        card = 0
                        while not (pool >> card) & 1:
                            card += 1
                    else:
                        card = LAST_CARD
                        while not (tries[d] >> card) & 1:
                            card -= 1
                else:
                    card = 0
                    while not (tries[d] >> card) & 1:
                        card += 1
            tries[d] &= ~(1 << card)
            currents[d] = card
            held_e = elders[d] & ~(1 << card)
            held_y = youngers[d] & ~(1 << card)
            c = d + 1
            if lead_kind[d]:
                scored = 1 if objective == OBJECTIVE_POINTS and (rubicon or card >= HIGH) else 0
                edges[d] = scored if seat == 0 else -scored
                lead_kind[c], movers[c], leds[c] = 0, 1 - seat, card
                elders[c], youngers[c], wons[c] = held_e, held_y, wons[d]
                alphas[c], betas[c] = alphas[d] - edges[d], betas[d] - edges[d]
                pushed = True
            else:
                first_card = leds[d]
                wins = (card & 3) == (first_card & 3) and card > first_card
                winner = seat if wins else 1 - seat
                elder_won = wons[d] + (1 if winner == 0 else 0)
                edge = 0
                if objective == OBJECTIVE_TRICKS:
                    edge = 1 if winner == 0 else 0
                elif wins and (rubicon or card >= HIGH):
                    edge = 1 if seat == 0 else -1
                if held_e | held_y == 0:
                    if objective == OBJECTIVE_POINTS:
                        edge += _end(elder_won, winner, rubicon)
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
                    lead_kind[c], movers[c], leds[c] = 1, winner, NO_CARD
                    elders[c], youngers[c], wons[c] = held_e, held_y, elder_won
                    alphas[c], betas[c] = alphas[d] - edge, betas[d] - edge
                    pushed = True
        if pushed:
            d += 1
            fresh = True
            continue

        # the level is done: keep what was learnt, and hand its value up
        slot = slots[d]
        if slot >= 0 and best_moves[d] != NO_CARD:
            key = entry_keys[d]
            if keys[slot] != key:
                keys[slot], lows[slot], highs[slot] = key, -INF, INF
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
