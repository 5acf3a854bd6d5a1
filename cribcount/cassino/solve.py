"""The rest of a Cassino deal solved with every hand known.

The model: every hand is known (and, before the last round, the stock in dealing order),
and the rest of the deal is played to maximise one side's points minus the other's: the
player to move's side against the other (two players, two partnerships); with three or
four playing each for himself, the player to move against all the others as one side.
The points are the count of the whole deal (:func:`cribcount.cassino.count.count_deal`,
sweeps scored): the cards each side has taken so far (``piles``) and those it takes in
the rest, the sweeps made in the rest, the cards left at the end going to the player who
took last (``last_taker``; to nobody if nobody took). Every legal play is considered
(:func:`cribcount.cassino.moves.legal_moves`); of equally good plays the first in its
order is the one the line follows.

The deal goes on as it is dealt: when every hand is empty and the stock is not, four more
to each player from the stock, two at a time from seat 1 (his two, the next seat's two,
..., then again); in Draw Cassino the player draws the stock's top card after each play
while it lasts. The values each seat has declared (built for and not played since) are
forgotten at each new round.

:func:`reference_solve` is the plain twin: a memoised minimax over the states.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from cribcount.cards import Card, card_key, format_cards
from cribcount.cassino.count import DealCount, count_deal
from cribcount.cassino.forms import HAND, CassinoError, Form
from cribcount.cassino.moves import Move, Position, apply_move, legal_moves
from cribcount.cassino.notation import write_play
from cribcount.cassino.table import Table, check_table


@dataclass(frozen=True)
class DealState:
    """A deal in play with every card known: the table, each seat's hand (seat 1 first),
    the seat to move, the cards each side has taken (side 1 first), the sweeps each side
    has made since the state was set, the last taker, the values each seat has declared
    this round, and the stock still to come, in dealing order."""

    form: Form
    table: Table
    hands: tuple[tuple[Card, ...], ...]
    turn: int = 1
    piles: tuple[tuple[Card, ...], ...] = ()
    sweeps: tuple[int, ...] = ()
    last_taker: int | None = None
    declared: tuple[frozenset[int], ...] = ()
    stock: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        sides, seats = self.form.sides, self.form.players
        if not self.piles:
            object.__setattr__(self, "piles", ((),) * sides)
        if not self.sweeps:
            object.__setattr__(self, "sweeps", (0,) * sides)
        if not self.declared:
            object.__setattr__(self, "declared", (frozenset(),) * seats)
        hands = tuple(tuple(sorted(hand, key=card_key)) for hand in self.hands)
        piles = tuple(tuple(sorted(pile, key=card_key)) for pile in self.piles)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "piles", piles)

    @property
    def over(self) -> bool:
        """Whether every card has been played."""
        return not self.stock and not any(self.hands)

    @property
    def position(self) -> Position:
        """The position of the seat to move."""
        declared = {seat: values for seat, values in enumerate(self.declared, start=1)}
        return Position(self.form, self.table, self.hands[self.turn - 1], self.turn, declared)


def start_state(
    form: Form,
    table: Table,
    hands: Sequence[Sequence[Card]],
    seat: int = 1,
    piles: Sequence[Sequence[Card]] | None = None,
    last_taker: int | None = None,
    stock: Sequence[Card] = (),
) -> DealState:
    """The state of a deal from what is known, checked: every card once among the table,
    the hands, the piles and the stock; a hand of at most four for each seat, the seat to
    move holding a card (or, between rounds, nobody); a pile for each side."""
    form.check_seat(seat)
    check_table(table, form)
    if len(hands) != form.players:
        raise CassinoError(f"{len(hands)} hands: expected one for each of the {form.players} seats")
    piles = list(piles) if piles is not None else [[] for _ in range(form.sides)]
    if len(piles) != form.sides:
        raise CassinoError(f"{len(piles)} piles: expected one for each of the {form.sides} sides")
    if last_taker is not None:
        form.check_seat(last_taker)
    seen: dict[Card, str] = {card: "the table" for card in table.cards}
    places = [(f"seat {s}'s hand", hand) for s, hand in enumerate(hands, start=1)]
    places += [(f"side {s}'s pile", pile) for s, pile in enumerate(piles, start=1)]
    places += [("the stock", stock)]
    for place, cards in places:
        for card in cards:
            if card in seen:
                raise CassinoError(
                    f"{card} is in {place} and in {seen[card]}: expected each card once"
                )
            seen[card] = place
    for s, hand in enumerate(hands, start=1):
        if len(hand) > HAND:
            raise CassinoError(f"seat {s} holds {len(hand)} cards: a hand holds four at most")
    if any(hands) and not hands[seat - 1]:
        raise CassinoError(f"seat {seat} holds no card: expected the seat to move to hold one")
    if form.game != "draw" and len(stock) % (HAND * form.players):
        raise CassinoError(
            f"a stock of {len(stock)} cards: expected four for each seat a round"
            f" ({HAND * form.players} a round)"
        )
    state = DealState(
        form,
        table,
        tuple(tuple(hand) for hand in hands),
        seat,
        tuple(tuple(pile) for pile in piles),
        last_taker=last_taker,
        stock=tuple(stock),
    )
    return _dealt(state) if not any(state.hands) and state.stock else state


def _dealt(state: DealState) -> DealState:
    """The next round dealt from the stock: four to each seat, two at a time from seat 1;
    seat 1 to move; the declarations forgotten."""
    players = state.form.players
    hands: list[list[Card]] = [[] for _ in range(players)]
    stock = list(state.stock)
    for _ in range(HAND // 2):
        for seat in range(players):
            hands[seat] += stock[:2]
            del stock[:2]
    return DealState(
        state.form,
        state.table,
        tuple(tuple(hand) for hand in hands),
        1,
        state.piles,
        state.sweeps,
        state.last_taker,
        (),
        tuple(stock),
    )


def play(state: DealState, move: Move) -> DealState:
    """The state after the seat to move plays ``move``."""
    form, seat = state.form, state.turn
    hands = [list(hand) for hand in state.hands]
    hands[seat - 1].remove(move.card)
    stock = list(state.stock)
    if form.game == "draw" and stock:
        hands[seat - 1].append(stock.pop(0))
    piles = [list(pile) for pile in state.piles]
    sweeps = list(state.sweeps)
    last_taker = state.last_taker
    if move.kind == "take":
        side = form.side(seat) - 1
        piles[side] += [move.card, *move.takes]
        sweeps[side] += move.sweep
        last_taker = seat
    declared = [set(values) for values in state.declared]
    declared[seat - 1].discard(form.value(move.card))
    if move.build is not None:
        declared[seat - 1].add(move.build.value)
    after = DealState(
        form,
        apply_move(state.table, move),
        tuple(tuple(hand) for hand in hands),
        seat % form.players + 1,
        tuple(tuple(pile) for pile in piles),
        tuple(sweeps),
        last_taker,
        tuple(frozenset(values) for values in declared),
        tuple(stock),
    )
    if not any(after.hands) and after.stock:
        return _dealt(after)
    if after.hands[after.turn - 1] or after.over:
        return after
    # Draw Cassino's last cards: a seat with none left passes
    return _next_holding(after)


def _next_holding(state: DealState) -> DealState:
    turn = state.turn
    while not state.hands[turn - 1]:
        turn = turn % state.form.players + 1
    return DealState(
        state.form,
        state.table,
        state.hands,
        turn,
        state.piles,
        state.sweeps,
        state.last_taker,
        state.declared,
        state.stock,
    )


def final_count(state: DealState) -> DealCount:
    """The count of a deal played out: the cards left on the table to the last taker."""
    piles = [list(pile) for pile in state.piles]
    if state.last_taker is not None:
        piles[state.form.side(state.last_taker) - 1] += state.table.cards
    return count_deal(piles, state.sweeps, state.form)


def value_for(count: DealCount, side: int) -> int:
    """``side``'s points (from 1) minus every other side's."""
    totals = [each.total for each in count.sides]
    return 2 * totals[side - 1] - sum(totals)


@dataclass(frozen=True)
class Solution:
    """The rest of a deal solved: the value for the side to move, each side's points at
    the end along the best line, and the line (the plays, in words, each with its seat)."""

    form: Form
    side: int
    value: int
    points: tuple[int, ...]
    line: tuple[tuple[int, str], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "value": self.value,
            "side": self.side,
            "points": {str(side): p for side, p in enumerate(self.points, start=1)},
            "line": [{"seat": seat, "play": text} for seat, text in self.line],
        }

    @property
    def line_text(self) -> str:
        return ", ".join(text for _, text in self.line)


def reference_solve(state: DealState) -> Solution:
    """The rest of the deal played best by every side, by a plain memoised minimax over
    the states (the model of the module docstring)."""
    form = state.form
    side = form.side(state.turn)

    @cache
    def best(now: DealState) -> tuple[int, Move | None]:
        if now.over:
            return value_for(final_count(now), side), None
        mine = form.side(now.turn) == side
        chosen: tuple[int, Move | None] | None = None
        for move in legal_moves(now.position):
            found = best(play(now, move))[0]
            if chosen is None or (found > chosen[0] if mine else found < chosen[0]):
                chosen = (found, move)
        if chosen is None:
            raise CassinoError(
                f"seat {now.turn} has no legal play holding {format_cards(now.hands[now.turn - 1])}"
            )
        return chosen

    value = best(state)[0]
    line: list[tuple[int, str]] = []
    now = state
    while not now.over:
        move = best(now)[1]
        assert move is not None
        line.append((now.turn, write_play(move)))
        now = play(now, move)
    points = tuple(each.total for each in final_count(now).sides)
    return Solution(form, side, value, points, tuple(line))


def solve(state: DealState) -> Solution:
    """The rest of the deal solved (the model of the module docstring)."""
    return reference_solve(state)


__all__ = [
    "DealState",
    "Solution",
    "final_count",
    "play",
    "reference_solve",
    "solve",
    "start_state",
    "value_for",
]
