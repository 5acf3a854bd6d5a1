"""The Cassino adviser's speed: sampled advice before the last round, exact advice over
many ways against the same figures through the plain memoised minimax, and last-round
advice at the command line.

Run: python benchmarks/cassino_advice_speed.py [--deals N] [--samples N] [--plays K ...]

Each position is one of a random deal, the piles as the deal took them, played by one of
two players: one who plays any legal play at random, and one who takes whenever he can
(any take at random), otherwise plays any legal play. The first leaves crowded tables
(up to a dozen loose cards by round 5), the second tables more like those of real play.

- sampled: two-handed, round 5 (two rounds to go), ``K`` plays into it for each
  ``--plays`` K (0: four cards each), deals of each player; each advised warm with
  ``--samples`` samples, the seconds and the milliseconds a sample, and the loose cards
  on the table;
- to a time: the same deals' first play of round 5 advised warm with ``--time``
  seconds (5 by default): the samples used, why it stopped (the time spent, or the best
  separated from the next by three standard errors of their difference) and the
  seconds it took;
- exact: three-handed, the last round after six plays (two cards each, six ways the
  unseen cards can lie, four plays or more), the advice against every play of every way solved by
  reference_solve, the figures compared;
- the command line: the README's last-round example run as a command (start-up
  included), the best of three runs (target: under 1 s).
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import subprocess
import sys
import time

from cribcount.cards import Card
from cribcount.cassino.advise import Advice, advise, controllers_hold, unseen_of
from cribcount.cassino.forms import HAND, Form
from cribcount.cassino.moves import Position, apply_move, legal_moves
from cribcount.cassino.solve import play, reference_solve, start_state
from cribcount.cassino.table import Table

README_EXAMPLE = [
    "cassino", "advise", "--table", "7H 4C 5D", "--hand", "2H 9C", "--seat", "2",
    "--piles", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2D 2C 3H 3D 3C 4H 4D 5H 5C"
    " | AH AC AD 10D 6H 6D 6C 7D 7C 8H 8D 8C 9H 10H 10C JH JD JC QH QD QC KH KD KC",
    "--last-taker", "1",
]  # fmt: skip


class Dealt:
    """A position of a random deal, as the player to move sees it, and the other hands
    and the stock as they lie; ``taking``: each play a take when one is legal."""

    def __init__(
        self, form: Form, rng: random.Random, round_: int, played: int, taking: bool = False
    ) -> None:
        pack = [Card.from_id(i) for i in range(52)]
        rng.shuffle(pack)
        table = Table(tuple(pack[:HAND]))
        stock = pack[HAND:]
        seats = form.players
        piles: list[list[Card]] = [[] for _ in range(form.sides)]
        last: int | None = None
        hands: list[list[Card]] = []
        target = (round_ - 1) * HAND * seats + played
        for number in range(target + 1):
            if number % (HAND * seats) == 0:
                hands = [stock[HAND * s : HAND * (s + 1)] for s in range(seats)]
                del stock[: HAND * seats]
            seat = number % seats + 1
            if number == target:
                break
            moves = legal_moves(Position(form, table, tuple(hands[seat - 1]), seat))
            takes = [move for move in moves if move.kind == "take"]
            move = rng.choice(takes if taking and takes else moves)
            hands[seat - 1] = [card for card in hands[seat - 1] if card != move.card]
            if move.kind == "take":
                piles[form.side(seat) - 1] += [move.card, *move.takes]
                last = seat
            table = apply_move(table, move)
        self.form, self.table, self.seat, self.last = form, table, seat, last
        self.hands, self.piles, self.stock = hands, piles, stock

    def advise(self, samples: int | None = 1_000, time_limit: float | None = None) -> Advice:
        return advise(
            self.form,
            self.table,
            self.hands[self.seat - 1],
            self.seat,
            self.piles,
            self.last,
            samples=samples,
            time_limit=time_limit,
        )


def sampled(args: argparse.Namespace, rng: random.Random) -> None:
    print(f"sampled: two-handed, round 5, {args.samples:,} samples (target under 5 s)")
    for taking in (False, True):
        player = "a player who takes whenever he can" if taking else "random plays"
        print(f"  deals of {player}")
        for played in args.plays:
            times = []
            loose = []
            for _ in range(args.deals):
                dealt = Dealt(Form(), rng, 5, played, taking)
                loose.append(len(dealt.table.loose))
                dealt.advise(2)
                start = time.perf_counter()
                dealt.advise(args.samples)
                times.append(time.perf_counter() - start)
            held = HAND - played // 2
            print(
                f"    {played} plays in ({held} and {HAND - (played + 1) // 2} in hand):"
                f" median {statistics.median(times):6.2f} s, slowest {max(times):6.2f} s,"
                f" {statistics.median(times) / args.samples * 1e3:6.2f} ms a sample;"
                f" {min(loose)} to {max(loose)} loose cards"
            )


def timed(args: argparse.Namespace, rng: random.Random) -> None:
    print(
        f"to a time: two-handed, round 5's first play (four cards each), --time {args.time:g}:"
        " each deal's samples, why it stopped, and the seconds"
    )
    for taking in (False, True):
        player = "a player who takes whenever he can" if taking else "random plays"
        stops: dict[str, int] = {}
        for number in range(args.deals):
            dealt = Dealt(Form(), rng, 5, 0, taking)
            dealt.advise(2)
            start = time.perf_counter()
            advice = dealt.advise(None, args.time)
            took = time.perf_counter() - start
            stops[advice.stopped] = stops.get(advice.stopped, 0) + 1
            runner = advice.next_best
            lead = (
                f"leads by {advice.best.value - runner.value:.2f} ± {runner.diff_stderr:.2f}"
                if runner is not None
                else "one play"
            )
            print(
                f"  {player}, deal {number + 1}: {advice.samples or 0:6,} samples,"
                f" {advice.stopped:9} {took:5.2f} s; {len(advice.options):2} plays,"
                f" {len(dealt.table.loose):2} loose cards; the best {lead}"
                f" ({'separated' if advice.separated else 'a toss-up'})"
            )
        print(f"  {player}: stopped by {stops}")


def exact(rng: random.Random) -> None:
    while True:
        dealt = Dealt(Form(players=3), rng, 4, 6)
        form, seat = dealt.form, dealt.seat
        hand = dealt.hands[seat - 1]
        if len(legal_moves(Position(form, dealt.table, tuple(hand), seat))) >= 4:
            break
    dealt.advise()
    start = time.perf_counter()
    advice = advise(form, dealt.table, hand, seat, dealt.piles, dealt.last)
    kernel = time.perf_counter() - start
    unseen = unseen_of(form, dealt.table, hand, seat, dealt.piles)
    start = time.perf_counter()
    moves = legal_moves(Position(form, dealt.table, tuple(hand), seat))
    totals = [0.0] * len(moves)
    others = [s for s in range(1, form.players + 1) if s != seat]
    ways = 0
    cards = list(unseen.cards)
    first = unseen.sizes[others[0] - 1]
    for chosen in itertools.combinations(cards, first):
        hands = [list(hand) for hand in dealt.hands]
        hands[others[0] - 1] = list(chosen)
        hands[others[1] - 1] = [card for card in cards if card not in chosen]
        if not controllers_hold(form, dealt.table, hands):
            continue
        state = start_state(form, dealt.table, hands, seat, dealt.piles, dealt.last)
        ways += 1
        for index, move in enumerate(moves):
            totals[index] += reference_solve(play(state, move), form.side(seat)).value
    plain = time.perf_counter() - start
    figures = {option.move: option.value for option in advice.options}
    same = all(
        abs(figures[move] - total / ways) < 1e-9 for move, total in zip(moves, totals, strict=True)
    )
    print(
        f"exact: three-handed, last round, two cards each ({ways} ways, {len(moves)} plays):"
        f" advise {kernel * 1e3:.1f} ms, reference_solve {plain * 1e3:.0f} ms"
        f" ({plain / kernel:,.0f}x): {'same figures' if same else 'DIFFERENT FIGURES'}"
    )


def command_line() -> None:
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "cribcount", *README_EXAMPLE], check=True, capture_output=True
        )
        runs.append(time.perf_counter() - start)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import cribcount.cli"], check=True)
    startup = time.perf_counter() - start
    print(
        f"command line: the README's last-round advice {min(runs):.2f} s (target under 1 s),"
        f" Python and the package's start-up alone {startup:.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--deals", type=int, default=5, help="random deals for each --plays and player"
    )
    parser.add_argument("--samples", type=int, default=1_000)
    parser.add_argument("--plays", type=int, nargs="+", default=[0, 2, 4, 6])
    parser.add_argument("--time", type=float, default=5.0, help="seconds for advice to a time")
    parser.add_argument("--only-timed", action="store_true", help="advice to a time only")
    args = parser.parse_args()
    rng = random.Random(2026)
    if args.only_timed:
        timed(args, rng)
        return
    sampled(args, rng)
    timed(args, random.Random(2026))
    exact(rng)
    command_line()


if __name__ == "__main__":
    main()
