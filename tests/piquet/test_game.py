"""The partie settled: the seed's Rubicon settlements, hand-worked games au cent and at
Rubicon (lurch, plain win, in progress, ties, void), deals refused, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribcount.errors import CribcountError
from cribcount.piquet import (
    GameError,
    Partie,
    read_deals,
    read_hand,
    read_played,
    score_play,
    settle_game,
)
from cribcount.piquet.game import DEAL_MOST, read_deal


def outcome(partie: Partie) -> tuple[str, str | None, int | None, bool, bool]:
    return (partie.status, partie.winner, partie.value, partie.lurch, partie.rubicon)


def running(partie: Partie) -> list[tuple[int, int]]:
    return [row.totals for row in partie.deals]


# -- Piquet au cent -------------------------------------------------------------


def test_plain_win_au_cent() -> None:
    # 23-7, 35-37, 75-42, 85-62, 103-66: the first reaches 100 in deal 5; 66 is past 50
    partie = settle_game([(23, 7), (12, 30), (40, 5), (10, 20), (18, 4)])
    assert running(partie) == [(23, 7), (35, 37), (75, 42), (85, 62), (103, 66)]
    assert partie.totals == (103, 66)
    assert outcome(partie) == ("won", "first", 1, False, False)
    assert partie.loser == "second"
    assert partie.deals_left is None
    assert (partie.game, partie.title) == ("au cent", "Piquet au cent")


def test_lurch_counts_two_games() -> None:
    # 30-5, 75-15, 102-35: the second has not reached 50
    partie = settle_game([(30, 5), (45, 10), (27, 20)])
    assert partie.totals == (102, 35)
    assert outcome(partie) == ("won", "first", 2, True, False)


def test_the_second_player_can_win_and_lurch() -> None:
    # 10-60, 15-105
    partie = settle_game([(10, 60), (5, 45)])
    assert outcome(partie) == ("won", "second", 2, True, False)
    assert partie.loser == "first"


@pytest.mark.parametrize(
    ("deals", "totals", "value", "lurch"),
    [
        ([(60, 20), (40, 30)], (100, 50), 1, False),  # exactly 100 is out; 50 reached saves
        ([(60, 20), (40, 29)], (100, 49), 2, True),  # 49 has not reached 50
        ([(60, 20), (39, 80)], (99, 100), 1, False),  # the second out at exactly 100
    ],
)
def test_the_marks_100_and_50_are_reached_by_equalling_them(
    deals: list[tuple[int, int]], totals: tuple[int, int], value: int, lurch: bool
) -> None:
    partie = settle_game(deals)
    assert partie.totals == totals
    assert (partie.status, partie.value, partie.lurch) == ("won", value, lurch)


def test_in_progress_has_no_winner_and_no_value() -> None:
    partie = settle_game([(20, 10), (30, 25), (45, 60)])
    assert partie.totals == (95, 95)
    assert outcome(partie) == ("in progress", None, None, False, False)
    assert partie.loser is None
    assert partie.deals_left is None


def test_no_deals_yet_is_a_game_in_progress() -> None:
    for rules in ("classic", "rubicon"):
        partie = settle_game([], rules)
        assert (partie.totals, partie.status, partie.winner, partie.value) == (
            (0, 0),
            "in progress",
            None,
            None,
        )
    assert settle_game([], "rubicon").deals_left == 6


def test_deal_after_the_game_is_won_is_refused() -> None:
    with pytest.raises(GameError) as error:
        settle_game([(60, 20), (40, 30), (5, 5)])
    assert str(error.value) == (
        "deal 3 '5-5' comes after the end of the game: the first player won it in deal 2, 100 to 50"
    )


def test_both_past_100_in_one_deal_the_higher_total_wins() -> None:
    # 80-95, then 110-105: the second led before the deal, the first ends higher
    partie = settle_game([(80, 95), (30, 10)])
    assert partie.totals == (110, 105)
    assert outcome(partie) == ("won", "first", 1, False, False)


def test_both_past_100_and_equal_play_on_until_the_totals_differ() -> None:
    partie = settle_game([(90, 85), (15, 20)])
    assert partie.totals == (105, 105)
    assert outcome(partie) == ("in progress", None, None, False, False)
    partie = settle_game([(90, 85), (15, 20), (1, 3)])
    assert partie.totals == (106, 108)
    assert outcome(partie) == ("won", "second", 1, False, False)


def test_the_deal_alternates_from_the_first_dealer() -> None:
    deals = [(10, 5)] * 5
    assert [row.dealer for row in settle_game(deals).deals] == [
        "first",
        "second",
        "first",
        "second",
        "first",
    ]
    rows = settle_game(deals, first_dealer="second").deals
    assert [row.dealer for row in rows] == ["second", "first", "second", "first", "second"]
    assert [row.elder for row in rows] == ["first", "second", "first", "second", "first"]
    assert [row.number for row in rows] == [1, 2, 3, 4, 5]


# -- Rubicon Piquet ---------------------------------------------------------------

# Six deals adding up to each of the seed's settlements.
SEED_113_80 = [(20, 10), (15, 25), (30, 5), (18, 12), (10, 20), (20, 8)]
SEED_88_84 = [(10, 20), (20, 10), (15, 14), (13, 10), (20, 15), (10, 15)]
SEED_180_142 = [(40, 30), (25, 20), (35, 22), (30, 25), (20, 25), (30, 20)]


@pytest.mark.parametrize(
    ("deals", "totals", "value", "rubicon"),
    [
        (SEED_113_80, (113, 80), 293, True),  # 113 + 80 + 100
        (SEED_88_84, (88, 84), 272, True),  # both under 100: 88 + 84 + 100
        (SEED_180_142, (180, 142), 138, False),  # 38 + 100
    ],
)
def test_seed_rubicon_settlements(
    deals: list[tuple[int, int]], totals: tuple[int, int], value: int, rubicon: bool
) -> None:
    partie = settle_game(deals, "rubicon")
    assert partie.totals == totals
    assert outcome(partie) == ("won", "first", value, False, rubicon)
    assert (partie.game, partie.title, partie.deals_left) == ("rubicon", "Rubicon Piquet", None)
    swapped = settle_game([(b, a) for a, b in deals], "rubicon")
    assert outcome(swapped) == ("won", "second", value, False, rubicon)


def test_a_loser_with_exactly_100_is_not_rubiconed() -> None:
    # 100-80, 125-90, 150-100: 50 + 100
    deals = [(25, 20)] * 4 + [(25, 10), (25, 10)]
    partie = settle_game(deals, "rubicon")
    assert partie.totals == (150, 100)
    assert outcome(partie) == ("won", "first", 150, False, False)


def test_rubicon_in_progress_counts_the_deals_left() -> None:
    partie = settle_game([(30, 10), (12, 40), (5, 25)], "rubicon")
    assert partie.totals == (47, 75)
    assert outcome(partie) == ("in progress", None, None, False, False)
    assert partie.deals_left == 3


def test_rubicon_is_not_won_at_100_before_six_deals() -> None:
    partie = settle_game([(120, 10), (50, 40)], "rubicon")
    assert (partie.status, partie.deals_left) == ("in progress", 4)


def test_a_tie_after_six_deals_plays_two_more() -> None:
    six = [(20, 20)] * 6
    partie = settle_game(six, "rubicon")
    assert partie.totals == (120, 120)
    assert (partie.status, partie.winner, partie.value, partie.deals_left) == (
        "in progress",
        None,
        None,
        2,
    )
    partie = settle_game([*six, (10, 5)], "rubicon")
    assert (partie.totals, partie.status, partie.deals_left) == ((130, 125), "in progress", 1)
    # 133 to 135 after eight: 2 + 100
    partie = settle_game([*six, (10, 5), (3, 10)], "rubicon")
    assert partie.totals == (133, 135)
    assert outcome(partie) == ("won", "second", 102, False, False)


def test_after_a_tie_the_eight_deals_totals_decide_the_rubicon() -> None:
    # 60-60 after six, then 90-65 and 110-70: 110 + 70 + 100
    partie = settle_game([(10, 10)] * 6 + [(30, 5), (20, 5)], "rubicon")
    assert partie.totals == (110, 70)
    assert outcome(partie) == ("won", "first", 280, False, True)


def test_a_tie_after_eight_deals_voids_the_game() -> None:
    partie = settle_game([(20, 20)] * 6 + [(10, 5), (5, 10)], "rubicon")
    assert partie.totals == (135, 135)
    assert outcome(partie) == ("void", None, 0, False, False)
    assert partie.deals_left is None


def test_a_seventh_deal_after_six_untied_is_refused() -> None:
    with pytest.raises(GameError) as error:
        settle_game([*SEED_180_142, (10, 10)], "rubicon")
    assert str(error.value) == (
        "deal 7 '10-10' comes after the end of the game: the first player won it after 6 deals, "
        "180 to 142; two more deals follow only a tie"
    )


def test_a_ninth_deal_is_refused() -> None:
    tied = [(20, 20)] * 6
    with pytest.raises(GameError) as error:
        settle_game([*tied, (10, 5), (5, 10), (7, 3)], "rubicon")
    assert str(error.value) == (
        "deal 9 '7-3' comes after the end of the game: a tie after 8 deals voids it"
    )
    with pytest.raises(GameError) as error:
        settle_game([*tied, (10, 5), (5, 5), (7, 3)], "rubicon")
    assert str(error.value) == (
        "deal 9 '7-3' comes after the end of the game: the first player won it after 8 deals, "
        "135 to 130"
    )


# -- deals as text, and bad deals ----------------------------------------------------


def test_deals_as_text_read_as_ints() -> None:
    assert read_deal("23-7") == (23, 7)
    assert read_deal(" 023-0 ") == (23, 0)
    assert read_deals("23-7  12-30\t40-5\n") == ((23, 7), (12, 30), (40, 5))
    assert settle_game(["60-20", (40, 30)]).totals == (100, 50)
    assert settle_game(read_deals(" ".join(f"{a}-{b}" for a, b in SEED_113_80)), "rubicon").value
    assert settle_game(SEED_113_80, "rubicon").value == 293


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "7-",
            "deal 2 '7-': expected the two players' points as A-B, the first player's first, "
            "such as 23-7",
        ),
        (
            "a-b",
            "deal 2 'a-b': expected the two players' points as A-B, the first player's "
            "first, such as 23-7",
        ),
        (
            "12-3-4",
            "deal 2 '12-3-4': expected the two players' points as A-B, the first "
            "player's first, such as 23-7",
        ),
        (
            "12",
            "deal 2 '12': expected the two players' points as A-B, the first player's first, "
            "such as 23-7",
        ),
        (
            "+5-3",
            "deal 2 '+5-3': expected the two players' points as A-B, the first player's "
            "first, such as 23-7",
        ),
        (
            "١٢-٣",
            "deal 2 '١٢-٣': expected the two players' points as A-B, the first player's "
            "first, such as 23-7",
        ),
        ("-5-3", "deal 2 '-5-3': points cannot be negative"),
        ("10--5", "deal 2 '10--5': points cannot be negative"),
        ("250-3", "deal 2 '250-3': the two players score at most 205 together in one deal"),
        (
            "3-" + "9" * 5000,
            "deal 2 '3-99999999999999999999999999999999999...': "
            "the two players score at most 205 together in one deal",
        ),
        ("0-0", "deal 2 '0-0': nobody scored; the last trick always scores"),
    ],
)
def test_bad_deal_text_names_the_deal_and_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(GameError) as error:
        read_deals(f"10-5 {text} 20-20")
    assert str(error.value) == message
    with pytest.raises(GameError) as error:
        settle_game(["10-5", text, "20-20"])
    assert str(error.value) == message


# -- the most a deal gives -----------------------------------------------------------


def test_the_two_figures_of_a_deal_add_up_to_205_at_most() -> None:
    # 10 carte blanche + 8 point + 32 sequences + 42 quatorzes + 60 repic + 53 play
    assert DEAL_MOST == 10 + 8 + 32 + 42 + 60 + 53 == 205
    for figures in ("205-0", "0-205", "100-105", "161-44"):
        first, second = (int(part) for part in figures.split("-"))
        assert read_deal(figures) == (first, second)
        assert settle_game([(first, second)]).totals == (first, second)
    for figures in ("206-0", "0-206", "103-103", "200-199", "249-249", "162-44"):
        with pytest.raises(GameError, match="score at most 205 together in one deal"):
            read_deal(figures)


def test_a_real_deal_of_161_to_0_is_a_deals_points() -> None:
    # The elder: A K Q J 10 of spades and of hearts and the two other aces; the younger
    # the 9 8 7 of spades, hearts and clubs and J 8 7 of diamonds (a jack: no carte
    # blanche). The elder's point 5 (51 pips against 25), two quintes 30, the
    # quatorze of aces 14: 49, repic 60; he leads his twelve cards, every one a ten or
    # better, 12, and takes every trick, capot 40: 161, the younger nothing.
    elder = read_hand("♠ A K Q J 10; ♡ A K Q J 10; ♢ A; ♣ A")
    younger = read_hand("♠ 9 8 7; ♡ 9 8 7; ♢ J 8 7; ♣ 9 8 7")
    played = read_played(
        "AS 9S KS 8S QS 7S JS 8D 10S 7D AH 9H KH 8H QH 7H JH 9C 10H 8C AD JD AC 7C"
    )
    deal = score_play([elder, younger], played)
    assert deal.comparison.players[0].declarations == 49
    assert deal.comparison.repic is not None
    assert [score.kind for score in deal.scores].count("lead") == 12
    assert deal.totals == (161, 0)
    assert read_deal("161-0") == (161, 0)


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ((5, -3), "deal 1 '5--3': points cannot be negative"),
        ((0, 0), "deal 1 '0-0': nobody scored; the last trick always scores"),
        ((300, 3), "deal 1 '300-3': the two players score at most 205 together in one deal"),
        (
            (True, 3),
            "deal 1 '(True, 3)': expected the two players' points as a pair of whole numbers, "
            "the first player's first, or 'A-B'",
        ),
        (
            (1, 2, 3),
            "deal 1 '(1, 2, 3)': expected the two players' points as a pair of whole numbers, "
            "the first player's first, or 'A-B'",
        ),
        (
            (1.5, 2),
            "deal 1 '(1.5, 2)': expected the two players' points as a pair of whole numbers, "
            "the first player's first, or 'A-B'",
        ),
    ],
)
def test_bad_deal_ints_are_refused(deal: tuple[int, int], message: str) -> None:
    with pytest.raises(GameError) as error:
        settle_game([deal])
    assert str(error.value) == message


def test_unknown_rules_and_first_dealer() -> None:
    with pytest.raises(GameError, match=r"^unknown rules 'english': expected classic or rubicon$"):
        settle_game([(10, 5)], "english")
    with pytest.raises(
        GameError, match=r"^unknown first dealer 'elder': expected first or second$"
    ):
        settle_game([(10, 5)], first_dealer="elder")


def test_errors_are_cribcount_errors() -> None:
    assert issubclass(GameError, CribcountError)


# -- properties ---------------------------------------------------------------------

deal_points = st.tuples(st.integers(0, 60), st.integers(0, 60)).filter(lambda d: d != (0, 0))


@given(st.lists(deal_points, max_size=12))
def test_au_cent_ends_at_the_first_deal_out_with_unequal_totals(
    deals: list[tuple[int, int]],
) -> None:
    first = second = 0
    for number, (a, b) in enumerate(deals, 1):
        first, second = first + a, second + b
        if max(first, second) >= 100 and first != second:
            if number < len(deals):
                with pytest.raises(GameError):
                    settle_game(deals[: number + 1])
            partie = settle_game(deals[:number])
            assert partie.status == "won"
            assert partie.winner == ("first" if first > second else "second")
            assert partie.value == (2 if min(first, second) < 50 else 1)
            return
        assert settle_game(deals[:number]).status == "in progress"


@given(st.lists(deal_points, min_size=6, max_size=6))
def test_rubicon_after_six_deals(deals: list[tuple[int, int]]) -> None:
    first = sum(a for a, _ in deals)
    second = sum(b for _, b in deals)
    partie = settle_game(deals, "rubicon")
    assert partie.totals == (first, second)
    if first == second:
        assert (partie.status, partie.deals_left) == ("in progress", 2)
        return
    high, low = max(first, second), min(first, second)
    assert partie.status == "won"
    assert partie.value == (high + low + 100 if low < 100 else high - low + 100)
    assert partie.value is not None and partie.value > 100
