"""`cribcount tables`: the expert lay-out tables read and rebuilt through the command line."""

import json
from pathlib import Path

import pytest
from support import invoke

from cribcount.cribbage.expert import data_path, load_tables


def test_json_has_every_rank_pair_once_with_shares_summing_to_one() -> None:
    code, out, _ = invoke("tables", "crib", "--json")
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
    code, out, _ = invoke("tables", "crib", "--game", "FIVE")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "five-card cribbage: expert lay-out tables over 2,598,960 deals,"
    own = lines[lines.index("own crib (the dealer lays out)") + 4]  # the row of the ace
    assert own.split()[0] == "A"
    assert own.split()[1:] == [
        "-" if value is None else f"{value:.2f}"
        for value in (table.crib("dealer", 0, rank) for rank in range(13))
    ]
    code, out, _ = invoke("tables", "crib", "--game", "five", "--list")
    assert code == 0
    first = out.splitlines()[5].split()
    assert first[:2] == ["1", "5"]  # 5-5 leads the list for one's own crib
    assert first[3] == f"{table.crib('dealer', 4, 4):.2f}"


def test_rebuild_gives_the_shipped_tables_byte_for_byte(tmp_path: Path) -> None:
    code, out, err = invoke("tables", "rebuild", "--game", "five", "--output", str(tmp_path))
    assert (code, out) == (0, "")
    assert err.splitlines()[-1] == (
        f"five-card: {load_tables('five').rounds} rounds, cycle of {load_tables('five').cycle}; "
        f"written to {tmp_path / 'expert-five.json'}"
    )
    assert (tmp_path / "expert-five.json").read_bytes() == data_path("five").read_bytes()


def test_unknown_games_are_refused() -> None:
    code, _, err = invoke("tables", "crib", "--game", "nine")
    assert code == 2
    assert err.startswith("Error: Invalid value for '--game': 'nine' is not one of")


def test_one_card_forms_list_each_rank() -> None:
    table = load_tables("three")
    code, out, _ = invoke("tables", "crib", "--game", "three")
    assert code == 0
    lines = out.splitlines()
    assert lines[:2] == [
        "three-handed cribbage: expert lay-out tables over 2,598,960 deals,",
        f"{table.rounds} rounds, the last moving no share",
    ]
    assert len(lines) == 5 + 13
    first = lines[5].split()
    assert first[:2] == ["1", "5"]  # the five salts the dealer's crib most
    assert first[2] == f"{table.crib('dealer', 4, 4):.2f}"
    data = json.loads(invoke("tables", "crib", "--game", "four", "--json")[1])
    assert len(data["tables"]) == 13
    assert {len(row["ranks"]) for row in data["tables"]} == {1}
    for side in ("dealer_share", "pone_share"):
        assert sum(row[side] for row in data["tables"]) == pytest.approx(1.0, abs=1e-12)


def test_list_gives_the_shares_in_per_cent_and_json_the_raw_shares() -> None:
    """Six-card: the dealer lays out 5-5 in 0.79% of his deals, the pone in 0.01% (the
    shares of the shipped tables, 0.0079... and 0.0001...); JSON keeps the fractions."""
    table = load_tables("six")
    dealer, pone = (float(table.share(side, 4, 4)) for side in ("dealer", "pone"))
    lines = invoke("tables", "crib", "--list")[1].splitlines()
    assert lines[3].split()[-4:] == ["dealer", "share", "pone", "share"]
    first = lines[5].split()
    assert first[:2] == ["1", "5"]
    assert first[-2:] == [f"{100 * dealer:.2f}%", f"{100 * pone:.2f}%"] == ["0.79%", "0.01%"]
    fives = next(
        row
        for row in json.loads(invoke("tables", "crib", "--json")[1])["tables"]
        if row["ranks"] == ["5", "5"]
    )
    assert (fives["dealer_share"], fives["pone_share"]) == (dealer, pone)
    assert 0.0078 < dealer < 0.0080


@pytest.mark.parametrize("game", ["five", "six", "seven", "three", "four"])
@pytest.mark.parametrize("listed", [False, True])
def test_every_line_fits_80_columns(game: str, listed: bool) -> None:
    out = invoke("tables", "crib", "--game", game, *(("--list",) if listed else ()))[1]
    assert max(len(line) for line in out.splitlines()) <= 80


def test_help_offers_no_batch() -> None:
    """``tables crib`` reads no input, so its help speaks of no batch and no JSON Lines."""
    code, out, _ = invoke("tables", "crib", "--help")
    assert code == 0
    assert "batch" not in out and "Lines" not in out
    assert "--json" in out and "fractions of all deals" in out
