"""Card notation: every accepted form, the round trip, and the errors."""

import random
from collections import Counter
from collections.abc import Callable

import pytest

from cribcount.cards import (
    PIQUET,
    STANDARD,
    Card,
    Pack,
    card_tokens,
    check_hands,
    format_cards,
    parse_cards,
    parse_hand,
    reference_parse_cards,
    reference_parse_hand,
)
from cribcount.errors import CribcountError, HandError, NotationError

ALL_CARDS = list(STANDARD.cards)


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
        ("5\u2665\ufe0e 10\u2666\ufe0f", ["5H", "10D"]),
        ("a\u2661\ufe0f,t\u2663\ufe0e", ["AH", "10C"]),
        ("\t5h\n6H\r\n", ["5H", "6H"]),
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
    with pytest.raises(NotationError, match="the knight is in no pack of these games"):
        parse_cards(f"5H {knight}")


def test_suit_grouped_layout_is_read_for_piquet() -> None:
    cards = parse_cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A", PIQUET)
    assert format_cards(cards) == "AH KH QH JH AC KC QC AD KD QD 7D AS"
    assert format_cards(parse_cards("H A J 10 9 8; C 10", PIQUET)) == "AH JH 10H 9H 8H 10C"
    assert format_cards(parse_cards("♥️ A", PIQUET)) == "AH"


@pytest.mark.parametrize(
    "text",
    [
        "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A",
        "♡ A K Q J, ♣ A K Q, ♢ A K Q 7, ♠ A",
        "♡ A K Q J; ♣ A K Q, ♢ A K Q 7: ♠ A",
        "♡A K Q J ♣A K Q ♢A K Q 7 ♠A",
        "♡ A K Q J,♣ A K Q,♢ A K Q 7,♠ A",
        "h a k q j, c a k q, d a k q 7, s a",
        "H A K Q J: C A K Q: D A K Q 7: S A",
        "♥️ A K Q J, ♧ A K Q, ♦\ufe0eA K Q 7, ♤ A",
    ],
)
def test_grouped_layout_separators_and_suit_spellings(text: str) -> None:
    assert format_cards(parse_cards(text, PIQUET)) == "AH KH QH JH AC KC QC AD KD QD 7D AS"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "♡ 5 4 3 2 / 5D",
            "invalid card '♡' in '♡ 5 4 3 2 / 5D': expected a rank followed by a suit",
        ),
        ("♡A 5D / 6D", "invalid card '♡A' in '♡A 5D / 6D': suit must be S, H, D or C"),
        ("5H 6H: 7H / 8H", "invalid card '6H:' in '5H 6H: 7H / 8H': suit must be S, H, D or C"),
    ],
)
def test_cribbage_refuses_the_grouped_layout(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_hand(text)


def test_cribbage_cards_refuse_the_grouped_layout() -> None:
    with pytest.raises(NotationError, match=r"^invalid card '♡' in '♡ A K Q J: ♣ A K Q': expected"):
        parse_cards("♡ A K Q J: ♣ A K Q")


def test_hand_with_starter() -> None:
    hand, starter = parse_hand("5H 5S 5C JD / 5D")
    assert format_cards(hand) == "5H 5S 5C JD"
    assert starter == Card(5, "D")
    assert parse_hand("5H 5S") == ([Card(5, "H"), Card(5, "S")], None)
    assert parse_hand("5h,5s,5c,jd/5d") == parse_hand("5H 5S 5C JD /5D") == (hand, starter)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("5h 5c Xh Jd", NotationError, "invalid card 'Xh' in '5h 5c Xh Jd': rank must be"),
        ("5h 5x", NotationError, "invalid card '5x' in '5h 5x': suit must be"),
        ("1S", NotationError, "invalid card '1S' in '1S': rank must be"),
        ("5", NotationError, "expected a rank followed by a suit"),
        ("🂬", NotationError, "the knight is in no pack"),
        ("🂿", NotationError, "expected a playing-card glyph"),
        ("", HandError, "no cards in ''"),
        ("5H 5h", HandError, "duplicate card '5H' in '5H 5h'"),
        ("♡ A K", NotationError, "invalid card '♡' in '♡ A K': expected a rank followed by"),
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


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        # str.upper() makes S of the long s, str.lower() k of the Kelvin sign; the dotless i
        # and the sharp s upper-case to I and SS: none is a letter of the notation
        ("5\u017f", "suit must be S, H, D or C"),
        ("\u017f5", "suit must be S, H, D or C"),
        ("\u212aH", "rank must be A, 2-10 (or T), J, Q or K"),
        ("5\u212a", "suit must be S, H, D or C"),
        ("\u0131H", "rank must be A, 2-10 (or T), J, Q or K"),
        ("5\u00df", "suit must be S, H, D or C"),
        # fullwidth, other scripts' look-alikes, and digits of other scripts
        ("\uff15H", "rank must be A, 2-10 (or T), J, Q or K"),
        ("5\uff28", "suit must be S, H, D or C"),
        ("\uff2bS", "rank must be A, 2-10 (or T), J, Q or K"),
        ("\uff11\uff10D", "rank must be A, 2-10 (or T), J, Q or K"),
        ("5\u0405", "suit must be S, H, D or C"),
        ("\u0410H", "rank must be A, 2-10 (or T), J, Q or K"),
        ("\u0665H", "rank must be A, 2-10 (or T), J, Q or K"),
        ("\u2464H", "rank must be A, 2-10 (or T), J, Q or K"),
        ("\u2075H", "rank must be A, 2-10 (or T), J, Q or K"),
        # a variation selector belongs after a suit symbol, and only one
        ("5\ufe0fH", "rank must be A, 2-10 (or T), J, Q or K"),
        ("5\u2665\ufe0f\ufe0f", "suit must be S, H, D or C"),
        ("5H\ufe0f", "suit must be S, H, D or C"),
    ],
)
def test_only_the_documented_letters_are_read(token: str, reason: str) -> None:
    text = f"5C {token}"
    with pytest.raises(NotationError) as error:
        parse_cards(text)
    assert str(error.value) == f"invalid card {token!r} in {text!r}: {reason}" + (
        " (or ♠ ♥ ♦ ♣)" if reason.startswith("suit") else ""
    )
    with pytest.raises(NotationError):
        Card.parse(token)


def test_unicode_letters_do_not_open_a_group() -> None:
    with pytest.raises(NotationError, match=r"^invalid suit '\u017f' in '\u017f A K: ♣ A': each"):
        parse_cards("\u017f A K: ♣ A", PIQUET)
    with pytest.raises(NotationError, match=r"^invalid card '\uff28' in '\uff28 A K': expected"):
        parse_cards("\uff28 A K", PIQUET)
    with pytest.raises(NotationError, match=r"^invalid rank '\u212a' in '♡ A \u212a': piquet's"):
        parse_cards("♡ A \u212a", PIQUET)


def test_a_glyph_takes_no_variation_selector() -> None:
    with pytest.raises(
        NotationError, match=r"^invalid card '\ufe0f' in '🂡\ufe0f': expected a rank"
    ):
        parse_cards("🂡\ufe0f")


def test_every_card_read_is_the_one_instance_of_it() -> None:
    for card, token in zip(ALL_CARDS, format_cards(ALL_CARDS).split(), strict=True):
        assert Card.parse(token) is card
        assert Card.parse(token.lower()) is card
        assert parse_cards(f"{token}, AS" if token != "AS" else token)[0] is card


def test_card_tokens_cover_each_spelling_of_the_pack() -> None:
    tokens = card_tokens()
    # 19 rank spellings (A a 2-9 10 T t J j Q q K k) times 32 suit spellings (S s H h D d C c,
    # and each of 8 symbols alone or with one of 2 variation selectors), and the 52 glyphs
    assert len(tokens) == 19 * 32 + 52
    assert tokens["tc"] == tokens["10♧\ufe0e"] == tokens["\U0001f0da"] == Card(10, "C")
    piquet = card_tokens(PIQUET)
    # the 7 to the ace: 14 of the 19 rank spellings (A a 7 8 9 10 T t J j Q q K k)
    assert len(piquet) == 14 * 32 + 32
    assert "6H" not in piquet and piquet["7h"] == Card(7, "H")


# -- errors quote a short, one-line piece of the input ---------------------------------


def test_a_long_input_is_clipped_in_errors() -> None:
    text = " ".join(["5H"] * 4999 + ["XX"])
    assert len(text) == 14999
    with pytest.raises(NotationError) as error:
        parse_cards(text)
    message = str(error.value)
    assert len(message) < 200
    assert message == (
        "invalid card 'XX' in '" + "5H " * 12 + "5...': suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"
    )


def test_a_long_token_is_clipped_in_errors() -> None:
    token = "5" * 10_000 + "H"
    with pytest.raises(NotationError) as error:
        parse_hand(f"AS {token} / 5D")
    message = str(error.value)
    assert len(message) < 200
    assert message.startswith("invalid card '" + "5" * 37 + "...' in 'AS " + "5" * 34 + "...'")


@pytest.mark.parametrize(
    "text",
    [
        "5H\n5H",
        "5H\r\nXX",
        "5H 5S\r5C JD / 5D / 6D",
        "5H 5S 5C JD /\n",
        "\n\r",
        "5H\x1b[2J XX",
        "5H\u2028XX",
    ],
)
def test_errors_are_one_line(text: str) -> None:
    with pytest.raises(CribcountError) as error:
        parse_hand(text)
    message = str(error.value)
    assert message.isprintable(), message
    assert "\n" not in message and "\r" not in message


# -- the quick reading of plain tokens agrees with the general reader ------------------

RANK_SPELLINGS = {rank: [name, name.lower()] for rank, name in enumerate("A23456789", 1)}
RANK_SPELLINGS |= {10: ["10", "T", "t"], 11: ["J", "j"], 12: ["Q", "q"], 13: ["K", "k"]}
SUIT_SPELLINGS = {
    suit: [suit, suit.lower(), black, white, black + "\ufe0f", white + "\ufe0e"]
    for suit, black, white in zip("SHDC", "♠♥♦♣", "♤♡♢♧", strict=True)
}
ODD_TOKENS = ["XH", "5\u017f", "1S", "♡", "H", "🂬", "🂡🂱", "5♥\ufe0f\ufe0f", "go", ":", "6H;"]
SEPARATORS = [" ", ",", ", ", " ,", "  ", "\t", ",,"]


def random_text(rng: random.Random) -> str:
    """A line of cards in random spellings; now and then a duplicate, a slash, an odd token."""
    cards = rng.sample(ALL_CARDS, rng.randint(0, 7))
    tokens = []
    for card in cards:
        if rng.random() < 0.05:
            tokens.append(glyph(card))
        else:
            rank, suit = RANK_SPELLINGS[card.rank], SUIT_SPELLINGS[card.suit]
            tokens.append(rng.choice(rank) + rng.choice(suit))
    if tokens and rng.random() < 0.1:
        tokens.append(rng.choice(tokens))
    if rng.random() < 0.15:
        tokens.insert(rng.randint(0, len(tokens)), rng.choice(ODD_TOKENS))
    if rng.random() < 0.5:
        # mostly before the last card, as a starter; now and then anywhere, or twice
        at = max(len(tokens) - 1, 0) if rng.random() < 0.8 else rng.randint(0, len(tokens))
        tokens.insert(at, "/" if rng.random() < 0.9 else "//")
    text = ""
    for token in tokens:
        text += rng.choice(SEPARATORS) if text else rng.choice(["", " "])
        text += token
    if rng.random() < 0.3:
        text = text.replace(" / ", "/")
    return text


def glyph(card: Card) -> str:
    """The card's glyph: see test_every_glyph_is_its_card."""
    column = card.rank if card.rank <= 11 else card.rank + 1
    return chr(0x1F0A0 + 16 * "SHDC".index(card.suit) + column)


def outcome(read: Callable[..., object], *args: object) -> tuple[object, ...]:
    """What a reader makes of its input: its cards, or its error's type and message."""
    try:
        return ("read", read(*args))
    except CribcountError as error:
        return (type(error), str(error))


def test_quick_reading_agrees_with_the_general_reader() -> None:
    rng = random.Random(20240611)
    kinds: Counter[object] = Counter()
    for _ in range(5000):
        text = random_text(rng)
        hand = outcome(parse_hand, text)
        assert hand == outcome(reference_parse_hand, text), text
        kinds[hand[0]] += 1
        for pack in (STANDARD, PIQUET):
            assert outcome(parse_cards, text, pack) == outcome(reference_parse_cards, text, pack), (
                text
            )
    # both readings, and every kind of error, come up often
    assert kinds["read"] > 1000 and kinds[NotationError] > 500 and kinds[HandError] > 500


# -- packs: ranks, copies, one id and mask encoding -----------------------------------

FOUR_PIQUET_PACKS = Pack("bezique", PIQUET.ranks, copies=4, grouped=True)
SPANISH = Pack("spanish", (1, 2, 3, 4, 5, 6, 7, 11, 12, 13))


def test_every_pack_numbers_its_cards_rank_major() -> None:
    assert [STANDARD.id(card) for card in ALL_CARDS] == [card.id for card in ALL_CARDS]
    assert STANDARD.id(Card.parse("KC")) == 51
    # piquet: the seven low, the ace high, four suits to a rank
    assert PIQUET.id(Card(7, "S")) == 0
    assert PIQUET.id(Card(8, "H")) == 5
    assert PIQUET.id(Card(1, "S")) == 28
    assert PIQUET.id(Card(1, "C")) == 31
    assert SPANISH.id(Card(11, "S")) == 28  # the knave next above the seven
    for pack in (STANDARD, PIQUET, SPANISH, FOUR_PIQUET_PACKS):
        for card_id, card in enumerate(pack.cards):
            assert pack.card(card_id) == card
            assert card_id >> 2 == pack.ranks.index(card.rank)
            assert "SHDC"[card_id & 3] == card.suit


def test_sizes_count_the_copies() -> None:
    assert (STANDARD.size, PIQUET.size, SPANISH.size, FOUR_PIQUET_PACKS.size) == (52, 32, 40, 128)


def test_a_mask_holds_each_card_at_its_id() -> None:
    cards = parse_cards("7S AC 10H", PIQUET)
    assert PIQUET.mask(cards) == 1 << 0 | 1 << 31 | 1 << 13
    assert PIQUET.cards_of(PIQUET.mask(cards)) == parse_cards("7S 10H AC", PIQUET)
    # one suit is every fourth bit from its index: the spades of the piquet pack
    assert PIQUET.mask(card for card in PIQUET.cards if card.suit == "S") == 0x11111111
    with pytest.raises(HandError, match="card '5S' is not in the piquet pack"):
        PIQUET.mask([Card(5, "S")])


def test_a_pack_of_copies_reads_a_card_as_often_as_it_holds_it() -> None:
    cards = parse_cards("AS AS KH AS AS", FOUR_PIQUET_PACKS)
    assert format_cards(cards) == "AS AS KH AS AS"
    counts = FOUR_PIQUET_PACKS.counts(cards)
    assert counts[FOUR_PIQUET_PACKS.id(Card(1, "S"))] == 4
    assert sum(counts) == 5
    assert format_cards(parse_cards("♠ A A, ♥ K", FOUR_PIQUET_PACKS)) == "AS AS KH"
    with pytest.raises(HandError) as error:
        parse_cards("AS AS AS AS 9H AS", FOUR_PIQUET_PACKS)
    assert str(error.value) == (
        "card 'AS' given 5 times in 'AS AS AS AS 9H AS': the bezique pack holds 4 of each card"
    )
    with pytest.raises(HandError, match="duplicate card 'AS'"):
        parse_cards("AS AS", PIQUET)


def test_a_rank_outside_a_pack_is_refused_with_the_packs_ranks() -> None:
    with pytest.raises(NotationError) as error:
        parse_cards("8C", SPANISH)
    assert str(error.value) == (
        "invalid card '8C' in '8C': the spanish pack's ranks are A, 2, 3, 4, 5, 6, 7, J, Q, K"
    )


def test_a_deal_is_checked_against_its_pack() -> None:
    elder, younger = parse_cards("7S 8S 9S", PIQUET), parse_cards("7H 8H 9H", PIQUET)
    check_hands([elder, younger], ["elder", "younger"], 3, "a game of three", PIQUET)
    with pytest.raises(HandError) as error:
        check_hands([elder, elder], ["elder", "younger"], 3, "a game of three", PIQUET)
    assert str(error.value) == (
        "card '7S' is in both the elder's and the younger's hand: each card is dealt once"
    )
    with pytest.raises(HandError) as error:
        check_hands([younger, [Card(5, "S")] * 3], ["a", "b"], 3, "a game", PIQUET)
    assert str(error.value) == (
        "card '5S' in '5S 5S 5S' is outside the 32-card piquet pack: "
        "ranks are 7, 8, 9, 10, J, Q, K and A"
    )
    with pytest.raises(HandError, match="the b's hand '7H 8H' has 2 cards: a hand of x holds 3"):
        check_hands([elder, younger[:2]], ["a", "b"], 3, "x", PIQUET)
    # four packs: a card may be dealt four times over the hands, not five
    three_aces, king = (
        parse_cards("AS AS AS", FOUR_PIQUET_PACKS),
        parse_cards("KH", FOUR_PIQUET_PACKS),
    )
    check_hands([three_aces, [three_aces[0], *king * 2]], ["a", "b"], 3, "x", FOUR_PIQUET_PACKS)
    with pytest.raises(HandError) as error:
        check_hands([three_aces, three_aces[:2] + king], ["a", "b"], 3, "x", FOUR_PIQUET_PACKS)
    assert str(error.value) == "card 'AS' is dealt 5 times: the bezique pack holds 4 of each card"
