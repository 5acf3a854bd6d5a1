"""Cassino advice in the forms with more than one way for the unseen cards to lie:
four-handed each for himself and with partners, and Draw Cassino, before and after the
stock runs out. Each case is exact (few ways), and each figure is checked against the
mean, over every way enumerated here, of the plain minimax's value after the play.

The ways, as the advice's model states them: every split of the unseen cards (those not
in the mover's hand, on the table or in a pile) into the other hands' sizes, which
follow from the order of play (with seat N to move holding H cards, the seats before
him hold H - 1 and those after him H), and then, in Draw Cassino while the stock lasts
(every hand holding four), the rest as the stock in the order it is drawn; each way
alike likely. Without partners, a way that leaves a controller no card of his build's
value is no way.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest

from cribcount.cards import Card, parse_cards
from cribcount.cassino.advise import Advice, advise
from cribcount.cassino.forms import Form
from cribcount.cassino.moves import Move, legal_moves
from cribcount.cassino.solve import play, reference_solve, start_state
from cribcount.cassino.table import Table, read_table


def splits(cards: Sequence[Card], sizes: Sequence[int]) -> Iterator[list[list[Card]]]:
    """Every way to deal ``cards`` into groups of ``sizes``, in order."""
    if not sizes:
        yield []
        return
    for chosen in itertools.combinations(cards, sizes[0]):
        left = [card for card in cards if card not in chosen]
        for rest in splits(left, sizes[1:]):
            yield [list(chosen), *rest]


def piles_of(in_play: Sequence[Card], cuts: Sequence[int]) -> list[list[Card]]:
    """The cards not in play, in card order, cut into the piles at ``cuts``."""
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in in_play]
    edges = [0, *cuts, len(rest)]
    return [rest[a:b] for a, b in itertools.pairwise(edges)]


def holds_his_values(form: Form, table: Table, hands: Sequence[Sequence[Card]]) -> bool:
    """Whether every build's value is held on its controller's side: by him, or with
    partners by him or his partner (seats 1 and 3, 2 and 4)."""
    for build in table.builds:
        if build.controller is None:
            continue
        side = [build.controller]
        if form.partners:
            side.append((build.controller + 1) % 4 + 1)
        if not any(form.value(card) == build.value for s in side for card in hands[s - 1]):
            return False
    return True


def means_over_every_way(
    form: Form,
    table: Table,
    hand: Sequence[Card],
    seat: int,
    piles: Sequence[Sequence[Card]],
    last_taker: int,
    unseen: Sequence[Card],
    sizes: Sequence[int],
    stock: int = 0,
) -> tuple[dict[Move, float], int]:
    """Each legal play's mean value after it for the mover's side, by reference_solve,
    over every way the ``unseen`` cards lie: the other seats' hands of ``sizes`` (the
    mover's own given as 0), then ``stock`` cards, each in its place; and the ways."""
    side = form.side(seat)
    totals: dict[Move, int] = {}
    ways = 0
    others = [size for s, size in enumerate(sizes, start=1) if s != seat]
    for way in splits(unseen, [*others, *[1] * stock]):
        groups = iter(way)
        hands = [list(hand) if s == seat else next(groups) for s in range(1, form.players + 1)]
        drawn = [card for group in groups for card in group]
        if not holds_his_values(form, table, hands):
            continue
        ways += 1
        state = start_state(form, table, hands, seat, piles, last_taker, drawn)
        # the plays as the player sees them: his partner's hand unknown to him
        for move in legal_moves(replace(state.position, partner_holds=None)):
            value = reference_solve(play(state, move), side).value
            totals[move] = totals.get(move, 0) + value
    return {move: total / ways for move, total in totals.items()}, ways


def check(advice: Advice, means: dict[Move, float], ways: int) -> None:
    assert advice.exact and advice.ways == ways
    assert all(option.stderr == 0 for option in advice.options)
    found = {option.move: option.value for option in advice.options}
    assert found.keys() == means.keys()
    for move, mean in means.items():
        assert found[move] == pytest.approx(mean)
    values = [option.value for option in advice.options]
    assert values == sorted(values, reverse=True)


def test_four_handed_each_for_himself() -> None:
    # The last round, seat 3 to move holding two: seats 1 and 2 hold one each, seat 4
    # two, 4 cards unseen: 4 * 3 = 12 splits. Seat 4 controls a build of seven, and the
    # 7S is the one seven unseen, so only the splits with it in seat 4's hand are ways:
    # seats 1 and 2 each one of the other three, 3 * 2 = 6.
    form = Form(players=4)
    table = read_table("[4H 3H]@4 AH JS", form)
    hand = parse_cards("8D AC")
    unseen = parse_cards("7S 3D 9H 5S")
    piles = piles_of([*table.cards, *hand, *unseen], [11, 22, 33])
    advice = advise(form, table, hand, 3, piles, 4)
    assert advice.unseen.round == 3 and advice.unseen.sizes == (1, 1, 0, 2)
    assert advice.unseen.ways == 12
    means, ways = means_over_every_way(form, table, hand, 3, piles, 4, unseen, [1, 1, 0, 2])
    assert ways == 6
    check(advice, means, ways)
    # the AC raises seat 4's seven to an eight, for the 8D: the build becomes seat 3's
    assert advice.best.text == "AC builds eight on 3H 4H"
    assert len({option.value for option in advice.options}) == len(advice.options)


def test_four_handed_with_partners() -> None:
    # Seats 1 and 3 against 2 and 4. The last round, seat 4 (the dealer) to move holding
    # two: seats 1 to 3 hold one each, 3 cards unseen: 3! = 6 splits. Seat 1 controls a
    # build of eight, and his side never plays its last eight but to take it: the 8D,
    # the only eight unseen, is seat 1's or his partner's (seat 3's), never seat 2's: 4
    # ways.
    form = Form(players=4, partners=True)
    table = read_table("[5H 3H]@1 2D 6S", form)
    hand = parse_cards("8C 6D")
    unseen = parse_cards("8D 2H JS")
    piles = piles_of([*table.cards, *hand, *unseen], [22])
    advice = advise(form, table, hand, 4, piles, 1)
    assert advice.unseen.round == 3 and advice.unseen.sizes == (1, 1, 1, 0)
    means, ways = means_over_every_way(form, table, hand, 4, piles, 1, unseen, [1, 1, 1, 0])
    assert ways == 4 and advice.ways == 4
    check(advice, means, ways)
    assert advice.best.text == "8C takes 2D 3H 5H 6S"


def test_draw_cassino_while_the_stock_lasts() -> None:
    # Two-handed, one card left in the stock: seat 1 holds four and seat 2 four, the
    # five unseen cards seat 2's four and the stock's one, 5 ways. Seat 1 draws the
    # stock's last card after his play.
    form = Form(game="draw")
    table = read_table("KH", form)
    hand = parse_cards("QS JD 9C 2H")
    unseen = parse_cards("QH JC KD 8S 6H")
    piles = piles_of([*table.cards, *hand, *unseen], [20])
    advice = advise(form, table, hand, 1, piles, 2)
    assert advice.unseen.round is None
    assert (advice.unseen.sizes, advice.unseen.stock) == ((0, 4), 1)
    means, ways = means_over_every_way(form, table, hand, 1, piles, 2, unseen, [0, 4], 1)
    assert ways == 5
    check(advice, means, ways)
    assert len({option.value for option in advice.options}) > 1


def test_draw_cassino_once_the_stock_is_out() -> None:
    # Three-handed, the stock out: seat 2 to move holding two, seat 1 one and seat 3
    # two, 3 cards unseen: 3 ways.
    form = Form(game="draw", players=3)
    table = read_table("4S 6H 10C", form)
    hand = parse_cards("10D 2S")
    unseen = parse_cards("4D AC 6C")
    piles = piles_of([*table.cards, *hand, *unseen], [14, 28])
    advice = advise(form, table, hand, 2, piles, 3)
    assert advice.unseen.round is None
    assert (advice.unseen.sizes, advice.unseen.stock) == ((1, 0, 2), 0)
    means, ways = means_over_every_way(form, table, hand, 2, piles, 3, unseen, [1, 0, 2])
    assert ways == 3
    check(advice, means, ways)
