"""Play advice: the numba kernel against the readable solver, positions worked by hand,
``advise_play``'s holdings and nets against a brute force over card sets, its errors, the
book's advice on the play weighed by the solver, and ``peg --advise`` through the CLI.

Seats: 0 is the pone (he leads), 1 the dealer. Values are from the side of the seat to
move: what it pegs to the end of the play less what the other pegs.
"""

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import combinations, product
from math import comb

import numpy as np
import pytest
from support import invoke

from cribcount.cards import Card, format_cards, parse_cards
from cribcount.cribbage import play_advice_kernel
from cribcount.cribbage.peg import scores_of
from cribcount.cribbage.play_advice import (
    LineMove,
    PlayAdvice,
    Position,
    advise_play,
    gain,
    kernel_sums,
    line,
    line_points,
    moves,
    play,
    rank_holdings,
    split_advice,
    value,
)
from cribcount.errors import CribcountError, HandError, NotationError, PlayError

PACK = [Card.from_id(card_id) for card_id in range(52)]
LEAD = "4S 5H 6D 10C / JD"


# -- helpers ---------------------------------------------------------------------------


def kernel_value(
    position: Position, only: int = play_advice_kernel.NO_CARD, work: object = None
) -> int:
    """``play_advice_kernel.value`` of ``position`` (of playing ``only``, when given)."""
    return kernel_search(position, only, work)[0]


def kernel_search(
    position: Position, only: int = play_advice_kernel.NO_CARD, work: object = None
) -> tuple[int, int]:
    """``play_advice_kernel.value`` of ``position`` (of playing ``only``, when given) and the points
    pegged along its best line, checking that the search gives the hands back as it found
    them."""
    hands = np.zeros((2, 14), np.int64)
    for seat in (0, 1):
        for rank in position.hands[seat]:
            hands[seat, rank] += 1
    before = hands.copy()
    run = np.zeros(16, np.int64)
    run[: len(position.run)] = position.run
    if work is None:
        work = np.zeros((play_advice_kernel.DEPTH, play_advice_kernel.WORK), np.int64)
    found, points = play_advice_kernel.value(
        hands,
        position.count,
        run,
        len(position.run),
        position.turn,
        -1 if position.last is None else position.last,
        position.one_count,
        only,
        work,
    )
    assert (hands == before).all()
    return int(found), int(points)


def reference_options(position: Position) -> dict[int | None, int]:
    """Each move's worth to the seat to move, by the readable solver (None: go)."""
    return {move.rank: gain(position, move) for move in moves(position)}


def unseen_after(text: str) -> list[Card]:
    """The cards of the pack not in ``text`` (a slash before the starter is ignored)."""
    seen = set(parse_cards(text.replace("/", " ")))
    return [card for card in PACK if card not in seen]


def reference_nets(
    position: Position, unseen: Sequence[Card], size: int, least: int = 1
) -> tuple[dict[int, Fraction], int, int]:
    """Brute force over card sets, independent of ``rank_holdings`` and the kernel: every set
    of ``size`` cards from ``unseen`` worth ``least`` or more is one equally likely holding
    of the other seat; each fitting rank's net is the mean of the readable solver's gain.
    Also the number of rank multisets and of card sets."""
    found, _, holdings, card_sets = reference_means(position, unseen, size, least)
    return found, holdings, card_sets


def reference_means(
    position: Position, unseen: Sequence[Card], size: int, least: int = 1
) -> tuple[dict[int, Fraction], dict[int, tuple[Fraction, Fraction]], int, int]:
    """:func:`reference_nets`, with each rank's mean points for the seat to move and for
    the other along the readable solver's best line after it."""
    seat = position.turn
    fitting = [card for card in unseen if card.value >= least]
    sets = Counter(
        tuple(sorted(card.rank for card in cards)) for cards in combinations(fitting, size)
    )
    sums: Counter[int] = Counter()
    line_sums: Counter[int] = Counter()
    for holding, weight in sets.items():
        hands = (position.hands[0], holding) if seat == 0 else (holding, position.hands[1])
        at = replace(position, hands=hands)
        for rank in at.fitting(seat):
            move = play(at, rank)
            sums[rank] += weight * gain(at, move)
            after = 0 if move.after is None else line_points(move.after)
            line_sums[rank] += weight * (move.points + after)
        value.cache_clear()  # one holding's tree is no use to the next: keep memory flat
    total = sum(sets.values())
    nets = {rank: Fraction(sums[rank], total) for rank in sums}
    shares = {
        rank: (
            Fraction(line_sums[rank] + sums[rank], 2 * total),
            Fraction(line_sums[rank] - sums[rank], 2 * total),
        )
        for rank in sums
    }
    return nets, shares, len(sets), total


def pegged(advice: PlayAdvice) -> int:
    """What the pone pegs along the advice's best line, less what the dealer pegs."""
    return sum(move.points if move.scorer == "pone" else -move.points for move in advice.line)


def nets(advice: PlayAdvice) -> dict[str, Fraction]:
    return {str(option.card): option.net for option in advice.options}


def by_rank(advice: PlayAdvice) -> dict[int, Fraction]:
    return {option.card.rank: option.net for option in advice.options}


def order(advice: PlayAdvice) -> list[str]:
    return [str(option.card) for option in advice.options]


# -- 1. the kernel against the readable solver -----------------------------------------


def test_play_points_against_scores_of() -> None:
    """Every sequence of up to three ranks at 15, 31 and another count, and random longer
    ones (runs among junk, pairs): the kernel's points equal the readable scorer's."""
    rng = random.Random(7)
    sequences: list[list[int]] = [
        list(ranks) for length in (1, 2, 3) for ranks in product(range(1, 14), repeat=length)
    ]
    for _ in range(4000):
        length = rng.randrange(3, 13)
        if rng.random() < 0.5:
            # a run in any order after some junk, sometimes with a duplicate inside
            low = rng.randrange(1, 10)
            tail = list(range(low, low + rng.randrange(3, min(8, 14 - low) + 1)))
            rng.shuffle(tail)
            if rng.random() < 0.3:
                tail.insert(rng.randrange(len(tail)), rng.choice(tail))
            head = [rng.randrange(1, 14) for _ in range(rng.randrange(4))]
            sequences.append(head + tail)
        else:
            sequences.append([rng.choice((3, 4, 5, 5, 6)) for _ in range(length)])
    scored = 0
    for ranks in sequences:
        run = np.zeros(16, np.int64)
        run[: len(ranks)] = ranks
        for count in (15, 31, 22):
            expected = sum(item.points for item in scores_of(ranks, count))
            assert play_advice_kernel.play_points(run, len(ranks), count) == expected, (
                ranks,
                count,
            )
            scored += expected > 2
    assert scored > 1000  # the sequences do score pairs and runs, not only the count


def random_positions(
    seed: int, kept: int, one_count: bool, number: int
) -> list[tuple[Position, set[str]]]:
    """Positions reached by random legal play from a random deal (ranks from a real pack):
    leads, counts part way, positions after a go, new counts; each tagged with what it is."""
    rng = random.Random(seed)
    pack = [rank for rank in range(1, 14) for _ in range(4)]
    found: list[tuple[Position, set[str]]] = []
    while len(found) < number:
        cards = rng.sample(pack, 2 * kept)
        position = Position(
            (tuple(sorted(cards[:kept])), tuple(sorted(cards[kept:]))), one_count=one_count
        )
        tags = {"deal"}
        for _ in range(rng.randrange(2 * kept + 2)):
            move = rng.choice(moves(position))
            if move.after is None:
                break
            if move.rank is None:
                tags.add("go said" if move.points == 0 else "count ended by a go")
            if move.rank is not None and move.after.count == 0:
                tags.add("after 31")
            position = move.after
            tags.discard("deal")
        if position.count:
            tags.add("mid-count")
        if not position.fitting(position.turn):
            tags.add("must go")
        found.append((position, tags))
    return found


@pytest.mark.parametrize(
    ("game", "kept", "one_count", "number"),
    [("five", 3, True, 600), ("six", 4, False, 600), ("seven", 5, False, 250)],
)
def test_kernel_value_against_the_readable_solver(
    game: str, kept: int, one_count: bool, number: int
) -> None:
    """The kernel's value of each position, and of each card that fits, equals the readable
    solver's exactly; the search's room, reused dirty from call to call, changes nothing."""
    positions = random_positions(len(game) * 1000 + kept, kept, one_count, number)
    tags = Counter(tag for _, found in positions for tag in found)
    # the sample covers every kind of position, not only leads
    for tag in ("deal", "mid-count", "go said", "must go"):
        assert tags[tag] >= 10, (tag, tags)
    if not one_count:  # in five-card these end the play: no position follows
        assert tags["count ended by a go"] >= 10, tags
        assert tags["after 31"] >= 5, tags
    dirty = np.full((play_advice_kernel.DEPTH, play_advice_kernel.WORK), 99, np.int64)
    for position, _ in positions:
        expected = (value(position), line_points(position))
        assert kernel_search(position) == expected, position
        assert kernel_search(position, work=dirty) == expected, position
        for move in moves(position):
            if move.rank is not None:
                after = 0 if move.after is None else line_points(move.after)
                worth = (gain(position, move), move.points + after)
                assert kernel_search(position, move.rank, dirty) == worth, (position, move.rank)
        value.cache_clear()


def test_advise_kernel_sums_the_values_of_every_holding() -> None:
    """``kernel_sums`` (the parallel kernel, in 32 chunks) is the weighted sum of the kernel's
    value per holding, for more holdings than chunks and for fewer."""
    mine = Position(((4, 5, 6, 10), ()))
    unseen = unseen_after(LEAD)
    for size, least in ((4, 1), (1, 7)):
        holdings, weights = rank_holdings(unseen, size, least)
        sums, line_sums, total = kernel_sums(mine, (4, 5, 6, 10), holdings, weights)
        assert total == sum(weights)
        for rank, summed, line_summed in zip((4, 5, 6, 10), sums, line_sums, strict=True):
            found = [
                (weight, kernel_search(replace(mine, hands=((4, 5, 6, 10), holding)), rank))
                for holding, weight in zip(holdings, weights, strict=True)
            ]
            assert summed == sum(weight * worth for weight, (worth, _) in found)
            assert line_summed == sum(weight * points for weight, (_, points) in found)


# -- 2. positions worked by hand -------------------------------------------------------


def both(position: Position) -> int:
    """The value, after checking that the kernel agrees with the readable solver."""
    found = value(position)
    assert kernel_value(position) == found
    return found


def test_last_card_after_a_go() -> None:
    """Count 25 (10, 8, 7), the pone out of cards, the dealer holding a king: the king does
    not fit, so the dealer says go and the pone (who played last) pegs 1 for it; the dealer
    leads the king to a new count and pegs 1 for the last card. 1 - 1 = 0."""
    position = Position(((), (13,)), 25, (10, 8, 7), turn=1, last=0)
    assert reference_options(position) == {None: 0}
    assert both(position) == 0
    first, second = (move for _, move in line(position))
    assert (first.rank, first.scorer, first.points) == (None, 0, 1)
    assert (second.rank, second.scorer, second.points) == (13, 1, 1)


def test_thirty_one() -> None:
    """Count 24, the dealer holding 7 and 2, the pone a 5.
    7: 31 for 2 (no go point); the pone leads the 5 to a new count, the dealer's 2 is the
    last card for 1: 2 + 1 = 3.
    2: count 26; the pone's 5 makes 31 for him (2); the dealer leads the 7, last card 1:
    1 - 2 = -1. The 7 is best, worth 3."""
    position = Position(((5,), (2, 7)), 24, (10, 4, 10), turn=1, last=0)
    assert reference_options(position) == {2: -1, 7: 3}
    assert both(position) == 3


def test_pair_royal_to_be_taken() -> None:
    """Count 12 on a pair of sixes; the pone holds 6 and K, the dealer a 10.
    6: pair royal, 6. The dealer's 10 makes 28; the pone's king cannot follow, the go (1)
    is the dealer's, and the pone leads the king for the last card (1): 6 - 1 + 1 = 6.
    K: count 22; the dealer's 10 would pass 31, so he says go and the pone plays on with
    the 6 (28, no pair: the king is between); the dealer still cannot play, the go is the
    pone's (1), and the dealer's 10 is the last card (1): 1 - 1 = 0."""
    position = Position(((6, 13), (10,)), 12, (6, 6), turn=0, last=1)
    assert reference_options(position) == {6: 6, 13: 0}
    assert both(position) == 6


def test_five_card_play_ends_at_the_go() -> None:
    """Count 23; the pone holds a king, the dealer a 9, neither fits: the pone says go, the
    dealer cannot play on, and the go is the dealer's, who played last. In five-card
    cribbage that ends the play (-1 for the pone); in six-card a new count follows, the
    pone's king and the dealer's 9, the last card to the dealer again (-2)."""
    five = Position(((13,), (9,)), 23, (10, 6, 7), turn=0, last=1, one_count=True)
    assert reference_options(five) == {None: -1}
    assert both(five) == -1
    assert both(replace(five, one_count=False)) == -2


def test_five_card_play_ends_at_thirty_one_after_a_go() -> None:
    """Count 23 on 10, 6, 7; the pone's king cannot play, the dealer plays on with 8 or 2.
    8: 31 (2) and a run of three, 6-7-8 (3): 5, and the play ends, the king unplayed.
    2: 25, then neither can play, the go to the dealer: 1. The dealer takes 5: -5.
    In six-card the king and the 2 are played after the 31, the last card to the dealer:
    -6."""
    five = Position(((13,), (2, 8)), 23, (10, 6, 7), turn=0, last=1, one_count=True)
    after_go = moves(five)[0].after
    assert after_go is not None and after_go.turn == 1
    assert reference_options(after_go) == {2: 1, 8: 5}
    assert both(five) == -5
    assert both(replace(five, one_count=False)) == -6


def test_a_player_says_go_and_the_other_plays_on() -> None:
    """Count 24 on 10, 9, 5; the pone holds a king, the dealer two threes. The pone says go;
    the dealer plays a 3 (27), the pone must say go again, the dealer pairs his own 3 (30,
    pair 2), and the go is his (1); the pone leads the king, the last card (1): 1 - 3 = -2."""
    position = Position(((13,), (3, 3)), 24, (10, 9, 5), turn=0, last=1)
    assert [move.rank for move in moves(position)] == [None]
    assert both(position) == -2
    pegged = [(move.seat, move.rank, move.scorer, move.points) for _, move in line(position)]
    assert pegged == [
        (0, None, 1, 0),
        (1, 3, 1, 0),
        (0, None, 1, 0),
        (1, 3, 1, 2),
        (0, None, 1, 1),
        (0, 13, 0, 1),
    ]


# -- 3. advise_play --------------------------------------------------------------------


def test_first_lead_holdings_and_card_sets() -> None:
    """The pone's lead from 4S 5H 6D 10C, starter JD: the dealer's 4 cards are any 4 of the
    47 unseen, C(47, 4) = 178,365 sets. As rank multisets: C(16, 4) = 1,820 multisets of 4
    from 13 ranks, less the 5 with four of a rank of which only three are unseen (4, 5, 6,
    10, J): 1,815. ``rank_holdings`` weighs each as the brute force over card sets does."""
    advice = advise_play(LEAD, role="pone")
    assert advice.holdings == comb(16, 4) - 5 == 1815
    assert advice.card_sets == comb(47, 4) == 178365
    unseen = unseen_after(LEAD)
    sets = Counter(tuple(sorted(card.rank for card in cards)) for cards in combinations(unseen, 4))
    holdings, weights = rank_holdings(unseen, 4, 1)
    assert dict(zip(holdings, weights, strict=True)) == sets
    assert [str(option.card) for option in advice.options] == ["4S", "10C", "6D", "5H"]
    assert advice.line == ()


@pytest.mark.slow
def test_first_lead_nets_against_the_readable_solver_over_every_holding() -> None:
    """Each lead's net is the mean over all 178,365 card sets of the readable solver's
    value, and each side's points the mean of its best line's: computed here holding by
    holding (about 6 s), to the exact fraction."""
    advice = advise_play(LEAD, role="pone")
    expected, shares, holdings, card_sets = reference_means(
        Position(((4, 5, 6, 10), ())), unseen_after(LEAD), 4
    )
    assert (holdings, card_sets) == (1815, 178365)
    assert by_rank(advice) == expected
    # and what each side pegs along the best line after each lead
    assert {o.card.rank: (o.own, o.other) for o in advice.options} == shares
    assert nets(advice) == {
        "4S": Fraction(-322763, 178365),
        "10C": Fraction(-7024, 3243),
        "6D": Fraction(-142022, 59455),
        "5H": Fraction(-170849, 59455),
    }


def test_holdings_after_the_dealers_go() -> None:
    """10C 9S 6D, the dealer says go at 25: his 3 cards left hold nothing worth 6 or less.
    Unseen and worth 7 or more: 7 and 8 (4 each), 9 (3, the 9S played), 10 (3, the pone's
    10C), J (3, the starter), Q and K (4 each): 25 cards, C(25, 3) = 2,300 sets (not the
    C(46, 3) = 15,180 without the go); no rank is short of three, so the multisets are
    C(7 + 2, 3) = 84."""
    hand, plays = "10C 6D 4S 5H / JD", "10C 9S 6D go"
    advice = advise_play(hand, plays, "pone")
    assert (advice.holdings, advice.card_sets) == (84, 2300)
    assert (advice.position.count, advice.position.run, advice.position.turn) == (25, (10, 9, 6), 0)
    expected, holdings, card_sets = reference_nets(
        advice.position, unseen_after("10C 6D 4S 5H JD 9S"), 3, least=7
    )
    assert (holdings, card_sets) == (84, 2300)
    assert by_rank(advice) == expected == {4: Fraction(-336, 575), 5: Fraction(-229, 230)}


def test_holdings_after_a_count_that_nobody_could_continue() -> None:
    """10C 9S 6D 5C (30), then the pone's 4S: it passes 31, so the pone could not play and
    neither could the dealer: he held no ace. The 4S led a new count, the dealer's 7H made
    11. His one card left is any of the 40 unseen cards but the aces (12 ranks).
    The pone's 5H makes 16 (4, 7, 5: no run); the dealer's card is the last (1), and more:
    a 6 makes 4-5-6-7 (4, so 5 in all; 3 cards), a 5 pairs (2, so 3; 2 cards), anything
    else 1 (35 cards): (15 + 6 + 35) / 40 = 7/5 to the dealer."""
    advice = advise_play("10C 6D 4S 5H / JD", "10C 9S 6D 5C 4S 7H", "pone")
    assert (advice.holdings, advice.card_sets) == (12, 40)
    assert nets(advice) == {"5H": Fraction(-7, 5)}


def test_against_known_cards_is_the_double_dummy_value_with_its_line() -> None:
    """With the dealer's cards known (7D 9D KH after 4S 8C), each option's net is the
    readable solver's value of playing it, the best is the position's value, and the best
    line's points (the pone's less the dealer's) add up to it."""
    advice = advise_play(LEAD, "4S 8C", "pone", against="7D 9D KH")
    assert (advice.holdings, advice.card_sets) == (1, 1)
    known = Position(((5, 6, 10), (7, 9, 13)), 12, (4, 8), turn=0, last=1)
    assert by_rank(advice) == reference_options(known) == {5: -1, 6: -3, 10: -6}
    assert advice.options[0].net == value(known) == -1
    card = Card.parse
    assert advice.line == (
        LineMove("pone", card("5H"), 17, "pone", 0),
        LineMove("dealer", card("9D"), 26, "dealer", 0),
        LineMove("pone", None, 26, "dealer", 1),
        LineMove("pone", card("6D"), 6, "pone", 0),
        LineMove("dealer", card("7D"), 13, "dealer", 0),
        LineMove("pone", card("10C"), 23, "pone", 0),
        LineMove("dealer", None, 23, "pone", 1),
        LineMove("dealer", card("KH"), 10, "dealer", 1),
    )
    assert pegged(advice) == advice.options[0].net


@pytest.mark.parametrize(
    ("against", "net"),
    [
        # 5 (14), the 2 (16) is the last card: 1 to the dealer
        ("2C", -1),
        # 5 (14), the 4 (18) makes 6-3-5-4, a run of four, and the last card: 5
        ("4C", -5),
    ],
)
def test_against_a_last_card_worked_by_hand(against: str, net: int) -> None:
    """10C KS 4S 7H (31 to the dealer), then 6D 3C: the pone holds 5H at 9, the dealer one
    card."""
    advice = advise_play("10C 4S 6D 5H / JD", "10C KS 4S 7H 6D 3C", "pone", against=against)
    assert advice.position.count == 9 and advice.position.run == (6, 3)
    assert nets(advice) == {"5H": Fraction(net)}
    assert pegged(advice) == net


def test_dealer_advice_and_cards_of_one_rank() -> None:
    """An option holds every card of its rank; the dealer is advised on his reply."""
    advice = advise_play("7S 7D KC 9H / 2D", "7C", "dealer")
    assert advice.options[0].card.rank == 7
    assert {str(card) for card in advice.options[0].cards} == {"7S", "7D"}
    assert advice.role == "dealer" and advice.position.turn == 1
    # the pone's 3 cards from the 46 unseen: the 7S 7D 7C seen leave one seven
    assert advice.card_sets == comb(46, 3)


def test_five_card_lead() -> None:
    """Five-card: 3 cards each, one count; the dealer's 3 cards are any of C(48, 3)."""
    advice = advise_play("5H 2S 9D / 7C", game="five")
    assert advice.position.one_count
    # 48 unseen cards; 13 ranks, none with fewer than 3 unseen: C(13 + 2, 3) multisets
    assert advice.card_sets == comb(48, 3) == 17296
    assert advice.holdings == comb(15, 3) == 455
    assert nets(advice) == {
        "9D": Fraction(-20147, 17296),
        "2S": Fraction(-20457, 17296),
        "5H": Fraction(-1287, 752),
    }


def test_a_count_closed_by_goes_leaves_the_next_lead_at_zero() -> None:
    """10C 9S 9D (28), the dealer says go, the pone says go: the count is over (the go to
    the pone) and the dealer leads a new one at 0, as ``score_play`` says. The pone's go
    at 28 leaves him no ace, 2 or 3: his 2 cards are any 2 of the 33 such unseen cards."""
    advice = advise_play("9S KD QC 8C / JD", "10C 9S 9D go go", "dealer")
    assert (advice.position.count, advice.position.run, advice.position.last) == (0, (), None)
    assert {option.card.rank for option in advice.options} == {8, 12, 13}
    assert advice.card_sets == comb(33, 2)


def test_the_players_own_go_is_checked_against_his_hand() -> None:
    # the pone says go at 27 while holding 4S, which makes 31
    with pytest.raises(PlayError) as caught:
        advise_play("10C 3D 4S 7S / JD", "10C 9S 3D 5C go 2H go", "pone")
    assert str(caught.value) == "play 5: the pone says go at 27 holding 4S, which fits"


def test_laid_out_cards_are_as_many_as_the_game_lays_out() -> None:
    with pytest.raises(HandError) as caught:
        advise_play("4S 5H 6D 10C / JD", "", "pone", laid_out="AS 2S 3S")
    assert str(caught.value) == (
        "3 cards laid out in 'AS 2S 3S': each player lays out 2 in six-card cribbage"
    )
    with pytest.raises(HandError) as caught:
        advise_play("4S 5H 6D 10C / JD", "", "pone", laid_out="JD 2S")
    assert "is in the hand or is the starter" in str(caught.value)


# -- 4. errors -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (
            (LEAD, "", "dealer"),
            PlayError,
            "it is the pone's turn, not the dealer's: the pone leads",
        ),
        ((LEAD, "4S", "pone"), PlayError, "it is the dealer's turn at 4, not the pone's"),
        (
            ("10C 6D 4S 5H / JD", "10C 9S 6D go 4S", "pone"),
            PlayError,
            "no card of the pone's fits at 29: he must say go",
        ),
        (
            (LEAD, "9S 8C", "pone"),
            PlayError,
            "play 1: the pone does not hold 9S (holds 4S 5H 6D 10C)",
        ),
        ((LEAD, "4S JD", "pone"), PlayError, "play 2: JD is the starter, which nobody plays"),
        ((LEAD, "JD", "pone"), PlayError, "play 1: JD is the starter, which nobody plays"),
        (
            (LEAD, "4S 5H", "pone"),
            PlayError,
            "play 2: 5H is in the pone's hand, not the opponent's to play",
        ),
        (
            (LEAD, "4S 2C", "pone", "six", "2C 3C"),
            PlayError,
            "play 2: 2C is laid out in the crib, not the opponent's to play",
        ),
        (
            # 10C 9S 2D 2H (23): the pone's ace fits, so his go is not implied
            ("9S 2H 3H 4H / JD", "10C 9S 2D 2H", "dealer", "six", None, "AC KC"),
            PlayError,
            "it is the pone's turn at 23, not the dealer's",
        ),
        (
            ("10C 6D 4S 5H / JD", "10C 9S 6D", "pone"),
            PlayError,
            "a go is missing: the dealer is to play at 25; write his 'go' (or the card he "
            "played) after the plays",
        ),
        (
            ("4S 5H 6D / JD", "", "pone"),
            HandError,
            "3 cards in '4S 5H 6D': a hand in six-card cribbage holds 4 for the play",
        ),
        (
            ("4S 5H 6D 10C / JD", "", "pone", "five"),
            HandError,
            "4 cards in '4S 5H 6D 10C': a hand in five-card cribbage holds 3 for the play",
        ),
        (
            ("4S 4S 6D 10C / JD", "", "pone"),
            HandError,
            "duplicate card '4S' in '4S 4S 6D 10C / JD': each card can appear once",
        ),
        (
            ("4S 5H 6D 10C / 4S", "", "pone"),
            HandError,
            "duplicate card '4S' in '4S 5H 6D 10C / 4S': each card can appear once",
        ),
        (
            ("4S 5H 6D 10C", "", "pone"),
            HandError,
            "no starter in '4S 5H 6D 10C': write it after a slash, '... / 5D'",
        ),
        (
            (LEAD, "go", "pone"),
            PlayError,
            "play 1 'go' in 'go': pone says go at 0, where any card fits "
            "(a go needs a count of 22 or more)",
        ),
        (
            (LEAD, "4S 8C 5H 8C", "pone"),
            PlayError,
            "play 4 '8C' in '4S 8C 5H 8C': 8C was already played at play 2",
        ),
        (
            ("10C 6D 4S 5H / JD", "10C 9S 6D 5C 4S AH", "pone"),
            PlayError,
            "the opponent's go at 30 contradicts his later play of AH, which fits",
        ),
        (
            ("10C 4S 3D / JD", "10C 9S 3D 9C", "pone", "five"),
            PlayError,
            "the play is over: no card is left to advise on",
        ),
        ((LEAD, "", "crib"), PlayError, "unknown role 'crib': expected pone or dealer"),
        (
            (LEAD, "", "pone", "three"),
            PlayError,
            "play advice is for two players: three-handed cribbage has 3",
        ),
        (
            (LEAD, "", "pone", "six", "4S 2C"),
            HandError,
            "a card laid out in '4S 2C' is in the hand or is the starter",
        ),
        (
            (LEAD, "4S 8C", "pone", "six", None, "7D 9D"),
            HandError,
            "2 cards in '7D 9D': the opponent has 3 left to play",
        ),
        (
            (LEAD, "4S 8C", "pone", "six", None, "7D 9D JD"),
            HandError,
            "JD in '7D 9D JD' is seen: it cannot be his",
        ),
        (
            (LEAD, "4S 8C", "pone", "six", None, "7D 9D 5H"),
            HandError,
            "5H in '7D 9D 5H' is seen: it cannot be his",
        ),
        (
            (LEAD, "4S 8C", "pone", "six", "2C 3C", "7D 9D 2C"),
            HandError,
            "2C in '7D 9D 2C' is seen: it cannot be his",
        ),
        (
            ("10C 6D 4S 5H / JD", "10C 9S 6D go", "pone", "six", None, "7D 9D 3H"),
            HandError,
            "3H in '7D 9D 3H' contradicts his go",
        ),
    ],
)
def test_errors(args: tuple[object, ...], error: type[CribcountError], message: str) -> None:
    """Each mistake is a CribcountError subclass with one line that says what is wrong."""
    with pytest.raises(error) as raised:
        advise_play(*args)  # type: ignore[arg-type]
    assert str(raised.value) == message
    assert "\n" not in message


def test_a_play_that_is_no_card() -> None:
    with pytest.raises(NotationError, match=r"^play 2 'XX' in '4S XX' is neither a card nor 'go'"):
        advise_play(LEAD, "4S XX", "pone")


# -- 5. the book's advice, weighed --------------------------------------------------------
#
# The solver's nets: each card's play, then both sides playing best with both hands
# known, averaged over the opponent's holdings. The book's advice is for play without
# sight of his cards, so where they part the difference is worth a look, not a verdict.


@pytest.mark.parametrize(
    ("hand", "small", "figures"),
    [
        (
            "5H 2S 9D KC / 7C",
            "2S",
            {"2S": Fraction(-302594, 178365), "KC": Fraction(-366776, 178365)},
        ),
        (
            "3S 8D 9C KH / QD",
            "3S",
            {"3S": Fraction(-16684, 11891), "8D": Fraction(-74225, 35673)},
        ),
        (
            "2S 6D 9C QH / 5D",
            "2S",
            {"2S": Fraction(-318337, 178365), "6D": Fraction(-377329, 178365)},
        ),
        (
            "4S AD 9C KH / 8D",
            "AD",
            {"AD": Fraction(-106048, 59455), "4S": Fraction(-389297, 178365)},
        ),
    ],
)
def test_book_lead_aces_twos_and_threes_supported(
    hand: str, small: str, figures: dict[str, Fraction]
) -> None:
    """The book: "Lead Aces, Twos and Threes, which cannot be made into fifteens."
    SUPPORTED for these hands: the small card is the best lead, by the margins pinned
    (the second best shown)."""
    advice = advise_play(hand)
    assert order(advice)[0] == small
    found = nets(advice)
    assert {card: found[card] for card in figures} == figures
    assert order(advice)[:2] == list(figures)


@pytest.mark.parametrize(
    ("hand", "best", "small"),
    [
        # 7D -1.559, 8C -1.914, AS -1.938, KH -2.127
        ("AS 7D 8C KH / 4D", "7D", {"AS": Fraction(-23040, 11891)}),
        # KH -2.110, 9C -2.121, AS -2.148, 3D -2.186
        ("AS 3D 9C KH / QD", "KH", {"AS": Fraction(-16661, 7755), "3D": Fraction(-389893, 178365)}),
        # 9C -1.775, KH -1.787, AS -2.293, 2D -2.470
        (
            "AS 2D 9C KH / QD",
            "9C",
            {"AS": Fraction(-408901, 178365), "2D": Fraction(-440483, 178365)},
        ),
    ],
)
def test_book_lead_aces_twos_and_threes_contradicted(
    hand: str, best: str, small: dict[str, Fraction]
) -> None:
    """The same advice CONTRADICTED for these hands: a larger card leads better than the
    ace, deuce or trey. With A-2 or A-3 kept, the small cards are worth more held back for
    the go and 31 than led."""
    advice = advise_play(hand)
    found = nets(advice)
    assert order(advice)[0] == best
    assert {card: found[card] for card in small} == small
    assert all(found[best] > net for net in small.values())


def test_book_do_not_lead_a_five() -> None:
    """The book: "Do not play a card which brings the pip count to 5 or 21": any tenth
    card then makes fifteen. SUPPORTED: from 5H 2S 9D KC / 7C the 5 is the worst lead by far,
    -2.986 against -1.697 for the deuce; in five-card (5H 2S 9D / 7C) too, -1.711 against
    -1.165 for the 9."""
    six = advise_play("5H 2S 9D KC / 7C")
    assert order(six) == ["2S", "KC", "9D", "5H"]
    assert nets(six)["5H"] == Fraction(-532667, 178365)
    five = advise_play("5H 2S 9D / 7C", game="five")
    assert order(five)[-1] == "5H"
    assert nets(five)["5H"] == Fraction(-1287, 752)


@pytest.mark.parametrize(
    ("hand", "led", "to_five", "figures"),
    [
        # the pone led a 2: the dealer's 3 makes 5
        (
            "3S 9D KC 8H / 2D",
            "2C",
            "3S",
            {
                "KC": Fraction(15683, 15180),
                "9D": Fraction(14197, 15180),
                "8H": Fraction(1303, 3795),
                "3S": Fraction(-4592, 3795),
            },
        ),
        # the pone led a 4: the dealer's ace makes 5
        (
            "AS 9D KC 8H / 2D",
            "4C",
            "AS",
            {
                "9D": Fraction(1469, 1518),
                "8H": Fraction(2741, 3036),
                "KC": Fraction(611, 15180),
                "AS": Fraction(-1149, 2530),
            },
        ),
    ],
)
def test_book_do_not_reply_to_five(
    hand: str, led: str, to_five: str, figures: dict[str, Fraction]
) -> None:
    """SUPPORTED for the dealer's reply: the card bringing the count to 5 is the worst.
    Checked against the readable solver over every card set the pone can hold."""
    advice = advise_play(hand, led, "dealer")
    assert nets(advice) == figures
    assert order(advice)[-1] == to_five
    mine = tuple(sorted(card.rank for card in parse_cards(hand.split("/")[0])))
    position = Position(((), mine), Card.parse(led).value, (Card.parse(led).rank,), 1, 0)
    expected, _, card_sets = reference_nets(position, unseen_after(f"{hand} {led}"), 3)
    assert card_sets == comb(46, 3)
    assert by_rank(advice) == expected


def test_book_do_not_play_to_twenty_one() -> None:
    """SUPPORTED: at 13 (4S 9H) the pone holding 7C 8D KH: the 8 to 21 is the worst,
    -3.902; the 7 to 20 -2.364; the king to 23, where no tenth card makes 31 and a
    fifteen is gone, is best at -1.397. Checked against the readable solver."""
    advice = advise_play("4S 8D 7C KH / 2D", "4S 9H", "pone")
    assert nets(advice) == {
        "KH": Fraction(-1767, 1265),
        "7C": Fraction(-26, 11),
        "8D": Fraction(-9871, 2530),
    }
    position = Position(((7, 8, 13), ()), 13, (4, 9), turn=0, last=1)
    expected, holdings, card_sets = reference_nets(position, unseen_after("4S 8D 7C KH 2D 9H"), 3)
    assert (holdings, card_sets) == (455, comb(46, 3))
    assert by_rank(advice) == expected


@pytest.mark.parametrize(
    ("hand", "led", "bad", "figures"),
    [
        # 6 on 3 (9): a 6 pairs it and makes 15
        (
            "6S 10D KC 8H / 2D",
            "3C",
            "6S",
            {
                "10D": Fraction(1302, 1265),
                "KC": Fraction(32, 33),
                "8H": Fraction(663, 2530),
                "6S": Fraction(-701, 7590),
            },
        ),
        # 7 on A (8): a 7 pairs it and makes 15
        (
            "7S 10D KC 9H / 2D",
            "AC",
            "7S",
            {
                "KC": Fraction(13, 23),
                "10D": Fraction(1961, 3795),
                "9H": Fraction(73, 15180),
                "7S": Fraction(-547, 15180),
            },
        ),
        # 5 on 5 (10): a third 5 is a pair royal and 15; the king takes the 15 instead
        (
            "5S 10D KC 9H / 2D",
            "5C",
            "5S",
            {
                "KC": Fraction(38909, 15180),
                "10D": Fraction(2545, 1012),
                "5S": Fraction(5563, 3036),
                "9H": Fraction(-476, 1265),
            },
        ),
    ],
)
def test_book_no_double_score_for_the_adversary(
    hand: str, led: str, bad: str, figures: dict[str, Fraction]
) -> None:
    """The book: "Never play a card which will allow the adversary to make a double
    score ... 6 on 3 ... 5 on 5 ... 7 on A." SUPPORTED: the 6 on a 3 and the 7 on an
    ace are the dealer's worst replies; the 5 on a 5 (2 for the pair) falls behind a
    tenth card's 15 (also 2) by 0.73. Checked against the readable solver."""
    advice = advise_play(hand, led, "dealer")
    assert nets(advice) == figures
    assert nets(advice)[bad] < nets(advice)["KC"]
    mine = tuple(sorted(card.rank for card in parse_cards(hand.split("/")[0])))
    position = Position(((), mine), Card.parse(led).value, (Card.parse(led).rank,), 1, 0)
    expected, _, _ = reference_nets(position, unseen_after(f"{hand} {led}"), 3)
    assert by_rank(advice) == expected


def test_book_pairing_the_first_card() -> None:
    """The book: "Do not pair his cards unless you have a card which will make you a double pair
    royal" / "Be a little wary about pairing the first card played, unless you have a
    third": CONTRADICTED for the dealer's reply to a 7 led: pairing with 7S (no third)
    nets +1.991, the king +0.571. The pair's 2 is sure; the pone holds one of the two
    unseen sevens in only about 13% of deals. With the third seven the pair is better
    still (+2.813, the book's "playing on")."""
    lone = advise_play("7S 10D KC 9H / 2D", "7C", "dealer")
    assert order(lone)[0] == "7S"
    assert nets(lone)["7S"] == Fraction(30223, 15180)
    assert nets(lone)["KC"] == Fraction(4331, 7590)
    third = advise_play("7S 7D KC 9H / 2D", "7C", "dealer")
    assert order(third)[0] == "7S"
    assert nets(third)["7S"] == Fraction(21349, 7590)


def test_book_lead_one_of_a_pair() -> None:
    """The book: "It is always advantageous to play one of a pair ... If he pairs your first card,
    you can reply with a pair royal." SUPPORTED: from 7S 7D KC 9H / 2D a seven leads at
    -1.523, the 9 at -2.661, the king at -2.749."""
    advice = advise_play("7S 7D KC 9H / 2D")
    assert nets(advice) == {
        "7S": Fraction(-271693, 178365),
        "9H": Fraction(-158232, 59455),
        "KC": Fraction(-8914, 3243),
    }


@pytest.mark.parametrize(
    ("hand", "pair"),
    [("3S 2D 9C KH / 8D", {"3S", "2D"}), ("4S AD 9C KH / 8D", {"4S", "AD"})],
)
def test_book_lead_one_of_two_cards_that_form_five(hand: str, pair: set[str]) -> None:
    """The book: "Play one of two cards that form a five, such as 3 and 2; 4 and A." SUPPORTED: the
    two leads best are the two that make five (3S -1.750, 2D -1.890 against 9C -2.201;
    AD -1.784, 4S -2.183 against 9C -2.204)."""
    assert set(order(advise_play(hand))[:2]) == pair


def test_book_begin_with_one_end_of_a_sequence() -> None:
    """The book: "Begin with one end of a sequence." CONTRADICTED for 6S 7D 8C KH / 2D: the middle
    card, the 7, leads best (-1.690), then the 8 (-1.877), the 6 (-2.112) and the king."""
    advice = advise_play("6S 7D 8C KH / 2D")
    assert order(advice) == ["7D", "8C", "6S", "KH"]
    assert nets(advice)["7D"] == Fraction(-301391, 178365)
    assert nets(advice)["6S"] == Fraction(-75331, 35673)


# -- the CLI ---------------------------------------------------------------------------


ADVICE = """\
six-card game: the pone to play at 0, holding 4S 5H 6D 10C, starter JD
against 1,815 holdings of the dealer's cards by rank (178,365 sets of cards)

card       net    pone    dealer
------  ------  ------  --------
4S      -1.810   1.311     3.120
10C     -2.166   1.038     3.204
6D      -2.389   1.081     3.470
5H      -2.874   1.033     3.907

best: 4S (net -1.810)
"""

AGAINST = """\
six-card game: the pone to play at 12, holding 5H 6D 10C, starter JD
against the dealer's cards, known: double dummy

card       net    pone    dealer
------  ------  ------  --------
5H      -1.000   1.000     2.000
6D      -3.000   0.000     3.000
10C     -6.000   0.000     6.000

best: 5H (net -1.000)

the best line:
player    card      count  pegged
--------  ------  -------  ---------------
pone      5H           17
dealer    9D           26
pone      go           26  1 to the dealer
pone      6D            6
dealer    7D           13
pone      10C          23
dealer    go           23  1 to the pone
dealer    KH           10  1 to the dealer
"""


@pytest.mark.parametrize(
    "args",
    [
        ("--advise", LEAD, "--pone"),
        ("--advise", "--pone", LEAD),
        (LEAD, "--advise", "--pone"),
        ("--pone", *LEAD.split(), "--advise"),
        ("--advise", *LEAD.split(), "--pone"),
    ],
)
def test_cli_advise_takes_the_cards_in_any_order_of_the_flags(args: tuple[str, ...]) -> None:
    """--advise is a flag: the hand and the starter are the arguments, quoted or not,
    before or after the flags."""
    assert invoke("peg", *args) == (0, ADVICE, "")


def test_cli_advise_plays_follow_the_starter() -> None:
    """The plays so far come after the starter, in one argument or several."""
    words = invoke("peg", "--advise", LEAD, "--pone", "4S", "8C", "--against", "7D 9D KH")
    one = invoke("peg", "--pone", f"{LEAD} 4S 8C", "--advise", "--against", "7D 9D KH")
    assert words == one == (0, AGAINST, "")


def test_split_advice() -> None:
    assert split_advice("4S 5H 6D 10C / JD 4S 8C") == ("4S 5H 6D 10C / JD", "4S 8C")
    assert split_advice("4S,5H,6D,10C/JD") == ("4S,5H,6D,10C / JD", "")
    assert split_advice("4S 5H 6D 10C / JD 4S go") == ("4S 5H 6D 10C / JD", "4S go")
    with pytest.raises(HandError, match=r"^no starter in '4S 5H'"):
        split_advice("4S 5H")
    with pytest.raises(HandError, match=r"^no starter in '4S 5H /'"):
        split_advice("4S 5H /")


def test_cli_advise_text() -> None:
    """One row per rank, best first, then the best card."""
    code, out, _ = invoke("peg", "--advise", LEAD, "--pone")
    assert code == 0
    assert out == ADVICE


def test_cli_advise_json() -> None:
    code, out, _ = invoke("peg", "--advise", LEAD, "--pone", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"options", "holdings", "card_sets", "line"} <= set(data)
    assert [option["card"] for option in data["options"]] == ["4S", "10C", "6D", "5H"]
    assert all(set(option) == {"card", "cards", "net", "points"} for option in data["options"])
    assert set(data["options"][0]["points"]) == {"pone", "dealer"}
    assert data["options"][0]["cards"] == ["4S"]
    # the net keyed by role, as discard's: the pone's, and the dealer's its negation
    net = -322763 / 178365
    assert data["options"][0]["net"] == {"pone": net, "dealer": -net}
    assert (data["plays"], data["count"]) == ([], 0)
    assert (data["holdings"], data["card_sets"], data["line"]) == (1815, 178365, [])


def test_cli_advise_against_prints_the_best_line() -> None:
    code, out, _ = invoke("peg", "--advise", LEAD, "--pone", "4S", "8C", "--against", "7D 9D KH")
    assert code == 0
    assert out == AGAINST
    code, out, _ = invoke(
        "peg", "--advise", LEAD, "--pone", "4S 8C", "--against", "7D 9D KH", "--json"
    )
    data = json.loads(out)
    # worked by hand: the 5 leads to a go each and the last card (1 to 2); the 6 to
    # the dealer's king at 28, his go, then his 31 (0 to 3); the 10 to his 9 for 31
    # with the run 8 10 9 (5), then his last card (0 to 6)
    assert {option["card"]: option["points"] for option in data["options"]} == {
        "5H": {"pone": 1, "dealer": 2},
        "6D": {"pone": 0, "dealer": 3},
        "10C": {"pone": 0, "dealer": 6},
    }
    line_json = data["line"]
    assert line_json[0] == {
        "player": "pone",
        "card": "5H",
        "count": 17,
        "scorer": "pone",
        "points": 0,
    }
    # a go's card is null, as in peg's plays
    assert line_json[2] == {
        "player": "pone",
        "card": None,
        "count": 26,
        "scorer": "dealer",
        "points": 1,
    }
    assert [move["card"] for move in line_json] == [
        "5H", "9D", None, "6D", "7D", "10C", None, "KH",
    ]  # fmt: skip
    assert data["options"][0]["net"] == {"pone": -1, "dealer": 1}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--advise", LEAD), "Error: --advise needs --pone or --dealer"),
        (
            ("--advise", LEAD, "--pone", "--dealer"),
            "Error: --pone and --dealer exclude each other: give one",
        ),
        (
            (LEAD, "--advise", "--dealer", "--pone"),
            "Error: --pone and --dealer exclude each other: give one",
        ),
        (
            ("--advise", "--pone"),
            "Error: missing PLAYS: give your hand and the starter, as '4S 5H 6D 10C / JD'",
        ),
        (
            ("--advise", "--pone", "4S 5H 6D 10C"),
            "Error: no starter in '4S 5H 6D 10C': write the hand, the starter after a slash, "
            "then the plays so far, as in '4S 5H 6D 10C / JD 4S 8C'",
        ),
        (
            ("--advise", "--pone", LEAD, "4S", "--laid-out", "2C"),
            "Error: 1 card laid out in '2C': each player lays out 2 in six-card cribbage",
        ),
        (
            ("--advise", "--pone", LEAD, "4S", "JD"),
            "Error: play 2: JD is the starter, which nobody plays",
        ),
        (
            ("--advise", LEAD, "--pone", "--file", "plays.txt"),
            "Error: --advise is for a single input; it cannot be used with --file",
        ),
        (
            ("--advise", LEAD, "--pone", "--hands", "pone: 4S 5H 6D 10C | dealer: 2D AH 2H 3C"),
            "Error: --advise is for two players, without --hands",
        ),
        (
            ("4S", "2D", "--pone"),
            "Error: --pone, --dealer, --laid-out and --against go with --advise",
        ),
        (
            ("--against", "7D 9D KH"),
            "Error: --pone, --dealer, --laid-out and --against go with --advise",
        ),
        (
            ("--advise", LEAD, "--dealer"),
            "Error: it is the pone's turn, not the dealer's: the pone leads",
        ),
        (
            ("--advise", LEAD, "--pone", "4S", "8C", "--against", "7D 9D"),
            "Error: 2 cards in '7D 9D': the opponent has 3 left to play",
        ),
    ],
)
def test_cli_usage_errors(args: tuple[str, ...], message: str) -> None:
    """Exit status 2 and one line on stderr, nothing on stdout."""
    code, out, err = invoke("peg", *args)
    assert (code, out) == (2, "")
    assert err == message + "\n"


# -- counts closed in every way the play's own reading closes them ----------------------


@pytest.mark.parametrize(
    ("hand", "role", "game", "plays", "holding"),
    [
        # go, a card, go: 5S 10H KD (25), dealer go, pone 4C (29), pone go: the dealer leads
        ("10H 9C 8D 7S / 2S", "dealer", "six", "5S 10H KD go 4C go", "7S 8D 9C"),
        # the pone has no cards left: the dealer's go alone closes the count at 26
        (
            "4D 2S 4H JS 9C / KH",
            "dealer",
            "seven",
            "KC 4D QC 2S 3H 4H 3D JS 9D go",
            "9C",
        ),
        # after the dealer's go at 28, the pone's last card 2S closes the count at 30
        ("2D AS 3H 7C / 9H", "pone", "six", "2D 10D AS 2C 3H KC go 2S", "7C"),
    ],
)
def test_a_closed_count_leaves_the_next_lead_at_zero(
    hand: str, role: str, game: str, plays: str, holding: str
) -> None:
    advice = advise_play(hand, plays, role, game)
    assert (advice.position.count, advice.position.run, advice.position.last) == (0, (), None)
    assert format_cards(advice.remaining) == holding


def test_a_go_implied_by_a_card_passing_31_is_checked_against_the_hand() -> None:
    # at 29 (10S 10H 9D) the dealer's ace would have fitted: KC cannot lead a new count
    with pytest.raises(PlayError) as caught:
        advise_play("10H KC AS 5D / 2S", "10S 10H 9D KC 3C", "dealer")
    assert str(caught.value) == "play 4: the dealer says go at 29 holding AS, which fits"


def test_a_go_the_known_cards_force_is_implied() -> None:
    """2S 6S 9D 4S 9C make 30 and the dealer says go; the pone's last card, 7H, cannot be
    played at 30, so his go is implied: he pegs 1 for it (his 9C was last) and the dealer,
    holding 5C 2D, leads the next count. Either lead wins the last card: net 1, 1 to 0."""
    advice = advise_play("6S 5C 4S 2D / 3C", "2S 6S 9D 4S 9C go", "dealer", against="7H")
    assert advice.implied == 1
    assert advice.plays[-1].card is None and advice.plays[-1].player_name == "pone"
    assert [item.kind for item in advice.plays[-3].scored] == ["go"]  # on the 9C
    assert (advice.position.count, advice.position.turn) == (0, 1)
    assert nets(advice) == {"2D": 1, "5C": 1}
    assert [(option.own, option.other) for option in advice.options] == [(1, 0), (1, 0)]
    # with his ace known instead, the pone can play: it is his turn
    with pytest.raises(PlayError, match=r"^it is the pone's turn at 23, not the dealer's$"):
        advise_play("9S 2H 3H 4H / JD", "10C 9S 2D 2H", "dealer", against="AC KC")
    # with his queen and king known, he cannot: the dealer plays on at 23
    advice = advise_play("9S 2H 3H 4H / JD", "10C 9S 2D 2H", "dealer", against="QC KC")
    assert (advice.implied, advice.position.count) == (1, 23)
    assert [str(option.card) for option in advice.options] == ["3H", "4H"]


def test_cli_implied_go_and_a_missing_one() -> None:
    args = ("peg", "--advise", "6S 5C 4S 2D / 3C", "--dealer", "2S 6S 9D 4S 9C go")
    code, out, _ = invoke(*args, "--against", "7H")
    assert code == 0
    assert out.splitlines()[2] == "the pone's go at 30 is implied: none of his cards fits"
    code, out, err = invoke(*args)
    assert (code, out) == (2, "")
    assert err == (
        "Error: a go is missing: the pone is to play at 30; write his 'go' (or the card he "
        "played) after the plays\n"
    )
    # the go written, the advice is the one with the go implied, less the note
    code, out, _ = invoke(*args, "go", "--against", "7H")
    implied = invoke(*args, "--against", "7H")[1].splitlines()
    assert out.splitlines() == implied[:2] + implied[3:]


def test_json_plays_are_the_objects_peg_writes() -> None:
    """The plays so far come out as ``peg --json`` writes them, cards in any notation."""
    code, out, _ = invoke("peg", "--advise", "4S 5H 6D 10C / JD", "--pone", "4s,8♣", "--json")
    assert code == 0
    plays = json.loads(out)["plays"]
    assert plays == [
        {"position": 1, "player": "pone", "card": "4S", "count": 4, "items": [], "points": 0},
        {"position": 2, "player": "dealer", "card": "8C", "count": 12, "items": [], "points": 0},
    ]
    assert plays == json.loads(invoke("peg", "4S 8C", "--json")[1])["plays"]
