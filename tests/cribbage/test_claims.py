"""Muggins: claimed counts checked, the slip accounted for, impossible claims refused."""

import json
import re
from dataclasses import asdict
from itertools import combinations_with_replacement, product

import pytest
import reference
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.cards import SUITS, Card, parse_hand
from cribcount.cribbage.claims import ClaimCheck, ClaimError, check_claim
from cribcount.cribbage.forms import GREATEST_SHOW, greatest_show
from cribcount.cribbage.score import score_hand, score_text
from cribcount.errors import CribcountError, HandError

# The hands below, counted by hand:
#
# 3D 4S 4C 5C / QS: one fifteen (Q+5); 3-4-5 twice and the pair of fours, a double
#   run of 8; 10 in all. Finer, the double run is two runs of three and a pair.
# JC JS 10C AS / QS, a crib: no fifteen; 10-J-Q twice and the pair of jacks, a double
#   run of 8; his nobs; 9 in all.
# 5H 5S 5C JD / 5D: eight fifteens (5+5+5 four ways, J+5 four ways), a double pair
#   royal 12, his nobs 1; 29.
# 5H 5S 5C / 5D (five-card): four fifteens (5+5+5) and a double pair royal; 20.
# 4H 4S 5D 5C 6H / 6C (seven-card): eight fifteens (4+5+6); 4-5-6 eight times and
#   three pairs, a double double double run of 30; 46.
# 2H 4H 6H 8H / 10H: even values make no fifteen; a flush of five; 5.


def claim(text: str, claimed: int, game: str = "six", crib: bool = False) -> ClaimCheck:
    return check_claim(score_text(text, game, crib), claimed)


@pytest.mark.parametrize(
    ("text", "game", "crib", "claimed", "missed"),
    [
        # short by his nobs, by a fifteen, by the groups as said
        ("5H 5S 5C JD / 5D", "six", False, 28, ("one for his nobs (1)",)),
        ("5H 5S 5C JD / 5D", "six", False, 27, ("a fifteen (2)",)),
        ("5H 5S 5C JD / 5D", "six", False, 17, ("a double pair royal (12)",)),
        # short by 16: two fifteens and the double pair royal (3 items), not eight fifteens
        ("5H 5S 5C JD / 5D", "six", False, 13, ("two fifteens (4)", "a double pair royal (12)")),
        (
            "5H 5S 5C JD / 5D",
            "six",
            False,
            0,
            ("eight fifteens (16)", "a double pair royal (12)", "one for his nobs (1)"),
        ),
        ("3D 4S 4C 5C / QS", "six", False, 2, ("a double run (8)",)),
        ("3D 4S 4C 5C / QS", "six", False, 8, ("a fifteen (2)",)),
        ("JC JS 10C AS / QS", "six", True, 8, ("one for his nobs (1)",)),
        ("JC JS 10C AS / QS", "six", True, 1, ("a double run (8)",)),
        # as said, the hand's items make 2, 8 or 10 only; short by 3, 4, 6 or 7, the
        # double run is split into its two runs of three and its pair
        ("3D 4S 4C 5C / QS", "six", False, 7, ("a run of three (3)",)),
        ("3D 4S 4C 5C / QS", "six", False, 6, ("a fifteen (2)", "a pair (2)")),
        ("3D 4S 4C 5C / QS", "six", False, 4, ("two runs of three (6)",)),
        (
            "3D 4S 4C 5C / QS",
            "six",
            False,
            3,
            ("a fifteen (2)", "a run of three (3)", "a pair (2)"),
        ),
        ("JC JS 10C AS / QS", "six", True, 4, ("a run of three (3)", "a pair (2)")),
        ("JC JS 10C AS / QS", "six", True, 2, ("two runs of three (6)", "one for his nobs (1)")),
        # five-card: the double pair royal, or fifteens
        ("5H 5S 5C / 5D", "five", False, 8, ("a double pair royal (12)",)),
        ("5H 5S 5C / 5D", "five", False, 14, ("three fifteens (6)",)),
        # seven-card: short by 16, eight fifteens as said; by 3, a run of three split finer
        ("4H 4S 5D 5C 6H / 6C", "seven", False, 30, ("eight fifteens (16)",)),
        ("4H 4S 5D 5C 6H / 6C", "seven", False, 43, ("a run of three (3)",)),
        ("4H 4S 5D 5C 6H / 6C", "seven", False, 16, ("a double double double run (30)",)),
        # a hand's flush of five is a flush of four and one for the starter
        ("2H 4H 6H 8H / 10H", "six", False, 4, ("one for the starter in the flush (1)",)),
        ("2H 4H 6H 8H / 10H", "six", False, 1, ("a flush of four (4)",)),
    ],
)
def test_the_only_account(
    text: str, game: str, crib: bool, claimed: int, missed: tuple[str, ...]
) -> None:
    checked = claim(text, claimed, game, crib)
    assert checked.missed == missed
    assert checked.certain
    assert checked.difference == checked.actual - claimed > 0


@pytest.mark.parametrize(
    ("text", "game", "crib", "claimed", "missed"),
    [
        # 5 is a run of three with the fifteen or with the pair: the fifteen is given
        ("3D 4S 4C 5C / QS", "six", False, 5, ("a fifteen (2)", "a run of three (3)")),
        # 10 is never made as said (fifteens of 2, the double pair royal 12), but split
        # finer it is any five of the four fifteens and six pairs: the most fifteens
        ("5H 5S 5C / 5D", "five", False, 10, ("four fifteens (8)", "a pair (2)")),
    ],
)
def test_one_possible_account(
    text: str, game: str, crib: bool, claimed: int, missed: tuple[str, ...]
) -> None:
    checked = claim(text, claimed, game, crib)
    assert checked.missed == missed
    assert not checked.certain


@pytest.mark.parametrize(
    ("text", "game", "crib", "claimed", "missed", "certain"),
    [
        # 1 is no item's points (no nobs, and the double run splits into 3, 3 and 2):
        # a fifteen or the pair missed and 1 counted too many, two accounts alike
        (
            "3D 4S 4C 5C / QS",
            "six",
            False,
            9,
            ("a fifteen (2)", "but 1 counted that is not there"),
            False,
        ),
        # 9 is not made split finer either (2, 3, 3, 2 make 2 to 8 and 10): one item
        # never exceeds 9, and of two only the fifteen and the double run do
        (
            "3D 4S 4C 5C / QS",
            "six",
            False,
            1,
            ("a fifteen (2)", "a double run (8)", "but 1 counted that is not there"),
            True,
        ),
        # a crib's flush of five is all or nothing
        (
            "2H 4H 6H 8H / 10H",
            "six",
            True,
            4,
            ("a flush of five (5)", "but 4 counted that are not there"),
            True,
        ),
        # five-card: every item is even, so 9 cannot be made; one item exceeding it
        (
            "5H 5S 5C / 5D",
            "five",
            False,
            11,
            ("a double pair royal (12)", "but 3 counted that are not there"),
            True,
        ),
        # seven-card: 1 short is a fifteen or a pair (2) rather than a run (3)
        (
            "4H 4S 5D 5C 6H / 6C",
            "seven",
            False,
            45,
            ("a fifteen (2)", "but 1 counted that is not there"),
            False,
        ),
    ],
)
def test_a_deficit_no_items_make(
    text: str, game: str, crib: bool, claimed: int, missed: tuple[str, ...], certain: bool
) -> None:
    checked = claim(text, claimed, game, crib)
    assert checked.missed == missed
    assert checked.certain is certain


@pytest.mark.parametrize(
    ("text", "game", "crib", "claimed"),
    [
        ("3D 4S 4C 5C / QS", "six", False, 10),
        ("3D 4S 4C 5C / QS", "six", False, 12),
        ("3D 4S 4C 5C / QS", "six", False, 29),
        ("JC JS 10C AS / QS", "six", True, 11),
        ("5H 5S 5C / 5D", "five", False, 20),
        ("2H 3S 9C / KD", "five", False, 20),
        ("4H 4S 5D 5C 6H / 6C", "seven", False, 46),
        ("AH 2S 3D 7C 8H / 9S", "seven", False, 46),
    ],
)
def test_right_or_over_misses_nothing(text: str, game: str, crib: bool, claimed: int) -> None:
    checked = claim(text, claimed, game, crib)
    assert checked.missed == ()
    assert checked.certain
    assert checked.difference == checked.actual - claimed <= 0


@pytest.mark.parametrize(
    ("text", "game", "crib", "claimed", "message"),
    [
        ("3D 4S 4C 5C / QS", "six", False, -1, "claim -1 is impossible: a show is never below 0"),
        ("JC JS 10C AS / QS", "six", True, -3, "claim -3 is impossible: a show is never below 0"),
        ("5H 5S 5C / 5D", "five", False, -2, "claim -2 is impossible: a show is never below 0"),
        (
            "3D 4S 4C 5C / QS",
            "six",
            False,
            30,
            "claim 30 is impossible: the greatest show of 4 cards and a starter is 29",
        ),
        (
            "JC JS 10C AS / QS",
            "six",
            True,
            30,
            "claim 30 is impossible: the greatest show of a crib of 4 cards and a starter is 29",
        ),
        (
            "JC JS 10C AS / QS",
            "five",
            True,
            35,
            "claim 35 is impossible: the greatest show of a crib of 4 cards and a starter is 29",
        ),
        (
            "5H 5S 5C / 5D",
            "five",
            False,
            21,
            "claim 21 is impossible: the greatest show of 3 cards and a starter is 20",
        ),
        (
            "AH 2S 3D 7C 8H / 9S",
            "seven",
            False,
            47,
            "claim 47 is impossible: the greatest show of 5 cards and a starter is 46",
        ),
    ],
)
def test_impossible_claims_are_refused(
    text: str, game: str, crib: bool, claimed: int, message: str
) -> None:
    result = score_text(text, game, crib)
    with pytest.raises(ClaimError, match=f"^{re.escape(message)}$") as refused:
        check_claim(result, claimed)
    assert isinstance(refused.value, CribcountError)


def test_cribs_of_other_sizes_have_their_greatest_too() -> None:
    # The scorer counts three or five cards by crib rules too, though no game has such a crib.
    hand, starter = parse_hand("5H 5S 5C JD 4D / 6D")
    result = score_hand(hand, starter, crib=True)
    assert check_claim(result, 46).difference == result.total - 46
    with pytest.raises(
        ClaimError, match=r"^claim 47 is impossible: the greatest show of a crib of 5 cards and"
    ):
        check_claim(result, 47)


def test_a_claim_check_is_plain_data() -> None:
    checked = claim("3D 4S 4C 5C / QS", 5)
    assert json.loads(json.dumps(asdict(checked))) == {
        "claimed": 5,
        "actual": 10,
        "missed": ["a fifteen (2)", "a run of three (3)"],
        "certain": False,
    }


DECK = [Card.from_id(i) for i in range(52)]


def carried(phrase: str) -> int:
    """The points a phrase carries: '(n)' at its end, or less 'but n counted'."""
    found = re.fullmatch(r"but (\d+) counted that (is|are) not there", phrase)
    if found:
        return -int(found.group(1))
    found = re.fullmatch(r"[a-z ]+ \((\d+)\)", phrase)
    assert found, phrase
    return int(found.group(1))


@settings(max_examples=200)
@given(
    st.sampled_from([3, 4, 5]).flatmap(
        lambda size: st.permutations(DECK).map(lambda cards: cards[: size + 1])
    ),
    st.booleans(),
    st.data(),
)
def test_every_account_adds_up_to_the_deficit(
    dealt: list[Card], crib: bool, data: st.DataObject
) -> None:
    result = score_hand(dealt[:-1], dealt[-1], crib)
    greatest = GREATEST_SHOW[len(dealt) - 1, crib]
    claimed = data.draw(st.integers(0, greatest))
    checked = check_claim(result, claimed)
    assert checked.actual == result.total
    if claimed >= result.total:
        assert checked.missed == ()
        return
    assert checked.missed
    assert sum(carried(phrase) for phrase in checked.missed) == result.total - claimed


def test_greatest_show_by_the_rules() -> None:
    """Every entry of the table again, from the rules by enumeration.

    The fifteens, pairs and runs depend on the ranks alone: the greatest of them over
    every multiset of ranks is a floor. A flush and nobs add at most one a card and
    one, so only a multiset within that of the floor can beat it; for those, every
    way to give them suits and to choose the starter is counted in full.
    """
    for size in (3, 4, 5):
        multisets = [
            ranks
            for ranks in combinations_with_replacement(range(1, 14), size + 1)
            if max(ranks.count(rank) for rank in ranks) <= 4
        ]
        floor = max(reference.rank_points(ranks) for ranks in multisets)
        for crib in (False, True):
            best = floor
            for ranks in multisets:
                if reference.rank_points(ranks) + size + 2 <= floor:
                    continue
                for suits in product(SUITS, repeat=size + 1):
                    cards = [Card(rank, suit) for rank, suit in zip(ranks, suits, strict=True)]
                    if len(set(cards)) < len(cards):
                        continue
                    for position, starter in enumerate(cards):
                        hand = cards[:position] + cards[position + 1 :]
                        best = max(best, reference.show(hand, starter, crib))
            assert GREATEST_SHOW[size, crib] == greatest_show(size, crib) == best, (size, crib)
    assert GREATEST_SHOW[4, False] == 29


def test_greatest_show_of_no_hand() -> None:
    for size in (2, 6):
        with pytest.raises(HandError, match=f"^no show of {size} cards and a starter"):
            greatest_show(size)


def test_muggins_lives_in_claims_and_writes_its_json() -> None:
    """JC JS 10C AS / QS as a crib: a double run (8) and his nobs (1) make 9; a claim of 8
    missed the nobs, and nothing else makes 1."""
    from cribcount.cribbage import claims, score

    assert not hasattr(score, "check_claim")
    checked = claims.check_claim(score_text("JC JS 10C AS / QS", crib=True), 8)
    assert checked.to_json() == {
        "claimed": 8,
        "actual": 9,
        "missed": ["one for his nobs (1)"],
        "certain": True,
        "difference": 1,
    }
