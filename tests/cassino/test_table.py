"""The Cassino table's notation: read, written, read again; and the tables refused."""

from __future__ import annotations

import random

import pytest
from cassino_deals import FORMS, random_deal

from cribcount.cassino.forms import CassinoError, Form
from cribcount.cassino.table import read_table
from cribcount.errors import CribcountError


def test_the_notation_of_the_books_table() -> None:
    table = read_table("5D 4C [6S 3H] [5C|3D 2H]@2")
    assert [card.notation() for card in table.loose] == ["4C", "5D"]
    assert {(b.value, b.multiple, b.controller) for b in table.builds} == {
        (9, False, None),
        (5, True, 2),
    }
    assert table.notation() == "4C 5D [2H 3D|5C]@2 [3H 6S]"
    assert read_table(table.notation()) == table


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.title)
def test_every_table_of_random_deals_reads_back_as_written(form: Form) -> None:
    deal = random_deal(form, random.Random(f"table {form}"))
    for position in deal.positions:
        assert read_table(position.table.notation(), form) == position.table


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5D [5D 4C]", "5D is on the table twice"),
        ("[5D 4C|6S]", "groups of 6 and 9"),
        ("[KD 4C]", "holds a court card"),
        ("[5D]", "of one card"),
        ("[5D 4C] [6S 3H]", "two builds of 9"),
        ("[5D 4C]@3", "seat 3 controlling the build '\\[5D 4C\\]@3': expected a seat 1 to 2"),
        ("[5D 4C]@x", "expected @ and a seat number"),
        ("[5D 4C]1", "'\\[5D 4C\\]' runs into '1'; expected a space after a build"),
        ("5D ] 4C", "out of place"),
        ("[5D 4C||]", "an empty group"),
        ("[6D 5C]", "no card counts 11 in classic"),
    ],
)
def test_tables_refused(text: str, message: str) -> None:
    with pytest.raises(CassinoError, match=message):
        read_table(text)


def test_a_loose_card_twice_is_refused_as_any_hand_is() -> None:
    with pytest.raises(CribcountError, match="duplicate card '5D'"):
        read_table("5D 5D")
