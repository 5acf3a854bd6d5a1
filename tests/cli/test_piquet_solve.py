"""`cribcount piquet solve` through the command line: exact text, JSON, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support import invoke

ELDER = "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"
YOUNGER = "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9"
ELDER_TOKENS = "AH KH QH JH AC KC QC AD KD QD 7D AS"
YOUNGER_TOKENS = "JC 10C 9C 8C JD 10D 9D KS QS JS 10S 9S"
COMPILE_NOTES = (
    "compiling kernels, first run only\n",
    "numba cache damaged: recompiling kernels\n",
)

# The elder leads everything; the younger, void in hearts, follows or discards his
# highest card allowed (the first of equals). Eleven cards led are tens or better: 11,
# and capot: 40.
CAPOT_TEXT = """\
Piquet au cent, classic rules: the play solved double dummy
elder   AH KH QH JH AC KC QC AD KD QD 7D AS
younger JC 10C 9C 8C JD 10D 9D KS QS JS 10S 9S

  trick  leader    cards    winner      elder pts    younger pts
-------  --------  -------  --------  -----------  -------------
      1  elder     AS KS    elder               1              0
      2  elder     AH QS    elder               1              0
      3  elder     AD JD    elder               1              0
      4  elder     AC JC    elder               1              0
      5  elder     KH JS    elder               1              0
      6  elder     KD 10D   elder               1              0
      7  elder     KC 10C   elder               1              0
      8  elder     QH 10S   elder               1              0
      9  elder     QD 9D    elder               1              0
     10  elder     QC 9C    elder               1              0
     11  elder     JH 9S    elder               1              0
     12  elder     7D 8C    elder               0              0

capot: elder 40
value 51: elder 51 points, 12 tricks; younger 0 points, 0 tricks
tricks each can make however the other plays: elder 12, younger 0
cards: the elder can force them
capot: the elder can force it
"""

# The 7 of diamonds led early, with its trick in progress: the younger wins it with the
# ten (1) rather than the nine, then leads a ten or better (1); the elder wins that
# trick (1) and leads his nine cards left, all the best of their suits (9), with the
# last trick (1) and the cards (10): 1 + 1 + 9 + 1 + 10 = 22 against 2.
LEAD_GIVEN_TEXT = """\
Piquet au cent, classic rules: the play solved double dummy
elder   AH KH QH JH AC KC QC AD KD QD 7D AS
younger JC 10C 9C 8C JD 10D 9D KS QS JS 10S 9S

  trick  leader    cards    winner      elder pts    younger pts  play
-------  --------  -------  --------  -----------  -------------  ----------
      1  elder     AD JD    elder               1              0  given
      2  elder     7D 10D   younger             0              1  lead given
      3  younger   KS AS    elder               1              1
      4  elder     AH QS    elder               1              0
      5  elder     AC JC    elder               1              0
      6  elder     KH JS    elder               1              0
      7  elder     KD 9D    elder               1              0
      8  elder     KC 10C   elder               1              0
      9  elder     QH 10S   elder               1              0
     10  elder     QD 9S    elder               1              0
     11  elder     QC 9C    elder               1              0
     12  elder     JH 8C    elder               1              0

last trick: elder 1
cards: elder 10
value 20: elder 22 points, 11 tricks; younger 2 points, 1 trick
tricks each can make however the other plays: elder 11, younger 1
cards: the elder can force them
capot: neither side can force it
"""


def run(*args: str) -> tuple[int, str, str]:
    """``piquet solve ARGS``: exit status, output and errors; a note of the kernels' first
    compile is no error."""
    status, out, err = invoke("piquet", "solve", *args)
    for note in COMPILE_NOTES:
        err = err.removeprefix(note)
    return status, out, err


def as_json(*args: str) -> Any:
    status, out, err = run(*args, "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


def test_the_seeds_capot_hand() -> None:
    assert run("--elder", ELDER, "--younger", YOUNGER) == (0, CAPOT_TEXT, "")


def test_hands_as_tokens_read_the_same() -> None:
    assert run("--elder", ELDER_TOKENS, "--younger", YOUNGER_TOKENS) == (0, CAPOT_TEXT, "")


def test_a_lead_given() -> None:
    assert run("--elder", ELDER, "--younger", YOUNGER, "AD JD 7D") == (
        0,
        LEAD_GIVEN_TEXT,
        "",
    )


def test_symbols() -> None:
    status, out, _ = run("--elder", ELDER, "--younger", YOUNGER, "--symbols")
    assert status == 0
    assert out.splitlines()[1] == "elder   A♥ K♥ Q♥ J♥ A♣ K♣ Q♣ A♦ K♦ Q♦ 7♦ A♠"
    assert "      1  elder     A♠ K♠    elder               1              0" in out.splitlines()


def test_rubicon_counts_the_seven_led() -> None:
    status, out, _ = run("--elder", ELDER, "--younger", YOUNGER, "--rules", "rubicon")
    assert status == 0
    assert out.splitlines()[0] == "Rubicon Piquet: the play solved double dummy"
    assert "value 52: elder 52 points, 12 tricks; younger 0 points, 0 tricks" in out


def test_json() -> None:
    data = as_json("--elder", ELDER, "--younger", YOUNGER)
    assert list(data) == [
        "game",
        "title",
        "rules",
        "hands",
        "played",
        "value",
        "play_points",
        "tricks_won",
        "tricks",
        "end",
        "line",
        "sure_tricks",
        "cards_forced",
        "capot_forced",
    ]
    assert (data["game"], data["title"], data["rules"]) == ("au cent", "Piquet au cent", "classic")
    assert data["hands"] == {"elder": ELDER_TOKENS.split(), "younger": YOUNGER_TOKENS.split()}
    assert data["played"] == []
    assert data["value"] == 51
    assert data["play_points"] == {"elder": 51, "younger": 0}
    assert data["tricks_won"] == {"elder": 12, "younger": 0}
    assert data["tricks"][0] == {
        "trick": 1,
        "leader": "elder",
        "cards": ["AS", "KS"],
        "winner": "elder",
        "trick_points": {"elder": 1, "younger": 0},
        "given": 0,
    }
    assert [trick["cards"] for trick in data["tricks"]] == [
        data["line"][index : index + 2] for index in range(0, 24, 2)
    ]
    assert data["end"] == [{"kind": "capot", "role": "elder", "points": 40}]
    assert data["sure_tricks"] == {"elder": 12, "younger": 0}
    assert data["cards_forced"] == {"elder": True, "younger": False}
    assert data["capot_forced"] == {"elder": True, "younger": False}


def test_json_with_tricks_given() -> None:
    data = as_json("--elder", ELDER, "--younger", YOUNGER, "AD JD 7D")
    assert data["played"] == ["AD", "JD", "7D"]
    assert data["line"][0] == "10D"
    assert len(data["line"]) == 21
    assert [trick["given"] for trick in data["tricks"][:3]] == [2, 1, 0]
    assert (data["value"], data["play_points"], data["tricks_won"]) == (
        20,
        {"elder": 22, "younger": 2},
        {"elder": 11, "younger": 1},
    )
    assert data["end"] == [
        {"kind": "last trick", "role": "elder", "points": 1},
        {"kind": "cards", "role": "elder", "points": 10},
    ]
    assert data["cards_forced"] == {"elder": True, "younger": False}
    assert data["capot_forced"] == {"elder": False, "younger": False}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--elder", ELDER), "give both hands: --elder and --younger"),
        (("--younger", YOUNGER), "give both hands: --elder and --younger"),
        (
            ("--elder", ELDER, "--younger", "JC 10C"),
            "the younger's hand 'JC 10C' has 2 cards: expected 12",
        ),
        (
            ("--elder", f"{ELDER_TOKENS} 7H", "--younger", YOUNGER),
            "the elder's hand 'AH KH QH JH AC KC QC AD KD QD 7D AS 7H' has 13 cards: expected 12",
        ),
        (
            ("--elder", ELDER, "--younger", "AH 10C 9C 8C JD 10D 9D KS QS JS 10S 9S"),
            "card 'AH' is in both the elder's and the younger's hand: each card is dealt once",
        ),
        (
            ("--elder", ELDER, "--younger", YOUNGER, "JC"),
            "trick 1: the elder plays JC but does not hold it (the younger does)",
        ),
        (
            ("--elder", ELDER, "--younger", YOUNGER, "AH KS AH"),
            "trick 2: AH was played in trick 1",
        ),
        (
            ("--elder", ELDER, "--younger", YOUNGER, "AD JD 7D 9S"),
            "trick 2: the younger must follow diamonds with 10D 9D, not 9S",
        ),
        (
            ("--elder", ELDER, "--younger", YOUNGER, "AH KS 5H"),
            "invalid card '5H' in trick 2: piquet's ranks are 7, 8, 9, 10 (or T), J, Q, K and A",
        ),
        (
            ("--elder", ELDER, "--younger", YOUNGER, "AH 9S " * 12 + "AS"),
            "25 cards played: a deal of Piquet au cent has 12 tricks of 2 cards, 24 in all",
        ),
        (
            ("--elder", ELDER, "--younger", YOUNGER, "--rules", "imperial"),
            "Invalid value for '--rules': 'imperial' is not one of 'classic', 'english', "
            "'rubicon'.",
        ),
    ],
)
def test_errors(args: tuple[str, ...], message: str) -> None:
    assert run(*args) == (2, "", f"Error: {message}\n")


def test_a_batch_keeps_the_good_lines(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    lines = [f"{ELDER} | {YOUNGER}", f"{ELDER} | {YOUNGER} | AH 9S", f"{ELDER} | {YOUNGER} | AH AH"]
    path.write_text("\n".join([*lines, "AH"]) + "\n", encoding="utf-8")
    status, out, err = run("--file", str(path))
    # the elder leads everything: 11 leads of a ten or better and capot 40
    capot = "value 51: elder 51 (12 tricks), younger 0 (0 tricks); "
    capot += "the elder forces the cards, the elder forces capot\n"
    assert (status, out) == (1, capot * 2)
    assert err == (
        "line 3: trick 1: AH is played twice in trick 1\n"
        "line 4: 1 part on the line: expected the elder's hand, the younger's and the cards "
        "played so far, separated by '|'\n"
    )
    assert run("--file", str(path), "--elder", ELDER)[2] == (
        "Error: --file reads the hands and the play from each line: give no others\n"
    )
