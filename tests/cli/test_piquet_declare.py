"""`cribcount piquet declare` through the command line: exact text, JSON, errors, batches."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support import invoke

ELDER = "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"
YOUNGER = "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9"

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
younger JC 10C 9C 8C JD 10D 9D KS QS JS 10S 9S

player    declaration            cards            verdict      points
--------  ---------------------  ---------------  ---------  --------
carte blanche
elder     -                                                         0
younger   -                                                         0
point
elder     Forty-one              AH KH QH JH      not good          0
younger   Forty-nine             KS QS JS 10S 9S  good              5
sequence
elder     quatrième to the ace   AH KH QH JH      not good          0
younger   quinte to the king     KS QS JS 10S 9S  good             15
          quatrième to the jack  JC 10C 9C 8C     good              4
          tierce to the jack     JD 10D 9D        good              3
quatorze and trio
elder     quatorze aces          AS AH AD AC      good             14
          three kings            KH KD KC         good              3
          three queens           QH QD QC         good              3
younger   three jacks            JS JD JC         not good          0

player      carte blanche    point    sequence    sets    repic    lead    total
--------  ---------------  -------  ----------  ------  -------  ------  -------
elder                   0        0           0      20        0       1       21
younger                 0        5          22       0        0       0       27

repic: none
pic (30): impossible: the younger scores 27 in declarations
"""

PIQUET_RANKS = "piquet's ranks are 7, 8, 9, 10 (or T), J, Q, K and A"

SCORE_KEYS = ("carte_blanche", "point", "sequence", "sets", "repic_bonus", "lead", "total")


def as_json(*args: str) -> Any:
    status, out, err = invoke(*args, "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


def scores(player: dict[str, Any]) -> tuple[int, ...]:
    return tuple(player[key] for key in SCORE_KEYS)


def cards(text: str) -> list[str]:
    """The tokens of a hand written as tokens, as JSON lists them."""
    return text.split()


def by_role(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A comparison's players keyed by role; the roles must be those of ``data["totals"]``."""
    players = {player["role"]: player for player in data["players"]}
    assert list(players) == list(data["totals"])
    return players


def test_one_hand_as_announced() -> None:
    assert invoke("piquet", "declare", "AH KH QH JH AC KC QC AD KD QD 7D AS") == (0, HAND_TEXT, "")


def test_one_hand_in_the_seed_layout_reads_the_same() -> None:
    status, out, _ = invoke("piquet", "declare", ELDER)
    assert status == 0
    assert out.splitlines()[2:] == HAND_TEXT.splitlines()[2:]


def test_one_hand_json() -> None:
    data = as_json("piquet", "declare", ELDER)
    assert list(data) == ["game", "title", "rules", "hand", "items", "total", "lead"]
    assert (data["game"], data["title"], data["rules"]) == ("au cent", "Piquet au cent", "classic")
    assert data["hand"] == cards("AH KH QH JH AC KC QC AD KD QD 7D AS")
    assert [(d["kind"], d["name"], d["points"]) for d in data["items"]] == [
        ("point", "Forty-one", 4),
        ("sequence", "quatrième to the ace", 4),
        ("sequence", "tierce to the ace", 3),
        ("sequence", "tierce to the ace", 3),
        ("quatorze", "quatorze aces", 14),
        ("trio", "three kings", 3),
        ("trio", "three queens", 3),
    ]
    assert data["items"][0]["pips"] == 41
    assert (data["total"], data["lead"]) == (34, 1)


def test_hands_compared() -> None:
    assert invoke("piquet", "declare", "--elder", ELDER, "--younger", YOUNGER) == (
        0,
        TABLE_TEXT,
        "",
    )


def test_json_of_the_seed_example_21_and_27() -> None:
    data = as_json("piquet", "declare", "--elder", ELDER, "--younger", YOUNGER)
    assert (data["game"], data["title"], data["rules"]) == ("au cent", "Piquet au cent", "classic")
    assert not {"form", "elder", "dealer", "younger"} & data.keys()
    players = by_role(data)
    assert list(players) == ["elder", "younger"]
    assert scores(players["elder"]) == (0, 0, 0, 20, 0, 1, 21)
    assert scores(players["younger"]) == (0, 5, 22, 0, 0, 0, 27)
    assert data["totals"] == {"elder": 21, "younger": 27}
    assert data["hands"] == {
        "elder": cards("AH KH QH JH AC KC QC AD KD QD 7D AS"),
        "younger": cards("JC 10C 9C 8C JD 10D 9D KS QS JS 10S 9S"),
    }
    assert [players[role]["hand"] for role in players] == list(data["hands"].values())
    point = data["categories"][1]
    assert point["category"] == "point"
    assert [seat["role"] for seat in point["seats"]] == ["elder", "younger"]
    assert [seat["verdict"] for seat in point["seats"]] == ["not good", "good"]
    sequence = data["categories"][2]
    assert [[item["name"] for item in seat["items"]] for seat in sequence["seats"]] == [
        [],
        ["quinte to the king", "quatrième to the jack", "tierce to the jack"],
    ]
    assert [seat["points"] for seat in sequence["seats"]] == [0, 22]
    assert data["repic"] is None
    assert data["pic"]["status"] == "impossible"
    assert "sides" not in data


def test_json_of_the_youngers_repic_95() -> None:
    data = as_json(
        "piquet",
        "declare",
        "--elder",
        "♡ A J 10 9 8; ♣ 10; ♢ 10; ♠ A J 10 9 8",
        "--younger",
        "♡ K Q; ♣ A K Q; ♢ A K Q J 7; ♠ K Q",
    )
    players = by_role(data)
    assert scores(players["elder"]) == (0, 0, 0, 0, 0, 1, 1)
    assert scores(players["younger"]) == (0, 0, 7, 28, 60, 0, 95)
    assert data["totals"] == {"elder": 1, "younger": 95}
    assert data["repic"]["role"] == "younger"
    assert data["repic"]["side"] == ["younger"]
    # quatrième and tierce 7, quatorzes of kings and queens 28: 35 declared, 60 more
    assert (data["repic"]["declared"], data["repic"]["bonus"]) == (35, 60)


@pytest.mark.parametrize(("rules", "point", "total"), [("classic", 6, 97), ("english", 5, 96)])
def test_youngers_repic_under_each_point_rule(rules: str, point: int, total: int) -> None:
    data = as_json(
        "piquet",
        "declare",
        "--elder",
        "♡ A K Q J 8; ♣ A K; ♢ A K; ♠ A K 10",
        "--younger",
        "♢ Q J 10 9 8 7; ♣ Q J 10 9 8; ♡ 7",
        "--rules",
        rules,
    )
    assert scores(by_role(data)["younger"]) == (0, point, 31, 0, 60, 0, total)
    assert data["totals"] == {"elder": 29, "younger": total}
    assert data["rules"] == rules


def test_pic_outlook_line() -> None:
    status, out, _ = invoke(
        "piquet",
        "declare",
        "--hand",
        "♡ A 9; ♣ A K Q J; ♢ K Q J 10 9; ♠ K",
        "--hand",
        "♡ K Q J 10 8; ♣ 10 9 8 7; ♢ A 8 7",
    )
    assert status == 0
    assert out.splitlines()[-3:] == [
        "repic: none",
        "pic (30): possible:",
        "  the elder has 27 and needs 3 more from play before the younger scores",
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
    assert (data["game"], data["title"]) == ("voleur", "Piquet Voleur")
    assert [p["role"] for p in data["players"]] == ["elder", "second", "third", "dealer"]
    assert data["totals"] == {"elder": 19, "second": 8, "third": 3, "dealer": 17}
    assert list(data["hands"]) == ["elder", "second", "third", "dealer"]
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
    status, out, _ = invoke("piquet", "declare", *args)
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
    assert (data["game"], data["title"]) == ("normand", "Piquet Normand")
    assert [p["total"] for p in data["players"]] == [113, 9, 0]
    assert data["totals"] == {"elder": 113, "second": 9, "dealer": 0}
    assert data["repic"]["bonus"] == 90
    assert "sides" not in data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("AH KH",), "Error: hand 'AH KH' has 2 cards: expected 12\n"),
        (
            ("AH KH QH JH AC KC QC AD KD QD 7D 5S",),
            f"Error: invalid card '5S' in 'AH KH QH JH AC KC QC AD KD QD 7D 5S': {PIQUET_RANKS}\n",
        ),
        # input over 40 characters is quoted as its first 37 and '...'
        (
            ("AH KH QH JH AC KC QC AD KD QD 7D 10S 9S 5S",),
            "Error: invalid card '5S' in 'AH KH QH JH AC KC QC AD KD QD 7D 10S ...': "
            f"{PIQUET_RANKS}\n",
        ),
        (
            ("AH KH QH JH AC KC QC AD KD QD 7D XS",),
            f"Error: invalid card 'XS' in 'AH KH QH JH AC KC QC AD KD QD 7D XS': {PIQUET_RANKS}\n",
        ),
        (
            ("AH KH QH JH AC KC QC AD KD QD 7D AZ",),
            "Error: invalid card 'AZ' in 'AH KH QH JH AC KC QC AD KD QD 7D AZ': "
            "suit must be S, H, D or C (or ♠ ♥ ♦ ♣)\n",
        ),
        (
            ("--elder", ELDER, "--younger", "AH 10H 9H 8H 7H 10C 9C 8C 10D 9D 8D 10S"),
            "Error: card 'AH' is in both the elder's and the younger's hand: "
            "each card is dealt once\n",
        ),
        (
            ("--elder", ELDER, "--younger", "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10"),
            "Error: the younger's hand '♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10' has 11 cards: "
            "expected 12\n",
        ),
        (("--elder", ELDER), "Error: --elder and --younger go together: give both hands\n"),
        (("--younger", YOUNGER), "Error: --elder and --younger go together: give both hands\n"),
        (
            ("--dealer", YOUNGER),
            "Error: No such option: --dealer: the dealer is the younger hand: give his cards "
            "as --younger (three or four playing: the last --hand)\n",
        ),
        (
            (ELDER, "--elder", ELDER, "--younger", YOUNGER),
            "Error: give one HAND, or --elder and --younger, or one --hand per player, "
            "or --file PATH\n",
        ),
        (
            ("--players", "3", "--hand", ELDER, "--hand", YOUNGER),
            "Error: 2 hands given for 3 players: give one hand per player\n",
        ),
        (
            ("--players", "3", "AH KH QH JH AC KC QC AD KD QD 7D AS"),
            "Error: hand 'AH KH QH JH AC KC QC AD KD QD 7D AS' has 12 cards: expected 10\n",
        ),
        (
            ("AH KH QH JH AC KC QC AD KD QD 7D \U0001f0ac",),
            "Error: invalid card '\U0001f0ac' in 'AH KH QH JH AC KC QC AD KD QD 7D \U0001f0ac': "
            "the knight is in no pack of these games\n",
        ),
        (
            ("--hand", ELDER, "--hand", "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 6"),
            f"Error: invalid rank '6' in '♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 6': {PIQUET_RANKS}\n",
        ),
        (("--hand", ELDER), "Error: 1 hand given: piquet is played by 2, 3 or 4 players\n"),
        (
            ("--players", "2", "--hand", ELDER),
            "Error: 1 hand given for 2 players: give one hand per player\n",
        ),
        (
            ("--elder", ELDER, "--hand", YOUNGER),
            "Error: give one HAND, or --elder and --younger, or one --hand per player, "
            "or --file PATH\n",
        ),
        (
            ("--elder", ELDER, "--younger", YOUNGER, "--players", "4"),
            "Error: --elder and --younger are two hands; for 4 players give one --hand each\n",
        ),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    assert invoke("piquet", "declare", *args) == (2, "", message)


def test_one_hand_given_with_hand_is_refused_as_json_too() -> None:
    message = "Error: 1 hand given: piquet is played by 2, 3 or 4 players\n"
    for hand in (ELDER, "AH KH QH JH AC KC QC AD KD QD 7D AS"):
        assert invoke("piquet", "declare", "--hand", hand) == (2, "", message)
        assert invoke("piquet", "declare", "--hand", hand, "--json") == (2, "", message)


# -- the ways of giving the cards and the options ------------------------------------

# the rules: point 5, quinte 15, tierce 3, quatorze of queens 14 = 37
HAND_37 = "♡ K Q J 10 9; ♣ A K Q; ♢ A Q 9; ♠ Q"
REPIC_ELDER = "♡ A J 10 9 8; ♣ 10; ♢ 10; ♠ A J 10 9 8"
REPIC_YOUNGER = "♡ K Q; ♣ A K Q; ♢ A K Q J 7; ♠ K Q"


def test_cards_as_several_arguments_read_as_one() -> None:
    tokens = cards("AH KH QH JH AC KC QC AD KD QD 7D AS")
    assert invoke("piquet", "declare", *tokens) == (0, HAND_TEXT, "")
    assert invoke("piquet", "declare", "--json", *tokens) == invoke(
        "piquet", "declare", "--json", " ".join(tokens)
    )


def test_seed_layout_as_several_arguments_reads_as_one() -> None:
    status, out, err = invoke("piquet", "declare", *ELDER.split())
    assert (status, err) == (0, "")
    assert out.splitlines()[2:] == HAND_TEXT.splitlines()[2:]


@pytest.mark.parametrize(
    "layout", ["♡ K Q J 10 9, ♣ A K Q, ♢ A Q 9, ♠ Q", "♡ K Q J 10 9,♣ A K Q,♢ A Q 9,♠ Q"]
)
def test_grouped_hand_with_commas_reads_as_with_semicolons(layout: str) -> None:
    semicolons = invoke("piquet", "declare", HAND_37)
    assert semicolons[0] == 0
    assert invoke("piquet", "declare", layout) == semicolons
    assert invoke("piquet", "declare", *layout.split()) == semicolons
    data = as_json("piquet", "declare", layout)
    assert data == as_json("piquet", "declare", HAND_37)
    assert data["hand"] == cards("KH QH JH 10H 9H AC KC QC AD QD 9D QS")
    assert [(d["name"], d["points"]) for d in data["items"]] == [
        ("Forty-nine", 5),
        ("quinte to the king", 15),
        ("tierce to the ace", 3),
        ("quatorze queens", 14),
    ]
    assert data["total"] == 37


def test_hands_at_the_table_with_commas_read_as_with_semicolons() -> None:
    with_commas = as_json(
        "piquet",
        "declare",
        "--elder",
        REPIC_ELDER.replace(";", ","),
        "--younger",
        REPIC_YOUNGER.replace(";", ","),
    )
    assert with_commas == as_json(
        "piquet", "declare", "--elder", REPIC_ELDER, "--younger", REPIC_YOUNGER
    )
    assert with_commas["totals"] == {"elder": 1, "younger": 95}


@pytest.mark.parametrize("flags", [(), ("--json",), ("--symbols",), ("--rules", "english")])
def test_dealer_is_no_option_and_says_what_to_give(flags: tuple[str, ...]) -> None:
    # --dealer is a role flag in cribbage; in piquet the dealer is the younger hand
    hint = (
        "Error: No such option: --dealer: the dealer is the younger hand: give his cards as "
        "--younger (three or four playing: the last --hand)\n"
    )
    for args in (("--elder", ELDER, "--dealer", YOUNGER), ("--dealer", YOUNGER, "--elder", ELDER)):
        assert invoke("piquet", "declare", *args, *flags) == (2, "", hint)
    assert invoke("piquet", "declare", "--elder", ELDER, "--younger", YOUNGER) == (
        0,
        TABLE_TEXT,
        "",
    )


@pytest.mark.parametrize(
    ("spelling", "rules", "younger"),
    [
        ("CLASSIC", "classic", 97),
        ("English", "english", 96),
        ("RUBICON", "rubicon", 97),
        ("rubicon", "rubicon", 97),
        ("Rubicon", "rubicon", 97),
    ],
)
def test_rules_in_any_case(spelling: str, rules: str, younger: int) -> None:
    hands = (
        "--elder",
        "♡ A K Q J 8; ♣ A K; ♢ A K; ♠ A K 10",
        "--younger",
        "♢ Q J 10 9 8 7; ♣ Q J 10 9 8; ♡ 7",
    )
    data = as_json("piquet", "declare", "--rules", spelling, *hands)
    assert data["rules"] == rules
    # the elder: 14 aces, 14 kings and the card led
    assert data["totals"] == {"elder": 29, "younger": younger}
    status, out, _ = invoke("piquet", "declare", "--rules", spelling, *hands)
    heading = "Rubicon Piquet" if rules == "rubicon" else f"Piquet au cent, {rules} rules"
    assert (status, out.splitlines()[0]) == (0, heading)
    assert (data["game"], data["title"]) == (
        ("rubicon", "Rubicon Piquet") if rules == "rubicon" else ("au cent", "Piquet au cent")
    )


@pytest.mark.parametrize("spelling", ["RUBICON", "Rubicon", "rubicon"])
def test_rubicon_rules_in_any_case_for_one_hand(spelling: str) -> None:
    low = "7S 8S 9S 7H 8H 9H 7D 8D 9D 7C 8C 9C"
    # carte blanche 10, a point of three cards 3, four tierces to the nine 12
    classic = as_json("piquet", "declare", low)
    assert (classic["rules"], classic["total"], classic["lead"]) == ("classic", 25, 0)
    data = as_json("piquet", "declare", "--rules", spelling, low)
    assert (data["rules"], data["total"], data["lead"]) == ("rubicon", 25, 1)
    status, out, _ = invoke("piquet", "declare", "--rules", spelling, low)
    assert status == 0
    assert out.splitlines()[0] == f"hand {low} (rubicon rules)"
    assert out.splitlines()[-1] == (
        "worth 25 if every declaration is good; 1 more for the first card led"
    )


# -- batches: --file ------------------------------------------------------------------

SEED_DEAL = f"{ELDER} | {YOUNGER}"
REPIC_DEAL = f"{REPIC_ELDER} | {REPIC_YOUNGER}"
NORMAND = (
    "♡ A K Q J 10 9; ♠ 8 7; ♣ 7; ♦ 7",
    "♠ A K Q J; ♣ A K Q; ♦ A K Q",
    "♠ 10 9; ♣ J 10 9 8; ♦ J 10 9 8",
)
NORMAND_DEAL = " | ".join(NORMAND)
VOLEUR_DEAL = " | ".join(VOLEUR)

GOOD_BATCH = (
    "\n".join(
        [
            "# the worked examples of the rules",
            SEED_DEAL,
            "",
            REPIC_DEAL,
            "   ",
            HAND_37,
            "  # an indented comment",
            NORMAND_DEAL,
            VOLEUR_DEAL,
        ]
    )
    + "\n"
)
GOOD_TOTALS = [
    {"elder": 21, "younger": 27},
    {"elder": 1, "younger": 95},
    37,
    {"elder": 113, "second": 9, "dealer": 0},
    {"elder": 19, "second": 8, "third": 3, "dealer": 17},
]


# a text batch gives one line a deal: each player's total, repic and pic
GOOD_LINES = [
    # the seed example: the elder 20 in sets and the lead, the younger 5 + 15 + 4 + 3
    "elder 21, younger 27; repic: none; pic: impossible",
    # 35 on declarations + repic 60 = 95; the elder's lead 1
    "elder 1, younger 95; repic: younger; pic: impossible",
    # point 5, quinte 15 and tierce 3 = 18, quatorze of queens 14; an ace to lead
    "KH QH JH 10H 9H AC KC QC AD QD 9D QS: "
    "worth 37 (point 5, sequence 18, quatorze and trio 14); lead 1",
    # the elder's repic leaves no pic to make
    "elder 113, second 9, dealer 0; repic: elder; pic: repic",
    # the sides: 19 + 3 = 22 and 8 + 17 = 25
    "elder 19, second 8, third 3, dealer 17 (sides: elder and third 22, second and dealer 25); "
    "repic: none; pic: impossible",
]


def totals_of(out: str) -> list[Any]:
    """The total of each JSON line: a hand's ``total``, or a table's ``totals``."""
    rows = [json.loads(line) for line in out.splitlines()]
    return [row["totals"] if "hands" in row else row["total"] for row in rows]


@pytest.fixture
def good_batch(tmp_path: Path) -> str:
    path = tmp_path / "deals.txt"
    path.write_text(GOOD_BATCH, encoding="utf-8")
    return str(path)


def test_batch_as_json_lines(good_batch: str) -> None:
    status, out, err = invoke("piquet", "declare", "--file", good_batch, "--json")
    assert (status, err) == (0, "")
    assert totals_of(out) == GOOD_TOTALS
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["game"] for row in rows] == ["au cent"] * 3 + ["normand", "voleur"]
    assert [row["title"] for row in rows] == ["Piquet au cent"] * 3 + [
        "Piquet Normand",
        "Piquet Voleur",
    ]


def test_batch_as_json_lines_is_each_line_given_alone(good_batch: str) -> None:
    _, out, _ = invoke("piquet", "declare", "--file", good_batch, "--json")
    alone = [
        as_json("piquet", "declare", "--elder", ELDER, "--younger", YOUNGER),
        as_json("piquet", "declare", "--elder", REPIC_ELDER, "--younger", REPIC_YOUNGER),
        as_json("piquet", "declare", HAND_37),
    ]
    assert [json.loads(line) for line in out.splitlines()[:3]] == alone


def test_batch_text_is_one_line_a_deal(good_batch: str) -> None:
    assert invoke("piquet", "declare", "--file", good_batch) == (
        0,
        "\n".join(GOOD_LINES) + "\n",
        "",
    )


def test_batch_text_hand_line_with_symbols() -> None:
    status, out, err = invoke("piquet", "declare", "--file", "-", "--symbols", stdin=HAND_37)
    assert (status, err) == (0, "")
    assert out == (
        "K♥ Q♥ J♥ 10♥ 9♥ A♣ K♣ Q♣ A♦ Q♦ 9♦ Q♠: "
        "worth 37 (point 5, sequence 18, quatorze and trio 14); lead 1\n"
    )


def test_batch_text_hand_line_names_only_the_categories_that_score() -> None:
    # carte blanche 10, a point of three cards 3, four tierces to the nine 12; no ten to lead
    low = "7S 8S 9S 7H 8H 9H 7D 8D 9D 7C 8C 9C"
    assert invoke("piquet", "declare", "--file", "-", stdin=low) == (
        0,
        f"{low}: worth 25 (carte blanche 10, point 3, sequence 12); lead 0\n",
        "",
    )


def test_batch_text_voleur_line_gives_the_sides_and_a_sides_repic() -> None:
    assert invoke("piquet", "declare", "--file", "-", stdin=VOLEUR_DEAL) == (
        0,
        f"{GOOD_LINES[-1]}\n",
        "",
    )
    # the elder's huitième in hearts: point 8 and 18, made good for the side, with the
    # third's two quatrièmes 4 + 4; the side has 34 on declarations: repic 90 to the
    # elder, who reached 20 first, and his lead 1: 8 + 18 + 90 + 1 = 117; the other
    # side scores nothing (the dealer's jack spares him carte blanche)
    deal = (
        "AH KH QH JH 10H 9H 8H 7H | AS KS QS JS AD KD QD 10D | "
        "AC KC QC JC 10S 9S 8S 7S | 10C 9C 8C 7C JD 9D 8D 7D"
    )
    assert invoke("piquet", "declare", "--file", "-", stdin=deal) == (
        0,
        "elder 117, second 0, third 8, dealer 0 (sides: elder and third 125, "
        "second and dealer 0); repic: elder and third; pic: repic\n",
        "",
    )


def test_batch_from_standard_input(good_batch: str) -> None:
    from_file = invoke("piquet", "declare", "--file", good_batch, "--json")
    assert invoke("piquet", "declare", "--file", "-", "--json", stdin=GOOD_BATCH) == from_file
    assert invoke("piquet", "declare", "--file", "-", stdin=GOOD_BATCH) == invoke(
        "piquet", "declare", "--file", good_batch
    )
    status, out, err = invoke("piquet", "declare", "--file", "-", stdin=GOOD_BATCH)
    assert (status, out, err) == (0, "\n".join(GOOD_LINES) + "\n", "")


BAD_BATCH = [
    SEED_DEAL,
    "AH KH QH JH AC KC QC AD KD QD 7D 5S",
    HAND_37,
    f"{ELDER} | AH 10H 9H 8H 7H 10C 9C 8C 10D 9D 8D 10S",
    "# a comment",
    f"{ELDER}|♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10",
    " | ".join([HAND_37] * 5),
    "",
    REPIC_DEAL,
]
BAD_LINES = f"""\
line 2: invalid card '5S' in 'AH KH QH JH AC KC QC AD KD QD 7D 5S': {PIQUET_RANKS}
line 4: card 'AH' is in both the elder's and the younger's hand: each card is dealt once
line 6: the younger's hand '♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10' has 11 cards: expected 12
line 7: 5 hands given: piquet is played by 2, 3 or 4 players
"""


@pytest.mark.parametrize("as_file", [True, False])
def test_bad_lines_are_reported_and_the_others_still_come_out(
    as_file: bool, tmp_path: Path
) -> None:
    text = "\n".join(BAD_BATCH) + "\n"
    path = tmp_path / "deals.txt"
    path.write_text(text, encoding="utf-8")
    args = ("--file", str(path)) if as_file else ("--file", "-")
    status, out, err = invoke("piquet", "declare", *args, "--json", stdin=None if as_file else text)
    assert (status, err) == (1, BAD_LINES)
    assert totals_of(out) == [{"elder": 21, "younger": 27}, 37, {"elder": 1, "younger": 95}]


def test_bad_lines_in_a_text_batch() -> None:
    text = "\n".join(BAD_BATCH)
    status, out, err = invoke("piquet", "declare", "--file", "-", stdin=text)
    assert (status, err) == (1, BAD_LINES)
    # the last line has no line break, and is read all the same: 35 + repic 60 = 95
    assert out.splitlines() == [
        "elder 21, younger 27; repic: none; pic: impossible",
        "KH QH JH 10H 9H AC KC QC AD QD 9D QS: "
        "worth 37 (point 5, sequence 18, quatorze and trio 14); lead 1",
        "elder 1, younger 95; repic: younger; pic: impossible",
    ]


def test_a_batch_of_blank_lines_and_comments_is_empty() -> None:
    assert invoke("piquet", "declare", "--file", "-", stdin="\n# nothing\n   \n") == (0, "", "")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--file", "-", ELDER),
            "Error: give one HAND, or --elder and --younger, or one --hand per player, "
            "or --file PATH\n",
        ),
        (
            ("--file", "-", "--elder", ELDER, "--younger", YOUNGER),
            "Error: give one HAND, or --elder and --younger, or one --hand per player, "
            "or --file PATH\n",
        ),
        (
            ("--file", "missing.txt"),
            "Error: cannot read --file 'missing.txt': No such file or directory\n",
        ),
    ],
)
def test_batch_usage_errors(
    args: tuple[str, ...], message: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    assert invoke("piquet", "declare", *args, stdin="") == (2, "", message)


def test_batch_hands_may_have_spaces_around_the_bar() -> None:
    code, out, err = invoke(
        "piquet", "declare", "--file", "-", "--json", stdin=f"{ELDER} | {YOUNGER}\n"
    )
    assert (code, err) == (0, "")
    assert json.loads(out)["totals"] == {"elder": 21, "younger": 27}
    code, _, err = invoke("piquet", "declare", "--file", "-", stdin=f"{ELDER} |  \n")
    assert code == 1
    assert err == "line 1: no cards for the younger's hand: expected cards such as '9H 10D JS'\n"
