"""`cribcount piquet play` through the command line: exact text, JSON, batches, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import invoke

ELDER = "♡ A 9; ♣ A K Q J; ♢ K Q J 10 9; ♠ K"
YOUNGER = "♡ Q J 8 7; ♣ 10 9 8; ♢ A 8 7; ♠ A Q"
PIC = ["AC", "8C", "KC", "9C", "QC", "10C"]

PIC_TEXT = """\
Piquet au cent, classic rules
elder   AH 9H AC KC QC JC KD QD JD 10D 9D KS
younger QH JH 8H 7H 10C 9C 8C AD 8D 7D AS QS

  trick  leader    cards    winner    scores          elder    younger
-------  --------  -------  --------  ------------  -------  ---------
                                      declarations       27          0
      1  elder     AC 8C    elder     elder lead 1       28          0
      2  elder     KC 9C    elder     elder lead 1       29          0
      3  elder     QC 10C   elder     elder lead 1       60          0
                                      elder pic 30

tricks: elder 3, younger 0
in progress: the elder to play to trick 4
repic: none
pic: elder 30, reached in trick 3
totals: elder 60, younger 0
"""


def test_the_seeds_pic_as_text() -> None:
    assert invoke("piquet", "play", "--elder", ELDER, "--younger", YOUNGER, *PIC) == (
        0,
        PIC_TEXT,
        "",
    )


def test_the_play_may_be_one_quoted_argument_or_glyphs() -> None:
    assert (
        invoke("piquet", "play", "--elder", ELDER, "--younger", YOUNGER, " ".join(PIC))[1]
        == PIC_TEXT
    )
    glyphs = "🃑 🃘 🃞 🃙 🃝 🃚"  # A K Q of clubs led, 8 9 10 of clubs followed
    assert invoke("piquet", "play", "--elder", ELDER, "--younger", YOUNGER, glyphs)[1] == PIC_TEXT


def test_json_rows_and_totals_by_role() -> None:
    status, out, _ = invoke(
        "piquet", "play", "--elder", ELDER, "--younger", YOUNGER, "--json", *PIC
    )
    data = json.loads(out)
    assert status == 0
    assert data["game"] == "au cent"
    assert data["declarations"] == {"elder": 27, "younger": 0}
    assert [row["totals"] for row in data["tricks"]] == [
        {"elder": 28, "younger": 0},
        {"elder": 29, "younger": 0},
        {"elder": 60, "younger": 0},
    ]
    assert data["tricks"][2]["trick_points"] == {"elder": 31, "younger": 0}
    assert data["pic"] == {"role": "elder", "points": 30, "trick": 3}
    assert data["totals"] == {"elder": 60, "younger": 0}
    assert data["to_play"] == "elder" and data["complete"] is False


def test_the_seeds_capot_hand_with_the_cards_and_totals() -> None:
    elder = "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"
    younger = "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9"
    played = "AH 9S KH 10S QH JS JH QS AC 8C KC 9C QC 10C AD 9D KD 10D QD JD AS KS 7D JC"
    status, out, _ = invoke("piquet", "play", "--elder", elder, "--younger", younger, played)
    assert status == 0
    assert out.endswith(
        "tricks: elder 12, younger 0\ncapot: elder 40\nrepic: none\npic: none\n"
        "totals: elder 71, younger 27\n"
    )


def test_voleur_shows_the_sides() -> None:
    hands = ("♡ A; ♠ A; ♢ A Q; ♣ A Q J 10", "♠ K Q J 10; ♢ J 10 9 8")
    hands += ("♡ K Q J; ♢ K 7; ♣ K 9 8", "♡ 10 9 8 7; ♠ 9 8 7; ♣ 7")
    args = [arg for hand in hands for arg in ("--hand", hand)]
    status, out, _ = invoke("piquet", "play", "--players", "4", *args, "AC KS 9C 7C")
    assert status == 0
    assert out.endswith("side elder and third: 22\nside second and dealer: 25\n")


def test_a_batch_keeps_the_good_lines(tmp_path: Path) -> None:
    lines = [
        f"{ELDER} | {YOUNGER} | {' '.join(PIC)}",
        f"{ELDER} | {YOUNGER} | AC 8C AC",
        "AH",
        f"{ELDER} | {YOUNGER} |",
    ]
    path = tmp_path / "deals.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = invoke("piquet", "play", "--file", str(path))
    assert status == 1
    assert out == (
        "elder 60, younger 0; tricks 3-0; elder pic 30; in progress, the elder to play\n"
        "elder 27, younger 0; tricks 0-0; no pic, repic, cards or capot; "
        "in progress, the elder to play\n"
    )
    assert err == (
        "line 2: trick 2: AC was played in trick 1\n"
        "line 3: 1 part on the line: expected 2 hands and the cards played, separated by '|'\n"
    )


def test_a_batch_line_of_the_hands_alone_is_a_play_not_begun(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text(f"{ELDER} | {YOUNGER}\n{ELDER} | {YOUNGER} | AC 8C | KC\n", encoding="utf-8")
    status, out, err = invoke("piquet", "play", "--file", str(path))
    assert (status, out) == (
        1,
        "elder 27, younger 0; tricks 0-0; no pic, repic, cards or capot; "
        "in progress, the elder to play\n",
    )
    assert err == (
        "line 2: 4 parts on the line: expected 2 hands and the cards played, separated by '|'\n"
    )
    path.write_text(f"{ELDER} | {YOUNGER}\n", encoding="utf-8")
    single = invoke("piquet", "play", "--elder", ELDER, "--younger", YOUNGER, "--json")
    assert invoke("piquet", "play", "--file", str(path), "--json") == single
    assert json.loads(single[1])["tricks"] == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--elder", ELDER, "--younger", YOUNGER, "AC 8C KC 7H"],
            "trick 2: the younger must follow clubs with 10C 9C, not 7H",
        ),
        (
            ["--elder", ELDER, "--younger", YOUNGER, "AC 8C 9C"],
            "trick 2: the elder plays 9C but does not hold it (the younger does)",
        ),
        (
            ["--elder", ELDER, "--younger", YOUNGER, "AC 8C 5C"],
            "invalid card '5C' in trick 2: piquet's ranks are 7, 8, 9, 10 (or T), J, Q, K and A",
        ),
        (["--elder", ELDER, "AC"], "--elder and --younger go together: give both hands"),
        (["AC"], "give the hands: --elder and --younger, or one --hand per player"),
        (
            ["--elder", ELDER, "--younger", "AH KH"],
            "the younger's hand 'AH KH' has 2 cards: expected 12",
        ),
        (
            ["--elder", ELDER, "--younger", YOUNGER, "--file", "-"],
            "--file reads the hands and the play from each line: give no others",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str) -> None:
    status, out, err = invoke("piquet", "play", *args)
    assert (status, out) == (2, "")
    assert err == f"Error: {message}\n"


@pytest.mark.parametrize("command", ["play", "solve"])
def test_the_cards_played_are_arguments_in_play_and_solve(command: str) -> None:
    # the same cards the same way to both: AC led and won, then KC
    hands = ("--elder", ELDER, "--younger", YOUNGER)
    status, out, err = invoke("piquet", command, *hands, "--json", "AC", "8C", "KC")
    assert (status, err.endswith("")) == (0, True)
    data = json.loads(out)
    cards = [card for trick in data["tricks"] for card in trick["cards"]]
    assert cards[:3] == ["AC", "8C", "KC"]
    hint = (
        "Error: No such option: --played: give the cards played as arguments after the "
        "options, in order, such as 'AH 9S KH 10S'\n"
    )
    assert invoke("piquet", command, *hands, "--played", "AC 8C") == (2, "", hint)


@pytest.mark.parametrize("command", ["play", "solve"])
def test_dealer_is_no_option_of_play_or_solve(command: str) -> None:
    status, out, err = invoke("piquet", command, "--elder", ELDER, "--dealer", YOUNGER)
    assert (status, out) == (2, "")
    assert err.startswith(
        "Error: No such option: --dealer: the dealer is the younger hand: give his cards as "
        "--younger"
    )
    assert "Did you mean" not in err
