"""The partie: a game of piquet settled from the points each player made in each deal.

Two players, called ``first`` and ``second``; a deal is their points in it,
the first player's first (``23-7``). They deal in turn: the first player
deals the first deal unless told otherwise (``first_dealer``: the lower cut
has the choice and deals first), and the deal passes to the elder hand of
the last deal.

Piquet au cent (``classic`` rules) is 100 up:

- the game ends with the deal at whose end a player has 100 or more, and he
  wins one game; if the loser has not reached 50 he is lurched, and the
  winner wins two games. The loser's total at the end of that deal decides
  the lurch, as the score sheet shows it;
- both players can reach 100 in the same deal. At the table the one who
  counts out first in the order of scoring wins, but the points of a deal do
  not say who that was: the higher total wins, and equal totals play on,
  the next deal deciding between them the same way;
- a deal given after the game is over is refused.

Rubicon Piquet (``rubicon`` rules) is six deals, each player dealing three:

- the higher total wins the difference plus 100 for the game;
- a loser under 100 is rubiconed: the winner scores both totals plus 100
  (so 113 to 80 wins 293, 88 to 84 wins 272, and 180 to 142 wins 138);
  when both are under 100, the higher still wins, the same way;
- a tie after six deals plays two more, settled as above on the eight
  deals' totals; a tie after those voids the game, and nobody wins anything;
- a deal beyond the sixth when the six were not a tie, or beyond the
  eighth, is refused.

A game not yet decided is in progress: no winner, no value.

The points of one deal: the most both players can score together in a deal
is 205 (:data:`DEAL_MOST`), so a deal whose two figures add up to more is
refused, whatever each alone. Each kind of score is counted at its greatest,
with the players together:

- carte blanche, 10: only one player can hold it, since the two dealt hands
  hold 24 of the 32 cards, and 24 cards without a king, queen or jack
  would need 24 of the 20 others;
- the point, 8: one player scores it (equal points score nothing), and a
  suit has eight cards;
- sequences, 32: one player scores them; a suit of n cards scores at most
  3, 4, 15, 16, 17 or 18 for n = 3 to 8 (a suit split into shorter runs
  scores less), and of twelve cards the best split is 6 and 6, or 7 and 5;
- quatorzes and trios, 42: one player scores them, at most three quatorzes
  in twelve cards;
- repic 60 or pic 30, 60: one of the two at most in a deal. A side that
  makes repic does not make pic; and either needs the other player to have
  scored nothing when it is made, while the player who makes it has scored
  already;
- the play, 53: without capot, at most 1 for each card led and 1 for each
  trick won from the other's lead (12 and 12), 2 for the last trick
  (rubicon) and 10 for the cards, 36; with capot, 40 and 12 leads, and at
  most one trick won from the other's lead: the first, the capot's maker
  leading every later trick.

That is 10 + 8 + 32 + 42 + 60 + 53 = 205. The bound is safe, not exact: no
deal makes every one of these at once. The elder holding A K Q J 10 of
spades and of hearts and the two other aces, against the 9 8 7 of spades,
hearts and clubs and the J 8 7 of diamonds, makes 161 to 0 (point 5, two
quintes 30, quatorze aces 14, repic 60, twelve cards led and capot 52), so
the bound is at most 44 too generous; it refuses totals such as 249-249 or
200-199 that no deal gives.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cribcount.errors import CribcountError, quoted
from cribcount.piquet.forms import FORMS, RUBICON_FORM

PLAYERS = ("first", "second")
"""The two players, in the order each deal gives their points."""

GAME_RULES = ("classic", "rubicon")
"""Piquet au cent (100 up) and Rubicon Piquet (six deals)."""

TITLES = {"classic": FORMS[2].name, "rubicon": RUBICON_FORM.name}
"""The form of the game in text, as ``piquet declare`` names it."""
GAMES = {"classic": FORMS[2].key, "rubicon": RUBICON_FORM.key}
"""The form of the game in data, as ``piquet declare`` names it."""

TARGET = 100
"""Piquet au cent's target: the points up that end the game."""

LURCH = 50
"""Au cent: a loser who has not reached this is lurched, and loses two games."""

RUBICON = 100
"""Rubicon: a loser who has not reached this is rubiconed."""

GAME_BONUS = 100
"""Rubicon: what the winner adds for the game."""

RUBICON_DEALS = 6
"""Deals in a Rubicon game."""

TIE_DEALS = 2
"""Rubicon: deals played more after a tie in the six."""

DEAL_MOST = 205
"""The most both players score together in one deal: see the module docstring."""

_DEAL = re.compile(r"(-?)([0-9]+)-(-?)([0-9]+)")


class GameError(CribcountError):
    """Deals that cannot be read as points, or that do not make a game."""


@dataclass(frozen=True)
class DealRow:
    """One deal as the score sheet shows it: who dealt, its points, the totals after it."""

    number: int
    """1 for the first deal."""
    dealer: str
    """``first`` or ``second``."""
    points: tuple[int, int]
    """The first's and the second's points in this deal."""
    totals: tuple[int, int]
    """The first's and the second's totals after this deal."""

    @property
    def elder(self) -> str:
        """The player who did not deal: the elder hand."""
        return other(self.dealer)


@dataclass(frozen=True)
class Partie:
    """A game settled, or in progress, from the points of its deals.

    ``status`` is ``won``, ``in progress`` or ``void`` (Rubicon, tied after
    eight deals). ``value`` is what the winner wins: games au cent (1, or 2
    for a lurch), points at Rubicon; None in progress, 0 when void.
    """

    rules: str
    deals: tuple[DealRow, ...]
    totals: tuple[int, int]
    status: str
    winner: str | None
    value: int | None
    lurch: bool
    """Au cent: the loser had not reached 50."""
    rubicon: bool
    """Rubicon: the loser had not reached 100."""
    deals_left: int | None
    """Rubicon in progress: deals still to play; otherwise None."""

    @property
    def title(self) -> str:
        """``Piquet au cent`` or ``Rubicon Piquet``."""
        return TITLES[self.rules]

    @property
    def game(self) -> str:
        """The form of the game in data: ``au cent`` or ``rubicon``."""
        return GAMES[self.rules]

    @property
    def loser(self) -> str | None:
        """The player who lost, once the game is won."""
        return None if self.winner is None else other(self.winner)

    def to_json(self) -> dict[str, object]:
        """A partie as plain data: its deals, the totals, who won and what.

        Points and totals are keyed by player (``first``, ``second``); ``value``
        is games au cent and points at Rubicon, null in progress, 0 when void.
        """
        return {
            "game": self.game,
            "title": self.title,
            "rules": self.rules,
            "deals": [
                {
                    "deal": row.number,
                    "dealer": row.dealer,
                    "elder": row.elder,
                    "deal_points": dict(zip(PLAYERS, row.points, strict=True)),
                    "totals": dict(zip(PLAYERS, row.totals, strict=True)),
                }
                for row in self.deals
            ],
            "totals": dict(zip(PLAYERS, self.totals, strict=True)),
            "status": self.status,
            "winner": self.winner,
            "value": self.value,
            "lurch": self.lurch,
            "rubicon": self.rubicon,
            "deals_left": self.deals_left,
        }


def other(player: str) -> str:
    """The other player: ``second`` for ``first`` and the reverse."""
    return PLAYERS[1 - PLAYERS.index(player)]


def read_deal(text: str, number: int = 1) -> tuple[int, int]:
    """The points of deal ``number`` written ``A-B``: the first player's, then the second's.

    Each is a whole number of 0 or more, not both 0 (the last trick always
    scores), and together no more than :data:`DEAL_MOST`.
    """
    match = _DEAL.fullmatch(text.strip())
    if match is None:
        raise GameError(
            f"deal {number} {quoted(text)}: expected the two players' points "
            "as A-B, the first player's first, such as 23-7"
        )
    minus_a, a, minus_b, b = match.groups()
    if minus_a or minus_b:
        raise GameError(f"deal {number} {quoted(text)}: points cannot be negative")
    return _checked((_figure(a), _figure(b)), text, number)


def _figure(digits: str) -> int:
    """The number ``digits`` spell; a long one as one more than :data:`DEAL_MOST`, which is
    refused anyway.

    Python refuses to read numbers of thousands of digits; these never get that far.
    """
    digits = digits.lstrip("0") or "0"
    return int(digits) if len(digits) <= len(str(DEAL_MOST)) else DEAL_MOST + 1


def _checked(points: tuple[int, int], text: str, number: int) -> tuple[int, int]:
    """``points`` if they can be a deal's: see :func:`read_deal`."""
    if any(value < 0 for value in points):
        raise GameError(f"deal {number} {quoted(text)}: points cannot be negative")
    if sum(points) > DEAL_MOST:
        raise GameError(
            f"deal {number} {quoted(text)}: the two players score at most {DEAL_MOST} "
            "together in one deal"
        )
    if points == (0, 0):
        raise GameError(
            f"deal {number} {quoted(text)}: nobody scored; the last trick always scores"
        )
    return points


def read_deals(text: str) -> tuple[tuple[int, int], ...]:
    """The deals of a partie written ``A-B`` and separated by spaces: ``23-7 12-30``.
    Refuses a text with no deal in it."""
    if not text.strip():
        raise GameError("no deals given: expected the two players' points as A-B, such as 23-7")
    return tuple(read_deal(word, number) for number, word in enumerate(text.split(), 1))


def settle_game(
    deals: Sequence[tuple[int, int] | str], rules: str = "classic", first_dealer: str = "first"
) -> Partie:
    """Settle the partie from its deals, in order, each the two players' points.

    A deal is a pair of ints (the first player's points, the second's) or
    the text ``A-B``. ``rules`` is ``classic`` (Piquet au cent) or
    ``rubicon`` (Rubicon Piquet), settled as the module docstring states;
    ``first_dealer`` is the player who deals the first deal, the deal then
    alternating. Refuses a deal given after the game is over.
    """
    if rules not in GAME_RULES:
        raise GameError(f"unknown rules {quoted(rules)}: expected classic or rubicon")
    if first_dealer not in PLAYERS:
        raise GameError(f"unknown first dealer {quoted(first_dealer)}: expected first or second")
    rows: list[DealRow] = []
    totals = (0, 0)
    outcome: _Outcome | None = None
    for number, given in enumerate(deals, 1):
        points = _deal_points(given, number)
        if outcome is not None:
            raise GameError(
                f"deal {number} {quoted(_written(given))} comes after the end of the game: "
                f"{outcome.ended}"
            )
        totals = (totals[0] + points[0], totals[1] + points[1])
        dealt_by = first_dealer if number % 2 else other(first_dealer)
        rows.append(DealRow(number, dealt_by, points, totals))
        outcome = _au_cent(totals, number) if rules == "classic" else _rubicon(totals, number)
    if outcome is None:
        left = None
        if rules == "rubicon":
            # a game still going after six deals was tied at six, and plays eight
            last = RUBICON_DEALS if len(rows) < RUBICON_DEALS else RUBICON_DEALS + TIE_DEALS
            left = last - len(rows)
        return Partie(rules, tuple(rows), totals, "in progress", None, None, False, False, left)
    return Partie(
        rules,
        tuple(rows),
        totals,
        outcome.status,
        outcome.winner,
        outcome.value,
        outcome.lurch,
        outcome.rubicon,
        None,
    )


@dataclass(frozen=True)
class _Outcome:
    status: str
    winner: str | None
    value: int
    lurch: bool
    rubicon: bool
    ended: str
    """Why no deal can follow, for the error refusing one."""


def _au_cent(totals: tuple[int, int], number: int) -> _Outcome | None:
    """The game over if a player has reached 100 and the totals differ; else None."""
    high = max(totals)
    if high < TARGET or totals[0] == totals[1]:
        # equal past 100: the deal's points cannot say who counted out first; play on
        return None
    winner = PLAYERS[totals.index(high)]
    lurch = min(totals) < LURCH
    return _Outcome(
        "won",
        winner,
        2 if lurch else 1,
        lurch,
        False,
        f"the {winner} player won it in deal {number}, {high} to {min(totals)}",
    )


def _rubicon(totals: tuple[int, int], number: int) -> _Outcome | None:
    """The game settled after six deals, or eight after a tie; else None."""
    if number < RUBICON_DEALS or number == RUBICON_DEALS + 1:
        return None
    high, low = max(totals), min(totals)
    if high == low:
        if number == RUBICON_DEALS:
            return None  # a tie: two more deals
        return _Outcome("void", None, 0, False, False, f"a tie after {number} deals voids it")
    winner = PLAYERS[totals.index(high)]
    rubiconed = low < RUBICON
    value = high + low + GAME_BONUS if rubiconed else high - low + GAME_BONUS
    return _Outcome(
        "won",
        winner,
        value,
        False,
        rubiconed,
        f"the {winner} player won it after {number} deals, {high} to {low}"
        + ("; two more deals follow only a tie" if number == RUBICON_DEALS else ""),
    )


def _deal_points(given: tuple[int, int] | str, number: int) -> tuple[int, int]:
    """The points of a deal given as text or as a pair of ints."""
    if isinstance(given, str):
        return read_deal(given, number)
    values: tuple[object, ...] = tuple(given) if isinstance(given, tuple | list) else ()
    whole = [value for value in values if isinstance(value, int) and not isinstance(value, bool)]
    if len(values) != 2 or len(whole) != 2:
        raise GameError(
            f"deal {number} {quoted(repr(given))}: expected the two players' points "
            "as a pair of whole numbers, the first player's first, or 'A-B'"
        )
    points = (whole[0], whole[1])
    return _checked(points, _written(points), number)


def _written(given: tuple[int, int] | str) -> str:
    """A deal as it is written: ``23-7``."""
    return given if isinstance(given, str) else "-".join(str(value) for value in given)
