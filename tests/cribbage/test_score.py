"""The readable scorer against the seed texts' worked hands and hand-worked cases."""

import re
from itertools import combinations_with_replacement, product

import pytest
import reference
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.cards import SUITS, Card, parse_cards, parse_hand
from cribcount.cribbage.score import (
    HandScore,
    run_name,
    score_hand,
    score_text,
    show_breakdown,
    spoken_groups,
)
from cribcount.errors import HandError


def show(text: str, crib: bool = False) -> HandScore:
    hand, starter = parse_hand(text)
    assert starter is not None
    return score_hand(hand, starter, crib)


def glyphs(text: str, crib: bool = False) -> HandScore:
    """Score glyphs as the seed prints them: the hand, with the starter among them."""
    cards = parse_cards(text)
    return score_hand(cards[:-1], cards[-1], crib)


@pytest.mark.parametrize(
    ("cards", "total", "breakdown"),
    [
        # "Take the following examples": Nos. 1 to 4 (seed 001).
        ("🃕 🂵 🂥 🃖 🃇", 17, (2, 6, 9)),
        ("🂦 🃇 🂨 🃈 🃘", 21, (6, 6, 9)),
        ("🃆 🂧 🂸 🂩 🂹", 16, (6, 2, 8)),
        ("🃖 🂷 🃗 🃈 🃘", 24, (8, 4, 12)),
        # Before them, 2-6-7 with duplicates: two of the seven (three fifteens and
        # a pair royal), then one each of the six and the seven (four fifteens, two pairs).
        ("🂢 🃖 🂷 🂧 🃇", 12, (6, 6, 0)),
        ("🃒 🂦 🃖 🂷 🃗", 12, (8, 4, 0)),
    ],
)
def test_seed_worked_hands(cards: str, total: int, breakdown: tuple[int, int, int]) -> None:
    result = glyphs(cards)
    assert result.total == total
    assert (result.points("fifteen"), result.points("pair"), result.points("run")) == breakdown


def test_seed_show_example() -> None:
    # Starter the queen of spades: pone 3D 4S 4C 5C is 10, dealer AH 2H 2D 3C is 14,
    # and the crib JC JS 10C AS is 9: the double run of three and his nobs.
    assert show("3D 4S 4C 5C / QS").total == 10
    assert show("AH 2H 2D 3C / QS").total == 14
    crib = show("JC JS 10C AS / QS", crib=True)
    assert crib.total == 9
    assert crib.breakdown == {"fifteens": 0, "pairs": 2, "runs": 6, "flush": 0, "nobs": 1}


def test_twenty_nine_and_heels() -> None:
    best = show("5H 5S 5C JD / 5D")
    assert best.total == 29
    assert best.breakdown == {"fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1}
    assert not best.heels
    # The jack turned instead: 28 in the show, and two for his heels makes 30.
    turned = show("5H 5S 5C 5D / JD")
    assert turned.total == 28
    assert turned.heels


@pytest.mark.parametrize(
    ("text", "total"),
    [
        # Seed 003's five-card table: three hand cards and the start.
        ("5H 5S 5C / 5D", 20),
        ("5H 5S 5C / 10D", 14),
        ("5H 5S 5C / KD", 14),
        ("5H 5S 4C / 6D", 12),
        ("4H 4S 5C / 6D", 12),
        ("6H 6S 4C / 5D", 12),
        ("3H 3S 3C / 9D", 12),
        ("6H 6S 6C / 9D", 12),
        ("6H 6S 6C / 3D", 12),
        ("7H 7S 7C / 8D", 12),
        ("8H 8S 8C / 7D", 12),
        ("9H 9S 9C / 6D", 12),
        ("7H 7S 7C / AD", 12),
        # The table says 13 for these three; each is 12: two fifteens (4), the pair (2)
        # and the double run (6).
        ("8H 8S 6C / 7D", 12),
        ("8H 8S 9C / 7D", 12),
        ("7H 7S 6C / 8D", 12),
        ("6H 5S 4C / 4D", 12),
        ("5H 5S 10C / 10D", 12),
        ("5H 5S KC / KD", 12),
        ("9H 9S 6C / 6D", 12),
        ("5H 5S 10C / QD", 10),
        ("6H 6S 7C / 8D", 10),
        ("5H JS QC / KD", 9),
        ("5H 10S JC / QD", 9),
        ("2H 2S 3C / 4D", 8),
    ],
)
def test_five_card_table(text: str, total: int) -> None:
    assert score_text(text, game="five").total == total


@pytest.mark.parametrize(
    ("text", "total"),
    [
        # Seed 003's five-card crib table: four crib cards and the start.
        ("5H 5S 4C 4D / 6H", 24),
        ("5H 5S 6C 6D / 4H", 24),
        ("4H 4S 6C 6D / 5H", 24),
        ("7H 7S 8C 8D / 9H", 24),
        ("3H 3S 3C 3D / 9H", 24),
        ("5H 5S 5C 4D / 6H", 23),
        ("4H 4S 4C 5D / 6H", 21),
        ("6H 6S 6C 4D / 5H", 21),
        ("7H 7S 7C 8D / 9H", 21),
        ("8H 8S 8C 7D / 9H", 21),
        ("2H 2S 2C 2D / 9H", 20),
        ("3H 3S 3C 3D / 6H", 20),
        ("6H 6S 7C 7D / 8H", 20),
        ("7H 7S 8C 9D / 9H", 20),
        ("8H 8S 7C 9D / 9H", 20),
    ],
)
def test_five_card_crib_table(text: str, total: int) -> None:
    assert score_text(text, game="five", crib=True).total == total


@pytest.mark.parametrize(
    ("text", "game", "total"),
    [
        # Seed 000, duplicates of a fifteen: two more nines (or sixes) with 9-6 are
        # three fifteens and a pair royal, 12; one of each, four fifteens and two pairs, 12.
        ("9H 9S 9D / 6C", "five", 12),
        ("9H 9S 6D / 6C", "five", 12),
        # All five cards of value: four nines and a six, four fifteens and a double
        # pair royal; three nines and two sixes, six fifteens, a pair royal and a pair.
        ("9H 9S 9D 9C / 6C", "six", 20),
        ("9H 9S 9D 6C / 6S", "six", 20),
        # 10-4-A with an extra tenth card: "fifteen-two, fifteen-four, and a pair".
        ("10H 10S 4D / AC", "five", 6),
        # 9-3-3 with a third three: three fifteens and a pair royal.
        ("9H 3S 3D / 3C", "five", 12),
        # Seed 001: "With two Sevens and two Eights, either a Six or a Nine will make
        # your hand worth 24".
        ("7H 7S 8D 8C / 6H", "six", 24),
        ("7H 7S 8D 8C / 9H", "six", 24),
        # "with two Eights and two Sixes, nothing but a Seven will improve your hand
        # more than 4 points": the seven makes 20 of the 4 for the pairs; yet an ace
        # makes two fifteens of each eight and six (8+6+A), 12, which the text forgets.
        ("8H 8S 6D 6C / 7H", "six", 20),
        ("8H 8S 6D 6C / AH", "six", 12),
        ("8H 8S 6D 6C / 9H", "six", 8),
    ],
)
def test_seed_combinations(text: str, game: str, total: int) -> None:
    assert score_text(text, game).total == total


@pytest.mark.parametrize(
    ("text", "kind", "points"),
    [
        ("AH 4S 10D KC / 2C", "fifteen", 4),  # A+4+10 and A+4+K
        ("7H 8S 2D 3C / 9C", "fifteen", 2),  # 7+8 only
        ("AH AS AD AC / 2C", "pair", 12),
        ("QH QS 2D 3C / 9C", "pair", 2),
        ("AH 2S 3D KC / 9C", "run", 3),  # ace low
        ("QH KS AD 5C / 9C", "run", 0),  # no run round the corner
        ("3H 4S 5D 6C / 7C", "run", 5),
        ("3H 3S 4D 4C / 5C", "run", 12),  # double-double run of three
        ("3H 4S 4D 5C / 6C", "run", 8),  # double run of four
        ("4H 4S 4D 5C / 6C", "run", 9),  # triple run of three
        ("JH 2S 6D 8C / 10H", "nobs", 1),
        ("JH 2S 6D 8C / 10S", "nobs", 0),
    ],
)
def test_item_kinds(text: str, kind: str, points: int) -> None:
    assert show(text).points(kind) == points


def test_each_run_combination_is_an_item() -> None:
    runs = [item for item in show("3H 3S 4D 4C / 5C").items if item.kind == "run"]
    assert len(runs) == 4
    assert all(item.points == 3 for item in runs)
    assert {frozenset(str(card) for card in item.cards) for item in runs} == {
        frozenset({"3H", "4D", "5C"}),
        frozenset({"3H", "4C", "5C"}),
        frozenset({"3S", "4D", "5C"}),
        frozenset({"3S", "4C", "5C"}),
    }


@pytest.mark.parametrize(
    ("text", "game", "crib", "flush"),
    [
        # hand rule: every hand card of one suit, one more with the starter
        ("2H 4H 6H 8H / 10S", "six", False, 4),
        ("2H 4H 6H 8H / 10H", "six", False, 5),
        ("2H 4H 6H 8S / 10H", "six", False, 0),
        ("2H 6H 10H / QS", "five", False, 3),
        ("2H 6H 10H / QH", "five", False, 4),
        ("2H 4H 6H 8H 10H / QS", "seven", False, 5),
        ("2H 4H 6H 8H 10H / QH", "seven", False, 6),
        ("2H 4H 6H 8H 10S / QH", "seven", False, 0),
        ("2H 4H 6H 8H / 10S", "three", False, 4),
        ("2H 4H 6H 8H / 10S", "four", False, 4),
        # crib rule: the four crib cards and the starter, or nothing
        ("2H 4H 6H 8H / 10S", "six", True, 0),
        ("2H 4H 6H 8H / 10H", "six", True, 5),
        ("2H 4H 6H 8S / 10H", "six", True, 0),
        ("2H 4H 6H 8H / 10S", "five", True, 0),
        ("2H 4H 6H 8H / 10H", "five", True, 5),
        ("2H 4H 6H 8H / 10S", "seven", True, 0),
        ("2H 4H 6H 8H / 10H", "three", True, 5),
    ],
)
def test_flush_rules(text: str, game: str, crib: bool, flush: int) -> None:
    assert score_text(text, game, crib).points("flush") == flush


def test_seven_card_hand_scores_every_maximal_run() -> None:
    # Values 1 2 3 7 8 9: A-2-3 and 7-8-9 are two runs of three; the only sets
    # making 15 are 7+8 and 1+2+3+9 (worked by hand).
    result = score_text("AH 2S 3D 7C 8H / 9S", game="seven")
    assert result.points("run") == 6
    combos = [
        sorted(card.value for card in item.cards) for item in result.items if item.kind == "fifteen"
    ]
    assert sorted(combos) == [[1, 2, 3, 9], [7, 8]]
    assert result.total == 10


@pytest.mark.parametrize(
    ("game", "title", "text", "total"),
    [
        # three fives and the fourth: fifteen eight and a double pair royal
        ("five", "five-card", "5H 5S 5C / 5D", 20),
        ("six", "six-card", "5H 5S 5C JD / 5D", 29),
        # 5+5+5, three 5+J and three 4+5+6 make fifteen fourteen; a pair royal 6; three
        # runs of 4-5-6 9; his nobs, the jack of the starter's suit, 1
        ("seven", "seven-card", "5H 5S 5C JD 4D / 6D", 30),
        ("three", "three-handed", "5H 5S 5C JD / 5D", 29),
        ("four", "four-handed", "5H 5S 5C JD / 5D", 29),
    ],
)
def test_every_game_has_its_hand_size(game: str, title: str, text: str, total: int) -> None:
    assert score_text(text, game).total == total
    hand, starter = text.split(" / ")
    kept = len(hand.split())
    fewer = " ".join(hand.split()[1:]) + f" / {starter}"
    more = f"{hand} KC / {starter}"
    for wrong, count in ((fewer, kept - 1), (more, kept + 1)):
        with pytest.raises(
            HandError,
            match=f"^{count} cards in .*: a hand in {title} cribbage "
            f"holds {kept} besides the starter$",
        ):
            score_text(wrong, game)


@pytest.mark.parametrize("game", ["five", "six", "seven", "three", "four"])
def test_every_crib_holds_four(game: str) -> None:
    # fifteen eight, a double pair royal and the nobs of the crib's jack
    assert score_text("5H 5S 5C JD / 5D", game, crib=True).total == 29
    for wrong in ("5H 5S 5C / 5D", "5H 5S 5C JD KC / 5D"):
        with pytest.raises(HandError, match=r"cards in .*: a crib holds 4 besides the starter"):
            score_text(wrong, game, crib=True)


def test_a_starter_is_needed() -> None:
    with pytest.raises(HandError, match=r"^no starter in '5H 5S 5C JD'"):
        score_text("5H 5S 5C JD")


@pytest.mark.parametrize(
    ("text", "game", "said"),
    [
        # Q+5 is the one fifteen; 3-4-5 twice and the pair of fours, 6 + 2.
        ("3D 4S 4C 5C / QS", "six", "fifteen two and a double run is 10"),
        # Q+2+3 with either two, and Q+A+2+2; A-2-3 twice and the pair of twos.
        (
            "AH 2H 2D 3C / QS",
            "six",
            "fifteen two, fifteen four, fifteen six, and a double run is 14",
        ),
        # 4+5+6 with either four; 3-4-5-6 twice (8) and the pair (2).
        ("3H 4S 4D 5C / 6C", "six", "fifteen two, fifteen four, and a double run of four is 14"),
        # 3+3+4+5 with any two of the threes; 3-4-5 three times (9) and a pair royal (6).
        (
            "3H 3S 3D 4C / 5C",
            "six",
            "fifteen two, fifteen four, fifteen six, and a triple run is 21",
        ),
        # 3+3+4+5 with either four; 3-4-5 four times (12) and two pairs (4).
        ("3H 3S 4D 4C / 5C", "six", "fifteen two, fifteen four, and a double double run is 20"),
        # Seven-card hands. 3+3+4+5 with any two of four threes: six fifteens; 3-4-5
        # four times (12) and a double pair royal (12).
        (
            "3H 3S 3D 3C 4H / 5C",
            "seven",
            "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
            "fifteen twelve, and a quadruple run is 36",
        ),
        # 4+5+6, 3+3+4+5 three ways, 3+3+3+6: five fifteens; 3-4-5-6 three times (12)
        # and a pair royal (6).
        (
            "3H 3S 3D 4C 5H / 6C",
            "seven",
            "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
            "and a triple run of four is 28",
        ),
        # 4+5+6 with either four, 3+3+4+5 with either four; 3-4-5-6 four times (16)
        # and two pairs (4).
        (
            "3H 3S 4D 4C 5H / 6C",
            "seven",
            "fifteen two, fifteen four, fifteen six, fifteen eight, "
            "and a double double run of four is 28",
        ),
        # The cards add to 19, so a fifteen leaves 4 out: either four, or A and 3;
        # A-2-3-4-5 twice (10) and the pair of fours (2).
        (
            "AH 2S 3D 4C 4H / 5C",
            "seven",
            "fifteen two, fifteen four, fifteen six, and a double run of five is 18",
        ),
        # The cards add to 22, so a fifteen leaves 7 out: a three and a four, six ways;
        # 3-4-5 six times (18), a pair royal and a pair (6 + 2).
        (
            "3H 3S 3D 4C 4H / 5C",
            "seven",
            "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
            "fifteen twelve, and a triple double run is 38",
        ),
        # 4+5+6 eight ways; 4-5-6 eight times (24) and three pairs (6): the most
        # five cards and a starter can show.
        (
            "4H 4S 5D 5C 6H / 6C",
            "seven",
            "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
            "fifteen twelve, fifteen fourteen, fifteen sixteen, "
            "and a double double double run is 46",
        ),
        # No fifteen (a nine needs a six, a three and a four are short of a third);
        # the pair of nines is in no run, so it is said on its own.
        ("3H 4S 4D 5C 9H / 9C", "seven", "a double run is 8 and a pair is 10"),
        # A plain run: K+2+3 and 9+A+2+3 are the fifteens.
        ("AH 2S 3D KC / 9C", "six", "fifteen two, fifteen four, and a run of three is 7"),
        # A pair royal in no run, and no fifteen: the cards add to 24, and nothing to 9.
        ("2H 2S 2D 8C / KS", "six", "a pair royal is 6"),
        # Fifteens alone: the last says the total, with no "and" (7+8, K+5).
        ("7H 8S KD 5C / AC", "six", "fifteen two, fifteen four"),
        # All even values, so no fifteen: the flush alone.
        ("2H 4H 6H 8H / KS", "six", "a flush of four is 4"),
        ("2H 4S 6D 8H / KS", "six", "nineteen: nothing to score"),
        # Eight fifteens (5+5+5 four ways, J+5 four ways), the double pair royal, nobs.
        (
            "5H 5S 5C JD / 5D",
            "six",
            "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
            "fifteen twelve, fifteen fourteen, fifteen sixteen, a double pair royal is 28, "
            "and one for his nobs is 29",
        ),
    ],
)
def test_count_as_said(text: str, game: str, said: str) -> None:
    assert score_text(text, game).said == said


def test_crib_count_as_said() -> None:
    # The seed's crib: no fifteen; 10-J-Q twice and the pair of jacks, then nobs.
    crib = show("JC JS 10C AS / QS", crib=True)
    assert crib.said == "a double run is 8 and one for his nobs is 9"
    # The items themselves stay apart: a pair, two runs of three, nobs.
    assert [(item.name, item.points) for item in crib.items] == [
        ("pair", 2),
        ("run of 3", 3),
        ("run of 3", 3),
        ("nobs", 1),
    ]


@pytest.mark.parametrize(
    ("counts", "name"),
    [
        ((1, 1, 1), "a run of three"),
        ((1, 1, 1, 1, 1), "a run of five"),
        ((1, 2, 1), "a double run"),
        ((2, 1, 1, 1), "a double run of four"),
        ((3, 1, 1), "a triple run"),
        ((1, 3, 1, 1), "a triple run of four"),
        ((2, 2, 1), "a double double run"),
        ((1, 2, 2, 1), "a double double run of four"),
        ((1, 4, 1), "a quadruple run"),
        ((2, 3, 1), "a triple double run"),
        ((2, 2, 2), "a double double double run"),
    ],
)
def test_run_names(counts: tuple[int, ...], name: str) -> None:
    assert run_name(counts) == name


DECK = [Card.from_id(i) for i in range(52)]


def deals(size: int) -> st.SearchStrategy[list[Card]]:
    """``size`` distinct cards, the last to be the starter.

    Half are drawn from the fives, the tens and the court cards, or from one suit
    with a starter from anywhere, so that high counts, flushes and nobs come up often.
    """
    rich = [card for card in DECK if card.rank in (4, 5, 6, 10, 11, 12)]
    suited = st.sampled_from(SUITS).flatmap(
        lambda suit: st.tuples(
            st.permutations([card for card in DECK if card.suit == suit]),
            st.sampled_from(DECK),
        )
    )
    return st.one_of(
        st.permutations(DECK).map(lambda cards: cards[:size]),
        st.permutations(rich).map(lambda cards: cards[:size]),
        suited.filter(lambda drawn: drawn[1] not in drawn[0][: size - 1]).map(
            lambda drawn: [*drawn[0][: size - 1], drawn[1]]
        ),
    )


@settings(max_examples=300)
@given(st.sampled_from([3, 4, 5]).flatmap(lambda size: deals(size + 1)), st.booleans())
def test_total_is_sum_of_items_and_the_plain_rules(dealt: list[Card], crib: bool) -> None:
    result = score_hand(dealt[:-1], dealt[-1], crib)
    assert result.total == sum(item.points for item in result.items)
    assert result.total == sum(result.breakdown.values())
    assert result.total == reference.show(dealt[:-1], dealt[-1], crib)


def test_every_rank_multiset_scores_as_the_plain_rules() -> None:
    """Fifteens, pairs and runs depend on the ranks alone: every multiset of 4, 5 or
    6 ranks (as in the five-card, six-card and seven-card games) with the plain rules."""
    checked = 0
    for size in (4, 5, 6):
        for ranks in combinations_with_replacement(range(1, 14), size):
            if max(ranks.count(rank) for rank in ranks) > 4:
                continue
            # the k-th card of a rank takes the k-th suit, so hands of distinct ranks
            # are flushes of spades; the plain rules count the flush and nobs alike
            cards = [Card(rank, SUITS[ranks[:i].count(rank)]) for i, rank in enumerate(ranks)]
            starter, *hand = cards
            assert score_hand(hand, starter).total == reference.show(hand, starter), ranks
            checked += 1
    # C(16, 4) + C(17, 5) + C(18, 6), less five or six of a rank
    assert checked == 1820 + (6188 - 13) + (18564 - 13 - 13 * 12)


@settings(max_examples=300)
@given(deals(5), st.permutations(SUITS), st.permutations(range(4)), st.booleans())
def test_suit_relabelling_and_order_do_not_matter(
    dealt: list[Card], suits: list[str], order: list[int], crib: bool
) -> None:
    relabel = dict(zip(SUITS, suits, strict=True))
    renamed = [Card(card.rank, relabel[card.suit]) for card in dealt]
    hand = [dealt[i] for i in order]
    expected = score_hand(dealt[:4], dealt[4], crib)
    for other in (score_hand(renamed[:4], renamed[4], crib), score_hand(hand, dealt[4], crib)):
        assert other.total == expected.total
        assert other.breakdown == expected.breakdown


@settings(max_examples=300)
@given(deals(5), st.booleans())
def test_impossible_totals_never_occur(dealt: list[Card], crib: bool) -> None:
    total = score_hand(dealt[:4], dealt[4], crib).total
    assert total not in (19, 25, 26, 27)
    assert 0 <= total <= 29


@settings(max_examples=300)
@given(st.sampled_from([3, 4, 5]).flatmap(lambda size: deals(size + 1)), st.booleans())
def test_spoken_groups_hold_every_point_but_the_fifteens(dealt: list[Card], crib: bool) -> None:
    result = score_hand(dealt[:-1], dealt[-1], crib)
    groups = spoken_groups(result.items)
    assert sum(points for _, points in groups) == result.total - result.points("fifteen")
    # a run's group holds the pairs of its ranks; a pair is said alone only outside runs
    in_runs = {card.rank for item in result.items if item.kind == "run" for card in item.cards}
    loose = [
        item for item in result.items if item.kind == "pair" and item.cards[0].rank not in in_runs
    ]
    assert len(groups) == (
        len({frozenset(c.rank for c in item.cards) for item in result.items if item.kind == "run"})
        + len(loose)
        + (result.points("flush") > 0)
        + result.points("nobs")
    )


@settings(max_examples=500)
@given(st.sampled_from([3, 4, 5]).flatmap(lambda size: deals(size + 1)), st.booleans())
def test_show_breakdown_is_the_scorers_breakdown(dealt: list[Card], crib: bool) -> None:
    expected = score_hand(dealt[:-1], dealt[-1], crib).breakdown
    quick = show_breakdown(dealt[:-1], dealt[-1], crib)
    assert quick == expected
    assert list(quick) == ["fifteens", "pairs", "runs", "flush", "nobs"]


def test_show_breakdown_over_every_rank_multiset() -> None:
    """Every multiset of ranks the quick path remembers (4, 5 or 6 cards), once each."""
    checked = 0
    for size in (4, 5, 6):
        for ranks in combinations_with_replacement(range(1, 14), size):
            if max(ranks.count(rank) for rank in ranks) > 4:
                continue
            # the k-th card of a rank takes the k-th suit from the top, so that the
            # suits differ from the scorer's own choice
            cards = [Card(rank, SUITS[3 - ranks[:i].count(rank)]) for i, rank in enumerate(ranks)]
            *hand, starter = cards
            assert show_breakdown(hand, starter) == score_hand(hand, starter).breakdown, ranks
            checked += 1
    assert checked == 1820 + (6188 - 13) + (18564 - 13 - 13 * 12)


@pytest.mark.parametrize("size", [3, 4, 5])
@pytest.mark.parametrize("starter_rank", [7, 2, 11])
def test_show_breakdown_over_every_suit_pattern(size: int, starter_rank: int) -> None:
    """Flush and nobs over every way to give suits to a jack, a two and others, with a
    starter of another rank, of the two's rank, or a jack."""
    ranks = [11, 2, 3, 4, 5][:size]
    checked = 0
    for suits in product(SUITS, repeat=size + 1):
        cards = [Card(rank, suit) for rank, suit in zip([*ranks, starter_rank], suits, strict=True)]
        if len(set(cards)) < len(cards):
            continue
        *hand, starter = cards
        for crib in (False, True):
            assert show_breakdown(hand, starter, crib) == score_hand(hand, starter, crib).breakdown
        checked += 1
    # the starter's rank is held once already (2 or J) or not at all (7)
    assert checked == 4 ** (size + 1) - (0 if starter_rank == 7 else 4**size)


@pytest.mark.parametrize(
    "text",
    ["5H 5S / 5D", "5H 5S 5C JD 4D 6D / 5C", "5H 5S 5H JD / 5D", "5H 5S 5C JD / 5S"],
)
def test_show_breakdown_refuses_what_the_scorer_refuses(text: str) -> None:
    tokens = text.replace("/", " ").split()
    cards = [Card.parse(token) for token in tokens]
    *hand, starter = cards
    with pytest.raises(HandError) as refused:
        score_hand(hand, starter)
    with pytest.raises(HandError, match=f"^{re.escape(str(refused.value))}$"):
        show_breakdown(hand, starter)


def test_the_show_writes_its_json_with_its_game() -> None:
    """3D 4S 4C 5C / QS: fifteen two (5 QS) and a double run (8) make 10; the form of the
    game is known when the text was read for one."""
    from cribcount.cards import parse_hand
    from cribcount.cribbage.forms import FORMS

    data = score_text("3D 4S 4C 5C / QS").to_json()
    assert (data["game"], data["total"], data["said"]) == (
        "six",
        10,
        "fifteen two and a double run is 10",
    )
    assert score_text("3D 4S 5C / QS", FORMS["five"]).to_json()["game"] == "five"
    assert score_hand(*parse_hand("3D 4S 4C 5C / QS")).to_json()["game"] is None
