"""Impérial, piquet with a trump, for two: the declarations and the play
counted out in white and red counters.

The 32-card pack, twelve cards to each player; the twenty-fifth card is
turned up and its suit is trumps; there is no exchange. The modules, each
stating the rules it applies:

- :mod:`~cribcount.imperial.pack`: the cards in play, the honours, the deal
  read and checked;
- :mod:`~cribcount.imperial.board`: the counters, the board, and the
  counting out on it;
- :mod:`~cribcount.imperial.declare`: the turn-up, the point, the impérials
  in hand and de retourne;
- :mod:`~cribcount.imperial.play`: the tricks, the impérial tombée, the
  honours in tricks, the odd tricks and capot.
"""

from cribcount.imperial.board import KINDS, Board, Combination, Counters, Mark, read_board
from cribcount.imperial.declare import ImperialDeclaration, declare_imperial
from cribcount.imperial.pack import ROLES, read_hand, read_played, read_turn_up
from cribcount.imperial.play import (
    ImperialPlay,
    ImperialTrick,
    legal_replies,
    score_imperial_play,
    trick_winner,
)

__all__ = [
    "KINDS",
    "ROLES",
    "Board",
    "Combination",
    "Counters",
    "ImperialDeclaration",
    "ImperialPlay",
    "ImperialTrick",
    "Mark",
    "declare_imperial",
    "legal_replies",
    "read_board",
    "read_hand",
    "read_played",
    "read_turn_up",
    "score_imperial_play",
    "trick_winner",
]
