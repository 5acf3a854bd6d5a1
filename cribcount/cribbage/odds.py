"""The chance of winning a game of cribbage from any score, exact over a set of deals.

W(me, him, role) is the chance that the player at ``me`` wins against the one
at ``him``, before a deal in which he (the player at ``me``) is the dealer or
the pone, the scores as given: nothing is added for the start of a game (see
:func:`start_scores` for five-card's three for last).

The model: every deal outcome of a given set (:class:`DealOutcomes`, each
the events of one deal in the order of counting out) is equally likely,
deal after deal. Within a deal the events count out in order and the first
to reach the game wins at once, nothing after counting; the loser is
lurched if he is then under half the game. A deal that ends no game leaves
the new scores, and the next deal is dealt by the other player. Every deal
scores at least a point (the last card), so the scores only grow, and W is
solved exactly from the game down by dynamic programming
(:mod:`cribcount.cribbage.odds_kernel`; :func:`reference_odds` is its plain
twin, in fractions). The chances of a lurch each way come with it.

A :class:`Table` holds the chances for every pair of scores, as the package
ships them (``data/odds-<game>.json``, ``odds-seven-181.json`` for seven-card
to 181), with the deals and the policy they come from.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import orjson

from cribcount.cribbage.forms import ROLES, find_form
from cribcount.cribbage.game import GameError, check_scores, half, target, three_for_last
from cribcount.errors import CribcountError, quoted

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from cribcount.cribbage.deals import DealOutcomes

Board = list[list[float]]

TABLES: Path | None = None
"""Where :func:`load_table` reads tables: None for the package's data."""

DEALS = 1_000_000
"""Simulated deals behind each table the package ships."""
SEED = 2026
"""The seed of the deals behind each table the package ships."""

DATA = "data"


class OddsError(CribcountError):
    """A table of chances that is missing, unreadable, or asked what it cannot answer."""


@dataclass(frozen=True)
class Odds:
    """The chances of one position: of winning, of lurching him, of being lurched."""

    game: str
    to: int
    me: int
    him: int
    role: str
    win: float
    lurch: float
    lurched: float
    deals: int
    policy: str

    def to_json(self) -> dict[str, Any]:
        """The position and its chances, with the deals and the policy they come from."""
        return {
            "game": self.game,
            "to": self.to,
            "scores": {"me": self.me, "him": self.him},
            "role": self.role,
            "win": self.win,
            "lurch": self.lurch,
            "lurched": self.lurched,
            "deals": self.deals,
            "policy": self.policy,
        }


@dataclass(frozen=True, eq=False)
class Table:
    """The chances of every position of a game, by the pone's score and the dealer's.

    ``win[p, d]`` is the chance that the pone, at ``p``, beats the dealer at ``d``
    before a deal; ``lurch[p, d]`` that he wins with the dealer under half the
    game; ``lurched[p, d]`` that the dealer wins with the pone under it. Both
    roles are read from them: the dealer at ``me`` against the pone at ``him``
    wins with the chance ``1 - win[him, me]``, so the two chances of a position
    add up to one. Scores run 0 to the game; a row or column at the game is
    the game won (at most one of the two).
    """

    game: str
    to: int
    deals: int
    seed: int
    policy: str
    win: Board
    lurch: Board
    lurched: Board

    def odds(self, me: int, him: int, role: str) -> Odds:
        """W(me, him, role): the chances of the player at ``me``, before a deal in which he
        is ``role`` (``'pone'`` or ``'dealer'``), against the other at ``him``."""
        check_scores(me, him, self.to)
        if role not in ROLES:
            raise OddsError(f"unknown role {quoted(role)}: expected pone or dealer")
        if role == "pone":
            win = self.win[me][him]
            lurch = self.lurch[me][him]
            lurched = self.lurched[me][him]
        else:
            win = 1.0 - self.win[him][me]
            lurch = self.lurched[him][me]
            lurched = self.lurch[him][me]
        return Odds(self.game, self.to, me, him, role, win, lurch, lurched, self.deals, self.policy)

    def start(self) -> Odds:
        """The first dealer's chances at the start of a game: 0 to 0, the pone of the first
        deal given three for last in five-card (:func:`start_scores`)."""
        pone, dealer = start_scores(self.game)
        return self.odds(dealer, pone, "dealer")

    def to_json(self) -> dict[str, Any]:
        """The table as it is saved: its source, then each chance by the pone's score (a row)
        and the dealer's (a column)."""
        return {
            "game": self.game,
            "to": self.to,
            "deals": self.deals,
            "seed": self.seed,
            "policy": self.policy,
            "win": self.win,
            "lurch": self.lurch,
            "lurched": self.lurched,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        """The table :meth:`to_json` wrote."""
        to = int(data["to"])
        boards: list[Board] = [data[name] for name in _BOARDS]
        if any(len(board) != to + 1 or {len(row) for row in board} != {to + 1} for board in boards):
            raise OddsError(f"a table to {to} whose chances are not {to + 1} by {to + 1}")
        return cls(
            str(data["game"]),
            to,
            int(data["deals"]),
            int(data["seed"]),
            str(data["policy"]),
            *boards,
        )

    def save(self, path: str | Path) -> None:
        """Write the table as JSON, a row of scores to a line: the same table, the same bytes."""
        text = json.dumps(self.to_json(), indent=1)
        text = _ROW.sub(lambda row: "[" + " ".join(row[1].split()) + "]", text)
        Path(path).write_text(text + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Table:
        """The table :meth:`save` wrote to ``path``."""
        try:
            data = orjson.loads(Path(path).read_bytes())
            return cls.from_json(data)
        except (OSError, ValueError, KeyError, TypeError, orjson.JSONDecodeError) as error:
            if isinstance(error, CribcountError):
                raise
            raise OddsError(
                f"cannot read a table of chances from {quoted(str(path))}:"
                " expected a file that Table.save wrote"
            ) from None


_BOARDS = ("win", "lurch", "lurched")

_ROW = re.compile(r"\[\s+([^\[\]{}]*?)\s+\]")
"""A list of numbers spread over lines by ``json.dumps``."""


def start_scores(game: str) -> tuple[int, int]:
    """The scores (the pone's, the dealer's) before the first deal of a game: 0 to 0, but
    3 to 0 in five-card, whose first pone pegs three for last at once."""
    return three_for_last(game), 0


def table_name(game: str, to: int | None = None) -> str:
    """The file of the table of ``game`` to ``to``: ``odds-six.json``, and for a form's
    second game, ``odds-seven-181.json``."""
    form = find_form(game)
    game_to = target(form, to)
    suffix = "" if game_to == target(form) else f"-{game_to}"
    return f"odds-{form.name}{suffix}.json"


def table_path(game: str, to: int | None = None, folder: Path | None = None) -> Path:
    """Where the table of ``game`` to ``to`` is read and written: ``folder``, or
    :data:`TABLES`, or the package's data."""
    # the package's own folder, not importlib.resources, whose import odds would wait for
    base = folder or TABLES or Path(__file__).parent / DATA
    return base / table_name(game, to)


def load_table(game: str, to: int | None = None) -> Table:
    """The table of chances of ``game`` to ``to`` (its usual game by default), as shipped."""
    path = table_path(game, to)
    form = find_form(game)
    if not path.exists():
        raise OddsError(
            f"no table of chances for {form.title} to {target(form, to)}:"
            f" {path.name} is not installed"
        )
    return _load(str(path))


@cache
def _load(path: str) -> Table:
    return Table.load(path)


def check_outcomes(outcomes: DealOutcomes) -> None:
    """Refuse deal outcomes the chances cannot be solved over: none at all, or a deal
    without a point (every deal scores at least the last card)."""
    if outcomes.deals == 0:
        raise OddsError("no deal outcomes: expected at least one deal")
    import numpy as np

    empty = np.flatnonzero(np.diff(outcomes.starts) == 0)
    if len(empty):
        raise OddsError(
            f"deal {int(empty[0])} scores no point: expected every deal to score (the last card)"
        )


def build_table(outcomes: DealOutcomes, to: int | None = None) -> Table:
    """The chances of every position of ``outcomes``' game to ``to`` (its usual game by
    default), exact over the deal outcomes by dynamic programming."""
    import numpy as np

    from cribcount.cribbage import odds_kernel

    check_outcomes(outcomes)
    game_to = target(outcomes.game, to)
    pone_wins, pone_lurches, _, dealer_lurches, totals = odds_kernel.first_reach(
        outcomes.roles, outcomes.points, outcomes.starts, game_to, half(game_to)
    )
    by_need = odds_kernel.solve(pone_wins, pone_lurches, dealer_lurches, totals, outcomes.deals)
    win, lurch, lurched = (_by_score(array, game_to) for array in by_need)
    # At the game: the one there has won, lurching the other if he is under half.
    lurches = (np.arange(game_to + 1) < half(game_to)).astype(np.float64)
    win[game_to, :], lurch[game_to, :], lurched[game_to, :] = 1.0, lurches, 0.0
    win[:, game_to], lurch[:, game_to], lurched[:, game_to] = 0.0, 0.0, lurches
    # both at the game cannot be: nobody counts past the first there
    win[game_to, game_to] = lurch[game_to, game_to] = lurched[game_to, game_to] = 0.0
    boards: list[Board] = [array.tolist() for array in (win, lurch, lurched)]
    return Table(outcomes.game, game_to, outcomes.deals, outcomes.seed, outcomes.policy, *boards)


def _by_score(by_need: npt.NDArray[np.float64], to: int) -> npt.NDArray[np.float64]:
    """A chance indexed by the points needed ``[tp, td]`` as one indexed by the scores."""
    import numpy as np

    return np.ascontiguousarray(by_need[::-1, ::-1])


def compile_note() -> str | None:
    """What the kernels' first run will do (compile them), or None when they are cached."""
    from cribcount.cribbage import odds_kernel
    from cribcount.jit import compile_note as note

    return note([odds_kernel.first_reach, odds_kernel.solve])


# -- the plain twin -------------------------------------------------------------


class Chances(NamedTuple):
    """The chances of a position, from the pone's and the dealer's sides, as fractions."""

    pone: Fraction
    """That the pone wins."""
    dealer: Fraction
    """That the dealer wins."""
    pone_lurches: Fraction
    """That the pone wins with the dealer under half the game."""
    dealer_lurches: Fraction
    """That the dealer wins with the pone under half the game."""


def reference_odds(outcomes: DealOutcomes, to: int, pone: int, dealer: int) -> Chances:
    """The :class:`Chances` at ``pone`` to ``dealer`` before a deal, in a game of ``to``:
    exact fractions, by a direct recursion over the scores, each deal counted out event
    by event, each side's wins counted on their own.

    The plain twin of :func:`build_table`, for small sets of deals.
    """
    check_outcomes(outcomes)
    check_scores(pone, dealer, to)
    deals = [outcomes.events(deal) for deal in range(outcomes.deals)]
    line = half(to)

    @cache
    def chances(pone: int, dealer: int) -> Chances:
        if pone >= to:
            return Chances(Fraction(1), Fraction(0), Fraction(int(dealer < line)), Fraction(0))
        if dealer >= to:
            return Chances(Fraction(0), Fraction(1), Fraction(0), Fraction(int(pone < line)))
        won = [0, 0]
        lurched = [0, 0]
        after = [Fraction(0)] * 4
        for events in deals:
            scores = [pone, dealer]
            for role, points in events:
                scores[role] += points
                if scores[role] >= to:
                    won[role] += 1
                    lurched[role] += scores[1 - role] < line
                    break
            else:
                # the next deal is dealt by this deal's pone
                then = chances(scores[1], scores[0])
                after = [
                    after[0] + then.dealer,
                    after[1] + then.pone,
                    after[2] + then.dealer_lurches,
                    after[3] + then.pone_lurches,
                ]
        count = len(deals)
        return Chances(
            (won[0] + after[0]) / count,
            (won[1] + after[1]) / count,
            (lurched[0] + after[2]) / count,
            (lurched[1] + after[3]) / count,
        )

    if pone == to or dealer == to:
        return chances(pone, dealer)
    for total in range(2 * to - 2, pone + dealer - 1, -1):
        # the higher scores first, so that the recursion stays one deal deep
        for high in range(max(0, total - to + 1), min(to - 1, total) + 1):
            chances(high, total - high)
    return chances(pone, dealer)


class Played(NamedTuple):
    """Whole games played from one position: how many, and how they ended for the player
    at ``me``."""

    games: int
    wins: int
    lurches: int
    """Games he won with the other under half the game."""
    lurched: int
    """Games he lost under half the game."""
    next_deal: int
    """The first deal of the outcomes the games left unused."""


def play_games(
    outcomes: DealOutcomes, to: int, me: int, him: int, role: str, games: int, first: int = 0
) -> Played:
    """``games`` whole games of ``to`` played from ``me`` to ``him``, before a deal in which
    the player at ``me`` is ``role``: each deal the next of ``outcomes`` in order, from deal
    ``first``, counted out by :func:`cribcount.cribbage.game.count_out`, and the deal
    passing to the other player after each deal that ends no game.

    The plain simulation the table's chances are checked against: each deal is used
    once, so with outcomes of another seed than a table's the games are independent of
    it, and the share of games won estimates W(me, him, role) with a standard error of
    ``sqrt(W (1 - W) / games)``.
    """
    from cribcount.cribbage.game import count_out

    check_outcomes(outcomes)
    check_scores(me, him, to)
    if role not in ROLES:
        raise OddsError(f"role {quoted(role)}: expected one of {', '.join(ROLES)}")
    starts = outcomes.starts.tolist()
    roles = outcomes.roles.tolist()
    points = outcomes.points.tolist()
    deal = first
    wins = lurches = lurched = 0
    for _ in range(games):
        scores = [me, him]  # by player: 0 is the player at ``me``
        dealer = 0 if role == "dealer" else 1  # the player dealing
        while True:
            if deal >= outcomes.deals:
                raise OddsError(
                    f"{games} games from {me} to {him} need more than the"
                    f" {outcomes.deals - first} deals given"
                )
            lo, hi = starts[deal], starts[deal + 1]
            deal += 1
            pone = 1 - dealer
            by_role = (scores[pone], scores[dealer])
            events = list(zip(roles[lo:hi], points[lo:hi], strict=True))
            after, finish = count_out(by_role, events, to)
            scores[pone], scores[dealer] = after
            if finish is not None:
                winner = pone if finish.winner == 0 else dealer
                wins += winner == 0
                lurches += winner == 0 and finish.lurch
                lurched += winner == 1 and finish.lurch
                break
            dealer = pone
    return Played(games, wins, lurches, lurched, deal)


__all__ = [
    "TABLES",
    "Chances",
    "GameError",
    "Odds",
    "OddsError",
    "Played",
    "Table",
    "build_table",
    "check_outcomes",
    "load_table",
    "play_games",
    "reference_odds",
    "start_scores",
    "table_name",
    "table_path",
]
