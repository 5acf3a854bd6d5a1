"""`cribcount odds` through the command line: exact text, JSON, the chart, errors.

The tables read are built from deal sets whose chances are worked out by hand, put
where the library looks for tables.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from support import invoke

from cribcount.cribbage import odds
from cribcount.cribbage.deals import DealOutcomes

COIN = "a point to either side, alike likely"
PONE = "the pone pegs one"


@pytest.fixture(autouse=True)
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Six-card: each deal a point to one side at random; five-card: a point to the pone."""
    coin = DealOutcomes.from_events([[(0, 1)], [(1, 1)]], game="six", seed=1, policy=COIN)
    odds.build_table(coin).save(tmp_path / "odds-six.json")
    pone = DealOutcomes.from_events([[(0, 1)]], game="five", seed=2, policy=PONE)
    odds.build_table(pone).save(tmp_path / "odds-five.json")
    monkeypatch.setattr(odds, "TABLES", tmp_path)
    return tmp_path


def test_one_position_as_text() -> None:
    # at 119 to 118 you need two heads before he has three tails: 1/4 + 2/8 + 3/16
    code, out, err = invoke("odds", "119", "118", "--dealer")
    assert (code, err) == (0, "")
    assert out == (
        "six-card cribbage to 121: you at 119, he at 118, before a deal you deal\n"
        "you win 68.75%; you lurch him 0.00%, he lurches you 0.00%\n"
        f"over 2 simulated deals; policy: {COIN}\n"
    )


def test_a_lurch() -> None:
    # at 120 to 55 you lurch him unless he has six points before your one: 1 - 1/64
    code, out, _ = invoke("odds", "120", "55", "--pone")
    assert code == 0
    assert out.splitlines()[1] == "you win 100.00%; you lurch him 98.44%, he lurches you 0.00%"


def test_json_as_the_issue_gives_it() -> None:
    code, out, _ = invoke("odds", "119", "118", "--dealer", "--json")
    assert code == 0
    assert json.loads(out) == {
        "game": "six",
        "to": 121,
        "scores": {"me": 119, "him": 118},
        "role": "dealer",
        "win": 0.6875,
        "lurch": 0.0,
        "lurched": 0.0,
        "deals": 2,
        "policy": COIN,
    }
    # the other side of the same position
    _, out, _ = invoke("odds", "118", "119", "--pone", "--json")
    assert json.loads(out)["win"] == 0.3125


def test_five_card_scores_as_given() -> None:
    # the pone pegs one a deal: at 0 to 0, he who is pone first wins; no three for last
    _, out, _ = invoke("odds", "0", "0", "--pone", "--game", "five", "--json")
    assert json.loads(out)["win"] == 1.0
    _, out, _ = invoke("odds", "0", "0", "--dealer", "--game", "five", "--json")
    assert json.loads(out)["win"] == 0.0


def expected_band(mine: int, his: int, last: int) -> str:
    """Five-card, the pone pegging one a deal: you as dealer win only when ahead, so a
    band of 3 by 3 scores on the diagonal holds 3 wins of 9, except the last, 60 to 60."""
    if mine > his:
        return "9"
    if mine < his:
        return "0"
    return "0" if mine == last else "3"


def test_the_chart() -> None:
    code, out, err = invoke("odds", "--chart", "--game", "five")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:5] == [
        "five-card cribbage to 61: your chance of winning before a deal you deal,",
        "by your score (down) and his (across) in bands of 3 points, the mean of each:",
        "0: under 10%, 1: 10 to 19%, ... 9: 90% or more",
        "",
        "     his 0   6   12  18  24  30  36  42  48  54  60",
    ]
    bands = range(21)
    for band in bands:
        label = ("me " if band == 0 else "   ") + f"{3 * band:>5} "
        cells = " ".join(expected_band(band, his, 20) for his in bands)
        assert lines[5 + band] == label + cells
    # the first dealer at 0 to 3 can never catch up: the pone pegs first and is ahead
    assert lines[26:] == [
        "",
        "the first dealer wins 0.00% from the start (0 to 3, the pone's three for last)",
        f"over 1 simulated deal; policy: {PONE}",
    ]
    assert max(len(line) for line in lines) <= 80


def test_the_chart_fits_80_columns_at_121() -> None:
    code, out, _ = invoke("odds", "--chart", "--pone")
    assert code == 0
    assert "before a deal he deals," in out
    assert "in bands of 5 points" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_png(tmp_path: Path) -> None:
    """The heat map is a PNG of the board (matplotlib is among the test tools)."""
    target = tmp_path / "board.png"
    assert invoke("odds", "--png", str(target)) == (0, "", "")
    data = target.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width > 300 and height > 300


def test_png_without_matplotlib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # an import of it now fails
    code, _, err = invoke("odds", "--png", str(tmp_path / "board.png"))
    assert (code, err) == (
        2,
        "Error: --png needs matplotlib, which is not installed: pip install matplotlib\n",
    )
    assert not (tmp_path / "board.png").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1", "2"], "odds needs --pone or --dealer"),
        (["1", "2", "--pone", "--dealer"], "--pone and --dealer exclude each other: give one"),
        (
            ["1", "--pone"],
            "missing HIM: give both scores, as 'cribcount odds 90 100 --dealer',"
            " or none for the start of a game",
        ),
        ([], "odds needs --pone or --dealer"),
        (
            ["1", "122", "--pone"],
            "his score '122' is not a score of a game to 121: expected 0 to 121",
        ),
        (
            ["121", "121", "--pone"],
            "scores 121 and 121: only one player can reach 121, the first there",
        ),
        (
            ["1", "2", "--pone", "--to", "181"],
            "six-card cribbage is not played to 181: it is played to 121",
        ),
        (
            ["1", "2", "--pone", "--game", "seven"],
            "no table of chances for seven-card cribbage to 121: odds-seven.json is not installed",
        ),
        (["--chart", "1", "2"], "--chart and --png draw the whole board: give no scores"),
        (["--chart", "--json"], "--json is for one position: not with --chart or --png"),
    ],
)
def test_errors(args: list[str], message: str) -> None:
    code, out, err = invoke("odds", *args)
    assert (code, out, err) == (2, "", f"Error: {message}\n")


def test_odds_starts_without_numpy_numba_or_tabulate(tables: Path) -> None:
    """odds prints no table: it imports only what its look-up and its lines need."""
    code = f"""
import sys
from pathlib import Path
from cribcount.cribbage import odds
from cribcount.cli import main
odds.TABLES = Path({str(tables)!r})
try:
    main(["odds", "119", "118", "--dealer"])
except SystemExit:
    pass
print("numpy" in sys.modules, "numba" in sys.modules, "tabulate" in sys.modules)
print(sorted(m for m in sys.modules if m.startswith("cribcount.cribbage.")))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[1:] == [
        "you win 68.75%; you lurch him 0.00%, he lurches you 0.00%",
        f"over 2 simulated deals; policy: {COIN}",
        "False False False",
        "['cribcount.cribbage.forms', 'cribcount.cribbage.game', 'cribcount.cribbage.odds']",
    ]


def test_tables_are_rebuilt_byte_for_byte(tmp_path: Path) -> None:
    """A rebuild simulates the deals and solves every score: twice the same files, which
    odds then reads; seven-card writes its games to 121 and to 181."""
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        args = ["tables", "odds", "rebuild", "--game", "seven", "--deals", "300"]
        code, out, err = invoke(*args, "--output", str(folder))
        assert (code, out) == (0, "")
        assert f"seven-card to 181: 300 deals; written to {folder / 'odds-seven-181.json'}" in err
    names = sorted(path.name for path in first.iterdir())
    assert names == ["odds-seven-181.json", "odds-seven.json"]
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes()
    table = odds.Table.load(str(first / "odds-seven.json"))
    assert (table.game, table.to, table.deals, table.seed) == ("seven", 121, 300, odds.SEED)


def test_a_rebuild_that_cannot_write_says_so(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    args = ["tables", "odds", "rebuild", "--game", "five", "--deals", "10"]
    code, _, err = invoke(*args, "--output", str(blocked / "inside"))
    assert code != 0
    assert err.splitlines()[-1].startswith("Error: ")
    assert "Traceback" not in err


def test_a_batch_of_positions() -> None:
    """--file: a position a line, the role given once; bad lines reported by number."""
    lines = "119 118\n\nab\n118 119\n130 0\n"
    code, out, err = invoke("odds", "--dealer", "--file", "-", stdin=lines)
    assert code == 1
    # you need two heads before he has three tails: 11/16; three before he has two: 5/16
    assert out == (
        "119 118: win 68.75%, lurch 0.00%, lurched 0.00%\n"
        "118 119: win 31.25%, lurch 0.00%, lurched 0.00%\n"
    )
    assert err == (
        "line 3: 'ab': expected ME HIM, two scores, as '90 100'\n"
        "line 5: my score '130' is not a score of a game to 121: expected 0 to 121\n"
    )
    code, out, _ = invoke("odds", "--pone", "--file", "-", "--json", stdin="119 118\n")
    assert code == 0
    assert json.loads(out)["scores"] == {"me": 119, "him": 118}
    assert (
        invoke("odds", "--file", "-", stdin="1 2\n")[2] == "Error: odds needs --pone or --dealer\n"
    )


@pytest.mark.parametrize(
    ("args", "scores", "three"),
    [
        # five-card: the first pone pegs three for last before the first deal
        (["--dealer", "--game", "five"], ("0", "3"), ", the three for last to him"),
        (["--pone", "--game", "five"], ("3", "0"), ", the three for last to you"),
        (["--dealer"], ("0", "0"), ""),
    ],
)
def test_no_scores_is_the_start_of_a_game(
    args: list[str], scores: tuple[str, str], three: str
) -> None:
    code, out, err = invoke("odds", *args)
    assert code == 0, err
    me, him = scores
    start = " ".join(out.splitlines()[0:2]).replace("   ", " ")
    assert f"the start of a game, you at {me}, he at {him}{three}, before the first deal" in start
    # the same chances as those scores given
    given = invoke("odds", me, him, *args)[1]
    assert out.splitlines()[2:] == given.splitlines()[1:]
    found = json.loads(invoke("odds", *args, "--json")[1])
    assert found["scores"] == {"me": int(me), "him": int(him)}
