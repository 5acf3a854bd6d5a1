"""Numba kernels of the Cassino plays: the twin of :func:`cribcount.cassino.moves.legal_moves`.

Cards are ids of the 52-card pack, ``4 * (rank - 1) + suit`` (suits S H D C), and a set
of cards is an int64 mask, the card of id ``i`` at bit ``1 << i``. A set of values (the
values a seat holds) is a mask too, value ``v`` at bit ``1 << v``.

A position is given as the loose cards' ids, the hand's ids, the builds (four blocks of
:data:`MOST_BUILDS` numbers in one array: the values, the card masks, the controllers
with 0 for none, the multiple flags), the seat, the partner's seat (0 without partners)
with the values he has declared and those he holds (as far as known: see
:class:`cribcount.cassino.moves.Position`), and the form: what an ace counts, whether
court cards count (Royal Cassino: J 11, Q 12, K 13; otherwise they count 0 and take by
rank only), whether spades score, the highest value.

The loose cards that count are numbered 0..n-1 by their place, and a set of them is an
int of n bits (a court card of the classic game is no part of any sum, so it stands
apart). The kernel lists the groups: every set of them making at most the highest value
the player or his partner holds, found by extending each set listed with each later
card, and sorted by what they make. Whether a set splits into groups each making ``t``
is worked out for the sets of the cards in some group of ``t`` only (no other card can
be in such a set), the smaller sets first: a set splits when one of the groups of ``t``
holding its lowest member leaves a rest that splits. The plays are read off those sets
in increasing order, so the work of a position grows with the groups it holds, not with
all 2**n sets of its loose cards.

Each legal play is written as one row of :data:`COLUMNS` numbers: the card (its id),
the kind (:data:`TAKE`, :data:`BUILD`, :data:`TRAIL`), the mask of the cards leaving the
table (taken, or gone into the build; the card played not included), the value of the
build made and its mask (the card played included; 0 and 0 for a take or a trail),
whether it sweeps, and the points it makes at once.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cribcount.jit import kernel

IntArray = npt.NDArray[np.int64]
FlagArray = npt.NDArray[np.int8]

CARD, KIND, TAKES, VALUE, BUILD, SWEEP, POINTS = range(7)
"""The columns of a row."""
COLUMNS = 7
TAKE, BUILD_KIND, TRAIL = 0, 1, 2
"""The kinds of play, in the order of :data:`cribcount.cassino.moves.KINDS`."""
MOST_BUILDS = 14
"""The most builds a table can hold: one of each value, 1 to 14."""
MOST_LOOSE = 20
"""The most loose cards that count (other than classic court cards) a position may have:
the kernel keeps a few numbers for each of their 2**n subsets."""
WORK_ROWS = 5
"""Rows of the kernel's room of numbers as many as the sets of the loose cards: the sets
listed and what each makes, the groups sorted by what they make, and the sets of the
cards of some groups, in increasing order, with their sums."""
SCRATCH_ROWS = 11
"""Rows more, for the kernel's smaller numbers (kept so that it allocates nothing): the
values, card bits and points of the loose cards that count, the court cards, where the
groups of each value start, the cards in some group of each value, the values whose
splits are ready, the builds' points, the hand's values, the court cards of one rank,
and the places of the cards of a set being run through."""
LISTED, LISTED_SUMS, GROUPS, SETS, SET_SUMS = range(WORK_ROWS)
(
    LOOSE_VALUES,
    LOOSE_BITS,
    LOOSE_POINTS,
    COURTS,
    STARTS,
    UNIONS,
    READY,
    BUILD_POINTS,
    HAND_VALUES,
    SAME_RANK,
    PLACES,
) = range(WORK_ROWS, WORK_ROWS + SCRATCH_ROWS)
"""The rows of the room (:func:`workspace`), read and written in place (a view of a row
would cost numba a count of references each time)."""
SCRATCH = 512
"""The least width of the room."""
LAID = MOST_LOOSE
"""The place in the row ``PLACES``, after the places, of the cards whose sets the row
``SETS`` holds (:func:`_sets`)."""
MOST_VALUE = 14
"""The highest value a card has in any form (an ace in Royal Cassino with aces 14)."""
MOST_SUM = (MOST_LOOSE + 1) * MOST_VALUE
"""The most that the loose cards that count and a card played can add up to."""
DIVIDES = np.array(
    [[t > 0 and x % t == 0 for x in range(MOST_SUM + 1)] for t in range(MOST_VALUE + 1)]
)
"""``DIVIDES[t, x]``: whether the value ``t`` divides the sum ``x`` (a look-up is quicker
than the division)."""

BIG_CASSINO_ID = 38
LITTLE_CASSINO_ID = 4
JACK_OF_SPADES_ID = 40


@kernel
def workspace(loose: int) -> tuple[IntArray, FlagArray]:
    """Room for a position of up to ``loose`` loose cards that count: the numbers kept
    per subset, and the flags per value and subset."""
    size = 1 << loose
    return (
        np.zeros((WORK_ROWS + SCRATCH_ROWS, max(size, SCRATCH)), np.int64),
        np.zeros((MOST_VALUE + 1, size), np.int8),
    )


@kernel
def card_value(card: int, royal: bool, aces: int) -> int:
    """What a card counts: an ace ``aces``, 2 to 10 their pips, J Q K 11 12 13 in Royal
    Cassino and 0 otherwise."""
    rank = (card >> 2) + 1
    if rank == 1:
        return aces
    if rank > 10:
        return rank if royal else 0
    return rank


@kernel
def card_points(card: int, spade: bool) -> int:
    """What a card taken scores at once: an ace 1, big Cassino (10D) 2, little Cassino
    (2S) 1; in Spade Cassino a spade 1 more and the jack of spades 1 more again."""
    points = 0
    if card >> 2 == 0:
        points += 1
    if card == BIG_CASSINO_ID:
        points += 2
    if card == LITTLE_CASSINO_ID:
        points += 1
    if spade:
        if card & 3 == 0:
            points += 1
        if card == JACK_OF_SPADES_ID:
            points += 1
    return points


@kernel
def bit_count(mask: int) -> int:
    """The cards of a mask (of the 52-card pack): its bits set, counted in parallel."""
    x = mask - ((mask >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return int((x * 0x0101010101010101) >> 56)


@kernel
def lowest(mask: int) -> int:
    """The place of the lowest bit of a mask (not empty): of a card mask, its lowest card's id."""
    return int(bit_count((mask & -mask) - 1))


ACE_IDS = 0xF
SPADE_IDS = 0x1111111111111
"""The aces, and the spades, of the pack as masks."""


@kernel
def mask_points(mask: int, spade: bool) -> int:
    """The points of every card of ``mask`` (see :func:`card_points`)."""
    points = bit_count(mask & ACE_IDS)
    points += 2 * ((mask >> BIG_CASSINO_ID) & 1) + ((mask >> LITTLE_CASSINO_ID) & 1)
    if spade:
        points += bit_count(mask & SPADE_IDS) + ((mask >> JACK_OF_SPADES_ID) & 1)
    return int(points)


@kernel
def _has(values: int, value: int) -> bool:
    """Whether the set of values ``values`` holds ``value``."""
    return 0 <= value < 63 and (values >> value) & 1 == 1


@kernel
def _emit(
    out: IntArray,
    row: int,
    card: int,
    kind: int,
    takes: int,
    value: int,
    build: int,
    sweep: int,
    points: int,
) -> int:
    """Write one play at ``row`` of ``out`` if it has room; the next row."""
    if row < out.shape[0]:
        out[row, CARD] = card
        out[row, KIND] = kind
        out[row, TAKES] = takes
        out[row, VALUE] = value
        out[row, BUILD] = build
        out[row, SWEEP] = sweep
        out[row, POINTS] = points
    return row + 1


@kernel
def _sets(cards: int, ints: IntArray) -> int:
    """Write the sets of the loose cards that count whose places are the bits of
    ``cards`` into ``ints``' row ``SETS``, in increasing order (each set once, a set as
    the bits of its places), with their sums in ``SET_SUMS``; return how many (``2 **``
    the cards). The sets last written are kept: ``ints[PLACES, LAID]`` says whose they
    are (-1 for none, set afresh for each position)."""
    k = int(bit_count(cards))
    if ints[PLACES, LAID] == cards:
        return 1 << k
    ints[PLACES, LAID] = cards
    rest = cards
    for i in range(k):
        ints[PLACES, i] = lowest(rest)
        rest &= rest - 1
    ints[SETS, 0] = 0
    ints[SET_SUMS, 0] = 0
    for c in range(1, 1 << k):
        low = c & -c
        place = ints[PLACES, lowest(c)]
        ints[SETS, c] = ints[SETS, c ^ low] | 1 << place
        ints[SET_SUMS, c] = ints[SET_SUMS, c ^ low] + ints[LOOSE_VALUES, place]
    return 1 << k


@kernel
def _ready(target: int, ints: IntArray, flags: FlagArray) -> None:
    """Set ``flags[target, s]`` for every set ``s`` of the cards in some group of
    ``target`` (others are never read): whether it splits into groups each making
    ``target``. Once a position: ``READY`` marks the values done."""
    if ints[READY, target]:
        return
    ints[READY, target] = 1
    flags[target, 0] = 1
    first = ints[STARTS, target]
    end = ints[STARTS, target + 1]
    for c in range(1, _sets(ints[UNIONS, target], ints)):
        s = ints[SETS, c]
        flags[target, s] = 0
        if not DIVIDES[target, ints[SET_SUMS, c]]:
            continue
        low = s & -s
        for g in range(first, end):
            group = ints[GROUPS, g]
            if group & low and group & ~s == 0 and flags[target, s ^ group] == 1:
                flags[target, s] = 1
                break


@kernel
def _cards(s: int, ints: IntArray) -> tuple[int, int]:
    """The card mask and the points of the set ``s`` of the loose cards that count."""
    mask = 0
    points = 0
    while s:
        place = lowest(s)
        mask |= ints[LOOSE_BITS, place]
        points += ints[LOOSE_POINTS, place]
        s &= s - 1
    return mask, points


@kernel
def position_moves(
    loose: IntArray,
    hand: IntArray,
    builds: IntArray,
    at: int,
    nb: int,
    seat: int,
    partner: int,
    declared: int,
    partner_holds: int,
    royal: bool,
    aces: int,
    spade: bool,
    out: IntArray,
    row: int,
    ints: IntArray,
    flags: FlagArray,
) -> int:
    """Write every legal play of the position into ``out`` from ``row`` on (as many as
    it has room for), and return the row after the last: rows past the end of ``out``
    are counted, not written. The ``nb`` builds are read from ``builds[at:]`` (the
    module docstring), in place: a view of them would cost numba a count of references.
    ``ints`` and ``flags`` are room from :func:`workspace`.

    The rules, as :mod:`cribcount.cassino.moves` states them: a card of value v takes
    any choice of loose groups making v and builds of v (a court card of value 0, loose
    cards of its rank); builds V (held after the play) from v with loose cards making
    V, alone when V = v, or on a single build of V - v, gathering loose groups of V and
    joining the builds of V; trails unless it controls a build. With partners (the
    partner's seat, ``declared`` the values he has declared and ``partner_holds`` those
    he holds, as far as known, masks) a build of the side is the duty of the partner who
    holds its value, the controller first: the player trails unless one is his, and no
    play leaves the side a build whose value it held and no longer holds (in the rest of
    the hand or the partner's); without, no play leaves a build the player controls
    without its value in the rest of his hand. A build's value is held after the play,
    in the rest of the hand or by the partner, who must have declared it or control a
    build of it if the player does not hold it. A take scores the points of its cards
    and the card taking, and 1 for a sweep. Of each card, in the order of the hand: its
    takes, its builds by value, its trail; the loose cards of each in the increasing
    order of their sets.
    """
    highest = max(13, aces) if royal else 10
    nl = loose.shape[0]
    nh = hand.shape[0]
    masks = at + MOST_BUILDS
    controllers = masks + MOST_BUILDS
    multiple = controllers + MOST_BUILDS

    # the loose cards that count, by place; the court cards of the classic game apart
    n = 0
    for i in range(nl):
        value = card_value(loose[i], royal, aces)
        if value > 0:
            ints[LOOSE_VALUES, n] = value
            ints[LOOSE_BITS, n] = 1 << loose[i]
            ints[LOOSE_POINTS, n] = card_points(loose[i], spade)
            n += 1
        else:
            ints[COURTS, i - n] = loose[i]
    full = (1 << n) - 1
    ints[PLACES, LAID] = -1
    in_hand = 0
    for i in range(nh):
        ints[HAND_VALUES, i] = card_value(hand[i], royal, aces)
        in_hand |= 1 << ints[HAND_VALUES, i]
    # the values the player may build for without holding them: those his partner has
    # declared or controls a build of (and holds)
    licensed = declared
    for j in range(nb):
        if partner != 0 and builds[controllers + j] == partner and 0 <= builds[at + j] < 63:
            licensed |= 1 << builds[at + j]
    licensed &= partner_holds
    # the most any group may make: the highest value held, by the player or his partner
    most = 0
    for t in range(1, highest + 1):
        if _has(in_hand | partner_holds, t):
            most = t

    # the groups: every set making at most that, listed by extending each set listed
    # with each later card, then sorted by what they make
    ints[LISTED, 0] = 0
    ints[LISTED_SUMS, 0] = 0
    listed = 1
    for i in range(n):
        value = ints[LOOSE_VALUES, i]
        for e in range(listed):
            total = ints[LISTED_SUMS, e] + value
            if total <= most:
                ints[LISTED, listed] = ints[LISTED, e] | 1 << i
                ints[LISTED_SUMS, listed] = total
                listed += 1
    for t in range(most + 2):
        ints[STARTS, t] = 0
        ints[UNIONS, t] = 0
        ints[READY, t] = 0
    for e in range(1, listed):
        ints[STARTS, ints[LISTED_SUMS, e] + 1] += 1
        ints[UNIONS, ints[LISTED_SUMS, e]] |= ints[LISTED, e]
    for t in range(1, most + 2):
        ints[STARTS, t] += ints[STARTS, t - 1]
    # each placed at the end of its value's run, counted down, so that the count ends
    # at the run's start: STARTS[t + 1], then moved down to STARTS[t]
    for e in range(listed - 1, 0, -1):
        after = ints[LISTED_SUMS, e] + 1
        ints[STARTS, after] -= 1
        ints[GROUPS, ints[STARTS, after]] = ints[LISTED, e]
    for t in range(most + 1):
        ints[STARTS, t] = ints[STARTS, t + 1]
    ints[STARTS, most + 1] = listed - 1

    # the builds: points; those that are the player's duty (without partners, those he
    # controls; with partners, those of the side whose value he holds, unless the
    # partner controls it and answers for it, having declared it): he never trails
    # while he has one
    answered = declared & partner_holds
    all_builds = (1 << nb) - 1
    duties = 0
    for j in range(nb):
        ints[BUILD_POINTS, j] = mask_points(builds[masks + j], spade)
        controller = builds[controllers + j]
        if partner == 0:
            if controller == seat:
                duties |= 1 << j
        elif _has(in_hand, builds[at + j]) and (
            controller == seat or (controller == partner and not _has(answered, builds[at + j]))
        ):
            duties |= 1 << j
    trails = duties == 0

    for i in range(nh):
        card = hand[i]
        repeated = False
        for e in range(i):
            if hand[e] == card:
                repeated = True
        if repeated:
            continue
        value = ints[HAND_VALUES, i]
        bit = 1 << card
        own = card_points(card, spade)
        kept = 0
        for e in range(nh):
            if e != i:
                kept |= 1 << ints[HAND_VALUES, e]
        held = kept | licensed
        # the builds of its duties whose value the side would no longer hold: each must go
        bad = 0
        for j in range(nb):
            if duties >> j & 1 and not _has(kept | answered, builds[at + j]):
                bad |= 1 << j

        # takes
        if value == 0:
            rank = card >> 2
            m = 0
            for c in range(nl - n):
                if ints[COURTS, c] >> 2 == rank:
                    ints[SAME_RANK, m] = ints[COURTS, c]
                    m += 1
            if bad == 0:
                for chosen in range(1, 1 << m):
                    taken = 0
                    for c in range(m):
                        if chosen >> c & 1:
                            taken |= 1 << ints[SAME_RANK, c]
                    sweep = 1 if n == 0 and m == (nl - n) and chosen == (1 << m) - 1 else 0
                    if nb > 0:
                        sweep = 0
                    row = _emit(
                        out,
                        row,
                        card,
                        TAKE,
                        taken,
                        0,
                        0,
                        sweep,
                        own + mask_points(taken, spade) + sweep,
                    )
        else:
            _ready(value, ints, flags)
            same_builds = 0
            for j in range(nb):
                if builds[at + j] == value:
                    same_builds |= 1 << j
            chosen = same_builds
            while True:
                if bad & ~chosen == 0:
                    taken_builds = 0
                    taken_points = 0
                    for j in range(nb):
                        if chosen >> j & 1:
                            taken_builds |= builds[masks + j]
                            taken_points += ints[BUILD_POINTS, j]
                    whole = chosen == all_builds and (nl - n) == 0
                    for c in range(_sets(ints[UNIONS, value], ints)):
                        s = ints[SETS, c]
                        if flags[value, s] == 0 or (s == 0 and chosen == 0):
                            continue
                        sweep = 1 if whole and s == full else 0
                        cards, points = _cards(s, ints)
                        row = _emit(
                            out,
                            row,
                            card,
                            TAKE,
                            cards | taken_builds,
                            0,
                            0,
                            sweep,
                            own + points + taken_points + sweep,
                        )
                if chosen == 0:
                    break
                chosen = (chosen - 1) & same_builds

        # builds
        if value > 0:
            for target in range(value, highest + 1):
                if not _has(held, target):
                    continue
                _ready(target, ints, flags)
                standing = 0
                standing_mask = 0
                for j in range(nb):
                    if builds[at + j] == target:
                        standing |= 1 << j
                        standing_mask |= builds[masks + j]
                splits = ints[UNIONS, target]
                if target == value:
                    # the card alone, gathering groups of its value or joining a build of it
                    if bad & ~standing != 0:
                        continue
                    for c in range(_sets(splits, ints)):
                        s = ints[SETS, c]
                        if flags[target, s] == 0 or (s == 0 and standing == 0):
                            continue
                        taken = _cards(s, ints)[0] | standing_mask
                        row = _emit(out, row, card, BUILD_KIND, taken, target, taken | bit, 0, 0)
                    continue
                need = target - value
                if bad & ~standing == 0 and ints[UNIONS, need] != 0:
                    # with loose cards making the rest of the target (a group of it), and
                    # groups of the target
                    lo = ints[STARTS, need]
                    hi = ints[STARTS, need + 1]
                    for c in range(1, _sets(ints[UNIONS, need] | splits, ints)):
                        if not DIVIDES[target, ints[SET_SUMS, c] + value]:
                            continue
                        s = ints[SETS, c]
                        found = False
                        for g in range(lo, hi):
                            base = ints[GROUPS, g]
                            rest = s ^ base
                            if base & ~s == 0 and rest & ~splits == 0 and flags[target, rest]:
                                found = True
                                break
                        if found:
                            taken = _cards(s, ints)[0] | standing_mask
                            row = _emit(
                                out, row, card, BUILD_KIND, taken, target, taken | bit, 0, 0
                            )
                for j in range(nb):
                    # on a single build of the rest of the target
                    if builds[multiple + j] != 0 or builds[at + j] != need:
                        continue
                    if bad & ~(standing | 1 << j) != 0:
                        continue
                    for c in range(_sets(splits, ints)):
                        s = ints[SETS, c]
                        if flags[target, s] == 0:
                            continue
                        taken = _cards(s, ints)[0] | builds[masks + j] | standing_mask
                        row = _emit(out, row, card, BUILD_KIND, taken, target, taken | bit, 0, 0)

        # the trail
        if trails and bad == 0:
            row = _emit(out, row, card, TRAIL, 0, 0, 0, 0, 0)
    return row


@kernel
def batch_moves(data: IntArray, offsets: IntArray, out: IntArray, counts: IntArray) -> int:
    """Every legal play of many positions into ``out`` (as :func:`position_moves`), and
    each position's number of plays into ``counts``; the rows of every play, written or
    not. Position ``p`` is ``data[offsets[p]:offsets[p + 1]]``: the seat, the partner
    (0 for none), the masks of the values he has declared and of those he holds, what an
    ace counts, 1 for
    Royal Cassino, 1 for Spade Cassino, the number of loose cards and their ids, the
    number of cards in hand and their ids, the number of builds, and each build's
    value, controller (0 for none), multiple flag, number of cards and their ids
    (at most :data:`MOST_BUILDS` builds). A position with more than
    :data:`MOST_LOOSE` loose cards that count stops it: it returns -1 - its place."""
    most_loose = 0
    for p in range(offsets.shape[0] - 1):
        at = offsets[p]
        royal = data[at + 5] == 1
        aces = data[at + 4]
        nl = data[at + 7]
        counting = 0
        for i in range(nl):
            if card_value(data[at + 8 + i], royal, aces) > 0:
                counting += 1
        if counting > MOST_LOOSE:
            return -1 - p
        most_loose = max(most_loose, counting)
    ints, flags = workspace(most_loose)
    builds = np.empty(4 * MOST_BUILDS, np.int64)
    row = 0
    for p in range(offsets.shape[0] - 1):
        at = offsets[p]
        seat = data[at]
        partner = data[at + 1]
        declared = data[at + 2]
        partner_holds = data[at + 3]
        aces = data[at + 4]
        royal = data[at + 5] == 1
        spade = data[at + 6] == 1
        nl = data[at + 7]
        loose = data[at + 8 : at + 8 + nl]
        at += 8 + nl
        nh = data[at]
        hand = data[at + 1 : at + 1 + nh]
        at += 1 + nh
        nb = data[at]
        at += 1
        for j in range(nb):
            builds[j] = data[at]
            builds[2 * MOST_BUILDS + j] = data[at + 1]
            builds[3 * MOST_BUILDS + j] = data[at + 2]
            cards = data[at + 3]
            mask = 0
            for c in range(cards):
                mask |= 1 << data[at + 4 + c]
            builds[MOST_BUILDS + j] = mask
            at += 4 + cards
        before = row
        row = position_moves(
            loose,
            hand,
            builds,
            0,
            nb,
            seat,
            partner,
            declared,
            partner_holds,
            royal,
            aces,
            spade,
            out,
            row,
            ints,
            flags,
        )
        counts[p] = row - before
    return row
