"""`cribcount piquet exchange` through the command line: exact text, JSON, batches, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import invoke

from cribcount.cards import PIQUET, parse_cards
from cribcount.piquet.exchange import analyse_exchange, reference_exchange

HAND = "AH KH QH JH AC KC QC AD KD QD 7D AS"
"""The elder's hand of the rules' first worked example."""
CARTE_BLANCHE = "AS AH AD AC 10S 10H 10D 10C 9S 9H 9D 9C"


@pytest.fixture(autouse=True, scope="module")
def _warm_kernels() -> None:
    """Compile (and cache) the kernels first, so no test sees the first-run notice."""
    analyse_exchange(HAND, "younger")


YOUNGER_TOP = """\
the younger's exchange, classic rules: AH KH QH JH AC KC QC AD KD QD 7D AS
298 exchanges over every draw from the 20 unseen cards; the best 3

  #  lay out    keep                             held    good    repic
---  ---------  -----------------------------  ------  ------  -------
  1  JH 7D      AH KH QH AC KC QC AD KD QD AS  35.537  22.358   21.05%
  2  KC KD 7D   AH KH QH JH AC QC AD QD AS     29.252  21.305   11.67%
  3  QC QD 7D   AH KH QH JH AC KC AD KD AS     29.161  21.297   11.40%

carte blanche: none in the dealt hand
"""


def test_the_younger_s_best_three() -> None:
    assert invoke("piquet", "exchange", HAND, "--younger", "--top", "3") == (0, YOUNGER_TOP, "")


@pytest.mark.parametrize(
    ("lay_out", "held", "good", "repic"),
    [
        ("JH 7D", "35.537", "22.358", "21.05%"),
        ("KC KD 7D", "29.252", "21.305", "11.67%"),
        ("QC QD 7D", "29.161", "21.297", "11.40%"),
    ],
)
def test_the_rows_shown_are_the_brute_forces(
    lay_out: str, held: str, good: str, repic: str
) -> None:
    hand = parse_cards(HAND, PIQUET)
    option = reference_exchange(hand, parse_cards(lay_out, PIQUET))
    assert f"{option.held:.3f}" == held
    assert f"{option.good:.3f}" == good
    assert f"{100 * option.repic_chance:.2f}%" == repic


def test_text_shows_ten_by_default_and_all_when_asked() -> None:
    status, out, _ = invoke("piquet", "exchange", HAND, "--younger")
    assert status == 0
    assert "the best 10\n" in out
    rows = out.split("\n\n")[1].splitlines()[2:]
    assert [row.split()[0] for row in rows] == [str(place) for place in range(1, 11)]
    status, out, _ = invoke(
        "piquet", "exchange", CARTE_BLANCHE, "--younger", "--rules", "rubicon", "--top", "300"
    )
    assert status == 0
    assert "298 exchanges over every draw from the 20 unseen cards; all shown\n" in out


def detail(place: int, tied: bool) -> str:
    return f"""\
the elder's exchange, classic rules: AH KH QH JH AC KC QC AD KD QD 7D AS
lay out 7D, keep AH KH QH JH AC KC QC AD KD QD AS: place {place}{" (tied)" if tied else ""} of 1,585
20 draws of 1 from the 20 unseen cards

category             chance good    points per draw
-----------------  -------------  -----------------
point                      0.00%              0.000
sequence                   0.00%              0.000
quatorze and trio        100.00%             21.100

held 35.950, good 21.100; repic 10.00%
carte blanche: none in the dealt hand

  good    draws    share
------  -------  -------  ----------------------------------------
    20       18   90.00%  ########################################
    31        2   10.00%  ####
"""


def place_of(lay_out: str, hand: str = HAND, role: str = "elder") -> tuple[int, bool]:
    analysis = analyse_exchange(hand, role)
    option = analysis.find(parse_cards(lay_out, PIQUET))
    return analysis.places()[analysis.options.index(option)]


def test_one_exchange_with_its_histogram() -> None:
    # The figures are worked out by hand in test_exchange: 20 good in 18 draws,
    # 31 with the fourth king or queen; as held 719 over 20 draws.
    assert invoke("piquet", "exchange", HAND, "--elder", "--lay-out", "7d") == (
        0,
        detail(*place_of("7D")),
        "",
    )


def test_carte_blanche_and_symbols() -> None:
    status, out, err = invoke(
        "piquet", "exchange", CARTE_BLANCHE, "--elder", "--lay-out", "9♣", "--symbols"
    )
    assert (status, err) == (0, "")
    lines = out.splitlines()
    place, tied = place_of("9C", CARTE_BLANCHE)
    assert tied
    assert lines[1] == (
        f"lay out 9♣, keep A♠ A♥ A♦ A♣ 10♠ 10♥ 10♦ 10♣ 9♠ 9♥ 9♦: place {place} (tied) of 1,585"
    )
    assert "held 32.650, good 28.000; repic 100.00%" in lines
    # folded to fit 80 columns
    first = lines.index("carte blanche: 10 with the dealt hand, before the exchange;")
    assert lines[first + 1] == "  counted first toward repic"


def test_json_of_one_exchange() -> None:
    status, out, err = invoke("piquet", "exchange", HAND, "--elder", "--lay-out", "7D", "--json")
    assert (status, err) == (0, "")
    place, tied = place_of("7D")
    assert json.loads(out) == {
        "game": "au cent",
        "title": "Piquet au cent",
        "rules": "classic",
        "role": "elder",
        "left": None,
        "hand": HAND.split(),
        "carte_blanche": 0,
        "unseen": 20,
        "exchanges": 1585,
        "options": [
            {
                "place": place,
                "tied": tied,
                "lay_out": ["7D"],
                "keep": ["AH", "KH", "QH", "JH", "AC", "KC", "QC", "AD", "KD", "QD", "AS"],
                "draws": 20,
                "held": 35.95,
                "good": 21.1,
                "repic_chance": 0.1,
                "held_total": 719,
                "good_total": 422,
                "repic_draws": 2,
                "categories": [
                    {"category": "point", "chance": 0.0, "points_per_draw": 0.0},
                    {"category": "sequence", "chance": 0.0, "points_per_draw": 0.0},
                    {"category": "sets", "chance": 1.0, "points_per_draw": 21.1},
                ],
                "good_counts": {"20": 18, "31": 2},
                "held_counts": {"34": 12, "35": 5, "45": 2, "46": 1},
            }
        ],
    }


def test_json_gives_every_exchange_unless_top() -> None:
    status, out, _ = invoke(
        "piquet", "exchange", CARTE_BLANCHE, "--younger", "--left", "1", "--json"
    )
    assert status == 0
    data = json.loads(out)
    assert (data["role"], data["left"], data["carte_blanche"]) == ("younger", 1, 10)
    assert data["exchanges"] == len(data["options"]) == 12 + 66 + 220 + 495
    assert "good_counts" not in data["options"][0]
    for option in data["options"]:
        assert option["held"] == option["held_total"] / option["draws"]
        assert option["good"] == option["good_total"] / option["draws"]
        assert option["repic_chance"] == option["repic_draws"] / option["draws"]
    status, out, _ = invoke("piquet", "exchange", HAND, "--younger", "--json", "--top", "2")
    assert [option["place"] for option in json.loads(out)["options"]] == [1, 2]


def test_batch_lines_and_a_bad_line() -> None:
    status, out, err = invoke(
        "piquet", "exchange", "--file", "-", "--younger", stdin=f"{HAND}\n# a comment\n\nAH KH\n"
    )
    assert status == 1
    assert out == (f"{HAND}: lay out JH 7D (good 22.358, held 35.537, repic 21.05%)\n")
    assert err == "line 4: hand 'AH KH' has 2 cards: expected 12\n"


def test_batch_json_lines(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(f"{HAND}\n{CARTE_BLANCHE}\n", encoding="utf-8")
    status, out, _ = invoke(
        "piquet", "exchange", "--file", str(path), "--younger", "--json", "--top", "1"
    )
    assert status == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["options"][0]["lay_out"] == ["JH", "7D"]
    assert second["hand"] == CARTE_BLANCHE.split()


def test_ties_for_best_are_all_named_in_a_batch_line() -> None:
    analysis = analyse_exchange(CARTE_BLANCHE, "younger")
    best = analysis.top(1)
    status, out, _ = invoke(
        "piquet", "exchange", "--file", "-", "--younger", stdin=CARTE_BLANCHE + "\n"
    )
    assert status == 0
    named = out.split(": lay out ")[1].split(" (good")[0].split(" or ")
    assert named == [" ".join(str(card) for card in option.lay_out) for option in best]
    assert len(named) > 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((HAND,), "the exchange needs --elder or --younger"),
        ((HAND, "--elder", "--younger"), "--elder and --younger exclude each other: give one"),
        ((HAND, "--younger", "--elder"), "--elder and --younger exclude each other: give one"),
        (
            (HAND, "--dealer"),
            "No such option: --dealer: the dealer is the younger hand: give --younger for his "
            "exchange",
        ),
        ((HAND, "--elder", "--left", "1"), "--left is the younger's"),
        (
            (HAND, "--younger", "--left", "5"),
            "5 cards left by the elder: he leaves 0 to 4 of his 5",
        ),
        ((HAND, "--younger", "--left", "-1"), "-1 cards left by the elder"),
        (("AH KH QH JH", "--elder"), "hand 'AH KH QH JH' has 4 cards: expected 12"),
        (("AH KH QH JH AC KC QC AD KD QD 7D 6S", "--elder"), "6S"),
        (("AH KH QH JH AC KC QC AD KD QD 7D AH", "--elder"), "duplicate card 'AH'"),
        (
            (HAND, "--elder", "--lay-out", "AH KH QH JH AC KC"),
            "lay-out 'AH KH QH JH AC KC' has 6 cards: the elder lays out 1 to 5",
        ),
        (
            (HAND, "--younger", "--lay-out", "AH KH QH JH"),
            "lay-out 'AH KH QH JH' has 4 cards: the younger lays out 1 to 3",
        ),
        (
            (HAND, "--younger", "--left", "1", "--lay-out", "AH KH QH JH AC"),
            "has 5 cards: the younger lays out 1 to 3 and the 1 the elder left",
        ),
        (
            (HAND, "--elder", "--lay-out", "9S"),
            "card '9S' of the lay-out '9S' is not in the hand",
        ),
        ((HAND, "--elder", "--lay-out", " "), "no lay-out: the elder lays out 1 to 5"),
        (
            (HAND, "--younger", "--lay-out", ""),
            "no lay-out: the younger lays out 1 to 3 under classic rules (english rules let "
            "him stand pat)",
        ),
        ((HAND, "--elder", "--lay-out", "5S"), "5S"),
        ((HAND, "--elder", "--lay-out", "7D", "--top", "2"), "cannot be used with --top"),
        ((HAND, "--elder", "--top", "0"), "--top"),
        ((HAND, "--elder", "--rules", "imperial"), "--rules"),
        ((HAND, "--elder", "--file", "-"), "give HAND or --file PATH, not both"),
        (("--elder",), "missing HAND"),
        (("--elder", "--file", "-", "--lay-out", "7D"), "--lay-out is for a single input"),
        (("--elder", "--file", "-", "--top", "3"), "--top with --file needs --json"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    status, out, err = invoke("piquet", "exchange", *args)
    assert (status, out) == (2, "")
    assert err.startswith("Error: ") and err.endswith("\n") and err.count("\n") == 1
    assert message in err
    assert "Did you mean" not in err


STANDS_PAT = "AH KH QH JH 10H 9H AC KC QC AD AS KS"


def test_the_younger_stands_pat_under_english_rules() -> None:
    # held 42 (point 6, sixième 16, tierce 3, quatorze 14, trio 3); good only the sets, 17
    analysis = analyse_exchange(STANDS_PAT, "younger", "english")
    place, tied = analysis.places()[analysis.options.index(analysis.find(()))]
    assert not tied
    expected = f"""\
the younger's exchange, english rules: {STANDS_PAT}
lay out nothing (standing pat), keep {STANDS_PAT}
place {place} of 299
1 draw: he takes none of the 20 unseen cards

category             chance good    points per draw
-----------------  -------------  -----------------
point                      0.00%              0.000
sequence                   0.00%              0.000
quatorze and trio        100.00%             17.000

held 42.000, good 17.000; repic 0.00%
carte blanche: none in the dealt hand

  good    draws    share
------  -------  -------  ----------------------------------------
    17        1  100.00%  ########################################
"""
    args = ("piquet", "exchange", STANDS_PAT, "--younger", "--rules", "english")
    assert invoke(*args, "--lay-out", "") == (0, expected, "")
    status, out, _ = invoke(*args, "--top", "300")
    assert status == 0
    assert "299 exchanges over every draw" in out
    assert f"nothing    {STANDS_PAT}" in out
