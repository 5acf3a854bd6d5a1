"""`cribcount cassino moves` and `cassino play` through the command line: JSON, errors,
batches."""

from __future__ import annotations

import json
from pathlib import Path

from support import invoke


def test_moves_json_of_the_partners_two_eights() -> None:
    # seat 4 has built an 8 of 5D 3C; seat 2, his partner, holds little Cassino: he may
    # build two eights on the 6 and the build, or trail; the king only trails
    status, out, _ = invoke(
        "cassino", "moves", "--players", "4", "--partners", "--seat", "2",
        "--table", "6H [5D 3C]@4", "--hand", "2S KC", "--json",
    )  # fmt: skip
    assert status == 0
    found = json.loads(out)
    assert (found["players"], found["partners"], found["seat"]) == (4, True, 2)
    assert found["moves"] == [
        {
            "card": "2S",
            "kind": "build",
            "takes": [],
            "build": {"value": 8, "multiple": True, "cards": ["2S", "3C", "5D", "6H"]},
            "sweep": False,
            "points": 0,
        },
        {"card": "2S", "kind": "trail", "takes": [], "build": None, "sweep": False, "points": 0},
        {"card": "KC", "kind": "trail", "takes": [], "build": None, "sweep": False, "points": 0},
    ]


def test_moves_with_a_declared_value_and_royal_values() -> None:
    status, out, _ = invoke(
        "cassino", "moves", "--players", "4", "--partners", "--seat", "2",
        "--declared", "4:9", "--table", "7H", "--hand", "2S", "--json",
    )  # fmt: skip
    assert status == 0
    assert json.loads(out)["moves"][0]["build"] == {
        "value": 9,
        "multiple": False,
        "cards": ["2S", "7H"],
    }
    status, out, _ = invoke(
        "cassino", "moves", "--game", "royal", "--table", "9H 2C", "--hand", "JS", "--json"
    )
    takes = [m["takes"] for m in json.loads(out)["moves"] if m["kind"] == "take"]
    assert takes == [["2C", "9H"]]
    assert json.loads(out)["moves"][0]["sweep"] is True


def test_moves_errors() -> None:
    cases = [
        ((), "Error: cassino moves needs --table and --hand (or --file)\n"),
        (
            ("--table", "5D 5S", "--hand", "5D"),
            "Error: 5D is both in the hand and on the table: expected it once\n",
        ),
        (
            ("--table", "[5D 4C]@1", "--hand", "8S"),
            "Error: seat 1 controls the build [4C 5D]@1 of 9 and holds no card of 9: expected"
            " the controller to hold its value\n",
        ),
        (
            ("--table", "5D", "--hand", "8S", "--declared", "3", "--players", "4", "--partners"),
            "Error: --declared '3': expected SEAT:VALUE, as 3:9 (seat 3 has built for 9)\n",
        ),
        (
            ("--table", "5D", "--hand", "8S", "--declared", "2:9"),
            "Error: --declared '2:9' without partners: expected it with --partners only (a"
            " player builds for his partner's declared values)\n",
        ),
        (
            ("--table", "5D", "--hand", "8S 9S 10S JS QS"),
            "Error: a hand of 5 cards: a Cassino hand holds four at most\n",
        ),
        (
            ("--table", "5D", "--hand", "8S", "--aces", "14"),
            "Error: aces 14 in classic Cassino: expected aces 14 in Royal Cassino only\n",
        ),
        (
            ("--table", "5D", "--hand", "8S", "--players", "3", "--partners"),
            "Error: partners with 3 players: expected four players for two partnerships\n",
        ),
    ]
    for args, message in cases:
        status, out, err = invoke("cassino", "moves", *args)
        assert (status, out, err) == (2, "", message), args


def test_moves_batch(tmp_path: Path) -> None:
    path = tmp_path / "positions.txt"
    path.write_text("4S 3H 2D | 9C\n# a comment\n[5D]| 8S\n5D | 5C\n", encoding="utf-8")
    status, out, err = invoke("cassino", "moves", "--file", str(path), "--json")
    assert status == 1
    lines = [json.loads(line) for line in out.splitlines()]
    assert [len(line["moves"]) for line in lines] == [2, 2]  # 9C takes all or trails; 5C too
    assert lines[0]["moves"][0]["points"] == 1  # the sweep
    assert err == "line 3: build [5D] of one card: expected two cards or more, or a loose card\n"
    # one line each, the plays with their sweeps and points (AH AS: 2 aces' points)
    path.write_text("4S 3H 2D | 9C\n[5D 4C]@2 AS | 9C AH\n", encoding="utf-8")
    status, out, err = invoke("cassino", "moves", "--file", str(path))
    assert (status, err) == (0, "")
    assert out == (
        "2 legal plays: 9C takes 2D 3H 4S (sweep, 1 point); 9C trails\n"
        "4 legal plays: 9C takes 4C 5D; 9C trails; AH takes AS (2 points); AH trails\n"
    )


def test_a_batch_line_keeps_a_multiple_build_whole_and_reads_an_empty_table() -> None:
    # the '|' between the build's groups separates them, not the line's parts: the 5S
    # takes the 5D, the build, or both (a sweep), or trails; the 7C only trails
    lines = "5D [5C|3D 2H]@2 | 5S 7C\n- | 9H\n"
    status, out, err = invoke("cassino", "moves", "--file", "-", "--json", stdin=lines)
    assert (status, err) == (0, "")
    first, second = (json.loads(line) for line in out.splitlines())
    assert [(m["card"], m["kind"], m["takes"], m["sweep"]) for m in first["moves"]] == [
        ("5S", "take", ["5D"], False),
        ("5S", "take", ["2H", "3D", "5C"], False),
        ("5S", "take", ["2H", "3D", "5D", "5C"], True),
        ("5S", "trail", [], False),
        ("7C", "trail", [], False),
    ]
    assert first["table"]["loose"] == ["5D"]
    build = first["table"]["builds"][0]
    assert (build["groups"], build["controller"]) == ([["2H", "3D"], ["5C"]], 2)
    assert second["table"] == {"loose": [], "builds": []}
    status, out, _ = invoke("cassino", "moves", "--table", "-", "--hand", "9H")
    assert (status, out.splitlines()[-1]) == (0, "1 legal play")


PLAYS = "9C takes 5D 4C, 9S takes 6S 3H, 2H trails, 7D builds nine on 2H, 5C trails, 9H takes 7D 2H"


def test_play_json() -> None:
    status, out, _ = invoke("cassino", "play", "--table", "5D 4C 6S 3H", PLAYS, "--json")
    assert status == 0
    deal = json.loads(out)
    assert [play["seat"] for play in deal["plays"]] == [1, 2, 1, 2, 1, 2]
    assert deal["plays"][1]["sweep"] is True and deal["plays"][1]["points"] == 1
    assert deal["plays"][3]["table"] == {
        "loose": [],
        "builds": [
            {
                "value": 9,
                "multiple": False,
                "cards": ["2H", "7D"],
                "groups": [["2H", "7D"]],
                "controller": 2,
            }
        ],
    }
    assert deal["piles"] == [["4C", "5D", "9C"], ["2H", "3H", "6S", "7D", "9S", "9H"]]
    assert (deal["sweeps"], deal["last_taker"], deal["over"], deal["count"]) == (
        [0, 1],
        2,
        False,
        None,
    )


def test_play_errors() -> None:
    status, _, err = invoke("cassino", "play", PLAYS)
    assert (status, err) == (2, "Error: cassino play needs --table, the four cards dealt face up\n")
    status, _, err = invoke("cassino", "play", "--table", "5D 4C 6S 3H", "9C takes 5D")
    assert status == 2
    assert err == (
        "Error: play 1 (round 1, seat 1): play '9C takes 5D': the cards taken make 5, which is"
        " no number of 9s: it does not add up\n"
    )
    status, _, err = invoke(
        "cassino", "play", "--game", "draw", "--table", "5D 4C 6S 3H", "9C trails"
    )
    assert (status, err) == (
        2,
        "Error: Draw Cassino: expected the first hands and the stock in the order drawn\n",
    )
    status, _, err = invoke(
        "cassino", "play", "--table", "5D 4C 6S 3H", "--hands", "9C 2H 5C KS | 9S 7D 9H AD",
        "9C takes 5D 4C, 9S takes 6S 3H, 3S trails",
    )  # fmt: skip
    assert status == 2
    assert (
        err == "Error: play 3 (round 1, seat 1): play '3S trails': 3S is not in the hand 2H 5C KS\n"
    )


def test_play_batch(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text(f"5D 4C 6S 3H | {PLAYS}\n5D 4C 6S 3H | 9C trails x\n", encoding="utf-8")
    status, out, err = invoke("cassino", "play", "--file", str(path), "--json")
    assert status == 1
    assert json.loads(out)["piles"][0] == ["4C", "5D", "9C"]
    assert err == (
        "line 2: play 1 (round 1, seat 1): play '9C trails x': a trail uses nothing;"
        " expected '9C trails'\n"
    )
    # one line each: where the deal stands (seat 2 took 9S 6S 3H, a sweep), or its count
    # once over
    path.write_text("5D 4C 6S 3H | 9C takes 5D 4C, 9S takes 6S 3H\n", encoding="utf-8")
    status, out, err = invoke("cassino", "play", "--file", str(path))
    assert (status, err) == (0, "")
    assert out == (
        "2 plays, the deal goes on: the table empty; seat 1: 3 cards, 0 spades, 0 sweeps;"
        " seat 2: 3 cards, 2 spades, 1 sweep\n"
    )


def test_a_whole_deal_is_counted_by_the_sweep_rule() -> None:
    import random

    from cassino_deals import random_deal

    from cribcount.cassino.forms import Form

    deal = random_deal(Form(), random.Random(1))  # a deal of one sweep, to seat 2
    table = " ".join(card.notation() for card in deal.table)
    args = ("cassino", "play", "--table", table, ", ".join(deal.plays), "--json")
    _, out, _ = invoke(*args)
    played = json.loads(out)
    assert played["over"] and played["count"] is not None
    made = played["sweeps"]
    assert made == [0, 1]
    totals = [side["total"] for side in played["count"]["sides"]]
    _, out, _ = invoke(*args, "--sweep-rule", "none")
    without = [side["total"] for side in json.loads(out)["count"]["sides"]]
    assert [a - b for a, b in zip(totals, without, strict=True)] == made
    assert sum(without) in (8, 11)  # the whole pack's points, 8 on a tie for cards


def test_a_whole_draw_cassino_deal_from_its_first_hands_and_stock() -> None:
    import random

    from cassino_deals import random_deal

    from cribcount.cassino.forms import Form

    deal = random_deal(Form("draw"), random.Random(3))
    assert deal.stock is not None
    hands = " | ".join(" ".join(card.notation() for card in hand) for hand in deal.hands[0])
    status, out, err = invoke(
        "cassino", "play", "--game", "draw", "--table", " ".join(c.notation() for c in deal.table),
        "--hands", hands, "--stock", " ".join(c.notation() for c in deal.stock),
        ", ".join(deal.plays), "--json",
    )  # fmt: skip
    assert (status, err) == (0, "")
    played = json.loads(out)
    assert played["over"] and len(played["plays"]) == 48
    assert sum(len(pile) for pile in played["piles"]) == 52


def test_play_shows_a_sweep_without_its_point_where_sweeps_do_not_score() -> None:
    plays = "9C takes 5D 4C, 9S takes 6S 3H"
    for rule, point in (("scored", ["1"]), ("none", [])):
        status, out, _ = invoke(
            "cassino", "play", "--table", "5D 4C 6S 3H", plays, "--sweep-rule", rule
        )
        assert status == 0
        row = next(line for line in out.splitlines() if "9S takes" in line)
        assert row.split() == ["2", "1", "2", "9S", "takes", "3H", "6S", *point]
        assert out.splitlines()[-1] == "the deal goes on: 2 plays made"


def test_play_json_gives_a_sweep_its_point_only_where_sweeps_score() -> None:
    # 9S takes 6S 3H and clears the table: a sweep, no other point (no spade scores)
    plays = "9C takes 5D 4C, 9S takes 6S 3H"
    for rule, points in (("scored", 1), ("none", 0), ("cancelled", 1)):
        status, out, _ = invoke(
            "cassino", "play", "--table", "5D 4C 6S 3H", plays, "--sweep-rule", rule, "--json"
        )
        assert status == 0
        played = json.loads(out)
        assert (played["sweep_rule"], played["aces"], played["sweeps"]) == (rule, 1, [0, 1])
        assert [(play["sweep"], play["points"]) for play in played["plays"]] == [
            (False, 0),
            (True, points),
        ]


def test_a_deal_of_one_play_so_far_says_so_in_the_singular() -> None:
    status, out, _ = invoke("cassino", "play", "--table", "5D 4C 6S 3H", "9C takes 5D 4C")
    assert status == 0
    assert out.splitlines()[-1] == "the deal goes on: 1 play made"


def test_a_replayed_partnership_deal_leaves_a_build_to_the_partner_controlling_it() -> None:
    # seat 3 builds eight with his 8C in hand; seat 1, who holds no eight, joins the
    # 6H 2S to it on seat 3's declaration and so controls it: it is seat 1's to answer
    # for, as seat 3 sees it, so seat 3 may trail, his 8C too, though the hands given
    # show seat 1 holds no eight
    hands = "2S KC QD 3C | JD 5H 10H 3S | 4D 8C 7S 10C | 5C JH AH 7D"
    before = "KC trails, JD trails, 4D builds eight on 4C, 5C trails,"
    before += " 2S builds two eights on 6H 4C 4D, 5H trails"
    table = ("--players", "4", "--partners", "--table", "6H 4C 9S 2D", "--hands", hands)
    for play in ("8C trails", "7S trails", "8C takes 2S 6H 4C 4D"):
        status, _, err = invoke("cassino", "play", *table, f"{before}, {play}")
        assert (status, err) == (0, "")
    # his own build of eight, holding an eight, he may not trail beside
    hands = "2S 8H KC QD | JD 5H 10H 3S | 4D 3C 7S 10C | 5C JH AH 7D"
    table = ("--players", "4", "--partners", "--table", "6H 4C 9S 2D", "--hands", hands)
    before = "2S builds eight on 6H, JD trails, 3C trails, 5C trails"
    status, out, err = invoke("cassino", "play", *table, f"{before}, KC trails")
    assert (status, out) == (2, "")
    assert "seat 1 controls the build [2S 6H]@1 and may not trail" in err


def test_a_second_build_of_a_value_standing_is_refused_as_such() -> None:
    plays = "5S trails, 3S builds eight on 5S, 9D takes 9S, 5H builds eight on 3C"
    hands = "AS 5S 9D KH | 5H 3S 8H 4D"
    status, out, err = invoke("cassino", "play", "--table", "3C 2D 2H 9S", "--hands", hands, plays)
    assert (status, out) == (2, "")
    assert err == (
        "Error: play 4 (round 1, seat 2): play '5H builds eight on 3C': a build of 8 stands"
        " already, [3S 5S]@2: builds of one value never stand apart, so a new one joins it"
        " ('5H builds two eights on ...', naming its cards too)\n"
    )
    joined = plays.replace("5H builds eight on 3C", "5H builds two eights on 3S 3C 5S")
    status, _, err = invoke("cassino", "play", "--table", "3C 2D 2H 9S", "--hands", hands, joined)
    assert (status, err) == (0, "")
