"""The policy both players follow, and deals of cribbage simulated under it.

The policy:

- the lay-out: each player lays out the cards of the best net against the expert
  opponent for his role (:func:`cribcount.cribbage.discard.best_lay_outs_many` with
  ``opponent='expert'``: the expected hand plus the expected crib for the dealer, minus
  it for the pone, the crib filled by the expert tables); where lay-outs tie, the first
  it gives (the greater expected hand, then in the order of the dealt cards);
- the play: double dummy, as the solver of :mod:`cribcount.cribbage.play_advice` plays
  it with both hands known: each card chosen to make the greatest difference between
  the player's points and the other's to the end of the play; where ranks tie, the
  lowest; of a rank held twice, the first card in card order. A player who holds no
  card that fits says go.

A deal: the pack is shuffled, six (five, seven) cards dealt to each player, each lays
out to the crib, the starter is cut, the play is played, and the hands and crib are
shown. Its outcome is its events in the order of counting out (:mod:`deals`): heels (the
dealer's 2 for a jack starter), the play card by card (the last card's 1 pegged with its
other points, as one event), the pone's show, the dealer's hand, the crib.

The shuffle of deal ``d`` of a run of seed ``s``: ``np.random.Generator(np.random.PCG64(s))``
draws 52 doubles for each deal in turn (``.random``), and the pack, card ids 0..51, is
ordered by deal ``d``'s doubles (a stable argsort). The cards are dealt one at a time
from the top, the pone first: the pone gets the cards at places 0, 2, 4, ..., the dealer
those at 1, 3, 5, ..., and the starter is the card at place ``2 * dealt``. The first
``k`` deals of a run are the same whatever the number of deals asked for, and a deal's
outcome does not depend on how the deals are shared out over the cores.

:func:`simulate` does the work in the kernels of :mod:`cribcount.cribbage.policy_kernel`;
:func:`reference_deal` is its readable twin, one deal from its cards, built on the
readable scorer and solver. This module imports numba, through the kernels.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from cribcount import jit
from cribcount.cards import Card, card_key, format_cards, notations
from cribcount.cribbage import expert, expert_kernel, policy_kernel
from cribcount.cribbage.deals import DEALER, PONE, DealOutcomes, Event
from cribcount.cribbage.discard import best_lay_outs_many
from cribcount.cribbage.forms import CRIB_SIZE, TWO_HANDED, Form, find_form
from cribcount.cribbage.play_advice import Position, line
from cribcount.cribbage.score import score_hand
from cribcount.cribbage.score_kernel import rank_table, rank_tables
from cribcount.errors import CribcountError, HandError, quoted
from cribcount.words import counted

IntArray = npt.NDArray[np.int64]

POLICY = (
    "lay-outs of the best net against the expert tables (ties: the first); "
    "the play double dummy (ties: the lowest rank)"
)
"""The policy in words, as the outcomes record it."""

PACK = 52
CHUNK = 50_000
"""Deals worked out at a time: what a run holds in memory besides its events."""
JACK = 11

_DECK = tuple(Card.from_id(card_id) for card_id in range(PACK))


class SimulationError(CribcountError):
    """A simulation asked for that cannot be run: a form, a number of deals, a seed."""


def check_game(game: str | Form) -> Form:
    """The form called ``game``, if its deals are simulated: else a :class:`SimulationError`."""
    form = find_form(game)
    if form.name not in TWO_HANDED:
        raise SimulationError(
            f"game {quoted(form.name)}: deals are simulated for {', '.join(TWO_HANDED)} only"
        )
    return form


def _check_run(deals: int, seed: int) -> None:
    if deals < 0:
        raise SimulationError(f"{deals} deals: expected 0 or more")
    if not 0 <= seed < 2**63:
        raise SimulationError(f"seed {seed}: expected 0 to 2**63 - 1")


def compile_note() -> str | None:
    """What to tell the user before :func:`simulate` first runs (:func:`jit.compile_note`):
    the kernels it calls, the lay-outs' and the play's."""
    return jit.compile_note(
        [rank_table, expert_kernel.best_against_experts, policy_kernel.play_and_show]
    )


# -- the cards ----------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Dealt:
    """The cards of many deals, as ids: each player's dealt cards (rows in increasing
    order), and the starters."""

    pone: IntArray
    dealer: IntArray
    starters: IntArray

    def __len__(self) -> int:
        return len(self.starters)


def deal_cards(game: str | Form, deals: int, seed: int, first: int = 0) -> Dealt:
    """The cards of deals ``first`` to ``first + deals - 1`` of the run of ``seed`` (see the
    module docstring for the shuffle and the deal)."""
    form = check_game(game)
    _check_run(deals, seed)
    if first < 0:
        raise SimulationError(f"first deal {first}: expected 0 or more")
    # each double is one draw of the bit generator: skip the earlier deals' draws
    generator = np.random.Generator(np.random.PCG64(seed).advance(first * PACK))
    return _dealt_from(form, generator.random((deals, PACK)))


def _dealt_from(form: Form, doubles: npt.NDArray[np.float64]) -> Dealt:
    """The cards of the deals whose rows of doubles order the pack."""
    order = np.argsort(doubles, axis=1, kind="stable")
    n = form.dealt
    return Dealt(
        np.sort(order[:, 0 : 2 * n : 2], axis=1).astype(np.int64),
        np.sort(order[:, 1 : 2 * n : 2], axis=1).astype(np.int64),
        order[:, 2 * n].astype(np.int64),
    )


# -- the lay-out --------------------------------------------------------------------


@functools.cache
def _lay_out_rows(form: Form) -> tuple[IntArray, IntArray]:
    """Every lay-out as the places in the dealt hand of the cards laid out and of those
    kept, in the order of :func:`best_lay_outs_many`."""
    places = range(form.dealt)
    lay_outs = list(combinations(places, form.dealt - form.kept))
    kept = [[i for i in places if i not in lay_out] for lay_out in lay_outs]
    return np.array(lay_outs, np.int64), np.array(kept, np.int64)


def best_lay_out_rows(hands: IntArray, game: str | Form, dealer: bool) -> IntArray:
    """For each dealt hand (a row of card ids in increasing order), which lay-out the
    policy takes for the role: its row in :func:`lay_out_places`, the first best of
    :func:`best_lay_outs_many` against the expert tables."""
    form = check_game(game)
    lay_outs, kept = _lay_out_rows(form)
    tables = [expert.crib_table(form.name, own) for own in (False, True)]
    weights, whole, by_starter = (np.stack(parts) for parts in zip(*tables, strict=True))
    _, _, best = expert_kernel.best_against_experts(
        np.ascontiguousarray(hands, np.int64),
        lay_outs,
        kept,
        weights,
        expert.starter_sums(),
        whole,
        by_starter,
        *rank_tables(),
    )
    rows: IntArray = best[:, int(dealer), 0]
    return rows


def lay_out_places(game: str | Form) -> tuple[IntArray, IntArray]:
    """The lay-outs of ``game`` as places in the dealt hand (in increasing card order): of
    the cards laid out, and of the cards kept, a row each."""
    return _lay_out_rows(check_game(game))


# -- the deals ----------------------------------------------------------------------


@dataclass(frozen=True)
class PolicyDeal:
    """One deal played by the policy: the cards dealt, laid out and played, and its events.

    Kept cards and cribs are in card order; ``plays`` is the cards in the order played.
    """

    game: str
    pone_dealt: tuple[Card, ...]
    dealer_dealt: tuple[Card, ...]
    starter: Card
    pone_kept: tuple[Card, ...]
    dealer_kept: tuple[Card, ...]
    crib: tuple[Card, ...]
    plays: tuple[Card, ...]
    events: tuple[Event, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "dealt": {"pone": notations(self.pone_dealt), "dealer": notations(self.dealer_dealt)},
            "starter": str(self.starter),
            "kept": {"pone": notations(self.pone_kept), "dealer": notations(self.dealer_kept)},
            "crib": notations(self.crib),
            "plays": notations(self.plays),
            "events": [
                {"role": "dealer" if role == DEALER else "pone", "points": points}
                for role, points in self.events
            ],
        }


@dataclass(frozen=True, eq=False)
class Simulation:
    """Deals simulated with every card kept: their cards, lay-outs, plays and outcomes.

    ``kept[d, seat]`` and ``cribs[d]`` are card ids in increasing order; ``plays[d]`` the
    cards played in order, :data:`policy_kernel.NO_PLAY` after the last; ``phases`` what
    each event of the outcomes is, by its number in :data:`policy_kernel.PHASES`.
    """

    game: str
    dealt: Dealt
    kept: IntArray
    cribs: IntArray
    plays: IntArray
    outcomes: DealOutcomes
    phases: npt.NDArray[np.int8]

    def means(self) -> dict[str, dict[str, float]]:
        """The mean points a deal of each phase (heels, play, hand, crib) and in all, to the
        pone and to the dealer."""
        deals = max(len(self.dealt), 1)
        roles = self.outcomes.roles
        points = self.outcomes.points.astype(np.int64)
        means: dict[str, dict[str, float]] = {}
        for number, phase in enumerate((*policy_kernel.PHASES, "deal")):
            chosen = self.phases == number if phase != "deal" else np.ones(len(roles), np.bool_)
            means[phase] = {
                role: float(points[chosen & (roles == seat)].sum()) / deals
                for seat, role in ((PONE, "pone"), (DEALER, "dealer"))
            }
        return means

    def deal(self, d: int) -> PolicyDeal:
        """Deal ``d`` as :func:`reference_deal` gives it."""
        if not 0 <= d < len(self.dealt):
            raise SimulationError(
                f"deal {d} of {len(self.dealt)}: expected 0 to {len(self.dealt) - 1}"
            )

        def cards(ids: IntArray) -> tuple[Card, ...]:
            return tuple(_DECK[i] for i in ids.tolist() if i != policy_kernel.NO_PLAY)

        return PolicyDeal(
            self.game,
            cards(self.dealt.pone[d]),
            cards(self.dealt.dealer[d]),
            _DECK[int(self.dealt.starters[d])],
            cards(self.kept[d, PONE]),
            cards(self.kept[d, DEALER]),
            cards(self.cribs[d]),
            cards(self.plays[d]),
            tuple(self.outcomes.events(d)),
        )

    def to_json(self) -> dict[str, Any]:
        """Every deal as :meth:`PolicyDeal.to_json` writes it, and the policy."""
        return {
            "game": self.game,
            "seed": self.outcomes.seed,
            "policy": self.outcomes.policy,
            "deals": [self.deal(d).to_json() for d in range(len(self.dealt))],
        }


_Events = tuple[npt.NDArray[np.int8], npt.NDArray[np.int16], npt.NDArray[np.int8], IntArray]
"""Events of some deals, one after another: roles, points, phases; and each deal's count."""


def _play_dealt(form: Form, dealt: Dealt) -> tuple[IntArray, IntArray, IntArray, _Events]:
    """Lay out, play and show the deals ``dealt``: the kept cards, the cribs, the cards
    played and the events."""
    lay_outs, kept_places = _lay_out_rows(form)
    hands = np.stack([dealt.pone, dealt.dealer], axis=1)
    rows = np.stack(
        [best_lay_out_rows(dealt.pone, form, False), best_lay_out_rows(dealt.dealer, form, True)],
        axis=1,
    )
    index = np.arange(len(dealt))[:, None, None]
    seats = np.arange(2)[None, :, None]
    kept = np.ascontiguousarray(hands[index, seats, kept_places[rows]])
    laid = hands[index, seats, lay_outs[rows]]
    cribs = np.sort(laid.reshape(len(dealt), CRIB_SIZE), axis=1)
    roles, points, phases, lengths, plays = policy_kernel.play_and_show(
        kept, np.ascontiguousarray(cribs), dealt.starters, form.name == "five"
    )
    # the kernel's rows of room, cut to the events each deal filled
    filled = np.arange(policy_kernel.MAX_EVENTS)[None, :] < lengths[:, None]
    return kept, cribs, plays, (roles[filled], points[filled], phases[filled], lengths)


def _outcomes(form: Form, seed: int, parts: Sequence[_Events]) -> DealOutcomes:
    """The outcomes of the events of some chunks of deals, one chunk after another."""
    return DealOutcomes(
        np.concatenate([np.zeros(0, np.int8), *(part[0] for part in parts)]),
        np.concatenate([np.zeros(0, np.int16), *(part[1] for part in parts)]),
        np.cumsum(np.concatenate([np.zeros(1, np.int64), *(part[3] for part in parts)])),
        form.name,
        seed,
        POLICY,
    )


def simulate(game: str | Form, deals: int, seed: int) -> DealOutcomes:
    """The outcomes of ``deals`` deals of ``game`` (five, six or seven) played by the policy,
    shuffled from ``seed`` (see the module docstring): the same outcomes for the same
    arguments, on any machine with any number of cores."""
    form = check_game(game)
    _check_run(deals, seed)
    generator = np.random.Generator(np.random.PCG64(seed))
    parts = []
    for first in range(0, deals, CHUNK):
        size = min(CHUNK, deals - first)
        dealt = _dealt_from(form, generator.random((size, PACK)))
        parts.append(_play_dealt(form, dealt)[3])  # the cards are let go
    return _outcomes(form, seed, parts)


def simulate_cards(game: str | Form, deals: int, seed: int) -> Simulation:
    """:func:`simulate`, keeping every deal's cards, lay-outs and plays (for a few deals:
    it holds them all)."""
    form = check_game(game)
    dealt = deal_cards(form, deals, seed)
    kept, cribs, plays, part = _play_dealt(form, dealt)
    outcomes = _outcomes(form, seed, [part])
    return Simulation(form.name, dealt, kept, cribs, plays, outcomes, part[2])


def play_dealt(
    pone: Sequence[Card], dealer: Sequence[Card], starter: Card, game: str | Form = "six"
) -> PolicyDeal:
    """The kernels' deal of these cards: :func:`reference_deal`, fast."""
    form = check_game(game)
    _check_deal(pone, dealer, starter, form)
    dealt = Dealt(
        np.array([sorted(card.id for card in pone)], np.int64),
        np.array([sorted(card.id for card in dealer)], np.int64),
        np.array([starter.id], np.int64),
    )
    kept, cribs, plays, part = _play_dealt(form, dealt)
    outcomes = _outcomes(form, 0, [part])
    return Simulation(form.name, dealt, kept, cribs, plays, outcomes, part[2]).deal(0)


# -- the readable twin ----------------------------------------------------------------


def _check_deal(pone: Sequence[Card], dealer: Sequence[Card], starter: Card, form: Form) -> None:
    """Refuse a deal of the wrong number of cards, or of a card twice."""
    for hand in (pone, dealer):
        if len(hand) != form.dealt:
            raise HandError(
                f"{counted(len(hand), 'card')} in {quoted(format_cards(hand))}:"
                f" {form.title} deals {form.dealt}"
            )
    cards = [*pone, *dealer, starter]
    if len(set(cards)) != len(cards):
        raise HandError(
            f"a card dealt twice in {quoted(format_cards(cards))}: each card can appear once"
        )


def reference_deal(
    pone: Sequence[Card], dealer: Sequence[Card], starter: Card, game: str | Form = "six"
) -> PolicyDeal:
    """One deal played by the policy from its cards, by the readable solver and scorer.

    Each lays out the first best lay-out of :func:`best_lay_outs_many` against the
    experts for his role; the play follows :func:`cribcount.cribbage.play_advice.line`
    (at each turn the lowest of the best ranks); the pone's hand, the dealer's and the
    crib are shown by :func:`cribcount.cribbage.score.score_hand`.
    """
    form = check_game(game)
    _check_deal(pone, dealer, starter, form)
    pone_best, dealer_best = best_lay_outs_many([pone, dealer], form, "expert")
    pone_out, dealer_out = pone_best.pone[0], dealer_best.dealer[0]
    pone_kept = tuple(card for card in pone_best.dealt if card not in pone_out)
    dealer_kept = tuple(card for card in dealer_best.dealt if card not in dealer_out)
    crib = tuple(sorted((*pone_out, *dealer_out), key=card_key))
    events: list[Event] = []
    if starter.rank == JACK:
        events.append((DEALER, 2))
    held = [list(pone_kept), list(dealer_kept)]
    plays = []
    start = Position(
        (tuple(sorted(c.rank for c in pone_kept)), tuple(sorted(c.rank for c in dealer_kept))),
        one_count=form.name == "five",
    )
    for _, move in line(start):
        if move.rank is not None:
            card = next(card for card in held[move.seat] if card.rank == move.rank)
            held[move.seat].remove(card)
            plays.append(card)
        if move.points:
            events.append((move.scorer, move.points))
    for role, hand, is_crib in (
        (PONE, pone_kept, False),
        (DEALER, dealer_kept, False),
        (DEALER, crib, True),
    ):
        shown = score_hand(hand, starter, is_crib).total
        if shown:
            events.append((role, shown))
    return PolicyDeal(
        form.name,
        pone_best.dealt,
        dealer_best.dealt,
        starter,
        pone_kept,
        dealer_kept,
        crib,
        tuple(plays),
        tuple(events),
    )
