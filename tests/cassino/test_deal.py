"""Whole Cassino deals replayed: random deals, and the errors a deal can hold."""

from __future__ import annotations

import random

import pytest
from cassino_deals import FORMS, random_deal

from cribcount.cards import parse_cards
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
