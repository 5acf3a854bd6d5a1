"""The chance of winning from any score: the dynamic programme, its plain twin, the game.

Every figure here is worked out by hand from tiny sets of deals, or by playing whole
games at random from the same deals.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb, sqrt
from pathlib import Path

import numpy as np
import pytest

from cribcount.cribbage import odds
from cribcount.cribbage.deals import DealOutcomes
from cribcount.cribbage.odds import (
    OddsError,
    Table,
    build_table,
    load_table,
    reference_odds,
    start_scores,
)
from cribcount.errors import CribcountError

Deals = list[list[tuple[int, int]]]


def outcomes(deals: Deals, game: str = "five") -> DealOutcomes:
    return DealOutcomes.from_events(deals, game=game, seed=7, policy="made by hand")


def random_deals(seed: int, count: int, longest: int = 5, most: int = 6) -> Deals:
    rng = random.Random(seed)
    return [
        [(rng.randrange(2), rng.randrange(1, most + 1)) for _ in range(rng.randrange(1, longest))]
        for _ in range(count)
    ]


def test_the_pone_alone_pegs_one_a_deal() -> None:
    # Each deal gives its pone 1 and the deal passes: the players peg in turn, he who is
    # pone first pegging first, so he wins when he needs no more deals than the other.
    table = build_table(outcomes([[(0, 1)]]))
    for me in range(61):
        for him in range(61):
            assert table.odds(me, him, "pone").win == (1.0 if me >= him else 0.0)
            assert table.odds(me, him, "dealer").win == (1.0 if me > him else 0.0)
    # at 40 to 10 the pone pegs out at his 21st point, the other then at 10 + 20 = 30: a lurch
    assert table.odds(40, 10, "pone").lurch == 1.0
    # at 40 to 11 the other has 31 by then: no lurch
    assert table.odds(40, 11, "pone").lurch == 0.0
    # at 9 to 40 as pone, the other's 21st point comes at the 42nd deal, when the pone
    # has had 21 of his own: 30, lurched; at 10 to 40 he has 31 then
    assert table.odds(9, 40, "pone").lurched == 1.0
    assert table.odds(9, 40, "pone").lurch == 0.0
    assert table.odds(10, 40, "pone").lurched == 0.0


def negative_binomial(mine: int, his: int) -> Fraction:
    """The chance that fair coin flips give ``mine`` heads before ``his`` tails."""
    return sum(
        (Fraction(comb(mine - 1 + tails, tails), 2 ** (mine + tails)) for tails in range(his)),
        Fraction(0),
    )


def test_one_point_to_either_side_at_random() -> None:
    # Two deals alike likely, each a point to one side: roles do not matter, and W is
    # the chance of a run of heads before one of tails.
    table = build_table(outcomes([[(0, 1)], [(1, 1)]]))
    assert table.odds(60, 60, "pone").win == 0.5
    assert table.odds(59, 60, "dealer").win == 0.25
    for me, him in ((50, 55), (58, 52), (40, 45), (0, 0), (30, 31)):
        for role in ("pone", "dealer"):
            expected = negative_binomial(61 - me, 61 - him)
            assert table.odds(me, him, role).win == pytest.approx(float(expected), abs=1e-12)


def test_heels_count_first_and_nothing_after_the_game_counts() -> None:
    # heels to the dealer, then the pone's 5: at 60 to 59 the dealer is out first
    table = build_table(outcomes([[(1, 2), (0, 5)]]))
    assert table.odds(60, 59, "pone").win == 0.0
    assert table.odds(59, 60, "dealer").win == 1.0
    # at 60 to 58 the dealer's heels leave him at 60, and the pone goes out
    assert table.odds(60, 58, "pone").win == 1.0


def test_a_pone_at_119_with_a_sure_2_in_hand() -> None:
    # the dealer pegs 3 or 3 in the play, the pone 1 then his hand of 2 or 4: the dealer
    # at 100 cannot get near, so the pone is out on the show whatever the crib holds
    deals = [[(1, 3), (0, 1), (0, 2), (1, 10), (1, 5)], [(1, 2), (1, 1), (0, 4), (1, 8)]]
    table = build_table(outcomes(deals, "six"))
    assert table.odds(119, 100, "pone").win == 1.0
    # but at 118 the dealer's 3 in the play puts him out before the show
    assert table.odds(119, 118, "pone").win == 0.0
    assert table.odds(118, 119, "dealer").win == 1.0


def test_the_kernel_against_its_plain_twin() -> None:
    for seed in range(3):
        deals = outcomes(random_deals(seed, 6))
        table = build_table(deals)
        for pone, dealer in ((0, 0), (3, 0), (30, 29), (60, 1), (45, 58), (12, 50), (60, 60)):
            exact = reference_odds(deals, 61, pone, dealer)
            found = table.odds(pone, dealer, "pone")
            assert found.win == pytest.approx(float(exact.pone), abs=1e-12)
            assert found.lurch == pytest.approx(float(exact.pone_lurches), abs=1e-12)
            assert found.lurched == pytest.approx(float(exact.dealer_lurches), abs=1e-12)
            as_dealer = table.odds(dealer, pone, "dealer")
            assert as_dealer.win == pytest.approx(float(exact.dealer), abs=1e-12)
            assert as_dealer.lurch == pytest.approx(float(exact.dealer_lurches), abs=1e-12)


@pytest.mark.parametrize(("game", "to"), [("six", 121), ("seven", 181)])
def test_the_kernel_against_its_plain_twin_at_121_and_181(game: str, to: int) -> None:
    deals = outcomes(random_deals(21, 4, longest=7, most=12), game)
    table = build_table(deals, to)
    line = to // 2
    for pone, dealer in ((0, 0), (line, line - 1), (to - 1, line - 1), (line - 5, to - 2)):
        exact = reference_odds(deals, to, pone, dealer)
        found = table.odds(pone, dealer, "pone")
        assert found.win == pytest.approx(float(exact.pone), abs=1e-12)
        assert found.lurch == pytest.approx(float(exact.pone_lurches), abs=1e-12)
        assert found.lurched == pytest.approx(float(exact.dealer_lurches), abs=1e-12)


def test_the_plain_twin_is_zero_sum_exactly() -> None:
    deals = outcomes(random_deals(5, 5))
    for pone, dealer in ((0, 0), (20, 40), (59, 3)):
        exact = reference_odds(deals, 61, pone, dealer)
        assert exact.pone + exact.dealer == 1


def test_zero_sum_rising_and_won_at_the_game() -> None:
    table = build_table(outcomes(random_deals(11, 40, longest=8), "six"))
    assert table.to == 121
    for me in range(122):
        for him in range(122):
            if me == him == 121:
                continue
            mine = table.odds(me, him, "pone")
            assert mine.win + table.odds(him, me, "dealer").win == 1.0
            assert mine.lurch == table.odds(him, me, "dealer").lurched
    for role in ("pone", "dealer"):
        board = np.array(
            [[table.odds(me, him, role).win for him in range(121)] for me in range(121)]
        )
        assert np.all(np.diff(board, axis=0) >= -1e-12)  # rises with my score
        assert np.all(np.diff(board, axis=1) <= 1e-12)  # falls with his
        for him in range(121):
            assert table.odds(121, him, role).win == 1.0
            assert table.odds(him, 121, role).win == 0.0
    assert table.odds(121, 60, "dealer").lurch == 1.0
    assert table.odds(121, 61, "dealer").lurch == 0.0


def test_whole_games_played_by_hand() -> None:
    # Every deal gives its pone 30 in a game of 61. From 0 to 0, the player at me dealing:
    # the other pegs 30, I 30, he 60, I 60, he 90: he wins in the fifth deal, and I am not
    # lurched at 60. Pone from 0 to 31: I peg 30, he 61 in the second deal: he wins, and
    # I am lurched at 30.
    deals = outcomes([[(0, 30)]] * 12)
    played = odds.play_games(deals, 61, 0, 0, "dealer", 2)
    assert played == odds.Played(2, 0, 0, 0, 10)
    played = odds.play_games(deals, 61, 0, 31, "pone", 1, first=10)
    assert played == odds.Played(1, 0, 0, 1, 12)
    # Pone from 40 to 0: my 30 makes 70 at once, the other at 0: a lurch.
    assert odds.play_games(deals, 61, 40, 0, "pone", 1) == odds.Played(1, 1, 1, 0, 1)
    with pytest.raises(OddsError, match="need more than the 2 deals given"):
        odds.play_games(deals, 61, 0, 0, "dealer", 1, first=10)


def test_the_dynamic_programme_against_whole_games_played_at_random() -> None:
    deals = random_deals(3, 12, longest=6, most=5)
    table = build_table(outcomes(deals))
    rng = random.Random(2024)
    games = 3000
    positions = [(0, 0), (3, 0), (10, 20), (20, 10), (30, 30), (40, 50), (50, 40)]
    positions += [(55, 55), (58, 45), (45, 58), (60, 50), (25, 55), (0, 40)]
    # the deals drawn at random, each equally likely, one after another, as the
    # dynamic programme has them
    drawn = outcomes([rng.choice(deals) for _ in range(len(positions) * games * 16)])
    # Each figure lies within two standard errors of the sample 95% of the time, so of
    # 13 positions one may well lie beyond: all within three, and at most two beyond two.
    beyond = []
    first = 0
    for me, him in positions:
        played = odds.play_games(drawn, 61, me, him, "dealer", games, first)
        first = played.next_deal
        expected = table.odds(me, him, "dealer").win
        error = sqrt(expected * (1 - expected) / games)
        assert abs(played.wins / games - expected) <= 3 * error, (me, him)
        if abs(played.wins / games - expected) > 2 * error:
            beyond.append((me, him))
    assert len(beyond) <= 2, beyond


def test_the_game_starts_with_three_for_last_in_five_card() -> None:
    assert start_scores("five") == (3, 0)
    assert start_scores("six") == (0, 0)
    table = build_table(outcomes(random_deals(4, 8)))
    start = table.start()
    assert (start.me, start.him, start.role) == (0, 3, "dealer")
    assert start.win == table.odds(0, 3, "dealer").win


def test_the_json_of_a_position() -> None:
    table = build_table(outcomes([[(0, 1)], [(1, 1)]], "six"))
    assert table.odds(120, 119, "dealer").to_json() == {
        "game": "six",
        "to": 121,
        "scores": {"me": 120, "him": 119},
        "role": "dealer",
        "win": 0.75,
        "lurch": 0.0,
        "lurched": 0.0,
        "deals": 2,
        "policy": "made by hand",
    }


def test_a_table_is_saved_and_read_byte_for_byte(tmp_path: Path) -> None:
    deals = outcomes(random_deals(8, 10))
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    build_table(deals).save(first)
    build_table(deals).save(second)
    assert first.read_bytes() == second.read_bytes()
    read = Table.load(first)
    read.save(second)
    assert first.read_bytes() == second.read_bytes()
    assert (read.game, read.to, read.deals, read.seed) == ("five", 61, 10, 7)
    assert read.odds(12, 30, "pone") == build_table(deals).odds(12, 30, "pone")


def test_seven_card_to_181() -> None:
    table = build_table(outcomes([[(0, 1)]], "seven"), 181)
    assert table.to == 181
    # lurch at 181: under 91; the pone at 100 pegs out at his 81st point, the other at 90
    assert table.odds(100, 10, "pone").lurch == 1.0
    assert table.odds(100, 11, "pone").lurch == 0.0


def test_bad_deals_and_tables(tmp_path: Path) -> None:
    with pytest.raises(OddsError, match="deal 1 scores no point"):
        build_table(outcomes([[(0, 1)], []]))
    with pytest.raises(OddsError, match="no deal outcomes"):
        build_table(outcomes([]))
    with pytest.raises(CribcountError, match="not played to 181"):
        build_table(outcomes([[(0, 1)]]), 181)
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(OddsError, match="cannot read a table of chances from"):
        Table.load(bad)
    table = build_table(outcomes([[(0, 1)]]))
    with pytest.raises(CribcountError, match="only one player can reach 61"):
        table.odds(61, 61, "pone")
    with pytest.raises(CribcountError, match=r"my score '62'"):
        table.odds(62, 0, "pone")


def test_a_table_not_installed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from cribcount.cribbage import odds

    monkeypatch.setattr(odds, "TABLES", tmp_path)
    with pytest.raises(OddsError, match="no table of chances for six-card cribbage to 121"):
        load_table("six")
    build_table(outcomes([[(0, 1)]], "seven"), 181).save(tmp_path / "odds-seven-181.json")
    assert load_table("seven", 181).to == 181


@pytest.mark.slow
@pytest.mark.parametrize(("game", "to"), [("five", 61), ("six", 121), ("seven", 121)])
def test_the_shipped_tables_are_rebuilt_byte_for_byte(game: str, to: int, tmp_path: Path) -> None:
    """The tables the package ships are the simulated deals of the shipped seed, solved."""
    from cribcount.cribbage.policy import simulate

    outcomes = simulate(game, odds.DEALS, odds.SEED)
    targets = [to, 181] if game == "seven" else [to]
    for game_to in targets:
        path = tmp_path / odds.table_name(game, game_to)
        odds.build_table(outcomes, game_to).save(path)
        assert path.read_bytes() == odds.table_path(game, game_to).read_bytes()


WHOLE_GAMES = [(0, 0, "dealer"), (0, 0, "pone"), (60, 60, "dealer"), (100, 100, "pone")]
WHOLE_GAMES += [(90, 110, "dealer"), (110, 90, "pone"), (115, 119, "pone"), (119, 115, "dealer")]
WHOLE_GAMES += [(30, 80, "pone"), (80, 30, "dealer"), (117, 100, "dealer"), (100, 117, "pone")]
WHOLE_GAMES += [(61, 40, "pone")]


@pytest.mark.slow
def test_the_shipped_six_card_table_against_whole_games_played_by_the_policy() -> None:
    """Whole games of fresh deals played by the policy (another seed than the table's)
    win, from the first dealer's 0 to 0 and a dozen other positions, within two standard
    errors of the shipped table's chances."""
    from cribcount.cribbage.policy import simulate

    fresh = simulate("six", 600_000, 7)
    table = load_table("six")
    games = 10_000
    first = 0
    for me, him, role in WHOLE_GAMES:
        played = odds.play_games(fresh, 121, me, him, role, games, first)
        first = played.next_deal
        expected = table.odds(me, him, role).win
        error = sqrt(expected * (1 - expected) / games)
        assert abs(played.wins / games - expected) <= 2 * error, (me, him, role)
