"""The show of a cribbage hand written plainly from the rules, as an oracle for the tests.

Nothing here comes from the package but the ``Card`` type: every rule is spelled
out again in the most direct way, by trying every set of cards, so that the
scorer and the kernels are checked against the rules rather than against
themselves.
"""

from functools import cache
from itertools import combinations
from typing import Protocol


class AnyCard(Protocol):
    """A card as the reference reads it: a rank 1..13 (ace low) and a suit letter."""

    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> str: ...


def pip(rank: int) -> int:
    """A = 1, 2..10 face value, J Q K = 10."""
    return min(rank, 10)


@cache
def rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of cards with these ranks (given sorted).

    Every set of 2 or more cards adding to 15 is 2; every two cards of a rank 2;
    every set of 3 or more cards of consecutive distinct ranks is a run, and each
    run not inside a longer one scores its length.
    """
    cards = range(len(ranks))
    points = 0
    for size in range(2, len(ranks) + 1):
        for subset in combinations(cards, size):
            if sum(pip(ranks[i]) for i in subset) == 15:
                points += 2
    points += 2 * sum(ranks[i] == ranks[j] for i, j in combinations(cards, 2))
    runs = []
    for size in range(3, len(ranks) + 1):
        for subset in combinations(cards, size):
            held = sorted(ranks[i] for i in subset)
            if held == list(range(held[0], held[0] + size)):
                runs.append(set(subset))
    return points + sum(len(run) for run in runs if not any(run < other for other in runs))


def show(hand: list[AnyCard], starter: AnyCard, crib: bool = False) -> int:
    """The whole show: rank points, the flush, and one for his nobs.

    A hand of one suit scores one a card, one more if the starter matches; a
    crib only with the starter. A jack in the hand of the starter's suit is nobs.
    """
    points = rank_points(tuple(sorted(card.rank for card in [*hand, starter])))
    if len({card.suit for card in hand}) == 1:
        matches = hand[0].suit == starter.suit
        if matches:
            points += len(hand) + 1
        elif not crib:
            points += len(hand)
    return points + any(card.rank == 11 and card.suit == starter.suit for card in hand)
