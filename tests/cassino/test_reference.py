"""The plain reference of Cassino's legal plays, against the books' own examples and
positions worked by hand: every expected set of plays is written out in full."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from cassino_reference import Canon, Item, reference_apply, reference_moves


def take(card: str, *cards: str, sweep: bool = False, points: int = 0) -> Canon:
    """``card`` taking ``cards`` from the table."""
    return (card, "take", frozenset(cards), None, sweep, points)


def build(card: str, value: int, *cards: str) -> Canon:
    """``card`` built with the table's ``cards`` into a build of ``value``."""
    return (card, "build", frozenset(), (value, frozenset({card, *cards})), False, 0)


def trail(card: str) -> Canon:
    return (card, "trail", frozenset(), None, False, 0)


def partnered(
    table: list[Item], hand: list[str], seat: int, declared: dict[int, set[int]] | None = None
) -> set[Canon]:
    """The plays of ``seat`` in the four-handed game of two partnerships."""
    return reference_moves(table, hand, seat=seat, players=4, partners=True, declared=declared)


def pile(*groups: list[str], value: int, controller: int | None) -> Item:
    """A build on the table."""
    return {"groups": list(groups), "value": value, "controller": controller}


def shape(table: list[Item]) -> tuple[frozenset[str], frozenset[Any]]:
    """A table with no order: its loose cards, and its builds as value, controller and
    groups."""
    loose = frozenset(item for item in table if isinstance(item, str))
    builds = frozenset(
        (item["value"], item["controller"], frozenset(frozenset(g) for g in item["groups"]))
        for item in table
        if isinstance(item, dict)
    )
    return loose, builds


# Combining: a card takes loose cards adding up to its value, one group or several.


def test_a_nine_takes_four_three_two() -> None:
    assert reference_moves(["4C", "3H", "2H"], ["9D"]) == {
        take("9D", "4C", "3H", "2H", sweep=True, points=1),
        trail("9D"),
    }


def test_a_nine_built_on_four_three_two_as_two_nines_needs_the_other_nine() -> None:
    # the 4 3 2 make a nine, a loose group the 9 played alone gathers
    assert reference_moves(["4C", "3H", "2H"], ["9D", "9C"]) == {
        take("9D", "4C", "3H", "2H", sweep=True, points=1),
        build("9D", 9, "4C", "3H", "2H"),
        trail("9D"),
        take("9C", "4C", "3H", "2H", sweep=True, points=1),
        build("9C", 9, "4C", "3H", "2H"),
        trail("9C"),
    }


def test_a_nine_takes_an_eight_and_ace_or_a_six_and_three_or_both() -> None:
    # the ace is a point; taking all four is a sweep
    assert reference_moves(["8C", "AH", "6D", "3S"], ["9H"]) == {
        take("9H", "8C", "AH", points=1),
        take("9H", "6D", "3S"),
        take("9H", "8C", "AH", "6D", "3S", sweep=True, points=2),
        trail("9H"),
    }


def test_three_two_six_seven_are_two_nines_for_a_nine() -> None:
    assert reference_moves(["3D", "2C", "6H", "7S"], ["9C"]) == {
        take("9C", "2C", "7S"),
        take("9C", "3D", "6H"),
        take("9C", "3D", "2C", "6H", "7S", sweep=True, points=1),
        trail("9C"),
    }


def test_a_ten_takes_a_ten_and_four_six_together() -> None:
    assert reference_moves(["4C", "6S", "10H"], ["10C"]) == {
        take("10C", "10H"),
        take("10C", "4C", "6S"),
        take("10C", "4C", "6S", "10H", sweep=True, points=1),
        trail("10C"),
    }


def test_five_three_six_two_swept_by_an_eight() -> None:
    assert reference_moves(["5H", "3D", "6C", "2H"], ["8S"]) == {
        take("8S", "5H", "3D"),
        take("8S", "6C", "2H"),
        take("8S", "5H", "3D", "6C", "2H", sweep=True, points=1),
        trail("8S"),
    }


def test_two_two_five_seven_with_a_nine() -> None:
    # 2 2 5 or either 2 with the 7; no take of all (they add up to 16)
    assert reference_moves(["2C", "2D", "5S", "7H"], ["9D"]) == {
        take("9D", "2C", "2D", "5S"),
        take("9D", "2C", "7H"),
        take("9D", "2D", "7H"),
        trail("9D"),
    }


def test_a_sweep_of_a_build_and_a_loose_card() -> None:
    table = [pile(["5H", "3C"], value=8, controller=2), "8D"]
    assert reference_moves(table, ["8S"]) == {
        take("8S", "5H", "3C"),
        take("8S", "8D"),
        take("8S", "5H", "3C", "8D", sweep=True, points=1),
        trail("8S"),
    }


# Building, and increasing a build.


def test_a_two_on_a_seven_built_nine_by_one_holding_a_nine() -> None:
    moves = reference_moves(["7H"], ["2D", "9S"])
    assert moves == {build("2D", 9, "7H"), trail("2D"), trail("9S")}
    after = reference_apply(["7H"], ["2D", "9S"], build("2D", 9, "7H"), 1)
    assert shape(after) == shape([pile(["7H", "2D"], value=9, controller=1)])


def test_the_nine_built_is_increased_to_ten_with_an_ace_by_one_holding_a_ten() -> None:
    nine = [pile(["7H", "2D"], value=9, controller=1)]
    assert reference_moves(nine, ["AC", "10S"], seat=2) == {
        build("AC", 10, "7H", "2D"),
        trail("AC"),
        trail("10S"),
    }
    ten = reference_apply(nine, ["AC", "10S"], build("AC", 10, "7H", "2D"), 2)
    assert shape(ten) == shape([pile(["7H", "2D", "AC"], value=10, controller=2)])
    # the first builder, holding only his nine, has lost it; a ten takes it
    assert reference_moves(ten, ["9S"]) == {trail("9S")}
    assert reference_moves(ten, ["10D"]) == {
        take("10D", "7H", "2D", "AC", sweep=True, points=4),
        trail("10D"),
    }


def test_the_nine_built_is_taken_whole_by_a_nine_and_untouched_by_a_seven_or_a_two() -> None:
    nine = [pile(["7H", "2D"], value=9, controller=1)]
    assert reference_moves(nine, ["9C"], seat=2) == {
        take("9C", "7H", "2D", sweep=True, points=1),
        trail("9C"),
    }
    assert reference_moves(nine, ["7C", "2H"], seat=2) == {trail("7C"), trail("2H")}


def test_a_player_increases_his_own_build_holding_the_new_value() -> None:
    nine = [pile(["7H", "2D"], value=9, controller=1)]
    assert reference_moves(nine, ["AC", "10S", "9S"]) == {
        build("AC", 10, "7H", "2D"),
        take("9S", "7H", "2D", sweep=True, points=1),
    }


def test_a_build_of_a_value_not_held_is_refused() -> None:
    # 2 on the 7 would be nine, and he holds no nine
    assert reference_moves(["7H"], ["2D", "8S"]) == {trail("2D"), trail("8S")}
    # holding 10 3 2 but no eight, the 3 on a 5 is refused, as is the 2 for a seven
    assert reference_moves(["5D"], ["10S", "3H", "2C"]) == {
        trail("10S"),
        trail("3H"),
        trail("2C"),
    }


def test_the_three_on_the_four_with_five_two_as_two_sevens() -> None:
    table: list[Item] = ["5C", "2H", "4D"]
    assert reference_moves(table, ["7S", "3C"]) == {
        build("3C", 7, "4D"),
        build("3C", 7, "4D", "5C", "2H"),
        trail("3C"),
        take("7S", "5C", "2H"),
        trail("7S"),
    }
    sevens = reference_apply(table, ["7S", "3C"], build("3C", 7, "4D", "5C", "2H"), 1)
    assert shape(sevens) == shape([pile(["4D", "3C"], ["5C", "2H"], value=7, controller=1)])
    # nothing but a seven wins it: the ace cannot make it eight, though the eight is held
    assert reference_moves(sevens, ["AH", "8D"], seat=2) == {trail("AH"), trail("8D")}
    assert reference_moves(sevens, ["7H"], seat=2) == {
        take("7H", "4D", "3C", "5C", "2H", sweep=True, points=1),
        trail("7H"),
    }


def test_a_single_seven_may_be_increased_beside_loose_cards_of_its_old_value() -> None:
    # the ace on the single 4 + 3 makes eight; the ace with the loose 5 and 2 is a new eight
    table = [pile(["4D", "3C"], value=7, controller=1), "5C", "2H"]
    assert reference_moves(table, ["AH", "8D"], seat=2) == {
        build("AH", 8, "4D", "3C"),
        build("AH", 8, "5C", "2H"),
        trail("AH"),
        trail("8D"),
    }


def test_two_nines_built_on_a_nine_by_one_holding_a_third() -> None:
    assert reference_moves(["9D"], ["9S", "9H"]) == {
        take("9S", "9D", sweep=True, points=1),
        build("9S", 9, "9D"),
        trail("9S"),
        take("9H", "9D", sweep=True, points=1),
        build("9H", 9, "9D"),
        trail("9H"),
    }
    nines = reference_apply(["9D"], ["9S", "9H"], build("9S", 9, "9D"), 1)
    assert shape(nines) == shape([pile(["9D"], ["9S"], value=9, controller=1)])
    # the fourth nine takes both; nobody can build either to ten
    assert reference_moves(nines, ["9C"], seat=2) == {
        take("9C", "9D", "9S", sweep=True, points=1),
        trail("9C"),
    }
    assert reference_moves(nines, ["AC", "10C"], seat=2) == {trail("AC"), trail("10C")}
    # the builder takes them in with his third nine
    assert reference_moves(nines, ["9H"]) == {take("9H", "9D", "9S", sweep=True, points=1)}


def test_loose_cards_are_never_used_to_increase_a_build() -> None:
    # a five built of two aces and a 3; the loose 2 and 4 cannot make it seven or nine
    table = [pile(["AS", "AH", "3D"], value=5, controller=1), "2C", "4H"]
    assert reference_moves(table, ["9C", "7D"], seat=2) == {
        trail("9C"),
        build("7D", 9, "2C"),
        trail("7D"),
    }
    # a 4 from the hand builds it to nine
    assert reference_moves(table, ["4D", "9C"], seat=2) == {
        take("4D", "4H"),
        build("4D", 9, "AS", "AH", "3D"),
        trail("4D"),
        trail("9C"),
    }


def test_a_build_made_to_a_standing_value_joins_the_build_of_it() -> None:
    # his nine stands; the 3 on a 6 is "two nines", never a second nine apart
    table = [pile(["7H", "2D"], value=9, controller=2), "6C"]
    moves = reference_moves(table, ["9S", "3C"])
    assert build("3C", 9, "6C", "7H", "2D") in moves
    assert build("3C", 9, "6C") not in moves
    after = reference_apply(table, ["9S", "3C"], build("3C", 9, "6C", "7H", "2D"), 1)
    assert shape(after) == shape([pile(["7H", "2D"], ["3C", "6C"], value=9, controller=1)])


# The controller of a build.


def test_a_controller_may_not_trail() -> None:
    # he must take his build, or build again ("two nines")
    table = [pile(["7H", "2D"], value=9, controller=1), "6C"]
    assert reference_moves(table, ["9S", "3C"]) == {
        take("9S", "7H", "2D"),
        build("3C", 9, "6C", "7H", "2D"),
    }
    # the other player, controlling nothing, may trail either card
    assert reference_moves(table, ["9S", "3C"], seat=2) == {
        take("9S", "7H", "2D"),
        trail("9S"),
        build("3C", 9, "6C", "7H", "2D"),
        trail("3C"),
    }


def test_a_controller_may_not_take_with_his_last_card_of_its_value_leaving_it() -> None:
    table = [pile(["5H", "4C"], value=9, controller=1), "9D"]
    assert reference_moves(table, ["9S", "2C"]) == {
        take("9S", "5H", "4C"),
        take("9S", "5H", "4C", "9D", sweep=True, points=1),
    }


# Partners.


def test_a_partner_builds_two_eights_with_little_cassino_on_his_partners_eight() -> None:
    # seat 1 built the eight; seat 3 holds no eight
    table = [pile(["5H", "3C"], value=8, controller=1), "6D"]
    assert partnered(table, ["2S", "KD"], seat=3) == {
        build("2S", 8, "6D", "5H", "3C"),
        trail("2S"),
        trail("KD"),
    }
    # seat 2 is on the other side; and without partnerships seat 3 is on his own
    assert partnered(table, ["2S", "KD"], seat=2) == {
        trail("2S"),
        trail("KD"),
    }
    assert reference_moves(table, ["2S", "KD"], seat=3, players=4) == {trail("2S"), trail("KD")}


def test_a_partner_builds_for_the_nine_his_partner_declared() -> None:
    declared = partnered(["5C"], ["4S", "KD"], seat=3, declared={1: {9}})
    assert declared == {build("4S", 9, "5C"), trail("4S"), trail("KD")}
    # only the partner's declaring counts
    for who in (2, 3, 4):
        moves = partnered(["5C"], ["4S", "KD"], seat=3, declared={who: {9}})
        assert moves == {trail("4S"), trail("KD")}


def test_a_partner_controlling_a_build_of_a_value_he_does_not_hold_may_trail() -> None:
    table = [pile(["5H", "4C"], value=9, controller=1)]
    assert partnered(table, ["3C"], seat=1, declared={3: {9}}) == {trail("3C")}
    # holding a nine he may not trail; he may build "two nines" on it with his only nine,
    # his partner's declared nine standing for the side's
    assert partnered(table, ["3C", "9S"], seat=1, declared={3: {9}}) == {
        take("9S", "5H", "4C", sweep=True, points=1),
        build("9S", 9, "5H", "4C"),
    }
    # without the declaration the nine must stay until it takes the build
    assert partnered(table, ["3C", "9S"], seat=1) == {take("9S", "5H", "4C", sweep=True, points=1)}
    # with a nine kept back, the build stands on it
    assert build("9S", 9, "5H", "4C") in partnered(table, ["9C", "9S"], seat=1)


# Royal Cassino, and the court cards of the classic game.


def test_royal_a_jack_takes_nine_and_two() -> None:
    table: list[Item] = ["9H", "2C"]
    assert reference_moves(table, ["JD", "KS"], game="royal") == {
        take("JD", "9H", "2C", sweep=True, points=1),
        build("JD", 13, "2C"),
        trail("JD"),
        trail("KS"),
    }
    # in the classic game the courts only pair
    assert reference_moves(table, ["JD", "KS"]) == {trail("JD"), trail("KS")}


def test_royal_a_king_takes_six_four_three() -> None:
    assert reference_moves(["6C", "4D", "3H"], ["KC"], game="royal") == {
        take("KC", "6C", "4D", "3H", sweep=True, points=1),
        trail("KC"),
    }


def test_royal_a_queen_takes_jack_and_ace_and_a_king_jack_and_two() -> None:
    assert reference_moves(["JH", "AS"], ["QD"], game="royal") == {
        take("QD", "JH", "AS", sweep=True, points=2),
        trail("QD"),
    }
    assert reference_moves(["JC", "2S"], ["KH"], game="royal") == {
        take("KH", "JC", "2S", sweep=True, points=2),
        trail("KH"),
    }


def test_royal_aces_fourteen() -> None:
    table: list[Item] = ["10C", "4H", "AD"]
    assert reference_moves(table, ["AS", "KH"], game="royal", aces=14) == {
        take("AS", "AD", points=2),
        take("AS", "10C", "4H", points=1),
        take("AS", "10C", "4H", "AD", sweep=True, points=3),
        trail("AS"),
        trail("KH"),
    }
    assert reference_moves(table, ["AS", "KH"], game="royal") == {
        take("AS", "AD", points=2),
        trail("AS"),
        trail("KH"),
    }


def test_royal_aces_fourteen_build_to_fourteen() -> None:
    assert reference_moves(["9C"], ["5D", "AH"], game="royal", aces=14) == {
        build("5D", 14, "9C"),
        trail("5D"),
        trail("AH"),
    }
    assert reference_moves(["9C"], ["5D", "AH"], game="royal") == {trail("5D"), trail("AH")}


def test_classic_courts_pair_only() -> None:
    # the queen does not take jack and ace; the jack takes either jack or both
    assert reference_moves(["JH", "AS", "JC", "QS"], ["QD", "JD"]) == {
        take("QD", "QS"),
        trail("QD"),
        take("JD", "JH"),
        take("JD", "JC"),
        take("JD", "JH", "JC"),
        trail("JD"),
    }


# Points.


def test_spade_points() -> None:
    table: list[Item] = ["AS", "10D", "AH"]
    assert reference_moves(table, ["2S"], game="spade") == {
        take("2S", "AS", "AH", points=5),
        trail("2S"),
    }
    assert reference_moves(table, ["2S"]) == {take("2S", "AS", "AH", points=3), trail("2S")}
    table = ["10D", "4C", "6S"]
    assert reference_moves(table, ["10S"], game="spade") == {
        take("10S", "10D", points=3),
        take("10S", "4C", "6S", points=2),
        take("10S", "10D", "4C", "6S", sweep=True, points=5),
        trail("10S"),
    }
    assert reference_moves(table, ["10S"]) == {
        take("10S", "10D", points=2),
        take("10S", "4C", "6S"),
        take("10S", "10D", "4C", "6S", sweep=True, points=3),
        trail("10S"),
    }


def test_three_court_cards_taken_and_the_jack_of_spades() -> None:
    table: list[Item] = ["JH", "JC", "JS"]
    assert reference_moves(table, ["JD"], game="spade") == {
        take("JD", "JH"),
        take("JD", "JC"),
        take("JD", "JS", points=2),
        take("JD", "JH", "JC"),
        take("JD", "JH", "JS", points=2),
        take("JD", "JC", "JS", points=2),
        take("JD", "JH", "JC", "JS", sweep=True, points=3),
        trail("JD"),
    }
    assert reference_moves(table, ["JD"]) == {
        take("JD", "JH"),
        take("JD", "JC"),
        take("JD", "JS"),
        take("JD", "JH", "JC"),
        take("JD", "JH", "JS"),
        take("JD", "JC", "JS"),
        take("JD", "JH", "JC", "JS", sweep=True, points=1),
        trail("JD"),
    }


def test_a_sweep_is_a_point_and_spades_more_in_spade_cassino() -> None:
    assert reference_moves(["3S", "5H"], ["8S"]) == {
        take("8S", "3S", "5H", sweep=True, points=1),
        trail("8S"),
    }
    assert reference_moves(["3S", "5H"], ["8S"], game="spade") == {
        take("8S", "3S", "5H", sweep=True, points=3),
        trail("8S"),
    }


@pytest.mark.parametrize(
    ("table", "hand"),
    [
        (["5C", "2H", "4D"], ["7S", "3C"]),
        (["JH", "AS", "JC", "QS"], ["QD", "JD"]),
        ([pile(["7H", "2D"], value=9, controller=1), "6C"], ["9S", "3C"]),
    ],
)
def test_draw_cassino_plays_as_the_classic_game(table: list[Item], hand: list[str]) -> None:
    assert reference_moves(table, hand, game="draw") == reference_moves(table, hand)


# The table after a play, and what the reference refuses.


def test_a_take_and_a_trail_applied() -> None:
    table = [pile(["5H", "3C"], value=8, controller=2), "8D", "4S"]
    after = reference_apply(table, ["8S"], take("8S", "5H", "3C", "8D"), 1)
    assert after == ["4S"]
    after = reference_apply(table, ["8S"], trail("8S"), 1)
    assert shape(after) == shape([*table, "8S"])


def test_notation_is_the_packages() -> None:
    assert reference_moves(["td"], ["TS"]) == {
        take("10S", "10D", sweep=True, points=3),
        trail("10S"),
    }


def test_a_card_given_twice_or_a_build_that_does_not_add_up_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        reference_moves(["5C"], ["5C"])
    with pytest.raises(ValueError, match="add up"):
        reference_moves([pile(["5H", "3C"], value=9, controller=1)], ["9S"])


# Deals played out at random by the reference itself, and what must hold after every play.

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [rank + suit for rank in RANKS for suit in "SHDC"]


def table_cards(table: Sequence[Item]) -> list[str]:
    cards: list[str] = []
    for item in table:
        cards += [item] if isinstance(item, str) else [c for g in item["groups"] for c in g]
    return cards


def pips(card: str, game: str, aces: int) -> int:
    rank = RANKS.index(card[:-1]) + 1
    if rank == 1:
        return aces
    return rank if game == "royal" or rank <= 10 else 0


@pytest.mark.parametrize(
    ("game", "aces", "players", "seed"),
    [
        ("classic", 1, 2, 1),
        ("classic", 1, 2, 2),
        ("royal", 1, 3, 3),
        ("royal", 14, 2, 4),
        ("spade", 1, 4, 5),
    ],
)
def test_deals_played_at_random_keep_the_rules(
    game: str, aces: int, players: int, seed: int
) -> None:
    rng = random.Random(seed)
    pack = PACK[:]
    rng.shuffle(pack)
    table: list[Item] = list(pack[:4])
    stock = pack[4:]
    while stock:
        hands = [stock[4 * i : 4 * i + 4] for i in range(players)]
        stock = stock[4 * players :]
        for _ in range(4):
            for seat, hand in enumerate(hands, start=1):
                moves = reference_moves(
                    table, hand, seat=seat, players=players, game=game, aces=aces
                )
                # whoever controls a build holds a card of its value, so can always play
                assert moves
                # builds favoured, to see many; takes rather than trails, so that the table
                # stays small enough to try every choice of its pieces
                building = [move for move in moves if move[1] == "build"]
                taking = [move for move in moves if move[1] == "take"]
                if building and rng.random() < 0.6:
                    pool = building
                elif taking and rng.random() < 0.8:
                    pool = taking
                else:
                    pool = list(moves)
                play = rng.choice(sorted(pool, key=repr))
                after = reference_apply(table, hand, play, seat)
                card, kind, leaving, made, sweep, _ = play
                before = set(table_cards(table))
                if kind == "take":
                    assert set(table_cards(after)) == before - leaving
                    assert sweep == (not after)
                else:
                    assert set(table_cards(after)) == before | {card}
                builds = [item for item in after if isinstance(item, dict)]
                values = [build["value"] for build in builds]
                assert len(values) == len(set(values))
                for build in builds:
                    for group in build["groups"]:
                        assert sum(pips(c, game, aces) for c in group) == build["value"]
                if made is not None:
                    newest = builds[-1]
                    assert (newest["value"], newest["controller"]) == (made[0], seat)
                    assert set(table_cards([newest])) == made[1]
                hand.remove(card)
                for build in builds:
                    if build["controller"] == seat:
                        assert any(pips(c, game, aces) == build["value"] for c in hand)
                table = after
