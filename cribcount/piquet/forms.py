"""The forms of piquet: the rule sets, and the games of two, three and four hands.

Rule sets (:data:`RULES`), which change how the point and the play count:

- ``classic``: the point is the suit of greatest pip value, scoring its
  number of cards; a card led, or a trick won from the other side, scores 1
  when it is a ten or better; the last trick 1 more;
- ``english``: as classic, but a point holding 7, 8 and 9 scores one less;
  and the younger may stand pat in the exchange, laying out no card (in
  France he must take at least one);
- ``rubicon``: the point is the longest suit, pip value only breaking ties
  in length; every card led and every trick won from the other side scores
  1, the last trick 2. Two-handed, this is Rubicon Piquet.

Forms, by the number of hands (seating order, the elder first, the dealer
last; every player is his own side except in Voleur):

| form            | key       | hands | cards | repic      | pic        |
|-----------------|-----------|-------|-------|------------|------------|
| Piquet au cent  | au cent   | 2     | 12    | 60 at 30   | 30 at 30   |
| Rubicon Piquet  | rubicon   | 2     | 12    | 60 at 30   | 30 at 30   |
| Piquet Normand  | normand   | 3     | 10    | 90 at 20   | 60 at 20   |
| Piquet Voleur   | voleur    | 4     | 8     | 90 at 20   | 60 at 20   |

Two hands are Piquet au cent under ``classic`` and ``english`` rules, and
Rubicon Piquet under ``rubicon`` rules (:func:`form_of`). In Voleur the
partners sit opposite (the first and third hands against the second and
the dealer), and no point under 30 is announced.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribcount.errors import HandError, quoted
from cribcount.words import counted

RULES = ("classic", "english", "rubicon")
"""The rule sets: ways of counting the point and the play (see the module docstring)."""

ROLES = ("elder", "younger")
"""The two hands, in the order of play: the elder leads, the younger dealt."""


@dataclass(frozen=True)
class Form:
    """A form of the game: hand size, seats, partnerships, repic and pic marks."""

    name: str
    """The form's name in text: ``'Piquet au cent'``, ``'Rubicon Piquet'``."""
    key: str
    """The form's name in data: ``'au cent'``, ``'rubicon'``, ``'normand'``, ``'voleur'``."""
    hand_size: int
    roles: tuple[str, ...]
    sides: tuple[int, ...]
    """The side of each seat: players with the same number are partners."""
    mark: int
    """Points on declarations (repic) or declarations and play (pic) to reach."""
    repic_bonus: int
    pic_bonus: int
    least_point: int
    """Pip value below which a point is not announced."""

    def partners(self, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s side, ``seat`` included, in seating order."""
        return tuple(other for other, side in enumerate(self.sides) if side == self.sides[seat])

    def heading(self, rules: str) -> str:
        """The form and the rules in text: ``'Piquet au cent, classic rules'``; a form
        named after its rules is named alone: ``'Rubicon Piquet'``."""
        return self.name if self.key == rules else f"{self.name}, {rules} rules"


FORMS = {
    2: Form("Piquet au cent", "au cent", 12, ROLES, (0, 1), 30, 60, 30, 0),
    3: Form(
        "Piquet Normand", "normand", 10, ("elder", "second", "dealer"), (0, 1, 2), 20, 90, 60, 0
    ),
    4: Form(
        "Piquet Voleur",
        "voleur",
        8,
        ("elder", "second", "third", "dealer"),
        (0, 1, 0, 1),
        20,
        90,
        60,
        30,
    ),
}
"""The form of the game for each number of players (two: Piquet au cent)."""

RUBICON_FORM = Form("Rubicon Piquet", "rubicon", 12, ROLES, (0, 1), 30, 60, 30, 0)
"""Two hands under ``rubicon`` rules."""


def check_rules(rules: str) -> None:
    """Refuse rules other than :data:`RULES`."""
    if rules not in RULES:
        raise HandError(f"unknown rules {quoted(rules)}: expected one of {', '.join(RULES)}")


def form_of(players: int, rules: str = "classic") -> Form:
    """The form for ``players`` hands under ``rules``: :data:`FORMS`, except that two
    hands under ``rubicon`` rules are :data:`RUBICON_FORM`. Refuses unknown rules and any
    number of players but 2, 3 or 4."""
    check_rules(rules)
    form = FORMS.get(players)
    if form is None:
        raise HandError(f"{counted(players, 'hand')}: piquet is played by 2, 3 or 4 players")
    return RUBICON_FORM if players == 2 and rules == "rubicon" else form
