"""The expert opponent: its crib against the plain twin, its deals up to suits, its tables.

The kernels' crib is checked against :func:`expert.reference_crib`, which
scores every (other side's pair, starter) case card by card, and that twin
against one written here from the plain reference scorer and the shipped
JSON. The canonical deals are checked against every hand of the pack with
its suits sorted, a round of the fixed point over them against the same
round over all 2,598,960 five-card deals, and the shipped tables against
one more round from each of their states.
"""

import functools
import json
import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import chain, combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from reference import AnyCard, show

import cribcount.cribbage
from cribcount.cards import Card, parse_cards
from cribcount.cribbage import expert, expert_kernel
from cribcount.cribbage.discard import analyse_discard, best_lay_outs_many
from cribcount.cribbage.score import show_breakdown
from cribcount.cribbage.score_kernel import rank_tables
from cribcount.errors import CribcountError

DECK = [Card.from_id(i) for i in range(52)]
SEED_HAND = "6C 7S 8S 8H 9S 10C"
DATA = Path(cribcount.cribbage.__file__).parent / "data"
SIDES = ("dealer", "pone")
DEALT = {"five": 5, "six": 6, "seven": 7}

Weight = Callable[[int, int], Fraction]
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


def ordered(cards: list[Card]) -> list[Card]:
    """Cards in the kernels' order: by id."""
    return sorted(cards, key=lambda card: card.id)


def positions(dealt: list[Card], lay_out: list[Card]) -> list[int]:
    """Where the cards of ``lay_out`` stand in ``dealt`` put in card order."""
    ids = [card.id for card in ordered(dealt)]
    return sorted(ids.index(card.id) for card in lay_out)


def lay_out_rows(n: int) -> IntArray:
    """Every two positions of ``n``, as the discard plan orders them."""
    return np.array(list(combinations(range(n), 2)), np.int64)


def kept_rows(n: int) -> IntArray:
    return np.array(
        [[i for i in range(n) if i not in pair] for pair in combinations(range(n), 2)], np.int64
    )


def table_weight(game: str, side: str) -> Weight:
    """The weight of one card pair as the brief defines it: share over the pack's pairs."""
    tables = expert.load_tables(game)

    def weight(r1: int, r2: int) -> Fraction:
        return tables.share(side, r1 - 1, r2 - 1) / expert.pack_pairs(r1 - 1, r2 - 1)

    return weight


@functools.cache
def raw_tables(game: str) -> dict[str, object]:
    """The shipped JSON, read without the package's reader."""
    data: dict[str, object] = json.loads((DATA / f"expert-{game}.json").read_text())
    return data


def raw_weight(game: str, side: str) -> Weight:
    """A card pair's weight, up to a factor, from the JSON alone: the units of the rank pair
    summed over the stored states, over 6 card pairs for one rank and 16 for two."""
    states = raw_tables(game)["states"]
    assert isinstance(states, list)

    def weight(r1: int, r2: int) -> Fraction:
        low, high = sorted((r1 - 1, r2 - 1))
        units = sum(state[side][low][high] for state in states)
        return Fraction(units, 6 if r1 == r2 else 16)

    return weight


def reference_crib_from_shares(dealt: list[Card], lay_out: list[Card], weight: Weight) -> Fraction:
    """The expected crib from the definition, scored by the tests' plain reference."""
    unseen = [card for card in DECK if card not in dealt]
    total = Fraction(0)
    weights = Fraction(0)
    for c1, c2 in combinations(unseen, 2):
        crib: list[AnyCard] = [*lay_out, c1, c2]
        points = sum(show(crib, s, crib=True) for s in unseen if s not in (c1, c2))
        w = weight(c1.rank, c2.rank)
        total += w * points
        weights += w * (len(unseen) - 2)
    return total / weights


# -- 1. the kernels' crib against the card-by-card twin ---------------------------

TWIN_CASES = [
    # a lay-out of one suit, with eight hearts unseen for the crib's flush
    ("five", "AH 3H 7H 9H KH", "9H KH"),
    # a jack laid out: nobs when the starter is a club
    ("five", "2C 5D 5C JC QS", "5D JC"),
    # a lay-out of clubs whose jack is unseen: the other side's jack makes nobs
    ("five", "JS JH JD 4C 9C", "4C 9C"),
    # a jack and a king of one suit laid out
    ("six", "5H 5S JH JD QH KH", "JH KH"),
    ("six", "5H 5S JH JD QH KH", "5H 5S"),
    # every jack seen: no nobs but from the lay-out
    ("six", "JS JH JD JC 5D 5H", "JS JH"),
    # six diamonds dealt: the crib's diamond flush needs four of the seven left
    ("six", "AD 2D 4D 7D 9D KD", "AD KD"),
    # the seed's hand: every jack unseen, a lay-out of clubs
    ("six", SEED_HAND, "6C 10C"),
]


@pytest.mark.parametrize(("game", "dealt", "laid_out"), TWIN_CASES)
def test_kernel_crib_equals_the_card_by_card_twin(game: str, dealt: str, laid_out: str) -> None:
    cards = parse_cards(dealt)
    lay_out = parse_cards(laid_out)
    rows = np.array([positions(cards, lay_out)], np.int64)
    own, other = expert.expected_cribs(cards, rows, game)[0]
    # my own crib is filled from the pone's table, the other's crib from the dealer's
    want_own = expert.reference_crib(cards, lay_out, table_weight(game, "pone"))
    want_other = expert.reference_crib(cards, lay_out, table_weight(game, "dealer"))
    assert abs(own - want_own) < 1e-9
    assert abs(other - want_other) < 1e-9
    # the tables make a difference: the two roles' cribs are not the random one
    random_crib = analyse_discard(cards, game).find(lay_out).exact_crib
    assert want_own != random_crib
    assert want_own != want_other


@pytest.mark.parametrize(
    ("game", "dealt", "laid_out", "side"),
    [
        ("five", "JS JH JD 4C 9C", "4C 9C", "dealer"),
        ("six", "5H 5S JH JD QH KH", "JH KH", "pone"),
    ],
)
def test_twin_equals_the_plain_reference(game: str, dealt: str, laid_out: str, side: str) -> None:
    cards = parse_cards(dealt)
    lay_out = parse_cards(laid_out)
    twin = expert.reference_crib(cards, lay_out, table_weight(game, side))
    assert twin == reference_crib_from_shares(cards, lay_out, raw_weight(game, side))


# -- 2. with random lay-outs, the expert crib is the random model's ----------------

RANDOM_HANDS = [
    ("five", "AH 3H 7H 9H KH"),
    ("five", "2C 5D 5C JC QS"),
    ("six", SEED_HAND),
    ("six", "5H 5S JH JD QH KH"),
    ("six", "JS JH JD JC 5D 5H"),
    ("seven", "4S 5S 6S JS 2D 3D 9C"),
    ("seven", "AC 2C 3C 4C 5C 6C JD"),
]


def random_weights() -> npt.NDArray[np.float64]:
    """The table of random lay-outs as the kernels read it, through the tables' own reader."""
    shares = expert.random_shares()
    state = tuple(tuple(int(v) for v in row) for row in shares.tolist())
    empty = tuple(tuple(None for _ in range(13)) for _ in range(13))
    tables = expert.LayOutTables("six", 1, 1, 0, ((state, state),), (empty, empty))
    return tables.weights("pone")


def test_random_table_weighs_every_card_pair_alike() -> None:
    assert np.array_equal(random_weights(), np.ones((13, 13)))


def kernel_cribs(ids: IntArray, rows: IntArray, weights: npt.NDArray[np.float64]) -> FloatArray:
    """The kernel's expected crib of each lay-out against the table ``weights``."""
    table5 = rank_tables()[1]
    whole, by_starter = expert_kernel.prepare(weights, expert.starter_sums(), table5)
    cribs: FloatArray = expert_kernel.expected_cribs(
        ids, rows, weights, expert.starter_sums(), whole, by_starter, table5
    )
    return cribs


@pytest.mark.parametrize(("game", "dealt"), RANDOM_HANDS)
def test_random_table_gives_the_random_crib(game: str, dealt: str) -> None:
    cards = parse_cards(dealt)
    ids = np.array([card.id for card in ordered(cards)], np.int64)
    rows = lay_out_rows(DEALT[game])
    cribs = kernel_cribs(ids, rows, random_weights())
    # the weights are normalised: any multiple of a table is the same table
    scaled = kernel_cribs(ids, rows, 7.25 * random_weights())
    analysis = analyse_discard(cards, game, opponent="random")
    for row, crib, crib_scaled in zip(rows.tolist(), cribs, scaled, strict=True):
        option = analysis.find([ordered(cards)[i] for i in row])
        assert abs(crib - float(option.exact_crib)) < 1e-12
        assert abs(crib_scaled - crib) < 1e-12


def test_seed_crib_against_random_lay_outs_exactly() -> None:
    # the random model's crib of 6C 10C, enumerated by the plain reference: 174873 / 45540
    cards = parse_cards(SEED_HAND)
    lay_out = parse_cards("6C 10C")
    assert expert.reference_crib(cards, lay_out, lambda r1, r2: Fraction(1)) == Fraction(
        174873, 45540
    )
    ids = np.array([card.id for card in ordered(cards)], np.int64)
    rows = np.array([positions(cards, lay_out)], np.int64)
    crib = kernel_cribs(ids, rows, np.ones((13, 13)))[0]
    assert abs(crib - 174873 / 45540) < 1e-12


# -- 3. the deals up to the relabelling of suits -----------------------------------


@functools.cache
def every_hand(n: int) -> npt.NDArray[np.int16]:
    """Every hand of ``n`` cards of the pack, one row each, as its four suits' rank masks."""
    count = math.comb(52, n)
    flat = chain.from_iterable(combinations(range(52), n))
    ids = np.fromiter(flat, np.int8, count=count * n).reshape(count, n)
    masks = np.zeros((count, 4), np.int16)
    for j in range(n):
        column = ids[:, j].astype(np.int16)
        bits = np.left_shift(np.int16(1), column >> 2)
        for suit in range(4):
            masks[:, suit] |= np.where(column & 3 == suit, bits, np.int16(0))
    return masks


def keys_of(masks: npt.NDArray[np.integer]) -> IntArray:
    """Each row of four 13-bit masks as one number, its masks in the order given."""
    wide = masks.astype(np.int64)
    keys: IntArray = (wide[:, 0] << 39) | (wide[:, 1] << 26) | (wide[:, 2] << 13) | wide[:, 3]
    return keys


POPCOUNT = np.array([bin(mask).count("1") for mask in range(1 << 13)], np.int64)
"""The cards of each 13-bit mask of ranks."""


def popcounts(masks: npt.NDArray[np.integer]) -> IntArray:
    counts: IntArray = POPCOUNT[masks.astype(np.int64)]
    return counts


@pytest.mark.parametrize("n", [5, 6, 7])
def test_canonical_deals_stand_for_every_deal(n: int) -> None:
    masks, counts = expert_kernel.canonical_deals(n)
    assert int(counts.sum()) == math.comb(52, n)
    assert masks.shape == (counts.shape[0], 4)
    # every deal holds n cards, its suits in decreasing order, and appears once
    assert (popcounts(masks).sum(axis=1) == n).all()
    assert (np.diff(masks.astype(np.int64), axis=1) <= 0).all()
    keys = np.sort(keys_of(masks), kind="stable")
    assert (np.diff(keys) > 0).all()
    # a deal stands for 24 over the relabellings that leave it whole
    assert set(counts.tolist()) <= {24, 12, 6, 4}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_canonical_deals_are_the_orbits_of_the_suits(n: int) -> None:
    """Every hand of the pack, its suits sorted, grouped: the groups and their sizes."""
    hands = every_hand(n)
    canonical = -np.sort(-hands.astype(np.int64), axis=1)
    keys, sizes = np.unique(keys_of(canonical), return_counts=True)
    masks, counts = expert_kernel.canonical_deals(n)
    order = np.argsort(keys_of(masks))
    assert np.array_equal(keys_of(masks)[order], keys)
    assert np.array_equal(counts[order], sizes)


def test_canonical_deals_for_two_cards_by_hand() -> None:
    # two cards of one suit: C(13, 2) rank pairs, each standing for 4 hands (one per suit);
    # of two suits and two ranks: C(13, 2) deals of 4 x 3 = 12 hands;
    # a pair: 13 deals of C(4, 2) = 6 hands. 78 * 4 + 78 * 12 + 13 * 6 = 1326 = C(52, 2)
    masks, counts = expert_kernel.canonical_deals(2)
    found = Counter(
        (tuple(sizes), int(count))
        for sizes, count in zip(popcounts(masks).tolist(), counts.tolist(), strict=True)
    )
    assert found == {((2, 0, 0, 0), 4): 78, ((1, 1, 0, 0), 12): 78, ((1, 1, 0, 0), 6): 13}
    pairs = [row for row, count in zip(masks.tolist(), counts.tolist(), strict=True) if count == 6]
    assert sorted(pairs) == [[1 << rank, 1 << rank, 0, 0] for rank in range(13)]


def test_deal_cards_and_rank_counts_read_the_masks() -> None:
    masks, _ = expert_kernel.canonical_deals(6)
    rng = random.Random(7)
    picks = rng.sample(range(masks.shape[0]), 200)
    counts = expert_kernel.rank_counts_of(masks[picks])
    for deal, ranks in zip(masks[picks], counts, strict=True):
        cards = expert_kernel.deal_cards(deal, 6).tolist()
        want = sorted(
            4 * rank + suit for suit in range(4) for rank in range(13) if deal[suit] >> rank & 1
        )
        assert cards == want
        assert ranks.tolist() == [sum(card >> 2 == rank for card in cards) for rank in range(13)]


# -- 4. a round over the deals up to suits is the round over every deal -------------


@functools.cache
def five_deals() -> expert.Deals:
    """The five-card deals up to suits, as the fixed point plays them, built once."""
    return expert.all_deals("five")


def round_over(
    masks: npt.NDArray[np.int16], counts: IntArray, weights: npt.NDArray[np.float64]
) -> tuple[IntArray, npt.NDArray[np.float64], int, float]:
    """One round of best lay-outs over five-card deals given as suit masks, each standing
    for ``counts`` deals; the multisets of ranks found by their base-5 number."""
    rank_counts = expert_kernel.rank_counts_of(masks).astype(np.int64)
    codes = rank_counts @ (5 ** np.arange(13, dtype=np.int64))
    unique, inverse = np.unique(codes, return_inverse=True)
    multisets = (unique[:, None] // 5 ** np.arange(13, dtype=np.int64)) % 5
    table4, table5 = rank_tables()
    hands = expert_kernel.hand_totals_of(masks, 5, kept_rows(5), table4, table5)
    result: tuple[IntArray, npt.NDArray[np.float64], int, float] = expert_kernel.best_pairs(
        masks,
        counts,
        5,
        lay_out_rows(5),
        hands,
        inverse.astype(np.int64).ravel(),
        multisets.astype(np.int64),
        weights,
        table5,
        math.lcm(*range(1, 11)),
        expert.TOLERANCE,
    )
    return result


@pytest.mark.slow
def test_a_round_over_canonical_deals_is_the_round_over_every_deal() -> None:
    deals = five_deals()
    assert deals.scale == math.lcm(*range(1, 11))
    assert np.array_equal(deals.lay_outs, lay_out_rows(5))
    weights = np.ones((2, 13, 13))
    every = every_hand(5)
    plain = round_over(every, np.ones(every.shape[0], np.int64), weights)
    canonical = round_over(deals.masks, deals.counts, weights)
    shares, cribs, _, gap = plain
    assert np.array_equal(canonical[0], shares)
    assert (shares.sum(axis=(1, 2)) == math.comb(52, 5) * deals.scale).all()
    np.testing.assert_allclose(canonical[1], cribs, rtol=1e-12, atol=1e-9)
    assert canonical[3] == pytest.approx(gap, rel=1e-9)
    # the same from the package's own round over its deals
    packaged = expert.play_round(deals, expert.random_shares(), expert.random_shares())
    assert np.array_equal(packaged.shares, shares)


# -- 5. the shipped tables -------------------------------------------------------


@pytest.mark.parametrize("game", ["five", "six"])
def test_shipped_tables_are_as_stored(game: str) -> None:
    tables = expert.load_tables(game)
    raw = raw_tables(game)
    states = raw["states"]
    assert isinstance(states, list)
    n = DEALT[game]
    assert tables.game == raw["game"] == game
    assert tables.cycle == len(states) >= 1
    assert tables.rounds == raw["rounds"]
    assert tables.deals == raw["deals"] == math.comb(52, n)
    assert tables.scale == raw["scale"] == math.lcm(*range(1, math.comb(n, 2) + 1))
    for state in states:
        for side in SIDES:
            rows = state[side]
            # a rank pair is stored once, low rank first; the shares make up every deal
            assert all(rows[a][b] == 0 for a in range(13) for b in range(a))
            assert all(v >= 0 for row in rows for v in row)
            total = sum(Fraction(v, tables.deals * tables.scale) for row in rows for v in row)
            assert total == 1
    for side in SIDES:
        shares = [tables.share(side, a, b) for a in range(13) for b in range(a, 13)]
        assert len(shares) == 91
        assert sum(shares) == 1
        weights = tables.weights(side)
        assert np.array_equal(weights, weights.T)
        # the weights are in the tables' units, which the kernels normalise away
        units = tables.deals * tables.scale * tables.cycle
        for a in range(13):
            for b in range(13):
                want = float(tables.share(side, a, b) * units) / (6 if a == b else 16)
                assert weights[a, b] == pytest.approx(want, rel=1e-12)


@functools.cache
def rounds_of_the_cycle(game: str) -> tuple[expert.Round, ...]:
    """One round from each stored state of ``game``'s tables, in their order."""
    # the six-card deals are large: built for this and let go
    deals = five_deals() if game == "five" else expert.all_deals(game)
    return tuple(
        expert.play_round(deals, np.array(dealer), np.array(pone))
        for dealer, pone in expert.load_tables(game).states
    )


SIX_SLOW = pytest.param("six", marks=pytest.mark.slow)
"""The six-card cycle takes a quarter of a minute to go round: among the slow checks."""


@pytest.mark.parametrize("game", ["five", SIX_SLOW])
def test_shipped_tables_are_their_own_cycle(game: str) -> None:
    """One round from each stored state gives the next, and the last the first."""
    states = expert.load_tables(game).states
    for i, found in enumerate(rounds_of_the_cycle(game)):
        following = states[(i + 1) % len(states)]
        assert np.array_equal(found.shares, np.array(following)), f"state {i}"
        assert found.mixed_ties == 0
        assert found.least_gap > 100 * expert.TOLERANCE


@pytest.mark.parametrize("game", ["five", SIX_SLOW])
def test_shipped_cribs_are_the_means_over_the_cycle(game: str) -> None:
    tables = expert.load_tables(game)
    found = rounds_of_the_cycle(game)
    units = sum(result.shares for result in found)
    cribs = sum(result.cribs for result in found)
    assert isinstance(units, np.ndarray) and isinstance(cribs, np.ndarray)
    for side, name in enumerate(SIDES):
        for a in range(13):
            for b in range(a, 13):
                stored = tables.crib(name, a, b)
                if units[side, a, b] == 0:
                    assert stored is None
                else:
                    mean = cribs[side, a, b] / (units[side, a, b] / tables.scale)
                    assert stored == pytest.approx(mean, abs=1e-9), (name, a + 1, b + 1)


# -- 6. sanity against the game --------------------------------------------------


def ranked(tables: expert.LayOutTables, side: str) -> list[tuple[float, int, int]]:
    """The rank pairs (ranks 1..13) by their crib's mean when ``side`` lays them out."""
    means = []
    for a in range(13):
        for b in range(a, 13):
            mean = tables.crib(side, a, b)
            if mean is not None:
                means.append((mean, a + 1, b + 1))
    return sorted(means, reverse=True)


def test_two_fives_are_the_best_to_lay_out_and_the_worst_to_give() -> None:
    tables = expert.load_tables("six")
    own = ranked(tables, "dealer")
    opponent = ranked(tables, "pone")
    assert own[0][1:] == (5, 5)
    assert (5, 5) in [pair[1:] for pair in opponent[:3]]
    # the dealer salts his crib with two fives; the pone balks it
    assert tables.share("dealer", 4, 4) > 10 * tables.share("pone", 4, 4)


def test_the_seeds_example_against_the_expert() -> None:
    analysis = analyse_discard(SEED_HAND, "six", dealer=False, opponent="expert")
    assert [[str(card) for card in o.discard] for o in analysis.best(False)] == [["6C", "10C"]]
    assert [[str(card) for card in o.discard] for o in analysis.best(True)] == [["9S", "10C"]]
    best = best_lay_outs_many([parse_cards(SEED_HAND)], "six", "expert")[0]
    assert [[str(card) for card in lay_out] for lay_out in best.best(False)] == [["6C", "10C"]]
    assert [[str(card) for card in lay_out] for lay_out in best.best(True)] == [["9S", "10C"]]


def random_hands(game: str, count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, DEALT[game]) for _ in range(count)]


@pytest.mark.parametrize("game", ["five", "six"])
def test_best_lay_outs_many_agrees_with_the_analysis(game: str) -> None:
    hands = random_hands(game, 200, seed=len(game))
    found = best_lay_outs_many(hands, game, "expert")
    for dealt, best in zip(hands, found, strict=True):
        analysis = analyse_discard(dealt, game, opponent="expert")
        for dealer in (True, False):
            options = analysis.best(dealer)
            assert best.best(dealer) == tuple(option.discard for option in options)
            assert abs(best.net(dealer) - options[0].net(dealer)) < 1e-9


# -- 7. the batch kernel's cribs and nets --------------------------------------------


def batch_of(game: str, seed: int) -> tuple[list[list[Card]], IntArray]:
    """Random hands of ``game`` in card order, and their card ids as the kernels read them."""
    hands = [ordered(dealt) for dealt in random_hands(game, 40, seed)]
    return hands, np.array([[card.id for card in dealt] for dealt in hands], np.int64)


@pytest.mark.parametrize("game", ["five", "six"])
def test_best_against_experts_agrees_with_the_analysis(game: str) -> None:
    hands, ids = batch_of(game, seed=20 + len(game))
    n = DEALT[game]
    # role 1 owns the crib, filled from the pone's table; role 0 lays out to the dealer's
    tables = [expert.crib_table(game, own) for own in (False, True)]
    weights, whole, by_starter = (np.stack(parts) for parts in zip(*tables, strict=True))
    rows = lay_out_rows(n).tolist()
    nets, counts, best = expert_kernel.best_against_experts(
        ids,
        lay_out_rows(n),
        kept_rows(n),
        weights,
        expert.starter_sums(),
        whole,
        by_starter,
        *rank_tables(),
    )
    for h, dealt in enumerate(hands):
        analysis = analyse_discard(dealt, game, opponent="expert")
        for role, own in ((0, False), (1, True)):
            options = analysis.best(own)
            assert abs(nets[h, role] - max(o.net(own) for o in analysis.options)) < 1e-9
            assert counts[h, role] == len(options)
            found = [tuple(dealt[i] for i in rows[o]) for o in best[h, role, : counts[h, role]]]
            assert found == [option.discard for option in options]


def test_expert_crib_does_not_see_the_suits_names() -> None:
    cards = parse_cards("5H 5S JH JD QH KH")
    analysis = analyse_discard(cards, "six", opponent="expert")
    swap = {"S": "C", "H": "D", "D": "H", "C": "S"}
    relabelled = analyse_discard(
        [Card(card.rank, swap[card.suit]) for card in cards], "six", opponent="expert"
    )
    for option in analysis.options:
        other = relabelled.find([Card(card.rank, swap[card.suit]) for card in option.discard])
        assert other.cribs is not None and option.cribs is not None
        assert other.cribs == pytest.approx(option.cribs, abs=1e-12)


@pytest.mark.parametrize("game", ["three", "four"])
def test_one_card_laid_out_against_experts_agrees_with_its_batch(game: str) -> None:
    rng = random.Random(7)
    hands = [rng.sample(DECK, 5) for _ in range(30)]
    batch = best_lay_outs_many(hands, game, "expert")
    for dealt, best in zip(hands, batch, strict=True):
        analysis = analyse_discard(dealt, game, opponent="expert")
        for own in (True, False):
            assert best.best(own) == tuple(option.discard for option in analysis.best(own))
            assert abs(best.net(own) - analysis.best(own)[0].net(own)) < 1e-9  # rounded to 9


def test_the_expert_model_has_no_exact_fractions() -> None:
    analysis = analyse_discard(SEED_HAND, "six", True, opponent="expert")
    option = analysis.options[0]
    for exact in (lambda: option.exact_crib, lambda: option.exact_net(True)):
        with pytest.raises(CribcountError, match="no exact fraction against the expert"):
            exact()
    best = best_lay_outs_many([parse_cards(SEED_HAND)], "six", "expert")[0]
    with pytest.raises(CribcountError, match="no exact fraction against the expert"):
        best.exact_net(True)
    assert abs(best.net(True) - option.net(True)) < 1e-9


# -- one card laid out by each player: three- and four-handed ---------------------------


def brute_single_crib(dealt: list[Card], laid: Card, slots: list[list[Fraction]]) -> Fraction:
    """The crib's mean from the definition: three distinct unseen cards, one per slot, each
    weighing its slot's weight of its rank, the product for the filling; every other
    unseen card the starter."""
    unseen = [card for card in DECK if card not in dealt]
    total = Fraction(0)
    weights = Fraction(0)
    for c0 in unseen:
        for c1 in unseen:
            for c2 in unseen:
                if len({c0, c1, c2}) < 3:
                    continue
                weight = slots[0][c0.rank - 1] * slots[1][c1.rank - 1] * slots[2][c2.rank - 1]
                if not weight:
                    continue
                starters = [card for card in unseen if card not in (c0, c1, c2)]
                points = sum(
                    sum(show_breakdown((laid, c0, c1, c2), starter, crib=True).values())
                    for starter in starters
                )
                total += weight * points
                weights += weight * len(starters)
    return total / weights


@pytest.mark.parametrize(
    "dealt",
    [
        "JH 5H 2H 9H KH",  # all hearts: the flush of a heart laid out, nobs of JH
        pytest.param("5S 5H JC 10D 4C", marks=pytest.mark.slow),  # a jack laid out
        pytest.param("AS 2D 3C 4H JS", marks=pytest.mark.slow),
    ],
)
def test_one_card_crib_against_the_definition(dealt: str) -> None:
    # few ranks weigh in two slots, so that the definition can be enumerated; the third
    # slot takes any card, as the card from the pack does
    slots = np.zeros((3, 13))
    slots[0, [4, 10]] = [3, 1]
    slots[1, [2, 10, 12]] = [2, 5, 1]
    slots[2, :] = 1
    cards = ordered(parse_cards(dealt))
    ids = np.array([card.id for card in cards], np.int64)
    rows = np.array([[i] for i in range(5)], np.int64)
    cribs = expert_kernel.single_expected_cribs(ids, rows, slots, rank_tables()[1])
    exact = [[Fraction(int(value)) for value in row] for row in slots]
    for i in (0, 2, 4):
        assert abs(float(brute_single_crib(cards, cards[i], exact)) - cribs[i]) < 1e-12


def test_one_card_slots_follow_the_seats() -> None:
    for game in ("three", "four"):
        tables = expert.load_tables(game)
        dealer, pone = (tables.rank_weights(side) for side in expert.SIDES)
        pack = np.ones(13)
        own, other = (expert.crib_slots(game, own) for own in (True, False))
        if game == "three":  # the dealer's crib: both pones and the pack
            assert np.array_equal(own, np.stack([pone, pone, pack]))
            assert np.array_equal(other, np.stack([dealer, pone, pack]))
        else:  # four-handed: a partner's card, then the two opponents'
            assert np.array_equal(own, np.stack([dealer, pone, pone]))
            assert np.array_equal(other, np.stack([pone, dealer, dealer]))


def test_three_handed_tables_are_a_fixed_point() -> None:
    tables = expert.load_tables("three")
    assert tables.cycle == 1
    ((dealer, pone),) = tables.states
    found = expert.play_round(expert.all_deals("three"), np.array(dealer), np.array(pone), "three")
    assert np.array_equal(found.shares, np.array([dealer, pone]))
    for side in expert.SIDES:
        assert sum(tables.share(side, r, r) for r in range(13)) == 1
    # the dealer salts his crib with fives, the pones keep theirs
    assert tables.share("dealer", 4, 4) > 20 * tables.share("pone", 4, 4)


def test_four_handed_tables_cycle_as_stored() -> None:
    tables = expert.load_tables("four")
    deals = expert.all_deals("four")
    for i in (0, len(tables.states) - 1):
        dealer, pone = tables.states[i]
        found = expert.play_round(deals, np.array(dealer), np.array(pone), "four")
        following = tables.states[(i + 1) % len(tables.states)]
        assert np.array_equal(found.shares, np.array(following)), f"state {i}"


def test_discard_needs_expert_and_not_the_other_way() -> None:
    """The lay-out advisor imports the expert model at its top; the expert model never
    imports the advisor."""
    import subprocess
    import sys

    code = (
        "import sys, cribcount.cribbage.expert;print('cribcount.cribbage.discard' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False\n"
    source = (Path(cribcount.cribbage.__file__).parent / "discard.py").read_text()
    assert "from cribcount.cribbage import discard_kernel, expert, expert_kernel\n" in source
    assert "    from cribcount.cribbage import expert" not in source


@pytest.mark.parametrize("game", ["five", "six", "seven", "three", "four"])
def test_the_cribs_of_many_hands_are_each_hands_cribs(game: str) -> None:
    dealt, laid_out = (DEALT[game], 2) if game in DEALT else (5, 1)
    rng = random.Random(f"many-{game}")
    hands = [sorted(rng.sample(DECK, dealt), key=lambda card: card.id) for _ in range(30)]
    rows = np.array(list(combinations(range(dealt), laid_out)), np.int64)
    ids = np.array([[card.id for card in cards] for cards in hands], np.int64)
    many = expert.expected_cribs_many(ids, rows, game)
    for row, cards in enumerate(hands):
        assert many[row].tolist() == expert.expected_cribs(cards, rows, game).tolist()
