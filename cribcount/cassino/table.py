"""The Cassino table: loose cards and builds, and its notation.

A build is one or more groups of cards, each summing to the build's value: one group is
a single build (a 2 played on a 7, "nine"), more are a multiple build ("two sevens": a 3
on a 4 with a 5 and a 2 gathered; "two nines": a 9 built on a 9). A single build may be
increased by a card from a hand; a multiple build's value is fixed, though more groups
of its value may join it. Two builds of one value never stand apart. The controller is
the seat that last made or added to the build (unknown where it does not matter).

The notation, parsed by :func:`read_table` and written by :meth:`Table.notation`: the
loose cards and the builds separated by spaces, each build in square brackets with its
groups separated by ``|`` and, right after the bracket, ``@N`` for the seat that
controls it: ``5D 4C [6S 3H] [5C|3D 2H]@2`` is the 5 and 4 loose, a single build of 9
and a multiple build of 5 controlled by seat 2; ``-`` (or nothing) is an empty table.
Written, the loose cards come first, by rank (then suit S H D C), then the builds by
value. In a line of parts separated by ``|`` (:func:`line_parts`), a ``|`` between a
build's brackets still separates its groups.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cribcount.cards import Card, card_key, format_cards, parse_cards
from cribcount.cassino.forms import CassinoError, Form
from cribcount.errors import CribcountError, quoted


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_key))


@dataclass(frozen=True)
class Build:
    """A build: its groups (each of cards summing to ``value``, in a canonical order),
    its value and its controller (a seat, or None when it does not matter)."""

    groups: tuple[tuple[Card, ...], ...]
    value: int
    controller: int | None = None
    cards: tuple[Card, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        groups = tuple(sorted((_sorted(group) for group in self.groups), key=_group_key))
        object.__setattr__(self, "groups", groups)
        object.__setattr__(self, "cards", _sorted(card for group in groups for card in group))

    @property
    def multiple(self) -> bool:
        """Whether the build has more than one group: its value can never be increased."""
        return len(self.groups) > 1

    def notation(self, symbols: bool = False) -> str:
        inside = "|".join(format_cards(group, symbols) for group in self.groups)
        owner = "" if self.controller is None else f"@{self.controller}"
        return f"[{inside}]{owner}"

    def __str__(self) -> str:
        return self.notation()

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "multiple": self.multiple,
            "cards": [card.notation() for card in self.cards],
            "groups": [[card.notation() for card in group] for group in self.groups],
            "controller": self.controller,
        }


def _group_key(group: Sequence[Card]) -> tuple[int, ...]:
    return tuple(card_key(card) for card in group)


@dataclass(frozen=True)
class Table:
    """The cards face up on the table: the loose cards and the builds, in canonical order
    (so two tables of the same cards and builds are equal)."""

    loose: tuple[Card, ...] = ()
    builds: tuple[Build, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "loose", _sorted(self.loose))
        builds = sorted(self.builds, key=lambda build: (build.value, _group_key(build.cards)))
        object.__setattr__(self, "builds", tuple(builds))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card on the table, loose or in a build."""
        return self.loose + tuple(card for build in self.builds for card in build.cards)

    @property
    def empty(self) -> bool:
        return not self.loose and not self.builds

    def notation(self, symbols: bool = False) -> str:
        parts = [card.notation(symbols) for card in self.loose]
        parts += [build.notation(symbols) for build in self.builds]
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()

    def to_json(self) -> dict[str, Any]:
        return {
            "loose": [card.notation() for card in self.loose],
            "builds": [build.to_json() for build in self.builds],
        }


_BUILD = re.compile(r"\[([^\[\]]*)\](?:@(\S*))?")


def read_table(text: str, form: Form | None = None) -> Table:
    """Read a table in the notation of the module docstring, checked against ``form``
    (the classic two-handed game by default): no card twice, each build's groups of one
    value that a card can have, a single build of two cards or more, no two builds of one
    value, each controller a seat."""
    form = form or Form()
    if text.strip() == "-":
        return Table(())
    loose: list[Card] = []
    builds: list[Build] = []
    at = 0
    for match in _BUILD.finditer(text):
        loose += _cards(text[at : match.start()], text)
        builds.append(_read_build(match.group(1), match.group(2), form))
        at = match.end()
        if text[at : at + 1].strip() not in ("", "["):
            raise CassinoError(
                f"table {quoted(text)}: {quoted(text[match.start() : at])} runs into"
                f" {quoted(text[at:].split()[0])}; expected a space after a build, and '@'"
                " before its controller's seat, as [5D 4C]@2"
            )
    loose += _cards(text[at:], text)
    table = Table(tuple(loose), tuple(builds))
    check_table(table, form)
    return table


_BAR = re.compile(r"\|(?![^\[\]]*\])")
"""A ``|`` that separates the parts of a line: not one followed by a build's closing
bracket before any opening one."""


def line_parts(line: str) -> list[str]:
    """The parts of a line separated by ``|``, each stripped, a table's builds kept
    whole: ``5D [5C|3D 2H]@2 | 5S 7C`` is the table and a hand. A bracket without its
    pair is refused: the parts could not be told apart."""
    if line.count("[") != line.count("]"):
        raise CassinoError(
            f"{quoted(line)}: a build's '[' without its ']', or the other way round;"
            " expected builds such as [6S 3H] or [5C|3D 2H]@2"
        )
    return [part.strip() for part in _BAR.split(line)]


def _cards(part: str, text: str) -> list[Card]:
    if not part.strip():
        return []
    if "[" in part or "]" in part or "|" in part or "@" in part:
        raise CassinoError(
            f"table {quoted(text)}: a build's brackets, '|' or '@' out of place; expected"
            " loose cards and builds such as [6S 3H] or [5C|3D 2H]@2"
        )
    return parse_cards(part)


def _read_build(inside: str, owner: str | None, form: Form) -> Build:
    shown = f"[{inside}]" + ("" if owner is None else f"@{owner}")
    groups: list[tuple[Card, ...]] = []
    for part in inside.split("|"):
        if not part.strip():
            raise CassinoError(f"build {quoted(shown)} has an empty group: expected cards")
        try:
            groups.append(tuple(parse_cards(part)))
        except CribcountError as error:
            raise CassinoError(f"build {quoted(shown)}: {error}") from None
    sums = {sum(form.value(card) for card in group) for group in groups}
    if any(form.value(card) == 0 for group in groups for card in group):
        raise CassinoError(
            f"build {quoted(shown)} holds a court card: in {form.game} Cassino a court card"
            " only pairs, expected cards A to 10 in a build"
        )
    if len(sums) > 1:
        raise CassinoError(
            f"build {quoted(shown)} has groups of {' and '.join(map(str, sorted(sums)))}:"
            " expected every group of a build to make its one value"
        )
    controller = None
    if owner is not None:
        if not owner.isdigit():
            raise CassinoError(f"build {quoted(shown)}: expected @ and a seat number, as @2")
        controller = int(owner)
        form.check_seat(controller, f"controlling the build {quoted(shown)}")
    return Build(tuple(groups), sums.pop(), controller)


def check_table(table: Table, form: Form) -> None:
    """Refuse a table the game cannot have (see :func:`read_table`)."""
    seen: set[Card] = set()
    for card in table.cards:
        if card in seen:
            raise CassinoError(f"card {card} is on the table twice: expected each card once")
        seen.add(card)
    values: set[int] = set()
    for build in table.builds:
        if build.value > form.highest:
            raise CassinoError(
                f"build {build} of {build.value}: no card counts {build.value} in"
                f" {form.game} Cassino, expected at most {form.highest}"
            )
        if not build.multiple and len(build.cards) < 2:
            raise CassinoError(
                f"build {build} of one card: expected two cards or more, or a loose card"
            )
        if build.value in values:
            raise CassinoError(
                f"two builds of {build.value} on the table: builds of one value join,"
                " expected them written as one, as [5C|3D 2H]"
            )
        values.add(build.value)
        if build.controller is not None:
            form.check_seat(build.controller, f"controlling the build {build}")


__all__ = ["Build", "Table", "check_table", "line_parts", "read_table"]
