"""The Cassino move generator's kernel against the readable generator, legal_moves.

Positions are dealt at random and played on by random legal plays from a random first
table, in every form and with every number of players, partners with declarations, and
again with every build's controller drawn at random; the kernel's plays, as rows, must
be exactly the plays of legal_moves, and each row must turn back into its Move.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from cribcount.cards import SUITS, Card, parse_cards
from cribcount.cassino.forms import CassinoError, Form
from cribcount.cassino.moves import (
    Move,
    Position,
    apply_move,
    count_legal_moves,
    legal_move_rows,
    legal_moves,
    move_from_row,
)
from cribcount.cassino.moves_kernel import COLUMNS, MOST_LOOSE
from cribcount.cassino.table import Build, Table, read_table

PACK = [Card(rank, suit) for rank in range(1, 14) for suit in SUITS]
FORMS = [
    Form(),
    Form(players=3),
    Form(players=4),
    Form("royal"),
    Form("royal", aces=14),
    Form("royal", players=4, partners=True),
    Form("spade"),
    Form("spade", players=4, partners=True),
    Form("draw"),
    Form(players=4, partners=True),
]
KIND_OF = {"take": 0, "build": 1, "trail": 2}
MOST_TABLE = 9
"""Loose cards beyond which a deal is played on by takes only, so that the readable
generator, which tries every subset of them, stays quick."""


def mask(cards: tuple[Card, ...] | list[Card]) -> int:
    """The cards as a mask of ids, 4 * (rank - 1) + suit, worked out here afresh."""
    return sum(1 << (4 * (card.rank - 1) + SUITS.index(card.suit)) for card in cards)


def row_of(move: Move) -> tuple[int, ...]:
    """The row a move stands as, by the layout the kernel writes."""
    card = mask([move.card]).bit_length() - 1
    if move.kind == "take":
        return (card, 0, mask(move.takes), 0, 0, int(move.sweep), move.points)
    if move.kind == "trail":
        return (card, 2, 0, 0, 0, 0, 0)
    assert move.build is not None
    leaving = mask(move.loose) + sum(mask(build.cards) for build in move.builds)
    return (card, 1, leaving, move.build.value, mask(move.build.cards), 0, 0)


def with_controllers(table: Table, players: int, rng: random.Random) -> Table:
    """The table with every build's controller drawn at random (or none)."""
    builds = tuple(
        Build(build.groups, build.value, rng.choice([None, *range(1, players + 1)]))
        for build in table.builds
    )
    return Table(table.loose, builds)


def deal_positions(form: Form, rng: random.Random) -> Iterator[Position]:
    """The positions of one deal played by random legal plays (builds favoured, so that
    tables hold builds), each as dealt and again with random controllers and, with
    partners, random declarations."""
    cards = PACK[:]
    rng.shuffle(cards)
    table = Table(tuple(cards[:4]))
    stock = cards[4:]
    hands: dict[int, list[Card]] = {seat: [] for seat in range(1, form.players + 1)}
    declared: dict[int, set[int]] = {seat: set() for seat in hands}
    seat = 1
    while True:
        if not any(hands.values()):
            if not stock:
                return
            for held in hands.values():
                held += stock[:4]
                del stock[:4]
        hand = hands[seat]
        frozen = {s: frozenset(values) for s, values in declared.items()}
        position = Position(form, table, tuple(hand), seat, frozen)
        yield position
        other = {
            s: frozenset(rng.sample(range(1, form.highest + 1), rng.randint(0, 3)))
            for s in hands
        }
        yield Position(form, with_controllers(table, form.players, rng), tuple(hand), seat, other)
        moves = legal_moves(position)
        if len(table.loose) > MOST_TABLE:
            moves = [move for move in moves if move.kind == "take"] or moves
        if not moves:
            return
        kinds = sorted({move.kind for move in moves})
        kind = rng.choice(kinds + ["build"] * ("build" in kinds))
        move = rng.choice([move for move in moves if move.kind == kind])
        table = apply_move(table, move)
        hand.remove(move.card)
        played = form.value(move.card)
        declared[seat].discard(played)
        if move.build is not None:
            declared[seat].add(move.build.value)
        seat = seat % form.players + 1


def sample_positions(deals: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    return [
        position
        for _ in range(deals)
        for form in FORMS
        for position in deal_positions(form, rng)
    ]


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    return sample_positions(6, 2024)


def test_every_play_of_legal_moves_and_no_other(positions: list[Position]) -> None:
    found = legal_move_rows(positions)
    assert len(found) == len(positions)
    kinds = set()
    for index, position in enumerate(positions):
        rows = [tuple(int(n) for n in row) for row in found.of(index)]
        expected = legal_moves(position)
        assert sorted(rows) == sorted(row_of(move) for move in expected), position
        assert {move_from_row(position, row) for row in rows} == set(expected)
        kinds |= {move.kind for move in expected}
    assert kinds == {"take", "build", "trail"}
    assert found.counts() == [len(legal_moves(p)) for p in positions]
    assert count_legal_moves(positions) == found.counts()


def test_the_sample_reaches_builds_of_every_sort(positions: list[Position]) -> None:
    multiple = increased = partnered = 0
    for position in positions:
        for move in legal_moves(position):
            if move.build is not None:
                multiple += move.build.multiple
                increased += any(b.value != move.build.value for b in move.builds)
        partnered += position.form.partners and any(position.declared.values())
    assert multiple > 100 and increased > 100 and partnered > 100
