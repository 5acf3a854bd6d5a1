"""The Cassino solver's speed: the kernel (solve) against the plain memoised minimax
(reference_solve), on the last rounds of random deals.

Run: python benchmarks/cassino_solve_speed.py [--deals N] [--reference N] [--runs N]

Each position is the last round of a random deal played by random legal plays (the
table as the deal left it, each hand known, the piles as taken; deals whose table then
holds more than ten cards are dealt again): two-handed from the round's first play (four
cards each), and four-handed once every seat has played once in it (three cards each).
Each is solved warm by solve (the median of ``--runs`` solves; targets: two-handed under
5 ms, four-handed under 50 ms). In the same run reference_solve solves the first
``--reference`` of each kind too, the solve checked by it (its value the twin's, its
line a best line, by ``solves``): two-handed the same
positions; four-handed, where the plain minimax takes minutes and gigabytes from three
cards each, the positions a round of plays later along the solved line (two cards each).
Then one heavy two-handed position, ten loose cards on the table (A to 10) and four to
each hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cribcount.cards import Card, parse_cards
from cribcount.cassino.deal import deal_plays
from cribcount.cassino.forms import HAND, Form
from cribcount.cassino.moves import apply_move, legal_moves
from cribcount.cassino.notation import read_play
from cribcount.cassino.solve import DealState, play, reference_solve, solve, solves, start_state
from cribcount.cassino.table import Table, read_table

HEAVY_TABLE = "AH 2D 3C 4S 5H 6D 7C 8S 9H 10S"
HEAVY_HANDS = ("2S 10D 5C 9D", "3H 7D KC AS")
HEAVY_PILES = ("QH QD QS JH JD JS 4H 4D 6C", "KH KD KS 8C 8D 8H 2C 3D AC AD")
MOST_ON_TABLE = 10


def last_round(form: Form, rng: random.Random, played: int) -> DealState:
    """The state ``played`` plays into the last round of a deal of ``form`` dealt at
    random and played by random legal plays, every hand known."""
    pack = [Card.from_id(i) for i in range(52)]
    rng.shuffle(pack)
    table = Table(tuple(pack[:HAND]))
    stock = pack[HAND:]
    seats = form.players
    piles: list[list[Card]] = [[] for _ in range(form.sides)]
    last: int | None = None
    hands: list[list[Card]] = []
    declared: list[set[int]] = []
    plays = deal_plays(form)
    for number in range(plays):
        if number % (HAND * seats) == 0:
            hands = [stock[HAND * s : HAND * (s + 1)] for s in range(seats)]
            del stock[: HAND * seats]
            declared = [set() for _ in range(seats)]
        seat = number % seats + 1
        if number == plays - HAND * seats + played:
            return DealState(
                form,
                table,
                tuple(tuple(hand) for hand in hands),
                seat,
                tuple(tuple(pile) for pile in piles),
                (),
                last,
                tuple(frozenset(values) for values in declared),
            )
        position = DealState(
            form,
            table,
            tuple(tuple(hand) for hand in hands),
            seat,
            declared=tuple(frozenset(values) for values in declared),
        ).position
        move = rng.choice(legal_moves(position))
        hands[seat - 1] = [card for card in hands[seat - 1] if card != move.card]
        declared[seat - 1].discard(form.value(move.card))
        if move.build is not None:
            declared[seat - 1].add(move.build.value)
        if move.kind == "take":
            piles[form.side(seat) - 1] += [move.card, *move.takes]
            last = seat
        table = apply_move(table, move)
    raise AssertionError("the deal ended before the position")


def positions(form: Form, played: int, deals: int, rng: random.Random) -> list[DealState]:
    """``deals`` states of :func:`last_round`, each with at most ten cards on the table."""
    found: list[DealState] = []
    while len(found) < deals:
        state = last_round(form, rng, played)
        if len(state.table.cards) <= MOST_ON_TABLE:
            found.append(state)
    return found


def timed(state: DealState, runs: int) -> float:
    """The median seconds of ``runs`` warm solves of ``state``."""
    solve(state)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        solve(state)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def later(state: DealState, plays: int) -> DealState:
    """The state ``plays`` plays further along the line solve finds."""
    line = solve(state).line
    for _, text in line[:plays]:
        state = play(state, read_play(text, state.position))
    return state


def report(
    name: str, states: list[DealState], target: float, args: argparse.Namespace, ahead: int = 0
) -> None:
    kernel = [timed(state, args.runs) for state in states]
    tables = [len(state.table.cards) for state in states]
    print(f"{name}: {len(states)} positions, {min(tables)} to {max(tables)} cards on the table")
    tenth = sorted(kernel)[len(kernel) * 9 // 10]
    under = sum(seconds < target for seconds in kernel)
    print(
        f"  solve            median {statistics.median(kernel) * 1e3:8.2f} ms,"
        f" 90th percentile {tenth * 1e3:8.2f} ms, slowest {max(kernel) * 1e3:8.2f} ms;"
        f" {under} of {len(kernel)} under the target of {target * 1e3:.0f} ms"
    )
    for state in states[: args.reference]:
        state = later(state, ahead)
        seconds = timed(state, args.runs)
        start = time.perf_counter()
        reference_solve(state)
        reference = time.perf_counter() - start
        # solves() solves it plainly again, untimed, to check the kernel's solution
        same = solves(state, solve(state))
        checked = "the same value, a best line" if same else "NOT THE TWIN'S SOLUTION"
        print(
            f"  reference_solve  {reference * 1e3:10.1f} ms against {seconds * 1e3:7.2f} ms"
            f" ({reference / seconds:,.0f}x), table {state.table}: {checked}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20, help="random deals of each kind")
    parser.add_argument("--reference", type=int, default=1, help="of them also solved plainly")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    rng = random.Random(2024)
    two = positions(Form(), 0, args.deals, rng)
    four = positions(Form(players=4), 4, args.deals, rng)
    report("two-handed, last round, four cards each", two, 0.005, args)
    report("four-handed, last round, three cards each", four, 0.050, args, ahead=4)

    hands = [parse_cards(hand) for hand in HEAVY_HANDS]
    piles = [parse_cards(pile) for pile in HEAVY_PILES]
    heavy = start_state(Form(), read_table(HEAVY_TABLE), hands, 1, piles, last_taker=2)
    print(f"heavy: table {HEAVY_TABLE}, hands {' | '.join(HEAVY_HANDS)}")
    print(f"  solve            {timed(heavy, args.runs) * 1e3:8.2f} ms")


if __name__ == "__main__":
    main()
