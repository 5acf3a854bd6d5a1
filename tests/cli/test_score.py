"""`cribcount score` through the command line: exact text, JSON shape, errors."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support import invoke

SHOW_TABLE = """\
hand 3D 4S 4C 5C, starter QS

what      cards       points
--------  --------  --------
fifteen   5C QS            2
pair      4S 4C            2
run of 3  3D 4S 5C         3
run of 3  3D 4C 5C         3
--------  --------  --------
fifteens                   2
pairs                      2
runs                       6
total                     10

fifteen two and a double run is 10
"""


def test_table_and_count() -> None:
    assert invoke("score", "3D 4S 4C 5C / QS") == (0, SHOW_TABLE, "")


def test_heels_is_noted() -> None:
    code, out, _ = invoke("score", "5H 5S 5C 5D / JD")
    assert code == 0
    assert "total                                 28" in out
    assert out.endswith(
        "starter JD: two for his heels to the dealer, pegged at the cut (not part of the show)\n"
    )


def test_json_shape() -> None:
    code, out, _ = invoke("score", "JC JS 10C AS / QS", "--crib", "--json")
    assert code == 0
    assert json.loads(out) == {
        "game": "six",
        "hand": ["JC", "JS", "10C", "AS"],
        "starter": "QS",
        "crib": True,
        "total": 9,
        "breakdown": {"fifteens": 0, "pairs": 2, "runs": 6, "flush": 0, "nobs": 1},
        "items": [
            {"kind": "pair", "name": "pair", "cards": ["JS", "JC"], "points": 2},
            {"kind": "run", "name": "run of 3", "cards": ["10C", "JS", "QS"], "points": 3},
            {"kind": "run", "name": "run of 3", "cards": ["10C", "JC", "QS"], "points": 3},
            {"kind": "nobs", "name": "nobs", "cards": ["JS"], "points": 1},
        ],
        "said": "a double run is 8 and one for his nobs is 9",
        "heels": False,
    }
    assert out.count("\n") == 1


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        (
            "8",
            # folded to fit 80 columns, at the last '; ' that leaves the line short enough
            "claim 8: under-counted by 1 (the show is 9); missed one for his nobs (1);\n"
            "  muggins: the opponent may take the 1",
        ),
        ("9", "claim 9: right"),
        ("11", "claim 11: over-counted by 2 (the show is 9)"),
    ],
)
def test_claim_text(claim: str, line: str) -> None:
    code, out, _ = invoke("score", "JC JS 10C AS / QS", "--crib", "--claim", claim)
    assert code == 0
    assert out.endswith(f"a double run is 8 and one for his nobs is 9\n{line}\n")


def test_claim_json() -> None:
    data = json.loads(invoke("score", "5H 5S 5C JD / 5D", "--json", "--claim", "27")[1])
    assert data["claim"] == {
        "claimed": 27,
        "actual": 29,
        "missed": ["a fifteen (2)"],
        "certain": True,
        "difference": 2,
    }


def test_games_and_symbols() -> None:
    out = invoke("score", "2♥ 6♥ 10♥ / Q♥", "--game", "five", "--symbols", "--json")[1]
    assert json.loads(out)["breakdown"]["flush"] == 4
    out = invoke("score", "🂭 🃃 🂤 🃔 / 🃕", "--game", "six")[1]
    assert "hand QS 3D 4S 4C, starter 5C" in out


def test_batch_reports_bad_lines_and_keeps_good_ones() -> None:
    lines = "5H 5S 5C JD / 5D\n5H 5S 5X JD / 5D\n\nAH 2H 3H 4H / 5H\n5H 5S 5C / 5D\n"
    code, out, err = invoke("score", "--file", "-", "--crib", stdin=lines)
    assert code == 1
    assert out == (
        "5H 5S 5C JD / 5D: 29 (fifteens 16, pairs 12, nobs 1)\n"
        "AH 2H 3H 4H / 5H: 12 (fifteens 2, runs 5, flush 5)\n"
    )
    assert err == (
        "line 2: invalid card '5X' in '5H 5S 5X JD / 5D': suit must be S, H, D or C "
        "(or ♠ ♥ ♦ ♣)\n"
        "line 5: 3 cards in '5H 5S 5C': a crib holds 4 besides the starter\n"
    )


def test_batch_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("5H 5S 5C JD / 5D\n2H 4S 6D 8H / KS\n", encoding="utf-8")
    code, out, err = invoke("score", "--file", str(path), "--json")
    assert (code, err) == (0, "")
    assert [json.loads(line)["total"] for line in out.splitlines()] == [29, 0]
    # a bad line among them: reported by number, the others still scored, status 1
    path.write_text("5H 5S 5C JD / 5D\n# seed 001\n5H 5S 5C JD\n2H 4S 6D 8H / KS\n")
    code, out, err = invoke("score", "--file", str(path), "--json")
    assert code == 1
    assert [json.loads(line)["total"] for line in out.splitlines()] == [29, 0]
    assert err == (
        "line 3: no starter in '5H 5S 5C JD': write the starter after a slash, as in '... / 5D'\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["5H 5S 5X JD / 5D"], "invalid card '5X' in '5H 5S 5X JD / 5D': suit must be"),
        (["5H 5S YC JD / 5D"], "invalid card 'YC' in '5H 5S YC JD / 5D': rank must be"),
        (["5H 5S 5H JD / 5D"], "duplicate card '5H'"),
        (["5H 5S 5C / 5D"], "3 cards in '5H 5S 5C': a hand in six-card cribbage holds 4"),
        (["5H 5S 5C JD"], "no starter in '5H 5S 5C JD'"),
        ([""], "no cards in ''"),
        (["5H 5S 🂬 JD / 5D"], "the knight is in no pack of these games"),
        ([], "missing HAND: give it as an argument, or --file PATH"),
        (["5H 5S 5C JD / 5D", "--file", "-"], "give HAND or --file PATH, not both"),
        (["--file", "-", "--claim", "9"], "--claim is for a single input; it cannot be used with"),
        (["5H 5S 5C JD / 5D", "--game", "five"], "a hand in five-card cribbage holds 3"),
        (["5H 5S 5C JD 4D / 6D", "--crib", "--game", "seven"], "a crib holds 4 besides the"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: list[str], message: str) -> None:
    code, out, err = invoke("score", *args)
    assert code == 2
    assert out == ""
    assert err.startswith("Error: ")
    assert message in err
    assert err.count("\n") == 1


def test_score_does_not_import_numba() -> None:
    code = (
        "import sys; from click.testing import CliRunner; from cribcount.cli import main; "
        "CliRunner().invoke(main, ['score', '5H 5S 5C JD / 5D']); "
        "print('numba' in sys.modules, 'numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "False False\n"


def test_python_dash_m() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cribcount", "score", "5H 5S 5C JD / 5D", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout)["total"] == 29


def test_claim_with_several_accounts_is_worded_as_one() -> None:
    # 10 claimed as 9: no item is worth 1, and a fifteen or a pair (2 each) over-shoots by 1
    out = invoke("score", "3D 4S 4C 5C / QS", "--claim", "9")[1]
    assert out.endswith(
        "claim 9: under-counted by 1 (the show is 10);\n"
        "  one account: missed a fifteen (2), but 1 counted that is not there;\n"
        "  muggins: the opponent may take the 1\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--claim", "-1"), "claim -1 is impossible: a show is never below 0"),
        (
            ("--claim", "30"),
            "claim 30 is impossible: the greatest show of 4 cards and a starter is 29",
        ),
    ],
)
def test_impossible_claims_are_refused(args: tuple[str, ...], message: str) -> None:
    assert invoke("score", "3D 4S 4C 5C / QS", *args) == (2, "", f"Error: {message}\n")


def test_one_card_is_counted_in_the_singular() -> None:
    code, _, err = invoke("score", "5H / 5D")
    assert code == 2
    assert err == (
        "Error: 1 card in '5H': a hand in six-card cribbage holds 4 besides the starter\n"
    )
