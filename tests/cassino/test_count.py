"""The count of a deal: each side's items and totals, worked out by hand, and the
whole pack's points on random partitions."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cribcount.cards import Card, parse_cards
from cribcount.cassino.count import SWEEP_RULES, CountItem, count_deal, read_piles, read_sweeps
from cribcount.cassino.forms import CassinoError, Form

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
# 27 cards: every heart, the spades A 3 4 5 6 7 8, the diamonds 2 to 7 and 10
ELDEST = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS 3S 4S 5S 6S 7S 8S 2D 3D 4D 5D 6D 7D 10D"
# 25 cards: every club, the spades 2 9 10 J Q K, the diamonds A 8 9 J Q K
DEALER = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2S 9S 10S JS QS KS AD 8D 9D JD QD KD"


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def kinds(items: Sequence[CountItem]) -> list[tuple[str, int]]:
    return [(item.kind, item.points) for item in items]


def test_classic_two_handed_by_hand() -> None:
    result = count_deal([cards(ELDEST), cards(DEALER)], [1, 0])
    eldest, dealer = result.sides
    assert (eldest.cards, eldest.spades, eldest.sweeps) == (27, 7, 1)
    assert (dealer.cards, dealer.spades, dealer.sweeps) == (25, 6, 0)
    # cards 3, spades 1, big Cassino 2, the aces of spades and hearts, a sweep
    assert kinds(eldest.items) == [
        ("cards", 3),
        ("spades", 1),
        ("big cassino", 2),
        ("ace", 1),
        ("ace", 1),
        ("sweep", 1),
    ]
    assert eldest.total == 9
    assert [str(card) for card in eldest.items[1].cards] == [
        "AS",
        "3S",
        "4S",
        "5S",
        "6S",
        "7S",
        "8S",
    ]
    assert [str(item.cards[0]) for item in eldest.items[3:5]] == ["AS", "AH"]
    # little Cassino and the aces of clubs and diamonds, in that order
    assert kinds(dealer.items) == [("little cassino", 1), ("ace", 1), ("ace", 1)]
    assert [str(item.cards[0]) for item in dealer.items[1:]] == ["AC", "AD"]
    assert dealer.total == 3
    assert result.total == 12


def test_to_json() -> None:
    result = count_deal([cards("10D AS 2S"), cards("AH")], [1, 0])
    assert result.to_json() == {
        "game": "classic",
        "sides": [
            {
                "cards": 3,
                "spades": 2,
                "sweeps": 1,
                "items": [
                    {"kind": "cards", "cards": ["AS", "2S", "10D"], "points": 3},
                    {"kind": "spades", "cards": ["AS", "2S"], "points": 1},
                    {"kind": "big cassino", "cards": ["10D"], "points": 2},
                    {"kind": "little cassino", "cards": ["2S"], "points": 1},
                    {"kind": "ace", "cards": ["AS"], "points": 1},
                    {"kind": "sweep", "cards": [], "points": 1},
                ],
                "total": 9,
            },
            {
                "cards": 1,
                "spades": 0,
                "sweeps": 0,
                "items": [{"kind": "ace", "cards": ["AH"], "points": 1}],
                "total": 1,
            },
        ],
        "total": 10,
    }


def test_spade_cassino_by_hand() -> None:
    result = count_deal([cards(ELDEST), cards(DEALER)], form="spade")
    eldest, dealer = result.sides
    # cards 3, seven spades 7, big Cassino 2, two aces 2
    assert eldest.total == 14
    assert [item.kind for item in eldest.items].count("spade") == 7
    assert "spades" not in [item.kind for item in eldest.items]
    # six spades 6, the jack of spades 1 more, little Cassino 1, two aces 2
    assert dealer.total == 10
    assert kinds(dealer.items)[6:] == [
        ("jack of spades", 1),
        ("little cassino", 1),
        ("ace", 1),
        ("ace", 1),
    ]
    assert result.total == 24


def test_cards_tied_26_each() -> None:
    hearts_clubs = cards(" ".join(f"{rank}{suit}" for suit in "HC" for rank in RANKS))
    spades_diamonds = cards(" ".join(f"{rank}{suit}" for suit in "SD" for rank in RANKS))
    result = count_deal([hearts_clubs, spades_diamonds])
    # nobody scores cards: the aces of hearts and clubs; spades, both Cassinos, two aces
    assert result.totals == (2, 6)
    assert result.total == 8
    spade = count_deal([hearts_clubs, spades_diamonds], form="spade")
    # 2 aces; 13 spades, the jack 1 more, big 2, little 1, two aces
    assert spade.totals == (2, 19)
    assert spade.total == 21


def test_three_players_tied_for_spades() -> None:
    first = cards("AS 2S 3S 4S 5S " + " ".join(f"{rank}H" for rank in RANKS))
    second = cards("6S 7S 8S 9S 10S " + " ".join(f"{rank}C" for rank in RANKS[:-1]))
    third = cards("JS QS KS KC " + " ".join(f"{rank}D" for rank in RANKS))
    result = count_deal([first, second, third])
    # 18, 17 and 17 cards: cards to the first; spades 5, 5, 3: tied, nobody
    assert [side.cards for side in result.sides] == [18, 17, 17]
    assert result.totals == (6, 1, 3)
    assert result.total == 10
    assert result.form == Form(players=3)


def test_partners_and_part_of_a_pack() -> None:
    form = Form(players=4, partners=True)
    result = count_deal([cards("10D AS"), cards("2S 3H")], [0, 1], form)
    # two cards each and a spade each: neither cards nor spades scores
    assert result.totals == (3, 2)
    with pytest.raises(CassinoError, match=r"^4 piles for Cassino, two partnerships: expected 2"):
        count_deal([cards("AS"), cards("AH"), cards("AD"), cards("AC")], form=form)


@pytest.mark.parametrize(
    ("rule", "totals"),
    [("scored", (3 + 3, 1)), ("none", (3, 0)), ("cancelled", (3 + 2, 0))],
)
def test_sweep_rules(rule: str, totals: tuple[int, int]) -> None:
    # the first side: cards 3 (6 to 2) and three sweeps; the second one sweep
    piles = [cards("3H 4H 5H 6H 7H 8H"), cards("9H 10H")]
    result = count_deal(piles, [3, 1], sweep_rule=rule)
    assert result.totals == totals
    assert [side.sweeps for side in result.sides] == [3, 1]


def test_cancelled_with_three_sides_cancels_the_fewest() -> None:
    piles = [cards("3H 4H 5H 6H"), cards("7H 8H 9H 10H"), cards("JH QH KH 2H")]
    result = count_deal(piles, [2, 1, 1], sweep_rule="cancelled")
    assert result.totals == (1, 0, 0)


@pytest.mark.parametrize(
    ("piles", "sweeps", "message"),
    [
        (
            ["AS 2S", "3S 2S"],
            None,
            "card '2S' is in the piles of both side 1 (eldest) and side 2 (dealer): "
            "each card is taken once",
        ),
        (["AS", "3S", "4S", "5S", "6S"], None, "5 piles: expected one per side, 2 to 4 sides"),
        (["AS"], None, "1 pile: expected one per side, 2 to 4 sides"),
        (
            ["AS 2S", "3S"],
            [1, 1],
            "side 2 (dealer) made 1 sweep with 1 card: a sweep takes two cards at least",
        ),
        (["AS", "3S"], [0], "1 sweep count for 2 sides: expected one a side"),
        (["AS", "3S"], [0, -1], "sweeps -1 of side 2 (dealer): expected a whole number, 0 or more"),
    ],
)
def test_refused(piles: list[str], sweeps: list[int] | None, message: str) -> None:
    with pytest.raises(CassinoError) as error:
        count_deal([cards(pile) for pile in piles], sweeps)
    assert str(error.value) == message


def test_twice_in_one_pile_and_unknown_rule() -> None:
    ace = Card(1, "S")
    with pytest.raises(CassinoError, match=r"^card 'AS' is twice in the pile of side 1 \(eldest\)"):
        count_deal([[ace, ace], []])
    with pytest.raises(CassinoError, match=r"^sweep rule 'both': expected scored, none"):
        count_deal([[ace], []], sweep_rule="both")


def test_read_piles_and_sweeps() -> None:
    assert read_piles("10D as | - | ") == ((Card(10, "D"), Card(1, "S")), (), ())
    with pytest.raises(CassinoError, match=r"^pile 2: invalid card 'XH'"):
        read_piles("AS | XH")
    assert read_sweeps("1, 0,2") == (1, 0, 2)
    with pytest.raises(CassinoError, match=r"^sweeps '1,x': expected each side's sweeps"):
        read_sweeps("1,x")
    assert read_sweeps("007,24") == (7, 24)
    pack = [Card.from_id(i) for i in range(52)]
    assert count_deal([pack[:26], pack[26:]], [12, 12]).sides[0].sweeps == 12
    with pytest.raises(CassinoError, match=r"^25 sweeps in all: a deal holds 24 at most"):
        count_deal([pack[:26], pack[26:]], [13, 12])
    with pytest.raises(CassinoError, match=r"^sweeps '9+,0': '9+' is more sweeps than a deal"):
        read_sweeps("9" * 30 + ",0")


def expected_points(piles: list[list[Card]], game: str) -> int:
    """The points of a whole pack besides sweeps, from the counts alone."""
    card_counts = [len(pile) for pile in piles]
    spade_counts = [sum(card.suit == "S" for card in pile) for pile in piles]
    points = 24 if game == "spade" else 11
    if card_counts.count(max(card_counts)) > 1:
        points -= 3
    if game != "spade" and spade_counts.count(max(spade_counts)) > 1:
        points -= 1
    return points


@pytest.mark.parametrize("seed", range(200))
def test_random_partitions_count_the_whole_pack(seed: int) -> None:
    rng = random.Random(seed)
    pack = [Card(rank, suit) for rank in range(1, 14) for suit in "SHDC"]
    rng.shuffle(pack)
    sides = rng.choice([2, 3, 4])
    # cuts near even shares, so that ties for cards and for spades come up
    cuts = sorted(rng.sample(range(1, 52), sides - 1))
    if seed % 4 == 0:
        cuts = [52 * k // sides for k in range(1, sides)]
    piles = [pack[a:b] for a, b in zip([0, *cuts], [*cuts, 52], strict=True)]
    # a sweep takes two cards at least, and a deal holds 24 at most
    sweeps = [rng.randrange(min(len(pile) // 2, 24 // sides) + 1) for pile in piles]
    for game in ("classic", "spade"):
        for rule in SWEEP_RULES:
            result = count_deal(piles, sweeps, game, rule)
            besides = sum(
                side.total - sum(item.points for item in side.items if item.kind == "sweep")
                for side in result.sides
            )
            assert besides == expected_points(piles, game)
            made = sum(sweeps) if rule == "scored" else 0
            if rule == "cancelled":
                made = sum(count - min(sweeps) for count in sweeps)
            assert result.total == besides + made
