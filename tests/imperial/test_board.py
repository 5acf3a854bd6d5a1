"""Impérial's counters and board: the seed's take-down example, the
exchange of whites for reds, the game, and the board read and written."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.errors import CribcountError
from cribcount.imperial import (
    Board,
    Counters,
    read_board,
)


def board(elder: tuple[int, int], younger: tuple[int, int]) -> Board:
    return Board(Counters(*elder), Counters(*younger))


# -- the counters ------------------------------------------------------------------


def test_seed_take_down_example() -> None:
    # "The pone has 2 reds and 4 whites up; the dealer has 1 red and 5 whites.
    # The pone scores two whites, reaching six, and advancing his score to 3
    # reds ... The dealer must take down his white counters ... leaving
    # himself 1 red." The pone is the elder of the two-handed game.
    before = board((2, 4), (1, 5))
    after, taken = before.mark("elder", whites=2)
    assert after == board((3, 0), (1, 0))
    assert taken == 5
    assert (str(after.elder), str(after.younger)) == ("3 reds 0 whites", "1 red 0 whites")


def test_whites_short_of_six_take_nothing_down() -> None:
    after, taken = board((2, 3), (1, 5)).mark("elder", whites=2)
    assert (after, taken) == (board((2, 5), (1, 5)), 0)


def test_a_red_scored_takes_down_the_adversary_whites() -> None:
    after, taken = board((0, 3), (1, 4)).mark("younger", reds=1)
    assert (after, taken) == (board((0, 0), (2, 4)), 3)
    # the scorer's own whites stay up
    after, taken = board((0, 3), (1, 4)).mark("younger", reds=1, take_down=False)
    assert (after, taken) == (board((0, 3), (2, 4)), 0)


def test_many_whites_exchange_for_reds_and_keep_the_rest() -> None:
    # 5 whites up and 8 scored: 13 whites are 2 reds and 1 white
    after, taken = board((1, 5), (0, 2)).mark("elder", whites=8)
    assert (after, taken) == (board((3, 1), (0, 0)), 2)


def test_four_reds_and_six_whites_win_the_game() -> None:
    after, taken = board((4, 5), (3, 4)).mark("elder", whites=1)
    assert after.elder == Counters(4, 6)
    assert after.winner == "elder"
    # the score that wins ends the counting: nothing is taken down by it
    assert (after.younger, taken) == (Counters(3, 4), 0)
    # a red when four are up wins too: thirty whites' worth passed over
    after, _ = board((1, 2), (4, 0)).mark("younger", reds=1)
    assert (after.younger, after.winner) == (Counters(4, 6), "younger")
    with pytest.raises(CribcountError, match="the younger has won the game"):
        after.mark("elder", whites=1)


def test_counters_written_and_as_data() -> None:
    assert str(Counters(1, 1)) == "1 red 1 white"
    assert str(Counters()) == "0 reds 0 whites"
    assert Counters(2, 4).to_json() == {"reds": 2, "whites": 4}
    assert Counters(2, 4).value == 16


@pytest.mark.parametrize(
    ("reds", "whites", "message"),
    [
        (5, 0, "5 reds: a player has 0 to 4 red counters up"),
        (-1, 0, "-1 reds: a player has 0 to 4 red counters up"),
        (2, 6, "6 whites: six whites are exchanged for a red"),
        (0, -1, "-1 whites"),
    ],
)
def test_impossible_counters_refused(reds: int, whites: int, message: str) -> None:
    with pytest.raises(CribcountError, match=message):
        Counters(reds, whites)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 4),
    st.integers(0, 5),
    st.integers(0, 4),
    st.integers(0, 5),
    st.integers(0, 2),
    st.integers(0, 12),
)
def test_mark_keeps_the_worth_and_takes_down_on_each_red(
    own_reds: int, own_whites: int, other_reds: int, other_whites: int, reds: int, whites: int
) -> None:
    before = board((own_reds, own_whites), (other_reds, other_whites))
    after, taken = before.mark("elder", reds=reds, whites=whites)
    worth = 6 * own_reds + own_whites + 6 * reds + whites
    if worth >= 30:
        assert after.elder == Counters(4, 6) and after.younger == before.younger and taken == 0
        return
    assert after.elder.value == worth and after.elder.whites < 6
    red_scored = after.elder.reds > own_reds
    assert taken == (other_whites if red_scored else 0)
    assert after.younger == Counters(other_reds, 0 if red_scored else other_whites)


def test_read_board() -> None:
    assert read_board("2,4/1,5") == board((2, 4), (1, 5))
    assert read_board(" 0 , 0 / 3,2 ") == board((0, 0), (3, 2))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2,4", "invalid counters '2,4': expected the elder's reds,whites / the younger's"),
        ("2,4/1", "invalid counters '2,4/1': expected"),
        ("a,b/1,1", "invalid counters 'a,b/1,1'"),
        ("2,4/1,5/0,0", "invalid counters"),
        ("7,0/0,0", "invalid counters '7,0/0,0': 7 reds: a player has 0 to 4 red counters up"),
        ("1,6/0,0", "invalid counters '1,6/0,0': 6 whites"),
        ("4,6/0,0", "the elder has passed all his counters and won the game already"),
    ],
)
def test_read_board_refuses(text: str, message: str) -> None:
    with pytest.raises(CribcountError, match=message):
        read_board(text)


def test_board_written_as_it_is_read() -> None:
    assert Board().notation() == "0,0/0,0"
    assert board((2, 4), (1, 5)).notation() == "2,4/1,5"


@given(st.integers(0, 4), st.integers(0, 5), st.integers(0, 4), st.integers(0, 5))
def test_every_board_round_trips(
    elder_reds: int, elder_whites: int, younger_reds: int, younger_whites: int
) -> None:
    written = f"{elder_reds},{elder_whites}/{younger_reds},{younger_whites}"
    assert read_board(written).notation() == written
