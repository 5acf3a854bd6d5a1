"""Muggins: a claimed count checked against the show, and what was missed.

A player announces the count of his hand or crib; the opponent, who has
counted it too, may take any points he under-counted. A claim below 0, or
above the greatest show of a hand of its size by its rule (29 for four cards
and the starter), is no count at all. An under-count is accounted for in
spoken items, as the player would have said them ("a pair (2)", "one for his
nobs (1)"), the fewest that make the deficit; when none make it exactly,
the account misses a little more and names the points counted that are not
there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product
from math import comb
from typing import Any

from cribcount.cribbage.forms import greatest_show
from cribcount.cribbage.score import HandScore, item_phrase, spoken_groups
from cribcount.errors import QUOTE_LIMIT, CribcountError, quoted
from cribcount.words import number_word


def _clipped(number: int) -> str:
    """A number as an error quotes it: a long one clipped, as any input."""
    text = str(number)
    return text if len(text) <= QUOTE_LIMIT else quoted(text)


class ClaimError(CribcountError):
    """A claimed count that no show can make: below 0, or above the greatest of its size."""


@dataclass(frozen=True)
class ClaimCheck:
    """A claimed count checked against the show (muggins).

    When the claim is short, ``missed`` accounts for the deficit in spoken
    items, each with its points, adding up to the deficit::

        ('a pair (2)', 'one for his nobs (1)')

    If no set of items makes the deficit exactly, the account misses a little
    more and ends with the points counted that are not there::

        ('a fifteen (2)', 'but 1 counted that is not there')

    ``certain`` is false when another account as short fits too, so that
    ``missed`` is one possible reading of the slip, not the only one. A right
    claim or an over-count misses nothing: ``missed`` is empty and
    ``certain`` true.
    """

    claimed: int
    actual: int
    missed: tuple[str, ...]
    certain: bool

    @property
    def difference(self) -> int:
        """Points under-counted (positive) or over-counted (negative)."""
        return self.actual - self.claimed

    def to_json(self) -> dict[str, Any]:
        """The check as plain data, ready for JSON."""
        return {
            "claimed": self.claimed,
            "actual": self.actual,
            "missed": list(self.missed),
            "certain": self.certain,
            "difference": self.difference,
        }


def check_claim(result: HandScore, claimed: int) -> ClaimCheck:
    """Compare ``claimed`` with the true total and account for an under-count.

    A claim below 0, or above the greatest show of a hand of its size by its
    rule (:func:`~cribcount.cribbage.forms.greatest_show`), is no count at
    all: it raises :class:`ClaimError`.
    """
    size = len(result.hand)
    greatest = greatest_show(size, result.crib)
    if claimed < 0:
        raise ClaimError(f"claim {_clipped(claimed)} is impossible: a show is never below 0")
    if claimed > greatest:
        what = f"a crib of {size} cards" if result.crib else f"{size} cards"
        raise ClaimError(
            f"claim {_clipped(claimed)} is impossible: the greatest show of {what} and a starter "
            f"is {greatest}"
        )
    deficit = result.total - claimed
    if deficit <= 0:
        return ClaimCheck(claimed, result.total, (), True)
    missed, certain = _account(result, deficit)
    return ClaimCheck(claimed, result.total, missed, certain)


def _account(result: HandScore, deficit: int) -> tuple[tuple[str, ...], bool]:
    """The fewest spoken items that make ``deficit``, and whether no other set as few does.

    Items are sought first as said (:func:`_said_units`), then split finer
    (:func:`_fine_units`). Of equally few, the account with the most
    fifteens (the likeliest slip), then the most of the items said first,
    is given. With no exact account at either level, the fewest items at
    either that make more than the deficit, the least more first, and the
    excess "counted that is not there".
    """
    levels = [_choices(_said_units(result), 0), _choices(_fine_units(result), 1)]
    for choices in levels:
        exact = [choice for choice in choices if choice.points == deficit]
        if exact:
            best, certain = _best(exact, lambda choice: (choice.size,))
            return best.words, certain
    over = [choice for choices in levels for choice in choices if choice.points > deficit]
    best, certain = _best(over, lambda choice: (choice.size, choice.points - deficit))
    excess = best.points - deficit
    verb = "is" if excess == 1 else "are"
    return (*best.words, f"but {excess} counted that {verb} not there"), certain


@dataclass(frozen=True)
class _Choice:
    """A set of spoken items: how many, their points, and their words in the order said.

    Of sets alike otherwise, the least ``preference`` is given: the level of
    the items (as said before split finer), then the most of the first items.
    """

    size: int
    points: int
    words: tuple[str, ...]
    preference: tuple[int, ...]


def _choices(units: Sequence[tuple[str, int]], level: int) -> list[_Choice]:
    """Every non-empty set of ``units`` (phrase, points), units of one phrase taken as alike."""
    kinds: dict[tuple[str, int], int] = {}
    for unit in units:
        kinds[unit] = kinds.get(unit, 0) + 1
    choices = []
    for counts in product(*(range(held + 1) for held in kinds.values())):
        if not any(counts):
            continue
        words = tuple(
            f"{_times(phrase, count)} ({count * points})"
            for ((phrase, points), count) in zip(kinds, counts, strict=True)
            if count
        )
        points = sum(count * points for (_, points), count in zip(kinds, counts, strict=True))
        choices.append(_Choice(sum(counts), points, words, (level, *(-count for count in counts))))
    return choices


def _best(
    choices: list[_Choice], key: Callable[[_Choice], tuple[int, ...]]
) -> tuple[_Choice, bool]:
    """The preferred of the choices least by ``key``, and whether no other words tie with it."""
    least = min(key(choice) for choice in choices)
    tied = [choice for choice in choices if key(choice) == least]
    best = min(tied, key=lambda choice: choice.preference)
    return best, len({choice.words for choice in tied}) == 1


def _said_units(result: HandScore) -> list[tuple[str, int]]:
    """The show as said: each fifteen at 2, then the groups of :func:`spoken_groups`."""
    fifteens = [("a fifteen", 2) for item in result.items if item.kind == "fifteen"]
    return fifteens + spoken_groups(result.items)


def _fine_units(result: HandScore) -> list[tuple[str, int]]:
    """The show split as fine as it goes: each fifteen, each run, each pair (n of a rank
    make n(n-1)/2), the flush, and nobs. A hand's flush with the starter is the hand's
    flush and one for the starter, which a player may forget."""
    units: list[tuple[str, int]] = []
    for kind in ("fifteen", "run", "pair", "flush", "nobs"):  # as said: runs before pairs
        for item in result.items:
            if item.kind != kind:
                continue
            if kind == "fifteen":
                units.append(("a fifteen", 2))
            elif kind == "run":
                units.append((f"a run of {number_word(item.points)}", item.points))
            elif kind == "pair":
                units += [("a pair", 2)] * comb(len(item.cards), 2)
            elif kind == "flush" and not result.crib and result.starter in item.cards:
                units.append((f"a flush of {number_word(item.points - 1)}", item.points - 1))
                units.append(("one for the starter in the flush", 1))
            else:
                units.append((item_phrase(item), item.points))
    return units


_NOUNS = ("fifteen", "run", "pair")


def _times(phrase: str, count: int) -> str:
    """``phrase`` said ``count`` times: "a run of three" twice is "two runs of three"."""
    if count == 1:
        return phrase
    words = phrase.split()
    nouns = [i for i, word in enumerate(words) if word in _NOUNS]
    if words[0] != "a" or not nouns:
        return f"{phrase} {number_word(count)} times"
    words[nouns[0]] += "s"
    return " ".join([number_word(count), *words[1:]])
