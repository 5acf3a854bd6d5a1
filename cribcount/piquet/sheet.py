"""Piquet à écrire: piquet for three to seven persons, kept on a score sheet.

Three to seven persons sit round the table, listed in their order round it:
the one on a person's left is the next listed, and the last's left is the
first listed. Two of them play each deal, a deal of two-handed piquet, and
its result goes on the score sheet:

- the winner of the deal, the one with more points in it, is credited with
  the difference of the two players' points, and the loser is charged with
  it; the others' lines do not move. A tied deal moves nothing. So the
  sheet always sums to zero, and its balances at the end are the
  settlement: each person receives his balance, or pays it when it is
  below zero.

Who plays each deal, the seating (:data:`SEATINGS`):

- ``turns`` (the default): each person in the order listed plays two
  deals, the first with the one on his left, the second with the one on his
  right. With Ann, Bob and Cy listed: Ann and Bob, Ann and Cy, Bob and Cy,
  Bob and Ann, Cy and Ann, Cy and Bob. That is a tour, two deals a person;
  the next tour starts again with the first listed. Results never change
  the order;
- ``winner-stays``: the first two listed play the first deal. The loser of
  each deal gives way to the next person waiting, in the order listed, and
  joins the end of the queue; the winner stays. On a tie the second player
  of the deal gives way: the second listed in the first deal, and in every
  later deal the one who came in for it (the first player being the one
  who stayed).

A deal names the two who played and their points, ``Ann-Bob 43-27``: Ann
43, Bob 27, the two in either order, each name as listed (in any case).
The points are those of a deal of piquet: whole numbers of 0 or more, not
both 0 (the last trick always scores), and together at most
:data:`~cribcount.piquet.game.DEAL_MOST`, as ``piquet game`` reads them. A
deal whose two players are not the two the seating calls on is refused,
with who should have played it.

A name is one word of at most :data:`NAME_MOST` letters, digits, ``_``,
``'`` or ``.``, opening with a letter (a hyphen would make ``Ann-Bob``
ambiguous); two names that differ only in case are one person.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from cribcount.errors import CribcountError, quoted
from cribcount.piquet.game import DEAL_MOST
from cribcount.words import counted

SEATINGS = ("turns", "winner-stays")
"""Who plays each deal: by turns, or the winner staying (see the module docstring)."""

FEWEST = 3
"""The fewest persons at a score sheet."""
MOST = 7
"""The most persons at a score sheet."""
NAME_MOST = 12
"""The longest name, in characters."""

FORM_KEY = "à écrire"
"""The form of the game in data, as the other piquet results name theirs."""
FORM_NAME = "Piquet à écrire"
"""The form of the game in text."""

_NAME = re.compile(r"[^\W\d_][\w'.]*")
_DEAL = re.compile(r"([^\s-]+)-([^\s-]+)\s+(-?[0-9]+)-(-?[0-9]+)")
_PAIR = re.compile(r"[^\W\d_][\w'.]*-[^\W\d_][\w'.]*")
_POINTS = re.compile(r"-?[0-9]+--?[0-9]+")
_EXAMPLE = "such as 'Ann-Bob 43-27'"


class SheetError(CribcountError):
    """Persons or deals that cannot be read, or a deal the seating does not call for."""


@dataclass(frozen=True)
class SheetDeal:
    """One deal on the sheet: who played it, their points, and the sheet after it."""

    number: int
    """1 for the first deal."""
    players: tuple[str, str]
    """The two who played, in the seating's order: by turns, the person whose turn it
    is, then his neighbour; with the winner staying, the one who stayed, then the one
    who came in."""
    points: tuple[int, int]
    """Each player's points in the deal, in the order of :attr:`players`."""
    balances: tuple[int, ...]
    """Every person's balance after the deal, in the order listed."""

    @property
    def winner(self) -> str | None:
        """The player with more points in the deal; None for a tie."""
        first, second = self.points
        if first == second:
            return None
        return self.players[0] if first > second else self.players[1]

    @property
    def difference(self) -> int:
        """What the winner is credited and the loser charged: the difference of the points."""
        return abs(self.points[0] - self.points[1])


@dataclass(frozen=True)
class Sheet:
    """The score sheet: the persons in their order round the table, the seating, a row
    per deal with the balances after it, and who plays the next deal."""

    persons: tuple[str, ...]
    seating: str
    deals: tuple[SheetDeal, ...]
    next_players: tuple[str, str]
    """The two the seating calls on for the deal after the last given, in its order."""

    @property
    def balances(self) -> tuple[int, ...]:
        """Each person's balance after the last deal, in the order listed; they sum to zero."""
        return self.deals[-1].balances if self.deals else (0,) * len(self.persons)

    @property
    def tour(self) -> int:
        """Deals in a tour by turns: two a person."""
        return 2 * len(self.persons)

    @property
    def tours(self) -> int | None:
        """Whole tours played by turns; None with the winner staying, which has none."""
        return len(self.deals) // self.tour if self.seating == "turns" else None

    def by_person(self, values: Sequence[int]) -> dict[str, int]:
        """``values``, one per person in the order listed, keyed by name."""
        return dict(zip(self.persons, values, strict=True))

    def to_json(self) -> dict[str, object]:
        """The sheet as plain data: a row per deal with each player's points and every
        person's balance after it, keyed by name; the balances at the end, keyed the
        same; the whole tours by turns (null with the winner staying); the next deal's
        players."""
        return {
            "game": FORM_KEY,
            "title": FORM_NAME,
            "players": list(self.persons),
            "seating": self.seating,
            "deals": [
                {
                    "deal": row.number,
                    "players": list(row.players),
                    "deal_points": dict(zip(row.players, row.points, strict=True)),
                    "winner": row.winner,
                    "difference": row.difference,
                    "balances": self.by_person(row.balances),
                }
                for row in self.deals
            ],
            "balances": self.by_person(self.balances),
            "tours": self.tours,
            "next": list(self.next_players),
        }


def read_players(given: str | Sequence[str]) -> tuple[str, ...]:
    """The persons at the table, in their order round it: names separated by commas
    (``'Ann,Bob,Cy'``) or a sequence of names; from :data:`FEWEST` to :data:`MOST` of
    them, each a name as the module docstring states, no two the same in any case."""
    text = given if isinstance(given, str) else ",".join(given)
    names = [name.strip() for name in text.split(",")]
    for name in names:
        if not name:
            raise SheetError(
                f"players {quoted(text)}: an empty name: expected names separated by commas, "
                "such as 'Ann,Bob,Cy'"
            )
        if _NAME.fullmatch(name) is None or len(name) > NAME_MOST:
            raise SheetError(
                f"players {quoted(text)}: {quoted(name)} is not a name: expected one word "
                f"of at most {NAME_MOST} letters or digits, opening with a letter"
            )
    if not FEWEST <= len(names) <= MOST:
        raise SheetError(
            f"players {quoted(text)}: {counted(len(names), 'person')} listed: piquet à écrire "
            f"is for {FEWEST} to {MOST}"
        )
    seen: dict[str, str] = {}
    for name in names:
        if name.casefold() in seen:
            raise SheetError(
                f"players {quoted(text)}: {seen[name.casefold()]} is listed twice: "
                "expected each person once"
            )
        seen[name.casefold()] = name
    return tuple(names)


def read_sheet_deal(text: str, number: int = 1) -> tuple[tuple[str, str], tuple[int, int]]:
    """Deal ``number`` written ``Ann-Bob 43-27``: the two who played, as written, and
    their points in the same order. The names are checked against the persons by
    :func:`score_sheet`; the points here, as the module docstring states."""
    match = _DEAL.fullmatch(text.strip())
    if match is None:
        hint = ""
        if _PAIR.fullmatch(text.strip()):
            hint = " (the names and the points make one deal: quote them together)"
        elif _POINTS.fullmatch(text.strip()):
            hint = " (the names come first: quote each deal whole)"
        raise SheetError(
            f"deal {number} {quoted(text)}: expected who played and their points, {_EXAMPLE}{hint}"
        )
    first, second, a, b = match.groups()
    if a.startswith("-") or b.startswith("-"):
        raise SheetError(f"deal {number} {quoted(text)}: points cannot be negative")
    points = (_figure(a), _figure(b))
    if sum(points) > DEAL_MOST:
        raise SheetError(
            f"deal {number} {quoted(text)}: the two players score at most {DEAL_MOST} "
            "together in one deal"
        )
    if points == (0, 0):
        raise SheetError(
            f"deal {number} {quoted(text)}: nobody scored; the last trick always scores"
        )
    return (first, second), points


def read_sheet_deals(text: str) -> tuple[tuple[tuple[str, str], tuple[int, int]], ...]:
    """The deals of a sheet separated by ``;``: ``Ann-Bob 43-27; Ann-Cy 20-31``.
    Refuses a text with no deal in it, and an empty deal before, between or after the ``;``."""
    if not text.strip():
        raise SheetError(f"no deals given: expected who played and their points, {_EXAMPLE}")
    return tuple(read_sheet_deal(part, number) for number, part in enumerate(text.split(";"), 1))


def score_sheet(
    players: str | Sequence[str],
    deals: Sequence[str | tuple[tuple[str, str], tuple[int, int]]],
    seating: str = "turns",
) -> Sheet:
    """The score sheet after ``deals``, in order, among ``players`` seated as
    ``seating`` states (see the module docstring).

    ``players`` are the persons in their order round the table (as
    :func:`read_players` takes them); a deal is the text ``Ann-Bob 43-27``
    or a pair ``(("Ann", "Bob"), (43, 27))``. Refuses a deal naming a person
    not at the table, or the same twice, and a deal whose players are not
    the two the seating calls on.
    """
    if seating not in SEATINGS:
        raise SheetError(
            f"unknown seating {quoted(seating)}: expected one of {', '.join(SEATINGS)}"
        )
    persons = read_players(players)
    index = {name.casefold(): seat for seat, name in enumerate(persons)}
    balances = [0] * len(persons)
    rows: list[SheetDeal] = []
    seats = _Seats(len(persons), seating)
    for number, given in enumerate(deals, 1):
        text, (names, points) = _deal(given, number)
        seated = []
        for name in names:
            seat = index.get(name.casefold())
            if seat is None:
                raise SheetError(
                    f"deal {number} {quoted(text)}: {quoted(name)} is not at the table: "
                    f"expected two of {', '.join(persons)}"
                )
            seated.append(seat)
        if seated[0] == seated[1]:
            raise SheetError(
                f"deal {number} {quoted(text)}: {persons[seated[0]]} is named twice: "
                "expected the two who played"
            )
        first, second = seats.pair
        if {first, second} != set(seated):
            raise SheetError(
                f"deal {number} {quoted(text)}: {persons[seated[0]]} and {persons[seated[1]]} "
                f"do not play it: {seats.why(persons, number)}"
            )
        ordered = points if seated[0] == first else (points[1], points[0])
        if ordered[0] != ordered[1]:
            winner, loser = (first, second) if ordered[0] > ordered[1] else (second, first)
            difference = abs(ordered[0] - ordered[1])
            balances[winner] += difference
            balances[loser] -= difference
        rows.append(SheetDeal(number, (persons[first], persons[second]), ordered, tuple(balances)))
        seats.advance(ordered)
    first, second = seats.pair
    return Sheet(persons, seating, tuple(rows), (persons[first], persons[second]))


class _Seats:
    """Who plays each deal in turn: the two seats called on now, and the queue waiting."""

    def __init__(self, persons: int, seating: str) -> None:
        self.persons = persons
        self.seating = seating
        self.played = 0
        self.pair = (0, 1)
        self.waiting = deque(range(2, persons))
        self.tied = False
        """With the winner staying, whether the last deal was tied: for the error."""

    def advance(self, points: tuple[int, int]) -> None:
        """Move on past a deal with these points, in the order of :attr:`pair`."""
        self.played += 1
        if self.seating == "turns":
            person, right = divmod(self.played, 2)
            person %= self.persons
            beside = (person + (-1 if right else 1)) % self.persons
            self.pair = (person, beside)
            return
        first, second = self.pair
        self.tied = points[0] == points[1]
        stays, goes = (second, first) if points[1] > points[0] else (first, second)
        self.waiting.append(goes)
        self.pair = (stays, self.waiting.popleft())

    def why(self, persons: Sequence[str], number: int) -> str:
        """Who plays deal ``number`` and why, for the error refusing other players."""
        first, second = (persons[seat] for seat in self.pair)
        if number == 1 and self.seating == "winner-stays":
            return f"the first two listed, {first} and {second}, play the first deal"
        if self.seating == "winner-stays" and self.tied:
            return (
                f"deal {number - 1} was tied, so {first}, its first player, stays "
                f"and {second} comes in, the next waiting"
            )
        if self.seating == "winner-stays":
            return (
                f"{first} stays, having won deal {number - 1}, and {second} comes in, "
                "the next waiting"
            )
        side = "right" if self.played % 2 else "left"
        return f"by turns {first} plays it with {second}, on his {side}"


def _deal(
    given: str | tuple[tuple[str, str], tuple[int, int]], number: int
) -> tuple[str, tuple[tuple[str, str], tuple[int, int]]]:
    """A deal given as text or as a pair of names and a pair of points, read and
    checked; with the text it is quoted by."""
    if isinstance(given, str):
        return given, read_sheet_deal(given, number)
    parts: tuple[object, ...] = tuple(given) if isinstance(given, tuple | list) else ()
    pairs = [tuple(part) for part in parts if isinstance(part, tuple | list) and len(part) == 2]
    if len(parts) != 2 or len(pairs) != 2:
        pairs = [(None, None), (None, None)]
    (first, second), (a, b) = pairs
    if not (
        isinstance(first, str)
        and isinstance(second, str)
        and all(isinstance(value, int) and not isinstance(value, bool) for value in (a, b))
    ):
        raise SheetError(
            f"deal {number} {quoted(repr(given))}: expected the two who played and their "
            "points, as (('Ann', 'Bob'), (43, 27)), or 'Ann-Bob 43-27'"
        )
    text = f"{first}-{second} {a}-{b}"
    return text, read_sheet_deal(text, number)


def _figure(digits: str) -> int:
    """The number ``digits`` spell; a long one as one more than ``DEAL_MOST``, refused
    anyway (Python refuses to read numbers of thousands of digits)."""
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= len(str(DEAL_MOST)) else DEAL_MOST + 1
