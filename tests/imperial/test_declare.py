"""Impérial's declarations: hand-worked deals for each rule of the counting
out before the play, their data, and bad deals."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from cribcount.cards import PIQUET, Card, parse_cards
from cribcount.errors import CribcountError, HandError, NotationError
from cribcount.imperial import (
    Board,
    Counters,
    ImperialDeclaration,
    Mark,
    declare_imperial,
)
from cribcount.imperial.pack import imperial_rank, pip_value, read_hand, read_turn_up


def cards(text: str) -> list[Card]:
    return parse_cards(text, PIQUET)


def declared(
    elder: str, younger: str, turn_up: str, start: Board | None = None
) -> ImperialDeclaration:
    return declare_imperial(cards(elder), cards(younger), Card.parse(turn_up), start)


def board(elder: tuple[int, int], younger: tuple[int, int]) -> Board:
    return Board(Counters(*elder), Counters(*younger))


def counting(marks: Iterable[Mark]) -> list[tuple[str, str, str, str]]:
    """Each mark as (player, kind, name, verdict)."""
    return [(m.role, m.combination.kind, m.combination.name, m.verdict) for m in marks]


# -- the ranks ---------------------------------------------------------------------


def test_play_ranks_king_high_ace_below_the_jack() -> None:
    ranked = sorted(cards("7S 8S 9S 10S AS JS QS KS"), key=imperial_rank, reverse=True)
    assert [str(card) for card in ranked] == ["KS", "QS", "JS", "AS", "10S", "9S", "8S", "7S"]


# -- the declarations: hand-worked deals -------------------------------------------

# Hearts trumps, the turn-up 8H. The elder holds K Q J A of spades, the
# younger K Q J A of hearts. Points: spades K Q J A 10 9 = 60, hearts the
# same 60: a tie, the elder's.
SEQUENCES = (
    "KS QS JS AS 10S 9S KD QD 10D KC QC 9C",
    "KH QH JH AH 10H 9H JD AD 9D JC AC 10C",
    "8H",
)


def test_point_tie_goes_to_the_elder() -> None:
    # elder spades A Q 10 = 31; younger hearts A Q 10 = 31 (and diamonds,
    # clubs the same); no impérial on either side; 8S turned up, no honour
    result = declared(
        "AS QS 10S KH 9H 8H KD 9D 8D KC 9C 8C", "KS JS 9S AH QH 10H AD QD 10D AC QC 10C", "8S"
    )
    assert counting(result.marks) == [
        ("elder", "point", "Thirty-one: 3 cards in spades", "good"),
        ("younger", "point", "Thirty-one: 3 cards in hearts", "not good"),
    ]
    assert result.board == board((0, 1), (0, 0))


def test_the_better_point_is_the_younger_s() -> None:
    # elder spades K Q J = 30 (diamonds the same); younger clubs Q J A = 31
    result = declared(
        "KS QS JS 10H 9H 8H KD QD JD KC 10C 9C", "AS 10S 9S KH QH JH AD 10D 9D QC JC AC", "8C"
    )
    assert counting(result.marks) == [
        ("elder", "point", "Thirty: 3 cards in spades", "not good"),
        ("younger", "point", "Thirty-one: 3 cards in clubs", "good"),
    ]
    assert result.board == board((0, 0), (0, 1))


def test_sequence_in_trumps_beats_a_plain_one_and_takes_down() -> None:
    result = declared(*SEQUENCES)
    assert counting(result.marks) == [
        ("elder", "point", "Sixty: 6 cards in spades", "good"),
        ("younger", "point", "Sixty: 6 cards in hearts", "not good"),
        ("elder", "sequence", "K Q J A of spades", "not good"),
        ("younger", "sequence", "K Q J A of hearts, trumps", "good"),
    ]
    # only the younger scores an impérial in hand: his red takes down the
    # elder's white for the point
    assert result.take_down
    assert result.marks[-1].taken_down == 1
    assert result.board == board((0, 0), (1, 0))


def test_plain_sequences_tie_to_the_elder() -> None:
    # diamonds trumps (10D turned up); clubs K Q J A to the elder, spades to
    # the younger: no equals, the elder's is good
    result = declared(
        "KC QC JC AC 10C 9C KH QH 10H KD 9D 8D", "KS QS JS AS 10S 9S JH AH 9H QD JD AD", "10D"
    )
    assert counting(result.marks)[2:] == [
        ("elder", "sequence", "K Q J A of clubs", "good"),
        ("younger", "sequence", "K Q J A of spades", "not good"),
    ]
    assert result.board == board((1, 1), (0, 0))


def test_the_holder_of_the_best_sequence_scores_all_his_sequences() -> None:
    # spades trumps: the elder's K Q J A of spades and of hearts, both good;
    # the younger's in clubs and diamonds, neither
    result = declared(
        "KH QH JH AH 10H 9H 8H 7H KS QS JS AS", "KC QC JC AC 10C 9C KD QD JD AD 10D 9D", "8S"
    )
    assert counting(result.marks) == [
        ("elder", "point", "Seventy-five: 8 cards in hearts", "good"),
        ("younger", "point", "Sixty: 6 cards in diamonds", "not good"),
        ("elder", "sequence", "K Q J A of spades, trumps", "good"),
        ("elder", "sequence", "K Q J A of hearts", "good"),
        ("younger", "sequence", "K Q J A of diamonds", "not good"),
        ("younger", "sequence", "K Q J A of clubs", "not good"),
    ]
    assert result.board == board((2, 1), (0, 0))


# Hearts trumps (10H): the elder holds four kings and four queens, the
# younger four jacks and four aces.
FOURS = (
    "KH QH 9H KS QS 10S 9S KC QC KD QD 8D",
    "JH AH 8H 7H JS AS 8S JC AC 10C JD AD",
    "10H",
)


def test_fours_best_kings_and_the_holder_scores_all_his_fours() -> None:
    # hearts trumps (10H): the elder holds four kings and four queens, the
    # younger four jacks and four aces; kings are the best four
    result = declared(*FOURS)
    assert counting(result.marks) == [
        ("elder", "point", "Thirty-nine: 4 cards in spades", "good"),
        ("younger", "point", "Thirty-six: 4 cards in hearts", "not good"),
        ("elder", "four", "four kings", "good"),
        ("elder", "four", "four queens", "good"),
        ("younger", "four", "four jacks", "not good"),
        ("younger", "four", "four aces", "not good"),
    ]
    assert result.board == board((2, 1), (0, 0))


@pytest.mark.parametrize(
    ("last", "expected", "counters"),
    [
        # the younger's three jacks: the elder's four aces are the best four
        ("8S", [("elder", "four", "four aces", "good")], board((1, 1), (0, 0))),
        # the younger's four jacks beat them, and take down the point's white
        (
            "JS",
            [("elder", "four", "four aces", "not good"), ("younger", "four", "four jacks", "good")],
            board((0, 0), (1, 0)),
        ),
    ],
)
def test_four_aces_the_lowest_four(
    last: str, expected: list[tuple[str, str, str, str]], counters: Board
) -> None:
    # clubs trumps (8C); the elder's spades A K Q 10 9 = 50 beat the
    # younger's diamonds K Q J 10 9 = 49; no sequence (no jack with the
    # elder's aces, no ace with the younger's jacks)
    result = declared(
        "AS AH AD AC KS QS 10S 9S KH QH 10H 9H",
        f"KD QD JD 10D 9D KC QC JC 10C 9C JH {last}",
        "8C",
    )
    assert counting(result.marks) == [
        ("elder", "point", "Fifty: 5 cards in spades", "good"),
        ("younger", "point", "Forty-nine: 5 cards in diamonds", "not good"),
        *expected,
    ]
    assert result.board == counters


def test_four_sevens_are_good_whatever_the_adversary_holds() -> None:
    # spades trumps (9S): elder four queens and four jacks (points spades
    # Q J A 10 = 41); younger four kings, the best four, and four sevens
    result = declared(
        "QS QH QD QC JS JH JD JC AS AH 10S 10H", "KS KH KD KC 7S 7H 7D 7C AD AC 10D 10C", "9S"
    )
    assert counting(result.marks) == [
        ("elder", "point", "Forty-one: 4 cards in spades", "good"),
        ("younger", "point", "Thirty-eight: 4 cards in diamonds", "not good"),
        ("elder", "four", "four queens", "not good"),
        ("elder", "four", "four jacks", "not good"),
        ("younger", "four", "four kings", "good"),
        ("younger", "four", "four sevens", "good"),
    ]
    # the younger's first red takes down the elder's white
    assert [mark.taken_down for mark in result.marks] == [0, 0, 0, 0, 1, 0]
    assert result.board == board((0, 0), (2, 0))


# The elder: K Q J A of hearts, trumps (8H turned up); the younger: four sevens.
BOTH_IN_HAND = (
    "KH QH JH AH 10H 9H KS QS KD QD 10D 8C",
    "7H 7S 7D 7C JS AS 10S 9S JC AC 10C 9C",
    "8H",
)


def test_both_with_impérials_in_hand_neither_takes_down() -> None:
    # whites up before the deal: the elder 3, the younger 4. The point (hearts
    # 60 against spades J A 10 9 7 = 47) brings the elder to 4 whites; then
    # each scores a red in hand, and nobody takes anything down.
    result = declared(*BOTH_IN_HAND, start=board((0, 3), (0, 4)))
    assert [(m.role, m.combination.name, m.verdict) for m in result.marks[2:]] == [
        ("elder", "K Q J A of hearts, trumps", "good"),
        ("younger", "four sevens", "good"),
    ]
    assert not result.take_down
    assert [mark.taken_down for mark in result.marks] == [0, 0, 0, 0]
    assert result.board == board((1, 4), (1, 4))


def test_one_side_with_impérials_in_hand_takes_down() -> None:
    # the same elder against a younger without four sevens (7C for 8C): the
    # elder's red takes down the younger's 4 whites
    result = declared(
        "KH QH JH AH 10H 9H KS QS KD QD 10D 7C",
        "7H 7S 7D 8C JS AS 10S 9S JC AC 10C 9C",
        "8H",
        start=board((0, 3), (0, 4)),
    )
    assert result.take_down
    assert result.board == board((1, 4), (0, 0))


def test_carte_blanche_two_reds_and_turn_up_honour() -> None:
    # clubs trumps, the 7C turned up: an honour, a white to the younger first.
    # The elder holds no king, queen or jack: carte blanche, two reds. The
    # younger holds every king, queen and jack: three fours, kings the best.
    # Both score impérials in hand, so no whites come down.
    result = declared(
        "AS 10S 9S 8S 7S AH 10H 9H 8H AD 10D 9D",
        "KS QS JS KH QH JH KD QD JD KC QC JC",
        "7C",
    )
    assert counting(result.marks) == [
        ("younger", "turn-up", "seven of trumps turned up", "good"),
        ("elder", "point", "Forty-five: 5 cards in spades", "good"),
        ("younger", "point", "Thirty: 3 cards in spades", "not good"),
        ("elder", "carte blanche", "carte blanche", "good"),
        ("younger", "four", "four kings", "good"),
        ("younger", "four", "four queens", "good"),
        ("younger", "four", "four jacks", "good"),
    ]
    assert result.marks[3].combination.reds == 2
    assert not result.take_down
    assert result.board == board((2, 1), (3, 1))


def test_impérial_de_retourne_sequence_and_four() -> None:
    # the KH turned up: an honour, a white to the younger; it completes the
    # younger's Q J A of hearts into K Q J A of trumps and his three kings
    # into four. Neither is in hand: both are impérials de retourne, and the
    # first takes down the white of the elder's point (clubs Q J A 10 = 41).
    result = declared(
        "QS JS AS 7S QD JD AD 7D QC JC AC 10C", "QH JH AH KS 10S 9S 8S KD 10D 9D 8D KC", "KH"
    )
    assert counting(result.marks) == [
        ("younger", "turn-up", "king of trumps turned up", "good"),
        ("elder", "point", "Forty-one: 4 cards in clubs", "good"),
        ("younger", "point", "Thirty-seven: 4 cards in spades", "not good"),
        ("younger", "impérial de retourne", "K Q J A of hearts with the turn-up", "good"),
        ("younger", "impérial de retourne", "four kings with the turn-up", "good"),
    ]
    assert [str(card) for card in result.marks[3].combination.cards] == ["KH", "QH", "JH", "AH"]
    assert [mark.taken_down for mark in result.marks] == [0, 0, 0, 1, 0]
    assert result.board == board((0, 0), (2, 1))


def test_impérial_de_retourne_of_sevens() -> None:
    # the 7D turned up (an honour) makes the younger's three sevens four
    result = declared(
        "KS QS 10S KH QH 10H KD QD 10D KC QC 10C", "7S 7H 7C JS AS 9S JH AH 9H JC AC 9C", "7D"
    )
    kinds = [(m.role, m.combination.kind, m.combination.name) for m in result.marks if m.good]
    assert kinds[-1] == ("younger", "impérial de retourne", "four sevens with the turn-up")


def test_retourne_only_for_the_younger() -> None:
    # the elder's three kings and the turn-up KH make nothing: it counts in the younger's hand only
    result = declared(
        "KS KD KC QS JS AS 7S QD JD AD 7D 10C", "10H 9H 8H 7H 10S 9S 8S 10D 9D 8D QC JC", "KH"
    )
    assert not any(m.combination.kind == "impérial de retourne" for m in result.marks)


def test_declaration_json() -> None:
    data = declared(*SEQUENCES).to_json()
    assert data["turn_up"] == "8H" and data["trump"] == "H"
    # what each scored: the elder's point a white, the younger's sequence in
    # trumps a red, which took the elder's white down
    assert data["declarations"] == {
        "elder": {"reds": 0, "whites": 1},
        "younger": {"reds": 1, "whites": 0},
    }
    assert data["counters"] == {
        "elder": {"reds": 0, "whites": 0},
        "younger": {"reds": 1, "whites": 0},
    }
    assert [score["verdict"] for score in data["scores"]] == [  # type: ignore[attr-defined]
        "good",
        "not good",
        "not good",
        "good",
    ]
    assert data["scores"][-1] == {  # type: ignore[index]
        "role": "younger",
        "kind": "sequence",
        "name": "K Q J A of hearts, trumps",
        "cards": ["KH", "QH", "JH", "AH"],
        "reds": 1,
        "whites": 0,
        "verdict": "good",
        "taken_down": 1,
        "counters": {"elder": {"reds": 0, "whites": 0}, "younger": {"reds": 1, "whites": 0}},
    }
    assert data["winner"] is None and data["take_down"] is True


# -- bad input ---------------------------------------------------------------------------


def test_bad_deals_refused() -> None:
    elder, younger, turn_up = SEQUENCES
    with pytest.raises(
        HandError,
        match="the elder's hand 'KS QS JS AS 10S 9S KD QD 10D KC QC' has 11 cards: "
        "a hand of Impérial holds 12",
    ):
        declared(elder.rsplit(" ", 1)[0], younger, turn_up)
    with pytest.raises(
        HandError, match="the turn-up KS is in the elder's hand: it is the twenty-fifth card"
    ):
        declared(elder, younger, "KS")
    with pytest.raises(HandError, match="card 'KS' is in both the elder's and the younger's hand"):
        declared(elder, younger.replace("10C", "KS"), turn_up)
    with pytest.raises(HandError, match="outside the 32-card piquet pack"):
        declare_imperial(cards(elder), cards(younger), Card(5, "H"))
    with pytest.raises(HandError, match=r"card '6C' in .* is outside the 32-card piquet pack"):
        declare_imperial([*cards(elder)[:11], Card(6, "C")], cards(younger), Card.parse(turn_up))
    with pytest.raises(HandError, match="card 'KS' is twice in the elder's hand"):
        declare_imperial(
            [*cards(elder)[:11], Card.parse("KS")], cards(younger), Card.parse(turn_up)
        )
    with pytest.raises(NotationError):
        cards("KS ZZ")


def test_a_start_already_won_is_refused() -> None:
    won = board((4, 6), (1, 0))
    elder = cards("KH QH 9H KS QS 10S 9S KC QC KD QD 8D")
    younger = cards("JH AH 8H 7H JS AS 8S JC AC 10C JD AD")
    with pytest.raises(CribcountError, match=r"^the elder has passed all his counters and won"):
        declare_imperial(elder, younger, Card.parse("10H"), won)


def test_pip_values_of_the_point() -> None:
    assert [pip_value(card) for card in cards("AS KS QS JS 10S 9S 8S 7S")] == [
        11,
        10,
        10,
        10,
        10,
        9,
        8,
        7,
    ]


def test_hands_and_turn_up_read() -> None:
    assert read_hand("♠ Q J A 7: ♢ Q J A 7: ♣ Q J A 10") == tuple(
        cards("QS JS AS 7S QD JD AD 7D QC JC AC 10C")
    )
    assert read_turn_up(" 10H ") == Card(10, "H")
    with pytest.raises(HandError, match=r"^no cards for the elder's hand: expected cards such as"):
        read_hand(" ", "the elder's hand")
    with pytest.raises(HandError, match=r"^hand 'KH QH' has 2 cards: expected 12$"):
        read_hand("KH QH")
    with pytest.raises(HandError, match=r"^turn-up 'KH QH': expected one card, such as '10H'$"):
        read_turn_up("KH QH")
    with pytest.raises(NotationError, match=r"^invalid card '5H' in '5H': piquet's ranks are"):
        read_turn_up("5H")
