"""Impérial: hand-worked deals for each rule of the counting out, the seed's
take-down example, the play's must-win rule against a plain reference on
random legal plays, and bad input."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.cards import SUITS, Card, parse_cards
from cribcount.errors import CribcountError, HandError, NotationError, PlayError
from cribcount.piquet import (
    Board,
    Counters,
    ImperialDeclaration,
    ImperialPlay,
    declare_imperial,
    read_board,
    score_imperial_play,
)
from cribcount.piquet.imperial import (
    Mark,
    declaration_to_json,
    imperial_rank,
    legal_replies,
    play_to_json,
    trick_winner,
)

PACK = [Card(rank, suit) for rank in (1, 7, 8, 9, 10, 11, 12, 13) for suit in SUITS]


def cards(text: str) -> list[Card]:
    return parse_cards(text, pack="piquet")


def declared(
    elder: str, younger: str, turn_up: str, start: Board | None = None
) -> ImperialDeclaration:
    return declare_imperial(cards(elder), cards(younger), Card.parse(turn_up), start)


def played(
    elder: str, younger: str, turn_up: str, play: str, start: Board | None = None
) -> ImperialPlay:
    return score_imperial_play(
        cards(elder), cards(younger), Card.parse(turn_up), cards(play), start
    )


def board(elder: tuple[int, int], younger: tuple[int, int]) -> Board:
    return Board(Counters(*elder), Counters(*younger))


def counting(marks: Iterable[Mark]) -> list[tuple[str, str, str, str]]:
    """Each mark as (player, kind, name, verdict)."""
    return [(m.role, m.combination.kind, m.combination.name, m.verdict) for m in marks]


# -- the counters ------------------------------------------------------------------


def test_seed_take_down_example() -> None:
    # "The pone has 2 reds and 4 whites up; the dealer has 1 red and 5 whites.
    # The pone scores two whites, reaching six, and advancing his score to 3
    # reds ... The dealer must take down his white counters ... leaving
    # himself 1 red." The pone is the elder of the two-handed game.
    before = board((2, 4), (1, 5))
    after, taken = before.mark("elder", whites=2)
    assert after == board((3, 0), (1, 0))
    assert taken == 5
    assert (str(after.elder), str(after.younger)) == ("3 reds 0 whites", "1 red 0 whites")


def test_whites_short_of_six_take_nothing_down() -> None:
    after, taken = board((2, 3), (1, 5)).mark("elder", whites=2)
    assert (after, taken) == (board((2, 5), (1, 5)), 0)


def test_a_red_scored_takes_down_the_adversary_whites() -> None:
    after, taken = board((0, 3), (1, 4)).mark("younger", reds=1)
    assert (after, taken) == (board((0, 0), (2, 4)), 3)
    # the scorer's own whites stay up
    after, taken = board((0, 3), (1, 4)).mark("younger", reds=1, take_down=False)
    assert (after, taken) == (board((0, 3), (2, 4)), 0)


def test_many_whites_exchange_for_reds_and_keep_the_rest() -> None:
    # 5 whites up and 8 scored: 13 whites are 2 reds and 1 white
    after, taken = board((1, 5), (0, 2)).mark("elder", whites=8)
    assert (after, taken) == (board((3, 1), (0, 0)), 2)


def test_four_reds_and_six_whites_win_the_game() -> None:
    after, taken = board((4, 5), (3, 4)).mark("elder", whites=1)
    assert after.elder == Counters(4, 6)
    assert after.winner == "elder"
    # the score that wins ends the counting: nothing is taken down by it
    assert (after.younger, taken) == (Counters(3, 4), 0)
    # a red when four are up wins too: thirty whites' worth passed over
    after, _ = board((1, 2), (4, 0)).mark("younger", reds=1)
    assert (after.younger, after.winner) == (Counters(4, 6), "younger")
    with pytest.raises(CribcountError, match="the younger has won the game"):
        after.mark("elder", whites=1)


def test_counters_written_and_as_data() -> None:
    assert str(Counters(1, 1)) == "1 red 1 white"
    assert str(Counters()) == "0 reds 0 whites"
    assert Counters(2, 4).to_json() == {"reds": 2, "whites": 4}
    assert Counters(2, 4).value == 16


@pytest.mark.parametrize(
    ("reds", "whites", "message"),
    [
        (5, 0, "5 reds: a player has 0 to 4 red counters up"),
        (-1, 0, "-1 reds: a player has 0 to 4 red counters up"),
        (2, 6, "6 whites: six whites are exchanged for a red"),
        (0, -1, "-1 whites"),
    ],
)
def test_impossible_counters_refused(reds: int, whites: int, message: str) -> None:
    with pytest.raises(CribcountError, match=message):
        Counters(reds, whites)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 4),
    st.integers(0, 5),
    st.integers(0, 4),
    st.integers(0, 5),
    st.integers(0, 2),
    st.integers(0, 12),
)
def test_mark_keeps_the_worth_and_takes_down_on_each_red(
    own_reds: int, own_whites: int, other_reds: int, other_whites: int, reds: int, whites: int
) -> None:
    before = board((own_reds, own_whites), (other_reds, other_whites))
    after, taken = before.mark("elder", reds=reds, whites=whites)
    worth = 6 * own_reds + own_whites + 6 * reds + whites
    if worth >= 30:
        assert after.elder == Counters(4, 6) and after.younger == before.younger and taken == 0
        return
    assert after.elder.value == worth and after.elder.whites < 6
    red_scored = after.elder.reds > own_reds
    assert taken == (other_whites if red_scored else 0)
    assert after.younger == Counters(other_reds, 0 if red_scored else other_whites)


def test_read_board() -> None:
    assert read_board("2,4/1,5") == board((2, 4), (1, 5))
    assert read_board(" 0 , 0 / 3,2 ") == board((0, 0), (3, 2))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2,4", "invalid counters '2,4': expected the elder's reds,whites / the younger's"),
        ("2,4/1", "invalid counters '2,4/1': expected"),
        ("a,b/1,1", "invalid counters 'a,b/1,1'"),
        ("2,4/1,5/0,0", "invalid counters"),
        ("7,0/0,0", "invalid counters '7,0/0,0': 7 reds: a player has 0 to 4 red counters up"),
        ("1,6/0,0", "invalid counters '1,6/0,0': 6 whites"),
        ("4,6/0,0", "the elder has passed all his counters and won the game already"),
    ],
)
def test_read_board_refuses(text: str, message: str) -> None:
    with pytest.raises(CribcountError, match=message):
        read_board(text)


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
    result = declared(SEVEN_FIVE[0], SEVEN_FIVE[1], SEVEN_FIVE[2])
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
    result = declared(*CAPOT[:3])
    assert counting(result.marks) == [
        ("elder", "point", "Seventy-five: 8 cards in hearts", "good"),
        ("younger", "point", "Sixty: 6 cards in diamonds", "not good"),
        ("elder", "sequence", "K Q J A of spades, trumps", "good"),
        ("elder", "sequence", "K Q J A of hearts", "good"),
        ("younger", "sequence", "K Q J A of diamonds", "not good"),
        ("younger", "sequence", "K Q J A of clubs", "not good"),
    ]
    assert result.board == board((2, 1), (0, 0))


def test_fours_best_kings_and_the_holder_scores_all_his_fours() -> None:
    # hearts trumps (10H): the elder holds four kings and four queens, the
    # younger four jacks and four aces; kings are the best four
    result = declared(*TOMBEE[:3])
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
    data = declaration_to_json(declared(*SEQUENCES))
    assert data["turn_up"] == "8H" and data["trump"] == "H"
    assert data["counters"] == {
        "elder": {"reds": 0, "whites": 0},
        "younger": {"reds": 1, "whites": 0},
    }
    assert data["declarations"][-1] == {  # type: ignore[index]
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


# -- the play: hand-worked deals ----------------------------------------------------

# Hearts trumps (10H turned up). The elder leads his K and Q of trumps and
# the younger, unable to win, must follow with his J and A of trumps.
TOMBEE = (
    "KH QH 9H KS QS 10S 9S KC QC KD QD 8D",
    "JH AH 8H 7H JS AS 8S JC AC 10C JD AD",
    "10H",
    # 1 KH JH elder; 2 QH AH elder; 3 9H 8H elder; 4 KS 8S elder;
    # 5 QS JS elder; 6 10S AS younger (the ace beats the ten); 7 7H 9S younger
    # (a trump led, the elder has none); 8 JC QC elder (he must win);
    # 9 KC 10C, 10 KD JD, 11 QD AD elder; 12 8D AC elder (no diamond, no trump)
    "KH JH QH AH 9H 8H KS 8S QS JS 10S AS 7H 9S JC QC KC 10C KD JD QD AD 8D AC",
)


def test_tricks_won_and_led() -> None:
    result = played(*TOMBEE)
    assert [(t.leader, t.winner) for t in result.tricks] == [
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "younger"),
        ("younger", "younger"),
        ("younger", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
    ]
    assert result.tricks_won == {"elder": 10, "younger": 2}
    assert result.complete and result.to_play is None


def test_tombée_honours_in_tricks_and_game_on_the_odd_tricks() -> None:
    # declarations: the elder 2 reds 1 white (point, four kings, four queens)
    result = played(*TOMBEE)
    assert result.declaration.board == board((2, 1), (0, 0))
    assert counting(result.marks) == [
        ("elder", "impérial tombée", "KH QH catch JH AH", "good"),
        ("elder", "honours", "4 honours in tricks", "good"),  # KH JH QH AH
        ("younger", "honours", "1 honour in tricks", "good"),  # 7H
        ("elder", "odd tricks", "10 tricks to 2", "good"),
    ]
    boards = [mark.board for mark in result.marks]
    assert boards[:3] == [board((3, 1), (0, 0)), board((3, 5), (0, 0)), board((3, 5), (0, 1))]
    # 3 reds 5 whites and 8 whites more: past four reds and six whites
    assert boards[3] == Board(Counters(4, 6), Counters(0, 1))
    assert result.winner == "elder"


def test_no_tombée_when_the_ace_of_trumps_escapes() -> None:
    # the same deal played otherwise: the younger, void of diamonds, must
    # trump the 8D and does it with the AH; the elder catches the JH only.
    # 1 KD JD, 2 QD AD elder; 3 8D AH younger; 4 7H 9H elder (he must win);
    # 5 KH JH, 6 QH 8H, 7 KS 8S, 8 QS JS elder; 9 10S AS younger; 10 JC QC,
    # 11 KC AC, 12 9S 10C elder
    result = played(
        *TOMBEE[:3], "KD JD QD AD 8D AH 7H 9H KH JH QH 8H KS 8S QS JS 10S AS JC QC KC AC 9S 10C"
    )
    assert result.tricks_won == {"elder": 10, "younger": 2}
    assert counting(result.marks) == [
        ("elder", "honours", "4 honours in tricks", "good"),  # 7H KH JH QH
        ("younger", "honours", "1 honour in tricks", "good"),  # AH
        ("elder", "odd tricks", "10 tricks to 2", "good"),
    ]
    # 2 reds 1 white, then 2 reds 5 whites; the younger's white; 8 whites make
    # the elder 4 reds 1 white, and his reds take the younger's white down
    assert [m.board for m in result.marks] == [
        board((2, 5), (0, 0)),
        board((2, 5), (0, 1)),
        board((4, 1), (0, 0)),
    ]
    assert result.marks[-1].taken_down == 1


# Clubs trumps (8C). Every trick is of one suit: spades and diamonds are
# the elder's, hearts the younger's; in clubs the elder's king wins a trick
# and his 10 and 9 none.
SEVEN_FIVE = (
    "KS QS JS 10H 9H 8H KD QD JD KC 10C 9C",
    "AS 10S 9S KH QH JH AD 10D 9D QC JC AC",
    "8C",
    # 1-6 the elder's spades and diamonds; 7 10H JH, 8 KH 9H, 9 QH 8H younger;
    # 10 QC KC elder (he must win); 11 10C AC younger; 12 JC 9C younger
    "KS 9S QS 10S JS AS KD 9D QD 10D JD AD 10H JH KH 9H QH 8H QC KC 10C AC JC 9C",
)


def test_seven_tricks_to_five_score_two() -> None:
    result = played(*SEVEN_FIVE)
    assert result.tricks_won == {"elder": 7, "younger": 5}
    assert counting(result.marks) == [
        ("elder", "honours", "2 honours in tricks", "good"),  # KC QC
        ("younger", "honours", "2 honours in tricks", "good"),  # AC JC
        ("elder", "odd tricks", "7 tricks to 5", "good"),
    ]
    assert [m.combination.whites for m in result.marks] == [2, 2, 2]
    # declarations: the younger's point; then elder 2, younger 2, elder 2 whites
    assert result.declaration.board == board((0, 0), (0, 1))
    assert result.board == board((0, 4), (0, 3))


def test_six_tricks_each_score_no_odd_tricks() -> None:
    # clubs as the younger's (K Q J against 10 9 7): three tricks to each suit's holder
    result = played(
        "KS QS JS 10H 9H 8H KD QD JD 10C 9C 7C",
        "AS 10S 9S KH QH JH AD 10D 9D KC QC JC",
        "8C",
        "KS 9S QS 10S JS AS 10H JH KH 8H QH 9H AD JD KD 10D QD 9D 10C JC KC 9C QC 7C",
    )
    assert result.tricks_won == {"elder": 6, "younger": 6}
    # the younger's clubs tricks hold JC, KC, QC and the elder's 7C: four honours
    assert counting(result.marks) == [("younger", "honours", "4 honours in tricks", "good")]
    # the point: spades K Q J = 30 against spades A 10 9 = 30, the elder's
    assert result.board == board((0, 1), (0, 4))


# Spades trumps (8S). Points: the elder's hearts 75; the younger's diamonds
# and clubs 60 each, the diamonds named (S H D C order). The elder holds all
# the hearts and K Q J A of trumps; the younger, with neither hearts nor
# trumps, can win nothing.
CAPOT = (
    "KH QH JH AH 10H 9H 8H 7H KS QS JS AS",
    "KC QC JC AC 10C 9C KD QD JD AD 10D 9D",
    "8S",
    "KH 9D QH 10D JH AD AH JD 10H QD 9H KD 8H 9C 7H 10C KS AC QS JC JS QC AS KC",
)


def test_capot_two_reds_instead_of_the_odd_tricks() -> None:
    result = played(*CAPOT)
    assert result.tricks_won == {"elder": 12, "younger": 0}
    assert counting(result.marks) == [
        ("elder", "honours", "4 honours in tricks", "good"),  # KS QS JS AS; the 7S undealt
        ("elder", "capot", "all twelve tricks", "good"),
    ]
    assert result.marks[-1].combination.reds == 2
    # declarations 2 reds 1 white; honours 4 whites: 2 reds 5 whites; capot
    assert result.board == board((4, 5), (0, 0))
    assert result.winner is None


def test_game_won_at_the_capot() -> None:
    # one white up before: the honours make 3 reds 0 whites, capot the game
    result = played(*CAPOT, start=board((0, 1), (0, 0)))
    assert [m.board for m in result.marks] == [
        board((3, 0), (0, 0)),
        Board(Counters(4, 6), Counters(0, 0)),
    ]
    assert result.winner == "elder"


def test_game_won_in_the_declarations_stops_the_count() -> None:
    # 3 reds up: the point, then the first sequence makes 4 reds 1 white,
    # the second the game; the younger's sequences and the play are not counted
    result = played(*CAPOT, start=board((3, 0), (0, 0)))
    assert counting(result.declaration.marks) == [
        ("elder", "point", "Seventy-five: 8 cards in hearts", "good"),
        ("younger", "point", "Sixty: 6 cards in diamonds", "not good"),
        ("elder", "sequence", "K Q J A of spades, trumps", "good"),
        ("elder", "sequence", "K Q J A of hearts", "good"),
    ]
    assert result.declaration.winner == "elder"
    assert len(result.tricks) == 12 and result.marks == ()
    assert result.board == Board(Counters(4, 6), Counters(0, 0))


def test_play_json() -> None:
    data = play_to_json(played(*SEVEN_FIVE))
    assert data["tricks"][9] == {  # type: ignore[index]
        "trick": 10,
        "leader": "younger",
        "cards": ["QC", "KC"],
        "winner": "elder",
    }
    assert data["tricks_won"] == {"elder": 7, "younger": 5}
    assert [item["kind"] for item in data["play"]] == ["honours", "honours", "odd tricks"]  # type: ignore[attr-defined]
    assert data["counters"] == {
        "elder": {"reds": 0, "whites": 4},
        "younger": {"reds": 0, "whites": 3},
    }
    assert data["complete"] is True and data["to_play"] is None and data["winner"] is None


# -- the must-win rule -----------------------------------------------------------------


def test_the_second_player_must_win_with_a_higher_card() -> None:
    with pytest.raises(PlayError) as error:
        played(*TOMBEE[:3], "9H 8H")
    assert str(error.value) == (
        "trick 1: the younger must win the 9H with JH AH, not 8H: "
        "the second player wins the trick if he can"
    )
    # nor may he throw another suit away
    with pytest.raises(PlayError, match="trick 1: the younger must win the 9H with JH AH, not JS"):
        played(*TOMBEE[:3], "9H JS")


def test_the_second_player_must_follow_when_he_cannot_win() -> None:
    with pytest.raises(PlayError) as error:
        played(*TOMBEE[:3], "KH JS")
    assert str(error.value) == "trick 1: the younger must follow hearts with JH AH 8H 7H, not JS"
    # the lower card of the suit is his to choose
    assert played(*TOMBEE[:3], "KH 7H").tricks[0].winner == "elder"


def test_the_second_player_must_trump_when_void() -> None:
    # 1 KD JD, 2 QD AD: the younger has no diamond left for the 8D
    with pytest.raises(PlayError) as error:
        played(*TOMBEE[:3], "KD JD QD AD 8D 8S")
    assert str(error.value) == (
        "trick 3: the younger holds no diamonds and must trump the 8D with JH AH 8H 7H, "
        "not 8S: the second player wins the trick if he can"
    )
    result = played(*TOMBEE[:3], "KD JD QD AD 8D 7H")
    assert result.tricks[-1].winner == "younger" and result.to_play == "younger"


def test_the_leader_plays_any_card() -> None:
    # the younger, on lead after winning, leads a plain card though he holds trumps
    result = played(*TOMBEE[:3], "KD JD QD AD 8D 7H JS QS")
    assert result.tricks[-1].winner == "elder"


def test_a_play_in_progress() -> None:
    result = played(*TOMBEE[:3], "KH JH QH")
    assert [t.cards for t in result.tricks][-1] == (Card.parse("QH"),)
    assert result.tricks[-1].winner is None
    assert result.to_play == "younger" and not result.complete
    nothing = score_imperial_play(cards(TOMBEE[0]), cards(TOMBEE[1]), Card.parse("10H"), [])
    assert (nothing.to_play, nothing.tricks) == ("elder", ())


# A plain reference: a card's power in a trick is its class (a trump 2, the
# suit led 1, another suit 0), then its place in K Q J A 10 9 8 7.
ORDER = (7, 8, 9, 10, 1, 11, 12, 13)


def reference_power(card: Card, lead: Card, trump: str) -> tuple[int, int]:
    kind = 2 if card.suit == trump else 1 if card.suit == lead.suit else 0
    return kind, ORDER.index(card.rank)


def reference_second_wins(lead: Card, reply: Card, trump: str) -> bool:
    return reference_power(reply, lead, trump) > reference_power(lead, lead, trump)


def reference_legal(hand: list[Card], lead: Card, trump: str) -> set[Card]:
    """Follow suit if he can; of the cards that follow (any, when void), those
    that win the trick if there are any."""
    follow = [card for card in hand if card.suit == lead.suit] or hand
    winners = [card for card in follow if reference_second_wins(lead, card, trump)]
    return set(winners or follow)


@settings(max_examples=150, deadline=None)
@given(st.permutations(PACK), st.data())
def test_random_legal_plays_against_the_reference(deal: list[Card], data: st.DataObject) -> None:
    elder, younger, turn_up = deal[:12], deal[12:24], deal[24]
    trump = turn_up.suit
    hands = {"elder": list(elder), "younger": list(younger)}
    leader = "elder"
    play: list[Card] = []
    winners = []
    refused = None
    for number in range(1, 13):
        second = "younger" if leader == "elder" else "elder"
        lead = data.draw(st.sampled_from(sorted(hands[leader], key=lambda c: c.id)))
        legal = reference_legal(hands[second], lead, trump)
        assert set(legal_replies(hands[second], lead, trump)) == legal
        illegal = [card for card in hands[second] if card not in legal]
        reply = data.draw(st.sampled_from(sorted(legal, key=lambda c: c.id)))
        if illegal and refused is None:
            refused = (number, [*play, lead, illegal[0]])
        play += [lead, reply]
        hands[leader].remove(lead)
        hands[second].remove(reply)
        second_wins = reference_second_wins(lead, reply, trump)
        assert trick_winner(lead, reply, trump) == int(second_wins)
        leader = second if second_wins else leader
        winners.append(leader)
    result = score_imperial_play(elder, younger, turn_up, play)
    assert [trick.winner for trick in result.tricks] == winners
    counts = {role: winners.count(role) for role in ("elder", "younger")}
    assert result.tricks_won == counts
    if result.declaration.winner is None:
        won = {
            role: [c for t in result.tricks if t.winner == role for c in t.cards] for role in counts
        }
        honours = {
            role: sum(1 for c in won[role] if c.suit == trump and c.rank in (13, 12, 11, 1, 7))
            for role in counts
        }
        made = {(m.role, m.combination.kind): m.combination for m in result.marks}
        for role, count in honours.items():
            if count and result.winner is None:
                assert made[role, "honours"].whites == count
        top = max(counts, key=lambda role: counts[role])
        if result.winner is None and counts[top] == 12:
            assert made[top, "capot"].reds == 2
        elif result.winner is None and counts[top] > 6:
            other = 12 - counts[top]
            assert made[top, "odd tricks"].whites == counts[top] - other
    if refused is not None:
        number, bad = refused
        with pytest.raises(
            PlayError, match=f"^trick {number}: the (elder|younger) (must|holds no)"
        ):
            score_imperial_play(elder, younger, turn_up, bad)


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


def test_bad_plays_refused() -> None:
    deal = TOMBEE[:3]
    with pytest.raises(
        PlayError, match=r"^trick 1: the elder plays JH but does not hold it \(the younger does\)$"
    ):
        played(*deal, "JH")
    with pytest.raises(PlayError, match=r"^trick 1: the younger plays 7C but does not hold it$"):
        played(*deal, "KH 7C")
    with pytest.raises(PlayError, match=r"^trick 1: 10H is the turn-up, which is not played$"):
        played(*deal, "10H")
    with pytest.raises(PlayError, match=r"^trick 2: KH was played in trick 1$"):
        score_imperial_play(
            cards(deal[0]), cards(deal[1]), Card.parse(deal[2]), cards("KH JH") + cards("KH")
        )
    with pytest.raises(PlayError, match=r"^trick 1: KH is played twice in trick 1$"):
        score_imperial_play(cards(deal[0]), cards(deal[1]), Card.parse(deal[2]), cards("KH") * 2)
    too_many = [*cards(TOMBEE[3]), Card.parse("7S")]
    with pytest.raises(
        PlayError, match="25 cards played: a deal of Impérial has 12 tricks of 2 cards, 24 in all"
    ):
        score_imperial_play(cards(deal[0]), cards(deal[1]), Card.parse(deal[2]), too_many)


def test_a_start_already_won_is_refused() -> None:
    won = board((4, 6), (1, 0))
    elder = cards("KH QH 9H KS QS 10S 9S KC QC KD QD 8D")
    younger = cards("JH AH 8H 7H JS AS 8S JC AC 10C JD AD")
    with pytest.raises(CribcountError, match=r"^the elder has passed all his counters and won"):
        declare_imperial(elder, younger, Card.parse("10H"), won)
