"""Every piquet command's output: text no wider than 80 columns, and JSON whose keys
keep one shape throughout (``cards`` always a list of cards)."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest
from support import invoke

from cribcount.cards import PIQUET_RANKS, SUITS, Card, format_cards

PACK = [Card(rank, suit) for suit in SUITS for rank in PIQUET_RANKS]
SIZES = {2: 12, 3: 10, 4: 8}


def deal(players: int, seed: int) -> list[list[Card]]:
    cards = random.Random(seed).sample(PACK, players * SIZES[players])
    return [cards[seat::players] for seat in range(players)]


def play_out(hands: list[list[Card]], seed: int) -> list[Card]:
    """A whole deal played at random, every card legal: following suit when one can."""
    rng = random.Random(seed)
    held = [list(hand) for hand in hands]
    played: list[Card] = []
    leader = 0
    for _ in range(len(hands[0])):
        trick: list[tuple[int, Card]] = []
        for offset in range(len(hands)):
            seat = (leader + offset) % len(hands)
            follow = [c for c in held[seat] if trick and c.suit == trick[0][1].suit]
            card = rng.choice(follow or held[seat])
            held[seat].remove(card)
            trick.append((seat, card))
        led = trick[0][1].suit
        high = max((rank_of(card), seat) for seat, card in trick if card.suit == led)
        leader = high[1]
        played += [card for _, card in trick]
    return played


def rank_of(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


def hand_options(hands: list[list[Card]]) -> list[str]:
    if len(hands) == 2:
        return ["--elder", format_cards(hands[0]), "--younger", format_cards(hands[1])]
    return [arg for hand in hands for arg in ("--hand", format_cards(hand))]


TENS = "AH 10H 9H 8H 7H AC 10C 9C 8C AD 10D AS"  # carte blanche, many tens
HUITIEME = ["AH KH QH JH 10H 9H 8H 7H AS KS QS JS", "AC KC QC JC 10C 9C 8C 7C AD KD QD JD"]


def commands() -> Iterator[list[str]]:
    """Command lines whose answers are as wide as piquet's get."""
    for rules in ("classic", "rubicon"):
        yield ["piquet", "declare", TENS, "--rules", rules]
        yield ["piquet", "declare", "--elder", HUITIEME[0], "--younger", HUITIEME[1]]
        for players in (2, 3, 4):
            for seed in range(3):
                hands = deal(players, seed)
                yield ["piquet", "declare", *hand_options(hands), "--rules", rules]
                cards = [str(card) for card in play_out(hands, seed)]
                yield ["piquet", "play", *hand_options(hands), "--rules", rules, *cards]
        hands = deal(2, 7)
        cards = [str(card) for card in play_out(hands, 7)]
        yield ["piquet", "solve", *hand_options(hands), "--rules", rules, *cards[:5]]
    for rules in ("classic", "english"):
        args = ["piquet", "exchange", TENS, "--younger", "--left", "4", "--rules", rules]
        yield [*args, "--top", "40"]
        yield [*args, "--lay-out", "10H 9H 8H 7H 10C 9C 8C"]
    yield ["piquet", "game", "--rules", "rubicon", "200-5", "150-55", "1-200", "199-6"]
    yield ["piquet", "game", "--first-dealer", "second", "90-5", "0-49", "15-190"]


@pytest.mark.parametrize("args", list(commands()), ids=lambda args: " ".join(args[:2]))
def test_text_fits_80_columns(args: list[str]) -> None:
    for symbols in ((), ("--symbols",)) if args[1] != "game" else ((),):
        status, out, _ = invoke(*args, *symbols)
        assert status == 0, out
        widest = max(out.splitlines(), key=len)
        assert len(widest) <= 80, widest


def shapes(data: Any, found: dict[str, set[str]]) -> None:
    """Each key's shapes in ``data``: list of strings, list, object, number, string, bool."""
    if isinstance(data, dict):
        for key, value in data.items():
            if value is not None:
                found[key].add(shape(value))
            shapes(value, found)
    elif isinstance(data, list):
        for item in data:
            shapes(item, found)


def shape(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    return "object"


ROLES_AND_PLAYERS = {"elder", "younger", "second", "third", "dealer", "first"}
"""The keys of maps keyed by role (or by player, in a partie), not fields."""


def test_json_keys_keep_one_shape_across_piquet() -> None:
    found: dict[str, set[str]] = defaultdict(set)
    for args in commands():
        status, out, err = invoke(*args, "--json")
        assert status == 0, err
        shapes(json.loads(out), found)
    fields = {key: kinds for key, kinds in found.items() if not key.isdigit()}
    many = {key: kinds for key, kinds in fields.items() if len(kinds) > 1}
    assert set(many) <= ROLES_AND_PLAYERS, many
    # a card list wherever `cards` is a key, the forced results named apart
    assert found["cards"] == {"list"}
    assert found["cards_forced"] == found["capot_forced"] == {"object"}
    for key in ("hand", "lay_out", "keep", "line", "played", "items", "tricks", "options"):
        assert found[key] <= {"list"}, key
    for key in ("game", "title", "rules", "role", "kind", "name"):
        assert found[key] == {"string"}, key
    assert found["total"] == {"number"}
    assert found["totals"] == {"object"}
    assert found["hands"] == {"object"}
