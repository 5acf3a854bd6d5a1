"""A whole Cassino deal replayed from its plays, every play checked.

The deal: four cards to each player and four face up to the table, then four more to
each player whenever all hands are empty, none to the table, until the pack is out: six
rounds for two players, four for three, three for four. In every round the seats play in
turn from seat 1, one card at a time. Draw Cassino: after the first deal each player draws
the top card of the stock after each play while it lasts, so the seats play in turn from
seat 1 throughout, each holding four cards until the stock is out.

A deal is written as the table's first four cards and the plays in order (see
:mod:`cribcount.cassino.notation`); the hands may be given for each round, or else they
are the cards each seat plays in the round. Draw Cassino needs the first hands and the
stock, in the order it is drawn: what a seat holds there is not told by his plays. Each
play is checked against
the position of its seat (the table, his hand, with partners the values each seat has
declared this round: built for and no card of it played since; in Draw Cassino, whose
hands are never all empty before the stock is out, since the deal began).

After the last card the cards left on the table go to the player who took last (to
nobody if nobody took); that is no sweep unless the last take itself cleared the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cribcount.cards import Card, card_key, format_cards
from cribcount.cassino.count import DealCount, count_deal
from cribcount.cassino.forms import HAND, CassinoError, Form
from cribcount.cassino.moves import Move, Position, apply_move
from cribcount.cassino.notation import played_card, read_play, write_play
from cribcount.cassino.table import Table, check_table
from cribcount.errors import quoted
from cribcount.words import counted

PACK = 52


@dataclass(frozen=True)
class PlayMade:
    """One play of a deal: its number (from 1), round and seat, the move, and the table
    after it."""

    number: int
    round: int
    seat: int
    move: Move
    table: Table

    @property
    def text(self) -> str:
        return write_play(self.move)

    def to_json(self, sweep_rule: str = "scored") -> dict[str, Any]:
        return {
            "number": self.number,
            "round": self.round,
            "seat": self.seat,
            "play": self.text,
            **self.move.to_json(sweep_rule),
            "table": self.table.to_json(),
        }


@dataclass(frozen=True)
class DealPlayed:
    """A deal replayed: its plays, the cards each side took (piles, by side from 1), each
    side's sweeps, the last taker and the cards left to him at the end, and whether the
    deal is over (every card played)."""

    form: Form
    start: Table
    plays: tuple[PlayMade, ...]
    piles: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    last_taker: int | None
    left: tuple[Card, ...]
    over: bool
    sweep_rule: str = "scored"

    @property
    def count(self) -> DealCount | None:
        """The count of the deal once it is over (:func:`count_deal`, sweeps counted by
        ``sweep_rule``), else None."""
        if not self.over:
            return None
        return count_deal(self.piles, self.sweeps, self.form, self.sweep_rule)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.form.game,
            "players": self.form.players,
            "partners": self.form.partners,
            "aces": self.form.aces,
            "sweep_rule": self.sweep_rule,
            "table": self.start.to_json(),
            "plays": [play.to_json(self.sweep_rule) for play in self.plays],
            "piles": [[card.notation() for card in pile] for pile in self.piles],
            "sweeps": list(self.sweeps),
            "last_taker": self.last_taker,
            "left": [card.notation() for card in self.left],
            "over": self.over,
            "count": None if self.count is None else self.count.to_json(),
        }


def deal_plays(form: Form) -> int:
    """The plays of a whole deal: every card but the table's first four."""
    return PACK - HAND


def seat_of(form: Form, number: int) -> tuple[int, int]:
    """The round and the seat of play ``number`` (from 1)."""
    index = number - 1
    return index // (HAND * form.players) + 1, index % form.players + 1


def replay_deal(
    form: Form,
    table: Sequence[Card],
    plays: Sequence[str],
    hands: Sequence[Sequence[Sequence[Card]]] | None = None,
    stock: Sequence[Card] | None = None,
    sweep_rule: str = "scored",
) -> DealPlayed:
    """Replay a deal from the table's first four cards and ``plays`` (in words, in order),
    checking each; ``hands``, if given, are each round's hands in seat order; in Draw
    Cassino the first round's hands and the ``stock`` (the rest of the pack, in the order
    it is drawn) must be given; the deal is counted with sweeps by ``sweep_rule``.
    Raises :class:`CassinoError` naming the first play that breaks the rules and what is
    wrong."""
    start = Table(tuple(table))
    if len(table) != HAND:
        raise CassinoError(
            f"table {quoted(format_cards(table))} has {counted(len(table), 'card')}:"
            " expected the four dealt face up"
        )
    check_table(start, form)
    if len(plays) > deal_plays(form):
        raise CassinoError(
            f"{counted(len(plays), 'play')}: a deal has {deal_plays(form)} (every card but"
            " the table's four)"
        )
    if hands is not None:
        _check_hands(form, start, hands, stock)
    holding: dict[int, list[Card]] = {}
    drawn: list[Card] = []
    if form.game == "draw":
        if hands is None or stock is None:
            raise CassinoError(
                "Draw Cassino: expected the first hands and the stock in the order drawn"
            )
        holding = {seat: list(hand) for seat, hand in enumerate(hands[0], start=1)}
        drawn = list(stock)
    elif stock is not None:
        raise CassinoError(f"a stock given for {form.game} Cassino: expected one for Draw only")
    cards = [played_card(text) for text in plays]
    piles: list[list[Card]] = [[] for _ in range(form.sides)]
    sweeps = [0] * form.sides
    declared: dict[int, set[int]] = {seat: set() for seat in range(1, form.players + 1)}
    made: list[PlayMade] = []
    last_taker: int | None = None
    now = start
    seen = set(start.cards)
    for number, text in enumerate(plays, start=1):
        round_, seat = seat_of(form, number)
        # a declaration lasts the round: Draw Cassino's hands never all empty till the end
        if form.game != "draw" and (number - 1) % (HAND * form.players) == 0:
            declared = {s: set() for s in declared}
        hand = holding[seat] if form.game == "draw" else _hand(form, cards, number, hands)
        card = cards[number - 1]
        if card in seen:
            raise CassinoError(
                f"play {number} {quoted(text)}: {card} was dealt already: expected each card"
                " of the pack once"
            )
        seen.add(card)
        declared_now = {s: frozenset(v) for s, v in declared.items()}
        position = Position(form, now, tuple(hand), seat, declared_now)
        try:
            move = read_play(text, position)
        except CassinoError as error:
            raise CassinoError(f"play {number} (round {round_}, seat {seat}): {error}") from None
        declared[seat].discard(form.value(card))
        if move.build is not None:
            declared[seat].add(move.build.value)
        if move.kind == "take":
            side = form.side(seat) - 1
            piles[side] += [card, *move.takes]
            sweeps[side] += move.sweep
            last_taker = seat
        now = apply_move(now, move)
        if form.game == "draw":
            holding[seat].remove(card)
            if drawn:
                holding[seat].append(drawn.pop(0))
        made.append(PlayMade(number, round_, seat, move, now))
    over = len(plays) == deal_plays(form)
    left: tuple[Card, ...] = ()
    if over and last_taker is not None:
        left = now.cards
        piles[form.side(last_taker) - 1] += left
    return DealPlayed(
        form,
        start,
        tuple(made),
        tuple(tuple(sorted(pile, key=card_key)) for pile in piles),
        tuple(sweeps),
        last_taker,
        tuple(sorted(left, key=card_key)),
        over,
        sweep_rule,
    )


def _hand(
    form: Form,
    cards: Sequence[Card],
    number: int,
    hands: Sequence[Sequence[Sequence[Card]]] | None,
) -> list[Card]:
    """The hand of the seat of play ``number`` as he makes it: given, less what he played
    in the round before it, or read from the plays: those he makes in the round from it
    on."""
    round_, seat = seat_of(form, number)
    step = form.players
    first = (round_ - 1) * HAND * form.players + seat
    if hands is not None:
        if round_ > len(hands):
            raise CassinoError(
                f"play {number} is in round {round_}, but hands are given for {len(hands)}"
                " rounds: expected the hands of every round played"
            )
        played = {cards[i - 1] for i in range(first, number, step)}
        return [card for card in hands[round_ - 1][seat - 1] if card not in played]
    last = round_ * HAND * form.players
    return [cards[i - 1] for i in range(first, min(last, len(cards)) + 1, step) if i >= number]


def _check_hands(
    form: Form,
    start: Table,
    hands: Sequence[Sequence[Sequence[Card]]],
    stock: Sequence[Card] | None,
) -> None:
    rounds = 1 if form.game == "draw" else form.rounds
    if len(hands) > rounds:
        raise CassinoError(
            f"hands for {counted(len(hands), 'round')}: expected at most {rounds}"
            + (" (Draw Cassino: the first hands, then the stock)" if rounds == 1 else "")
        )
    seen = {card: "the table" for card in start.cards}
    for round_, round_hands in enumerate(hands, start=1):
        if len(round_hands) != form.players:
            raise CassinoError(
                f"round {round_} has {counted(len(round_hands), 'hand')}: expected one for"
                f" each of the {form.players} seats"
            )
        for seat, hand in enumerate(round_hands, start=1):
            if len(hand) != HAND:
                raise CassinoError(
                    f"round {round_}, seat {seat}: {counted(len(hand), 'card')}: expected {HAND}"
                )
            for card in hand:
                if card in seen:
                    raise CassinoError(
                        f"round {round_}, seat {seat}: {card} is dealt twice (also to"
                        f" {seen[card]}): expected each card of the pack once"
                    )
                seen[card] = f"round {round_}, seat {seat}"
    for card in stock or ():
        if card in seen:
            raise CassinoError(
                f"the stock: {card} is dealt twice (also to {seen[card]}): expected each card"
                " of the pack once"
            )
        seen[card] = "the stock"


__all__ = ["DealPlayed", "PlayMade", "deal_plays", "replay_deal", "seat_of"]
