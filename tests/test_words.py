"""Numbers in words."""

import pytest

from cribcount.words import number_word


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (0, "zero"),
        (2, "two"),
        (16, "sixteen"),
        (19, "nineteen"),
        (30, "thirty"),
        (41, "forty-one"),
        (75, "seventy-five"),
        (99, "ninety-nine"),
    ],
)
def test_number_word(n: int, words: str) -> None:
    assert number_word(n) == words


def test_out_of_range() -> None:
    with pytest.raises(ValueError, match="no words for 100"):
        number_word(100)
