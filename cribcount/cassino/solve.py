"""The rest of a Cassino deal solved with every hand known.

The model: every hand is known (and, before the last round, the stock in dealing order),
and the rest of the deal is played to maximise one side's points minus the other's: the
player to move's side against the other (two players, two partnerships); with three or
four playing each for himself, the player to move against all the others as one side.
The points are the count of the whole deal (:func:`cribcount.cassino.count.count_deal`,
under the state's sweep rule, by default sweeps scored): the cards each side has taken
so far (``piles``) and those it takes in the rest, the sweeps made in the rest, the
cards left at the end going to the player who took last (``last_taker``; to nobody if
nobody took). Every legal play is considered
(:func:`cribcount.cassino.moves.legal_moves`). The line is a best line: each of its
plays keeps the value (the value of the rest after it, with its points, is the value
before it); of equally good plays the plain twin's line takes the first in the order of
``legal_moves``, the kernel's the one its search found best.

The deal goes on as it is dealt: when every hand is empty and the stock is not, four more
to each player from the stock, two at a time from seat 1 (his two, the next seat's two,
..., then again); in Draw Cassino the player draws the stock's top card after each play
while it lasts. The values each seat has declared (built for and not played since) are
forgotten at each new round.

:func:`reference_solve` is the plain twin: a memoised minimax over the states.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from cribcount.cards import Card, card_key, format_cards
from cribcount.cassino.count import DealCount, check_sweep_rule, check_sweeps, count_deal
from cribcount.cassino.forms import HAND, CassinoError, Form
from cribcount.cassino.moves import Move, Position, apply_move, legal_moves
from cribcount.cassino.notation import write_play
from cribcount.cassino.table import Table, check_table
from cribcount.errors import quoted
from cribcount.words import counted


@dataclass(frozen=True)
class DealState:
    """A deal in play with every card known: the table, each seat's hand (seat 1 first),
    the seat to move, the cards each side has taken (side 1 first), the sweeps each side
    has made since the state was set, the last taker, the values each seat has declared
    this round, the stock still to come, in dealing order, and how sweeps count
    (:data:`cribcount.cassino.count.SWEEP_RULES`)."""

    form: Form
    table: Table
    hands: tuple[tuple[Card, ...], ...]
    turn: int = 1
    piles: tuple[tuple[Card, ...], ...] = ()
    sweeps: tuple[int, ...] = ()
    last_taker: int | None = None
    declared: tuple[frozenset[int], ...] = ()
    stock: tuple[Card, ...] = ()
    sweep_rule: str = "scored"

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
        form = self.form
        declared = {seat: values for seat, values in enumerate(self.declared, start=1)}
        # what the partner holds as the player sees it, whatever his hand (moves module)
        return Position(form, self.table, self.hands[self.turn - 1], self.turn, declared)


def check_once(places: Sequence[tuple[str, Sequence[Card]]]) -> None:
    """Refuse a card in two of the ``places`` (each named, with its cards), or twice in
    one, naming both."""
    seen: dict[Card, str] = {}
    for place, cards in places:
        for card in cards:
            if card in seen:
                raise CassinoError(
                    f"{card} is in {place} and in {seen[card]}: expected each card once"
                )
            seen[card] = place


def start_state(
    form: Form,
    table: Table,
    hands: Sequence[Sequence[Card]],
    seat: int = 1,
    piles: Sequence[Sequence[Card]] | None = None,
    last_taker: int | None = None,
    stock: Sequence[Card] = (),
    declared: Mapping[int, frozenset[int]] | None = None,
    sweep_rule: str = "scored",
    sweeps: Sequence[int] | None = None,
) -> DealState:
    """The state of a deal from what is known, checked: every card once among the table,
    the hands, the piles and the stock; a hand of at most four for each seat, the seat to
    move holding a card (or, between rounds, nobody); a pile for each side, and the
    sweeps each side has made (none by default) within what its pile allows; a sweep rule
    of :data:`~cribcount.cassino.count.SWEEP_RULES`. ``declared``: the values each seat
    has declared this round (built for and not played since)."""
    check_sweep_rule(sweep_rule)
    form.check_seat(seat, "to move")
    check_table(table, form)
    if len(hands) != form.players:
        raise CassinoError(
            f"{counted(len(hands), 'hand')}: expected one for each of the {form.players} seats"
        )
    piles = list(piles) if piles is not None else [[] for _ in range(form.sides)]
    if len(piles) != form.sides:
        raise CassinoError(
            f"{counted(len(piles), 'pile')}: expected one for each of the {form.sides} sides"
        )
    if last_taker is not None:
        form.check_seat(last_taker, "as the last taker")
    places: list[tuple[str, Sequence[Card]]] = [("the table", table.cards)]
    places += [(f"seat {s}'s hand", hand) for s, hand in enumerate(hands, start=1)]
    places += [(f"side {s}'s pile", pile) for s, pile in enumerate(piles, start=1)]
    places += [("the stock", stock)]
    check_once(places)
    made = check_sweeps(sweeps, piles, form)
    for s, hand in enumerate(hands, start=1):
        if len(hand) > HAND:
            raise CassinoError(
                f"seat {s} holds {counted(len(hand), 'card')}: a hand holds four at most"
            )
    if any(hands) and not hands[seat - 1]:
        raise CassinoError(f"seat {seat} holds no card: expected the seat to move to hold one")
    if form.game != "draw" and len(stock) % (HAND * form.players):
        raise CassinoError(
            f"a stock of {counted(len(stock), 'card')}: expected four for each seat a round"
            f" ({HAND * form.players} a round)"
        )
    state = DealState(
        form,
        table,
        tuple(tuple(hand) for hand in hands),
        seat,
        tuple(tuple(pile) for pile in piles),
        made,
        last_taker=last_taker,
        declared=tuple(frozenset((declared or {}).get(s, ())) for s in range(1, form.players + 1)),
        stock=tuple(stock),
        sweep_rule=sweep_rule,
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
        state.sweep_rule,
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
        state.sweep_rule,
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
        state.sweep_rule,
    )


def final_count(state: DealState) -> DealCount:
    """The count of a deal played out: the cards left on the table to the last taker."""
    piles = [list(pile) for pile in state.piles]
    if state.last_taker is not None:
        piles[state.form.side(state.last_taker) - 1] += state.table.cards
    return count_deal(piles, state.sweeps, state.form, state.sweep_rule)


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


def reference_solve(state: DealState, side: int | None = None) -> Solution:
    """The rest of the deal played best by every side, by a plain memoised minimax over
    the states (the model of the module docstring), for ``side`` (from 1; by default the
    side to move) against the others as one side."""
    form = state.form
    side = _side(state, side)

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


def solves(state: DealState, solution: Solution) -> bool:
    """Whether ``solution`` solves ``state`` as the plain twin (:func:`reference_solve`)
    values it: the twin's value for its side, a line of legal plays each keeping that
    value (the twin's value of every state along it the same), to the end of the deal,
    and each side's points at the end of the line."""
    side = solution.side
    now = state
    kept = reference_solve(now, side).value == solution.value
    for seat, text in solution.line:
        if not kept or now.over or now.turn != seat:
            return False
        moves = [move for move in legal_moves(now.position) if write_play(move) == text]
        if len(moves) != 1:
            return False
        now = play(now, moves[0])
        kept = reference_solve(now, side).value == solution.value
    points = tuple(each.total for each in final_count(now).sides)
    return kept and now.over and points == solution.points


def _side(state: DealState, side: int | None) -> int:
    """The side solved for: ``side`` (checked), or the side to move."""
    if side is None:
        return state.form.side(state.turn)
    if not 1 <= side <= state.form.sides:
        raise CassinoError(f"side {side}: expected 1 to {state.form.sides}")
    return side


def compile_note(many: bool = False) -> str | None:
    """What to tell the user before the solver's first use (:func:`jit.compile_note`):
    the kernel of :func:`solve`, or with ``many`` that of :func:`solve_plays`."""
    from cribcount import jit
    from cribcount.cassino import solve_kernel

    return jit.compile_note([solve_kernel.option_values if many else solve_kernel.solve_rest])


def solve(state: DealState, side: int | None = None) -> Solution:
    """The rest of the deal solved (the model of the module docstring), by the search of
    :mod:`cribcount.cassino.solve_kernel`: alpha-beta with a table of the states met.
    A solution as :func:`reference_solve` finds one (:func:`solves`): its value, a best
    line (of equally good plays the one the search found best) and the points at the
    end of it."""
    from cribcount.cassino.moves import move_from_row

    form = state.form
    side = _side(state, side)
    found = _kernel_line(state, side)
    if found is None:
        return reference_solve(state, side)
    value, rows = found
    line: list[tuple[int, str]] = []
    now = state
    for seat, row in rows:
        move = move_from_row(now.position, row)
        line.append((seat, write_play(move)))
        now = play(now, move)
    points = tuple(each.total for each in final_count(now).sides)
    return Solution(form, side, value, points, tuple(line))


_FIRST_ROWS = 4096
"""Rows of plays first made room for in a solve; a search that needs more runs again
with four times as many."""


@cache
def _kernel_room() -> tuple[Any, ...]:
    """The transposition table and the levels' room, made once and shared by the solves
    (each search stamps its own keys)."""
    from cribcount.cassino import solve_kernel

    return (*solve_kernel.new_table(), solve_kernel.new_frames())


@dataclass
class _Encoded:
    """A state as :mod:`cribcount.cassino.solve_kernel` reads it."""

    first: Any
    piles: Any
    sweeps: Any
    rules: Any
    stock: Any
    loose: int
    """The most loose cards that count the rest of the deal can lay."""


def _encode(state: DealState, side: int) -> _Encoded:
    """``state`` as the kernel reads it, solved for ``side``."""
    import numpy as np

    from cribcount.cassino import solve_kernel as sk
    from cribcount.cassino.moves_kernel import MOST_LOOSE

    form, table = state.form, state.table
    first = np.zeros(sk.WIDTH, np.int64)
    first[sk.LOOSE] = sum(1 << card.id for card in table.loose)
    for seat, hand in enumerate(state.hands):
        first[sk.HANDS + seat] = sum(1 << card.id for card in hand)
    first[sk.TURN] = state.turn
    first[sk.LAST] = state.last_taker or 0
    if form.partners:
        for seat, values in enumerate(state.declared):
            first[sk.DECLARED + seat] = sum(1 << value for value in values if 0 <= value < 15)
    first[sk.BUILDS] = len(table.builds)
    for j, build in enumerate(table.builds):
        first[sk.VALUES + j] = build.value
        first[sk.MASKS + j] = sum(1 << card.id for card in build.cards)
        first[sk.CONTROLLERS + j] = build.controller or 0
        first[sk.MULTIPLE + j] = build.multiple
    rules = np.zeros(sk.RULES, np.int64)
    rules[sk.PLAYERS] = form.players
    rules[sk.PARTNERS] = form.partners
    rules[sk.ROYAL] = form.royal
    rules[sk.ACES] = form.aces
    rules[sk.SPADE] = form.game == "spade"
    rules[sk.DRAW] = form.game == "draw"
    rules[sk.ROOT] = side
    rules[sk.STOCK] = len(state.stock)
    rules[sk.SWEEP_POINT] = state.sweep_rule != "none"
    rules[sk.CANCELLING] = max(form.sides - 2, 0) if state.sweep_rule == "cancelled" else 0
    # every card still to be played may be laid loose
    coming = [*table.loose, *(card for hand in state.hands for card in hand), *state.stock]
    return _Encoded(
        first,
        np.array([sum(1 << card.id for card in pile) for pile in state.piles], np.int64),
        np.array(state.sweeps, np.int64),
        rules,
        np.array([card.id for card in state.stock] or [0], np.int64),
        min(sum(form.value(card) > 0 for card in coming), MOST_LOOSE),
    )


def _too_many_loose(table: Table) -> CassinoError:
    from cribcount.cassino.moves_kernel import MOST_LOOSE

    return CassinoError(
        f"table {quoted(table.notation())}: the rest of the deal can lay more than"
        f" {MOST_LOOSE} loose cards that count, expected at most {MOST_LOOSE} to solve it"
    )


def _kernel_line(state: DealState, side: int) -> tuple[int, list[tuple[int, list[int]]]] | None:
    """The value of the rest of the deal and its line, each play as its seat and its row
    of the move kernel, by :func:`cribcount.cassino.solve_kernel.solve_rest`; None when a
    seat to move has no legal play (:func:`reference_solve` says which)."""
    import numpy as np

    from cribcount.cassino import solve_kernel as sk
    from cribcount.cassino.moves_kernel import COLUMNS, workspace

    encoded = _encode(state, side)
    states = np.zeros((sk.DEPTH + 1, sk.WIDTH), np.int64)
    states[0] = encoded.first
    ints, flags = workspace(encoded.loose)
    table, stamps, frames = _kernel_room()
    words = np.zeros((sk.DEPTH + 1, sk.KEY_WORDS), np.int64)
    line = np.zeros((sk.DEPTH, COLUMNS + 1), np.int64)
    status = np.zeros(2, np.int64)
    rows = _FIRST_ROWS
    while True:
        out = np.empty((rows, COLUMNS), np.int64)
        scores = np.empty(rows, np.int64)
        value, plays = sk.solve_rest(
            states.copy(), encoded.piles, encoded.sweeps, encoded.rules, encoded.stock, out,
            scores, frames, words, table, stamps, ints, flags, line, status,
        )  # fmt: skip
        if status[0] != sk.OVERFLOW:
            break
        rows *= 4
    if status[0] == sk.TOO_MANY_LOOSE:
        raise _too_many_loose(state.table)
    if status[0] != sk.DONE:
        return None
    found = [(int(row[COLUMNS]), [int(n) for n in row[:COLUMNS]]) for row in line[:plays]]
    return int(value), found


def solve_plays(
    states: Sequence[DealState], moves: Sequence[Move], side: int, fresh: bool = True
) -> list[list[int]]:
    """For each of ``states`` (the same position, the hands and stock it cannot see
    differing) and each of ``moves`` (legal plays of its seat to move): the solved value
    for ``side`` of the whole deal after the play, as ``solve(play(state, move),
    side).value`` gives it, by one call of
    :func:`cribcount.cassino.solve_kernel.option_values` for them all. Not ``fresh``:
    more ways of the position of the last call, whose states of the last round the
    searches still share."""
    import numpy as np

    from cribcount.cassino import solve_kernel as sk
    from cribcount.cassino.moves import legal_move_rows, move_from_row
    from cribcount.cassino.moves_kernel import COLUMNS, workspace

    if not states or not moves:
        return [[] for _ in states]
    encoded = [_encode(state, side) for state in states]
    firsts = np.stack([each.first for each in encoded])
    stocks = np.stack([each.stock for each in encoded])
    seen = states[0].position
    rows = {move_from_row(seen, row): row for row in legal_move_rows([seen]).of(0)}
    plays = np.array([rows[move] for move in moves], np.int64)
    ints, flags = workspace(max(each.loose for each in encoded))
    runs = _runs()
    table, stamps = _run_tables(runs)
    if fresh:
        stamps[:, 1] = 0
    room = _FIRST_ROWS
    while True:
        status = np.zeros((runs, 2), np.int64)
        values = sk.option_values(
            firsts, stocks, encoded[0].piles, encoded[0].sweeps, encoded[0].rules, plays,
            np.zeros((runs, sk.DEPTH + 1, sk.WIDTH), np.int64),
            np.empty((runs, room, COLUMNS), np.int64),
            np.empty((runs, room), np.int64),
            np.zeros((runs, sk.DEPTH + 1, sk.FRAME), np.int64),
            np.zeros((runs, sk.DEPTH + 1, sk.KEY_WORDS), np.int64),
            table, stamps,
            np.zeros((runs, *ints.shape), np.int64), np.zeros((runs, *flags.shape), np.int8),
            status,
        )  # fmt: skip
        if not (status[:, 0] == sk.OVERFLOW).any():
            break
        room *= 4
        stamps[:, 1] = 0  # what the cut-short searches left is not kept
    if (status[:, 0] == sk.TOO_MANY_LOOSE).any():
        raise _too_many_loose(states[0].table)
    if (status[:, 0] != sk.DONE).any():
        return [
            [reference_solve(play(state, move), side).value for move in moves] for state in states
        ]
    return [[int(n) for n in row] for row in values]


def _runs() -> int:
    """The runs :func:`cribcount.cassino.solve_kernel.option_values` shares the ways out
    among: one to each of numba's threads (a thread to each core unless
    ``NUMBA_NUM_THREADS`` says fewer), at least two (the figures are the same for any
    number), at most :data:`~cribcount.cassino.solve_kernel.MOST_RUNS`."""
    import numba

    from cribcount.cassino import solve_kernel as sk

    return max(2, min(numba.get_num_threads(), sk.MOST_RUNS))


@cache
def _run_tables(runs: int) -> tuple[Any, ...]:
    """A transposition table for each of ``runs`` runs of the kernel, made once."""
    from cribcount.cassino import solve_kernel as sk

    return sk.new_tables(runs)


__all__ = [
    "DealState",
    "Solution",
    "check_once",
    "compile_note",
    "final_count",
    "play",
    "reference_solve",
    "solve",
    "solve_plays",
    "solves",
    "start_state",
    "value_for",
]
