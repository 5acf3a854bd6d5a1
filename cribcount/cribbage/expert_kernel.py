"""Numba kernels of the expert opponent: the crib against a lay-out table, and its fixed point.

Cards are ids 0..51 as in :mod:`cribcount.cribbage.score_kernel` (``id >> 2`` the
rank index, ``id & 3`` the suit). A lay-out table is read as ``weights``, a
13 x 13 symmetric array: the weight of one pair of cards of ranks ``r1``,
``r2`` that the other side lays out, its share of deals divided by the
number of such pairs in a full pack (6 for a pair of one rank, 16 for two
ranks). Given my dealt cards, the other side lays out any two of the unseen
cards with that weight (normalised over the unseen cards); the starter is
any other unseen card.

The expected crib of my lay-out ``L`` is then ``(R + S) / (Z * starters)``:

- ``Z``: the total weight of the pairs of unseen cards;
- ``R``: the rank part (fifteens, pairs, runs) summed over the other
  side's pair by ranks, each weighted by its weight and by how many pairs
  of unseen cards have those ranks, and over the starter by rank, each
  counted as often as there are unseen cards of that rank left: it depends
  on the ranks of my hand and of ``L`` only;
- ``S``: flush and nobs, which need the suits: a flush when ``L`` is of one
  suit and so are the pair and the starter; nobs for a jack in ``L`` or in
  the pair, with a starter of its suit.

:func:`cribcount.cribbage.expert.reference_crib` is the card-by-card twin
these are tested against. ``R`` is worked out two ways: :func:`rank_part`
directly, once for each multiset of ranks dealt, as the fixed point needs it
for every deal; and :func:`quick_rank_part` from sums prepared once a table
(:func:`prepare`), corrected for the cards held, which is quicker for the
hands of one analysis or a batch.

Deals are enumerated up to the relabelling of suits (:func:`canonical_deals`):
a deal is four 13-bit masks of ranks, one per suit, in decreasing order,
standing for the ``24 / |symmetries|`` deals its suits can be relabelled to.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from cribcount.cribbage.discard_kernel import hand_row, select_best
from cribcount.cribbage.score_kernel import JACK, MAX_POINTS, RANKS
from cribcount.jit import kernel, parallel_kernel

SUITS = 4
FULL = (1 << RANKS) - 1

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


# -- deals up to the suits' names -----------------------------------------------


@kernel
def _popcount(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@kernel
def canonical_deals(n: int) -> tuple[npt.NDArray[np.int16], IntArray]:
    """Every deal of ``n`` cards up to the relabelling of suits, with how many deals it stands for.

    A deal is its four suits' rank masks in decreasing order; it stands for
    24 deals divided by the product of the factorials of its groups of equal
    masks. The counts sum to C(52, n).
    """
    masks = np.array([m for m in range(FULL + 1) if _popcount(m) <= n], np.int64)
    sizes = np.array([_popcount(m) for m in masks], np.int64)
    found = 0
    for step in range(2):
        if step == 1:
            deals = np.empty((found, SUITS), np.int16)
            counts = np.empty(found, np.int64)
            found = 0
        for i0 in range(masks.shape[0]):
            s0 = sizes[i0]
            for i1 in range(i0 + 1):
                s1 = s0 + sizes[i1]
                if s1 > n:
                    continue
                for i2 in range(i1 + 1):
                    s2 = s1 + sizes[i2]
                    if s2 > n:
                        continue
                    for i3 in range(i2 + 1):
                        if s2 + sizes[i3] != n:
                            continue
                        if step == 1:
                            deal = (masks[i0], masks[i1], masks[i2], masks[i3])
                            symmetries = 1
                            run = 1
                            for j in range(1, SUITS):
                                run = run + 1 if deal[j] == deal[j - 1] else 1
                                symmetries *= run
                            for j in range(SUITS):
                                deals[found, j] = deal[j]
                            counts[found] = 24 // symmetries
                        found += 1
    return deals, counts


@kernel
def deal_cards(deal: npt.NDArray[np.int16], n: int) -> IntArray:
    """The card ids of a deal given as suit masks, in increasing order."""
    cards = np.empty(n, np.int64)
    found = 0
    for card in range(52):
        if deal[card & 3] >> (card >> 2) & 1:
            cards[found] = card
            found += 1
    return cards


@parallel_kernel
def rank_counts_of(deals: npt.NDArray[np.int16]) -> npt.NDArray[np.int8]:
    """How many cards of each rank every deal holds: ``[deal, rank]``."""
    counts = np.zeros((deals.shape[0], RANKS), np.int8)
    for d in numba.prange(deals.shape[0]):
        for suit in range(SUITS):
            for rank in range(RANKS):
                counts[d, rank] += deals[d, suit] >> rank & 1
    return counts


# -- the expected crib against a table --------------------------------------------


@kernel
def total_weight(unseen: IntArray, weights: FloatArray) -> float:
    """``Z``: the weight of every pair of unseen cards."""
    total = 0.0
    for r1 in range(RANKS):
        total += weights[r1, r1] * unseen[r1] * (unseen[r1] - 1) / 2
        for r2 in range(r1 + 1, RANKS):
            total += weights[r1, r2] * unseen[r1] * unseen[r2]
    return total


@kernel
def rank_part(
    unseen: IntArray, a: int, b: int, weights: FloatArray, table5: npt.NDArray[np.int8]
) -> float:
    """``R`` for a lay-out of ranks ``a`` and ``b``: the crib's rank part, weighted, summed.

    Over the other side's pair by ranks (weight times the number of unseen
    pairs of those ranks) and over the starter's rank (times the unseen
    cards of that rank left besides the pair).
    """
    total = 0.0
    base = (a * RANKS + b) * RANKS
    for r1 in range(RANKS):
        for r2 in range(r1, RANKS):
            pairs = unseen[r1] * (unseen[r1] - 1) // 2 if r1 == r2 else unseen[r1] * unseen[r2]
            if pairs == 0 or weights[r1, r2] == 0.0:
                continue
            code = ((base + r1) * RANKS + r2) * RANKS
            points = 0
            for rs in range(RANKS):
                left = unseen[rs] - (rs == r1) - (rs == r2)
                if left > 0:
                    points += left * table5[code + rs]
            total += weights[r1, r2] * pairs * points
    return total


@kernel
def starter_sums(table5: npt.NDArray[np.int8]) -> FloatArray:
    """``A[a, b, r1, r2]``: the rank part of a crib of ranks ``a, b, r1, r2`` summed over a
    starter from a full pack less those four cards (no card of mine unseen removed)."""
    sums = np.zeros((RANKS, RANKS, RANKS, RANKS), np.float64)
    for a in range(RANKS):
        for b in range(RANKS):
            for r1 in range(RANKS):
                for r2 in range(RANKS):
                    code = (((a * RANKS + b) * RANKS + r1) * RANKS + r2) * RANKS
                    total = 0
                    for rs in range(RANKS):
                        total += (4 - (rs == r1) - (rs == r2)) * table5[code + rs]
                    sums[a, b, r1, r2] = total
    return sums


@kernel
def prepare(
    weights: FloatArray, starter: FloatArray, table5: npt.NDArray[np.int8]
) -> tuple[FloatArray, FloatArray]:
    """What :func:`quick_rank_part` reads of a table, as if no card were held:
    ``H[a, b]``, the rank part ``R`` summed over every pair of ranks with all their cards;
    and ``J[a, b, rs]``, the same with the starter of rank ``rs`` only."""
    whole = np.zeros((RANKS, RANKS), np.float64)
    by_starter = np.zeros((RANKS, RANKS, RANKS), np.float64)
    for a in range(RANKS):
        for b in range(RANKS):
            for r1 in range(RANKS):
                for r2 in range(r1, RANKS):
                    weight = weights[r1, r2] * (6.0 if r1 == r2 else 16.0)
                    whole[a, b] += weight * starter[a, b, r1, r2]
                    code = (((a * RANKS + b) * RANKS + r1) * RANKS + r2) * RANKS
                    for rs in range(RANKS):
                        by_starter[a, b, rs] += weight * table5[code + rs]
    return whole, by_starter


@kernel
def quick_rank_part(
    held: IntArray,
    a: int,
    b: int,
    weights: FloatArray,
    starter: FloatArray,
    whole: FloatArray,
    by_starter: FloatArray,
    table5: npt.NDArray[np.int8],
) -> float:
    """:func:`rank_part` from the sums of :func:`prepare`, corrected for the cards held.

    With ``held[r]`` cards of rank ``r`` held, a pair of ranks loses
    ``pairs(4, 4) - pairs(unseen)`` of its pairs and each starter rank ``held[r]``
    of its cards; only the pairs of a rank held need looking at again.
    """
    total = whole[a, b]
    for rs in range(RANKS):
        if held[rs]:
            total -= held[rs] * by_starter[a, b, rs]
    base = (a * RANKS + b) * RANKS
    for r1 in range(RANKS):
        for r2 in range(r1, RANKS):
            if not (held[r1] or held[r2]):
                continue
            n1 = 4 - held[r1]
            lost = 6 - n1 * (n1 - 1) // 2 if r1 == r2 else 16 - n1 * (4 - held[r2])
            if lost == 0 or weights[r1, r2] == 0.0:
                continue
            code = ((base + r1) * RANKS + r2) * RANKS
            points = starter[a, b, r1, r2]
            for rs in range(RANKS):
                if held[rs]:
                    points -= held[rs] * table5[code + rs]
            total -= weights[r1, r2] * lost * points
    result: float = total
    return result


@kernel
def suit_parts(
    suit_masks: IntArray, unseen: IntArray, weights: FloatArray, z: float
) -> tuple[FloatArray, FloatArray, float]:
    """The flush and nobs of the crib, weighted and summed, for every lay-out of a deal at once.

    ``suit_masks`` are the ranks I hold in each suit. Returns, per suit:
    the flush (5 points) of a lay-out of that suit, with the pair and the
    starter of it too; the nobs of a jack of that suit in the lay-out, with
    a starter of its suit; and, for every lay-out alike, the nobs of an
    unseen jack in the other side's pair.
    """
    left = np.empty(SUITS, np.int64)
    for suit in range(SUITS):
        left[suit] = RANKS - _popcount(suit_masks[suit])
    # weight of the pairs each unseen card of a rank makes with the other unseen cards
    partner = np.zeros(RANKS, np.float64)
    for r in range(RANKS):
        for r2 in range(RANKS):
            partner[r] += weights[r, r2] * (unseen[r2] - (r2 == r))
    flush = np.zeros(SUITS, np.float64)
    my_jack = np.zeros(SUITS, np.float64)
    their_jack = 0.0
    for suit in range(SUITS):
        free = FULL & ~suit_masks[suit]
        pairs = 0.0
        in_suit = 0.0
        for r1 in range(RANKS):
            if not free >> r1 & 1:
                continue
            in_suit += partner[r1]
            for r2 in range(r1 + 1, RANKS):
                if free >> r2 & 1:
                    pairs += weights[r1, r2]
        flush[suit] = 5.0 * (left[suit] - 2) * pairs
        my_jack[suit] = left[suit] * z - in_suit
        if free >> JACK & 1:
            same = 0.0
            for r in range(RANKS):
                if r != JACK and free >> r & 1:
                    same += weights[JACK, r]
            their_jack += (left[suit] - 1) * partner[JACK] - same
    return flush, my_jack, their_jack


@kernel
def crib_sums(
    cards: IntArray,
    lay_outs: IntArray,
    weights: FloatArray,
    starter: FloatArray,
    whole: FloatArray,
    by_starter: FloatArray,
    table5: npt.NDArray[np.int8],
    out: FloatArray,
) -> float:
    """``R + S`` of each lay-out (rows of positions in ``cards``) into ``out``; returns ``Z``.

    The expected crib of a lay-out is its sum over ``Z`` times the number of
    starters left (unseen cards less the pair). ``R`` comes from
    :func:`quick_rank_part`, with the table prepared by :func:`prepare`.
    """
    unseen = unseen_of(cards)
    held = 4 - unseen
    for option in range(lay_outs.shape[0]):
        x = cards[lay_outs[option, 0]] >> 2
        y = cards[lay_outs[option, 1]] >> 2
        out[option] = quick_rank_part(held, x, y, weights, starter, whole, by_starter, table5)
    z: float = total_weight(unseen, weights)
    add_suit_parts(cards, lay_outs, unseen, weights, z, out)
    return z


@kernel
def unseen_of(cards: IntArray) -> IntArray:
    """Unseen cards of each rank: 4 less those of the rank in ``cards``."""
    unseen = np.full(RANKS, 4, np.int64)
    for card in cards:
        unseen[card >> 2] -= 1
    return unseen


@kernel
def add_suit_parts(
    cards: IntArray,
    lay_outs: IntArray,
    unseen: IntArray,
    weights: FloatArray,
    z: float,
    out: FloatArray,
) -> None:
    """Add ``S``, the crib's flush and nobs weighted and summed, to each lay-out's ``out``."""
    suit_masks = np.zeros(SUITS, np.int64)
    for card in cards:
        suit_masks[card & 3] |= 1 << (card >> 2)
    flush, my_jack, their_jack = suit_parts(suit_masks, unseen, weights, z)
    for option in range(lay_outs.shape[0]):
        x = cards[lay_outs[option, 0]]
        y = cards[lay_outs[option, 1]]
        out[option] += their_jack
        if x & 3 == y & 3:
            out[option] += flush[x & 3]
        if x >> 2 == JACK:
            out[option] += my_jack[x & 3]
        if y >> 2 == JACK:
            out[option] += my_jack[y & 3]


@parallel_kernel
def rank_parts_of(
    multisets: IntArray, weights: FloatArray, table5: npt.NDArray[np.int8]
) -> tuple[FloatArray, FloatArray]:
    """``R`` of every lay-out rank pair and ``Z``, for every multiset of ranks dealt (a row
    of ``multisets``: how many cards of each rank), against each table of ``weights``.

    Returns ``R`` as ``[table, multiset, a, b]`` (``a <= b``, ranks held) and ``Z`` as
    ``[table, multiset]``: what every deal of those ranks shares.
    """
    tables = weights.shape[0]
    size = multisets.shape[0]
    parts = np.zeros((tables, size, RANKS, RANKS), np.float64)
    totals = np.zeros((tables, size), np.float64)
    for i in numba.prange(size):
        unseen = np.empty(RANKS, np.int64)
        for rank in range(RANKS):
            unseen[rank] = 4 - multisets[i, rank]
        for t in range(tables):
            totals[t, i] = total_weight(unseen, weights[t])
            for a in range(RANKS):
                if multisets[i, a] == 0:
                    continue
                for b in range(a, RANKS):
                    if multisets[i, b] >= 1 + (a == b):
                        parts[t, i, a, b] = rank_part(unseen, a, b, weights[t], table5)
    return parts, totals


@kernel
def expected_cribs(
    cards: IntArray,
    lay_outs: IntArray,
    weights: FloatArray,
    starter: FloatArray,
    whole: FloatArray,
    by_starter: FloatArray,
    table5: npt.NDArray[np.int8],
) -> FloatArray:
    """The expected crib of each lay-out of one dealt hand against the table ``weights``
    (prepared by :func:`prepare`)."""
    sums = np.empty(lay_outs.shape[0], np.float64)
    z = crib_sums(cards, lay_outs, weights, starter, whole, by_starter, table5, sums)
    cribs: FloatArray = sums / (z * (52 - cards.shape[0] - 2))
    return cribs


@parallel_kernel
def expected_cribs_many(
    cards: IntArray,
    lay_outs: IntArray,
    weights: FloatArray,
    starter: FloatArray,
    whole: FloatArray,
    by_starter: FloatArray,
    table5: npt.NDArray[np.int8],
) -> FloatArray:
    """:func:`expected_cribs` of each dealt hand, a row of ``cards``, at once."""
    hands, n = cards.shape
    cribs = np.empty((hands, lay_outs.shape[0]), np.float64)
    for hand in numba.prange(hands):
        z = crib_sums(
            cards[hand], lay_outs, weights, starter, whole, by_starter, table5, cribs[hand]
        )
        cribs[hand] /= z * (52 - n - 2)
    return cribs


# -- one round of the fixed point -------------------------------------------------


@kernel
def share_out(
    values: FloatArray,
    cribs_of: FloatArray,
    keys: IntArray,
    weight: int,
    scale: int,
    tolerance: float,
    shares: IntArray,
    cribs: FloatArray,
) -> tuple[int, float]:
    """Share one deal (standing for ``weight`` deals) among its best lay-outs for a side.

    The lay-outs whose ``values`` are within ``tolerance`` (relative) of the best tie and
    each adds ``weight / tied`` deals, in units of ``1 / scale``, to ``shares`` at its
    ranks (``keys``: 13 times the lower rank plus the higher), and its crib as many times
    to ``cribs``. Returns how many tied lay-outs were of other ranks than the first, and
    the least relative gap to a lay-out of other ranks that did not tie.
    """
    best = -np.inf
    for value in values:
        best = max(best, value)
    size_of_best = max(1.0, abs(best))
    tied = 0
    first = -1
    mixed = 0
    for option in range(values.shape[0]):
        if best - values[option] <= tolerance * size_of_best:
            tied += 1
            if first < 0:
                first = keys[option]
            elif keys[option] != first:
                mixed += 1
    part = weight * scale // tied
    least = np.inf
    for option in range(values.shape[0]):
        gap = (best - values[option]) / size_of_best
        a, b = keys[option] // RANKS, keys[option] % RANKS
        if gap <= tolerance:
            shares[a, b] += part
            cribs[a, b] += cribs_of[option] * weight / tied
        elif keys[option] != first:
            least = min(least, gap)
    return mixed, least


@parallel_kernel
def best_pairs(
    deals: npt.NDArray[np.int16],
    deal_counts: IntArray,
    n: int,
    lay_outs: IntArray,
    hand_totals: npt.NDArray[np.int32],
    deal_multisets: IntArray,
    multisets: IntArray,
    weights: FloatArray,
    table5: npt.NDArray[np.int8],
    scale: int,
    tolerance: float,
) -> tuple[IntArray, FloatArray, int, float]:
    """One round: each side's best lay-outs of every deal against the other side's table.

    ``weights[0]`` is the pone's table, which fills the crib the dealer
    lays out to; ``weights[1]`` the dealer's, which fills the crib the pone
    lays out to. The dealer maximises hand plus crib, the pone hand minus
    crib; lay-outs within ``tolerance`` (relative) of the best tie and share
    the deal equally.

    ``deal_multisets`` gives each deal's row of ``multisets`` (its ranks),
    by which the rank part of the crib is worked out once for all deals of
    the same ranks (:func:`rank_parts_of`).

    Returns the shares as ``[side, r1, r2]`` (dealer 0, pone 1, ``r1 <=
    r2``) in units of ``1 / scale`` deal, ``scale`` a multiple of every
    number of tied lay-outs; the expected crib summed over the same shares
    (in deals), from which each pair's mean crib follows; how many tied
    lay-outs were of other ranks than the first best; and the least
    relative gap between a best lay-out and a lay-out of other ranks that
    was not tied with it, which shows how far from the tolerance the
    decisions are.
    """
    parts, totals = rank_parts_of(multisets, weights, table5)
    chunks = 64
    size = deals.shape[0]
    options = lay_outs.shape[0]
    starters = 52 - n
    shares = np.zeros((chunks, 2, RANKS, RANKS), np.int64)
    cribs = np.zeros((chunks, 2, RANKS, RANKS), np.float64)
    mixed = np.zeros(chunks, np.int64)
    gaps = np.full(chunks, np.inf)
    for chunk in numba.prange(chunks):
        sums = np.empty(options, np.float64)
        values = np.empty(options, np.float64)
        crib_of = np.empty(options, np.float64)
        pairs = np.empty(options, np.int64)
        for d in range(chunk, size, chunks):
            cards = deal_cards(deals[d], n)
            for option in range(options):
                pairs[option] = (cards[lay_outs[option, 0]] >> 2) * RANKS + (
                    cards[lay_outs[option, 1]] >> 2
                )
            ms = deal_multisets[d]
            unseen = unseen_of(cards)
            for side in range(2):
                for option in range(options):
                    sums[option] = parts[side, ms, pairs[option] // RANKS, pairs[option] % RANKS]
                z = totals[side, ms]
                add_suit_parts(cards, lay_outs, unseen, weights[side], z, sums)
                sign = 1.0 if side == 0 else -1.0
                for option in range(options):
                    crib_of[option] = sums[option] / (z * (starters - 2))
                    values[option] = hand_totals[d, option] / starters + sign * crib_of[option]
                found, gap = share_out(
                    values,
                    crib_of,
                    pairs,
                    deal_counts[d],
                    scale,
                    tolerance,
                    shares[chunk, side],
                    cribs[chunk, side],
                )
                mixed[chunk] += found
                gaps[chunk] = min(gaps[chunk], gap)
    return shares.sum(axis=0), cribs.sum(axis=0), int(mixed.sum()), float(gaps.min())


@parallel_kernel
def hand_totals_of(
    deals: npt.NDArray[np.int16],
    n: int,
    kept: IntArray,
    table4: npt.NDArray[np.int8],
    table5: npt.NDArray[np.int8],
) -> npt.NDArray[np.int32]:
    """For every deal and lay-out (its kept positions a row of ``kept``), the kept cards'
    show summed over every unseen starter."""
    size = deals.shape[0]
    options, k = kept.shape
    totals = np.empty((size, options), np.int32)
    for d in numba.prange(size):
        cards = deal_cards(deals[d], n)
        unseen = np.ones(52, np.bool_)
        for card in cards:
            unseen[card] = False
        counts = np.zeros(MAX_POINTS, np.int64)
        keep = np.empty(k, np.int64)
        for option in range(options):
            for i in range(k):
                keep[i] = cards[kept[option, i]]
            totals[d, option] = hand_row(keep, unseen, table4, table5, counts)[0]
    return totals


@parallel_kernel
def best_against_experts(
    dealt: IntArray,
    lay_outs: IntArray,
    kept: IntArray,
    weights: FloatArray,
    starter: FloatArray,
    whole: FloatArray,
    by_starter: FloatArray,
    table4: npt.NDArray[np.int8],
    table5: npt.NDArray[np.int8],
) -> tuple[FloatArray, IntArray, IntArray]:
    """The best lay-outs of many dealt hands (rows of card ids in increasing order) for the
    crib's owner and the other side, the crib against the expert tables.

    ``weights[1]`` fills the crib's owner's crib (the pone's table), ``weights[0]`` the
    crib the other side lays out to (the dealer's); ``whole`` and ``by_starter`` are
    theirs as :func:`prepare` gives them. The net of a lay-out is the expected
    hand plus the expected crib for the owner (role 1), minus it for the other (role 0),
    rounded to 9 decimals: nets equal so far are tied. Returns, as
    :func:`cribcount.cribbage.discard_kernel.best_layouts` does, per hand and role: the best net,
    how many lay-outs reach it, and those lay-outs, the greater expected hand first.
    """
    hands_count, n = dealt.shape
    options, k = kept.shape
    starters = 52 - n
    nets = np.empty((hands_count, 2), np.float64)
    counts = np.empty((hands_count, 2), np.int64)
    best = np.full((hands_count, 2, options), -1, np.int64)
    for h in numba.prange(hands_count):
        cards = dealt[h]
        unseen = np.ones(52, np.bool_)
        for card in cards:
            unseen[card] = False
        histogram = np.zeros(MAX_POINTS, np.int64)
        keep = np.empty(k, np.int64)
        hands = np.empty(options, np.int64)
        for option in range(options):
            for i in range(k):
                keep[i] = cards[kept[option, i]]
            hands[option] = hand_row(keep, unseen, table4, table5, histogram)[0]
        sums = np.empty(options, np.float64)
        net = np.empty(options, np.float64)
        for role in range(2):
            z = crib_sums(
                cards,
                lay_outs,
                weights[role],
                starter,
                whole[role],
                by_starter[role],
                table5,
                sums,
            )
            sign = 1.0 if role else -1.0
            top = -np.inf
            for option in range(options):
                value = hands[option] / starters + sign * sums[option] / (z * (starters - 2))
                net[option] = np.round(value, 9)
                top = max(top, net[option])
            nets[h, role] = top
            counts[h, role] = select_best(net, top, hands, best[h, role])
    return nets, counts, best


# -- one card laid out by each player: three- and four-handed --------------------------
#
# Three other cards join my card in the crib, one from each of three slots: the other
# players' lay-outs and, three-handed, the card from the pack. Slot ``i`` lays out an
# unseen card of rank ``r`` with weight ``slots[i, r]`` (its side's share over the 4
# cards of a rank; 1 for the pack); the three are distinct unseen cards, and the
# weight of a filling is the product of its slots' weights.


@kernel
def triple_weight(pool: IntArray, slots: FloatArray) -> float:
    """The weight of every filling of the three slots by distinct cards of ``pool`` (how
    many cards of each rank): all products, less those that take a card twice."""
    a = np.zeros(3, np.float64)
    b = np.zeros((3, 3), np.float64)
    c = 0.0
    for r in range(RANKS):
        if pool[r] == 0:
            continue
        for i in range(3):
            a[i] += pool[r] * slots[i, r]
            for j in range(i + 1, 3):
                b[i, j] += pool[r] * slots[i, r] * slots[j, r]
        c += pool[r] * slots[0, r] * slots[1, r] * slots[2, r]
    total: float = a[0] * a[1] * a[2] - b[0, 1] * a[2] - b[0, 2] * a[1] - b[1, 2] * a[0] + 2.0 * c
    return total


@kernel
def single_rank_part(
    unseen: IntArray, x: int, slots: FloatArray, table5: npt.NDArray[np.int8]
) -> float:
    """``R`` for a card of rank ``x`` laid out: the crib's rank part summed over the slots'
    ranks, each weighted and counted by the distinct unseen cards that make them, and
    over the starter's rank, counted by the unseen cards of it left."""
    total = 0.0
    for r1 in range(RANKS):
        n1 = unseen[r1]
        if n1 == 0 or slots[0, r1] == 0.0:
            continue
        for r2 in range(RANKS):
            n2 = unseen[r2] - (r2 == r1)
            if n2 <= 0 or slots[1, r2] == 0.0:
                continue
            for r3 in range(RANKS):
                n3 = unseen[r3] - (r3 == r1) - (r3 == r2)
                if n3 <= 0 or slots[2, r3] == 0.0:
                    continue
                code = (((x * RANKS + r1) * RANKS + r2) * RANKS + r3) * RANKS
                points = 0
                for rs in range(RANKS):
                    left = unseen[rs] - (rs == r1) - (rs == r2) - (rs == r3)
                    if left > 0:
                        points += left * table5[code + rs]
                weight = slots[0, r1] * slots[1, r2] * slots[2, r3]
                total += weight * n1 * n2 * n3 * points
    return total


@kernel
def single_suit_parts(
    suit_masks: IntArray, unseen: IntArray, slots: FloatArray, z: float
) -> tuple[FloatArray, FloatArray, float]:
    """Flush and nobs of the crib, weighted and summed, for a card laid out of each suit:
    the flush of a card of that suit (with all three slots and the starter of it); the
    nobs of my jack of that suit; and, for any card laid out, an unseen jack in a slot."""
    a = np.zeros(3, np.float64)
    b = np.zeros((3, 3), np.float64)
    for r in range(RANKS):
        for i in range(3):
            a[i] += unseen[r] * slots[i, r]
            for j in range(3):
                b[i, j] += unseen[r] * slots[i, r] * slots[j, r]
    flush = np.zeros(SUITS, np.float64)
    my_jack = np.zeros(SUITS, np.float64)
    their_jack = 0.0
    pool = np.zeros(RANKS, np.int64)
    for suit in range(SUITS):
        free = FULL & ~suit_masks[suit]
        left = RANKS - _popcount(suit_masks[suit])
        for r in range(RANKS):
            pool[r] = free >> r & 1
        flush[suit] = 5.0 * (left - 3) * triple_weight(pool, slots)
        # my jack: the starter of its suit, any but the slots' cards
        taken = 0.0
        for r in range(RANKS):
            if not free >> r & 1:
                continue
            for i in range(3):
                j, k = (i + 1) % 3, (i + 2) % 3
                pairs = (a[j] - slots[j, r]) * (a[k] - slots[k, r]) - (
                    b[j, k] - slots[j, r] * slots[k, r]
                )
                taken += slots[i, r] * pairs
        my_jack[suit] = left * z - taken
        # an unseen jack of this suit in slot i; the starter of its suit
        if free >> JACK & 1:
            for i in range(3):
                j, k = (i + 1) % 3, (i + 2) % 3
                wj, wk = slots[j, JACK], slots[k, JACK]
                pairs = (a[j] - wj) * (a[k] - wk) - (b[j, k] - wj * wk)
                same = 0.0
                for r in range(RANKS):
                    if r == JACK or not free >> r & 1:
                        continue
                    same += slots[j, r] * (a[k] - wk - slots[k, r])
                    same += slots[k, r] * (a[j] - wj - slots[j, r])
                their_jack += slots[i, JACK] * ((left - 1) * pairs - same)
    return flush, my_jack, their_jack


@kernel
def single_crib_sums(
    cards: IntArray,
    lay_outs: IntArray,
    slots: FloatArray,
    table5: npt.NDArray[np.int8],
    out: FloatArray,
) -> float:
    """``R + S`` of each one-card lay-out (a row of ``lay_outs``: its position in ``cards``)
    into ``out``; returns ``Z``, the weight of every filling of the slots. The expected
    crib is the sum over ``Z`` times the starters left (unseen cards less three)."""
    unseen = unseen_of(cards)
    for option in range(lay_outs.shape[0]):
        out[option] = single_rank_part(unseen, cards[lay_outs[option, 0]] >> 2, slots, table5)
    z = triple_weight(unseen, slots)
    add_single_suit_parts(cards, lay_outs, unseen, slots, z, out)
    result: float = z
    return result


@kernel
def add_single_suit_parts(
    cards: IntArray,
    lay_outs: IntArray,
    unseen: IntArray,
    slots: FloatArray,
    z: float,
    out: FloatArray,
) -> None:
    """Add ``S``, the crib's flush and nobs weighted and summed, to each lay-out's ``out``."""
    suit_masks = np.zeros(SUITS, np.int64)
    for card in cards:
        suit_masks[card & 3] |= 1 << (card >> 2)
    flush, my_jack, their_jack = single_suit_parts(suit_masks, unseen, slots, z)
    for option in range(lay_outs.shape[0]):
        x = cards[lay_outs[option, 0]]
        out[option] += their_jack + flush[x & 3]
        if x >> 2 == JACK:
            out[option] += my_jack[x & 3]


@kernel
def single_expected_cribs(
    cards: IntArray, lay_outs: IntArray, slots: FloatArray, table5: npt.NDArray[np.int8]
) -> FloatArray:
    """The expected crib of each one-card lay-out of a dealt hand against the ``slots``."""
    sums = np.empty(lay_outs.shape[0], np.float64)
    z = single_crib_sums(cards, lay_outs, slots, table5, sums)
    cribs: FloatArray = sums / (z * (52 - cards.shape[0] - 3))
    return cribs


@parallel_kernel
def single_expected_cribs_many(
    cards: IntArray, lay_outs: IntArray, slots: FloatArray, table5: npt.NDArray[np.int8]
) -> FloatArray:
    """:func:`single_expected_cribs` of each dealt hand, a row of ``cards``, at once."""
    hands, n = cards.shape
    cribs = np.empty((hands, lay_outs.shape[0]), np.float64)
    for hand in numba.prange(hands):
        z = single_crib_sums(cards[hand], lay_outs, slots, table5, cribs[hand])
        cribs[hand] /= z * (52 - n - 3)
    return cribs


@parallel_kernel
def single_rank_parts_of(
    multisets: IntArray, slots: FloatArray, table5: npt.NDArray[np.int8]
) -> tuple[FloatArray, FloatArray]:
    """``R`` of every rank laid out and ``Z``, for every multiset of ranks dealt, against
    each role's ``slots``: ``[role, multiset, x]`` and ``[role, multiset]``."""
    roles = slots.shape[0]
    size = multisets.shape[0]
    parts = np.zeros((roles, size, RANKS), np.float64)
    totals = np.zeros((roles, size), np.float64)
    for i in numba.prange(size):
        unseen = np.empty(RANKS, np.int64)
        for rank in range(RANKS):
            unseen[rank] = 4 - multisets[i, rank]
        for t in range(roles):
            totals[t, i] = triple_weight(unseen, slots[t])
            for x in range(RANKS):
                if multisets[i, x]:
                    parts[t, i, x] = single_rank_part(unseen, x, slots[t], table5)
    return parts, totals


@parallel_kernel
def best_singles(
    deals: npt.NDArray[np.int16],
    deal_counts: IntArray,
    n: int,
    lay_outs: IntArray,
    hand_totals: npt.NDArray[np.int32],
    deal_multisets: IntArray,
    multisets: IntArray,
    slots: FloatArray,
    table5: npt.NDArray[np.int8],
    scale: int,
    tolerance: float,
) -> tuple[IntArray, FloatArray, int, float]:
    """:func:`best_pairs` where each player lays out one card: ``slots[0]`` fill the crib
    the dealer's side lays out to, ``slots[1]`` the crib the other side lays out to. The
    shares come as ``[side, r, r]``: the diagonal of a pair table."""
    parts, totals = single_rank_parts_of(multisets, slots, table5)
    chunks = 64
    size = deals.shape[0]
    options = lay_outs.shape[0]
    starters = 52 - n
    shares = np.zeros((chunks, 2, RANKS, RANKS), np.int64)
    cribs = np.zeros((chunks, 2, RANKS, RANKS), np.float64)
    mixed = np.zeros(chunks, np.int64)
    gaps = np.full(chunks, np.inf)
    for chunk in numba.prange(chunks):
        sums = np.empty(options, np.float64)
        values = np.empty(options, np.float64)
        crib_of = np.empty(options, np.float64)
        ranks = np.empty(options, np.int64)
        keys = np.empty(options, np.int64)
        for d in range(chunk, size, chunks):
            cards = deal_cards(deals[d], n)
            for option in range(options):
                ranks[option] = cards[lay_outs[option, 0]] >> 2
                keys[option] = ranks[option] * RANKS + ranks[option]  # the table's diagonal
            ms = deal_multisets[d]
            unseen = unseen_of(cards)
            for side in range(2):
                for option in range(options):
                    sums[option] = parts[side, ms, ranks[option]]
                z = totals[side, ms]
                add_single_suit_parts(cards, lay_outs, unseen, slots[side], z, sums)
                sign = 1.0 if side == 0 else -1.0
                for option in range(options):
                    crib_of[option] = sums[option] / (z * (starters - 3))
                    values[option] = hand_totals[d, option] / starters + sign * crib_of[option]
                found, gap = share_out(
                    values,
                    crib_of,
                    keys,
                    deal_counts[d],
                    scale,
                    tolerance,
                    shares[chunk, side],
                    cribs[chunk, side],
                )
                mixed[chunk] += found
                gaps[chunk] = min(gaps[chunk], gap)
    return shares.sum(axis=0), cribs.sum(axis=0), int(mixed.sum()), float(gaps.min())


@parallel_kernel
def best_singles_against_experts(
    dealt: IntArray,
    hand_multisets: IntArray,
    lay_outs: IntArray,
    kept: IntArray,
    slots: FloatArray,
    parts: FloatArray,
    totals: FloatArray,
    table4: npt.NDArray[np.int8],
    table5: npt.NDArray[np.int8],
) -> tuple[FloatArray, IntArray, IntArray]:
    """:func:`best_against_experts` where each player lays out one card: ``slots[1]`` fill
    the crib's owner's crib, ``slots[0]`` the crib the other side lays out to; ``parts``
    and ``totals`` are :func:`single_rank_parts_of` for the ``hand_multisets`` of the
    hands (a row index each), in the same order of roles."""
    hands_count, n = dealt.shape
    options, k = kept.shape
    starters = 52 - n
    nets = np.empty((hands_count, 2), np.float64)
    counts = np.empty((hands_count, 2), np.int64)
    best = np.full((hands_count, 2, options), -1, np.int64)
    for h in numba.prange(hands_count):
        cards = dealt[h]
        unseen = np.ones(52, np.bool_)
        for card in cards:
            unseen[card] = False
        histogram = np.zeros(MAX_POINTS, np.int64)
        keep = np.empty(k, np.int64)
        hands = np.empty(options, np.int64)
        for option in range(options):
            for i in range(k):
                keep[i] = cards[kept[option, i]]
            hands[option] = hand_row(keep, unseen, table4, table5, histogram)[0]
        by_rank = unseen_of(cards)
        ms = hand_multisets[h]
        sums = np.empty(options, np.float64)
        net = np.empty(options, np.float64)
        for role in range(2):
            for option in range(options):
                sums[option] = parts[role, ms, cards[lay_outs[option, 0]] >> 2]
            z = totals[role, ms]
            add_single_suit_parts(cards, lay_outs, by_rank, slots[role], z, sums)
            sign = 1.0 if role else -1.0
            top = -np.inf
            for option in range(options):
                value = hands[option] / starters + sign * sums[option] / (z * (starters - 3))
                net[option] = np.round(value, 9)
                top = max(top, net[option])
            nets[h, role] = top
            counts[h, role] = select_best(net, top, hands, best[h, role])
    return nets, counts, best
