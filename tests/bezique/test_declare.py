"""The declarations by the laws: every law's example, a hand's combinations, the listing."""

from __future__ import annotations

import pytest

from cribcount.bezique.declare import (
    DeclareError,
    Side,
    check_deal,
    declare,
    declare_carte_blanche,
    hand_combinations,
    identify,
    list_declarations,
    read_deal,
    read_table,
)
from cribcount.bezique.pack import read_cards, read_trump


def verdicts(text: str) -> list[tuple[bool, int, int | None]]:
    """Each declaration's (allowed, points, law) of a deal given in order."""
    deal = check_deal(read_deal(text))
    return [
        (step.verdict.allowed, step.verdict.points, step.verdict.law)
        for step in deal.steps
        if step.verdict is not None
    ]


def scores(text: str) -> tuple[int, int]:
    return check_deal(read_deal(text)).scores


# -- law 40: the points; law 41: trumps ---------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "trump", "kind", "points"),
    [
        ("KH QH", "H", "marriage", 40),
        ("KH QH", "S", "marriage", 20),
        ("AH 10H KH QH JH", "H", "sequence", 250),
        ("AH 10H KH QH JH", "C", "sequence", 150),
        ("QS JD", "H", "bezique", 40),
        ("QS JD QS JD", "H", "double bezique", 500),
        ("QS JD QS JD QS JD", "H", "triple bezique", 1500),
        ("QS JD QS JD QS JD QS JD", "H", "quadruple bezique", 4500),
        ("AS AH AD AS", "H", "four aces", 100),
        ("KS KH KD KC", "H", "four kings", 80),
        ("QS QH QD QC", "H", "four queens", 60),
        ("JS JH JD JD", "H", "four knaves", 40),
    ],
)
def test_law_40_points(cards: str, trump: str, kind: str, points: int) -> None:
    combination = identify(read_cards(cards), trump)
    assert (combination.kind, combination.points) == (kind, points)


def test_no_declaration_in_other_cards() -> None:
    with pytest.raises(DeclareError, match="make no declaration"):
        identify(read_cards("KH QS"), None)
    with pytest.raises(DeclareError, match="make no declaration"):
        identify(read_cards("10S 10H 10D 10C"), None)


def test_law_41_the_first_marriage_makes_trumps_and_scores_40() -> None:
    deal = check_deal(read_deal("first 1 KD QD; second 2 KS QS; first 3 KH QH"))
    assert deal.trump == "D"
    assert deal.scores == (40 + 20, 20)


def test_law_41_with_no_marriage_the_first_sequence_makes_trumps() -> None:
    deal = check_deal(read_deal("second 2 AC 10C KC QC JC; first 3 KH QH"))
    assert (deal.trump, deal.scores) == ("C", (20, 250))


# -- law 16: carte blanche -------------------------------------------------------------


BLANCHE = "7H 8H 9H 10H AH AS AD AC 9S"


def test_law_16_carte_blanche_again_after_a_draw_that_is_no_court_card() -> None:
    deal = f"first 1 carte blanche {BLANCHE}; first 2 carte blanche 9C; first 3 carte blanche 7D"
    assert verdicts(deal) == [(True, 50, None), (True, 50, 16), (True, 50, 16)]
    assert scores(deal) == (150, 0)


def test_law_16_a_court_card_drawn_ends_carte_blanche() -> None:
    deal = f"first 1 carte blanche {BLANCHE}; first 2 carte blanche KC; first 3 carte blanche 7D"
    assert verdicts(deal) == [(True, 50, None), (False, 0, 16), (False, 0, 16)]


def test_carte_blanche_is_first_declared_on_the_nine_dealt() -> None:
    assert verdicts("first 2 carte blanche 9C") == [(False, 0, 16)]
    assert verdicts("first 1 carte blanche 7H 8H 9H 10H AH AS AD AC KS") == [(False, 0, 40)]


def test_carte_blanche_from_a_hand() -> None:
    assert declare_carte_blanche(Side(), read_cards(BLANCHE)).points == 50
    refused = declare_carte_blanche(Side(), read_cards("7H 8H 9H 10H AH AS AD AC JD"))
    assert (refused.allowed, refused.law) == (False, 40)


# -- laws 35 to 38 -------------------------------------------------------------------------


def test_law_35_a_marriage_re_formed_after_one_of_two_is_played() -> None:
    # two marriages of hearts; a king played: the other king and a queen marry afresh
    deal = "first 1 KH QH; first 2 KH QH; first 3 plays KH; first 4 + KH QH"
    assert verdicts(deal) == [(True, 40, None), (True, 40, None), (True, 40, 35)]
    assert scores(deal) == (120, 0)


def test_law_35_no_fresh_marriage_without_a_card_played() -> None:
    assert verdicts("first 1 KH QH; first 2 KH QH; first 4 + KH QH")[-1] == (False, 0, 35)


def test_law_35_one_fresh_marriage_a_card_played() -> None:
    deal = "first 1 KH QH; first 2 KH QH; first 3 plays KH; first 4 + KH QH; first 5 + KH QH"
    assert verdicts(deal)[-1] == (False, 0, 35)
    deal += "; first 6 plays QH; first 7 + KH QH"
    assert verdicts(deal)[-1] == (True, 40, 35)


def test_law_34_a_played_card_replaced_restores_the_combination() -> None:
    deal = "first 1 KH KS KD KC; first 2 plays KD; first 3 KD + KH KS KC"
    assert verdicts(deal) == [(True, 80, None), (True, 80, 34)]
    assert verdicts("first 1 KH KS KD KC; first 3 KD + KH KS KC")[-1] == (False, 0, 34)


def test_law_36_marriage_then_sequence() -> None:
    deal = "first 1 KH QH; first 2 AH 10H JH + KH QH"
    assert verdicts(deal) == [(True, 40, None), (True, 250, 36)]
    assert scores(deal) == (290, 0)


def test_law_47_the_marriage_not_scored_is_lost_when_the_sequence_is_first() -> None:
    # the sequence scored first from the hand: its K Q cannot marry afterwards (law 37)
    deal = "first 1 AH 10H KH QH JH; first 2 + KH QH"
    assert verdicts(deal) == [(True, 250, None), (False, 0, 37)]
    listing = list_declarations(Side(), read_cards("AH 10H KH QH JH 7S 8S 9S 7C"), None)
    marriage = next(option for option in listing.options if option.kind == "marriage")
    assert marriage.lost_by == ("sequence of hearts, trumps",)
    assert listing.to_json()["declarations"][1]["law"] == 47  # type: ignore[index]


def test_law_37_the_king_of_a_sequence_refused_for_a_marriage() -> None:
    deal = "first 1 KH QH; first 2 AH 10H JH + KH QH; first 3 + KH QH"
    assert verdicts(deal)[-1] == (False, 0, 37)
    # a fresh king and queen may
    assert verdicts(deal + "; first 4 KH QH")[-1] == (True, 40, None)
    # as the table says, without a deal
    table = read_table("AH/s 10H/s KH/m+s QH/m+s JH/s")
    refused = declare(table, read_cards("7C"), read_cards("KH QH"), "H")
    assert (refused.allowed, refused.law) == (False, 37)


def test_law_38_single_double_and_triple_bezique_united() -> None:
    deal = "first 1 QS JD; first 2 QS JD; first 3 + QS JD QS JD; first 4 QS JD + QS QS JD JD"
    assert verdicts(deal) == [
        (True, 40, None),
        (True, 40, None),
        (True, 500, 38),
        (True, 1500, 38),
    ]
    assert scores(deal) == (2080, 0)


def test_law_38_a_double_bezique_s_cards_refused_for_a_single() -> None:
    deal = "first 1 QS JD QS JD; first 2 + QS JD"
    assert verdicts(deal) == [(True, 500, None), (False, 0, 38)]
    # a fresh single bézique may
    assert verdicts(deal + "; first 3 QS JD")[-1] == (True, 40, None)


def test_law_48_the_inferior_bezique_lost_when_the_superior_is_first() -> None:
    listing = list_declarations(Side(), read_cards("QS JD QS JD 7S 8S 9S 7C 8C"), "H")
    assert [(option.kind, option.points, option.lost_by) for option in listing.options] == [
        ("double bezique", 500, ()),
        ("bezique", 40, ("double bézique",)),
    ]


# -- laws 42, 43, 52 --------------------------------------------------------------------


def test_law_43_one_declaration_a_trick() -> None:
    assert verdicts("first 1 KH QH; first 1 KS QS") == [(True, 40, None), (False, 0, 43)]


def test_law_43_carte_blanche_with_four_aces_scores_them_too() -> None:
    deal = f"first 1 carte blanche {BLANCHE}; first 1 AH AS AD AC"
    assert verdicts(deal) == [(True, 50, None), (True, 100, None)]
    assert scores(deal) == (150, 0)


def test_law_42_only_the_winner_of_the_trick_declares() -> None:
    assert verdicts("first 5 KH QH; second 5 KS QS")[-1] == (False, 0, 42)


def test_law_52_no_declaration_after_the_stock_is_out() -> None:
    assert verdicts("first 55 KH QH; first 56 KS QS") == [(True, 40, None), (False, 0, 52)]
    late = declare(Side(), read_cards("KH QH"), read_cards("KH QH"), None, trick=60)
    assert (late.allowed, late.law) == (False, 52)


# -- a declaration judged from a table and a hand ------------------------------------------


def test_a_sequence_on_a_declared_marriage() -> None:
    verdict = declare(
        read_table("KH/m QH/m"), read_cards("AH 10H JH 9S"), read_cards("AH 10H KH QH JH"), "H"
    )
    assert (verdict.allowed, verdict.points, verdict.law) == (True, 250, 36)
    assert [str(card) for card in verdict.from_table] == ["KH", "QH"]
    assert [str(card) for card in verdict.from_hand] == ["AH", "10H", "JH"]


def test_a_declaration_makes_trumps_when_there_are_none() -> None:
    verdict = declare(Side(), read_cards("KD QD"), read_cards("KD QD"), None)
    assert (verdict.points, verdict.makes_trumps) == (40, "D")


def test_a_card_neither_on_the_table_nor_in_the_hand() -> None:
    with pytest.raises(DeclareError, match="neither on the table nor in the hand"):
        declare(Side(), read_cards("KH"), read_cards("KH QH"), None)


def test_tables_and_deals_are_read_or_refused() -> None:
    assert read_table("KH/m QH/m+s QS/b2").written() == "KH/m QH/m+s QS/b2"
    with pytest.raises(DeclareError, match="expected the card, '/'"):
        read_table("KH")
    with pytest.raises(DeclareError, match="serves in no sequence"):
        read_table("9H/s")
    with pytest.raises(DeclareError, match="is no player"):
        read_deal("third 1 KH QH")
    with pytest.raises(DeclareError, match="give the steps in order"):
        check_deal(read_deal("first 5 KH QH; first 3 KS QS"))
    with pytest.raises(DeclareError, match="step 1: 'first 3 plays KH': no KH on the table"):
        check_deal(read_deal("first 3 plays KH"))
    assert read_trump("♥") == "H"
    assert read_trump("none") is None


# -- a hand's combinations -------------------------------------------------------------------


def test_a_hand_s_combinations_with_and_without_trumps() -> None:
    hand = read_cards("KH QH AH 10H JH QS JD QS JD")
    held = hand_combinations(hand, "H")
    assert not held.carte_blanche
    assert [(item.kind, item.points) for item in held.combinations] == [
        ("double bezique", 500),
        ("sequence", 250),
        ("marriage", 40),
    ]
    plain = hand_combinations(hand)
    assert [item.points for item in plain.combinations] == [500, 150, 20]


def test_a_carte_blanche_hand_with_eight_aces() -> None:
    held = hand_combinations(read_cards("AS AS AH AH AD AD AC AC 7S"))
    assert held.carte_blanche
    assert [(item.kind, item.points) for item in held.combinations] == [
        ("four aces", 100),
        ("four aces", 100),
    ]


def test_two_marriages_in_a_suit() -> None:
    held = hand_combinations(read_cards("KH KH QH QH 7S 8S 9S 7C 8C"), "S")
    assert [(item.kind, item.points) for item in held.combinations] == [
        ("marriage", 20),
        ("marriage", 20),
    ]


# -- laws 44 to 48: declarations laid and not yet scored -------------------------------------


def lost(text: str) -> list[tuple[int, str, int]]:
    """The declarations a deal's steps lose unscored: (step, kind, law)."""
    deal = check_deal(read_deal(text))
    return [(step.number, item.kind, item.law) for step in deal.steps for item in step.lost]


def test_law_44_two_laid_together_one_scored_the_other_on_a_later_trick() -> None:
    # K Q of spades and J of diamonds laid on trick 3: the marriage scored (40, the first
    # marriage makes spades trumps, law 41), the bézique of the QS with the JD laid; scored
    # on trick 5, won later (law 45): 40 more
    # (the QS of the marriage serves in the bézique, a declaration of another kind: no
    # law but the club rule allows it, so none is named)
    deal = "first 3 KS QS; first 3 lays JD + QS; first 5 scores QS JD"
    assert verdicts(deal) == [(True, 40, None), (True, 0, None), (True, 40, 45)]
    assert scores(deal) == (80, 0)
    assert lost(deal) == []
    assert check_deal(read_deal(deal)).tables == ("KS/m QS/m+b JD/b", "")


def test_law_43_the_one_laid_is_not_scored_on_the_trick_another_was() -> None:
    deal = "first 3 KS QS; first 3 lays JD + QS; first 3 scores QS JD"
    assert verdicts(deal)[-1] == (False, 0, 43)
    # the other player did not win trick 5, so he scores nothing on it (law 42)
    assert verdicts("first 3 lays QS JD; second 5 KH QH; first 5 scores QS JD")[-1] == (
        False,
        0,
        42,
    )


def test_law_41_a_marriage_laid_makes_no_trumps_till_it_is_scored() -> None:
    # hearts laid first, spades scored first: spades are trumps, and the hearts score 20
    deal = "first 2 lays KH QH; first 3 KS QS; first 4 scores KH QH"
    assert verdicts(deal) == [(True, 0, None), (True, 40, None), (True, 20, 45)]
    assert check_deal(read_deal(deal)).trump == "S"
    # scored with no trumps yet, the one laid makes them
    assert check_deal(read_deal("first 2 lays KH QH; first 4 scores KH QH")).trump == "H"


def test_law_46_the_one_laid_is_lost_when_a_card_of_it_is_played() -> None:
    deal = "first 3 KS QS; first 3 lays JD + QS; first 4 plays QS; first 5 scores QS JD"
    assert lost(deal) == [(3, "bezique", 46)]
    assert verdicts(deal) == [(True, 40, None), (True, 0, None), (False, 0, 46)]
    assert scores(deal) == (40, 0)
    step = check_deal(read_deal(deal)).steps[2]
    assert step.lost[0].reason == (
        "the bézique QS JD laid on trick 3, not yet scored, is lost: its QS is played"
    )


def test_law_46_the_copy_played_is_one_of_no_declaration_laid() -> None:
    # two marriages of hearts, the first scored, the second laid; a KH played is the
    # scored one's, so the one laid still scores (40, hearts trumps) and the play owes a
    # fresh marriage (law 35)
    deal = "first 1 KH QH; first 2 lays KH QH; first 3 plays KH; first 4 scores KH QH"
    assert verdicts(deal) == [(True, 40, None), (True, 0, None), (True, 40, 45)]
    assert lost(deal) == []
    assert verdicts(deal + "; first 5 + KH QH")[-1] == (True, 40, 35)


def test_law_47_the_marriage_laid_is_lost_when_its_sequence_is_scored() -> None:
    # the sequence on the marriage laid: 250, the first scored makes hearts trumps (law 41)
    deal = "first 1 lays KH QH; first 2 AH 10H JH + KH QH; first 3 scores KH QH"
    assert verdicts(deal) == [(True, 0, None), (True, 250, 36), (False, 0, 47)]
    assert lost(deal) == [(2, "marriage", 47)]
    assert scores(deal) == (250, 0)
    # the marriage scored first keeps both: 40 + 250
    both = (
        "first 1 lays KH QH; first 2 lays AH 10H JH + KH QH; first 3 scores KH QH;"
        " first 4 scores AH 10H KH QH JH"
    )
    assert verdicts(both) == [(True, 0, None), (True, 0, 36), (True, 40, 45), (True, 250, 45)]
    assert scores(both) == (290, 0)


def test_law_48_the_bezique_laid_is_lost_when_the_double_is_scored() -> None:
    deal = "first 1 lays QS JD; first 2 QS JD + QS JD; first 3 scores QS JD"
    assert verdicts(deal) == [(True, 0, None), (True, 500, 38), (False, 0, 48)]
    assert lost(deal) == [(2, "bezique", 48)]
    assert scores(deal) == (500, 0)
    # scored first, the single stands, and the double after it: 40 + 500
    assert scores("first 1 lays QS JD; first 2 + QS JD; first 3 QS JD + QS JD") == (540, 0)


def test_laid_declarations_in_a_deal_refused_or_misread() -> None:
    with pytest.raises(DeclareError, match="no bézique QS JD laid and not yet scored"):
        check_deal(read_deal("first 3 scores QS JD"))
    with pytest.raises(DeclareError, match="'scores' scores it"):
        check_deal(read_deal("first 1 lays QS JD; first 2 lays + QS JD"))
    with pytest.raises(DeclareError, match="only a declaration made or laid takes cards"):
        read_deal("first 3 scores + QS JD")
    with pytest.raises(DeclareError, match="'scores' names the cards"):
        read_deal("first 3 scores")
    assert verdicts("first 56 lays KH QH") == [(False, 0, 52)]


def test_a_table_with_declarations_laid_and_not_yet_scored() -> None:
    text = "QS/b? JD/b? KS/m QS/m"
    assert read_table(text).written() == text
    both = "QS/b?+b2? JD/b?+b2? QS/b2? JD/b2?"
    assert read_table(both).written() == both
    with pytest.raises(DeclareError, match=r"the cards marked m\?, KH, make no whole marriage"):
        read_table("KH/m? QS/b")
    with pytest.raises(DeclareError, match=r"marked b2\?, QS JD, make no whole bézique"):
        read_table("QS/b2? JD/b2?")
    with pytest.raises(DeclareError, match="'x\\?' is no declaration"):
        read_table("KH/x?")


def test_declare_scores_the_one_laid_from_the_table() -> None:
    verdict = declare(read_table("QS/b? JD/b?"), read_cards("7C"), read_cards("QS JD"), "H")
    assert (verdict.allowed, verdict.points, verdict.law) == (True, 40, 45)
    assert [str(card) for card in verdict.from_table] == ["QS", "JD"]
    assert verdict.from_hand == ()
    marriage = declare(read_table("KD/m? QD/m?"), [], read_cards("KD QD"), None)
    assert (marriage.points, marriage.makes_trumps) == (40, "D")
    late = declare(read_table("KD/m? QD/m?"), [], read_cards("KD QD"), "H", trick=56)
    assert (late.allowed, late.law) == (False, 52)


def test_list_the_laid_ones_as_scorable_and_the_laws_that_lose_them() -> None:
    listing = list_declarations(read_table("KH/m? QH/m?"), read_cards("AH 10H JH 7C"), None)
    assert [
        (option.kind, option.points, option.losses, option.lost_by) for option in listing.options
    ] == [
        ("sequence", 250, (), ()),
        ("marriage", 40, (46, 47), ("sequence of hearts, trumps",)),
    ]
    row = listing.to_json()["declarations"][1]  # type: ignore[index]
    assert (row["laid"], row["laws"], row["law"]) == (True, [46, 47], 47)
    # laid bézique and double: the single is lost if the double is scored first (48)
    listing = list_declarations(read_table("QS/b? JD/b?"), read_cards("QS JD 7C"), "H")
    assert [(option.kind, option.points, option.losses) for option in listing.options] == [
        ("double bezique", 500, ()),
        ("bezique", 40, (46, 48)),
    ]
    # two laid, neither threatening the other: each only by law 46
    listing = list_declarations(read_table("KH/m? QH/m? QS/b? JD/b?"), read_cards("7C"), "S")
    assert [(option.name, option.points, option.losses) for option in listing.options] == [
        ("bézique", 40, (46,)),
        ("marriage of hearts", 20, (46,)),
    ]
