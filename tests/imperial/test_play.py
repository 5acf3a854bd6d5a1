"""Impérial's play: hand-worked deals for each rule of the play counted out,
the must-win rule against a plain reference on random legal plays, and bad
plays."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribcount.cards import PIQUET, SUITS, Card, parse_cards
from cribcount.errors import NotationError, PlayError
from cribcount.imperial import (
    Board,
    Counters,
    ImperialPlay,
    Mark,
    legal_replies,
    read_played,
    score_imperial_play,
    trick_winner,
)

PACK = [Card(rank, suit) for rank in (1, 7, 8, 9, 10, 11, 12, 13) for suit in SUITS]


def cards(text: str) -> list[Card]:
    return parse_cards(text, PIQUET)


def played(
    elder: str, younger: str, turn_up: str, play: str, start: Board | None = None
) -> ImperialPlay:
    return score_imperial_play(
        cards(elder), cards(younger), Card.parse(turn_up), cards(play), start
    )


def board(elder: tuple[int, int], younger: tuple[int, int]) -> Board:
    return Board(Counters(*elder), Counters(*younger))


def counting(marks: Iterable[Mark]) -> list[tuple[str, str, str, str]]:
    """Each mark as (player, kind, name, verdict)."""
    return [(m.role, m.combination.kind, m.combination.name, m.verdict) for m in marks]


# -- the play: hand-worked deals ----------------------------------------------------

# Hearts trumps (10H turned up). The elder leads his K and Q of trumps and
# the younger, unable to win, must follow with his J and A of trumps.
TOMBEE = (
    "KH QH 9H KS QS 10S 9S KC QC KD QD 8D",
    "JH AH 8H 7H JS AS 8S JC AC 10C JD AD",
    "10H",
    # 1 KH JH elder; 2 QH AH elder; 3 9H 8H elder; 4 KS 8S elder;
    # 5 QS JS elder; 6 10S AS younger (the ace beats the ten); 7 7H 9S younger
    # (a trump led, the elder has none); 8 JC QC elder (he must win);
    # 9 KC 10C, 10 KD JD, 11 QD AD elder; 12 8D AC elder (no diamond, no trump)
    "KH JH QH AH 9H 8H KS 8S QS JS 10S AS 7H 9S JC QC KC 10C KD JD QD AD 8D AC",
)


def test_tricks_won_and_led() -> None:
    result = played(*TOMBEE)
    assert [(t.leader, t.winner) for t in result.tricks] == [
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "younger"),
        ("younger", "younger"),
        ("younger", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
        ("elder", "elder"),
    ]
    assert result.tricks_won == {"elder": 10, "younger": 2}
    assert result.complete and result.to_play is None


def test_tombée_honours_in_tricks_and_game_on_the_odd_tricks() -> None:
    # declarations: the elder 2 reds 1 white (point, four kings, four queens)
    result = played(*TOMBEE)
    assert result.declaration.board == board((2, 1), (0, 0))
    assert counting(result.marks) == [
        ("elder", "impérial tombée", "KH QH catch JH AH", "good"),
        ("elder", "honours", "4 honours in tricks", "good"),  # KH JH QH AH
        ("younger", "honours", "1 honour in tricks", "good"),  # 7H
        ("elder", "odd tricks", "10 tricks to 2", "good"),
    ]
    boards = [mark.board for mark in result.marks]
    assert boards[:3] == [board((3, 1), (0, 0)), board((3, 5), (0, 0)), board((3, 5), (0, 1))]
    # 3 reds 5 whites and 8 whites more: past four reds and six whites
    assert boards[3] == Board(Counters(4, 6), Counters(0, 1))
    assert result.winner == "elder"


def test_no_tombée_when_the_ace_of_trumps_escapes() -> None:
    # the same deal played otherwise: the younger, void of diamonds, must
    # trump the 8D and does it with the AH; the elder catches the JH only.
    # 1 KD JD, 2 QD AD elder; 3 8D AH younger; 4 7H 9H elder (he must win);
    # 5 KH JH, 6 QH 8H, 7 KS 8S, 8 QS JS elder; 9 10S AS younger; 10 JC QC,
    # 11 KC AC, 12 9S 10C elder
    result = played(
        *TOMBEE[:3], "KD JD QD AD 8D AH 7H 9H KH JH QH 8H KS 8S QS JS 10S AS JC QC KC AC 9S 10C"
    )
    assert result.tricks_won == {"elder": 10, "younger": 2}
    assert counting(result.marks) == [
        ("elder", "honours", "4 honours in tricks", "good"),  # 7H KH JH QH
        ("younger", "honours", "1 honour in tricks", "good"),  # AH
        ("elder", "odd tricks", "10 tricks to 2", "good"),
    ]
    # 2 reds 1 white, then 2 reds 5 whites; the younger's white; 8 whites make
    # the elder 4 reds 1 white, and his reds take the younger's white down
    assert [m.board for m in result.marks] == [
        board((2, 5), (0, 0)),
        board((2, 5), (0, 1)),
        board((4, 1), (0, 0)),
    ]
    assert result.marks[-1].taken_down == 1


# Clubs trumps (8C). Every trick is of one suit: spades and diamonds are
# the elder's, hearts the younger's; in clubs the elder's king wins a trick
# and his 10 and 9 none.
SEVEN_FIVE = (
    "KS QS JS 10H 9H 8H KD QD JD KC 10C 9C",
    "AS 10S 9S KH QH JH AD 10D 9D QC JC AC",
    "8C",
    # 1-6 the elder's spades and diamonds; 7 10H JH, 8 KH 9H, 9 QH 8H younger;
    # 10 QC KC elder (he must win); 11 10C AC younger; 12 JC 9C younger
    "KS 9S QS 10S JS AS KD 9D QD 10D JD AD 10H JH KH 9H QH 8H QC KC 10C AC JC 9C",
)


def test_seven_tricks_to_five_score_two() -> None:
    result = played(*SEVEN_FIVE)
    assert result.tricks_won == {"elder": 7, "younger": 5}
    assert counting(result.marks) == [
        ("elder", "honours", "2 honours in tricks", "good"),  # KC QC
        ("younger", "honours", "2 honours in tricks", "good"),  # AC JC
        ("elder", "odd tricks", "7 tricks to 5", "good"),
    ]
    assert [m.combination.whites for m in result.marks] == [2, 2, 2]
    # declarations: the younger's point; then elder 2, younger 2, elder 2 whites
    assert result.declaration.board == board((0, 0), (0, 1))
    assert result.board == board((0, 4), (0, 3))


def test_six_tricks_each_score_no_odd_tricks() -> None:
    # clubs as the younger's (K Q J against 10 9 7): three tricks to each suit's holder
    result = played(
        "KS QS JS 10H 9H 8H KD QD JD 10C 9C 7C",
        "AS 10S 9S KH QH JH AD 10D 9D KC QC JC",
        "8C",
        "KS 9S QS 10S JS AS 10H JH KH 8H QH 9H AD JD KD 10D QD 9D 10C JC KC 9C QC 7C",
    )
    assert result.tricks_won == {"elder": 6, "younger": 6}
    # the younger's clubs tricks hold JC, KC, QC and the elder's 7C: four honours
    assert counting(result.marks) == [("younger", "honours", "4 honours in tricks", "good")]
    # the point: spades K Q J = 30 against spades A 10 9 = 30, the elder's
    assert result.board == board((0, 1), (0, 4))


# Spades trumps (8S). Points: the elder's hearts 75; the younger's diamonds
# and clubs 60 each, the diamonds named (S H D C order). The elder holds all
# the hearts and K Q J A of trumps; the younger, with neither hearts nor
# trumps, can win nothing.
CAPOT = (
    "KH QH JH AH 10H 9H 8H 7H KS QS JS AS",
    "KC QC JC AC 10C 9C KD QD JD AD 10D 9D",
    "8S",
    "KH 9D QH 10D JH AD AH JD 10H QD 9H KD 8H 9C 7H 10C KS AC QS JC JS QC AS KC",
)


def test_capot_two_reds_instead_of_the_odd_tricks() -> None:
    result = played(*CAPOT)
    assert result.tricks_won == {"elder": 12, "younger": 0}
    assert counting(result.marks) == [
        ("elder", "honours", "4 honours in tricks", "good"),  # KS QS JS AS; the 7S undealt
        ("elder", "capot", "all twelve tricks", "good"),
    ]
    assert result.marks[-1].combination.reds == 2
    # declarations 2 reds 1 white; honours 4 whites: 2 reds 5 whites; capot
    assert result.board == board((4, 5), (0, 0))
    assert result.winner is None


def test_game_won_at_the_capot() -> None:
    # one white up before: the honours make 3 reds 0 whites, capot the game
    result = played(*CAPOT, start=board((0, 1), (0, 0)))
    assert [m.board for m in result.marks] == [
        board((3, 0), (0, 0)),
        Board(Counters(4, 6), Counters(0, 0)),
    ]
    assert result.winner == "elder"


def test_game_won_in_the_declarations_stops_the_count() -> None:
    # 3 reds up: the point, then the first sequence makes 4 reds 1 white,
    # the second the game; the younger's sequences and the play are not counted
    result = played(*CAPOT, start=board((3, 0), (0, 0)))
    assert counting(result.declaration.marks) == [
        ("elder", "point", "Seventy-five: 8 cards in hearts", "good"),
        ("younger", "point", "Sixty: 6 cards in diamonds", "not good"),
        ("elder", "sequence", "K Q J A of spades, trumps", "good"),
        ("elder", "sequence", "K Q J A of hearts", "good"),
    ]
    assert result.declaration.winner == "elder"
    assert len(result.tricks) == 12 and result.marks == ()
    assert result.board == Board(Counters(4, 6), Counters(0, 0))


def test_play_json() -> None:
    data = played(*SEVEN_FIVE).to_json()
    # the declarations: the younger's point, Thirty-one, a white; the elder's not good
    assert data["declarations"] == {
        "elder": {"reds": 0, "whites": 0},
        "younger": {"reds": 0, "whites": 1},
    }
    assert data["tricks"][9] == {  # type: ignore[index]
        "trick": 10,
        "leader": "younger",
        "cards": ["QC", "KC"],
        "winner": "elder",
    }
    assert data["tricks_won"] == {"elder": 7, "younger": 5}
    # every score in order: the two points, then the play's
    assert [(item["kind"], item["role"]) for item in data["scores"]] == [  # type: ignore[attr-defined]
        ("point", "elder"),
        ("point", "younger"),
        ("honours", "elder"),
        ("honours", "younger"),
        ("odd tricks", "elder"),
    ]
    assert data["counters"] == {
        "elder": {"reds": 0, "whites": 4},
        "younger": {"reds": 0, "whites": 3},
    }
    assert data["complete"] is True and data["to_play"] is None and data["winner"] is None


# -- the must-win rule -----------------------------------------------------------------


def test_the_second_player_must_win_with_a_higher_card() -> None:
    with pytest.raises(PlayError) as error:
        played(*TOMBEE[:3], "9H 8H")
    assert str(error.value) == (
        "trick 1: the younger must win the 9H with JH AH, not 8H: "
        "the second player wins the trick if he can"
    )
    # nor may he throw another suit away
    with pytest.raises(PlayError, match="trick 1: the younger must win the 9H with JH AH, not JS"):
        played(*TOMBEE[:3], "9H JS")


def test_the_second_player_must_follow_when_he_cannot_win() -> None:
    with pytest.raises(PlayError) as error:
        played(*TOMBEE[:3], "KH JS")
    assert str(error.value) == "trick 1: the younger must follow hearts with JH AH 8H 7H, not JS"
    # the lower card of the suit is his to choose
    assert played(*TOMBEE[:3], "KH 7H").tricks[0].winner == "elder"


def test_the_second_player_must_trump_when_void() -> None:
    # 1 KD JD, 2 QD AD: the younger has no diamond left for the 8D
    with pytest.raises(PlayError) as error:
        played(*TOMBEE[:3], "KD JD QD AD 8D 8S")
    assert str(error.value) == (
        "trick 3: the younger holds no diamonds and must trump the 8D with JH AH 8H 7H, "
        "not 8S: the second player wins the trick if he can"
    )
    result = played(*TOMBEE[:3], "KD JD QD AD 8D 7H")
    assert result.tricks[-1].winner == "younger" and result.to_play == "younger"


def test_the_leader_plays_any_card() -> None:
    # the younger, on lead after winning, leads a plain card though he holds trumps
    result = played(*TOMBEE[:3], "KD JD QD AD 8D 7H JS QS")
    assert result.tricks[-1].winner == "elder"


def test_a_play_in_progress() -> None:
    result = played(*TOMBEE[:3], "KH JH QH")
    assert [t.cards for t in result.tricks][-1] == (Card.parse("QH"),)
    assert result.tricks[-1].winner is None
    assert result.to_play == "younger" and not result.complete
    nothing = score_imperial_play(cards(TOMBEE[0]), cards(TOMBEE[1]), Card.parse("10H"), [])
    assert (nothing.to_play, nothing.tricks) == ("elder", ())


# A plain reference: a card's power in a trick is its class (a trump 2, the
# suit led 1, another suit 0), then its place in K Q J A 10 9 8 7.
ORDER = (7, 8, 9, 10, 1, 11, 12, 13)


def reference_power(card: Card, lead: Card, trump: str) -> tuple[int, int]:
    kind = 2 if card.suit == trump else 1 if card.suit == lead.suit else 0
    return kind, ORDER.index(card.rank)


def reference_second_wins(lead: Card, reply: Card, trump: str) -> bool:
    return reference_power(reply, lead, trump) > reference_power(lead, lead, trump)


def reference_legal(hand: list[Card], lead: Card, trump: str) -> set[Card]:
    """Follow suit if he can; of the cards that follow (any, when void), those
    that win the trick if there are any."""
    follow = [card for card in hand if card.suit == lead.suit] or hand
    winners = [card for card in follow if reference_second_wins(lead, card, trump)]
    return set(winners or follow)


@settings(max_examples=150, deadline=None)
@given(st.permutations(PACK), st.data())
def test_random_legal_plays_against_the_reference(deal: list[Card], data: st.DataObject) -> None:
    elder, younger, turn_up = deal[:12], deal[12:24], deal[24]
    trump = turn_up.suit
    hands = {"elder": list(elder), "younger": list(younger)}
    leader = "elder"
    play: list[Card] = []
    winners = []
    refused = None
    for number in range(1, 13):
        second = "younger" if leader == "elder" else "elder"
        lead = data.draw(st.sampled_from(sorted(hands[leader], key=lambda c: c.id)))
        legal = reference_legal(hands[second], lead, trump)
        assert set(legal_replies(hands[second], lead, trump)) == legal
        illegal = [card for card in hands[second] if card not in legal]
        reply = data.draw(st.sampled_from(sorted(legal, key=lambda c: c.id)))
        if illegal and refused is None:
            refused = (number, [*play, lead, illegal[0]])
        play += [lead, reply]
        hands[leader].remove(lead)
        hands[second].remove(reply)
        second_wins = reference_second_wins(lead, reply, trump)
        assert trick_winner(lead, reply, trump) == int(second_wins)
        leader = second if second_wins else leader
        winners.append(leader)
    result = score_imperial_play(elder, younger, turn_up, play)
    assert [trick.winner for trick in result.tricks] == winners
    counts = {role: winners.count(role) for role in ("elder", "younger")}
    assert result.tricks_won == counts
    if result.declaration.winner is None:
        won = {
            role: [c for t in result.tricks if t.winner == role for c in t.cards] for role in counts
        }
        honours = {
            role: sum(1 for c in won[role] if c.suit == trump and c.rank in (13, 12, 11, 1, 7))
            for role in counts
        }
        made = {(m.role, m.combination.kind): m.combination for m in result.marks}
        for role, count in honours.items():
            if count and result.winner is None:
                assert made[role, "honours"].whites == count
        top = max(counts, key=lambda role: counts[role])
        if result.winner is None and counts[top] == 12:
            assert made[top, "capot"].reds == 2
        elif result.winner is None and counts[top] > 6:
            other = 12 - counts[top]
            assert made[top, "odd tricks"].whites == counts[top] - other
    if refused is not None:
        number, bad = refused
        with pytest.raises(
            PlayError, match=f"^trick {number}: the (elder|younger) (must|holds no)"
        ):
            score_imperial_play(elder, younger, turn_up, bad)


# -- bad input ---------------------------------------------------------------------------


def test_bad_plays_refused() -> None:
    deal = TOMBEE[:3]
    with pytest.raises(
        PlayError, match=r"^trick 1: the elder plays JH but does not hold it \(the younger does\)$"
    ):
        played(*deal, "JH")
    with pytest.raises(PlayError, match=r"^trick 1: the younger plays 7C but does not hold it$"):
        played(*deal, "KH 7C")
    with pytest.raises(PlayError, match=r"^trick 1: 10H is the turn-up, which is not played$"):
        played(*deal, "10H")
    with pytest.raises(PlayError, match=r"^trick 2: KH was played in trick 1$"):
        score_imperial_play(
            cards(deal[0]), cards(deal[1]), Card.parse(deal[2]), cards("KH JH") + cards("KH")
        )
    with pytest.raises(PlayError, match=r"^trick 1: KH is played twice in trick 1$"):
        score_imperial_play(cards(deal[0]), cards(deal[1]), Card.parse(deal[2]), cards("KH") * 2)
    too_many = [*cards(TOMBEE[3]), Card.parse("7S")]
    with pytest.raises(
        PlayError, match="25 cards played: a deal of Impérial has 12 tricks of 2 cards, 24 in all"
    ):
        score_imperial_play(cards(deal[0]), cards(deal[1]), Card.parse(deal[2]), too_many)


def test_cards_played_read() -> None:
    assert read_played("KH JH Q♥ AH") == tuple(cards("KH JH QH AH"))
    assert read_played("") == ()
    with pytest.raises(NotationError, match=r"^invalid card 'XX' in trick 2: suit must be"):
        read_played("KH JH QH XX")
