"""The play of a piquet deal scored: the seed examples, hand-worked deals in
every form and rule set, bad plays, and a plain reference on random plays."""

from __future__ import annotations

import random

import pytest

from cribcount.cards import Card, parse_cards
from cribcount.errors import CribcountError, NotationError, PlayError
from cribcount.piquet.declare import compare, read_hand
from cribcount.piquet.play import (
    CAPOT_POINTS,
    CARDS_POINTS,
    last_trick_points,
    lead_points,
    read_played,
    score_play,
    win_points,
)

CAPOT_ELDER = "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"
CAPOT_YOUNGER = "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9"
PIC_ELDER = "♡ A 9; ♣ A K Q J; ♢ K Q J 10 9; ♠ K"
# holds nothing good against the elder: hearts 35 against his 49 in diamonds,
# a tierce against his quinte, no trio above his kings
PIC_YOUNGER = "♡ Q J 8 7; ♣ 10 9 8; ♢ A 8 7; ♠ A Q"

VOLEUR = (
    "♡ A; ♠ A; ♢ A Q; ♣ A Q J 10",  # A, the elder
    "♠ K Q J 10; ♢ J 10 9 8",  # Y
    "♡ K Q J; ♢ K 7; ♣ K 9 8",  # B, A's partner
    "♡ 10 9 8 7; ♠ 9 8 7; ♣ 7",  # Z, the dealer
)


def hands(*texts: str) -> list[tuple[Card, ...]]:
    return [read_hand(text) for text in texts]


def test_the_seeds_pic_the_elder_reaches_thirty_leading_the_third_card() -> None:
    # 27 in hand (point 5, quinte 15, quatrième 4, three kings 3); leading
    # out A K Q of clubs brings 3 more, and pic makes the 30 sixty
    deal = score_play(hands(PIC_ELDER, PIC_YOUNGER), read_played("AC 8C KC 9C QC 10C"))
    assert [trick.totals for trick in deal.tricks] == [(28, 0), (29, 0), (60, 0)]
    assert deal.pic is not None
    assert (deal.pic.seat, deal.pic.points, deal.pic.trick) == (0, 30, 3)
    assert not deal.complete and deal.to_play == 0


def test_no_pic_once_the_younger_has_scored() -> None:
    # a nine led scores nothing, the younger wins it with the queen and
    # leads the ace of spades: he has scored, and the elder's 30 is no pic
    played = read_played("9H QH AS KS 7H AH AC 8C KC 9C QC 10C JC 8H")
    deal = score_play(hands(PIC_ELDER, PIC_YOUNGER), played)
    assert deal.pic is None
    assert deal.totals == (27 + 1 + 4, 1 + 1)


def test_the_seeds_capot_hand_every_lead_and_forty() -> None:
    # the elder leads twelve cards, eleven of them ten or higher; capot 40
    # includes the last trick and the cards
    played = read_played(
        "AH 9S KH 10S QH JS JH QS AC 8C KC 9C QC 10C AD 9D KD 10D QD JD AS KS 7D JC"
    )
    deal = score_play(hands(CAPOT_ELDER, CAPOT_YOUNGER), played)
    assert deal.complete and deal.to_play is None
    assert deal.tricks_won == (12, 0)
    assert deal.play_points == (11 + 40, 0)
    assert deal.totals == (20 + 51, 27)
    assert [score.kind for score in deal.scores if score.trick == 12] == ["capot"]


# the capot hands, the younger winning the first trick with the jack of
# diamonds and leading the king of spades to the elder's ace
MIXED = "7D JD KS AS AH 9S KH 10S QH JS JH QS AC 8C KC 9C QC 10C AD 9D KD 10D QD JC"


@pytest.mark.parametrize(
    ("rules", "elder", "younger"),
    [
        # leads of trick 3 to 12: 10; the win of trick 2: 1; last trick 1;
        # cards 10 (11 tricks); the younger: the win of trick 1, the lead of 2
        ("classic", 20 + 10 + 1 + 1 + 10, 27 + 1 + 1),
        ("english", 20 + 10 + 1 + 1 + 10, 27 + 1 + 1),
        # every card led counts: the 7 too; the last trick 2
        ("rubicon", 20 + 11 + 1 + 2 + 10, 27 + 1 + 1),
    ],
)
def test_a_hand_worked_deal_in_each_rule_set(rules: str, elder: int, younger: int) -> None:
    deal = score_play(hands(CAPOT_ELDER, CAPOT_YOUNGER), read_played(MIXED), rules)
    assert deal.tricks_won == (11, 1)
    assert deal.totals == (elder, younger)
    assert [trick.winner for trick in deal.tricks[:2]] == [1, 0]


def test_six_all_no_cards_for_either() -> None:
    elder = "AH KH QH JH 10H 9H 7S 8S 9S 10S JS QS"
    younger = "AD KD QD JD 10D 9D AS KS 7C 8C 9C 10C"
    # six hearts led and won by the elder, the younger throwing diamonds;
    # then the 7S to the younger's ace, and the younger leads out
    played = "AH AD KH KD QH QD JH JD 10H 10D 9H 9D 7S AS KS 8S 7C 9S 8C 10S 9C JS 10C QS"
    deal = score_play(hands(elder, younger), read_played(played))
    # tricks 1-6 to the elder; 7 (7S AS) and 8 (KS 8S) to the younger, who
    # then leads clubs; the elder, without clubs, discards spades: 9-12 too
    assert deal.tricks_won == (6, 6)
    assert not [score for score in deal.scores if score.kind in ("cards", "capot")]
    # elder: leads AH..9H 5 (the nine is no ten); younger: win 7 with the
    # ace 1, leads KS 1, 10C 1 and the last trick 1
    assert deal.play_points == (5, 1 + 1 + 1 + 1)


NORMAND = (
    "♡ A K Q J 10 9 8 7; ♠ 8; ♣ 7",
    "♢ A K Q J 10 9 8 7; ♠ Q J",
    "♣ A K Q J 10 9 8; ♠ 10 9 7",
)


def test_normand_the_most_tricks_score_ten() -> None:
    # nothing is good: points of 75 tie, huitièmes tie, no trio. The elder
    # leads his eight hearts (five of them ten or higher), then the 7C to
    # the dealer's ace (a win, 1); the dealer leads the 10S (1) and the
    # second wins it with the queen (1) and the last trick (1).
    played = (
        "AH 7D KC KH 8D QC QH 9D JC JH 10D 10C 10H JD 9C 9H QD 8C 8H KD 9S 7H AD 7S "
        "7C JS AC 10S 8S QS"
    )
    deal = score_play(hands(*NORMAND), read_played(played, 3))
    assert deal.form.key == "normand"
    assert deal.tricks_won == (8, 1, 1)
    assert deal.totals == (5 + 10, 1 + 1, 1 + 1)


def test_normand_two_players_taking_every_trick_score_twenty_each() -> None:
    elder = "♡ A K Q J 10 9 8 7; ♠ 8 7"
    second = "♢ A K Q J 10 9 8 7; ♠ Q J"
    dealer = "♣ A K Q J 10 9 8 7; ♠ 10 9"
    # eight hearts to the elder (5), then the 8S: the second wins it with
    # the queen (1), leads the jack (1) and wins the last trick (1)
    played = (
        "AH 7D 7C KH 8D 8C QH 9D 9C JH 10D 10C 10H JD JC 9H QD QC 8H KD KC 7H AD AC "
        "8S QS 10S JS 9S 7S"
    )
    deal = score_play(hands(elder, second, dealer), read_played(played, 3))
    assert deal.tricks_won == (8, 2, 0)
    assert deal.totals == (5 + 20, 3 + 20, 0)


def test_voleur_the_seeds_deal_a_and_b_make_capot() -> None:
    # A and B: point 4, quatorze of aces and B's three kings, 21; Y and Z:
    # their sequences 15 and Z's carte blanche 10. After the first trick A
    # announces 22 for his side. Every card led is a ten or higher: 8 leads,
    # B's own, and the partner winning A's lead scores nothing.
    played = (
        "AC KS 9C 7C QC QS KC 10H KH 9H AH JS AS 10S QH 9S AD JD KD 8H QD 10D 7D 7H "
        "JC 9D 8C 8S 10C 8D JH 7S"
    )
    deal = score_play(hands(*VOLEUR), read_played(played, 4))
    first = deal.tricks[0].totals
    assert first[0] + first[2] == 22
    assert deal.tricks[1].winner == 2
    assert deal.side_totals == (((0, 2), 21 + 8 + 40), ((1, 3), 25))
    assert deal.totals == (18 + 7 + 40, 8, 3 + 1, 17)


def test_every_card_is_checked() -> None:
    table = hands(PIC_ELDER, PIC_YOUNGER)
    cases = {
        "AC 8C KC 7H": "trick 2: the younger must follow clubs with 10C 9C, not 7H",
        "AC 8C AC": "trick 2: AC was played in trick 1",
        "AC AC": "trick 1: AC is played twice in trick 1",
        "AC 8C KC KC": "trick 2: KC is played twice in trick 2",
        "AC 8C 9C": "trick 2: the elder plays 9C but does not hold it (the younger does)",
        "AC 8C 7C": "trick 2: the elder plays 7C but does not hold it",
    }
    for played, message in cases.items():
        with pytest.raises(PlayError) as error:
            score_play(table, read_played(played))
        assert str(error.value) == message
    with pytest.raises(PlayError, match="25 cards played: a deal of Piquet au cent has 12"):
        score_play(table, read_played("AC " * 25))
    with pytest.raises(NotationError, match=r"invalid card '5H' in trick 2: piquet's ranks"):
        read_played("AC 8C 5H")


def test_the_hands_are_checked_as_for_the_declarations() -> None:
    with pytest.raises(CribcountError, match="in both the elder's and the younger's hand"):
        score_play(hands(PIC_ELDER, PIC_ELDER), ())


# -- a plain reference, written from the rules alone ----------------------------

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
PACK = [Card.parse(f"{rank}{suit}") for suit in "SHDC" for rank in RANKS]
STRENGTH = {7: 7, 8: 8, 9: 9, 10: 10, 11: 11, 12: 12, 13: 13, 1: 14}
SIDES = {2: (0, 1), 3: (0, 1, 2), 4: (0, 1, 0, 1)}
BONUS = {2: (30, 30), 3: (20, 60), 4: (20, 60)}


def reference_totals(
    table: list[tuple[Card, ...]], played: list[Card], rules: str
) -> tuple[int, ...]:
    """Each seat's count after the deal, from the declarations' opening count."""
    players = len(table)
    sides = SIDES[players]
    mark, bonus = BONUS[players]
    opening = compare(table, rules)
    totals = [p.declarations + p.repic for p in opening.players]
    repic_side = None if opening.repic is None else sides[opening.repic.seat]
    pic_done = False

    def side_total(side: int) -> int:
        return sum(totals[s] for s in range(players) if sides[s] == side)

    def score(seat: int, points: int) -> None:
        nonlocal pic_done
        totals[seat] += points
        side = sides[seat]
        others = sum(side_total(o) for o in set(sides) if o != side)
        reached = side_total(side) >= mark
        if points and reached and not pic_done and side != repic_side and others == 0:
            pic_done = True
            totals[seat] += bonus

    leader = 0
    won = [0] * players
    tricks = len(played) // players
    for number in range(tricks):
        cards = played[number * players : (number + 1) * players]
        order = [(leader + k) % players for k in range(players)]
        if rules == "rubicon" or STRENGTH[cards[0].rank] >= 10:
            score(leader, 1)
        best = 0
        for k in range(1, players):
            if (
                cards[k].suit == cards[0].suit
                and STRENGTH[cards[k].rank] > STRENGTH[cards[best].rank]
            ):
                best = k
        winner = order[best]
        won[winner] += 1
        if sides[winner] != sides[leader] and (
            rules == "rubicon" or STRENGTH[cards[best].rank] >= 10
        ):
            score(winner, 1)
        all_one_side = len({sides[s] for s in range(players) if won[s]}) == 1
        if number == tricks - 1 and not all_one_side:
            score(winner, 2 if rules == "rubicon" else 1)
        leader = winner
    per_side: dict[int, int] = {}
    for seat in range(players):
        per_side[sides[seat]] = per_side.get(sides[seat], 0) + won[seat]
    first = {side: sides.index(side) for side in per_side}
    takers = [side for side in per_side if per_side[side]]
    if len(takers) == 1:
        totals[first[takers[0]]] += 40
    elif players == 3 and len(takers) == 2:
        for side in takers:
            totals[first[side]] += 20
    elif players == 3:
        top = max(per_side.values())
        tops = [side for side in per_side if per_side[side] == top]
        for side in tops:
            totals[first[side]] += 10 if len(tops) == 1 else 5
    else:
        for side, count in per_side.items():
            if 2 * count > tricks:
                totals[first[side]] += 10
    return tuple(totals)


def random_deal(rng: random.Random, players: int) -> tuple[list[tuple[Card, ...]], list[Card]]:
    size = {2: 12, 3: 10, 4: 8}[players]
    pack = PACK[:]
    rng.shuffle(pack)
    table = [tuple(pack[seat * size : (seat + 1) * size]) for seat in range(players)]
    held = [list(hand) for hand in table]
    played: list[Card] = []
    leader = 0
    for _ in range(size):
        trick: list[Card] = []
        for k in range(players):
            seat = (leader + k) % players
            legal = held[seat]
            if trick:
                legal = [card for card in held[seat] if card.suit == trick[0].suit] or legal
            card = rng.choice(legal)
            held[seat].remove(card)
            trick.append(card)
        best = max(
            (k for k in range(players) if trick[k].suit == trick[0].suit),
            key=lambda k: STRENGTH[trick[k].rank],
        )
        leader = (leader + best) % players
        played += trick
    return table, played


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", ["classic", "english", "rubicon"])
def test_random_plays_agree_with_the_plain_reference(players: int, rules: str) -> None:
    rng = random.Random(f"{players}{rules}")
    for _ in range(300):
        table, played = random_deal(rng, players)
        deal = score_play(table, played, rules)
        assert deal.totals == reference_totals(table, played, rules)
        assert sum(deal.tricks_won) == len(table[0])


def test_pic_comes_from_the_plays_often_enough_to_be_tested() -> None:
    # a sample where the elder holds long high suits makes pic often; the
    # reference and the module must agree on those deals too
    rng = random.Random(7)
    seen = 0
    for _ in range(3000):
        table, played = random_deal(rng, 2)
        deal = score_play(table, played)
        if deal.pic is not None:
            seen += 1
            assert deal.totals == reference_totals(table, played, "classic")
    assert seen > 0


# -- the trick points --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "classic"),
    [("7H", 0), ("8S", 0), ("9D", 0), ("10C", 1), ("JH", 1), ("QS", 1), ("KD", 1), ("AC", 1)],
)
def test_a_ten_or_higher_scores_led_or_winning_any_card_under_rubicon(
    text: str, classic: int
) -> None:
    card = parse_cards(text)[0]
    for rules in ("classic", "english"):
        assert lead_points(card, rules) == win_points(card, rules) == classic
    assert lead_points(card, "rubicon") == win_points(card, "rubicon") == 1


def test_the_last_trick_cards_and_capot() -> None:
    # the last trick 1 (rubicon: counts two), the cards 10, capot 40
    assert [last_trick_points(rules) for rules in ("classic", "english", "rubicon")] == [1, 1, 2]
    assert (CARDS_POINTS, CAPOT_POINTS) == (10, 40)
