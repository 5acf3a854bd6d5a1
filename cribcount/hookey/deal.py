"""Blind Hookey's deal: the two methods, how many may play, and the input read.

Any number of players stake against the dealer, blind: no one looks at his
cards before staking. The cards rank ace low to king high; suits never
matter.

- ``cut``, the first method: the pack shuffled and cut, each player in turn
  from the dealer's left cuts a packet from the top, not less than four
  cards nor more than his due proportion of the pack; the cards left are the
  dealer's. A packet of four or more cards for each of the players and the
  dealer, none more than its due proportion, seats twelve players at most
  (thirteen packets of four).
- ``packets``, the second method: the dealer cuts the pack into three
  packets; the players place their stakes on whichever two they please, and
  the one rejected is the dealer's. However many stake, two packets are
  staked on.

Each packet's bottom card is turned up and compared with the dealer's: a
player whose card is higher receives his stake; equal or lower, he pays it
to the dealer. A hand in which the dealer loses to every player ends the
deal, and the next player deals.
"""

from __future__ import annotations

from cribcount.cards import STANDARD, Card, parse_cards
from cribcount.errors import CribcountError, quoted

METHODS = ("cut", "packets")
"""The two methods: each player cutting his packet, or two packets for the company."""

LEAST_CUT = 4
"""The fewest cards a player may cut."""

MOST_CUTTING = STANDARD.size // LEAST_CUT - 1
"""The most players the cut method seats: twelve, with the dealer thirteen packets of four."""

PACKETS_STAKED = 2
"""The packets the company stakes on in the second method."""


class HookeyError(CribcountError):
    """A deal of Blind Hookey that cannot be: an unknown method, too many or too few players."""


def check_method(method: str) -> str:
    """``method`` in lower case, one of :data:`METHODS`."""
    found = method.lower()
    if found not in METHODS:
        raise HookeyError(f"method {quoted(method)}: expected {' or '.join(METHODS)}")
    return found


def check_players(players: int, method: str) -> None:
    """One player at least; the cut method, at most :data:`MOST_CUTTING`: each packet four
    cards or more and none more than its due proportion, 52 over the packets."""
    if players < 1:
        raise HookeyError(f"{players} players: expected 1 or more to play against the dealer")
    if method == "cut" and players > MOST_CUTTING:
        raise HookeyError(
            f"{players} players cutting: expected {MOST_CUTTING} at most, each cutting"
            f" {LEAST_CUT} cards or more and none more than his due proportion of the pack"
            " (or --method packets, for any number)"
        )


def packets_staked(players: int, method: str) -> int:
    """The packets whose bottom cards are compared with the dealer's: one for each player
    who cuts, or the two of the second method."""
    return players if method == "cut" else PACKETS_STAKED


def read_players(text: str) -> int:
    """Read how many play against the dealer: a whole number, ``'3'``."""
    if not text.isascii() or not text.isdigit():
        raise HookeyError(f"players {quoted(text)}: expected a whole number, as '3'")
    return int(text)


def read_dealer_card(text: str) -> Card:
    """Read the dealer's bottom card: one card of the 52, ``'7H'``."""
    cards = parse_cards(text) if text.strip() else []
    if len(cards) != 1:
        raise HookeyError(f"dealer's card {quoted(text)}: expected one card, as '7H'")
    return cards[0]
