"""Impérial's declarations: the counting out before the play.

Each score is applied to the counters as it comes (see
:mod:`cribcount.imperial.board`), in this order:

1. the turn-up, if it is an honour: a white to the younger, who dealt;
2. the point, counted as in piquet (the suit of greatest pip value, ace 11,
   king, queen and jack 10, the others at face value; of two suits worth
   the same, the longer, then the first in S H D C order): a white to the
   better point, the elder's when they are equal;
3. the impérials in hand, a red each: carte blanche (no king, queen or
   jack) two reds, and good for every holder; then the sequences K Q J A
   of a suit: the one in trumps beats the plain-suit ones, and between
   plain suits the elder's wins (no equals); the holder of the best scores
   all his sequences and the adversary none; then the fours: kings, queens,
   jacks, aces, the best first, and the holder of the best scores all his
   fours and the adversary none; four sevens are not compared (the fours
   are ranked from kings, the best, to aces, the lowest), so four sevens
   are good for their holder whatever the adversary holds, counted after
   the ranked fours, the elder's first. When both players score an
   impérial in hand, neither takes down the other's whites for these reds;
4. the impérial de retourne: the turn-up completes a sequence K Q J A of
   trumps or a four (kings, queens, jacks, aces or sevens) in the younger's
   hand (he dealt): a red to the younger for each, not compared with
   anything.

The play then adds the impérial tombée, the honours in tricks and the odd
tricks or capot (:mod:`cribcount.imperial.play`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cribcount.cards import SUITS, Card, notations
from cribcount.errors import CribcountError
from cribcount.imperial.board import Board, Combination, Count, Mark, board_after, scored
from cribcount.imperial.pack import (
    HONOUR_RANKS,
    RANK_WORDS,
    ROLES,
    SUIT_NAMES,
    TITLE,
    check_deal,
    imperial_rank,
    pip_value,
    play_order,
)
from cribcount.words import number_word

SEQUENCE_RANKS = (13, 12, 11, 1)
"""An impérial sequence: the four highest cards of a suit in play, K Q J A."""

FOUR_RANKS = (13, 12, 11, 1)
"""The fours compared, the best first: kings, queens, jacks, aces."""

SEVEN = 7
"""The rank of the four that is an impérial without being compared."""


def _point(hand: Sequence[Card]) -> Combination:
    """The suit of greatest pip value (ace 11, court cards 10, the others face
    value); of two suits worth the same, the longer. It scores a white if good."""
    best: tuple[int, int, int] | None = None
    for index, suit in enumerate(SUITS):
        held = [card for card in hand if card.suit == suit]
        if held:
            strength = (sum(pip_value(card) for card in held), len(held), -index)
            best = max(best or strength, strength)
    assert best is not None  # a hand of twelve cards holds some suit
    pips, length, index = best[0], best[1], -best[2]
    suit = SUITS[index]
    cards = play_order(card for card in hand if card.suit == suit)
    name = f"{number_word(pips).capitalize()}: {length} cards in {SUIT_NAMES[suit]}"
    return Combination("point", name, cards, whites=1)


def point_pips(point: Combination) -> int:
    """The pip value of a point."""
    return sum(pip_value(card) for card in point.cards)


def _carte_blanche(hand: Sequence[Card]) -> Combination | None:
    """No king, queen or jack in the hand: two reds, good whatever the adversary holds."""
    if any(11 <= card.rank <= 13 for card in hand):
        return None
    return Combination("carte blanche", "carte blanche", play_order(hand), reds=2)


def _sequences(hand: Sequence[Card], trump: str) -> list[Combination]:
    """Each K Q J A of a suit, the one in trumps first, then in suit order."""
    found = []
    for suit in sorted(SUITS, key=lambda suit: suit != trump):
        cards = tuple(Card(rank, suit) for rank in SEQUENCE_RANKS)
        if all(card in hand for card in cards):
            label = ", trumps" if suit == trump else ""
            name = f"K Q J A of {SUIT_NAMES[suit]}{label}"
            found.append(Combination("sequence", name, cards, reds=1))
    return found


def _four(hand: Sequence[Card], rank: int) -> Combination | None:
    cards = tuple(card for card in play_order(hand) if card.rank == rank)
    if len(cards) < 4:
        return None
    return Combination("four", f"four {RANK_WORDS[rank]}s", cards, reds=1)


def _retourne(younger: Sequence[Card], turn_up: Card) -> list[Combination]:
    """The impérials the turn-up completes in the younger's hand (he dealt):
    the K Q J A of trumps, and the four of its rank if a king, queen, jack,
    ace or seven."""
    made = []
    with_it = [*younger, turn_up]
    if turn_up.rank in SEQUENCE_RANKS:
        cards = tuple(Card(rank, turn_up.suit) for rank in SEQUENCE_RANKS)
        if all(card in with_it for card in cards):
            name = f"K Q J A of {SUIT_NAMES[turn_up.suit]} with the turn-up"
            made.append(Combination("impérial de retourne", name, cards, reds=1))
    if turn_up.rank in (*FOUR_RANKS, SEVEN):
        four = _four(with_it, turn_up.rank)
        if four is not None:
            name = f"{four.name} with the turn-up"
            made.append(Combination("impérial de retourne", name, four.cards, reds=1))
    return made


# -- the declarations -------------------------------------------------------------


@dataclass(frozen=True)
class ImperialDeclaration:
    """A deal's declarations counted out: the hands, the turn-up and the trump
    suit, the counters before, every combination in the order of counting out
    with its verdict, and whether the impérials in hand took down whites."""

    elder: tuple[Card, ...]
    younger: tuple[Card, ...]
    turn_up: Card
    start: Board
    marks: tuple[Mark, ...]
    take_down: bool
    """False when both players scored impérials in hand, so that neither took down whites."""

    @property
    def trump(self) -> str:
        """The trump suit: the turn-up's."""
        return self.turn_up.suit

    def hand(self, role: str) -> tuple[Card, ...]:
        return self.elder if role == "elder" else self.younger

    @property
    def board(self) -> Board:
        """The counters after the declarations."""
        return board_after(self.start, self.marks)

    @property
    def winner(self) -> str | None:
        """The player who passed his last counter in the declarations, if one did."""
        return self.board.winner

    def to_json(self) -> dict[str, object]:
        """The declarations as plain data: the hands, the turn-up and the trump
        suit, the counters before (``start``), what each player scored in the
        declarations (``declarations``, keyed by role, in reds and whites),
        each score counted out with its verdict and the counters after it
        (``scores``), the counters at the end and the winner."""
        return {
            "game": "imperial",
            "title": TITLE,
            "rules": "imperial",
            "turn_up": str(self.turn_up),
            "trump": self.trump,
            "hands": {role: notations(self.hand(role)) for role in ROLES},
            "start": self.start.to_json(),
            "declarations": scored(self.marks),
            "scores": [mark.to_json() for mark in self.marks],
            "take_down": self.take_down,
            "counters": self.board.to_json(),
            "winner": self.winner,
        }


def declare_imperial(
    elder: Sequence[Card],
    younger: Sequence[Card],
    trump: Card,
    start: Board | None = None,
) -> ImperialDeclaration:
    """Count out a deal's declarations: the turn-up ``trump`` (an honour is a
    white to the younger, who dealt), the point, the impérials in hand, the
    impérial de retourne, from the counters ``start`` (none up by default).

    Checks twelve cards to each hand, all of the 32-card pack, no card twice
    in the hands and the turn-up, and that ``start`` is no game already won.
    """
    hands = check_deal(elder, younger, trump)
    if start is not None and start.winner is not None:
        raise CribcountError(
            f"the {start.winner} has passed all his counters and won the game already"
        )
    count = Count(start or Board())
    if trump.rank in HONOUR_RANKS:
        name = f"{RANK_WORDS[trump.rank]} of trumps turned up"
        count.add("younger", Combination("turn-up", name, (trump,), whites=1), True)
    points = {role: _point(hands[role]) for role in ROLES}
    elder_good = point_pips(points["elder"]) >= point_pips(points["younger"])
    count.add("elder", points["elder"], elder_good)
    count.add("younger", points["younger"], not elder_good)
    in_hand = _in_hand(hands, trump.suit)
    scorers = {role for role, combination, good in in_hand if good}
    take_down = len(scorers) < 2
    for role, combination, good in in_hand:
        count.add(role, combination, good, take_down)
    for combination in _retourne(hands["younger"], trump):
        count.add("younger", combination, True)
    return ImperialDeclaration(
        hands["elder"], hands["younger"], trump, start or Board(), tuple(count.marks), take_down
    )


def _in_hand(hands: dict[str, tuple[Card, ...]], trump: str) -> list[tuple[str, Combination, bool]]:
    """The impérials in hand in the order they are called, each with its
    verdict: carte blanche, the sequences, the fours compared, four sevens."""
    called: list[tuple[str, Combination, bool]] = []
    for role in ROLES:
        blanche = _carte_blanche(hands[role])
        if blanche is not None:
            called.append((role, blanche, True))
    sequences = {role: _sequences(hands[role], trump) for role in ROLES}
    # the trump sequence is the best; between plain suits the elder's wins ties
    best = max(
        (role for role in ROLES if sequences[role]),
        key=lambda role: (sequences[role][0].cards[0].suit == trump, role == "elder"),
        default=None,
    )
    called += [(role, seq, role == best) for role in ROLES for seq in sequences[role]]
    fours = {
        role: [four for rank in FOUR_RANKS if (four := _four(hands[role], rank))] for role in ROLES
    }
    # no two players hold four of the same rank, so the best four is unique
    best = max(
        (role for role in ROLES if fours[role]),
        key=lambda role: imperial_rank(fours[role][0].cards[0]),
        default=None,
    )
    called += [(role, four, role == best) for role in ROLES for four in fours[role]]
    for role in ROLES:
        sevens = _four(hands[role], SEVEN)
        if sevens is not None:
            called.append((role, sevens, True))
    return called
