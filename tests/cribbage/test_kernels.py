"""The numba kernels against the readable scorer, the reference data and plain enumeration."""

import random
from collections import Counter
from itertools import combinations, permutations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from cribcount.cards import Card, parse_cards
from cribcount.cribbage import discard_kernel, score_kernel
from cribcount.cribbage.discard_kernel import multiset_tables
from cribcount.cribbage.forms import FORMS
from cribcount.cribbage.score import score_hand
from cribcount.cribbage.score_kernel import rank_tables

DATA = Path(__file__).parents[1] / "data" / "score-distribution.tsv"
DECK = [Card.from_id(i) for i in range(52)]


def ids(cards: list[Card]) -> np.ndarray:
    return np.array([card.id for card in cards], np.int64)


def reference_distribution() -> tuple[list[int], list[int]]:
    hand: list[int] = []
    crib: list[int] = []
    for line in DATA.read_text().splitlines():
        if line.startswith("#") or line.startswith("score"):
            continue
        points, in_hand, in_crib = (int(field) for field in line.split("\t"))
        assert points == len(hand)
        hand.append(in_hand)
        crib.append(in_crib)
    return hand, crib


def test_reference_data_has_the_means_the_rules_state() -> None:
    # over all 12,994,800 pairs, hand 4.769152 and crib 4.734819; no 19, 25,
    # 26 or 27, and nothing above 29
    hand, crib = reference_distribution()
    cases = 52 * 51 * 50 * 49 // 24 * 48
    assert sum(hand) == sum(crib) == cases == 12_994_800
    assert round(sum(p * n for p, n in enumerate(hand)) / cases, 6) == 4.769152
    assert round(sum(p * n for p, n in enumerate(crib)) / cases, 6) == 4.734819
    assert len(hand) == 30
    assert [hand[p] + crib[p] for p in (19, 25, 26, 27)] == [0, 0, 0, 0]
    assert hand[29] == crib[29] == 4


def test_every_hand_and_starter_reproduces_the_reference_distribution() -> None:
    _, table5 = rank_tables()
    hand, crib = score_kernel.distribution(table5)
    want_hand, want_crib = reference_distribution()
    size = len(want_hand)
    assert hand[:size].tolist() == want_hand
    assert crib[:size].tolist() == want_crib
    assert hand[size:].sum() == crib[size:].sum() == 0
    assert hand.sum() == crib.sum() == 52 * 51 * 50 * 49 // 24 * 48


@pytest.mark.parametrize("size", [3, 4, 5])
@pytest.mark.parametrize("crib", [False, True])
def test_kernel_agrees_with_the_readable_scorer_on_random_hands(size: int, crib: bool) -> None:
    deal = random.Random(f"{size}-{crib}")
    for _ in range(4000):
        *hand, starter = deal.sample(DECK, size + 1)
        got = score_kernel.hand_points(ids(hand), size, starter.id, crib)
        assert got == score_hand(hand, starter, crib).total, (hand, starter, crib)


@pytest.mark.parametrize(
    ("text", "crib", "points"),
    [
        ("5H 5S 5C JD / 5D", False, 29),  # 8 fifteens 16, double pair royal 12, nobs 1
        ("5H 5S 5C JD / 5D", True, 29),
        ("2H 4H 6H 8H / KS", False, 4),  # flush of four only
        ("2H 4H 6H 8H / KS", True, 0),  # no crib flush without the starter
        ("2H 4H 6H 8H / KH", True, 5),
        ("3D 4S 4C 5C / QS", False, 10),  # fifteen 2, double run of three 8
        ("AS 2S 3S / 4D", False, 7),  # five-card: run of four 4, flush of three 3
        ("AS 2S 3S / 4S", False, 8),  # and 4 with the starter
        # seven-card: 4+5+6 six ways 12, pair and pair royal 8, six runs of three 18
        ("4H 5H 6H 6D 6C / 5S", False, 38),
        ("JC 9H 8D 7S 2C / QC", False, 6),  # 7+8 2, run 7-8-9 3, nobs 1
    ],
)
def test_named_hands(text: str, crib: bool, points: int) -> None:
    hand_text, starter_text = text.split("/")
    hand = parse_cards(hand_text)
    starter = Card.parse(starter_text.strip())
    assert score_kernel.hand_points(ids(hand), len(hand), starter.id, crib) == points


def test_rank_tables_read_the_ranks_in_any_order() -> None:
    table4, table5 = rank_tables()
    # 5 5 J 4 6: fifteens 5+J twice and 4+5+6 twice 8, pair 2, double run 4-5-6 6
    ranks = [4, 4, 10, 3, 5]
    for order in set(permutations(ranks)):
        code = 0
        for rank in order:
            code = code * 13 + rank
        assert table5[code] == 16
    code4 = ((4 * 13 + 4) * 13 + 10) * 13 + 3  # 5 5 J 4: fifteens 5+J twice 4, pair 2
    assert table4[code4] == 6


def layouts(dealt: list[Card], kept: int) -> tuple[np.ndarray, np.ndarray]:
    choices = list(combinations(dealt, len(dealt) - kept))
    discards = np.array([[card.id for card in choice] for choice in choices], np.int64)
    keeps = np.array(
        [[card.id for card in dealt if card not in choice] for choice in choices], np.int64
    )
    return discards, keeps


def tables(laid_out: int) -> tuple[np.ndarray, ...]:
    """The lay-out kernels' tables when ``laid_out`` cards go to the crib."""
    return (*rank_tables(), *multiset_tables(4 - laid_out + 1))


@pytest.mark.parametrize("q", [3, 4])
def test_multiset_tables_list_every_multiset_of_ranks_once(q: int) -> None:
    codes, factors = multiset_tables(q)
    seen = set()
    for code, row in zip(codes.tolist(), factors.tolist(), strict=True):
        digits = []
        for _ in range(q):
            code, digit = divmod(code, 13)
            digits.append(digit)
        assert code == 0
        ranks = tuple(sorted(digits))
        # each entry 5 * rank + count, padded with zeros
        assert {entry // 5: entry % 5 for entry in row if entry} == Counter(ranks)
        seen.add(ranks)
    # C(13 + q - 1, q) multisets of q ranks among 13: 455 of three, 1820 of four
    assert len(seen) == len(codes) == comb(13 + q - 1, q) == {3: 455, 4: 1820}[q]


def check_against_plain_enumeration(cards: list[Card], kept: int) -> None:
    discards, keeps = layouts(cards, kept)
    hand, low, high, counts, crib = discard_kernel.layout_totals(
        ids(cards), discards, keeps, *tables(len(cards) - kept)
    )
    plain_hand, plain_crib = discard_kernel.reference_layout_totals(ids(cards), discards, keeps)
    assert hand.tolist() == plain_hand.tolist()
    assert crib.tolist() == plain_crib.tolist()
    unseen = [card for card in DECK if card not in cards]
    for row, keep in enumerate(keeps):
        kept_cards = [Card.from_id(int(card)) for card in keep]
        shows = [score_hand(kept_cards, starter).total for starter in unseen]
        assert (low[row], high[row]) == (min(shows), max(shows))
        assert counts[row].tolist() == [shows.count(points) for points in range(64)]


@pytest.mark.parametrize(
    ("dealt", "kept"),
    [
        ("6C 7S 8S 8H 9S 10C", 4),
        ("5H 5S JH JD QH KH", 4),  # jacks laid out or kept, a flush of hearts possible
        ("AH 3H 7H 9H KH", 3),  # five-card, every lay-out of one suit
        ("2C 5D 5C JC QS", 3),
        ("4S 5S 6S JS 2D 3D 9C", 5),  # seven-card
        ("4S 4H 4D 9C 9S KD KH", 5),  # many lay-outs of the same ranks
        ("JS 5H 5D 10C KS", 4),  # three- and four-handed: one card out, three unseen in the crib
        ("AS 2H 3D 4C JC", 4),
        ("5S 5H 5D 5C JD", 4),  # no five left unseen
    ],
)
def test_fast_totals_equal_plain_enumeration(dealt: str, kept: int) -> None:
    check_against_plain_enumeration(parse_cards(dealt), kept)


@pytest.mark.parametrize(("game", "hands"), [("five", 3), ("six", 3), ("seven", 2), ("four", 1)])
def test_fast_totals_equal_plain_enumeration_on_random_hands(game: str, hands: int) -> None:
    deal = random.Random(f"plain-{game}")
    for _ in range(hands):
        check_against_plain_enumeration(deal.sample(DECK, FORMS[game].dealt), FORMS[game].kept)


def reference_best(
    hand: list[int], crib: list[int], starters: int, fillings: int, own: bool
) -> tuple[int, list[int]]:
    """The greatest net (times starters * fillings) and the lay-outs reaching it, in order.

    The order: the greater hand first, equal hands in lay-out order.
    """
    nets = [h * fillings + (c if own else -c) * starters for h, c in zip(hand, crib, strict=True)]
    top = max(nets)
    rows = [row for row, net in enumerate(nets) if net == top]
    return top, sorted(rows, key=lambda row: -hand[row])


def mirrored_hands(deal: random.Random, size: int, count: int) -> list[list[int]]:
    """Hands holding the spade and heart of one rank and no other spade or heart.

    Swapping spades and hearts leaves such a hand whole and maps a lay-out
    of one of the two onto the same lay-out of the other: they tie.
    """
    hands = []
    for _ in range(count):
        rank = deal.randrange(13)
        others = [card for card in range(52) if card & 3 in (2, 3)]
        hands.append(sorted([4 * rank, 4 * rank + 1, *deal.sample(others, size - 2)]))
    return hands


@pytest.mark.parametrize("game", list(FORMS))
def test_best_lay_outs_equal_a_plain_choice_from_the_totals(game: str) -> None:
    form = FORMS[game]
    deal = random.Random(f"best-{game}")
    hands = [sorted(deal.sample(range(52), form.dealt)) for _ in range(150)]
    hands += mirrored_hands(deal, form.dealt, 50)
    positions = range(form.dealt)
    lay_outs = list(combinations(positions, form.dealt - form.kept))
    kept = [[i for i in positions if i not in lay_out] for lay_out in lay_outs]
    laid_out = form.dealt - form.kept
    starters = 52 - form.dealt
    fillings = comb(starters, 4 - laid_out) * (starters - (4 - laid_out))
    nets, counts, best = discard_kernel.best_layouts(
        np.array(hands, np.int64),
        np.array(lay_outs, np.int64),
        np.array(kept, np.int64),
        *tables(laid_out),
    )
    ties = 0
    for row, dealt in enumerate(hands):
        discards = np.array([[dealt[i] for i in lay_out] for lay_out in lay_outs], np.int64)
        keeps = np.array([[dealt[i] for i in keep] for keep in kept], np.int64)
        hand, _, _, _, crib = discard_kernel.layout_totals(
            np.array(dealt, np.int64), discards, keeps, *tables(laid_out)
        )
        for role in (0, 1):
            top, rows = reference_best(hand.tolist(), crib.tolist(), starters, fillings, bool(role))
            assert nets[row, role] == top
            assert counts[row, role] == len(rows)
            assert best[row, role].tolist() == rows + [-1] * (len(lay_outs) - len(rows))
            ties += len(rows) > 1
    assert ties  # the order of equal lay-outs was tried


@pytest.mark.parametrize("game", list(FORMS))
def test_totals_of_many_hands_are_each_hands_totals(game: str) -> None:
    form = FORMS[game]
    deal = random.Random(f"many-{game}")
    hands = [sorted(deal.sample(range(52), form.dealt)) for _ in range(40)]
    hands += mirrored_hands(deal, form.dealt, 10)
    positions = range(form.dealt)
    lay_outs = list(combinations(positions, form.dealt - form.kept))
    kept = [[i for i in positions if i not in lay_out] for lay_out in lay_outs]
    laid_out = form.dealt - form.kept
    many = discard_kernel.layout_totals_many(
        np.array(hands, np.int64),
        np.array(lay_outs, np.int64),
        np.array(kept, np.int64),
        *tables(laid_out),
    )
    for row, dealt in enumerate(hands):
        discards = np.array([[dealt[i] for i in lay_out] for lay_out in lay_outs], np.int64)
        keeps = np.array([[dealt[i] for i in keep] for keep in kept], np.int64)
        hand, low, high, _, crib = discard_kernel.layout_totals(
            np.array(dealt, np.int64), discards, keeps, *tables(laid_out)
        )
        assert [figure[row].tolist() for figure in many] == [
            hand.tolist(),
            low.tolist(),
            high.tolist(),
            crib.tolist(),
        ]
