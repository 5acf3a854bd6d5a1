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
from typing import Any

from cribcount.cards import (
    Card,
    card_key,
    format_cards,
    notations,
    parse_cards,
    parse_hand,
    split_tokens,
)
from cribcount.cribbage.forms import ROLES, Form, find_form, other_role
from cribcount.cribbage.peg import Play, PlayResult, parse_plays, score_play, scores_of
from cribcount.errors import HandError, PlayError, quoted
from cribcount.words import counted


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

    def to_json(self, role: str) -> dict[str, Any]:
        """The option as plain data for the player in ``role``: the net and the points
        keyed by role, the player's first (the opponent's net is the player's negated)."""
        other = other_role(role)
        return {
            "card": str(self.card),
            "cards": notations(self.cards),
            "net": {role: float(self.net), other: float(-self.net)},
            "points": {role: float(self.own), other: float(self.other)},
        }


@dataclass(frozen=True)
class LineMove:
    """One move of the best line of play: the player, the card (None for go), the count
    after it, who pegs and how many points. Suits never matter in the play: of two cards
    of one rank in a hand, the line plays the first in card order."""

    player: str
    card: Card | None
    count: int
    scorer: str
    points: int

    def to_json(self) -> dict[str, Any]:
        """The move as plain data, a go's card null."""
        return {
            "player": self.player,
            "card": None if self.card is None else str(self.card),
            "count": self.count,
            "scorer": self.scorer,
            "points": self.points,
        }


@dataclass(frozen=True)
class PlayAdvice:
    """The options best first, the holdings considered (by ranks) and the card sets they
    stand for; with the opponent's cards known, the best line of play.

    ``plays`` are the plays so far as :func:`~cribcount.cribbage.peg.score_play` reads
    them, with any go of the opponent's implied by his known cards (``implied``: how
    many were added, at the end).
    """

    game: str
    role: str
    hand: tuple[Card, ...]
    starter: Card
    remaining: tuple[Card, ...]
    plays: tuple[Play, ...]
    position: Position
    options: tuple[Option, ...]
    holdings: int
    card_sets: int
    line: tuple[LineMove, ...] = ()
    """With the opponent's cards known, the best line from the position."""
    implied: int = 0

    @property
    def other(self) -> str:
        """The opponent's role."""
        return other_role(self.role)

    def to_json(self) -> dict[str, Any]:
        """The advice as plain data: the plays as ``peg`` writes them (a go's card null),
        the options best first, and the best line (empty unless the opponent's cards are
        known)."""
        return {
            "game": self.game,
            "role": self.role,
            "hand": notations(self.hand),
            "starter": str(self.starter),
            "plays": [play.to_json() for play in self.plays],
            "count": self.position.count,
            "options": [option.to_json(self.role) for option in self.options],
            "holdings": self.holdings,
            "card_sets": self.card_sets,
            "line": [move.to_json() for move in self.line],
        }


def split_advice(text: str) -> tuple[str, str]:
    """The hand with its starter, and the plays so far, from one text: the cards before
    the slash are the hand, the first after it the starter, the rest the plays.

    ``'4S 5H 6D 10C / JD 4S 8C'`` is ``('4S 5H 6D 10C / JD', '4S 8C')``.
    """
    hand, slash, rest = text.partition("/")
    tokens = split_tokens(rest)
    if not slash or not tokens:
        raise HandError(
            f"no starter in {quoted(text)}: write the hand, the starter after a slash, "
            "then the plays so far, as in '4S 5H 6D 10C / JD 4S 8C'"
        )
    return f"{hand.strip()} / {tokens[0]}", " ".join(tokens[1:])


def advise_play(
    hand: str,
    plays: str = "",
    role: str = "pone",
    game: str | Form = "six",
    laid_out: str | None = None,
    against: str | None = None,
) -> PlayAdvice:
    """Advise the player whose kept cards and starter are ``hand`` (``'... / 5D'``), in
    ``role`` (pone or dealer), on his next card after ``plays`` (as ``peg`` reads them).

    ``laid_out`` are his own cards in the crib (seen); ``against`` the opponent's
    remaining cards, when known: then the net is the exact double-dummy value, and a
    go the opponent must say (none of his cards fits the count) is implied.
    """
    state = read_play(hand, plays, role, find_form(game), laid_out, against)
    seat = ROLES.index(role)
    fitting = state.position.fitting(seat)
    if not fitting:
        raise PlayError(f"no card of the {role}'s fits at {state.position.count}: he must say go")
    sums, line_sums, total = kernel_sums(state.position, fitting, state.holdings, state.weights)
    options = []
    for rank, summed, line_summed in zip(fitting, sums, line_sums, strict=True):
        cards = tuple(card for card in state.remaining if card.rank == rank)
        own = Fraction(summed + line_summed, 2 * total)
        other = Fraction(line_summed - summed, 2 * total)
        options.append(Option(cards[0], cards, Fraction(summed, total), own, other))
    options.sort(key=lambda option: (-option.net, option.card.rank))
    best_line: tuple[LineMove, ...] = ()
    if state.known is not None:
        best_line = _line_of_cards(state.position, seat, state.remaining, state.known)
    return PlayAdvice(
        game=state.game,
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
        implied=state.implied,
    )


def _line_of_cards(
    position: Position, seat: int, mine: Sequence[Card], his: Sequence[Card]
) -> tuple[LineMove, ...]:
    """The best :func:`line` with both hands known, each rank played as a card of its
    player's (the first of the rank in card order)."""
    held = {seat: sorted(mine, key=card_key), 1 - seat: sorted(his, key=card_key)}
    known = replace(position, hands=_seated(seat, position.hands[seat], _ranks(his)))
    moves = []
    for at, move in line(known):
        card = None
        if move.rank is not None:
            card = next(card for card in held[move.seat] if card.rank == move.rank)
            held[move.seat].remove(card)
        count = at.count + (0 if move.rank is None else rank_value(move.rank))
        moves.append(LineMove(ROLES[move.seat], card, count, ROLES[move.scorer], move.points))
    return tuple(moves)


def compile_note() -> str | None:
    """What to tell the user before the play kernel's first use (:func:`jit.compile_note`)."""
    from cribcount import jit
    from cribcount.cribbage import play_advice_kernel

    return jit.compile_note([play_advice_kernel.advise])


def kernel_sums(
    position: Position,
    options: Sequence[int],
    holdings: Sequence[tuple[int, ...]],
    weights: Sequence[int],
) -> tuple[list[int], list[int], int]:
    """The kernel's sums, over the holdings of the other seat (rank multisets, each with
    its weight), of each option's value (the ranks the seat to move may play) and of the
    points pegged along the best line after it; and the holdings' total weight."""
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


@dataclass(frozen=True)
class PlayState:
    game: str
    hand: tuple[Card, ...]
    starter: Card
    remaining: tuple[Card, ...]
    plays: tuple[Play, ...]
    position: Position
    holdings: list[tuple[int, ...]]
    weights: list[int]
    known: tuple[Card, ...] | None
    implied: int


def _seated(
    seat: int, mine: tuple[int, ...], his: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (mine, his) if seat == 0 else (his, mine)


def _ranks(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(card.rank for card in cards))


def read_play(
    hand_text: str,
    plays_text: str,
    role: str,
    form: Form,
    laid_out_text: str | None,
    against_text: str | None,
) -> PlayState:
    """The position after ``plays`` from the player's side, and the opponent's holdings."""
    if role not in ROLES:
        raise PlayError(f"unknown role {quoted(role)}: expected pone or dealer")
    if form.players != 2:
        raise PlayError(f"play advice is for two players: {form.title} has {form.players}")
    hand, starter = parse_hand(hand_text)
    if starter is None:
        raise HandError(f"no starter in {quoted(hand_text)}: write it after a slash, '... / 5D'")
    if len(hand) != form.kept:
        raise HandError(
            f"{counted(len(hand), 'card')} in {quoted(format_cards(hand))}: a hand in "
            f"{form.title} holds {form.kept} for the play"
        )
    laid_out = parse_cards(laid_out_text) if laid_out_text else []
    if laid_out and len(laid_out) != form.dealt - form.kept:
        raise HandError(
            f"{counted(len(laid_out), 'card')} laid out in {quoted(laid_out_text or '')}: "
            f"each player lays out {form.dealt - form.kept} in {form.title}"
        )
    seen = [*hand, starter, *laid_out]
    if len(set(seen)) != len(seen):
        raise HandError(
            f"a card laid out in {quoted(laid_out_text or '')} is in the hand or is the starter"
        )
    known = None if against_text is None else tuple(parse_cards(against_text))
    seat = ROLES.index(role)
    other = ROLES[1 - seat]
    sequence = parse_plays(plays_text) if plays_text.strip() else []
    rows: tuple[Play, ...] = ()
    run: list[int] = []
    implied = 0
    if sequence:
        result = score_play(sequence, players=2, game=form)
        while result.to_play == 1 - seat and known is not None and _cannot_play(result, known):
            # his cards are known and none fits: his go need not be written
            sequence.append(None)
            implied += 1
            result = score_play(sequence, players=2, game=form)
        rows = result.plays
        # the count still open, as the play's own reading leaves it: a count nobody could
        # play on from (a 31, goes all round) is closed, and the next card leads a new one
        run = list(result.count_now)
        _check_plays(rows, seat, role, hand, starter, laid_out)
        if result.to_play is None:
            raise PlayError("the play is over: no card is left to advise on")
        if result.to_play != seat:
            count = sum(rank_value(rank) for rank in run)
            if count + 10 > 31 and known is None:
                raise PlayError(
                    f"a go is missing: the {other} is to play at {count}; write his 'go' "
                    "(or the card he played) after the plays"
                )
            raise PlayError(f"it is the {other}'s turn at {count}, not the {role}'s")
    elif seat != 0:
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
            mine.remove(row.card)
        else:
            his_played.append(row.card)
        count = row.count
        last = row.player
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
    if known is not None:
        if len(known) != his_count:
            raise HandError(
                f"{counted(len(known), 'card')} in {quoted(against_text or '')}: the opponent "
                f"has {his_count} left to play"
            )
        for card in known:
            if card not in unseen:
                raise HandError(f"{card} in {quoted(against_text or '')} is seen: it cannot be his")
            if card.value < least:
                raise HandError(f"{card} in {quoted(against_text or '')} contradicts his go")
        holdings = [_ranks(known)]
        weights = [1]
    else:
        holdings, weights = rank_holdings(unseen, his_count, least)
    position = Position(
        _seated(seat, _ranks(remaining), ()),
        count,
        tuple(run),
        seat,
        last,
        form.name == "five",
    )
    return PlayState(
        form.name,
        tuple(hand),
        starter,
        remaining,
        rows,
        position,
        holdings,
        weights,
        known,
        implied,
    )


def _cannot_play(result: PlayResult, known: Sequence[Card]) -> bool:
    """Whether the opponent holds known cards and none of them fits the count still open."""
    played = {play.card for play in result.plays}
    left = [card for card in known if card not in played]
    count = sum(rank_value(rank) for rank in result.count_now)
    return bool(left) and all(count + card.value > 31 for card in left)


def _check_plays(
    rows: Sequence[Play],
    seat: int,
    role: str,
    hand: Sequence[Card],
    starter: Card,
    laid_out: Sequence[Card],
) -> None:
    """Each card played is the player's own when he plays it, and a card he has not seen
    when the opponent does; nobody plays the starter."""
    for row in rows:
        card = row.card
        if card is None:
            continue
        if card == starter:
            raise PlayError(f"play {row.position}: {card} is the starter, which nobody plays")
        if row.player == seat:
            if card not in hand:
                raise PlayError(
                    f"play {row.position}: the {role} does not hold {card} "
                    f"(holds {format_cards(hand)})"
                )
        elif card in hand:
            raise PlayError(
                f"play {row.position}: {card} is in the {role}'s hand, not the opponent's to play"
            )
        elif card in laid_out:
            raise PlayError(
                f"play {row.position}: {card} is laid out in the crib, not the opponent's to play"
            )


def _check_own_go(position: int, role: str, held: Sequence[Card], count: int) -> None:
    """Refuse a go, said or implied by a count that nobody played on, while the player held
    a card that fitted."""
    fitting = [card for card in held if count + card.value <= 31]
    if fitting:
        raise PlayError(
            f"play {position}: the {role} says go at {count} holding "
            f"{format_cards(fitting)}, which fits"
        )


def rank_holdings(
    unseen: Sequence[Card], size: int, least: int = 1
) -> tuple[list[tuple[int, ...]], list[int]]:
    """Every multiset of ``size`` ranks the unseen cards can make with no card worth less
    than ``least``, and how many sets of cards make each: the opponent's holdings, each
    set of his cards equally likely."""
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
