"""`cribcount piquet declare` through click's CliRunner: exact text, JSON, errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from cribcount.cli import main

ELDER = "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"
DEALER = "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9"

HAND_TEXT = """\
hand AH KH QH JH AC KC QC AD KD QD 7D AS (classic rules)

kind      declaration                   cards          points
--------  ----------------------------  -----------  --------
point     Forty-one: 4 cards in hearts  AH KH QH JH         4
sequence  quatrième to the ace          AH KH QH JH         4
sequence  tierce to the ace             AD KD QD            3
sequence  tierce to the ace             AC KC QC            3
quatorze  quatorze aces                 AS AH AD AC        14
trio      three kings                   KH KD KC            3
trio      three queens                  QH QD QC            3

worth 34 if every declaration is good; 1 more for leading a ten or better
"""

TABLE_TEXT = """\
Piquet au cent, classic rules
elder   AH KH QH JH AC KC QC AD KD QD 7D AS
dealer  JC 10C 9C 8C JD 10D 9D KS QS JS 10S 9S

category           player    declaration                    cards            verdict      points
-----------------  --------  -----------------------------  ---------------  ---------  --------
carte blanche      elder     -                                                                 0
                   dealer    -                                                                 0
point              elder     Forty-one: 4 cards in hearts   AH KH QH JH      not good          0
                   dealer    Forty-nine: 5 cards in spades  KS QS JS 10S 9S  good              5
sequence           elder     quatrième to the ace           AH KH QH JH      not good          0
                   dealer    quinte to the king             KS QS JS 10S 9S  good             15
                             quatrième to the jack          JC 10C 9C 8C     good              4
                             tierce to the jack             JD 10D 9D        good              3
quatorze and trio  elder     quatorze aces                  AS AH AD AC      good             14
                             three kings                    KH KD KC         good              3
                             three queens                   QH QD QC         good              3
                   dealer    three jacks                    JS JD JC         not good          0

player      carte blanche    point    sequence    sets    repic    lead    total
--------  ---------------  -------  ----------  ------  -------  ------  -------
elder                   0        0           0      20        0       1       21
dealer                  0        5          22       0        0       0       27

repic: none
pic (30): impossible: the dealer scores 27 in declarations
"""

SCORE_KEYS = ("carte_blanche", "point", "sequence", "sets", "repic", "lead", "total")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def as_json(*args: str) -> Any:
    status, out, err = run(*args, "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


def scores(player: dict[str, Any]) -> tuple[int, ...]:
    return tuple(player[key] for key in SCORE_KEYS)


def test_one_hand_as_announced() -> None:
    assert run("piquet", "declare", "AH KH QH JH AC KC QC AD KD QD 7D AS") == (0, HAND_TEXT, "")


def test_one_hand_in_the_seed_layout_reads_the_same() -> None:
    status, out, _ = run("piquet", "declare", ELDER)
    assert status == 0
    assert out.splitlines()[2:] == HAND_TEXT.splitlines()[2:]


def test_one_hand_json() -> None:
    data = as_json("piquet", "declare", ELDER)
    assert [(d["kind"], d["name"], d["points"]) for d in data["declarations"]] == [
        ("point", "Forty-one", 4),
        ("sequence", "quatrième to the ace", 4),
        ("sequence", "tierce to the ace", 3),
        ("sequence", "tierce to the ace", 3),
        ("quatorze", "quatorze aces", 14),
        ("trio", "three kings", 3),
        ("trio", "three queens", 3),
    ]
    assert data["declarations"][0]["pips"] == 41
    assert (data["worth"], data["lead"]) == (34, 1)


def test_hands_compared() -> None:
    assert run("piquet", "declare", "--elder", ELDER, "--dealer", DEALER) == (0, TABLE_TEXT, "")


def test_json_of_the_seed_example_21_and_27() -> None:
    data = as_json("piquet", "declare", "--elder", ELDER, "--dealer", DEALER)
    assert scores(data["elder"]) == (0, 0, 0, 20, 0, 1, 21)
    assert scores(data["dealer"]) == (0, 5, 22, 0, 0, 0, 27)
    assert data["players"] == [data["elder"], data["dealer"]]
    point = data["categories"][1]
    assert point["category"] == "point"
    assert [seat["verdict"] for seat in point["seats"]] == ["not good", "good"]
    assert data["repic"] is None
    assert data["pic"]["status"] == "impossible"
    assert "sides" not in data


def test_json_of_the_dealers_repic_95() -> None:
    data = as_json(
        "piquet",
        "declare",
        "--elder",
        "♡ A J 10 9 8; ♣ 10; ♢ 10; ♠ A J 10 9 8",
        "--dealer",
        "♡ K Q; ♣ A K Q; ♢ A K Q J 7; ♠ K Q",
    )
    assert scores(data["elder"]) == (0, 0, 0, 0, 0, 1, 1)
    assert scores(data["dealer"]) == (0, 0, 7, 28, 60, 0, 95)
    assert data["repic"]["role"] == "dealer"


@pytest.mark.parametrize(("rules", "point", "total"), [("classic", 6, 97), ("english", 5, 96)])
def test_dealers_repic_under_each_point_rule(rules: str, point: int, total: int) -> None:
    data = as_json(
        "piquet",
        "declare",
        "--elder",
        "♡ A K Q J 8; ♣ A K; ♢ A K; ♠ A K 10",
        "--dealer",
        "♢ Q J 10 9 8 7; ♣ Q J 10 9 8; ♡ 7",
        "--rules",
        rules,
    )
    assert scores(data["dealer"]) == (0, point, 31, 0, 60, 0, total)
    assert data["elder"]["total"] == 29


def test_pic_outlook_line() -> None:
    status, out, _ = run(
        "piquet",
        "declare",
        "--hand",
        "♡ A 9; ♣ A K Q J; ♢ K Q J 10 9; ♠ K",
        "--hand",
        "♡ K Q J 10 8; ♣ 10 9 8 7; ♢ A 8 7",
    )
    assert status == 0
    assert out.splitlines()[-2:] == [
        "repic: none",
        "pic (30): possible: the elder has 27 and needs 3 more from play before the dealer scores",
    ]


VOLEUR = (
    "♡ A; ♠ A; ♢ A Q; ♣ A Q J 10",
    "♠ K Q J 10; ♢ J 10 9 8",
    "♡ K Q J; ♢ K 7; ♣ K 9 8",
    "♡ 10 9 8 7; ♠ 9 8 7; ♣ 7",
)


def test_voleur_json() -> None:
    args = [arg for hand in VOLEUR for arg in ("--hand", hand)]
    data = as_json("piquet", "declare", "--players", "4", *args)
    assert data["form"] == "Piquet Voleur"
    assert [p["role"] for p in data["players"]] == ["elder", "second", "third", "dealer"]
    assert [scores(p) for p in data["players"]] == [
        (0, 4, 0, 14, 0, 1, 19),
        (0, 0, 8, 0, 0, 0, 8),
        (0, 0, 0, 3, 0, 0, 3),
        (10, 0, 7, 0, 0, 0, 17),
    ]
    assert data["sides"] == [
        {"roles": ["elder", "third"], "total": 22},
        {"roles": ["second", "dealer"], "total": 25},
    ]


def test_voleur_text_ends_with_the_sides() -> None:
    args = [arg for hand in VOLEUR for arg in ("--hand", hand)]
    status, out, _ = run("piquet", "declare", *args)
    assert status == 0
    assert out.splitlines()[-4:] == [
        "side elder and third: 22",
        "side second and dealer: 25",
        "repic: none",
        "pic (60): impossible: the second and the dealer score 25 in declarations",
    ]


def test_normand_repic_json() -> None:
    data = as_json(
        "piquet",
        "declare",
        "--hand",
        "♡ A K Q J 10 9; ♠ 8 7; ♣ 7; ♦ 7",
        "--hand",
        "♠ A K Q J; ♣ A K Q; ♦ A K Q",
        "--hand",
        "♠ 10 9; ♣ J 10 9 8; ♦ J 10 9 8",
    )
    assert data["form"] == "Piquet Normand"
    assert [p["total"] for p in data["players"]] == [113, 9, 0]
    assert data["repic"]["bonus"] == 90
    assert "sides" not in data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("AH KH",), "Error: hand 'AH KH' has 2 cards: expected 12\n"),
        (
            ("AH KH QH JH AC KC QC AD KD QD 7D 5S",),
            "Error: card '5S' in 'AH KH QH JH AC KC QC AD KD QD 7D 5S' is outside the "
            "32-card piquet pack: ranks are 7, 8, 9, 10, J, Q, K and A\n",
        ),
        (
            ("AH KH QH JH AC KC QC AD KD QD 7D XS",),
            "Error: invalid card 'XS' in 'AH KH QH JH AC KC QC AD KD QD 7D XS': "
            "rank must be A, 2-10 (or T), J, Q or K\n",
        ),
        (
            ("AH KH QH JH AC KC QC AD KD QD 7D AZ",),
            "Error: invalid card 'AZ' in 'AH KH QH JH AC KC QC AD KD QD 7D AZ': "
            "suit must be S, H, D or C (or ♠ ♥ ♦ ♣)\n",
        ),
        (
            ("--elder", ELDER, "--dealer", "AH 10H 9H 8H 7H 10C 9C 8C 10D 9D 8D 10S"),
            "Error: card 'AH' is in both the elder's and the dealer's hand: "
            "each card is dealt once\n",
        ),
        (
            ("--elder", ELDER, "--dealer", "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10"),
            "Error: the dealer's hand '♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10' has 11 cards: "
            "expected 12\n",
        ),
        (("--elder", ELDER), "Error: --elder and --younger go together: give both hands\n"),
        (
            (ELDER, "--elder", ELDER, "--dealer", DEALER),
            "Error: give one HAND, or --elder and --younger, or one --hand per player, or --file PATH\n",
        ),
        (
            ("--players", "3", "--hand", ELDER, "--hand", DEALER),
            "Error: 2 hands given for 3 players: give one hand per player\n",
        ),
        (
            ("--players", "3", "AH KH QH JH AC KC QC AD KD QD 7D AS"),
            "Error: hand 'AH KH QH JH AC KC QC AD KD QD 7D AS' has 12 cards: expected 10\n",
        ),
        (
            ("AH KH QH JH AC KC QC AD KD QD 7D \U0001f0ac",),
            "Error: invalid card '\U0001f0ac' in 'AH KH QH JH AC KC QC AD KD QD 7D \U0001f0ac': "
            "the knight is not a card of cribbage or piquet\n",
        ),
        (
            ("--hand", ELDER, "--hand", "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 6"),
            "Error: card '6S' in '♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 6' is outside the "
            "32-card piquet pack: ranks are 7, 8, 9, 10, J, Q, K and A\n",
        ),
        (("--hand", ELDER), "Error: 1 hand given: piquet is played by 2, 3 or 4 players\n"),
        (
            ("--players", "2", "--hand", ELDER),
            "Error: 1 hand given for 2 players: give one hand per player\n",
        ),
        (
            ("--elder", ELDER, "--hand", DEALER),
            "Error: give one HAND, or --elder and --younger, or one --hand per player, or --file PATH\n",
        ),
        (
            ("--elder", ELDER, "--dealer", DEALER, "--players", "4"),
            "Error: --elder and --younger are two hands; for 4 players give one --hand each\n",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    assert run("piquet", "declare", *args) == (2, "", message)
