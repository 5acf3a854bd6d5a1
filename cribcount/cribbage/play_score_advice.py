"""Advice to the score in the play: each card the player may play by its chance of winning.

The scores given are the scores NOW, at this point of the play: what was pegged so far
in this deal (heels too) is already counted in them. For each card the player may play
(one of each rank), the chance of winning the game, of lurching, of being lurched, over
the rest of the deal:

- the opponent's remaining cards: any set of as many of the cards the player has not
  seen, alike likely, leaving out those that contradict a go he said (the holdings of
  :func:`cribcount.cribbage.play_advice.advise_play`, by their weights); with
  ``against``, the cards given;
- his hand for the show: the cards he played this deal and those remaining;
- the crib: the player's own cards laid out when given (``laid_out``), and its other
  cards any of the cards left unseen, alike likely;
- the play from the card on played double dummy by both (the solver of
  :func:`cribcount.cribbage.play_advice.line`, as
  :func:`cribcount.cribbage.play_score_advice_kernel.line_events` follows it: at each
  turn the lowest of the best ranks, as the policy plays);
- then the shows: the pone's hand, the dealer's hand, the crib.

Each rest of the deal is counted out from the scores in order, the card itself first,
then the play point by point, then the shows: the first to reach the game wins at
once (a card that pegs out wins whatever follows; a card that leaves the other a count
that puts him out loses), the loser lurched if he is then under half the game. If
nobody wins in the deal, the chances after it are W from the table of chances
(:func:`cribcount.cribbage.odds.load_table`) with the roles swapped: the pone deals next.

Exact or sampled: when the rests of the deal (the opponent's sets of cards times the
crib's unseen cards) number ``samples`` or fewer, every one is counted, alike likely,
and each figure is exact (standard error 0); otherwise ``samples`` of them are drawn
from ``seed``, the SAME for every card, each chance of winning with its standard error
(as :func:`cribcount.cribbage.score_advice.standard_error`). The samples of seed ``s``:
``np.random.Generator(np.random.PCG64(s))`` draws a row a sample of doubles, one for
each card the opponent may hold (in card order), then another row a sample, one for
each unseen card (in card order): in each sample the first cards by its first row (a
stable argsort) are his, and the first of the others by its second row complete the
crib.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from cribcount.cards import Card, card_key, notations, parse_cards
from cribcount.cribbage.forms import CRIB_SIZE, ROLES, find_form, other_role
from cribcount.cribbage.game import target
from cribcount.cribbage.peg import Play
from cribcount.cribbage.play_advice import Position, advise_play, read_play
from cribcount.cribbage.play_score_advice_kernel import line_events
from cribcount.cribbage.policy import POLICY, SimulationError
from cribcount.cribbage.score_advice import (
    SAMPLES,
    SEED,
    BestForTheGame,
    check_position,
    count_out_deals,
    difference_errors,
    standard_error,
)
from cribcount.cribbage.score_advice_kernel import shows

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class PlayScoreOption:
    """One card the player may play (one of each rank, ``cards`` holding all of it): its
    net for points (as :func:`advise_play` gives it) and its chances of winning the game,
    of lurching, of being lurched, with the standard error of its chance of winning."""

    card: Card
    cards: tuple[Card, ...]
    net: float
    win: float
    lurch: float
    lurched: float
    stderr: float
    diff_stderr: float = 0.0
    """The standard error of the difference between the best option's chance of winning
    and this one's, over the rests of the deal they share (0 for the best, and when
    exact)."""

    def to_json(self, role: str) -> dict[str, Any]:
        """The option as plain data, the net keyed by role (the player's first)."""
        return {
            "card": str(self.card),
            "cards": notations(self.cards),
            "net": {role: self.net, other_role(role): -self.net},
            "win": self.win,
            "lurch": self.lurch,
            "lurched": self.lurched,
            "stderr": self.stderr,
            "diff_stderr": self.diff_stderr,
        }


@dataclass(frozen=True)
class PlayScoreAdvice(BestForTheGame[PlayScoreOption]):
    """Every card the player may play by its chance of winning the game, best first (ties:
    the greater net, then the lower rank), and the best for points beside the best for
    the game. ``samples`` are the rests of the deal counted: all of them when ``exact``."""

    game: str
    to: int
    me: int
    him: int
    role: str
    hand: tuple[Card, ...]
    starter: Card
    remaining: tuple[Card, ...]
    plays: tuple[Play, ...]
    count: int
    laid_out: tuple[Card, ...]
    known: bool
    exact: bool
    samples: int
    seed: int
    policy: str
    options: tuple[PlayScoreOption, ...]
    best_for_points: PlayScoreOption

    @property
    def other(self) -> str:
        """The opponent's role."""
        return other_role(self.role)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "to": self.to,
            "scores": {"me": self.me, "him": self.him},
            "role": self.role,
            "hand": notations(self.hand),
            "starter": str(self.starter),
            "plays": [row.to_json() for row in self.plays],
            "count": self.count,
            "exact": self.exact,
            "samples": self.samples,
            "seed": self.seed,
            "policy": self.policy,
            "options": self.options_json([option.to_json(self.role) for option in self.options]),
            "best_for_points": str(self.best_for_points.card),
            "best_for_the_game": str(self.best_for_the_game.card),
            "difference": self.difference,
        }


def advise_play_to_score(
    hand: str,
    plays: str = "",
    role: str = "pone",
    game: str = "six",
    me: int = 0,
    him: int = 0,
    *,
    laid_out: str | None = None,
    against: str | None = None,
    samples: int = SAMPLES,
    seed: int = SEED,
    to: int | None = None,
) -> PlayScoreAdvice:
    """Every card the player of ``hand`` (his kept cards and the starter, ``'... / 5D'``)
    in ``role`` may play after ``plays``, by his chance of winning the game of ``game``
    to ``to`` (its usual game by default) from ``me`` against ``him`` now: the model of
    the module docstring, exact or over ``samples`` samples of seed ``seed``.
    ``laid_out`` and ``against`` are as :func:`advise_play` reads them."""
    form = find_form(game)
    game_to = target(form, to)
    check_position(me, him, game_to)
    if samples < 2:
        raise SimulationError(f"{samples} samples: expected 2 or more")
    if not 0 <= seed < 2**63:
        raise SimulationError(f"seed {seed}: expected 0 to 2**63 - 1")
    points = advise_play(hand, plays, role, form, laid_out, against)
    state = read_play(hand, plays, role, form, laid_out, against)
    seat = ROLES.index(role)
    mine_laid = tuple(parse_cards(laid_out)) if laid_out else ()
    his_played = [row.card for row in state.plays if row.card is not None and row.player != seat]
    seen = {*state.hand, state.starter, *mine_laid, *his_played}
    unseen = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in seen]
    if state.known is not None:
        allowed = list(state.known)
    else:
        ranks = {rank for holding in state.holdings for rank in holding}
        allowed = [card for card in unseen if card.rank in ranks]
    his_count = form.kept - len(his_played)
    crib_unknown = CRIB_SIZE - len(mine_laid)
    card_sets = comb(len(allowed), his_count)
    outcomes = card_sets * comb(len(unseen) - his_count, crib_unknown)
    exact = outcomes <= samples
    if exact:
        his, crib_rest = _enumerate(allowed, unseen, his_count, crib_unknown)
    else:
        his, crib_rest = _draw(allowed, unseen, his_count, crib_unknown, samples, seed)
    n = len(his)
    # the shows: seat by seat, the same for every card
    my_kept = np.array([card.id for card in state.hand], np.int64)
    kept = np.empty((n, 2, form.kept), np.int64)
    kept[:, seat] = my_kept[None, :]
    kept[:, 1 - seat] = np.sort(
        np.concatenate(
            [
                np.broadcast_to(
                    np.array([c.id for c in his_played], np.int64), (n, len(his_played))
                ),
                his,
            ],
            axis=1,
        ),
        axis=1,
    )
    cribs = np.sort(
        np.concatenate(
            [
                np.broadcast_to(np.array([c.id for c in mine_laid], np.int64), (n, len(mine_laid))),
                crib_rest,
            ],
            axis=1,
        ),
        axis=1,
    )
    starters = np.full(n, state.starter.id, np.int64)
    shown = shows(np.ascontiguousarray(kept), np.ascontiguousarray(cribs), starters)
    show_roles = np.array([[0, 1, 1]], np.int64).repeat(n, axis=0)
    his_codes = np.sort(his >> 2, axis=1) + 1  # ranks 1..13
    unique, index = np.unique(his_codes, axis=0, return_inverse=True)
    index = index.reshape(-1)
    by_rank = {option.card.rank: option for option in points.options}
    fitting = state.position.fitting(seat)
    play_roles, play_points = _plays(state.position, fitting, unique)
    weighed = []
    for place, rank in enumerate(fitting):
        roles = np.concatenate([play_roles[place][index], show_roles], axis=1)
        pegs = np.concatenate([play_points[place][index], shown], axis=1)
        win, lurch, lurched = count_out_deals(roles, pegs, seat, me, him, game_to, form.name)
        option = by_rank[rank]
        found = PlayScoreOption(
            option.card,
            option.cards,
            float(option.net),
            float(win.mean()),
            float(lurch.mean()),
            float(lurched.mean()),
            0.0 if exact else standard_error(win),
        )
        weighed.append((found, win))
    weighed.sort(key=lambda pair: (-pair[0].win, -pair[0].net, pair[0].card.rank))
    errors = [0.0] * len(weighed) if exact else difference_errors([win for _, win in weighed])
    options = [replace(found, diff_stderr=e) for (found, _), e in zip(weighed, errors, strict=True)]
    best_rank = points.options[0].card.rank
    best_for_points = next(o for o in options if o.card.rank == best_rank)
    return PlayScoreAdvice(
        game=form.name,
        to=game_to,
        me=me,
        him=him,
        role=role,
        hand=state.hand,
        starter=state.starter,
        remaining=state.remaining,
        plays=state.plays,
        count=state.position.count,
        laid_out=tuple(sorted(mine_laid, key=card_key)),
        known=state.known is not None,
        exact=exact,
        samples=n,
        seed=seed,
        policy=POLICY,
        options=tuple(options),
        best_for_points=best_for_points,
    )


def _plays(
    position: Position, fitting: Sequence[int], holdings: IntArray
) -> tuple[IntArray, IntArray]:
    """For each rank in ``fitting`` and each of the other seat's ``holdings`` (rows of
    ranks), the points pegged in order (seats and points, 0 points after the last) when
    the seat to move plays it and both then play the best line."""
    seat = position.turn
    mine = np.zeros(14, np.int64)
    for rank in position.hands[seat]:
        mine[rank] += 1
    counts = np.zeros((len(holdings), 14), np.int64)
    for column in range(holdings.shape[1]):
        np.add.at(counts, (np.arange(len(holdings)), holdings[:, column]), 1)
    run = np.zeros(16, np.int64)
    run[: len(position.run)] = position.run
    found: tuple[IntArray, IntArray] = line_events(
        mine,
        seat,
        position.count,
        run,
        len(position.run),
        -1 if position.last is None else position.last,
        position.one_count,
        np.array(fitting, np.int64),
        counts,
    )
    return found


def _enumerate(
    allowed: Sequence[Card], unseen: Sequence[Card], his_count: int, crib_unknown: int
) -> tuple[IntArray, IntArray]:
    """Every rest of the deal: each set of the opponent's cards, with each set of the
    crib's unseen cards from what is left."""
    his_rows: list[list[int]] = []
    crib_rows: list[list[int]] = []
    for held in combinations([card.id for card in allowed], his_count):
        left = [card.id for card in unseen if card.id not in held]
        for rest in combinations(left, crib_unknown):
            his_rows.append(list(held))
            crib_rows.append(list(rest))
    return (
        np.array(his_rows, np.int64).reshape(-1, his_count),
        np.array(crib_rows, np.int64).reshape(-1, crib_unknown),
    )


def _draw(
    allowed: Sequence[Card],
    unseen: Sequence[Card],
    his_count: int,
    crib_unknown: int,
    samples: int,
    seed: int,
) -> tuple[IntArray, IntArray]:
    """The samples of seed ``seed`` (see the module docstring)."""
    generator = np.random.Generator(np.random.PCG64(seed))
    allowed_ids = np.array([card.id for card in allowed], np.int64)
    unseen_ids = np.array([card.id for card in unseen], np.int64)
    first = generator.random((samples, len(allowed_ids)))
    second = generator.random((samples, len(unseen_ids)))
    his = allowed_ids[np.argsort(first, axis=1, kind="stable")[:, :his_count]]
    taken = (unseen_ids[None, None, :] == his[:, :, None]).any(axis=1)
    second[taken] = 2.0  # after every card left
    crib = unseen_ids[np.argsort(second, axis=1, kind="stable")[:, :crib_unknown]]
    return np.sort(his, axis=1), crib


def compile_note() -> str | None:
    """What to tell the user before :func:`advise_play_to_score` first runs: the kernels
    it calls (the play's, the shows')."""
    from cribcount import jit
    from cribcount.cribbage import play_advice_kernel
    from cribcount.cribbage.score_kernel import rank_table

    return jit.compile_note([rank_table, play_advice_kernel.advise, line_events, shows])
