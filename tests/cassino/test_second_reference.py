"""The move generator against the second reckoning of the rules, on positions met in
random deals of every form and seating: the same plays, each with the same cards taken
or built, sweep and points. A hundred positions a form and seating by default; the slow
run takes five hundred, two thousand a form."""

from __future__ import annotations

import random

import pytest
from cassino_second_reference import Key, Rules, random_positions

from cribcount.cards import parse_cards
from cribcount.cassino.forms import Form
from cribcount.cassino.moves import Move, Position, legal_moves
from cribcount.cassino.table import read_table

FORMS = [("classic", 1), ("royal", 1), ("royal", 14), ("spade", 1), ("draw", 1)]
SEATINGS = [(2, False), (3, False), (4, False), (4, True)]
CASES = [(game, aces, players, partners) for game, aces in FORMS for players, partners in SEATINGS]


def key(move: Move) -> Key:
    build = move.build
    return (
        move.card.notation(),
        move.kind,
        tuple(sorted(card.notation() for card in move.takes)),
        None if build is None else build.value,
        None if build is None else build.multiple,
        () if build is None else tuple(sorted(card.notation() for card in build.cards)),
        move.sweep,
        move.points,
    )


def agree(rules: Rules, count: int) -> None:
    form = Form(rules.game, rules.players, rules.partners, rules.aces)
    rng = random.Random(f"second reference {rules}")
    for seen in random_positions(rules, rng, count):
        position = Position(
            form,
            read_table(seen.table.notation(), form),
            tuple(parse_cards(" ".join(seen.hand))),
            seen.seat,
            {seat: frozenset(values) for seat, values in seen.declared.items()},
        )
        found = [key(move) for move in legal_moves(position)]
        assert len(set(found)) == len(found), seen
        assert set(found) == seen.plays, seen


@pytest.mark.parametrize(("game", "aces", "players", "partners"), CASES)
def test_the_generator_is_the_second_reckoning(
    game: str, aces: int, players: int, partners: bool
) -> None:
    agree(Rules(game, aces, players, partners), 100)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "aces", "players", "partners"), CASES)
def test_the_generator_is_the_second_reckoning_on_two_thousand_a_form(
    game: str, aces: int, players: int, partners: bool
) -> None:
    agree(Rules(game, aces, players, partners), 500)
