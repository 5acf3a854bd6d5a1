"""Deals simulated under the policy: the kernels against the readable twin deal by deal,
deals worked by hand, the play re-scored by the play scorer, reproducibility, and the
deal outcomes' format (its checks, its events, its files byte for byte).

Roles: 0 is the pone, 1 the dealer.
"""

from pathlib import Path

import numba
import numpy as np
import pytest

from cribcount.cards import Card, parse_cards
from cribcount.cribbage import policy, policy_kernel
from cribcount.cribbage.deals import DealOutcomes, DealsError
from cribcount.cribbage.peg import score_play
from cribcount.cribbage.policy import (
    POLICY,
    SimulationError,
    deal_cards,
    play_dealt,
    reference_deal,
    simulate,
    simulate_cards,
)
from cribcount.errors import CribcountError, HandError

PONE, DEALER = 0, 1


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# -- the kernels against the readable twin --------------------------------------------


@pytest.mark.parametrize(
    ("game", "deals", "seed"), [("six", 300, 11), ("five", 200, 12), ("seven", 60, 13)]
)
def test_kernel_deals_are_the_readable_twins(game: str, deals: int, seed: int) -> None:
    simulation = simulate_cards(game, deals, seed)
    for d in range(deals):
        fast = simulation.deal(d)
        assert reference_deal(fast.pone_dealt, fast.dealer_dealt, fast.starter, game) == fast


def test_simulate_gives_the_outcomes_of_the_cards_it_deals() -> None:
    kept = simulate_cards("six", 150, 5)
    outcomes = simulate("six", 150, 5)
    assert outcomes.same_as(kept.outcomes)
    dealt = deal_cards("six", 150, 5)
    assert np.array_equal(dealt.pone, kept.dealt.pone)
    assert np.array_equal(dealt.starters, kept.dealt.starters)


# -- deals worked by hand ---------------------------------------------------------------


def test_a_jack_starter_gives_heels_first_and_shows_come_pone_dealer_crib() -> None:
    # Four kings against four fives: each keeps his four of a kind. The play is forced:
    # K 5 (15: 2 to the dealer), K 5 (30), neither fits: the dealer's go; then K 5 (15:
    # 2), K 5 (30, the last card: 1). Shows with JS: KKKK 6 pairs = 12; 5555 four
    # fifteens of three fives and four of a five and the jack, 16, six pairs, 12: 28;
    # the crib A 2 3 4 J: a run of 4 and A 4 J, 2 3 J fifteens: 8.
    deal = reference_deal(cards("KS KH KD KC AS 2H"), cards("5S 5H 5D 5C 3D 4C"), Card.parse("JS"))
    assert deal.pone_kept == cards("KS KH KD KC")
    assert deal.dealer_kept == cards("5S 5H 5D 5C")
    assert deal.crib == cards("AS 2H 3D 4C")
    assert deal.plays == cards("KS 5S KH 5H KD 5D KC 5C")
    assert deal.events == (
        (DEALER, 2),
        (DEALER, 2),
        (DEALER, 1),
        (DEALER, 2),
        (DEALER, 1),
        (PONE, 12),
        (DEALER, 28),
        (DEALER, 8),
    )
    assert play_dealt(deal.pone_dealt, deal.dealer_dealt, deal.starter) == deal


def test_a_count_reaching_31_pegs_2_and_no_go() -> None:
    # Four sevens against four tens: 7 10 7 (24), the dealer cannot, 7 makes 31 with a
    # pair (2 + 2 to the pone, no go); the dealer leads 10 7 10 (27), neither fits: the
    # dealer's go; the pone has nothing left, the dealer's last 10 pegs 1. Shows with 2C:
    # 7777 and 10 10 10 10 six pairs each, 12; the crib 6 6 9 9 2: four 6-9 fifteens and
    # two pairs, 12.
    deal = reference_deal(
        cards("7S 7H 7D 7C 9S 9H"), cards("10S 10H 10D 10C 6H 6D"), Card.parse("2C")
    )
    assert deal.crib == cards("6H 6D 9S 9H")
    assert deal.plays == cards("7S 10S 7H 7D 10H 7C 10D 10C")
    assert deal.events == (
        (PONE, 4),
        (DEALER, 1),
        (DEALER, 1),
        (PONE, 12),
        (DEALER, 12),
        (DEALER, 12),
    )
    assert play_dealt(deal.pone_dealt, deal.dealer_dealt, deal.starter) == deal


def test_five_card_play_ends_at_the_first_go() -> None:
    # K 5 (15: 2), K 5 (30), neither fits: the dealer's go ends the play, a king and a
    # five unplayed. Shows with QS: KKK three pairs, 6; 555 Q: 5 5 5 and three 5-Q
    # fifteens, 8, three pairs, 6: 14; the crib A 2 3 4 Q: 8 as above.
    deal = reference_deal(
        cards("KS KH KD AS 2H"), cards("5S 5H 5D 3D 4C"), Card.parse("QS"), "five"
    )
    assert deal.plays == cards("KS 5S KH 5H")
    assert deal.events == ((DEALER, 2), (DEALER, 1), (PONE, 6), (DEALER, 14), (DEALER, 8))
    assert play_dealt(deal.pone_dealt, deal.dealer_dealt, deal.starter, "five") == deal


def test_the_kernel_plays_and_shows_given_kept_cards() -> None:
    # The first hand-worked deal, straight into the kernel, with a 2C starter: no heels.
    kept = np.array([[[48, 49, 50, 51], [16, 17, 18, 19]]], np.int64)
    crib = np.array([[0, 5, 10, 15]], np.int64)
    roles, points, phases, lengths, plays = policy_kernel.play_and_show(
        kept, crib, np.array([7], np.int64), False
    )
    n = int(lengths[0])
    # 5555 with 2C: four fifteens of three fives, 8, and six pairs, 12: 20; KKKK 12;
    # A 2 3 4 with a 2: a double run of four, 8, and a pair, 2; no fifteen (12 in all).
    assert list(zip(roles[0, :n].tolist(), points[0, :n].tolist(), strict=True)) == [
        (1, 2),
        (1, 1),
        (1, 2),
        (1, 1),
        (0, 12),
        (1, 20),
        (1, 10),
    ]
    assert [policy_kernel.PHASES[p] for p in phases[0, :n]] == ["play"] * 4 + ["hand"] * 2 + [
        "crib"
    ]
    assert plays[0].tolist() == [48, 16, 49, 17, 50, 18, 51, 19, -1, -1]


# -- properties ----------------------------------------------------------------------


@pytest.mark.parametrize(("game", "deals"), [("six", 400), ("five", 400), ("seven", 100)])
def test_the_play_rescored_by_the_play_scorer(game: str, deals: int) -> None:
    simulation = simulate_cards(game, deals, 21)
    play_phase = policy_kernel.PHASES.index("play")
    starts = simulation.outcomes.starts
    for d in range(deals):
        deal = simulation.deal(d)
        events = deal.events
        assert events, "every deal scores at least the go or the last card"
        phases = simulation.phases[starts[d] : starts[d + 1]].tolist()
        pegged = [0, 0]
        for (role, points), phase in zip(events, phases, strict=True):
            if phase == play_phase:
                pegged[role] += points
        hands = [list(deal.pone_kept), list(deal.dealer_kept)]
        result = score_play(list(deal.plays), game=game, hands=hands)
        assert [result.totals["pone"], result.totals["dealer"]] == pegged
        laid_out = set(deal.pone_dealt + deal.dealer_dealt) - set(deal.pone_kept + deal.dealer_kept)
        assert set(deal.crib) == laid_out and len(deal.crib) == 4


def test_heels_exactly_when_the_starter_is_a_jack() -> None:
    simulation = simulate_cards("six", 500, 3)
    starts = simulation.outcomes.starts
    jacks = 0
    for d in range(500):
        deal = simulation.deal(d)
        phases = simulation.phases[starts[d] : starts[d + 1]].tolist()
        if deal.starter.rank == 11:
            jacks += 1
            assert deal.events[0] == (DEALER, 2) and phases.count(0) == 1 and phases[0] == 0
        else:
            assert 0 not in phases
    assert jacks > 0


def test_means_add_up_to_the_outcomes_totals() -> None:
    simulation = simulate_cards("six", 300, 4)
    means = simulation.means()
    totals = simulation.outcomes.totals().mean(axis=0)
    assert means["deal"]["pone"] == pytest.approx(totals[0])
    assert means["deal"]["dealer"] == pytest.approx(totals[1])
    parts = sum(means[phase]["dealer"] for phase in policy_kernel.PHASES)
    assert parts == pytest.approx(totals[1])
    assert means["crib"]["pone"] == 0 and means["heels"]["pone"] == 0


# -- reproducibility ----------------------------------------------------------------------


def test_same_seed_same_outcomes_and_a_run_begins_as_a_shorter_one() -> None:
    first = simulate("six", 200, 99)
    assert first.same_as(simulate("six", 200, 99))
    assert not first.same_as(simulate("six", 200, 98))
    short = simulate("six", 70, 99)
    assert [short.events(d) for d in range(70)] == [first.events(d) for d in range(70)]
    assert first.seed == 99 and first.game == "six" and first.policy == POLICY


def test_any_deals_of_a_run_dealt_alone() -> None:
    whole = deal_cards("seven", 40, 17)
    part = deal_cards("seven", 15, 17, first=20)
    assert np.array_equal(part.pone, whole.pone[20:35])
    assert np.array_equal(part.dealer, whole.dealer[20:35])
    assert np.array_equal(part.starters, whole.starters[20:35])
    for d in range(40):
        cards = {*whole.pone[d].tolist(), *whole.dealer[d].tolist(), int(whole.starters[d])}
        assert len(cards) == 15 and cards <= set(range(52))


def test_outcomes_do_not_depend_on_chunks_or_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    whole = simulate("five", 300, 8)
    monkeypatch.setattr(policy, "CHUNK", 64)
    assert simulate("five", 300, 8).same_as(whole)
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        assert simulate("five", 300, 8).same_as(whole)
    finally:
        numba.set_num_threads(threads)


def test_save_and_load_byte_for_byte(tmp_path: Path) -> None:
    outcomes = simulate("six", 120, 6)
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    outcomes.save(a)
    outcomes.save(b)
    assert a.read_bytes() == b.read_bytes()
    loaded = DealOutcomes.load(a)
    assert loaded.same_as(outcomes)
    assert loaded.roles.dtype == np.int8 and loaded.points.dtype == np.int16
    assert loaded.starts.dtype == np.int64
    loaded.save(b)
    assert a.read_bytes() == b.read_bytes()
    with np.load(a) as data:
        assert sorted(data.files) == sorted(
            ["roles", "points", "starts", "game", "deals", "seed", "policy"]
        )
        assert int(data["deals"]) == 120 and str(data["game"]) == "six"


# -- the format --------------------------------------------------------------------------


def test_from_events_and_back() -> None:
    deals = [[(1, 2), (0, 4), (1, 1)], [(0, 12)], [(1, 2), (1, 29)]]
    outcomes = DealOutcomes.from_events(deals, "five", 3, "a policy")
    assert outcomes.deals == len(outcomes) == 3
    assert outcomes.starts.tolist() == [0, 3, 4, 6]
    assert outcomes.roles.tolist() == [1, 0, 1, 0, 1, 1]
    assert outcomes.points.tolist() == [2, 4, 1, 12, 2, 29]
    assert [outcomes.events(d) for d in range(3)] == deals
    assert outcomes.totals().tolist() == [[4, 3], [12, 0], [0, 31]]


def test_outcomes_and_deals_as_json() -> None:
    outcomes = DealOutcomes.from_events([[(1, 2), (0, 12)], [(1, 1)]], "six", 4, "p")
    assert outcomes.to_json() == {
        "game": "six",
        "deals": 2,
        "seed": 4,
        "policy": "p",
        "events": [[[1, 2], [0, 12]], [[1, 1]]],
    }
    deal = reference_deal(
        cards("KS KH KD AS 2H"), cards("5S 5H 5D 3D 4C"), Card.parse("QS"), "five"
    )
    assert deal.to_json() == {
        "game": "five",
        "dealt": {"pone": ["AS", "2H", "KS", "KH", "KD"], "dealer": ["3D", "4C", "5S", "5H", "5D"]},
        "starter": "QS",
        "kept": {"pone": ["KS", "KH", "KD"], "dealer": ["5S", "5H", "5D"]},
        "crib": ["AS", "2H", "3D", "4C"],
        "plays": ["KS", "5S", "KH", "5H"],
        "events": [
            {"role": "dealer", "points": 2},
            {"role": "dealer", "points": 1},
            {"role": "pone", "points": 6},
            {"role": "dealer", "points": 14},
            {"role": "dealer", "points": 8},
        ],
    }
    simulation = simulate_cards("five", 3, 2)
    data = simulation.to_json()
    assert data["policy"] == POLICY and data["seed"] == 2
    assert data["deals"] == [simulation.deal(d).to_json() for d in range(3)]


def test_no_deals_saved_and_loaded(tmp_path: Path) -> None:
    outcomes = DealOutcomes.from_events([], "six", 0, "")
    outcomes.save(tmp_path / "none.npz")
    loaded = DealOutcomes.load(tmp_path / "none.npz")
    assert loaded.deals == 0 and loaded.same_as(outcomes)
    assert simulate("six", 0, 1).deals == 0


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        ([[(2, 1)]], "a role other than 0 or 1"),
        ([[(0, 0)]], "an event of no points"),
    ],
)
def test_bad_events_refused(deals: list[list[tuple[int, int]]], message: str) -> None:
    with pytest.raises(DealsError, match=message):
        DealOutcomes.from_events(deals)


def test_bad_arrays_refused() -> None:
    roles = np.zeros(2, np.int8)
    points = np.ones(2, np.int16)
    with pytest.raises(DealsError, match="starts run from"):
        DealOutcomes(roles, points, np.array([0, 1]), "six", 0, "")
    with pytest.raises(DealsError, match="starts fall"):
        DealOutcomes(roles, points, np.array([0, 2, 1, 2]), "six", 0, "")
    with pytest.raises(DealsError, match="expected roles and points of one length"):
        DealOutcomes(roles, np.ones(3, np.int16), np.array([0, 2]), "six", 0, "")
    with pytest.raises(DealsError, match="seed -1"):
        DealOutcomes(roles, points, np.array([0, 2]), "six", -1, "")
    with pytest.raises(DealsError, match="deal 5 of 1 deals"):
        DealOutcomes(roles, points, np.array([0, 2]), "six", 0, "").events(5)


def test_a_file_that_is_not_outcomes(tmp_path: Path) -> None:
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(DealsError, match="cannot read deal outcomes from"):
        DealOutcomes.load(junk)
    partial = tmp_path / "partial.npz"
    np.savez(partial, roles=np.zeros(0, np.int8))
    with pytest.raises(DealsError, match="lacks points, starts, game, deals, seed, policy"):
        DealOutcomes.load(partial)
    with pytest.raises(DealsError, match="cannot read"):
        DealOutcomes.load(tmp_path / "missing.npz")


def test_bad_simulations_refused() -> None:
    with pytest.raises(
        SimulationError, match="game 'three': deals are simulated for five, six, seven only"
    ):
        simulate("three", 10, 1)
    with pytest.raises(HandError, match="unknown game 'nine'"):
        simulate("nine", 10, 1)
    with pytest.raises(SimulationError, match="-1 deals: expected 0 or more"):
        simulate("six", -1, 1)
    with pytest.raises(SimulationError, match="seed -3"):
        simulate("six", 1, -3)
    with pytest.raises(HandError, match="dealt twice"):
        reference_deal(cards("KS KH KD KC AS 2H"), cards("KS 5H 5D 5C 3D 4C"), Card.parse("JS"))
    with pytest.raises(HandError, match="5 cards in 'KS KH KD KC AS': six-card cribbage deals 6"):
        reference_deal(cards("KS KH KD KC AS"), cards("5S 5H 5D 5C 3D 4C"), Card.parse("JS"))
    with pytest.raises(SimulationError, match="first deal -1"):
        deal_cards("six", 1, 1, first=-1)
    with pytest.raises(CribcountError, match="deal 3 of 2"):
        simulate_cards("six", 2, 1).deal(3)


def test_no_compile_note_once_the_kernels_are_cached() -> None:
    simulate("six", 5, 1)
    assert policy.compile_note() in (
        None,
        "compiling kernels (no writable cache directory, so on every run)",
    )
