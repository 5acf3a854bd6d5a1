"""`cribcount piquet sheet` through the command line: exact text, JSON, errors, batches."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support import invoke

PERSONS = ("--players", "Ann,Bob,Cy")

# a tour of three by turns and a deal of the next: Ann +16 Bob -16; Cy +11 Ann -11; a
# tie; Bob +38 Ann -38; Ann +32 Cy -32; Cy +61 Bob -61; Bob +4 Ann -4
TOUR = (
    "Ann-Bob 43-27",
    "Ann-Cy 20-31",
    "Bob-Cy 30-30",
    "Bob-Ann 50-12",
    "Cy-Ann 8-40",
    "Cy-Bob 61-0",
    "Ann-Bob 5-9",
)
TOUR_TEXT = """\
Piquet à écrire, 3 persons by turns: a tour is 6 deals

  deal  played    points      Ann    Bob    Cy
------  --------  --------  -----  -----  ----
     1  Ann-Bob   43-27       +16    -16     0
     2  Ann-Cy    20-31        +5    -16   +11
     3  Bob-Cy    30-30        +5    -16   +11
     4  Bob-Ann   50-12       -33    +22   +11
     5  Cy-Ann    8-40         -1    +22   -21
     6  Cy-Bob    61-0         -1    -39   +40
     7  Ann-Bob   5-9          -5    -35   +40

balances after 7 deals (1 tour and 1 deal): Ann -5, Bob -35, Cy +40
next: deal 8, Ann-Cy
"""

# the winner staying: Ann beats Bob, who waits behind Cy; Cy beats Ann, who waits behind
# Bob; Cy and Bob tie, so Bob, who came in, gives way to Ann; Ann beats Cy by 15
STAYS = ("Ann-Bob 43-27", "Ann-Cy 20-31", "Cy-Bob 30-30", "Ann-Cy 25-10")
STAYS_TEXT = """\
Piquet à écrire, 3 persons: the winner of each deal stays

  deal  played    points      Ann    Bob    Cy
------  --------  --------  -----  -----  ----
     1  Ann-Bob   43-27       +16    -16     0
     2  Ann-Cy    20-31        +5    -16   +11
     3  Cy-Bob    30-30        +5    -16   +11
     4  Cy-Ann    10-25       +20    -16    -4

balances after 4 deals: Ann +20, Bob -16, Cy -4
next: deal 5, Ann-Bob
"""


def sheet(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    return invoke("piquet", "sheet", *args, stdin=stdin)


def as_json(*args: str) -> Any:
    status, out, err = sheet(*args, "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


# -- text -------------------------------------------------------------------------------


def test_a_tour_by_turns() -> None:
    assert sheet(*PERSONS, *TOUR) == (0, TOUR_TEXT, "")


def test_the_winner_staying_with_a_tie() -> None:
    assert sheet(*PERSONS, "--seating", "winner-stays", *STAYS) == (0, STAYS_TEXT, "")


def test_deals_in_one_argument_separated_by_semicolons() -> None:
    assert sheet(*PERSONS, "; ".join(TOUR)) == (0, TOUR_TEXT, "")
    assert sheet(*PERSONS, "; ".join(TOUR[:3]), *TOUR[3:]) == (0, TOUR_TEXT, "")


def test_names_and_seating_in_any_case() -> None:
    lower = [deal.lower() for deal in STAYS]
    assert sheet(*PERSONS, "--seating", "WINNER-STAYS", *lower) == (0, STAYS_TEXT, "")


def test_seven_persons_fit_80_columns() -> None:
    # deal k goes k-0 to its first player: after a tour of 14 the first listed is
    # -1 -2 +4 +13 short and the last as much ahead; every other one is even
    names = ("Alfred", "Bertha", "Claude", "Denise", "Edmond", "Fanny", "Gaston")
    order = [
        (person, (person + step) % 7) for person in range(7) for step in (1, -1)
    ]  # his left, then his right
    deals = [f"{names[a]}-{names[b]} {k}-0" for k, (a, b) in enumerate(order, 1)]
    status, out, err = sheet("--players", ",".join(names), *deals)
    assert (status, err) == (0, "")
    assert max(len(line) for line in out.splitlines()) <= 80
    assert out.splitlines()[0] == "Piquet à écrire, 7 persons by turns: a tour is 14 deals"
    assert out.splitlines()[-3:] == [
        "balances after 14 deals (1 tour): Alfred -14, Bertha 0, Claude 0, Denise 0,",
        "  Edmond 0, Fanny 0, Gaston +14",
        "next: deal 15, Alfred-Bertha",
    ]


# -- JSON -------------------------------------------------------------------------------


def test_json_by_turns() -> None:
    data = as_json(*PERSONS, *TOUR)
    assert (data["game"], data["title"], data["seating"]) == (
        "à écrire",
        "Piquet à écrire",
        "turns",
    )
    assert data["players"] == ["Ann", "Bob", "Cy"]
    assert data["balances"] == {"Ann": -5, "Bob": -35, "Cy": 40}
    assert (data["tours"], data["next"]) == (1, ["Ann", "Cy"])
    assert [row["deal"] for row in data["deals"]] == list(range(1, 8))
    assert data["deals"][3] == {
        "deal": 4,
        "players": ["Bob", "Ann"],
        "deal_points": {"Bob": 50, "Ann": 12},
        "winner": "Bob",
        "difference": 38,
        "balances": {"Ann": -33, "Bob": 22, "Cy": 11},
    }
    assert data["deals"][2]["winner"] is None
    assert data["deals"][2]["difference"] == 0


def test_json_winner_stays() -> None:
    data = as_json(*PERSONS, "--seating", "winner-stays", *STAYS)
    assert [row["players"] for row in data["deals"]] == [
        ["Ann", "Bob"],
        ["Ann", "Cy"],
        ["Cy", "Bob"],
        ["Cy", "Ann"],
    ]
    # the last deal written Ann-Cy 25-10, kept in the seating's order
    assert data["deals"][3]["deal_points"] == {"Cy": 10, "Ann": 25}
    assert data["balances"] == {"Ann": 20, "Bob": -16, "Cy": -4}
    assert (data["tours"], data["next"]) == (None, ["Ann", "Bob"])


# -- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            (*PERSONS, "Ann-Bob 43-27", "Bob-Cy 1-2"),
            "deal 2 'Bob-Cy 1-2': Bob and Cy do not play it: "
            "by turns Ann plays it with Cy, on his right",
        ),
        (
            (*PERSONS, "--seating", "winner-stays", "Ann-Bob 43-27", "Ann-Cy 20-31", "Ann-Bob 1-2"),
            "deal 3 'Ann-Bob 1-2': Ann and Bob do not play it: "
            "Cy stays, having won deal 2, and Bob comes in, the next waiting",
        ),
        (
            (*PERSONS, "Ann-Bob", "43-27"),
            "deal 1 'Ann-Bob': expected who played and their points, such as 'Ann-Bob 43-27' "
            "(the names and the points make one deal: quote them together)",
        ),
        (
            (*PERSONS, "Ann-Dan 4-3"),
            "deal 1 'Ann-Dan 4-3': 'Dan' is not at the table: expected two of Ann, Bob, Cy",
        ),
        (
            (*PERSONS, "Ann-Bob 43-27", ""),
            "deal 2 '': expected who played and their points, such as 'Ann-Bob 43-27'",
        ),
        (
            ("--players", "Ann,Bob", "Ann-Bob 43-27"),
            "players 'Ann,Bob': 2 persons listed: piquet à écrire is for 3 to 7",
        ),
        (("Ann-Bob 43-27",), "Missing option '--players'."),
        (PERSONS, "missing DEAL: give it as an argument, or --file PATH for a file of them"),
        ((*PERSONS, "Ann-Bob 43-27", "--file", "x.txt"), "give DEAL or --file PATH, not both"),
        (
            (*PERSONS, "--seating", "rotation", "Ann-Bob 43-27"),
            "Invalid value for '--seating': 'rotation' is not one of 'turns', 'winner-stays'.",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    assert sheet(*args) == (2, "", f"Error: {message}\n")


def test_bad_players_refused_before_a_batch(tmp_path: Path) -> None:
    path = tmp_path / "sheets.txt"
    path.write_text("Ann-Bob 43-27\n", encoding="utf-8")
    assert sheet("--players", "Ann,Bob,ann", "--file", str(path)) == (
        2,
        "",
        "Error: players 'Ann,Bob,ann': Ann is listed twice: expected each person once\n",
    )


# -- batches ----------------------------------------------------------------------------

BATCH = """\
# one sheet a line, its deals separated by ';'
Ann-Bob 43-27; Ann-Cy 20-31

Ann-Cy 1-2
Ann-Bob 5-5
"""


def test_batch_lines_and_a_bad_one() -> None:
    assert sheet(*PERSONS, "--file", "-", stdin=BATCH) == (
        1,
        "balances after 2 deals: Ann +5, Bob -16, Cy +11; next: deal 3, Bob-Cy\n"
        "balances after 1 deal: Ann 0, Bob 0, Cy 0; next: deal 2, Ann-Cy\n",
        "line 4: deal 1 'Ann-Cy 1-2': Ann and Cy do not play it: "
        "by turns Ann plays it with Bob, on his left\n",
    )


def test_batch_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "sheets.txt"
    path.write_text("Ann-Bob 43-27; Ann-Cy 20-31\nAnn-Bob 5-5\n", encoding="utf-8")
    status, out, err = sheet(*PERSONS, "--seating", "winner-stays", "--file", str(path), "--json")
    assert (status, err) == (0, "")
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["balances"] == {"Ann": 5, "Bob": -16, "Cy": 11}
    assert first["next"] == ["Cy", "Bob"]
    # a tie in the first deal: Bob, the second listed, gives way to Cy
    assert second["balances"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert second["next"] == ["Ann", "Cy"]


def test_help_has_examples() -> None:
    status, out, _ = sheet("--help")
    assert status == 0
    assert "Examples:" in out
    assert "--seating [turns|winner-stays]" in out
