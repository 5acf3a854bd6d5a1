"""Advice for the play: which card to peg, solved exactly, and the readable solver.

Two players. The value of a position is the points the player to move will
peg from there to the end of the play, minus the points the other will,
both playing their best with both hands known (double dummy). A player
must play a card that fits when he holds one; when he cannot, he says go
and the other plays on while he can; when neither can, the last player to
play pegs 1 for the go and the other leads the next count; 31 ends a
count too (2 for it, no go). The last card of the play pegs 1, unless it
made 31. In five-card cribbage the play ends with the first count. Points
for the cards as :mod:`cribcount.cribbage.peg` scores them: suits never
matter, so positions hold ranks.

The advice for a card is the mean of that value after the card (plus what
the card itself pegs), over every holding the opponent can have: his
remaining number of cards drawn from the cards the player has not seen
(his own hand, the starter, the cards played and, when given, his own
cards laid out are seen), each set of cards equally likely, so holdings
are counted by ranks and weighted by the card sets that make them. A
holding is left out when it contradicts a go he said: a card in it (or one
he played later) that would have fitted.

:func:`value` is the plain solver; the kernel in
:mod:`cribcount.cribbage.play_advice_kernel` is checked against it.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, prod

from cribcount.cards import Card, card_key, format_cards, parse_cards, parse_hand
from cribcount.cribbage.forms import find_form
from cribcount.cribbage.peg import parse_plays, score_play, scores_of
from cribcount.errors import HandError, PlayError, quoted

ROLES = ("pone", "dealer")
"""The two players, in order of play: the pone leads."""


def rank_value(rank: int) -> int:
    """A rank's value in the count: ace 1, court cards 10."""
    return min(rank, 10)


@dataclass(frozen=True)
class Position:
    """A moment of the play: what each seat holds (as ranks 1..13, sorted), the count and
    the ranks played in it, the seat to move, the seat that played last in this count
    (None at its start), and whether the play ends with this count (five-card)."""

    hands: tuple[tuple[int, ...], tuple[int, ...]]
    count: int = 0
    run: tuple[int, ...] = ()
    turn: int = 0
    last: int | None = None
    one_count: bool = False

    def fitting(self, seat: int) -> tuple[int, ...]:
        """The distinct ranks ``seat`` holds that can be played without passing 31."""
        return tuple(sorted({r for r in self.hands[seat] if self.count + rank_value(r) <= 31}))

    @property
    def over(self) -> bool:
        return not self.hands[0] and not self.hands[1]


@dataclass(frozen=True)
class Move:
    """What happens next: the seat playing (or saying go), the rank (None for go), the
    points pegged and by whom, and the position after."""

    seat: int
    rank: int | None
    points: int
    scorer: int
    after: Position | None
    """None when the play is over."""


def play(position: Position, rank: int) -> Move:
    """The seat to move plays a card of ``rank``: what it pegs, and the position after."""
    seat = position.turn
    other = 1 - seat
    hand = list(position.hands[seat])
    hand.remove(rank)
    hands = (tuple(hand), position.hands[1]) if seat == 0 else (position.hands[0], tuple(hand))
    count = position.count + rank_value(rank)
    run = (*position.run, rank)
    points = sum(item.points for item in scores_of(run, count))
    if not hands[0] and not hands[1]:
        return Move(seat, rank, points + (count != 31), seat, None)
    if count == 31:
        if position.one_count:
            return Move(seat, rank, points, seat, None)
        return Move(seat, rank, points, seat, Position(hands, 0, (), other, None, False))
    return Move(
        seat,
        rank,
        points,
        seat,
        replace(position, hands=hands, count=count, run=run, turn=other, last=seat),
    )


def go(position: Position) -> Move:
    """The seat to move cannot play: the other plays on, or the count ends with the go."""
    seat = position.turn
    other = 1 - seat
    if position.fitting(other):
        return Move(seat, None, 0, other, replace(position, turn=other))
    last = position.last
    assert last is not None  # a count ends only after a card
    if position.one_count:
        return Move(seat, None, 1, last, None)
    return Move(seat, None, 1, last, Position(position.hands, 0, (), 1 - last, None, False))


def moves(position: Position) -> list[Move]:
    """Every move the seat to move may make: a card of each rank that fits, else go."""
    fitting = position.fitting(position.turn)
    if fitting:
        return [play(position, rank) for rank in fitting]
    return [go(position)]


def gain(position: Position, move: Move) -> int:
    """The move's worth to the seat that was to move: its points (or minus them), plus
    the value of what follows from that seat's side."""
    seat = position.turn
    points = move.points if move.scorer == seat else -move.points
    if move.after is None:
        return points
    rest = value(move.after)
    return points + (rest if move.after.turn == seat else -rest)


@functools.cache
def value(position: Position) -> int:
    """The points the seat to move pegs from here to the end, minus the other's, both
    playing their best with both hands known."""
    if position.over:
        return 0
    return max(gain(position, move) for move in moves(position))


def line(position: Position) -> Iterator[tuple[Position, Move]]:
    """A best line of play from ``position``: each position and the move made in it (the
    first best, in the order of ranks)."""
    current: Position | None = position
    while current is not None and not current.over:
        options = moves(current)
        best = max(gain(current, move) for move in options)
        move = next(move for move in options if gain(current, move) == best)
        yield current, move
        current = move.after


def line_points(position: Position) -> int:
    """The points both seats peg together along :func:`line` from ``position``: with its
    value, what each pegs along that line."""
    return sum(move.points for _, move in line(position))


# -- the advice ---------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One card the player may play (one of each rank, ``cards`` holding all of it), and
    its net: exact mean, over the opponent's holdings, of what it pegs and what follows,
    the player's points minus the opponent's. ``own`` and ``other`` are the means of what
    each pegs along the best line after the card (at each turn the lowest of the best
    ranks, as :func:`line` plays it): their difference is the net, but equally good lines
    may share the points otherwise, so they describe that line, not every best one."""

    card: Card
    cards: tuple[Card, ...]
    net: Fraction
    own: Fraction
    other: Fraction


@dataclass(frozen=True)
class PlayAdvice:
    """The options best first, the holdings considered (by ranks) and the card sets they
    stand for; with the opponent's cards known, the best line of play."""

    game: str
    role: str
    hand: tuple[Card, ...]
    starter: Card
    remaining: tuple[Card, ...]
    plays: tuple[Card | None, ...]
    position: Position
    options: tuple[Option, ...]
    holdings: int
    card_sets: int
    line: tuple[tuple[str, str, int, str, int], ...] = ()
    """With the opponent's cards known, the best line: (player, rank or 'go', count after,
    who pegs, points pegged)."""


def advise_play(
    hand: str,
    plays: str = "",
    role: str = "pone",
    game: str = "six",
    laid_out: str | None = None,
    against: str | None = None,
) -> PlayAdvice:
    """Advise the player whose kept cards and starter are ``hand`` (``'... / 5D'``), in
    ``role`` (pone or dealer), on his next card after ``plays`` (as ``peg`` reads them).

    ``laid_out`` are his own cards in the crib (seen); ``against`` the opponent's
    remaining cards, when known: then the net is the exact double-dummy value.
    """
    state = _read(hand, plays, role, game, laid_out, against)
    seat = ROLES.index(role)
    fitting = state.position.fitting(seat)
    if not fitting:
        raise PlayError(f"no card of the {role}'s fits at {state.position.count}: he must say go")
    sums, line_sums, total = _summed(state.position, fitting, state.holdings, state.weights)
    options = []
    for rank, summed, line_summed in zip(fitting, sums, line_sums, strict=True):
        cards = tuple(card for card in state.remaining if card.rank == rank)
        own = Fraction(summed + line_summed, 2 * total)
        other = Fraction(line_summed - summed, 2 * total)
        options.append(Option(cards[0], cards, Fraction(summed, total), own, other))
    options.sort(key=lambda option: (-option.net, option.card.rank))
    best_line: tuple[tuple[str, str, int, str, int], ...] = ()
    if against is not None:
        known = replace(
            state.position,
            hands=_seated(seat, state.position.hands[seat], tuple(state.holdings[0])),
        )
        best_line = tuple(
            (
                ROLES[move.seat],
                "go" if move.rank is None else _rank_name(move.rank),
                at.count + (0 if move.rank is None else rank_value(move.rank)),
                ROLES[move.scorer],
                move.points,
            )
            for at, move in line(known)
        )
    return PlayAdvice(
        game=game,
        role=role,
        hand=state.hand,
        starter=state.starter,
        remaining=state.remaining,
        plays=state.plays,
        position=state.position,
        options=tuple(options),
        holdings=len(state.holdings),
        card_sets=sum(state.weights),
        line=best_line,
    )


def compile_note() -> str | None:
    """What to tell the user before the play kernel's first use (:func:`jit.compile_note`)."""
    from cribcount import jit
    from cribcount.cribbage import play_advice_kernel

    return jit.compile_note([play_advice_kernel.advise])


def _summed(
    position: Position,
    options: Sequence[int],
    holdings: Sequence[tuple[int, ...]],
    weights: Sequence[int],
) -> tuple[list[int], list[int], int]:
    """The kernel's sums, over the holdings of the other seat, of each option's value and
    of the points pegged along the best line after it; and the holdings' total weight."""
    import numpy as np

    from cribcount.cribbage import play_advice_kernel

    seat = position.turn
    mine = np.zeros(14, np.int64)
    for rank in position.hands[seat]:
        mine[rank] += 1
    counts = np.zeros((len(holdings), 14), np.int64)
    for row, holding in enumerate(holdings):
        for rank in holding:
            counts[row, rank] += 1
    run = np.zeros(16, np.int64)
    run[: len(position.run)] = position.run
    sums, line_sums, total = play_advice_kernel.advise(
        mine,
        seat,
        position.count,
        run,
        len(position.run),
        -1 if position.last is None else position.last,
        position.one_count,
        np.array(options, np.int64),
        counts,
        np.array(weights, np.int64),
    )
    return [int(summed) for summed in sums], [int(summed) for summed in line_sums], int(total)


def _rank_name(rank: int) -> str:
    return ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")[rank - 1]


@dataclass(frozen=True)
class _State:
    hand: tuple[Card, ...]
    starter: Card
    remaining: tuple[Card, ...]
    plays: tuple[Card | None, ...]
    position: Position
    holdings: list[tuple[int, ...]]
    weights: list[int]


def _seated(
    seat: int, mine: tuple[int, ...], his: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (mine, his) if seat == 0 else (his, mine)


def _read(
    hand_text: str,
    plays_text: str,
    role: str,
    game: str,
    laid_out_text: str | None,
    against_text: str | None,
) -> _State:
    """The position after ``plays`` from the player's side, and the opponent's holdings."""
    if role not in ROLES:
        raise PlayError(f"unknown role {quoted(role)}: expected pone or dealer")
    form = find_form(game)
    if form.players != 2:
        raise PlayError(f"play advice is for two players: {form.title} has {form.players}")
    hand, starter = parse_hand(hand_text)
    if starter is None:
        raise HandError(f"no starter in {quoted(hand_text)}: write it after a slash, '... / 5D'")
    if len(hand) != form.kept:
        raise HandError(
            f"{len(hand)} cards in {quoted(format_cards(hand))}: a hand in {form.title} "
            f"holds {form.kept} for the play"
        )
    laid_out = parse_cards(laid_out_text) if laid_out_text else []
    if laid_out and len(laid_out) != form.dealt - form.kept:
        raise HandError(
            f"{len(laid_out)} cards laid out in {quoted(laid_out_text or '')}: each player lays "
            f"out {form.dealt - form.kept} in {form.title}"
        )
    seen = [*hand, starter, *laid_out]
    if len(set(seen)) != len(seen):
        raise HandError(
            f"a card laid out in {quoted(laid_out_text or '')} is in the hand or is the starter"
        )
    seat = ROLES.index(role)
    sequence = parse_plays(plays_text) if plays_text.strip() else []
    if sequence:
        result = score_play(sequence, players=2, game=game)
        rows = result.plays
        if result.to_play is None:
            raise PlayError("the play is over: no card is left to advise on")
        if result.to_play != seat:
            raise PlayError(f"it is the {ROLES[result.to_play]}'s turn, not the {role}'s")
    else:
        rows = ()
        if seat != 0:
            raise PlayError("it is the pone's turn, not the dealer's: the pone leads")
    mine = [card for card in hand]
    his_played: list[Card] = []
    count = 0
    last: int | None = None
    limits: list[tuple[int, int]] = []  # (count at which he could not play, plays so far)
    for row in rows:
        if row.card is None:
            if row.player != seat:
                limits.append((row.count, len(his_played)))
            else:
                _check_own_go(row.position, role, mine, row.count)
            continue
        value = row.card.value
        if count and row.count == value and count + value > 31:
            # the count ended with a go: nobody could play on from it
            limits.append((count, len(his_played)))
            _check_own_go(row.position, role, mine, count)
        if row.player == seat:
            if row.card not in mine:
                raise PlayError(
                    f"play {row.position}: the {role} does not hold {row.card} "
                    f"(holds {format_cards(hand)})"
                )
            mine.remove(row.card)
        else:
            if row.card in seen:
                raise PlayError(f"play {row.position}: {row.card} is not the opponent's to play")
            his_played.append(row.card)
        count = row.count
        last = row.player
    # the count still open, as the play's own reading leaves it: a count nobody could
    # play on from (a 31, goes all round) is closed, and the next card leads a new one
    run = list(result.count_now) if rows else []
    count = sum(rank_value(rank) for rank in run)
    if not run:
        last = None
    remaining = tuple(sorted(mine, key=card_key))
    unseen = [
        Card.from_id(card_id)
        for card_id in range(52)
        if Card.from_id(card_id) not in seen and Card.from_id(card_id) not in his_played
    ]
    his_count = form.kept - len(his_played)
    least = 1
    for at, played in limits:
        least = max(least, 32 - at)
        for card in his_played[played:]:
            if card.value < 32 - at:
                raise PlayError(
                    f"the opponent's go at {at} contradicts his later play of {card}, which fits"
                )
    if against_text is not None:
        known = parse_cards(against_text)
        if len(known) != his_count:
            raise HandError(
                f"{len(known)} cards in {quoted(against_text)}: the opponent has {his_count} "
                "left to play"
            )
        for card in known:
            if card not in unseen:
                raise HandError(f"{card} in {quoted(against_text)} is seen: it cannot be his")
            if card.value < least:
                raise HandError(f"{card} in {quoted(against_text)} contradicts his go")
        holdings = [tuple(sorted(card.rank for card in known))]
        weights = [1]
    else:
        holdings, weights = _holdings(unseen, his_count, least)
    mine_ranks = tuple(sorted(card.rank for card in remaining))
    position = Position(
        _seated(seat, mine_ranks, ()),
        count,
        tuple(run),
        seat,
        last,
        game == "five",
    )
    return _State(tuple(hand), starter, remaining, tuple(sequence), position, holdings, weights)


def _check_own_go(position: int, role: str, held: Sequence[Card], count: int) -> None:
    """Refuse a go, said or implied by a count that nobody played on, while the player held
    a card that fitted."""
    fitting = [card for card in held if count + card.value <= 31]
    if fitting:
        raise PlayError(
            f"play {position}: the {role} says go at {count} holding "
            f"{format_cards(fitting)}, which fits"
        )


def _holdings(
    unseen: Sequence[Card], size: int, least: int
) -> tuple[list[tuple[int, ...]], list[int]]:
    """Every multiset of ``size`` ranks the unseen cards can make with no card worth less
    than ``least``, and how many sets of cards make each."""
    available = Counter(card.rank for card in unseen if card.value >= least)
    holdings = []
    weights = []
    for holding in combinations_with_replacement(sorted(available), size):
        taken = Counter(holding)
        weight = prod(comb(available[rank], k) for rank, k in taken.items())
        if weight:
            holdings.append(holding)
            weights.append(weight)
    return holdings, weights
