"""The lay-out advisor against a slow enumeration built on the plain reference scorer."""

import random
from dataclasses import fields
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from reference import show

from cribcount.cards import Card, parse_cards
from cribcount.cribbage.discard import (
    LayOut,
    analyse_discard,
    analyses_json,
    best_lay_outs,
    best_lay_outs_many,
    check_dealt,
)
from cribcount.cribbage.forms import FORMS
from cribcount.errors import CribcountError, HandError, NotationError

DECK = [Card.from_id(i) for i in range(52)]
SEED_HAND = "6C 7S 8S 8H 9S 10C"


def expected_hand(dealt: list[Card], discard: tuple[Card, ...]) -> Fraction:
    """The kept cards' mean show over every starter not in the dealt hand."""
    unseen = [card for card in DECK if card not in dealt]
    keep = [card for card in dealt if card not in discard]
    return Fraction(sum(show(keep, starter) for starter in unseen), len(unseen))


def expected_crib(dealt: list[Card], discard: tuple[Card, ...]) -> Fraction:
    """The crib's mean show over every filling from the unseen cards and every starter."""
    unseen = [card for card in DECK if card not in dealt]
    total = cases = 0
    for filling in combinations(unseen, 4 - len(discard)):
        crib = [*discard, *filling]
        for starter in unseen:
            if starter not in filling:
                total += show(crib, starter, crib=True)
                cases += 1
    return Fraction(total, cases)


# (game, dealt, lay-outs whose crib is enumerated in full); every lay-out's hand is checked
CASES = [
    # every lay-out of the seed's hand, as the discard table shows them
    ("six", SEED_HAND, [f"{a} {b}" for a, b in combinations(SEED_HAND.split(), 2)]),
    ("six", "5H 5S JH JD QH KH", ["JH KH", "5H 5S"]),
    ("six", "AD 2D 4D 7D 9D KD", ["AD KD"]),
    ("five", "AH 3H 7H 9H KH", ["9H KH"]),
    ("five", "2C 5D 5C JC QS", ["5D JC", "2C QS"]),
    ("seven", "4S 5S 6S JS 2D 3D 9C", ["2D 9C", "JS 6S"]),
    ("seven", "AC 2C 3C 4C 5C 6C 7C", ["6C 7C"]),
    ("three", "JS 5H 5D 10C KS", ["JS"]),
    ("three", "AH 2H 3H 4H 8C", ["4H"]),  # a crib flush needs three unseen hearts and a fourth
    ("four", "AS 2H 3D 4C JC", ["JC"]),
    ("four", "7H 8H 7D 8D QS", ["8D"]),
]


@pytest.mark.parametrize(("game", "dealt", "full"), CASES)
def test_expectations_equal_brute_force(game: str, dealt: str, full: list[str]) -> None:
    cards = parse_cards(dealt)
    analysis = analyse_discard(cards, game)
    assert len(analysis.options) == comb(FORMS[game].dealt, FORMS[game].kept)
    for option in analysis.options:
        hand = expected_hand(cards, option.discard)
        assert option.exact_hand == hand, option.discard
        assert option.expected_hand == pytest.approx(float(hand), abs=1e-9)
    for laid_out in full:
        option = analysis.find(parse_cards(laid_out))
        crib = expected_crib(cards, option.discard)
        assert option.exact_crib == crib, laid_out
        assert option.expected_crib == pytest.approx(float(crib), abs=1e-9)
        hand = option.exact_hand
        assert option.net(True) == pytest.approx(float(hand + crib), abs=1e-9)
        assert option.net(False) == pytest.approx(float(hand - crib), abs=1e-9)


def test_the_seeds_laying_out_example_for_the_non_dealer() -> None:
    analysis = analyse_discard(SEED_HAND, dealer=False)
    first, second = analysis.options[:2]
    assert [str(card) for card in first.discard] == ["6C", "10C"]
    assert [str(card) for card in second.discard] == ["9S", "10C"]
    # 10-9 keeps the better hand, yet 10-6 gives the opponent the worse crib
    assert second.exact_hand > first.exact_hand
    assert first.exact_net(False) > second.exact_net(False)
    assert analysis.best(False) == (first,)


def test_the_seeds_laying_out_example_for_the_dealer() -> None:
    analysis = analyse_discard(SEED_HAND, dealer=True)
    assert [str(card) for card in analysis.options[0].discard] == ["9S", "10C"]
    assert analysis.best(True) == (analysis.options[0],)


@pytest.mark.parametrize(
    ("laid_out", "worth"),
    [
        # "If he puts the two Eights in his adversary's crib ... nothing but 2 points
        # for a single fifteen, formed by the 9 and 6"
        ("8S 8H", 2),
        # "discard the 8 and 6, leaving himself a sequence of four cards and a fifteen, 6"
        ("8S 6C", 6),
        # "discarding the 10 and 8, leaving himself a run of four, and two fifteens, 8"
        ("8H 10C", 8),
        # "either the 10 and 9, or the 10 and 6 ... a double run of three, a pair, and
        # two fifteens, 12 altogether"
        ("9S 10C", 12),
        ("6C 10C", 12),
    ],
)
def test_the_seeds_kept_hands_before_the_starter(laid_out: str, worth: int) -> None:
    # a starter never takes points away, and some starter adds none to each of these
    option = analyse_discard(SEED_HAND).find(parse_cards(laid_out))
    assert option.hand_min == worth


def test_the_seeds_two_best_lay_outs_exactly() -> None:
    # enumerated by the plain reference: 46 starters, 45,540 crib cases
    analysis = analyse_discard(SEED_HAND)
    ten_six = analysis.find(parse_cards("6C 10C"))
    ten_nine = analysis.find(parse_cards("9S 10C"))
    assert (ten_six.hand_total, ten_six.crib_total) == (648, 174873)
    assert (ten_nine.hand_total, ten_nine.crib_total) == (674, 211698)
    assert ten_six.exact_net(False) == Fraction(648, 46) - Fraction(174873, 45540)
    assert ten_nine.exact_net(True) == Fraction(674, 46) + Fraction(211698, 45540)


def test_equal_lay_outs_share_their_place() -> None:
    analysis = analyse_discard(SEED_HAND, dealer=False)
    places = dict(zip(analysis.options, analysis.places(), strict=True))
    eight_spade = analysis.find(parse_cards("8S 10C"))
    eight_heart = analysis.find(parse_cards("8H 10C"))
    # the two eights are alike: neither can make a flush with the ten of clubs
    assert places[eight_spade] == places[eight_heart] == (3, True)
    assert places[analysis.options[0]] == (1, False)


def test_hand_expectation_worked_by_hand() -> None:
    # five-card, keep 5H 5S 5C: every starter adds fifteens and pairs; 47 starters.
    # a ten-card (16 unseen): three fifteens 5+10 and 5+5+5 8, pair royal 6: 14
    # the fourth five (1): four fifteens 5+5+5 8, double pair royal 12: 20
    # any other card (47 - 17 = 30): 5+5+5 2, pair royal 6: 8
    option = analyse_discard("5H 5S 5C 2D 9C", "five").find(parse_cards("2D 9C"))
    assert option.exact_hand == Fraction(16 * 14 + 20 + 30 * 8, 47)
    assert option.hand_counts[14] == 16
    assert option.hand_counts[20] == 1
    assert (option.hand_min, option.hand_max) == (8, 20)


@pytest.mark.parametrize(
    ("game", "dealt", "starters", "fillings"),
    [
        ("five", "JS 2H 4D 6C 8H", 47, comb(47, 2) * 45),  # the opponent's two, then a starter
        ("six", SEED_HAND, 46, comb(46, 2) * 44),
        ("seven", "JS 2H 4D 6C 8H 9S KD", 45, comb(45, 2) * 43),
        ("three", "JS 2H 4D 6C 8H", 47, comb(47, 3) * 44),  # two players' cards and the pack's
        ("four", "JS 2H 4D 6C 8H", 47, comb(47, 3) * 44),  # the other three players' cards
    ],
)
def test_cases_are_counted_as_defined(game: str, dealt: str, starters: int, fillings: int) -> None:
    for option in analyse_discard(dealt, game).options:
        assert (option.starters, option.fillings) == (starters, fillings)


@pytest.mark.parametrize(
    ("dealt", "game", "error", "message"),
    [
        (
            "6C 7S 8S 8H 9S",
            "six",
            HandError,
            "5 cards in '6C 7S 8S 8H 9S': six-card cribbage deals 6",
        ),
        ("6C 7S 8S 8H 9S", "seven", HandError, "seven-card cribbage deals 7"),
        ("6C 7S 8S 8H 9S 10C", "three", HandError, "three-handed cribbage deals 5"),
        ("6C 7S 8S 8H 9S 10C", "nine", HandError, "unknown game 'nine'"),
        ("6C 7S 8S 8H 9S 6C", "six", HandError, "duplicate card '6C'"),
        ("6C 7S 8S 8H 9S 1C", "six", NotationError, "invalid card '1C'"),
    ],
)
def test_bad_input(dealt: str, game: str, error: type[CribcountError], message: str) -> None:
    with pytest.raises(error, match=message):
        analyse_discard(dealt, game)


def test_unknown_lay_out() -> None:
    with pytest.raises(HandError, match="no lay-out 'KD'"):
        analyse_discard(SEED_HAND).find([Card.parse("KD")])


def mirrored(deal: random.Random, size: int) -> list[Card]:
    """A hand holding the spade and heart of one rank and no other spade or heart.

    Swapping spades and hearts leaves it whole and maps a lay-out of one of
    the two onto the same lay-out of the other, so such lay-outs tie.
    """
    rank = deal.randrange(1, 14)
    others = [card for card in DECK if card.suit in "DC"]
    return [Card(rank, "S"), Card(rank, "H"), *deal.sample(others, size - 2)]


@pytest.mark.parametrize("game", list(FORMS))
def test_best_lay_outs_are_the_analysis_best(game: str) -> None:
    deal = random.Random(f"best-{game}")
    size = FORMS[game].dealt
    hands = [deal.sample(DECK, size) for _ in range(300)]
    hands += [mirrored(deal, size) for _ in range(100)]
    fast = best_lay_outs_many(hands, game)
    assert len(fast) == len(hands)
    ties = 0
    for number, (dealt, best) in enumerate(zip(hands, fast, strict=True)):
        # every role's order agrees on the best lay-outs: try each on some hands
        analysis = analyse_discard(dealt, game, [None, True, False][number % 3])
        assert best.dealt == analysis.dealt
        assert best.game == game
        for dealer in (True, False):
            options = analysis.best(dealer)
            assert best.best(dealer) == tuple(option.discard for option in options)
            assert best.exact_net(dealer) == options[0].exact_net(dealer)
            assert best.net(dealer) == options[0].net(dealer)
            ties += len(options) > 1
    assert ties  # the order of equal lay-outs was tried


def test_best_lay_outs_of_the_seed_hand() -> None:
    # the rules' example; the totals as enumerated by the plain reference above
    best = best_lay_outs(parse_cards(SEED_HAND))
    assert best.dealt == tuple(parse_cards("6C 7S 8S 8H 9S 10C"))
    assert best.pone == (tuple(parse_cards("6C 10C")),)
    assert best.dealer == (tuple(parse_cards("9S 10C")),)
    assert best.exact_net(False) == Fraction(648, 46) - Fraction(174873, 45540)
    assert best.exact_net(True) == Fraction(674, 46) + Fraction(211698, 45540)
    assert best.cases == 46 * 45540
    assert best.net_total(True) == 674 * 45540 + 211698 * 46


def test_best_lay_outs_take_the_cards_in_any_order() -> None:
    shuffled = parse_cards("10C 8H 6C 9S 7S 8S")
    assert best_lay_outs(shuffled) == best_lay_outs(parse_cards(SEED_HAND))
    assert best_lay_outs_many([], "six") == []


# Swapping spades and hearts leaves this hand whole (5S and 5H are its only
# spade and heart) and turns laying out 5S with a card into laying out 5H with
# it: the two lay-outs score alike in every case, so they always share a place.
MIRRORED = "5S 5H 2D 9C JC KC"
TWINS = [(f"5S {other}", f"5H {other}") for other in ("2D", "9C", "JC", "KC")]


def swap_spades_and_hearts(cards: tuple[Card, ...]) -> frozenset[Card]:
    return frozenset(
        Card(card.rank, {"S": "H", "H": "S"}.get(card.suit, card.suit)) for card in cards
    )


def test_best_lay_outs_with_ties_by_symmetry() -> None:
    # the best lay-outs come in such twins (or lay out both fives, or neither)
    best = best_lay_outs(parse_cards(MIRRORED))
    for dealer in (True, False):
        lay_outs = {frozenset(lay_out) for lay_out in best.best(dealer)}
        assert {swap_spades_and_hearts(tuple(lay_out)) for lay_out in lay_outs} == lay_outs


@pytest.mark.parametrize(
    ("dealt", "game", "message"),
    [
        ("6C 7S 8S 8H 9S", "six", "5 cards in '6C 7S 8S 8H 9S': six-card cribbage deals 6"),
        ("6C 7S 8S 8H 9S 10C", "three", "three-handed cribbage deals 5"),
        ("6C 7S 8S 8H 9S 10C", "nine", "unknown game 'nine'"),
    ],
)
def test_best_lay_outs_refuse_a_bad_hand(dealt: str, game: str, message: str) -> None:
    cards = parse_cards(dealt)
    with pytest.raises(HandError, match=message):
        check_dealt(cards, game)
    good = DECK[: FORMS[game].dealt] if game in FORMS else DECK[:6]
    with pytest.raises(HandError, match=message):
        best_lay_outs_many([good, cards], game)


def test_a_duplicate_card_is_refused() -> None:
    cards = [*parse_cards("6C 7S 8S 8H 9S"), Card.parse("6C")]
    with pytest.raises(HandError, match="duplicate card"):
        best_lay_outs(cards)
    with pytest.raises(HandError, match="duplicate card"):
        analyse_discard(cards)


def test_check_dealt_puts_the_cards_in_card_order() -> None:
    assert check_dealt(parse_cards("KD 10C AS 5H 5S 2C")) == tuple(
        parse_cards("AS 2C 5S 5H 10C KD")
    )


@pytest.mark.parametrize("dealer", [None, True, False])
def test_top_keeps_tied_places_whole(dealer: bool | None) -> None:
    analysis = analyse_discard(MIRRORED, dealer=dealer)
    options = analysis.options
    assert analysis.top() == analysis.top(None) == options
    assert analysis.top(len(options)) == analysis.top(99) == options
    for spade, heart in TWINS:
        twins = [analysis.find(parse_cards(lay_out)) for lay_out in (spade, heart)]
        assert twins[0].hand_total == twins[1].hand_total
        assert twins[0].crib_total == twins[1].crib_total
        # cutting after the first of the two takes the other too
        first = min(options.index(twin) for twin in twins)
        top = analysis.top(first + 1)
        assert top[: first + 1] == options[: first + 1]
        assert set(twins) <= set(top)
    for n in range(1, len(options) + 1):
        top = analysis.top(n)
        assert top == options[: len(top)]
        assert len(top) >= n
        for spade, heart in TWINS:
            twins = {analysis.find(parse_cards(spade)), analysis.find(parse_cards(heart))}
            assert len(twins & set(top)) in (0, 2)
        places = analysis.places()
        # no option left out shares the last place shown
        if len(top) < len(options):
            assert places[len(top)][0] > places[len(top) - 1][0]


def test_top_needs_one_or_more() -> None:
    with pytest.raises(CribcountError, match="top 0: expected a number of lay-outs of 1 or more"):
        analyse_discard(SEED_HAND).top(0)


def test_lay_outs_are_plain_values() -> None:
    option = analyse_discard(SEED_HAND).options[0]
    rebuilt = LayOut(
        **{field.name: getattr(option, field.name) for field in fields(option) if field.init}
    )
    assert rebuilt == option
    assert hash(rebuilt) == hash(option)
    assert repr(rebuilt) == repr(option)


# -- the results as data, and the form resolved once --------------------------------


def test_analysis_json_is_the_library_s_own() -> None:
    """The analysis writes its JSON: the options with their places, the crib and the net
    keyed by role, against random lay-outs the exact totals (648 = 46 starters' shows of
    7S 8S 8H 9S, so 14.087 each)."""
    result = analyse_discard(SEED_HAND, dealer=False)
    data = result.to_json(result.top(1))
    assert (data["game"], data["role"], data["opponent"]) == ("six", "pone", "random")
    assert (data["starters"], data["fillings"]) == (46, comb(46, 2) * 44)
    (first,) = data["options"]
    assert (first["place"], first["tied"], first["lay_out"]) == (1, False, ["6C", "10C"])
    assert first["hand_total"] == 648
    hand, crib = Fraction(648, 46), Fraction(first["crib_total"], comb(46, 2) * 44)
    assert first["net"] == {"dealer": float(hand + crib), "pone": float(hand - crib)}
    assert "hand_counts" not in first
    assert data["best"] == {"dealer": [["9S", "10C"]], "pone": [["6C", "10C"]]}
    detailed = result.to_json((result.options[0],), result.options[0])["options"][0]
    assert sum(detailed["hand_counts"].values()) == 46


def test_best_lay_outs_json_keys_the_net_by_role() -> None:
    best = best_lay_outs(parse_cards(SEED_HAND))
    analysis = analyse_discard(SEED_HAND)
    assert best.to_json() == {
        "game": "six",
        "hand": ["6C", "7S", "8S", "8H", "9S", "10C"],
        "best": {"dealer": [["9S", "10C"]], "pone": [["6C", "10C"]]},
        "net": {
            "dealer": analysis.best(True)[0].net(True),
            "pone": analysis.best(False)[0].net(False),
        },
    }


def test_a_form_is_resolved_once_and_travels(monkeypatch: pytest.MonkeyPatch) -> None:
    """``analyse_discard`` looks its game's name up once; given the form, not at all."""
    from cribcount.cribbage import discard, forms

    names: list[str] = []

    def counting(game: str | forms.Form) -> forms.Form:
        if isinstance(game, str):
            names.append(game)
        return forms.find_form(game)

    monkeypatch.setattr(discard, "find_form", counting)
    by_name = analyse_discard(SEED_HAND, "six", dealer=True)
    assert names == ["six"]
    by_form = analyse_discard(SEED_HAND, FORMS["six"], dealer=True)
    assert names == ["six"]
    assert by_name == by_form
    best_lay_outs_many([parse_cards(SEED_HAND)] * 3, "six")
    assert names == ["six", "six"]


# -- batches in JSON: many hands at once, the same data as one analysis each ---------------


@pytest.mark.parametrize("game", list(FORMS))
@pytest.mark.parametrize("opponent", ["random", "expert"])
def test_the_json_of_many_hands_is_each_analysis_json(game: str, opponent: str) -> None:
    rng = random.Random(f"json-{game}-{opponent}")
    size = FORMS[game].dealt
    hands = [rng.sample(DECK, size) for _ in range(12)]
    # ties of every kind: four of a rank, and two pairs of a rank with the rest
    hands.append([card for card in DECK if card.rank == 5] + DECK[-(size - 4) :])
    fours_and_sixes = [card for card in DECK if card.rank in (4, 6)]
    hands.append([*fours_and_sixes[: size - 1], DECK[40]])
    for dealer in (None, True, False):
        for top in (None, 1, 3):
            found = list(analyses_json(hands, game, dealer, opponent, top))
            for cards, data in zip(hands, found, strict=True):
                analysis = analyse_discard(cards, game, dealer, opponent)
                want = analysis.to_json(analysis.top(top))
                assert data == want
                assert list(data) == list(want)  # the keys in the same order
                for option, wanted in zip(data["options"], want["options"], strict=True):
                    assert list(option) == list(wanted)


def test_the_json_of_many_hands_checks_them() -> None:
    with pytest.raises(HandError, match="duplicate card"):
        list(analyses_json([parse_cards("5H 5S 5C JD 2D 3C"), parse_cards("5H 5H 5C JD 2D 3C")]))
    with pytest.raises(CribcountError, match="top 0"):
        list(analyses_json([], top=0))
    # hands in any order are put in card order, as analyse_discard does
    (data,) = analyses_json([parse_cards("JD 5H 5S 5C 3C 2D")])
    assert data["hand"] == ["2D", "3C", "5S", "5H", "5C", "JD"]
    assert list(analyses_json([])) == []
