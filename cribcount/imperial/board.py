"""Impérial's counters and the board, and the counting out on it.

Each player passes counters over as he scores: a white is one, a red six
whites. Six whites passed over are exchanged for a red. Whenever a player
scores a red, by an impérial, by capot or by the exchange of his whites, the
adversary takes down every white he has up and loses them (when both
players score impérials in hand, neither takes down the other's whites for
those reds). When a player has passed all his counters, four reds and six
whites (thirty whites in all), he has won the game, and nothing more is
counted in that deal: the score that does it takes nothing down.

A deal is counted out one combination at a time, in the order of
:data:`KINDS`, each good one applied to the board as it comes; the counters
before the deal are written ``'2,4/1,5'``, the elder's reds and whites, a
slash, the younger's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from cribcount.cards import Card, notations
from cribcount.errors import CribcountError, quoted
from cribcount.imperial.pack import ROLES, other

WHITES_A_RED = 6
"""Whites exchanged for a red, and a red's worth in whites."""

TARGET = 30
"""Whites' worth of counters passed over that win the game: four reds and six whites."""


def plural(count: int, noun: str) -> str:
    """``'1 red'``, ``'2 reds'``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@dataclass(frozen=True)
class Counters:
    """One player's counters passed over: ``reds`` 0 to 4 and ``whites`` 0 to 5,
    or four reds and six whites, every counter passed: the game."""

    reds: int = 0
    whites: int = 0

    def __post_init__(self) -> None:
        if (self.reds, self.whites) == (4, WHITES_A_RED):
            return
        if not 0 <= self.reds <= 4:
            raise CribcountError(f"{self.reds} reds: a player has 0 to 4 red counters up")
        if not 0 <= self.whites < WHITES_A_RED:
            raise CribcountError(
                f"{self.whites} whites: six whites are exchanged for a red, so 0 to 5 are up"
                " (six only with four reds, when the game is won)"
            )

    @property
    def value(self) -> int:
        """Their worth in whites, a red six."""
        return WHITES_A_RED * self.reds + self.whites

    @property
    def game(self) -> bool:
        """Whether every counter has been passed over, four reds and six whites."""
        return self.value >= TARGET

    def __str__(self) -> str:
        return f"{plural(self.reds, 'red')} {plural(self.whites, 'white')}"

    def to_json(self) -> dict[str, int]:
        return {"reds": self.reds, "whites": self.whites}


@dataclass(frozen=True)
class Board:
    """Both players' counters: the elder's and the younger's."""

    elder: Counters = Counters()
    younger: Counters = Counters()

    def of(self, role: str) -> Counters:
        """The counters of ``role``, ``'elder'`` or ``'younger'``."""
        return self.elder if role == "elder" else self.younger

    @property
    def winner(self) -> str | None:
        """The player who has passed all his counters, if one has."""
        return next((role for role in ROLES if self.of(role).game), None)

    def mark(
        self, role: str, reds: int = 0, whites: int = 0, take_down: bool = True
    ) -> tuple[Board, int]:
        """The board after ``role`` scores ``reds`` and ``whites``, and how many
        whites the adversary took down.

        Six whites are exchanged for a red. A red scored, either way, makes
        the adversary take down all his whites (unless ``take_down`` is
        false). The score that completes four reds and six whites wins the
        game, and ends the counting there: nothing is taken down by it.
        """
        if self.winner is not None:
            raise CribcountError(f"the {self.winner} has won the game: nothing more is counted")
        own = self.of(role)
        value = own.value + WHITES_A_RED * reds + whites
        adversary_role = other(role)
        adversary = self.of(adversary_role)
        if value >= TARGET:
            after = Counters(4, WHITES_A_RED)
            taken = 0
        else:
            after = Counters(*divmod(value, WHITES_A_RED))
            taken = adversary.whites if take_down and after.reds > own.reds else 0
            adversary = Counters(adversary.reds, adversary.whites - taken)
        return Board(**{role: after, adversary_role: adversary}), taken

    def notation(self) -> str:
        """The board as :func:`read_board` reads it: ``'2,4/1,5'``."""
        return "/".join(f"{self.of(role).reds},{self.of(role).whites}" for role in ROLES)

    def to_json(self) -> dict[str, dict[str, int]]:
        return {role: self.of(role).to_json() for role in ROLES}


_COUNTERS = re.compile(r"\s*(\d+)\s*,\s*(\d+)\s*")


def read_board(text: str) -> Board:
    """Read the counters up before a deal, ``'2,4/1,5'``: the elder's reds and
    whites, a slash, the younger's. Refuses a game already won."""
    parts = text.split("/")
    found = [_COUNTERS.fullmatch(part) for part in parts]
    if len(parts) != 2 or None in found:
        raise CribcountError(
            f"invalid counters {quoted(text)}: expected the elder's reds,whites / the "
            "younger's, as in '2,4/1,5'"
        )
    try:
        board = Board(*(Counters(int(match[1]), int(match[2])) for match in found if match))
    except CribcountError as error:
        raise CribcountError(f"invalid counters {quoted(text)}: {error}") from None
    if board.winner is not None:
        raise CribcountError(
            f"counters {quoted(text)}: the {board.winner} has passed all his counters "
            "and won the game already"
        )
    return board


# -- the combinations and the counting out ----------------------------------------------


@dataclass(frozen=True)
class Combination:
    """What a player scores or declares: ``kind`` (see :data:`KINDS`), its
    announcement ``name``, its ``cards``, and its worth in ``reds`` and
    ``whites`` when good."""

    kind: str
    name: str
    cards: tuple[Card, ...]
    reds: int = 0
    whites: int = 0

    def worth(self) -> str:
        """``'1 red'``, ``'2 whites'``."""
        parts = [plural(self.reds, "red")] if self.reds else []
        parts += [plural(self.whites, "white")] if self.whites else []
        return " ".join(parts)

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "name": self.name,
            "cards": notations(self.cards),
            "reds": self.reds,
            "whites": self.whites,
        }


KINDS = (
    "turn-up",
    "point",
    "carte blanche",
    "sequence",
    "four",
    "impérial de retourne",
    "impérial tombée",
    "honours",
    "odd tricks",
    "capot",
)
"""The kinds of scores, in the order of counting out."""

IN_HAND = ("carte blanche", "sequence", "four")
"""The impérials in hand."""


@dataclass(frozen=True)
class Mark:
    """A combination of the counting out: the player, the combination, its
    verdict (``good`` or ``not good``), the whites the adversary took down
    for it, and the board after it (``None`` when it scored nothing)."""

    role: str
    combination: Combination
    verdict: str
    taken_down: int = 0
    board: Board | None = None

    @property
    def good(self) -> bool:
        return self.verdict == "good"

    def to_json(self) -> dict[str, object]:
        return {
            "role": self.role,
            **self.combination.to_json(),
            "verdict": self.verdict,
            "taken_down": self.taken_down,
            "counters": None if self.board is None else self.board.to_json(),
        }


def board_after(start: Board, marks: Iterable[Mark]) -> Board:
    """The board after ``marks``, counted out from ``start``."""
    board = start
    for mark in marks:
        if mark.board is not None:
            board = mark.board
    return board


def scored(marks: Iterable[Mark]) -> dict[str, dict[str, int]]:
    """What each player's good ``marks`` are worth, in reds and whites as scored
    (before any exchange of whites, and whatever the adversary took down)."""
    worth = {role: {"reds": 0, "whites": 0} for role in ROLES}
    for mark in marks:
        if mark.good:
            worth[mark.role]["reds"] += mark.combination.reds
            worth[mark.role]["whites"] += mark.combination.whites
    return worth


class Count:
    """The counting out in progress: each good combination applied to the
    board in turn, until a player passes his last counter."""

    def __init__(self, start: Board) -> None:
        self.board = start
        self.marks: list[Mark] = []

    @property
    def over(self) -> bool:
        """Whether a player has won the game, so that nothing more is counted."""
        return self.board.winner is not None

    def add(self, role: str, combination: Combination, good: bool, take_down: bool = True) -> None:
        """Count ``combination`` for ``role``: marked on the board if good, noted if not."""
        if self.over:
            return
        if not good:
            self.marks.append(Mark(role, combination, "not good"))
            return
        self.board, taken = self.board.mark(role, combination.reds, combination.whites, take_down)
        self.marks.append(Mark(role, combination, "good", taken, self.board))
