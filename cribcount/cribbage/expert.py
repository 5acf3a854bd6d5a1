"""The expert opponent: lay-out tables, the crib they give, and their fixed point.

A side's lay-out table gives, for each rank pair, the share of all deals in
which that side lays out that rank pair. Given my dealt cards, the other
side lays out the unseen cards ``c1``, ``c2`` with weight
``share(ranks of c1, c2) / (card pairs of those ranks in a full pack: 6 for
a pair, 16 otherwise)``, normalised over the unseen cards; the starter is
any other unseen card. That is the crib's model ``expert``. With the table
of random lay-outs every pair of unseen cards weighs the same: the model
``random``.

The tables are a fixed point, computed over every deal: start from random
lay-outs; each side lays out to maximise its net against the other side's
table (the dealer hand plus crib, the pone hand minus crib; lay-outs whose
nets agree to :data:`TOLERANCE`, relative, share the deal equally); count
the shares; repeat until no share moves. Where the rounds come back to an
earlier table instead, the tables of the cycle are averaged. Deals are
enumerated up to the relabelling of suits, each standing for the deals its
suits can be relabelled to, which keeps every share exact.

The forms with tables are those where each player lays out two cards
(:data:`FORMS`). This module imports numba, through the kernels.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from importlib import resources
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cribcount.cards import Card
from cribcount.cribbage import expert_kernel
from cribcount.cribbage.forms import EXPERT_FORMS, PAIR_FORMS, find_form
from cribcount.cribbage.score import show_breakdown
from cribcount.cribbage.score_kernel import rank_tables
from cribcount.errors import CribcountError

TOLERANCE = 1e-9
"""Nets closer than this, relative, are equal: their lay-outs share the deal."""

MAX_ROUNDS = 100
"""Rounds after which the fixed point is given up (it has never taken 30)."""

SIDES = ("dealer", "pone")
FORMS = EXPERT_FORMS
"""The forms of the game with expert tables: all of them. Where each player lays out
one card (three- and four-handed), a side's table gives the share of each rank, kept
on the diagonal of the pair table."""

RANKS = 13
DATA = "data"

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
Shares = tuple[tuple[int, ...], ...]
"""A side's table: ``[r1][r2]`` (``r1 <= r2``) the deals laying out those ranks, in units."""


def pack_pairs(r1: int, r2: int) -> int:
    """Pairs of cards of ranks ``r1`` and ``r2`` in a full pack: 6 for one rank, 16 for two."""
    return 6 if r1 == r2 else 16


@dataclass(frozen=True)
class LayOutTables:
    """Both sides' lay-out tables of one form of the game, at their fixed point.

    ``states`` are the tables of the last round, or of every round of the
    cycle the rounds fell into: for each, ``(dealer, pone)`` shares in units
    of ``1 / scale`` deal out of ``deals``. ``cribs`` is, for each side and
    rank pair, the crib's mean when that side lays the pair out, over the
    deals in which it does (``None`` where it never does), through the
    states. ``rounds`` were played.
    """

    game: str
    deals: int
    scale: int
    rounds: int
    states: tuple[tuple[Shares, Shares], ...]
    cribs: tuple[tuple[tuple[float | None, ...], ...], ...]

    @property
    def cycle(self) -> int:
        """How many tables the rounds cycled through at the end: 1 when they settled."""
        return len(self.states)

    def share(self, side: str, r1: int, r2: int) -> Fraction:
        """The share of deals in which ``side`` lays out ranks ``r1`` and ``r2`` (the mean
        over the cycle, if any)."""
        low, high = sorted((r1, r2))
        units = sum(state[SIDES.index(side)][low][high] for state in self.states)
        return Fraction(units, self.deals * self.scale * self.cycle)

    def crib(self, side: str, r1: int, r2: int) -> float | None:
        """The crib's mean when ``side`` lays out ranks ``r1`` and ``r2``."""
        low, high = sorted((r1, r2))
        return self.cribs[SIDES.index(side)][low][high]

    def rank_weights(self, side: str) -> FloatArray:
        """Where each player lays out one card (the shares on the diagonal), the weight of
        one card of each rank: proportional to the share over the 4 cards of a rank."""
        units = np.zeros(RANKS, np.float64)
        for state in self.states:
            units += np.diag(np.array(state[SIDES.index(side)], np.float64))
        weights: FloatArray = units / 4.0
        return weights

    def weights(self, side: str) -> FloatArray:
        """``side``'s table as the kernels read it: 13 x 13 and symmetric, proportional to
        the weight of one pair of cards of each two ranks (share over pairs in a pack)."""
        units = np.zeros((RANKS, RANKS), np.float64)
        for state in self.states:
            units += np.array(state[SIDES.index(side)], np.float64)
        return _pair_weights(units)

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "deals": self.deals,
            "scale": self.scale,
            "rounds": self.rounds,
            "states": [dict(zip(SIDES, state, strict=True)) for state in self.states],
            "cribs": dict(zip(SIDES, self.cribs, strict=True)),
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> LayOutTables:
        states = data["states"]
        cribs = data["cribs"]
        assert isinstance(states, list) and isinstance(cribs, dict)
        return cls(
            game=str(data["game"]),
            deals=_int(data["deals"]),
            scale=_int(data["scale"]),
            rounds=_int(data["rounds"]),
            states=tuple((_shares(state["dealer"]), _shares(state["pone"])) for state in states),
            cribs=tuple(
                tuple(tuple(None if v is None else float(v) for v in row) for row in cribs[side])
                for side in SIDES
            ),
        )


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _shares(rows: list[list[int]]) -> Shares:
    return tuple(tuple(int(value) for value in row) for row in rows)


def _pair_weights(units: npt.NDArray[np.float64]) -> FloatArray:
    """The weight of one pair of cards from a side's shares (upper triangle): share over
    the pairs of those ranks in a pack."""
    full = np.triu(units) + np.triu(units, 1).T
    pairs = np.full((RANKS, RANKS), 16.0)
    np.fill_diagonal(pairs, 6.0)
    result: FloatArray = full / pairs
    return result


@functools.cache
def load_tables(game: str) -> LayOutTables:
    """The shipped tables of ``game`` (see :func:`solve` and ``cribcount tables rebuild``)."""
    find_form(game)
    text = resources.files("cribcount.cribbage").joinpath(DATA, f"expert-{game}.json").read_text()
    return LayOutTables.from_json(json.loads(text))


def data_path(game: str, folder: Path | None = None) -> Path:
    """Where the tables of ``game`` are written: the package's data, or ``folder``."""
    base = folder or Path(str(resources.files("cribcount.cribbage").joinpath(DATA)))
    return base / f"expert-{game}.json"


def write_tables(tables: LayOutTables, path: Path) -> None:
    """Write ``tables`` as the package ships them: the same tables, the same bytes.

    JSON, a row of a table on a line.
    """
    text = json.dumps(tables.to_json(), indent=1)
    text = _ROW.sub(lambda row: "[" + " ".join(row[1].split()) + "]", text)
    path.write_text(text + "\n", encoding="utf-8")


_ROW = re.compile(r"\[\s+([^\[\]{}]*?)\s+\]")
"""A list of numbers spread over lines by ``json.dumps``."""


# -- the expected crib --------------------------------------------------------------


@functools.cache
def crib_table(game: str, own_crib: bool) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The table that fills the crib (the pone's for my own crib, the dealer's for his)
    as the kernels read it: its weights, and the sums :func:`expert_kernel.prepare` makes."""
    weights = load_tables(game).weights("pone" if own_crib else "dealer")
    whole, by_starter = expert_kernel.prepare(weights, starter_sums(), rank_tables()[1])
    return weights, whole, by_starter


@functools.cache
def starter_sums() -> FloatArray:
    """:func:`expert_kernel.starter_sums`, once a process."""
    sums: FloatArray = expert_kernel.starter_sums(rank_tables()[1])
    return sums


@functools.cache
def crib_slots(game: str, own_crib: bool) -> FloatArray:
    """Where each player lays out one card, the three slots that fill the crib with me:
    each as the weight of one card of each rank (its side's share of deals over the 4
    cards of the rank; 1 for three-handed's card from the pack).

    Three-handed: my own crib (the dealer's) takes both pones' cards and the pack's;
    a pone's crib, the dealer's, the other pone's and the pack's. Four-handed: my
    side's crib takes my partner's card and both opponents'; the other side's crib,
    my partner's and both of the dealer's side.
    """
    return _slots_of(load_tables(game), game, own_crib)


def _slots_of(tables: LayOutTables, game: str, own_crib: bool) -> FloatArray:
    """:func:`crib_slots` from ``tables``."""
    dealer, pone = (tables.rank_weights(side) for side in SIDES)
    pack = np.ones(RANKS)
    if game == "three":
        slots = (pone, pone, pack) if own_crib else (dealer, pone, pack)
    else:
        slots = (dealer, pone, pone) if own_crib else (pone, dealer, dealer)
    return np.stack(slots)


_single_parts: dict[tuple[str, bytes], tuple[FloatArray, FloatArray]] = {}
"""The rank parts of one-card lay-outs found so far, by game and multiset of ranks dealt."""


def single_rank_parts(
    game: str, hands: Sequence[Sequence[int]]
) -> tuple[IntArray, FloatArray, FloatArray]:
    """For hands of card ids where each player lays out one card: each hand's row in the
    parts returned, and :func:`expert_kernel.single_rank_parts_of` of their multisets of
    ranks against both roles' slots (the other side's first), each multiset worked out
    once a process."""
    multisets = np.zeros((len(hands), RANKS), np.int64)
    for row, hand in enumerate(hands):
        for card in hand:
            multisets[row, card >> 2] += 1
    unique, index = np.unique(multisets, axis=0, return_inverse=True)
    missing = [row for row in unique if (game, row.tobytes()) not in _single_parts]
    if missing:
        slots = np.stack([crib_slots(game, own) for own in (False, True)])
        parts, totals = expert_kernel.single_rank_parts_of(
            np.array(missing, np.int64), slots, rank_tables()[1]
        )
        for i, row in enumerate(missing):
            _single_parts[(game, row.tobytes())] = (parts[:, i], totals[:, i])
    found = [_single_parts[(game, row.tobytes())] for row in unique]
    parts_all = np.stack([part for part, _ in found], axis=1)
    totals_all = np.stack([total for _, total in found], axis=1)
    return index.astype(np.int64).ravel(), parts_all, totals_all


def expected_cribs(dealt: Sequence[Card], lay_outs: IntArray, game: str) -> FloatArray:
    """The expected crib of each lay-out of ``dealt`` (rows of positions in card order),
    as ``[own, other's]``: when the crib is mine, and when it is the other side's."""
    cards = np.array(sorted(card.id for card in dealt), np.int64)
    table5 = rank_tables()[1]
    if game not in PAIR_FORMS:
        return np.stack(
            [
                expert_kernel.single_expected_cribs(cards, lay_outs, crib_slots(game, own), table5)
                for own in (True, False)
            ],
            axis=1,
        )
    columns = []
    for own in (True, False):
        weights, whole, by_starter = crib_table(game, own)
        columns.append(
            expert_kernel.expected_cribs(
                cards, lay_outs, weights, starter_sums(), whole, by_starter, table5
            )
        )
    return np.stack(columns, axis=1)


def expected_cribs_many(dealt: IntArray, lay_outs: IntArray, game: str) -> FloatArray:
    """:func:`expected_cribs` of many dealt hands at once, each a row of ``dealt``, its
    card ids in increasing order: an array of hands by lay-outs by ``[own, other's]``."""
    table5 = rank_tables()[1]
    columns = []
    for own in (True, False):
        if game not in PAIR_FORMS:
            slots = crib_slots(game, own)
            columns.append(expert_kernel.single_expected_cribs_many(dealt, lay_outs, slots, table5))
            continue
        weights, whole, by_starter = crib_table(game, own)
        columns.append(
            expert_kernel.expected_cribs_many(
                dealt, lay_outs, weights, starter_sums(), whole, by_starter, table5
            )
        )
    return np.stack(columns, axis=-1)


def reference_crib(
    dealt: Sequence[Card], lay_out: Sequence[Card], weight: Callable[[int, int], Fraction]
) -> Fraction:
    """The expected crib, card by card from the definition: the twin of the kernels.

    Every pair of cards not in ``dealt`` is the other side's lay-out with
    ``weight(rank, rank)`` (ranks 1..13); every other card not in ``dealt``
    is the starter; the mean of the crib's show is weighted accordingly.
    """
    unseen = [Card.from_id(card_id) for card_id in range(52) if Card.from_id(card_id) not in dealt]
    total = Fraction(0)
    weights = Fraction(0)
    for c1, c2 in combinations(unseen, 2):
        w = weight(c1.rank, c2.rank)
        if not w:
            continue
        crib = (*lay_out, c1, c2)
        points = sum(
            sum(show_breakdown(crib, starter, crib=True).values())
            for starter in unseen
            if starter not in (c1, c2)
        )
        total += w * points
        weights += w * (len(unseen) - 2)
    return total / weights


# -- the fixed point ----------------------------------------------------------------


@dataclass(frozen=True)
class Deals:
    """Every deal of a form, up to suits, with what the rounds share."""

    n: int
    masks: npt.NDArray[np.int16]
    counts: IntArray
    multisets: IntArray
    deal_multisets: IntArray
    lay_outs: IntArray
    hands: npt.NDArray[np.int32]
    scale: int


def all_deals(game: str) -> Deals:
    """The deals of ``game`` up to suits, their ranks, lay-outs and hand totals."""
    form = find_form(game)
    n = form.dealt
    masks, counts = expert_kernel.canonical_deals(n)
    multisets, inverse = np.unique(expert_kernel.rank_counts_of(masks), axis=0, return_inverse=True)
    positions = range(n)
    lay_outs = list(combinations(positions, n - form.kept))
    kept = [[i for i in positions if i not in lay_out] for lay_out in lay_outs]
    table4, table5 = rank_tables()
    hands = expert_kernel.hand_totals_of(masks, n, np.array(kept, np.int64), table4, table5)
    return Deals(
        n=n,
        masks=masks,
        counts=counts,
        multisets=multisets.astype(np.int64),
        deal_multisets=inverse.astype(np.int64).ravel(),
        lay_outs=np.array(lay_outs, np.int64),
        hands=hands,
        scale=math.lcm(*range(1, len(lay_outs) + 1)),
    )


@dataclass(frozen=True)
class Round:
    """What one round found: both sides' shares, the cribs summed over them, how many
    tied lay-outs were of other ranks (counted once a deal up to suits), and the least
    relative gap between a best lay-out and one of other ranks that did not tie."""

    shares: IntArray
    cribs: FloatArray
    mixed_ties: int
    least_gap: float


def play_round(deals: Deals, dealer: IntArray, pone: IntArray, game: str = "six") -> Round:
    """Each side's best lay-outs of every deal against the other side's shares."""
    if game in PAIR_FORMS:
        # the dealer's crib is filled from the pone's table, the pone's from the dealer's
        fillers = np.stack([_pair_weights(side.astype(np.float64)) for side in (pone, dealer)])
        best = expert_kernel.best_pairs
    else:
        # one card each: the diagonal of the shares, in the slots of each side's crib
        states = ((_shares(dealer.tolist()), _shares(pone.tolist())),)
        tables = LayOutTables(game, 0, 1, 0, states, ())
        fillers = np.stack([_slots_of(tables, game, own) for own in (True, False)])
        best = expert_kernel.best_singles
    shares, cribs, mixed, gap = best(
        deals.masks,
        deals.counts,
        deals.n,
        deals.lay_outs,
        deals.hands,
        deals.deal_multisets,
        deals.multisets,
        fillers,
        rank_tables()[1],
        deals.scale,
        TOLERANCE,
    )
    return Round(shares, cribs, mixed, gap)


def random_shares(game: str = "six") -> IntArray:
    """The table of random lay-outs: each rank pair as often as a pack holds its pairs (where
    one card is laid out, each rank as often as it has cards, on the diagonal)."""
    shares = np.zeros((RANKS, RANKS), np.int64)
    for r1 in range(RANKS):
        if game not in PAIR_FORMS:
            shares[r1, r1] = 4
            continue
        for r2 in range(r1, RANKS):
            shares[r1, r2] = pack_pairs(r1, r2)
    return shares


def solve(game: str) -> Iterator[tuple[int, Round, LayOutTables | None]]:
    """Play rounds from random lay-outs until no share moves, or the tables cycle.

    Yields each round's number and result, with the tables once they are
    found (in the last item).
    """
    deals = all_deals(game)
    history: list[bytes] = []
    found: list[Round] = []
    dealer = pone = random_shares(game)
    for number in range(1, MAX_ROUNDS + 1):
        result = play_round(deals, dealer, pone, game)
        key = result.shares.tobytes()
        if key in history:
            # the tables from the first repeated one on; that one's cribs as this round,
            # inside the cycle, found them (the round that first found it came from outside)
            cycle = [*found[history.index(key) + 1 :], result]
            yield number, result, _tables(game, deals, number, cycle)
            return
        history.append(key)
        found.append(result)
        yield number, result, None
        dealer, pone = result.shares
    raise CribcountError(f"the lay-out tables of {game} did not settle in {MAX_ROUNDS} rounds")


def _tables(game: str, deals: Deals, rounds: int, cycle: Sequence[Round]) -> LayOutTables:
    """The tables of the rounds of ``cycle`` (one round when they settled)."""
    units = sum(result.shares for result in cycle)
    cribs = sum(result.cribs for result in cycle)
    assert isinstance(units, np.ndarray) and isinstance(cribs, np.ndarray)
    deals_laid = units / (deals.scale)
    means = [
        tuple(
            tuple(
                round(float(cribs[side, a, b] / deals_laid[side, a, b]), 9)
                if a <= b and units[side, a, b]
                else None
                for b in range(RANKS)
            )
            for a in range(RANKS)
        )
        for side in range(2)
    ]
    return LayOutTables(
        game=game,
        deals=int(deals.counts.sum()),
        scale=deals.scale,
        rounds=rounds,
        states=tuple(
            (_shares(result.shares[0].tolist()), _shares(result.shares[1].tolist()))
            for result in cycle
        ),
        cribs=tuple(means),
    )
