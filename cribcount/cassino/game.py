"""The game of Cassino settled from its deals, between two sides (two players, or two
partnerships), by one of the scorings agreed:

- ``deal``: each deal a game, won by the side with more points, settled by the
  difference; equal points are a tie, and nobody wins anything;
- ``eleven``: 11 up by differences: at the end of each deal the side with more
  points scores the difference, and the first to 11 wins a game, or two, a lurch,
  when the loser has not reached 6;
- ``five``: a point a deal to the side with more points (none on equal points),
  first to five wins the game;
- ``twenty-one``: 21 up, each deal's points added. At the end of a deal the points
  count out in the order cards, spades, big Cassino, little Cassino, the aces of
  spades, clubs, hearts and diamonds, then the sweeps, of which only the
  difference counts; the first to reach 21 in that order wins; if neither does,
  play on. With claiming (``claiming=True``), a side claims out at the end of a
  deal: a right claim (its points with the deal's reach the game) wins at once,
  whatever the other has; a wrong one loses. If neither claims and both are out,
  the game goes on to 32, then 43, eleven more each time; a side out that does not
  claim plays on;
- ``sixty-one``: Spade Cassino, 61 up, every point pegged the moment its card is
  taken (the cards at the end), so the first to peg 61 wins.

A won game is worth one game (two for a lurch at ``eleven``); at ``deal`` the
difference in points. A game not yet won is in progress: no winner, no value.

A deal is written in one of three ways:

- its points, the first side's then the second's, sweeps included: ``7-4``. A
  whole deal counts 11 points besides sweeps (8 when the cards tie 26 to 26; 24,
  or 21, in Spade Cassino), so the two add up to at least that, and to no more
  than that and 24 sweeps (:data:`~cribcount.cassino.count.MOST_SWEEPS`); at
  ``twenty-one``, where only the difference of the sweeps counts, the points with
  the sweeps so counted;
- at ``twenty-one``, each side's points by name, the first side's, ``/``, the
  second's: ``cards``, ``spades``, ``big`` (or ``10D``), ``little`` (or ``2S``),
  the aces ``AS AC AH AD`` and ``sweep`` for each sweep, as in
  ``cards spades 10D AS AH sweep / 2S AC AD``. Every point of the deal goes to
  one side, the cards to one or, when tied, to neither. Points are needed by name
  when both sides reach the game in one deal without claiming, to count out;
- at ``sixty-one``, the pegs in the order pegged, each the side and its points:
  ``1:2 2:1 1:3``; needed when both sides reach 61 in one deal.

At ``twenty-one`` with claiming, a deal ends with the claim, ``claim 1`` or
``claim 2``: ``12-3 claim 1``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cribcount.cards import Card
from cribcount.cassino.count import (
    ACE_ORDER,
    BIG_CASSINO_POINTS,
    CARDS_POINTS,
    LITTLE_CASSINO_POINTS,
    MOST_SWEEPS,
    SPADES_POINTS,
    pack_points,
)
from cribcount.cassino.forms import BIG_CASSINO, GAMES, LITTLE_CASSINO, CassinoError
from cribcount.errors import CribcountError, quoted

SCORINGS = ("deal", "eleven", "five", "twenty-one", "sixty-one")
"""The scorings: each deal a game, 11 up by differences, a point a deal to five, 21 up
counted out, and Spade Cassino's 61 pegged."""

TARGETS = {"deal": None, "eleven": 11, "five": 5, "twenty-one": 21, "sixty-one": 61}
"""The points, or deals won, that win the game."""

LURCH = 6
"""At eleven: a loser who has not reached this is lurched, a double game."""

RAISE = 11
"""At twenty-one with claiming: the game goes on this many more when both are out."""

SIDES = (1, 2)


ACE_NAMES = {
    "S": "ace of spades",
    "C": "ace of clubs",
    "H": "ace of hearts",
    "D": "ace of diamonds",
}

_POINTS = re.compile(r"([0-9]+)-([0-9]+)")
_PEG = re.compile(r"([0-9]+):([0-9]+)")
_CLAIM = re.compile(r"(.*?)\s*\bclaim\b\s*(\S*)\s*", re.IGNORECASE | re.DOTALL)
_WORDS = re.compile(r"[\s,]+")


class GameError(CassinoError):
    """Deals that cannot be read, or that do not make a game."""


@dataclass(frozen=True)
class Deal:
    """One deal as the game reads it: each side's points, what they count out in order
    (``(side, points, name)``, when given by name or by pegs; None otherwise) and the
    side that claimed out at its end, if any."""

    points: tuple[int, int]
    order: tuple[tuple[int, int, str], ...] | None = None
    claim: int | None = None
    text: str = ""


@dataclass(frozen=True)
class GameStep:
    """The game after one deal: the deal's points, what they scored toward the game, the
    totals after it, the game's target, the side up (ahead; None when level), the side
    that won in it, what took it out, the claim made and whether the win is a lurch."""

    deal: int
    points: tuple[int, int]
    scored: tuple[int, int]
    totals: tuple[int, int]
    target: int | None
    up: int | None
    out: int | None = None
    by: str | None = None
    claim: int | None = None
    lurch: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "deal": self.deal,
            "deal_points": _by_side(self.points),
            "scored": _by_side(self.scored),
            "totals": _by_side(self.totals),
            "target": self.target,
            "up": self.up,
            "out": self.out,
            "by": self.by,
            "claim": self.claim,
            "lurch": self.lurch,
        }


@dataclass(frozen=True)
class CassinoGame:
    """A game settled, or in progress, from its deals.

    ``status`` is ``won``, ``tied`` (``deal`` scoring, equal points) or ``in progress``;
    ``value`` what the winner wins: games (1, or 2 for a lurch), at ``deal`` the
    difference in points; 0 when tied, None in progress.
    """

    scoring: str
    game: str
    claiming: bool
    steps: tuple[GameStep, ...]
    winner: int | None
    value: int | None
    status: str

    @property
    def totals(self) -> tuple[int, int]:
        return self.steps[-1].totals if self.steps else (0, 0)

    @property
    def target(self) -> int | None:
        return self.steps[-1].target if self.steps else TARGETS[self.scoring]

    def to_json(self) -> dict[str, object]:
        return {
            "scoring": self.scoring,
            "winner": self.winner,
            "value": self.value,
            "steps": [step.to_json() for step in self.steps],
        }


def _by_side(pair: tuple[int, int]) -> dict[str, int]:
    return {str(side): value for side, value in zip(SIDES, pair, strict=True)}


def read_deal(
    text: str, number: int = 1, scoring: str = "deal", game: str = "classic", claiming: bool = False
) -> Deal:
    """Deal ``number`` written as the module docstring states, for ``scoring``."""
    claim = None
    match = _CLAIM.fullmatch(text)
    if match is not None:
        if scoring != "twenty-one" or not claiming:
            raise GameError(
                f"deal {number} {quoted(text)}: a claim is made at twenty-one with claiming only"
            )
        if match[2] not in ("1", "2"):
            raise GameError(
                f"deal {number} {quoted(text)}: expected the side that claims, claim 1 or claim 2"
            )
        claim = int(match[2])
        body = match[1].strip()
    else:
        body = text.strip()
    spade = game == "spade"
    if _POINTS.fullmatch(body):
        deal = _read_points(body, text, number, spade)
    elif "/" in body and scoring == "twenty-one":
        deal = _read_named(body, text, number)
    elif ":" in body and scoring == "sixty-one":
        deal = _read_pegs(body, text, number)
    else:
        raise GameError(f"deal {number} {quoted(text)}: expected {_notations(scoring)}")
    return Deal(deal.points, deal.order, claim, text.strip())


def _notations(scoring: str) -> str:
    """The ways a deal may be written at ``scoring``, for the error refusing one."""
    points = "the two sides' points as A-B, such as 7-4"
    if scoring == "twenty-one":
        return f"{points}, or their points by name, such as 'cards spades 10D AS / 2S AC AD'"
    if scoring == "sixty-one":
        return f"{points}, or the pegs in order, such as '1:2 2:1 1:3'"
    return points


def _figure(digits: str) -> int:
    """The number ``digits`` spell; one too long to read, as more than any deal holds."""
    return int(digits) if len(digits) <= 6 else 10**6


def _read_points(body: str, text: str, number: int, spade: bool) -> Deal:
    first, second = (_figure(part) for part in body.split("-"))
    return Deal(_checked((first, second), text, number, spade))


def _checked(points: tuple[int, int], text: str, number: int, spade: bool) -> tuple[int, int]:
    """``points`` if they can be a whole deal's, sweeps included."""
    game = "spade" if spade else "classic"
    least, whole = pack_points(game, cards_tie=True), pack_points(game, cards_tie=False)
    total = sum(points)
    form = "Spade Cassino" if spade else "a deal"
    if total < least:
        raise GameError(
            f"deal {number} {quoted(text)}: {form} counts {whole} points besides sweeps, "
            f"{least} when the cards tie: expected {least} or more together"
        )
    if total > whole + MOST_SWEEPS:
        raise GameError(
            f"deal {number} {quoted(text)}: {form} counts {whole} points and "
            f"{MOST_SWEEPS} sweeps at most: expected {whole + MOST_SWEEPS} or fewer together"
        )
    return points


def _read_named(body: str, text: str, number: int) -> Deal:
    """A deal at twenty-one given by each side's points by name, counted out in order."""
    parts = body.split("/")
    if len(parts) != 2:
        raise GameError(
            f"deal {number} {quoted(text)}: expected the two sides' points by name, "
            "separated by one '/'"
        )
    owner: dict[str, int] = {}
    sweeps = [0, 0]
    for side, part in zip(SIDES, parts, strict=True):
        for word in (word for word in _WORDS.split(part) if word):
            name = _point_name(word)
            if name is None:
                raise GameError(
                    f"deal {number} {quoted(text)}: unknown point {quoted(word)}: expected "
                    "cards, spades, big, little, AS, AC, AH, AD or sweep"
                )
            if name == "sweep":
                sweeps[side - 1] += 1
            elif name in owner:
                raise GameError(
                    f"deal {number} {quoted(text)}: {name} given twice: each point goes to one side"
                )
            else:
                owner[name] = side
    missing = [name for name in _COUNT_ORDER if name != "cards" and name not in owner]
    if missing:
        raise GameError(
            f"deal {number} {quoted(text)}: {', '.join(missing)} given to neither side: "
            "every point but a tie for cards goes to one side"
        )
    if sum(sweeps) > MOST_SWEEPS:
        raise GameError(
            f"deal {number} {quoted(text)}: {sum(sweeps)} sweeps: a deal holds "
            f"{MOST_SWEEPS} at most"
        )
    order = [(owner[name], _WORTH[name], name) for name in _COUNT_ORDER if name in owner]
    difference = sweeps[0] - sweeps[1]
    if difference:
        order.append((1 if difference > 0 else 2, abs(difference), "sweeps"))
    points = [0, 0]
    for side, worth, _ in order:
        points[side - 1] += worth
    return Deal((points[0], points[1]), tuple(order))


_COUNT_ORDER = (
    "cards",
    "spades",
    "big cassino",
    "little cassino",
    *(ACE_NAMES[suit] for suit in ACE_ORDER),
)
_WORTH = {
    "cards": CARDS_POINTS,
    "spades": SPADES_POINTS,
    "big cassino": BIG_CASSINO_POINTS,
    "little cassino": LITTLE_CASSINO_POINTS,
} | {ACE_NAMES[suit]: 1 for suit in ACE_ORDER}
_NAMED = {"cards": "cards", "spades": "spades", "big": "big cassino", "little": "little cassino"}
_NAMED |= {"sweep": "sweep"}


def _point_name(word: str) -> str | None:
    """The point ``word`` names, as the steps name it; None for none."""
    name = _NAMED.get(word.lower())
    if name is not None:
        return name
    try:
        card = Card.parse(word)
    except CribcountError:
        return None
    if card == BIG_CASSINO:
        return "big cassino"
    if card == LITTLE_CASSINO:
        return "little cassino"
    if card.rank == 1:
        return ACE_NAMES[card.suit]
    return None


def _read_pegs(body: str, text: str, number: int) -> Deal:
    """A deal of Spade Cassino given by its pegs, in the order pegged."""
    order = []
    for index, word in enumerate((word for word in _WORDS.split(body) if word), 1):
        match = _PEG.fullmatch(word)
        if match is None or match[1] not in ("1", "2") or _figure(match[2]) == 0:
            raise GameError(
                f"deal {number} {quoted(text)}: peg {index} {quoted(word)}: expected the side "
                "and its points, 1:P or 2:P, P 1 or more"
            )
        order.append((int(match[1]), _figure(match[2]), f"peg {index}"))
    points = [0, 0]
    for side, worth, _ in order:
        points[side - 1] += worth
    total = (points[0], points[1])
    return Deal(_checked(total, text, number, spade=True), tuple(order))


def settle_game(
    deals: Sequence[Deal | str],
    scoring: str,
    game: str = "classic",
    claiming: bool = False,
) -> CassinoGame:
    """Settle a game of Cassino from its deals, in order, by ``scoring`` (see the module
    docstring); a deal is a :class:`Deal` or its text.

    ``sixty-one`` is Spade Cassino's scoring, and Spade Cassino's only; claiming is
    for ``twenty-one``. Refused: a deal after the game is over (at ``deal``, any after
    the first), and at ``twenty-one`` without claiming or at ``sixty-one``, a deal
    given by its points alone in which both sides reach the game, which only the order
    of counting out decides.
    """
    if scoring not in SCORINGS:
        raise GameError(f"scoring {quoted(scoring)}: expected one of {', '.join(SCORINGS)}")
    if game not in GAMES:
        raise GameError(f"game {quoted(game)}: expected one of {', '.join(GAMES)}")
    if (game == "spade") != (scoring == "sixty-one"):
        if game == "spade":
            raise GameError(
                f"scoring {scoring} in Spade Cassino: expected sixty-one, every point pegged"
            )
        raise GameError(f"scoring sixty-one in {game} Cassino: expected it in Spade Cassino only")
    if claiming and scoring != "twenty-one":
        raise GameError(f"claiming at {scoring}: expected it at twenty-one only")
    target = TARGETS[scoring]
    totals = (0, 0)
    steps: list[GameStep] = []
    winner: int | None = None
    value: int | None = None
    status = "in progress"
    for number, given in enumerate(deals, 1):
        deal = (
            given if isinstance(given, Deal) else read_deal(given, number, scoring, game, claiming)
        )
        if status != "in progress":
            raise GameError(
                f"deal {number} {quoted(deal.text or _written(deal.points))} comes after the "
                f"end of the game: {_ended(steps[-1], status)}"
            )
        step = _settle_deal(deal, number, scoring, claiming, totals, target)
        steps.append(step)
        totals, target = step.totals, step.target
        if step.out is not None:
            winner, status = step.out, "won"
            value = _value(scoring, step)
        elif scoring == "deal":
            status, value = "tied", 0
    return CassinoGame(scoring, game, claiming, tuple(steps), winner, value, status)


def _written(points: tuple[int, int]) -> str:
    return f"{points[0]}-{points[1]}"


def _ended(step: GameStep, status: str) -> str:
    """Why no deal follows ``step``, for the error refusing one."""
    if status == "tied":
        return f"deal {step.deal} was the game, a tie"
    return f"side {step.out} won it in deal {step.deal}"


def _value(scoring: str, step: GameStep) -> int:
    if scoring == "deal":
        return abs(step.points[0] - step.points[1])
    return 2 if step.lurch else 1


def _up(totals: tuple[int, int]) -> int | None:
    if totals[0] == totals[1]:
        return None
    return 1 if totals[0] > totals[1] else 2


def _settle_deal(
    deal: Deal,
    number: int,
    scoring: str,
    claiming: bool,
    totals: tuple[int, int],
    target: int | None,
) -> GameStep:
    """The game after ``deal``, from the totals and target before it."""
    points = deal.points
    if deal.claim is not None and not claiming:
        raise GameError(f"deal {number} {quoted(deal.text)}: a claim needs claiming")
    if scoring in ("deal", "eleven", "five"):
        higher = _up(points)
        scored = (0, 0)
        if higher is not None:
            gain = 1 if scoring == "five" else abs(points[0] - points[1])
            scored = (gain, 0) if higher == 1 else (0, gain)
        after = (totals[0] + scored[0], totals[1] + scored[1])
        if scoring == "deal":
            return GameStep(number, points, scored, after, None, higher, higher)
        assert target is not None
        winner = next((side for side in SIDES if after[side - 1] >= target), None)
        lurch = scoring == "eleven" and winner is not None and after[2 - winner] < LURCH
        return GameStep(number, points, scored, after, target, _up(after), winner, lurch=lurch)
    assert target is not None
    after = (totals[0] + points[0], totals[1] + points[1])
    if claiming:
        return _claimed(deal, number, totals, after, target)
    out_sides = [side for side in SIDES if after[side - 1] >= target]
    out: int | None = None
    by: str | None = None
    if len(out_sides) == 2:
        if deal.order is None:
            need = "by name" if scoring == "twenty-one" else "by its pegs, in order"
            raise GameError(
                f"deal {number} {quoted(deal.text or _written(points))}: both sides reach "
                f"{target} in it: give its points {need}, so they count out in order"
            )
        running = list(totals)
        for side, worth, name in deal.order:
            running[side - 1] += worth
            if running[side - 1] >= target:
                out, by = side, name
                break
    elif out_sides:
        out = out_sides[0]
        if deal.order is not None:
            running = list(totals)
            for side, worth, name in deal.order:
                running[side - 1] += worth
                if side == out and running[side - 1] >= target:
                    by = name
                    break
    return GameStep(number, points, points, after, target, _up(after), out, by)


def _claimed(
    deal: Deal, number: int, totals: tuple[int, int], after: tuple[int, int], target: int
) -> GameStep:
    """Twenty-one with claiming: a claim right or wrong decides; none, and both out, raises
    the game eleven more, as many times as needed."""
    points = deal.points
    if deal.claim is not None:
        right = after[deal.claim - 1] >= target
        out = deal.claim if right else 3 - deal.claim
        by = "claim" if right else "wrong claim"
        return GameStep(number, points, points, after, target, _up(after), out, by, deal.claim)
    while min(after) >= target:
        target += RAISE
    return GameStep(number, points, points, after, target, _up(after))


__all__ = [
    "SCORINGS",
    "CassinoGame",
    "Deal",
    "GameError",
    "GameStep",
    "read_deal",
    "settle_game",
]
