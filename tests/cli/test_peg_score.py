"""`cribcount peg --advise ... --score ME-HIM`: the cards by the chance of winning the game,
as text and JSON, and its errors.

The pone at 119 holding 6D at 15 after the dealer's 6C: the six pairs it for 2 and
takes him out at once, a certain win whatever follows. The pone leading from
5H 9S 9D AC against a dealer at 119 holding four ten-cards (known), his own 3C 4D laid
out: the five gives the dealer his fifteen for 2 and the game, a certain loss; the
rests of the deal are the crib's other two cards, C(41, 2) = 820, all counted.
"""

import json

from support import invoke

from cribcount.cribbage.policy import POLICY

OUT = ("--advise", "--pone", "9S 6D 5H AC / 2S", "9S 6C", "--score", "119-119")
LOSS = (
    "--advise",
    "--pone",
    "5H 9S 9D AC / 2S",
    "--score",
    "118-119",
    "--laid-out",
    "3C 4D",
    "--against",
    "KH QH JH 10H",
)


def test_the_table_ranks_the_cards_by_the_chance_of_winning() -> None:
    code, out, err = invoke("peg", *OUT, "--samples", "400")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("six-card cribbage to 121: you (the pone) at 119, he at 119,")
    assert all(len(line) <= 80 for line in lines)
    header = next(i for i, line in enumerate(lines) if line.startswith("card"))
    assert lines[header].split() == ["card", "net", "win", "lurch", "lurches", "error", "error"]
    rows = lines[header + 2 : header + 5]
    # a certain win, sampled: said as the least chance 400 samples that all won allow
    # (0.05 ** (1 / 400) = 99.2539...%), without a standard error
    assert rows[0].split() == ["6D", "-1.791", ">", "99.25%", "0.00%", "0.00%"]
    wins = [float(row.split()[2].rstrip("%")) for row in rows[1:]]
    assert wins == sorted(wins, reverse=True)
    # the others lose where the six wins, so each difference has the error of its win
    assert all(row.split()[-1] == row.split()[-2] for row in rows[1:])
    assert "best for the game: 6D (net -1.791), win > 99.25%\n" in out
    assert "  separated from the next, AC, by " in out
    assert "percentage points less" in out
    assert "400 samples of the rest of the deal, seed 2026, the same for each card" in out


def test_known_cards_and_lay_out_make_the_figures_exact() -> None:
    code, out, err = invoke("peg", *LOSS)
    assert code == 0, err
    row = next(line for line in out.splitlines() if line.startswith("5H "))
    # exact: a certain loss is 0.00%, not a bound, and the table says nothing of bounds
    assert row.split()[2:] == ["0.00%", "0.00%", "0.00%", "0.00%", "0.00%"]
    assert "every one of the 820 rests of the deal, exact, the same for each card" in out
    assert "rule of three" not in out and "(exact)" in out
    assert "the crib: your 3C 4D and 2 cards of the unseen" in out


def test_the_json_echoes_the_scores_with_each_card_s_chances() -> None:
    code, out, err = invoke("peg", *LOSS, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["scores"] == {"me": 118, "him": 119}
    assert data["role"] == "pone" and data["exact"] is True and data["samples"] == 820
    assert data["policy"] == POLICY
    five = next(option for option in data["options"] if option["card"] == "5H")
    assert (five["win"], five["lurch"], five["lurched"], five["stderr"]) == (0.0, 0.0, 0.0, 0.0)
    assert {"best_for_points", "best_for_the_game", "difference"} <= set(data)


def test_the_same_seed_prints_the_same_figures() -> None:
    first = invoke("peg", *OUT, "--samples", "300", "--seed", "5")
    assert first[0] == 0
    assert first == invoke("peg", *OUT, "--samples", "300", "--seed", "5")


def test_errors_are_one_line_with_exit_2() -> None:
    cases = [
        (
            ("peg", "9S 6D", "--score", "1-2"),
            "--score, --to, --samples and --seed go with --advise",
        ),
        (("peg", *OUT[:4], "--samples", "50"), "--samples is for --score: give --score ME-HIM"),
        (("peg", *OUT[:4], "--score", "a-b"), "expected ME-HIM, two scores, as 90-100"),
        (("peg", *OUT[:4], "--score", "121-3"), "expected scores under 121"),
        (("peg", "--advise", *OUT[2:]), "--advise needs --pone or --dealer"),
        (("peg", *OUT, "--samples", "1"), "1 samples: expected 2 or more"),
    ]
    for args, message in cases:
        code, out, err = invoke(*args)
        assert code == 2, args
        assert out == ""
        assert len(err.strip().splitlines()) == 1, err
        assert message in err
