"""Using an offered card: the book's example, going out, borrowing, growing a
triplet, a card that cannot be used, and forcing with the discard."""

from __future__ import annotations

from cribcount.cards import Card, parse_cards
from cribcount.conquian import SPANISH, Position, UseAdvice, read_table, use_card

BOOK = "♡ J 7 6 4; ♠ 5 3 2; ♢ K 7 5"


def advise(card: str, hand: str, table: str = "", theirs: str = "") -> UseAdvice:
    position = Position(
        tuple(parse_cards(hand, SPANISH)),
        read_table(table, SPANISH, "the table"),
        read_table(theirs, SPANISH, "the opponent's table"),
    )
    return use_card(Card.parse(card, SPANISH), position)


def names(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def test_the_books_example_the_heart_five() -> None:
    # The pone holds ♡ J 7 6 4, ♠ 5 3 2, ♢ K 7 5 and turns the ♡ 5. The book's three
    # uses: a run with the 4 and 6, a run with the 6 and 7, the triplet with the other
    # fives; and the runs the hand could show longer (4-7, 5-J, 4-J: the 7 next below
    # the jack). Six in all.
    advice = advise("5H", BOOK)
    uses = {str(use.combination): names(use.shown) for use in advice.uses}
    assert uses == {
        "4H 5H 6H": ["4H", "6H"],
        "5H 6H 7H": ["6H", "7H"],
        "5S 5H 5D": ["5S", "5D"],
        "4H 5H 6H 7H": ["4H", "6H", "7H"],
        "5H 6H 7H JH": ["6H", "7H", "JH"],
        "4H 5H 6H 7H JH": ["4H", "6H", "7H", "JH"],
    }
    assert advice.unseen == 29  # 40 less the ten held and the heart five
    # So early, no use leaves an out: seven cards in hand and one more card
    # cannot all go down. Passing keeps none either.
    assert not any(use.goes_out for use in advice.uses)
    assert all(not d.figures.outs for use in advice.uses for d in use.discards)
    assert advice.passing.outs == () and not advice.passing_keeps_more

    by_name = {str(use.combination): use for use in advice.uses}
    book = by_name["5H 6H 7H"]
    # The book lays out the 6 and 7 and discards the ♢ K. After it the 4H and JH
    # grow the run, 5 down; six unseen cards would lay more down: AS or 4S (spades
    # with 2 3), 5C (three fives), 6D (5 6 7 of diamonds), 3H (with the 4H), QH (with
    # the JH). Every other discard keeps fewer; the KD is the best discard.
    assert str(book.discards[0].card) == "KD"
    assert names(book.discards[0].figures.useful) == ["AS", "4S", "3H", "QH", "6D", "5C"]
    assert all(len(d.figures.useful) < 6 for d in book.discards[1:])
    # The figures prefer the run 4 5 6, the 7H kept in hand: it grows the run or
    # makes sevens with the 7D and a third seven (7S, 7C), eight useful cards after
    # the same KD discard, where the book's run leaves six.
    assert str(advice.uses[0].combination) == "4H 5H 6H"
    best = advice.uses[0].discards[0]
    assert str(best.card) == "KD"
    assert names(best.figures.useful) == ["AS", "4S", "7S", "3H", "QH", "6D", "5C", "7C"]
    # Passing keeps the run 6 7 J and five useful cards (the 5H gone): AS 4S 5C 6D QH.
    assert names(advice.passing.useful) == ["AS", "4S", "QH", "6D", "5C"]


def test_going_out() -> None:
    # 2S 3S with the offered 4S, then 5S on it and 7H on the run: eleven down.
    advice = advise("4S", "7H 2S 3S 5S", "4H 5H 6H | 7C 7D 7S")
    assert [(str(u.combination), u.goes_out) for u in advice.uses] == [
        ("2S 3S 4S", True),
        ("3S 4S 5S", True),
        ("2S 3S 4S 5S", True),
    ]
    assert all(use.discards == () for use in advice.uses)
    assert not advice.passing_keeps_more
    assert advice.to_json()["uses"][0] == {
        "combination": ["2S", "3S", "4S"],
        "grows": None,
        "borrowed": [],
        "shown": ["2S", "3S"],
        "goes_out": True,
        "discards": [],
    }


def test_borrowing_from_a_four() -> None:
    advice = advise("7H", "6H AS 2D 4C QC KC", "5S 5H 5D 5C")
    assert len(advice.uses) == 1
    use = advice.uses[0]
    assert str(use.combination) == "5H 6H 7H"
    assert [(str(b.card), str(b.source)) for b in use.borrowed] == [("5H", "5S 5H 5D 5C")]
    assert names(use.shown) == ["6H"]
    assert len(use.discards) == 5


def test_growing_a_triplet_and_a_sequence() -> None:
    advice = advise("7H", "2S 3S 5S KD", "4H 5H 6H | 7C 7S 7D")
    grown = {(str(u.combination), str(u.grows), len(u.shown)) for u in advice.uses if u.grows}
    assert grown == {("4H 5H 6H 7H", "4H 5H 6H", 0), ("7S 7H 7D 7C", "7S 7D 7C", 0)}
    made = {str(u.combination) for u in advice.uses if u.grows is None}
    assert made == set()


def test_a_card_that_cannot_be_used() -> None:
    advice = advise("KH", BOOK)
    assert advice.uses == ()
    assert not advice.passing_keeps_more
    assert advice.to_json()["pass"]["outs"] == []


def test_a_discard_that_forces() -> None:
    # After KS KH KD, the 4C fits the opponent's 5 6 7 of clubs: it may be forced
    # on him. Discarding the 6D leaves 2C 3C 4C in hand: AC, KC (four kings) or 5H
    # (on A 2 3 4 of hearts) takes him out, 3 outs of 26 unseen.
    advice = advise("KH", "KS KD 2C 3C 4C 6D", "AH 2H 3H 4H", "5C 6C 7C")
    (use,) = advice.uses
    first = use.discards[0]
    assert (str(first.card), names(first.figures.outs), first.figures.unseen) == (
        "6D",
        ["5H", "AC", "KC"],
        26,
    )
    assert {str(d.card) for d in use.discards if d.forces} == {"4C"}
