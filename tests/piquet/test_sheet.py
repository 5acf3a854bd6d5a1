"""Piquet à écrire's score sheet: hand-worked sheets by turns and with the winner staying
(ties, three and seven persons), deals out of turn refused, bad persons and deals, and
properties against a seating written out plainly."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.errors import CribcountError
from cribcount.piquet.game import DEAL_MOST
from cribcount.piquet.sheet import (
    SEATINGS,
    Sheet,
    SheetError,
    read_players,
    read_sheet_deal,
    read_sheet_deals,
    score_sheet,
)

THREE = "Ann,Bob,Cy"
SEVEN = ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus")


def running(sheet: Sheet) -> list[tuple[int, ...]]:
    return [row.balances for row in sheet.deals]


def pairs(sheet: Sheet) -> list[tuple[str, str]]:
    return [row.players for row in sheet.deals]


# -- by turns ------------------------------------------------------------------------


def test_a_tour_of_three_by_turns() -> None:
    # each plays his left, then his right: Ann-Bob, Ann-Cy, Bob-Cy, Bob-Ann, Cy-Ann, Cy-Bob
    sheet = score_sheet(
        THREE,
        [
            "Ann-Bob 43-27",  # Ann +16, Bob -16
            "Ann-Cy 20-31",  # Cy +11, Ann -11
            "Bob-Cy 30-30",  # a tie: nothing moves
            "Bob-Ann 50-12",  # Bob +38, Ann -38
            "Cy-Ann 8-40",  # Ann +32, Cy -32
            "Cy-Bob 61-0",  # Cy +61, Bob -61
        ],
    )
    assert pairs(sheet) == [
        ("Ann", "Bob"),
        ("Ann", "Cy"),
        ("Bob", "Cy"),
        ("Bob", "Ann"),
        ("Cy", "Ann"),
        ("Cy", "Bob"),
    ]
    assert running(sheet) == [
        (16, -16, 0),
        (5, -16, 11),
        (5, -16, 11),
        (-33, 22, 11),
        (-1, 22, -21),
        (-1, -39, 40),
    ]
    assert sheet.balances == (-1, -39, 40)
    assert [row.winner for row in sheet.deals] == ["Ann", "Cy", None, "Bob", "Ann", "Cy"]
    assert [row.difference for row in sheet.deals] == [16, 11, 0, 38, 32, 61]
    assert (sheet.tour, sheet.tours) == (6, 1)
    # the next tour opens as the first did
    assert sheet.next_players == ("Ann", "Bob")


def test_a_tour_of_seven_by_turns() -> None:
    # deal k goes k-0 to its first player: each person wins his own two deals, 2i+1 and
    # 2i+2, and loses the one as his left neighbour's left (2i-1) and as his right
    # neighbour's right (2i+4); 4i+3 - (2i-1) - (2i+4) = 0 for all but the first and
    # last listed: Ann +1 +2 -4 -13 = -14, Gus +13 +14 -2 -11 = +14
    expected = [
        ("Ann", "Bob"),
        ("Ann", "Gus"),
        ("Bob", "Cy"),
        ("Bob", "Ann"),
        ("Cy", "Dan"),
        ("Cy", "Bob"),
        ("Dan", "Eve"),
        ("Dan", "Cy"),
        ("Eve", "Fay"),
        ("Eve", "Dan"),
        ("Fay", "Gus"),
        ("Fay", "Eve"),
        ("Gus", "Ann"),
        ("Gus", "Fay"),
    ]
    deals = [f"{a}-{b} {k}-0" for k, (a, b) in enumerate(expected, 1)]
    sheet = score_sheet(SEVEN, deals)
    assert pairs(sheet) == expected
    assert sheet.balances == (-14, 0, 0, 0, 0, 0, 14)
    assert (sheet.tour, sheet.tours) == (14, 1)
    assert sheet.next_players == ("Ann", "Bob")
    # after three deals: Ann +1 +2, Bob -1 +3, Gus -2, Cy -3
    assert running(sheet)[2] == (3, 2, -3, 0, 0, 0, -2)


def test_turns_go_on_past_a_tour() -> None:
    tour = ["A-B 1-0", "A-C 1-0", "B-C 1-0", "B-A 1-0", "C-A 1-0", "C-B 1-0"]
    sheet = score_sheet("A,B,C", [*tour, *tour, "A-B 5-9"])
    assert sheet.tours == 2
    assert sheet.balances == (-4, 4, 0)  # each tour leaves everyone even
    assert sheet.next_players == ("A", "C")


def test_the_players_in_either_order() -> None:
    written = score_sheet(THREE, ["Bob-Ann 27-43", "cy-ANN 31-20"])
    assert pairs(written) == [("Ann", "Bob"), ("Ann", "Cy")]
    assert [row.points for row in written.deals] == [(43, 27), (20, 31)]
    assert written == score_sheet(THREE, ["Ann-Bob 43-27", "Ann-Cy 20-31"])


# -- the winner staying ---------------------------------------------------------------


def test_winner_stays_three_with_a_tie() -> None:
    sheet = score_sheet(
        THREE,
        [
            "Ann-Bob 43-27",  # Ann stays, Bob waits behind Cy: Cy comes in
            "Ann-Cy 20-31",  # Cy stays, Ann waits behind Bob: Bob comes in
            "Cy-Bob 30-30",  # tied: the second player, Bob, gives way to Ann
            "Cy-Ann 10-25",  # Ann stays, Cy waits behind Bob
        ],
        "winner-stays",
    )
    assert pairs(sheet) == [("Ann", "Bob"), ("Ann", "Cy"), ("Cy", "Bob"), ("Cy", "Ann")]
    assert running(sheet) == [(16, -16, 0), (5, -16, 11), (5, -16, 11), (20, -16, -4)]
    assert sheet.next_players == ("Ann", "Bob")
    assert sheet.tours is None


def test_winner_stays_ties_give_way_the_one_who_came_in() -> None:
    sheet = score_sheet(
        "Ann,Bob,Cy,Dan",
        [
            "Ann-Bob 20-20",  # tied: Bob, the second listed, goes behind Dan; Cy comes in
            "Ann-Cy 10-30",  # Ann goes behind Bob; Dan comes in
            "Cy-Dan 15-15",  # tied: Dan, who came in, goes behind Ann; Bob comes in
        ],
        "winner-stays",
    )
    assert pairs(sheet) == [("Ann", "Bob"), ("Ann", "Cy"), ("Cy", "Dan")]
    assert sheet.balances == (-20, 0, 20, 0)
    assert sheet.next_players == ("Cy", "Bob")


def test_winner_stays_seven_the_first_always_winning() -> None:
    # Ann beats each in the order listed; the first beaten, Bob, comes back after Gus
    order = SEVEN[1:]
    sheet = score_sheet(SEVEN, [f"Ann-{name} 20-10" for name in order], "winner-stays")
    assert pairs(sheet) == [("Ann", name) for name in order]
    assert sheet.balances == (60, -10, -10, -10, -10, -10, -10)
    assert sheet.next_players == ("Ann", "Bob")


def test_winner_stays_seven_the_newcomer_always_winning() -> None:
    # each newcomer wins and stays: Ann-Bob, Bob-Cy, ..., Fay-Gus, then Gus-Ann, the
    # first to give way being the first waiting
    deals = [f"{a}-{b} 10-15" for a, b in pairwise(SEVEN)]
    sheet = score_sheet(SEVEN, deals, "winner-stays")
    assert sheet.balances == (-5, 0, 0, 0, 0, 0, 5)
    assert sheet.next_players == ("Gus", "Ann")
    assert [row.winner for row in sheet.deals] == list(SEVEN[1:])


def test_no_deals_is_an_empty_sheet() -> None:
    for seating in SEATINGS:
        sheet = score_sheet(THREE, [], seating)
        assert sheet.balances == (0, 0, 0)
        assert sheet.next_players == ("Ann", "Bob")


# -- deals out of turn -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deals", "seating", "message"),
    [
        (
            ["Bob-Cy 3-4"],
            "turns",
            "deal 1 'Bob-Cy 3-4': Bob and Cy do not play it: "
            "by turns Ann plays it with Bob, on his left",
        ),
        (
            ["Ann-Bob 43-27", "Bob-Cy 1-2"],
            "turns",
            "deal 2 'Bob-Cy 1-2': Bob and Cy do not play it: "
            "by turns Ann plays it with Cy, on his right",
        ),
        (
            ["Bob-Cy 3-4"],
            "winner-stays",
            "deal 1 'Bob-Cy 3-4': Bob and Cy do not play it: "
            "the first two listed, Ann and Bob, play the first deal",
        ),
        (
            ["Ann-Bob 43-27", "Ann-Cy 20-31", "Ann-Bob 30-30"],
            "winner-stays",
            "deal 3 'Ann-Bob 30-30': Ann and Bob do not play it: "
            "Cy stays, having won deal 2, and Bob comes in, the next waiting",
        ),
        (
            ["Ann-Bob 43-43", "Bob-Cy 1-2"],
            "winner-stays",
            "deal 2 'Bob-Cy 1-2': Bob and Cy do not play it: "
            "deal 1 was tied, so Ann, its first player, stays and Cy comes in, the next waiting",
        ),
    ],
)
def test_a_deal_out_of_turn_is_refused(deals: list[str], seating: str, message: str) -> None:
    with pytest.raises(SheetError) as error:
        score_sheet(THREE, deals, seating)
    assert str(error.value) == message


# -- persons and deals read -----------------------------------------------------------


def test_read_players() -> None:
    assert read_players(" Ann , Bob,Cy ") == ("Ann", "Bob", "Cy")
    assert read_players(["Hélène", "O'Hara", "J.R.", "x_2"]) == ("Hélène", "O'Hara", "J.R.", "x_2")
    assert read_players(",".join(SEVEN)) == SEVEN
    assert read_players("Abcdefghijkl,B,C")[0] == "Abcdefghijkl"  # twelve letters


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ann,Bob", "players 'Ann,Bob': 2 persons listed: piquet à écrire is for 3 to 7"),
        (
            "A,B,C,D,E,F,G,H",
            "players 'A,B,C,D,E,F,G,H': 8 persons listed: piquet à écrire is for 3 to 7",
        ),
        (
            "Ann,,Bob",
            "players 'Ann,,Bob': an empty name: expected names separated by commas, "
            "such as 'Ann,Bob,Cy'",
        ),
        ("Ann,Bob,ann", "players 'Ann,Bob,ann': Ann is listed twice: expected each person once"),
        (
            "A-b,C,D",
            "players 'A-b,C,D': 'A-b' is not a name: expected one word of at most 12 "
            "letters or digits, opening with a letter",
        ),
        (
            "1a,b,c",
            "players '1a,b,c': '1a' is not a name: expected one word of at most 12 "
            "letters or digits, opening with a letter",
        ),
        (
            "Abcdefghijklm,B,C",
            "players 'Abcdefghijklm,B,C': 'Abcdefghijklm' is not a name: expected one word of "
            "at most 12 letters or digits, opening with a letter",
        ),
        (
            "Ann Lee,Bob,Cy",
            "players 'Ann Lee,Bob,Cy': 'Ann Lee' is not a name: expected one word of at most 12 "
            "letters or digits, opening with a letter",
        ),
    ],
)
def test_bad_players(text: str, message: str) -> None:
    with pytest.raises(SheetError) as error:
        read_players(text)
    assert str(error.value) == message


def test_read_sheet_deal() -> None:
    assert read_sheet_deal("Ann-Bob 43-27") == (("Ann", "Bob"), (43, 27))
    assert read_sheet_deal("  ann-BOB   0-7 ") == (("ann", "BOB"), (0, 7))
    assert read_sheet_deal(f"A-B 0-{DEAL_MOST}") == (("A", "B"), (0, DEAL_MOST))
    assert read_sheet_deal("A-B 007-03") == (("A", "B"), (7, 3))
    assert read_sheet_deals("A-B 1-2; A-C 3-4") == ((("A", "B"), (1, 2)), (("A", "C"), (3, 4)))


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        (
            ["Ann-Bob"],
            "deal 1 'Ann-Bob': expected who played and their points, such as 'Ann-Bob 43-27' "
            "(the names and the points make one deal: quote them together)",
        ),
        (
            ["Ann-Bob 1-2", "43-27"],
            "deal 2 '43-27': expected who played and their points, such as 'Ann-Bob 43-27' "
            "(the names come first: quote each deal whole)",
        ),
        (
            ["Ann Bob 3 4"],
            "deal 1 'Ann Bob 3 4': expected who played and their points, such as 'Ann-Bob 43-27'",
        ),
        (
            ["Ann-Bob 100-106"],
            "deal 1 'Ann-Bob 100-106': the two players score at most 205 together in one deal",
        ),
        (
            ["Ann-Bob 1" + "0" * 5000 + "-1"],
            # a quote is cut to 40 characters, '...' the last three
            f"deal 1 'Ann-Bob 1{'0' * 28}...': the two players score at most "
            "205 together in one deal",
        ),
        (["Ann-Bob 0-0"], "deal 1 'Ann-Bob 0-0': nobody scored; the last trick always scores"),
        (["Ann-Bob -3-4"], "deal 1 'Ann-Bob -3-4': points cannot be negative"),
        (
            ["Ann-Dan 3-4"],
            "deal 1 'Ann-Dan 3-4': 'Dan' is not at the table: expected two of Ann, Bob, Cy",
        ),
        (["Ann-ann 3-4"], "deal 1 'Ann-ann 3-4': Ann is named twice: expected the two who played"),
        (
            [("Ann", 3)],
            "deal 1 \"('Ann', 3)\": expected the two who played and their points, "
            "as (('Ann', 'Bob'), (43, 27)), or 'Ann-Bob 43-27'",
        ),
        (
            [(("Ann", "Bob"), (True, 3))],
            "deal 1 \"(('Ann', 'Bob'), (True, 3))\": expected the two who played and their "
            "points, as (('Ann', 'Bob'), (43, 27)), or 'Ann-Bob 43-27'",
        ),
        (
            [(("Ann", "Bob"), (3, 3)), (("Ann", "Cy"), (0, 0))],
            "deal 2 'Ann-Cy 0-0': nobody scored; the last trick always scores",
        ),
    ],
)
def test_bad_deals(deals: list[object], message: str) -> None:
    with pytest.raises(SheetError) as error:
        score_sheet(THREE, deals)  # type: ignore[arg-type]
    assert str(error.value) == message


def test_no_deals_and_empty_deals_refused() -> None:
    expected = "expected who played and their points, such as 'Ann-Bob 43-27'"
    with pytest.raises(SheetError) as error:
        read_sheet_deals("  ")
    assert str(error.value) == f"no deals given: {expected}"
    with pytest.raises(SheetError) as error:
        read_sheet_deals("A-B 1-2;;A-C 1-2")
    assert str(error.value) == f"deal 2 '': {expected}"
    with pytest.raises(SheetError) as error:
        read_sheet_deals("A-B 1-2;")
    assert str(error.value) == f"deal 2 '': {expected}"


def test_a_line_as_long_as_a_batch_reads_is_refused_at_once() -> None:
    # 64 KiB of names joined by hyphens, and of points: no name or points to read
    for text in ("a-" * 32_000, "a-b " + "1-" * 32_000):
        with pytest.raises(SheetError) as error:
            read_sheet_deal(text)
        assert str(error.value).endswith(
            "...': expected who played and their points, such as 'Ann-Bob 43-27'"
        )


def test_unknown_seating_refused() -> None:
    with pytest.raises(SheetError) as error:
        score_sheet(THREE, [], "rotation")
    assert str(error.value) == "unknown seating 'rotation': expected one of turns, winner-stays"
    assert issubclass(SheetError, CribcountError)


def test_pairs_as_deals() -> None:
    sheet = score_sheet(["Ann", "Bob", "Cy"], [(("Bob", "Ann"), (27, 43))])
    assert sheet.balances == (16, -16, 0)


# -- JSON ------------------------------------------------------------------------------


def test_to_json() -> None:
    sheet = score_sheet(THREE, ["Ann-Bob 43-27", "Cy-Ann 31-20", "Bob-Cy 30-30"])
    assert sheet.to_json() == {
        "game": "à écrire",
        "title": "Piquet à écrire",
        "players": ["Ann", "Bob", "Cy"],
        "seating": "turns",
        "deals": [
            {
                "deal": 1,
                "players": ["Ann", "Bob"],
                "deal_points": {"Ann": 43, "Bob": 27},
                "winner": "Ann",
                "difference": 16,
                "balances": {"Ann": 16, "Bob": -16, "Cy": 0},
            },
            {
                "deal": 2,
                "players": ["Ann", "Cy"],
                "deal_points": {"Ann": 20, "Cy": 31},
                "winner": "Cy",
                "difference": 11,
                "balances": {"Ann": 5, "Bob": -16, "Cy": 11},
            },
            {
                "deal": 3,
                "players": ["Bob", "Cy"],
                "deal_points": {"Bob": 30, "Cy": 30},
                "winner": None,
                "difference": 0,
                "balances": {"Ann": 5, "Bob": -16, "Cy": 11},
            },
        ],
        "balances": {"Ann": 5, "Bob": -16, "Cy": 11},
        "tours": 0,
        "next": ["Bob", "Ann"],
    }
    assert score_sheet(THREE, [], "winner-stays").to_json()["tours"] is None


# -- properties against the seating written out plainly ---------------------------------


def tour_by_turns(persons: int) -> list[tuple[int, int]]:
    """A tour by turns, written out: each person with his left, then with his right."""
    tour = []
    for person in range(persons):
        tour.append((person, (person + 1) % persons))
        tour.append((person, (person - 1) % persons))
    return tour


def plain_sheet(
    persons: int, points: list[tuple[int, int]], seating: str
) -> tuple[list[tuple[int, int]], list[int]]:
    """Who plays each deal and the balances, kept as a sheet is kept by hand."""
    balances = [0] * persons
    played = []
    table, queue = [0, 1], list(range(2, persons))
    for number, (a, b) in enumerate(points):
        if seating == "turns":
            table = list(tour_by_turns(persons)[number % (2 * persons)])
        played.append((table[0], table[1]))
        if a > b:
            balances[table[0]] += a - b
            balances[table[1]] -= a - b
        elif b > a:
            balances[table[1]] += b - a
            balances[table[0]] -= b - a
        if seating == "winner-stays":
            loser = 0 if a < b else 1
            queue.append(table[loser])
            stays = table[1 - loser]
            table = [stays, queue.pop(0)]
    return played, balances


@settings(max_examples=60, deadline=None)
@given(
    persons=st.integers(3, 7),
    seating=st.sampled_from(SEATINGS),
    points=st.lists(
        st.tuples(st.integers(0, 100), st.integers(0, 100)).filter(lambda p: p != (0, 0)),
        max_size=20,
    ),
    swap=st.lists(st.booleans(), min_size=20, max_size=20),
)
def test_the_sheet_as_kept_by_hand(
    persons: int, seating: str, points: list[tuple[int, int]], swap: list[bool]
) -> None:
    names = SEVEN[:persons]
    played, balances = plain_sheet(persons, points, seating)
    deals = []
    for (first, second), (a, b), turned in zip(played, points, swap, strict=False):
        if turned:  # the same deal written the other way round
            deals.append(f"{names[second]}-{names[first]} {b}-{a}")
        else:
            deals.append(f"{names[first]}-{names[second]} {a}-{b}")
    sheet = score_sheet(names, deals, seating)
    assert pairs(sheet) == [(names[first], names[second]) for first, second in played]
    assert list(sheet.balances) == balances
    for row in sheet.deals:
        assert sum(row.balances) == 0
