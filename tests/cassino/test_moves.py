"""The legal plays of Cassino positions, worked by hand from the books' own examples."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from cassino_deals import FORMS, random_deal

from cribcount.cards import parse_cards
from cribcount.cassino.forms import CassinoError, Form
from cribcount.cassino.moves import (
    Position,
    apply_move,
    card_moves,
    check_position,
    legal_moves,
)
from cribcount.cassino.notation import read_play, write_play
from cribcount.cassino.table import read_table


def position(
    table: str,
    hand: str,
    seat: int = 1,
    declared: dict[int, frozenset[int]] | None = None,
    **form: object,
) -> Position:
    shape = Form(**form)  # type: ignore[arg-type]
    return Position(shape, read_table(table, shape), tuple(parse_cards(hand)), seat, declared or {})


def plays(table: str, hand: str, seat: int = 1, **form: object) -> set[str]:
    return {write_play(move) for move in legal_moves(position(table, hand, seat, **form))}


def test_a_nine_takes_four_three_two_in_a_sweep() -> None:
    (take,) = [m for m in legal_moves(position("4S 3H 2D", "9C")) if m.kind == "take"]
    assert set(take.takes) == set(parse_cards("4S 3H 2D"))
    assert take.sweep and take.points == 1


def test_a_nine_takes_eight_and_ace_or_six_and_three_or_both() -> None:
    assert plays("8H AC 6D 3S", "9C") == {
        "9C takes AC 8H",
        "9C takes 3S 6D",
        "9C takes AC 3S 6D 8H",
        "9C trails",
    }


def test_two_nines_taken_together() -> None:
    assert "9C takes 2H 3S 6D 7C" in plays("3S 2H 6D 7C", "9C")


def test_a_ten_takes_a_ten_and_four_and_six_together() -> None:
    assert plays("4D 6S 10H", "10C") == {
        "10C takes 10H",
        "10C takes 4D 6S",
        "10C takes 4D 6S 10H",
        "10C trails",
    }


def test_a_two_on_a_seven_builds_nine_then_an_ace_makes_ten() -> None:
    first = position("7S", "9H 2H")
    build = read_play("2H builds nine on 7S", first)
    assert build.build is not None and build.build.value == 9 and not build.build.multiple
    table = apply_move(first.table, build)
    assert table.notation() == "[2H 7S]@1"
    second = Position(first.form, table, tuple(parse_cards("AD 10C")), 2)
    ten = read_play("AD builds ten on 2H 7S", second)
    assert ten.build is not None and ten.build.value == 10
    assert apply_move(table, ten).notation() == "[AD 2H 7S]@2"
    # holding a 7 or a 2 the build cannot be touched: it is a nine
    assert plays("[7S 2H]@1", "7D 2C", 2) == {"7D trails", "2C trails"}


def test_three_on_four_with_five_and_two_builds_two_sevens() -> None:
    found = plays("5S 2H 4D", "7C 3H")
    assert "3H builds two sevens on 2H 4D 5S" in found
    assert "3H builds seven on 4D" in found
    build = read_play("3H builds two sevens on 4D 5S 2H", position("5S 2H 4D", "7C 3H"))
    assert build.build is not None and build.build.multiple and len(build.build.groups) == 2


def test_two_nines_built_on_a_nine_cannot_be_increased() -> None:
    assert "9S builds two nines on 9D" in plays("9D", "9S 9H")
    # a multiple build is never increased: the ace only trails or takes
    assert plays("[9D|9S]@1", "AC 10H", 2) == {"AC trails", "10H trails"}
    with pytest.raises(CassinoError, match="a multiple build: its value 9 is fixed"):
        read_play("AC builds ten on 9D 9S", position("[9D|9S]@1", "AC 10H", 2))


def test_an_eight_sweeps_five_three_six_two() -> None:
    moves = legal_moves(position("5S 3H 6D 2C", "8C"))
    sweeps = [write_play(m) for m in moves if m.sweep]
    assert sweeps == ["8C takes 2C 3H 5S 6D"]


def test_a_nine_on_two_two_five_seven() -> None:
    assert plays("2S 2H 5D 7C", "9C") == {
        "9C takes 2S 2H 5D",
        "9C takes 2S 7C",
        "9C takes 2H 7C",
        "9C trails",
    }


def test_a_partner_builds_two_eights_for_the_other_partners_eight() -> None:
    # seat 4 has built an 8; his partner, seat 2, holds little Cassino and no 8
    found = plays("6H [5D 3C]@4", "2S KC", 2, players=4, partners=True)
    assert "2S builds two eights on 3C 5D 6H" in found
    # without partners he may not build for a value he does not hold
    assert "2S builds two eights on 3C 5D 6H" not in plays("6H [5D 3C]@4", "2S KC", 2, players=4)


def test_the_partner_who_declared_the_eight_answers_for_his_build() -> None:
    # seat 4 built the 8 and has declared eight: the build is his duty, and seat 2, who
    # holds the 8C, may trail, or even build his only eight into it
    table = "6H [5D 3C]@4"
    builds = {
        "2S builds two eights on 3C 5D 6H",
        "8C takes 3C 5D",
        "8C builds two eights on 3C 5D",
    }
    pos = position(table, "2S 8C", 2, {4: frozenset({8})}, players=4, partners=True)
    assert {write_play(m) for m in legal_moves(pos)} == builds | {"2S trails", "8C trails"}
    # not declared (he has played an eight since, or the build is of a round before):
    # seat 2 holds the side's eight as far as he can tell, and may not trail; he may
    # still build for the eight of seat 4's build
    assert plays(table, "2S 8C", 2, players=4, partners=True) == builds
    # on the other side, seat 1 may not build for seat 4's eight
    other_side = plays(table, "2S KC", 1, players=4, partners=True)
    assert "2S builds two eights on 3C 5D 6H" not in other_side


def test_a_partner_builds_for_a_declared_nine() -> None:
    declared = {4: frozenset({9})}
    pos = position("7H", "2S KC", 2, declared, players=4, partners=True)
    assert "2S builds nine on 7H" in {write_play(m) for m in legal_moves(pos)}


def test_a_controller_may_not_trail_nor_lose_his_card() -> None:
    # seat 1 controls a nine and holds 9D and 4C: the four may build or take, never trail
    assert plays("[5S 4H]@1 8C", "9D 4C") == {"9D takes 4H 5S", "4C builds twelve on 8C"} - {
        "4C builds twelve on 8C"
    }
    with pytest.raises(CassinoError, match="may not trail"):
        read_play("4C trails", position("[5S 4H]@1 8C", "9D 4C"))


def test_a_build_of_a_value_not_held_is_refused() -> None:
    with pytest.raises(CassinoError, match="holds no eight"):
        read_play("3H builds eight on 5S", position("5S", "3H 7C"))


def test_loose_cards_never_increase_a_build() -> None:
    # the five built from two aces and a three; a 2 and a 4 loose; holding 9 and 7
    # (seat 2 may build nine from his 7 and the loose 2, not from the build)
    assert plays("[AS AH 3D]@1 2C 4D", "9C 7S", 2) == {
        "9C trails",
        "7S trails",
        "7S builds nine on 2C",
    }
    with pytest.raises(CassinoError, match="never with loose cards"):
        read_play("2H builds nine on AS AH 3D 2C", position("[AS AH 3D]@1 2C 4D", "2H 9C", 2))


def test_royal_values() -> None:
    assert "JS takes 2C 9H" in plays("9H 2C 6D", "JS", game="royal")
    assert "KD takes 3S 4H 6D" in plays("6D 4H 3S", "KD", game="royal")
    assert "QC takes AH JD" in plays("JD AH", "QC", game="royal")
    assert "QC takes AH JD" not in plays("JD AH", "QC", game="royal", aces=14)
    assert "AC takes 5D 9H" in plays("9H 5D", "AC", game="royal", aces=14)


def test_a_classic_court_card_only_pairs() -> None:
    assert plays("KH KD QS 3C", "KC") == {
        "KC takes KH",
        "KC takes KD",
        "KC takes KH KD",
        "KC trails",
    }


def test_points_at_once() -> None:
    take = read_play("10D takes AS 2S 7C", position("AS 2S 7C 5H", "10D"))
    assert take.points == 2 + 1 + 1  # big Cassino, the ace, little Cassino
    spade = read_play("10D takes AS 2S 7C", position("AS 2S 7C 5H", "10D", game="spade"))
    assert spade.points == 4 + 2  # and the two spades
    jack = read_play("JS takes JD", position("JD", "JS", game="spade"))
    assert jack.points == 2 + 1  # the jack of spades, a spade, and the sweep


def test_a_controller_without_his_value_is_no_position() -> None:
    with pytest.raises(CassinoError, match="controls the build"):
        check_position(position("[5S 4H]@1", "8C"))


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.title)
def test_a_cards_plays_within_some_loose_cards_are_those_of_every_play(form: Form) -> None:
    rng = random.Random(f"within {form}")
    for _ in range(3):
        for seen in random_deal(form, rng).positions[::3]:
            every = legal_moves(seen)
            loose = list(seen.table.loose)
            within = set(rng.sample(loose, rng.randint(0, len(loose))))
            for card in dict.fromkeys(seen.hand):
                expected = [m for m in every if m.card == card and set(m.loose) <= within]
                assert card_moves(seen, card, within) == expected
                assert card_moves(seen, card) == [m for m in every if m.card == card]


def test_a_play_is_read_on_a_table_of_twenty_loose_cards() -> None:
    # every set of twenty cards would be a million to try for each card
    table = "AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H 4D 5S 5H 6S 6H 7S 7H 8S JD"
    seen = position(table, "9C 5D 4C 10C")
    take = read_play("9C takes 5S 4H", seen)
    assert (set(take.takes), take.sweep, take.points) == (set(parse_cards("5S 4H")), False, 0)
    build = read_play("AC builds ten on 5S 4H", position(table, "AC 10C"))
    assert build.build is not None and build.build.value == 10
    assert set(build.build.cards) == set(parse_cards("AC 5S 4H"))
    assert read_play("5D trails", seen).kind == "trail"
    with pytest.raises(CassinoError, match="make 8, which is no number of 9s"):
        read_play("9C takes 5S 3H", seen)


def test_a_take_that_adds_up_but_leaves_a_build_without_its_value_says_so() -> None:
    with pytest.raises(CassinoError) as caught:
        read_play("9S takes 9H", position("[5D 4C]@1 9H", "9S 2C"))
    assert str(caught.value) == (
        "play '9S takes 9H': seat 1 would be left controlling the build [4C 5D]@1 without a"
        " card of its value; he must take it, take something else or build again"
    )
    with pytest.raises(CassinoError, match="split into groups of 9: it does not add up"):
        read_play("9S takes 6H 6D 6C", position("[5D 4C]@1 6H 6D 6C", "9S 2C"))


def test_a_build_that_adds_up_but_leaves_a_build_without_its_value_says_so() -> None:
    seen = position("[5D 4C]@1 AH 3H", "9S 10C")
    with pytest.raises(CassinoError) as caught:
        read_play("9S builds ten on AH", seen)
    assert "it does not add up" not in str(caught.value)
    assert "left controlling the build [4C 5D]@1 without a card of its value" in str(caught.value)
    with pytest.raises(CassinoError, match="it does not add up; seat 1 would be left controlling"):
        read_play("9S builds ten on AH 3H", seen)


def test_with_partners_the_side_is_left_without_its_builds_value() -> None:
    seen = position("[5D 4C]@1 9H", "9S 2C", players=4, partners=True)
    with pytest.raises(CassinoError) as caught:
        read_play("9S takes 9H", seen)
    assert str(caught.value) == (
        "play '9S takes 9H': seat 1 would leave his side's build [4C 5D]@1 with no card of its"
        " value held by him or seat 3; he must take it, take something else or build again"
    )
    # with the partner's nine declared, the side keeps a nine and the take is his
    declared = {3: frozenset({9})}
    assert read_play("9S takes 9H", replace(seen, declared=declared)).takes == tuple(
        parse_cards("9H")
    )
