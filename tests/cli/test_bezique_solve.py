"""`cribcount bezique solve` through the command line: exact text, JSON, batches, one-line
errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support import invoke

FIRST = "AH 10H KH AS 10S 7S AC 9C 8D"
SECOND = "QH JH 9H KS QS JS 10C KD 7D"
HANDS = f"{FIRST} | {SECOND}"
COMPILE_NOTES = (
    "compiling kernels, first run only\n",
    "numba cache damaged: recompiling kernels\n",
)

# Hearts trumps. The first's three aces and the ten of spades take the second's king,
# queens and ten of clubs: 10 + 10 + 20 + 10. Then the nine of clubs: the second, void,
# must trump it (a knave: no brisque); he leads the king of diamonds and the knave of
# spades, which the first's eight and seven must follow; his nine of trumps led, the
# first must win it, with the ten (10), and the king of trumps takes the last trick
# (50): 110, every brisque and the last trick. Had the first led the ten of trumps
# before the nine of clubs, the second would have kept a trump, won the clubs with it
# and led the seven of diamonds, forcing the king of trumps out before the last trick.
SOLVED = """\
Rubicon Bézique, hearts trumps: the last nine tricks solved
first   AH 10H KH AS 10S 7S AC 9C 8D
second  QH JH 9H KS QS JS 10C KD 7D

  trick  leader    cards    winner      first pts    second pts
-------  --------  -------  --------  -----------  ------------
      1  first     AS KS    first              10             0
      2  first     AH QH    first              10             0
      3  first     AC 10C   first              20             0
      4  first     10S QS   first              10             0
      5  first     9C JH    second              0             0
      6  second    KD 8D    second              0             0
      7  second    JS 7S    second              0             0
      8  second    9H 10H   first              10             0
      9  first     KH 7D    first              50             0

brisques won: first 6, second 0
last trick: first 50
value 110 for the first, who leads: first 110 points, second 0 points
"""

ACES = "AS AS AS AS AH AH AH AH AD"
SEVENS = "7S 7S 7S 7S 7H 7H 7H 7H 7D"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``bezique solve ARGS``: exit status, output and errors; a note of the kernels' first
    compile is no error."""
    status, out, err = invoke("bezique", "solve", *args, stdin=stdin)
    for note in COMPILE_NOTES:
        err = err.removeprefix(note)
    return status, out, err


def as_json(*args: str) -> Any:
    status, out, err = run(*args, "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


def test_the_last_nine_tricks_solved() -> None:
    assert run("--hands", HANDS, "--trump", "H") == (0, SOLVED, "")


@pytest.mark.parametrize("trump", ["h", "♥", "♡", "hearts"])
def test_the_trump_in_any_notation(trump: str) -> None:
    assert run("--hands", HANDS, "--trump", trump) == (0, SOLVED, "")


def test_symbols() -> None:
    status, out, _ = run("--hands", HANDS, "--trump", "H", "--symbols")
    assert status == 0
    assert out.splitlines()[1] == "first   A♥ 10♥ K♥ A♠ 10♠ 7♠ A♣ 9♣ 8♦"
    assert out.splitlines()[10] == "      5  first     9♣ J♥    second              0             0"


def test_json() -> None:
    # Nine aces against nine sevens of their suits, clubs trumps: the first wins every
    # trick, a brisque each (10), the last 50 more; the aces of spades led first, then
    # of hearts, then of diamonds.
    leads = ["AS"] * 4 + ["AH"] * 4 + ["AD"]
    replies = ["7S"] * 4 + ["7H"] * 4 + ["7D"]
    assert as_json("--hands", f"{ACES} | {SEVENS}", "--trump", "C") == {
        "hands": {"first": ACES.split(), "second": SEVENS.split()},
        "trump": "C",
        "leader": "first",
        "value": 140,
        "points": {"first": 140, "second": 0},
        "brisques": {"first": 9, "second": 0},
        "last_trick": "first",
        "tricks": [
            {
                "trick": number,
                "leader": "first",
                "cards": [lead, reply],
                "winner": "first",
                "trick_points": {"first": 60 if number == 9 else 10, "second": 0},
            }
            for number, (lead, reply) in enumerate(zip(leads, replies, strict=True), start=1)
        ],
        "line": [card for pair in zip(leads, replies, strict=True) for card in pair],
    }


def test_the_second_leading() -> None:
    # The second leads a seven, which the first must win with its ace, and the first then
    # leads his aces: the value is the second's 0 points minus the first's 140.
    found = as_json("--hands", f"{ACES} | {SEVENS}", "--trump", "C", "--leader", "second")
    assert (found["leader"], found["value"], found["points"]) == (
        "second",
        -140,
        {"first": 140, "second": 0},
    )
    assert found["tricks"][0] == {
        "trick": 1,
        "leader": "second",
        "cards": ["7S", "AS"],
        "winner": "first",
        "trick_points": {"first": 10, "second": 0},
    }
    status, out, _ = run("--hands", f"{ACES} | {SEVENS}", "--trump", "C", "--leader", "SECOND")
    assert status == 0
    assert out.splitlines()[-1] == (
        "value -140 for the second, who leads: first 140 points, second 0 points"
    )


def test_a_batch_keeps_the_good_lines(tmp_path: Path) -> None:
    path = tmp_path / "endings.txt"
    path.write_text(
        f"# hand | hand | trump\n{HANDS} | H\n\n{FIRST} | 8D\n{ACES} | {SEVENS} | C\n{HANDS}\n",
        encoding="utf-8",
    )
    status, out, err = run("--file", str(path))
    assert status == 1
    assert out == (
        "value 110 for the first, who leads: first 110 points, second 0 points;"
        " brisques first 6, second 0; last trick first\n"
        "value 140 for the first, who leads: first 140 points, second 0 points;"
        " brisques first 9, second 0; last trick first\n"
    )
    assert err == (
        "line 4: 2 parts on the line: expected the first's hand, the second's and the trump,"
        " separated by '|'\n"
        "line 6: 2 parts on the line: expected the first's hand, the second's and the trump,"
        " separated by '|'\n"
    )


def test_a_batch_takes_the_trump_of_the_option_where_a_line_names_none() -> None:
    status, out, err = run("--file", "-", "--trump", "C", "--json", stdin=f"{ACES} | {SEVENS}\n")
    assert (status, err) == (0, "")
    assert json.loads(out)["value"] == 140
    assert out.count("\n") == 1
    # the line's own trump is kept: hearts here, as in the example above
    status, out, err = run("--file", "-", "--trump", "C", stdin=f"{HANDS} | H\n")
    assert (status, err) == (0, "")
    assert out.startswith("value 110 for the first")


def test_a_bad_line_of_a_batch_is_reported_with_its_number() -> None:
    status, out, err = run("--file", "-", stdin=f"{HANDS} | X\n{FIRST} | {FIRST} | {FIRST} | H\n")
    assert (status, out) == (1, "")
    assert err == (
        "line 1: invalid trump 'X': expected a suit, S, H, D or C (or ♠ ♥ ♦ ♣)\n"
        "line 2: 4 parts on the line: expected the first's hand, the second's and the trump,"
        " separated by '|'\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--hands", HANDS, "--trump", "X"), "invalid trump 'X': expected a suit, S, H, D or C"),
        (
            ("--hands", "AH 10H | QH JH", "--trump", "H"),
            "the first's hand 'AH 10H' has 2 cards: expected 9",
        ),
        (
            ("--hands", f"{FIRST} | {SECOND} 7C", "--trump", "H"),
            "the second's hand 'QH JH 9H KS QS JS 10C KD 7D 7C' has 10 cards: expected 9",
        ),
        (
            ("--hands", f"{ACES} | AS 7S 7S 7S 7H 7H 7H 7H 7D", "--trump", "H"),
            "card 'AS' a fifth time (in the second's hand): the four packs hold 4 of each card",
        ),
        (
            ("--hands", FIRST, "--trump", "H"),
            f"hands '{FIRST}': expected the first's nine cards and the second's,"
            " separated by one '|'",
        ),
        (
            ("--hands", f" | {SECOND}", "--trump", "H"),
            "hands ' | QH JH 9H KS QS JS 10C KD 7D': the first's is empty, expected nine cards",
        ),
        (
            ("--hands", f"{FIRST} | QH JH 9H KS QS JS 10C KD 6D", "--trump", "H"),
            "invalid card '6D' in 'QH JH 9H KS QS JS 10C KD 6D': bézique's ranks are 7, 8, 9,"
            " 10 (or T), J, Q, K and A",
        ),
        (("--trump", "H"), "give both hands: --hands 'FIRST | SECOND', the first's nine cards"),
        (("--hands", HANDS), "give the trump suit: --trump S, H, D or C"),
        (
            ("--hands", HANDS, "--trump", "H", "--leader", "third"),
            "Invalid value for '--leader': 'third' is not one of 'first', 'second'.",
        ),
        (
            ("--hands", HANDS, "--file", "-"),
            "--file reads the hands from each line: give no --hands",
        ),
    ],
)
def test_errors(args: tuple[str, ...], message: str) -> None:
    status, out, err = run(*args)
    assert (status, out) == (2, "")
    assert err.startswith(f"Error: {message}")
    assert err.count("\n") == 1
