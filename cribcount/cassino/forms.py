"""The forms of Cassino and their card values.

One 52-card pack. Two, three or four players each for himself, or four as two
partnerships, partners opposite (seats 1 and 3 against 2 and 4). Seats are numbered
from the dealer's left: seat 1 is the eldest hand and plays first in every round; the
dealer sits last. Two-handed, the players are the eldest and the dealer.

The forms:

- ``classic``: A 1, 2 to 10 their pips; J, Q and K have no value: a court card only
  pairs (takes loose cards of its own rank);
- ``royal``: J 11, Q 12, K 13, and court cards combine and build like any other; with
  aces 14 (``aces=14``, Royal only) every ace counts 14 wherever it is used;
- ``spade``: the classic values; every spade is a point and the jack of spades a point
  more, no point for most spades (24 points a deal besides sweeps), every point pegged
  as its card is taken, game 61;
- ``draw``: the classic values and count; after the first deal each player draws the
  top card of the stock after each play while it lasts, so hands stay at four.
"""

from __future__ import annotations

from dataclasses import dataclass

from cribcount.cards import Card
from cribcount.errors import CribcountError, quoted

GAMES = ("classic", "royal", "spade", "draw")
"""The forms, by name."""
PLAYERS = (2, 3, 4)
HAND = 4
"""Cards dealt to each player in each round (and to the table in the first)."""
JACK, QUEEN, KING = 11, 12, 13


class CassinoError(CribcountError):
    """A Cassino position, play or deal that the rules do not allow."""


@dataclass(frozen=True)
class Form:
    """One form of Cassino with its players: the card values and the seating."""

    game: str = "classic"
    players: int = 2
    partners: bool = False
    aces: int = 1
    """What an ace counts: 1, or 14 in Royal Cassino by agreement."""

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise CassinoError(f"game {quoted(self.game)}: expected one of {', '.join(GAMES)}")
        if self.players not in PLAYERS:
            raise CassinoError(f"{self.players} players: expected 2, 3 or 4")
        if self.partners and self.players != 4:
            raise CassinoError(
                f"partners with {self.players} players: expected four players for two partnerships"
            )
        if self.aces not in (1, 14):
            raise CassinoError(f"aces {self.aces}: expected 1 or 14")
        if self.aces == 14 and self.game != "royal":
            raise CassinoError(
                f"aces 14 in {self.game} Cassino: expected aces 14 in Royal Cassino only"
            )

    @property
    def royal(self) -> bool:
        """Whether court cards have values (Royal Cassino)."""
        return self.game == "royal"

    @property
    def highest(self) -> int:
        """The highest value a card has, so the highest a build can be."""
        if self.royal:
            return max(KING, self.aces)
        return 10

    def value(self, card: Card) -> int:
        """What ``card`` counts in taking and building; 0 for a court card of the classic
        game, which only pairs."""
        if card.rank == 1:
            return self.aces
        if card.rank >= JACK:
            return card.rank if self.royal else 0
        return card.rank

    def side(self, seat: int) -> int:
        """The side of ``seat`` (1 to ``players``): the seat itself, or with partners 1
        (seats 1 and 3) or 2 (seats 2 and 4)."""
        if self.partners:
            return 2 - seat % 2
        return seat

    @property
    def sides(self) -> int:
        """The number of sides: the players, or two partnerships."""
        return 2 if self.partners else self.players

    def partner(self, seat: int) -> int | None:
        """The partner of ``seat``, or None without partnerships."""
        if not self.partners:
            return None
        return (seat + 1) % 4 + 1

    @property
    def rounds(self) -> int:
        """Rounds of a deal: six for two players, four for three, three for four (the 48
        cards left after the table's four, four to each player a round)."""
        return 48 // (HAND * self.players)

    def check_seat(self, seat: int, role: str = "") -> None:
        """Refuse a seat the form has not; ``role`` says what the seat is, as in "to
        move" or "as the last taker"."""
        if not 1 <= seat <= self.players:
            named = f"seat {seat} {role}".rstrip()
            raise CassinoError(f"{named}: expected a seat 1 to {self.players}")

    @property
    def title(self) -> str:
        """The form's name in words, as the commands print it."""
        names = {
            "classic": "Cassino",
            "royal": "Royal Cassino",
            "spade": "Spade Cassino",
            "draw": "Draw Cassino",
        }
        name = names[self.game]
        if self.aces == 14:
            name += " (aces 14)"
        if self.partners:
            return f"{name}, two partnerships"
        return f"{name}, {self.players} players"


BIG_CASSINO = Card(10, "D")
LITTLE_CASSINO = Card(2, "S")
JACK_OF_SPADES = Card(JACK, "S")


def pairs(form: Form, card: Card, other: Card) -> bool:
    """Whether ``card`` takes ``other`` alone: of the same value, or, for a court card of
    the classic game, of the same rank."""
    value = form.value(card)
    if value == 0:
        return other.rank == card.rank
    return form.value(other) == value


__all__ = [
    "BIG_CASSINO",
    "GAMES",
    "HAND",
    "JACK_OF_SPADES",
    "LITTLE_CASSINO",
    "PLAYERS",
    "CassinoError",
    "Form",
    "pairs",
]
