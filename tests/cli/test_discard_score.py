"""`cribcount discard HAND --dealer|--pone --score ME-HIM`: the lay-outs by the chance of
winning the game, as text and JSON, and its errors.

A certain end position pins figures worked out by hand: the pone at 115 keeping
5S 5H JD KC (a sure 10 in hand: four fifteens and a pair) against a dealer at 30 wins
before the dealer can reach 121 (he would need 91 first) and lurches him (heels and his
play cannot take him from 30 to 61).
"""

import json

import pytest
from support import invoke

from cribcount.cards import parse_cards
from cribcount.cribbage.policy import POLICY
from cribcount.cribbage.score_advice import advise_to_score

HAND = "5S 5H JD KC 2C 9D"


def test_the_table_ranks_the_lay_outs_by_the_chance_of_winning() -> None:
    code, out, err = invoke("discard", HAND, "--pone", "--score", "115-30", "--samples", "400")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "six-card cribbage to 121: you at 115, he at 30, before a deal he deals"
    assert all(len(line) <= 80 for line in lines)
    header = next(i for i, line in enumerate(lines) if line.startswith("lay out"))
    assert lines[header].split() == [
        "lay",
        "out",
        "keep",
        "net",
        "win",
        "lurch",
        "lurches",
        "error",
        "error",
    ]
    rows = lines[header + 2 : header + 2 + 15]
    # keeps 5H 5S JD KC: wins and lurches him on every sample, no error; sampled, the
    # win is said as the bound 400 samples allow (0.05 ** (1 / 400) = 99.2539...%), the
    # standard errors blank (the best's difference from itself too)
    assert rows[0].split() == [
        "2C", "9D", "5S", "5H", "JD", "KC", "7.575", ">", "99.25%", "100.00%", "0.00%"
    ]  # fmt: skip
    note = " ".join(out.split())
    assert "> 99.25%: won in every sample or nearly; 400 samples cannot tell a chance above" in note
    assert "< 0.75%" not in note  # no chance of winning near 0
    assert "400 samples of the rest of the deal, seed 2026, the same for each lay-out" in out
    assert "policy: lay-outs of the best net against the expert tables" in out


def test_the_verdict_says_when_the_best_for_the_game_is_not_the_best_for_points() -> None:
    # the dealer at 117 needs 4: the figures are the library's, checked on its own
    code, out, _ = invoke("discard", "5H 5S JD 6C 9S KC", "--dealer", "--score", "117-115")
    assert code == 0
    advice = advise_to_score(parse_cards("5H 5S JD 6C 9S KC"), "six", True, 117, 115)
    assert advice.differs
    best, points = advice.best_for_the_game, advice.best_for_points
    names = [" ".join(str(card) for card in option.lay_out) for option in (best, points)]
    assert f"best for the game: {names[0]} (net {best.net:.3f}), win {100 * best.win:.2f}%\n" in out
    assert (
        f"best for points: {names[1]} (net {points.net:.3f}), win {100 * points.win:.2f}%:"
        f" {advice.difference:.2f} percentage points less\n" in out
    )
    # the best for points is the best net for the dealer against the expert tables
    assert points.net == max(option.net for option in advice.options)


def test_the_verdict_says_when_the_best_for_the_game_is_the_best_for_points() -> None:
    code, out, _ = invoke("discard", HAND, "--pone", "--score", "115-30", "--samples", "400")
    assert code == 0
    advice = advise_to_score(parse_cards(HAND), "six", False, 115, 30, samples=400)
    best = " ".join(str(card) for card in advice.best_for_the_game.lay_out)
    assert not advice.differs
    assert f"best for the game: {best} (net " in out
    assert out.count(", the best for points too\n") == 1


def test_the_json_is_the_advice_and_the_scores_echoed() -> None:
    code, out, err = invoke(
        "discard",
        HAND,
        "--dealer",
        "--score",
        "90-100",
        "--samples",
        "300",
        "--seed",
        "5",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["scores"] == {"me": 90, "him": 100}
    assert data["role"] == "dealer" and data["samples"] == 300 and data["seed"] == 5
    assert data["policy"] == POLICY
    assert data == advise_to_score(parse_cards(HAND), "six", True, 90, 100, 300, 5).to_json()
    assert {"win", "lurch", "lurched", "stderr", "diff_stderr", "net", "separated"} == set(
        data["options"][0]
    ) - {"lay_out", "keep"}
    assert all("separated" not in option for option in data["options"][1:])


def test_five_card_is_advised_to_61() -> None:
    code, out, err = invoke(
        "discard", "5S 5H JD 2C 9D", "--game", "five", "--pone", "--score", "55-40"
    )
    assert code == 0, err
    assert out.startswith("five-card cribbage to 61: you at 55, he at 40")
    # keeping 5S 5H JD (a sure 6: two fifteens and a pair) the pone at 55 reaches 61:
    # every one of 10,000 samples won, said as the bound they allow
    assert any(
        row.startswith("2C 9D") and row.split()[6:8] == [">", "99.97%"] for row in out.splitlines()
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((HAND, "--score", "1-2"), "--score needs --pone or --dealer"),
        ((HAND, "--pone", "--dealer", "--score", "1-2"), "--pone and --dealer exclude each other"),
        ((HAND, "--pone", "--score", "12x"), "--score '12x': expected ME-HIM"),
        ((HAND, "--pone", "--score", "1-2-3"), "--score '1-2-3': expected ME-HIM"),
        ((HAND, "--pone", "--score", "130-2"), "expected 0 to 121"),
        ((HAND, "--pone", "--score", "121-2"), "the game is won at 121"),
        ((HAND, "--pone", "--samples", "50"), "--samples is for --score"),
        ((HAND, "--pone", "--seed", "3"), "--seed is for --score"),
        ((HAND, "--pone", "--score", "1-2", "--samples", "1"), "1 samples: expected 2 or more"),
        ((HAND, "--pone", "--score", "1-2", "--top", "3"), "--top cannot be used with --score"),
        (
            (HAND, "--pone", "--score", "1-2", "--opponent", "random"),
            "--opponent cannot be used with --score",
        ),
        (("5S 5H JD 2C", "--pone", "--score", "1-2"), "4 cards"),
        (
            ("5S 5H JD 2C 9D", "--game", "three", "--pone", "--score", "1-2"),
            "--score is for the two-handed forms",
        ),
        (("--file", "-", "--pone", "--score", "1-2"), "--score is for a single input"),
    ],
)
def test_errors_are_one_line_and_exit_2(arguments: tuple[str, ...], message: str) -> None:
    code, out, err = invoke("discard", *arguments, stdin="")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("Error: ")
    assert message in err


def test_seven_card_to_181() -> None:
    """--to picks the longer game: the same lay-outs, the table of 181."""
    args = ["discard", "6C 7S 8S 8H 9S 10C JD", "--game", "seven", "--dealer"]
    code, out, err = invoke(*args, "--score", "170-160", "--to", "181", "--samples", "500")
    assert (code, err) == (0, "")
    assert out.startswith("seven-card cribbage to 181: you at 170, he at 160, before a deal")
    data = json.loads(
        invoke(*args, "--score", "170-160", "--to", "181", "--samples", "500", "--json")[1]
    )
    assert (data["to"], data["scores"]) == (181, {"me": 170, "him": 160})
    # at 121 the same scores are no scores of the game
    code, _, err = invoke(*args, "--score", "170-160", "--samples", "500")
    assert code == 2
    assert err.startswith("Error: ")


def test_to_needs_score() -> None:
    code, _, err = invoke("discard", "6C 7S 8S 8H 9S 10C", "--dealer", "--to", "181")
    assert (code, err) == (2, "Error: --to is for --score: give --score ME-HIM too\n")
