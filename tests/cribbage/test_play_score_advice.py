"""The play to the score: each card by its chance of winning the game, on positions
whose figures are worked out by hand.

- The pone at 119 holding 6D at 15, the dealer's 6C the last card: the six pairs it for
  2 and takes him to 121 at once, whatever the dealer holds and whatever the shows.
- The pone leading from 5H 9S 9D AC against a dealer holding four ten-cards: after the
  five every card of the dealer's makes 15 for 2, which takes a dealer at 119 out.
  With the dealer's cards and the pone's own laid-out cards known, the rests of the
  deal are the crib's two other cards: any two of the 41 cards unseen (52 less the
  pone's four, the starter, his two laid out and the dealer's four), C(41, 2) = 820 of
  them, each counted once: the figures are exact.
- The pone holding QC JC after the dealer has played his four cards: whichever he
  leads, the other follows at 20 and takes the last card for 1 (no fifteen, pair or
  run), so the two cards give the same deal on every sample, and, on shared samples,
  the same figures to the last digit.
"""

import random

import numpy as np
import pytest

from cribcount.cribbage.game import GameError
from cribcount.cribbage.play_advice import Position, advise_play, line, play
from cribcount.cribbage.play_score_advice import (
    PlayScoreAdvice,
    PlayScoreOption,
    advise_play_to_score,
)
from cribcount.cribbage.play_score_advice_kernel import line_events
from cribcount.cribbage.policy import POLICY, SimulationError


def _by_card(advice: PlayScoreAdvice) -> dict[str, PlayScoreOption]:
    return {str(option.card): option for option in advice.options}


@pytest.mark.parametrize("seed", [1, 2026])
def test_a_card_that_pegs_out_wins_whatever_follows(seed: int) -> None:
    advice = advise_play_to_score(
        "9S 6D 5H AC / 2S", "9S 6C", "pone", "six", 119, 119, samples=300, seed=seed
    )
    six = _by_card(advice)["6D"]
    assert (six.win, six.lurch, six.lurched, six.stderr) == (1.0, 0.0, 0.0, 0.0)
    assert advice.best_for_the_game.card == six.card
    assert not advice.exact and advice.samples == 300


def test_pegging_out_lurches_a_dealer_under_half_the_game() -> None:
    advice = advise_play_to_score("9S 6D 5H AC / 2S", "9S 6C", "pone", "six", 119, 40, samples=300)
    six = _by_card(advice)["6D"]
    assert (six.win, six.lurch, six.lurched) == (1.0, 1.0, 0.0)


def test_a_card_that_gives_him_his_fifteen_to_go_out_loses() -> None:
    advice = advise_play_to_score(
        "5H 9S 9D AC / 2S",
        "",
        "pone",
        "six",
        118,
        119,
        laid_out="3C 4D",
        against="KH QH JH 10H",
    )
    assert advice.exact and advice.samples == 820
    five = _by_card(advice)["5H"]
    assert (five.win, five.lurch, five.lurched, five.stderr) == (0.0, 0.0, 0.0, 0.0)
    assert all(option.stderr == 0.0 for option in advice.options)


def test_going_out_on_his_fifteen_lurches_a_pone_under_half_the_game() -> None:
    advice = advise_play_to_score(
        "5H 9S 9D AC / 2S", "", "pone", "six", 50, 119, laid_out="3C 4D", against="KH QH JH 10H"
    )
    five = _by_card(advice)["5H"]
    assert (five.win, five.lurch, five.lurched) == (0.0, 0.0, 1.0)


def test_the_samples_are_shared_by_every_card() -> None:
    advice = advise_play_to_score(
        "KS KH QC JC / 5D", "KS AD KH AC go AH AS", "pone", "six", 60, 70, samples=500
    )
    queen, jack = _by_card(advice)["QC"], _by_card(advice)["JC"]
    assert queen.net == jack.net == 1.0
    assert (queen.win, queen.lurch, queen.lurched) == (jack.win, jack.lurch, jack.lurched)
    assert queen.stderr == jack.stderr > 0.0
    assert 0.0 < queen.win < 1.0


def test_the_same_seed_gives_the_same_figures() -> None:
    def figures(seed: int) -> list[tuple[str, float, float, float, float]]:
        advice = advise_play_to_score(
            "9S 6D 5H AC / 2S", "9S 6C", "pone", "six", 119, 119, samples=400, seed=seed
        )
        return [(str(o.card), o.win, o.lurch, o.lurched, o.stderr) for o in advice.options]

    assert figures(7) == figures(7)
    assert figures(7) != figures(8)


def test_the_best_for_points_beside_the_best_for_the_game() -> None:
    advice = advise_play_to_score("9S 6D 5H AC / 2S", "9S 6C", "pone", "six", 119, 119, samples=400)
    # the best for points is the points advice's best; the six wins at once
    points = advise_play("9S 6D 5H AC / 2S", "9S 6C", "pone", "six")
    assert advice.best_for_points.card == points.options[0].card
    assert str(advice.best_for_points.card) != "6D"
    nets = {str(option.card): float(option.net) for option in points.options}
    assert {str(option.card): option.net for option in advice.options} == nets
    assert str(advice.best_for_the_game.card) == "6D"
    assert advice.differs
    assert advice.difference == pytest.approx(100 * (1.0 - advice.best_for_points.win))
    data = advice.to_json()
    assert data["scores"] == {"me": 119, "him": 119}
    assert data["best_for_points"] == str(points.options[0].card)
    assert data["best_for_the_game"] == "6D"
    assert data["policy"] == POLICY
    assert set(data["options"][0]) == {
        "card",
        "cards",
        "net",
        "win",
        "lurch",
        "lurched",
        "stderr",
        "diff_stderr",
        "separated",
    }
    assert data["options"][0]["separated"] is True and advice.separated
    # the six wins in every sample: each other card's difference from it is its loss
    for option in advice.options[1:]:
        assert option.diff_stderr == pytest.approx(option.stderr, abs=1e-15)


def test_scores_at_the_game_are_refused() -> None:
    with pytest.raises(GameError, match="expected scores under 121"):
        advise_play_to_score("9S 6D 5H AC / 2S", "9S 6C", "pone", "six", 121, 100)


def test_too_few_samples_are_refused() -> None:
    with pytest.raises(SimulationError, match="1 samples: expected 2 or more"):
        advise_play_to_score("9S 6D 5H AC / 2S", "9S 6C", "pone", "six", 100, 100, samples=1)


def _line_points(position: Position, rank: int) -> list[tuple[int, int]]:
    """The points in order, by the plain solver: the card, then its best line."""
    first = play(position, rank)
    found = [(first.scorer, first.points)] if first.points else []
    if first.after is not None:
        found += [(move.scorer, move.points) for _, move in line(first.after) if move.points]
    return found


@pytest.mark.parametrize(
    ("mine", "count", "run", "turn", "last", "one_count"),
    [
        ((4, 5, 6, 10), 0, (), 0, None, False),
        ((5, 6, 10), 12, (4, 8), 0, 1, False),
        ((1, 5, 9), 0, (), 0, None, True),
        ((2, 3, 7, 11, 13), 9, (9,), 1, 0, False),
    ],
)
def test_the_kernel_pegs_the_points_of_the_plain_solver_s_line(
    mine: tuple[int, ...],
    count: int,
    run: tuple[int, ...],
    turn: int,
    last: int | None,
    one_count: bool,
) -> None:
    generator = random.Random(17)
    size = len(mine) - turn  # the pone, when the dealer is to move, has played a card more
    holdings = [tuple(sorted(generator.choices(range(1, 14), k=size))) for _ in range(40)]
    fitting = sorted({rank for rank in mine if count + min(rank, 10) <= 31})
    counts = np.zeros((len(holdings), 14), np.int64)
    for row, holding in enumerate(holdings):
        for rank in holding:
            counts[row, rank] += 1
    mine_counts = np.zeros(14, np.int64)
    for rank in mine:
        mine_counts[rank] += 1
    padded = np.zeros(16, np.int64)
    padded[: len(run)] = run
    roles, points = line_events(
        mine_counts,
        turn,
        count,
        padded,
        len(run),
        -1 if last is None else last,
        one_count,
        np.array(fitting, np.int64),
        counts,
    )
    for row, holding in enumerate(holdings):
        hands = (mine, holding) if turn == 0 else (holding, mine)
        position = Position(hands, count, run, turn, last, one_count)
        for place, rank in enumerate(fitting):
            expected = _line_points(position, rank)
            found = [
                (int(roles[place, row, e]), int(points[place, row, e]))
                for e in range(points.shape[2])
                if points[place, row, e]
            ]
            assert found == expected, (holding, rank)
