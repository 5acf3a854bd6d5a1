"""`cribcount tables`: the expert lay-out tables read and rebuilt through the command line."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cribcount.cli import main
from cribcount.cribbage.expert import data_path, load_tables


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_json_has_every_rank_pair_once_with_shares_summing_to_one() -> None:
    code, out, _ = run("tables", "crib", "--json")
    assert code == 0
    data = json.loads(out)
    assert (data["game"], data["cycle"]) == ("six", load_tables("six").cycle)
    rows = data["tables"]
    assert len(rows) == 91  # 13 pairs of one rank and 78 of two
    pairs = {tuple(row["ranks"]) for row in rows}
    assert len(pairs) == 91
    assert ("J", "5") in pairs and ("5", "J") not in pairs  # the higher rank first
    for side in ("dealer_share", "pone_share"):
        assert sum(row[side] for row in rows) == pytest.approx(1.0, abs=1e-12)
    fives = next(row for row in rows if row["ranks"] == ["5", "5"])
    # 5-5 salts one's own crib more than any pair, and gives the dealer's crib the most
    assert fives["own"] == max(row["own"] for row in rows if row["own"] is not None)
    assert fives["opponent"] == max(row["opponent"] for row in rows if row["opponent"])
    assert fives["dealer_share"] > 50 * fives["pone_share"]


def test_grids_and_list_show_the_same_means() -> None:
    table = load_tables("five")
    code, out, _ = run("tables", "crib", "--game", "FIVE")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("five-card cribbage: expert lay-out tables over 2,598,960 deals")
    own = lines[lines.index("own crib (the dealer lays out)") + 4]  # the row of the ace
    assert own.split()[0] == "A"
    assert own.split()[1:] == [
        "-" if value is None else f"{value:.2f}"
        for value in (table.crib("dealer", 0, rank) for rank in range(13))
    ]
    code, out, _ = run("tables", "crib", "--game", "five", "--list")
    assert code == 0
    first = out.splitlines()[4].split()
    assert first[:2] == ["1", "5"]  # 5-5 leads the list for one's own crib
    assert first[3] == f"{table.crib('dealer', 4, 4):.2f}"


def test_rebuild_gives_the_shipped_tables_byte_for_byte(tmp_path: Path) -> None:
    code, out, err = run("tables", "rebuild", "--game", "five", "--output", str(tmp_path))
    assert (code, out) == (0, "")
    assert err.splitlines()[-1] == (
        f"five-card: {load_tables('five').rounds} rounds, cycle of {load_tables('five').cycle}; "
        f"written to {tmp_path / 'expert-five.json'}"
    )
    assert (tmp_path / "expert-five.json").read_bytes() == data_path("five").read_bytes()


def test_unknown_games_are_refused() -> None:
    code, _, err = run("tables", "crib", "--game", "nine")
    assert code == 2
    assert err.startswith("Error: Invalid value for '--game': 'nine' is not one of")


def test_one_card_forms_list_each_rank() -> None:
    table = load_tables("three")
    code, out, _ = run("tables", "crib", "--game", "three")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (
        f"three-handed cribbage: expert lay-out tables over 2,598,960 deals, "
        f"{table.rounds} rounds, the last moving no share"
    )
    assert len(lines) == 4 + 13
    first = lines[4].split()
    assert first[:2] == ["1", "5"]  # the five salts the dealer's crib most
    assert first[2] == f"{table.crib('dealer', 4, 4):.2f}"
    data = json.loads(run("tables", "crib", "--game", "four", "--json")[1])
    assert len(data["tables"]) == 13
    assert {len(row["ranks"]) for row in data["tables"]} == {1}
    for side in ("dealer_share", "pone_share"):
        assert sum(row[side] for row in data["tables"]) == pytest.approx(1.0, abs=1e-12)
