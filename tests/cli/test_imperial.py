"""`cribcount piquet declare|play --rules imperial` through click's CliRunner:
exact text, JSON, one-line errors and batches."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cribcount.cli import main

# The KH turned up: a white to the younger, who dealt; it makes his Q J A of hearts
# K Q J A of trumps and his three kings four, two impérials de retourne.
# The elder's clubs Q J A 10 = 41 beat the younger's spades K 10 9 8 = 37.
RETOURNE = (
    "--trump",
    "KH",
    "--elder",
    "♠ Q J A 7: ♢ Q J A 7: ♣ Q J A 10",
    "--younger",
    "♥ Q J A: ♠ K 10 9 8: ♦ K 10 9 8: ♣ K",
)

RETOURNE_TEXT = """\
Impérial, hearts trumps (turn-up KH)
elder   QS JS AS 7S QD JD AD 7D QC JC AC 10C
younger QH JH AH KS 10S 9S 8S KD 10D 9D 8D KC

kind                  player    declaration                         cards         scores    takes down    elder            younger
--------------------  --------  ----------------------------------  ------------  --------  ------------  ---------------  --------------
turn-up               younger   king of trumps turned up            KH            1 white                 0 reds 0 whites  0 reds 1 white
point                 elder     Forty-one: 4 cards in clubs         QC JC AC 10C  1 white                 0 reds 1 white   0 reds 1 white
point                 younger   Thirty-seven: 4 cards in spades     KS 10S 9S 8S  not good
impérial de retourne  younger   K Q J A of hearts with the turn-up  KH QH JH AH   1 red     1 white       0 reds 0 whites  1 red 1 white
impérial de retourne  younger   four kings with the turn-up         KS KH KD KC   1 red                   0 reds 0 whites  2 reds 1 white

counters: elder 0 reds 0 whites, younger 2 reds 1 white
game: none yet (four reds and six whites win it)
"""  # noqa: E501

# Hearts trumps (10H). The elder: four kings and four queens, the best
# fours; the K Q of trumps, which catch the younger's J and A in tricks 1-2.
ELDER = "KH QH 9H KS QS 10S 9S KC QC KD QD 8D"
YOUNGER = "JH AH 8H 7H JS AS 8S JC AC 10C JD AD"
DEAL = ("--trump", "10H", "--elder", ELDER, "--younger", YOUNGER)
TRICKS = "KH JH QH AH 9H 8H KS 8S QS JS 10S AS 7H 9S JC QC KC 10C KD JD QD AD 8D AC"

DECLARED = """\
Impérial, hearts trumps (turn-up 10H)
elder   KH QH 9H KS QS 10S 9S KC QC KD QD 8D
younger JH AH 8H 7H JS AS 8S JC AC 10C JD AD

kind    player    declaration                     cards         scores    takes down    elder           younger
------  --------  ------------------------------  ------------  --------  ------------  --------------  ---------------
point   elder     Thirty-nine: 4 cards in spades  KS QS 10S 9S  1 white                 0 reds 1 white  0 reds 0 whites
point   younger   Thirty-six: 4 cards in hearts   JH AH 8H 7H   not good
four    elder     four kings                      KS KH KD KC   1 red                   1 red 1 white   0 reds 0 whites
four    elder     four queens                     QS QH QD QC   1 red                   2 reds 1 white  0 reds 0 whites
four    younger   four jacks                      JS JH JD JC   not good
four    younger   four aces                       AS AH AD AC   not good
"""  # noqa: E501

PLAYED = (
    DECLARED
    + """
  trick  leader    cards    winner
-------  --------  -------  --------
      1  elder     KH JH    elder
      2  elder     QH AH    elder
      3  elder     9H 8H    elder
      4  elder     KS 8S    elder
      5  elder     QS JS    elder
      6  elder     10S AS   younger
      7  younger   7H 9S    younger
      8  younger   JC QC    elder
      9  elder     KC 10C   elder
     10  elder     KD JD    elder
     11  elder     QD AD    elder
     12  elder     8D AC    elder

tricks: elder 10, younger 2

kind             player    made                 cards        scores    takes down    elder            younger
---------------  --------  -------------------  -----------  --------  ------------  ---------------  ---------------
impérial tombée  elder     KH QH catch JH AH    JH AH        1 red                   3 reds 1 white   0 reds 0 whites
honours          elder     4 honours in tricks  KH QH JH AH  4 whites                3 reds 5 whites  0 reds 0 whites
honours          younger   1 honour in tricks   7H           1 white                 3 reds 5 whites  0 reds 1 white
odd tricks       elder     10 tricks to 2                    8 whites                4 reds 6 whites  0 reds 1 white

counters: elder 4 reds 6 whites, younger 0 reds 1 white
game: the elder has passed all his counters, four reds and six whites; nothing more is counted
"""  # noqa: E501
)

# The elder's sequence in trumps and the younger's four sevens: both score
# impérials in hand, so the whites up before the deal stay up.
BOTH = (
    "--trump",
    "8H",
    "--elder",
    "KH QH JH AH 10H 9H KS QS KD QD 10D 8C",
    "--younger",
    "7H 7S 7D 7C JS AS 10S 9S JC AC 10C 9C",
    "--counters",
    "0,3/0,4",
)

BOTH_TEXT = """\
Impérial, hearts trumps (turn-up 8H)
elder   KH QH JH AH 10H 9H KS QS KD QD 10D 8C
younger 7H 7S 7D 7C JS AS 10S 9S JC AC 10C 9C
counters before the deal: elder 0 reds 3 whites, younger 0 reds 4 whites

kind      player    declaration                     cards               scores    takes down    elder            younger
--------  --------  ------------------------------  ------------------  --------  ------------  ---------------  ---------------
point     elder     Sixty: 6 cards in hearts        KH QH JH AH 10H 9H  1 white                 0 reds 4 whites  0 reds 4 whites
point     younger   Forty-seven: 5 cards in spades  JS AS 10S 9S 7S     not good
sequence  elder     K Q J A of hearts, trumps       KH QH JH AH         1 red                   1 red 4 whites   0 reds 4 whites
four      younger   four sevens                     7S 7H 7D 7C         1 red                   1 red 4 whites   1 red 4 whites
both players score impérials in hand: neither takes down the other's whites for them

counters: elder 1 red 4 whites, younger 1 red 4 whites
game: none yet (four reds and six whites win it)
"""  # noqa: E501

# Spades trumps (8S): the elder's hearts and K Q J A of trumps take every trick.
CAPOT = (
    "--trump",
    "8S",
    "--elder",
    "KH QH JH AH 10H 9H 8H 7H KS QS JS AS",
    "--younger",
    "KC QC JC AC 10C 9C KD QD JD AD 10D 9D",
)
CAPOT_TRICKS = "KH 9D QH 10D JH AD AH JD 10H QD 9H KD 8H 9C 7H 10C KS AC QS JC JS QC AS KC"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def declare(*args: str) -> tuple[int, str, str]:
    return run("piquet", "declare", "--rules", "imperial", *args)


def play(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    return run("piquet", "play", "--rules", "imperial", *args, stdin=stdin)


def as_json(*args: str) -> Any:
    status, out, err = run(*args, "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


# -- text ---------------------------------------------------------------------------


def test_declare_retourne() -> None:
    assert declare(*RETOURNE) == (0, RETOURNE_TEXT, "")


def test_declare_the_fours() -> None:
    assert declare(*DEAL) == (
        0,
        DECLARED
        + "\ncounters: elder 2 reds 1 white, younger 0 reds 0 whites\n"
        + "game: none yet (four reds and six whites win it)\n",
        "",
    )


def test_declare_both_with_impérials_in_hand() -> None:
    assert declare(*BOTH) == (0, BOTH_TEXT, "")


def test_rules_in_any_case() -> None:
    args = ["--trump", "10H", "--elder", ELDER, "--younger", YOUNGER]
    assert run("piquet", "declare", "--rules", "IMPERIAL", *args)[1] == declare(*DEAL)[1]


def test_play_to_the_game() -> None:
    assert play(*DEAL, TRICKS) == (0, PLAYED, "")


def test_play_in_progress() -> None:
    # 1 KD JD, 2 QD AD elder; 3 8D: the younger has no diamond and trumps
    status, out, err = play(*DEAL, "KD JD QD AD 8D 7H JS")
    assert (status, err) == (0, "")
    assert out.endswith(
        """
  trick  leader    cards    winner
-------  --------  -------  --------
      1  elder     KD JD    elder
      2  elder     QD AD    elder
      3  elder     8D 7H    younger
      4  younger   JS       -

tricks: elder 2, younger 1
in progress: the elder to play to trick 4

counters: elder 2 reds 1 white, younger 0 reds 0 whites
game: none yet (four reds and six whites win it)
"""
    )


def test_play_after_a_game_won_in_the_declarations() -> None:
    # 3 reds up: the point and the elder's two sequences pass his last counter
    status, out, err = play(*CAPOT, "--counters", "3,0/0,0", CAPOT_TRICKS)
    assert (status, err) == (0, "")
    assert "sequence  elder     K Q J A of hearts  " in out
    assert "K Q J A of diamonds" not in out  # not called: the game is over
    assert out.endswith(
        "tricks: elder 12, younger 0\n"
        "the play is not counted: the game was won in the declarations\n\n"
        "counters: elder 4 reds 6 whites, younger 0 reds 0 whites\n"
        "game: the elder has passed all his counters, four reds and six whites; "
        "nothing more is counted\n"
    )


def test_capot_text() -> None:
    status, out, _ = play(*CAPOT, CAPOT_TRICKS)
    assert status == 0
    assert out.endswith(
        """\
honours  elder     4 honours in tricks  KS QS JS AS  4 whites                2 reds 5 whites  0 reds 0 whites
capot    elder     all twelve tricks                 2 reds                  4 reds 5 whites  0 reds 0 whites

counters: elder 4 reds 5 whites, younger 0 reds 0 whites
game: none yet (four reds and six whites win it)
"""  # noqa: E501
    )


def test_symbols() -> None:
    status, out, _ = declare(*RETOURNE, "--symbols")
    assert status == 0
    assert out.splitlines()[0] == "Impérial, hearts trumps (turn-up K♥)"
    assert "K♠ K♥ K♦ K♣" in out


# -- JSON ----------------------------------------------------------------------------


def test_declare_json() -> None:
    data = as_json("piquet", "declare", "--rules", "imperial", *RETOURNE)
    assert (data["game"], data["title"], data["rules"], data["turn_up"], data["trump"]) == (
        "imperial",
        "Impérial",
        "imperial",
        "KH",
        "H",
    )
    assert data["hands"]["younger"][:3] == ["QH", "JH", "AH"]
    assert data["start"] == {"elder": {"reds": 0, "whites": 0}, "younger": {"reds": 0, "whites": 0}}
    assert [(d["role"], d["kind"], d["verdict"]) for d in data["declarations"]] == [
        ("younger", "turn-up", "good"),
        ("elder", "point", "good"),
        ("younger", "point", "not good"),
        ("younger", "impérial de retourne", "good"),
        ("younger", "impérial de retourne", "good"),
    ]
    retourne = data["declarations"][3]
    assert (retourne["reds"], retourne["whites"], retourne["taken_down"]) == (1, 0, 1)
    assert retourne["counters"] == {
        "elder": {"reds": 0, "whites": 0},
        "younger": {"reds": 1, "whites": 1},
    }
    assert data["declarations"][2]["counters"] is None
    assert data["counters"] == {
        "elder": {"reds": 0, "whites": 0},
        "younger": {"reds": 2, "whites": 1},
    }
    assert (data["take_down"], data["winner"]) == (True, None)


def test_play_json() -> None:
    data = as_json("piquet", "play", "--rules", "imperial", *DEAL, TRICKS)
    assert len(data["tricks"]) == 12
    assert data["tricks"][6] == {
        "trick": 7,
        "leader": "younger",
        "cards": ["7H", "9S"],
        "winner": "younger",
    }
    assert [(m["kind"], m["role"], m["reds"], m["whites"]) for m in data["play"]] == [
        ("impérial tombée", "elder", 1, 0),
        ("honours", "elder", 0, 4),
        ("honours", "younger", 0, 1),
        ("odd tricks", "elder", 0, 8),
    ]
    assert data["tricks_won"] == {"elder": 10, "younger": 2}
    assert (data["complete"], data["to_play"], data["winner"]) == (True, None, "elder")
    assert data["counters"]["elder"] == {"reds": 4, "whites": 6}


# -- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--elder", ELDER, "--younger", YOUNGER), "Impérial needs the turn-up: give --trump CARD"),
        (("--trump", "10H", "--elder", ELDER), "Impérial compares two hands: give --elder and"),
        (("--trump", "10H", ELDER), "Impérial compares two hands: give --elder and --younger"),
        (
            ("--trump", "10H", "--players", "3", "--hand", ELDER, "--hand", YOUNGER, "--hand", "x"),
            "Impérial is played by two: --players 3 is for piquet rules",
        ),
        (
            ("--trump", "10H", "--hand", ELDER, "--hand", YOUNGER),
            "Impérial is played by two: give --elder and --younger (the dealer), not --hand",
        ),
        ((*DEAL[:1], "KH QH", *DEAL[2:]), "turn-up 'KH QH': expected one card, such as '10H'"),
        ((*DEAL[:1], "", *DEAL[2:]), "turn-up '': expected one card"),
        ((*DEAL[:1], "5H", *DEAL[2:]), "invalid card '5H' in '5H': piquet's ranks are"),
        (
            (*DEAL[:1], "KH", *DEAL[2:]),
            "the turn-up KH is in the elder's hand: it is the twenty-fifth card, dealt to neither",
        ),
        (
            ("--trump", "10H", "--elder", ELDER[3:], "--younger", YOUNGER),
            "the elder's hand 'QH 9H KS QS 10S 9S KC QC KD QD 8D' has 11 cards: expected 12",
        ),
        (
            ("--trump", "10H", "--elder", ELDER, "--younger", YOUNGER.replace("AD", "KD")),
            "card 'KD' is in both the elder's and the younger's hand: each card is dealt once",
        ),
        (
            (*DEAL, "--counters", "2,4"),
            "invalid counters '2,4': expected the elder's reds,whites / the younger's",
        ),
        ((*DEAL, "--counters", "1,6/0,0"), "invalid counters '1,6/0,0': 6 whites: six whites"),
        (
            (*DEAL, "--counters", "4,6/0,0"),
            "counters '4,6/0,0': the elder has passed all his counters and won the game already",
        ),
        (
            ("--file", "x", "--trump", "10H"),
            "--file reads the hands and the turn-up from each line",
        ),
        (("--file", "x", "--counters", "0,0/0,0"), "--counters is for a single input"),
    ],
)
def test_declare_errors(args: tuple[str, ...], message: str) -> None:
    status, out, err = declare(*args)
    assert (status, out) == (2, "")
    assert err.startswith(f"Error: {message}")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (
            "9H 8H",
            "trick 1: the younger must win the 9H with JH AH, not 8H: "
            "the second player wins the trick if he can",
        ),
        ("KH JS", "trick 1: the younger must follow hearts with JH AH 8H 7H, not JS"),
        (
            "KD JD QD AD 8D 8S",
            "trick 3: the younger holds no diamonds and must trump the 8D with JH AH 8H 7H, "
            "not 8S: the second player wins the trick if he can",
        ),
        ("JH", "trick 1: the elder plays JH but does not hold it (the younger does)"),
        ("10H", "trick 1: 10H is the turn-up, which is not played"),
        ("KH JH KH", "trick 2: KH was played in trick 1"),
        ("KH KH", "trick 1: KH is played twice in trick 1"),
        ("KH XX", "invalid card 'XX' in trick 1: suit must be S, H, D or C (or ♠ ♥ ♦ ♣)"),
        (TRICKS + " 7S", "25 cards played: a deal of Impérial has 12 tricks of 2 cards, 24 in all"),
    ],
)
def test_play_errors(cards: str, message: str) -> None:
    assert play(*DEAL, cards) == (2, "", f"Error: {message}\n")


def test_imperial_options_refused_under_piquet_rules() -> None:
    for command in ("declare", "play"):
        status, _, err = run(
            "piquet", command, "--trump", "10H", "--elder", ELDER, "--younger", YOUNGER
        )
        assert (status, err) == (2, "Error: --trump is for --rules imperial, piquet with a trump\n")
        status, _, err = run(
            "piquet", command, "--counters", "0,0/0,0", "--elder", ELDER, "--younger", YOUNGER
        )
        assert (status, err) == (
            2,
            "Error: --counters is for --rules imperial, piquet with a trump\n",
        )


def test_piquet_game_refuses_imperial() -> None:
    status, out, err = run("piquet", "game", "--rules", "imperial", "30-5")
    assert (status, out) == (2, "")
    assert err.startswith("Error: Invalid value for '--rules': 'imperial' is not one of")


def test_help_names_imperial() -> None:
    status, out, _ = run("piquet", "declare", "--help")
    assert status == 0
    assert "[classic|english|rubicon|imperial]" in out
    assert "--trump CARD" in out and "--counters R,W/R,W" in out


# -- batches --------------------------------------------------------------------------


def test_declare_batch(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text(
        f"{ELDER} | {YOUNGER} | 10H\n# a comment\n\n{ELDER} | {YOUNGER}\n"
        f"{RETOURNE[3]} | {RETOURNE[5]} | KH\n",
        encoding="utf-8",
    )
    status, out, err = declare("--file", str(path))
    assert status == 1
    assert out == (
        "elder 2 reds 1 white, younger 0 reds 0 whites; game: none yet\n"
        "elder 0 reds 0 whites, younger 2 reds 1 white; game: none yet\n"
    )
    assert err == (
        "line 4: 2 parts on the line: expected the elder's hand, the younger's and the "
        "turn-up, separated by '|'\n"
    )
    status, out, _ = declare("--file", str(path), "--json")
    assert [json.loads(line)["turn_up"] for line in out.splitlines()] == ["10H", "KH"]


def test_play_batch_from_stdin() -> None:
    lines = (
        f"{ELDER} | {YOUNGER} | 10H | {TRICKS}\n"
        f"{ELDER} | {YOUNGER} | 10H | KD JD QD AD 8D 7H JS\n"
        f"{ELDER} | {YOUNGER} | 10H | 9H 7H\n"
    )
    status, out, err = play("--file", "-", stdin=lines)
    assert status == 1
    assert out == (
        "elder 4 reds 6 whites, younger 0 reds 1 white; game: the elder; tricks 10-2; complete\n"
        "elder 2 reds 1 white, younger 0 reds 0 whites; game: none yet; tricks 2-1; "
        "in progress, the elder to play\n"
    )
    assert err == (
        "line 3: trick 1: the younger must win the 9H with JH AH, not 7H: "
        "the second player wins the trick if he can\n"
    )


def test_play_batch_refuses_cards_on_the_command_line() -> None:
    status, _, err = play("--file", "-", "KH")
    assert (status, err) == (
        2,
        "Error: --file reads the hands, the turn-up and the play from each line: give no others\n",
    )
