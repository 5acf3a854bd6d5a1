"""Rubicon Bézique's game computed from the two scores of its one deal (laws 56 to 61).

A score is what a player declared and the last trick's 50, without his brisques; his
brisques are the aces and tens in his tricks, 10 points each, 32 in the four packs. The
brisques count only as laws 60 and 61 say:

1. The brisques decide who wins when the scores without them are at most 320 apart
   (all the brisques there are, so they could decide it): then the higher score with
   brisques wins, and a tie with them is a void game (law 61). Otherwise the higher
   score wins.
2. The loser is rubiconed when his score is under 1,000, and still under 1,000 with his
   own brisques added (laws 58 and 60).
3. Not rubiconed: if the brisques decided the winner (1), or saved the loser from the
   rubicon (law 60), both scores take their brisques. The winner wins the difference of
   the two scores, each first stripped of its fraction of a hundred, plus 500; plus 100
   more when the scores themselves differ by less than 100 (law 57).
4. Rubiconed: the brisques are not added. The winner wins his score plus the loser's,
   each without its fraction of a hundred, plus 1,300 (law 58), plus 100 more when the
   loser scored under 100 (law 59).

So 2,350 to 1,720 wins 2,300 - 1,700 + 500 = 1,100; 1,450 to 620 wins 1,400 + 600 +
1,300 = 3,300. The brisques are needed when the scores are at most 320 apart, and when
the loser scored 680 to 990, whom his brisques could bring to 1,000.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from cribcount.bezique.pack import BRISQUE_POINTS, ROLES
from cribcount.errors import CribcountError, quoted

BRISQUES = 32
"""The brisques in the four packs: sixteen aces and sixteen tens."""
BRISQUES_MOST = BRISQUES * BRISQUE_POINTS
"""320: the most the brisques add to a score, and the gap within which they decide."""
RUBICON = 1000
"""A loser under this, with his brisques too, is rubiconed."""
GAME = 500
"""What the winner adds for the game when the loser is not rubiconed (law 57)."""
RUBICON_GAME = 1300
"""What the winner adds for the game when the loser is rubiconed (law 58)."""
HUNDRED = 100
"""The extra hundred: scores less than 100 apart (law 57), a rubiconed loser under 100
(law 59)."""
SCORE_MOST = 100_000
"""A bound no deal's score reaches, for the error refusing a mistyped one."""

_NUMBER = re.compile(r"[0-9]+")


class GameError(CribcountError):
    """Scores or brisques that cannot be read, or that no deal gives."""


@dataclass(frozen=True)
class Step:
    """One step of the computation: ``step`` names it (``brisques``, ``winner``,
    ``rubicon``, ``scores``, ``fractions``, ``game``, ``extra``), ``text`` says it."""

    step: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"step": self.step, "text": self.text}


@dataclass(frozen=True)
class BeziqueGame:
    """The game computed: the scores and brisques given, the winner (None for a void
    game), whether the loser was rubiconed, whether the brisques were added to the
    scores, what the winner wins (0 when void), and each step of the computation."""

    scores: tuple[int, int]
    brisques: tuple[int, int] | None
    winner: str | None
    rubicon: bool
    brisques_counted: bool
    value: int
    steps: tuple[Step, ...]

    @property
    def loser(self) -> str | None:
        return None if self.winner is None else ROLES[1 - ROLES.index(self.winner)]

    def to_json(self) -> dict[str, object]:
        """The game as plain data; ``scores`` and ``brisques`` (null when not given) are
        keyed by player, ``value`` is what the winner wins, 0 for a void game."""
        return {
            "winner": self.winner,
            "rubicon": self.rubicon,
            "brisques_counted": self.brisques_counted,
            "value": self.value,
            "steps": [step.to_json() for step in self.steps],
            "scores": dict(zip(ROLES, self.scores, strict=True)),
            "brisques": None
            if self.brisques is None
            else dict(zip(ROLES, self.brisques, strict=True)),
        }


def read_score(text: str, what: str = "score") -> int:
    """A score written in figures (``2350``, ``2,350``): a whole number, a multiple of 10,
    as every bézique score is."""
    figures = text.strip().replace(",", "").replace("_", "")
    if not _NUMBER.fullmatch(figures):
        raise GameError(f"{what} {quoted(text)}: expected a whole number of points, such as 1250")
    if len(figures) > len(str(SCORE_MOST)) or int(figures) > SCORE_MOST:
        raise GameError(f"{what} {quoted(text)}: no deal of bézique scores over {SCORE_MOST:,}")
    value = int(figures)
    if value % 10:
        raise GameError(f"{what} {quoted(text)}: every bézique score is a multiple of 10")
    return value


def read_brisques(first: str, second: str) -> tuple[int, int]:
    """The brisques in each player's tricks, whole numbers making 32 together."""
    counts = []
    for text, role in ((first, "first"), (second, "second")):
        figures = text.strip()
        if not _NUMBER.fullmatch(figures) or len(figures) > 2 or int(figures) > BRISQUES:
            raise GameError(
                f"the {role} player's brisques {quoted(text)}: expected 0 to {BRISQUES}, "
                "the aces and tens in his tricks"
            )
        counts.append(int(figures))
    pair = (counts[0], counts[1])
    _check_brisques(pair)
    return pair


def _check_brisques(brisques: Sequence[int]) -> None:
    if len(brisques) != 2 or any(count < 0 for count in brisques):
        raise GameError(f"brisques {list(brisques)!r}: expected two counts, 0 or more")
    if sum(brisques) != BRISQUES:
        raise GameError(
            f"brisques {brisques[0]} and {brisques[1]} make {sum(brisques)}: the four packs"
            f" hold {BRISQUES} (16 aces and 16 tens), all in the tricks at the end"
        )


def _hundreds(score: int) -> int:
    """The score without its fraction of a hundred."""
    return score - score % HUNDRED


def compute_game(first: int, second: int, brisques: tuple[int, int] | None = None) -> BeziqueGame:
    """Compute the game from the first player's score and the second's, without their
    brisques, and the brisques in each one's tricks (needed only as the module docstring
    says: a one-line error asks for them then). See the module docstring for the laws."""
    scores = (first, second)
    for score, role in zip(scores, ROLES, strict=True):
        if isinstance(score, bool) or not isinstance(score, int) or score < 0 or score % 10:
            raise GameError(
                f"the {role} player's score {score!r}: expected a whole number of points, "
                "0 or more, a multiple of 10"
            )
    if brisques is not None:
        _check_brisques(brisques)
    steps: list[Step] = []
    apart = abs(first - second)
    decide = apart <= BRISQUES_MOST
    with_brisques: tuple[int, int] | None = None
    if decide:
        if brisques is None:
            raise GameError(
                f"the scores {first} and {second} are {apart} apart, at most {BRISQUES_MOST}:"
                " the brisques decide the winner; give each player's, as in --brisques 18 14"
            )
        with_brisques = _added(scores, brisques)
        steps.append(
            Step(
                "brisques",
                f"the scores are {apart} apart, {BRISQUES_MOST} or less: the brisques decide"
                " the winner (law 61)",
            )
        )
        if with_brisques[0] == with_brisques[1]:
            steps.append(
                Step(
                    "winner",
                    f"a tie at {with_brisques[0]} with the brisques (first {brisques[0]},"
                    f" second {brisques[1]}): a void game (law 61)",
                )
            )
            return BeziqueGame(scores, brisques, None, False, True, 0, tuple(steps))
        winner = 0 if with_brisques[0] > with_brisques[1] else 1
        high, low = with_brisques[winner], with_brisques[1 - winner]
        steps.append(
            Step(
                "winner",
                f"the {ROLES[winner]} wins, {high} to {low} with the brisques"
                f" (first {brisques[0]}, second {brisques[1]})",
            )
        )
    else:
        steps.append(
            Step(
                "brisques",
                f"the scores are {apart} apart, over {BRISQUES_MOST}: the brisques do not"
                " decide the winner",
            )
        )
        winner = 0 if first > second else 1
        steps.append(
            Step("winner", f"the {ROLES[winner]} wins, {scores[winner]} to {scores[1 - winner]}")
        )
    loser = 1 - winner
    name = f"the {ROLES[loser]}"
    saved = False
    if scores[loser] >= RUBICON:
        steps.append(Step("rubicon", f"no rubicon: {name} scored {scores[loser]}, 1000 or more"))
    elif brisques is None and scores[loser] + BRISQUES_MOST >= RUBICON:
        raise GameError(
            f"{name} player scored {scores[loser]}, under {RUBICON}: his brisques may save him"
            " from the rubicon; give each player's, as in --brisques 18 14"
        )
    elif brisques is None or scores[loser] + brisques[loser] * BRISQUE_POINTS < RUBICON:
        mine = "" if brisques is None else f" ({_with(scores[loser], brisques[loser])})"
        steps.append(
            Step(
                "rubicon",
                f"{name} is rubiconed: he scored {scores[loser]}, under {RUBICON},"
                f" and his brisques cannot bring him to {RUBICON}{mine} (law 58)",
            )
        )
    else:
        saved = True
        steps.append(
            Step(
                "rubicon",
                f"no rubicon: {name} scored {scores[loser]}, under {RUBICON}, but his brisques"
                f" bring him to it ({_with(scores[loser], brisques[loser])}) (law 60)",
            )
        )
    if scores[loser] < RUBICON and not saved:
        return _rubiconed(scores, brisques, winner, decide, steps)
    counted = decide or saved
    final = scores
    if counted:
        assert brisques is not None
        final = _added(scores, brisques)
        why = "the brisques decided the winner (law 61)" if decide else "they saved the loser"
        steps.append(
            Step(
                "scores",
                f"both scores take their brisques, as {why}: {_sums(scores, brisques)}",
            )
        )
    else:
        steps.append(Step("scores", "the brisques are not added to the scores"))
    high, low = final[winner], final[loser]
    steps.append(_fractions((high, low)))
    value = _hundreds(high) - _hundreds(low) + GAME
    steps.append(
        Step(
            "game",
            f"the difference and {GAME} for the game (law 57): {_hundreds(high)}"
            f" - {_hundreds(low)} + {GAME} = {value}",
        )
    )
    if high - low < HUNDRED:
        value += HUNDRED
        steps.append(
            Step(
                "extra",
                f"the scores differ by {high - low}, less than {HUNDRED}: {HUNDRED} more"
                f" (law 57): {value}",
            )
        )
    return BeziqueGame(scores, brisques, ROLES[winner], False, counted, value, tuple(steps))


def _rubiconed(
    scores: tuple[int, int],
    brisques: tuple[int, int] | None,
    winner: int,
    decided: bool,
    steps: list[Step],
) -> BeziqueGame:
    """Laws 58 and 59: both scores without their brisques, their hundreds added, and 1,300."""
    loser = 1 - winner
    why = (
        "though they decided the winner, the loser is rubiconed (law 61)"
        if decided
        else "the loser is rubiconed"
    )
    steps.append(Step("scores", f"the brisques are not added to the scores: {why}"))
    high, low = scores[winner], scores[loser]
    steps.append(_fractions((high, low)))
    value = _hundreds(high) + _hundreds(low) + RUBICON_GAME
    steps.append(
        Step(
            "game",
            f"both scores and {RUBICON_GAME} for the game (law 58): {_hundreds(high)}"
            f" + {_hundreds(low)} + {RUBICON_GAME} = {value}",
        )
    )
    if low < HUNDRED:
        value += HUNDRED
        steps.append(
            Step(
                "extra",
                f"the loser scored {low}, less than {HUNDRED}: {HUNDRED} more (law 59): {value}",
            )
        )
    return BeziqueGame(scores, brisques, ROLES[winner], True, False, value, tuple(steps))


def _added(scores: tuple[int, int], brisques: tuple[int, int]) -> tuple[int, int]:
    return (
        scores[0] + brisques[0] * BRISQUE_POINTS,
        scores[1] + brisques[1] * BRISQUE_POINTS,
    )


def _with(score: int, brisques: int) -> str:
    """``'900 + 15 brisques = 1050'``."""
    return f"{score} + {brisques} brisques = {score + brisques * BRISQUE_POINTS}"


def _sums(scores: tuple[int, int], brisques: tuple[int, int]) -> str:
    return ", ".join(
        f"{role} {_with(score, count)}"
        for role, score, count in zip(ROLES, scores, brisques, strict=True)
    )


def _fractions(scores: tuple[int, int]) -> Step:
    """The winner's score and the loser's without their fractions of a hundred."""
    dropped = [f"{score} to {_hundreds(score)}" for score in scores]
    return Step("fractions", f"the fractions of a hundred dropped: {', '.join(dropped)}")
