"""The game of cribbage: targets, three for last, the lurch, the order of counting out."""

from __future__ import annotations

import pytest

from cribcount.cribbage import game
from cribcount.errors import CribcountError


def test_targets_by_form() -> None:
    assert game.target("five") == 61
    assert game.target("three") == 61
    assert game.target("six") == 121
    assert game.target("four") == 121
    assert game.target("seven") == 121
    assert game.target("seven", 181) == 181
    assert game.targets("seven") == (121, 181)


def test_a_target_the_form_is_not_played_to() -> None:
    with pytest.raises(CribcountError, match=r"six-card cribbage is not played to 181: .* 121"):
        game.target("six", 181)
    with pytest.raises(CribcountError, match="unknown game 'eight'"):
        game.target("eight")


def test_three_for_last_in_five_card_only() -> None:
    assert game.three_for_last("five") == 3
    for form in ("six", "seven", "three", "four"):
        assert game.three_for_last(form) == 0


def test_the_lurch_is_under_half_the_game() -> None:
    assert (game.half(121), game.half(61), game.half(181)) == (61, 31, 91)
    assert game.is_lurch(60, 121) and not game.is_lurch(61, 121)
    assert game.is_lurch(30, 61) and not game.is_lurch(31, 61)
    assert game.is_lurch(90, 181) and not game.is_lurch(91, 181)
    assert game.game_value(60, 121) == 2
    assert game.game_value(61, 121) == 1


def test_counting_out_order() -> None:
    assert game.COUNTING_OUT == ("heels", "play", "pone's hand", "dealer's hand", "crib")


def test_the_first_to_reach_the_game_wins_and_nothing_after_counts() -> None:
    # heels 2 to the dealer, a go to the pone, the pone's hand 8, the dealer's 10
    events = [(1, 2), (0, 1), (0, 8), (1, 10)]
    scores, finish = game.count_out((112, 110), events, 121)
    # the pone reaches 121 with his hand (112 + 1 + 8): the dealer's 10 is never counted
    assert scores == (121, 112)
    assert finish == game.Finish(winner=0, event=2, loser=112, lurch=False)


def test_heels_first_can_win_before_the_pone_counts() -> None:
    scores, finish = game.count_out((120, 119), [(1, 2), (0, 29)], 121)
    assert scores == (120, 121)
    assert finish == game.Finish(winner=1, event=0, loser=120, lurch=False)


def test_a_lurch_at_the_moment_of_winning() -> None:
    _, finish = game.count_out((115, 58), [(1, 2), (0, 6), (1, 20)], 121)
    # the pone goes out at 121 while the dealer has 60: under 61
    assert finish == game.Finish(winner=0, event=1, loser=60, lurch=True)


def test_a_deal_that_ends_no_game() -> None:
    assert game.count_out((10, 20), [(0, 2), (1, 3), (0, 7)], 121) == ((19, 23), None)


def test_scores_checked() -> None:
    game.check_scores(0, 121, 121)
    with pytest.raises(CribcountError, match=r"my score '122' .* expected 0 to 121"):
        game.check_scores(122, 0, 121)
    with pytest.raises(CribcountError, match=r"his score '-1' .* expected 0 to 61"):
        game.check_scores(0, -1, 61)
    with pytest.raises(CribcountError, match="only one player can reach 61"):
        game.check_scores(61, 61, 61)
