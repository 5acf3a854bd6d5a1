"""Piquet's forms and rule sets, each rule in the module named after it, and one name
for each constant."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import cribcount.piquet
from cribcount.errors import HandError
from cribcount.piquet import compare, forms, game, play, read_hand
from cribcount.piquet.declare import declare
from cribcount.piquet.forms import FORMS, ROLES, RUBICON_FORM, RULES, Form, form_of

ELDER = "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"
YOUNGER = "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9"

PIQUET_MODULES = [
    importlib.import_module(f"cribcount.piquet.{info.name}")
    for info in pkgutil.iter_modules(cribcount.piquet.__path__)
    # Impérial, the trump game, counts in its own terms
    if info.name != "imperial"
]


def test_the_forms_of_the_game() -> None:
    assert RULES == ("classic", "english", "rubicon")
    assert ROLES == ("elder", "younger")
    rows = [
        (form.name, form.key, form.hand_size, form.mark, form.repic_bonus, form.pic_bonus)
        for form in (FORMS[2], RUBICON_FORM, FORMS[3], FORMS[4])
    ]
    assert rows == [
        ("Piquet au cent", "au cent", 12, 30, 60, 30),
        ("Rubicon Piquet", "rubicon", 12, 30, 60, 30),
        ("Piquet Normand", "normand", 10, 20, 90, 60),
        ("Piquet Voleur", "voleur", 8, 20, 90, 60),
    ]
    assert FORMS[4].sides == (0, 1, 0, 1)
    assert FORMS[4].least_point == 30


@pytest.mark.parametrize(
    ("players", "rules", "key"),
    [
        (2, "classic", "au cent"),
        (2, "english", "au cent"),
        (2, "rubicon", "rubicon"),
        (3, "rubicon", "normand"),
        (4, "english", "voleur"),
    ],
)
def test_a_rules_name_and_the_players_make_one_form(players: int, rules: str, key: str) -> None:
    assert form_of(players, rules).key == key


def test_headings_name_the_rubicon_game_once() -> None:
    assert FORMS[2].heading("classic") == "Piquet au cent, classic rules"
    assert RUBICON_FORM.heading("rubicon") == "Rubicon Piquet"
    assert FORMS[3].heading("rubicon") == "Piquet Normand, rubicon rules"


def test_unknown_rules_and_players() -> None:
    with pytest.raises(HandError, match=r"^unknown rules 'imperial': expected one of classic"):
        form_of(2, "imperial")
    with pytest.raises(HandError, match=r"^5 hands: piquet is played by 2, 3 or 4 players$"):
        form_of(5)


def test_each_rule_in_the_module_named_after_it() -> None:
    # the trick points are the play's; the declarations keep the declarations
    declarations = importlib.import_module("cribcount.piquet.declare")
    for name in ("lead_points", "win_points", "last_trick_points", "CARDS_POINTS", "CAPOT_POINTS"):
        assert hasattr(play, name)
        assert not hasattr(declarations, name)
    # the forms are the forms module's, wherever else their names are read
    for module in PIQUET_MODULES:
        for name in ("FORMS", "ROLES", "Form", "form_of", "check_rules"):
            if hasattr(module, name):
                assert getattr(module, name) is getattr(forms, name), (module.__name__, name)


def test_one_name_one_meaning() -> None:
    # no piquet module calls two things GAME: the game's target is TARGET, 100 up
    assert not any(hasattr(module, "GAME") for module in PIQUET_MODULES)
    assert game.TARGET == 100
    # the rubiconed mark is a number, the rubicon game a form
    assert game.RUBICON == 100
    assert isinstance(RUBICON_FORM, Form)


def test_the_rubicon_game_is_named_one_way_in_every_result() -> None:
    elder, younger = read_hand(ELDER), read_hand(YOUNGER)
    compared = compare([elder, younger], "rubicon").to_json()
    dealt = play.score_play([elder, younger], (), "rubicon").to_json()
    hand = declare(elder, "rubicon").to_json()
    partie = game.settle_game(["20-10"], "rubicon").to_json()
    for data in (compared, dealt, hand, partie):
        assert (data["game"], data["title"]) == ("rubicon", "Rubicon Piquet")
    assert (compare([elder, younger]).to_json()["game"], hand["rules"]) == ("au cent", "rubicon")


def test_piquet_tests_use_the_public_api_and_the_shared_runner() -> None:
    import re
    from pathlib import Path

    tests = Path(__file__).resolve().parents[1]
    files = [*tests.glob("piquet/*.py"), *tests.glob("cli/test_piquet_*.py")]
    private = re.compile(r"\b(?:declare|exchange|forms|game|play|solve)\._[a-z]|import _[a-z]")
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not private.search(text), path.name
        assert "Cli" + "Runner" not in text, path.name
        assert "RULES" + ".md" not in text, path.name
