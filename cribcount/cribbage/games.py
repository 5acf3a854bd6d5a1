"""The forms of cribbage: how many play, and how many cards each is dealt and keeps.

| game  | players | dealt | kept | laid out |
|-------|---------|-------|------|----------|
| five  | 2       | 5     | 3    | 2 each   |
| six   | 2       | 6     | 4    | 2 each   |
| seven | 2       | 7     | 5    | 2 each   |
| three | 3       | 5     | 4    | 1 each, and 1 from the pack |
| four  | 4       | 5     | 4    | 1 each   |

Every crib holds four cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribcount.errors import HandError

CRIB_SIZE = 4


@dataclass(frozen=True)
class Game:
    """One form of the game, by its short name (``'six'``)."""

    name: str
    players: int
    dealt: int
    kept: int

    @property
    def short(self) -> str:
        """``'six-card'``, ``'three-handed'``: the form as players say it."""
        return f"{self.name}-handed" if self.players > 2 else f"{self.name}-card"

    @property
    def title(self) -> str:
        """``'six-card cribbage'``."""
        return f"{self.short} cribbage"


GAMES = {
    game.name: game
    for game in (
        Game("five", 2, 5, 3),
        Game("six", 2, 6, 4),
        Game("seven", 2, 7, 5),
        Game("three", 3, 5, 4),
        Game("four", 4, 5, 4),
    )
}
"""Every form of the game, by name; six-card is the usual one."""


def find_game(name: str) -> Game:
    """The form of the game called ``name``, or a :class:`HandError` naming the choices."""
    try:
        return GAMES[name]
    except KeyError:
        raise HandError(f"unknown game {name!r}: expected one of {', '.join(GAMES)}") from None
