"""Rubicon Bézique's last nine tricks: the rules of the play checked by hand and against a
brute force written here from the laws, the kernel against the plain minimax on random
endings of one to nine cards a hand (with copies of cards, as four packs deal them),
hand-worked endings, the solution as data, and bad input.

Seats: 0 is the first, 1 the second. Values of positions are from the first's side: his
points from there to the end minus the second's; a solution's value is the leader's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest

from cribcount.bezique import tricks_kernel
from cribcount.bezique.pack import PACK, read_cards, read_suit
from cribcount.bezique.tricks import (
    KernelSearch,
    Position,
    beats,
    check_ending,
    deal,
    legal,
    play,
    reference_line,
    reference_value,
    solve,
)
from cribcount.cards import Card
from cribcount.errors import CribcountError, HandError, NotationError, PlayError

ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
"""The ranks in play, the best first, as the laws give them."""
SHOE = [card for card in PACK.cards for _ in range(4)]
"""The 128 cards of the four packs."""


def cards(text: str) -> list[Card]:
    return read_cards(text)


def rank_name(card: Card) -> str:
    return str(card)[:-1]


def higher(card: Card, than: Card) -> bool:
    """Whether ``card`` ranks above ``than`` in the order A 10 K Q J 9 8 7."""
    return ORDER.index(rank_name(card)) < ORDER.index(rank_name(than))


def allowed(card: Card, hand: Sequence[Card], led: Card | None, trump: str) -> bool:
    """Law 55 read directly: follow suit if able, win the card led if able."""
    if led is None:
        return True
    suited = [held for held in hand if held.suit == led.suit]
    if suited:
        if card.suit != led.suit:
            return False
        if any(higher(held, led) for held in suited):
            return higher(card, led)
        return True
    if any(held.suit == trump for held in hand):
        return card.suit == trump
    return True


def trick_won_by_second(led: Card, reply: Card, trump: str) -> bool:
    if reply.suit == led.suit:
        return higher(reply, led)
    return reply.suit == trump


def worth(card: Card) -> int:
    return 10 if rank_name(card) in ("A", "10") else 0


def brute_force(hands: list[list[Card]], trump: str, leader: int) -> int:
    """The first's points minus the second's with both playing their best: every legal
    card at every turn, nothing remembered."""
    if not hands[0]:
        return 0
    follower = 1 - leader
    results = []
    for lead in set(hands[leader]):
        rest = list(hands[leader])
        rest.remove(lead)
        replies = []
        for reply in set(hands[follower]):
            if not allowed(reply, hands[follower], lead, trump):
                continue
            others = list(hands[follower])
            others.remove(reply)
            winner = follower if trick_won_by_second(lead, reply, trump) else leader
            points = worth(lead) + worth(reply) + (50 if not rest else 0)
            after = [rest, others] if leader == 0 else [others, rest]
            net = points if winner == 0 else -points
            replies.append(net + brute_force(after, trump, winner))
        results.append(max(replies) if follower == 0 else min(replies))
    return max(results) if leader == 0 else min(results)


def random_ending(rng: random.Random, size: int, shoe: Sequence[Card] = SHOE) -> Position:
    dealt = rng.sample(list(shoe), 2 * size)
    return deal(dealt[:size], dealt[size:], rng.choice("SHDC"), rng.randrange(2))


def lead_at_random(rng: random.Random, at: Position) -> Position:
    """``at`` with a card led at random to its first trick."""
    return play(at, rng.choice(legal(at))).after


# -- the rules of the play ----------------------------------------------------------------


def test_a_card_beats_a_lower_card_of_its_suit_or_any_other_suit_as_a_trump() -> None:
    ace, ten, king = Card(1, "S"), Card(10, "S"), Card(13, "S")
    assert beats(ace, ten, "H") and beats(ten, king, "H")
    assert not beats(king, ten, "H")
    assert not beats(ace, ace, "H")  # of two equal cards the first played wins
    assert not beats(ace, ace, "S")
    assert beats(Card(7, "H"), ace, "H")  # the seven of trumps wins an ace of spades
    assert not beats(ace, Card(7, "H"), "H")  # no plain card wins a trump led
    assert not beats(Card(1, "D"), king, "H")  # another plain suit never wins


@pytest.mark.parametrize(
    ("hand", "led", "trump", "expected"),
    [
        # following, and winning when able: only the cards above the queen
        ("KS 9S AH 7D", "QS", "H", "KS"),
        ("AS KS 9S AH 7D", "QS", "H", "AS KS"),
        # following, unable to win: any card of the suit, no trump
        ("JS 9S AH 7D", "QS", "H", "JS 9S"),
        # a king is no higher than a king: any spade
        ("KS 9S AH", "KS", "H", "KS 9S"),
        # void in the suit led: a trump, any of them
        ("AH 7H AD 7C", "QS", "H", "AH 7H"),
        # void in the suit and in trumps: any card
        ("AD 7C 8C", "QS", "H", "AD 7C 8C"),
        # a trump led: a higher trump when able
        ("10H 8H AS", "9H", "H", "10H"),
        ("8H 7H AS", "9H", "H", "8H 7H"),
        ("AS 7D", "9H", "H", "AS 7D"),
    ],
)
def test_legal_cards_follow_law_55(hand: str, led: str, trump: str, expected: str) -> None:
    held = cards(hand)
    card = Card.parse(led, PACK)
    at = Position(((), tuple(held)), trump, 0, card)
    found = legal(at)
    # legal lists each card once, however many copies are held
    assert sorted(map(str, found)) == sorted(set(expected.split()))
    for candidate in set(held):
        assert (candidate in found) == allowed(candidate, held, card, trump)


def test_a_lead_may_be_any_card_and_copies_are_one_move() -> None:
    at = deal(cards("AS AS 7H"), cards("KS QS JS"), "H")
    assert [str(card) for card in legal(at)] == ["AS", "7H"]


def test_a_trick_scores_its_brisques_and_the_last_trick_its_fifty() -> None:
    at = deal(cards("AS 7H"), cards("10S 8H"), "H")
    lead = play(at, Card(1, "S"))
    assert (lead.winner, lead.points) == (None, (0, 0))
    reply = play(lead.after, Card(10, "S"))
    assert (reply.winner, reply.points) == (0, (20, 0))
    last = play(play(reply.after, Card(7, "H")).after, Card(8, "H"))
    assert (last.winner, last.points, last.after.over) == (1, (0, 50), True)


# -- the plain minimax against a brute force, the kernel against the plain minimax --------


@pytest.mark.parametrize("seed", range(40))
def test_the_plain_minimax_against_a_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    at = random_ending(rng, 1 + seed % 4)
    expected = brute_force([list(at.hands[0]), list(at.hands[1])], at.trump, at.leader)
    assert reference_value(at) == expected


SAMPLES = [(seed, size) for seed, size in enumerate([1, 2, 3, 4, 5, 6] * 6)]


@pytest.mark.parametrize(("seed", "size"), SAMPLES)
def test_the_kernel_against_the_plain_minimax(seed: int, size: int) -> None:
    rng = random.Random(1000 + seed)
    at = random_ending(rng, size)
    if seed % 3 == 0:
        at = lead_at_random(rng, at)
    search = KernelSearch(at)
    expected = reference_value(at)
    assert search.value(at) == expected
    # the same first best card at each turn, so the same line
    assert [move.card for move in search.line(at, expected)] == [
        move.card for move in reference_line(at)
    ]


@pytest.mark.parametrize("seed", range(12))
def test_the_kernel_against_the_plain_minimax_on_nine_cards_of_few_kinds(seed: int) -> None:
    """Nine cards each drawn from the copies of six kinds of card (or eight): the hands
    hold the same cards again and again, as the table's counts must tell apart."""
    rng = random.Random(2000 + seed)
    kinds = rng.sample(PACK.cards, 6 if seed % 2 else 8)
    at = random_ending(rng, 9, [card for card in kinds for _ in range(4)])
    expected = reference_value(at)
    search = KernelSearch(at)
    assert search.value(at) == expected
    assert [move.card for move in search.line(at, expected)] == [
        move.card for move in reference_line(at)
    ]


@pytest.mark.parametrize("seed", range(3))
def test_the_kernel_against_the_plain_minimax_on_seven_and_eight_cards(seed: int) -> None:
    rng = random.Random(3000 + seed)
    at = random_ending(rng, 7 + seed % 2)
    assert KernelSearch(at).value(at) == reference_value(at)
    reference_value.cache_clear()


def test_the_kernel_against_the_plain_minimax_on_the_last_nine_tricks() -> None:
    at = random_ending(random.Random(4000), 9)
    assert KernelSearch(at).value(at) == reference_value(at)
    reference_value.cache_clear()


@pytest.mark.parametrize("seed", range(10))
def test_search_windows_give_bounds(seed: int) -> None:
    at = random_ending(random.Random(5000 + seed), 5)
    exact = reference_value(at) // 10
    search = KernelSearch(at)
    for low in range(exact - 3, exact + 3):
        found = search.search(at, low, low + 2)
        if low < exact < low + 2:
            assert found == exact
        elif exact <= low:
            assert exact <= found <= low
        else:
            assert low + 2 <= found <= exact


def test_representatives_keep_one_card_of_each_set_that_plays_alike() -> None:
    kinds = cards("JS QS KS 10S AS 9H")  # by suit, the weakest first
    suits = np.array([0, 0, 0, 0, 0, 1], np.int64)
    brisques = np.array([0, 0, 0, 1, 1, 0], np.int64)
    mask = sum(1 << kind for kind in range(len(kinds)))
    # nothing of the other's between them: K Q J are alike, and so are A 10
    assert tricks_kernel.representatives(mask, 0, suits, brisques) == (1 << 2) | (1 << 4) | (1 << 5)
    # the other's queen splits the king from the knave, and stands alone in both hands
    queen = 1 << 1
    assert tricks_kernel.representatives(mask, queen, suits, brisques) == (
        1 | queen | (1 << 2) | (1 << 4) | (1 << 5)
    )


# -- endings worked by hand ---------------------------------------------------------------


def test_one_card_each_the_first_of_two_equal_cards_wins() -> None:
    solution = solve(cards("KS"), cards("KS"), "S")
    assert (solution.value, solution.points, solution.last_trick) == (50, (50, 0), 0)
    solution = solve(cards("KS"), cards("KS"), "S", leader="second")
    assert (solution.value, solution.points) == (50, (0, 50))


def test_the_last_trick_decides_leading_a_small_trump() -> None:
    # The ace of spades led wins its ten at once (20), but the second's eight of trumps
    # then takes the last trick (50): -30. The seven of trumps led loses to the eight;
    # the second must lead the ten, and the ace wins it and the last trick: 20 + 50.
    solution = solve(cards("AS 7H"), cards("10S 8H"), "H")
    assert solution.value == 70
    assert [str(card) for card in solution.line] == ["7H", "8H", "10S", "AS"]
    assert solution.points == (70, 0)
    assert solution.brisques == (2, 0)
    assert reference_value(deal(cards("AS 7H"), cards("10S 8H"), "H")) == 70


def test_a_forced_line_winning_when_able() -> None:
    # Each reply is the only card allowed: the ten must follow the ace (20 to the
    # first); void in spades, the second must trump the king with his seven; leading
    # the eight of clubs, he must be beaten by the nine, which takes the last trick.
    # The first wins both brisques and the last trick, 20 + 50: all there is. (The nine
    # led first would lose it: ace and ten, then the king trumped for the last trick.)
    first, second = cards("AS KS 9C"), cards("10S 7H 8C")
    solution = solve(first, second, "H")
    assert solution.value == 70
    assert solution.points == (70, 0)
    assert [str(card) for card in solution.line] == ["AS", "10S", "KS", "7H", "8C", "9C"]
    assert [trick.winner for trick in solution.tricks] == [0, 1, 0]


def test_nine_aces_led_against_nine_sevens() -> None:
    # The first holds eight aces and a ninth; the second sevens of the same suits: every
    # trick is the first's, whoever leads: nine brisques, 90, and the last trick, 50.
    first = cards("AS AS AS AS AH AH AH AH AD")
    second = cards("7S 7S 7S 7S 7H 7H 7H 7H 7D")
    solution = solve(first, second, "C")
    assert (solution.value, solution.points, solution.brisques) == (140, (140, 0), (9, 0))
    solution = solve(first, second, "C", leader="second")
    assert (solution.value, solution.points) == (-140, (140, 0))


def test_the_solution_is_the_best_line_rescored_by_the_laws() -> None:
    rng = random.Random(6000)
    for _ in range(20):
        at = random_ending(rng, 9)
        leader = ("first", "second")[at.leader]
        solution = solve(at.hands[0], at.hands[1], at.trump, leader)
        hands = [list(at.hands[0]), list(at.hands[1])]
        points = [0, 0]
        brisques = [0, 0]
        seat = at.leader
        for number, trick in enumerate(solution.tricks, start=1):
            lead, reply = trick.cards
            assert trick.number == number and trick.leader == seat
            assert lead in hands[seat]
            assert allowed(reply, hands[1 - seat], lead, at.trump)
            hands[seat].remove(lead)
            hands[1 - seat].remove(reply)
            winner = 1 - seat if trick_won_by_second(lead, reply, at.trump) else seat
            assert trick.winner == winner
            won = worth(lead) + worth(reply) + (50 if number == len(solution.tricks) else 0)
            assert trick.points[winner] == won and trick.points[1 - winner] == 0
            points[winner] += won
            brisques[winner] += (worth(lead) + worth(reply)) // 10
            seat = winner
        assert solution.points == tuple(points)
        assert solution.brisques == tuple(brisques)
        assert solution.value == points[at.leader] - points[1 - at.leader]
        total = 50 + 10 * sum(worth(card) // 10 for card in (*at.hands[0], *at.hands[1]))
        assert sum(points) == total


def test_json() -> None:
    solution = solve(cards("AS 7H"), cards("10S 8H"), "H")
    assert solution.to_json() == {
        "hands": {"first": ["AS", "7H"], "second": ["10S", "8H"]},
        "trump": "H",
        "leader": "first",
        "value": 70,
        "points": {"first": 70, "second": 0},
        "brisques": {"first": 2, "second": 0},
        "last_trick": "first",
        "tricks": [
            {
                "trick": 1,
                "leader": "first",
                "cards": ["7H", "8H"],
                "winner": "second",
                "trick_points": {"first": 0, "second": 0},
            },
            {
                "trick": 2,
                "leader": "second",
                "cards": ["10S", "AS"],
                "winner": "first",
                "trick_points": {"first": 70, "second": 0},
            },
        ],
        "line": ["7H", "8H", "10S", "AS"],
    }


# -- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [("S", "S"), ("h", "H"), ("♦", "D"), ("♧", "C"), ("Spades", "S"), (" hearts ", "H")],
)
def test_a_suit_is_read_in_any_notation(text: str, expected: str) -> None:
    assert read_suit(text) == expected


@pytest.mark.parametrize("text", ["X", "", "10", "SH", "♠♥"])
def test_a_bad_suit_is_refused(text: str) -> None:
    with pytest.raises(NotationError, match=r"^invalid trump .*: expected a suit, S, H, D or C"):
        read_suit(text)


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        ("AS AS", "KS", "the first holds 2 cards and the second 1"),
        ("", "", "the first's hand '' has 0 cards: the last tricks are played with one to 9"),
        ("AS " * 4 + "KS " * 4 + "QS JS", "7S " * 4 + "8S " * 4 + "9S 9S", "has 10 cards"),
        ("AS AS AS", "AS AS 7S", "card 'AS' a fifth time (in the second's hand)"),
    ],
)
def test_endings_that_cannot_be_are_refused(first: str, second: str, message: str) -> None:
    hands = [cards(text) if text else [] for text in (first, second)]
    with pytest.raises(HandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_ending(*hands)
    with pytest.raises(HandError):
        solve(*hands, "S")


def test_a_bad_leader_or_trump_is_refused() -> None:
    with pytest.raises(PlayError, match=r"^invalid leader 'third': expected first or second$"):
        solve(cards("AS"), cards("KS"), "S", leader="third")
    with pytest.raises(CribcountError, match=r"^invalid trump 'X'"):
        solve(cards("AS"), cards("KS"), "X")
