"""`cribcount imperial declare|play`: exact text, JSON, one-line errors,
batches, the help, and the options of piquet refused (and Impérial's by piquet)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support import invoke

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

player    declaration                         scores    takes down    after
--------  ----------------------------------  --------  ------------  -------
younger   king of trumps turned up            1 white                 0,0/0,1
elder     Forty-one: 4 cards in clubs         1 white                 0,1/0,1
younger   Thirty-seven: 4 cards in spades     not good
younger   K Q J A of hearts with the turn-up  1 red     1 white       0,0/1,1
younger   four kings with the turn-up         1 red                   0,0/2,1

counters: elder 0 reds 0 whites, younger 2 reds 1 white
game: none yet (four reds and six whites win it)
"""

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

player    declaration                     scores    takes down    after
--------  ------------------------------  --------  ------------  -------
elder     Thirty-nine: 4 cards in spades  1 white                 0,1/0,0
younger   Thirty-six: 4 cards in hearts   not good
elder     four kings                      1 red                   1,1/0,0
elder     four queens                     1 red                   2,1/0,0
younger   four jacks                      not good
younger   four aces                       not good
"""

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

player    made                 scores    takes down    after
--------  -------------------  --------  ------------  -------
elder     KH QH catch JH AH    1 red                   3,1/0,0
elder     4 honours in tricks  4 whites                3,5/0,0
younger   1 honour in tricks   1 white                 3,5/0,1
elder     10 tricks to 2       8 whites                4,6/0,1

counters: elder 4 reds 6 whites, younger 0 reds 1 white
game: the elder has passed all his counters; nothing more is counted
"""
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

player    declaration                     scores    takes down    after
--------  ------------------------------  --------  ------------  -------
elder     Sixty: 6 cards in hearts        1 white                 0,4/0,4
younger   Forty-seven: 5 cards in spades  not good
elder     K Q J A of hearts, trumps       1 red                   1,4/0,4
younger   four sevens                     1 red                   1,4/1,4
both players score impérials in hand: neither takes down whites for them

counters: elder 1 red 4 whites, younger 1 red 4 whites
game: none yet (four reds and six whites win it)
"""

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


def declare(*args: str) -> tuple[int, str, str]:
    return invoke("imperial", "declare", *args)


def play(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    return invoke("imperial", "play", *args, stdin=stdin)


def as_json(*args: str) -> Any:
    status, out, err = invoke(*args, "--json")
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


def test_play_to_the_game() -> None:
    assert play(*DEAL, TRICKS) == (0, PLAYED, "")


def test_every_line_fits_80_columns() -> None:
    # the longest name of all, a sequence of diamonds with the turn-up
    status, out, _ = declare(
        "--trump",
        "KD",
        "--elder",
        "KH QH JH AH 10H 9H 8H 7H KC QC 10D 9D",
        "--younger",
        "QD JD AD 7D KS QS JS AS 10S 9S 8S 7S",
    )
    assert status == 0
    assert "younger   K Q J A of diamonds with the turn-up  1 red     1 white       1,0/1,0" in out
    outputs = [out, RETOURNE_TEXT, BOTH_TEXT, PLAYED]
    assert max(len(line) for text in outputs for line in text.splitlines()) <= 80


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
    assert "elder     K Q J A of hearts                1 red                   4,6/0,0" in out
    assert "K Q J A of diamonds" not in out  # not called: the game is over
    assert out.endswith(
        "tricks: elder 12, younger 0\n"
        "the play is not counted: the game was won in the declarations\n\n"
        "counters: elder 4 reds 6 whites, younger 0 reds 0 whites\n"
        "game: the elder has passed all his counters; nothing more is counted\n"
    )


def test_capot_text() -> None:
    status, out, _ = play(*CAPOT, CAPOT_TRICKS)
    assert status == 0
    assert out.endswith(
        """\
elder     4 honours in tricks  4 whites                2,5/0,0
elder     all twelve tricks    2 reds                  4,5/0,0

counters: elder 4 reds 5 whites, younger 0 reds 0 whites
game: none yet (four reds and six whites win it)
"""
    )


def test_symbols() -> None:
    status, out, _ = declare(*RETOURNE, "--symbols")
    assert status == 0
    assert out.splitlines()[0] == "Impérial, hearts trumps (turn-up K♥)"
    assert out.splitlines()[2] == "younger Q♥ J♥ A♥ K♠ 10♠ 9♠ 8♠ K♦ 10♦ 9♦ 8♦ K♣"
    status, out, _ = play(*DEAL, "KH JH", "--symbols")
    assert "      1  elder     K♥ J♥    elder" in out


# -- JSON ----------------------------------------------------------------------------


def test_declare_json() -> None:
    data = as_json("imperial", "declare", *RETOURNE)
    assert (data["game"], data["title"], data["rules"], data["turn_up"], data["trump"]) == (
        "imperial",
        "Impérial",
        "imperial",
        "KH",
        "H",
    )
    assert data["hands"]["younger"][:3] == ["QH", "JH", "AH"]
    assert data["start"] == {"elder": {"reds": 0, "whites": 0}, "younger": {"reds": 0, "whites": 0}}
    # keyed by role as piquet play's: what each scored in the declarations
    # (the younger a white for the turn-up and two reds de retourne)
    assert data["declarations"] == {
        "elder": {"reds": 0, "whites": 1},
        "younger": {"reds": 2, "whites": 1},
    }
    assert [(d["role"], d["kind"], d["verdict"]) for d in data["scores"]] == [
        ("younger", "turn-up", "good"),
        ("elder", "point", "good"),
        ("younger", "point", "not good"),
        ("younger", "impérial de retourne", "good"),
        ("younger", "impérial de retourne", "good"),
    ]
    retourne = data["scores"][3]
    assert (retourne["reds"], retourne["whites"], retourne["taken_down"]) == (1, 0, 1)
    assert retourne["counters"] == {
        "elder": {"reds": 0, "whites": 0},
        "younger": {"reds": 1, "whites": 1},
    }
    assert data["scores"][2]["counters"] is None
    assert data["counters"] == {
        "elder": {"reds": 0, "whites": 0},
        "younger": {"reds": 2, "whites": 1},
    }
    assert (data["take_down"], data["winner"]) == (True, None)


def test_play_json() -> None:
    data = as_json("imperial", "play", *DEAL, TRICKS)
    assert len(data["tricks"]) == 12
    assert data["tricks"][6] == {
        "trick": 7,
        "leader": "younger",
        "cards": ["7H", "9S"],
        "winner": "younger",
    }
    # the elder's point, four kings and four queens
    assert data["declarations"] == {
        "elder": {"reds": 2, "whites": 1},
        "younger": {"reds": 0, "whites": 0},
    }
    assert [(m["kind"], m["role"], m["reds"], m["whites"]) for m in data["scores"][6:]] == [
        ("impérial tombée", "elder", 1, 0),
        ("honours", "elder", 0, 4),
        ("honours", "younger", 0, 1),
        ("odd tricks", "elder", 0, 8),
    ]
    assert [m["kind"] for m in data["scores"][:6]] == ["point"] * 2 + ["four"] * 4
    assert data["tricks_won"] == {"elder": 10, "younger": 2}
    assert (data["complete"], data["to_play"], data["winner"]) == (True, None, "elder")
    assert data["counters"]["elder"] == {"reds": 4, "whites": 6}


def test_play_json_keys_as_piquet_play() -> None:
    imperial = as_json("imperial", "play", *DEAL, "KH JH")
    piquet = as_json("piquet", "play", "--elder", ELDER, "--younger", YOUNGER, "KH JH")
    for key in ("game", "title", "rules", "hands", "tricks_won", "complete", "to_play"):
        assert type(imperial[key]) is type(piquet[key])
    for key in ("hands", "declarations", "tricks_won"):
        assert set(imperial[key]) == set(piquet[key]) == {"elder", "younger"}
    assert isinstance(imperial["scores"], list) and isinstance(piquet["scores"], list)
    assert imperial["to_play"] == piquet["to_play"] == "elder"


# -- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--elder", ELDER, "--younger", YOUNGER), "Impérial needs the turn-up: give --trump CARD"),
        (("--trump", "10H", "--elder", ELDER), "Impérial compares two hands: give --elder and"),
        (("--trump", "10H"), "Impérial compares two hands: give --elder and --younger"),
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
            ("--trump", "10H", "--elder", "", "--younger", YOUNGER),
            "no cards for the elder's hand: expected cards such as '9H 10D JS'",
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
        ((*DEAL, "KH"), "Got unexpected extra argument (KH)"),
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


@pytest.mark.parametrize("command", ["declare", "play"])
@pytest.mark.parametrize(
    ("option", "message"),
    [
        (("--players", "2"), "No such option '--players'"),
        (("--hand", ELDER), "No such option '--hand'"),
        (("--rules", "classic"), "No such option '--rules'"),
        (("--dealer", YOUNGER), "No such option '--dealer'"),
    ],
)
def test_piquet_options_refused(command: str, option: tuple[str, ...], message: str) -> None:
    status, out, err = invoke("imperial", command, *DEAL, *option)
    assert (status, out) == (2, "")
    assert err.startswith(f"Error: {message}")
    assert err.count("\n") == 1


@pytest.mark.parametrize("command", ["declare", "play"])
@pytest.mark.parametrize(
    ("option", "message"),
    [
        (("--trump", "10H"), "Error: No such option '--trump'"),
        (("--counters", "0,0/0,0"), "Error: No such option '--counters'"),
        (
            ("--rules", "imperial"),
            "Error: Invalid value for '--rules': 'imperial' is not one of 'classic', 'english', "
            "'rubicon'.",
        ),
    ],
)
def test_imperial_refused_by_piquet(command: str, option: tuple[str, ...], message: str) -> None:
    status, out, err = invoke("piquet", command, "--elder", ELDER, "--younger", YOUNGER, *option)
    assert (status, out) == (2, "")
    assert err.startswith(message)
    assert err.count("\n") == 1


def test_piquet_game_refuses_imperial() -> None:
    status, out, err = invoke("piquet", "game", "--rules", "imperial", "30-5")
    assert (status, out) == (2, "")
    assert err.startswith("Error: Invalid value for '--rules': 'imperial' is not one of")


# -- help -----------------------------------------------------------------------------


def test_group_help() -> None:
    status, out, _ = invoke("imperial", "--help")
    assert status == 0
    assert "Impérial, piquet with a trump, for two" in out
    assert "declare  Count out a deal's declarations" in out
    assert "play     Count out a deal through the play" in out
    status, out, _ = invoke("--help")
    assert "imperial  Impérial: the declarations and the play" in out
    assert "Impérial" not in invoke("piquet", "--help")[1]


@pytest.mark.parametrize("command", ["declare", "play"])
def test_command_help(command: str) -> None:
    status, out, err = invoke("imperial", command, "--help")
    assert (status, err) == (0, "")
    for option in ("--elder HAND", "--younger HAND", "--trump CARD", "--counters R,W/R,W"):
        assert option in out
    for option in ("--json", "--symbols", "--file PATH"):
        assert option in out
    for absent in ("--players", "--hand", "--rules", "--dealer"):
        assert absent not in out
    assert f"cribcount imperial {command} --trump 10H" in out
    assert "the elder's reds,whites / the younger's" in " ".join(out.split())


def test_help_examples_run() -> None:
    # the examples of the help, with the lines joined, print what they should
    status, out, _ = invoke("imperial", "play", *DEAL, *TRICKS.split())
    assert (status, out) == (0, PLAYED)
    status, out, _ = declare("--trump", "KH", "--counters", "2,4/1,5", *RETOURNE[2:])
    assert status == 0
    # the seed's take-down: the turn-up's white makes the younger's sixth, a
    # red, and the elder takes down his four whites
    assert "younger   king of trumps turned up            1 white   4 whites      2,0/2,0" in out


@pytest.mark.parametrize("command", ["declare", "play"])
def test_piquet_help_names_no_imperial(command: str) -> None:
    status, out, _ = invoke("piquet", command, "--help")
    assert status == 0
    assert "[classic|english|rubicon]" in out
    assert "--trump" not in out and "--counters" not in out
    assert "Impérial" not in out and "imperial" not in out


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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("KH",), "--file reads the hands, the turn-up and the play from each line"),
        (("--elder", ELDER), "--file reads the hands, the turn-up and the play from each line"),
        (("--counters", "0,0/0,0"), "--counters is for a single input"),
    ],
)
def test_play_batch_refuses_options(args: tuple[str, ...], message: str) -> None:
    status, out, err = play("--file", "-", *args)
    assert (status, out) == (2, "")
    assert err.startswith(f"Error: {message}")
