"""Advice to the score: each lay-out of a dealt hand by its chance of winning the game.

The model: for each lay-out of the dealt hand, the chance of winning the game, of
lurching, of being lurched, over the rest of the deal: the other player's cards (any
of the unseen, alike likely), his lay-out by the policy (the first best net against
the expert tables for his role), the starter (any card left), the play double dummy
and the shows by the policy (:mod:`cribcount.cribbage.policy`). Each sampled deal is
counted out from the scores in order, as :func:`cribcount.cribbage.game.count_out`
does: heels, the play point by point, the pone's hand, the dealer's hand, the crib;
the first to reach the game wins at once, the loser lurched if he is then under half
the game. If nobody wins in the deal, the chances after it are W from the table of
chances (:func:`cribcount.cribbage.odds.load_table`) with the roles swapped: the pone
deals the next deal.

The figures are sampled: the SAME samples (the other's hand and the starter) for
every lay-out, so that the differences between lay-outs are sharp; ``samples`` of
them (by default 10,000: a chance is a mean of figures between 0 and 1, whose
sum of squared deviations is at most ``samples / 4``, so each option's standard
error is at most ``1 / (2 * sqrt(samples - 1))``, half a percentage point at 10,000
samples, to 0.0003 of a point), drawn from a fixed ``seed``: the same figures for the
same seed. Each chance of winning comes with its standard error: the square root of
the sum of its samples' squared deviations over ``samples - 1``, over the square
root of ``samples``.

The samples of seed ``s``: ``np.random.Generator(np.random.PCG64(s))`` draws, for
each sample in turn, a double for each unseen card (in card order), and the unseen
cards ordered by them (a stable argsort) give the other's hand (the first cards) and
the starter (the next).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from cribcount.cards import Card, notations
from cribcount.cribbage import policy_kernel
from cribcount.cribbage.deals import DEALER, PONE
from cribcount.cribbage.discard import analyse_discard, check_dealt
from cribcount.cribbage.forms import Form
from cribcount.cribbage.game import GameError, check_scores, half, target
from cribcount.cribbage.odds import load_table
from cribcount.cribbage.policy import (
    PACK,
    POLICY,
    SimulationError,
    best_lay_out_rows,
    check_game,
    lay_out_places,
)
from cribcount.cribbage.score_advice_kernel import count_out_many, shows
from cribcount.margins import alike, leads

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

SAMPLES = 10_000
"""The samples of the rest of the deal by default: a standard error of at most
``1 / (2 * sqrt(9,999))``, half a percentage point, on each chance of winning."""
SEED = 2026
"""The seed of the samples by default."""
JACK = 10
"""The rank index (``id >> 2``) of the jack: a jack starter is the dealer's heels."""
HEELS = 2


@dataclass(frozen=True)
class ScoreOption:
    """One lay-out, with its net for the role (against the expert tables) and its
    chances of winning the game, of lurching, of being lurched, and the standard error
    of its chance of winning."""

    lay_out: tuple[Card, ...]
    keep: tuple[Card, ...]
    net: float
    win: float
    lurch: float
    lurched: float
    stderr: float
    diff_stderr: float = 0.0
    """The standard error of the difference between the best option's chance of winning
    and this one's, over the samples they share (0 for the best itself)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "lay_out": notations(self.lay_out),
            "keep": notations(self.keep),
            "net": self.net,
            "win": self.win,
            "lurch": self.lurch,
            "lurched": self.lurched,
            "stderr": self.stderr,
            "diff_stderr": self.diff_stderr,
        }


class Winning(Protocol):
    """An option of advice to the score: its chance of winning the game, its standard
    error, and the standard error of its difference from the best option's."""

    @property
    def win(self) -> float: ...

    @property
    def stderr(self) -> float: ...

    @property
    def diff_stderr(self) -> float: ...


OptionT = TypeVar("OptionT", bound=Winning)


class BestForTheGame(Generic[OptionT]):
    """Advice to the score's options, best for the game first, beside the best for points:
    what the two are and how far apart (a base of the advice's frozen dataclasses)."""

    options: tuple[OptionT, ...]
    best_for_points: OptionT

    @property
    def best_for_the_game(self) -> OptionT:
        return self.options[0]

    @property
    def differs(self) -> bool:
        """Whether the best option for the game is not the best for points."""
        return self.best_for_the_game != self.best_for_points

    @property
    def difference(self) -> float:
        """How much more often the best for the game wins than the best for points, in
        percentage points (0 when they are the same option)."""
        return 100 * (self.best_for_the_game.win - self.best_for_points.win)

    def _alike(self, option: OptionT) -> bool:
        return alike(self.best_for_the_game.win, option.win, option.diff_stderr)

    @property
    def alike(self) -> tuple[OptionT, ...]:
        """The options after the best that win as often in every sample (exact: as
        often): as good a choice, as far as the figures tell."""
        return tuple(option for option in self.options[1:] if self._alike(option))

    @property
    def next_best(self) -> OptionT | None:
        """The first option after the best that is not :attr:`alike` it, None if none."""
        return next((option for option in self.options[1:] if not self._alike(option)), None)

    @property
    def separated(self) -> bool:
        """Whether the best option for the game is separated from the next
        (:attr:`next_best`), as :mod:`cribcount.margins` says. With no next, it is."""
        runner = self.next_best
        if runner is None:
            return True
        return leads(self.best_for_the_game.win - runner.win, runner.diff_stderr)

    def options_json(self, options: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The options' JSON, best first, the best saying whether it is separated."""
        options[0]["separated"] = self.separated
        return options


@dataclass(frozen=True)
class ScoreAdvice(BestForTheGame[ScoreOption]):
    """Every lay-out of a dealt hand by its chance of winning the game, best first (ties:
    the greater net first), and the best for points (the best net) beside the best for
    the game."""

    game: str
    to: int
    me: int
    him: int
    dealer: bool
    samples: int
    seed: int
    policy: str
    options: tuple[ScoreOption, ...]
    best_for_points: ScoreOption

    @property
    def role(self) -> str:
        return "dealer" if self.dealer else "pone"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "to": self.to,
            "scores": {"me": self.me, "him": self.him},
            "role": self.role,
            "samples": self.samples,
            "seed": self.seed,
            "policy": self.policy,
            "options": self.options_json([option.to_json() for option in self.options]),
            "best_for_points": notations(self.best_for_points.lay_out),
            "best_for_the_game": notations(self.best_for_the_game.lay_out),
            "difference": self.difference,
        }


def standard_error(values: FloatArray) -> float:
    """The standard error of the mean of ``values``: their standard deviation (the sum of
    squared deviations over ``n - 1``) over ``sqrt(n)``; 0 for fewer than two."""
    n = len(values)
    if n < 2:
        return 0.0
    return float(np.std(values, ddof=1)) / math.sqrt(n)


def difference_errors(wins: Sequence[FloatArray]) -> list[float]:
    """For each of ``wins`` (an option's chance of winning in each sample, the samples
    the same for every option), the standard error of its difference from the first's:
    of the mean of the differences sample by sample."""
    return [standard_error(wins[0] - win) for win in wins]


def check_position(me: int, him: int, to: int) -> None:
    """Refuse scores that are not those of a game to ``to`` before a deal: each 0 to
    ``to - 1``."""
    check_scores(me, him, to)
    if me >= to or him >= to:
        raise GameError(
            f"scores {me} and {him}: the game is won at {to}; expected scores under {to}"
            " before a deal"
        )


@dataclass(frozen=True, eq=False)
class Samples:
    """The rest of the deal, sampled: the other's dealt cards (rows of ids in increasing
    order) and the starters."""

    other: IntArray
    starters: IntArray


def draw_samples(dealt: Sequence[Card], form: Form, samples: int, seed: int) -> Samples:
    """The ``samples`` of seed ``seed`` (see the module docstring) around ``dealt``."""
    if samples < 2:
        raise SimulationError(f"{samples} samples: expected 2 or more")
    if not 0 <= seed < 2**63:
        raise SimulationError(f"seed {seed}: expected 0 to 2**63 - 1")
    seen = {card.id for card in dealt}
    unseen = np.array([i for i in range(PACK) if i not in seen], np.int64)
    generator = np.random.Generator(np.random.PCG64(seed))
    order = np.argsort(generator.random((samples, len(unseen))), axis=1, kind="stable")
    drawn = unseen[order[:, : form.dealt + 1]]
    return Samples(np.sort(drawn[:, : form.dealt], axis=1), drawn[:, form.dealt].copy())


@functools.cache
def _boards(game: str, to: int) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The table of chances of ``game`` to ``to`` as arrays: the pone's win, lurch and
    being lurched, by the pone's score and the dealer's."""
    table = load_table(game, to)
    return (
        np.array(table.win, np.float64),
        np.array(table.lurch, np.float64),
        np.array(table.lurched, np.float64),
    )


def advise_to_score(
    dealt: Sequence[Card],
    game: str | Form,
    dealer: bool,
    me: int,
    him: int,
    samples: int = SAMPLES,
    seed: int = SEED,
    to: int | None = None,
) -> ScoreAdvice:
    """Every lay-out of ``dealt`` by its chance of winning the game of ``game`` to ``to``
    (its usual game by default), the player at ``me`` against the other at ``him``,
    before a deal in which he is the dealer (``dealer``) or the pone: the model of the
    module docstring, over ``samples`` samples of seed ``seed``."""
    form = check_game(game)
    game_to = target(form, to)
    check_position(me, him, game_to)
    hand = check_dealt(dealt, form)
    samples_drawn = draw_samples(hand, form, samples, seed)
    chances = _chances(hand, form, dealer, me, him, game_to, samples_drawn)
    analysis = analyse_discard(hand, form, dealer, "expert")
    lay_outs, kept = lay_out_places(form)
    weighed = []
    for row, (win, lurch, lurched) in enumerate(chances):
        laid = tuple(hand[i] for i in lay_outs[row].tolist())
        option = analysis.find(laid)
        found = ScoreOption(
            laid,
            tuple(hand[i] for i in kept[row].tolist()),
            option.net(dealer),
            float(win.mean()),
            float(lurch.mean()),
            float(lurched.mean()),
            standard_error(win),
        )
        weighed.append((found, win))
    weighed.sort(key=lambda pair: (pair[0].win, pair[0].net), reverse=True)
    errors = difference_errors([win for _, win in weighed])
    options = [replace(found, diff_stderr=e) for (found, _), e in zip(weighed, errors, strict=True)]
    by_points = analysis.options[0]
    best_for_points = next(o for o in options if set(o.lay_out) == set(by_points.discard))
    return ScoreAdvice(
        form.name,
        game_to,
        me,
        him,
        dealer,
        samples,
        seed,
        POLICY,
        tuple(options),
        best_for_points,
    )


def _chances(
    hand: Sequence[Card],
    form: Form,
    dealer: bool,
    me: int,
    him: int,
    to: int,
    drawn: Samples,
) -> list[tuple[FloatArray, FloatArray, FloatArray]]:
    """For each lay-out (in the order of :func:`lay_out_places`), each sample's chance of
    winning, of lurching, of being lurched."""
    lay_outs, kept_places = lay_out_places(form)
    ids = np.array([card.id for card in hand], np.int64)
    n, options = len(drawn.starters), len(lay_outs)
    mine = DEALER if dealer else PONE
    his_rows = best_lay_out_rows(drawn.other, form, not dealer)
    his_kept = np.take_along_axis(drawn.other, kept_places[his_rows], axis=1)
    his_laid = np.take_along_axis(drawn.other, lay_outs[his_rows], axis=1)
    my_kept = ids[kept_places]  # (options, kept)
    my_laid = ids[lay_outs]
    # every deal: lay-out by lay-out, sample by sample
    grid = np.empty((options, n, 2, form.kept), np.int64)
    grid[:, :, mine] = my_kept[:, None, :]
    grid[:, :, 1 - mine] = his_kept[None, :, :]
    cribs = np.sort(
        np.concatenate(
            [
                np.broadcast_to(my_laid[:, None, :], (options, n, my_laid.shape[1])),
                np.broadcast_to(his_laid[None, :, :], (options, n, his_laid.shape[1])),
            ],
            axis=2,
        ),
        axis=2,
    )
    starters = np.broadcast_to(drawn.starters[None, :], (options, n))
    kept = grid.reshape(options * n, 2, form.kept)
    cribs = np.ascontiguousarray(cribs.reshape(options * n, -1))
    starters = np.ascontiguousarray(starters.reshape(options * n))
    shown = shows(kept, cribs, starters)
    play_roles, play_points = _plays(kept, cribs, starters, form, options, n, mine)
    heels = np.where(starters >> 2 == JACK, HEELS, 0)
    roles = np.concatenate(
        [
            np.full((options * n, 1), DEALER, np.int64),
            play_roles,
            np.array([[PONE, DEALER, DEALER]], np.int64).repeat(options * n, axis=0),
        ],
        axis=1,
    )
    points = np.concatenate([heels[:, None], play_points, shown], axis=1)
    win, lurch, lurched = count_out_deals(roles, points, mine, me, him, to, form.name)
    return [
        (
            win[row * n : (row + 1) * n],
            lurch[row * n : (row + 1) * n],
            lurched[row * n : (row + 1) * n],
        )
        for row in range(options)
    ]


def _plays(
    kept: IntArray,
    cribs: IntArray,
    starters: IntArray,
    form: Form,
    options: int,
    n: int,
    mine: int,
) -> tuple[IntArray, IntArray]:
    """Each deal's play events (roles and points, 0 points after the last), the play
    double dummy of :func:`policy_kernel.play_and_show`. The play depends on the ranks
    held only, so it is played once for each pair of kept ranks: mine (by lay-out)
    and his (by sample)."""
    ranks = kept >> 2
    base = 13 ** np.arange(form.kept, dtype=np.int64)
    mine_code = (ranks[:, mine] * base).sum(axis=1).reshape(options, n)[:, 0]
    his_code = (ranks[:, 1 - mine] * base).sum(axis=1).reshape(options, n)[0]
    _, mine_first, mine_index = np.unique(mine_code, return_index=True, return_inverse=True)
    his_unique, his_first, his_index = np.unique(his_code, return_index=True, return_inverse=True)
    # a deal for each pair: the first lay-out of my ranks, the first sample of his
    pairs = (mine_first[:, None] * n + his_first[None, :]).reshape(-1)
    roles, points, phases, lengths, _ = policy_kernel.play_and_show(
        np.ascontiguousarray(kept[pairs]),
        np.ascontiguousarray(cribs[pairs]),
        np.ascontiguousarray(starters[pairs]),
        form.name == "five",
    )
    filled = np.arange(policy_kernel.MAX_EVENTS)[None, :] < lengths[:, None]
    played = filled & (phases == policy_kernel.PLAY_EVENT)
    # the play's events to the front of each row, in order
    order = np.argsort(~played, axis=1, kind="stable")
    width = max(int(played.sum(axis=1).max()), 1)
    order = order[:, :width]
    keep = np.take_along_axis(played, order, axis=1)
    pair_roles = np.where(keep, np.take_along_axis(roles, order, axis=1), 0).astype(np.int64)
    pair_points = np.where(keep, np.take_along_axis(points, order, axis=1), 0).astype(np.int64)
    pair_of = (mine_index[:, None] * len(his_unique) + his_index[None, :]).reshape(-1)
    return pair_roles[pair_of], pair_points[pair_of]


def count_out_deals(
    roles: IntArray, points: IntArray, mine: int, me: int, him: int, to: int, game: str
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Each deal counted out from the scores (the first to reach ``to`` wins at once,
    nothing after counting), and W after it where nobody won: my chances of winning,
    of lurching, of being lurched (:func:`score_advice_kernel.count_out_many`)."""
    pone_win, pone_lurch, pone_lurched = _boards(game, to)
    chances: tuple[FloatArray, FloatArray, FloatArray] = count_out_many(
        np.ascontiguousarray(roles, np.int64),
        np.ascontiguousarray(points, np.int64),
        mine,
        me,
        him,
        to,
        half(to),
        pone_win,
        pone_lurch,
        pone_lurched,
    )
    return chances


def compile_note() -> str | None:
    """What to tell the user before :func:`advise_to_score` first runs: the kernels it
    calls (the lay-outs', the play's, the shows')."""
    from cribcount import jit
    from cribcount.cribbage import expert_kernel
    from cribcount.cribbage.score_kernel import rank_table

    return jit.compile_note(
        [
            rank_table,
            expert_kernel.best_against_experts,
            policy_kernel.play_and_show,
            shows,
            count_out_many,
        ]
    )
