"""Blind Hookey's odds against brute force over every ordering of the bottom cards, and
against figures worked by hand from the rules (a player's card higher 24/51, equal 3/51,
lower 24/51)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import permutations
from math import comb, perm

import pytest

from cribcount.cards import Card
from cribcount.hookey import FIGURES, MOST_CUTTING, HookeyError, HookeyOdds, hookey_odds

RANK = tuple(Card.from_id(card_id).rank for card_id in range(52))
"""Each card's rank, ace 1 to king 13, by its id in the 52-card pack."""


class Tally:
    """What every ordering of distinct bottom cards gives, the dealer's first: each staked
    card's chance of being higher, equal or lower, the dealer's edge, and the chance that
    every staked card is higher."""

    def __init__(self, outcomes: Counter[str], ends: int, orderings: int, staked: int) -> None:
        self.orderings = orderings
        self.each = {kind: Fraction(count, orderings * staked) for kind, count in outcomes.items()}
        self.end = Fraction(ends, orderings)
        self.edge = self.each["tie"] + self.each["lower"] - self.each["win"]


@cache
def tally(staked: int, dealer: str | None = None) -> Tally:
    """Every ordering of ``staked`` + 1 distinct cards of the 52, the dealer's card first
    (``dealer``, when it is given), each counted one by one."""
    outcomes: Counter[str] = Counter({"win": 0, "tie": 0, "lower": 0})
    ends = orderings = 0
    firsts = range(52) if dealer is None else (Card.parse(dealer).id,)
    for first in firsts:
        others = [card for card in range(52) if card != first]
        low = RANK[first]
        for cards in permutations(others, staked):
            orderings += 1
            beaten = 0
            for card in cards:
                if RANK[card] > low:
                    outcomes["win"] += 1
                    beaten += 1
                elif RANK[card] == low:
                    outcomes["tie"] += 1
                else:
                    outcomes["lower"] += 1
            ends += beaten == staked
    return Tally(outcomes, ends, orderings, staked)


def assert_matches(odds: HookeyOdds, found: Tally) -> None:
    assert odds.win == found.each["win"]
    assert odds.tie == found.each["tie"]
    assert odds.lower == found.each["lower"]
    assert odds.edge == found.edge
    assert odds.end == found.end


@pytest.mark.parametrize("players", [1, 2])
def test_every_ordering_of_the_bottom_cards_every_card_unseen(players: int) -> None:
    found = tally(players)
    assert found.orderings == perm(52, players + 1)
    odds = hookey_odds(players)
    assert_matches(odds, found)
    assert odds.hands == 1 / found.end


@pytest.mark.parametrize(
    ("players", "dealer"), [(1, "AS"), (1, "KD"), (2, "7H"), (2, "JC"), (3, "2S"), (3, "9H")]
)
def test_every_ordering_of_the_bottom_cards_given_the_dealers(players: int, dealer: str) -> None:
    found = tally(players, dealer)
    assert found.orderings == perm(51, players)
    odds = hookey_odds(players, dealer_card=Card.parse(dealer))
    assert_matches(odds, found)
    # this hand, and if it ends nothing a fresh deal's worth of hands after it
    assert odds.hands == 1 + (1 - found.end) / hookey_odds(players).end


def test_the_packets_method_stakes_on_two_packets_whatever_the_number_of_players() -> None:
    found = tally(2)
    for players in (1, 2, 5, 13, 40):
        odds = hookey_odds(players, "packets")
        assert odds.staked == 2
        assert_matches(odds, found)
        assert odds.hands == 1 / found.end
    given = hookey_odds(6, "packets", Card.parse("JC"))
    assert_matches(given, tally(2, "JC"))


def test_a_players_chances_as_the_rules_give_them() -> None:
    # 24 of the 51 other cards higher, 3 equal, 24 lower: he pays on 27, the dealer's
    # edge 3/51 a unit staked, for each player however many play
    for players in range(1, MOST_CUTTING + 1):
        odds = hookey_odds(players)
        assert (odds.win, odds.tie, odds.lower) == (
            Fraction(24, 51),
            Fraction(3, 51),
            Fraction(24, 51),
        )
        assert odds.edge == Fraction(3, 51) == Fraction(1, 17)


def test_figures_worked_by_hand() -> None:
    # one player: the dealer's card lower than his, 24/51; 51/24 hands a deal
    one = hookey_odds(1)
    assert (one.end, one.hands) == (Fraction(24, 51), Fraction(51, 24))
    # two: sum over the dealer's rank of C(4k, 2) = 8k^2 - 2k, k = 0..12 higher ranks:
    # 8 * 650 - 2 * 78 = 5044 pairs of the C(51, 2) = 1275, over 13 ranks
    two = hookey_odds(2)
    assert two.end == Fraction(5044, 13 * 1275) == Fraction(388, 1275)
    assert two.hands == Fraction(1275, 388)
    # the dealer's queen: only the four kings beat it
    queen = hookey_odds(4, dealer_card=Card.parse("QS"))
    assert (queen.win, queen.tie, queen.lower) == (
        Fraction(4, 51),
        Fraction(3, 51),
        Fraction(44, 51),
    )
    assert queen.edge == Fraction(47 - 4, 51)
    assert queen.end == Fraction(1, comb(51, 4)) == Fraction(1, 249900)
    # the dealer's king: nothing beats it, he wins every stake, the deal goes on
    king = hookey_odds(1, dealer_card=Card.parse("KH"))
    assert (king.win, king.edge, king.end) == (0, 1, 0)
    assert king.hands == 1 + Fraction(51, 24)
    # the dealer's ace: 48 cards beat it, 3 tie
    ace = hookey_odds(1, dealer_card=Card.parse("A♦"))
    assert (ace.win, ace.tie, ace.lower, ace.edge) == (
        Fraction(48, 51),
        Fraction(3, 51),
        0,
        Fraction(3 - 48, 51),
    )
    assert ace.hands == 1 + Fraction(3, 51) * Fraction(51, 24)


@pytest.mark.parametrize("players", range(1, MOST_CUTTING + 1))
def test_the_deal_ends_when_the_dealers_card_is_the_lone_lowest(players: int) -> None:
    # counted over sets of players + 1 cards: the lowest rank held by one card only,
    # which is the dealer's in one ordering of the players + 1 cards' places
    lone_lowest = sum(4 * comb(4 * (13 - low), players) for low in range(1, 14))
    assert hookey_odds(players).end == Fraction(lone_lowest, comb(52, players + 1) * (players + 1))


def test_more_players_end_the_deal_less_often() -> None:
    ends = [hookey_odds(players).end for players in range(1, MOST_CUTTING + 1)]
    assert ends == sorted(ends, reverse=True)
    assert len(set(ends)) == len(ends)


def test_the_json_gives_each_figure_as_a_decimal_and_a_fraction() -> None:
    data = hookey_odds(2, dealer_card=Card.parse("7H")).to_json()
    assert data == {
        "method": "cut",
        "players": 2,
        "staked": 2,
        "dealer_card": "7H",
        "win": 8 / 17,
        "tie": 1 / 17,
        "lower": 8 / 17,
        "edge": 1 / 17,
        # C(24, 2) of C(51, 2); then 1 + (1 - 92/425) * 1275/388
        "end": 276 / 1275,
        "hands": 1387 / 388,
        "exact": {
            "win": "8/17",
            "tie": "1/17",
            "lower": "8/17",
            "edge": "1/17",
            "end": "92/425",
            "hands": "1387/388",
        },
    }
    exact = data["exact"]
    assert isinstance(exact, dict)
    assert list(exact) == list(FIGURES)


def test_figures_by_name() -> None:
    odds = hookey_odds(3)
    assert [odds[name] for name in FIGURES] == [
        odds.win,
        odds.tie,
        odds.lower,
        odds.edge,
        odds.end,
        odds.hands,
    ]
    with pytest.raises(HookeyError, match="figure 'odds': expected one of win, tie"):
        odds["odds"]


@pytest.mark.parametrize(
    ("players", "method", "message"),
    [
        (0, "cut", "0 players: expected 1 or more"),
        (-2, "packets", "-2 players: expected 1 or more"),
        (13, "cut", "13 players cutting: expected 12 at most, each cutting 4 cards or more"),
        (2, "shuffle", "method 'shuffle': expected cut or packets"),
    ],
)
def test_deals_that_cannot_be(players: int, method: str, message: str) -> None:
    with pytest.raises(HookeyError, match=message):
        hookey_odds(players, method)


def test_the_method_in_any_case() -> None:
    assert hookey_odds(13, "PACKETS").method == "packets"
    assert hookey_odds(MOST_CUTTING, "Cut").staked == 12
