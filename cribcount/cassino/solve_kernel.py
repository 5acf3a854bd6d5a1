"""Numba kernels of the rest of a Cassino deal solved: the twin of
:func:`cribcount.cassino.solve.reference_solve`.

Cards are ids of the 52-card pack, ``4 * (rank - 1) + suit`` (suits S H D C), and a set
of cards is an int64 mask, as in :mod:`cribcount.cassino.moves_kernel`, whose
:func:`~cribcount.cassino.moves_kernel.position_moves` gives the legal plays of each
position searched, as rows of its columns.

A state of the deal is one row of :data:`WIDTH` numbers (the columns named below): the
loose cards, each seat's hand, the seat to move, the last taker (0 for nobody), the stock
cards dealt or drawn so far, the values each seat has declared (with partners only: they
matter nowhere else), each side's cards and spades taken (the spades not in Spade
Cassino, which has no point for most spades), the builds in order of value, each its
value, cards, controller (0 for none) and whether it is multiple, and where sweeps cancel
among three or four sides each side's sweeps.

Values are from one side's view, the root side (the side solved for: by default the side
to move where the solve starts): its points minus every other side's, as the count
scores them. A take's points (its aces, Cassinos, spades in Spade Cassino, the sweep
where sweeps score) are added as they are made, so the value of a state is that of the
rest of the deal: the points of the takes still to come, the cards left on the table at
the end to the last taker with their points, and the points of most cards (3) and most
spades (1) over the sides' totals at the end (and, where sweeps cancel among three or
four sides, the fewest sweeps a side made, see :data:`CANCELLING`).
The root side plays for the most, every other side for the least.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from cribcount.cassino.moves_kernel import (
    ACE_IDS,
    BIG_CASSINO_ID,
    BUILD,
    BUILD_KIND,
    CARD,
    COLUMNS,
    KIND,
    MOST_BUILDS,
    MOST_VALUE,
    POINTS,
    SPADE_IDS,
    SWEEP,
    TAKE,
    TAKES,
    TRAIL,
    VALUE,
    bit_count,
    card_value,
    lowest,
    mask_points,
    position_moves,
)
from cribcount.jit import kernel, parallel_kernel

IntArray = npt.NDArray[np.int64]
FlagArray = npt.NDArray[np.int8]

SEATS = 4

# the columns of a state
LOOSE = 0
HANDS = 1
"""Seat ``s``'s hand is column ``HANDS + s - 1``."""
TURN = 5
LAST = 6
DRAWN = 7
"""The stock cards dealt or drawn so far: the next to come is ``stock[DRAWN]``."""
DECLARED = 8
"""Seat ``s``'s declared values (a mask, value ``v`` at bit ``1 << v``)."""
CARDS = 12
"""Side ``k``'s cards taken (from 1) is column ``CARDS + k - 1``."""
SPADES = 16
BUILDS = 20
"""The number of builds."""
VALUES = 21
MASKS = VALUES + MOST_BUILDS
CONTROLLERS = MASKS + MOST_BUILDS
MULTIPLE = CONTROLLERS + MOST_BUILDS
SWEEPS = MULTIPLE + MOST_BUILDS
"""Side ``k``'s sweeps (from 1), counted only where sweeps cancel among three or four
sides (:data:`CANCELLING`)."""
WIDTH = SWEEPS + SEATS

# the rules, one number each
PLAYERS, PARTNERS, ROYAL, ACES, SPADE, DRAW, ROOT, STOCK, SWEEP_POINT, CANCELLING = range(10)
RULES = 10
"""``SWEEP_POINT`` is 1 where a sweep scores a point as it is made (sweeps scored, or
cancelled); ``CANCELLING`` is, where sweeps cancel among three or four sides, the sides
less two, else 0: a side's sweeps then count beyond the fewest any side made, which adds
that many times the fewest to the root side's value."""

DEPTH = 52
"""States of one line of the search: a play each of at most 48 cards, the end, and a
state more for the line's children."""
INF = 1000
"""Beyond any value: a deal scores under 100."""
TABLE_BITS = 16
"""The transposition table holds ``2 ** TABLE_BITS`` states: 6.8 MB, so that a table for
each core stays in a processor's cache (a larger one keeps a few more states and reads
them slower)."""
KEY_BUILDS = 4
"""States with more builds than this are not kept in the table (their key would not fit)."""
KEY_WORDS = 8 + KEY_BUILDS
"""Words of a key: the search's stamp (once no stock is left, the stamp every search of
one call shares, since the stock no longer matters); the loose cards with the seat to
move and the last taker; each seat's hand with side's cards and spades taken (the side
of the same number); the declared values; the stock's place; the builds, each its cards,
value and controller."""
ENTRY = KEY_WORDS + 1
"""Words of an entry of the table: the key and the word of :func:`_packed`."""

# the columns of a level of the search
(FIRST, END, HINT, CURRENT, BEST, BEST_ROW, ALPHA, BETA, LOW, HIGH, SLOT, EDGE, MAXING, PROBE) = (
    range(14)
)
FRAME = 14

# what stopped a search, in status[0]
DONE = 0
OVERFLOW = 1
"""The rows of the plays outgrew ``out``: run again with more room."""
TOO_MANY_LOOSE = 2
"""More loose cards that count than the move kernel's workspace holds."""
STUCK = 3
"""A seat to move with no legal play."""
NO_LINE = 4
"""No play of a state of the line has its value (never, when the search is right)."""
STATES_SEARCHED = 1
"""``status[STATES_SEARCHED]`` counts the states the searches entered."""

TRIED = -1
"""A row's score once the search has tried it."""
FIRST_SCORE = 1 << 40
"""The score of the play the table holds best: above any other."""
NIBBLES = 0x1111111111111
"""The lowest id of each rank: a bit in each group of four."""
SETTLED = 63
"""A side's count in a key once it surely has the most (no count reaches it)."""
ALIKE_IDS = (NIBBLES * 0xE) & ~(1 << BIG_CASSINO_ID)
"""The cards that play alike with the others of their rank in the set (:func:`_alike`)."""
GOLDEN = -7046029254386353131
"""2 ** 64 over the golden ratio, as int64: Fibonacci hashing's multiplier."""


def new_table(bits: int = TABLE_BITS) -> tuple[IntArray, IntArray]:
    """An empty transposition table of ``2 ** bits`` states, an entry a row (its key, then
    the word of :func:`_packed`: the bounds of the value and the best play, together so
    that one look-up reads them at once), and the stamp of the last search (each search
    counts it up, and its keys carry it, so that a table can be shared by searches
    without being cleared). All zeros, touched only where used."""
    table, stamps = new_tables(1, bits)
    return table[0], stamps[0]


def new_tables(runs: int, bits: int = TABLE_BITS) -> tuple[IntArray, IntArray]:
    """A table of :func:`new_table` for each of ``runs`` runs (:func:`option_values`), in
    one array, and their stamps: each run's last (``[c, 0]``), and the stamp of the
    last-round states of the position it is solving (``[c, 1]``; 0 until it has one)."""
    return np.zeros((runs, 1 << bits, ENTRY), np.int64), np.zeros((runs, 2), np.int64)


def new_frames() -> IntArray:
    """Room for the levels of a search."""
    return np.zeros((DEPTH + 1, FRAME), np.int64)


@kernel
def _side(seat: int, partners: bool) -> int:
    """The side of a seat, from 1: seats 1 and 3 against 2 and 4 with partners."""
    return 2 - seat % 2 if partners else seat


@kernel
def _sign(side: int, rules: IntArray) -> int:
    """+1 for the root side's points, -1 for any other's."""
    return 1 if side == rules[ROOT] else -1


@kernel
def _over(state: IntArray, rules: IntArray) -> bool:
    """Whether every card has been played."""
    held = 0
    for s in range(SEATS):
        held |= state[HANDS + s]
    return held == 0 and state[DRAWN] >= rules[STOCK]


@kernel
def _table(state: IntArray) -> int:
    """The cards on the table, loose and in builds."""
    table = state[LOOSE]
    for j in range(state[BUILDS]):
        table |= state[MASKS + j]
    return int(table)


@kernel
def _final(state: IntArray, rules: IntArray) -> int:
    """The value of the end of the deal: the table's cards to the last taker, and most
    cards and most spades (nobody's on a tie for most)."""
    return int(_end(state, rules, _table(state), state[LAST], 0, 0, 0))


@kernel
def _end(
    state: IntArray, rules: IntArray, table: int, last: int, side: int, taken: int, swept: int
) -> int:
    """The value of the end of the deal (:func:`_final`) with ``table`` left on the table
    and ``last`` the last taker (0 for nobody), when ``side`` (0 for none) has taken the
    cards ``taken`` and made ``swept`` sweeps besides those ``state`` counts."""
    partners = rules[PARTNERS] == 1
    spade = rules[SPADE] == 1
    sides = 2 if partners else rules[PLAYERS]
    value = 0
    taker = 0
    if last != 0 and table != 0:
        taker = _side(last, partners)
        value += _sign(taker, rules) * mask_points(table, spade)
    for kind in range(1 if spade else 2):
        column = CARDS if kind == 0 else SPADES
        spades = SPADE_IDS if kind == 1 else -1
        left = bit_count(table & spades)
        more = bit_count(taken & spades)
        high = -1
        ties = 0
        most = 0
        for k in range(sides):
            count = state[column + k] + (left if k + 1 == taker else 0)
            count += more if k + 1 == side else 0
            if count > high:
                high, ties, most = count, 1, k
            elif count == high:
                ties += 1
        if ties == 1:
            value += _sign(most + 1, rules) * (3 if kind == 0 else 1)
    if rules[CANCELLING] > 0:
        value += rules[CANCELLING] * _fewest_sweeps(state, sides, side, swept)
    return value


@kernel
def _fewest_sweeps(state: IntArray, sides: int, side: int, swept: int) -> int:
    """The fewest sweeps any side has made (:data:`SWEEPS`), ``side`` with ``swept``
    more."""
    fewest = INF
    for k in range(sides):
        fewest = min(fewest, state[SWEEPS + k] + (swept if k + 1 == side else 0))
    return fewest


@kernel
def _bounds(state: IntArray, rules: IntArray, stock: IntArray) -> tuple[int, int]:
    """Bounds on the value of a state (module docstring): every card still to be taken
    to the root side, with a sweep at each of its plays and most cards and most spades
    where it can still have them; or all to the others.

    The cards still to be taken are the table's, the hands' and the stock's; a side can
    still have most cards when its cards and those are more than any other side's cards
    (the same for spades), and surely has most when its cards are more than any other
    side's and those together.
    """
    partners = rules[PARTNERS] == 1
    spade = rules[SPADE] == 1
    players = rules[PLAYERS]
    root = rules[ROOT]
    sides = 2 if partners else players
    left = _table(state)
    plays_root = 0
    plays_other = 0
    for s in range(players):
        hand = state[HANDS + s]
        left |= hand
        if _side(s + 1, partners) == root:
            plays_root += bit_count(hand)
        else:
            plays_other += bit_count(hand)
    coming = rules[STOCK] - state[DRAWN]
    for i in range(state[DRAWN], rules[STOCK]):
        left |= 1 << stock[i]
    points = mask_points(left, spade)
    high = points + plays_root + coming
    low = -(points + plays_other + coming)
    if rules[CANCELLING] > 0:
        # the fewest sweeps of a side: no fewer than now, no more than a sweep a play more
        fewest = _fewest_sweeps(state, sides, 0, 0)
        low += rules[CANCELLING] * fewest
        high += rules[CANCELLING] * (fewest + plays_root + plays_other + coming)
    for kind in range(1 if spade else 2):
        column = CARDS if kind == 0 else SPADES
        worth = 3 if kind == 0 else 1
        more = bit_count(left) if kind == 0 else bit_count(left & SPADE_IDS)
        mine = state[column + root - 1]
        can = True
        sure = True
        others_can = False
        for k in range(sides):
            if k + 1 == root:
                continue
            theirs = state[column + k]
            if mine + more <= theirs:
                can = False
            if mine <= theirs + more:
                sure = False
            if theirs + more > mine:
                others_can = True
        if sure:
            high += worth
            low += worth
        else:
            if can:
                high += worth
            if others_can:
                low -= worth
    return low, high


@kernel
def _key(
    state: IntArray, rules: IntArray, stamp: int, last_stamp: int, words: IntArray, d: int
) -> bool:
    """Write the key of a state into ``words[d]``; False when it has too many builds to be
    kept (see :data:`KEY_BUILDS`). States of one key have one value: the cards that play
    alike are written alike (:func:`_alike`), and the cards and spades taken only as
    which side has the most when that is settled (:func:`_settled`)."""
    nb = state[BUILDS]
    if nb > KEY_BUILDS:
        return False
    players = rules[PLAYERS]
    live = state[LOOSE]
    for s in range(players):
        live |= state[HANDS + s]
    for j in range(nb):
        live |= state[MASKS + j]
    coming = rules[STOCK] - state[DRAWN]
    sides = 2 if rules[PARTNERS] == 1 else players
    cards = _settled(state, CARDS, sides, bit_count(live) + coming)
    spades = _settled(state, SPADES, sides, bit_count(live & SPADE_IDS) + coming)
    words[d, 0] = stamp if coming > 0 else last_stamp
    words[d, 1] = _alike(state[LOOSE]) | state[TURN] << 52 | state[LAST] << 55
    declared = 0
    for s in range(SEATS):
        if s >= players:
            words[d, 2 + s] = 0
            continue
        taken = state[CARDS + s] if cards == 0 else SETTLED * (s + 1 == cards)
        spade = state[SPADES + s] if spades == 0 else SETTLED * (s + 1 == spades)
        words[d, 2 + s] = _alike(state[HANDS + s]) | taken << 52 | spade << 58
        declared |= state[DECLARED + s] << (15 * s)
    if rules[CANCELLING] > 0:
        # no partners: no declared values
        for k in range(sides):
            declared |= state[SWEEPS + k] << (6 * k)
    words[d, 6] = declared
    words[d, 7] = state[DRAWN]
    for j in range(KEY_BUILDS):
        if j < nb:
            mask = _alike(state[MASKS + j])
            words[d, 8 + j] = mask | state[VALUES + j] << 52 | state[CONTROLLERS + j] << 56
        else:
            words[d, 8 + j] = 0
    return True


@kernel
def _settled(state: IntArray, column: int, sides: int, left: int) -> int:
    """The side (from 1) that has the most of ``column``'s counts (cards or spades
    taken) whatever becomes of the ``left`` still to be taken (at most that many), 0
    when none is sure of it."""
    for k in range(sides):
        sure = True
        for j in range(sides):
            if j != k and state[column + k] <= state[column + j] + left:
                sure = False
        if sure:
            return k + 1
    return 0


@kernel
def _alike(mask: int) -> int:
    """``mask`` with the cards that play alike written as the first of them: of each
    rank, its hearts, diamonds and clubs, all but big Cassino, score alike and count
    alike (no spade, no point but an ace's), so a state and the one with any two of them
    changed over have the same value, and one key (see :func:`_key`). Of each rank the
    ``k`` of them in ``mask`` become its first ``k`` (hearts, then diamonds, then clubs;
    the tens' hearts and clubs)."""
    alike = mask & ALIKE_IDS
    first = (alike >> 1) & NIBBLES
    second = (alike >> 2) & NIBBLES
    third = (alike >> 3) & NIBBLES
    one = first | second | third
    two = (first & second) | (first & third) | (second & third)
    three = first & second & third
    filled = one << 1 | two << 2 | three << 3
    if (filled >> BIG_CASSINO_ID) & 1:
        filled ^= 1 << BIG_CASSINO_ID | 1 << (BIG_CASSINO_ID + 1)
    return (mask & ~ALIKE_IDS) | filled


@kernel
def _packed(low: int, high: int, play: int) -> int:
    """The word of an entry after its key: the lower and upper bounds of the state's value
    (each above -:data:`INF`, 16 bits) and the place of its best play among its rows."""
    return (low + INF) | (high + INF) << 16 | play << 32


@kernel
def _unpacked(word: int) -> tuple[int, int, int]:
    """The bounds and the best play of a word of :func:`_packed`."""
    return (word & 0xFFFF) - INF, ((word >> 16) & 0xFFFF) - INF, word >> 32


@kernel
def _bits(table: IntArray) -> int:
    """The table's entries as a power of two."""
    bits = 0
    while (1 << bits) < table.shape[0]:
        bits += 1
    return bits


@kernel
def _slot(words: IntArray, d: int, bits: int) -> int:
    """Where the key ``words[d]`` lives in a table of ``2 ** bits`` entries."""
    h = 0
    for w in range(KEY_WORDS):
        h = (h ^ words[d, w]) * GOLDEN
        h ^= (h >> 29) & 0x7FFFFFFFF
    return (h >> (64 - bits)) & ((1 << bits) - 1)


@kernel
def _same(table: IntArray, slot: int, words: IntArray, d: int) -> bool:
    """Whether the entry at ``slot`` of the table holds the key ``words[d]``."""
    differ = 0
    for w in range(KEY_WORDS):
        differ |= table[slot, w] ^ words[d, w]
    return differ == 0


@kernel
def _moves(
    state: IntArray,
    rules: IntArray,
    out: IntArray,
    row: int,
    ints: IntArray,
    flags: FlagArray,
    scratch: IntArray,
) -> int:
    """Write the legal plays of a state into ``out`` from ``row`` on (see
    :func:`~cribcount.cassino.moves_kernel.position_moves`), and return the row after
    the last; -1 when the state has more loose cards that count than ``ints`` has room
    for. ``scratch`` is room for the position as the move kernel reads it."""
    royal = rules[ROYAL] == 1
    aces = rules[ACES]
    loose = scratch[0]
    hand = scratch[1]
    nl = 0
    counting = 0
    mask = state[LOOSE]
    while mask:
        card = lowest(mask)
        mask &= mask - 1
        loose[nl] = card
        nl += 1
        if card_value(card, royal, aces) > 0:
            counting += 1
    if (1 << counting) > ints.shape[1]:
        return -1
    seat = state[TURN]
    nh = 0
    mask = state[HANDS + seat - 1]
    while mask:
        hand[nh] = lowest(mask)
        mask &= mask - 1
        nh += 1
    nb = state[BUILDS]
    partner = 0
    declared = 0
    partner_holds = 0
    if rules[PARTNERS] == 1:
        # as the player sees it: the values his partner vouches for (declared, or of a
        # build he controls)
        partner = (seat + 1) % 4 + 1
        declared = state[DECLARED + partner - 1]
        partner_holds = declared
        for j in range(nb):
            if state[CONTROLLERS + j] == partner:
                partner_holds |= 1 << state[VALUES + j]
    return int(
        position_moves(
            loose[:nl],
            hand[:nh],
            state,
            VALUES,
            nb,
            seat,
            partner,
            declared,
            partner_holds,
            royal,
            aces,
            rules[SPADE] == 1,
            out,
            row,
            ints,
            flags,
        )
    )


@kernel
def _apply(
    states: IntArray, d: int, moves: IntArray, row: int, rules: IntArray, stock: IntArray
) -> int:
    """Write into ``states[d + 1]`` the state after the seat to move in ``states[d]``
    plays ``moves[row]`` (a row of the move kernel), and return the points it makes, from the
    root side's view.

    The play: the card leaves the hand, and in Draw Cassino the stock's next card comes
    in while any is left; a take adds its cards to the side's and makes the seat the last
    taker; a build takes its cards from the table and stands, in order of value, its
    controller the seat; a trail lays the card loose. Then the next seat holding a card
    moves; when no hand holds one and the stock is not done, four more to each seat, two
    at a time from seat 1, seat 1 to move and the declarations forgotten.
    """
    c = d + 1
    for w in range(WIDTH):
        states[c, w] = states[d, w]
    players = rules[PLAYERS]
    partners = rules[PARTNERS] == 1
    royal = rules[ROYAL] == 1
    aces = rules[ACES]
    seat = states[c, TURN]
    card = moves[row, CARD]
    bit = 1 << card
    states[c, HANDS + seat - 1] &= ~bit
    if rules[DRAW] == 1 and states[c, DRAWN] < rules[STOCK]:
        states[c, HANDS + seat - 1] |= 1 << stock[states[c, DRAWN]]
        states[c, DRAWN] += 1
    kind = moves[row, KIND]
    edge = 0
    used = moves[row, TAKES]
    if kind == TAKE:
        taken = used | bit
        side = _side(seat, partners)
        states[c, CARDS + side - 1] += bit_count(taken)
        if rules[SPADE] == 0:
            states[c, SPADES + side - 1] += bit_count(taken & SPADE_IDS)
        sweep = moves[row, SWEEP]
        edge = _sign(side, rules) * (moves[row, POINTS] - sweep * (1 - rules[SWEEP_POINT]))
        if rules[CANCELLING] > 0:
            states[c, SWEEPS + side - 1] += sweep
        states[c, LAST] = seat
    if kind == TRAIL:
        states[c, LOOSE] |= bit
    else:
        states[c, LOOSE] &= ~used
        kept = 0
        for j in range(states[c, BUILDS]):
            if states[c, MASKS + j] & used == 0:
                for column in (VALUES, MASKS, CONTROLLERS, MULTIPLE):
                    states[c, column + kept] = states[c, column + j]
                kept += 1
        states[c, BUILDS] = kept
    if kind == BUILD_KIND:
        value = moves[row, VALUE]
        cards = moves[row, BUILD]
        total = 0
        mask = cards
        while mask:
            total += card_value(lowest(mask), royal, aces)
            mask &= mask - 1
        at = states[c, BUILDS]
        while at > 0 and states[c, VALUES + at - 1] > value:
            for column in (VALUES, MASKS, CONTROLLERS, MULTIPLE):
                states[c, column + at] = states[c, column + at - 1]
            at -= 1
        states[c, VALUES + at] = value
        states[c, MASKS + at] = cards
        states[c, CONTROLLERS + at] = seat
        states[c, MULTIPLE + at] = 1 if total != value else 0
        states[c, BUILDS] += 1
    if partners:
        states[c, DECLARED + seat - 1] &= ~(1 << card_value(card, royal, aces))
        if kind == BUILD_KIND:
            states[c, DECLARED + seat - 1] |= 1 << moves[row, VALUE]
    empty = True
    for s in range(players):
        if states[c, HANDS + s] != 0:
            empty = False
    turn = seat % players + 1
    if empty:
        if states[c, DRAWN] < rules[STOCK]:
            for _ in range(2):
                for s in range(players):
                    for _ in range(2):
                        if states[c, DRAWN] < rules[STOCK]:
                            states[c, HANDS + s] |= 1 << stock[states[c, DRAWN]]
                            states[c, DRAWN] += 1
            turn = 1
            for s in range(SEATS):
                states[c, DECLARED + s] = 0
    else:
        while states[c, HANDS + turn - 1] == 0:
            turn = turn % players + 1
    states[c, TURN] = turn
    return edge


@kernel
def _last_card(state: IntArray, rules: IntArray) -> bool:
    """Whether the seat to move holds the deal's last card (no other card held, none
    left in the stock) and controls no build: then :func:`_last_value` values it."""
    held = 0
    for s in range(SEATS):
        held |= state[HANDS + s]
    if state[DRAWN] < rules[STOCK] or held & (held - 1) != 0:
        return False
    return not _controls(state)


@kernel
def _controls(state: IntArray) -> bool:
    """Whether the seat to move controls a build."""
    controls = False
    for j in range(state[BUILDS]):
        controls |= state[CONTROLLERS + j] == state[TURN]
    return controls


@kernel
def _same_rank(card: int) -> int:
    """The four cards of ``card``'s rank, as a mask: the four aces shifted to the rank's
    first id."""
    return int(ACE_IDS << (card & ~3))


@kernel
def _last_value(state: IntArray, rules: IntArray) -> int:
    """The value of a state of :func:`_last_card`, from its two outcomes. The card may
    always trail, and a build leaves the table's cards as a trail does. Every take makes
    the seat the last taker, so that the table's cards all go to its side, by the take or
    at the end; a take that clears the table scores a sweep more, and the seat takes that
    one when it can."""
    seat = state[TURN]
    card = lowest(state[HANDS + seat - 1])
    takes, clears = _takes(state, rules, card)
    everything = _table(state) | 1 << card
    best = _end(state, rules, everything, state[LAST], 0, 0, 0)
    if takes:
        side = _side(seat, rules[PARTNERS] == 1)
        sweep = 1 if clears else 0
        points = mask_points(everything, rules[SPADE] == 1) + sweep * rules[SWEEP_POINT]
        take = _sign(side, rules) * points + _end(state, rules, 0, seat, side, everything, sweep)
        best = max(best, take) if side == rules[ROOT] else min(best, take)
    return int(best)


@kernel
def _takes(state: IntArray, rules: IntArray, card: int) -> tuple[bool, bool]:
    """Whether ``card`` takes anything from the table, and whether a take of it clears
    the table (a sweep)."""
    royal = rules[ROYAL] == 1
    aces = rules[ACES]
    value = card_value(card, royal, aces)
    loose = state[LOOSE]
    takes = False
    clears = loose != 0 or state[BUILDS] > 0
    for j in range(state[BUILDS]):
        if state[VALUES + j] == value and value > 0:
            takes = True
        else:
            clears = False
    if value == 0:
        # a court card of the classic game takes the loose cards of its rank
        rank = _same_rank(card)
        takes = loose & rank != 0
        clears = clears and takes and loose & ~rank == 0
    else:
        sums = 1
        total = 0
        mask = loose
        while mask:
            each = card_value(lowest(mask), royal, aces)
            mask &= mask - 1
            if each == 0:
                clears = False
            total += each
            sums |= sums << each
        takes = takes or (sums >> value) & 1 == 1
        clears = clears and takes and total % value == 0
        clears = clears and (total == value or _splits(loose, value, royal, aces))
    return takes, clears


@kernel
def _trails_only(state: IntArray, rules: IntArray) -> bool:
    """Whether the seat to move can only trail, each card of its hand: without partners
    (who build for each other), controlling no build, no card of the hand taking
    anything or building (a build of a value V held by another card of the hand needs
    loose cards making V less the card's value, or a single build of that value to
    increase; loose groups or builds of V itself would be a take for a card of V)."""
    if rules[PARTNERS] == 1 or _controls(state):
        return False
    royal = rules[ROYAL] == 1
    aces = rules[ACES]
    standing = 0
    singles = 0
    for j in range(state[BUILDS]):
        standing |= 1 << state[VALUES + j]
        if state[MULTIPLE + j] == 0:
            singles |= 1 << state[VALUES + j]
    loose = state[LOOSE]
    sums = 1
    mask = loose
    while mask:
        sums |= sums << card_value(lowest(mask), royal, aces)
        mask &= mask - 1
    hand = state[HANDS + state[TURN] - 1]
    held = _values(hand, royal, aces)
    mask = hand
    while mask:
        card = lowest(mask)
        mask &= mask - 1
        value = card_value(card, royal, aces)
        if value == 0:
            # a court card of the classic game takes the loose cards of its rank
            if loose & _same_rank(card) != 0:
                return False
            continue
        if (sums | standing) >> value & 1:
            return False
        for target in range(value + 1, MOST_VALUE + 1):
            if held >> target & 1 and (sums | singles) >> (target - value) & 1:
                return False
    return True


@kernel
def _values(cards: int, royal: bool, aces: int) -> int:
    """The values of the cards ``cards`` (a mask), as a mask of values."""
    values = 0
    while cards:
        values |= 1 << card_value(lowest(cards), royal, aces)
        cards &= cards - 1
    return values


@kernel
def _trails(state: IntArray, out: IntArray, row: int) -> int:
    """Write the trails of the hand to play into ``out`` from ``row`` on, in the order
    of the move kernel (the hand's cards in order), as many as it has room for; the row
    after the last."""
    mask = state[HANDS + state[TURN] - 1]
    while mask:
        if row < out.shape[0]:
            out[row, :] = 0
            out[row, CARD] = lowest(mask)
            out[row, KIND] = TRAIL
        mask &= mask - 1
        row += 1
    return row


@kernel
def _score(moves: IntArray, row: int, rules: IntArray) -> int:
    """How early the search tries the play ``moves[row]``: takes first, the richest first,
    then builds, then trails, the lowest card first (a play never scores below 0)."""
    kind = moves[row, KIND]
    if kind == TAKE:
        return int(1000 + 20 * moves[row, POINTS] + bit_count(moves[row, TAKES]))
    if kind == BUILD_KIND:
        return int(500 + bit_count(moves[row, TAKES]))
    return int(100 - card_value(moves[row, CARD], rules[ROYAL] == 1, rules[ACES]))


@kernel
def search(
    states: IntArray,
    top: int,
    alpha: int,
    beta: int,
    first_row: int,
    rules: IntArray,
    stock: IntArray,
    out: IntArray,
    scores: IntArray,
    frames: IntArray,
    words: IntArray,
    table: IntArray,
    stamp: int,
    last_stamp: int,
    ints: IntArray,
    flags: FlagArray,
    scratch: IntArray,
    status: IntArray,
) -> int:
    """The value of ``states[top]`` from the root side's view (module docstring): exact
    when it falls strictly between ``alpha`` and ``beta``; otherwise at or below
    ``alpha`` an upper bound of it, at or above ``beta`` a lower bound.

    Alpha-beta over the legal plays, written with its own stack (numba cannot cache a
    function that calls itself): the states below ``top`` go into ``states``, their
    plays into ``out`` from ``first_row`` on (``scores`` beside it), each level's
    numbers into ``frames`` and its key into ``words``. A state's bounds are kept in the
    ``table`` (:func:`new_table`) under its key, stamped ``stamp`` (``last_stamp`` once
    no stock is left). The play found best before is tried first, then by
    :func:`_score`. ``status[0]`` is set when the search cannot go on (:data:`OVERFLOW`,
    :data:`TOO_MANY_LOOSE`, :data:`STUCK`); the value is then meaningless.
    """
    bits = _bits(table)
    d = top
    frames[d, ALPHA] = alpha
    frames[d, BETA] = beta
    frames[d, FIRST] = first_row
    fresh = True
    returned = 0
    while True:
        done = False
        result = 0
        if fresh:
            fresh = False
            status[STATES_SEARCHED] += 1
            state = states[d]
            maxing = _side(state[TURN], rules[PARTNERS] == 1) == rules[ROOT]
            frames[d, MAXING] = 1 if maxing else 0
            frames[d, BEST] = -INF if maxing else INF
            frames[d, BEST_ROW] = -1
            frames[d, HINT] = -1
            frames[d, SLOT] = -1
            if _over(state, rules):
                done, result = True, _final(state, rules)
            elif _last_card(state, rules):
                done, result = True, _last_value(state, rules)
            else:
                low, high = _bounds(state, rules, stock)
                if low >= frames[d, BETA] or low == high:
                    done, result = True, low
                elif high <= frames[d, ALPHA]:
                    done, result = True, high
            if not done:
                if _key(state, rules, stamp, last_stamp, words, d):
                    slot = _slot(words, d, bits)
                    frames[d, SLOT] = slot
                    if _same(table, slot, words, d):
                        low, high, hint = _unpacked(table[slot, KEY_WORDS])
                        if low >= frames[d, BETA] or low == high:
                            done, result = True, low
                        elif high <= frames[d, ALPHA]:
                            done, result = True, high
                        else:
                            frames[d, ALPHA] = max(frames[d, ALPHA], low)
                            frames[d, BETA] = min(frames[d, BETA], high)
                            frames[d, HINT] = hint
                if not done:
                    frames[d, LOW] = frames[d, ALPHA]
                    frames[d, HIGH] = frames[d, BETA]
                    first = frames[d, FIRST]
                    if _trails_only(state, rules):
                        end = _trails(state, out, first)
                    else:
                        end = _moves(state, rules, out, first, ints, flags, scratch)
                    if end < 0:
                        status[0] = TOO_MANY_LOOSE
                        return 0
                    if end > out.shape[0]:
                        status[0] = OVERFLOW
                        return 0
                    if end == first:
                        status[0] = STUCK
                        return 0
                    frames[d, END] = end
                    for r in range(first, end):
                        scores[r] = _score(out, r, rules)
                    hint = frames[d, HINT]
                    if 0 <= hint < end - first:
                        scores[first + hint] = FIRST_SCORE
        else:
            value = frames[d, EDGE] + returned
            maxing = frames[d, MAXING] == 1
            better = value > frames[d, ALPHA] if maxing else value < frames[d, BETA]
            if maxing:
                if value > frames[d, BEST]:
                    frames[d, BEST] = value
                    frames[d, BEST_ROW] = frames[d, CURRENT]
                frames[d, ALPHA] = max(frames[d, ALPHA], value)
            else:
                if value < frames[d, BEST]:
                    frames[d, BEST] = value
                    frames[d, BEST_ROW] = frames[d, CURRENT]
                frames[d, BETA] = min(frames[d, BETA], value)
            if frames[d, ALPHA] >= frames[d, BETA]:
                done, result = True, frames[d, BEST]
            elif frames[d, PROBE] == 1 and better:
                # the play asked only whether it beats the best so far does: search it
                # again on the whole window for its value
                frames[d, PROBE] = 0
                edge = frames[d, EDGE]
                c = d + 1
                frames[c, ALPHA] = frames[d, ALPHA] - edge
                frames[c, BETA] = frames[d, BETA] - edge
                frames[c, FIRST] = frames[d, END]
                d = c
                fresh = True
                continue

        if not done:
            # the next play to try: the table's best first, then the highest score
            first = frames[d, FIRST]
            end = frames[d, END]
            pick = -1
            high = TRIED
            for r in range(first, end):
                if scores[r] > high:
                    high, pick = scores[r], r
            if pick < 0:
                done, result = True, frames[d, BEST]
            else:
                scores[pick] = TRIED
                frames[d, CURRENT] = pick - first
                edge = _apply(states, d, out, pick, rules, stock)
                frames[d, EDGE] = edge
                # after the first play, each is first asked only whether it beats the
                # best so far (a window of one), as the best usually comes first
                low, high = frames[d, ALPHA], frames[d, BETA]
                probe = frames[d, BEST_ROW] >= 0 and high - low > 1
                if probe:
                    if frames[d, MAXING] == 1:
                        high = low + 1
                    else:
                        low = high - 1
                frames[d, PROBE] = 1 if probe else 0
                c = d + 1
                frames[c, ALPHA] = low - edge
                frames[c, BETA] = high - edge
                frames[c, FIRST] = end
                d = c
                fresh = True
                continue

        # the level is done: keep what was learnt, and hand its value up
        slot = frames[d, SLOT]
        if slot >= 0 and frames[d, BEST_ROW] >= 0:
            low, high = -INF, INF
            if _same(table, slot, words, d):
                low, high, _ = _unpacked(table[slot, KEY_WORDS])
            else:
                for w in range(KEY_WORDS):
                    table[slot, w] = words[d, w]
            if result <= frames[d, LOW]:
                high = min(high, result)
            elif result >= frames[d, HIGH]:
                low = max(low, result)
            else:
                low, high = result, result
            table[slot, KEY_WORDS] = _packed(low, high, frames[d, BEST_ROW])
        if d == top:
            return result
        d -= 1
        returned = result


@kernel
def _splits(mask: int, target: int, royal: bool, aces: int) -> bool:
    """Whether the cards of ``mask`` split into groups each making ``target``."""
    k = bit_count(mask)
    if k == 0:
        return True
    values = np.empty(k, np.int64)
    total = 0
    rest = mask
    for i in range(k):
        values[i] = card_value(lowest(rest), royal, aces)
        total += values[i]
        rest &= rest - 1
    if total % target != 0:
        return False
    if total == target:
        return True
    size = 1 << k
    sums = np.zeros(size, np.int64)
    ok = np.zeros(size, np.bool_)
    ok[0] = True
    for s in range(1, size):
        low = s & -s
        sums[s] = sums[s ^ low] + values[lowest(low)]
        # the group of the lowest card: it and some of the others
        others = s ^ low
        g = others
        while True:
            group = g | low
            if sums[group] == target and ok[s ^ group]:
                ok[s] = True
                break
            if g == 0:
                break
            g = (g - 1) & others
    return bool(ok[size - 1])


@kernel
def _start(state: IntArray, piles: IntArray, sweeps: IntArray, rules: IntArray) -> int:
    """Write into ``state`` each side's cards and spades taken, from ``piles`` (the cards
    each side has taken, as masks), and return the points of the piles and of
    ``sweeps`` (the sweeps each side has made, kept in ``state`` where they cancel) from
    the root side's view."""
    spade = rules[SPADE] == 1
    base = 0
    for k in range(piles.shape[0]):
        state[CARDS + k] = bit_count(piles[k])
        state[SPADES + k] = 0 if spade else bit_count(piles[k] & SPADE_IDS)
        points = mask_points(piles[k], spade) + sweeps[k] * rules[SWEEP_POINT]
        base += _sign(k + 1, rules) * points
        if rules[CANCELLING] > 0:
            state[SWEEPS + k] = sweeps[k]
    return base


@kernel
def _legal_keys(state: IntArray, rules: IntArray, rows: IntArray, keys: IntArray) -> None:
    """Write for each play of ``rows`` (a state's plays) a key whose order, compared
    number by number, is the order of :func:`cribcount.cassino.moves.legal_moves`: by
    the card (the hand in order), takes, then builds, then the trail. Takes: those of
    loose cards alone, then those of the build of the card's value, each by the loose
    cards taken in the order their subsets are tried (a set of cards by its mask, as an
    int). Builds by value; of one value, those on loose cards making the value with the
    card (by the first such cards, then the loose groups gathered), then the card alone
    on its value, then the increase of a single build (each by its loose cards)."""
    royal = rules[ROYAL] == 1
    aces = rules[ACES]
    loose = state[LOOSE]
    for r in range(rows.shape[0]):
        move = rows[r]
        card = move[CARD]
        kind = move[KIND]
        used = move[TAKES]
        keys[r, :] = 0
        keys[r, 0] = card
        keys[r, 1] = kind
        if kind == TAKE:
            keys[r, 2] = 1 if used & ~loose != 0 else 0
            keys[r, 3] = used & loose
        elif kind == BUILD_KIND:
            target = move[VALUE]
            value = card_value(card, royal, aces)
            taken = used & loose
            increase = False
            for j in range(state[BUILDS]):
                if state[MASKS + j] & used != 0 and state[VALUES + j] != target:
                    increase = True
            keys[r, 2] = target
            if increase:
                keys[r, 3] = 2
                keys[r, 4] = taken
            elif target == value:
                keys[r, 3] = 1
                keys[r, 4] = taken
            else:
                # the first loose cards, in the order of their masks, making the card's
                # group with the rest in groups of the value
                sub = (0 - taken) & taken
                while sub != 0:
                    total = 0
                    each = sub
                    while each:
                        total += card_value(lowest(each), royal, aces)
                        each &= each - 1
                    if total + value == target and _splits(taken ^ sub, target, royal, aces):
                        break
                    sub = (sub - taken) & taken
                keys[r, 4] = sub
                keys[r, 5] = taken ^ sub


@kernel
def _before(keys: IntArray, a: int, b: int) -> bool:
    for w in range(keys.shape[1]):
        if keys[a, w] != keys[b, w]:
            return bool(keys[a, w] < keys[b, w])
    return False


@kernel
def solve_rest(
    states: IntArray,
    piles: IntArray,
    sweeps: IntArray,
    rules: IntArray,
    stock: IntArray,
    out: IntArray,
    scores: IntArray,
    frames: IntArray,
    words: IntArray,
    table: IntArray,
    stamps: IntArray,
    ints: IntArray,
    flags: FlagArray,
    line: IntArray,
    status: IntArray,
) -> tuple[int, int]:
    """The rest of the deal from ``states[0]`` solved: its value for the root side (its
    points minus the others' over the whole deal: ``piles``, the cards each side has
    taken, as masks, and ``sweeps``, the sweeps each has made, counted in) and the number
    of plays of the line, each written into ``line`` as a row of the move kernel and the
    seat that plays it.

    The line: at each state, the play the search found best (the table's play for the
    state) when it has the state's value; otherwise, of the plays that have it, the
    first in the order of :func:`cribcount.cassino.moves.legal_moves`
    (:func:`_legal_keys`). The ``table`` is shared by the searches of one solve, under a
    stamp counted up in ``stamps[0]``. ``status[0]`` is set when the search cannot go on
    (see :func:`search`).
    """
    stamps[0] += 1
    stamp = stamps[0]
    status[0] = DONE
    status[STATES_SEARCHED] = 0
    scratch = np.empty((2, 52), np.int64)
    bits = _bits(table)
    base = _start(states[0], piles, sweeps, rules)
    value = search(
        states, 0, -INF, INF, 0, rules, stock, out, scores, frames, words,
        table, stamp, stamp, ints, flags, scratch, status,
    )  # fmt: skip
    if status[0] != DONE:
        return 0, 0
    rest = value
    plays = 0
    while not _over(states[0], rules):
        end = _moves(states[0], rules, out, 0, ints, flags, scratch)
        if end < 0:
            status[0] = TOO_MANY_LOOSE
            return 0, 0
        if end > out.shape[0]:
            status[0] = OVERFLOW
            return 0, 0
        order_keys = np.empty((end, 6), np.int64)
        _legal_keys(states[0], rules, out[:end], order_keys)
        order = np.arange(end)
        for i in range(1, end):
            j = i
            while j > 0 and _before(order_keys, order[j], order[j - 1]):
                order[j], order[j - 1] = order[j - 1], order[j]
                j -= 1
        # the play the search found best first
        hint = -1
        if _key(states[0], rules, stamp, stamp, words, 0):
            slot = _slot(words, 0, bits)
            if _same(table, slot, words, 0):
                hint = _unpacked(table[slot, KEY_WORDS])[2]
        if 0 <= hint < end:
            at = 0
            while order[at] != hint:
                at += 1
            for i in range(at, 0, -1):
                order[i] = order[i - 1]
            order[0] = hint
        chosen = -1
        edge = 0
        # a play whose value is the state's: for the root side one worth at least it
        # (none is worth more), for another side one worth at most it; each asked by
        # a search of a window of one
        maxing = _side(states[0, TURN], rules[PARTNERS] == 1) == rules[ROOT]
        for i in range(end):
            r = order[i]
            edge = _apply(states, 0, out, r, rules, stock)
            need = rest - edge
            low = need - 1 if maxing else need
            found = search(
                states, 1, low, low + 1, end, rules, stock, out, scores,
                frames, words, table, stamp, stamp, ints, flags, scratch,
                status,
            )  # fmt: skip
            if status[0] != DONE:
                return 0, 0
            if (found >= need) if maxing else (found <= need):
                chosen = r
                break
        if chosen < 0:
            status[0] = NO_LINE
            return 0, 0
        line[plays, :COLUMNS] = out[chosen]
        line[plays, COLUMNS] = states[0, TURN]
        plays += 1
        for w in range(WIDTH):
            states[0, w] = states[1, w]
        rest -= edge
    return base + value, plays


MOST_RUNS = 16
"""The most runs :func:`option_values` shares the ways out among (one to each core, each
with its transposition table)."""


@parallel_kernel
def option_values(
    firsts: IntArray,
    stocks: IntArray,
    piles: IntArray,
    sweeps: IntArray,
    rules: IntArray,
    plays: IntArray,
    states: IntArray,
    out: IntArray,
    scores: IntArray,
    frames: IntArray,
    words: IntArray,
    table: IntArray,
    stamps: IntArray,
    ints: IntArray,
    flags: FlagArray,
    status: IntArray,
) -> IntArray:
    """For each way the cards can lie (the state ``firsts[i]``, its stock ``stocks[i]``)
    and each of the plays of the seat to move (``plays``, rows of the move kernel, the
    same plays in every way): the value for the root side of the whole deal (``piles``
    and ``sweeps`` counted in, as in :func:`solve_rest`) after the play, the rest solved.

    The ways are shared out among runs, each on its own room (the leading number of
    ``states`` to ``status``, one for each run: the rooms of :func:`search`; a run to
    each core), every ``runs``-th way to a run, a run's searches
    sharing its table under one stamp a way, since the plays of one way lead to states
    of one stock, and the states of the last round, which no stock changes, under the
    position's stamp ``stamps[c, 1]``: a new one when it is 0, kept from call to call
    otherwise, so that the ways of one position can be solved over several calls.
    ``status[c, 0]`` is set when a search of run ``c`` cannot go on (see
    :func:`search`); the values are then meaningless.
    """
    n = firsts.shape[0]
    values = np.zeros((n, plays.shape[0]), np.int64)
    runs = states.shape[0]
    for chunk in numba.prange(runs):
        scratch = np.empty((2, 52), np.int64)
        room = states[chunk]
        state_of = status[chunk]
        state_of[0] = DONE
        if stamps[chunk, 1] == 0:
            stamps[chunk, 0] += 1
            stamps[chunk, 1] = stamps[chunk, 0]
        last_stamp = stamps[chunk, 1]
        for i in range(chunk, n, runs):
            stamps[chunk, 0] += 1
            room[0, :] = firsts[i]
            base = _start(room[0], piles, sweeps, rules)
            for p in range(plays.shape[0]):
                edge = _apply(room, 0, plays, p, rules, stocks[i])
                if _over(room[1], rules):
                    rest = _final(room[1], rules)
                else:
                    rest = search(
                        room, 1, -INF, INF, 0, rules, stocks[i], out[chunk], scores[chunk],
                        frames[chunk], words[chunk], table[chunk],
                        stamps[chunk, 0], last_stamp, ints[chunk], flags[chunk], scratch,
                        state_of,
                    )  # fmt: skip
                if state_of[0] != DONE:
                    break
                values[i, p] = base + edge + rest
            if state_of[0] != DONE:
                break
    return values
