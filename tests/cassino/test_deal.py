"""Whole Cassino deals replayed: random deals, and the errors a deal can hold."""

from __future__ import annotations

import random

import pytest
from cassino_deals import FORMS, random_deal

from cribcount.cards import STANDARD, parse_cards
from cribcount.cassino.deal import replay_deal
from cribcount.cassino.forms import CassinoError, Form


@pytest.mark.parametrize("form", FORMS, ids=lambda form: form.title)
def test_random_deals_replay_and_every_card_is_taken(form: Form) -> None:
    rng = random.Random(f"{form}")
    for _ in range(3):
        deal = random_deal(form, rng)
        hands = deal.hands if form.game == "draw" else None
        played = replay_deal(form, deal.table, deal.plays, hands, deal.stock)
        assert played.over
        taken = [card for pile in played.piles for card in pile]
        assert len(taken) == len(set(taken))
        if played.last_taker is not None:
            assert len(taken) == 52
            count = played.count
            assert count is not None
            besides = count.total - sum(side.sweeps for side in count.sides)
            tie = (
                len({side.cards for side in count.sides}) < len(count.sides)
                and max(side.cards for side in count.sides)
                == sorted(side.cards for side in count.sides)[-2]
            )
            spades = [sum(c.suit == "S" for c in pile) for pile in played.piles]
            spade_tie = form.game != "spade" and sorted(spades)[-1] == sorted(spades)[-2]
            full = 24 if form.game == "spade" else 11
            assert besides == full - 3 * tie - spade_tie
        # given the hands, the same deal replays the same
        if form.game != "draw":
            again = replay_deal(form, deal.table, deal.plays, deal.hands)
            assert again.piles == played.piles and again.sweeps == played.sweeps


def test_the_errors_of_a_deal() -> None:
    form = Form()
    table = parse_cards("5D 4C 6S 3H")
    with pytest.raises(CassinoError, match=r"play 2 \(round 1, seat 2\).*does not add up"):
        replay_deal(form, table, ["9C takes 5D 4C", "8S takes 6S 3H"])
    with pytest.raises(CassinoError, match=r"play 2 .*9C was dealt already"):
        replay_deal(form, table, ["9C takes 5D 4C", "9C trails"])
    with pytest.raises(CassinoError, match=r"play 1 .*not in the hand"):
        replay_deal(
            form,
            table,
            ["9C takes 5D 4C"],
            [[parse_cards("9H 2C 3C KD"), parse_cards("AS 2S 3S 4S")]],
        )
    with pytest.raises(CassinoError, match=r"play 3 \(round 1, seat 1\).*may not trail"):
        replay_deal(
            form,
            table,
            ["2H builds seven on 5D", "KS trails", "KD trails", "QS trails", "7H takes 2H 5D"],
        )
    with pytest.raises(CassinoError, match="expected the four dealt face up"):
        replay_deal(form, parse_cards("5D 4C"), [])
    with pytest.raises(CassinoError, match="Draw Cassino: expected the first hands"):
        replay_deal(Form("draw"), table, [])


def test_plays_are_split_at_commas_and_semicolons_none_left_out() -> None:
    from cribcount.cassino.notation import split_plays

    assert split_plays("9C takes 5D 4C; 9S trails, 2H trails,") == [
        "9C takes 5D 4C",
        "9S trails",
        "2H trails",
    ]
    with pytest.raises(CassinoError, match=r"^no play between play 1 and the next"):
        split_plays("9C takes 5D 4C,, 9S trails")


def draw_deal_for_partners(fifteenth: str) -> tuple[list[str], list[str]]:
    """A Draw Cassino deal for partners to its 17th play: seat 3 builds nine at play 3,
    holding 9D, his partner takes it at play 5 with his only nine, and at play 17 seat 1,
    holding no nine, builds nine on seat 3's declaration. The plays, and the hands and
    stock in `|` form."""
    plays = [
        "2C trails", "2H trails", "4C builds nine on 5S", "2D trails",
        "9H takes 4C 5S", "3H trails", "QH trails", "QD trails",
        "KH trails", "KD trails", "6H trails", "AH trails",
        "JH trails", "JD trails", fifteenth, "6D trails",
        "3C builds nine on 6H",
    ]  # fmt: skip
    hands = ["9H 2C 3C 4H", "2H 3H 7S 8S", "4C 9D 10C 10H", "2D 7C 8C AH"]
    return plays, hands


def test_a_declaration_stands_in_draw_cassino_till_its_value_is_played() -> None:
    """Draw Cassino's hands never all empty before the stock is out: the round of "has
    built for V this round" is the deal, and the declaration lasts till seat 3 plays a
    nine, not the 16 plays of a round of the other forms."""
    form = Form("draw", players=4, partners=True)
    table = parse_cards("5S KS QS JS")
    drawn = parse_cards("KH KD QH QD JH JD 6H 6D 6C 7H 7D 8H 8D 5H 5D 5C")
    plays, hands = draw_deal_for_partners("10H trails")
    dealt = [*table, *(card for hand in hands for card in parse_cards(hand)), *drawn]
    stock = [*drawn, *(card for card in STANDARD.cards if card not in dealt)]
    first = [[parse_cards(hand) for hand in hands]]
    played = replay_deal(form, table, plays, first, stock)
    build = played.plays[-1].move.build
    assert build is not None and build.value == 9
    assert sorted(str(card) for card in played.piles[0]) == ["4C", "5S", "9H"]

    # seat 3 trails his nine at play 15: nothing declares nine at play 17
    plays, _ = draw_deal_for_partners("9D trails")
    with pytest.raises(
        CassinoError, match=r"play 17 .*seat 1 holds no nine after it, nor has seat 3 declared it"
    ):
        replay_deal(form, table, plays, first, stock)
