"""Piquet declarations: the rules' worked examples and the seed texts,
hand-worked cases for each category's ties and precedence, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.cards import PIQUET, SUITS, Card, format_cards, parse_cards
from cribcount.errors import CribcountError, HandError, NotationError
from cribcount.piquet import compare, declare, read_hand
from cribcount.piquet.declare import Comparison, check_hand, pip_value, piquet_rank

PACK = [Card(rank, suit) for rank in (1, 7, 8, 9, 10, 11, 12, 13) for suit in SUITS]


def table(*hands: str, rules: str = "classic") -> Comparison:
    return compare([read_hand(hand) for hand in hands], rules)


def names(result: Comparison, category: str, seat: int) -> list[str]:
    return [decl.name for decl in result.category(category).scored[seat]]


def points(result: Comparison, seat: int) -> tuple[int, ...]:
    """carte blanche, point, sequence, sets, repic, lead, total of one seat."""
    p = result.players[seat]
    return (p.carte_blanche, p.point, p.sequence, p.sets, p.repic, p.lead, p.total)


# -- one hand ---------------------------------------------------------------------


def test_ace_is_high_and_pip_values() -> None:
    assert piquet_rank(Card.parse("AS")) == 14
    pips = [pip_value(card) for card in parse_cards("AS KS QS JS 10S 9S 8S 7S")]
    assert pips == [11, 10, 10, 10, 10, 9, 8, 7]


def test_seed_elder_hand_as_announced() -> None:
    held = declare(read_hand("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"))
    assert held.point is not None
    # hearts A K Q J: 11 + 10 + 10 + 10
    assert (held.point.name, held.point.pips, len(held.point.cards), held.point.suit) == (
        "Forty-one",
        41,
        4,
        "H",
    )
    assert held.point.describe() == "Forty-one: 4 cards in hearts"
    assert [(d.name, d.points) for d in held.sequences] == [
        ("quatrième to the ace", 4),
        ("tierce to the ace", 3),
        ("tierce to the ace", 3),
    ]
    assert [(d.name, d.points) for d in held.sets] == [
        ("quatorze aces", 14),
        ("three kings", 3),
        ("three queens", 3),
    ]
    assert held.carte_blanche is None
    assert held.lead == 1
    assert held.worth == 4 + 4 + 3 + 3 + 14 + 3 + 3


def test_sequence_names_and_values() -> None:
    held = declare(parse_cards("AS KS QS JS 10S 9S 8S 7S JH 10H 9H 8H"))
    assert [(d.name, d.points) for d in held.sequences] == [
        ("huitième to the ace", 18),
        ("quatrième to the jack", 4),
    ]
    held = declare(parse_cards("KH QH JH 10H 9H 8H AC 9C 8C 7C AD AS"))
    assert [(d.name, d.points) for d in held.sequences] == [
        ("sixième to the king", 16),
        ("tierce to the nine", 3),
    ]
    # two runs in one suit: A K Q and 9 8 7 of spades
    held = declare(parse_cards("AS KS QS 9S 8S 7S AH 10H AD 10D AC 10C"))
    assert [d.name for d in held.sequences] == ["tierce to the ace", "tierce to the nine"]


def test_carte_blanche_needs_no_king_queen_or_jack() -> None:
    held = declare(parse_cards("AS 10S 9S 8S AH 10H 9H AD 10D 9D AC 7C"))
    assert held.carte_blanche is not None
    assert (held.carte_blanche.name, held.carte_blanche.points) == ("carte blanche", 10)
    assert declare(parse_cards("AS 10S 9S 8S AH 10H 9H AD 10D 9D AC JC")).carte_blanche is None


def test_sets_are_tens_or_higher() -> None:
    held = declare(parse_cards("9S 9H 9D 9C 8S 8H 8D 7S 7H 7D 10S 10H"))
    assert held.sets == ()


def test_english_point_with_seven_eight_nine_scores_one_less() -> None:
    hand = parse_cards("QD JD 10D 9D 8D 7D QC JC 10C 9C 8C 7H")
    classic, english = declare(hand).point, declare(hand, "english").point
    assert classic is not None and english is not None
    assert (classic.pips, classic.points, english.points) == (54, 6, 5)


def test_english_point_of_two_equal_suits_is_the_one_scoring_more() -> None:
    # spades A 10 9 8 7 and hearts Q J 10 8 7 are both 45; the spades hold the
    # 7, 8 and 9, so under english rules they would score 4, the hearts 5
    hand = parse_cards("AS 10S 9S 8S 7S QH JH 10H 8H 7H AD AC")
    english = declare(hand, "english").point
    assert english is not None
    assert (english.pips, english.suit, english.points) == (45, "H", 5)


def test_one_hand_announcements() -> None:
    held = declare(parse_cards("KC QC JC 10C 9C 8C 7C JH 10H JD 10D JS"))
    assert held.point is not None
    # clubs K Q J 10 9 8 7: 10 + 10 + 10 + 10 + 9 + 8 + 7
    assert (held.point.describe(), held.point.points) == ("Sixty-four: 7 cards in clubs", 7)
    assert [(d.name, d.points) for d in held.sequences] == [("septième to the king", 17)]
    assert [(d.name, d.points) for d in held.sets] == [("quatorze jacks", 14), ("three tens", 3)]


def test_rubicon_lead_is_any_card() -> None:
    low = "7S 8S 9S 7H 8H 9H 7D 8D 9D 7C 8C 9C"
    assert declare(parse_cards(low)).lead == 0
    assert declare(parse_cards(low), "rubicon").lead == 1


# -- the worked examples -------------------------------------------------------------


def test_seed_first_example_21_and_27() -> None:
    result = table("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A", "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9")
    point = result.category("point")
    assert point.verdicts == ("not good", "good")
    assert point.points == (0, 5)
    sequence = result.category("sequence")
    assert [d.name if d else None for d in sequence.best] == [
        "quatrième to the ace",
        "quinte to the king",
    ]
    assert sequence.verdicts == ("not good", "good")
    assert names(result, "sequence", 1) == [
        "quinte to the king",
        "quatrième to the jack",
        "tierce to the jack",
    ]
    sets = result.category("sets")
    assert sets.verdicts == ("good", "not good")
    assert names(result, "sets", 0) == ["quatorze aces", "three kings", "three queens"]
    assert points(result, 0) == (0, 0, 0, 20, 0, 1, 21)
    assert points(result, 1) == (0, 5, 22, 0, 0, 0, 27)
    assert result.repic is None
    assert result.pic.status == "impossible"
    assert result.pic.reason == "the younger scores 27 in declarations"


def test_equal_point_does_not_save_the_youngers_repic_95() -> None:
    result = table("♡ A J 10 9 8; ♣ 10; ♢ 10; ♠ A J 10 9 8", "♡ K Q; ♣ A K Q; ♢ A K Q J 7; ♠ K Q")
    assert result.category("point").verdicts == ("equal", "equal")
    assert result.category("point").points == (0, 0)
    assert names(result, "sequence", 1) == ["quatrième to the ace", "tierce to the ace"]
    assert names(result, "sets", 1) == ["quatorze kings", "quatorze queens"]
    assert result.category("sets").verdicts == ("not good", "good")
    assert points(result, 0) == (0, 0, 0, 0, 0, 1, 1)
    assert points(result, 1) == (0, 0, 7, 28, 60, 0, 95)
    assert result.repic is not None
    assert (result.repic.seat, result.repic.declarations, result.repic.bonus) == (1, 35, 60)


# The elder's hand of the repic example; the younger holds nothing that is good.
REPIC_ELDER = "♡ K Q J 10 9; ♣ A K Q; ♢ A Q 9; ♠ Q"
REPIC_YOUNGER = "♡ A 8 7; ♣ J 10 9; ♢ K J 10; ♠ A K J"


@pytest.mark.parametrize(
    "elder",
    [
        REPIC_ELDER,
        "♡ K Q J 10 9, ♣ A K Q, ♢ A Q 9, ♠ Q",
        "♡ K Q J 10 9: ♣ A K Q, ♢ A Q 9; ♠ Q",
        "♡K Q J 10 9 ♣A K Q ♢A Q 9 ♠Q",
        "h k q j t 9, c a k q, d a q 9, s q",
    ],
)
def test_elders_repic_is_97_with_the_tierce_major(elder: str) -> None:
    assert format_cards(read_hand(elder)) == "KH QH JH 10H 9H AC KC QC AD QD 9D QS"
    result = table(elder, REPIC_YOUNGER)
    assert names(result, "sequence", 0) == ["quinte to the king", "tierce to the ace"]
    assert names(result, "sets", 0) == ["quatorze queens"]
    # point 5, quinte 15, tierce 3, quatorze 14 = 37; repic 60; the lead 1
    assert points(result, 0) == (0, 5, 18, 14, 60, 1, 98)
    assert result.players[0].declarations + result.players[0].repic == 97
    assert points(result, 1) == (0, 0, 0, 0, 0, 0, 0)
    assert result.pic.status == "repic"


# Elder of the 96 example, told that even his point is not good; the younger
# holds a sixième in diamonds and a quinte in clubs.
SIXIEME_ELDER = "♡ A K Q J 8; ♣ A K; ♢ A K; ♠ A K 10"
SIXIEME_YOUNGER = "♢ Q J 10 9 8 7; ♣ Q J 10 9 8; ♡ 7"


def test_youngers_repic_is_97_under_classic_rules() -> None:
    result = table(SIXIEME_ELDER, SIXIEME_YOUNGER)
    # 14 aces, 14 kings and the card led
    assert points(result, 0) == (0, 0, 0, 28, 0, 1, 29)
    # sixième point 6, sixième 16, quinte 15 = 37
    assert points(result, 1) == (0, 6, 31, 0, 60, 0, 97)


def test_youngers_repic_is_96_under_english_rules() -> None:
    result = table(SIXIEME_ELDER, SIXIEME_YOUNGER, rules="english")
    assert points(result, 0) == (0, 0, 0, 28, 0, 1, 29)
    assert points(result, 1) == (0, 5, 31, 0, 60, 0, 96)


def test_youngers_good_sequence_saves_the_elders_repic() -> None:
    # The elder's point is good (hearts, 49) and his aces and kings make 33,
    # but the younger's quinte to the queen counts before the quatorzes.
    result = table(SIXIEME_ELDER, "♢ Q J 10 9 8; ♣ Q J 9; ♠ Q J 9 8")
    assert result.category("sequence").verdicts == ("not good", "good")
    assert points(result, 0) == (0, 5, 0, 28, 0, 1, 34)
    assert points(result, 1) == (0, 0, 15, 0, 0, 0, 15)
    assert result.repic is None
    assert result.pic.status == "impossible"


def test_pic_hand_has_27_before_play() -> None:
    result = table("♡ A 9; ♣ A K Q J; ♢ K Q J 10 9; ♠ K", "♡ K Q J 10 8; ♣ 10 9 8 7; ♢ A 8 7")
    assert points(result, 0) == (0, 5, 19, 3, 0, 1, 28)
    assert result.players[0].declarations == 27
    assert points(result, 1) == (0, 0, 0, 0, 0, 0, 0)
    assert (result.pic.status, result.pic.needed) == ("possible", 3)
    assert result.pic.reason == (
        "the elder has 27 and needs 3 more from play before the younger scores"
    )


def test_pic_is_certain_at_29_with_a_ten_or_better_to_lead() -> None:
    # point 5, quinte to the king 15, tierce to the nine 3, three kings and three queens 6
    result = table("♢ K Q J 10 9; ♣ K Q; ♠ K Q; ♡ 9 8 7", "♣ J 10 9 8; ♠ J 10 9 8; ♡ K Q; ♢ 8 7")
    assert result.players[0].declarations == 29
    assert points(result, 1) == (0, 0, 0, 0, 0, 0, 0)
    assert (result.pic.status, result.pic.needed) == ("certain", 0)


# -- ties and precedence -------------------------------------------------------------


def test_quatorze_beats_any_trio() -> None:
    # the seed's case: four tens and three jacks against trios of aces, kings, queens
    result = table("♠ J 10 9 8; ♡ J 10 9; ♢ J 10 9; ♣ 10 9", "♠ A K Q 7; ♡ A K Q; ♢ A K Q; ♣ 8 7")
    assert result.category("sets").verdicts == ("good", "not good")
    assert names(result, "sets", 0) == ["quatorze tens", "three jacks"]
    assert result.category("sets").points == (17, 0)
    # the younger's point (spades 38) beats the elder's 37
    assert result.category("point").points == (0, 4)
    # quatrième to the jack beats tierces to the ace; the elder scores his tierces too
    assert result.category("sequence").points == (10, 0)


TRIOS_HIGH = "KS KH KD 10S 10H 10D 7S 7H 7D 8C 9C AC"
TRIO_LOW = "QS QH QD AS AH 9S 9H 8S 8H 9D 8D JC"


@pytest.mark.parametrize("kings", [0, 1])
def test_higher_trio_wins_and_brings_the_other(kings: int) -> None:
    # three kings beat three queens; their holder scores his three tens as well. Nines
    # and eights are no trios. The queens' holder has the point: spades A Q 9 8, 38.
    hands = [TRIOS_HIGH, TRIO_LOW] if kings == 0 else [TRIO_LOW, TRIOS_HIGH]
    result = table(*hands)
    assert names(result, "sets", kings) == ["three kings", "three tens"]
    assert result.category("sets").points[kings] == 6
    assert result.category("sets").points[1 - kings] == 0
    assert result.category("point").points[1 - kings] == 4
    assert result.category("sequence").points == (0, 0)
    assert [p.total for p in result.players] == ([7, 4] if kings == 0 else [5, 6])


def test_equal_best_sequences_cancel_all_sequences() -> None:
    result = table("♡ K Q J 10 9; ♣ 9 8 7; ♢ A K Q; ♠ 8", "♠ K Q J 10 9; ♣ A K Q; ♢ J 10 9; ♡ 8")
    sequence = result.category("sequence")
    assert sequence.verdicts == ("equal", "equal")
    assert sequence.points == (0, 0)
    assert result.category("point").verdicts == ("equal", "equal")
    assert points(result, 0) == (0, 0, 0, 0, 0, 1, 1)
    assert points(result, 1) == (0, 0, 0, 0, 0, 0, 0)
    # the elder needs 30 from play; seven cards ten or better and the last trick make 8
    assert result.pic.status == "impossible"
    assert result.pic.reason == "the elder has 0 and needs 30 from play, where at most 8 can be won"


def test_carte_blanche_counts_first_and_prevents_repic() -> None:
    # The younger would reach 97 as above, but the elder's carte blanche scores first.
    result = table("♠ A 10 9 8 7; ♡ A 10 9 8; ♢ A; ♣ A 7", SIXIEME_YOUNGER)
    assert result.category("carte_blanche").points == (10, 0)
    # carte blanche 10, quatorze aces 14, the lead 1
    assert points(result, 0) == (10, 0, 0, 14, 0, 1, 25)
    # point 6, sixième 16 and quinte 15 make 37, but after the elder's 10
    assert points(result, 1) == (0, 6, 31, 0, 0, 0, 37)
    assert result.repic is None


# -- three and four players ----------------------------------------------------------


def test_normand_repic_is_90_at_20() -> None:
    result = table(
        "♡ A K Q J 10 9; ♠ 8 7; ♣ 7; ♦ 7",
        "♠ A K Q J; ♣ A K Q; ♦ A K Q",
        "♠ 10 9; ♣ J 10 9 8; ♦ J 10 9 8",
    )
    assert result.form.name == "Piquet Normand"
    # point 6 and sixième 16 reach 20 before anyone else scores
    assert points(result, 0) == (0, 6, 16, 0, 90, 1, 113)
    # three aces beat the dealer's three tens; three kings and queens come with them
    assert points(result, 1) == (0, 0, 0, 9, 0, 0, 9)
    assert points(result, 2) == (0, 0, 0, 0, 0, 0, 0)
    assert result.pic.status == "repic"


def test_normand_tie_for_the_best_point_scores_for_nobody() -> None:
    result = table(
        "♡ A K Q J 10; ♠ 9 8 7; ♣ 9 8",
        "♠ A K Q J 10; ♡ 9 8 7; ♦ 9 8",
        "♣ A K Q J 7; ♦ A K Q J 7",
    )
    point = result.category("point")
    assert point.verdicts == ("equal", "equal", "not good")
    assert point.points == (0, 0, 0)
    sequence = result.category("sequence")
    assert sequence.verdicts == ("equal", "equal", "not good")
    assert sequence.points == (0, 0, 0)
    assert [player.total for player in result.players] == [1, 0, 0]


VOLEUR = (
    "♡ A; ♠ A; ♢ A Q; ♣ A Q J 10",  # A, the elder
    "♠ K Q J 10; ♢ J 10 9 8",  # Y
    "♡ K Q J; ♢ K 7; ♣ K 9 8",  # B, A's partner
    "♡ 10 9 8 7; ♠ 9 8 7; ♣ 7",  # Z, the dealer
)


def test_voleur_deal_of_the_seed_a_and_b_make_22() -> None:
    result = table(*VOLEUR)
    assert result.form.name == "Piquet Voleur"
    # A: 4 for the point (clubs A Q J 10, 41), 14 aces, 1 for the card led
    assert points(result, 0) == (0, 4, 0, 14, 0, 1, 19)
    # B: three kings, good on account of his partner's four aces
    assert points(result, 2) == (0, 0, 0, 3, 0, 0, 3)
    assert result.category("sets").verdicts == ("good", None, "good", None)
    # B's point (hearts, 30) is not good: only the best point at the table scores
    assert result.category("point").verdicts == ("good", "not good", "not good", "not good")
    # A's tierce to the queen and B's tierce to the king are shut out by Y's
    assert result.category("sequence").verdicts == ("not good", "good", "not good", "good")
    assert [side.seats for side in result.sides] == [(0, 2), (1, 3)]
    assert result.sides[0].total == 4 + 14 + 3 + 1 == 22
    assert result.repic is None


def test_voleur_deal_of_the_seed_y_and_z_sequences_make_15() -> None:
    result = table(*VOLEUR)
    # Y's quatrième to the king is the best sequence, which makes Z's good too
    assert names(result, "sequence", 1) == ["quatrième to the king", "quatrième to the jack"]
    assert names(result, "sequence", 3) == ["quatrième to the ten", "tierce to the nine"]
    # the seed's 15: three sequences of four and one of three
    assert result.category("sequence").points == (0, 4 + 4, 0, 4 + 3)
    assert sum(result.category("sequence").points) == 15


def test_voleur_deal_of_the_seed_dealers_carte_blanche_makes_25_not_15() -> None:
    # Z (♡ 10 9 8 7; ♠ 9 8 7; ♣ 7) holds no king, queen or jack: by the rules'
    # carte blanche he scores 10, which the seed's count of 15 leaves out.
    # The rules win: Y and Z make 15 + 10 = 25.
    result = table(*VOLEUR)
    assert result.category("carte_blanche").points == (0, 0, 0, 10)
    assert points(result, 1) == (0, 0, 8, 0, 0, 0, 8)
    assert points(result, 3) == (10, 0, 7, 0, 0, 0, 17)
    assert result.sides[1].total == 25


def test_voleur_partners_carte_blanche_make_repic_and_points_tie_across_sides() -> None:
    result = table(
        "♠ A 10 9 8 7; ♡ A 10 9",
        "♠ K Q J; ♡ K Q J; ♦ K Q",
        "♦ A 10 9 8 7; ♣ A 10 9",
        "♣ K Q J 8 7; ♡ 8 7; ♦ J",
    )
    # both partners' carte blanche reach 20 before the other side scores
    assert result.repic is not None
    assert (result.repic.seat, result.repic.side, result.repic.bonus) == (2, (0, 2), 90)
    # three points of 45: partners A and B, and Z on the other side: nobody scores
    assert result.category("point").verdicts == ("equal", "not good", "equal", "equal")
    assert points(result, 0) == (10, 0, 4, 0, 0, 1, 15)
    assert points(result, 2) == (10, 0, 4, 0, 90, 0, 104)
    # Y's three kings and three queens
    assert points(result, 1) == (0, 0, 0, 6, 0, 0, 6)
    assert [side.total for side in result.sides] == [119, 6]


def test_voleur_partners_equal_best_sequences_both_score_and_equal_points_count_once() -> None:
    result = table(
        "♡ K Q J 10 9; ♠ 7; ♣ 7; ♦ 7",
        "♣ A K Q J; ♦ A K Q J",
        "♠ K Q J 10 9; ♡ 8 7; ♦ 8",
        "♣ 10 9 8; ♦ 10 9; ♡ A; ♠ A 8",
    )
    # A and B each hold a quinte to the king (49): the point counts once, for A;
    # the side holds the best sequence, so both quintes are good
    assert result.category("point").points == (5, 0, 0, 0)
    assert result.category("sequence").points == (15, 0, 15, 0)
    # Z's best point is clubs 10 9 8 (27), under 30: not announced
    assert result.category("point").best[3] is None
    # Z holds no king, queen or jack: his carte blanche counts first and saves the repic
    assert points(result, 3) == (10, 0, 0, 0, 0, 0, 10)
    assert points(result, 0) == (0, 5, 15, 0, 0, 1, 21)
    assert points(result, 2) == (0, 0, 15, 0, 0, 0, 15)
    assert result.repic is None
    assert [side.total for side in result.sides] == [36, 10]


def test_voleur_point_under_30_is_not_announced() -> None:
    result = table(
        "♠ A 9; ♡ A 9; ♦ A 9; ♣ A 9",
        "♠ K 8; ♡ K 8; ♦ K 8; ♣ K 8",
        "♠ Q 7; ♡ Q 7; ♦ Q 7; ♣ Q 7",
        "♠ J 10; ♡ J 10; ♦ J 10; ♣ J 10",
    )
    assert result.category("point").best == (None, None, None, None)
    # four aces are the best quatorze; they make the partner's four queens good
    assert result.category("sets").points == (14, 0, 14, 0)


# -- bad input -----------------------------------------------------------------------


def test_wrong_number_of_cards_is_named() -> None:
    with pytest.raises(HandError, match="has 11 cards: a hand of Piquet au cent holds 12"):
        table("AH KH QH JH AC KC QC AD KD QD 7D", "AS KS QS JS 10S 9S 8S 7S 10H 9H 8H 7H")
    with pytest.raises(HandError, match="has 2 cards: expected 12"):
        read_hand("AH KH", 12)
    with pytest.raises(HandError, match="'AH' has 1 card: expected 12"):
        read_hand("AH", 12)


PIQUET_RANKS = "piquet's ranks are 7, 8, 9, 10 (or T), J, Q, K and A"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AH KH QH JH AC KC QC AD KD QD 7D 6H", "invalid card '6H' in 'AH KH QH JH AC KC QC AD"),
        ("AH 5h", "invalid card '5h' in 'AH 5h'"),
        ("AH 2♥", "invalid card '2♥' in 'AH 2♥'"),
        ("AH XH", "invalid card 'XH' in 'AH XH'"),
        ("AH 1H", "invalid card '1H' in 'AH 1H'"),
        ("AH \U0001f0b5", "invalid card '\U0001f0b5' in 'AH \U0001f0b5'"),
        ("♡ A 5", "invalid rank '5' in '♡ A 5'"),
        ("♡ A K, ♣ A 6", "invalid rank '6' in '♡ A K, ♣ A 6'"),
        ("♡ A Z", "invalid rank 'Z' in '♡ A Z'"),
        ("♡A K: ♣ 10 9 8 X", "invalid rank 'X' in '♡A K: ♣ 10 9 8 X'"),
        ("♡ A K, 10C", "invalid rank '10C' in '♡ A K, 10C'"),
    ],
)
def test_ranks_outside_the_pack_are_named_as_piquets(text: str, message: str) -> None:
    with pytest.raises(NotationError) as error:
        read_hand(text)
    assert str(error.value).startswith(message)
    assert str(error.value).endswith(f": {PIQUET_RANKS}")


def test_a_single_piquet_card_names_piquets_ranks() -> None:
    assert Card.parse("7h", PIQUET) == Card(7, "H")
    with pytest.raises(NotationError, match=r"^invalid card '6H' in '6H': piquet's ranks are 7,"):
        Card.parse("6H", PIQUET)


def test_cards_below_seven_given_as_cards_are_outside_the_pack() -> None:
    hand = parse_cards("AH KH QH JH AC KC QC AD KD QD 7D 6H")
    with pytest.raises(HandError) as error:
        declare(hand)
    assert str(error.value) == (
        "card '6H' in 'AH KH QH JH AC KC QC AD KD QD 7D 6H' is outside the 32-card piquet "
        "pack: ranks are 7, 8, 9, 10, J, Q, K and A"
    )
    with pytest.raises(HandError, match=r"card '6H' in .* is outside the 32-card piquet pack"):
        compare([hand, read_hand("KS QS JS 10S 9S 8S 7S 10H 9H 8H 7H AS")])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("X A K: ♣ A", "invalid suit 'X' in 'X A K: ♣ A': each group must open with a suit"),
        ("A K; ♣ A", "invalid suit 'A' in 'A K; ♣ A': each group must open with a suit"),
        ("♡ A K Q, ♣ A K ♡ A", "duplicate card 'AH' in '♡ A K Q, ♣ A K ♡ A'"),
        ("♡ : ♣ ;", "no cards in '♡ : ♣ ;': expected ranks after each suit"),
        (" ,; ", "no cards in ' ,; ': expected ranks after each suit"),
        ("", "no cards for hand: expected cards such as '9H 10D JS'"),
        (" \t", "no cards for hand: expected cards such as '9H 10D JS'"),
    ],
)
def test_grouped_layout_errors(text: str, message: str) -> None:
    with pytest.raises(CribcountError) as error:
        read_hand(text)
    assert str(error.value).startswith(message)


def test_piquet_errors_quote_a_short_line() -> None:
    # the first 37 characters: 9 + 1 + 7 + 2 + 9 + 1 + 3 of the hand, then ' , , '
    text = "♡ A K Q J\n♣ A K Q\r\n♢ A K Q 7\n♠ A" + " ," * 5000
    with pytest.raises(HandError) as error:
        read_hand(text, 10)
    assert str(error.value) == (
        r"hand '♡ A K Q J\n♣ A K Q\r\n♢ A K Q 7\n♠ A , , ...' has 12 cards: expected 10"
    )


def test_a_card_in_two_hands_is_refused() -> None:
    with pytest.raises(HandError, match="card 'AH' is in both the elder's and the younger's hand"):
        table("AH KH QH JH AC KC QC AD KD QD 7D AS", "AH 10H 9H 8H 7H 10C 9C 8C 10D 9D 8D 10S")


def test_unknown_rules_and_player_counts() -> None:
    with pytest.raises(CribcountError, match="unknown rules 'french'"):
        declare(parse_cards("AH KH QH"), "french")
    with pytest.raises(HandError, match="5 hands"):
        compare([[Card.parse("AH")]] * 5)
    with pytest.raises(HandError, match=r"^1 hand: piquet is played by 2, 3 or 4 players$"):
        compare([parse_cards("AH KH QH JH AC KC QC AD KD QD 7D AS")])


# -- properties ----------------------------------------------------------------------


def _ace_high(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


def _sorted_deal(by_rank: bool, cut: int, swaps: list[tuple[int, int]]) -> list[Card]:
    """The pack sorted by suit (long suits, sequences, repics) or by rank (quatorzes,
    carte blanche), cut, with a few cards swapped."""
    key = (lambda c: (_ace_high(c), c.suit)) if by_rank else (lambda c: (c.suit, _ace_high(c)))
    pack = sorted(PACK, key=key)
    pack = pack[cut:] + pack[:cut]
    for i, j in swaps:
        pack[i], pack[j] = pack[j], pack[i]
    return pack


# Shuffled deals almost never hold a carte blanche or a repic; sorted deals often do.
deals = st.one_of(
    st.permutations(PACK),
    st.builds(
        _sorted_deal,
        st.booleans(),
        st.integers(0, 31),
        st.lists(st.tuples(st.integers(0, 31), st.integers(0, 31)), max_size=8),
    ),
)
suit_orders = st.permutations(list(SUITS))


@settings(max_examples=200, deadline=None)
@given(deals, suit_orders, st.sampled_from(["classic", "english", "rubicon"]))
def test_suits_are_interchangeable(pack: list[Card], order: list[str], rules: str) -> None:
    relabel = dict(zip(SUITS, order, strict=True))
    elder, younger = pack[:12], pack[12:24]
    moved = [[Card(card.rank, relabel[card.suit]) for card in hand] for hand in (elder, younger)]
    before, after = compare([elder, younger], rules), compare(moved, rules)
    assert [points(before, seat) for seat in (0, 1)] == [points(after, seat) for seat in (0, 1)]
    assert [c.verdicts for c in before.categories] == [c.verdicts for c in after.categories]
    assert before.pic.status == after.pic.status


Key = tuple[int, ...]


def plain_declarations(hand: list[Card], rules: str) -> list[tuple[Key | None, int]]:
    """One hand's carte blanche, point, sequences and sets read plainly from the rules:
    each as (key to compare, or None if not held; points if good).

    The point's key is its pip value (rubicon: its length, then its value), and it
    scores its number of cards (english: one less with 7, 8 and 9); a sequence's key
    is (length, top card); a set's, (quatorze or not, rank).
    """
    ranks = {suit: {_ace_high(c) for c in hand if c.suit == suit} for suit in SUITS}

    def point_of(held: set[int]) -> tuple[Key, int]:
        value = sum(11 if rank == 14 else min(rank, 10) for rank in held)
        english = rules == "english" and {7, 8, 9} <= held
        return ((len(held), value) if rules == "rubicon" else (value,)), len(held) - english

    sequences = []
    for held in ranks.values():
        for top in held - {rank - 1 for rank in held}:
            length = 0
            while top - length in held:
                length += 1
            if length >= 3:
                sequences.append((length, top))
    counts = {rank: sum(_ace_high(c) == rank for c in hand) for rank in range(10, 15)}
    sets = [(int(count == 4), rank) for rank, count in counts.items() if count >= 3]
    court = any(c.rank in (11, 12, 13) for c in hand)
    return [
        (None if court else (1,), 10),
        max(point_of(held) for held in ranks.values()),
        (max(sequences, default=None), sum(n if n < 5 else n + 10 for n, _ in sequences)),
        (max(sets, default=None), sum(14 if four else 3 for four, _ in sets)),
    ]


def plain_totals(elder: list[Card], younger: list[Card], rules: str) -> list[int]:
    """Both players' totals: carte blanche to each holder; each other category to the
    better key only (equal, to nobody); repic 60 to a player reaching 30 in that order
    before the other has scored; the elder's lead (a ten or better, or any in rubicon)."""
    mine, theirs = plain_declarations(elder, rules), plain_declarations(younger, rules)
    scored = [tuple(0 if key is None else points for key, points in (mine[0], theirs[0]))]
    for (key0, points0), (key1, points1) in zip(mine[1:], theirs[1:], strict=True):
        if key0 is not None and (key1 is None or key0 > key1):
            scored.append((points0, 0))
        elif key1 is not None and (key0 is None or key1 > key0):
            scored.append((0, points1))
        else:
            scored.append((0, 0))
    totals = [sum(points[seat] for points in scored) for seat in (0, 1)]
    for seat in (0, 1):
        own = other = 0
        for points in scored:
            if other:
                break
            own += points[seat]
            if own >= 30:
                totals[seat] += 60
                break
            other += points[1 - seat]
    totals[0] += rules == "rubicon" or any(_ace_high(c) >= 10 for c in elder)
    return totals


@settings(max_examples=300, deadline=None)
@given(deals, st.sampled_from(["classic", "english", "rubicon"]))
def test_two_hands_score_as_the_plain_rules(pack: list[Card], rules: str) -> None:
    elder, younger = pack[:12], pack[12:24]
    result = compare([elder, younger], rules)
    assert [player.total for player in result.players] == plain_totals(elder, younger, rules)


@settings(max_examples=200, deadline=None)
@given(deals, st.sampled_from(["classic", "english", "rubicon"]))
def test_swapping_elder_and_younger_swaps_the_declarations(pack: list[Card], rules: str) -> None:
    first, second = pack[:12], pack[12:24]
    one, other = compare([first, second], rules), compare([second, first], rules)
    for a, b in zip(one.categories, other.categories, strict=True):
        assert a.points == b.points[::-1]
        assert a.verdicts == b.verdicts[::-1]
    assert [p.repic for p in one.players] == [p.repic for p in other.players][::-1]


@settings(max_examples=200, deadline=None)
@given(deals, st.sampled_from([2, 3, 4]))
def test_only_one_side_scores_each_compared_category(pack: list[Card], players: int) -> None:
    size = {2: 12, 3: 10, 4: 8}[players]
    result = compare([pack[seat * size : (seat + 1) * size] for seat in range(players)])
    for category in result.categories[1:]:
        sides = {result.form.sides[s] for s, pts in enumerate(category.points) if pts}
        assert len(sides) <= 1
    assert sum(side.total for side in result.sides) == sum(p.total for p in result.players)


def test_declare_refuses_a_card_twice() -> None:
    # four aces of spades would otherwise be a quatorze
    with pytest.raises(HandError, match="card 'AS' is twice in the hand 'AS AS AS AS KH'"):
        declare([Card.parse("AS")] * 4 + [Card.parse("KH")])


def test_check_hand_refuses_a_hand_of_another_size() -> None:
    assert check_hand(parse_cards("AH KH"), 2) == (Card.parse("AH"), Card.parse("KH"))
    with pytest.raises(HandError, match=r"^hand 'AH KH' has 2 cards: expected 12$"):
        check_hand(parse_cards("AH KH"), 12)


def test_a_card_twice_in_one_hand_is_refused() -> None:
    hand = [Card.parse("AH"), *parse_cards("AH QH JH AC KC QC AD KD QD 7D AS")]
    other = parse_cards("KH 10H 9H 8H 7H 10C 9C 8C 10D 9D 8D 10S")
    with pytest.raises(HandError, match="card 'AH' is twice in the elder's hand"):
        compare([hand, other])


def test_rubicon_point_agrees_with_the_classic_point() -> None:
    # pip values of n cards of one suit never overlap those of another length
    result = table(SIXIEME_ELDER, SIXIEME_YOUNGER, rules="rubicon")
    assert points(result, 1) == (0, 6, 31, 0, 60, 0, 97)
