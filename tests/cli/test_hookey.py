"""`cribcount hookey`: exact text, JSON, one-line errors, batches and the help."""

from __future__ import annotations

import json

import pytest
from support import invoke

# Three players cutting: each card of the 51 others alike likely to be a player's,
# 24 higher, 3 equal, 24 lower. The deal ends when the dealer's card is lower than
# all three: over the 13 ranks of his, the sum of C(4k, 3) for k = 0..12 higher
# ranks is 59800, over 13 * C(51, 3) = 13 * 20825: 4600/20825 = 184/833, and
# 833/184 hands are expected.
THREE = """\
Blind Hookey: 3 players each cut a packet, the dealer takes the rest
every card unseen

                                             exact    decimal
-----------------------------------------  -------  ---------
a player's card higher: he wins               8/17   0.470588
equal: he pays                                1/17   0.058824
lower: he pays                                8/17   0.470588
the dealer's edge per unit staked             1/17   0.058824
the dealer loses all round: the deal ends  184/833   0.220888
hands expected in the deal                 833/184   4.527174

the bottom cards: distinct cards of a shuffled pack, a fresh shuffle each hand
"""

# The dealer's 7: 24 cards higher, 3 equal, 24 lower, as with every card unseen; all
# three higher, C(24, 3) / C(51, 3) = 2024/20825; this hand and, 18801 times in
# 20825, 833/184 more: 1 + 18801/4600 = 23401/4600.
SEVEN = """\
Blind Hookey: 3 players each cut a packet, the dealer takes the rest
given the dealer's card 7H (only its rank counts)

                                                    exact    decimal
---------------------------------------------  ----------  ---------
a player's card higher: he wins                      8/17   0.470588
equal: he pays                                       1/17   0.058824
lower: he pays                                       8/17   0.470588
the dealer's edge per unit staked                    1/17   0.058824
the dealer loses all round: the deal ends      2024/20825   0.097191
hands expected in the deal, this one included  23401/4600   5.087174

the bottom cards: distinct cards of a shuffled pack, a fresh shuffle each hand
"""

# Two packets staked on: the deal ends on both higher, the sum of C(4k, 2) = 5044
# over 13 * C(51, 2) = 16575: 388/1275.
PACKETS = """\
Blind Hookey: the dealer cuts three packets, 5 players stake on two
every card unseen

                                              exact    decimal
-----------------------------------------  --------  ---------
a player's card higher: he wins                8/17   0.470588
equal: he pays                                 1/17   0.058824
lower: he pays                                 8/17   0.470588
the dealer's edge per unit staked              1/17   0.058824
the dealer loses all round: the deal ends  388/1275   0.304314
hands expected in the deal                 1275/388   3.286082

the bottom cards: distinct cards of a shuffled pack, a fresh shuffle each hand
"""


KING = """\
Blind Hookey: 1 player cuts a packet, the dealer takes the rest
given the dealer's card KD (only its rank counts)

                                                 exact    decimal
---------------------------------------------  -------  ---------
a player's card higher: he wins                      0   0.000000
equal: he pays                                    1/17   0.058824
lower: he pays                                   16/17   0.941176
the dealer's edge per unit staked                    1   1.000000
the dealer loses all round: the deal ends            0   0.000000
hands expected in the deal, this one included     25/8   3.125000

the bottom cards: distinct cards of a shuffled pack, a fresh shuffle each hand
"""


def hookey(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    return invoke("hookey", *args, stdin=stdin)


def test_three_players_every_card_unseen() -> None:
    assert hookey("--players", "3") == (0, THREE, "")


def test_three_players_given_the_dealers_seven() -> None:
    assert hookey("--players", "3", "--dealer-card", "7H") == (0, SEVEN, "")
    assert hookey("--players", "3", "--dealer-card", "7♥") == (0, SEVEN, "")


def test_the_packets_method() -> None:
    assert hookey("--players", "5", "--method", "packets") == (0, PACKETS, "")
    assert hookey("--players", "5", "--method", "PACKETS") == (0, PACKETS, "")


def test_one_player() -> None:
    status, out, _ = hookey("--players", "1")
    assert status == 0
    assert out.splitlines()[0] == "Blind Hookey: 1 player cuts a packet, the dealer takes the rest"
    status, out, _ = hookey("--players", "1", "--method", "packets")
    assert (
        out.splitlines()[0] == "Blind Hookey: the dealer cuts three packets, 1 player stakes on two"
    )


def test_a_small_chance_in_scientific_form() -> None:
    # the dealer's queen: the four players hold the four kings, 1 in C(51, 4) = 249900
    status, out, _ = hookey("--players", "4", "--dealer-card", "QS")
    assert status == 0
    assert "the dealer loses all round: the deal ends          1/249900  4.002e-06\n" in out
    assert "the dealer's edge per unit staked                     43/51   0.843137\n" in out


def test_the_dealers_king_wins_every_stake() -> None:
    # nothing beats a king: 3 cards tie, 48 are lower; the deal cannot end in this
    # hand, and after it 17/8 more are expected: 25/8
    assert hookey("--players", "1", "--dealer-card", "KD") == (0, KING, "")


def test_json() -> None:
    status, out, err = hookey("--players", "2", "--json")
    assert (status, err) == (0, "")
    assert out.endswith("\n") and out.count("\n") == 1
    assert json.loads(out) == {
        "method": "cut",
        "players": 2,
        "staked": 2,
        "dealer_card": None,
        "win": 8 / 17,
        "tie": 1 / 17,
        "lower": 8 / 17,
        "edge": 1 / 17,
        "end": 388 / 1275,
        "hands": 1275 / 388,
        "exact": {
            "win": "8/17",
            "tie": "1/17",
            "lower": "8/17",
            "edge": "1/17",
            "end": "388/1275",
            "hands": "1275/388",
        },
    }


def test_json_given_the_dealers_card_by_packets() -> None:
    status, out, _ = hookey(
        "--players", "6", "--method", "packets", "--dealer-card", "9H", "--json"
    )
    assert status == 0
    data = json.loads(out)
    # nine: 16 cards higher (the four each of 10 J Q K), 3 equal, 32 lower
    assert (data["method"], data["players"], data["staked"], data["dealer_card"]) == (
        "packets",
        6,
        2,
        "9H",
    )
    assert data["exact"]["win"] == "16/51"
    assert data["exact"]["lower"] == "32/51"
    assert data["exact"]["edge"] == "19/51"  # 35 paying less 16 winning
    assert data["exact"]["end"] == "8/85"  # C(16, 2) / C(51, 2) = 120/1275


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "Error: missing --players N: how many play against the dealer, as --players 3"),
        (("--players", "0"), "Error: 0 players: expected 1 or more to play against the dealer"),
        (
            ("--players", "13"),
            "Error: 13 players cutting: expected 12 at most, each cutting 4 cards or more"
            " and none more than his due proportion of the pack"
            " (or --method packets, for any number)",
        ),
        (
            ("--players", "x"),
            "Error: Invalid value for '--players': 'x' is not a valid integer.",
        ),
        (
            ("--players", "2", "--method", "shuffle"),
            "Error: Invalid value for '--method': 'shuffle' is not one of 'cut', 'packets'.",
        ),
        (
            ("--players", "2", "--dealer-card", "7X"),
            "Error: invalid card '7X' in '7X': suit must be S, H, D or C (or ♠ ♥ ♦ ♣)",
        ),
        (
            ("--players", "2", "--dealer-card", "7H 8H"),
            "Error: dealer's card '7H 8H': expected one card, as '7H'",
        ),
        (
            ("--players", "2", "--file", "-"),
            "Error: --players is for a single input; it cannot be used with --file",
        ),
        (
            ("--dealer-card", "7H", "--file", "-"),
            "Error: --dealer-card is for a single input; it cannot be used with --file",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    assert hookey(*args) == (2, "", message + "\n")


def test_a_batch() -> None:
    lines = "3\n\n# the dealer's seven\n3 7H\nthree\n13\n12 AS\n2 7H 8H\n"
    status, out, err = hookey("--file", "-", stdin=lines)
    assert status == 1
    assert out == (
        "3 players: win 8/17 (0.470588), tie 1/17 (0.058824), lower 8/17 (0.470588),"
        " edge 1/17 (0.058824), end 184/833 (0.220888), hands 833/184 (4.527174)\n"
        "3 players, the dealer's 7H: win 8/17 (0.470588), tie 1/17 (0.058824),"
        " lower 8/17 (0.470588), edge 1/17 (0.058824), end 2024/20825 (0.097191),"
        " hands 23401/4600 (5.087174)\n"
        # the dealer's ace: 48 higher, 3 equal, none lower; the deal ends with
        # C(48, 12) / C(51, 12) = 9139/20825
        "12 players, the dealer's AS: win 16/17 (0.941176), tie 1/17 (0.058824),"
        " lower 0 (0.000000), edge -15/17 (-0.882353), end 9139/20825 (0.438848),"
        " hands 1255959915419/97856794803 (12.834673)\n"
    )
    assert err == (
        "line 5: 'three': expected the number of players, then any dealer's card,"
        " as '3' or '3 7H'\n"
        "line 6: 13 players cutting: expected 12 at most, each cutting 4 cards or more"
        " and none more than his due proportion of the pack"
        " (or --method packets, for any number)\n"
        "line 8: dealer's card '7H 8H': expected one card, as '7H'\n"
    )


def test_a_batch_by_packets_in_json_lines() -> None:
    status, out, err = hookey("--file", "-", "--method", "packets", "--json", stdin="13\n2 KS\n")
    assert (status, err) == (0, "")
    first, second = (json.loads(line) for line in out.splitlines())
    assert (first["players"], first["staked"], first["exact"]["end"]) == (13, 2, "388/1275")
    assert (second["dealer_card"], second["exact"]["end"], second["edge"]) == ("KS", "0", 1.0)


def test_the_help_gives_examples() -> None:
    status, out, _ = hookey("--help")
    assert status == 0
    assert "Examples:\n    cribcount hookey --players 3\n" in out
    assert "--method [cut|packets]" in out
