"""Conquian melds worked by hand: the packs' orders, growing, borrowing, the outs,
forcing, and bad positions."""

from __future__ import annotations

import pytest

from cribcount.cards import Card, Pack, parse_cards
from cribcount.conquian import (
    AMERICAN,
    FULL,
    SPANISH,
    ConquianError,
    Position,
    get_pack,
    meld,
    read_table,
)
from cribcount.errors import CribcountError, HandError, NotationError


def at(hand: str, table: str = "", theirs: str = "", pack: Pack = SPANISH) -> Position:
    return Position(
        tuple(parse_cards(hand, pack)),
        read_table(table, pack, "the table"),
        read_table(theirs, pack, "the opponent's table"),
        pack=pack,
    )


def shown(arrangements: tuple[tuple[object, ...], ...]) -> list[list[str]]:
    return [[str(combo) for combo in each] for each in arrangements]


def test_the_books_hand_holds_one_run_six_seven_jack() -> None:
    # ♡ J 7 6 4; ♠ 5 3 2; ♢ K 7 5: in the Spanish pack the 7 is next below the
    # jack, so 6 7 J of hearts is a sequence; nothing else combines.
    result = meld(at("♡ J 7 6 4; ♠ 5 3 2; ♢ K 7 5"))
    assert result.down == 3
    assert shown(result.arrangements) == [["6H 7H JH"]]
    assert [str(card) for card in result.loose] == ["2S", "3S", "5S", "4H", "5D", "7D", "KD"]
    assert result.outs == () and result.unseen == 30 and result.chance == 0.0


def test_a_card_grows_either_of_two_table_combinations() -> None:
    # The 7H goes on the run 4 5 6 or makes the sevens four: 7 down either way.
    # Only the 4S, making 2 3 4 5 of spades, lays down all eleven.
    result = meld(at("7H 2S 3S 5S", "4H 5H 6H | 7C 7D 7S"))
    assert result.down == 7
    assert shown(result.arrangements) == [
        ["4H 5H 6H", "7S 7H 7D 7C"],
        ["4H 5H 6H 7H", "7S 7D 7C"],
    ]
    assert [str(card) for card in result.loose] == ["2S", "3S", "5S"]
    assert [str(card) for card in result.outs] == ["4S"]
    assert (result.unseen, result.chance) == (30, 1 / 30)


def test_a_four_lends_one_card_to_a_sequence() -> None:
    result = meld(at("6H 7H AS 2D 4C KC", "5S 5H 5D 5C"))
    assert result.down == 6
    assert shown(result.arrangements) == [["5S 5D 5C", "5H 6H 7H"]]


def test_a_sequence_of_three_lends_nothing() -> None:
    result = meld(at("6S 6D AS 2C QD KC JS", "4H 5H 6H"))
    assert result.down == 3
    assert [str(card) for card in result.loose] == ["AS", "6S", "JS", "6D", "QD", "2C", "KC"]
    assert result.arrangements == ((result.position.table[0],),)


def test_a_sequence_of_four_lends_an_end_to_a_triplet() -> None:
    result = meld(at("6S 6D AS 2C QD KC", "3H 4H 5H 6H"))
    assert result.down == 6
    assert shown(result.arrangements) == [["3H 4H 5H", "6S 6H 6D"]]


def test_a_sequence_of_five_lends_both_ends() -> None:
    # 3H and 7H go to two triplets; 4 5 6 stay; only the KC is left out.
    result = meld(at("3S 3D 7S 7D KC", "3H 4H 5H 6H 7H"))
    assert result.down == 9
    assert shown(result.arrangements) == [["3S 3H 3D", "4H 5H 6H", "7S 7H 7D"]]
    assert [str(card) for card in result.loose] == ["KC"]


def test_a_lent_card_may_join_the_middle_of_a_new_sequence() -> None:
    # 4H 6H 7H hold no sequence; with the four's 5H they make 4 5 6 7 of hearts.
    result = meld(at("4H 6H 7H AS 2D KC", "5S 5H 5D 5C"))
    assert result.down == 7
    assert shown(result.arrangements) == [["4H 5H 6H 7H", "5S 5D 5C"]]


def test_the_full_pack_wins_on_one_suit() -> None:
    # Ten hearts 2 to J: all down, split nine ways (compositions of 10 into parts of
    # at least 3); the AH or QH makes eleven in one sequence.
    result = meld(at("2H 3H 4H 5H 6H 7H 8H 9H 10H JH", pack=FULL))
    assert result.down == 10
    assert len(result.arrangements) == 9
    assert [str(card) for card in result.outs] == ["AH", "QH"]
    assert result.unseen == 42


def test_the_ace_is_not_next_to_the_king() -> None:
    assert meld(at("QS KS AS 2D 4D 6D 8C 10C JH 3H", pack=FULL)).down == 0


def test_the_american_pack_runs_to_ten() -> None:
    result = meld(at("8C 9C 10C 2D 3D 4D 5S 5H 7S 7D", pack=AMERICAN))
    assert result.down == 6
    assert shown(result.arrangements) == [["2D 3D 4D", "8C 9C 10C"]]


def test_forcing_lists_the_cards_that_fit_the_opponents_table() -> None:
    # Their J Q K of diamonds: the 7D below it is on the player's own table, and
    # nothing is above the king; their three 3s: the 3S, held.
    result = meld(at("7H 2S 3S 5S", "4H 5H 6H | 7C 7D 7S", "JD QD KD | 3H 3D 3C"), force=True)
    assert result.force is not None
    assert [(str(f.card), str(f.on), f.held) for f in result.force] == [("3S", "3H 3D 3C", True)]
    assert result.unseen == 24
    assert result.to_json()["force"] == [{"card": "3S", "on": ["3H", "3D", "3C"], "held": True}]


def test_forcing_an_unseen_card() -> None:
    result = meld(at("♡ J 7 6 4; ♠ 5 3 2; ♢ K 7 5", theirs="5C 6C 7C"), force=True)
    assert result.force is not None
    assert [(str(f.card), f.held) for f in result.force] == [("4C", False), ("JC", False)]


def test_json_shape() -> None:
    data = meld(at("7H 2S 3S 5S", "4H 5H 6H | 7C 7D 7S")).to_json()
    assert data["down"] == 7
    assert data["arrangements"][0] == [["4H", "5H", "6H"], ["7S", "7H", "7D", "7C"]]
    assert data["loose"] == ["2S", "3S", "5S"]
    assert data["outs"] == ["4S"]
    assert (data["unseen"], data["chance"], data["force"]) == (30, 1 / 30, None)
    assert data["pack"] == "spanish"


@pytest.mark.parametrize(
    ("hand", "table", "theirs", "error", "message"),
    [
        (
            "JH 7H 6H 4H 5S 3S 2S KD 7D",
            "",
            "",
            ConquianError,
            "the hand '2S 3S 5S 4H 6H 7H JH 7D KD' holds 9 cards: a player holds 10, "
            "in his hand and on his table together",
        ),
        (
            "7H 2S 3S 5S 6S",
            "4H 5H 6H | 7C 7D 7S",
            "",
            ConquianError,
            "the hand '2S 3S 5S 6S 7H' and the table hold 11 cards (5 and 6): "
            "a player holds 10, in his hand and on his table together",
        ),
        (
            "7H 2S 3S 5S",
            "4H 5H 6H | 7C 7D 7S",
            "5S 5C 5D",
            HandError,
            "card '5S' is in the hand and on the opponent's table: each card is in one place",
        ),
    ],
)
def test_bad_positions(
    hand: str, table: str, theirs: str, error: type[CribcountError], message: str
) -> None:
    with pytest.raises(error) as raised:
        meld(at(hand, table, theirs))
    assert str(raised.value) == message


def test_bad_combinations_and_cards() -> None:
    with pytest.raises(ConquianError, match="'2C 3C' in the table is no combination"):
        read_table("4H 5H 6H | 2C 3C", SPANISH, "the table")
    with pytest.raises(ConquianError, match="'5H 6H 8H' in the table is no combination"):
        read_table("5H 6H 8H", FULL, "the table")
    with pytest.raises(NotationError, match="the Spanish pack's ranks are A, 2 to 7, J, Q and K"):
        parse_cards("8H", SPANISH)
    with pytest.raises(NotationError, match="the American pack's ranks"):
        parse_cards("JH", AMERICAN)
    with pytest.raises(ConquianError, match="unknown pack 'french'"):
        get_pack("french")
    with pytest.raises(HandError, match="card '4H' is twice on the table"):
        meld(at("2S 3S 5S 7H", "4H 5H 6H | 4H 4D 4S"))
    assert get_pack("SPANISH") is SPANISH
    assert Card(7, "H") in SPANISH.cards and Card(8, "H") not in SPANISH.cards
