"""Cassino advice: the deal solved with every hand known, and the best play from one
seat, on positions worked out by hand and against the solver and the replayed deal."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from cassino_deals import random_deal

from cribcount.cards import Card, parse_cards
from cribcount.cassino.advise import (
    Advice,
    advise,
    count_ways,
    read_hands,
    solve_position,
    unseen_of,
)
from cribcount.cassino.count import count_deal
from cribcount.cassino.deal import replay_deal
from cribcount.cassino.forms import CassinoError, Form
from cribcount.cassino.moves import legal_moves
from cribcount.cassino.notation import write_play
from cribcount.cassino.solve import (
    DealState,
    compile_note,
    final_count,
    play,
    solve,
    solve_plays,
    solves,
    start_state,
    value_for,
)
from cribcount.cassino.table import Table, read_table

POINTS = parse_cards("AH AC AD 10D")
PACK = [Card.from_id(i) for i in range(52)]


def piles_around(in_play: Sequence[Card], first: int = 22) -> list[list[Card]]:
    """The rest of the pack as the two piles: side 1 every spade (so most spades, little
    Cassino and the ace of spades: 3 points) and the first others in card order up to
    ``first`` cards; side 2 the rest, with big Cassino and three aces (5 points). With
    no spade, ace or big Cassino in play, only the cards and the sweeps are left to
    decide."""
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in in_play]
    spades = [card for card in rest if card.suit == "S"]
    others = [card for card in rest if card.suit != "S" and card not in POINTS]
    cut = first - len(spades)
    return [spades + others[:cut], POINTS + others[cut:]]


def two_handed(table: str, mine: str, his: str, seat: int, first: int = 22) -> Advice:
    """Advice for ``seat`` in the last round, the other holding ``his``, seat 1 last taker."""
    cards = parse_cards(f"{table} {mine} {his}")
    piles = piles_around(cards, first)
    advice = advise(Form(), Table(tuple(parse_cards(table))), parse_cards(mine), seat, piles, 1)
    assert advice.exact and advice.ways == 1 and advice.unseen.round == 6
    assert set(advice.unseen.cards) == set(parse_cards(his))
    return advice


def figures(advice: Advice) -> list[tuple[str, float]]:
    return [(option.text, option.value) for option in advice.options]


def test_the_dealer_keeps_back_his_court_card_for_the_last_take() -> None:
    # seat 2 (the dealer) holds KD 5C, seat 1 the 7H, the table KH 4D 3C; side 1 has 22
    # cards and 3 points, side 2 24 cards and 5 points, 52 in all.
    # - 5C trails: the 7H takes 4D 3C, KD takes KH and the 5C left: side 2 27 cards to 25,
    #   cards 3: 8 to 3, +5 (had the 7H trailed, KD takes KH and all the rest);
    # - KD takes KH: the 7H sweeps 4D 3C and takes the 5C left: 26 cards each, no points
    #   for cards, a sweep to side 1: 5 to 4, +1;
    # - KD trails: the 7H takes 4D 3C and is left KH KD 5C: side 1 28 cards: 5 to 6, -1
    #   (trailing too leaves all seven to seat 1, the last taker: -1).
    advice = two_handed("KH 4D 3C", "KD 5C", "7H", 2)
    assert figures(advice) == [("5C trails", 5), ("KD takes KH", 1), ("KD trails", -1)]
    assert all(option.stderr == 0 for option in advice.options)


def test_a_build_the_opponent_can_take() -> None:
    # seat 2 holds 2H 9C, seat 1 the 9D, the table 7H 4C 5D (the same piles' points):
    # - 9C takes 4C 5D: the 9D can take nothing and trails, 2H trails, and seat 2 takes
    #   the last: all six, 30 cards to 22: 8 to 3, +5;
    # - 2H builds nine on 7H (alone, or gathering 4C 5D as two nines): the 9D takes it
    #   and the rest, a sweep, and the 9C trailed last: 28 cards to 24, 7 to 5, -2;
    # - 2H trails: the 9D sweeps 2H 7H and 4C 5D: -2 the same way;
    # - 9C trails: the 9D takes 9C with 4C 5D, and the 7H and 2H are left to him: no
    #   sweep, 6 to 5, -1.
    advice = two_handed("7H 4C 5D", "2H 9C", "9D", 2)
    assert figures(advice) == [
        ("9C takes 4C 5D", 5),
        ("9C trails", -1),
        ("2H builds nine on 7H", -2),
        ("2H builds two nines on 4C 5D 7H", -2),
        ("2H trails", -2),
    ]


def test_a_sweep_given_away_by_a_trail() -> None:
    # seat 2 holds 6H 4D, seat 1 the 10C, the table 4C; 24 cards each in the piles:
    # - 4D takes 4C, a sweep; the 10C and 6H trail and are left to seat 2: 28 to 24
    #   cards, 9 to 3, +6;
    # - 6H trails: the 10C sweeps 4C 6H and is left the 4D: 7 to 5, -2;
    # - 4D trails: nothing can be taken, and the table goes to seat 1, who took last
    #   before: 6 to 5, -1; the trail of the 6H gives away the sweep besides.
    advice = two_handed("4C", "6H 4D", "10C", 2, first=24)
    assert figures(advice) == [("4D takes 4C", 6), ("4D trails", -1), ("6H trails", -2)]


def test_advice_in_the_last_round_two_handed_is_the_solve_of_each_child() -> None:
    form = Form()
    table = read_table("5D 4C [6H 3H]@2")
    mine, his = parse_cards("9C 7D 2H"), parse_cards("9D 8C 5H")
    piles = piles_around([*table.cards, *mine, *his], 20)
    advice = advise(form, table, mine, 1, piles, 2)
    state = start_state(form, table, [mine, his], 1, piles, 2)
    expected = []
    for move in legal_moves(state.position):
        child = play(state, move)
        expected.append((move, -solve(child).value))
    assert {o.move for o in advice.options} == {m for m, _ in expected}
    found = {option.move: option.value for option in advice.options}
    assert all(found[move] == value for move, value in expected)
    values = [option.value for option in advice.options]
    assert values == sorted(values, reverse=True)
    # the best play is the solution's first
    assert advice.best.value == solve(state).value


def brute_value(now: DealState, side: int) -> int:
    """A plain minimax for ``side`` against all the others together, from scratch."""
    if now.over:
        return value_for(final_count(now), side)
    found = [brute_value(play(now, move), side) for move in legal_moves(now.position)]
    return max(found) if now.form.side(now.turn) == side else min(found)


def test_three_handed_advice_is_the_mean_over_every_split() -> None:
    # seat 2 to move holding two cards, seat 1 one and seat 3 two; the five unseen
    # cards after seat 2's hand and the table split 1 and 2 ways among seats 1 and 3:
    # 3 ways, each solved for seat 2 against both others
    form = Form(players=3)
    table = read_table("5C KH")
    mine = parse_cards("5D 9H")
    others = parse_cards("KS 4C 8D")
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in [*table.cards, *mine]]
    rest = [card for card in rest if card not in others]
    piles = [rest[:16], rest[16:32], rest[32:]]
    advice = advise(form, table, mine, 2, piles, 3)
    assert advice.exact and advice.ways == 3 and advice.unseen.round == 4
    assert advice.unseen.sizes == (1, 0, 2) and advice.sizes == (1, 2, 2)
    splits = [([a], [b for b in others if b != a]) for a in others]
    means: dict[str, float] = {}
    for seat1, seat3 in splits:
        state = start_state(form, table, [seat1, mine, seat3], 2, piles, 3)
        for move in legal_moves(state.position):
            text = f"{move.card} {move.kind} {move.takes} {move.build}"
            means[text] = means.get(text, 0) + brute_value(play(state, move), 2) / 3
    got = {
        f"{o.move.card} {o.move.kind} {o.move.takes} {o.move.build}": o.value
        for o in advice.options
    }
    assert got.keys() == means.keys()
    assert all(got[key] == pytest.approx(means[key]) for key in means)


def test_sampled_advice_is_the_same_for_the_same_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    form = Form(players=3)
    table = read_table("5C KH")
    mine = parse_cards("5D 9H")
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in [*table.cards, *mine]]
    others = parse_cards("KS 4C 8D")
    rest = [card for card in rest if card not in others]
    piles = [rest[:16], rest[16:32], rest[32:]]
    first = advise(form, table, mine, 2, piles, 3, samples=12, seed=7, exact_ways=0)
    again = advise(form, table, mine, 2, piles, 3, samples=12, seed=7, exact_ways=0)
    assert not first.exact and (first.samples, first.seed, first.ways) == (12, 7, 3)
    assert first.to_json() == again.to_json()
    # the samples as the module docstring draws them: a double for each unseen card (in
    # card order), the cards ordered by them, the first to seat 1 and the next to seat 3
    unseen = sorted(others, key=lambda card: card.id)
    rows = np.random.Generator(np.random.PCG64(7)).random((12, 3))
    values: dict[str, list[int]] = {}
    for row in rows:
        order = [unseen[int(i)] for i in np.argsort(row, kind="stable")]
        state = start_state(form, table, [order[:1], mine, order[1:]], 2, piles, 3)
        for move in legal_moves(state.position):
            values.setdefault(write_play(move), []).append(brute_value(play(state, move), 2))
    for option in first.options:
        found = values[option.text]
        mean = sum(found) / 12
        stderr = math.sqrt(sum((v - mean) ** 2 for v in found) / 11 / 12)
        assert option.value == pytest.approx(mean)
        assert option.stderr == pytest.approx(stderr)


def test_solve_line_replayed_counts_to_its_value() -> None:
    form = Form()
    rng = random.Random("cassino solve")
    for _ in range(3):
        deal = random_deal(form, rng)
        # the first five rounds and two plays of the last as dealt, then the rest solved
        done = deal.plays[:42]
        before = replay_deal(form, deal.table, done, deal.hands)
        hands = [
            [
                card
                for card in deal.hands[5][seat]
                if card not in {p.move.card for p in before.plays[40:]}
            ]
            for seat in range(2)
        ]
        table = before.plays[-1].table
        solved = solve_position(form, table, hands, 1, before.piles, before.last_taker)
        line = [text for _, text in solved.solution.line]
        assert len(line) == 6 and [seat for seat, _ in solved.solution.line] == [1, 2] * 3
        whole = replay_deal(form, deal.table, [*done, *line], deal.hands)
        assert whole.over
        # the value counts the sweeps made in the rest only
        sweeps = [a - b for a, b in zip(whole.sweeps, before.sweeps, strict=True)]
        count = count_deal(whole.piles, sweeps, form)
        assert value_for(count, 1) == solved.solution.value
        assert tuple(side.total for side in count.sides) == solved.solution.points


def test_sampled_advice_before_the_last_round_is_the_mean_of_the_drawn_ways() -> None:
    """Round 5, seat 1 to play his last card of it, seat 2 holding one: nine cards
    unseen, seat 2's card and the last round's eight; sampled (as if the 630 ways were
    too many), each way drawn as the module states and solved with the stock known."""
    form = Form()
    table = read_table("5D 4C")
    mine = parse_cards("9C")
    hidden = parse_cards("2H 3H 6H 7C 8D JH QC KD 10H")
    piles = piles_around([*table.cards, *mine, *hidden], 20)
    advice = advise(form, table, mine, 1, piles, 1, samples=5, seed=11, exact_ways=0)
    assert not advice.exact and (advice.ways, advice.samples) == (630, 5)
    assert (advice.unseen.sizes, advice.unseen.stock, advice.unseen.round) == ((0, 1), 8, 5)
    unseen = sorted(hidden, key=lambda card: card.id)
    rows = np.random.Generator(np.random.PCG64(11)).random((5, 9))
    values: dict[str, list[int]] = {}
    for row in rows:
        order = [unseen[int(i)] for i in np.argsort(row, kind="stable")]
        # seat 2's card, then the last round: seat 1's four and seat 2's four, dealt two
        # at a time from seat 1
        first, second = order[1:5], order[5:9]
        stock = [*first[:2], *second[:2], *first[2:], *second[2:]]
        state = start_state(form, table, [mine, order[:1]], 1, piles, 1, stock)
        for move in legal_moves(state.position):
            values.setdefault(write_play(move), []).append(solve(play(state, move), 1).value)
    assert {option.text for option in advice.options} == set(values)
    for option in advice.options:
        found = values[option.text]
        mean = sum(found) / 5
        assert option.value == pytest.approx(mean)
        assert option.stderr == pytest.approx(math.sqrt(sum((v - mean) ** 2 for v in found) / 20))


def test_advice_solves_at_most_sixteen_cards_still_to_be_played_or_twelve() -> None:
    form = Form()
    table = Table(tuple(parse_cards("KH")))
    hand = parse_cards("KD 5C 2H")
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in [*table.cards, *hand]]
    # round 4, seat 1 holding three, seat 2 three, a stock of 16: 22 cards to play
    with pytest.raises(
        CassinoError,
        match=r"22 cards still to be played: too many to solve the rest for each way the"
        r" unseen cards can lie; expected at most 16 with 2 players",
    ):
        advise(form, table, hand, 1, [rest[:15], rest[15:29]], 2)
    # four-handed, the last round's first play: seat 1 holding four, the others four
    # each: 16 cards to play
    four = Form(players=4)
    hand = parse_cards("KD 5C 2H 9S")
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in [*table.cards, *hand]]
    with pytest.raises(CassinoError, match=r"16 cards still to be played: .* at most 12 with 4"):
        advise(four, table, hand, 1, [rest[:20], rest[20:35], [], []], 2)


def test_the_ways_and_the_hands_sizes() -> None:
    form = Form()
    # round 5, seat 1 holding two: seat 2 two, a stock of eight: 10! / (2! 4! 4!)
    table = Table(tuple(parse_cards("KH")))
    hand = parse_cards("KD 5C")
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in [*table.cards, *hand]]
    unseen = unseen_of(form, table, hand, 1, [rest[:20], rest[20:39]])
    assert (unseen.sizes, unseen.stock, unseen.round) == ((0, 2), 8, 5)
    assert unseen.ways == 3150 == count_ways([2, 4, 4])
    # four players, seat 3 holding three: seats 1 and 2 two, seat 4 three
    four = Form(players=4)
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in hand]
    hand3 = parse_cards("KD 5C 2H")
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in [*table.cards, *hand3]]
    unseen = unseen_of(four, table, hand3, 3, [rest[:20], rest[20:41], [], []])
    assert (unseen.sizes, unseen.stock, unseen.round) == ((2, 2, 0, 3), 0, 3)
    assert unseen.ways == 7 * 6 // 2 * 5 * 4 // 2  # 7! / (2! 2! 3!) = 210
    with pytest.raises(
        CassinoError,
        match=r"the table and the piles hold 40 cards: with seat 1"
        r" to move holding 3, expected 6, 14, 22, 30, 38 or 46 \(rounds 1 to 6\)",
    ):
        unseen_of(form, table, parse_cards("KD 5C 2H"), 1, [rest[:20], rest[20:39]])


def test_errors_of_solve_and_advise() -> None:
    form = Form()
    table = read_table("5D [4C 5C]@2")
    with pytest.raises(CassinoError, match=r"seat 2 controls the build .* holds no card of 9"):
        solve_position(form, table, [[], parse_cards("2H")], 2)
    with pytest.raises(
        CassinoError,
        match=r"^seat 1 holds 2 cards: the seats play in turn from seat 1, and seat 2 to move"
        r" holds 2; expected 1$",
    ):
        solve_position(form, read_table("5D"), [parse_cards("8S 7S"), parse_cards("2H 9H")], 2)
    with pytest.raises(
        CassinoError,
        match=r"^seat 1 holds 3 cards: each hand holds four while the stock lasts, a card drawn"
        r" after each play; expected 4$",
    ):
        hands = [parse_cards("9C 7H AH"), parse_cards("9D 2C 3D 4D")]
        solve_position(Form("draw"), read_table("5D 4C"), hands, 1, stock=parse_cards("KS"))
    with pytest.raises(CassinoError, match="the piles hold cards, so somebody has taken"):
        solve_position(
            form,
            read_table("5D"),
            [parse_cards("8S"), parse_cards("2H")],
            1,
            [parse_cards("AS"), []],
        )
    with pytest.raises(CassinoError, match="3 hands, expected one for each of the 2 seats"):
        read_hands("5D | 6D | 7D", form)
    assert read_hands("5D 6D | -", form) == (tuple(parse_cards("5D 6D")), ())


def test_a_partners_declaration_lets_the_player_build_for_him() -> None:
    """Four-handed with partners, the last round: seat 2 holds the 5C only, seats 3
    and 4 a card each (the 9S and the KD). His partner, seat 4, has declared nine this
    round, so seat 2 may build nine on the 4D for him; without the declaration he holds
    no nine and may not. Declared, and seat 2 holding no nine, the nine is seat 4's:
    one way (without it, two)."""
    form = Form(players=4, partners=True)
    table = read_table("4D 7H")
    mine = parse_cards("5C")
    hidden = parse_cards("9S KD")
    rest = [card for card in PACK if card not in [*table.cards, *mine, *hidden]]
    piles = [rest[:24], rest[24:]]
    declared = {4: frozenset({9})}
    advice = advise(form, table, mine, 2, piles, 1, declared=declared)
    plain = advise(form, table, mine, 2, piles, 1)
    build = "5C builds nine on 4D"
    assert build in {option.text for option in advice.options}
    assert build not in {option.text for option in plain.options}
    assert (advice.exact, advice.ways, plain.ways) == (True, 1, 2)
    nine, king = hidden
    hands = [[], mine, [king], [nine]]
    state = start_state(form, table, hands, 2, piles, 1, (), declared)
    for option in advice.options:
        assert option.value == brute_value(play(state, option.move), 2)
    solved = solve_position(form, table, hands, 2, piles, 1, (), declared)
    assert solves(state, solved.solution)


def test_a_partners_build_is_the_players_duty_while_the_partner_may_hold_no_card_of_it() -> None:
    """Four-handed with partners: seat 3 controls a build of five, seat 1 has declared
    five and holds the 5H, the only five not taken, so seat 3 holds none (he built on
    seat 1's). Every way, seat 1 may neither trail nor build his five away: the take
    is his only play."""
    form = Form(players=4, partners=True)
    table = read_table("3S 6H 8D 9S 10S 10D JC QS [AS 4S]@3", form)
    piles = [
        parse_cards("AH AD 2S 3H 3C 4D 5D 6S 7S 7H 7D 8S 8H 9H 9D 9C 10H JS JH QH QD"),
        parse_cards("2H 2D 2C 3D 4H 4C 5S 5C 6D 6C 7C 8C 10C KS KH KD KC"),
    ]
    advice = advise(form, table, parse_cards("5H"), 1, piles, 1, declared={1: frozenset({5})})
    assert [option.text for option in advice.options] == ["5H takes AS 4S"]


def test_the_partner_holds_no_value_of_which_no_card_is_unseen() -> None:
    """Seat 3 has declared seven. Seat 1 may build seven on the 5D for him while a seven
    is unseen, and not once every seven is seen elsewhere: then no way gives seat 3 one."""
    form = Form(players=4, partners=True)
    table = read_table("5D KS", form)
    mine = parse_cards("9C 2H")
    declared = {3: frozenset({7})}
    texts = []
    for unseen in ("QH QD JC JD KH KD", "QH QD JC JD KH 7C"):
        hidden = parse_cards(unseen)
        rest = [card for card in PACK if card not in [*table.cards, *mine, *hidden]]
        advice = advise(form, table, mine, 1, [rest[:20], rest[20:]], 1, declared=declared)
        texts.append({option.text for option in advice.options})
    assert texts == [
        {"9C trails", "2H trails"},
        {"2H builds seven on 5D", "2H trails", "9C trails"},
    ]


def test_the_ways_give_the_partner_the_values_he_is_taken_to_hold() -> None:
    """Seat 3 controls a build of eight, so seat 1, who holds the 8C, takes him to hold
    an eight, and may build his eight into it; seat 3 has not declared eight, so the
    build is seat 1's duty, and he may not trail. The ways are those that give seat 3
    an eight. Of the 90 ways six unseen cards with two eights
    lie two to each other seat, seat 3 holds no eight in 6 * 6 (two of the four others,
    then two of the four left for seat 2): 54 ways are solved. With one eight unseen and
    seat 3's seven declared, the ways are those that give seat 3 both the 8H and the 7C:
    6, the ways the four others lie two to seat 2 and two to seat 4."""
    form = Form(players=4, partners=True)
    mine = parse_cards("8C 2H")
    found = []
    for table_text, unseen, declared in (
        ("[5D 3C]@3 KS", "8H 8D QH QD JC JD", {}),
        ("[5D 3C]@3 KS", "8H 7C QH QD JC JD", {3: frozenset({7})}),
    ):
        table = read_table(table_text, form)
        hidden = parse_cards(unseen)
        rest = [card for card in PACK if card not in [*table.cards, *mine, *hidden]]
        advice = advise(form, table, mine, 1, [rest[:20], rest[20:]], 1, declared=declared)
        assert advice.exact
        found.append((advice.ways, {option.text for option in advice.options}))
    plays = {"8C takes 3C 5D", "8C builds two eights on 3C 5D"}
    assert found == [(54, plays), (6, plays)]


def test_no_compile_note_once_the_solver_kernels_are_cached() -> None:
    """The note of each kernel, one solve's and advice's (the solves of many ways), is
    given only before that kernel is first compiled."""
    state = start_state(Form(), read_table("5D 4C"), [parse_cards("9C 7H"), parse_cards("9D 2C")])
    # only the eight cards in play count. The 9C sweeps, then 2C and 7H trail and the
    # 9D sweeps: a sweep and four cards each, 0 (trailing his 9D first, the dealer
    # would leave the three cards to the eldest). Trailed, the 7H is left when the 9D
    # takes 4C 5D, and the 9C and 2C then trail to the dealer: his six cards, 3. The
    # 9C trailed is taken with the 4C 5D, a sweep, and the dealer takes last: 3 and 1
    assert solve(state).value == 0
    moves = [write_play(move) for move in legal_moves(state.position)]
    assert moves == ["7H trails", "9C takes 4C 5D", "9C trails"]
    assert solve_plays([state], legal_moves(state.position), 1) == [[-3, 0, -4]]
    uncached = "compiling kernels (no writable cache directory, so on every run)"
    assert compile_note() in (None, uncached)
    assert compile_note(many=True) in (None, uncached)


# -- sampling to a time -----------------------------------------------------------------


def three_handed_last_round() -> tuple[Form, Table, list[Card], list[list[Card]], list[Card]]:
    """Seat 2 to move holding 5D 9H in the last round three-handed, 5C KH on the table,
    KS 4C 8D unseen (one in seat 1's hand, two in seat 3's): three ways."""
    form = Form(players=3)
    table = read_table("5C KH")
    mine = parse_cards("5D 9H")
    others = parse_cards("KS 4C 8D")
    rest = [card for card in PACK if card not in [*table.cards, *mine, *others]]
    return form, table, mine, [rest[:16], rest[16:32], rest[32:]], others


def test_the_ways_drawn_are_the_same_in_blocks_of_any_size(monkeypatch: pytest.MonkeyPatch) -> None:
    # 300 samples cross the adviser's blocks of 256 rows: still the first 300 rows of
    # the seed's doubles, the cards ordered by each row
    form, table, mine, piles, others = three_handed_last_round()
    advice = advise(form, table, mine, 2, piles, 3, samples=300, seed=3, exact_ways=0)
    unseen = sorted(others, key=lambda card: card.id)
    by_way: dict[tuple[Card, ...], dict[str, int]] = {}
    totals: dict[str, list[int]] = {}
    for row in np.random.Generator(np.random.PCG64(3)).random((300, 3)):
        order = tuple(unseen[int(i)] for i in np.argsort(row, kind="stable"))
        if order[0] not in by_way.setdefault(order[:1], {}) and not by_way[order[:1]]:
            state = start_state(form, table, [list(order[:1]), mine, list(order[1:])], 2, piles, 3)
            by_way[order[:1]] = {
                write_play(move): brute_value(play(state, move), 2)
                for move in legal_moves(state.position)
            }
        for text, value in by_way[order[:1]].items():
            totals.setdefault(text, []).append(value)
    best = max(totals, key=lambda text: sum(totals[text]))
    for option in advice.options:
        found = totals[option.text]
        assert option.value == pytest.approx(sum(found) / 300)
        differences = [b - v for b, v in zip(totals[best], found, strict=True)]
        mean = sum(differences) / 300
        spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / 299 / 300)
        assert option.diff_stderr == pytest.approx(spread, abs=1e-12)
    assert advice.best.diff_stderr == 0.0


def round_five(seed: int) -> tuple[Form, Table, list[Card], int, Any, int | None]:
    """Round 5 of a random deal two-handed after four of its plays: seat 1 to move
    holding two cards; two more rounds to come."""
    form = Form()
    deal = random_deal(form, random.Random(seed))
    before = replay_deal(form, deal.table, deal.plays[:36], deal.hands)
    played = {p.move.card for p in before.plays[32:]}
    hand = [card for card in deal.hands[4][0] if card not in played]
    return form, before.plays[-1].table, hand, 1, before.piles, before.last_taker


def test_sampling_to_a_time_gives_the_figures_of_as_many_samples() -> None:
    form, table, hand, seat, piles, last = round_five(1)
    timed = advise(form, table, hand, seat, piles, last, time_limit=0.001)
    # the time is looked at after each chunk of ways: spent after the first, of four
    assert (timed.stopped, timed.samples, timed.time_limit) == ("time", 4, 0.001)
    fixed = advise(form, table, hand, seat, piles, last, samples=4)
    assert fixed.stopped == "samples"
    assert [o.to_json() for o in timed.options] == [o.to_json() for o in fixed.options]


def test_sampling_stops_where_the_best_leads_by_three_errors_whatever_the_time() -> None:
    # a position whose best play separates within a few hundred samples: the stop is
    # at the first multiple of 100 where the best leads the next by three standard
    # errors of their difference, as the fixed samples' own figures say, for any time
    form, table, hand, seat, piles, last = round_five(7)
    timed = advise(form, table, hand, seat, piles, last, time_limit=600)
    n = timed.samples
    assert (n, timed.stopped) == (200, "separated")
    again = advise(form, table, hand, seat, piles, last, time_limit=300)
    assert (again.samples, again.stopped) == (n, "separated")

    def leads(advice: Advice) -> bool:
        runner = advice.options[1]
        gap = advice.best.value - runner.value
        return gap > 0 and gap >= 3 * runner.diff_stderr

    # not at the checkpoint before (nor, by the same reckoning, at any earlier one)
    assert not leads(advise(form, table, hand, seat, piles, last, samples=n - 100))
    fixed = advise(form, table, hand, seat, piles, last, samples=n)
    assert leads(fixed) and fixed.separated
    assert [o.to_json() for o in timed.options] == [o.to_json() for o in fixed.options]


def test_sampling_to_a_time_stops_at_the_most_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    # 5S and 9C trailed are within 0.02 of each other: not separated by 300 samples
    import cribcount.cassino.advise as adviser

    monkeypatch.setattr(adviser, "MOST_SAMPLES", 300)
    form, table, hand, seat, piles, last = round_five(3)
    told: list[int] = []
    advice = advise(
        form, table, hand, seat, piles, last, time_limit=600,
        progress=lambda n, elapsed: told.append(n),
    )  # fmt: skip
    assert (advice.stopped, advice.samples) == ("most", 300)
    assert not advice.separated
    assert told == sorted(told) and told[-1] == 300


def test_one_play_is_sampled_once() -> None:
    form = Form()
    table = read_table("5D 4C")
    mine = parse_cards("9C")
    hidden = parse_cards("2H 3H 6H 7C 8D JH QC KD 10H")
    piles = piles_around([*table.cards, *mine, *hidden], 20)
    # the 9 may take the 5 and 4 or trail: two plays; with a build of nine of his own
    # on the table the controller must take it
    build = read_table("[5D 4C]@1")
    advice = advise(form, build, mine, 1, piles, 1, exact_ways=0, time_limit=600)
    assert len(advice.options) == 1
    assert (advice.stopped, advice.samples) == ("one play", 4)  # the first chunk
    assert advice.separated and advice.to_json()["options"][0]["separated"] is True


def test_a_time_and_samples_are_one_or_the_other() -> None:
    form, table, mine, piles, _ = three_handed_last_round()
    with pytest.raises(CassinoError, match="100 samples and a time of 5 s: expected one"):
        advise(form, table, mine, 2, piles, 3, samples=100, time_limit=5)
    for seconds in (0, -1, 4000):
        with pytest.raises(CassinoError, match=f"a time of {seconds:g} s: expected more than 0"):
            advise(form, table, mine, 2, piles, 3, time_limit=seconds)


@pytest.mark.parametrize(
    ("columns", "stop"),
    [
        # the second play worth as much in every way: alike, nothing to separate
        ([[1, 2, 3, 1], [1, 2, 3, 1]], "alike"),
        # ahead by 2 in every way: no spread in the difference, separated
        ([[3, 4, 5, 3], [1, 2, 3, 1], [1, 2, 3, 1]], "separated"),
        # differences 1, -1, 1, 1: mean 1/2, standard deviation 1, over 2: 1/2 a
        # standard error, so ahead by one error only
        ([[2, 0, 2, 2], [1, 1, 1, 1]], None),
        # a play alike the best is passed over for the next: differences 3, 2, 3, 3
        # (mean 2.75, deviation 1/2, error 1/4): 11 errors ahead
        ([[3, 2, 3, 3], [3, 2, 3, 3], [0, 0, 0, 0]], "separated"),
        # the best first whatever the order of the plays; 2, 3, 2, 2 less 0, 3, 0, 0:
        # differences 2, 0, 2, 2, mean 1.5, deviation 1, error 1/2: three errors
        ([[0, 3, 0, 0], [2, 3, 2, 2]], "separated"),
        # differences 2, 2, 2, -1: mean 1.25, deviation 1.5, error 0.75: under three
        ([[0, 3, 0, 0], [2, 5, 2, -1]], None),
    ],
)
def test_sampling_stops_on_the_values_way_by_way(
    columns: list[list[int]], stop: str | None
) -> None:
    from cribcount.cassino.advise import _stop

    values = np.array(columns, np.int64).T  # a row a way
    assert _stop(values.sum(axis=0), values.T @ values, len(values)) == stop
