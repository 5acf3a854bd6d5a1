"""The piquet exchange: the kernel against the plain brute force, the book's odds of the
draw, hand-worked positions, ranking and ties, and bad input."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from cribcount.cards import PIQUET, Card, parse_cards
from cribcount.errors import CribcountError, HandError
from cribcount.piquet import exchange, exchange_kernel
from cribcount.piquet.declare import declare
from cribcount.piquet.exchange import (
    BY_SUIT,
    ExchangeAnalysis,
    analyse_exchange,
    reference_exchange,
)

RULES_ELDER = "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"
"""The elder's hand of the rules' first worked example."""
NO_ACES = "KH QH JH 10H KC QC JC KD QD JD KS QS"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text, PIQUET))


@pytest.fixture(scope="module")
def elder_example() -> ExchangeAnalysis:
    return analyse_exchange(RULES_ELDER, "elder")


def odds_against(against: int, for_: int) -> Fraction:
    """The chance the books mean by odds of ``against`` to ``for_`` against."""
    return Fraction(for_, against + for_)


# -- the kernel against the plain brute force -------------------------------------


def random_positions(seed: int, count: int) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(BY_SUIT, 12)) for _ in range(count)]


@pytest.mark.parametrize("rules", ["classic", "english", "rubicon"])
@pytest.mark.parametrize("role", ["elder", "younger"])
def test_kernel_matches_the_brute_force_on_small_lay_outs(rules: str, role: str) -> None:
    rng = random.Random(f"{rules} {role}")
    for hand in (tuple(rng.sample(BY_SUIT, 12)) for _ in range(2)):
        analysis = analyse_exchange(hand, role, rules)
        for size in (1, 2, 2):
            lay_out = tuple(rng.sample(hand, size))
            assert analysis.find(lay_out) == reference_exchange(hand, lay_out, rules)


@pytest.mark.parametrize("rules", ["classic", "english", "rubicon"])
def test_kernel_matches_the_brute_force_on_three_card_lay_outs(rules: str) -> None:
    (hand,) = random_positions(7, 1)
    analysis = analyse_exchange(hand, "elder", rules)
    lay_out = hand[3:6]
    assert analysis.find(lay_out) == reference_exchange(hand, lay_out, rules)


def test_kernel_matches_the_brute_force_taking_five() -> None:
    (hand,) = random_positions(17, 1)
    analysis = analyse_exchange(hand, "elder", "english")
    lay_out = hand[-5:]
    assert analysis.find(lay_out) == reference_exchange(hand, lay_out, "english")


def test_kernel_matches_the_brute_force_taking_four_cards_the_elder_left() -> None:
    (hand,) = random_positions(11, 1)
    analysis = analyse_exchange(hand, "younger", "classic", left=1)
    lay_out = hand[:4]
    assert analysis.find(lay_out) == reference_exchange(hand, lay_out, "classic")


def test_draws_are_every_set_of_the_unseen_cards_once() -> None:
    bits = np.array(sorted(random.Random(3).sample(range(32), 20)), np.int64)
    for size in range(1, 8):
        expected = [sum(1 << int(bit) for bit in chosen) for chosen in combinations(bits, size)]
        assert exchange_kernel.draw_masks(bits, size).tolist() == expected


def test_a_suit_byte_holds_the_suits_cards_seven_low() -> None:
    rng = random.Random(8)
    for _ in range(200):
        cards = rng.sample(PIQUET.cards, rng.randrange(33))
        mask = PIQUET.mask(cards)
        for suit_index, suit in enumerate("SHDC"):
            ranks = {PIQUET.ranks.index(card.rank) for card in cards if card.suit == suit}
            assert exchange_kernel.suit_byte(mask, suit_index) == sum(1 << i for i in ranks)


def test_opponent_bests_are_what_declare_finds_in_the_unseen_cards() -> None:
    for rules in ("classic", "english", "rubicon"):
        tables = exchange.suit_tables(rules)
        for hand in random_positions(5, 3):
            unseen = [card for card in BY_SUIT if card not in hand]
            ids = np.array([PIQUET.id(card) for card in unseen], np.int64)
            draws = exchange_kernel.draw_masks(ids, 2)[::37]
            point, run, sets = exchange_kernel.opponent_bests(
                PIQUET.mask(unseen),
                draws,
                tables.point_key,
                tables.run_code,
                tables.spread,
                tables.set_code,
            )
            for row, mask in enumerate(draws.tolist()):
                left = [card for card in unseen if not mask >> PIQUET.id(card) & 1]
                theirs = declare(left, rules)
                assert theirs.point is not None
                assert point[row] == exchange.strength_code(theirs.point.strength)
                best_run = theirs.sequences[0].strength if theirs.sequences else ()
                assert run[row] == exchange.strength_code(best_run)
                best_set = theirs.sets[0].strength if theirs.sets else ()
                assert sets[row] == exchange.strength_code(best_set)


@pytest.mark.parametrize("rules", ["classic", "english", "rubicon"])
def test_the_opponents_best_in_all_the_unseen_cards_is_one_he_can_hold_in_twelve(
    rules: str,
) -> None:
    # After the elder takes five, 15 cards are unseen and the younger holds 12 of
    # them: his best in every category over every such 12 is the best of all 15.
    for hand in random_positions(13, 2):
        unseen = tuple(card for card in BY_SUIT if card not in hand)[:15]
        whole = declare(unseen, rules)
        for category in ("point", "sequence", "sets"):
            held = [declare(twelve, rules).of(category) for twelve in combinations(unseen, 12)]
            best = max((decls[0].strength for decls in held if decls), default=None)
            assert best == (whole.of(category)[0].strength if whole.of(category) else None)


def test_every_exchange_counts_every_draw(elder_example: ExchangeAnalysis) -> None:
    assert len(elder_example.options) == 12 + 66 + 220 + 495 + 792 == 1585
    for option in elder_example.options:
        assert option.draws == comb(20, option.taken)
        assert sum(option.good_counts) == option.draws
        assert len(option.lay_out) + len(option.keep) == 12
    drawn = sum(option.draws for option in elder_example.options)
    assert drawn == sum(comb(12, k) * comb(20, k) for k in range(1, 6)) == 14_941_023


@pytest.mark.parametrize(("left", "count"), [(0, 298), (1, 793), (4, 3301)])
def test_the_younger_lays_out_up_to_three_and_what_the_elder_left(left: int, count: int) -> None:
    assert exchange.exchanges_count("younger", left) == count
    if left < 4:
        analysis = analyse_exchange(RULES_ELDER, "younger", left=left)
        assert len(analysis.options) == count
        assert max(option.taken for option in analysis.options) == 3 + left


# -- the odds of the draw, as the books give them -------------------------------------


@pytest.mark.parametrize(
    ("named", "against", "for_"),
    [("AS", 3, 1), ("AS AH", 18, 1), ("AS AH AD", 113, 1), ("AS AH AD AC", 968, 1)],
)
def test_taking_five_of_twenty(named: str, against: int, for_: int) -> None:
    analysis = analyse_exchange(NO_ACES, "elder")
    five = next(option for option in analysis.options if option.taken == 5)
    taking = analysis.draws_taking(cards(named), 5)
    assert Fraction(taking, five.draws) == odds_against(against, for_)


@pytest.mark.parametrize(
    ("named", "chance"),
    # a named card 17 to 3 against; two about 62 to 1 (187 to 3); three 1139 to 1
    [("AS", odds_against(17, 3)), ("AS AH", odds_against(187, 3)), ("AS AH AD", Fraction(1, 1140))],
)
def test_taking_three_of_twenty(named: str, chance: Fraction) -> None:
    analysis = analyse_exchange(NO_ACES, "younger")
    three = next(option for option in analysis.options if option.taken == 3)
    assert Fraction(analysis.draws_taking(cards(named), 3), three.draws) == chance


def test_taking_the_one_card_that_makes_repic(elder_example: ExchangeAnalysis) -> None:
    # Laying out the 7D, the elder reaches 30 with the fourth king or queen: 2 of 20.
    option = elder_example.find(cards("7D"))
    both = elder_example.draws_taking(cards("KS"), 1) + elder_example.draws_taking(cards("QS"), 1)
    assert option.exact_repic == Fraction(both, option.draws) == Fraction(2, 20)


# -- hand-worked positions --------------------------------------------------------------


def test_the_rules_elder_laying_out_the_seven_of_diamonds(elder_example: ExchangeAnalysis) -> None:
    # Kept: AH KH QH JH, AC KC QC, AD KD QD, AS: point 4 (41), quatrième and two
    # tierces 10, quatorze of aces and trios of kings and queens 20: 34 as held.
    # One card of the 20 unseen (10H-7H, JC-7C, JD-8D, KS-7S) comes in:
    # 10H makes a quinte and a point of 5 (46); 9H 8H 7H a point of 5 (35); JC or
    # JD a quatrième (35); KS or QS a quatorze (45); the other twelve nothing (34).
    option = elder_example.find(cards("7D"))
    assert option.keep == cards("AH KH QH JH AC KC QC AD KD QD AS")
    assert option.draws == 20
    assert {v: n for v, n in enumerate(option.held_counts) if n} == {34: 12, 35: 5, 45: 2, 46: 1}
    assert option.exact_held == Fraction(34 * 12 + 35 * 5 + 45 * 2 + 46, 20)
    # The quatorze of aces is always good: 20 in sets, 31 with the fourth king or
    # queen. The point never is: the unseen spades hold 57 pips or more. Nor the
    # sequences: the unseen spades keep a sixième or better unless a spade from the
    # ten down comes in, and then the unseen clubs hold a quinte to the jack.
    assert {v: n for v, n in enumerate(option.good_counts) if n} == {20: 18, 31: 2}
    assert option.exact_good == Fraction(20 * 18 + 31 * 2, 20)
    assert option.category_chance("point") == option.category_chance("sequence") == 0
    assert option.category_chance("sets") == 1
    assert option.category_good("sets") == option.exact_good
    assert elder_example.carte_blanche is None


SEVEN_HEARTS = "AH KH QH JH 10H 9H 8H"


@pytest.mark.parametrize(
    ("rules", "mean"),
    [("classic", Fraction(29, 4)), ("rubicon", Fraction(29, 4)), ("english", Fraction(7))],
)
def test_a_point_surely_good_once_every_other_ace_is_laid_out(rules: str, mean: Fraction) -> None:
    # Seven hearts to the ace (68 pips). With AS AD AC laid out, no other suit
    # can hold more than its K Q J 10 9 8 7 (64): the point is good in every
    # draw, seven cards, or eight when the 7H comes in (1 in 4). Under english
    # rules both score 7: the eight hold the 7, 8 and 9.
    hand = cards(f"{SEVEN_HEARTS} AS AD AC 7S 7D")
    option = analyse_exchange(hand, "elder", rules).find(cards("AS AD AC 7S 7D"))
    assert option.category_chance("point") == 1
    assert option.category_good("point") == mean


@pytest.mark.parametrize("rules", ["classic", "english", "rubicon"])
def test_a_point_good_unless_the_unseen_clubs_hold_their_ace_and_too_much(rules: str) -> None:
    # As above, but the ace of clubs is unseen. Unseen: 7H, the eight clubs,
    # KS-9S, KD-8D. Spades (49) and diamonds (57) cannot reach the hearts; the
    # clubs (75, less the clubs taken) can: without the 7H (68 pips) when no
    # club comes in, or the 7C alone, C(11,5) + C(11,4) draws; with the 7H (75)
    # when no club comes in, C(11,4). Under rubicon rules the same: eight clubs
    # outnumber seven hearts, seven clubs with their ace outweigh them, and
    # eight equal eight.
    hand = cards(f"{SEVEN_HEARTS} AS AD 7S 7D 8S")
    option = analyse_exchange(hand, "elder", rules).find(cards("AS AD 7S 7D 8S"))
    bad = comb(11, 5) + comb(11, 4) + comb(11, 4)
    assert option.category_chance("point") == Fraction(comb(20, 5) - bad, comb(20, 5))


CARTE_BLANCHE = "AS AH AD AC 10S 10H 10D 10C 9S 9H 9D 9C"


def test_carte_blanche_is_the_dealt_hands_and_counts_first_toward_repic() -> None:
    # Laying out the 9C, one of K Q J (12), 8 (4), 7 (4) comes in. As held:
    # quatorzes of aces and tens 28; a point of 3 (A 10 9 in three suits, 30),
    # 4 with a spade, heart or diamond K, Q, J, 8 or 7 (but A 10 8 or A 10 7 of
    # clubs falls short, and a club court makes 31 of three cards); a tierce with
    # an 8 or a J of the suits holding the 9. So 35 six times (8 or J of S H D),
    # 32 nine times (K, Q or 7 of S H D), 31 five times (a club): carte
    # blanche is not counted after the exchange.
    analysis = analyse_exchange(CARTE_BLANCHE, "elder")
    assert analysis.carte_blanche is not None and analysis.carte_blanche.points == 10
    option = analysis.find(cards("9C"))
    assert {v: n for v, n in enumerate(option.held_counts) if n} == {31: 5, 32: 9, 35: 6}
    # Good: the quatorze of aces always (28); the point never (an unseen K Q J 8 7
    # of another suit has 45 pips), nor the tierce (an unseen tierce to the king).
    assert {v: n for v, n in enumerate(option.good_counts) if n} == {28: 20}
    # 10 for carte blanche and 28 make repic in every draw.
    assert option.carte_blanche == 10
    assert option.exact_repic == 1


def test_the_same_cards_kept_without_carte_blanche_make_no_repic() -> None:
    # The KC dealt instead of the 9C: no carte blanche. Laying it out keeps the
    # same cards, and the quatorze of aces alone is good, 28 in every draw (the
    # 9C among the unseen makes a point of 3 in clubs): short of 30.
    analysis = analyse_exchange(CARTE_BLANCHE.replace("9C", "KC"), "elder")
    assert analysis.carte_blanche is None
    option = analysis.find(cards("KC"))
    assert {v: n for v, n in enumerate(option.good_counts) if n} == {28: 20}
    assert option.exact_repic == 0


# -- ranking, ties, top --------------------------------------------------------------


def test_best_first_by_good_then_held_then_repic_then_fewer_cards() -> None:
    analysis = analyse_exchange(RULES_ELDER, "younger")
    keys = [
        (-option.exact_good, -option.exact_held, -option.exact_repic, option.taken)
        for option in analysis.options
    ]
    assert keys == sorted(keys)
    # Two exchanges of equal means: the greater repic chance comes first.
    khjh, qhjh = (analysis.find(cards(lay_out)) for lay_out in ("KH JH 7D", "QH JH 7D"))
    assert (khjh.exact_good, khjh.exact_held) == (qhjh.exact_good, qhjh.exact_held)
    assert khjh.exact_repic > qhjh.exact_repic
    assert analysis.options.index(khjh) + 1 == analysis.options.index(qhjh)


def test_ties_keep_a_place_whole_and_the_dealt_order() -> None:
    # The four suits are alike: laying out any one nine ties, in the dealt order.
    analysis = analyse_exchange(CARTE_BLANCHE, "elder")
    places = analysis.places()
    nines = [analysis.find(cards(nine)) for nine in ("9S", "9H", "9D", "9C")]
    positions = [analysis.options.index(option) for option in nines]
    assert positions == sorted(positions)
    place, tied = places[positions[0]]
    assert tied
    group = [i for i, other in enumerate(places) if other[0] == place]
    assert set(positions) <= set(group)
    assert group == list(range(place - 1, place - 1 + len(group)))
    assert analysis.top(place) == analysis.options[: group[-1] + 1]
    assert analysis.top(None) == analysis.options


def test_top_of_more_than_there_are_gives_all() -> None:
    analysis = analyse_exchange(CARTE_BLANCHE, "younger")
    assert analysis.top(10_000) == analysis.options


# -- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: analyse_exchange("AH KH QH"), "has 3 cards: expected 12"),
        (lambda: analyse_exchange(RULES_ELDER, "dealer"), "unknown role 'dealer'"),
        (lambda: analyse_exchange(RULES_ELDER, "elder", "imperial"), "unknown rules"),
        (lambda: analyse_exchange(RULES_ELDER, "elder", left=1), "only the younger"),
        (lambda: analyse_exchange(RULES_ELDER, "younger", left=5), "0 to 4 of his 5"),
        (lambda: analyse_exchange(RULES_ELDER, "younger", left=-1), "0 to 4 of his 5"),
        (
            lambda: analyse_exchange((*cards(RULES_ELDER)[:11], Card(1, "H"))),
            "card 'AH' is twice in the hand",
        ),
        (lambda: analyse_exchange((*cards(RULES_ELDER)[:11], Card(6, "S"))), "32-card"),
    ],
)
def test_bad_positions(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(CribcountError, match=message):
        call()


@pytest.mark.parametrize(
    ("role", "left", "lay_out", "message"),
    [
        ("elder", 0, "AH KH QH JH AC KC", "has 6 cards: the elder lays out 1 to 5"),
        ("younger", 0, "AH KH QH JH", "has 4 cards: the younger lays out 1 to 3"),
        ("younger", 2, "AH KH QH JH AC KC", "1 to 3 and the 2 the elder left"),
        ("elder", 0, "AH 9S", "card '9S' of the lay-out 'AH 9S' is not in the hand"),
        ("elder", 0, "", r"^no lay-out: the elder lays out 1 to 5$"),
        (
            "younger",
            0,
            "",
            r"^no lay-out: the younger lays out 1 to 3 under classic rules \(english rules let",
        ),
        ("elder", 0, "AH AH", "duplicate card 'AH'"),
    ],
)
def test_bad_lay_outs(role: str, left: int, lay_out: str, message: str) -> None:
    hand = cards(RULES_ELDER)
    with pytest.raises(HandError, match=message):
        exchange.read_lay_out(lay_out, hand, role, left)


def test_a_card_twice_in_a_lay_out_is_named() -> None:
    # the reader refuses a duplicate token; the library check names the card too
    ace = Card(1, "H")
    with pytest.raises(HandError, match=r"^card 'AH' is twice in the lay-out 'AH AH': each card"):
        exchange.check_lay_out(cards(RULES_ELDER), [ace, ace], "elder")


def test_only_unseen_cards_are_taken(elder_example: ExchangeAnalysis) -> None:
    with pytest.raises(HandError, match="only unseen cards are taken"):
        elder_example.draws_taking(cards("AH"), 1)
    with pytest.raises(HandError, match="the elder takes 1 to 5"):
        elder_example.draws_taking(cards("KS"), 6)


def test_json_gives_every_option_and_the_counts_of_the_one_detailed(
    elder_example: ExchangeAnalysis,
) -> None:
    data = elder_example.to_json()
    assert (data["game"], data["title"], data["rules"], data["role"]) == (
        "au cent",
        "Piquet au cent",
        "classic",
        "elder",
    )
    # every lay-out of 1 to 5 of the 12 cards
    options = data["options"]
    assert isinstance(options, list) and len(options) == 12 + 66 + 220 + 495 + 792
    assert not any("good_counts" in option for option in options)
    best = elder_example.options[0]
    detailed = elder_example.to_json((best,), best)["options"]
    assert isinstance(detailed, list) and len(detailed) == 1
    assert detailed[0]["place"] == 1
    assert sum(detailed[0]["good_counts"].values()) == detailed[0]["draws"]


def test_unknown_category(elder_example: ExchangeAnalysis) -> None:
    with pytest.raises(HandError, match="unknown category 'carte_blanche'"):
        elder_example.options[0].category_chance("carte_blanche")


# -- standing pat --------------------------------------------------------------------

STANDS_PAT = "AH KH QH JH 10H 9H AC KC QC AD AS KS"


def test_the_younger_may_stand_pat_under_english_rules_only() -> None:
    # 1 + 12 + 66 + 220 lay-outs of 0 to 3 cards under english rules; 1 to 3 otherwise
    english = analyse_exchange(STANDS_PAT, "younger", "english")
    assert (
        len(english.options)
        == 1 + 12 + 66 + 220
        == exchange.exchanges_count("younger", 0, "english")
    )
    assert (english.least, english.most) == (0, 3)
    for rules in ("classic", "rubicon"):
        analysis = analyse_exchange(STANDS_PAT, "younger", rules)
        assert len(analysis.options) == 12 + 66 + 220
        assert all(option.taken for option in analysis.options)
        with pytest.raises(HandError, match="english rules let him stand pat"):
            exchange.read_lay_out("", cards(STANDS_PAT), "younger", 0, rules)
    # the elder takes at least one whatever the rules
    elder = analyse_exchange(STANDS_PAT, "elder", "english")
    assert all(option.taken for option in elder.options)


def test_standing_pat_is_one_case_worked_by_hand() -> None:
    # Held: point 6 (hearts, 60 pips; no 7, 8 and 9 in it), the sixième to the ace 16
    # and the tierce to the ace in clubs 3, the quatorze of aces 14 and three kings 3: 42.
    # Against the cards: the 20 unseen cards hold the seven diamonds K Q J 10 9 8 7, a
    # point of 64 pips and a septième, which beat his point and his sixième; but no
    # quatorze, so his sets are good: 17. No carte blanche, and 17 is short of repic.
    analysis = analyse_exchange(STANDS_PAT, "younger", "english")
    option = analysis.find(())
    assert (option.lay_out, option.keep) == ((), cards(STANDS_PAT))
    assert option.draws == 1
    assert (option.exact_held, option.exact_good, option.exact_repic) == (42, 17, 0)
    assert option.good_draws == (0, 0, 1)
    assert option.good_points == (0, 0, 17)
    assert option == reference_exchange(cards(STANDS_PAT), (), "english")
    assert exchange.read_lay_out(" ", cards(STANDS_PAT), "younger", 0, "english") == ()
    data = analysis.to_json((option,), option)
    assert data["options"] == [
        {
            "place": analysis.places()[analysis.options.index(option)][0],
            "tied": False,
            "lay_out": [],
            "keep": STANDS_PAT.split(),
            "draws": 1,
            "held": 42.0,
            "good": 17.0,
            "repic_chance": 0.0,
            "held_total": 42,
            "good_total": 17,
            "repic_draws": 0,
            "categories": [
                {"category": "point", "chance": 0.0, "points_per_draw": 0.0},
                {"category": "sequence", "chance": 0.0, "points_per_draw": 0.0},
                {"category": "sets", "chance": 1.0, "points_per_draw": 17.0},
            ],
            "good_counts": {"17": 1},
            "held_counts": {"42": 1},
        }
    ]


def test_rubicon_rules_name_the_rubicon_game() -> None:
    data = analyse_exchange(STANDS_PAT, "elder", "rubicon").to_json(())
    assert (data["game"], data["title"], data["rules"]) == ("rubicon", "Rubicon Piquet", "rubicon")
