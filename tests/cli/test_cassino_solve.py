"""`cribcount cassino solve` and `cassino advise` through the command line: text, JSON,
errors, batches, and the solved line replayed by `cassino play`."""

from __future__ import annotations

import json
import random

import pytest
from cassino_deals import random_deal
from support import invoke

import cribcount.cassino.advise
from cribcount.cards import Card, format_cards, parse_cards
from cribcount.cassino.deal import replay_deal
from cribcount.cassino.forms import Form
from cribcount.cassino.solve import Solution, solves, start_state
from cribcount.cassino.table import read_table

# The rest of the pack around the table KH 4D 3C and the hands 7H and KD 5C: side 1
# every spade and nine more (22 cards, 3 points), side 2 big Cassino, three aces and
# the rest (24 cards, 5 points).
PILE_1 = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2H 2D 2C 3H 3D 4H 4C 5H 5D"
PILE_2 = "AH AC AD 10D 6H 6D 6C 7D 7C 8H 8D 8C 9H 9D 9C 10H 10C JH JD JC QH QD QC KC"
PILES = f"{PILE_1} | {PILE_2}"
KEEP_BACK = ("--table", "KH 4D 3C", "--seat", "2", "--piles", PILES, "--last-taker", "1")


def test_solve_text_keeps_the_court_card_back() -> None:
    status, out, err = invoke("cassino", "solve", "--hands", "7H | KD 5C", *KEEP_BACK)
    assert (status, err) == (0, "")
    assert out == (
        "Cassino, 2 players: seat 2 to play; the table 3C 4D KH\n"
        "seat 1: 7H\n"
        "seat 2: 5C KD\n"
        "taken: side 1 (eldest) 22 cards, side 2 (dealer) 24 cards; seat 1 took last\n"
        "\n"
        "  play    seat                    points  table after\n"
        "------  ------  --------------  --------  -------------\n"
        "     1       2  5C trails                 3C 4D 5C KH\n"
        "     2       1  7H takes 3C 4D            5C KH\n"
        "     3       2  KD takes KH               5C\n"
        "\n"
        "points at the end: side 1 (eldest) 3, side 2 (dealer) 8\n"
        "value for side 2 (dealer), to play: +5 (its points less the other's)\n"
    )


def test_solve_json() -> None:
    # the 9C sweeps 4C 5D (a point); the 9D takes 2C 7H last, a sweep too: 1 to 1
    status, out, _ = invoke(
        "cassino", "solve", "--table", "5D 4C", "--hands", "9C 7H | 9D 2C", "--json"
    )
    assert status == 0
    found = json.loads(out)
    assert (found["value"], found["side"], found["points"]) == (0, 1, {"1": 1, "2": 1})
    assert found["line"] == [
        {"seat": 1, "play": "9C takes 4C 5D"},
        {"seat": 2, "play": "2C trails"},
        {"seat": 1, "play": "7H trails"},
        {"seat": 2, "play": "9D takes 2C 7H"},
    ]
    assert found["hands"] == [["7H", "9C"], ["2C", "9D"]]
    assert (found["seat"], found["last_taker"], found["stock"]) == (1, None, [])


def test_solve_line_replayed_by_cassino_play() -> None:
    form = Form()
    deal = random_deal(form, random.Random("cassino solve through play"))
    done = deal.plays[:43]
    before = replay_deal(form, deal.table, done, deal.hands)
    played = {play.move.card for play in before.plays[40:]}
    hands = " | ".join(
        format_cards([c for c in deal.hands[5][seat] if c not in played]) or "-"
        for seat in range(2)
    )
    piles = " | ".join(format_cards(pile) or "-" for pile in before.piles)
    args = ["--table", before.plays[-1].table.notation(), "--hands", hands, "--seat", "2"]
    args += ["--piles", piles, "--last-taker", str(before.last_taker), "--json"]
    status, out, _ = invoke("cassino", "solve", *args)
    assert status == 0
    solved = json.loads(out)
    rounds = [f"--hands={' | '.join(format_cards(hand) for hand in hands)}" for hands in deal.hands]
    plays = ", ".join([*done, *(step["play"] for step in solved["line"])])
    status, out, _ = invoke(
        "cassino", "play", "--table", format_cards(deal.table), *rounds, plays, "--json"
    )
    assert status == 0
    replayed = json.loads(out)
    assert replayed["over"]
    # the value counts the sweeps made in the rest only: those before come off
    totals = [
        side["total"] - made
        for side, made in zip(replayed["count"]["sides"], before.sweeps, strict=True)
    ]
    assert totals[1] - totals[0] == solved["value"]
    assert {"1": totals[0], "2": totals[1]} == solved["points"]


def test_advise_text_and_json() -> None:
    status, out, err = invoke("cassino", "advise", "--hand", "KD 5C", *KEEP_BACK)
    assert (status, err) == (0, "")
    assert out == (
        "Cassino, 2 players: seat 2 to play in round 6, holding 5C KD; the table 3C 4D KH\n"
        "taken: side 1 (eldest) 22 cards, side 2 (dealer) 24 cards; seat 1 took last\n"
        "unseen: 1 card, in seat 1's hand of 1\n"
        "\n"
        "play           value\n"
        "-----------  -------\n"
        "5C trails      +5.00\n"
        "KD takes KH    +1.00\n"
        "KD trails      -1.00\n"
        "\n"
        "value: side 2 (dealer)'s points less the other's,\n"
        "  the mean over 1 way the unseen cards can lie: exact\n"
    )
    status, out, _ = invoke("cassino", "advise", "--hand", "KD 5C", *KEEP_BACK, "--json")
    found = json.loads(out)
    assert (found["exact"], found["ways"], found["samples"], found["round"]) == (True, 1, None, 6)
    assert found["unseen"] == ["7H"] and found["sizes"] == [1, 2] and found["stock_size"] == 0
    assert [
        (o["play"], o["kind"], o["takes"], o["value"], o["stderr"]) for o in found["options"]
    ] == [
        ("5C trails", "trail", [], 5.0, 0.0),
        ("KD takes KH", "take", ["KH"], 1.0, 0.0),
        ("KD trails", "trail", [], -1.0, 0.0),
    ]


def test_advise_sampled_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three-handed, the last round: seat 2 to move holding 5D 9H, the unseen KS 4C 8D
    in seat 1's hand (one) and seat 3's (two), 3 ways; 2 of them sampled, drawn as the
    module docstring of the adviser states (a double for each unseen card in card
    order, the cards ordered by them: the first to seat 1, the others to seat 3), each
    play of each solved by the plain minimax."""
    import math

    import numpy as np

    from cribcount.cassino.moves import legal_moves
    from cribcount.cassino.notation import write_play
    from cribcount.cassino.solve import play, reference_solve

    monkeypatch.setattr(cribcount.cassino.advise, "EXACT_WAYS", 0)
    form = Form(players=3)
    unseen = parse_cards("KS 4C 8D")
    held = {*parse_cards("5C KH 5D 9H"), *unseen}
    rest = [card for card in map(Card.from_id, range(52)) if card not in held]
    piles = [rest[:16], rest[16:32], rest[32:]]
    args = (
        "cassino", "advise", "--players", "3", "--table", "5C KH", "--hand", "5D 9H",
        "--seat", "2", "--piles", " | ".join(format_cards(pile) for pile in piles),
        "--last-taker", "3", "--samples", "2", "--seed", "5",
    )  # fmt: skip
    status, out, _ = invoke(*args)
    assert status == 0
    ordered = sorted(unseen, key=lambda card: card.id)
    values: dict[str, list[int]] = {}
    for row in np.random.Generator(np.random.PCG64(5)).random((2, 3)):
        order = [ordered[int(i)] for i in np.argsort(row, kind="stable")]
        hands = [order[:1], parse_cards("5D 9H"), order[1:]]
        state = start_state(form, read_table("5C KH"), hands, 2, piles, 3)
        for move in legal_moves(state.position):
            value = reference_solve(play(state, move), 2).value
            values.setdefault(write_play(move), []).append(value)

    def error(found: list[int]) -> float:
        mean = sum(found) / 2
        return math.sqrt(sum((v - mean) ** 2 for v in found) / 1) / math.sqrt(2)

    ranked = sorted(values, key=lambda text: -sum(values[text]))  # ties in legal order
    best = values[ranked[0]]
    rows = [
        (
            text,
            sum(values[text]) / 2,
            error(values[text]),
            error([b - v for b, v in zip(best, values[text], strict=True)]),
        )
        for text in ranked
    ]
    lines = out.splitlines()
    assert lines[-5:-1] == [
        "value: side 2's points less all the others',",
        "  the mean over 2 samples of the 3 ways the unseen cards can lie (seed 5),",
        "  with its standard error",
        "stopped: the samples asked solved",
    ]
    runner = rows[1]
    gap = rows[0][1] - runner[1]
    if gap > 0 and gap >= 2 * runner[3]:
        assert lines[-1].startswith(f"the best is separated from the next, {runner[0]}, by ")
    else:
        assert lines[-1].startswith(f"a toss-up within the samples: the next, {runner[0]}, is ")
    header = next(i for i, line in enumerate(lines) if line.startswith("play"))
    table = lines[header + 2 : header + 2 + len(rows)]
    assert table[0].rsplit(maxsplit=2)[1:] == [f"{rows[0][1]:+.2f}", f"{rows[0][2]:.2f}"]
    assert [line.rsplit(maxsplit=3)[1:] for line in table[1:]] == [
        [f"{mean:+.2f}", f"{err:.2f}", f"{diff:.2f}"] for _, mean, err, diff in rows[1:]
    ]
    assert all(line.startswith(text) for line, (text, *_) in zip(table, rows, strict=True))
    assert invoke(*args)[1] == out
    # with as many samples as ways, or more, every way is solved: exact
    found = json.loads(invoke(*args[:-4], "--samples", "3", "--json")[1])
    assert (found["exact"], found["ways"], found["samples"]) == (True, 3, None)


def test_errors_and_batches() -> None:
    cases = [
        (("solve",), "Error: cassino solve needs --table and --hands (or --file)\n"),
        (("advise",), "Error: cassino advise needs --table and --hand (or --file)\n"),
        (
            ("solve", "--table", "5D", "--hands", "9C | 9D | 2C"),
            "Error: hands '9C | 9D | 2C': 3 hands, expected one for each of the 2 seats,"
            " separated by '|'\n",
        ),
        (
            ("advise", "--table", "KH 4D 3C", "--hand", "KD 5C", "--seat", "2"),
            "Error: the table and the piles hold 3 cards: with seat 2 to move holding 2,"
            " expected 9, 17, 25, 33, 41 or 49 (rounds 1 to 6)\n",
        ),
        (
            ("advise", "--hand", "KD 5C", *KEEP_BACK, "--round", "5"),
            "Error: --round 5: the cards seen, with seat 2 to move holding 2, are those of"
            " round 6\n",
        ),
        (
            # the first round, dealt: 48 cards still to be played
            ("advise", "--table", "KH 4D 3C 2S", "--hand", "KD 5C 7C 8D"),
            "Error: 48 cards still to be played: too many to solve the rest for each way the"
            " unseen cards can lie; expected at most 16 with 2 players (16 two-handed: the"
            " last two rounds; 12 with three or four)\n",
        ),
        (
            ("solve", "--table", "5D", "--hands", "9C | 9D", "--piles", "AS | -"),
            "Error: the piles hold cards, so somebody has taken: expected the seat that took"
            " last (--last-taker)\n",
        ),
    ]
    cases += [
        (
            ("solve", "--table", "[5D 4C]", "--hands", "8C 7H | 8D 2C"),
            "Error: the build [4C 5D] of 9 has no controller, and no hand holds a card of 9:"
            " expected its controller (@SEAT) to hold one\n",
        ),
        (
            # with partners the side holds the value: seat 1 or seat 3, not seat 2
            (
                "solve", "--players", "4", "--partners", "--table", "[5H 3H]@1 2D",
                "--hands", "2C | 8D | 4H | 3C",
            ),
            "Error: seat 1 controls the build [3H 5H]@1 of 8, and neither he nor his partner"
            " (seat 3) holds a card of 8: expected one of them to hold its value\n",
        ),
    ]  # fmt: skip
    # a seat out of range named by what it is
    position = ("--table", "5D 4C", "--hands", "9C 7H | 9D 2C", "--piles", "AS 3S | 2S 4S")
    cases += [
        (
            ("solve", *position, "--last-taker", "3"),
            "Error: seat 3 as the last taker: expected a seat 1 to 2\n",
        ),
        (
            ("solve", *position, "--last-taker", "1", "--seat", "3"),
            "Error: seat 3 to move: expected a seat 1 to 2\n",
        ),
        (
            (
                "advise",
                "--players",
                "4",
                "--partners",
                "--table",
                "4D",
                "--hand",
                "5C",
                "--declared",
                "5:9",
            ),
            "Error: seat 5 in --declared '5:9': expected a seat 1 to 4\n",
        ),
    ]
    for samples in ("1", "100001", "100000000000000000000"):
        # refused even where the ways are few enough to be solved each
        cases.append(
            (
                ("advise", "--hand", "KD 5C", *KEEP_BACK, "--samples", samples),
                f"Error: {int(samples):,} samples: expected 2 to 100,000\n",
            )
        )
    for args, message in cases:
        status, out, err = invoke("cassino", *args)
        assert (status, out, err) == (2, "", message), args
    lines = "5D 4C | 9C 7H | 9D 2C\n5D | 9C | 9C\n8H | 3C | 5C\n"
    status, out, err = invoke("cassino", "solve", "--file", "-", stdin=lines)
    assert status == 1
    assert out == (
        "0 (side 1 (eldest) 1, side 2 (dealer) 1): 9C takes 4C 5D, 2C trails, 7H trails,"
        " 9D takes 2C 7H\n"
        "0 (side 1 (eldest) 0, side 2 (dealer) 0): 3C trails, 5C trails\n"
    )
    assert err == "line 2: 9C is in seat 2's hand and in seat 1's hand: expected each card once\n"
    lines = f"KH 4D 3C | KD 5C | {PILES}\nKH 4D 3C | KD 5C\n"
    status, out, err = invoke(
        "cassino", "advise", "--file", "-", "--seat", "2", "--last-taker", "1", stdin=lines
    )
    assert (status, out) == (1, "5C trails: +5.00 (exact)\n")
    assert err == (
        "line 2: seat 1 took last, but side 1's pile is empty: expected the cards it took"
        " in its pile\n"
    )


def test_batch_lines_keep_a_multiple_build_whole() -> None:
    # seat 1's 7C can only trail; seat 2, who controls the build of five, takes it with
    # the 5D and is the last taker: all six cards, so most cards (3) and most spades (1)
    lines = "5D [5C|3D 2H]@2 | 7C | 5S\n"
    status, out, err = invoke("cassino", "solve", "--file", "-", stdin=lines)
    assert (status, out, err) == (
        0,
        "-4 (side 1 (eldest) 0, side 2 (dealer) 4): 7C trails, 5S takes 2H 3D 5D 5C\n",
        "",
    )
    shown = parse_cards("5D 5C 3D 2H 7C 5S")
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in shown]
    piles = f"{format_cards(rest[:23])} | {format_cards(rest[23:])}"
    common = ("--last-taker", "1", "--json")
    status, batch, err = invoke(
        "cassino", "advise", "--file", "-", *common, stdin=f"5D [5C|3D 2H]@2 | 7C | {piles}\n"
    )
    assert (status, err) == (0, "")
    given = ("--table", "5D [5C|3D 2H]@2", "--hand", "7C", "--piles", piles)
    assert batch == invoke("cassino", "advise", *given, *common)[1]
    # the count by hand: side 2 ends with its pile and the six cards, so most cards
    ends = [rest[:23], rest[23:] + shown]
    points = [0, 3]
    spades = [sum(card.suit == "S" for card in pile) for pile in ends]
    for side, pile in enumerate(ends):
        points[side] += sum(card.rank == 1 for card in pile) + (spades[side] > spades[1 - side])
        points[side] += 2 * (Card(10, "D") in pile) + (Card(2, "S") in pile)
    assert [option["value"] for option in json.loads(batch)["options"]] == [points[0] - points[1]]


def test_a_partners_declaration_is_given_with_declared() -> None:
    """Four-handed with partners, seat 2 holding the 5C: his partner, seat 4, has
    declared nine, so he may build nine on the 4D (seat 4 holding the 9S)."""
    shown = parse_cards("4D 7H 5C 9S KD")
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in shown]
    piles = f"{format_cards(rest[:24])} | {format_cards(rest[24:])}"
    common = ("--players", "4", "--partners", "--table", "4D 7H", "--seat", "2")
    common += ("--piles", piles, "--last-taker", "1")
    status, out, err = invoke("cassino", "advise", "--hand", "5C", "--declared", "4:9", *common)
    assert (status, err) == (0, "")
    assert "5C builds nine on 4D" in out
    status, out, err = invoke("cassino", "advise", "--hand", "5C", *common)
    assert (status, err) == (0, "") and "builds" not in out
    position = ("--players", "4", "--partners", "--table", "4D 7H", "--seat", "2", "--hand", "5C")
    status, out, err = invoke("cassino", "moves", *position, "--declared", "4:9,1:7", "--json")
    assert (status, err) == (0, "")
    assert json.loads(out)["declared"] == {"1": [7], "4": [9]}
    status, out, err = invoke("cassino", "advise", *position, *common[-4:], "--json",
        "--declared", "4:9,1:7")  # fmt: skip
    assert (status, err) == (0, "")
    assert json.loads(out)["declared"] == {"1": [7], "4": [9]}
    hands = ("--hands", "- | 5C | KD | 9S")
    status, out, err = invoke("cassino", "solve", *hands, "--declared", "4:9", *common, "--json")
    assert (status, err) == (0, "")
    state = start_state(
        Form(players=4, partners=True),
        read_table("4D 7H"),
        [[], parse_cards("5C"), parse_cards("KD"), parse_cards("9S")],
        2,
        [rest[:24], rest[24:]],
        1,
        declared={4: frozenset({9})},
    )
    found = json.loads(out)
    assert found["declared"] == {"4": [9]}
    line = tuple((each["seat"], each["play"]) for each in found["line"])
    points = (found["points"]["1"], found["points"]["2"])
    assert solves(state, Solution(state.form, found["side"], found["value"], points, line))
    status, out, err = invoke("cassino", "solve", *hands, "--declared", "4:x", *common)
    assert (status, out) == (2, "")
    assert err == "Error: --declared '4:x': expected SEAT:VALUE, as 3:9 (seat 3 has built for 9)\n"


def test_solve_counts_sweeps_by_the_sweep_rule() -> None:
    # the 5C sweeps the 5D and the 9H is left to it as last taker: three cards (3) and
    # the sweep (1); cancelled two-handed, only the difference of the sweeps counts
    position = ("--table", "5D", "--hands", "5C | 9H")
    for rule, value in (("scored", 4), ("none", 3), ("cancelled", 4)):
        status, out, err = invoke("cassino", "solve", *position, "--sweep-rule", rule, "--json")
        assert (status, err) == (0, "")
        found = json.loads(out)
        assert (found["value"], found["points"], found["sweep_rule"]) == (
            value,
            {"1": value, "2": 0},
            rule,
        )
    status, out, _ = invoke("cassino", "solve", *position, "--sweep-rule", "none")
    lines = out.splitlines()
    assert lines[0] == "Cassino, 2 players, sweeps not scored: seat 1 to play; the table 5D"
    assert lines[7].split() == ["1", "1", "5C", "takes", "5D"]  # no point for the sweep


def test_advice_counts_sweeps_by_the_sweep_rule() -> None:
    """The README's last-round position, sweeps not scored: the eldest's 9D sweeps after
    any play of the 2H, which now costs one point less (7 to 5 was -2: 6 to 5)."""
    status, out, err = invoke(
        "cassino", "advise", "--table", "7H 4C 5D", "--hand", "2H 9C", "--seat", "2",
        "--piles", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2D 2C 3H 3D 3C 4H 4D 5H 5C | AH AC"
        " AD 10D 6H 6D 6C 7D 7C 8H 8D 8C 9H 10H 10C JH JD JC QH QD QC KH KD KC",
        "--last-taker", "1", "--sweep-rule", "none", "--json",
    )  # fmt: skip
    assert (status, err) == (0, ""), err
    found = json.loads(out)
    assert found["sweep_rule"] == "none"
    assert [(option["play"], option["value"]) for option in found["options"]] == [
        ("9C takes 4C 5D", 5.0),
        ("2H builds nine on 7H", -1.0),
        ("2H builds two nines on 4C 5D 7H", -1.0),
        ("2H trails", -1.0),
        ("9C trails", -1.0),
    ]


def test_advice_gives_a_sweep_its_point_only_where_sweeps_score() -> None:
    """The README's position with the 7H taken before: 9C takes 4C 5D and sweeps; the
    eldest's last card, 9D, trails, and the 2H trails after it, both to seat 2 as the
    last taker. Seat 2's side then has 29 cards (3), three aces and big Cassino and the
    sweep: 9, or 8 without the sweep's point; the eldest most spades and AS 2S: 3."""
    piles = (
        "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2D 2C 3H 3D 3C 4H 4D 5H 5C 7H | AH AC AD"
        " 10D 6H 6D 6C 7D 7C 8H 8D 8C 9H 10H 10C JH JD JC QH QD QC KH KD KC"
    )
    for rule, points, value in (("scored", 1, 6.0), ("none", 0, 5.0), ("cancelled", 1, 6.0)):
        status, out, err = invoke(
            "cassino", "advise", "--table", "4C 5D", "--hand", "2H 9C", "--seat", "2",
            "--piles", piles, "--last-taker", "1", "--sweep-rule", rule, "--json",
        )  # fmt: skip
        assert (status, err) == (0, ""), err
        best = json.loads(out)["options"][0]
        assert (best["play"], best["sweep"], best["points"], best["value"]) == (
            "9C takes 4C 5D",
            True,
            points,
            value,
        )


def test_the_sweeps_made_so_far_are_counted_in() -> None:
    # side 1 ends with AS 2C 5C 5D 9H: most cards (3), most spades (1), the ace (1),
    # and its sweeps, one made before and the 5C's: 2 against none
    position = ("--table", "5D", "--hands", "5C | 9H", "--piles", "AS 2C | 3D")
    position += ("--last-taker", "1", "--sweeps", "1,0")
    for rule, value in (("scored", 7), ("none", 5), ("cancelled", 7)):
        status, out, err = invoke("cassino", "solve", *position, "--sweep-rule", rule, "--json")
        assert (status, err) == (0, "")
        assert (json.loads(out)["value"], json.loads(out)["sweeps"]) == (value, [1, 0])
    status, out, _ = invoke("cassino", "solve", *position)
    assert "taken: side 1 (eldest) 2 cards and 1 sweep," in out
    for sweeps, message in (
        ("x", "sweeps 'x': expected each side's sweeps as whole numbers separated by commas"),
        ("2,0", "side 1 (eldest) made 2 sweeps with 2 cards: a sweep takes two cards at least"),
        ("1", "1 sweep count for 2 sides: expected one a side"),
    ):
        args = (*position[:-1], sweeps)
        status, out, err = invoke("cassino", "solve", *args)
        assert (status, out) == (2, "") and err.startswith(f"Error: {message}"), err


def test_a_dash_is_an_empty_stock_as_it_is_an_empty_hand_or_table() -> None:
    position = ("cassino", "solve", "--table", "5D 4C", "--hands", "9C 7H | 9D 2C")
    status, out, err = invoke(*position, "--stock", "-")
    assert (status, err) == (0, "")
    assert out == invoke(*position)[1]


def test_no_play_left_is_said_in_words_not_an_empty_table() -> None:
    status, out, _ = invoke("cassino", "solve", "--table", "5D 4C", "--hands", "- | -")
    assert status == 0
    assert out.splitlines()[5:8] == [
        "no play left: every card has been played",
        "",
        ("points at the end: side 1 (eldest) 0, side 2 (dealer) 0"),
    ]
    status, out, _ = invoke("cassino", "play", "--table", "5D 4C 6S 3H", "")
    assert status == 0
    assert out.splitlines()[1:4] == ["", "no play made", ""]


def test_a_batch_line_with_a_bracket_unclosed_says_so() -> None:
    status, out, err = invoke(
        "cassino", "solve", "--file", "-", stdin="5D [5C|3D 2H@2 | 9C 7H | 9D 5S\n"
    )
    assert (status, out) == (1, "")
    assert err == (
        "line 1: '5D [5C|3D 2H@2 | 9C 7H | 9D 5S': a build's '[' without its ']', or the"
        " other way round; expected builds such as [6S 3H] or [5C|3D 2H]@2\n"
    )


def test_a_batch_line_gives_its_own_seat_taker_sweeps_and_round() -> None:
    # the 9D sweeps 4C 5D and the 9C and 2C trail to it as last taker: five cards (3) and
    # the sweep, +4 for seat 2; seat 1 to move instead (holding 9C 7H), 0 as in the README
    lines = "5D 4C | 9C | 9D 2C | seat 2\n5D 4C | 9C 7H | 9D 2C\n"
    status, out, err = invoke("cassino", "solve", "--file", "-", stdin=lines)
    assert (status, err) == (0, "")
    assert [line.split(" (")[0] for line in out.splitlines()] == ["+4", "0"]
    # the README's advice with the piles: seat 2, seat 1 took last; three sweeps of seat
    # 2's side before count 3 more
    given = f"KH 4D 3C | KD 5C | {PILES} | seat 2 | last-taker 1"
    lines = f"{given}\n{given} | sweeps 0,3 | round 6\n{given} | seat 1\n{given} | round x\n"
    status, out, err = invoke("cassino", "advise", "--file", "-", stdin=lines)
    assert (status, out) == (1, "5C trails: +5.00 (exact)\n5C trails: +8.00 (exact)\n")
    assert err == (
        "line 3: 'seat 2': expected seat once, with its value\n"
        "line 4: round 'x': expected a whole number, as round 2\n"
    )


def test_a_batch_line_gives_its_own_stock() -> None:
    """The last play of round 5 with round 6 to deal: a line's own stock is solved as
    --stock solves it, and without one the hands are the deal's last."""
    position = "5D 4C | 9C | 2H"
    stock = "AS 2S 3H 4H 10D 7C 8C JD"
    single = invoke("cassino", "solve", "--table", "5D 4C", "--hands", "9C | 2H", "--stock", stock)
    lines = f"{position} | stock {stock}\n{position}\n"
    status, out, err = invoke("cassino", "solve", "--file", "-", stdin=lines)
    assert (status, err) == (0, "")
    given, bare = out.splitlines()
    value = single[1].splitlines()[-1].split(": ")[1].split(" ")[0]
    assert (single[0], given.split(" (")[0]) == (0, value)
    # without the stock: 9C sweeps 4C 5D and takes the 2H left at the end, most cards
    assert bare == "+4 (side 1 (eldest) 4, side 2 (dealer) 0): 9C takes 4C 5D, 2H trails"


ROUND_FIVE = (
    "cassino", "advise", "--table", "3D 4D 7C 10C QS KD", "--hand", "JD AH QH 2D",
    "--piles", "10D 10H 3C 3H 6C AD 5C 6S 6H 4S 4C 9H 9S | KC KH 8H 2H 6D QC QD JS JC 9D"
    " 9C 7D 7H 5H 5D AS AC", "--last-taker", "2",
)  # fmt: skip
"""Round 5's first play, seat 1 holding four: 34,650 ways, sampled."""


def test_advise_samples_to_a_time_and_says_why_it_stopped() -> None:
    status, out, err = invoke(*ROUND_FIVE, "--time", "0.001", "--json")
    assert status == 0, err
    found = json.loads(out)
    assert (found["exact"], found["ways"], found["time_limit"]) == (False, 34_650, 0.001)
    # the time is looked at after each chunk of ways: spent after the first, of four
    assert (found["samples"], found["stopped"]) == (4, "time")
    options = found["options"]
    assert set(options[0]) >= {"value", "stderr", "diff_stderr", "separated"}
    assert options[0]["diff_stderr"] == 0.0
    assert all("separated" not in option for option in options[1:])
    fixed = json.loads(invoke(*ROUND_FIVE, "--samples", "4", "--json")[1])
    assert fixed["options"] == options and fixed["stopped"] == "samples"
    assert fixed["time_limit"] is None
    text = invoke(*ROUND_FIVE, "--time", "0.001")[1]
    assert "stopped: the time spent (0.001 s)\n" in text
    assert "the mean over 4 samples of the 34,650 ways" in " ".join(text.split())
    # plays worth as much as the best in every way sampled are as good; the next is
    # the first that is not
    best = options[0]
    alike = [o for o in options[1:] if o["value"] == best["value"] and o["diff_stderr"] == 0]
    runner = next(o for o in options[1:] if o not in alike)
    if alike:
        plays = ", ".join(o["play"] for o in alike)
        assert f"as good as the best in every way sampled: {plays}\n" in text
    gap = best["value"] - runner["value"]
    said = (
        f"the best is separated from the next, {runner['play']}, by {gap:.2f}"
        if gap > 0 and gap >= 2 * runner["diff_stderr"]
        else f"a toss-up within the samples: the next, {runner['play']}, is {gap:.2f} behind"
    )
    assert said in " ".join(text.split())


def test_advise_takes_a_time_or_samples() -> None:
    status, out, err = invoke(*ROUND_FIVE, "--time", "2", "--samples", "100")
    assert (status, out) == (2, "")
    assert err == "Error: --time and --samples exclude each other: give one\n"
    status, _, err = invoke(*ROUND_FIVE, "--time", "0")
    assert status == 2
    assert err == "Error: a time of 0 s: expected more than 0, up to 3,600\n"


def test_exact_advice_stops_at_every_way_solved() -> None:
    # the README's last round: one way, solved whatever the time
    status, out, err = invoke(
        "cassino", "advise", "--table", "7H 4C 5D", "--hand", "2H 9C", "--seat", "2",
        "--piles", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2D 2C 3H 3D 3C 4H 4D 5H 5C"
        " | AH AC AD 10D 6H 6D 6C 7D 7C 8H 8D 8C 9H 10H 10C JH JD JC QH QD QC KH KD KC",
        "--last-taker", "1", "--time", "0.001", "--json",
    )  # fmt: skip
    assert status == 0, err
    found = json.loads(out)
    assert (found["exact"], found["stopped"], found["time_limit"]) == (True, "exact", None)
    # 9C takes 4C 5D (+5) is 6 ahead of the next, exactly: separated
    assert found["options"][0]["play"] == "9C takes 4C 5D"
    assert found["options"][0]["separated"] is True
    assert [o["diff_stderr"] for o in found["options"]] == [0.0] * len(found["options"])
