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
            declared = {s: set() for s in hands}
        hand = hands[seat]
        frozen = {s: frozenset(values) for s, values in declared.items()}
        position = Position(form, table, tuple(hand), seat, frozen)
        yield position
        other = {
            s: frozenset(rng.sample(range(1, form.highest + 1), rng.randint(0, 3))) for s in hands
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
        position for _ in range(deals) for form in FORMS for position in deal_positions(form, rng)
    ]


Sample = list[tuple[Position, list[Move]]]


@pytest.fixture(scope="module")
def sample() -> Sample:
    """Random positions, each with its plays as legal_moves finds them."""
    return [(position, legal_moves(position)) for position in sample_positions(4, 2024)]


def test_every_play_of_legal_moves_and_no_other(sample: Sample) -> None:
    positions = [position for position, _ in sample]
    found = legal_move_rows(positions)
    assert len(found) == len(positions)
    for index, (position, expected) in enumerate(sample):
        rows = [tuple(int(n) for n in row) for row in found.of(index)]
        assert sorted(rows) == sorted(row_of(move) for move in expected), position
        assert {move_from_row(position, row) for row in rows} == set(expected), position
    assert found.counts() == [len(expected) for _, expected in sample]
    assert count_legal_moves(positions) == found.counts()


def test_the_sample_reaches_plays_of_every_sort(sample: Sample) -> None:
    moves = [move for _, expected in sample for move in expected]
    builds = [move for move in moves if move.build is not None]
    assert {move.kind for move in moves} == {"take", "build", "trail"}
    assert sum(move.build.multiple for move in builds if move.build) > 100
    assert sum(any(b.value != m.build.value for b in m.builds) for m in builds if m.build) > 100
    assert sum(move.sweep for move in moves) > 20
    assert {position.form for position, _ in sample} == set(FORMS)
    partnered = [p for p, _ in sample if p.form.partners and any(p.declared.values())]
    assert len(partnered) > 100


def test_crowded_tables_give_every_play_of_legal_moves() -> None:
    # ten to twelve loose cards, where the groups of a value are few among the 2**n
    # sets of the loose cards: in every form, with builds on half of the tables
    rng = random.Random(11)
    for count in range(12):
        form = FORMS[count % len(FORMS)]
        cards = PACK[:]
        rng.shuffle(cards)
        table = Table(tuple(cards[: rng.randint(10, 12)]))
        hand = cards[len(table.loose) : len(table.loose) + 4]
        builds = [m for m in legal_moves(Position(form, table, tuple(hand))) if m.build]
        if count % 2 and builds:
            move = rng.choice(builds)
            table = apply_move(table, move)
            hand.remove(move.card)
        position = Position(form, table, tuple(hand), 1)
        expected = legal_moves(position)
        rows = [tuple(int(n) for n in row) for row in legal_move_rows([position]).of(0)]
        assert sorted(rows) == sorted(row_of(move) for move in expected), position


def rows_of(
    form: Form, table: str, hand: str, seat: int = 1, **declared: frozenset[int]
) -> list[tuple[int, ...]]:
    position = Position(
        form,
        read_table(table, form),
        tuple(parse_cards(hand)),
        seat,
        {int(s.removeprefix("seat")): values for s, values in declared.items()},
    )
    """The plays of one position, as sorted rows."""
    found = legal_move_rows([position])
    rows = sorted(tuple(int(n) for n in row) for row in found.of(0))
    assert rows == sorted(row_of(move) for move in legal_moves(position))
    return rows


def ids(text: str) -> int:
    """The mask of the cards of ``text``."""
    return mask(parse_cards(text))


def test_a_ten_takes_a_ten_and_a_four_with_a_six() -> None:
    # 10D takes 10S, or 4H 6C, or all three (a sweep); the 5 neither takes nor builds
    # (the ten in hand is the only value held after it, and nothing makes 5 with it)
    ten, five = ids("10D").bit_length() - 1, ids("5H").bit_length() - 1
    assert rows_of(Form(), "10S 4H 6C", "10D 5H") == sorted(
        [
            (ten, 0, ids("10S"), 0, 0, 0, 2),
            (ten, 0, ids("4H 6C"), 0, 0, 0, 2),
            (ten, 0, ids("10S 4H 6C"), 0, 0, 1, 3),
            (ten, 2, 0, 0, 0, 0, 0),
            (five, 2, 0, 0, 0, 0, 0),
        ]
    )


def test_builds_join_and_multiple_builds_are_never_increased() -> None:
    # 9H takes 5D 4C, the build of 9, or both; the 4 takes 4C, or builds 9 with the 5,
    # the build of 9 joining; the multiple build of 5 is never increased to 9
    nine, four = ids("9H").bit_length() - 1, ids("4S").bit_length() - 1
    built = ids("5D 6S 3H")
    assert rows_of(Form(), "5D 4C [6S 3H] [5C|3D 2H]@2", "9H 4S") == sorted(
        [
            (nine, 0, ids("5D 4C"), 0, 0, 0, 0),
            (nine, 0, ids("6S 3H"), 0, 0, 0, 0),
            (nine, 0, ids("5D 4C 6S 3H"), 0, 0, 0, 0),
            (nine, 2, 0, 0, 0, 0, 0),
            (four, 0, ids("4C"), 0, 0, 0, 0),
            (four, 1, built, 9, built | ids("4S"), 0, 0),
            (four, 2, 0, 0, 0, 0, 0),
        ]
    )


def test_a_partner_declared_value_is_held() -> None:
    # seat 1 controls a build of 9 and holds no 9: it is his partner's duty, so he may
    # trail; only his partner's declaration lets him build 9 with the 4 and the 5
    partners = Form(players=4, partners=True)
    four = ids("4D").bit_length() - 1
    built = ids("5S 7H 2C")
    assert rows_of(partners, "[7H 2C]@1 5S", "4D", seat3=frozenset({9})) == [
        (four, 1, built, 9, built | ids("4D"), 0, 0),
        (four, 2, 0, 0, 0, 0, 0),
    ]
    assert rows_of(partners, "[7H 2C]@1 5S", "4D", seat2=frozenset({9})) == [
        (four, 2, 0, 0, 0, 0, 0)
    ]


def test_a_classic_court_card_takes_by_rank_and_sweeps() -> None:
    king = ids("KD").bit_length() - 1
    assert rows_of(Form(), "KS KH", "KD") == sorted(
        [
            (king, 0, ids("KS"), 0, 0, 0, 0),
            (king, 0, ids("KH"), 0, 0, 0, 0),
            (king, 0, ids("KS KH"), 0, 0, 1, 1),
            (king, 2, 0, 0, 0, 0, 0),
        ]
    )
    # in Spade Cassino the king of spades scores 1 taken, and the sweep 1
    assert (king, 0, ids("KS KH"), 0, 0, 1, 2) in rows_of(Form("spade"), "KS KH", "KD")


def test_the_rows_as_json() -> None:
    positions = [
        Position(Form(), read_table("5D"), tuple(parse_cards("5H"))),
        Position(Form(), read_table("KS"), tuple(parse_cards("2C"))),
    ]
    five, two = ids("5H").bit_length() - 1, ids("2C").bit_length() - 1
    found = legal_move_rows(positions).to_json()
    assert found["columns"] == ["card", "kind", "takes", "value", "build", "sweep", "points"]
    assert found["starts"] == [0, 2, 3]
    assert sorted(found["rows"][:2]) == [[five, 0, ids("5D"), 0, 0, 1, 1], [five, 2, 0, 0, 0, 0, 0]]
    assert found["rows"][2] == [two, 2, 0, 0, 0, 0, 0]


def test_too_many_loose_cards_and_a_row_of_no_play_are_refused() -> None:
    loose = [Card(rank, suit) for rank in range(2, 8) for suit in SUITS][: MOST_LOOSE + 1]
    crowded = Position(Form(), Table(tuple(loose)), (Card(1, "S"),))
    with pytest.raises(CassinoError, match="more than 20 loose cards that count"):
        legal_move_rows([crowded])
    position = Position(Form(), read_table("5D"), tuple(parse_cards("5H")))
    with pytest.raises(CassinoError, match="expected a legal play of this position"):
        move_from_row(position, np.array([ids("KS").bit_length() - 1, 0, 0, 0, 0, 0, 0]))
    with pytest.raises(CassinoError, match="expected a legal play of this position"):
        move_from_row(position, [0] * (COLUMNS - 1))
