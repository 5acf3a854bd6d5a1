"""Rubicon Bézique's last nine tricks, solved with both hands known.

Once the stock is out, the two players play out their last nine cards (laws 53 to
55), and nothing may be declared any more (law 52):

- the leader plays any card; the other must follow suit if he can, and must win the
  card led if he can: with a higher card of its suit, or, void in the suit, with a
  trump (any trump wins a card of another suit); void in the suit and without a
  trump, he plays any card;
- the trick goes to the higher card of the suit led, or to the trump played to a card
  of another suit; of two equal cards (the four packs hold each card four times) the
  first played wins; the winner leads to the next trick;
- the last trick scores 50 to its winner (law 53), and each brisque (ace or ten) 10
  to the player who wins it in a trick (law 56).

A player who has seen every card played knows the other's nine once the stock is
out. Each side plays to make his points in these tricks minus the other's as large
as he can; the value is the leader's points (the leader to the first of the tricks)
minus the other's. Every point is a multiple of ten.

The hands may hold the same card more than once, so a hand is a multiset: kept here
as a tuple in :func:`~cribcount.bezique.pack.play_order`, so that two hands holding
the same cards are the same. Of two copies of a card, either may be played: the
moves are the distinct cards.

:func:`reference_value` and :func:`reference_line` are the plain solvers, a minimax
over every legal card with its results remembered; the kernel in
:mod:`cribcount.bezique.tricks_kernel` is checked against them, and :func:`solve`
uses it. Both take an ending of fewer tricks too (fewer cards in each hand, as many
in one as in the other): the last of them is the last trick.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cribcount.bezique.pack import (
    BRISQUE_POINTS,
    HAND_SIZE,
    PACK,
    ROLES,
    check_counts,
    is_brisque,
    play_order,
    strength,
)
from cribcount.cards import SUITS, Card, notations
from cribcount.errors import HandError, NotationError, PlayError, quoted
from cribcount.words import counted

LAST_TRICK_POINTS = 50
"""What the last trick scores to its winner (law 53)."""


def order_key(card: Card) -> tuple[int, int]:
    """The order in which cards are tried, and a best line chooses among equals: the
    highest first (A 10 K Q J 9 8 7), then spades, hearts, diamonds, clubs."""
    return -strength(card), SUITS.index(card.suit)


def beats(card: Card, led: Card, trump: str) -> bool:
    """Whether ``card``, played to ``led``, wins the trick: a higher card of the suit led,
    or a trump to a card of another suit. An equal card does not: the first played wins."""
    if card.suit == led.suit:
        return strength(card) > strength(led)
    return card.suit == trump


# -- the play, move by move ---------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A moment of the last tricks: the cards each seat still holds (the first's, the
    second's, each in play order), the trump suit, the seat leading the trick, and the
    card led to the trick in progress (None between tricks; the card is no longer in
    its leader's hand)."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    trump: str
    leader: int = 0
    led: Card | None = None

    @property
    def turn(self) -> int:
        """The seat to play: the leader between tricks, the other within one."""
        return self.leader if self.led is None else 1 - self.leader

    @property
    def over(self) -> bool:
        return not self.hands[0] and not self.hands[1]


def deal(first: Sequence[Card], second: Sequence[Card], trump: str, leader: int = 0) -> Position:
    """The position before the first of the tricks, ``leader`` (a seat) to lead."""
    return Position((play_order(first), play_order(second)), trump, leader)


@dataclass(frozen=True)
class Move:
    """A card played: by whom, the trick's winner and what each seat scores by it (the
    first's points, the second's) once the trick is complete, and the position after."""

    seat: int
    card: Card
    winner: int | None
    points: tuple[int, int]
    after: Position

    @property
    def net(self) -> int:
        """What the move scores, the first's points minus the second's."""
        return self.points[0] - self.points[1]


def legal(position: Position) -> tuple[Card, ...]:
    """The distinct cards the seat to play may play, in :func:`order_key` order: any card
    to lead; to follow, a card of the suit led that beats it, or, holding none, any of
    the suit; void in it, a trump; void in trumps too, any card."""
    hand = sorted(set(position.hands[position.turn]), key=order_key)
    led = position.led
    if led is None:
        return tuple(hand)
    following = [card for card in hand if card.suit == led.suit]
    if following:
        winning = [card for card in following if strength(card) > strength(led)]
        return tuple(winning or following)
    trumps = [card for card in hand if card.suit == position.trump]
    return tuple(trumps or hand)


def trick_points(cards: Sequence[Card], last: bool) -> int:
    """What a trick scores its winner: 10 for each brisque in it, and 50 for the last."""
    points = BRISQUE_POINTS * sum(is_brisque(card) for card in cards)
    return points + (LAST_TRICK_POINTS if last else 0)


def play(position: Position, card: Card) -> Move:
    """The seat to play plays ``card`` (which must be legal): the trick's winner and its
    points (:func:`trick_points`) once complete, and the position after."""
    seat = position.turn
    held = list(position.hands[seat])
    held.remove(card)
    hands = (tuple(held), position.hands[1]) if seat == 0 else (position.hands[0], tuple(held))
    led = position.led
    if led is None:
        return Move(seat, card, None, (0, 0), Position(hands, position.trump, seat, card))
    winner = seat if beats(card, led, position.trump) else position.leader
    after = Position(hands, position.trump, winner)
    points = trick_points((led, card), after.over)
    return Move(seat, card, winner, (points, 0) if winner == 0 else (0, points), after)


@functools.cache
def reference_value(position: Position) -> int:
    """The first's points from ``position`` to the end minus the second's, the first
    playing for the most and the second for the least (plain minimax, remembered)."""
    if position.over:
        return 0
    results = (
        move.net + reference_value(move.after)
        for move in (play(position, card) for card in legal(position))
    )
    return max(results) if position.turn == 0 else min(results)


def best_line(position: Position, total: int, worth: Callable[[Position, int], bool]) -> list[Move]:
    """A best line of play from ``position``, whose value is ``total``: at each turn the
    first legal card (in :func:`order_key` order) after which the rest of the play is
    worth what keeps the total; ``worth(position, target)`` says whether a position's
    value is ``target``."""
    moves = []
    while not position.over:
        for card in legal(position):
            move = play(position, card)
            if worth(move.after, total - move.net):
                break
        else:  # pragma: no cover - a position's value is some move's
            raise AssertionError(f"no move keeps the value {total}")
        moves.append(move)
        total -= move.net
        position = move.after
    return moves


def reference_line(position: Position) -> list[Move]:
    """:func:`best_line` by the plain solver."""
    return best_line(
        position,
        reference_value(position),
        lambda at, target: reference_value(at) == target,
    )


# -- the kernel's searches ------------------------------------------------------------


class KernelSearch:
    """The kernel's searches over one ending: the cards of the hands at ``start`` (and a
    card led to it) are the kinds of card the kernel knows, and every position searched
    after it shares one transposition table, so each search after the first is quick.

    The table has a place for every position of the ending, between tricks: how many of
    each kind of card each seat still holds, read as one number (each count a digit,
    of base one more than the copies the seat held at the start), and the leader.
    """

    def __init__(self, start: Position) -> None:
        import numpy as np  # here, so that the commands that need no kernel start quickly

        from cribcount.bezique import tricks_kernel

        self._kernel = tricks_kernel
        self.trump = SUITS.index(start.trump)
        dealt = [*start.hands[0], *start.hands[1], *([start.led] if start.led else [])]
        # by suit, and the weakest first within it, as the kernel wants them
        self.kinds = sorted(set(dealt), key=lambda card: (SUITS.index(card.suit), strength(card)))
        if len(dealt) > tricks_kernel.MOST_CARDS:
            raise PlayError(
                f"{counted(len(dealt), 'card')} in the hands: the last tricks are played with"
                f" {tricks_kernel.MOST_CARDS} at most"
            )
        self._index = {card: i for i, card in enumerate(self.kinds)}
        self._suits = np.array([SUITS.index(card.suit) for card in self.kinds], np.int64)
        self._strengths = np.array([strength(card) for card in self.kinds], np.int64)
        self._brisques = np.array([is_brisque(card) for card in self.kinds], np.int64)
        held = [self._counts(hand) for hand in start.hands]
        if start.led is not None:
            held[start.leader][self._index[start.led]] += 1
        self._weights, size = tricks_kernel.weights(
            np.array(held[0], np.int64), np.array(held[1], np.int64)
        )
        self._table = tricks_kernel.new_table(size)

    def _counts(self, hand: Sequence[Card]) -> list[int]:
        counts = [0] * len(self.kinds)
        for card in hand:
            counts[self._index[card]] += 1
        return counts

    def _packed(self, hand: Sequence[Card]) -> int:
        """A hand as the kernel holds it: each kind's count in three bits."""
        bits = self._kernel.COUNT_BITS
        return sum(count << (bits * kind) for kind, count in enumerate(self._counts(hand)))

    def search(self, position: Position, alpha: int, beta: int) -> int:
        """``tricks_kernel.search`` of ``position``, in the kernel's units (tens of points):
        exact between ``alpha`` and ``beta``."""
        if position.over:
            return 0
        led = self._kernel.NO_CARD if position.led is None else self._index[position.led]
        return int(
            self._kernel.search(
                self._packed(position.hands[0]),
                self._packed(position.hands[1]),
                position.leader,
                led,
                self.trump,
                alpha,
                beta,
                self._suits,
                self._strengths,
                self._brisques,
                self._weights,
                *self._table,
            )
        )

    def value(self, position: Position, guess: int = 0) -> int:
        """:func:`reference_value`, by the kernel: searches of the narrowest window, each
        moving the bounds on the value towards each other, starting from ``guess``
        (MTD(f)).

        A narrow window cuts off far more of the tree than a wide one, and the table
        keeps what each search learnt for the next.
        """
        low, high = -self._kernel.INF, self._kernel.INF
        found = guess // BRISQUE_POINTS
        while low < high:
            beta = found + 1 if found == low else found
            found = self.search(position, beta - 1, beta)
            if found < beta:
                high = found
            else:
                low = found
        return found * BRISQUE_POINTS

    def is_worth(self, position: Position, target: int) -> bool:
        """Whether the value of ``position`` is ``target`` (in points): a search of the
        narrowest window around it."""
        units, rest = divmod(target, BRISQUE_POINTS)
        if rest:
            return False
        return self.search(position, units - 1, units + 1) == units

    def line(self, position: Position, total: int) -> list[Move]:
        """:func:`best_line` by the kernel."""
        return best_line(position, total, self.is_worth)


def compile_note() -> str | None:
    """What to tell the user before the solver's first use (:func:`jit.compile_note`)."""
    from cribcount import jit
    from cribcount.bezique import tricks_kernel

    return jit.compile_note([tricks_kernel.search])


# -- the solution -----------------------------------------------------------------------


@dataclass(frozen=True)
class SolvedTrick:
    """One trick of the best line: its number, leader, the two cards (the leader's first),
    its winner and what each seat scored in it (the first's, the second's: its brisques,
    and the 50 of the last trick)."""

    number: int
    leader: int
    cards: tuple[Card, Card]
    winner: int
    points: tuple[int, int]


@dataclass(frozen=True)
class Solution:
    """The last tricks solved: the hands, the trump, the seat that leads to the first of
    them, a best line trick by trick, each seat's points along it (its brisques' and,
    for the winner of the last trick, the 50) and brisques won, and the value: the
    leader's points minus the other's, the most the leader can make of it whatever the
    other does, and the least the other can hold him to."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    trump: str
    leader: int
    tricks: tuple[SolvedTrick, ...]
    points: tuple[int, int]
    brisques: tuple[int, int]
    value: int

    @property
    def line(self) -> tuple[Card, ...]:
        """The cards of the best line, in order of play."""
        return tuple(card for trick in self.tricks for card in trick.cards)

    @property
    def last_trick(self) -> int:
        """The seat that wins the last trick, and its 50."""
        return self.tricks[-1].winner

    def to_json(self) -> dict[str, object]:
        """The solution as plain data, keyed by role: the hands, the trump, the leader, the
        value (the leader's points minus the other's), each side's points and brisques
        won, the winner of the last trick, a row per trick and the best line's cards."""

        def by_role(values: Sequence[object]) -> dict[str, object]:
            return dict(zip(ROLES, values, strict=True))

        return {
            "hands": by_role([notations(hand) for hand in self.hands]),
            "trump": self.trump,
            "leader": ROLES[self.leader],
            "value": self.value,
            "points": by_role(self.points),
            "brisques": by_role(self.brisques),
            "last_trick": ROLES[self.last_trick],
            "tricks": [
                {
                    "trick": trick.number,
                    "leader": ROLES[trick.leader],
                    "cards": notations(trick.cards),
                    "winner": ROLES[trick.winner],
                    "trick_points": by_role(trick.points),
                }
                for trick in self.tricks
            ],
            "line": notations(self.line),
        }


def check_ending(first: Sequence[Card], second: Sequence[Card]) -> None:
    """Refuse hands that make no ending of the last nine tricks: each must be of the four
    packs, both of the same size, from one card to nine, and no card more than four
    times in the two together."""
    for hand, role in zip((first, second), ROLES, strict=True):
        PACK.check(hand, " ".join(notations(hand)))
        if not 1 <= len(hand) <= HAND_SIZE:
            raise HandError(
                f"the {role}'s hand {quoted(' '.join(notations(hand)))}"
                f" has {counted(len(hand), 'card')}: the last tricks are played with one to"
                f" {HAND_SIZE} each"
            )
    if len(first) != len(second):
        raise HandError(
            f"the first holds {counted(len(first), 'card')} and the second {len(second)}:"
            " the last tricks are played with as many cards in each hand"
        )
    check_counts((first, second), ("the first's hand", "the second's hand"))


def solve(
    first: Sequence[Card], second: Sequence[Card], trump: str, leader: str = "first"
) -> Solution:
    """Solve the last tricks of ``first``'s and ``second``'s hands (nine cards each, or as
    many fewer in each, checked by :func:`check_ending`), ``trump`` the trump suit (a
    letter) and ``leader`` (``'first'`` or ``'second'``) leading to the first of them,
    both playing their best to the end."""
    if leader not in ROLES:
        raise PlayError(f"invalid leader {quoted(leader)}: expected first or second")
    if trump not in SUITS:
        raise NotationError(f"invalid trump {quoted(trump)}: expected S, H, D or C")
    check_ending(first, second)
    seat = ROLES.index(leader)
    start = deal(first, second, trump, seat)
    search = KernelSearch(start)
    total = search.value(start)
    moves = search.line(start, total)
    tricks = []
    for number, lead in enumerate(range(0, len(moves), 2), start=1):
        led, reply = moves[lead], moves[lead + 1]
        assert reply.winner is not None
        cards = (led.card, reply.card)
        tricks.append(SolvedTrick(number, led.seat, cards, reply.winner, reply.points))
    points = tuple(sum(trick.points[side] for trick in tricks) for side in (0, 1))
    brisques = tuple(
        sum(is_brisque(card) for trick in tricks if trick.winner == side for card in trick.cards)
        for side in (0, 1)
    )
    return Solution(
        hands=(tuple(first), tuple(second)),
        trump=trump,
        leader=seat,
        tricks=tuple(tricks),
        points=(points[0], points[1]),
        brisques=(brisques[0], brisques[1]),
        value=points[seat] - points[1 - seat],
    )


__all__ = [
    "LAST_TRICK_POINTS",
    "KernelSearch",
    "Move",
    "Position",
    "Solution",
    "SolvedTrick",
    "beats",
    "best_line",
    "check_ending",
    "compile_note",
    "deal",
    "legal",
    "order_key",
    "play",
    "reference_line",
    "reference_value",
    "solve",
    "trick_points",
]
