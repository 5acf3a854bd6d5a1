"""`cribcount peg` through the command line: exact text, JSON shape, errors."""

import json

import pytest
from support import invoke

SEED_HAND = """\
six-card game: pone plays first

  #  player    card      count  scored                 points
---  --------  ------  -------  -------------------  --------
  1  pone      4S            4
  2  dealer    2D            6
  3  pone      3D            9  run of 3                    3
  4  dealer    AH           10  run of 4                    4
  5  pone      5C           15  fifteen, run of 5           7
  6  dealer    2H           17
  7  pone      4C           21  run of 5                    5
  8  dealer    3C           24  run of 5, last card         6

player      total
--------  -------
pone           15
dealer         10
"""

GOES = """\
six-card game: pone plays first

  #  player    card      count  scored       points
---  --------  ------  -------  ---------  --------
  1  pone      J♠           10
  2  dealer    5♥           15  fifteen           2
  3  pone      9♣           24  go                1
  4  dealer    go           24
  5  pone      go           24
  6  dealer    9♦            9
  7  pone      J♥           19
  8  dealer    9♠           28  go                1
  9  pone      go           28
 10  pone      10♠          10
 11  dealer    8♦           18  last card         1

player      total
--------  -------
pone            1
dealer          4
"""

FOUR_HANDED = """\
four-handed game: P1 plays first, P4 deals

  #  player    card      count  scored                 points
---  --------  ------  -------  -------------------  --------
  1  P1        7S            7
  2  P2        8S           15  fifteen                     2
  3  P3        9S           24  run of 3                    3
  4  P4        6S           30  run of 4                    4
  5  P1        go           30
  6  P2        AH           31  thirty-one                  2
  7  P3        KS           10
  8  P4        KH           20  pair                        2
  9  P1        KD           30  pair royal, go              7
 10  P2        5D            5
 11  P3        QC           15  fifteen                     2
 12  P4        5H           20
 13  P1        5C           25  pair                        2
 14  P2        6D           31  thirty-one                  2
 15  P3        3C            3
 16  P4        4C            7
 17  P1        2H            9  run of 3, last card         4

player         total
-----------  -------
P1                13
P2                 6
P3                 5
P4 (dealer)        6
-----------  -------
P1 + P3           18
P2 + P4           12
"""

PENALTY = """\
six-card game: pone plays first

  #  player    card      count  scored          points
---  --------  ------  -------  ------------  --------
  1  pone      9C            9
  2  dealer    6D           15  fifteen              2
  3  pone      6H           21  pair                 2
  4  dealer    4S           25
  5  pone      go           25
  6  dealer    5H           30  run of 3, go         4

player      total
--------  -------
pone            2
dealer          6

the play is not over: 5 of 8 cards played
penalty: play 5: pone said go at 25 holding 5D AC, which fits; dealer may claim 2
"""

NINE_SIX_HANDS = "pone: 9C 6H 5D AC | dealer: 6D 4S 5H 5S"


def test_seed_hand_table() -> None:
    assert invoke("peg", "4S 2D 3D AH 5C 2H 4C 3C") == (0, SEED_HAND, "")


def test_plays_may_be_separate_arguments_or_glyphs() -> None:
    assert invoke("peg", "4S", "2D", "3D", "AH", "5C", "2H", "4C", "3C") == (0, SEED_HAND, "")
    assert invoke("peg", "🂤 🃂 🃃 🂱 🃕 🂲 🃔 🃓") == (0, SEED_HAND, "")


def test_goes_with_symbols() -> None:
    assert invoke("peg", "JS 5H 9C go go 9D JH 9S go 10S 8D", "--symbols") == (0, GOES, "")


def test_four_handed_with_sides() -> None:
    plays = "7S 8S 9S 6S go AH KS KH KD 5D QC 5H 5C 6D 3C 4C 2H"
    assert invoke("peg", plays, "--players", "4") == (0, FOUR_HANDED, "")
    assert invoke("peg", plays, "--game", "four") == (0, FOUR_HANDED, "")


def test_penalty_and_unfinished_play() -> None:
    assert invoke("peg", "9C 6D 6H 4S go 5H", "--hands", NINE_SIX_HANDS) == (0, PENALTY, "")


def test_finished_play_with_penalty() -> None:
    code, out, _ = invoke("peg", "9C 6D 6H 4S go 5H 5D 5S AC", "--hands", NINE_SIX_HANDS)
    assert code == 0
    assert out.endswith(
        "  9  pone      AC           11  last card            1\n"
        "\n"
        "player      total\n"
        "--------  -------\n"
        "pone            3\n"
        "dealer          8\n"
        "\n"
        "penalty: play 5: pone said go at 25 holding 5D AC, which fits; dealer may claim 2\n"
    )


def test_penalty_with_symbols() -> None:
    code, out, _ = invoke("peg", "9C 6D 6H 4S go 5H", "--hands", NINE_SIX_HANDS, "--symbols")
    assert code == 0
    assert out.endswith(
        "penalty: play 5: pone said go at 25 holding 5♦ A♣, which fits; dealer may claim 2\n"
    )


def test_json() -> None:
    code, out, _ = invoke("peg", "9C 6D 6H 4S 5D AC 5H 5S", "--hands", NINE_SIX_HANDS, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["totals"] == {"pone": 7, "dealer": 5}
    assert data["players"] == ["pone", "dealer"]
    assert data["dealer"] == "dealer"
    assert data["game"] == "six"
    assert data["complete"] is True
    assert data["penalties"] == []
    assert "sides" not in data
    assert data["plays"][4] == {
        "position": 5,
        "player": "pone",
        "card": "5D",
        "count": 30,
        "items": [{"kind": "run", "name": "run of 3", "cards": ["6H", "4S", "5D"], "points": 3}],
        "points": 3,
    }
    assert data["plays"][7]["items"] == [
        {"kind": "pair", "name": "pair", "cards": ["5H", "5S"], "points": 2},
        {"kind": "last card", "name": "last card", "cards": ["5S"], "points": 1},
    ]
    assert data["plays"][5]["items"] == [
        {
            "kind": "thirty-one",
            "name": "thirty-one",
            "cards": ["9C", "6D", "6H", "4S", "5D", "AC"],
            "points": 2,
        }
    ]
    assert sum(play["points"] for play in data["plays"]) == 12


def test_json_go_and_penalty() -> None:
    code, out, _ = invoke("peg", "9C 6D 6H 4S go 5H", "--hands", NINE_SIX_HANDS, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["plays"][4] == {
        "position": 5,
        "player": "pone",
        "card": None,
        "count": 25,
        "items": [],
        "points": 0,
    }
    assert data["complete"] is False
    assert data["penalties"] == [
        {
            "position": 5,
            "player": "pone",
            "count": 25,
            "fitting": ["5D", "AC"],
            "claimants": ["dealer"],
            "points": 2,
        }
    ]


def test_json_four_handed_sides() -> None:
    plays = "7S 8S 9S 6S go AH KS KH KD 5D QC 5H 5C 6D 3C 4C 2H"
    data = json.loads(invoke("peg", plays, "--players", "4", "--json")[1])
    assert data["sides"] == [
        {"roles": ["P1", "P3"], "total": 18},
        {"roles": ["P2", "P4"], "total": 12},
    ]
    assert data["dealer"] == "P4"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("4S 2D 4S",), "play 3 '4S' in '4S 2D 4S': 4S was already played at play 1"),
        (
            ("4S 2D 3D AH 5C 2H 4C 3C 6H",),
            "play 9 '6H' in '4S 2D 3D AH 5C 2H 4C 3C 6H': every card has been played "
            "(2 players, 4 cards each)",
        ),
        (
            ("KS AD QS go",),
            "play 4 'go' in 'KS AD QS go': dealer says go at 21, where any card fits "
            "(a go needs a count of 22 or more)",
        ),
        (
            ("4S 3D", "--hands", "pone: 4S 3D 5C 4C | dealer: 2D AH 2H 3C"),
            "play 2 '3D' in '4S 3D': dealer does not hold 3D (holds 2D AH 2H 3C)",
        ),
        (
            ("KS KH 5S QS", "--hands", "pone: KS 5S QS 2S | dealer: KH QH 4H 5H"),
            "play 4 'QS' in 'KS KH 5S QS': QS passes 31 at 25, so dealer must have said go, "
            "but dealer holds 4H 5H, which fits",
        ),
        (
            ("KS QH JS 10H", "--game", "five"),
            "play 4 '10H' in 'KS QH JS 10H': in five-card cribbage the play ends at the "
            "first go or 31",
        ),
        (
            ("4S ZZ",),
            "play 2 'ZZ' in '4S ZZ' is neither a card nor 'go': "
            "suit must be S, H, D or C (or ♠ ♥ ♦ ♣)",
        ),
        (
            ("4S", "--players", "3", "--game", "six"),
            "game 'six' is not played by 3 players: with 3 players the game is 'three'",
        ),
        (
            ("4S", "--hands", "pone: 4S 3D | dealer: 2D AH"),
            "pone's hand '4S 3D' has 2 cards: expected 4 in the six-card game",
        ),
        (
            ("4S", "--players", "2", "--hands", "4S 3D 5C 4C"),
            "1 hand in '4S 3D 5C 4C': expected 2, one per player, separated by '|' "
            "(pone: ... | dealer: ...)",
        ),
        (
            ("4S", "--hands", "4S 3D 5C 4C"),
            "1 hand in '4S 3D 5C 4C': expected 2, 3 or 4, one per player, separated by '|'",
        ),
        (
            ("4S", "--hands", "p5: 4S 3D 5C 4C | 2D AH 2H 3C"),
            "unknown player 'p5' in 'p5: 4S 3D 5C 4C | 2D AH 2H 3C': expected pone, dealer",
        ),
        (
            ("4S", "--hands", "4S 3D 5C 4C | 2D AH 2H 🂬"),
            "dealer's hand: invalid card '🂬' in '2D AH 2H 🂬': "
            "the knight is in no pack of these games",
        ),
        (
            ("4S", "--hands", "4S 3D 5C 4C | "),
            "no cards for dealer in '4S 3D 5C 4C | ': expected cards such as '5H 10D JS'",
        ),
        (
            ("4S 🃜",),
            "play 2 '🃜' in '4S 🃜' is neither a card nor 'go': "
            "the knight is in no pack of these games",
        ),
        (
            ("go",),
            "play 1 'go' in 'go': pone says go at 0, where any card fits "
            "(a go needs a count of 22 or more)",
        ),
        ((" ",), "no plays in ' ': expected cards in order of play, such as '4S 2D 3D'"),
    ],
)
def test_errors(args: tuple[str, ...], message: str) -> None:
    code, out, err = invoke("peg", *args)
    assert (code, out, err) == (2, "", f"Error: {message}\n")


def test_help_states_the_inference() -> None:
    code, out, _ = invoke("peg", "--help")
    assert code == 0
    assert "A card that would pass 31 cannot be played in the" in out
    assert "with --hands, such forced goes are inferred." in out
    assert "In five-card cribbage the play ends at the first go or 31." in out


def test_batch_one_play_a_line() -> None:
    lines = "9C 6D 6H 4S 5D go AC 5H 5S\n4S ZZ\n\n# a comment\n4S 2D 3D AH 5C 2H 4C 3C\n4S 2D\n"
    code, out, err = invoke("peg", "--file", "-", stdin=lines)
    assert code == 1
    # totals worked out in the tables above: 7-5 and 15-10; two cards of eight played
    assert out == (
        "9C 6D 6H 4S 5D go AC 5H 5S: pone 7, dealer 5\n"
        "4S 2D 3D AH 5C 2H 4C 3C: pone 15, dealer 10\n"
        "4S 2D: pone 0, dealer 0 (not over)\n"
    )
    assert err == (
        "line 2: play 2 'ZZ' in '4S ZZ' is neither a card nor 'go': "
        "suit must be S, H, D or C (or ♠ ♥ ♦ ♣)\n"
    )
    code, out, _ = invoke("peg", "--file", "-", "--json", stdin="4S 2D 3D AH 5C 2H 4C 3C\n")
    assert code == 0
    assert json.loads(out)["totals"] == {"pone": 15, "dealer": 10}


def test_batch_with_a_game_its_players_do_not_play_is_one_usage_error() -> None:
    lines = "4S 2D 3D AH 5C 2H 4C 3C\n4S ZZ\n4S 2D\n"
    assert invoke("peg", "--file", "-", "--players", "2", "--game", "three", stdin=lines) == (
        2,
        "",
        "Error: game 'three' is not played by 2 players: "
        "with 2 players the game is 'five', 'six' or 'seven'\n",
    )


def test_plays_as_several_arguments_or_one() -> None:
    assert invoke("peg", *["9C", "6D", "6H", "4S", "5D", "go", "AC", "5H", "5S"]) == invoke(
        "peg", "9C 6D 6H 4S 5D go AC 5H 5S"
    )


def test_hands_are_for_a_single_play() -> None:
    code, _, err = invoke("peg", "--file", "-", "--hands", NINE_SIX_HANDS, stdin="4S\n")
    assert (code, err) == (
        2,
        "Error: --hands is for a single input; it cannot be used with --file\n",
    )
