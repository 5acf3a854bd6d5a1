"""Blind Hookey: any number of players staking blind against the dealer, the
bottom cards of their packets compared with his; the odds, exact.

The modules, each stating the rules it applies:

- :mod:`~cribcount.hookey.deal`: the two methods (each player cutting a
  packet, or two packets for the company), how many may play, the input read;
- :mod:`~cribcount.hookey.odds`: the model, and each player's chances, the
  dealer's edge, the chance a hand ends the deal and the hands expected in
  it, counted exactly.
"""

from cribcount.hookey.deal import (
    METHODS,
    MOST_CUTTING,
    HookeyError,
    read_dealer_card,
    read_players,
)
from cribcount.hookey.odds import FIGURES, HookeyOdds, hookey_odds

__all__ = [
    "FIGURES",
    "METHODS",
    "MOST_CUTTING",
    "HookeyError",
    "HookeyOdds",
    "hookey_odds",
    "read_dealer_card",
    "read_players",
]
