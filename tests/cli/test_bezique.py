"""`cribcount bezique declare`, `hand` and `game` through the command line: exact text,
JSON, errors, batches."""

from __future__ import annotations

import json
from pathlib import Path

from support import invoke

SEQUENCE_ON_MARRIAGE = """\
sequence of hearts, trumps AH 10H KH QH JH: 250 (law 36)
  from the table KH QH, from the hand AH 10H JH
"""


def test_declare_a_sequence_on_a_declared_marriage() -> None:
    status, out, _ = invoke(
        "bezique",
        "declare",
        "--table",
        "KH/m QH/m",
        "--hand",
        "AH 10H JH 9S 8C 7D",
        "--trump",
        "H",
        "AH 10H JH KH QH",
    )
    assert (status, out) == (0, SEQUENCE_ON_MARRIAGE)


def test_declare_refused_names_the_law() -> None:
    status, out, _ = invoke(
        "bezique",
        "declare",
        "--table",
        "AH/s 10H/s KH/m+s QH/m+s JH/s",
        "--hand",
        "7C 8C",
        "--trump",
        "H",
        "KH",
        "QH",
    )
    assert status == 0
    assert out == (
        "marriage of hearts, trumps KH QH: refused (law 37)\n"
        "  the KH on the table was declared in a sequence\n"
    )


def test_declare_json_says_what_it_makes_trumps() -> None:
    status, out, _ = invoke("bezique", "declare", "--hand", "KD QD 7S", "--json", "KD QD")
    assert status == 0
    assert json.loads(out) == {
        "kind": "marriage",
        "cards": ["KD", "QD"],
        "allowed": True,
        "points": 40,
        "law": None,
        "reason": None,
        "makes_trumps": "D",
        "from_table": [],
        "from_hand": ["KD", "QD"],
    }


def test_declare_carte_blanche() -> None:
    status, out, _ = invoke(
        "bezique", "declare", "--hand", "7H 8H 9H 10H AH AS AD AC 9S", "carte", "blanche"
    )
    assert (status, out) == (0, "carte blanche AS 9S AH 10H 9H 8H 7H AD AC: 50\n")


def test_declare_list_marks_the_laws_47_and_48_losses() -> None:
    status, out, _ = invoke(
        "bezique", "declare", "--hand", "KH QH AH 10H JH QS JD QS JD", "--list", "--json"
    )
    assert status == 0
    listed = json.loads(out)["declarations"]
    assert [(item["kind"], item["points"], item["law"]) for item in listed] == [
        ("double bezique", 500, None),
        ("sequence", 250, None),
        ("marriage", 40, 47),
        ("bezique", 40, 48),
    ]
    assert listed[2]["lost_if_first"] == ["sequence of hearts, trumps"]


DEAL = "first 1 KH QH; first 2 KH QH; first 3 plays KH; first 4 + KH QH; first 6 + KH QH"
DEAL_TEXT = """\
  step  player      trick  declaration     scores    trumps      first    second
------  --------  -------  --------------  --------  --------  -------  --------
     1  first           1  marriage KH QH  40        H              40         0
     2  first           2  marriage KH QH  40        H              80         0
     3  first           3  plays KH                  H              80         0
     4  first           4  marriage KH QH  40        H             120         0
     5  first           6  marriage KH QH  law 35    H             120         0

step 5: law 35: a marriage of cards on the table only is a fresh one,
  owed when a card of two marriages declared in the suit is played

first 120, second 0; trumps hearts; refused: step 5 (law 35)
"""


def test_declare_a_deal_in_order() -> None:
    assert invoke("bezique", "declare", "--deal", DEAL) == (0, DEAL_TEXT, "")


def test_declare_a_deal_as_json() -> None:
    status, out, _ = invoke("bezique", "declare", "--deal", DEAL, "--json")
    data = json.loads(out)
    assert status == 0
    assert data["scores"] == {"first": 120, "second": 0}
    assert data["trump"] == "H"
    assert data["refused"] == 1
    assert data["steps"][2]["declaration"] is None
    assert data["steps"][3]["declaration"]["law"] == 35
    assert data["tables"] == {"first": "QH/m KH/m QH/m", "second": ""}


def test_declare_deals_in_a_batch(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text("first 1 KH QH; first 2 + KH QH\nthird 1 KH QH\n\nsecond 3 QS JD\n")
    status, out, err = invoke("bezique", "declare", "--file", str(path))
    assert status == 1
    assert out == (
        "first 40, second 0; trumps hearts; refused: step 2 (law 35)\n"
        "first 0, second 40; trumps none yet\n"
    )
    assert err == "line 2: step 1 'third 1 KH QH': 'third' is no player: expected first or second\n"


def test_declare_errors_are_one_line() -> None:
    assert invoke("bezique", "declare", "KH", "QH") == (
        2,
        "",
        "Error: give the player's --hand (and any --table), or a --deal, or --file PATH\n",
    )
    status, _, err = invoke("bezique", "declare", "--hand", "KH QH", "--trump", "X", "KH QH")
    assert (status, err) == (
        2,
        "Error: invalid trump 'X': expected a suit, S, H, D or C (or ♠ ♥ ♦ ♣), or none\n",
    )
    status, _, err = invoke("bezique", "declare", "--hand", "KH", "KH QH")
    assert (status, err) == (
        2,
        "Error: the QH of 'KH QH' is neither on the table nor in the hand\n",
    )
    status, _, err = invoke("bezique", "declare", "--hand", "KH QS", "KH QS")
    assert status == 2
    assert err.startswith("Error: cards 'KH QS' make no declaration")


HAND_TEXT = """\
QS QS AH 10H KH QH JH JD JD: carte blanche no

combination                 cards              points
--------------------------  ---------------  --------
double bézique              QS QS JD JD           500
sequence of hearts, trumps  AH 10H KH QH JH       250
marriage of hearts, trumps  KH QH                  40
"""


def test_hand_text_and_json() -> None:
    assert invoke("bezique", "hand", "KH QH AH 10H JH QS JD QS JD", "--trump", "H") == (
        0,
        HAND_TEXT,
        "",
    )
    status, out, _ = invoke("bezique", "hand", "7H 8H 9H 10H AH AS AD AC 9S", "--json")
    assert status == 0
    assert json.loads(out) == {
        "hand": ["AS", "9S", "AH", "10H", "9H", "8H", "7H", "AD", "AC"],
        "trump": None,
        "carte_blanche": True,
        "combinations": [{"kind": "four aces", "cards": ["AS", "AH", "AD", "AC"], "points": 100}],
    }


def test_hand_batch_and_errors() -> None:
    status, out, err = invoke(
        "bezique", "hand", "--file", "-", stdin="7H 8H 9H 10H AH AS AD AC 9S\nKH QH\n"
    )
    assert status == 1
    assert out == "AS 9S AH 10H 9H 8H 7H AD AC: carte blanche 50; four aces 100\n"
    assert err == "line 2: hand 'KH QH' has 2 cards: expected 9\n"
    assert invoke("bezique", "hand", "KH QH") == (
        2,
        "",
        "Error: hand 'KH QH' has 2 cards: expected 9\n",
    )


GAME_TEXT = """\
the scores are 1100 apart, over 320: the brisques do not decide the winner
the first wins, 2000 to 900
no rubicon: the second scored 900, under 1000,
  but his brisques bring him to it (900 + 16 brisques = 1060) (law 60)
both scores take their brisques,
  as they saved the loser: first 2000 + 16 brisques = 2160,
  second 900 + 16 brisques = 1060
the fractions of a hundred dropped: 2160 to 2100, 1060 to 1000
the difference and 500 for the game (law 57): 2100 - 1000 + 500 = 1600

the first wins 1600
"""


def test_game_text() -> None:
    assert invoke("bezique", "game", "2000", "900", "--brisques", "16", "16") == (
        0,
        GAME_TEXT,
        "",
    )


def test_game_json() -> None:
    status, out, _ = invoke("bezique", "game", "900", "950", "--brisques", "30", "2", "--json")
    data = json.loads(out)
    assert status == 0
    assert {key: data[key] for key in ("winner", "rubicon", "brisques_counted", "value")} == {
        "winner": "first",
        "rubicon": True,
        "brisques_counted": False,
        "value": 3100,
    }
    assert [step["step"] for step in data["steps"]] == [
        "brisques",
        "winner",
        "rubicon",
        "scores",
        "fractions",
        "game",
    ]
    status, out, _ = invoke("bezique", "game", "1500", "1500", "--brisques", "16", "16", "--json")
    assert (json.loads(out)["winner"], json.loads(out)["value"]) == (None, 0)


def test_game_batch_and_errors() -> None:
    status, out, err = invoke(
        "bezique", "game", "--file", "-", stdin="2350 1720\n1200 1150\n1200 1160 | 15 17\n"
    )
    assert status == 1
    assert out == "the first wins 1100\nthe first wins 600\n"
    assert err == (
        "line 2: the scores 1200 and 1150 are 50 apart, at most 320: the brisques decide"
        " the winner; give each player's, as in --brisques 18 14\n"
    )
    assert invoke("bezique", "game", "1200") == (
        2,
        "",
        "Error: give two scores, the first player's and the second's: 1 given\n",
    )
    status, _, err = invoke("bezique", "game", "1500", "900")
    assert (status, err) == (
        2,
        "Error: the second player scored 900, under 1000: his brisques may save him from"
        " the rubicon; give each player's, as in --brisques 18 14\n",
    )
    status, _, err = invoke("bezique", "game", "1235", "900")
    assert (status, err) == (
        2,
        "Error: first score '1235': every bézique score is a multiple of 10\n",
    )


# -- declarations laid and not yet scored (laws 44 to 48) -------------------------------------

LAID_LIST = """\
declaration                 cards              points  note
--------------------------  ---------------  --------  ------------------------------
sequence of hearts, trumps  AH 10H KH QH JH       250  makes hearts trumps
marriage of hearts, trumps  KH QH                  40  makes hearts trumps; laid, not
                                                       yet scored: lost if a card of
                                                       it is played first (law 46);
                                                       lost if the sequence of
                                                       hearts, trumps is scored first
                                                       (law 47)
"""


def test_declare_list_marks_the_laid_ones_and_law_46() -> None:
    args = ("bezique", "declare", "--table", "KH/m? QH/m?", "--hand", "AH 10H JH 7C", "--list")
    assert invoke(*args) == (0, LAID_LIST, "")
    status, out, _ = invoke(*args, "--json")
    assert status == 0
    data = json.loads(out)
    assert data["table"] == "KH/m? QH/m?"
    assert data["declarations"][1] == {
        "kind": "marriage",
        "name": "marriage of hearts, trumps",
        "cards": ["KH", "QH"],
        "points": 40,
        "makes_trumps": "H",
        "lost_if_first": ["sequence of hearts, trumps"],
        "law": 47,
        "laid": True,
        "laws": [46, 47],
    }
    assert (data["declarations"][0]["laid"], data["declarations"][0]["laws"]) == (False, [])


def test_declare_the_one_laid_scores_it() -> None:
    args = ("bezique", "declare", "--table", "QS/b? JD/b?", "--hand", "7C", "--trump", "H")
    assert invoke(*args, "QS", "JD") == (
        0,
        "bézique QS JD: 40 (law 45)\n  from the table QS JD, laid before and not yet scored\n",
        "",
    )
    status, out, _ = invoke(*args, "QS", "JD", "--json")
    assert status == 0
    assert json.loads(out) == {
        "kind": "bezique",
        "cards": ["QS", "JD"],
        "allowed": True,
        "points": 40,
        "law": 45,
        "reason": None,
        "makes_trumps": None,
        "from_table": ["QS", "JD"],
        "from_hand": [],
    }


LAID_DEAL = "first 3 KS QS; first 3 lays JD + QS; first 4 plays QS; first 5 scores QS JD"
LAID_DEAL_TEXT = """\
  step  player      trick  declaration         scores    trumps      first    second
------  --------  -------  ------------------  --------  --------  -------  --------
     1  first           3  marriage KS QS      40        S              40         0
     2  first           3  lays bézique QS JD  laid      S              40         0
     3  first           4  plays QS                      S              40         0
     4  first           5  bézique QS JD       law 46    S              40         0

step 3: law 46: the bézique QS JD laid on trick 3, not yet scored,
  is lost: its QS is played
step 4: law 46:
  the bézique QS JD laid on trick 3 was lost unscored on trick 4:
  its QS was played

first 40, second 0; trumps spades; refused: step 4 (law 46);
  lost: step 3 (law 46)
"""


def test_declare_a_deal_with_one_laid_and_lost_by_law_46() -> None:
    assert invoke("bezique", "declare", "--deal", LAID_DEAL) == (0, LAID_DEAL_TEXT, "")
    status, out, _ = invoke("bezique", "declare", "--deal", LAID_DEAL, "--json")
    data = json.loads(out)
    assert status == 0
    assert [step["action"] for step in data["steps"]] == ["declares", "lays", "plays", "scores"]
    assert data["steps"][1]["declaration"]["points"] == 0
    assert data["steps"][2]["lost"] == [
        {
            "kind": "bezique",
            "cards": ["QS", "JD"],
            "law": 46,
            "reason": "the bézique QS JD laid on trick 3, not yet scored, is lost:"
            " its QS is played",
        }
    ]
    assert [len(step["lost"]) for step in data["steps"]] == [0, 0, 1, 0]
    assert data["tables"] == {"first": "KS/m JD/b", "second": ""}
    assert (data["scores"], data["refused"]) == ({"first": 40, "second": 0}, 1)


def test_declare_deals_with_laid_ones_in_a_batch() -> None:
    lines = (
        "first 3 KS QS; first 3 lays JD + QS; first 5 scores QS JD\n"
        "first 1 lays KH QH; first 2 AH 10H JH + KH QH\n"
        "first 3 scores QS JD\n"
    )
    status, out, err = invoke("bezique", "declare", "--file", "-", stdin=lines)
    assert status == 1
    assert out == (
        "first 80, second 0; trumps spades\n"
        "first 250, second 0; trumps hearts; lost: step 2 (law 47)\n"
    )
    assert err == (
        "line 3: step 1: 'first 3 scores QS JD': no bézique QS JD laid and not yet scored\n"
    )


def test_declare_laid_notation_errors_are_one_line() -> None:
    assert invoke("bezique", "declare", "--table", "KH/m?", "--hand", "7C", "--list") == (
        2,
        "",
        "Error: table 'KH/m?': the cards marked m?, KH, make no whole marriage (a king and a"
        " queen of a suit) laid and not yet scored\n",
    )
    assert invoke("bezique", "declare", "--deal", "first 3 scores + QS JD") == (
        2,
        "",
        "Error: step 1 'first 3 scores + QS JD': only a declaration made or laid takes"
        " cards of the table, after '+'\n",
    )
    status, _, err = invoke(
        "bezique", "declare", "--deal", "first 1 lays QS JD; first 2 lays + QS JD"
    )
    assert (status, err) == (
        2,
        "Error: step 2: 'first 2 lays + QS JD': the bézique QS JD laid on trick 1 is"
        " not yet scored: 'scores' scores it\n",
    )
