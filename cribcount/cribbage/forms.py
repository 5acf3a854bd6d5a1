"""The forms of cribbage: how many play, and how many cards each is dealt and keeps.

| game  | players | dealt | kept | laid out |
|-------|---------|-------|------|----------|
| five  | 2       | 5     | 3    | 2 each   |
| six   | 2       | 6     | 4    | 2 each   |
| seven | 2       | 7     | 5    | 2 each   |
| three | 3       | 5     | 4    | 1 each, and 1 from the pack |
| four  | 4       | 5     | 4    | 1 each   |

Every crib holds four cards.

The greatest show of a hand by its number of cards besides the starter
(:data:`GREATEST_SHOW`), the same by hand and crib rules, as no flush comes
near it:

| cards | show | hand and starter |
|-------|------|------------------|
| 3     | 20   | 5 5 5 / 5: fifteen eight and a double pair royal |
| 4     | 29   | 5 5 5 J / 5 of the jack's suit: fifteen sixteen, a double pair royal, his nobs |
| 5     | 46   | 4 4 5 5 6 / 6: fifteen sixteen, a double double double run (24 and 6) |
"""

from __future__ import annotations

from dataclasses import dataclass

from cribcount.errors import HandError, quoted

CRIB_SIZE = 4

GREATEST_SHOW = {
    (3, False): 20,
    (3, True): 20,
    (4, False): 29,
    (4, True): 29,
    (5, False): 46,
    (5, True): 46,
}
"""The greatest show by (cards in hand besides the starter, crib rule): see the table above."""


@dataclass(frozen=True)
class Form:
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


FORMS = {
    form.name: form
    for form in (
        Form("five", 2, 5, 3),
        Form("six", 2, 6, 4),
        Form("seven", 2, 7, 5),
        Form("three", 3, 5, 4),
        Form("four", 4, 5, 4),
    )
}
"""Every form of the game, by name; six-card is the usual one."""


TWO_HANDED = tuple(name for name, form in FORMS.items() if form.players == 2)
"""The forms for two players, whose deals are simulated and whose chances of winning
are tabled."""

PAIR_FORMS = ("five", "six", "seven")
"""The forms in which each player lays out two cards; in the others, one."""

EXPERT_FORMS = (*PAIR_FORMS, "three", "four")
"""The forms with expert lay-out tables: all of them."""


ROLES = ("pone", "dealer")
"""The two players of the two-handed game, in order of play: the pone leads, the dealer
owns the crib."""


def other_role(role: str) -> str:
    """The other player of the two-handed game: the pone's is the dealer, and back."""
    return ROLES[1 - ROLES.index(role)]


def find_form(name: str | Form) -> Form:
    """The form of the game called ``name``, or a :class:`HandError` naming the choices.

    A :class:`Form` is its own form: library functions take either, resolve it here once
    at their edge, and pass the form inward.
    """
    if isinstance(name, Form):
        return name
    try:
        return FORMS[name]
    except KeyError:
        raise HandError(
            f"unknown game {quoted(str(name))}: expected one of {', '.join(FORMS)}"
        ) from None


def greatest_show(cards: int, crib: bool = False) -> int:
    """The greatest show of ``cards`` cards (3 to 5) and a starter, by hand or ``crib`` rules.

    Raises :class:`HandError` for a hand size the scorer does not count.
    """
    try:
        return GREATEST_SHOW[cards, crib]
    except KeyError:
        raise HandError(
            f"no show of {cards} cards and a starter: a hand holds 3 to 5 cards besides the starter"
        ) from None
