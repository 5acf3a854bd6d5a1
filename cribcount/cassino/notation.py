"""Cassino plays in words: read against a position, and written.

A play is the card played, a verb, and what it uses, in the words players use:

- ``9C takes 5D 4C 6S 3H``: the 9 takes every card named (a build is named by all its
  cards and goes whole; pairs and combinations are not told apart);
- ``2H builds nine on 7S``: a build and its value, in words or digits (``builds 9``),
  on the table cards it uses (loose cards, and any build it increases or joins, by all
  its cards); a multiple build says how many: ``3H builds two sevens on 4D 5S 2H``,
  ``9S builds two nines on 9D``;
- ``KD trails``.

``take``, ``takes`` and ``taking``, ``build``, ``builds`` and ``building``, ``trail``,
``trails`` and ``trailing`` are the same verbs, and words are read in any case. A whole
deal is the plays in order separated by commas or semicolons, as :func:`split_plays`
reads them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cribcount.cards import Card, card_key, format_cards, parse_cards
from cribcount.cassino.forms import CassinoError
from cribcount.cassino.moves import (
    Move,
    Position,
    card_moves,
    duties,
    split_groups,
    unkept_duty,
)
from cribcount.cassino.table import Build
from cribcount.errors import CribcountError, quoted

NUMBERS = [
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
]
"""The values in words, 1 to 14."""
PLURALS = [
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "elevens",
    "twelves",
    "thirteens",
    "fourteens",
]
_VERBS = {
    "take": "take",
    "takes": "take",
    "taking": "take",
    "build": "build",
    "builds": "build",
    "building": "build",
    "trail": "trail",
    "trails": "trail",
    "trailing": "trail",
}
_SPLIT = re.compile(r"[,;]")
EXAMPLE = "'9C takes 5D 4C', '2H builds nine on 7S' or 'KD trails'"


def split_plays(text: str) -> list[str]:
    """The plays of a deal written one after another, separated by commas or semicolons
    (one after the last is let pass); two with no play between them are refused."""
    parts = [part.strip() for part in _SPLIT.split(text)]
    while parts and not parts[-1]:
        parts.pop()
    for number, part in enumerate(parts, start=1):
        if not part and number > 1:
            raise CassinoError(
                f"no play between play {number - 1} and the next: expected one play between"
                " two commas"
            )
    return [part for part in parts if part]


def write_play(move: Move) -> str:
    """A play in words, as :func:`read_play` reads it."""
    card = move.card.notation()
    if move.kind == "take":
        return f"{card} takes {format_cards(move.takes)}"
    if move.kind == "trail":
        return f"{card} trails"
    assert move.build is not None
    used = sorted((*move.loose, *(c for b in move.builds for c in b.cards)), key=card_key)
    return f"{card} builds {build_words(move.build)} on {format_cards(used)}"


def build_words(build: Build) -> str:
    """A build's value as players call it: ``nine``, or ``two sevens`` for a multiple."""
    if build.multiple:
        return f"{NUMBERS[len(build.groups) - 1]} {PLURALS[build.value - 1]}"
    return NUMBERS[build.value - 1]


def read_play(text: str, position: Position) -> Move:
    """The legal move of ``position`` that ``text`` writes (see the module docstring).

    Raises :class:`CassinoError` naming what is wrong: a play that is no play, a card not
    held, cards not on the table, a take that does not add up, a build of a value not
    held, a trail by a controller, and so on.
    """
    words = text.split()
    if len(words) < 2 or words[1].lower() not in _VERBS:
        raise CassinoError(f"play {quoted(text)}: expected a card and a verb, as {EXAMPLE}")
    card = _card(words[0], text)
    kind = _VERBS[words[1].lower()]
    rest = words[2:]
    if card not in position.hand:
        raise CassinoError(
            f"play {quoted(text)}: {card} is not in the hand {format_cards(position.hand)}"
        )
    if kind == "trail":
        if rest:
            raise CassinoError(
                f"play {quoted(text)}: a trail uses nothing; expected '{card} trails'"
            )
        owing = duties(position)
        if owing:
            owed = owing[0]
            why = (
                f"controls the build {owed}"
                if owed.controller == position.seat
                else f"holds the value of his side's build {owed}, so it is his to answer for,"
            )
            raise CassinoError(
                f"play {quoted(text)}: seat {position.seat} {why} and may not trail;"
                " expected a take or a build"
            )
        return Move(card, "trail")
    if kind == "take":
        named = _table_cards(rest, text, position)
        for move in card_moves(position, card, named):
            if move.kind == "take" and set(move.takes) == named:
                return move
        raise CassinoError(f"play {quoted(text)}: {_why_not_take(card, named, position)}")
    value, groups, rest = _build_value(rest, text)
    if rest and rest[0].lower() == "on":
        rest = rest[1:]
    named = _table_cards(rest, text, position)
    for move in card_moves(position, card, named):
        if move.build is None:
            continue
        if move.build.value == value and set(move.build.cards) == named | {card}:
            if groups is not None and len(move.build.groups) != groups:
                raise CassinoError(
                    f"play {quoted(text)}: the build made is {build_words(move.build)};"
                    f" expected {quoted(write_play(move))}"
                )
            return move
    raise CassinoError(f"play {quoted(text)}: {_why_not_build(card, value, named, position)}")


def played_card(text: str) -> Card:
    """The card a written play plays: its first word."""
    words = text.split()
    if not words:
        raise CassinoError(f"play {quoted(text)}: expected a card and a verb, as {EXAMPLE}")
    return _card(words[0], text)


def _card(token: str, text: str) -> Card:
    try:
        return parse_cards(token)[0]
    except CribcountError:
        raise CassinoError(
            f"play {quoted(text)}: {quoted(token)} is no card; expected a play such as {EXAMPLE}"
        ) from None


def _table_cards(words: Sequence[str], text: str, position: Position) -> set[Card]:
    if not words:
        raise CassinoError(f"play {quoted(text)}: expected the table cards it uses")
    try:
        cards = parse_cards(" ".join(words))
    except CribcountError as error:
        raise CassinoError(f"play {quoted(text)}: {error}") from None
    table = position.table
    for card in cards:
        if card not in table.cards:
            raise CassinoError(
                f"play {quoted(text)}: {card} is not on the table {table.notation() or '(empty)'}"
            )
    named = set(cards)
    for build in table.builds:
        inside = named & set(build.cards)
        if inside and inside != set(build.cards):
            raise CassinoError(
                f"play {quoted(text)}: names {format_cards(sorted(inside, key=card_key))} of"
                f" the build {build} but not all of it; a build is used whole"
            )
    return named


def _build_value(words: Sequence[str], text: str) -> tuple[int, int | None, list[str]]:
    """The value a build play names, the number of groups if it says (``two nines``), and
    the words after."""
    if not words:
        raise CassinoError(f"play {quoted(text)}: expected the value built, as 'builds nine'")
    first = words[0].lower()
    many = _plural(words[1]) if len(words) > 1 else None
    if (first in NUMBERS or first.isdigit()) and many is not None:
        count = NUMBERS.index(first) + 1 if first in NUMBERS else int(first)
        return many, count, list(words[2:])
    if first.isdigit() and 1 <= int(first) <= len(NUMBERS):
        return int(first), None, list(words[1:])
    if first in NUMBERS:
        return NUMBERS.index(first) + 1, 1, list(words[1:])
    raise CassinoError(
        f"play {quoted(text)}: {quoted(words[0])} is no value; expected one to fourteen"
        " (or 1 to 14), or a number of builds such as 'two nines'"
    )


def _plural(word: str) -> int | None:
    word = word.lower()
    if word == "aces":
        return 1
    if word in PLURALS:
        return PLURALS.index(word) + 1
    if word.endswith("s") and word[:-1].isdigit():
        return int(word[:-1])
    return None


def _why_not_take(card: Card, named: set[Card], position: Position) -> str:
    form = position.form
    value = form.value(card)
    if value == 0:
        other = sorted((c for c in named if c.rank != card.rank), key=card_key)
        if other or any(c not in position.table.loose for c in named):
            return (
                f"{card} is a court card: in {form.game} Cassino it takes loose cards of its"
                " own rank only"
            )
    total = sum(form.value(c) for c in named)
    builds = [b for b in position.table.builds if set(b.cards) <= named]
    if any(b.value != value for b in builds):
        wrong = next(b for b in builds if b.value != value)
        return f"the build {wrong} is of {wrong.value}; {card} takes builds of {value} only"
    if value and total % value:
        return f"the cards taken make {total}, which is no number of {value}s: it does not add up"
    loose = [c for c in position.table.loose if c in named]
    if value and split_groups(form, loose, value) is None:
        return f"the cards taken do not split into groups of {value}: it does not add up"
    rest = list(position.hand)
    rest.remove(card)
    owed = unkept_duty(position, rest, builds)
    if owed is not None:
        return _left_without(position, owed)
    return f"{card} takes no such cards"


def _why_not_build(card: Card, value: int, named: set[Card], position: Position) -> str:
    form = position.form
    if form.value(card) == 0:
        return f"{card} is a court card: in {form.game} Cassino it never builds"
    rest = list(position.hand)
    rest.remove(card)
    if value > form.highest:
        return f"no card counts {value} in {form.game} Cassino"
    if not any(form.value(c) == value for c in rest):
        partner = form.partner(position.seat)
        extra = "" if partner is None else f", nor has seat {partner} declared it"
        return (
            f"seat {position.seat} holds no {NUMBERS[value - 1]} after it{extra}: a build must"
            " be of a value the builder holds"
        )
    for build in position.table.builds:
        if set(build.cards) <= named and build.multiple and build.value != value:
            return f"the build {build} is a multiple build: its value {build.value} is fixed"
    loose = [c for c in named if c in position.table.loose]
    increased = [b for b in position.table.builds if set(b.cards) <= named]
    total = sum(b.value for b in increased) + sum(form.value(c) for c in (card, *loose))
    if increased and loose and total == value:
        return "a build is increased by a card from the hand only, never with loose cards"
    standing = [b for b in position.table.builds if b.value == value and b not in increased]
    if standing:
        return (
            f"a build of {value} stands already, {standing[0]}: builds of one value never"
            f" stand apart, so a new one joins it ('{card} builds two"
            f" {PLURALS[value - 1]} on ...', naming its cards too)"
        )
    owed = unkept_duty(position, rest, increased)
    if owed is not None and not increased and split_groups(form, [card, *loose], value) is not None:
        return _left_without(position, owed)
    return f"the cards do not make a build of {value} with {card}: it does not add up" + (
        "" if owed is None else f"; {_left_without(position, owed)}"
    )


def _left_without(position: Position, build: Build) -> str:
    """Why a play is refused that leaves ``build``, the player's duty, without its value
    held on his side."""
    seat = position.seat
    partner = position.form.partner(seat)
    if partner is None:
        left = (
            f"seat {seat} would be left controlling the build {build} without a card of its value"
        )
    else:
        left = (
            f"seat {seat} would leave his side's build {build} with no card of its value held"
            f" by him or seat {partner}"
        )
    return f"{left}; he must take it, take something else or build again"


__all__ = [
    "NUMBERS",
    "PLURALS",
    "build_words",
    "played_card",
    "read_play",
    "split_plays",
    "write_play",
]
