"""The game settled from its deals, by each scoring, worked out by hand."""

from __future__ import annotations

import pytest

from cribcount.cassino.game import GameError, read_deal, settle_game


def totals(deals: list[str], scoring: str, **settings: object) -> list[tuple[int, int]]:
    result = settle_game(deals, scoring, **settings)  # type: ignore[arg-type]
    return [step.totals for step in result.steps]


def test_each_deal_a_game_by_the_difference() -> None:
    game = settle_game(["7-4"], "deal")
    assert (game.winner, game.value, game.status) == (1, 3, "won")
    tie = settle_game(["4-4"], "deal")
    assert (tie.winner, tie.value, tie.status) == (None, 0, "tied")
    with pytest.raises(GameError, match=r"^deal 2 '6-5' comes after the end of the game"):
        settle_game(["7-4", "6-5"], "deal")


def test_eleven_by_differences_and_the_lurch() -> None:
    # differences 3, 1, 7: 11 to 0, the loser under 6: a lurch, two games
    game = settle_game(["7-4", "6-5", "9-2"], "eleven")
    assert [step.scored for step in game.steps] == [(3, 0), (1, 0), (7, 0)]
    assert (game.winner, game.value, game.steps[-1].lurch) == (1, 2, True)
    # 3-0, 3-7 (the second scores 7), 10-7 (the first 7): 11-7, no lurch
    game = settle_game(["7-4", "2-9", "9-2", "6-5"], "eleven")
    assert [step.totals for step in game.steps] == [(3, 0), (3, 7), (10, 7), (11, 7)]
    assert (game.winner, game.value, game.steps[-1].lurch) == (1, 1, False)
    # equal points score nothing
    game = settle_game(["2-9", "8-3", "6-6", "10-1"], "eleven")
    assert [step.totals for step in game.steps] == [(0, 7), (5, 7), (5, 7), (14, 7)]
    assert (game.winner, game.value, game.steps[-1].lurch) == (1, 1, False)
    game = settle_game(["2-8", "9-2", "10-1"], "eleven")
    # 0-6, 7-6, 16-6: the loser at exactly 6 saves the lurch
    assert (game.totals, game.value) == ((16, 6), 1)


def test_five_a_point_a_deal() -> None:
    game = settle_game(["7-4", "4-4", "2-9", "8-3", "9-2", "6-5"], "five")
    assert [step.totals for step in game.steps] == [
        (1, 0),
        (1, 0),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
    ]
    assert (game.winner, game.value) == (None, None)
    assert game.status == "in progress"
    done = settle_game(["7-4", "4-4", "2-9", "8-3", "9-2", "6-5", "7-5"], "five")
    assert (done.winner, done.value) == (1, 1)


def test_twenty_one_counted_out_in_order() -> None:
    # 17-11 after two deals; then cards 3 (20) and spades 1 (21): out on spades
    game = settle_game(["12-3", "5-8", "cards spades 10D AS AH / 2S AC AD sweep"], "twenty-one")
    assert game.steps[-1].points == (8, 4)
    assert (game.winner, game.steps[-1].by, game.value) == (1, "spades", 1)
    # 18-19: both would pass 21. cards to the second (22) decide before anything else
    both = settle_game(["9-10", "9-9", "spades 10D AS / cards 2S AC AH AD"], "twenty-one")
    assert both.steps[-1].totals == (22, 26)
    assert (both.winner, both.steps[-1].by) == (2, "cards")
    # 20-20, cards tied: spades to the first decide it
    tied = settle_game(["10-10", "10-10", "spades AS / 10D 2S AC AH AD"], "twenty-one")
    assert (tied.winner, tied.steps[-1].by) == (1, "spades")


def test_twenty_one_aces_and_sweeps_order() -> None:
    # 18-17, cards tied: spades to the first (19), big and little Cassino to the second
    # (19, 20), the ace of spades to the first (20), the ace of clubs to the second (21):
    # out, before the first's ace of hearts
    game = settle_game(["9-9", "9-8", "spades AS AH / 10D 2S AC AD"], "twenty-one")
    assert game.steps[-1].totals == (21, 22)
    assert (game.winner, game.steps[-1].by) == (2, "ace of clubs")
    # 16-16, both at 20 before the sweeps: three to one leaves two to the first
    game = settle_game(
        ["8-8", "8-8", "spades 10D AS sweep sweep sweep / 2S AC AH AD sweep"], "twenty-one"
    )
    assert game.steps[-1].points == (6, 4)
    assert (game.winner, game.steps[-1].by) == (1, "sweeps")
    # equal sweeps decide nothing: 20-20, play on
    game = settle_game(["8-8", "8-8", "spades 10D AS sweep / 2S AC AH AD sweep"], "twenty-one")
    assert (game.winner, game.totals, game.status) == (None, (20, 20), "in progress")
    # only the difference counts: cards 3, spades 1 and two sweeps; 2 + 1 + 4
    game = settle_game(["cards spades sweep sweep sweep / 10D 2S AS AC AH AD sweep"], "twenty-one")
    assert game.steps[0].points == (6, 7)


def test_twenty_one_by_points_refused_when_both_out() -> None:
    with pytest.raises(GameError) as error:
        settle_game(["12-3", "12-19"], "twenty-one")
    assert str(error.value) == (
        "deal 2 '12-19': both sides reach 21 in it: give its points by name, "
        "so they count out in order"
    )


def test_claiming() -> None:
    right = settle_game(["15-10", "8-12 claim 2"], "twenty-one", claiming=True)
    assert (right.winner, right.steps[-1].by, right.steps[-1].claim) == (2, "claim", 2)
    # a wrong claim loses, whatever the other has
    wrong = settle_game(["15-10", "5-12 claim 1"], "twenty-one", claiming=True)
    assert (wrong.winner, wrong.steps[-1].by, wrong.value) == (2, "wrong claim", 1)
    # both out, nobody claims: the game goes on to 32; then 43
    on = settle_game(["15-10", "8-12", "9-8", "12-11"], "twenty-one", claiming=True)
    assert [step.target for step in on.steps] == [21, 32, 32, 43]
    assert on.winner is None
    # one out without claiming plays on
    one = settle_game(["15-10", "8-2"], "twenty-one", claiming=True)
    assert (one.winner, one.steps[-1].target) == (None, 21)
    with pytest.raises(GameError, match=r"^deal 2 '8-2 claim 1': a claim is made at twenty-one"):
        settle_game(["15-10", "8-2 claim 1"], "twenty-one")


def test_spade_sixty_one_pegged() -> None:
    game = settle_game(["30-2", "25-4", "1:2 2:1 1:4 2:14"], "sixty-one", "spade")
    # 55-6, then 57, 61 on the third peg
    assert game.steps[-1].totals == (61, 21)
    assert (game.winner, game.steps[-1].by, game.value) == (1, "peg 3", 1)
    both = settle_game(
        ["20-20", "20-20", "15-15", "2:3 1:4 2:2 1:2 2:10 1:3"], "sixty-one", "spade"
    )
    # 55-55: 2 to 58, 1 to 59, 2 to 60, 1 to 61: the first on peg 4
    assert (both.winner, both.steps[-1].by) == (1, "peg 4")
    with pytest.raises(GameError, match=r"both sides reach 61 in it: give its points by its pegs"):
        settle_game(["20-20", "20-20", "15-15", "12-12"], "sixty-one", "spade")


@pytest.mark.parametrize(
    ("deal", "scoring", "game", "message"),
    [
        (
            "4-3",
            "eleven",
            "classic",
            "deal 1 '4-3': a deal counts 11 points besides sweeps, 8 when the cards tie: "
            "expected 8 or more together",
        ),
        (
            "30-8",
            "eleven",
            "classic",
            "deal 1 '30-8': a deal counts 11 points and 24 sweeps at most: "
            "expected 35 or fewer together",
        ),
        (
            # 25 sweeps would need two plays in a row to sweep
            "36-0",
            "deal",
            "classic",
            "deal 1 '36-0': a deal counts 11 points and 24 sweeps at most: "
            "expected 35 or fewer together",
        ),
        (
            "10-10",
            "sixty-one",
            "spade",
            "deal 1 '10-10': Spade Cassino counts 24 points besides sweeps, 21 when the "
            "cards tie: expected 21 or more together",
        ),
        (
            "7 4",
            "eleven",
            "classic",
            "deal 1 '7 4': expected the two sides' points as A-B, such as 7-4",
        ),
        (
            "cards / spades",
            "twenty-one",
            "classic",
            "deal 1 'cards / spades': big cassino, little cassino, ace of spades, ace of "
            "clubs, ace of hearts, ace of diamonds given to neither side: every point but "
            "a tie for cards goes to one side",
        ),
        (
            "cards spades / cards",
            "twenty-one",
            "classic",
            "deal 1 'cards spades / cards': cards given twice: each point goes to one side",
        ),
        (
            "cards 5H / 2S",
            "twenty-one",
            "classic",
            "deal 1 'cards 5H / 2S': unknown point '5H': expected cards, spades, big, "
            "little, AS, AC, AH, AD or sweep",
        ),
        (
            "1:2 3:4",
            "sixty-one",
            "spade",
            "deal 1 '1:2 3:4': peg 2 '3:4': expected the side and its points, 1:P or 2:P, "
            "P 1 or more",
        ),
    ],
)
def test_refused_deals(deal: str, scoring: str, game: str, message: str) -> None:
    with pytest.raises(GameError) as error:
        settle_game([deal], scoring, game)
    assert str(error.value) == message


def test_refused_settings() -> None:
    with pytest.raises(GameError, match=r"^scoring eleven in Spade Cassino: expected sixty-one"):
        settle_game(["30-2"], "eleven", "spade")
    with pytest.raises(GameError, match=r"^scoring sixty-one in classic Cassino"):
        settle_game(["7-4"], "sixty-one")
    with pytest.raises(GameError, match=r"^claiming at five: expected it at twenty-one only"):
        settle_game(["7-4"], "five", claiming=True)
    with pytest.raises(GameError, match=r"^scoring 'ten'"):
        settle_game(["7-4"], "ten")


def test_read_deal_and_json() -> None:
    deal = read_deal("12-3 claim 1", 1, "twenty-one", claiming=True)
    assert (deal.points, deal.claim) == ((12, 3), 1)
    game = settle_game(["7-4", "6-5", "9-2"], "eleven")
    data = game.to_json()
    assert (data["scoring"], data["winner"], data["value"]) == ("eleven", 1, 2)
    assert data["steps"][-1] == {  # type: ignore[index]
        "deal": 3,
        "deal_points": {"1": 9, "2": 2},
        "scored": {"1": 7, "2": 0},
        "totals": {"1": 11, "2": 0},
        "target": 11,
        "up": 1,
        "out": 1,
        "by": None,
        "claim": None,
        "lurch": True,
    }
