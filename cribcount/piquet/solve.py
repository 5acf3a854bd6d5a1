"""The play of piquet solved double dummy: both hands known, both sides playing their best.

Two players, twelve cards each. The elder leads to the first trick; the
second player must follow suit when he can, but need not win; the higher
card of the suit led wins, and the winner leads to the next trick. Play
points, as the rules count them:

- classic (and ``english``, which differs only in the point): the leader
  scores 1 for a card led that is a ten or better; the second player 1 for
  winning a trick with a ten or better (the leader scores nothing for
  winning); the winner of the last trick 1 more;
- ``rubicon``: every card led scores 1 and every trick the second player
  wins scores 1; the last trick 2 more (the texts' "the last trick counts
  two" read as two more for it, not one more than the usual point);
- in every rule: more than six tricks score 10 for the cards (six each,
  nothing); all twelve are capot, 40, instead of the cards and the last
  trick.

Each side plays to make its own play points minus the other's as large as
it can; the value of a position is the elder's points from there to the
end of the play minus the younger's. Pic depends on the declarations and
on the order the points come in, so it is not part of the value: the value
is play points only. Whether a side can force the cards or the capot is a
second question, answered by the same search with the tricks as the
objective: the elder playing for the most tricks, the younger for the
fewest.

:func:`reference_value`, :func:`reference_sure_tricks` and :func:`reference_line`
are the plain solvers, a minimax over
every legal card with its results remembered; the kernel in
:mod:`cribcount.piquet.solve_kernel` is checked against them, and
:func:`solve` uses it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cribcount.cards import PIQUET, SUITS, Card, notations
from cribcount.piquet.declare import piquet_rank
from cribcount.piquet.forms import ROLES, form_of
from cribcount.piquet.play import (
    CAPOT_POINTS,
    CARDS_POINTS,
    last_trick_points,
    lead_points,
    score_play,
    win_points,
)

TRICKS = 12
"""Tricks in a deal: twelve cards each."""


def order_key(card: Card) -> tuple[int, int]:
    """The order in which cards are tried, and a best line chooses among equals: the
    highest first, then spades, hearts, diamonds, clubs."""
    return -piquet_rank(card), SUITS.index(card.suit)


# -- the play, move by move ---------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A moment of the play: the cards each seat still holds (the elder's, the
    younger's), the seat leading the trick, the tricks each has won, and the card led to
    the trick in progress (None between tricks; the card is no longer in its leader's
    hand)."""

    hands: tuple[frozenset[Card], frozenset[Card]]
    leader: int = 0
    won: tuple[int, int] = (0, 0)
    led: Card | None = None

    @property
    def turn(self) -> int:
        """The seat to play: the leader between tricks, the other within one."""
        return self.leader if self.led is None else 1 - self.leader

    @property
    def over(self) -> bool:
        return not self.hands[0] and not self.hands[1]


def deal(elder: Sequence[Card], younger: Sequence[Card]) -> Position:
    """The position before the first lead."""
    return Position((frozenset(elder), frozenset(younger)))


@dataclass(frozen=True)
class Item:
    """Points scored in the play: ``kind`` is ``lead``, ``win``, ``last trick``,
    ``cards`` or ``capot``; ``seat`` scores them."""

    kind: str
    seat: int
    points: int


@dataclass(frozen=True)
class Move:
    """A card played: by whom, what it scores (and what the end of the play scores, after
    the last card), the trick's winner once it is complete, and the position after."""

    seat: int
    card: Card
    items: tuple[Item, ...]
    winner: int | None
    after: Position

    @property
    def net(self) -> int:
        """What the move scores, the elder's points minus the younger's."""
        return sum(item.points if item.seat == 0 else -item.points for item in self.items)


def legal(position: Position) -> tuple[Card, ...]:
    """The cards the seat to play may play, in :func:`order_key` order: any card to lead;
    to follow, a card of the suit led when he holds one."""
    hand = position.hands[position.turn]
    if position.led is not None:
        suit = position.led.suit
        following = [card for card in hand if card.suit == suit]
        if following:
            return tuple(sorted(following, key=order_key))
    return tuple(sorted(hand, key=order_key))


def play(position: Position, card: Card, rules: str = "classic") -> Move:
    """The seat to play plays ``card`` (which must be legal): what it scores (a lead, by
    :func:`~cribcount.piquet.play.lead_points`; a win, by
    :func:`~cribcount.piquet.play.win_points`), and the position after."""
    seat = position.turn
    elder, younger = position.hands
    held = (elder - {card}, younger) if seat == 0 else (elder, younger - {card})
    led = position.led
    if led is None:
        points = lead_points(card, rules)
        items = (Item("lead", seat, points),) if points else ()
        return Move(seat, card, items, None, Position(held, seat, position.won, card))
    wins = card.suit == led.suit and piquet_rank(card) > piquet_rank(led)
    winner = seat if wins else position.leader
    scored: list[Item] = []
    if wins and (points := win_points(card, rules)):
        scored.append(Item("win", seat, points))
    won = (position.won[0] + (winner == 0), position.won[1] + (winner == 1))
    after = Position(held, winner, won)
    if after.over:
        scored += end_of_play(won, winner, rules)
    return Move(seat, card, tuple(scored), winner, after)


def end_of_play(won: tuple[int, int], last: int, rules: str = "classic") -> list[Item]:
    """What the end of the play scores, given the tricks each side won and the winner of
    the last: all twelve are capot (40), and nothing more; otherwise the last trick (1;
    rubicon 2) and more than six tricks the cards (10)."""
    for seat in (0, 1):
        if won[seat] == TRICKS:
            return [Item("capot", seat, CAPOT_POINTS)]
    items = [Item("last trick", last, last_trick_points(rules))]
    for seat in (0, 1):
        if won[seat] > TRICKS // 2:
            items.append(Item("cards", seat, CARDS_POINTS))
    return items


@functools.cache
def reference_value(position: Position, rules: str = "classic") -> int:
    """The elder's play points from ``position`` to the end minus the younger's, the elder
    playing for the most and the younger for the least (plain minimax, remembered)."""
    if position.over:
        return 0
    results = (
        move.net + reference_value(move.after, rules)
        for move in (play(position, card, rules) for card in legal(position))
    )
    return max(results) if position.turn == 0 else min(results)


@functools.cache
def reference_sure_tricks(position: Position) -> int:
    """The tricks the elder wins from ``position`` on, the elder playing for the most and
    the younger for the fewest: the elder can make that many whatever the younger does,
    and the younger can hold him to it (plain minimax, remembered)."""
    if position.over:
        return 0
    results = []
    for card in legal(position):
        move = play(position, card)
        results.append((move.winner == 0) + reference_sure_tricks(move.after))
    return max(results) if position.turn == 0 else min(results)


def best_line(
    position: Position, rules: str, total: int, worth: Callable[[Position, int], bool]
) -> list[Move]:
    """A best line of play from ``position``, whose value is ``total``: at each turn the
    first legal card (in :func:`order_key` order) after which the rest of the play is
    worth what keeps the total; ``worth(position, target)`` says whether a position's
    value is ``target``."""
    moves = []
    while not position.over:
        for card in legal(position):
            move = play(position, card, rules)
            if worth(move.after, total - move.net):
                break
        else:  # pragma: no cover - a position's value is some move's
            raise AssertionError(f"no move keeps the value {total}")
        moves.append(move)
        total -= move.net
        position = move.after
    return moves


def reference_line(position: Position, rules: str = "classic") -> list[Move]:
    """:func:`best_line` by the plain solver."""
    return best_line(
        position,
        rules,
        reference_value(position, rules),
        lambda at, target: reference_value(at, rules) == target,
    )


# -- the kernel's searches ------------------------------------------------------------


class KernelSearch:
    """The kernel's searches over one deal: every position searched shares one
    transposition table, so each search after the first is quick."""

    def __init__(self, rules: str = "classic") -> None:
        from cribcount.piquet import solve_kernel

        self._kernel = solve_kernel
        self.rules = rules
        self._table = solve_kernel.new_table()

    def search(self, position: Position, objective: int, alpha: int, beta: int) -> int:
        """``solve_kernel.search`` of ``position``: exact between ``alpha`` and ``beta``."""
        masks = [PIQUET.mask(hand) for hand in position.hands]
        led = self._kernel.NO_CARD if position.led is None else PIQUET.id(position.led)
        return int(
            self._kernel.search(
                masks[0],
                masks[1],
                position.leader,
                position.won[0],
                led,
                self.rules == "rubicon",
                objective,
                alpha,
                beta,
                *self._table,
            )
        )

    def value(self, position: Position, guess: int = 0) -> int:
        """:func:`reference_value`, by the kernel: searches of the narrowest window, each moving
        the bounds on the value towards each other, starting from ``guess`` (MTD(f)).

        A narrow window cuts off far more of the tree than a wide one, and the table
        keeps what each search learnt for the next.
        """
        low, high = -self._kernel.INF, self._kernel.INF
        found = guess
        while low < high:
            beta = found + 1 if found == low else found
            found = self.search(position, self._kernel.OBJECTIVE_POINTS, beta - 1, beta)
            if found < beta:
                high = found
            else:
                low = found
        return found

    def sure_tricks(self, position: Position) -> int:
        """:func:`reference_sure_tricks`, by the kernel."""
        inf = self._kernel.INF
        return self.search(position, self._kernel.OBJECTIVE_TRICKS, -inf, inf)

    def is_worth(self, position: Position, target: int) -> bool:
        """Whether the value of ``position`` is ``target``: a search of the narrowest window
        around it."""
        return (
            self.search(position, self._kernel.OBJECTIVE_POINTS, target - 1, target + 1) == target
        )

    def line(self, position: Position, total: int) -> list[Move]:
        """:func:`best_line` by the kernel."""
        return best_line(position, self.rules, total, self.is_worth)


def compile_note() -> str | None:
    """What to tell the user before the solver's first use (:func:`jit.compile_note`)."""
    from cribcount import jit
    from cribcount.piquet import solve_kernel

    return jit.compile_note([solve_kernel.search])


# -- the solution -----------------------------------------------------------------------


@dataclass(frozen=True)
class SolvedTrick:
    """One trick: its number, leader, the two cards (the leader's first), its winner, what
    each seat scored in it (the elder's, the younger's: the lead and the win) and how many
    of its cards were given rather than solved."""

    number: int
    leader: int
    cards: tuple[Card, Card]
    winner: int
    points: tuple[int, int]
    given: int


@dataclass(frozen=True)
class Side:
    """A seat's play points and tricks over the deal."""

    points: int
    tricks: int


@dataclass(frozen=True)
class Solution:
    """The play of a deal solved from a position: the cards given, the best line from
    there, every trick of the deal, the end of the play's points (last trick, cards or
    capot), each seat's points and tricks, and the value: the elder's play points minus
    the younger's over the whole deal, the tricks given included.

    ``sure_tricks`` are the elder's tricks in the deal when both play for tricks alone:
    he can make that many whatever the younger does, and no more if the younger plays
    to stop him.
    """

    rules: str
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    played: tuple[Card, ...]
    line: tuple[Card, ...]
    tricks: tuple[SolvedTrick, ...]
    extras: tuple[Item, ...]
    sides: tuple[Side, Side]
    value: int
    sure_tricks: int

    @property
    def cards_forced(self) -> int | None:
        """The seat that can force the cards (more than six tricks), if either can."""
        if self.sure_tricks > TRICKS // 2:
            return 0
        if self.sure_tricks < TRICKS // 2:
            return 1
        return None

    @property
    def capot_forced(self) -> int | None:
        """The seat that can force capot (all twelve tricks), if either can."""
        if self.sure_tricks == TRICKS:
            return 0
        if self.sure_tricks == 0:
            return 1
        return None

    def to_json(self) -> dict[str, object]:
        """The solution as plain data, keyed by role: the hands, the cards given, the
        value, each side's play points and tricks won, a row per trick (``given``: how many of its
        cards were given), the end of the play's points, the best line, the tricks each
        side can make however the other plays, and whether each side can force the cards
        (``cards_forced``) and the capot (``capot_forced``)."""
        sure = (self.sure_tricks, TRICKS - self.sure_tricks)

        def by_role(values: Sequence[object]) -> dict[str, object]:
            return dict(zip(ROLES, values, strict=True))

        form = form_of(2, self.rules)
        return {
            "game": form.key,
            "title": form.name,
            "rules": self.rules,
            "hands": by_role([notations(hand) for hand in self.hands]),
            "played": notations(self.played),
            "value": self.value,
            "play_points": by_role([side.points for side in self.sides]),
            "tricks_won": by_role([side.tricks for side in self.sides]),
            "tricks": [
                {
                    "trick": trick.number,
                    "leader": ROLES[trick.leader],
                    "cards": notations(trick.cards),
                    "winner": ROLES[trick.winner],
                    "trick_points": by_role(trick.points),
                    "given": trick.given,
                }
                for trick in self.tricks
            ],
            "end": [
                {"kind": item.kind, "role": ROLES[item.seat], "points": item.points}
                for item in self.extras
            ],
            "line": notations(self.line),
            "sure_tricks": by_role(sure),
            "cards_forced": by_role([self.cards_forced == seat for seat in (0, 1)]),
            "capot_forced": by_role([self.capot_forced == seat for seat in (0, 1)]),
        }


def solve(
    elder: Sequence[Card],
    younger: Sequence[Card],
    rules: str = "classic",
    played: Sequence[Card] = (),
) -> Solution:
    """Solve the play of ``elder``'s and ``younger``'s hands (twelve cards each, of the
    piquet pack, none in both) after the cards ``played`` (in the order of play, the
    leader's card first in each trick), both playing their best to the end.

    The deal and every card played are checked as :func:`cribcount.piquet.play.score_play`
    checks them: a card must be held by the player whose turn it is, not played before,
    and of the suit led when he holds one.
    """
    hands = (tuple(elder), tuple(younger))
    score_play(hands, played, rules)
    start = deal(*hands)
    given = _replay(start, played, rules)
    position = given[-1].after if given else start
    search = KernelSearch(rules)
    total = search.value(position)
    sure = position.won[0] + search.sure_tricks(position)
    moves = given + search.line(position, total)
    tricks = []
    extras: list[Item] = []
    for first in range(0, len(moves), 2):
        lead, reply = moves[first], moves[first + 1]
        assert reply.winner is not None
        points = [0, 0]
        for item in (*lead.items, *reply.items):
            if item.kind in ("lead", "win"):
                points[item.seat] += item.points
            else:
                extras.append(item)
        known = min(2, max(0, len(played) - first))
        cards = (lead.card, reply.card)
        tricks.append(
            SolvedTrick(
                first // 2 + 1, lead.seat, cards, reply.winner, (points[0], points[1]), known
            )
        )
    sides = [
        Side(
            sum(trick.points[seat] for trick in tricks)
            + sum(item.points for item in extras if item.seat == seat),
            sum(trick.winner == seat for trick in tricks),
        )
        for seat in (0, 1)
    ]
    return Solution(
        rules=rules,
        hands=hands,
        played=tuple(played),
        line=tuple(move.card for move in moves[len(played) :]),
        tricks=tuple(tricks),
        extras=tuple(extras),
        sides=(sides[0], sides[1]),
        value=sides[0].points - sides[1].points,
        sure_tricks=sure,
    )


def _replay(start: Position, cards: Sequence[Card], rules: str) -> list[Move]:
    """The moves of ``cards`` played from ``start``, already checked."""
    moves: list[Move] = []
    position = start
    for card in cards:
        move = play(position, card, rules)
        moves.append(move)
        position = move.after
    return moves
