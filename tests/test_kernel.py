"""The numba kernels against the readable scorer, the reference data and plain enumeration."""

import random
from itertools import combinations, permutations
from pathlib import Path

import numpy as np
import pytest

from cribcount.cards import Card, parse_cards
from cribcount.cribbage import kernel
from cribcount.cribbage.discard import rank_tables
from cribcount.cribbage.score import score_hand

DATA = Path(__file__).parent / "data" / "score-distribution.tsv"
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
    # RULES.md: over all 12,994,800 pairs, hand 4.769152 and crib 4.734819; no 19, 25,
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
    hand, crib = kernel.distribution(table5)
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
        got = kernel.hand_points(ids(hand), size, starter.id, crib)
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
    assert kernel.hand_points(ids(hand), len(hand), starter.id, crib) == points


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


@pytest.mark.parametrize(
    ("dealt", "kept"),
    [
        ("6C 7S 8S 8H 9S 10C", 4),
        ("5H 5S JH JD QH KH", 4),  # jacks laid out or kept, a flush of hearts possible
        ("AH 3H 7H 9H KH", 3),  # five-card, every lay-out of one suit
        ("2C 5D 5C JC QS", 3),
        ("4S 5S 6S JS 2D 3D 9C", 5),  # seven-card
        ("JS 5H 5D 10C KS", 4),  # three- and four-handed: one card out, three unseen in the crib
        ("AS 2H 3D 4C JC", 4),
    ],
)
def test_fast_totals_equal_plain_enumeration(dealt: str, kept: int) -> None:
    cards = parse_cards(dealt)
    discards, keeps = layouts(cards, kept)
    table4, table5 = rank_tables()
    hand, low, high, counts, crib = kernel.layout_totals(
        ids(cards), discards, keeps, table4, table5
    )
    plain_hand, plain_crib = kernel.naive_layout_totals(ids(cards), discards, keeps)
    assert hand.tolist() == plain_hand.tolist()
    assert crib.tolist() == plain_crib.tolist()
    unseen = [card for card in DECK if card not in cards]
    for row, keep in enumerate(keeps):
        kept_cards = [Card.from_id(int(card)) for card in keep]
        shows = [score_hand(kept_cards, starter).total for starter in unseen]
        assert (low[row], high[row]) == (min(shows), max(shows))
        assert counts[row].tolist() == [shows.count(points) for points in range(64)]
