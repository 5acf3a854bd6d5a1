"""The Cassino solver's kernel (solve) against its plain twin (reference_solve), and on
positions worked by hand.

The random positions are taken from the last round of random deals of every form (the
table and the hand of the seat to move as the deal left them, with the declarations
made), the other hands dealt from the cards unseen, the rest of the pack shared out at
random among the sides' piles, and a last taker drawn at random; others are dealt with a
stock still to come (the rounds dealt from it, or drawn from in Draw Cassino).
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from cassino_deals import FORMS, random_deal

from cribcount.cards import Card, parse_cards
from cribcount.cassino import solve_kernel as sk
from cribcount.cassino.advise import controllers_hold
from cribcount.cassino.forms import HAND, CassinoError, Form
from cribcount.cassino.moves import legal_moves
from cribcount.cassino.moves_kernel import CARD, COLUMNS
from cribcount.cassino.notation import write_play
from cribcount.cassino.solve import (
    DealState,
    Solution,
    _encode,
    play,
    reference_solve,
    solve,
    solve_plays,
    solves,
    start_state,
)
from cribcount.cassino.table import Table, read_table

PACK = [Card.from_id(i) for i in range(52)]


def last_round_state(form: Form, rng: random.Random, played: int) -> DealState:
    """A state of the last round of a random deal of ``form``, ``played`` plays or more
    into it (fewer cards left: the plain twin is slow on big positions)."""
    deal = random_deal(form, rng)
    per_round = HAND * form.players
    at = rng.randrange(played, per_round)
    position = deal.positions[len(deal.positions) - per_round + at]
    seen = {*position.table.cards, *position.hand}
    unseen = [card for card in PACK if card not in seen]
    rng.shuffle(unseen)
    hands: list[tuple[Card, ...]] = []
    for seat in range(1, form.players + 1):
        if seat == position.seat:
            hands.append(position.hand)
            continue
        size = HAND - at // form.players - (seat - 1 < at % form.players)
        hand: list[Card] = []
        # a seat that controls a build holds its value, as the rules keep him
        for build in position.table.builds:
            if build.controller == seat and len(hand) < size:
                value = next((c for c in unseen if form.value(c) == build.value), None)
                if value is not None and not any(form.value(c) == build.value for c in hand):
                    hand.append(value)
                    unseen.remove(value)
        while len(hand) < size:
            hand.append(unseen.pop())
        hands.append(tuple(hand))
    piles: list[list[Card]] = [[] for _ in range(form.sides)]
    for card in unseen:
        piles[rng.randrange(form.sides)].append(card)
    last = rng.choice([None, *range(1, form.players + 1)])
    declared = tuple(position.declared.get(s, frozenset()) for s in range(1, form.players + 1))
    return DealState(
        form,
        position.table,
        tuple(hands),
        position.seat,
        tuple(tuple(pile) for pile in piles),
        (),
        last,
        declared,
    )


def stock_state(
    form: Form, sizes: tuple[int, ...], stock: int, loose: int, rng: random.Random
) -> DealState:
    """A random state with hands of ``sizes``, a table of up to ``loose`` cards and a
    stock of ``stock`` cards still to come."""
    pack = PACK[:]
    rng.shuffle(pack)
    table = Table(tuple(pack[: rng.randrange(loose + 1)]))
    del pack[: len(table.loose)]
    hands = []
    for size in sizes:
        hands.append(pack[:size])
        del pack[:size]
    coming = pack[:stock]
    del pack[:stock]
    piles: list[list[Card]] = [[] for _ in range(form.sides)]
    for card in pack:
        piles[rng.randrange(form.sides)].append(card)
    seat = rng.randrange(1, form.players + 1)
    last = rng.choice([None, *range(1, form.players + 1)])
    return start_state(form, table, hands, seat, piles, last, coming)


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.title)
def test_the_last_round_of_random_deals_is_solved_as_the_plain_twin_solves_it(form: Form) -> None:
    rng = random.Random(f"{form}")
    # two-handed from the fourth play of the round on; more hands, later
    played = 3 if form.players == 2 else 2 * form.players + 1
    for _ in range(3):
        state = last_round_state(form, rng, played)
        assert solves(state, solve(state))


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.title)
def test_the_last_card_of_the_deal_is_valued_as_the_plain_twin_values_it(form: Form) -> None:
    """The deal's last card: its take, its trail, a sweep (the solver values it without
    searching its plays)."""
    rng = random.Random(f"last card {form}")
    for _ in range(12):
        state = last_round_state(form, rng, HAND * form.players - 1)
        assert sum(len(hand) for hand in state.hands) == 1
        for side in range(1, form.sides + 1):
            assert solve(state, side).value == reference_solve(state, side).value


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.title)
def test_a_hand_that_can_only_trail_is_told_as_the_plain_plays_tell_it(form: Form) -> None:
    """The solver writes the trails of a hand that can neither take nor build without
    the move kernel: exactly the hands whose legal plays are all trails (never with
    partners, who build for each other)."""
    rng = random.Random(f"trails {form}")
    told = {True: 0, False: 0}
    for _ in range(40):
        state = last_round_state(form, rng, 0)
        encoded = _encode(state, form.side(state.turn))
        moves = legal_moves(state.position)
        only = all(move.kind == "trail" for move in moves) and not form.partners
        assert sk._trails_only(encoded.first, encoded.rules) == only
        told[only] += 1
        if only:
            out = np.zeros((8, COLUMNS), np.int64)
            end = sk._trails(encoded.first, out, 0)
            assert sorted(out[:end, CARD]) == sorted(move.card.id for move in moves)
    assert told[False] > 0
    assert told[True] > 0 or form.partners


@pytest.mark.parametrize(
    ("table", "hand", "only"),
    [
        ("KH QD", "4S 9H", True),  # nothing to take, nothing to build on
        ("KH 3C", "6S 9H", False),  # the six builds nine on the three
        ("KH [3D 2C]@2", "4S 9H", False),  # the four increases the single five to nine
        ("KH [5D|3D 2C]@2", "4S 9H", True),  # a multiple five is never increased
        ("KH [3D 2C]@2", "4S 8H", True),  # nine is not held
        ("KH 3C", "KS 2H", False),  # the king takes the king
    ],
)
def test_hands_built_to_trail_or_not(table: str, hand: str, only: bool) -> None:
    laid = read_table(table)
    hands = [parse_cards(hand), []]
    rest = [c for c in PACK if c not in {*laid.cards, *hands[0]}]
    state = start_state(Form(), laid, hands, 1, [rest[::2], rest[1::2]])
    assert all(move.kind == "trail" for move in legal_moves(state.position)) == only
    encoded = _encode(state, 1)
    assert sk._trails_only(encoded.first, encoded.rules) == only


@pytest.mark.parametrize(
    ("form", "table", "card"),
    [
        (Form(), "5H 3D 2C", "10S"),  # a sweep of one group
        (Form(), "6H 4D 7C 3S", "10S"),  # a sweep of two groups
        (Form(), "5H 3D 2C 4S", "10S"),  # a take, the four left to the taker: no sweep
        (Form(), "9H 9D 2C", "10S"),  # 20 on the table, not two tens: no sweep
        (Form(), "4H 5C [9D|5D 4D]@1", "9S"),  # a build and a group: a sweep
        (Form(), "4H 5C [8D|5D 3D]@1", "9S"),  # the build of eight stays: no sweep
        (Form(), "KH KD", "KC"),  # court cards of one rank: a sweep
        (Form(), "KH QD", "KC"),  # the queen stays: no sweep
        (Form(), "QH 2D", "KC"),  # nothing to take: the trail
        (Form("royal"), "6H 7D", "KC"),  # thirteen in Royal Cassino: a sweep
        (Form("spade"), "JS 10D 5H 5S", "10S"),  # a sweep in Spade Cassino
    ],
    ids=lambda each: each.title if isinstance(each, Form) else each,
)
def test_the_last_card_takes_and_sweeps_as_the_plain_twin_counts(
    form: Form, table: str, card: str
) -> None:
    laid = read_table(table, form)
    hands = [[], parse_cards(card)]
    rest = [c for c in PACK if c not in {*laid.cards, *hands[1]}]
    for last in (None, 1, 2):
        state = start_state(form, laid, hands, 2, [rest[::2], rest[1::2]], last)
        for side in (1, 2):
            assert solve(state, side).value == reference_solve(state, side).value


@pytest.mark.parametrize(
    ("form", "sizes", "stock", "loose", "times"),
    [
        (Form(), (1, 1), 8, 1, 2),
        (Form("spade"), (1, 1), 8, 1, 1),
        (Form("draw"), (2, 2), 3, 4, 4),
        (Form("draw", 3), (1, 1, 1), 2, 4, 4),
        (Form("draw", 4, partners=True), (1, 1, 1, 1), 1, 4, 4),
    ],
    ids=lambda each: getattr(each, "title", str(each)),
)
def test_a_stock_still_to_come_is_dealt_and_drawn_as_the_plain_twin_deals_it(
    form: Form, sizes: tuple[int, ...], stock: int, loose: int, times: int
) -> None:
    rng = random.Random(f"{form} {sizes} {stock}")
    for _ in range(times):
        state = stock_state(form, sizes, stock, loose, rng)
        assert solves(state, solve(state))


def test_a_deal_already_over_is_only_counted() -> None:
    # every card taken: 26 each, so no side has most cards; side 1 has most spades (7)
    piles = [PACK[:26], PACK[26:]]
    state = start_state(Form(), Table(), [[], []], 1, piles, last_taker=2)
    # side 1: 4 aces, little Cassino, most spades = 6; side 2: big Cassino = 2
    assert solve(state) == Solution(Form(), 1, 4, (6, 2), ())


# The dealer keeping back a court card for the last take. Two-handed, the last four
# plays: the table king of hearts, ace of diamonds and six of clubs; the eldest holds
# the six of hearts and the queen of clubs, the dealer the king of clubs and the nine of
# spades. Nobody can ever take the ace (no ace, no seven, no build the hands can hold),
# so it goes to whoever takes last. The piles settle the rest: the eldest's 19 cards
# hold 8 spades (ace and little Cassino among them, 2 points) and the dealer's 26 hold
# 4 spades, two aces and big Cassino (4 points); the dealer has most cards whatever
# happens (26 and the two kings he takes at least), the eldest most spades (8 against 5
# at most).
KING_TABLE = "KH AD 6C"
ELDEST = "6H QC"
DEALER = "KC 9S"
ELDEST_PILE = "AS 2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 7H 8H 9H 10H JH QH 2D"


def king_state(eldest: str = ELDEST, table: str = KING_TABLE, seat: int = 1) -> DealState:
    in_play = {*parse_cards(KING_TABLE), *parse_cards(ELDEST), *parse_cards(DEALER)}
    mine = parse_cards(ELDEST_PILE)
    theirs = [card for card in PACK if card not in in_play and card not in mine]
    assert len(theirs) == 26
    hands = [parse_cards(eldest), parse_cards(DEALER)]
    return start_state(Form(), read_table(table), hands, seat, [mine, theirs])


def test_the_dealer_keeps_his_king_back_to_take_last() -> None:
    # the eldest has trailed his queen: if the dealer takes the king now, the eldest
    # takes the six last and the ace with it (3 to 7); so the dealer trails his nine,
    # and takes the king with the last card of the deal: 3 to 8, side 2 by 5
    state = king_state("6H", "KH AD 6C QC", seat=2)
    solution = solve(state)
    assert solves(state, solution)
    assert (solution.side, solution.value, solution.points) == (2, 5, (3, 8))
    assert solution.line == ((2, "9S trails"), (1, "6H takes 6C"), (2, "KC takes KH"))


def test_the_eldest_cannot_take_last_against_a_dealer_holding_his_king() -> None:
    # whatever the eldest does, the dealer takes last: 3 to 8 for the eldest, -5. Of
    # the eldest's plays, all as good, the first in order is taking the six; the dealer
    # then trails his nine (his first card) and keeps the king for the last take: the
    # plain twin's line, the first of equally good plays at each turn
    state = king_state()
    solution = solve(state)
    assert solves(state, solution)
    assert (solution.side, solution.value, solution.points) == (1, -5, (3, 8))
    assert reference_solve(state).line == (
        (1, "6H takes 6C"),
        (2, "9S trails"),
        (1, "QC trails"),
        (2, "KC takes KH"),
    )
    takes = [(seat, text) for seat, text in solution.line if " takes " in text]
    assert takes[-1] == (2, "KC takes KH")


def test_a_solution_is_checked_for_its_value_its_line_and_its_points() -> None:
    """The dealer's king kept back (3 to 8, +5 for him): trailing the nine first and
    taking the king last is a best line; taking the king at once is not (the eldest's
    six then takes last, and the ace, the queen and the nine left go to him: 4 to 7,
    +3)."""
    state = king_state("6H", "KH AD 6C QC", seat=2)
    line = ((2, "9S trails"), (1, "6H takes 6C"), (2, "KC takes KH"))
    best = Solution(Form(), 2, 5, (3, 8), line)
    assert solves(state, best)
    assert not solves(state, replace(best, value=4))
    assert not solves(state, replace(best, points=(4, 7)))
    assert not solves(state, replace(best, line=line[:2]))
    taken_at_once = ((2, "KC takes KH"), (1, "6H takes 6C"), (2, "9S trails"))
    assert not solves(state, replace(best, line=taken_at_once))
    assert not solves(state, replace(best, line=((1, "6H takes 6C"), *line[1:])))


def test_a_sweep_in_spade_cassino_is_worth_more_than_the_spade_given_up() -> None:
    # the eldest's five of spades sweeps the two and three (spade 1, sweep 1; the seven
    # left then goes to him as the last taker); trailed, the dealer's seven would take
    # it with the two (spade 1 to him). The eldest has 27 cards and no points: most
    # cards is his; the dealer's 21 cards hold every other point (12 spades, the jack
    # once more, little Cassino, three aces and big Cassino... 20 in all)
    form = Form("spade")
    mine = parse_cards("3H 4H 5H 6H 8H 9H 10H JH QH KH 2D 4D 5D 6D 7D 8D 9D JD QD KD")
    mine += parse_cards("2C 3C 4C 5C 6C 7C 8C")
    in_play = {*parse_cards("5S 7H 2H 3D")}
    theirs = [card for card in PACK if card not in in_play and card not in mine]
    assert (len(mine), len(theirs)) == (27, 21)
    hands = [parse_cards("5S"), parse_cards("7H")]
    state = start_state(form, read_table("2H 3D"), hands, 1, [mine, theirs])
    solution = solve(state)
    assert solves(state, solution)
    assert (solution.value, solution.points) == (-15, (5, 20))
    assert solution.line == ((1, "5S takes 2H 3D"), (2, "7H trails"))


@pytest.mark.parametrize("form", [Form("classic", 3), Form("royal", 4)], ids=lambda f: f.title)
def test_any_side_is_solved_for_as_the_plain_twin_solves_it(form: Form) -> None:
    """Three or four each for himself: the value for a side not to move, the others
    playing as one side against him."""
    rng = random.Random(f"sides {form}")
    for _ in range(3):
        state = last_round_state(form, rng, 2 * form.players + 1)
        for side in range(1, form.sides + 1):
            assert solves(state, solve(state, side))
    with pytest.raises(CassinoError, match="side 5: expected 1 to"):
        solve(state, 5)


@pytest.mark.parametrize("rule", ["none", "cancelled"])
@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.title)
def test_sweeps_by_each_rule_are_solved_as_the_plain_twin_counts_them(
    form: Form, rule: str
) -> None:
    """Sweeps not scored, or cancelled one for one (three or four each for himself: the
    fewest any side made, those before the solve included, come off every side's), for
    every side, the sweeps made before the solve at random."""
    rng = random.Random(f"{rule} {form}")
    played = 3 if form.players == 2 else 2 * form.players + 1
    for _ in range(6):
        state = last_round_state(form, rng, played)
        made = tuple(min(rng.randrange(3), len(pile) // 2) for pile in state.piles)
        state = replace(state, sweeps=made, sweep_rule=rule)
        for side in range(1, form.sides + 1):
            assert solves(state, solve(state, side))
        moves = legal_moves(state.position)
        expected = [[reference_solve(play(state, move), 1).value for move in moves]]
        assert solve_plays([state], moves, 1) == expected


def test_the_sweep_rule_is_a_known_one() -> None:
    with pytest.raises(CassinoError, match="sweep rule 'some': expected scored, none, cancelled"):
        start_state(Form(), Table(()), [parse_cards("5C"), parse_cards("9H")], sweep_rule="some")


def other_ways(state: DealState, rng: random.Random, count: int) -> list[DealState]:
    """``state`` and ``count - 1`` more of the same position for its seat to move: the
    other seats' cards and the stock shared out again at random, each seat keeping his
    number, each controller a card of his build's value."""
    form, seat = state.form, state.turn
    others = [s for s in range(1, form.players + 1) if s != seat]
    ways = [state]
    while len(ways) < count:
        cards = [card for s in others for card in state.hands[s - 1]] + list(state.stock)
        rng.shuffle(cards)
        hands = list(state.hands)
        for s in others:
            size = len(state.hands[s - 1])
            hands[s - 1], cards = tuple(cards[:size]), cards[size:]
        if not controllers_hold(form, state.table, hands):
            continue
        ways.append(replace(state, hands=tuple(hands), stock=tuple(cards)))
    return ways


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.title)
def test_the_plays_of_many_ways_are_valued_as_the_plain_twin_values_them(form: Form) -> None:
    rng = random.Random(f"plays {form}")
    played = 3 if form.players == 2 else 2 * form.players + 1
    states = other_ways(last_round_state(form, rng, played), rng, 3)
    if form.players == 2:
        states += other_ways(stock_state(form, (1, 1), 8, 1, rng), rng, 2)
    for group in ([states[0]], states[:3], states[3:]):
        if not group:
            continue
        moves = legal_moves(group[0].position)
        for side in range(1, form.sides + 1):
            expected = [
                [reference_solve(play(state, move), side).value for move in moves]
                for state in group
            ]
            assert solve_plays(group, moves, side) == expected


def test_cards_that_play_alike_and_majorities_settled_are_solved_as_the_plain_twin_does() -> None:
    """The sevens and kings of hearts, diamonds and clubs play alike; side 1 has most
    cards whatever is left (30 taken, 9 to come), side 2 every spade."""
    table = read_table("7H KD 3D")
    hands = [parse_cards("7D KH 4C"), parse_cards("7C KC AH")]
    rest = [card for card in PACK if card not in [*table.cards, *hands[0], *hands[1]]]
    others = [card for card in rest if card.suit != "S"]
    piles = [others[:30], [card for card in rest if card not in others[:30]]]
    state = start_state(Form(), table, hands, 1, piles, 2)
    assert solves(state, solve(state))
    assert solves(state, solve(state, 2))


def test_a_partners_build_is_his_duty_when_he_has_declared_its_value() -> None:
    """Seat 1 controls a build of eight and holds no eight; his partner, seat 3, holds
    the 8H. With seat 1's eight declared the build is seat 1's duty and seat 3 may trail;
    without, it is seat 3's, who holds the side's eight as far as he can tell. His plays
    do not turn on the hand seat 1 holds, though the solver knows it."""
    form = Form(players=4, partners=True)
    table = read_table("4D 5H 10S [3D 5S|8S]@1", form)
    hands = [parse_cards(hand) for hand in ("KS", "2S", "2H 8H", "2C QS")]
    rest = [card for card in PACK if card not in {*table.cards, *(c for h in hands for c in h)}]
    piles = [rest[: len(rest) // 2], rest[len(rest) // 2 :]]
    builds = ["8H takes 3D 5S 8S", "8H builds three eights on 3D 5S 8S"]
    declared = start_state(form, table, hands, 3, piles, 3, declared={1: frozenset({8})})
    assert [write_play(move) for move in legal_moves(declared.position)] == [
        "2H trails",
        *builds,
        "8H trails",
    ]
    state = start_state(form, table, hands, 3, piles, 3)
    assert [write_play(move) for move in legal_moves(state.position)] == builds
    for each in (state, declared):
        assert solves(each, solve(each))


def test_the_last_card_of_a_value_may_be_built_on_the_partners_build() -> None:
    """Royal Cassino: seat 2 controls a build of twelve that seat 4 declared and holds
    the only twelve for. As seat 4 sees it, seat 2 holds a twelve, so seat 4 may build
    his queen into it, though that leaves the side a build of twelve that neither
    partner can take: the solver finds that worth a point more than the take, since the
    side takes last and the cards left on the table go to it."""
    form = Form("royal", 4, partners=True)
    table = read_table("[AH 3D 8H|QC]@2", form)
    hands = [parse_cards(hand) for hand in ("4H 9H", "AD 4C", "3H 6C", "2C 6H QH")]
    rest = [card for card in PACK if card not in {*table.cards, *(c for h in hands for c in h)}]
    piles = [rest[: len(rest) // 2], rest[len(rest) // 2 :]]
    state = start_state(form, table, hands, 4, piles, 2, declared={4: frozenset({12})})
    plays = [write_play(move) for move in legal_moves(state.position)]
    assert "QH builds three twelves on AH 3D 8H QC" in plays
    assert "QH takes AH 3D 8H QC" in plays
    solution = solve(state)
    assert solution.value == 3 and solves(state, solution)
    assert solution.line[0] == (4, "QH builds three twelves on AH 3D 8H QC")


@pytest.mark.parametrize("runs", [3, 5])
def test_the_plays_of_many_ways_are_valued_alike_by_any_number_of_runs(
    runs: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One run to each core: the figures are the plain twin's whatever the cores."""
    import cribcount.cassino.solve as solve_module

    form = Form()
    rng = random.Random(f"runs {runs}")
    states = other_ways(last_round_state(form, rng, 3), rng, 7)
    moves = legal_moves(states[0].position)
    expected = [[reference_solve(play(state, move), 1).value for move in moves] for state in states]
    monkeypatch.setattr(solve_module, "_runs", lambda: runs)
    assert solve_plays(states, moves, 1) == expected
