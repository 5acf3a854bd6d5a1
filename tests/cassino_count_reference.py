"""The count of a Cassino deal, reckoned point by point from the rules: an oracle for the
tests, written from the README's rules and nothing of the package but Card.

- cards, 3 to the side with the most cards; nobody on a tie for most;
- spades, 1 to the side with the most spades; nobody on a tie for most; in Spade Cassino
  instead every spade 1 and the jack of spades 1 more;
- big Cassino, the ten of diamonds, 2; little Cassino, the two of spades, 1;
- each ace 1;
- each sweep 1: scored, each a point; none, nothing; cancelled, a sweep of each side
  turned down against one of every other's, so that what counts of a side's sweeps is
  what it made beyond the fewest any side made.
"""

from __future__ import annotations

from collections.abc import Sequence

from cribcount.cards import Card


def most(counts: Sequence[int]) -> int | None:
    """The index of the one greatest count, None when two or more share it."""
    top = max(counts)
    leaders = [index for index, count in enumerate(counts) if count == top]
    return leaders[0] if len(leaders) == 1 else None


def reference_count(
    piles: Sequence[Sequence[Card]],
    sweeps: Sequence[int],
    spade_cassino: bool = False,
    sweep_rule: str = "scored",
) -> list[dict[str, int]]:
    """Each side's points by kind: ``cards``, ``spades`` (most spades, or every spade and
    the jack of spades in Spade Cassino), ``cassinos``, ``aces``, ``sweeps``, ``total``."""
    sides = [{"cards": 0, "spades": 0, "cassinos": 0, "aces": 0, "sweeps": 0} for _ in piles]
    leader = most([len(pile) for pile in piles])
    if leader is not None:
        sides[leader]["cards"] = 3
    spades = [[str(card) for card in pile if str(card).endswith("S")] for pile in piles]
    if spade_cassino:
        for side, held in zip(sides, spades, strict=True):
            side["spades"] = len(held) + held.count("JS")
    else:
        leader = most([len(held) for held in spades])
        if leader is not None:
            sides[leader]["spades"] = 1
    for side, pile in zip(sides, piles, strict=True):
        names = [str(card) for card in pile]
        side["cassinos"] = 2 * names.count("10D") + names.count("2S")
        side["aces"] = sum(name.startswith("A") for name in names)
    fewest = min(sweeps)
    for side, made in zip(sides, sweeps, strict=True):
        if sweep_rule == "scored":
            side["sweeps"] = made
        elif sweep_rule == "cancelled":
            side["sweeps"] = made - fewest
    for side in sides:
        side["total"] = sum(side.values())
    return sides
