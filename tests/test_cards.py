"""Card notation: every accepted form, the round trip, and the errors."""

import pytest

from cribcount.cards import Card, format_cards, parse_cards, parse_hand
from cribcount.errors import HandError, NotationError

ALL_CARDS = [Card.from_id(i) for i in range(52)]


def test_id_layout_is_rank_major() -> None:
    assert Card.parse("AS").id == 0
    assert Card.parse("AH").id == 1
    assert Card.parse("2S").id == 4
    assert Card.parse("KC").id == 51


@pytest.mark.parametrize("symbols", [False, True])
def test_round_trip_all_52_cards(symbols: bool) -> None:
    assert parse_cards(format_cards(ALL_CARDS, symbols)) == ALL_CARDS
    for card in ALL_CARDS:
        assert Card.parse(card.notation(symbols)) == card
        assert eval(repr(card)) == card
        assert Card.from_id(card.id) == card


def test_writer() -> None:
    assert str(Card(10, "D")) == "10D"
    assert Card(1, "H").notation(symbols=True) == "A♥"
    assert repr(Card(11, "C")) == "Card.parse('JC')"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5H 10d Tc js", ["5H", "10D", "10C", "JS"]),
        ("5♥ 10♦ J♣ A♠", ["5H", "10D", "JC", "AS"]),
        ("5♡ 10♢ J♧ A♤", ["5H", "10D", "JC", "AS"]),
        ("5h,10d,  jc ,as", ["5H", "10D", "JC", "AS"]),
        ("🂡 🂱 🃁 🃑", ["AS", "AH", "AD", "AC"]),
        ("🂪🂫🂭🂮", ["10S", "JS", "QS", "KS"]),
        ("♥️ A", ["AH"]),
        ("5\u2665\ufe0e 10\u2666\ufe0f", ["5H", "10D"]),
    ],
)
def test_notations(text: str, expected: list[str]) -> None:
    assert [str(card) for card in parse_cards(text)] == expected


def test_every_glyph_is_its_card() -> None:
    # U+1F0A1 is the ace of spades; hearts, diamonds and clubs follow 16 apart; within a
    # suit ace, 2..10, jack, then the knight (skipped), queen and king
    for suit_index, suit in enumerate("SHDC"):
        for rank in range(1, 14):
            offset = rank if rank <= 11 else rank + 1
            glyph = chr(0x1F0A0 + 16 * suit_index + offset)
            assert parse_cards(glyph) == [Card(rank, suit)], glyph


@pytest.mark.parametrize("knight", ["\U0001f0ac", "\U0001f0bc", "\U0001f0cc", "\U0001f0dc"])
def test_knights_are_refused(knight: str) -> None:
    with pytest.raises(NotationError, match="the knight is not a card of cribbage or piquet"):
        parse_cards(f"5H {knight}")


def test_suit_grouped_layout() -> None:
    cards = parse_cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A")
    assert format_cards(cards) == "AH KH QH JH AC KC QC AD KD QD 7D AS"
    assert format_cards(parse_cards("H A J 10 9 8; C 10")) == "AH JH 10H 9H 8H 10C"


def test_hand_with_starter() -> None:
    hand, starter = parse_hand("5H 5S 5C JD / 5D")
    assert format_cards(hand) == "5H 5S 5C JD"
    assert starter == Card(5, "D")
    assert parse_hand("5H 5S") == ([Card(5, "H"), Card(5, "S")], None)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("5h 5c Xh Jd", NotationError, "invalid card 'Xh' in '5h 5c Xh Jd': rank must be"),
        ("5h 5x", NotationError, "invalid card '5x' in '5h 5x': suit must be"),
        ("1S", NotationError, "invalid card '1S' in '1S': rank must be"),
        ("5", NotationError, "expected a rank followed by a suit"),
        ("🂬", NotationError, "the knight is not a card"),
        ("🂿", NotationError, "expected a playing-card glyph"),
        ("", HandError, "no cards in ''"),
        ("5H 5h", HandError, "duplicate card '5H' in '5H 5h'"),
        ("X A K: ♣ A", NotationError, "invalid suit 'X' in 'X A K: ♣ A': each group must open"),
        ("♡ A Z", NotationError, "invalid rank 'Z' in '♡ A Z'"),
    ],
)
def test_bad_cards(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(")):
        parse_cards(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5H 5S 5C JD / 5D 6D", "2 cards after '/'"),
        ("5H 5S 5C JD /", "0 cards after '/'"),
        ("5H / 5D / 6D", "more than one '/'"),
        ("5H 5S 5C JD / 5H", "duplicate card '5H'"),
        ("5H 5S 5C JD / 5Z", "invalid card '5Z' in '5H 5S 5C JD / 5Z'"),
    ],
)
def test_bad_hands(text: str, message: str) -> None:
    with pytest.raises((NotationError, HandError), match=message):
        parse_hand(text)
