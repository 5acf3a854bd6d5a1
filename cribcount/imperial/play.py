"""Impérial's play: the tricks, and the play counted out after the twelfth.

The elder leads to the first trick and the winner of each leads to the
next; the leader plays any card. The second player to each trick must
follow the suit led and win the trick with a higher card of it if he can;
holding none of the suit led he must trump if he can; otherwise he plays
any card. The higher card of the suit led wins (K Q J A 10 9 8 7), or the
trump if one is played on another suit. The turn-up is not played.

After the twelfth trick, each score applied to the counters as it comes:

5. the impérial tombée: the player dealt the king and queen of trumps wins
   tricks holding both the jack and the ace of trumps from the adversary's
   hand: a red;
6. the honours in tricks: a white for each honour of trumps (K Q J A 7) in
   the tricks a player won, the elder's first;
7. the odd tricks: the player who won more tricks a white for each trick
   over his adversary's count (8 to 4 scores 4, 7 to 5 scores 2, 6 to 6
   nothing); all twelve tricks is capot, two reds, instead.

Nothing of the play is counted if the game was won in the declarations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from cribcount.cards import Card, format_cards, notations
from cribcount.errors import PlayError
from cribcount.imperial.board import Board, Combination, Count, Mark, board_after, plural
from cribcount.imperial.declare import ImperialDeclaration, declare_imperial
from cribcount.imperial.pack import (
    ROLES,
    SUIT_NAMES,
    imperial_rank,
    is_honour,
    other,
    play_order,
)
from cribcount.words import counted

TRICKS = 12
"""Tricks in a deal: every card of both hands, two a trick."""


def trick_winner(lead: Card, reply: Card, trump: str) -> int:
    """0 if the leader wins the trick, 1 if the second player does: the higher
    card of the suit led wins, or a trump played on another suit."""
    if reply.suit == lead.suit:
        return int(imperial_rank(reply) > imperial_rank(lead))
    return int(reply.suit == trump)


def legal_replies(hand: Iterable[Card], lead: Card, trump: str) -> tuple[Card, ...]:
    """The cards the second player may play to ``lead``: he must follow suit
    and win with a higher card of it if he can; void of the suit led, he must
    trump if he can; else any card."""
    held = play_order(hand)
    suit = [card for card in held if card.suit == lead.suit]
    if suit:
        higher = [card for card in suit if imperial_rank(card) > imperial_rank(lead)]
        return tuple(higher or suit)
    trumps = [card for card in held if card.suit == trump]
    return tuple(trumps or held)


@dataclass(frozen=True)
class ImperialTrick:
    """One trick: its number (from 1), the leader, the card led, the reply
    (``None`` while the trick is being played) and the winner."""

    number: int
    leader: str
    lead: Card
    reply: Card | None
    winner: str | None

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.lead,) if self.reply is None else (self.lead, self.reply)

    def to_json(self) -> dict[str, object]:
        return {
            "trick": self.number,
            "leader": self.leader,
            "cards": notations(self.cards),
            "winner": self.winner,
        }


@dataclass(frozen=True)
class ImperialPlay:
    """A deal counted out from the declarations through the play: the tricks
    and, once all twelve are played, the marks of the play (impérial tombée,
    honours in tricks, odd tricks or capot)."""

    declaration: ImperialDeclaration
    tricks: tuple[ImperialTrick, ...]
    marks: tuple[Mark, ...]

    @property
    def complete(self) -> bool:
        """Whether all twelve tricks have been played."""
        return len(self.tricks) == TRICKS and self.tricks[-1].winner is not None

    @property
    def to_play(self) -> str | None:
        """Who plays the next card; ``None`` once the play is complete."""
        if self.complete:
            return None
        if not self.tricks:
            return "elder"
        last = self.tricks[-1]
        return other(last.leader) if last.winner is None else last.winner

    def won(self, role: str) -> tuple[ImperialTrick, ...]:
        """The tricks ``role`` won."""
        return tuple(trick for trick in self.tricks if trick.winner == role)

    @property
    def tricks_won(self) -> dict[str, int]:
        return {role: len(self.won(role)) for role in ROLES}

    @property
    def board(self) -> Board:
        """The counters at the end (or so far)."""
        return board_after(self.declaration.board, self.marks)

    @property
    def winner(self) -> str | None:
        """The player who passed his last counter, in the declarations or the play."""
        return self.board.winner

    def to_json(self) -> dict[str, object]:
        """The deal as plain data: the declarations' data (see
        :meth:`ImperialDeclaration.to_json`) with ``scores`` now every score of
        the deal in order, the play's after the declarations', then the
        tricks, the tricks won, whether the play is complete, who is to play,
        and the counters at the end with the winner."""
        data = self.declaration.to_json()
        data |= {
            "scores": [mark.to_json() for mark in (*self.declaration.marks, *self.marks)],
            "tricks": [trick.to_json() for trick in self.tricks],
            "tricks_won": self.tricks_won,
            "complete": self.complete,
            "to_play": self.to_play,
            "counters": self.board.to_json(),
            "winner": self.winner,
        }
        return data


def score_imperial_play(
    elder: Sequence[Card],
    younger: Sequence[Card],
    trump: Card,
    cards: Sequence[Card],
    start: Board | None = None,
) -> ImperialPlay:
    """Count out a deal: the declarations (:func:`declare_imperial`), then the
    ``cards`` played in order, two a trick, the leader's first; the elder
    leads to the first trick and the winner of each to the next.

    Every card is checked: held by the player to play and not played before;
    the second card of a trick of the suit led if he holds it, a winning one
    if he holds one, a trump when void of the suit led. Fewer than 24 cards
    is a play in progress, and nothing of the play is counted before the
    twelfth trick is done.
    """
    declaration = declare_imperial(elder, younger, trump, start)
    if len(cards) > 2 * TRICKS:
        raise PlayError(
            f"{counted(len(cards), 'card')}"
            f" played: a deal of Impérial has {TRICKS} tricks of 2 cards, "
            f"{2 * TRICKS} in all"
        )
    held = {role: set(declaration.hand(role)) for role in ROLES}
    tricks: list[ImperialTrick] = []
    leader = "elder"
    for start_index in range(0, len(cards), 2):
        number = start_index // 2 + 1
        lead, *rest = cards[start_index : start_index + 2]
        second = other(leader)
        _check_held(lead, leader, number, held, declaration, cards[:start_index])
        held[leader].discard(lead)
        if not rest:
            tricks.append(ImperialTrick(number, leader, lead, None, None))
            break
        reply = rest[0]
        _check_held(reply, second, number, held, declaration, cards[: start_index + 1])
        _check_reply(reply, lead, second, number, held[second], declaration.trump)
        held[second].discard(reply)
        winner = second if trick_winner(lead, reply, declaration.trump) else leader
        tricks.append(ImperialTrick(number, leader, lead, reply, winner))
        leader = winner
    play = ImperialPlay(declaration, tuple(tricks), ())
    if not play.complete or declaration.winner is not None:
        return play
    return replace(play, marks=_play_marks(play))


def _check_held(
    card: Card,
    role: str,
    number: int,
    held: dict[str, set[Card]],
    declaration: ImperialDeclaration,
    before: Sequence[Card],
) -> None:
    """Refuse a card the player to play does not hold."""
    if card in held[role]:
        return
    if card in before:
        earlier = before.index(card) // 2 + 1
        if earlier == number:
            raise PlayError(f"trick {number}: {card} is played twice in trick {number}")
        raise PlayError(f"trick {number}: {card} was played in trick {earlier}")
    if card == declaration.turn_up:
        raise PlayError(f"trick {number}: {card} is the turn-up, which is not played")
    adversary = other(role)
    also = f" (the {adversary} does)" if card in declaration.hand(adversary) else ""
    raise PlayError(f"trick {number}: the {role} plays {card} but does not hold it{also}")


def _check_reply(
    reply: Card, lead: Card, role: str, number: int, held: set[Card], trump: str
) -> None:
    """Refuse a second card that breaks the rule: follow suit and win if he
    can, or trump when void of the suit led."""
    legal = legal_replies(held, lead, trump)
    if reply in legal:
        return
    suit = SUIT_NAMES[lead.suit]
    where = f"trick {number}: the {role}"
    cards = format_cards(legal)
    if any(card.suit == lead.suit for card in held):
        if imperial_rank(legal[0]) > imperial_rank(lead):
            raise PlayError(
                f"{where} must win the {lead} with {cards}, not {reply}: the second player "
                "wins the trick if he can"
            )
        raise PlayError(f"{where} must follow {suit} with {cards}, not {reply}")
    raise PlayError(
        f"{where} holds no {suit} and must trump the {lead} with {cards}, not {reply}: "
        "the second player wins the trick if he can"
    )


def _play_marks(play: ImperialPlay) -> tuple[Mark, ...]:
    """The play counted out after the twelfth trick: impérial tombée, the
    honours in tricks (the elder's first), then the odd tricks or capot."""
    declaration = play.declaration
    trump = declaration.trump
    count = Count(declaration.board)
    king, queen, jack, ace = (Card(rank, trump) for rank in (13, 12, 11, 1))
    for role in ROLES:
        taken = {card for trick in play.won(role) for card in trick.cards}
        adversary = declaration.hand(other(role))
        holds = {king, queen} <= set(declaration.hand(role))
        if holds and {jack, ace} <= set(adversary) and {jack, ace} <= taken:
            name = f"{king} {queen} catch {jack} {ace}"
            count.add(role, Combination("impérial tombée", name, (jack, ace), reds=1), True)
    for role in ROLES:
        honours = play_order(
            card for trick in play.won(role) for card in trick.cards if is_honour(card, trump)
        )
        if honours:
            name = f"{plural(len(honours), 'honour')} in tricks"
            count.add(role, Combination("honours", name, honours, whites=len(honours)), True)
    won = play.tricks_won
    for role in ROLES:
        mine, theirs = won[role], won[other(role)]
        if mine == TRICKS:
            count.add(role, Combination("capot", "all twelve tricks", (), reds=2), True)
        elif mine > theirs:
            name = f"{mine} tricks to {theirs}"
            count.add(role, Combination("odd tricks", name, (), whites=mine - theirs), True)
    return tuple(count.marks)
