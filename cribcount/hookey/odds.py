"""Blind Hookey's odds, exact, by counting.

The model: the bottom cards of a hand are distinct cards of a shuffled
52-card pack, every ordering of them alike likely, and each hand is cut
from a freshly shuffled pack, so that the hands are independent. Only the
ranks count, the ace low; each rank has four cards.

- A player against the dealer: of the 51 cards other than the dealer's,
  when his is of rank ``r`` (ace 1 to king 13), ``4 (13 - r)`` are higher,
  3 equal and ``4 (r - 1)`` lower, each alike likely to be the player's;
  over the dealer's 13 ranks alike likely, higher 24/51, equal 3/51, lower
  24/51. The player wins on higher and pays on equal or lower.
- The dealer's edge per unit staked: what he gains on average from a stake
  of one, the chance the player pays less the chance he wins: 3/51 = 1/17
  with every card unseen, ``(8 r - 53) / 51`` given the dealer's rank. By
  linearity it is the same for each player, whatever the number playing.
- A hand ends the deal when the dealer's card is lower than every card
  staked on (each player's, or both packets of the second method): given
  the dealer's rank, ``C(4 (13 - r), k) / C(51, k)`` for ``k`` cards
  staked on, all drawn from the higher ones; averaged over the 13 ranks
  with every card unseen.
- The hands being independent, each ends the deal with the same chance
  ``p``, and the number of hands in a deal is geometric: ``1 / p`` are
  expected. Given the dealer's card in this hand, which ends the deal with
  chance ``q``, the deal lasts this hand and, if it goes on, ``1 / p`` more
  on average: ``1 + (1 - q) / p``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from cribcount.cards import RANK_NAMES, Card
from cribcount.errors import quoted
from cribcount.hookey.deal import HookeyError, check_method, check_players, packets_staked

RANKS = range(1, len(RANK_NAMES) + 1)
"""The ranks, ace 1 low to king 13 high."""

COPIES = 4
"""The cards of each rank in the pack."""

OTHERS = COPIES * len(RANK_NAMES) - 1
"""The cards other than the dealer's: 51."""

FIGURES = ("win", "tie", "lower", "edge", "end", "hands")
"""The figures of :class:`HookeyOdds`, in the order they are written."""


def cards_higher(rank: int) -> int:
    """The cards higher than one of ``rank`` among the 51 others: four of each rank above."""
    return COPIES * (len(RANK_NAMES) - rank)


def cards_lower(rank: int) -> int:
    """The cards lower than one of ``rank`` among the 51 others: four of each rank below."""
    return COPIES * (rank - 1)


def ends_given(rank: int, staked: int) -> Fraction:
    """The chance that ``staked`` distinct cards of the 51 others are all higher than the
    dealer's of ``rank``: the dealer loses all round, and the deal ends."""
    return Fraction(comb(cards_higher(rank), staked), comb(OTHERS, staked))


def end_chance(staked: int) -> Fraction:
    """The chance that a hand, every card unseen, ends the deal: :func:`ends_given`
    averaged over the dealer's 13 ranks, alike likely."""
    return sum((ends_given(rank, staked) for rank in RANKS), Fraction(0)) / len(RANKS)


@dataclass(frozen=True)
class HookeyOdds:
    """A hand of Blind Hookey's odds, exact: for each player (or packet staked on), the
    chance that his card is higher than the dealer's (``win``), equal (``tie``) or lower
    (``lower``), paying on the two last; the dealer's ``edge`` per unit staked; the chance
    ``end`` that the dealer loses all round, which ends the deal; and the ``hands``
    expected in the deal, this one included. Given the ``dealer_card``, each is the
    figure given it; else every card is unseen."""

    method: str
    players: int
    staked: int
    """The cards compared with the dealer's: one for each player cutting, or the two
    packets of the second method."""
    dealer_card: Card | None
    win: Fraction
    tie: Fraction
    lower: Fraction
    edge: Fraction
    end: Fraction
    hands: Fraction

    def __getitem__(self, name: str) -> Fraction:
        """The figure called ``name``, one of :data:`FIGURES`: ``odds["win"]``."""
        if name not in FIGURES:
            raise HookeyError(f"figure {quoted(name)}: expected one of {', '.join(FIGURES)}")
        value: Fraction = getattr(self, name)
        return value

    def to_json(self) -> dict[str, object]:
        """The odds as plain data: each figure as a decimal, and under ``exact`` as a
        fraction written ``'8/17'``."""
        return {
            "method": self.method,
            "players": self.players,
            "staked": self.staked,
            "dealer_card": None if self.dealer_card is None else self.dealer_card.notation(),
            **{name: float(self[name]) for name in FIGURES},
            "exact": {name: str(self[name]) for name in FIGURES},
        }


def hookey_odds(players: int, method: str = "cut", dealer_card: Card | None = None) -> HookeyOdds:
    """The exact odds of a hand of Blind Hookey with ``players`` against the dealer, by
    ``method`` (``cut`` or ``packets``), with every card unseen or given the dealer's
    bottom card (only its rank counts).

    Raises :class:`~cribcount.hookey.deal.HookeyError` for an unknown method, or
    for a number of players the method cannot seat.
    """
    method = check_method(method)
    check_players(players, method)
    staked = packets_staked(players, method)
    ranks = RANKS if dealer_card is None else (dealer_card.rank,)
    weight = Fraction(1, len(ranks) * OTHERS)
    win = sum(cards_higher(rank) for rank in ranks) * weight
    tie = (COPIES - 1) * len(ranks) * weight
    lose = sum(cards_lower(rank) for rank in ranks) * weight
    p = end_chance(staked)
    if dealer_card is None:
        end, hands = p, 1 / p
    else:
        end = ends_given(dealer_card.rank, staked)
        hands = 1 + (1 - end) / p
    return HookeyOdds(
        method, players, staked, dealer_card, win, tie, lose, tie + lose - win, end, hands
    )
