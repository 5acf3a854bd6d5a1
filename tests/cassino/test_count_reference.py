"""The count of a deal against a second reckoning written from the rules alone
(``tests/cassino_count_reference.py``), over random piles of every size, for two,
three and four sides, every sweep rule, the ordinary game and Spade Cassino."""

from __future__ import annotations

import random

import pytest
from cassino_count_reference import reference_count

from cribcount.cards import Card
from cribcount.cassino.count import SWEEP_RULES, count_deal
from cribcount.cassino.forms import Form

PACK = [Card.from_id(i) for i in range(52)]


def random_piles(rng: random.Random, sides: int) -> tuple[list[list[Card]], list[int]]:
    """Piles of a random part of the pack (the whole of it half the time), and sweeps
    each within what its pile allows, no more than 24 in all."""
    cards = PACK[:]
    rng.shuffle(cards)
    taken = cards if rng.random() < 0.5 else cards[: rng.randrange(0, 53)]
    piles: list[list[Card]] = [[] for _ in range(sides)]
    for card in taken:
        piles[rng.randrange(sides)].append(card)
    sweeps = [rng.randrange(0, min(len(pile) // 2, 6) + 1) for pile in piles]
    return piles, sweeps


@pytest.mark.parametrize("game", ["classic", "royal", "spade", "draw"])
@pytest.mark.parametrize(("players", "partners"), [(2, False), (3, False), (4, False), (4, True)])
def test_the_count_agrees_with_the_reckoning_from_the_rules(
    game: str, players: int, partners: bool
) -> None:
    form = Form(game, players=players, partners=partners)
    rng = random.Random(f"count {game} {players} {partners}")
    for _ in range(150):
        piles, sweeps = random_piles(rng, form.sides)
        for rule in SWEEP_RULES:
            found = count_deal(piles, sweeps, form, rule)
            expected = reference_count(piles, sweeps, game == "spade", rule)
            assert [side.total for side in found.sides] == [s["total"] for s in expected]
            assert [side.sweep_points for side in found.sides] == [s["sweeps"] for s in expected]
