"""The game computed by laws 56 to 61, on scores worked out by hand for every branch."""

from __future__ import annotations

import pytest

from cribcount.bezique.game import GameError, compute_game, read_brisques, read_score


def test_a_plain_win_takes_the_difference_of_the_hundreds_and_500() -> None:
    # 630 apart: the brisques (320 at most) cannot decide; 2300 - 1700 + 500
    game = compute_game(2350, 1720)
    assert (game.winner, game.rubicon, game.brisques_counted, game.value) == (
        "first",
        False,
        False,
        1100,
    )
    assert [step.step for step in game.steps] == [
        "brisques",
        "winner",
        "rubicon",
        "scores",
        "fractions",
        "game",
    ]


def test_scores_under_100_apart_add_100_after_the_brisques() -> None:
    # 1200 + 150 = 1350 against 1160 + 170 = 1330: 1300 - 1300 + 500, and 100 for the
    # difference of 20
    game = compute_game(1200, 1160, (15, 17))
    assert (game.winner, game.brisques_counted, game.value) == ("first", True, 600)
    assert game.steps[-1].step == "extra"


def test_a_rubicon_adds_both_scores_hundreds_and_1300() -> None:
    # 620 + 320 is under 1000 whatever the brisques: 1400 + 600 + 1300
    game = compute_game(1450, 620)
    assert (game.winner, game.rubicon, game.brisques_counted, game.value) == (
        "first",
        True,
        False,
        3300,
    )


def test_a_rubiconed_loser_under_100_adds_100_more() -> None:
    # law 59: 1500 + 0 + 1300 + 100
    game = compute_game(1500, 50)
    assert (game.rubicon, game.value) == (True, 2900)
    assert game.steps[-1].text.endswith("(law 59): 2900")


def test_the_loser_saved_from_the_rubicon_by_his_brisques() -> None:
    # law 60: 900 + 160 = 1060; 2000 + 160 = 2160; 2100 - 1000 + 500
    game = compute_game(2000, 900, (16, 16))
    assert (game.winner, game.rubicon, game.brisques_counted, game.value) == (
        "first",
        False,
        True,
        1600,
    )


def test_the_brisques_deciding_the_winner_without_a_rubicon() -> None:
    # 1200 + 200 = 1400 beats 1250 + 120 = 1370: 1400 - 1300 + 500, and 100 for 30 apart
    game = compute_game(1200, 1250, (20, 12))
    assert (game.winner, game.rubicon, game.brisques_counted, game.value) == (
        "first",
        False,
        True,
        700,
    )


def test_the_brisques_deciding_the_winner_of_a_rubicon_are_not_added() -> None:
    # law 61: 900 + 300 = 1200 beats 950 + 20 = 970, and 970 is under 1000: rubiconed,
    # computed on the scores without brisques: 900 + 900 + 1300
    game = compute_game(900, 950, (30, 2))
    assert (game.winner, game.rubicon, game.brisques_counted, game.value) == (
        "first",
        True,
        False,
        3100,
    )


@pytest.mark.parametrize(
    ("scores", "brisques"), [((1500, 1500), (16, 16)), ((1260, 1200), (13, 19))]
)
def test_a_tie_after_the_brisques_is_a_void_game(
    scores: tuple[int, int], brisques: tuple[int, int]
) -> None:
    # 1260 + 130 = 1390 = 1200 + 190
    game = compute_game(*scores, brisques)
    assert (game.winner, game.value, game.rubicon) == (None, 0, False)


def test_the_second_player_wins_as_the_first_does() -> None:
    assert compute_game(1720, 2350).winner == "second"
    assert compute_game(1720, 2350).value == 1100


@pytest.mark.parametrize(
    ("scores", "says"),
    [
        ((1200, 1150), "50 apart, at most 320: the brisques decide the winner"),
        ((1500, 900), "scored 900, under 1000: his brisques may save him"),
    ],
)
def test_the_brisques_are_asked_for_when_needed(scores: tuple[int, int], says: str) -> None:
    with pytest.raises(GameError, match=says):
        compute_game(*scores)


def test_scores_and_brisques_are_checked() -> None:
    with pytest.raises(GameError, match="make 30: the four packs hold 32"):
        compute_game(1200, 1150, (15, 15))
    with pytest.raises(GameError, match="multiple of 10"):
        read_score("1234")
    with pytest.raises(GameError, match="expected a whole number"):
        read_score("12x")
    assert read_score("2,350") == 2350
    assert read_brisques("20", "12") == (20, 12)
    with pytest.raises(GameError, match="expected 0 to 32"):
        read_brisques("33", "0")
