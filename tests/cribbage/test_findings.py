"""The five-card example of "a game is never won until it is lost", on the shipped table.

The old books' example: five-card to 61, the pone 56 up, the dealer 5 before the deal.
The pone pegs a pair in the play and shows a pair; the dealer pegs a pair royal (6), a
double pair royal and 31 (12 and 2), shows 12 in hand and 17 in crib. The README states
what the table of chances says of it; this checks that claim against the library.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cribcount.cribbage.odds import load_table

README = Path(__file__).resolve().parents[2] / "README.md"

PONE, DEALER = 56, 5
PAIR, PAIR_ROYAL, DOUBLE_PAIR_ROYAL, THIRTY_ONE = 2, 6, 12, 2


def book_deal() -> tuple[int, int]:
    """The scores after the book's deal, by the book's own counts: (the pone's, the dealer's)."""
    pone = PONE + PAIR + PAIR  # pairs the dealer's six, then shows a pair
    dealer = DEALER + PAIR_ROYAL + DOUBLE_PAIR_ROYAL + THIRTY_ONE + 12 + 17
    return pone, dealer


def readme_paragraph() -> str:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Playing to the score", 1)[1].split("\n## ", 1)[0]
    return " ".join(section.split("\n\n")[-1].split())


def test_the_book_deal_leaves_the_pone_one_short() -> None:
    assert book_deal() == (60, 54)


def test_fifty_six_to_five_is_not_quite_won() -> None:
    table = load_table("five")
    pone = table.odds(PONE, DEALER, "pone")
    dealer = table.odds(DEALER, PONE, "dealer")
    assert pone.win + dealer.win == pytest.approx(1.0, abs=1e-12)
    # never won until it is lost: the dealer at 5 still has a chance, if a tiny one
    assert 0.0 < dealer.win < 1e-6
    # the pone wins by a lurch unless the dealer reaches half the game, 31, first
    assert dealer.lurched <= pone.win
    assert dealer.lurch == 0.0  # the pone is past half the game: he cannot be lurched


def test_one_short_with_the_deal_against_the_first_show() -> None:
    table = load_table("five")
    short, other = book_deal()
    dealing = table.odds(short, other, "dealer")
    showing = table.odds(other, short, "pone")
    assert dealing.win + showing.win == pytest.approx(1.0, abs=1e-12)
    assert 0.5 < dealing.win < 1.0
    # showing first, he would need only a point of the pone's hand or of the play
    assert table.odds(short, other, "pone").win > dealing.win


def test_the_readme_states_the_tables_figures() -> None:
    table = load_table("five")
    dealer = table.odds(DEALER, PONE, "dealer").win
    short, other = book_deal()
    loses = 1.0 - table.odds(short, other, "dealer").win
    paragraph = readme_paragraph()
    assert "python benchmarks/findings.py" in paragraph
    assert f"the pone {PONE} up and the dealer {DEALER}" in paragraph
    assert f"the dealer wins {dealer:.3g} of the time" in paragraph
    assert f"one game in {1 / dealer:,.0f}" in paragraph
    assert f"player at {short} who wants one, dealing against {other}" in paragraph
    assert f"still loses {100 * loses:.2f}%" in paragraph
