"""`cribcount conquian meld|use`: exact text, JSON, one-line errors, batches, help."""

from __future__ import annotations

import json

import pytest
from support import invoke

BOOK = "♡ J 7 6 4; ♠ 5 3 2; ♢ K 7 5"

BOOK_MELD = """\
Conquian, 40-card Spanish pack: hand 2S 3S 5S 4H 6H 7H JH 5D 7D KD
down 3 of 10, 1 arrangement:
  6H 7H JH
loose: 2S 3S 5S 4H 5D 7D KD
outs: none of 30 unseen cards
"""

# 7H grows the run or makes the sevens four; the 4S makes 2 3 4 5 of spades and all
# eleven go down; the 3S could be forced on the opponent's three 3s.
TABLE_MELD = """\
Conquian, 40-card Spanish pack: hand 2S 3S 5S 7H
table: 4H 5H 6H | 7S 7D 7C
their table: JD QD KD | 3H 3D 3C
down 7 of 10, 2 arrangements:
  4H 5H 6H | 7S 7H 7D 7C
  4H 5H 6H 7H | 7S 7D 7C
loose in every one: 2S 3S 5S
outs: 4S, 1 of 24 unseen cards (chance 1/24 = 0.0417)
forcing: 3S on 3H 3D 3C (held)
"""

KINGS = """\
Conquian, 40-card Spanish pack: hand KS 6D KD 2C 3C 4C
table: AH 2H 3H 4H
their table: 5C 6C 7C
offered KH; 26 unseen cards

use       shown    discard        outs         chance    useful
--------  -------  -----------  ------  -------------  --------
KS KH KD  KS KD    6D                3  3/26 = 0.1154         3
                   2C                0              0         4
                   3C                0              0         4
                   4C (forces)       0              0         3

passing: 0 outs (chance 0), 3 useful; passing keeps no more outs
forcing: 4C on 5C 6C 7C (held); JC on 5C 6C 7C (unseen)
"""

OUT = """\
Conquian, 40-card Spanish pack: hand 2S 3S 5S 7H
table: 4H 5H 6H | 7S 7D 7C
offered 4S; 29 unseen cards

use          shown     discard      outs    chance    useful
-----------  --------  ---------  ------  --------  --------
2S 3S 4S     2S 3S     goes out
3S 4S 5S     3S 5S     goes out
2S 3S 4S 5S  2S 3S 5S  goes out

passing: 0 outs (chance 0), 3 useful; passing keeps no more outs
"""


def test_meld_text() -> None:
    assert invoke("conquian", "meld", BOOK) == (0, BOOK_MELD, "")
    args = ("7H", "2S", "3S", "5S", "--table", "4H 5H 6H | 7C 7D 7S")
    code, out, _ = invoke(
        "conquian", "meld", *args, "--their-table", "JD QD KD | 3H 3D 3C", "--force"
    )
    assert (code, out) == (0, TABLE_MELD)


def test_meld_json() -> None:
    code, out, _ = invoke(
        "conquian", "meld", "7H 2S 3S 5S", "--table", "4H 5H 6H | 7C 7D 7S", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert {key: data[key] for key in ("down", "loose", "outs", "unseen")} == {
        "down": 7,
        "loose": ["2S", "3S", "5S"],
        "outs": ["4S"],
        "unseen": 30,
    }
    assert data["arrangements"] == [
        [["4H", "5H", "6H"], ["7S", "7H", "7D", "7C"]],
        [["4H", "5H", "6H", "7H"], ["7S", "7D", "7C"]],
    ]
    assert data["chance"] == 1 / 30


def test_meld_full_pack_lists_every_arrangement() -> None:
    code, out, _ = invoke("conquian", "meld", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "--pack", "full")
    assert code == 0
    assert "down 10 of 10, 9 arrangements:" in out
    assert out.endswith("outs: AH QH, 2 of 42 unseen cards (chance 2/42 = 0.0476)\n")


def test_use_text() -> None:
    args = ("KH", "--hand", "KS KD 2C 3C 4C 6D", "--table", "AH 2H 3H 4H")
    assert invoke("conquian", "use", *args, "--their-table", "5C 6C 7C", "--force") == (
        0,
        KINGS,
        "",
    )
    args = ("4S", "--hand", "7H 2S 3S 5S", "--table", "4H 5H 6H | 7C 7D 7S")
    assert invoke("conquian", "use", *args) == (0, OUT, "")


def test_use_the_books_example_json() -> None:
    code, out, _ = invoke("conquian", "use", "♡5", "--hand", BOOK, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["card"] == "5H" and data["unseen"] == 29
    assert [use["combination"] for use in data["uses"]][:3] == [
        ["4H", "5H", "6H"],
        ["4H", "5H", "6H", "7H"],
        ["5H", "6H", "7H"],
    ]
    assert data["uses"][2]["discards"][0]["card"] == "KD"
    assert data["pass"]["outs"] == [] and data["passing_keeps_more"] is False


def test_a_card_that_cannot_be_used() -> None:
    code, out, _ = invoke("conquian", "use", "KH", "--hand", BOOK)
    assert code == 0
    assert "the KH cannot be used: pass it\npassing: 0 outs (chance 0), 6 useful\n" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("meld", BOOK, "8C"),
            "Error: invalid rank '8C' in '♡ J 7 6 4; ♠ 5 3 2; ♢ K 7 5 8C': the Spanish "
            "pack's ranks are A, 2 to 7, J, Q and K\n",
        ),
        (
            ("meld", "JH 7H 6H 4H 5S 3S 2S KD 7D"),
            "Error: the hand '2S 3S 5S 4H 6H 7H JH 7D KD' holds 9 cards: a player holds 10, "
            "in his hand and on his table together\n",
        ),
        (
            ("meld", "7H 2S 3S 5S", "--table", "4H 5H | 7C 7D 7S"),
            "Error: '4H 5H' in the table is no combination: expected a sequence of three or "
            "more cards of one suit in order, or three or four of a rank\n",
        ),
        (
            ("use", "5S", "--hand", BOOK),
            "Error: card '5S' is in the hand and is the card offered: each card is in one place\n",
        ),
        (
            ("use", "--hand", BOOK),
            "Error: missing CARD: give the card offered, or --file PATH for a file of them\n",
        ),
        (("use", "5H"), "Error: conquian use needs --hand (or --file)\n"),
        (
            ("use", "5H 6H", "--hand", BOOK),
            "Error: the card offered '5H 6H': expected one card, such as '5H'\n",
        ),
        (
            ("meld",),
            "Error: missing HAND: give it as an argument, or --file PATH for a file of them\n",
        ),
    ],
)
def test_errors(args: tuple[str, ...], message: str) -> None:
    code, out, err = invoke("conquian", *args)
    assert (code, out, err) == (2, "", message)


def test_meld_batch() -> None:
    lines = f"{BOOK}\n# a comment\n7H 2S 3S 5S / 4H 5H 6H | 7C 7D 7S / / 4S\n8H\n"
    code, out, err = invoke("conquian", "meld", "--file", "-", stdin=lines)
    assert code == 1
    assert out == (
        "2S 3S 5S 4H 6H 7H JH 5D 7D KD: down 3 (6H 7H JH); outs 0 of 30\n"
        "2S 3S 5S 7H: down 7 (4H 5H 6H | 7S 7H 7D 7C); outs 0 of 29\n"
    )
    assert err == (
        "line 4: invalid card '8H' in '8H': the Spanish pack's ranks are A, 2 to 7, J, Q and K\n"
    )


def test_use_batch() -> None:
    lines = "5H / " + BOOK + "\n4S / 7H 2S 3S 5S / 4H 5H 6H | 7C 7D 7S\n4S\n"
    code, out, err = invoke("conquian", "use", "--file", "-", stdin=lines)
    assert code == 1
    assert out == (
        "5H: 4H 5H 6H, discard KD: 0 outs of 29; passing 0 outs\n4S: 2S 3S 4S, goes out\n"
    )
    assert err == (
        "line 3: 1 part on the line: expected the card, the hand, the table, the opponent's "
        "table and the seen, separated by '/'\n"
    )
    code, out, _ = invoke("conquian", "use", "--file", "-", "--json", stdin=lines[:-3])
    assert [json.loads(line)["card"] for line in out.splitlines()] == ["5H", "4S"]


def test_batch_refuses_single_options() -> None:
    code, _, err = invoke("conquian", "meld", "--file", "-", "--table", "4H 5H 6H", stdin="")
    assert (code, err) == (
        2,
        "Error: --table is for a single input; it cannot be used with --file\n",
    )


def test_help_has_examples() -> None:
    for command in ("meld", "use"):
        code, out, _ = invoke("conquian", command, "--help")
        assert code == 0 and "Examples:" in out
