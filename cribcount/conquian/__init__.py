"""Conquian, the rummy of the Mexican border, for two: melds, outs, using an offered
card, forcing.

Forty cards (the Spanish pack, A to 7 and J Q K, by default; the American,
A to 10; or the full 52), ten to each player, twenty in the stock. A player
lays down sequences of one suit, triplets and fours, only when he uses a
card offered (turned from the stock, or discarded by the other), and wins by
laying down eleven cards. The modules, each stating the rules it applies:

- :mod:`~cribcount.conquian.pack`: the three packs, the cards read;
- :mod:`~cribcount.conquian.combinations`: sequences, triplets and fours,
  growing and borrowing;
- :mod:`~cribcount.conquian.search`: the meld search over bit masks;
- :mod:`~cribcount.conquian.meld`: a hand melded, its outs, forcing;
- :mod:`~cribcount.conquian.use`: the ways to use an offered card, each
  discard after it, and passing.
"""

from cribcount.conquian.combinations import Combination, read_table
from cribcount.conquian.meld import Force, Meld, Position, forcing, meld
from cribcount.conquian.pack import AMERICAN, FULL, PACKS, SPANISH, ConquianError, get_pack
from cribcount.conquian.use import Borrow, Discard, Figures, Use, UseAdvice, use_card

__all__ = [
    "AMERICAN",
    "FULL",
    "PACKS",
    "SPANISH",
    "Borrow",
    "Combination",
    "ConquianError",
    "Discard",
    "Figures",
    "Force",
    "Meld",
    "Position",
    "Use",
    "UseAdvice",
    "forcing",
    "get_pack",
    "meld",
    "read_table",
    "use_card",
]
