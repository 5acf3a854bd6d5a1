"""The lay-out advisor against a slow enumeration built on the readable scorer."""

from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb

import pytest

from cribcount.cards import Card, parse_cards
from cribcount.cribbage.discard import analyse_discard
from cribcount.cribbage.games import GAMES
from cribcount.cribbage.score import score_hand
from cribcount.errors import CribcountError, HandError, NotationError

DECK = [Card.from_id(i) for i in range(52)]
SEED_HAND = "6C 7S 8S 8H 9S 10C"


@cache
def crib_show(key: tuple[tuple[int, int], ...]) -> int:
    """The crib's show for cards written (rank index, suit label), the starter first."""
    starter, *crib = (Card.from_id(4 * rank + label) for rank, label in key)
    return score_hand(crib, starter, crib=True).total


def canonical(crib: tuple[int, ...], starter: int) -> tuple[tuple[int, int], ...]:
    """The card ids as (rank index, suit) with suits renamed in order of appearance.

    Renaming the suits changes no show, so cribs with the same key score alike.
    """
    labels: dict[int, int] = {}
    return tuple((card >> 2, labels.setdefault(card & 3, len(labels))) for card in (starter, *crib))


def brute_force(
    dealt: list[Card], discard: tuple[Card, ...], hand_only: bool = False
) -> tuple[Fraction, Fraction]:
    """Expected hand and crib by the definitions: every starter, every filling and starter."""
    unseen = [card for card in DECK if card not in dealt]
    keep = [card for card in dealt if card not in discard]
    hand = Fraction(sum(score_hand(keep, starter).total for starter in unseen), len(unseen))
    if hand_only:
        return hand, Fraction(0)
    pool = [card.id for card in unseen]
    laid_out = tuple(card.id for card in discard)
    total = cases = 0
    for filling in combinations(pool, 4 - len(discard)):
        crib = laid_out + filling
        for starter in pool:
            if starter not in filling:
                total += crib_show(canonical(crib, starter))
                cases += 1
    return hand, Fraction(total, cases)


# (game, dealt, lay-outs whose crib is enumerated in full; the hand is checked for every one)
CASES = [
    ("six", SEED_HAND, ["6C 10C", "9S 10C"]),
    ("six", "5H 5S JH JD QH KH", ["JH KH", "5H 5S"]),
    ("six", "AD 2D 4D 7D 9D KD", ["AD KD"]),
    ("five", "AH 3H 7H 9H KH", ["9H KH"]),
    ("five", "2C 5D 5C JC QS", ["5D JC", "2C QS"]),
    ("seven", "4S 5S 6S JS 2D 3D 9C", ["2D 9C", "JS 6S"]),
    ("seven", "AC 2C 3C 4C 5C 6C 7C", ["6C 7C"]),
    ("three", "JS 5H 5D 10C KS", ["JS"]),
    ("three", "AH 2H 3H 4H 8C", []),
    ("four", "AS 2H 3D 4C JC", ["JC"]),
    ("four", "7H 8H 7D 8D QS", []),
]


@pytest.mark.parametrize(("game", "dealt", "full"), CASES)
def test_expectations_equal_brute_force(game: str, dealt: str, full: list[str]) -> None:
    cards = parse_cards(dealt)
    analysis = analyse_discard(cards, game)
    assert len(analysis.options) == comb(GAMES[game].dealt, GAMES[game].kept)
    for option in analysis.options:
        laid_out = " ".join(str(card) for card in option.discard)
        in_full = any(set(parse_cards(text)) == set(option.discard) for text in full)
        hand, crib = brute_force(cards, option.discard, hand_only=not in_full)
        assert option.exact_hand == hand, laid_out
        assert option.expected_hand == pytest.approx(float(hand), abs=1e-9)
        if in_full:
            assert option.exact_crib == crib, laid_out
            assert option.expected_crib == pytest.approx(float(crib), abs=1e-9)
            for dealer in (True, False):
                net = hand + crib if dealer else hand - crib
                assert option.net(dealer) == pytest.approx(float(net), abs=1e-9)


def test_the_seeds_laying_out_example_for_the_non_dealer() -> None:
    analysis = analyse_discard(SEED_HAND, dealer=False)
    first, second = analysis.options[:2]
    assert [str(card) for card in first.discard] == ["6C", "10C"]
    assert [str(card) for card in second.discard] == ["9S", "10C"]
    # 10-9 keeps the better hand, yet 10-6 gives the opponent the worse crib
    assert second.exact_hand > first.exact_hand
    assert first.exact_net(False) > second.exact_net(False)
    assert analysis.best(False) == (first,)


def test_the_seeds_laying_out_example_for_the_dealer() -> None:
    analysis = analyse_discard(SEED_HAND, dealer=True)
    assert [str(card) for card in analysis.options[0].discard] == ["9S", "10C"]
    assert analysis.best(True) == (analysis.options[0],)


def test_the_seeds_hands_are_worth_twelve_before_the_starter() -> None:
    # the text: either 10-9 or 10-6 leaves a double run of three, a pair and two fifteens, 12
    analysis = analyse_discard(SEED_HAND)
    for laid_out in ("9S 10C", "6C 10C"):
        option = analysis.find(parse_cards(laid_out))
        assert option.hand_min == 12


def test_equal_lay_outs_share_their_place() -> None:
    analysis = analyse_discard(SEED_HAND, dealer=False)
    places = dict(zip(analysis.options, analysis.places(), strict=True))
    eight_spade = analysis.find(parse_cards("8S 10C"))
    eight_heart = analysis.find(parse_cards("8H 10C"))
    # the two eights are alike: neither can make a flush with the ten of clubs
    assert places[eight_spade] == places[eight_heart] == (3, True)
    assert places[analysis.options[0]] == (1, False)


def test_hand_expectation_worked_by_hand() -> None:
    # five-card, keep 5H 5S 5C: every starter adds fifteens and pairs; 47 starters.
    # a ten-card (16 unseen): three fifteens 5+10 and 5+5+5 8, pair royal 6: 14
    # the fourth five (1): four fifteens 5+5+5 8, double pair royal 12: 20
    # any other card (47 - 17 = 30): 5+5+5 2, pair royal 6: 8
    option = analyse_discard("5H 5S 5C 2D 9C", "five").find(parse_cards("2D 9C"))
    assert option.exact_hand == Fraction(16 * 14 + 20 + 30 * 8, 47)
    assert option.hand_counts[14] == 16
    assert option.hand_counts[20] == 1
    assert (option.hand_min, option.hand_max) == (8, 20)


def test_cases_are_counted_as_defined() -> None:
    six = analyse_discard(SEED_HAND).options[0]
    assert (six.starters, six.fillings) == (46, 1035 * 44)  # C(46, 2) fillings, 44 starters
    four = analyse_discard("JS 2H 4D 6C 8H", "four").options[0]
    assert (four.starters, four.fillings) == (47, 16215 * 44)  # C(47, 3) fillings
    seven = analyse_discard("JS 2H 4D 6C 8H 9S KD", "seven").options[0]
    assert (seven.starters, seven.fillings) == (45, 990 * 43)  # C(45, 2) fillings


@pytest.mark.parametrize(
    ("dealt", "game", "error", "message"),
    [
        (
            "6C 7S 8S 8H 9S",
            "six",
            HandError,
            "5 cards in '6C 7S 8S 8H 9S': six-card cribbage deals 6",
        ),
        ("6C 7S 8S 8H 9S", "seven", HandError, "seven-card cribbage deals 7"),
        ("6C 7S 8S 8H 9S 10C", "three", HandError, "three-handed cribbage deals 5"),
        ("6C 7S 8S 8H 9S 10C", "nine", HandError, "unknown game 'nine'"),
        ("6C 7S 8S 8H 9S 6C", "six", HandError, "duplicate card '6C'"),
        ("6C 7S 8S 8H 9S 1C", "six", NotationError, "invalid card '1C'"),
    ],
)
def test_bad_input(dealt: str, game: str, error: type[CribcountError], message: str) -> None:
    with pytest.raises(error, match=message):
        analyse_discard(dealt, game)


def test_unknown_lay_out() -> None:
    with pytest.raises(HandError, match="no lay-out 'KD'"):
        analyse_discard(SEED_HAND).find([Card.parse("KD")])
