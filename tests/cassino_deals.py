"""Random Cassino deals for the tests: each play chosen at random among the legal plays."""

from __future__ import annotations

import random
from dataclasses import dataclass

from cribcount.cards import Card
from cribcount.cassino.deal import deal_plays, seat_of
from cribcount.cassino.forms import HAND, Form
from cribcount.cassino.moves import Position, apply_move, legal_moves
from cribcount.cassino.notation import write_play
from cribcount.cassino.table import Table


@dataclass(frozen=True)
class RandomDeal:
    table: list[Card]
    plays: list[str]
    hands: list[list[list[Card]]]
    """Each round's hands in seat order (Draw Cassino: the first only)."""
    stock: list[Card] | None
    positions: list[Position]
    """The position of each play, as the player to move saw it."""


def random_deal(form: Form, rng: random.Random) -> RandomDeal:
    pack = [Card.from_id(i) for i in range(52)]
    rng.shuffle(pack)
    table = Table(tuple(pack[:HAND]))
    stock = pack[HAND:]
    hands: dict[int, list[Card]] = {}
    dealt: list[list[list[Card]]] = []
    declared: dict[int, set[int]] = {}
    plays: list[str] = []
    positions: list[Position] = []
    seats = range(1, form.players + 1)
    for number in range(1, deal_plays(form) + 1):
        _, seat = seat_of(form, number)
        if (number - 1) % (HAND * form.players) == 0:
            declared = {s: set() for s in seats}
            if form.game != "draw" or number == 1:
                hands = {s: [stock.pop(0) for _ in range(HAND)] for s in seats}
                dealt.append([list(hands[s]) for s in seats])
        position = Position(
            form, table, tuple(hands[seat]), seat, {s: frozenset(v) for s, v in declared.items()}
        )
        positions.append(position)
        move = rng.choice(legal_moves(position))
        plays.append(write_play(move))
        declared[seat].discard(form.value(move.card))
        if move.build is not None:
            declared[seat].add(move.build.value)
        table = apply_move(table, move)
        hands[seat].remove(move.card)
        if form.game == "draw" and stock:
            hands[seat].append(stock.pop(0))
    stock_dealt = pack[HAND + HAND * form.players :] if form.game == "draw" else None
    return RandomDeal(pack[:HAND], plays, dealt, stock_dealt, positions)


FORMS = [
    Form(),
    Form("royal"),
    Form("royal", aces=14),
    Form("spade"),
    Form("draw"),
    Form("classic", 3),
    Form("royal", 4),
    Form("classic", 4, partners=True),
    Form("spade", 4, partners=True),
]
