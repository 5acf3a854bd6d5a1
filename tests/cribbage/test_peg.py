"""The play against the seed texts' pegging examples, hand-worked cases and properties."""

import random
from itertools import zip_longest
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.cards import SUITS, Card, parse_cards
from cribcount.cribbage.peg import (
    Play,
    PlayResult,
    _read_plays,
    format_hands,
    format_plays,
    parse_hands,
    parse_plays,
    run_points,
    score_play,
)
from cribcount.errors import CribcountError, HandError, NotationError, PlayError


def diagram(pone: str, dealer: str) -> str:
    """The seed's diagrams: the pone's cards above the dealer's, played alternately."""
    order = zip_longest(parse_cards(pone), parse_cards(dealer))
    return " ".join(str(card) for pair in order for card in pair if card is not None)


def rows(result: PlayResult) -> list[tuple[str, str, int, list[str], int]]:
    return [
        (
            play.player_name,
            "go" if play.card is None else str(play.card),
            play.count,
            [item.name for item in play.scored],
            play.points,
        )
        for play in result.plays
    ]


# -- the seed's examples -----------------------------------------------------


def test_seed_hand_four_two_three_ace() -> None:
    """4-2-3-A-5-2-4-3: the dealer pegs 10, the pone 15, last card to the dealer."""
    plays = diagram("🂤 🃃 🃕 🃔", "🃂 🂱 🂲 🃓")
    assert plays == "4S 2D 3D AH 5C 2H 4C 3C"
    result = score_play(plays)
    assert rows(result) == [
        ("pone", "4S", 4, [], 0),
        ("dealer", "2D", 6, [], 0),
        ("pone", "3D", 9, ["run of 3"], 3),
        ("dealer", "AH", 10, ["run of 4"], 4),
        ("pone", "5C", 15, ["fifteen", "run of 5"], 7),
        # The deuce meets another deuce before the four: no run.
        ("dealer", "2H", 17, [], 0),
        ("pone", "4C", 21, ["run of 5"], 5),
        ("dealer", "3C", 24, ["run of 5", "last card"], 6),
    ]
    assert result.totals == {"pone": 15, "dealer": 10}
    assert result.complete


def test_seed_go_jack_five_nine() -> None:
    """Jack, five (15), nine: the dealer's go, the pone pegs it; nine, jack, nine:
    the dealer's go; the pone's ten, and the dealer (his eight) the last card."""
    expected = [
        ("pone", "JS", 10, [], 0),
        ("dealer", "5H", 15, ["fifteen"], 2),
        ("pone", "9C", 24, ["go"], 1),
        ("dealer", "9D", 9, [], 0),
        ("pone", "JH", 19, [], 0),
        ("dealer", "9S", 28, ["go"], 1),
        ("pone", "10S", 10, [], 0),
        ("dealer", "8D", 18, ["last card"], 1),
    ]
    inferred = score_play("JS 5H 9C 9D JH 9S 10S 8D")
    assert rows(inferred) == expected
    assert inferred.totals == {"pone": 1, "dealer": 4}
    spoken = score_play("JS 5H 9C go go 9D JH 9S go 10S 8D")
    assert [row for row in rows(spoken) if row[1] != "go"] == expected
    assert [(row[0], row[2]) for row in rows(spoken) if row[1] == "go"] == [
        ("dealer", 24),
        ("pone", 24),
        ("pone", 28),
    ]
    assert spoken.totals == {"pone": 1, "dealer": 4}
    hands = "pone: JS 9C JH 10S | dealer: 5H 9D 9S 8D"
    assert rows(score_play("JS 5H 9C 9D JH 9S 10S 8D", hands=hands)) == expected


NINE_SIX = [
    ("pone", "9C", 9, [], 0),
    ("dealer", "6D", 15, ["fifteen"], 2),
    ("pone", "6H", 21, ["pair"], 2),
    ("dealer", "4S", 25, [], 0),
    ("pone", "5D", 30, ["run of 3"], 3),
    ("pone", "AC", 31, ["thirty-one"], 2),
    # The pone has no cards left: the dealer plays both fives.
    ("dealer", "5H", 5, [], 0),
    ("dealer", "5S", 10, ["pair", "last card"], 3),
]


def test_seed_nine_six_six_four_five_with_go() -> None:
    """9-6-6-4-5 to thirty, the dealer's go, the pone's ace for 31, two fives."""
    result = score_play("9C 6D 6H 4S 5D go AC 5H 5S")
    assert [row for row in rows(result) if row[1] != "go"] == NINE_SIX
    assert rows(result)[5] == ("dealer", "go", 30, [], 0)
    assert result.totals == {"pone": 7, "dealer": 5}


def test_seed_nine_six_with_hands_infers_the_go() -> None:
    hands = "pone: 9C 6H 5D AC | dealer: 6D 4S 5H 5S"
    result = score_play("9C 6D 6H 4S 5D AC 5H 5S", hands=hands)
    assert rows(result) == NINE_SIX
    assert result.totals == {"pone": 7, "dealer": 5}
    assert result.penalties == ()


def test_without_hands_a_card_that_fits_is_the_next_players() -> None:
    """The documented reading: with no go written, the ace is the dealer's 31, the
    next count is led by the pone (5), and the dealer pairs it and has last card."""
    result = score_play("9C 6D 6H 4S 5D AC 5H 5S")
    assert [(row[0], row[1], row[4]) for row in rows(result)[5:]] == [
        ("dealer", "AC", 2),
        ("pone", "5H", 0),
        ("dealer", "5S", 3),
    ]
    assert result.totals == {"pone": 5, "dealer": 7}


def test_seed_run_diagram_no_run_past_a_duplicate() -> None:
    plays = diagram("🂡 🃒 🃖 🃄", "🃅 🂲 🃓")
    assert plays == "AS 5D 2C 2H 6C 3C 4D"
    result = score_play(plays)
    assert [row[3] for row in rows(result)] == [[], [], [], ["pair"], [], [], []]
    assert result.totals == {"pone": 0, "dealer": 2}
    # The dealer still holds a card: the play is not over, no last card.
    assert not result.complete
    # "If the last player had a Five ... a run of five cards, stopping at the deuce
    # of hearts": a five next makes 28 with a run of five, and is the last card.
    five = score_play(plays + " 5H")
    assert rows(five)[-1] == ("dealer", "5H", 28, ["run of 5", "last card"], 6)


def test_seed_run_diagram_no_sequence() -> None:
    plays = diagram("🂦 🃑 🃅 🃒", "🂣 🂤 🃁 🂶")
    assert plays == "6S 3S AC 4S 5D AD 2C 6H"
    result = score_play(plays)
    assert [row[2] for row in rows(result)] == [6, 9, 10, 14, 19, 20, 22, 28]
    assert [row[4] for row in rows(result)] == [0, 0, 0, 0, 0, 0, 0, 1]
    assert result.totals == {"pone": 0, "dealer": 1}


def test_seed_run_diagram_variant() -> None:
    """The pone's five second: the dealer pegs runs of four and six and the last card,
    the pone a run of five and a pair (7; eleven had the dealer kept his six)."""
    plays = diagram("🂦 🃅 🃒 🃑", "🂣 🂤 🃁 🂶")
    result = score_play(plays)
    assert rows(result) == [
        ("pone", "6S", 6, [], 0),
        ("dealer", "3S", 9, [], 0),
        ("pone", "5D", 14, [], 0),
        ("dealer", "4S", 18, ["run of 4"], 4),
        ("pone", "2C", 20, ["run of 5"], 5),
        ("dealer", "AD", 21, ["run of 6"], 6),
        ("pone", "AC", 22, ["pair"], 2),
        ("dealer", "6H", 28, ["last card"], 1),
    ]
    assert result.totals == {"pone": 7, "dealer": 11}


def test_seed_run_diagram_variant_had_the_dealer_kept_his_six() -> None:
    """ "if the dealer had not played his Ace and kept his Six at the last, the pone
    would have pegged eleven holes on him, instead of seven": the six at 26 makes the
    dealer a run of five, the pone's ace a run of six, the dealer's ace a pair and last."""
    result = score_play("6S 3S 5D 4S 2C 6H AC AD")
    assert rows(result)[5:] == [
        ("dealer", "6H", 26, ["run of 5"], 5),
        ("pone", "AC", 27, ["run of 6"], 6),
        ("dealer", "AD", 28, ["pair", "last card"], 3),
    ]
    assert result.totals == {"pone": 11, "dealer": 12}


def test_seed_pairs_pair_royal_and_double_pair_royal() -> None:
    """ "Twelve, with a pair" (2); "Eighteen, with a pair royal" (6) though the pone held
    only two of the sixes; "Twenty-four, with a double-pair-royal" (12 more)."""
    result = score_play("6S 6H 6D 6C")
    assert rows(result) == [
        ("pone", "6S", 6, [], 0),
        ("dealer", "6H", 12, ["pair"], 2),
        ("pone", "6D", 18, ["pair royal"], 6),
        ("dealer", "6C", 24, ["double pair royal"], 12),
    ]
    assert result.totals == {"pone": 6, "dealer": 14}
    assert not result.complete


def test_fifteen_and_last_card_is_three() -> None:
    # K Q 5 6 is the dealer's 31; the pone leads 10, A, 3, and the dealer's ace is 15.
    result = score_play("KS QH 5S 6H 10S AH 3C AD")
    assert rows(result)[3] == ("dealer", "6H", 31, ["thirty-one"], 2)
    assert rows(result)[-1] == ("dealer", "AD", 15, ["fifteen", "last card"], 3)
    assert result.totals == {"pone": 0, "dealer": 5}


def test_five_card_play_ends_at_the_first_go() -> None:
    """Seed 000: the pone leads a seven and pairs the dealer's six; the dealer's pair
    royal, the pone's go, then the dealer's double pair royal and 31 (fourteen holes);
    no last card, and the pone's third card is never played."""
    result = score_play("7C 6D 6H 6S 6C", hands="pone: 7C 6H 9S | dealer: 6D 6S 6C")
    assert result.game == "five"
    assert rows(result)[-2:] == [
        ("dealer", "6S", 25, ["pair royal"], 6),
        ("dealer", "6C", 31, ["thirty-one", "double pair royal"], 14),
    ]
    assert result.totals == {"pone": 2, "dealer": 20}
    assert result.complete
    with pytest.raises(PlayError, match="ends at the first go or 31"):
        score_play("7C 6D 6H 6S go 6C 9S", game="five")
    # With the hands, the goes after K Q J are forced, and end the play.
    hands = "pone: KS JS 2C | dealer: QH 10H 3H"
    result = score_play("KS QH JS", hands=hands)
    assert result.complete
    assert rows(result)[-1] == ("pone", "JS", 30, ["run of 3", "go"], 4)
    with pytest.raises(PlayError, match=r"play 4 '10H' .* ends at the first go or 31"):
        score_play("KS QH JS 10H", hands=hands)


def test_pairs_only_with_the_card_just_played() -> None:
    """7-8-7 is no pair (nor a run, the sevens repeat); the next seven pairs the one
    just played. The pone's deuce is 31; the dealer leads the next count."""
    hands = "pone: 7S 7D 2C KS | dealer: 8H 7C 9D 10H"
    result = score_play("7S 8H 7D 7C 2C 9D KS 10H", hands=hands)
    assert rows(result) == [
        ("pone", "7S", 7, [], 0),
        ("dealer", "8H", 15, ["fifteen"], 2),
        ("pone", "7D", 22, [], 0),
        ("dealer", "7C", 29, ["pair"], 2),
        ("pone", "2C", 31, ["thirty-one"], 2),
        ("dealer", "9D", 9, [], 0),
        ("pone", "KS", 19, [], 0),
        ("dealer", "10H", 29, ["last card"], 1),
    ]
    assert result.totals == {"pone": 2, "dealer": 5}


def test_thirty_one_on_the_last_card_is_two() -> None:
    result = score_play("KS QH 9S 2H 10S 10H 5S 6H")
    assert rows(result) == [
        ("pone", "KS", 10, [], 0),
        ("dealer", "QH", 20, [], 0),
        ("pone", "9S", 29, [], 0),
        ("dealer", "2H", 31, ["thirty-one"], 2),
        ("pone", "10S", 10, [], 0),
        ("dealer", "10H", 20, ["pair"], 2),
        ("pone", "5S", 25, [], 0),
        ("dealer", "6H", 31, ["thirty-one"], 2),
    ]
    assert result.totals == {"pone": 0, "dealer": 6}


# -- three and four players ----------------------------------------------------

THREE_HANDS = "P1: 5S 5D AS JH | P2: 10S 5C KH 9S | P3: 5H QH 8H 7H"
THREE = [
    ("P1", "5S", 5, [], 0),
    ("P2", "10S", 15, ["fifteen"], 2),
    ("P3", "5H", 20, [], 0),
    ("P1", "5D", 25, ["pair"], 2),
    ("P2", "5C", 30, ["pair royal"], 6),
    # P3 cannot play; P1's ace makes 31; P2 leads the next count.
    ("P1", "AS", 31, ["thirty-one"], 2),
    ("P2", "KH", 10, [], 0),
    ("P3", "QH", 20, [], 0),
    ("P1", "JH", 30, ["run of 3", "go"], 4),
    # P1 is out of cards: P2 leads, then P3 plays on alone.
    ("P2", "9S", 9, [], 0),
    ("P3", "8H", 17, [], 0),
    ("P3", "7H", 24, ["run of 3", "last card"], 4),
]


def test_three_handed() -> None:
    result = score_play("5S 10S 5H 5D 5C go AS KH QH JH 9S 8H 7H", players=3)
    assert [row for row in rows(result) if row[1] != "go"] == THREE
    assert rows(result)[5] == ("P3", "go", 30, [], 0)
    assert result.totals == {"P1": 8, "P2": 8, "P3": 4}
    assert result.dealer == "P3"
    assert result.sides is None
    with_hands = score_play("5S 10S 5H 5D 5C AS KH QH JH 9S 8H 7H", hands=THREE_HANDS)
    assert rows(with_hands) == THREE
    assert with_hands.game == "three"


FOUR_HANDS = "P1: 7S KD 5C 2H | P2: 8S AH 5D 6D | P3: 9S KS QC 3C | P4: 6S KH 5H 4C"
FOUR = [
    ("P1", "7S", 7, [], 0),
    ("P2", "8S", 15, ["fifteen"], 2),
    ("P3", "9S", 24, ["run of 3"], 3),
    ("P4", "6S", 30, ["run of 4"], 4),
    ("P2", "AH", 31, ["thirty-one"], 2),
    ("P3", "KS", 10, [], 0),
    ("P4", "KH", 20, ["pair"], 2),
    ("P1", "KD", 30, ["pair royal", "go"], 7),
    ("P2", "5D", 5, [], 0),
    ("P3", "QC", 15, ["fifteen"], 2),
    ("P4", "5H", 20, [], 0),
    ("P1", "5C", 25, ["pair"], 2),
    ("P2", "6D", 31, ["thirty-one"], 2),
    ("P3", "3C", 3, [], 0),
    ("P4", "4C", 7, [], 0),
    ("P1", "2H", 9, ["run of 3", "last card"], 4),
]


@pytest.mark.parametrize(
    "plays",
    [
        # P1's go after the kings is inferred from the five passing 31.
        "7S 8S 9S 6S go AH KS KH KD go go go 5D QC 5H 5C 6D 3C 4C 2H",
        # Every go written.
        "7S 8S 9S 6S go AH KS KH KD go go go go 5D QC 5H 5C 6D 3C 4C 2H",
        # Every go after the kings is inferred.
        "7S 8S 9S 6S go AH KS KH KD 5D QC 5H 5C 6D 3C 4C 2H",
    ],
)
def test_four_handed(plays: str) -> None:
    result = score_play(plays, players=4)
    assert [row for row in rows(result) if row[1] != "go"] == FOUR
    assert result.totals == {"P1": 13, "P2": 6, "P3": 5, "P4": 6}
    assert result.sides == {"P1 + P3": 18, "P2 + P4": 12}


def test_four_handed_with_hands() -> None:
    result = score_play("7S 8S 9S 6S AH KS KH KD 5D QC 5H 5C 6D 3C 4C 2H", hands=FOUR_HANDS)
    assert rows(result) == FOUR
    assert result.game == "four"


# -- hands: checks and penalties -------------------------------------------------


def test_go_while_able_to_play_is_a_penalty() -> None:
    hands = "pone: 9C 6H 5D AC | dealer: 6D 4S 5H 5S"
    result = score_play("9C 6D 6H 4S go 5H", hands=hands)
    (penalty,) = result.penalties
    assert (penalty.position, penalty.player_name, penalty.count) == (5, "pone", 25)
    assert [str(card) for card in penalty.fitting] == ["5D", "AC"]
    assert penalty.claimants == ("dealer",)
    assert penalty.points == 2
    # The pone is out of the count; the dealer's five makes a run, and his last
    # five cannot follow, so he pegs the go too.
    assert rows(result)[-1] == ("dealer", "5H", 30, ["run of 3", "go"], 4)
    assert not result.complete


def test_four_handed_penalty_goes_to_the_adversaries() -> None:
    result = score_play("7S 8S 9S 6S go AH KS KH KD 5D", hands=FOUR_HANDS)
    assert result.penalties == ()
    hands = "P1: 7S KD 5C AD | P2: 8S AH 5D 6D | P3: 9S KS QC 3C | P4: 6S KH 5H 4C"
    (penalty,) = score_play("7S 8S 9S 6S go AH", hands=hands).penalties
    assert penalty.player_name == "P1"
    assert penalty.claimants == ("P2", "P4")


@pytest.mark.parametrize(
    ("plays", "kwargs", "message"),
    [
        ("4S 2D 4S", {}, "play 3 '4S' in '4S 2D 4S': 4S was already played at play 1"),
        (
            "4S 2D 3D AH 5C 2H 4C 3C 6H",
            {},
            "play 9 '6H' in '4S 2D 3D AH 5C 2H 4C 3C 6H': every card has been played "
            "(2 players, 4 cards each)",
        ),
        (
            "4S 2D 3D AH 5C 2H 4C 3C go",
            {},
            "play 9 'go' in '4S 2D 3D AH 5C 2H 4C 3C go': every card has been played",
        ),
        (
            "KS AD QS go",
            {},
            "play 4 'go' in 'KS AD QS go': dealer says go at 21, where any card fits",
        ),
        ("10S go", {}, "dealer says go at 10, where any card fits"),
        (
            "4S 3D",
            {"hands": "pone: 4S 3D 5C 4C | dealer: 2D AH 2H 3C"},
            "play 2 '3D' in '4S 3D': dealer does not hold 3D (holds 2D AH 2H 3C)",
        ),
        (
            "KS KH 5S QS",
            {"hands": "pone: KS 5S QS 2S | dealer: KH QH 4H 5H"},
            "play 4 'QS' in 'KS KH 5S QS': QS passes 31 at 25, so dealer must have said "
            "go, but dealer holds 4H 5H, which fits",
        ),
        (
            "KS QH JS 10H",
            {"game": "five"},
            "play 4 '10H' in 'KS QH JS 10H': in five-card cribbage the play ends at the "
            "first go or 31",
        ),
        ("2S 3H 4S 5H 6S 7H 8S", {"game": "five"}, "every card has been played"),
    ],
)
def test_play_errors(plays: str, kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(PlayError) as error:
        score_play(plays, **kwargs)
    assert message in str(error.value)


def test_error_cases_of_cards_and_hands() -> None:
    with pytest.raises(NotationError, match="play 2 'XS' in '4S XS' is neither a card nor 'go'"):
        score_play("4S XS")
    with pytest.raises(PlayError, match="no plays"):
        score_play("  ")
    with pytest.raises(HandError, match=r"3 hands in .*: expected 2"):
        score_play("4S", players=2, hands="4S | 2D | 3D")
    with pytest.raises(HandError, match="pone's hand '4S 3D' has 2 cards: expected 4"):
        score_play("4S", hands="pone: 4S 3D | dealer: 2D AH 2H 3C")
    with pytest.raises(HandError, match="3D is in both pone's and dealer's hands"):
        score_play("4S", hands="pone: 4S 3D 5C 4C | dealer: 3D AH 2H 3C")
    with pytest.raises(HandError, match="unknown player 'P3'"):
        score_play("4S", hands="P1: 4S 3D 5C 4C | P3: 2D AH 2H 3C")
    with pytest.raises(PlayError, match="game 'six' is not played by 3 players"):
        score_play("4S", players=3, game="six")
    with pytest.raises(PlayError, match="game 'four' is not played by 2 players"):
        score_play("4S", players=2, game="four")


def test_hand_errors_name_the_player_or_the_hands() -> None:
    with pytest.raises(HandError, match=r"^1 hand in '4S 3D 5C 4C': expected 2, 3 or 4"):
        score_play("4S", hands="4S 3D 5C 4C")
    with pytest.raises(HandError, match=r"^5 hands in 'AS \| 2S \| 3S \| 4S \| 5S'"):
        score_play("AS", hands="AS | 2S | 3S | 4S | 5S")
    with pytest.raises(HandError, match=r"^1 hand in '4S 3D 5C 4C': expected 2, 3 or 4"):
        score_play("4S", hands=[parse_cards("4S 3D 5C 4C")])
    with pytest.raises(HandError, match=r"^unknown player 'p5' in 'p5: 4S 3D 5C 4C \| 2D AH"):
        score_play("4S", hands="p5: 4S 3D 5C 4C | 2D AH 2H 3C")
    with pytest.raises(NotationError, match=r"^dealer's hand: invalid card 'XX' in '2D AH 2H XX'"):
        score_play("4S", hands="4S 3D 5C 4C | 2D AH 2H XX")
    with pytest.raises(HandError, match=r"^no cards for P3 in '4S 3D 5C 4C \| 2D AH 2H 3C \| '"):
        score_play("4S", hands="4S 3D 5C 4C | 2D AH 2H 3C | ")
    four, three = parse_cards("4S 3D 5C 4C"), parse_cards("3D AH 2H 3C")
    with pytest.raises(
        HandError, match=r"^3D is in both pone's and dealer's hands in '4S 3D 5C 4C \| 3D AH"
    ):
        score_play("4S", hands=[four, three])
    with pytest.raises(HandError, match=r"^4S is twice in pone's hand in '4S 4S 5C 4C \| 3D"):
        score_play("4S", hands=[[four[0], *four[:1], *four[2:]], three])


def test_hands_round_trip() -> None:
    hands = [parse_cards("4S 3D 5C 4C"), parse_cards("2D AH 2H 3C"), parse_cards("KS QS JS 10S")]
    assert format_hands(hands) == "4S 3D 5C 4C | 2D AH 2H 3C | KS QS JS 10S"
    assert parse_hands(format_hands(hands), 3) == hands


def test_hands_labels_and_order() -> None:
    assert parse_hands("dealer: 2D AH 2H 3C | pone: 4S 3D 5C 4C", 2) == [
        parse_cards("4S 3D 5C 4C"),
        parse_cards("2D AH 2H 3C"),
    ]
    assert parse_hands("P2: 2D AH 2H 3C | 4S 3D 5C 4C", 2)[0] == parse_cards("4S 3D 5C 4C")
    # Seven-card: two players' five-card hands choose the game.
    result = score_play("AS 2S", hands="AS 3S 4S 5S 6S | 2S 7S 8S 9S 10S")
    assert result.game == "seven"
    assert result.cards_each == 5


def test_parse_plays_reads_glyphs_and_go() -> None:
    plays = parse_plays("🂤,🃂 Go 3d")
    assert plays == [Card(4, "S"), Card(2, "D"), None, Card(3, "D")]
    assert format_plays(plays) == "4S 2D go 3D"
    four, two, ten = Card(4, "S"), Card(2, "D"), Card(10, "C")
    assert parse_plays("🂤🃂 go GO gO Go,t♣\ufe0f") == [four, two, None, None, None, None, ten]


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("g\u00f6", "suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"),
        ("G\uff2f", "suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"),
        ("go!", "suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"),
        ("5\u017f", "suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"),
        ("\u212aH", "rank must be A, 2-10 (or T), J, Q or K"),
        ("\U0001f0dc", "the knight is in no pack of these games"),
    ],
)
def test_a_play_is_a_card_or_go_in_the_documented_letters(token: str, reason: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_plays(f"4S {token} 3D")
    assert str(error.value) == (
        f"play 2 {token!r} in {f'4S {token} 3D'!r} is neither a card nor 'go': {reason}"
    )


def test_play_errors_quote_a_short_line() -> None:
    plays = " ".join(["4S"] * 5000 + ["XS"])
    with pytest.raises(NotationError) as error:
        parse_plays(plays)
    assert str(error.value) == (
        "play 5001 'XS' in '" + "4S " * 12 + "4...' is neither a card nor 'go': "
        "rank must be A, 2-10 (or T), J, Q or K"
    )
    # 13 characters of plays, then newlines: the quote keeps 37 characters, 24 of them newlines
    with pytest.raises(PlayError) as error:
        score_play("KS\nQS\r\nJS 10H" + "\n" * 30, game="five")
    assert str(error.value) == (
        r"play 4 '10H' in 'KS\nQS\r\nJS 10H" + r"\n" * 24 + "...': "
        "in five-card cribbage the play ends at the first go or 31"
    )
    hands = "4S 3D 5C 4C\n| 2D AH 2H XX" + " " * 100
    with pytest.raises(NotationError) as error:
        score_play("4S", hands=hands)
    assert str(error.value) == (
        "dealer's hand: invalid card 'XX' in '2D AH 2H XX': suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"
    )
    # 11 + 1 + 13 characters of hands, then 12 of the spaces
    with pytest.raises(HandError) as error:
        score_play("4S", hands=hands.replace("XX", "4S"))
    assert str(error.value) == (
        r"4S is in both pone's and dealer's hands in '4S 3D 5C 4C\n| 2D AH 2H 4S"
        + " " * 12
        + "...': each card can appear once"
    )


SPELLINGS = ["4S", "4s", "4♠", "4♤\ufe0e", "🂤", "Ts", "10♡", "go", "GO", "gO"]
ODD = ["XS", "4S4S", "🂤🃂", "g", "goo", "4", "\ufe0f", "/"]


def test_quick_reading_of_plays_agrees_with_the_general_reader() -> None:
    rng = random.Random(31)
    read = 0
    for _ in range(3000):
        weights = [10] * len(SPELLINGS) + [1] * len(ODD)
        tokens = rng.choices(SPELLINGS + ODD, weights, k=rng.randint(1, 6))
        text = "".join(rng.choice([" ", ",", " , ", "\t"]) + token for token in tokens)
        try:
            quick: object = parse_plays(text)
        except CribcountError as error:
            quick = (type(error), str(error))
        try:
            general: object = _read_plays(text)
        except CribcountError as error:
            general = (type(error), str(error))
        assert quick == general, text
        read += isinstance(quick, list)
    # both the plays read and the errors come up often
    assert 1000 < read < 2500


@pytest.mark.parametrize(
    ("ranks", "run"),
    [
        ([4, 2, 3], 3),
        ([3, 2, 4, 1], 4),  # the last three are no run, the last four are
        ([1, 5, 2, 2, 6, 3, 4], 0),
        ([2, 2, 3, 4], 3),
        ([5, 7], 0),
        ([13, 1, 2], 0),  # the ace is low
    ],
)
def test_run_points(ranks: list[int], run: int) -> None:
    assert run_points(ranks) == run


# -- properties ------------------------------------------------------------------

GAMES = [(2, "five"), (2, "six"), (2, "seven"), (3, "three"), (4, "four")]


def reference_points(ranks: list[int], count: int) -> int:
    """The rules of the play written plainly: 15 or 31, n of a rank in a row n(n-1),
    and the longest tail of the count whose ranks, sorted, step by one."""
    points = 2 if count in (15, 31) else 0
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    points += same * (same - 1)
    tails = [sorted(ranks[-k:]) for k in range(3, len(ranks) + 1)]
    runs = [len(tail) for tail in tails if tail == list(range(tail[0], tail[0] + len(tail)))]
    return points + max(runs, default=0)


def simulate(
    deck: list[int], players: int, game: str, chooser: random.Random
) -> tuple[list[list[Card]], list[Card | None], list[int], list[int]]:
    """A legal play: each player in turn plays a random card that fits, or says go.

    Returns the hands, the plays with every go written, who played each card,
    and what each card pegged by :func:`reference_points`, with 1 for the last
    card of a count short of 31 (the go, or the last card of the play).
    """
    each = {"five": 3, "six": 4, "seven": 5}.get(game, 4)
    hands = [[Card.from_id(deck[i * each + j]) for j in range(each)] for i in range(players)]
    left = [list(hand) for hand in hands]
    plays: list[Card | None] = []
    who: list[int] = []
    points: list[int] = []
    ranks: list[int] = []
    count, turn, last, out = 0, 0, -1, set[int]()
    while any(left):
        if turn in out or not left[turn]:
            turn = (turn + 1) % players
            continue
        fitting = [card for card in left[turn] if count + card.value <= 31]
        if fitting:
            card = chooser.choice(fitting)
            left[turn].remove(card)
            plays.append(card)
            who.append(turn)
            count += card.value
            ranks.append(card.rank)
            points.append(reference_points(ranks, count))
            last = turn
        else:
            plays.append(None)
            out.add(turn)
        still = [p for p in range(players) if left[p] and p not in out]
        if count == 31 or not still:
            points[-1] += count < 31
            if game == "five":
                break
            count, out, ranks = 0, set(), []
            turn = (last + 1) % players
        else:
            turn = (turn + 1) % players
    return hands, plays, who, points


Deal = tuple[tuple[int, str], tuple[list[list[Card]], list[Card | None], list[int], list[int]]]

# Half the deals come from the aces to sixes only, for long runs and pairs royal.
deals = st.tuples(
    st.sampled_from(GAMES),
    st.one_of(st.permutations(range(52)), st.permutations(range(24))),
    st.integers(0, 2**32 - 1),
).map(lambda t: (t[0], simulate(list(t[1]), t[0][0], t[0][1], random.Random(t[2]))))


@settings(max_examples=500, deadline=None)
@given(deals)
def test_legal_play_scores_as_the_plain_reference(deal: Deal) -> None:
    (players, game), (hands, plays, who, points) = deal
    expected = [
        sum(p for p, w in zip(points, who, strict=True) if w == seat) for seat in range(players)
    ]
    spoken = score_play(plays, players=players, game=game)
    silent = score_play([card for card in plays if card is not None], game=game, hands=hands)
    for result in (spoken, silent):
        assert [play.points for play in result.plays if play.card is not None] == points
        assert list(result.totals.values()) == expected
        if players == 4:
            assert result.sides is not None
            assert list(result.sides.values()) == [
                expected[0] + expected[2],
                expected[1] + expected[3],
            ]


@settings(max_examples=300, deadline=None)
@given(deals)
def test_legal_play_is_read_alike_with_goes_or_with_hands(deal: Deal) -> None:
    (players, game), (hands, plays, who, _) = deal
    spoken = score_play(plays, players=players, game=game)
    silent = score_play([card for card in plays if card is not None], game=game, hands=hands)
    cards_of = [play for play in spoken.plays if play.card is not None]
    assert [play.player for play in cards_of] == who
    assert [play.player for play in silent.plays] == who
    assert [play.scored for play in cards_of] == [play.scored for play in silent.plays]
    assert spoken.totals == silent.totals
    assert spoken.complete and silent.complete
    assert spoken.penalties == silent.penalties == ()


def resuit(card: Card | None, perms: dict[int, tuple[str, ...]]) -> Card | None:
    return None if card is None else Card(card.rank, perms[card.rank][SUITS.index(card.suit)])


def scored_by_rank(play: Play) -> list[tuple[str, int, list[int]]]:
    """What a play scored, its cards by rank only."""
    return [(item.kind, item.points, [card.rank for card in item.cards]) for item in play.scored]


@settings(max_examples=300, deadline=None)
@given(deals, st.lists(st.permutations(SUITS), min_size=13, max_size=13), st.booleans())
def test_points_never_depend_on_suits(deal: Deal, suits: list[list[str]], goes: bool) -> None:
    (players, game), (_, plays, _, _) = deal
    perms = {rank: tuple(suits[rank - 1]) for rank in range(1, 14)}
    if not goes:
        plays = [card for card in plays if card is not None]
    result = score_play(plays, players=players, game=game)
    other = score_play([resuit(card, perms) for card in plays], players=players, game=game)
    assert [scored_by_rank(play) for play in other.plays] == [
        scored_by_rank(play) for play in result.plays
    ]
    assert [play.player for play in other.plays] == [play.player for play in result.plays]
    assert other.totals == result.totals


@settings(max_examples=200, deadline=None)
@given(deals)
def test_play_points_add_up_to_the_totals(deal: Deal) -> None:
    (players, game), (_, plays, _, _) = deal
    for sequence in (plays, [card for card in plays if card is not None]):
        result = score_play(sequence, players=players, game=game)
        assert sum(play.points for play in result.plays) == sum(result.totals.values())
        for name, total in result.totals.items():
            assert total == sum(p.points for p in result.plays if p.player_name == name)


def test_every_error_is_a_cribcount_error() -> None:
    for bad in ("4S 4S", "go", "4S Q"):
        with pytest.raises(CribcountError):
            score_play(bad)


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(GAMES),
    st.permutations(range(52)),
    st.lists(st.one_of(st.none(), st.integers(0, 25)), min_size=1, max_size=24),
    st.booleans(),
)
def test_any_sequence_scores_or_raises_a_cribcount_error(
    game: tuple[int, str], deck: list[int], picks: list[int | None], with_hands: bool
) -> None:
    """Cards drawn from the dealt hands (or a few beyond them), repeats and goes
    anywhere: either a result or a library error, never anything else."""
    players, name = game
    each = {"five": 3, "six": 4, "seven": 5}.get(name, 4)
    dealt = [Card.from_id(card_id) for card_id in deck[: players * each + 2]]
    plays = [None if pick is None else dealt[pick % len(dealt)] for pick in picks]
    hands = [dealt[i * each : (i + 1) * each] for i in range(players)] if with_hands else None
    try:
        result = score_play(plays, players=players, game=name, hands=hands)
    except CribcountError:
        return
    assert sum(play.points for play in result.plays) == sum(result.totals.values())


def test_a_game_is_resolved_to_its_form_once() -> None:
    """``resolve_game`` gives the form itself, which ``score_play`` takes as the name."""
    from cribcount.cribbage.forms import FORMS
    from cribcount.cribbage.peg import resolve_game, score_play

    assert resolve_game(None, "seven") == (2, FORMS["seven"])
    assert resolve_game(3, None) == (3, FORMS["three"])
    assert resolve_game(None, FORMS["four"]) == (4, FORMS["four"])
    by_form = score_play("5H 5S 5D", game=FORMS["five"])
    assert by_form == score_play("5H 5S 5D", game="five")
    # the five-card game: 3 cards each
    assert by_form.cards_each == 3
