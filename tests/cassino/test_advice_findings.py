"""Cassino's suggestions for good play put to the advice, each on a position built by
hand in the last round two-handed (the other's hand is then the one way the unseen
cards lie, so the advice is exact): the option the suggestion prefers against the one
it warns off, each figure worked out by hand in the comments and checked against the
plain minimax (``reference_solve``) and against the advice.

The suggestions: take in the adversary's build in preference to your own; with a nine
and 2 2 5 7 on the table, take in the 2 2 5 rather than the 2 7 (make combinations that
take in as many cards as possible); while big Cassino is still to come, do not trail a
card that makes ten with the table; do not take in three court cards (classic Cassino:
a court card only pairs), since the fourth, when it appears, can take nothing and stops
every sweep.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from cribcount.cards import Card, parse_cards
from cribcount.cassino.advise import Advice, advise
from cribcount.cassino.forms import Form
from cribcount.cassino.moves import legal_moves
from cribcount.cassino.notation import write_play
from cribcount.cassino.solve import DealState, play, reference_solve, start_state
from cribcount.cassino.table import read_table

OTHER_POINTS = parse_cards("AH AD AC 10D")
README = Path(__file__).resolve().parents[2] / "README.md"


def rest_as_piles(in_play: Sequence[Card], first: int) -> list[list[Card]]:
    """The cards not in play as the piles taken so far: side 1 (the eldest) every spade
    among them and then the others in card order, leaving out the aces and big Cassino,
    up to ``first`` cards; side 2 (the dealer) the rest, with the aces of hearts,
    diamonds and clubs and big Cassino among them. With every spade or all but one in
    side 1's pile, side 1 has most spades, little Cassino and the ace of spades (3
    points), side 2 the other aces and big Cassino when not in play (5 points)."""
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in in_play]
    spades = [card for card in rest if card.suit == "S"]
    plain = [card for card in rest if card.suit != "S" and card not in OTHER_POINTS]
    cut = first - len(spades)
    return [spades + plain[:cut], [card for card in rest if card not in spades + plain[:cut]]]


def last_round(
    table: str, mine: str, his: str, seat: int, first: int, last_taker: int
) -> tuple[Advice, DealState]:
    """The advice for ``seat`` holding ``mine`` in the last round, the other holding
    ``his``, the piles :func:`rest_as_piles`; and the state with both hands known."""
    form = Form()
    board = read_table(table, form)
    hand, other = parse_cards(mine), parse_cards(his)
    piles = rest_as_piles([*board.cards, *hand, *other], first)
    assert len(piles[0]) == first
    advice = advise(form, board, hand, seat, piles, last_taker)
    assert advice.exact and advice.ways == 1 and advice.unseen.round == 6
    assert set(advice.unseen.cards) == set(other)
    hands = [hand, other] if seat == 1 else [other, hand]
    return advice, start_state(form, board, hands, seat, piles, last_taker)


def brute(state: DealState) -> dict[str, int]:
    """Each legal play of the seat to move, with the value of the rest of the deal after
    it for his side, by the plain memoised minimax."""
    side = state.form.side(state.turn)
    return {
        write_play(move): reference_solve(play(state, move), side).value
        for move in legal_moves(state.position)
    }


def figures(advice: Advice) -> dict[str, float]:
    return {option.text: option.value for option in advice.options}


def test_take_the_adversarys_build_in_preference_to_your_own() -> None:
    # The eldest controls [5H 3H], an eight, and holds 8D 9D; the dealer controls
    # [4C 5C], a nine, and holds 9H 7C; the dealer took last. Side 1 has 22 cards (the
    # spades: 3 points), side 2 22 (5 points), 8 in play.
    # - 9D takes the dealer's 4C 5C: the 9H finds no nine left and the 7C nothing to
    #   take or build, so the dealer trails; 8D takes 5H 3H, the dealer trails his other
    #   card and it goes to the eldest, who took last: all 8, 30 cards to 22: 6 to 5, +1;
    # - 8D takes his own 5H 3H: 9H takes 4C 5C and sweeps; 9D trails, 7C trails, and
    #   the dealer takes the last: 27 cards to 25: 3 to 9 with the sweep, -6.
    advice, state = last_round("[5H 3H]@1 [4C 5C]@2", "8D 9D", "9H 7C", 1, 22, 2)
    expected = {"9D takes 4C 5C": 1, "8D takes 3H 5H": -6}
    assert brute(state) == expected
    assert figures(advice) == expected
    assert advice.best.text == "9D takes 4C 5C"


def test_with_a_nine_take_the_2_2_5_rather_than_the_2_7() -> None:
    # The table 2H 2D 5C 7H; the dealer holds 9C 7D, the eldest 5H; the eldest took
    # last. Side 1 has 22 cards, side 2 23, 7 in play.
    # - 9C takes 2H 2D 5C, three cards, and leaves the 7H for the 7D: the 5H finds
    #   nothing and trails, 7D takes 7H, and the 5H goes to the dealer, who took last:
    #   all 7, 30 cards to 22: 8 to 3, +5;
    # - 9C takes 2H 7H and leaves 2D 5C: the 5H takes the 5C (had it trailed, the 7D
    #   would take 2D 5C and the last cards), the 7D finds nothing and goes with the 2D
    #   to the eldest: 26 cards each, nobody scores for cards: 5 to 3, +2.
    advice, state = last_round("2H 2D 5C 7H", "9C 7D", "5H", 2, 22, 1)
    found = brute(state)
    assert (found["9C takes 2H 2D 5C"], found["9C takes 2H 7H"], found["9C takes 2D 7H"]) == (
        5,
        2,
        2,
    )
    assert figures(advice) == found
    assert advice.best.value == 5


def test_do_not_trail_a_card_making_ten_while_big_cassino_is_out() -> None:
    # The table 6H 3D; the dealer holds 4C KH, the eldest big Cassino, 10D, alone; the
    # dealer took last. Side 1 has 22 cards, side 2 25 (three aces), 5 in play.
    # - KH trails: nothing on the table makes ten, so the 10D trails, the 4C trails (it
    #   can build ten on the 6H only holding a ten), and the dealer, who took last, has
    #   all 5, the 10D among them: 30 cards to 22: cards 3, aces 3, big Cassino 2, 8 to
    #   3, +5;
    # - 4C trails, making ten with the 6H: the 10D takes 6H 4C, the KH trails, and the
    #   eldest, now the last taker, has all 5: 27 cards to 25: 8 to 3 the other way, -5.
    advice, state = last_round("6H 3D", "4C KH", "10D", 2, 22, 2)
    expected = {"KH trails": 5, "4C trails": -5}
    assert brute(state) == expected
    assert figures(advice) == expected


def test_three_court_cards_taken_leave_the_fourth_to_stop_every_sweep() -> None:
    # The table KH KD 5C; the dealer holds KC KS, the eldest 5H; the eldest took last.
    # Side 1 has 26 cards (12 spades, most of them still), side 2 20, 6 in play.
    # - KC takes KH KD, three court cards: the 5H sweeps the 5C, and the KS, the fourth
    #   king, can take nothing: it trails and goes to the eldest: 29 cards to 23: 7 to 5
    #   with the sweep, -2;
    # - KC takes KH alone: the 5H takes the 5C, no sweep with the KD there (trailing it,
    #   the dealer's KS takes KD and the 5C 5H go to him: 26 cards each, 3 to 5), and
    #   the KS takes KD, a sweep: 28 cards to 24: 6 to 6, 0.
    advice, state = last_round("KH KD 5C", "KC KS", "5H", 2, 26, 1)
    found = brute(state)
    assert (found["KC takes KH KD"], found["KC takes KH"], found["KC takes KD"]) == (-2, 0, 0)
    assert (found["KS takes KH KD"], found["KS takes KH"]) == (-2, 0)
    assert figures(advice) == found
    assert advice.best.value == 0


def test_the_readme_states_the_figures() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("### Findings", 1)[1].split("\n## ", 1)[0]
    assert "python benchmarks/cassino_findings.py" in " ".join(section.split())
    rows = [line for line in section.splitlines() if line.startswith("| ")][1:]
    # each row: the play preferred and the play warned off, with the figures by hand
    expected = [
        ("9D takes 4C 5C: +1.00", "8D takes 3H 5H: -6.00"),
        ("9C takes 2H 2D 5C: +5.00", "9C takes 2H 7H: +2.00"),
        ("KH trails: +5.00", "4C trails: -5.00"),
        ("KC takes KH: +0.00", "KC takes KH KD: -2.00"),
    ]
    assert [tuple(row.split(" | ")[2:4]) for row in rows] == expected
