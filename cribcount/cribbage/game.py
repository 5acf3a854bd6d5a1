"""The game of cribbage: its target, three for last, the order of counting out, the lurch.

- The game is 61 points in five-card and three-handed cribbage, 121 in
  six-card and four-handed, and 121 or 181 in seven-card.
- In five-card, the pone (non-dealer) of the first deal of a game pegs
  three for last at once, before anything else is counted.
- A deal counts out in this order: the dealer's heels (2 when the starter
  is a jack), then the play, point by point as it is pegged, then the
  shows, the eldest hand first (the pone's; three-handed, the player on
  the dealer's left, then the next), then the dealer's hand, then the crib.
- The first to reach the game wins at once: nothing counted after it
  counts.
- A lurch: the loser has not reached half the game (he has under 61 at
  121, under 31 at 61, under 91 at 181); it counts as a double game.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribcount.cribbage.forms import Form, find_form
from cribcount.errors import CribcountError, quoted

TARGETS: dict[str, tuple[int, ...]] = {
    "five": (61,),
    "six": (121,),
    "seven": (121, 181),
    "three": (61,),
    "four": (121,),
}
"""The games each form may be played to, its usual one first."""

THREE_FOR_LAST = {"five": 3}
"""The points the pone of a game's first deal pegs at once, by form (five-card only)."""

COUNTING_OUT = ("heels", "play", "pone's hand", "dealer's hand", "crib")
"""The order in which a two-handed deal counts out."""

POINTS = 1
"""The fewest points a deal scores: the last card (or 31) always pegs one."""


class GameError(CribcountError):
    """Scores or a target that the game cannot have."""


def targets(game: str | Form) -> tuple[int, ...]:
    """The games ``game`` may be played to, the usual one first: ``(121, 181)`` for seven-card."""
    return TARGETS[find_form(game).name]


def target(game: str | Form, to: int | None = None) -> int:
    """The game of ``game``: its usual one, or ``to`` if ``game`` may be played to it.

    Raises :class:`GameError` naming the choices for a target the form is not played to.
    """
    form = find_form(game)
    allowed = TARGETS[form.name]
    if to is None:
        return allowed[0]
    if to not in allowed:
        choices = " or ".join(str(each) for each in allowed)
        raise GameError(f"{form.title} is not played to {to}: it is played to {choices}")
    return to


def three_for_last(game: str | Form) -> int:
    """The points the pone of the first deal pegs before it starts: 3 in five-card, else 0."""
    return THREE_FOR_LAST.get(find_form(game).name, 0)


def half(to: int) -> int:
    """The score a loser must have reached to escape the lurch: 61 at 121, 31 at 61, 91 at 181
    (half the game, rounded up)."""
    return (to + 1) // 2


def is_lurch(loser: int, to: int) -> bool:
    """Whether a loser at ``loser`` is lurched in a game of ``to``: under :func:`half`."""
    return loser < half(to)


def game_value(loser: int, to: int) -> int:
    """The games a win is worth: 2 for a lurch (a double game), else 1."""
    return 2 if is_lurch(loser, to) else 1


def check_scores(me: int, him: int, to: int) -> None:
    """Refuse scores the game cannot have: below 0, above the game, or both at it.

    The first to reach ``to`` wins at once, so at most one player is at the game;
    a score beyond it is counted as the game.
    """
    for name, score in (("my score", me), ("his score", him)):
        if not 0 <= score <= to:
            raise GameError(
                f"{name} {quoted(str(score))} is not a score of a game to {to}: expected 0 to {to}"
            )
    if me == to and him == to:
        raise GameError(f"scores {me} and {him}: only one player can reach {to}, the first there")


@dataclass(frozen=True)
class Finish:
    """How a deal ended a game: who reached the game, at which event, the loser's score."""

    winner: int
    """0 for the pone, 1 for the dealer."""
    event: int
    """The index of the event that reached the game."""
    loser: int
    """The loser's score at that moment."""
    lurch: bool
    """Whether the loser was lurched."""


def count_out(
    scores: tuple[int, int], events: list[tuple[int, int]], to: int
) -> tuple[tuple[int, int], Finish | None]:
    """Count a deal's ``events`` (``(role, points)``, role 0 the pone, 1 the dealer, in the
    order of counting out) onto ``scores`` (the pone's, the dealer's) in a game of ``to``.

    Returns the scores after the deal, or at the moment the game was won, and the
    :class:`Finish` (None if nobody reached the game). The first to reach the game
    wins at once: the events after it are not counted.
    """
    counted = [scores[0], scores[1]]
    for index, (role, points) in enumerate(events):
        counted[role] += points
        if counted[role] >= to:
            loser = counted[1 - role]
            return (counted[0], counted[1]), Finish(role, index, loser, is_lurch(loser, to))
    return (counted[0], counted[1]), None
