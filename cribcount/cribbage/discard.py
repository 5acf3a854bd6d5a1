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
numba and the kernels (:mod:`cribcount.cribbage.discard_kernel`), so the package
never imports it by itself: the ``discard`` command does, when it runs.

Two ways in: :func:`analyse_discard` scores every lay-out of one hand, with
all its figures; :func:`best_lay_outs_many` finds only the best lay-outs
for each role, for many hands in one call of the kernel, which is what a
batch of hands needs.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, groupby
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from cribcount import jit
from cribcount.cards import Card, card_key, format_cards, notations, parse_cards
from cribcount.cribbage import discard_kernel, expert, expert_kernel
from cribcount.cribbage.discard_kernel import multiset_tables
from cribcount.cribbage.forms import CRIB_SIZE, FORMS, PAIR_FORMS, ROLES, Form, find_form
from cribcount.cribbage.score_kernel import rank_table, rank_tables
from cribcount.errors import CribcountError, HandError, quoted
from cribcount.words import counted

IntArray = npt.NDArray[np.int64]
Tables = tuple[npt.NDArray[np.int8], npt.NDArray[np.int8], IntArray, IntArray]
"""What the lay-out kernels read besides the cards: :func:`rank_tables`, :func:`multiset_tables`."""

_DECK = tuple(Card.from_id(card_id) for card_id in range(52))
_NOTATIONS = np.array(notations(_DECK))
"""Each card's notation, by its id."""


@dataclass(frozen=True)
class LayOut:
    """One lay-out of a dealt hand, with exact totals over every case.

    ``hand_total`` sums the kept cards' show over the ``starters`` unseen
    cards; ``crib_total`` sums the crib's show over the ``fillings``
    (filling, starter) cases of the random model. ``hand_counts[s]`` is how
    many starters make the hand show ``s``. ``cribs`` holds the expected
    crib under the expert model (:mod:`cribcount.cribbage.expert`), when
    the analysis is against it: when the crib is the player's own, and when
    it is the other side's; the random model's crib is the same for both.
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
    cribs: tuple[float, float] | None = None
    _nets: tuple[float, float] = field(init=False, repr=False, compare=False)

    @property
    def exact_hand(self) -> Fraction:
        """The mean show of the kept cards over every starter."""
        return Fraction(self.hand_total, self.starters)

    @property
    def exact_crib(self) -> Fraction:
        """The mean show of the crib over every (filling, starter) case: the random model.

        Against the expert model, whose figures are floats, a :class:`CribcountError`.
        """
        _random_only(self.cribs)
        return Fraction(self.crib_total, self.fillings)

    @property
    def expected_hand(self) -> float:
        """:attr:`exact_hand` as a float."""
        return self.hand_total / self.starters

    @property
    def expected_crib(self) -> float:
        """:attr:`exact_crib` as a float: the random model's crib."""
        _random_only(self.cribs)
        return self.crib_total / self.fillings

    def crib(self, own_crib: bool) -> float:
        """The expected crib when it is the player's own or not, under the analysis' model."""
        if self.cribs is None:
            return self.expected_crib
        return self.cribs[0] if own_crib else self.cribs[1]

    def exact_net(self, own_crib: bool) -> Fraction:
        """Hand plus crib when the crib is the player's (side's) own, hand minus crib
        otherwise: the random model."""
        _random_only(self.cribs)
        return Fraction(self.net_total(own_crib), self.starters * self.fillings)

    def __post_init__(self) -> None:
        self._work_out()

    def net(self, own_crib: bool) -> float:
        """Hand plus crib when the crib is the player's own, hand minus crib otherwise."""
        return self._nets[own_crib]

    def _work_out(self) -> None:
        """The nets when the crib is not the player's own and when it is: worked out
        once, as the lay-out is made, since ordering, ranking and writing the lay-outs
        ask for them again and again."""
        if self.cribs is None:
            cases = self.starters * self.fillings
            nets = (self.net_total(False) / cases, self.net_total(True) / cases)
        else:
            hand = self.expected_hand
            nets = (hand - self.cribs[1], hand + self.cribs[0])
        object.__setattr__(self, "_nets", nets)

    def net_total(self, own_crib: bool) -> int:
        """The net times ``starters * fillings``: exact, to order the lay-outs of a deal
        (the random model)."""
        _random_only(self.cribs)
        crib = self.crib_total * self.starters
        hand = self.hand_total * self.fillings
        return hand + crib if own_crib else hand - crib

    def to_json(self, counts: bool = False) -> dict[str, Any]:
        """The lay-out as plain data: the crib and the net keyed by role (``dealer``: the
        crib is the player's own), the exact ``crib_total`` against random lay-outs only,
        and with ``counts`` the starters making each hand score."""
        pone, dealer = self._nets
        data = _lay_out_json(
            notations(self.discard),
            notations(self.keep),
            self.expected_hand,
            (self.crib(True), self.crib(False)),
            (dealer, pone),
            (self.hand_min, self.hand_max, self.hand_total),
            self.crib_total if self.cribs is None else None,
        )
        if counts:
            data["hand_counts"] = {
                str(points): count for points, count in enumerate(self.hand_counts) if count
            }
        return data


def _lay_out_json(
    lay_out: list[str],
    keep: list[str],
    hand: float,
    cribs: Sequence[float],
    nets: Sequence[float],
    shows: tuple[int, int, int],
    crib_total: int | None,
) -> dict[str, Any]:
    """A lay-out's JSON (:meth:`LayOut.to_json`): ``cribs`` and ``nets`` the dealer's and
    the pone's, ``shows`` the hand's least, greatest and total show, and ``crib_total``
    against random lay-outs only (None against the expert). :func:`analyses_json` writes
    the same keys in the same order."""
    data: dict[str, Any] = {
        "lay_out": lay_out,
        "keep": keep,
        "expected_hand": hand,
        "expected_crib": {"dealer": cribs[0], "pone": cribs[1]},
        "net": {"dealer": nets[0], "pone": nets[1]},
        "hand_min": shows[0],
        "hand_max": shows[1],
        "hand_total": shows[2],
    }
    if crib_total is not None:
        data["crib_total"] = crib_total
    return data


def _analysis_json(
    analysed: tuple[str, bool | None, str],
    hand: list[str],
    cases: tuple[int, int],
    shown: list[dict[str, Any]],
    best: dict[bool, list[list[str]]],
) -> dict[str, Any]:
    """An analysis' JSON (:meth:`DiscardAnalysis.to_json`): ``analysed`` the game, the role
    (None for none) and the model of the crib, ``cases`` the starters and the crib's
    fillings (given against random lay-outs only), ``shown`` the options' JSON, ``best``
    each role's best lay-outs, by whether the crib is the player's own."""
    game, dealer, opponent = analysed
    data: dict[str, Any] = {
        "game": game,
        "hand": hand,
        "role": None if dealer is None else _role(dealer),
        "opponent": opponent,
        "starters": cases[0],
    }
    if opponent == "random":
        data["fillings"] = cases[1]
    return {
        **data,
        "options": shown,
        "best": {_role(dealer): best[dealer] for dealer in (True, False)},
    }


def _role(dealer: bool) -> str:
    """The role named by whether the crib is the player's own: ``'dealer'`` or ``'pone'``."""
    return ROLES[1] if dealer else ROLES[0]


def _random_only(expert: object) -> None:
    """Refuse an exact figure of the expert model, which has none (its figures are floats)."""
    if expert is not None:
        raise CribcountError(
            "no exact fraction against the expert opponent: its figures are floats, "
            "within 1e-9; use net() and crib()"
        )


@dataclass(frozen=True)
class DiscardAnalysis:
    """Every lay-out of a dealt hand, best first.

    With ``dealer`` True (the crib is the player's own) or False, best means
    the greater net; with ``dealer`` None, the greater expected hand, which
    is the mean of the two nets. Among equals, the greater expected hand
    comes first, then the lay-outs in the order of the dealt cards.
    """

    dealt: tuple[Card, ...]
    game: str
    dealer: bool | None
    options: tuple[LayOut, ...]
    opponent: str = "random"

    @property
    def form(self) -> Form:
        """The form of the game analysed."""
        return FORMS[self.game]

    @property
    def title(self) -> str:
        """The form of the game in words: ``'six-card cribbage'``."""
        return self.form.title

    def places(self) -> list[tuple[int, bool]]:
        """Each option's place (1 = best) and whether it ties with another option."""
        return _places([_order_key(option, self.dealer) for option in self.options])

    def top(self, n: int | None = None) -> tuple[LayOut, ...]:
        """The first ``n`` options, and every further option tied with the ``n``-th.

        Options tie when they share a place (:meth:`places`), so a place is
        never cut in two. With ``n`` None, every option.
        """
        keys = [_order_key(option, self.dealer) for option in self.options]
        return self.options[: _top_end(keys, n)]

    def best(self, dealer: bool) -> tuple[LayOut, ...]:
        """The lay-outs of greatest net for the dealer (True) or the non-dealer (False)."""
        if self.opponent == "random":
            best = _greatest([option.net_total(dealer) for option in self.options], exact=True)
        else:
            best = _greatest([option.net(dealer) for option in self.options], exact=False)
        return tuple(self.options[i] for i in best)

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

    def to_json(
        self, options: Sequence[LayOut] | None = None, detailed: LayOut | None = None
    ) -> dict[str, Any]:
        """The analysis as plain data: ``options`` (every one by default, best first) with
        their places, ``detailed`` with its hand counts, and the best lay-outs of each
        role. ``role`` is the one that orders the options (null: the expected hand does);
        against random lay-outs, ``fillings``, the crib's cases, is given too."""
        # by identity: the options are this analysis' own, and hashing them is slow
        places = dict(zip(map(id, self.options), self.places(), strict=True))
        shown = []
        for option in self.options if options is None else options:
            place, tied = places[id(option)]
            shown.append({"place": place, "tied": tied, **option.to_json(option is detailed)})
        best = {
            dealer: [notations(option.discard) for option in self.best(dealer)]
            for dealer in (True, False)
        }
        first = self.options[0]
        return _analysis_json(
            (self.game, self.dealer, self.opponent),
            notations(self.dealt),
            (first.starters, first.fillings),
            shown,
            best,
        )


@dataclass(frozen=True)
class BestLayOuts:
    """The best lay-outs of a dealt hand for each role, and their exact net.

    ``dealer`` holds every lay-out of the greatest net when the crib is the
    player's own (the dealer; in four-handed, his side), ``pone`` when it is
    an opponent's: ties kept, in the order :meth:`DiscardAnalysis.best`
    gives them, the greater expected hand first, then in the order of the
    dealt cards. A lay-out is the cards laid out, in card order. The nets
    are exact: ``dealer_total`` and ``pone_total`` are the nets times
    ``cases``, the starters times the (filling, starter) cases of the crib.
    """

    dealt: tuple[Card, ...]
    game: str
    dealer: tuple[tuple[Card, ...], ...]
    pone: tuple[tuple[Card, ...], ...]
    dealer_total: int
    pone_total: int
    cases: int
    expert_nets: tuple[float, float] | None = None

    def best(self, dealer: bool) -> tuple[tuple[Card, ...], ...]:
        """The best lay-outs when the crib is the player's own (True) or an opponent's (False)."""
        return self.dealer if dealer else self.pone

    def net_total(self, dealer: bool) -> int:
        """The best lay-outs' net for the role, times :attr:`cases`: the random model."""
        _random_only(self.expert_nets)
        return self.dealer_total if dealer else self.pone_total

    def exact_net(self, dealer: bool) -> Fraction:
        """The best lay-outs' net for the role: expected hand plus or minus expected crib."""
        return Fraction(self.net_total(dealer), self.cases)

    def net(self, dealer: bool) -> float:
        """The best lay-outs' net for the role (:meth:`exact_net` as a float, against random
        lay-outs; the expert model's, against the expert tables)."""
        if self.expert_nets is not None:
            return self.expert_nets[0] if dealer else self.expert_nets[1]
        return self.net_total(dealer) / self.cases

    def to_json(self) -> dict[str, Any]:
        """The best lay-outs as plain data, each role's and its net keyed by role."""
        roles = (True, False)
        return {
            "game": self.game,
            "hand": notations(self.dealt),
            "best": {
                _role(dealer): [notations(cards) for cards in self.best(dealer)] for dealer in roles
            },
            "net": {_role(dealer): self.net(dealer) for dealer in roles},
        }


@dataclass(frozen=True)
class _Plan:
    """What every dealt hand of one form of the game shares.

    The lay-outs as positions in the dealt hand (in card order) of the
    cards laid out and kept, as the kernels' arrays and as functions taking
    those cards out of the hand; the kernels' tables; the cases.
    """

    dealt: int
    lay_out_rows: IntArray
    kept_rows: IntArray
    take_lay_out: tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...]
    take_kept: tuple[Callable[[Sequence[Card]], tuple[Card, ...]], ...]
    tables: Tables
    starters: int
    fillings: int


@functools.cache
def _plan(form: Form) -> _Plan:
    """The lay-outs, tables and cases of ``form``, worked out once a process."""
    positions = range(form.dealt)
    lay_outs = tuple(combinations(positions, form.dealt - form.kept))
    kept = tuple(tuple(i for i in positions if i not in lay_out) for lay_out in lay_outs)
    laid_out = form.dealt - form.kept
    starters = 52 - form.dealt
    unseen_in_crib = CRIB_SIZE - laid_out
    return _Plan(
        dealt=form.dealt,
        lay_out_rows=np.array(lay_outs, np.int64),
        kept_rows=np.array(kept, np.int64),
        take_lay_out=tuple(_taker(lay_out) for lay_out in lay_outs),
        take_kept=tuple(_taker(keep) for keep in kept),
        tables=(*rank_tables(), *multiset_tables(unseen_in_crib + 1)),
        starters=starters,
        fillings=comb(starters, unseen_in_crib) * (starters - unseen_in_crib),
    )


def _taker(positions: tuple[int, ...]) -> Callable[[Sequence[Card]], tuple[Card, ...]]:
    """A function taking the cards at ``positions`` out of a hand, as a tuple."""
    if len(positions) == 1:
        (position,) = positions
        return lambda cards: (cards[position],)
    getter: Callable[[Sequence[Card]], tuple[Card, ...]] = operator.itemgetter(*positions)
    return getter


def check_dealt(dealt: Sequence[Card], game: str | Form = "six") -> tuple[Card, ...]:
    """``dealt`` in card order, if it is a hand ``game`` deals: else a :class:`HandError`.

    A dealt hand holds as many distinct cards as the form of the game deals; a hand
    of another size names the forms that deal it, if any.
    """
    form = find_form(game)
    if len(set(dealt)) != len(dealt):
        raise HandError(f"duplicate card in {format_cards(dealt)!r}: each card can appear once")
    if len(dealt) != form.dealt:
        raise HandError(
            f"{counted(len(dealt), 'card')} in {format_cards(dealt)!r}: "
            f"{form.title} deals {form.dealt}" + _forms_dealing(len(dealt))
        )
    return tuple(sorted(dealt, key=card_key))


def _forms_dealing(cards: int) -> str:
    """Where another form of the game deals ``cards`` cards, which: ``'; five-card,
    three-handed and four-handed cribbage deal 5 (--game five, three or four)'``."""
    names = [form.name for form in FORMS.values() if form.dealt == cards]
    if not names:
        return ""
    shorts = [FORMS[name].short for name in names]
    which = shorts[0] if len(shorts) == 1 else ", ".join(shorts[:-1]) + " and " + shorts[-1]
    choices = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    verb = "deals" if len(names) == 1 else "deal"
    return f"; {which} cribbage {verb} {cards} (--game {choices})"


def read_dealt(text: str, game: str | Form = "six") -> tuple[Card, ...]:
    """Read a hand as ``game`` deals it (no starter: the lay-out comes before the cut)."""
    if "/" in text:
        raise HandError(
            f"a starter in {quoted(text)}: the lay-out comes before the cut, "
            "give the dealt cards only"
        )
    return check_dealt(parse_cards(text), game)


def analyse_discard(
    dealt: Sequence[Card] | str,
    game: str | Form = "six",
    dealer: bool | None = None,
    opponent: str = "random",
) -> DiscardAnalysis:
    """Score every lay-out of ``dealt`` in ``game`` exactly, best first for the role.

    ``dealer`` True: the crib is the player's (in four-handed, the side's);
    False: it is an opponent's; None: unknown, order by expected hand. The
    crib is filled by random lay-outs (``opponent`` ``'random'``), or by the
    other side's lay-out table (``'expert'``, :mod:`cribcount.cribbage.expert`).
    """
    form = check_opponent(opponent, game)
    ordered = read_dealt(dealt, form) if isinstance(dealt, str) else check_dealt(dealt, form)
    plan = _plan(form)
    ids = np.array([card.id for card in ordered], np.int64)
    hand_total, hand_min, hand_max, hand_counts, crib_total = discard_kernel.layout_totals(
        ids, ids[plan.lay_out_rows], ids[plan.kept_rows], *plan.tables
    )
    columns = zip(
        plan.take_lay_out,
        plan.take_kept,
        hand_total.tolist(),
        crib_total.tolist(),
        hand_min.tolist(),
        hand_max.tolist(),
        hand_counts.tolist(),
        _expert_cribs(ordered, form, plan, opponent),
        strict=True,
    )
    options = [
        _lay_out(
            discard=take_lay_out(ordered),
            keep=take_kept(ordered),
            hand_total=hand,
            starters=plan.starters,
            crib_total=crib,
            fillings=plan.fillings,
            hand_min=low,
            hand_max=high,
            hand_counts=tuple(counts[: high + 1]),
            cribs=cribs,
        )
        for take_lay_out, take_kept, hand, crib, low, high, counts, cribs in columns
    ]
    options.sort(key=lambda option: (_order_key(option, dealer), option.hand_total), reverse=True)
    return DiscardAnalysis(ordered, form.name, dealer, tuple(options), opponent)


OPPONENTS = ("expert", "random")
"""The crib's models: the other side lays out by its expert table, or at random."""


def check_opponent(opponent: str, game: str | Form = "six") -> Form:
    """The form of ``game``, refusing an unknown model of the crib or an unknown game."""
    form = find_form(game)
    if opponent not in OPPONENTS:
        raise CribcountError(
            f"unknown opponent {quoted(opponent)}: expected one of {', '.join(OPPONENTS)}"
        )
    return form


def _expert_cribs(
    ordered: Sequence[Card], form: Form, plan: _Plan, opponent: str
) -> list[tuple[float, float] | None]:
    """Each lay-out's expected cribs under the expert model (own, other's), or None each."""
    if opponent == "random":
        return [None] * len(plan.take_lay_out)
    cribs = expert.expected_cribs(ordered, plan.lay_out_rows, form.name).tolist()
    return [(own, other) for own, other in cribs]


def best_lay_outs(
    dealt: Sequence[Card], game: str | Form = "six", opponent: str = "random"
) -> BestLayOuts:
    """The best lay-outs of ``dealt`` in ``game`` for each role, and their net.

    The same lay-outs and nets as :meth:`DiscardAnalysis.best` of
    :func:`analyse_discard`, without the figures of the other lay-outs.
    """
    return best_lay_outs_many([dealt], game, opponent)[0]


def best_lay_outs_many(
    hands: Sequence[Sequence[Card]], game: str | Form = "six", opponent: str = "random"
) -> list[BestLayOuts]:
    """:func:`best_lay_outs` of each of ``hands``, in one call of the discard_kernel.

    Raises :class:`HandError` for the first hand that is not a hand of
    ``game`` (:func:`check_dealt` finds it first, hand by hand, for a
    caller that reports bad hands and goes on).
    """
    form = check_opponent(opponent, game)
    plan = _plan(form)
    rows = []
    for dealt in hands:
        ids = sorted([card.id for card in dealt])
        if len(ids) != plan.dealt or len(set(ids)) != plan.dealt:
            check_dealt(dealt, form)
        rows.append(ids)
    if not rows:
        return []
    if opponent == "expert":
        return _best_against_experts(rows, form, plan)
    nets, counts, best = discard_kernel.best_layouts(
        np.array(rows, np.int64), plan.lay_out_rows, plan.kept_rows, *plan.tables
    )
    cases = plan.starters * plan.fillings
    return [
        BestLayOuts(ordered, form.name, dealer, pone, dealer_total, pone_total, cases)
        for (ordered, pone, dealer), (pone_total, dealer_total) in zip(
            _best_rows(rows, plan, counts, best), nets.tolist(), strict=True
        )
    ]


def analyses_json(
    hands: Sequence[Sequence[Card]],
    game: str | Form = "six",
    dealer: bool | None = None,
    opponent: str = "random",
    top: int | None = None,
) -> Iterator[dict[str, Any]]:
    """The JSON of :func:`analyse_discard` of each of ``hands``, its ``top`` options shown
    (:meth:`DiscardAnalysis.top`): the same data, worked out for many hands at once, for
    batches. The kernels run once for all the hands, and each hand's JSON is built from
    their figures without making its lay-outs, one hand at a time as it is asked for (so
    that the data of a batch never piles up); :meth:`DiscardAnalysis.to_json` is its
    readable twin.

    Raises :class:`HandError` for the first hand that is not a hand of ``game``, as
    :func:`best_lay_outs_many` does.
    """
    form = check_opponent(opponent, game)
    plan = _plan(form)
    _top_end([], top)  # refuses a ``top`` below 1 whatever the hands
    dealt = []
    rows = []
    for cards in hands:
        row = [card.id for card in cards]
        # a hand read by read_dealt is checked and in order already: check the rest
        if len(row) != plan.dealt or len(set(row)) != plan.dealt or row != sorted(row):
            cards = check_dealt(cards, form)
            row = [card.id for card in cards]
        dealt.append(cards)
        rows.append(row)
    if not rows:
        return
    ids = np.array(rows, np.int64)
    hand_total, hand_min, hand_max, crib_total = discard_kernel.layout_totals_many(
        ids, plan.lay_out_rows, plan.kept_rows, *plan.tables
    )
    # the same operations, on the same numbers, as the lay-outs' own figures
    expected = hand_total / plan.starters
    if opponent == "random":
        cases = plan.starters * plan.fillings
        own = hand_total * plan.fillings + crib_total * plan.starters
        other = hand_total * plan.fillings - crib_total * plan.starters
        cribs = np.stack([crib_total / plan.fillings] * 2, axis=-1)
        nets = np.stack([own / cases, other / cases], axis=-1)
        keys = np.stack([own, other], axis=-1)
    else:
        cribs = expert.expected_cribs_many(ids, plan.lay_out_rows, form.name)
        nets = np.stack([expected + cribs[..., 0], expected - cribs[..., 1]], axis=-1)
        keys = None
    # every hand's figures at once: each lay-out's cards and kept cards as their
    # notations, its floats (the expected hand, the cribs and the nets, the dealer's
    # first), its whole numbers (the hand's least, greatest and total show, the crib's)
    laid = _NOTATIONS[ids[:, plan.lay_out_rows]]
    kept = _NOTATIONS[ids[:, plan.kept_rows]]
    floats = np.concatenate([expected[..., None], cribs, nets], axis=-1)
    counts = np.stack([hand_min, hand_max, hand_total, crib_total], axis=-1)
    exact = keys is not None
    # the order of analyse_discard: the role's key, then the expected hand, greatest
    # first, equals in lay-out order (a stable sort); here for every hand at once where
    # the keys are exact, below hand by hand for the expert's rounded nets
    orders = None
    if dealer is None:
        orders = np.argsort(-hand_total, axis=1, kind="stable")
    elif keys is not None:
        orders = np.lexsort((-hand_total, -keys[..., 0 if dealer else 1]), axis=1)
    for h, cards in enumerate(dealt):
        # read as Python numbers one hand at a time, so that few objects live at once
        # for the garbage collector to go over
        figures, whole, totals = floats[h].tolist(), counts[h].tolist(), hand_total[h].tolist()
        # each role's nets (the dealer's first), exact totals where the model has them
        values = (keys if keys is not None else nets)[h].T.tolist()
        if dealer is None:
            ranking: list[float] = totals
        elif exact:
            ranking = values[0 if dealer else 1]
        else:
            ranking = [round(net, 9) for net in values[0 if dealer else 1]]
        if orders is not None:
            order = orders[h].tolist()
        else:
            keyed = list(zip(ranking, totals, strict=True))
            order = sorted(range(len(totals)), key=keyed.__getitem__, reverse=True)
        ranked = [ranking[i] for i in order]
        names = notations(cards)
        laid_names, kept_names = laid[h].tolist(), kept[h].tolist()
        # each option as DiscardAnalysis.to_json writes it: its place, then _lay_out_json
        shown: list[dict[str, Any]] = []
        for i, (place, tied) in zip(order[: _top_end(ranked, top)], _places(ranked), strict=False):
            hand, own_crib, other_crib, own_net, other_net = figures[i]
            low, high, total, crib_total_ = whole[i]
            option = {
                "place": place,
                "tied": tied,
                "lay_out": laid_names[i],
                "keep": kept_names[i],
                "expected_hand": hand,
                "expected_crib": {"dealer": own_crib, "pone": other_crib},
                "net": {"dealer": own_net, "pone": other_net},
                "hand_min": low,
                "hand_max": high,
                "hand_total": total,
            }
            if exact:
                option["crib_total"] = crib_total_
            shown.append(option)
        # each role's best lay-outs, in the order of the options
        place_of = dict(zip(order, range(len(order)), strict=True))
        best = {
            own: [
                laid_names[i]
                for i in sorted(
                    _greatest(values[0 if own else 1], exact=exact), key=place_of.__getitem__
                )
            ]
            for own in (True, False)
        }
        yield _analysis_json(
            (form.name, dealer, opponent), names, (plan.starters, plan.fillings), shown, best
        )


def _best_against_experts(rows: list[list[int]], form: Form, plan: _Plan) -> list[BestLayOuts]:
    """:func:`best_lay_outs_many` against the expert tables: nets as floats, those equal to
    9 decimals tied."""
    game = form.name
    if game not in PAIR_FORMS:
        slots = np.stack([expert.crib_slots(game, own) for own in (False, True)])
        hand_multisets, parts, totals = expert.single_rank_parts(game, rows)
        nets, counts, best = expert_kernel.best_singles_against_experts(
            np.array(rows, np.int64),
            hand_multisets,
            plan.lay_out_rows,
            plan.kept_rows,
            slots,
            parts,
            totals,
            *plan.tables[:2],
        )
    else:
        nets, counts, best = _pair_nets(rows, game, plan)
    return [
        BestLayOuts(ordered, game, dealer, pone, 0, 0, 0, (float(net[1]), float(net[0])))
        for (ordered, pone, dealer), net in zip(
            _best_rows(rows, plan, counts, best), nets.tolist(), strict=True
        )
    ]


def _pair_nets(
    rows: list[list[int]], game: str, plan: _Plan
) -> tuple[npt.NDArray[np.float64], IntArray, IntArray]:
    """The kernel's best lay-outs against experts where each player lays out two cards."""
    tables = [expert.crib_table(game, own) for own in (False, True)]
    weights, whole, by_starter = (np.stack(parts) for parts in zip(*tables, strict=True))
    nets, counts, best = expert_kernel.best_against_experts(
        np.array(rows, np.int64),
        plan.lay_out_rows,
        plan.kept_rows,
        weights,
        expert.starter_sums(),
        whole,
        by_starter,
        *plan.tables[:2],
    )
    return nets, counts, best


def _best_rows(
    rows: list[list[int]], plan: _Plan, counts: IntArray, best: IntArray
) -> Iterator[tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]]:
    """Each hand's cards, and its best lay-outs for the other side (role 0) and the crib's
    owner (role 1), from the kernels' counts and rows of best lay-outs."""
    take = plan.take_lay_out
    count_rows, first_rows = counts.tolist(), best[:, :, 0].tolist()
    for hand, ids in enumerate(rows):
        ordered = tuple([_DECK[card] for card in ids])
        lay_outs = []
        for role in (0, 1):
            # most hands have one best lay-out a role: the others are read only for ties
            count = count_rows[hand][role]
            options = [first_rows[hand][role]] if count == 1 else best[hand, role, :count].tolist()
            lay_outs.append(tuple([take[option](ordered) for option in options]))
        yield ordered, lay_outs[0], lay_outs[1]


def _lay_out(**fields: Any) -> LayOut:
    """``LayOut(**fields)``, four times quicker.

    A frozen dataclass's ``__init__`` sets its fields one at a time through
    ``object.__setattr__``, which is most of the cost of an analysis; filling
    the instance's dictionary at once makes the same, equal, object.
    """
    option: LayOut = object.__new__(LayOut)
    option.__dict__.update(fields)
    option._work_out()
    return option


def _places(keys: Sequence[float]) -> list[tuple[int, bool]]:
    """The place (1 = best) of each of the keys of lay-outs in order, best first (so that
    equal keys stand together), and whether it ties with another."""
    places: list[tuple[int, bool]] = []
    for _key, equal in groupby(keys):
        size = len(list(equal))
        places += [(len(places) + 1, size > 1)] * size
    return places


def _top_end(keys: Sequence[float], n: int | None) -> int:
    """How many of the lay-outs of these keys (in order, best first) the first ``n`` are,
    with every further one tied with the ``n``-th: a place is never cut in two."""
    if n is None:
        return len(keys)
    if n < 1:
        raise CribcountError(f"top {n}: expected a number of lay-outs of 1 or more")
    end = min(n, len(keys))
    while end < len(keys) and keys[end] == keys[n - 1]:
        end += 1
    return end


def _greatest(nets: Sequence[float], exact: bool) -> list[int]:
    """The places of the greatest of ``nets``: exact totals, or the expert's float nets,
    which are equal within 1e-9 (:func:`_order_key`). Rounding keeps the order, so the
    best rounded net is the greatest net rounded, and only nets near it need rounding to
    see whether they are equal to it."""
    if exact:
        most = max(nets)
        return [i for i, net in enumerate(nets) if net == most]
    top = round(max(nets), 9)
    return [i for i, net in enumerate(nets) if net > top - 1e-8 and round(net, 9) == top]


def _order_key(option: LayOut, dealer: bool | None) -> int | float:
    """What the order compares: the net for the role, else the expected hand (as totals).

    The expert model's nets are floats: those within 1e-9 are equal.
    """
    if option.cribs is not None and dealer is not None:
        return round(option.net(dealer), 9)
    if dealer is None:
        return option.hand_total
    return option.net_total(dealer)


def compile_note(*functions: Callable[..., object], opponent: str = "random") -> str | None:
    """What to tell the user before the kernels' first use (:func:`jit.compile_note`).

    ``functions`` are the functions of this module about to be called
    (:func:`analyse_discard`, :func:`best_lay_outs`,
    :func:`best_lay_outs_many`, :func:`analyses_json`; none given,
    :func:`analyse_discard`): the
    note is about the kernels they run, as one run seldom calls them all;
    against the ``expert`` opponent, the expert kernels too.
    """
    entry_points: dict[Any, None] = {}  # a set in a fixed order
    for function in functions or (analyse_discard,):
        if function not in _ENTRY_POINTS:
            raise ValueError(f"{function!r} runs no kernel: expected a lay-out function")
        entry_points.update(dict.fromkeys(_ENTRY_POINTS[function]))
        if opponent == "expert":
            entry_points.update(dict.fromkeys(_expert_entry_points()[function]))
    return jit.compile_note(entry_points)


_ENTRY_POINTS: dict[Callable[..., object], tuple[Any, ...]] = {
    analyse_discard: (rank_table, discard_kernel.layout_totals),
    best_lay_outs: (rank_table, discard_kernel.best_layouts),
    best_lay_outs_many: (rank_table, discard_kernel.best_layouts),
    analyses_json: (rank_table, discard_kernel.layout_totals_many),
}
"""The kernels each lay-out function calls, directly or through :func:`rank_tables`."""


def _expert_entry_points() -> dict[Callable[..., object], tuple[Any, ...]]:
    """The expert kernels each lay-out function calls against the expert opponent."""
    return {
        analyse_discard: (expert_kernel.expected_cribs,),
        best_lay_outs: (expert_kernel.best_against_experts,),
        best_lay_outs_many: (expert_kernel.best_against_experts,),
        analyses_json: (expert_kernel.expected_cribs_many,),
    }
