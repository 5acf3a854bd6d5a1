"""`cribcount piquet game` through the command line: exact text, JSON, errors, batches."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support import invoke

# 30-5, 75-15, 102-35: the first out in deal 3, the second not at 50: a lurch
LURCH = ("30-5", "45-10", "27-20")
LURCH_TEXT = """\
Piquet au cent: 100 up; a lurch (the loser under 50) counts two games

  deal  dealer      first    second    total first    total second
------  --------  -------  --------  -------------  --------------
     1  first          30         5             30               5
     2  second         45        10             75              15
     3  first          27        20            102              35

the first player wins in deal 3, 102 to 35,
  the second lurched (under 50): 2 games
"""

# six deals adding up to the seed's settlements: 113-80, 88-84, 180-142
SEED_113_80 = ("20-10", "15-25", "30-5", "18-12", "10-20", "20-8")
SEED_88_84 = ("10-20", "20-10", "15-14", "13-10", "20-15", "10-15")
SEED_180_142 = ("40-30", "25-20", "35-22", "30-25", "20-25", "30-20")
RUBICON_TEXT = """\
Rubicon Piquet: six deals; a loser under 100 is rubiconed

  deal  dealer      first    second    total first    total second
------  --------  -------  --------  -------------  --------------
     1  first          20        10             20              10
     2  second         15        25             35              35
     3  first          30         5             65              40
     4  second         18        12             83              52
     5  first          10        20             93              72
     6  second         20         8            113              80

the first player wins after 6 deals, 113 to 80,
  the second rubiconed (under 100): 113 + 80 + 100 = 293
"""

TIED_SIX = ("20-20",) * 6
EXPECTED = "expected the two players' points as A-B, the first player's first, such as 23-7"


def as_json(*args: str) -> Any:
    status, out, err = invoke("piquet", "game", *args, "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


def last_line(*args: str) -> str:
    status, out, err = invoke("piquet", "game", *args)
    assert (status, err) == (0, "")
    # the result, folded over lines of 80 columns, as one line
    return out.split("\n\n")[-1].rstrip("\n").replace("\n  ", " ")


# -- text ---------------------------------------------------------------------------


def test_lurch_text() -> None:
    assert invoke("piquet", "game", *LURCH) == (0, LURCH_TEXT, "")


def test_deals_in_one_argument_read_as_several() -> None:
    assert invoke("piquet", "game", " ".join(LURCH)) == (0, LURCH_TEXT, "")


def test_seed_rubicon_293_text() -> None:
    assert invoke("piquet", "game", "--rules", "rubicon", *SEED_113_80) == (0, RUBICON_TEXT, "")


@pytest.mark.parametrize(
    ("deals", "line"),
    [
        (
            SEED_88_84,
            "the first player wins after 6 deals, 88 to 84, the second rubiconed (under 100): "
            "88 + 84 + 100 = 272",
        ),
        (SEED_180_142, "the first player wins after 6 deals, 180 to 142: 180 - 142 + 100 = 138"),
        (
            ("30-10", "12-40", "5-25"),
            "in progress after 3 deals: first 47, second 75; 3 deals to play",
        ),
        (
            TIED_SIX,
            "in progress after 6 deals: first 120, second 120, tied after six: "
            "2 more deals to play",
        ),
        (
            (*TIED_SIX, "10-5"),
            "in progress after 7 deals: first 130, second 125, tied after six: 1 more deal to play",
        ),
        (
            (*TIED_SIX, "10-5", "3-10"),
            "the second player wins after 8 deals, 135 to 133: 135 - 133 + 100 = 102",
        ),
        ((*TIED_SIX, "10-5", "5-10"), "void: tied at 135 after 8 deals"),
    ],
)
def test_rubicon_result_lines(deals: tuple[str, ...], line: str) -> None:
    assert last_line("--rules", "rubicon", *deals) == line


@pytest.mark.parametrize(
    ("deals", "line"),
    [
        # 23-7, 35-37, 75-42, 85-62, 103-66
        (
            ("23-7", "12-30", "40-5", "10-20", "18-4"),
            "the first player wins in deal 5, 103 to 66: 1 game",
        ),
        (("20-10", "30-25", "45-60"), "in progress after 3 deals: first 95, second 95; 100 up"),
        (("60-20", "40-30"), "the first player wins in deal 2, 100 to 50: 1 game"),
        (
            ("10-60", "5-45"),
            "the second player wins in deal 2, 105 to 15, the first lurched (under 50): 2 games",
        ),
        (
            ("80-95", "30-10"),
            "the first player wins in deal 2, 110 to 105, the higher total with both past 100: "
            "1 game",
        ),
        (
            ("90-85", "15-20"),
            "in progress after 2 deals: first 105, second 105, equal past 100: play on",
        ),
    ],
)
def test_au_cent_result_lines(deals: tuple[str, ...], line: str) -> None:
    assert last_line(*deals) == line


def test_the_second_can_deal_first() -> None:
    status, out, err = invoke("piquet", "game", "--first-dealer", "second", "30-5", "45-10")
    assert (status, err) == (0, "")
    assert out.splitlines()[4:6] == [
        "     1  second         30         5             30               5",
        "     2  first          45        10             75              15",
    ]


@pytest.mark.parametrize("spelling", ["RUBICON", "Rubicon"])
def test_rules_in_any_case(spelling: str) -> None:
    assert as_json("--rules", spelling, *SEED_113_80)["value"] == 293


# -- JSON ---------------------------------------------------------------------------


def test_json_of_a_lurch() -> None:
    data = as_json(*LURCH)
    assert data == {
        "game": "au cent",
        "title": "Piquet au cent",
        "rules": "classic",
        "deals": [
            {
                "deal": 1,
                "dealer": "first",
                "elder": "second",
                "deal_points": {"first": 30, "second": 5},
                "totals": {"first": 30, "second": 5},
            },
            {
                "deal": 2,
                "dealer": "second",
                "elder": "first",
                "deal_points": {"first": 45, "second": 10},
                "totals": {"first": 75, "second": 15},
            },
            {
                "deal": 3,
                "dealer": "first",
                "elder": "second",
                "deal_points": {"first": 27, "second": 20},
                "totals": {"first": 102, "second": 35},
            },
        ],
        "totals": {"first": 102, "second": 35},
        "status": "won",
        "winner": "first",
        "value": 2,
        "lurch": True,
        "rubicon": False,
        "deals_left": None,
    }


@pytest.mark.parametrize(
    ("deals", "totals", "value", "rubicon"),
    [
        (SEED_113_80, [113, 80], 293, True),
        (SEED_88_84, [88, 84], 272, True),
        (SEED_180_142, [180, 142], 138, False),
    ],
)
def test_json_of_the_seed_settlements(
    deals: tuple[str, ...], totals: list[int], value: int, rubicon: bool
) -> None:
    data = as_json("--rules", "rubicon", *deals)
    assert (data["game"], data["title"], data["rules"]) == ("rubicon", "Rubicon Piquet", "rubicon")
    assert list(data["totals"].values()) == totals
    assert (data["status"], data["winner"], data["value"]) == ("won", "first", value)
    assert (data["lurch"], data["rubicon"], data["deals_left"]) == (False, rubicon, None)
    assert [deal["dealer"] for deal in data["deals"]] == ["first", "second"] * 3


def test_json_in_progress_and_void() -> None:
    data = as_json("--rules", "rubicon", *TIED_SIX)
    assert (data["status"], data["winner"], data["value"], data["deals_left"]) == (
        "in progress",
        None,
        None,
        2,
    )
    data = as_json("--rules", "rubicon", *TIED_SIX, "10-5", "5-10")
    assert (data["status"], data["winner"], data["value"], data["deals_left"]) == (
        "void",
        None,
        0,
        None,
    )
    data = as_json("20-10", "30-25")
    assert (data["status"], data["winner"], data["value"], data["deals_left"]) == (
        "in progress",
        None,
        None,
        None,
    )


# -- bad input: one line, status 2 ----------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("10-5", "7-"), f"deal 2 '7-': {EXPECTED}"),
        (("a-b",), f"deal 1 'a-b': {EXPECTED}"),
        (("10-5", "12-3-4"), f"deal 2 '12-3-4': {EXPECTED}"),
        (("10-5", "12"), f"deal 2 '12': {EXPECTED}"),
        (("10-5, 7-3",), f"deal 1 '10-5,': {EXPECTED}"),
        (("-5-3", "10-2"), "deal 1 '-5-3': points cannot be negative"),
        (("10-2", "-5-3"), "deal 2 '-5-3': points cannot be negative"),
        (("10-2", "--", "-5-3"), "deal 2 '-5-3': points cannot be negative"),
        (("10--5",), "deal 1 '10--5': points cannot be negative"),
        (("300-5",), "deal 1 '300-5': the two players score at most 205 together in one deal"),
        (
            ("249-249",),
            "deal 1 '249-249': the two players score at most 205 together in one deal",
        ),
        (
            ("30-5", "200-199"),
            "deal 2 '200-199': the two players score at most 205 together in one deal",
        ),
        (
            ("--dealer", "second", "10-5"),
            "No such option: --dealer: who deals first is --first-dealer first|second",
        ),
        (("10-5", "0-0"), "deal 2 '0-0': nobody scored; the last trick always scores"),
        (
            (*LURCH, "5-5"),
            "deal 4 '5-5' comes after the end of the game: "
            "the first player won it in deal 3, 102 to 35",
        ),
        (
            ("--rules", "rubicon", *SEED_180_142, "10-10"),
            "deal 7 '10-10' comes after the end of the game: the first player won it after "
            "6 deals, 180 to 142; two more deals follow only a tie",
        ),
        (
            ("--rules", "rubicon", *TIED_SIX, "10-5", "5-10", "7-3"),
            "deal 9 '7-3' comes after the end of the game: a tie after 8 deals voids it",
        ),
        (
            ("--rules", "english", "10-5"),
            "Invalid value for '--rules': 'english' is not one of 'classic', 'rubicon'.",
        ),
        (
            ("--first-dealer", "elder", "10-5"),
            "Invalid value for '--first-dealer': 'elder' is not one of 'first', 'second'.",
        ),
        ((), "missing DEAL: give it as an argument, or --file PATH for a file of them"),
        (("",), "no deals given: expected the two players' points as A-B, such as 23-7"),
        (("10-5", "--jsno"), "No such option: --jsno"),
        (("-j", "10-5"), "No such option: -j"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    assert invoke("piquet", "game", *args) == (2, "", f"Error: {message}\n")
    assert invoke("piquet", "game", "--json", *args) == (2, "", f"Error: {message}\n")


# -- batches ------------------------------------------------------------------------


GOOD_BATCH = "\n".join([" ".join(LURCH), "# a comment", "", "20-10   30-25\t45-60  "]) + "\n"
GOOD_LINES = [
    "the first player wins in deal 3, 102 to 35, the second lurched (under 50): 2 games",
    "in progress after 3 deals: first 95, second 95; 100 up",
]


def test_batch_text_is_the_result_line(tmp_path: Path) -> None:
    path = tmp_path / "parties.txt"
    path.write_text(GOOD_BATCH, encoding="utf-8")
    assert invoke("piquet", "game", "--file", str(path)) == (0, "\n".join(GOOD_LINES) + "\n", "")
    assert invoke("piquet", "game", "--file", "-", stdin=GOOD_BATCH) == (
        0,
        "\n".join(GOOD_LINES) + "\n",
        "",
    )


def test_batch_as_json_lines_is_each_line_given_alone() -> None:
    status, out, err = invoke("piquet", "game", "--file", "-", "--json", stdin=GOOD_BATCH)
    assert (status, err) == (0, "")
    assert [json.loads(line) for line in out.splitlines()] == [
        as_json(*LURCH),
        as_json("20-10", "30-25", "45-60"),
    ]


def test_batch_rules_and_first_dealer_apply_to_every_line() -> None:
    text = " ".join(SEED_113_80) + "\n" + " ".join(SEED_180_142) + "\n"
    status, out, err = invoke(
        "piquet",
        "game",
        "--file",
        "-",
        "--rules",
        "rubicon",
        "--first-dealer",
        "second",
        "--json",
        stdin=text,
    )
    assert (status, err) == (0, "")
    parties = [json.loads(line) for line in out.splitlines()]
    assert [partie["value"] for partie in parties] == [293, 138]
    assert parties[0]["deals"][0]["dealer"] == "second"


def test_bad_lines_are_reported_and_the_others_still_come_out() -> None:
    text = "\n".join([" ".join(LURCH), "7- 3-4", "60-20 40-30 5-5", "20-10 30-25 45-60"])
    status, out, err = invoke("piquet", "game", "--file", "-", stdin=text)
    assert status == 1
    assert out.splitlines() == GOOD_LINES
    assert err == (
        f"line 2: deal 1 '7-': {EXPECTED}\n"
        "line 3: deal 3 '5-5' comes after the end of the game: "
        "the first player won it in deal 2, 100 to 50\n"
    )


def test_deals_and_a_file_are_one_or_the_other() -> None:
    assert invoke("piquet", "game", "--file", "-", "10-5", stdin="20-3\n") == (
        2,
        "",
        "Error: give DEAL or --file PATH, not both\n",
    )
