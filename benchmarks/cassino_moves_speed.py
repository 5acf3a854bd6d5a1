"""The Cassino move generator's speed: the kernel against the readable legal_moves.

Run: python benchmarks/cassino_moves_speed.py [--deals N] [--runs N]

First one typical position (four cards in hand, eight loose cards and two builds on the
table, classic Cassino): every legal play of it through the kernel alone
(position_moves, the position already encoded; target: under 20 us), through
legal_move_rows for that one position, and through the readable legal_moves, in the
same run, and their ratio. Then the positions of N random deals of every form, played
by random legal plays: positions a second through the batch entry (legal_move_rows,
and count_legal_moves, which writes no rows; target: 50,000 a second), against
legal_moves over a sample of them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from cribcount.cards import SUITS, Card, parse_cards
from cribcount.cassino.forms import Form
from cribcount.cassino.moves import (
    Position,
    apply_move,
    count_legal_moves,
    legal_move_rows,
    legal_moves,
)
from cribcount.cassino.moves_kernel import COLUMNS, MOST_BUILDS, position_moves, workspace
from cribcount.cassino.table import read_table

TABLE = "AH 2D 3C 4S 5H 6D 7C 8S [6H 3S]@1 [5C|4D AC]@2"
HAND = "9D 10H 2H 7D"
FORMS = [
    Form(),
    Form(players=3),
    Form(players=4, partners=True),
    Form("royal"),
    Form("royal", aces=14),
    Form("spade"),
    Form("draw"),
]
SAMPLE = 1_000
"""About how many of the positions legal_moves is timed on."""
PACK = [Card(rank, suit) for rank in range(1, 14) for suit in SUITS]


def per_call(work: Callable[[], object], runs: int, calls: int) -> float:
    """The median over ``runs`` of the seconds one of ``calls`` calls of ``work`` takes."""
    work()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(calls):
            work()
        times.append((time.perf_counter() - start) / calls)
    return statistics.median(times)


def kernel_call(position: Position) -> Callable[[], int]:
    """The kernel alone on ``position``, encoded once as position_moves reads it."""
    form, table = position.form, position.table
    loose = np.array([card.id for card in table.loose], np.int64)
    hand = np.array([card.id for card in position.hand], np.int64)
    blocks = np.zeros((4, MOST_BUILDS), np.int64)
    for j, build in enumerate(table.builds):
        mask = sum(1 << card.id for card in build.cards)
        blocks[:, j] = build.value, mask, build.controller or 0, build.multiple
    builds = blocks.ravel()
    royal, spade = form.game == "royal", form.game == "spade"
    partner = form.partner(position.seat) or 0
    declared = sum(1 << value for value in position.declared.get(partner, ()))
    holds = sum(1 << value for value in position.held_by_partner())
    out = np.empty((256, COLUMNS), np.int64)
    ints, flags = workspace(len(loose))

    def call() -> int:
        return int(
            position_moves(
                loose, hand, builds, 0, len(table.builds),
                position.seat, partner, declared, holds, royal, form.aces, spade, out, 0,
                ints, flags,
            )
        )  # fmt: skip

    return call


def deal_positions(form: Form, rng: random.Random) -> list[Position]:
    """The positions of one deal of ``form`` played by random legal plays, each seat's
    declared values kept (built for this round, no card of it played since)."""
    cards = PACK[:]
    rng.shuffle(cards)
    table = read_table(" ".join(str(card) for card in cards[:4]), form)
    stock = cards[4:]
    hands: dict[int, list[Card]] = {seat: [] for seat in range(1, form.players + 1)}
    declared: dict[int, set[int]] = {seat: set() for seat in hands}
    found = []
    seat = 1
    while True:
        if not any(hands.values()):
            if not stock:
                return found
            for held in hands.values():
                held += stock[:4]
                del stock[:4]
            declared = {seat: set() for seat in hands}
        frozen = {s: frozenset(values) for s, values in declared.items()}
        position = Position(form, table, tuple(hands[seat]), seat, frozen)
        found.append(position)
        moves = legal_moves(position)
        if len(table.loose) > 9:  # the readable generator tries every subset of them
            moves = [move for move in moves if move.kind == "take"] or moves
        if not moves:
            return found
        move = rng.choice(moves)
        table = apply_move(table, move)
        hands[seat].remove(move.card)
        declared[seat].discard(form.value(move.card))
        if move.build is not None:
            declared[seat].add(move.build.value)
        seat = seat % form.players + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20, help="random deals of each form")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    typical = Position(Form(), read_table(TABLE), tuple(parse_cards(HAND)))
    plays = len(legal_moves(typical))
    kernel = per_call(kernel_call(typical), args.runs, 20_000)
    one = per_call(lambda: legal_move_rows([typical]), args.runs, 2_000)
    readable = per_call(lambda: legal_moves(typical), args.runs, 20)
    print(f"one typical position: table {TABLE}, hand {HAND}, {plays} legal plays")
    print(f"  kernel alone           {kernel * 1e6:10.2f} us   (target under 20 us)")
    print(f"  legal_move_rows        {one * 1e6:10.2f} us")
    print(f"  legal_moves            {readable * 1e6:10.2f} us")
    print(f"  legal_moves / kernel   {readable / kernel:10.0f}x")

    rng = random.Random(2024)
    positions = [p for _ in range(args.deals) for form in FORMS for p in deal_positions(form, rng)]
    moves = sum(count_legal_moves(positions))
    rows = per_call(lambda: legal_move_rows(positions), args.runs, 1) / len(positions)
    counted = per_call(lambda: count_legal_moves(positions), args.runs, 1) / len(positions)
    sample = positions[:: max(1, len(positions) // SAMPLE)]
    start = time.perf_counter()
    for position in sample:
        legal_moves(position)
    plain = (time.perf_counter() - start) / len(sample)
    print(
        f"{len(positions):,} positions of {args.deals} random deals of {len(FORMS)} forms,"
        f" {moves:,} legal plays:"
    )
    print(f"  legal_move_rows        {1 / rows:10,.0f} positions a second   (target 50,000)")
    print(f"  count_legal_moves      {1 / counted:10,.0f} positions a second")
    print(f"  legal_moves            {1 / plain:10,.0f} positions a second, {len(sample):,} timed")
    print(f"  legal_moves / rows     {plain / rows:10.0f}x")


if __name__ == "__main__":
    main()
