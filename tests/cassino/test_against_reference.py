"""The move generator against the plain reference of the rules, on random positions of
every form: the same plays, each with the same cards taken or built, sweep and points."""

from __future__ import annotations

import random

import pytest
from cassino_deals import FORMS, random_deal
from cassino_reference import reference_apply, reference_moves

from cribcount.cassino.forms import Form
from cribcount.cassino.moves import Move, Position, apply_move, legal_moves

Canon = tuple[str, str, frozenset[str], tuple[int, frozenset[str]] | None, bool, int]


def canon(move: Move) -> Canon:
    build = None
    if move.build is not None:
        build = (move.build.value, frozenset(card.notation() for card in move.build.cards))
    takes = frozenset(card.notation() for card in move.takes)
    return (move.card.notation(), move.kind, takes, build, move.sweep, move.points)


def items(position: Position) -> list[str | dict[str, object]]:
    table: list[str | dict[str, object]] = [card.notation() for card in position.table.loose]
    for build in position.table.builds:
        groups = [[card.notation() for card in group] for group in build.groups]
        table.append({"groups": groups, "value": build.value, "controller": build.controller})
    return table


def reference(position: Position) -> set[Canon]:
    form = position.form
    return reference_moves(
        items(position),
        [card.notation() for card in position.hand],
        seat=position.seat,
        players=form.players,
        partners=form.partners,
        game=form.game,
        aces=form.aces,
        declared={seat: set(values) for seat, values in position.declared.items()},
    )


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.title)
def test_the_generator_is_the_reference_on_random_positions(form: Form) -> None:
    rng = random.Random(f"reference {form}")
    checked = 0
    while checked < 12:
        for position in random_deal(form, rng).positions:
            if len(position.table.loose) + len(position.table.builds) > 8:
                continue
            moves = legal_moves(position)
            found = {canon(move) for move in moves}
            assert len(found) == len(moves), position
            assert found == reference(position), position
            checked += 1


def test_a_play_applied_is_the_reference_table() -> None:
    rng = random.Random("apply")
    for form in FORMS[:4]:
        for position in random_deal(form, rng).positions[:20]:
            for move in legal_moves(position):
                after = apply_move(position.table, move)
                mine = sorted(card.notation() for card in after.loose)
                theirs = reference_apply(
                    items(position),
                    [c.notation() for c in position.hand],
                    canon(move),
                    position.seat,
                )
                assert mine == sorted(item for item in theirs if isinstance(item, str))
                builds = {
                    (b.value, frozenset(c.notation() for c in b.cards), b.controller)
                    for b in after.builds
                }
                assert builds == {
                    (
                        int(item["value"]),  # type: ignore[call-overload]
                        frozenset(c for g in item["groups"] for c in g),  # type: ignore[attr-defined]
                        item["controller"],
                    )
                    for item in theirs
                    if isinstance(item, dict)
                }
