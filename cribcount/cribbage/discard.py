"""The lay-out (discard) advisor: every way to lay out a dealt hand, scored exactly.

For each choice of cards to lay out for the crib:

- expected hand: the mean show of the kept cards over every starter, each
  card not in the dealt hand equally likely;
- expected crib: the mean show of the crib over every way the unseen cards
  can fill it and every starter, all equally likely. The crib holds the
  cards laid out plus ``4 - m`` unseen cards (the other players' lay-outs,
  and in three-handed the card from the pack); every set of that many
  unseen cards, with every other unseen card as starter, is one case. In
  six-card cribbage that is C(46, 2) * 44 = 45,540 cases;
- net: expected hand + expected crib when the crib is the player's own
  (the dealer; in four-handed the dealer's side, so the dealer's partner
  too), expected hand - expected crib otherwise. In three-handed the crib
  is the dealer's alone, so both other players count it against them.

Every figure is an exact rational: the kernel returns integer totals over
all cases, and the floats here divide once. Importing this module imports
numba and the kernels (:mod:`cribcount.cribbage.kernel`), so the package
never imports it by itself: the ``discard`` command does, when it runs.
"""

from __future__ import annotations

import functools
import glob
import os
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from cribcount.cards import Card, card_key, format_cards, parse_cards
from cribcount.cribbage import kernel
from cribcount.cribbage.games import CRIB_SIZE, find_game
from cribcount.errors import HandError

_ENTRY_POINTS = (kernel.rank_table, kernel.layout_totals)


@dataclass(frozen=True)
class LayOut:
    """One lay-out of a dealt hand, with exact totals over every case.

    ``hand_total`` sums the kept cards' show over the ``starters`` unseen
    cards; ``crib_total`` sums the crib's show over the ``fillings``
    (filling, starter) cases. ``hand_counts[s]`` is how many starters make
    the hand show ``s``.
    """

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    hand_total: int
    starters: int
    crib_total: int
    fillings: int
    hand_min: int
    hand_max: int
    hand_counts: tuple[int, ...]

    @property
    def exact_hand(self) -> Fraction:
        """The mean show of the kept cards over every starter."""
        return Fraction(self.hand_total, self.starters)

    @property
    def exact_crib(self) -> Fraction:
        """The mean show of the crib over every (filling, starter) case."""
        return Fraction(self.crib_total, self.fillings)

    @property
    def expected_hand(self) -> float:
        """:attr:`exact_hand` as a float."""
        return self.hand_total / self.starters

    @property
    def expected_crib(self) -> float:
        """:attr:`exact_crib` as a float."""
        return self.crib_total / self.fillings

    def exact_net(self, own_crib: bool) -> Fraction:
        """Hand plus crib when the crib is the player's (side's) own, hand minus crib otherwise."""
        return Fraction(self.net_total(own_crib), self.starters * self.fillings)

    def net(self, own_crib: bool) -> float:
        """:meth:`exact_net` as a float."""
        return self.net_total(own_crib) / (self.starters * self.fillings)

    def net_total(self, own_crib: bool) -> int:
        """The net times ``starters * fillings``: exact, to order the lay-outs of a deal."""
        crib = self.crib_total * self.starters
        hand = self.hand_total * self.fillings
        return hand + crib if own_crib else hand - crib


@dataclass(frozen=True)
class DiscardAnalysis:
    """Every lay-out of a dealt hand, best first.

    With ``dealer`` True (the crib is the player's own) or False, best means
    the greater net; with ``dealer`` None, the greater expected hand, which
    is the mean of the two nets.
    """

    dealt: tuple[Card, ...]
    game: str
    dealer: bool | None
    options: tuple[LayOut, ...]

    @property
    def title(self) -> str:
        """The form of the game in words: ``'six-card cribbage'``."""
        return find_game(self.game).title

    def places(self) -> list[tuple[int, bool]]:
        """Each option's place (1 = best) and whether it ties with another option."""
        keys = [_order_key(option, self.dealer) for option in self.options]
        return [(keys.index(key) + 1, keys.count(key) > 1) for key in keys]

    def best(self, dealer: bool) -> tuple[LayOut, ...]:
        """The lay-outs of greatest net for the dealer (True) or the non-dealer (False)."""
        nets = [option.net_total(dealer) for option in self.options]
        top = max(nets)
        return tuple(option for option, net in zip(self.options, nets, strict=True) if net == top)

    def find(self, discard: Sequence[Card]) -> LayOut:
        """The option laying out exactly ``discard``."""
        wanted = set(discard)
        for option in self.options:
            if set(option.discard) == wanted:
                return option
        size = len(self.options[0].discard)
        raise HandError(
            f"no lay-out {format_cards(discard)!r} of {format_cards(self.dealt)!r}: "
            f"expected {size} of the dealt cards"
        )


def analyse_discard(
    dealt: Sequence[Card] | str, game: str = "six", dealer: bool | None = None
) -> DiscardAnalysis:
    """Score every lay-out of ``dealt`` in ``game`` exactly, best first for the role.

    ``dealer`` True: the crib is the player's (in four-handed, the side's);
    False: it is an opponent's; None: unknown, order by expected hand.
    """
    if isinstance(dealt, str) and "/" in dealt:
        raise HandError(
            f"a starter in {dealt!r}: the lay-out comes before the cut, give the dealt cards only"
        )
    cards = parse_cards(dealt) if isinstance(dealt, str) else list(dealt)
    form = find_game(game)
    if len(set(cards)) != len(cards):
        raise HandError(f"duplicate card in {format_cards(cards)!r}: each card can appear once")
    if len(cards) != form.dealt:
        raise HandError(
            f"{len(cards)} cards in {format_cards(cards)!r}: {form.title} deals {form.dealt}"
        )
    ordered = tuple(sorted(cards, key=card_key))
    lay_outs = list(combinations(ordered, len(ordered) - form.kept))
    kept = [tuple(card for card in ordered if card not in lay_out) for lay_out in lay_outs]
    discards = _ids(lay_outs)
    table4, table5 = rank_tables()
    hand_total, hand_min, hand_max, hand_counts, crib_total = kernel.layout_totals(
        np.array([card.id for card in ordered], np.int64), discards, _ids(kept), table4, table5
    )
    starters = 52 - len(ordered)
    unseen_in_crib = CRIB_SIZE - discards.shape[1]
    fillings = comb(starters, unseen_in_crib) * (starters - unseen_in_crib)
    options = [
        LayOut(
            discard=lay_out,
            keep=keep,
            hand_total=int(hand_total[row]),
            starters=starters,
            crib_total=int(crib_total[row]),
            fillings=fillings,
            hand_min=int(hand_min[row]),
            hand_max=int(hand_max[row]),
            hand_counts=tuple(hand_counts[row, : hand_max[row] + 1].tolist()),
        )
        for row, (lay_out, keep) in enumerate(zip(lay_outs, kept, strict=True))
    ]
    options.sort(key=lambda option: (_order_key(option, dealer), option.hand_total), reverse=True)
    return DiscardAnalysis(ordered, game, dealer, tuple(options))


def _order_key(option: LayOut, dealer: bool | None) -> int:
    """What the order compares: the net for the role, else the expected hand (as totals)."""
    if dealer is None:
        return option.hand_total
    return option.net_total(dealer)


def _ids(rows: Sequence[Sequence[Card]]) -> npt.NDArray[np.int64]:
    """Rows of cards as the kernel reads them: a 2-d array of card ids."""
    return np.array([[card.id for card in row] for row in rows], np.int64)


@functools.cache
def rank_tables() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The rank part of the show of every 4 and every 5 ranks, built once a process."""
    return kernel.rank_table(4), kernel.rank_table(5)


def compile_note() -> str | None:
    """What to tell the user before the kernels' first use: None when numba's cache holds them."""
    for dispatcher in _ENTRY_POINTS:
        path = dispatcher.stats.cache_path
        if path is None:
            return "compiling kernels (no writable cache directory, so on every run)"
        name = dispatcher.py_func.__name__
        if not glob.glob(os.path.join(glob.escape(path), f"kernel.{name}-*.nbi")):
            return "compiling kernels, first run only"
    return None
