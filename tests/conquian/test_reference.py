"""The meld search against a plain reference that tries every partition of the cards
(the hand's and the table's) into combinations and loose hand cards, keeping those the
rules of growing and borrowing allow; and the outs against trying every unseen card."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest

from cribcount.cards import Card
from cribcount.conquian import AMERICAN, FULL, SPANISH, Combination, Position, meld
from cribcount.conquian.search import best_down

# The packs' ranks in order, written out here rather than taken from the packs.
ORDERS = {
    "spanish": [1, 2, 3, 4, 5, 6, 7, 11, 12, 13],
    "american": list(range(1, 11)),
    "full": list(range(1, 14)),
}
PACKS = {"spanish": SPANISH, "american": AMERICAN, "full": FULL}

Block = frozenset[Card]


def is_sequence(cards: Sequence[Card], order: list[int]) -> bool:
    if len(cards) < 3 or len({card.suit for card in cards}) != 1:
        return False
    places = sorted(order.index(card.rank) for card in cards)
    return places == list(range(places[0], places[0] + len(places)))


def is_set(cards: Sequence[Card]) -> bool:
    return len(cards) >= 3 and len({card.rank for card in cards}) == 1


def is_combination(cards: Sequence[Card], order: list[int]) -> bool:
    return is_set(cards) or is_sequence(cards, order)


def partitions(
    cards: list[Card], hand: frozenset[Card], order: list[int]
) -> Iterator[tuple[list[Block], list[Card]]]:
    """Every partition of ``cards`` into combinations and loose hand cards."""
    if not cards:
        yield [], []
        return
    first, rest = cards[0], cards[1:]
    if first in hand:
        for blocks, loose in partitions(rest, hand, order):
            yield blocks, [first, *loose]
    mates = [card for card in rest if card.rank == first.rank or card.suit == first.suit]
    for size in range(2, len(mates) + 1):
        for others in combinations(mates, size):
            block = [first, *others]
            if not is_combination(block, order):
                continue
            left = [card for card in rest if card not in others]
            for blocks, loose in partitions(left, hand, order):
                yield [frozenset(block), *blocks], loose


def legal(
    blocks: list[Block], table: Sequence[Block], hand: frozenset[Card], order: list[int]
) -> bool:
    """Whether the partition keeps the rules: each table combination stays in one block
    (its home) with cards of the hand only, but for lent cards, each in a block of its
    own kind: one card of a four to a sequence, end cards of a sequence to triplets; a
    block with a lent card is new, holds a card of the hand, and needs every lent card."""
    homes: dict[int, Block] = {}
    for index, combo in enumerate(table):
        holding = [block for block in blocks if len(block & combo) >= 3]
        if len(holding) != 1:
            return False
        home = holding[0]
        if any(card not in hand and card not in combo for card in home):
            return False
        homes[index] = home
        lent = combo - home
        if lent and is_set(list(combo)) and (len(combo) != 4 or len(lent) != 1):
            return False
        if lent and is_sequence(list(combo), order) and not is_sequence(list(combo - lent), order):
            return False
    home_blocks = set(homes.values())
    for block in blocks:
        if block in home_blocks:
            continue
        lent = [card for card in block if card not in hand]
        if not lent:
            continue
        if not block & hand:
            return False
        for card in lent:
            source = next(combo for combo in table if card in combo)
            if is_set(list(source)) and not is_sequence(list(block), order):
                return False
            if is_sequence(list(source), order) and not (is_set(list(block)) and len(block) == 3):
                return False
            if is_combination(list(block - {card}), order):
                return False
    return True


def reference(
    hand: Sequence[Card], table: Sequence[Block], order: list[int]
) -> tuple[int, set[frozenset[Block]], bool]:
    """The most cards down, every arrangement doing it, and whether all can go down."""
    held = frozenset(hand)
    cards = sorted({*hand, *(card for combo in table for card in combo)}, key=lambda c: c.id)
    best, found, out = -1, set(), False
    for blocks, loose in partitions(cards, held, order):
        if not legal(blocks, table, held, order):
            continue
        down = len(cards) - len(loose)
        out = out or not loose
        if down > best:
            best, found = down, set()
        if down == best:
            found.add(frozenset(blocks))
    return best, found, out


def random_position(rng: random.Random, name: str) -> tuple[list[Card], list[list[Card]]]:
    """A hand and table crowded into a few suits and ranks, so that combinations,
    growths and borrowing are common: none to two table combinations (fours and long
    sequences among them), the hand making the cards up to ten."""
    order = ORDERS[name]
    start = rng.randrange(len(order) - 4)
    ranks = order[start : start + 5]
    suits = rng.sample("SHDC", 3)
    pool = [Card(rank, suit) for rank in ranks for suit in suits]
    table: list[list[Card]] = []
    for _ in range(rng.choice((0, 1, 1, 2))):
        if rng.random() < 0.5:
            rank = rng.choice(ranks)
            combo = [Card(rank, suit) for suit in "SHDC"]
            if rng.random() < 0.4:
                combo = combo[:3]
        else:
            suit = rng.choice(suits)
            length = rng.choice((3, 4, 4, 5))
            at = rng.randrange(len(order) - length + 1)
            combo = [Card(rank, suit) for rank in order[at : at + length]]
        used = {card for combo in table for card in combo}
        if not used & set(combo):
            table.append(combo)
    used = {card for combo in table for card in combo}
    left = [card for card in pool if card not in used]
    extra = [Card(rank, suit) for rank in order for suit in "SHDC"]
    extra = [card for card in extra if card not in used and card not in left]
    rng.shuffle(left)
    rng.shuffle(extra)
    hand = (left + extra)[: 10 - len(used)]
    return hand, table


def position(name: str, hand: list[Card], table: list[list[Card]]) -> Position:
    pack = PACKS[name]
    combos = []
    for combo in table:
        cards = tuple(sorted(combo, key=lambda c: c.id))
        kind = (
            "sequence"
            if len({c.suit for c in cards}) == 1
            else ("four" if len(cards) == 4 else "triplet")
        )
        combos.append(Combination(cards, kind))
    return Position(tuple(hand), tuple(combos), pack=pack)


def as_blocks(arrangements: Sequence[Sequence[Combination]]) -> set[frozenset[Block]]:
    return {frozenset(frozenset(combo.cards) for combo in each) for each in arrangements}


@pytest.mark.parametrize("name", ["spanish", "american", "full"])
def test_meld_against_every_partition(name: str) -> None:
    rng = random.Random(f"meld {name}")
    borrowed = 0
    for _ in range(150):
        hand, table = random_position(rng, name)
        blocks = [frozenset(combo) for combo in table]
        down, arrangements, _ = reference(hand, blocks, ORDERS[name])
        result = meld(position(name, hand, table))
        assert result.down == down, (hand, table)
        assert as_blocks(result.arrangements) == arrangements, (hand, table)
        borrowed += any(
            not any(set(combo) <= set(block) for block in each)
            for each in arrangements
            for combo in blocks
        )
    assert borrowed >= 3  # the sample holds positions where borrowing is the best


@pytest.mark.parametrize("name", ["spanish", "american", "full"])
def test_outs_by_trying_every_unseen_card(name: str) -> None:
    rng = random.Random(f"outs {name}")
    pack = PACKS[name]
    with_outs = 0
    for _ in range(40):
        hand, table = random_position(rng, name)
        blocks = [frozenset(combo) for combo in table]
        known = {*hand, *(card for combo in table for card in combo)}
        unseen = [card for card in pack.cards if card not in known]
        outs = [card for card in unseen if reference([*hand, card], blocks, ORDERS[name])[2]]
        result = meld(position(name, hand, table))
        assert set(result.outs) == set(outs), (hand, table)
        assert len(result.outs) == len(outs)
        assert result.unseen == len(unseen)
        with_outs += bool(outs)
    assert with_outs >= 5


def test_best_down_matches_the_meld() -> None:
    rng = random.Random("best down")
    for _ in range(50):
        hand, table = random_position(rng, "spanish")
        result = meld(position("spanish", hand, table))
        masks = tuple((SPANISH.mask(c.cards), c.kind) for c in result.position.table)
        on_table = sum(len(combo) for combo in table)
        assert best_down(SPANISH.mask(hand), masks, 10) + on_table == result.down
