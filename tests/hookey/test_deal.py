"""Blind Hookey's deal: how many the methods seat, and the players and the dealer's card read."""

from __future__ import annotations

import pytest

from cribcount.cards import Card
from cribcount.errors import CribcountError
from cribcount.hookey import METHODS, MOST_CUTTING, read_dealer_card, read_players


def test_the_methods() -> None:
    assert METHODS == ("cut", "packets")


def test_thirteen_packets_of_four_seat_twelve_players_cutting() -> None:
    # the dealer's packet and each player's, four cards at least: 52 // 4 = 13 packets
    assert MOST_CUTTING == 12


@pytest.mark.parametrize(("text", "players"), [("1", 1), ("3", 3), ("12", 12), ("40", 40)])
def test_players_read(text: str, players: int) -> None:
    assert read_players(text) == players


@pytest.mark.parametrize("text", ["", "x", "3.5", "-1", "٣", "three"])
def test_players_that_are_no_whole_number(text: str) -> None:
    with pytest.raises(CribcountError, match=r"^players .*: expected a whole number, as '3'$"):
        read_players(text)


@pytest.mark.parametrize(
    ("text", "card"), [("7H", "7H"), ("7♥", "7H"), ("10d", "10D"), ("🂡", "AS")]
)
def test_the_dealers_card_read(text: str, card: str) -> None:
    assert read_dealer_card(text) == Card.parse(card)


@pytest.mark.parametrize("text", ["", " ", "7H 8H"])
def test_the_dealers_card_is_one_card(text: str) -> None:
    with pytest.raises(CribcountError, match=r"^dealer's card .*: expected one card, as '7H'$"):
        read_dealer_card(text)


def test_the_dealers_card_of_the_52() -> None:
    with pytest.raises(CribcountError, match="invalid card '7X'"):
        read_dealer_card("7X")
