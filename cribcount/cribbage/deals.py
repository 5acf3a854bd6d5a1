"""Deal outcomes: what each of many deals scores, event by event, in the order of counting out.

A deal's outcome is a sequence of events ``(role, points)``, ``role`` 0 for the pone and
1 for the dealer, ``points`` at least 1, in the order they are pegged:

1. heels: the dealer's 2 when the starter is a jack;
2. the play, point by point: every card that scores, and every go, is one event of its
   player (a card making fifteen and a pair is one event of 4; a go is one event of 1);
3. the pone's show, if it scores;
4. the dealer's hand, if it scores;
5. the crib, the dealer's, if it scores.

Three for last (five-card) is no part of a deal: it is given at the start of a game.

Many deals are held as three arrays: ``roles`` (int8) and ``points`` (int16), every event
of every deal one after another, and ``starts`` (int64, one more than the deals): deal
``d``'s events are ``starts[d]:starts[d + 1]``. Beside them: the ``game`` (``'six'``), the
``seed`` the deals were shuffled from, and the ``policy`` both players followed, in words.

On disk an outcome is an ``.npz`` archive of those arrays and of its metadata as arrays
(``game``, ``deals``, ``seed``, ``policy``); :meth:`DealOutcomes.save` writes the same
bytes for the same outcomes (fixed dtypes, fixed member order and dates, no compression).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cribcount.errors import CribcountError, quoted

PONE = 0
DEALER = 1

ROLE_DTYPE = np.dtype(np.int8)
POINTS_DTYPE = np.dtype(np.int16)
STARTS_DTYPE = np.dtype(np.int64)

MEMBERS = ("roles", "points", "starts", "game", "deals", "seed", "policy")
"""The arrays of a saved outcome, in the order they are written."""

_DATE = (1980, 1, 1, 0, 0, 0)
"""The date every member of a saved archive carries, so that its bytes are fixed."""

Event = tuple[int, int]


class DealsError(CribcountError):
    """Deal outcomes that are not well formed, or a file that holds none."""


@dataclass(frozen=True, eq=False)
class DealOutcomes:
    """The events of many deals, in the order of counting out (see the module docstring).

    Built from arrays, it checks them: ``roles`` 0 or 1, ``points`` at least 1,
    ``starts`` rising from 0 to the number of events.
    """

    roles: npt.NDArray[np.int8]
    points: npt.NDArray[np.int16]
    starts: npt.NDArray[np.int64]
    game: str
    seed: int
    policy: str

    def __post_init__(self) -> None:
        roles = np.ascontiguousarray(self.roles, dtype=ROLE_DTYPE)
        points = np.ascontiguousarray(self.points, dtype=POINTS_DTYPE)
        starts = np.ascontiguousarray(self.starts, dtype=STARTS_DTYPE)
        object.__setattr__(self, "roles", roles)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "starts", starts)
        if roles.ndim != 1 or points.shape != roles.shape or starts.ndim != 1:
            raise DealsError(
                f"deal outcomes of shapes roles {roles.shape}, points {points.shape},"
                f" starts {starts.shape}: expected roles and points of one length"
                " and starts one longer than the deals"
            )
        if len(starts) == 0 or starts[0] != 0 or starts[-1] != len(roles):
            raise DealsError(
                f"deal outcomes whose starts run from {starts[:1].tolist()} to"
                f" {starts[-1:].tolist()}: expected 0 to the {len(roles)} events"
            )
        if np.any(np.diff(starts) < 0):
            raise DealsError("deal outcomes whose starts fall: expected them never to fall")
        if np.any((roles != PONE) & (roles != DEALER)):
            raise DealsError(
                "deal outcomes with a role other than 0 or 1: expected 0 (pone) or 1 (dealer)"
            )
        if np.any(points < 1):
            raise DealsError(
                "deal outcomes with an event of no points: expected every event to score"
            )
        if not 0 <= self.seed < 2**63:
            raise DealsError(f"deal outcomes of seed {self.seed}: expected 0 to 2**63 - 1")

    @property
    def deals(self) -> int:
        """The number of deals."""
        return len(self.starts) - 1

    def __len__(self) -> int:
        return self.deals

    def events(self, deal: int) -> list[Event]:
        """The events ``(role, points)`` of deal number ``deal`` (from 0), in order."""
        if not 0 <= deal < self.deals:
            raise DealsError(f"deal {deal} of {self.deals} deals: expected 0 to {self.deals - 1}")
        lo, hi = int(self.starts[deal]), int(self.starts[deal + 1])
        return [
            (int(r), int(p)) for r, p in zip(self.roles[lo:hi], self.points[lo:hi], strict=True)
        ]

    def totals(self) -> npt.NDArray[np.int64]:
        """Each deal's points by role: an array of shape ``(deals, 2)``, pone then dealer."""
        out = np.zeros((self.deals, 2), dtype=np.int64)
        deal_of = np.repeat(np.arange(self.deals), np.diff(self.starts))
        np.add.at(out, (deal_of, self.roles.astype(np.int64)), self.points.astype(np.int64))
        return out

    def same_as(self, other: DealOutcomes) -> bool:
        """Whether ``other`` holds the same events and metadata."""
        return (
            self.game == other.game
            and self.seed == other.seed
            and self.policy == other.policy
            and np.array_equal(self.roles, other.roles)
            and np.array_equal(self.points, other.points)
            and np.array_equal(self.starts, other.starts)
        )

    @classmethod
    def from_events(
        cls, deals: Sequence[Sequence[Event]], game: str = "six", seed: int = 0, policy: str = ""
    ) -> DealOutcomes:
        """The outcomes of ``deals``, each a sequence of events ``(role, points)``."""
        lengths = [len(events) for events in deals]
        starts = np.zeros(len(deals) + 1, dtype=STARTS_DTYPE)
        np.cumsum(lengths, out=starts[1:])
        flat = [event for events in deals for event in events]
        roles = np.array([role for role, _ in flat], dtype=ROLE_DTYPE)
        points = np.array([p for _, p in flat], dtype=POINTS_DTYPE)
        return cls(roles, points, starts, game, seed, policy)

    def arrays(self) -> dict[str, npt.NDArray[np.generic]]:
        """The arrays :meth:`save` writes, by name, in :data:`MEMBERS` order."""
        return {
            "roles": self.roles,
            "points": self.points,
            "starts": self.starts,
            "game": np.array(self.game, dtype=np.str_),
            "deals": np.array(self.deals, dtype=np.int64),
            "seed": np.array(self.seed, dtype=np.int64),
            "policy": np.array(self.policy, dtype=np.str_),
        }

    def save(self, path: str | Path) -> None:
        """Write the outcomes to ``path`` as an ``.npz``: the same outcomes, the same bytes."""
        with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as archive:
            for name, array in self.arrays().items():
                buffer = io.BytesIO()
                np.lib.format.write_array(buffer, array, allow_pickle=False)
                info = zipfile.ZipInfo(f"{name}.npy", date_time=_DATE)
                info.external_attr = 0o644 << 16
                archive.writestr(info, buffer.getvalue())

    @classmethod
    def load(cls, path: str | Path) -> DealOutcomes:
        """The outcomes :meth:`save` wrote to ``path``."""
        try:
            with np.load(path, allow_pickle=False) as data:
                missing = [name for name in MEMBERS if name not in data.files]
                if missing:
                    raise DealsError(
                        f"{quoted(str(path))} lacks {', '.join(missing)}:"
                        f" expected the arrays {', '.join(MEMBERS)}"
                    )
                arrays = {name: data[name] for name in MEMBERS}
        except (OSError, ValueError, zipfile.BadZipFile) as error:
            if isinstance(error, DealsError):
                raise
            raise DealsError(
                f"cannot read deal outcomes from {quoted(str(path))}: expected an .npz that"
                " DealOutcomes.save wrote"
            ) from None
        outcomes = cls(
            arrays["roles"],
            arrays["points"],
            arrays["starts"],
            str(arrays["game"]),
            int(arrays["seed"]),
            str(arrays["policy"]),
        )
        if outcomes.deals != int(arrays["deals"]):
            raise DealsError(
                f"{quoted(str(path))} says {int(arrays['deals'])} deals and holds"
                f" {outcomes.deals}: expected the two to agree"
            )
        return outcomes
