"""`cribcount cassino count` and `cassino game` through the command line: exact text,
JSON, errors, batches."""

from __future__ import annotations

import json
from pathlib import Path

from support import invoke

PILES = "AS 2S 10D AH 5C 6C | 3H 4H AC"
# six cards to three, two spades to none: cards 3, spades 1, big Cassino 2, little
# Cassino 1, the aces of spades and hearts, a sweep: 10; the ace of clubs: 1
COUNT_TEXT = """\
Cassino, 2 players; sweeps scored

side 1 (eldest): 6 cards, 2 spades, 1 sweep
item            cards      points
--------------  -------  --------
cards           6 cards         3
spades          AS 2S           1
big cassino     10D             2
little cassino  2S              1
ace             AS              1
ace             AH              1
sweep                           1
total                          10

side 2 (dealer): 3 cards, 0 spades
item    cards      points
------  -------  --------
ace     AC              1
total                   1

totals: side 1 (eldest) 10, side 2 (dealer) 1; 11 in all
"""
COUNT_LINE = (
    "side 1 (eldest) 10 (cards 3, spades 1, big cassino 2, little cassino 1, aces 2, "
    "sweep 1); side 2 (dealer) 1 (ace 1)"
)


def test_count_text() -> None:
    assert invoke("cassino", "count", PILES, "--sweeps", "1,0") == (0, COUNT_TEXT, "")
    # the sweeps as the last part, and the piles as several words, read the same
    words = [*PILES.split(), "|", "sweeps", "1,0"]
    assert invoke("cassino", "count", *words) == (0, COUNT_TEXT, "")


def test_count_spade_and_partners() -> None:
    status, out, _ = invoke("cassino", "count", "--game", "spade", "AS 2S JS 10D | 3S 4H AC")
    assert status == 0
    # cards 3, three spades 3, the jack 1 more, big 2, little 1, the ace of spades 1
    assert out.splitlines()[-1] == "totals: side 1 (eldest) 11, side 2 (dealer) 2; 13 in all"
    status, out, _ = invoke(
        "cassino",
        "count",
        "--partners",
        "AS 2S 10D 3C | AH 4S 5D",
        "--sweeps",
        "2,1",
        "--sweep-rule",
        "cancelled",
    )
    assert status == 0
    assert out.splitlines()[0] == "Cassino, two partnerships; sweeps cancelled one for one"
    # cards 3, spades 1, big 2, little 1, ace 1 and one sweep of two left; the ace of hearts
    assert out.splitlines()[-1] == (
        "totals: side 1 (seats 1 and 3) 9, side 2 (seats 2 and 4) 1; 10 in all"
    )


def test_count_json() -> None:
    status, out, err = invoke("cassino", "count", "--players", "3", "AS 10D | 2S 3H | -", "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    # one card each of two sides and none of the third: no cards point; spades tie 1-1
    assert data["game"] == "classic"
    assert [side["total"] for side in data["sides"]] == [3, 1, 0]
    assert data["sides"][1] == {
        "cards": 2,
        "spades": 1,
        "sweeps": 0,
        "items": [{"kind": "little cassino", "cards": ["2S"], "points": 1}],
        "total": 1,
    }
    assert data["total"] == 4


def test_count_errors() -> None:
    assert invoke("cassino", "count", "AS 2S | 2S") == (
        2,
        "",
        "Error: card '2S' is in the piles of both side 1 (eldest) and side 2 (dealer): "
        "each card is taken once\n",
    )
    assert invoke("cassino", "count", "AS | XS") == (
        2,
        "",
        "Error: pile 2: invalid card 'XS' in 'XS': rank must be A, 2-10 (or T), J, Q or K\n",
    )
    assert invoke("cassino", "count", "AS 2S") == (
        2,
        "",
        "Error: 1 pile: expected one per side, 2 to 4 sides\n",
    )
    assert invoke("cassino", "count", "--players", "3", "AS | 2S") == (
        2,
        "",
        "Error: 2 piles for Cassino, 3 players: expected 3, one per side\n",
    )
    status, _, err = invoke("cassino", "count", PILES, "--sweeps", "1,x")
    assert (status, err) == (
        2,
        "Error: sweeps '1,x': expected each side's sweeps as whole numbers separated by "
        "commas, such as 1,0\n",
    )
    status, _, err = invoke("cassino", "count", f"{PILES} | sweeps 1,0", "--sweeps", "1,0")
    assert (status, err) == (
        2,
        "Error: give the sweeps as --sweeps or as the last part '| sweeps N,N', not both\n",
    )


def test_count_batch(tmp_path: Path) -> None:
    lines = f"{PILES} | sweeps 1,0\n# a comment\nAS | AS\n-|-\n"
    (tmp_path / "deals.txt").write_text(lines, encoding="utf-8")
    status, out, err = invoke("cassino", "count", "--file", str(tmp_path / "deals.txt"))
    assert status == 1
    assert out == f"{COUNT_LINE}\nside 1 (eldest) 0; side 2 (dealer) 0\n"
    assert err == (
        "line 3: card 'AS' is in the piles of both side 1 (eldest) and side 2 (dealer): "
        "each card is taken once\n"
    )
    status, out, _ = invoke("cassino", "count", "--file", "-", "--json", stdin=f"{PILES}\n")
    assert status == 0
    assert json.loads(out)["total"] == 10
    status, _, err = invoke("cassino", "count", "--file", "-", "--sweeps", "1,0", stdin="")
    assert (status, err) == (
        2,
        "Error: --sweeps is for a single input; it cannot be used with --file\n",
    )


# -- cassino game ---------------------------------------------------------------------

ELEVEN_TEXT = """\
Cassino: 11 up by differences; a lurch (the loser under 6) counts two games

  deal  points    scored    totals    game
------  --------  --------  --------  ----------
     1  7-4       3-0       3-0       side 1 up
     2  6-5       1-0       4-0       side 1 up
     3  9-2       7-0       11-0      side 1 out

side 1 wins in deal 3, 11 to 0; side 2 lurched (under 6): 2 games
"""


def test_game_eleven_text() -> None:
    assert invoke("cassino", "game", "--scoring", "eleven", "7-4", "6-5", "9-2") == (
        0,
        ELEVEN_TEXT,
        "",
    )


def result_line(*args: str) -> str:
    status, out, err = invoke("cassino", "game", *args)
    assert (status, err) == (0, "")
    return out.split("\n\n")[-1].rstrip("\n").replace("\n  ", " ")


def test_game_results() -> None:
    assert result_line("--scoring", "deal", "7-4") == "side 1 wins the deal, 7 to 4: 3 points"
    assert result_line("--scoring", "deal", "4-4") == "a tie, 4 to 4: nobody wins"
    # 12-3, 17-11, then cards 3 and spades 1 make the first 21
    assert result_line(
        "--scoring", "twenty-one", "12-3", "5-8", "cards spades 10D AS AH / 2S AC AD sweep"
    ) == ("side 1 is out in deal 3 on spades, 25 to 15 at the deal's end: 1 game")
    assert result_line("--scoring", "twenty-one", "--claiming", "15-10", "8-12 claim 2") == (
        "side 2 claims out rightly in deal 2, at 22 of 21: 1 game"
    )
    assert result_line("--scoring", "twenty-one", "--claiming", "15-10", "5-12 claim 1") == (
        "side 1 claims wrongly in deal 2, at 20 of 21, and loses: side 2 wins 1 game"
    )
    assert result_line("--scoring", "five", "7-4", "4-4") == (
        "in progress after 2 deals: side 1 1, side 2 0; 5 up"
    )
    # 55-6, then 2 and 4 to the first on pegs 1 and 3: 61
    assert result_line("--game", "spade", "30-2", "25-4", "1:2 2:1 1:4 2:14") == (
        "side 1 is out in deal 3 on peg 3, 61 to 21 at the deal's end: 1 game"
    )


def test_game_json() -> None:
    status, out, err = invoke("cassino", "game", "--scoring", "five", "7-4", "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == {
        "scoring": "five",
        "winner": None,
        "value": None,
        "steps": [
            {
                "deal": 1,
                "deal_points": {"1": 7, "2": 4},
                "scored": {"1": 1, "2": 0},
                "totals": {"1": 1, "2": 0},
                "target": 5,
                "up": 1,
                "out": None,
                "by": None,
                "claim": None,
                "lurch": False,
            }
        ],
    }


def test_game_errors() -> None:
    assert invoke("cassino", "game", "7-4") == (
        2,
        "",
        "Error: give --scoring deal, eleven, five or twenty-one\n",
    )
    assert invoke("cassino", "game", "--scoring", "eleven", "7-4", "6-5", "9-2", "8-3") == (
        2,
        "",
        "Error: deal 4 '8-3' comes after the end of the game: side 1 won it in deal 3\n",
    )
    assert invoke("cassino", "game", "--scoring", "five", "--claiming", "7-4") == (
        2,
        "",
        "Error: claiming at five: expected it at twenty-one only\n",
    )
    status, _, err = invoke("cassino", "game", "--scoring", "five")
    assert (status, err) == (
        2,
        "Error: missing DEAL: give it as an argument, or --file PATH for a file of them\n",
    )


def test_game_batch() -> None:
    stdin = "7-4; 6-5; 9-2\n7-4 6-5\n2-9;9-2\n"
    status, out, err = invoke("cassino", "game", "--scoring", "eleven", "--file", "-", stdin=stdin)
    assert status == 1
    assert out == (
        "side 1 wins in deal 3, 11 to 0; side 2 lurched (under 6): 2 games\n"
        "in progress after 2 deals: side 1 7, side 2 7; 11 up\n"
    )
    assert err == ("line 2: deal 1 '7-4 6-5': expected the two sides' points as A-B, such as 7-4\n")


def test_an_empty_first_pile_is_a_dash_not_an_option() -> None:
    # AS 2S to side 2: cards 3, spades 1, the ace 1, little Cassino 1
    status, out, err = invoke("cassino", "count", "- | AS 2S", "--json")
    assert (status, err) == (0, "")
    assert [side["total"] for side in json.loads(out)["sides"]] == [0, 6]
    status, out, err = invoke("cassino", "count", "AS 2S | -", "--jsn")
    assert (status, out, err) == (2, "", "Error: No such option: --jsn\n")
