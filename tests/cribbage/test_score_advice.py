"""Advice to the score: end positions whose answer is certain, the figures against a
readable reckoning of the same samples (the readable solver, scorer, game.count_out and
the table of chances), reproducibility, the samples shared by every lay-out, the
standard error, the JSON, and the errors.

Roles: 0 is the pone, 1 the dealer.
"""

import math
import statistics

import numpy as np
import pytest

from cribcount.cards import Card, parse_cards
from cribcount.cribbage.discard import analyse_discard, best_lay_outs_many
from cribcount.cribbage.forms import find_form
from cribcount.cribbage.game import GameError, count_out
from cribcount.cribbage.odds import load_table
from cribcount.cribbage.play_advice import Position, line
from cribcount.cribbage.policy import POLICY, SimulationError
from cribcount.cribbage.score import score_hand
from cribcount.cribbage.score_advice import (
    SAMPLES,
    ScoreAdvice,
    ScoreOption,
    advise_to_score,
    draw_samples,
    standard_error,
)
from cribcount.errors import CribcountError

PONE, DEALER = 0, 1

# Keeping 5S 5H JD KC shows at least 10 with any starter: four fifteens (each five
# with the jack, each five with the king) and the pair of fives.
SURE_TEN = "5S 5H JD KC 2C 9D"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def option_keeping(advice: ScoreAdvice, keep: str) -> object:
    wanted = set(cards(keep))
    return next(option for option in advice.options if set(option.keep) == wanted)


# -- end positions whose answer is certain ----------------------------------------------


def test_a_pone_at_119_with_a_sure_ten_in_hand_against_a_dealer_at_90_always_wins() -> None:
    # The pone needs 2: his hand shows 10 before the dealer's hand and crib. The dealer
    # at 90 needs 31 from heels (2) and his four cards' play before it: out of reach.
    advice = advise_to_score(cards(SURE_TEN), "six", False, 119, 90, samples=500)
    option = option_keeping(advice, "5S 5H JD KC")
    assert option.win == 1.0
    assert option.lurch == 0.0  # the dealer at 90 is past half the game
    assert option.lurched == 0.0
    assert option.stderr == 0.0


def test_a_dealer_at_120_showing_ten_against_a_pone_at_0_wins_by_a_lurch() -> None:
    # The dealer needs 1; if heels and the play give him none, his hand shows 10; the
    # pone, from 0, cannot reach 121 before, nor 61 (his play and his hand are under 61).
    advice = advise_to_score(cards(SURE_TEN), "six", True, 120, 0, samples=500)
    option = option_keeping(advice, "5S 5H JD KC")
    assert (option.win, option.lurch, option.lurched, option.stderr) == (1.0, 1.0, 0.0, 0.0)


def test_a_pone_at_115_with_a_sure_ten_against_a_dealer_at_30_lurches_him() -> None:
    # The pone needs 6, his hand shows 10; the dealer, from 30, would need 91 first,
    # and is under 61 when the pone shows (heels and four cards' play are under 31).
    advice = advise_to_score(cards(SURE_TEN), "six", False, 115, 30, samples=300)
    option = option_keeping(advice, "5S 5H JD KC")
    assert (option.win, option.lurch, option.lurched) == (1.0, 1.0, 0.0)
    assert advice.best_for_the_game.win == 1.0


# -- the figures against a readable reckoning of the same samples -----------------------


def readable_chances(
    hand: tuple[Card, ...], game: str, dealer: bool, me: int, him: int, keep: str, samples: int
) -> tuple[float, float, float]:
    """The chances of the lay-out keeping ``keep``, over the advice's samples, by the
    readable path (:func:`readable_samples`)."""
    wins, lurches, lurched = readable_samples(hand, game, dealer, me, him, keep, samples)
    return sum(wins) / samples, sum(lurches) / samples, sum(lurched) / samples


def readable_samples(
    hand: tuple[Card, ...], game: str, dealer: bool, me: int, him: int, keep: str, samples: int
) -> tuple[list[float], list[float], list[float]]:
    """Each of the advice's samples' chances for the lay-out keeping ``keep``, by the
    readable path: his lay-out the first best against the experts, the play by
    play_advice.line, the shows by score_hand, counted out by game.count_out, and W after
    from the table with the roles swapped."""
    form = find_form(game)
    table = load_table(game)
    to = table.to
    drawn = draw_samples(hand, form, samples, 2026)
    mine_kept = cards(keep)
    mine_out = tuple(card for card in hand if card not in mine_kept)
    wins, lurches, lurched = [], [], []
    for other_ids, starter_id in zip(drawn.other.tolist(), drawn.starters.tolist(), strict=True):
        other = tuple(Card.from_id(i) for i in other_ids)
        starter = Card.from_id(starter_id)
        best = best_lay_outs_many([other], form, "expert")[0]
        his_out = best.pone[0] if dealer else best.dealer[0]
        his_kept = tuple(card for card in other if card not in his_out)
        kept = {DEALER if dealer else PONE: mine_kept, PONE if dealer else DEALER: his_kept}
        events: list[tuple[int, int]] = []
        if starter.rank == 11:
            events.append((DEALER, 2))
        start = Position(
            (
                tuple(sorted(c.rank for c in kept[PONE])),
                tuple(sorted(c.rank for c in kept[DEALER])),
            ),
            one_count=game == "five",
        )
        events += [(move.scorer, move.points) for _, move in line(start) if move.points]
        crib = (*mine_out, *his_out)
        for role, shown, is_crib in (
            (PONE, kept[PONE], False),
            (DEALER, kept[DEALER], False),
            (DEALER, crib, True),
        ):
            points = score_hand(shown, starter, is_crib).total
            if points:
                events.append((role, points))
        mine = DEALER if dealer else PONE
        scores = (him, me) if dealer else (me, him)
        after, finish = count_out(scores, events, to)
        if finish is not None:
            won = finish.winner == mine
            wins.append(float(won))
            lurches.append(float(won and finish.lurch))
            lurched.append(float(not won and finish.lurch))
        else:
            odds = table.odds(after[mine], after[1 - mine], "pone" if dealer else "dealer")
            wins.append(odds.win)
            lurches.append(odds.lurch)
            lurched.append(odds.lurched)
    return wins, lurches, lurched


@pytest.mark.parametrize(
    ("hand", "game", "dealer", "me", "him", "keeps"),
    [
        ("5H 5S JD 6C 9S KC", "six", True, 100, 110, ["5S 5H JD KC", "5H 6C 9S JD"]),
        ("2C 3D 4H 7S 8S QC", "six", False, 40, 55, ["2C 3D 4H QC"]),
        ("AC 2D 3H 8S 9S KD", "six", False, 112, 114, ["AC 2D 3H 9S"]),
        ("5H 5S JD 6C 9S", "five", False, 50, 55, ["5S 5H JD", "5H 6C 9S"]),
    ],
)
def test_each_figure_is_the_readable_reckoning_of_the_same_samples(
    hand: str, game: str, dealer: bool, me: int, him: int, keeps: list[str]
) -> None:
    dealt = cards(hand)
    samples = 12
    advice = advise_to_score(dealt, game, dealer, me, him, samples=samples)
    for keep in keeps:
        option = option_keeping(advice, keep)
        win, lurch, lurched = readable_chances(dealt, game, dealer, me, him, keep, samples)
        assert option.win == pytest.approx(win, abs=1e-12)
        assert option.lurch == pytest.approx(lurch, abs=1e-12)
        assert option.lurched == pytest.approx(lurched, abs=1e-12)


def test_each_difference_error_is_that_of_the_differences_sample_by_sample() -> None:
    # every lay-out of a five-card hand reckoned the readable way over 12 samples: each
    # option's diff_stderr is the standard deviation of its differences from the best,
    # sample by sample, over sqrt(12) (statistics.stdev divides by n - 1)
    dealt = cards("5H 5S JD 6C 9S")
    samples = 12
    advice = advise_to_score(dealt, "five", False, 50, 55, samples=samples)
    readable = {
        option.keep: readable_samples(
            dealt, "five", False, 50, 55, " ".join(map(str, option.keep)), samples
        )[0]
        for option in advice.options
    }
    best = readable[advice.best_for_the_game.keep]
    assert sum(best) == max(sum(wins) for wins in readable.values())
    for option in advice.options:
        differences = [b - w for b, w in zip(best, readable[option.keep], strict=True)]
        expected = statistics.stdev(differences) / math.sqrt(samples)
        assert option.diff_stderr == pytest.approx(expected, abs=1e-12)
    assert advice.best_for_the_game.diff_stderr == 0.0
    runner = advice.options[1]
    gap = advice.best_for_the_game.win - runner.win
    assert advice.separated == (gap > 0 and gap >= 2 * runner.diff_stderr)


def made_advice(*figures: tuple[float, float]) -> ScoreAdvice:
    """An advice of options of these (win, diff_stderr), best first."""
    laid = [cards(text) for text in ("2C 3C", "4C 5C", "6C 7C")]
    options = tuple(
        ScoreOption(lay_out, (), 0.0, win, 0.0, 0.0, 0.0, error)
        for lay_out, (win, error) in zip(laid, figures, strict=False)
    )
    return ScoreAdvice("six", 121, 0, 0, True, 100, 1, POLICY, options, options[0])


@pytest.mark.parametrize(
    ("figures", "separated"),
    [
        # 2 points ahead with an error of 1 of the difference: two errors, separated
        (((0.52, 0.0), (0.50, 0.01)), True),
        (((0.52, 0.0), (0.50, 0.0101)), False),
        # ahead by nothing is never separated
        (((0.50, 0.0), (0.50, 0.01)), False),
        # an option that wins as often in every sample is as good: the next is the one
        # after it
        (((0.50, 0.0), (0.50, 0.0), (0.40, 0.01)), True),
        (((0.50, 0.0), (0.50, 0.0), (0.49, 0.01)), False),
        (((0.50, 0.0), (0.50, 0.0)), True),
        # exact figures (no error) are separated when they differ at all
        (((0.5000001, 0.0), (0.5, 0.0)), True),
        # only the next counts, not the third
        (((0.60, 0.0), (0.55, 0.01), (0.50, 0.2)), True),
        # one option only: nothing to tell it from
        (((0.40, 0.0),), True),
    ],
)
def test_the_best_is_separated_by_two_errors_of_its_difference_from_the_next(
    figures: tuple[tuple[float, float], ...], separated: bool
) -> None:
    advice = made_advice(*figures)
    assert advice.separated is separated
    alike = [o for o in advice.options[1:] if o.win == advice.options[0].win and not o.diff_stderr]
    assert list(advice.alike) == alike
    data = advice.to_json()
    assert data["options"][0]["separated"] is separated
    assert [option["diff_stderr"] for option in data["options"]] == [e for _, e in figures]


# -- reproducibility, and the samples shared by every lay-out ---------------------------


def test_the_same_seed_gives_the_same_figures_and_another_seed_others() -> None:
    dealt = cards("5H 5S JD 6C 9S KC")
    first = advise_to_score(dealt, "six", True, 100, 110, samples=400, seed=7)
    again = advise_to_score(dealt, "six", True, 100, 110, samples=400, seed=7)
    other = advise_to_score(dealt, "six", True, 100, 110, samples=400, seed=8)
    assert first.to_json() == again.to_json()
    assert first.to_json()["options"] != other.to_json()["options"]


def test_the_samples_are_the_same_for_every_lay_out() -> None:
    # Laying out 5S KC or 5H KC keeps 5H 6C 9S JD or 5S 6C 9S JD: the same ranks, no
    # flush possible in either hand or crib, the same nobs (the jack of diamonds); on
    # the same samples every deal counts the same, so the two chances are equal exactly.
    dealt = cards("5H 5S JD 6C 9S KC")
    advice = advise_to_score(dealt, "six", True, 100, 110, samples=800)
    spade = option_keeping(advice, "5H 6C 9S JD")
    heart = option_keeping(advice, "5S 6C 9S JD")
    assert 0.0 < spade.win < 1.0
    assert spade.win == heart.win
    assert spade.stderr == heart.stderr
    # and the samples are those of the seed, whatever the lay-out
    form = find_form("six")
    a = draw_samples(dealt, form, 50, 3)
    b = draw_samples(dealt, form, 50, 3)
    assert np.array_equal(a.other, b.other) and np.array_equal(a.starters, b.starters)
    seen = {card.id for card in dealt}
    for row, starter in zip(a.other.tolist(), a.starters.tolist(), strict=True):
        assert len(set(row) | {starter}) == 7 and not (set(row) | {starter}) & seen


# -- the standard error -----------------------------------------------------------------


def test_the_standard_error_of_a_known_case() -> None:
    # 0, 1, 0, 1: mean 1/2, squared deviations 4 * 1/4 = 1, over n - 1 = 3: 1/3;
    # the standard deviation sqrt(1/3), over sqrt(4): sqrt(1/3) / 2
    assert standard_error(np.array([0.0, 1.0, 0.0, 1.0])) == pytest.approx(math.sqrt(1 / 3) / 2)
    # 2, 4, 6: mean 4, squared deviations 8, over 2: 4, deviation 2, over sqrt(3)
    assert standard_error(np.array([2.0, 4.0, 6.0])) == pytest.approx(2 / math.sqrt(3))
    assert standard_error(np.array([0.25] * 10)) == 0.0


def test_the_default_samples_keep_every_standard_error_within_half_a_point() -> None:
    assert SAMPLES == 10_000
    advice = advise_to_score(cards("5H 5S JD 6C 9S KC"), "six", True, 100, 110)
    assert advice.samples == SAMPLES
    # the sum of squared deviations of figures in [0, 1] is at most n / 4
    bound = 1 / (2 * math.sqrt(SAMPLES - 1))
    assert all(option.stderr <= bound for option in advice.options)


# -- the JSON, the best for points beside the best for the game -------------------------


def test_the_json_and_the_best_for_points() -> None:
    dealt = cards("5H 5S JD 6C 9S KC")
    advice = advise_to_score(dealt, "six", False, 80, 90, samples=300, seed=11)
    data = advice.to_json()
    assert list(data) == [
        "game",
        "to",
        "scores",
        "role",
        "samples",
        "seed",
        "policy",
        "options",
        "best_for_points",
        "best_for_the_game",
        "difference",
    ]
    assert data["game"] == "six" and data["to"] == 121
    assert data["scores"] == {"me": 80, "him": 90}
    assert data["role"] == "pone" and data["samples"] == 300 and data["seed"] == 11
    assert data["policy"] == POLICY
    assert len(data["options"]) == 15  # 6 choose 2
    keys = ["lay_out", "keep", "net", "win", "lurch", "lurched", "stderr", "diff_stderr"]
    assert list(data["options"][0]) == [*keys, "separated"]
    assert all(list(option) == keys for option in data["options"][1:])
    wins = [option["win"] for option in data["options"]]
    assert wins == sorted(wins, reverse=True)
    # the net is the lay-out's net for the pone against the expert tables
    analysis = analyse_discard(dealt, "six", False, "expert")
    for option in data["options"]:
        assert option["net"] == analysis.find(cards(" ".join(option["lay_out"]))).net(False)
    assert data["best_for_points"] == [str(card) for card in analysis.options[0].discard]
    assert data["best_for_the_game"] == data["options"][0]["lay_out"]
    by_points = next(o for o in data["options"] if o["lay_out"] == data["best_for_points"])
    assert data["difference"] == pytest.approx(100 * (wins[0] - by_points["win"]))


def test_the_difference_is_the_best_for_the_games_win_less_the_best_for_points() -> None:
    # The pone at 119 needs 2 and the dealer at 100 is near: a position where the lay-outs'
    # chances spread; the difference is measured on the same samples for both lay-outs.
    advice = advise_to_score(cards("5S 5H JD QC KH 4D"), "six", False, 119, 100, samples=500)
    assert advice.difference >= 0.0
    assert advice.difference == pytest.approx(
        100 * (advice.best_for_the_game.win - advice.best_for_points.win)
    )
    assert advice.differs == (advice.best_for_the_game.lay_out != advice.best_for_points.lay_out)
    if not advice.differs:
        assert advice.difference == 0.0


# -- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        (("six", True, 121, 50), GameError, "the game is won at 121"),
        (("six", True, -1, 50), GameError, "expected 0 to 121"),
        (("five", True, 30, 70), GameError, "expected 0 to 61"),
        (("three", True, 30, 20), SimulationError, "five, six, seven"),
    ],
)
def test_positions_that_are_no_positions_are_refused(
    arguments: tuple[str, bool, int, int], error: type[CribcountError], words: str
) -> None:
    game = arguments[0]
    dealt = cards("5H 5S JD 6C 9S" if game in ("five", "three") else "5H 5S JD 6C 9S KC")
    with pytest.raises(error, match=words):
        advise_to_score(dealt, *arguments, samples=10)


def test_too_few_samples_and_a_bad_seed_are_refused() -> None:
    dealt = cards("5H 5S JD 6C 9S KC")
    with pytest.raises(SimulationError, match="expected 2 or more"):
        advise_to_score(dealt, "six", True, 10, 10, samples=1)
    with pytest.raises(SimulationError, match="seed -1"):
        advise_to_score(dealt, "six", True, 10, 10, samples=10, seed=-1)
