"""`cribcount discard` through the command line: exact text, JSON, batches, errors, compiling.

The figures pinned here were checked against a plain enumeration from the
rules (tests/test_discard.py enumerates every lay-out of the seed hand; the
four-handed and five-card figures were enumerated the same way) and, for the
histogram, counted by hand.
"""

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from support import invoke

from cribcount.cards import parse_cards

SEED = "6C 7S 8S 8H 9S TC"
COMPILING = "compiling kernels, first run only\n"

PONE_TABLE = """\
six-card cribbage, dealt 6C 7S 8S 8H 9S 10C, for the non-dealer
the crib against random lay-outs

  #  lay out    keep            hand    crib     net    min    max
---  ---------  ------------  ------  ------  ------  -----  -----
  1  6C 10C     7S 8S 8H 9S   14.087   3.840  10.247     12     24
  2  9S 10C     6C 7S 8S 8H   14.652   4.649  10.004     12     24
 3=  8S 10C     6C 7S 8H 9S   10.413   4.041   6.372      8     16
 3=  8H 10C     6C 7S 8S 9S   10.413   4.041   6.372      8     16
  5  6C 7S      8S 8H 9S 10C  10.217   5.123   5.094      8     16
 6=  6C 8S      7S 8H 9S 10C   8.109   4.551   3.558      6     14
 6=  6C 8H      7S 8S 9S 10C   8.109   4.551   3.558      6     14
  8  7S 10C     6C 8S 8H 9S    6.217   3.528   2.689      4     16
  9  8H 9S      6C 7S 8S 10C   7.087   4.409   2.678      5     12
 10  8S 9S      6C 7S 8H 10C   7.087   4.448   2.639      5     12
 11  6C 9S      7S 8S 8H 10C   7.870   5.587   2.282      6     14
 12  7S 8H      6C 8S 9S 10C   6.957   6.338   0.619      5     12
 13  7S 8S      6C 8H 9S 10C   6.957   6.377   0.579      5     12
 14  7S 9S      6C 8S 8H 10C   4.130   3.756   0.375      2     12
 15  8S 8H      6C 7S 9S 10C   3.957   5.338  -1.381      2      9

best for the non-dealer: lay out 6C 10C (net 10.247)
"""

# the first rows of PONE_TABLE, the tie for third whole
TOP_THREE = """\
six-card cribbage, dealt 6C 7S 8S 8H 9S 10C, for the non-dealer
the crib against random lay-outs

  #  lay out    keep           hand    crib     net    min    max
---  ---------  -----------  ------  ------  ------  -----  -----
  1  6C 10C     7S 8S 8H 9S  14.087   3.840  10.247     12     24
  2  9S 10C     6C 7S 8S 8H  14.652   4.649  10.004     12     24
 3=  8S 10C     6C 7S 8H 9S  10.413   4.041   6.372      8     16
 3=  8H 10C     6C 7S 8S 9S  10.413   4.041   6.372      8     16

best for the non-dealer: lay out 6C 10C (net 10.247)
"""

BOTH_TABLE = """\
six-card cribbage, dealt 6C 7S 8S 8H 9S 10C, ordered by expected hand
the crib against random lay-outs; the expected hand is the mean of both nets

                                                  net     net
  #  lay out    keep           hand    crib    dealer    pone    min    max
---  ---------  -----------  ------  ------  --------  ------  -----  -----
  1  9S 10C     6C 7S 8S 8H  14.652   4.649    19.301  10.004     12     24
  2  6C 10C     7S 8S 8H 9S  14.087   3.840    17.927  10.247     12     24

best for the dealer: lay out 9S 10C (net 19.301)
best for the non-dealer: lay out 6C 10C (net 10.247)
"""

# keep 5S 5H 5C: a ten-card starter (16) makes 14, the last five 20, any other card (30) 8
DETAIL = """\
five-card cribbage, dealt 2D 5S 5H 5C 9C, for the non-dealer
the crib against random lay-outs

  #  lay out    keep        hand    crib    net    min    max
---  ---------  --------  ------  ------  -----  -----  -----
  1  2D 9C      5S 5H 5C  10.298   4.090  6.207      8     20

best for the non-dealer: lay out 2D 9C (net 6.207)

hand 5S 5H 5C after laying out 2D 9C, over 47 starters:
 8 ############################## 30
14 ################ 16
20 # 1
"""

FOUR_HANDED = """\
four-handed cribbage, dealt 5H 5D 10C JS KS, for the dealer's side
the crib against random lay-outs

  #  lay out    keep            hand    crib     net    min    max
---  ---------  ------------  ------  ------  ------  -----  -----
  1  10C        5H 5D JS KS   12.277   4.058  16.335     10     21
  2  KS         5H 5D 10C JS  12.532   3.657  16.189     10     21
  3  JS         5H 5D 10C KS  11.787   4.248  16.035     10     20

best for the dealer's side: lay out 10C (net 16.335)
"""


@pytest.fixture(autouse=True, scope="module")
def _warm_kernels() -> None:
    """Compile (and cache) the kernels first, so no test sees the first-run notice."""
    from cribcount.cards import parse_cards
    from cribcount.cribbage.discard import analyse_discard, analyses_json, best_lay_outs_many

    for opponent in ("random", "expert"):
        analyse_discard(SEED, opponent=opponent)
        best_lay_outs_many([parse_cards(SEED)], opponent=opponent)
        list(analyses_json([parse_cards(SEED)], opponent=opponent))


def reports(err: str) -> str:
    """A batch's reports on stderr, without the note of a first run that compiles."""
    return err.removeprefix(COMPILING)


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``cribcount ARGS``; ``discard`` against random lay-outs, whose figures this file
    pins, unless the arguments name the opponent."""
    if args[0] == "discard" and "--opponent" not in args:
        args = (*args, "--opponent", "random")
    return invoke(*args, stdin=stdin)


def test_non_dealer_table_puts_ten_six_first() -> None:
    assert run("discard", SEED, "--pone") == (0, PONE_TABLE, "")


def test_without_a_role_both_nets_and_both_bests() -> None:
    assert run("discard", SEED, "--top", "2") == (0, BOTH_TABLE, "")


def test_dealer_keeps_six_seven_eight_eight() -> None:
    code, out, _ = run("discard", SEED, "--dealer", "--top", "1")
    assert code == 0
    assert "  1  9S 10C     6C 7S 8S 8H  14.652   4.649  19.301     12     24\n" in out
    assert out.endswith("best for the dealer: lay out 9S 10C (net 19.301)\n")


def test_one_lay_out_with_its_histogram() -> None:
    assert run("discard", "5H 5S 5C 2D 9C", "--game", "five", "--pone", "--lay-out", "2D 9C") == (
        0,
        DETAIL,
        "",
    )


def test_detail_draws_the_best_lay_out() -> None:
    code, out, _ = run("discard", "5H 5S 5C 2D 9C", "--game", "five", "--pone", "--detail")
    assert code == 0
    assert out.endswith(
        "over 47 starters:\n 8 " + "#" * 30 + " 30\n14 " + "#" * 16 + " 16\n20 # 1\n"
    )


def test_four_handed_names_the_dealers_side() -> None:
    assert run("discard", "JS 5H 5D 10C KS", "--game", "four", "--dealer", "--top", "3") == (
        0,
        FOUR_HANDED,
        "",
    )


def test_symbols() -> None:
    code, out, _ = run(
        "discard", "AH 3H 7H 9H KH", "--game", "five", "--pone", "--symbols", "--top", "2"
    )
    assert code == 0
    assert out.startswith(
        "five-card cribbage, dealt A♥ 3♥ 7♥ 9♥ K♥, for the non-dealer\n"
        "the crib against random lay-outs\n"
    )
    assert "  1  9♥ K♥      A♥ 3♥ 7♥   4.447   3.638  0.809      3      7\n" in out


def test_json_with_a_role() -> None:
    code, out, _ = run("discard", SEED, "--pone", "--json", "--top", "2")
    assert code == 0
    data = json.loads(out)
    assert data["hand"] == ["6C", "7S", "8S", "8H", "9S", "10C"]
    assert (data["game"], data["role"], data["starters"], data["fillings"]) == (
        "six",
        "pone",
        46,
        45540,
    )
    first, second = data["options"]
    assert first["lay_out"] == ["6C", "10C"]
    assert first["keep"] == ["7S", "8S", "8H", "9S"]
    assert first["hand_total"] == 648  # 46 starters, 14.087 each on average
    assert first["expected_hand"] == pytest.approx(648 / 46, abs=1e-12)
    crib = first["expected_crib"]
    assert crib["dealer"] == crib["pone"]  # random lay-outs: the same crib for both roles
    assert first["net"]["pone"] == pytest.approx(first["expected_hand"] - crib["pone"])
    assert first["net"]["dealer"] == pytest.approx(first["expected_hand"] + crib["dealer"])
    assert second["lay_out"] == ["9S", "10C"]
    assert first["place"] == 1 and first["tied"] is False
    assert data["best"] == {"dealer": [["9S", "10C"]], "pone": [["6C", "10C"]]}


def test_json_without_a_role_gives_both_nets() -> None:
    code, out, _ = run("discard", SEED, "--json", "--top", "1")
    assert code == 0
    option = json.loads(out)["options"][0]
    assert option["lay_out"] == ["9S", "10C"]
    assert set(option["net"]) == {"dealer", "pone"}
    assert option["net"]["dealer"] == pytest.approx(
        option["expected_hand"] + option["expected_crib"]["dealer"]
    )


def test_json_detail_counts_starters() -> None:
    args = ("discard", "5H 5S 5C 2D 9C", "--game", "five", "--lay-out", "2D 9C", "--json")
    code, out, _ = run(*args)
    assert code == 0
    # 484 = 16 * 14 + 20 + 30 * 8 over 47 starters; the crib's 198,981 over
    # C(47, 2) * 45 = 48,645 cases was enumerated by the plain reference
    hand, crib = Fraction(484, 47), Fraction(198981, 48645)
    assert json.loads(out) == {
        "game": "five",
        "hand": ["2D", "5S", "5H", "5C", "9C"],
        "role": None,
        "opponent": "random",
        "starters": 47,
        "fillings": 48645,
        "options": [
            {
                "place": 1,
                "tied": False,
                "lay_out": ["2D", "9C"],
                "keep": ["5S", "5H", "5C"],
                "expected_hand": pytest.approx(float(hand), abs=1e-12),
                "expected_crib": {
                    "dealer": pytest.approx(float(crib), abs=1e-12),
                    "pone": pytest.approx(float(crib), abs=1e-12),
                },
                "net": {
                    "dealer": pytest.approx(float(hand + crib), abs=1e-12),
                    "pone": pytest.approx(float(hand - crib), abs=1e-12),
                },
                "hand_min": 8,
                "hand_max": 20,
                "hand_total": 484,
                "crib_total": 198981,
                "hand_counts": {"8": 30, "14": 16, "20": 1},
            }
        ],
        "best": {"dealer": [["2D", "9C"]], "pone": [["2D", "9C"]]},
    }


def test_batch_reports_bad_lines_and_analyses_the_rest() -> None:
    lines = f"{SEED}\nfoo\n5H 5S 5C JD KD\n\n# a comment\n6C 7S 8S 8H 9S 10C\n"
    code, out, err = run("discard", "--file", "-", "--pone", stdin=lines)
    assert code == 1
    advice = "6C 7S 8S 8H 9S 10C: non-dealer lays out 6C 10C (net 10.247)\n"
    assert out == advice * 2
    assert reports(err) == (
        "line 2: invalid card 'foo' in 'foo': suit must be S, H, D or C (or ♠ ♥ ♦ ♣)\n"
        "line 3: 5 cards in '5H 5S 5C JD KD': six-card cribbage deals 6; five-card, "
        "three-handed and four-handed cribbage deal 5 (--game five, three or four)\n"
    )


def test_batch_both_roles_and_ties() -> None:
    code, out, _ = run("discard", "--file", "-", stdin="JH JC 6D KH 5H KC\n")
    assert code == 0
    # the dealer scores his nobs the same whichever jack he keeps, hand or crib;
    # the kings are alike for the non-dealer
    assert out == (
        "5H 6D JH JC KH KC: dealer lays out 6D JH or 6D JC (net 14.009); "
        "non-dealer lays out 6D KH or 6D KC (net 6.818)\n"
    )


def test_batch_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(f"{SEED}\nAS 2S 3S 4S 5S 6S\n")
    code, out, _ = run("discard", "--file", str(path), "--dealer", "--json", "--top", "1")
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["options"][0]["lay_out"] == ["9S", "10C"]
    assert second["hand"] == ["AS", "2S", "3S", "4S", "5S", "6S"]
    assert len(second["options"]) == 1


@pytest.mark.parametrize("opponent", ["random", "expert"])
def test_a_json_batch_gives_each_hands_json_and_reports_bad_lines(opponent: str) -> None:
    """A batch in JSON, worked out many hands at a time, writes for each line what the
    command writes for that hand alone; a bad line is reported and the others go on."""
    hands = [SEED, "JH JC 6D KH 5H KC", "5H 5S 5C 5D JD 2C", "AS 2S 3S 4S 5S 6S"]
    lines = [hands[0], hands[1], "5H 5H 5C 5D JD 2C", hands[2], hands[3]]
    for role in ([], ["--dealer"], ["--pone"]):
        options = ["--opponent", opponent, *role, "--top", "2"]
        code, out, err = run("discard", "--file", "-", "--json", *options, stdin="\n".join(lines))
        assert code == 1
        assert reports(err).startswith("line 3: duplicate card")
        alone = [run("discard", hand, "--json", *options)[1] for hand in hands]
        assert out == "".join(alone)


def test_top_keeps_tied_places_whole(tmp_path: Path) -> None:
    """The seed hand for the non-dealer: 8S 10C and 8H 10C tie for third (the two eights
    are alike but for their suits, and no other card of theirs makes a flush)."""
    code, out, _ = run("discard", SEED, "--pone", "--top", "3")
    assert code == 0
    assert out == TOP_THREE
    data = json.loads(run("discard", SEED, "--pone", "--top", "3", "--json")[1])
    assert [(option["place"], option["tied"]) for option in data["options"]] == [
        (1, False),
        (2, False),
        (3, True),
        (3, True),
    ]
    path = tmp_path / "deals.txt"
    path.write_text(f"{SEED}\n")
    line = run("discard", "--file", str(path), "--pone", "--top", "3", "--json")[1]
    assert json.loads(line)["options"] == data["options"]


def test_cards_as_several_arguments() -> None:
    assert run("discard", *SEED.split(), "--pone") == run("discard", SEED, "--pone")


def test_a_long_batch_keeps_the_order_of_lines_and_reports() -> None:
    """Batches are advised many hands at a time; the lines still come out in order."""
    lines = [SEED] * 2500
    lines[1499] = "6C 7S 8S 8H 9S"
    lines[2000] = "AS 2S 3S 4S 5S 6S"
    code, out, err = run("discard", "--file", "-", "--pone", stdin="\n".join(lines) + "\n")
    assert code == 1
    assert reports(err) == (
        "line 1500: 5 cards in '6C 7S 8S 8H 9S': six-card cribbage deals 6; five-card, "
        "three-handed and four-handed cribbage deal 5 (--game five, three or four)\n"
    )
    advice = out.splitlines()
    assert len(advice) == 2499
    assert advice[0] == "6C 7S 8S 8H 9S 10C: non-dealer lays out 6C 10C (net 10.247)"
    assert advice[1999].startswith("AS 2S 3S 4S 5S 6S: non-dealer lays out ")
    assert set(advice[:1999] + advice[2000:]) == {advice[0]}
    both = run("discard", "--file", "-", stdin=SEED + "\n")[1]
    assert both == (
        "6C 7S 8S 8H 9S 10C: dealer lays out 9S 10C (net 19.301); "
        "non-dealer lays out 6C 10C (net 10.247)\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            (f"{SEED} / 5H",),
            f"a starter in '{SEED} / 5H': the lay-out comes before the cut, "
            "give the dealt cards only",
        ),
        (("6C 7S 8S 8H 9S",), "5 cards in '6C 7S 8S 8H 9S': six-card cribbage deals 6"),
        ((SEED, "--game", "seven"), "6 cards in '6C 7S 8S 8H 9S 10C': seven-card cribbage deals 7"),
        ((SEED, "--dealer", "--pone"), "--pone and --dealer exclude each other: give one\n"),
        ((SEED, "--pone", "--dealer", "--json"), "--pone and --dealer exclude each other"),
        (
            ("5H 5S 5C 2D 9C",),
            "5 cards in '5H 5S 5C 2D 9C': six-card cribbage deals 6; five-card, three-handed "
            "and four-handed cribbage deal 5 (--game five, three or four)\n",
        ),
        (
            ("5H 5S 5C 2D 9C 8C 7C",),
            "7 cards in '5H 5S 5C 2D 9C 8C 7C': six-card cribbage deals 6; seven-card "
            "cribbage deals 7 (--game seven)\n",
        ),
        (("5H 5S 5C 2D",), "4 cards in '5H 5S 5C 2D': six-card cribbage deals 6\n"),
        ((), "missing HAND: give it as an argument, or --file PATH for a file of them"),
        ((SEED, "--file", "-"), "give HAND or --file PATH, not both"),
        (
            ("--file", "-", "--detail"),
            "--detail is for a single input; it cannot be used with --file",
        ),
        ((SEED, "--lay-out", "KD"), "no lay-out 'KD' of '6C 7S 8S 8H 9S 10C'"),
        ((SEED, "--lay-out", "XX"), "invalid card 'XX'"),
        (("6C 7S 8S 8H 9S 6C",), "duplicate card '6C'"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    code, out, err = run("discard", *args, stdin="")
    assert code == 2
    assert out == ""
    assert err.startswith(f"Error: {message}")
    assert err.count("\n") == 1


def cribcount(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cribcount", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **env},
        cwd=Path(__file__).parents[2],
        check=False,
    )


def test_first_run_says_it_compiles_and_later_runs_do_not(tmp_path: Path) -> None:
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    first = cribcount("discard", SEED, "--pone", "--top", "1", env=env)
    assert (first.returncode, first.stderr) == (0, COMPILING)
    again = cribcount("discard", SEED, "--pone", "--top", "1", env=env)
    assert (again.returncode, again.stderr, again.stdout) == (0, "", first.stdout)
    assert "  1  6C 10C     7S 8S 8H 9S  14.087" in again.stdout


def test_works_without_a_writable_cache_directory(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    env = {
        "NUMBA_CACHE_DIR": str(blocked / "cache"),  # under a file: never creatable
        "NUMBA_CACHE_LOCATOR_CLASSES": "UserProvidedCacheLocator",
    }
    result = cribcount("discard", SEED, "--pone", "--top", "1", "--opponent", "random", env=env)
    assert result.returncode == 0
    assert result.stderr == "compiling kernels (no writable cache directory, so on every run)\n"
    assert "best for the non-dealer: lay out 6C 10C (net 10.247)" in result.stdout


# -- against the expert opponent ---------------------------------------------------


def test_the_expert_opponent_is_the_default() -> None:
    """The seed's lay-outs hold against experts too: 6-10 for the non-dealer, 9-10 for the
    dealer, as the book argues; the crib differs by role, as one side salts and the other balks."""
    code, out, err = run("discard", SEED, "--top", "2", "--opponent", "expert")
    assert (code, err) == (0, "")
    assert out == run("discard", SEED, "--top", "2", "--opponent", "EXPERT")[1]
    assert invoke("discard", SEED, "--top", "2")[1] == out
    lines = out.splitlines()
    assert lines[1] == "the crib against expert lay-outs"
    assert lines[3].split() == ["crib", "crib", "net", "net"]
    assert lines[4].split() == [
        "#", "lay", "out", "keep", "hand", "dealer", "pone", "dealer", "pone", "min", "max",
    ]  # fmt: skip
    assert lines[-2].startswith("best for the dealer: lay out 9S 10C (net ")
    assert lines[-1].startswith("best for the non-dealer: lay out 6C 10C (net ")


def test_expert_json_names_the_model_and_keys_the_crib_by_role() -> None:
    from cribcount.cribbage.discard import analyse_discard

    data = json.loads(run("discard", SEED, "--json", "--opponent", "expert")[1])
    assert data["opponent"] == "expert"
    assert "fillings" not in data
    expected = {
        tuple(str(card) for card in option.discard): option
        for option in analyse_discard(SEED, opponent="expert").options
    }
    for option in data["options"]:
        crib = option["expected_crib"]
        assert crib["dealer"] < crib["pone"]  # the pone balks, the dealer salts
        found = expected[tuple(option["lay_out"])]
        assert crib == {"dealer": found.crib(True), "pone": found.crib(False)}
        assert option["net"]["dealer"] == pytest.approx(option["expected_hand"] + crib["dealer"])
        assert "crib_total" not in option


def test_expert_batches_agree_with_single_hands() -> None:
    hands = [SEED, "5H 5S 5C JD KC QC", "AS 2S 3D 4C 9H 9S"]
    code, out, _ = run("discard", "--file", "-", "--opponent", "expert", stdin="\n".join(hands))
    assert code == 0
    for hand, line in zip(hands, out.splitlines(), strict=True):
        text = run("discard", hand, "--opponent", "expert")[1].splitlines()
        dealer = text[-2].removeprefix("best for the dealer: lay out ")
        pone = text[-1].removeprefix("best for the non-dealer: lay out ")
        assert line.endswith(f": dealer lays out {dealer}; non-dealer lays out {pone}")


@pytest.mark.parametrize("game", ["three", "four"])
def test_one_card_laid_out_against_experts(game: str) -> None:
    from cribcount.cribbage.discard import analyse_discard

    code, out, err = invoke("discard", "JS 5H 5D 10C KS", "--game", game, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["opponent"] == "expert"
    expected = analyse_discard("JS 5H 5D 10C KS", game, opponent="expert")
    for option in data["options"]:
        found = expected.find(parse_cards(" ".join(option["lay_out"])))
        assert option["expected_crib"] == {"dealer": found.crib(True), "pone": found.crib(False)}


@pytest.mark.parametrize("opponent", ["expert", "random"])
@pytest.mark.parametrize(
    ("hand", "game"),
    [
        (SEED, "six"),
        ("10C 10D 10H 10S 9C JC QC", "seven"),
        ("10C 10D 10H 9S 9C JC QC", "seven"),
        ("JS 5H 5D 10C KS", "four"),
        ("JS 5H 5D 10C KS", "three"),
        ("JS 5H 5D 10C KS", "five"),
    ],
)
@pytest.mark.parametrize("role", [(), ("--pone",), ("--dealer",)])
def test_every_line_fits_80_columns(
    hand: str, game: str, opponent: str, role: tuple[str, ...]
) -> None:
    """Without a role the table holds both cribs and both nets, and still fits a terminal
    of 80 columns, four tens kept included."""
    code, out, _ = invoke("discard", hand, "--game", game, "--opponent", opponent, *role)
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 80


def test_json_is_the_analysis_own() -> None:
    """The command line only dumps what the library writes."""
    from cribcount.cribbage.discard import analyse_discard

    result = analyse_discard(SEED, dealer=True, opponent="random")
    code, out, _ = run("discard", SEED, "--dealer", "--top", "2", "--json")
    assert code == 0
    assert json.loads(out) == result.to_json(result.top(2))
