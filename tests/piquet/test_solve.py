"""The play of piquet solved double dummy: the kernel against the plain minimax on random
positions in every rule set, its bounds, hand-worked positions and deals, the best line
re-scored by ``piquet play``'s scorer, and bad input.

Seats: 0 is the elder, 1 the younger. Values are from the elder's side: his play points
from the position to the end minus the younger's.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cribcount.cards import PIQUET, PIQUET_RANKS, SUITS, Card, parse_cards
from cribcount.errors import CribcountError, HandError, PlayError
from cribcount.piquet import solve_kernel
from cribcount.piquet.declare import read_hand
from cribcount.piquet.play import score_play
from cribcount.piquet.solve import (
    KernelSearch,
    Position,
    Side,
    Solution,
    deal,
    legal,
    play,
    reference_line,
    reference_sure_tricks,
    reference_value,
    solve,
)

PACK = tuple(Card(rank, suit) for rank in PIQUET_RANKS for suit in SUITS)
RULES = ("classic", "english", "rubicon")
ELDER = "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"
YOUNGER = "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9"


def cards(text: str) -> frozenset[Card]:
    return frozenset(parse_cards(text, PIQUET))


def position(elder: str, younger: str, leader: int = 0, won: tuple[int, int] = (0, 0)) -> Position:
    return Position((cards(elder), cards(younger)), leader, won)


def random_deal(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    shuffled = list(PACK)
    rng.shuffle(shuffled)
    return tuple(shuffled[:12]), tuple(shuffled[12:24])


def random_position(rng: random.Random, left: int, mid_trick: bool = False) -> Position:
    """A random deal played at random (legal cards) until ``left`` tricks are to come; with
    ``mid_trick``, one card more, led to the next."""
    at = deal(*random_deal(rng))
    while len(at.hands[0]) + len(at.hands[1]) > 2 * left - mid_trick:
        at = play(at, rng.choice(legal(at))).after
    return at


# -- the kernel against the plain solver ------------------------------------------------

SAMPLES = [(seed, left, seed % 3 == 0) for seed, left in enumerate([1, 2, 3, 4, 5, 6] * 8)]


@pytest.mark.parametrize(("seed", "left", "mid_trick"), SAMPLES)
def test_kernel_against_the_plain_solver(seed: int, left: int, mid_trick: bool) -> None:
    at = random_position(random.Random(seed), left, mid_trick)
    tricks = reference_sure_tricks(at)
    for rules in RULES:
        search = KernelSearch(rules)
        expected = reference_value(at, rules)
        assert search.value(at) == expected
        assert search.sure_tricks(at) == tricks
        # the same first best card at each turn, so the same line
        plain = [move.card for move in reference_line(at, rules)]
        assert [move.card for move in search.line(at, expected)] == plain


@pytest.mark.parametrize("seed", range(3))
def test_kernel_against_the_plain_solver_seven_tricks_from_the_end(seed: int) -> None:
    at = random_position(random.Random(100 + seed), 7)
    for rules in ("classic", "rubicon"):
        assert KernelSearch(rules).value(at) == reference_value(at, rules)
    assert KernelSearch().sure_tricks(at) == reference_sure_tricks(at)
    reference_value.cache_clear()
    reference_sure_tricks.cache_clear()


def test_every_card_is_worth_its_plain_value() -> None:
    """After each legal card in turn, the kernel and the plain solver agree: cards the
    kernel tries once for a set of equivalent ones included."""
    rng = random.Random(7)
    for _ in range(20):
        at = random_position(rng, rng.randint(2, 5), mid_trick=rng.random() < 0.5)
        for rules in RULES:
            search = KernelSearch(rules)
            for card in legal(at):
                after = play(at, card, rules).after
                assert search.value(after) == reference_value(after, rules)


@pytest.mark.parametrize("seed", range(6))
def test_search_windows_give_bounds(seed: int) -> None:
    """A search in a window is exact inside it, and a bound on the side it fails; the table
    shared by every search keeps those bounds right."""
    rng = random.Random(seed)
    at = random_position(rng, 5, mid_trick=seed % 2 == 1)
    for rules in ("classic", "rubicon"):
        exact = reference_value(at, rules)
        search = KernelSearch(rules)
        for _ in range(30):
            low = rng.randint(-60, 60)
            high = low + rng.randint(1, 30)
            found = search.search(at, solve_kernel.OBJECTIVE_POINTS, low, high)
            if found <= low:
                assert exact <= found
            elif found >= high:
                assert exact >= found
            else:
                assert found == exact


def test_kernel_leaves_the_table_usable_for_other_objectives() -> None:
    rng = random.Random(11)
    at = random_position(rng, 6)
    search = KernelSearch("classic")
    for _ in range(2):
        assert search.sure_tricks(at) == reference_sure_tricks(at)
        assert search.value(at) == reference_value(at, "classic")


def test_bounds_hold_the_value() -> None:
    """Between tricks, the bounds that spare a search hold the value, and give it exactly
    when they meet."""
    rng = random.Random(5)
    met = 0
    for _ in range(150):
        at = random_position(rng, rng.randint(1, 5))
        elder, younger = (PIQUET.mask(hand) for hand in at.hands)
        for rules in ("classic", "rubicon"):
            for objective, exact in (
                (solve_kernel.OBJECTIVE_POINTS, reference_value(at, rules)),
                (solve_kernel.OBJECTIVE_TRICKS, reference_sure_tricks(at)),
            ):
                low, high = solve_kernel.bounds(
                    elder, younger, at.leader, at.won[0], rules == "rubicon", objective
                )
                assert low <= exact <= high
                met += low == high
    assert met > 0


def test_top_cards_are_above_the_others_cards_of_their_suit() -> None:
    elder = PIQUET.mask(cards("AS QS 9S KH 7H 10D"))
    younger = PIQUET.mask(cards("KS JS AH 8D 7D 7C"))
    assert solve_kernel.top_cards(elder, younger) == PIQUET.mask(cards("AS 10D"))
    assert solve_kernel.top_cards(younger, elder) == PIQUET.mask(cards("AH 7C"))


def test_representatives_keep_one_card_of_each_equivalent_set() -> None:
    # spades: the elder A K Q (ids 28 24 20), the younger J (16), the elder 10 9 (12 8)
    own = (1 << 28) | (1 << 24) | (1 << 20) | (1 << 12) | (1 << 8)
    other = 1 << 16
    # A K Q are alike; 10 and 9 meet the same cards, but only the 10 scores (classic)
    assert solve_kernel.representatives(own, other, True) == (1 << 28) | (1 << 12) | (1 << 8)
    assert solve_kernel.representatives(own, other, False) == (1 << 28) | (1 << 12)
    # without the younger's jack between them, all five are alike but for the count:
    # A K Q 10 score, the 9 does not
    assert solve_kernel.representatives(own, 0, False) == 1 << 28
    assert solve_kernel.representatives(own, 0, True) == (1 << 28) | (1 << 8)


# -- positions worked by hand -----------------------------------------------------------


def test_an_endgame_that_forces_capot() -> None:
    """The elder has won nine tricks and leads with A K 7 of diamonds against Q J of
    diamonds and the 8 of hearts. Drawing the diamonds first, the 7 wins the last trick:
    capot. He scores the ace and king led (2; under rubicon the 7 too, 3) and 40."""
    at = position("AD KD 7D", "QD JD 8H", 0, (9, 0))
    assert reference_value(at, "classic") == 42
    assert reference_value(at, "rubicon") == 43
    assert KernelSearch("classic").value(at) == 42
    assert KernelSearch("rubicon").value(at) == 43
    assert reference_sure_tricks(at) == 3
    assert KernelSearch().sure_tricks(at) == 3
    # Leading the 7 first loses the capot: the younger wins it with the jack (1), leads
    # the 8 of hearts and wins it (the elder holds no heart), then leads the queen (1),
    # which the elder wins (1) with the last trick (1): ten tricks, the cards (10) to the
    # elder: 12 to 2.
    seven = play(at, Card.parse("7D"), "classic").after
    assert reference_value(seven, "classic") == 10
    assert KernelSearch("classic").value(seven) == 10


@pytest.mark.parametrize(
    ("elder", "younger", "leader", "won", "classic", "rubicon"),
    [
        # the elder's ten wins: lead 1, last trick 1 (2), seven tricks: the cards 10
        ("10H", "9H", 0, (6, 5), 12, 13),
        # the younger's jack wins: the elder's lead 1 against the win 1 and last trick 1
        # (rubicon 2); six tricks each, nobody scores the cards
        ("10H", "JH", 0, (6, 5), -1, -2),
        # a nine led scores only at rubicon; the younger cannot follow; six each
        ("9H", "8S", 0, (5, 6), 1, 3),
        # the younger leads his ace to the twelfth trick: capot, 40, no last trick
        ("7H", "AH", 1, (0, 11), -41, -41),
    ],
)
def test_last_tricks_worked_by_hand(
    elder: str, younger: str, leader: int, won: tuple[int, int], classic: int, rubicon: int
) -> None:
    at = position(elder, younger, leader, won)
    for rules, expected in (("classic", classic), ("english", classic), ("rubicon", rubicon)):
        assert reference_value(at, rules) == expected
        assert KernelSearch(rules).value(at) == expected


def test_the_seeds_capot_hand() -> None:
    """The elder leads all twelve cards, eleven of them a ten or better (not the 7 of
    diamonds): 11, and capot 40: 51. His hearts, clubs and spade are the best of their
    suits; he draws the younger's three diamonds with A K Q, after which the 7 wins. The
    younger wins nothing and, never leading, scores nothing: the value is 51. At rubicon
    the 7 led counts too: 52."""
    elder, younger = read_hand(ELDER), read_hand(YOUNGER)
    solution = solve(elder, younger)
    assert solution.value == 51
    assert solution.sides == (Side(51, 12), Side(0, 0))
    assert solution.sure_tricks == 12
    assert solution.cards_forced == 0
    assert solution.capot_forced == 0
    assert [(item.kind, item.seat, item.points) for item in solution.extras] == [("capot", 0, 40)]
    assert all(trick.winner == 0 and trick.leader == 0 for trick in solution.tricks)
    led = [trick.cards[0] for trick in solution.tricks]
    assert led.index(Card.parse("7D")) > max(led.index(Card.parse(c)) for c in ("AD", "KD", "QD"))
    rubicon = solve(elder, younger, "rubicon")
    assert rubicon.value == 52
    assert rubicon.sides == (Side(52, 12), Side(0, 0))


def test_a_capot_lost_by_leading_the_seven_early() -> None:
    """The seed's capot hand with the 7 of diamonds led to the second trick, given: the
    elder leads the ace of diamonds (1) and wins it; he leads the 7 (0) and the younger
    wins it with the 9 (a nine: no point). The younger leads to trick 3: he holds clubs,
    diamonds and spades, and so does the elder, whose every card is now the best of its
    suit; whatever is led, the elder wins it with a ten or better (1), and the younger
    scores 1 for leading one of his tens or better rather than a nine. The elder then
    leads his nine cards left, all tens or better (9), each the best of its suit, and wins
    them all with the last trick (1): eleven tricks, the cards (10). Elder 1 + 1 + 9 + 1 +
    10 = 22, younger 1: the value is 21."""
    elder, younger = read_hand(ELDER), read_hand(YOUNGER)
    solution = solve(elder, younger, played=parse_cards("AD JD 7D 9D", PIQUET))
    assert solution.value == 21
    assert solution.sides == (Side(22, 11), Side(1, 1))
    assert solution.sure_tricks == 11
    assert (solution.cards_forced, solution.capot_forced) == (0, None)
    assert [trick.given for trick in solution.tricks[:3]] == [2, 2, 0]
    assert [(item.kind, item.seat, item.points) for item in solution.extras] == [
        ("last trick", 0, 1),
        ("cards", 0, 10),
    ]


def test_forcing_follows_the_tricks_each_side_can_make() -> None:
    solution = solve(read_hand(ELDER), read_hand(YOUNGER))
    cases = {12: (0, 0), 11: (0, None), 7: (0, None), 6: (None, None), 5: (1, None), 0: (1, 1)}
    for sure, (cards_seat, capot_seat) in cases.items():
        changed = replace(solution, sure_tricks=sure)
        assert (changed.cards_forced, changed.capot_forced) == (cards_seat, capot_seat)


# -- the best line re-scored by piquet play -------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_the_best_line_rescored_by_the_play_scorer(seed: int) -> None:
    """The whole deal, the cards given and the best line, scored by ``score_play``: its
    play points and tricks are the solution's, and its value their difference."""
    rng = random.Random(seed)
    hands = random_deal(rng)
    rules = RULES[seed % 3]
    at = deal(*hands)
    given: list[Card] = []
    for _ in range(rng.choice([0, 0, 3, 8, 13])):
        card = rng.choice(legal(at))
        given.append(card)
        at = play(at, card, rules).after
    solution = solve(*hands, rules, given)
    scored = score_play(hands, (*solution.played, *solution.line), rules)
    assert scored.complete
    assert scored.play_points == tuple(side.points for side in solution.sides)
    assert scored.tricks_won == tuple(side.tricks for side in solution.sides)
    assert solution.value == scored.play_points[0] - scored.play_points[1]
    for trick, theirs in zip(solution.tricks, scored.tricks, strict=True):
        assert (trick.leader, trick.cards, trick.winner) == (
            theirs.leader,
            theirs.cards,
            theirs.winner,
        )
    # the value from the position on, added to what the cards given scored
    before = score_play(hands, given, rules).play_points
    assert solution.value == before[0] - before[1] + KernelSearch(rules).value(at)


def test_a_play_given_to_the_end_is_scored_as_played() -> None:
    elder, younger = read_hand(ELDER), read_hand(YOUNGER)
    line = solve(elder, younger).line
    solution = solve(elder, younger, played=line)
    assert solution.line == ()
    assert solution.value == 51
    assert all(trick.given == 2 for trick in solution.tricks)


def test_json() -> None:
    data = solve(read_hand(ELDER), read_hand(YOUNGER)).to_json()
    assert data["value"] == 51
    assert data["play_points"] == {"elder": 51, "younger": 0}
    assert data["tricks_won"] == {"elder": 12, "younger": 0}
    assert data["cards_forced"] == {"elder": True, "younger": False}
    assert data["capot_forced"] == {"elder": True, "younger": False}
    assert data["sure_tricks"] == {"elder": 12, "younger": 0}
    assert data["end"] == [{"kind": "capot", "role": "elder", "points": 40}]
    line, tricks = data["line"], data["tricks"]
    assert isinstance(line, list) and len(line) == 24
    assert isinstance(tricks, list) and len(tricks) == 12


# -- bad input ----------------------------------------------------------------------------

DEAL = ("AH KH QH JH AC KC QC AD KD QD 7D AS", "JC 10C 9C 8C JD 10D 9D KS QS JS 10S 9S")


@pytest.mark.parametrize(
    ("elder", "younger", "rules", "played", "error", "message"),
    [
        (
            DEAL[0],
            "JC 10C 9C",
            "classic",
            "",
            HandError,
            "the younger's hand 'JC 10C 9C' has 3 cards: a hand of Piquet au cent holds 12",
        ),
        (
            DEAL[0],
            "AH 10C 9C 8C JD 10D 9D KS QS JS 10S 9S",
            "classic",
            "",
            HandError,
            "card 'AH' is in both the elder's and the younger's hand: each card is dealt once",
        ),
        (DEAL[0], DEAL[1], "imperial", "", HandError, "unknown rules 'imperial'"),
        (
            DEAL[0],
            DEAL[1],
            "classic",
            "KS",
            PlayError,
            "trick 1: the elder plays KS but does not hold it (the younger does)",
        ),
        (DEAL[0], DEAL[1], "classic", "AH 9S AH", PlayError, "trick 2: AH was played in trick 1"),
        (
            DEAL[0],
            DEAL[1],
            "classic",
            "AD 9S",
            PlayError,
            "trick 1: the younger must follow diamonds with JD 10D 9D, not 9S",
        ),
        (DEAL[0], DEAL[1], "classic", "AH 9S " * 12 + "AS", PlayError, "25 cards played"),
    ],
)
def test_errors(
    elder: str,
    younger: str,
    rules: str,
    played: str,
    error: type[CribcountError],
    message: str,
) -> None:
    with pytest.raises(error, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        solve(
            parse_cards(elder, PIQUET),
            parse_cards(younger, PIQUET),
            rules,
            [Card.parse(token, PIQUET) for token in played.split()],
        )


def test_solution_is_plain_data() -> None:
    solution = solve(read_hand(ELDER), read_hand(YOUNGER))
    assert isinstance(solution, Solution)
    assert solution.played == ()
    assert len(solution.line) == 24


def test_json_names_what_each_side_can_force_apart_from_the_cards() -> None:
    # `cards` is a list of cards wherever it is a key: what a side can force is named so
    data = solve(read_hand(ELDER), read_hand(YOUNGER), "rubicon").to_json()
    assert "cards" not in data and "capot" not in data
    assert data["cards_forced"] == data["capot_forced"] == {"elder": True, "younger": False}
    assert (data["game"], data["title"]) == ("rubicon", "Rubicon Piquet")
    assert all(isinstance(trick["cards"], list) for trick in data["tricks"])
