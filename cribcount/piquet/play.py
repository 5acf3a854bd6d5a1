"""Piquet: the play of a deal, scored trick by trick from the declarations on.

A deal's count opens with each player's good declarations and repic, as
:func:`cribcount.piquet.declare.compare` settles them, then the play adds,
in the order of scoring:

- the lead: the leader scores 1 for a card led that is a ten or higher
  (``rubicon`` rules: for every card led);
- the win: a player who wins a trick another side led scores 1 when his
  winning card is a ten or higher (``rubicon``: whatever the card); a
  trick won by its leader, or by the leader's partner in Voleur, scores
  nothing more;
- the last trick: 1 more to its winner (``rubicon``: 2);
- pic: the first side to reach the pic mark on declarations and play,
  counting each lead, win and last trick as it is made, while no other
  side has scored anything, adds the pic bonus at that moment; a side that
  made repic does not make pic too;
- after the last trick, the cards and capot, per form:

  - Piquet au cent: more than six tricks scores 10 for the cards; all
    twelve is capot, 40, instead of the 10 and the last-trick point;
  - Piquet Normand: the player with the most tricks scores 10; two
    players tied for the most score 5 each; one player taking all ten is
    capot, 40, instead of the 10 and the last-trick point; when two players
    take every trick between them, each scores 20 instead of the 10 or 5
    (the last trick's point stays with its winner);
  - Piquet Voleur: the side with more than four of the eight tricks scores
    10, all eight is capot, 40, instead of the 10 and the last-trick point;
    a side's cards and capot are credited to its first seat in seating
    order, the elder or the second hand.

Each player plays in seating order from the leader (the elder, then the
second hand, the third, the dealer); he must follow the suit led when he
can; the highest card of the suit led wins and its player leads next.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cribcount.cards import (
    PIQUET,
    Card,
    format_cards,
    notations,
    parse_cards,
    split_tokens,
    token_problem,
)
from cribcount.errors import NotationError, PlayError, quoted
from cribcount.piquet.declare import SUIT_NAMES, Comparison, compare, piquet_rank
from cribcount.piquet.forms import FORMS, Form
from cribcount.words import counted

# -- the trick points ------------------------------------------------------------
# The declarations read them for the lead and the pic outlook; the play's
# solver (:mod:`cribcount.piquet.solve`) scores by them too.

CARDS_POINTS = 10
"""The cards: 10 to the side that wins more tricks than the other (more than
six of the twelve in Piquet au cent, the most of the three hands' in Piquet
Normand, more than four of the eight in Piquet Voleur)."""
CAPOT_POINTS = 40
"""Capot: 40 to the side that wins every trick, instead of the cards and the
last trick's point."""


def lead_points(card: Card, rules: str = "classic") -> int:
    """What leading ``card`` scores: 1 for a ten or higher, nothing for a
    lower card; under ``rubicon`` rules, 1 for any card led."""
    return int(rules == "rubicon" or piquet_rank(card) >= 10)


def win_points(card: Card, rules: str = "classic") -> int:
    """What winning a trick another side led scores, ``card`` being the winning
    card: 1 for a ten or higher, nothing for a lower card; under ``rubicon``
    rules, 1 whatever the card. A trick won by its leader's side scores nothing."""
    return int(rules == "rubicon" or piquet_rank(card) >= 10)


def last_trick_points(rules: str = "classic") -> int:
    """What the last trick scores its winner, besides any win: 1; under
    ``rubicon`` rules, 2 (the texts' "the last trick counts two")."""
    return 2 if rules == "rubicon" else 1


SCORE_KINDS = ("declarations", "lead", "win", "last trick", "pic", "cards", "capot")
"""What a score in the play is for; ``declarations`` opens the count, repic included."""


@dataclass(frozen=True)
class PlayScore:
    """One score of the deal: its kind (see :data:`SCORE_KINDS`), the seat that
    scores, the points, the trick it was made in (0 before the first), and the
    cards that made it (the card led or the winning card)."""

    kind: str
    seat: int
    points: int
    trick: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Trick:
    """One trick: its number (from 1), the seats in order of play, their cards,
    the winner (``None`` while the trick is being played), its scores, and
    every seat's running total after it."""

    number: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int | None
    scores: tuple[PlayScore, ...]
    totals: tuple[int, ...]

    @property
    def leader(self) -> int:
        return self.seats[0]

    @property
    def complete(self) -> bool:
        return self.winner is not None


@dataclass(frozen=True)
class DealPlay:
    """A deal played: the declarations compared, the tricks, every score in
    the order it was made, and who is to play next (``None`` once over)."""

    comparison: Comparison
    tricks: tuple[Trick, ...]
    scores: tuple[PlayScore, ...]
    to_play: int | None

    @property
    def form(self) -> Form:
        return self.comparison.form

    @property
    def complete(self) -> bool:
        """Whether every trick has been played."""
        return self.to_play is None

    @property
    def pic(self) -> PlayScore | None:
        """The pic, if it was made."""
        return next((score for score in self.scores if score.kind == "pic"), None)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's count: declarations, repic and play so far."""
        return _totals(self.scores, len(self.form.roles))

    @property
    def play_points(self) -> tuple[int, ...]:
        """Each seat's points from the play alone: leads, wins, last trick,
        cards and capot (not the declarations, nor pic)."""
        play = [score for score in self.scores if score.kind not in ("declarations", "pic")]
        return _totals(play, len(self.form.roles))

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """How many tricks each seat has won."""
        won = [0] * len(self.form.roles)
        for trick in self.tricks:
            if trick.winner is not None:
                won[trick.winner] += 1
        return tuple(won)

    @property
    def side_totals(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """Each side's seats and count (partners together in Voleur)."""
        totals = self.totals
        sides = dict.fromkeys(self.form.partners(seat) for seat in range(len(totals)))
        return tuple((seats, sum(totals[seat] for seat in seats)) for seats in sides)

    def to_json(self) -> dict[str, object]:
        """A deal's play as plain data, everything keyed by role: the hands, the
        opening count, a row per trick, every score in order, the tricks won,
        repic, pic, who is to play and the totals (with ``sides`` in Voleur)."""
        roles = self.form.roles

        def by_role(values: Sequence[int]) -> dict[str, int]:
            return dict(zip(roles, values, strict=True))

        def score_json(score: PlayScore) -> dict[str, object]:
            return {
                "kind": score.kind,
                "role": roles[score.seat],
                "points": score.points,
                "trick": score.trick,
                "cards": notations(score.cards),
            }

        repic = self.comparison.repic
        pic = self.pic
        data: dict[str, object] = {
            "game": self.form.key,
            "title": self.form.name,
            "rules": self.comparison.rules,
            "hands": {
                roles[player.seat]: notations(player.hand.cards)
                for player in self.comparison.players
            },
            "declarations": by_role(
                [score.points for score in self.scores if score.kind == "declarations"]
            ),
            "tricks": [
                {
                    "trick": trick.number,
                    "leader": roles[trick.leader],
                    "cards": notations(trick.cards),
                    "winner": None if trick.winner is None else roles[trick.winner],
                    "trick_points": by_role(_totals(trick.scores, len(roles))),
                    "scores": [score_json(score) for score in trick.scores],
                    "totals": by_role(trick.totals),
                }
                for trick in self.tricks
            ],
            "scores": [score_json(score) for score in self.scores],
            "tricks_won": by_role(self.tricks_won),
            "repic": None if repic is None else {"role": roles[repic.seat], "bonus": repic.bonus},
            "pic": None
            if pic is None
            else {"role": roles[pic.seat], "points": pic.points, "trick": pic.trick},
            "complete": self.complete,
            "to_play": None if self.to_play is None else roles[self.to_play],
            "play_points": by_role(self.play_points),
            "totals": by_role(self.totals),
        }
        if len(self.side_totals) < len(roles):
            data["sides"] = [
                {"roles": [roles[seat] for seat in seats], "total": total}
                for seats, total in self.side_totals
            ]
        return data


def _totals(scores: Sequence[PlayScore], seats: int) -> tuple[int, ...]:
    totals = [0] * seats
    for score in scores:
        totals[score.seat] += score.points
    return tuple(totals)


def read_played(text: str, players: int = 2) -> tuple[Card, ...]:
    """Read the cards played, in order, as tokens or card glyphs; a card may be
    written twice here (:func:`score_play` says where it was played first).
    An unreadable token is named with its trick (``players`` cards a trick)."""
    played = []
    for index, token in enumerate(split_tokens(text)):
        problem = token_problem(token, PIQUET)
        if problem is not None:
            trick = index // players + 1
            raise NotationError(f"invalid card {quoted(token)} in trick {trick}: {problem}")
        played.append(parse_cards(token, PIQUET)[0])
    return tuple(played)


def winning_seat(seats: Sequence[int], cards: Sequence[Card]) -> int:
    """The seat whose card wins the trick: the highest of the suit led."""
    led = cards[0].suit
    best = max(
        (index for index, card in enumerate(cards) if card.suit == led),
        key=lambda index: piquet_rank(cards[index]),
    )
    return seats[best]


def score_play(
    hands: Sequence[Sequence[Card]], played: Sequence[Card], rules: str = "classic"
) -> DealPlay:
    """Score a deal from the hands at the table (seating order, the elder first,
    the dealer last, as :func:`compare` takes them) and the cards played in
    order, the leader's card first in each trick.

    Fewer cards than a full deal is a play in progress. Every card is
    checked: held by the player whose turn it is, not played before, and of
    the suit led when he holds one; a bad card raises :class:`PlayError`
    naming the trick and the card.
    """
    comparison = compare(hands, rules)
    form = comparison.form
    count = len(hands)
    held = [set(hand) for hand in hands]
    tracker = _Count(form, rules, comparison)
    tricks: list[Trick] = []
    total_tricks = form.hand_size
    if len(played) > total_tricks * count:
        raise PlayError(
            f"{counted(len(played), 'card')} played: a deal of {form.name} has "
            f"{total_tricks} tricks of {count} cards, {total_tricks * count} in all"
        )
    leader = 0
    won = [0] * count
    for start in range(0, len(played), count):
        number = start // count + 1
        cards = tuple(played[start : start + count])
        seats = tuple((leader + offset) % count for offset in range(len(cards)))
        for index, (seat, card) in enumerate(zip(seats, cards, strict=True)):
            _check_card(card, seat, cards[0] if index else None, held, hands, played, start + index)
            held[seat].discard(card)
        before = len(tracker.scores)
        tracker.lead(seats[0], cards[0], number)
        winner = None
        if len(cards) == count:
            winner = winning_seat(seats, cards)
            won[winner] += 1
            last = number == total_tricks
            tracker.win(seats, cards, winner, number, last, capot=last and _capot(form, won))
            leader = winner
        tricks.append(
            Trick(number, seats, cards, winner, tuple(tracker.scores[before:]), tracker.totals())
        )
    if len(tricks) == total_tricks and tricks[-1].complete:
        tracker.finish(won)
        to_play = None
    elif tricks and not tricks[-1].complete:
        to_play = (tricks[-1].seats[-1] + 1) % count
    else:
        to_play = leader
    return DealPlay(comparison, tuple(tricks), tuple(tracker.scores), to_play)


def _check_card(
    card: Card,
    seat: int,
    led: Card | None,
    held: list[set[Card]],
    hands: Sequence[Sequence[Card]],
    played: Sequence[Card],
    position: int,
) -> None:
    """Refuse a card the player cannot play: not his, played already, or off
    the suit ``led`` (``None`` for the lead itself) while he holds that suit."""
    form = FORMS[len(hands)]
    number = position // len(hands) + 1
    where = f"trick {number}: the {form.roles[seat]}"
    if card not in held[seat]:
        if card in played[:position]:
            earlier = played.index(card) // len(hands) + 1
            if earlier == number:
                raise PlayError(f"trick {number}: {card} is played twice in trick {number}")
            raise PlayError(f"trick {number}: {card} was played in trick {earlier}")
        owner = next((s for s, hand in enumerate(hands) if card in hand), None)
        also = "" if owner is None else f" (the {form.roles[owner]} does)"
        raise PlayError(f"{where} plays {card} but does not hold it{also}")
    if led is not None and card.suit != led.suit:
        follow = sorted(
            (c for c in held[seat] if c.suit == led.suit), key=piquet_rank, reverse=True
        )
        if follow:
            raise PlayError(
                f"{where} must follow {SUIT_NAMES[led.suit]} with "
                f"{format_cards(follow)}, not {card}"
            )


def _capot(form: Form, won: Sequence[int]) -> bool:
    """Whether one side has won every trick so far."""
    return len({form.sides[seat] for seat, count in enumerate(won) if count}) == 1


class _Count:
    """The count of a deal as it is made: each score in order, and pic when
    it is reached."""

    def __init__(self, form: Form, rules: str, comparison: Comparison) -> None:
        self.form = form
        self.rules = rules
        self.scores: list[PlayScore] = []
        repic = comparison.repic
        self.repic_sides = set() if repic is None else {form.sides[repic.seat]}
        self.side_count: dict[int, int] = {}
        self.pic_made = False
        for player in comparison.players:
            opening = player.declarations + player.repic
            self.scores.append(PlayScore("declarations", player.seat, opening, 0))
            side = form.sides[player.seat]
            self.side_count[side] = self.side_count.get(side, 0) + opening

    def totals(self) -> tuple[int, ...]:
        return _totals(self.scores, len(self.form.roles))

    def add(self, kind: str, seat: int, points: int, trick: int, card: Card) -> None:
        """Score ``points`` (a lead, a win or the last trick) and see whether they make pic."""
        if not points:
            return
        self.scores.append(PlayScore(kind, seat, points, trick, (card,)))
        side = self.form.sides[seat]
        self.side_count[side] += points
        if self.pic_made or side in self.repic_sides or self.side_count[side] < self.form.mark:
            return
        if any(count for other, count in self.side_count.items() if other != side):
            return
        self.pic_made = True
        self.scores.append(PlayScore("pic", seat, self.form.pic_bonus, trick))

    def lead(self, seat: int, card: Card, trick: int) -> None:
        """The card led: :func:`lead_points`."""
        self.add("lead", seat, lead_points(card, self.rules), trick, card)

    def win(
        self,
        seats: Sequence[int],
        cards: Sequence[Card],
        winner: int,
        trick: int,
        last: bool,
        capot: bool,
    ) -> None:
        """Winning another side's lead (:func:`win_points`); the last trick's
        point (:func:`last_trick_points`), unless the trick completes a capot,
        which includes it."""
        card = cards[seats.index(winner)]
        sides = self.form.sides
        if sides[winner] != sides[seats[0]]:
            self.add("win", winner, win_points(card, self.rules), trick, card)
        if last and not capot:
            self.add("last trick", winner, last_trick_points(self.rules), trick, card)

    def finish(self, won: Sequence[int]) -> None:
        """The cards (:data:`CARDS_POINTS`) and capot (:data:`CAPOT_POINTS`) from
        the tricks each seat won, in each form as the module's rules say."""
        form = self.form
        number = sum(won)
        by_side: dict[int, int] = {}
        for seat, count in enumerate(won):
            by_side[form.sides[seat]] = by_side.get(form.sides[seat], 0) + count
        first_seat = {side: form.sides.index(side) for side in by_side}
        takers = [side for side, count in by_side.items() if count]
        if len(takers) == 1:
            self.scores.append(PlayScore("capot", first_seat[takers[0]], CAPOT_POINTS, number))
            return
        most = max(by_side.values())
        leaders = [side for side, count in by_side.items() if count == most]
        if len(form.roles) == 3:
            # the texts' 20 each for two players taking every trick, and 5 each
            # for two tied for the most, are half the capot and half the cards
            if len(takers) == 2:
                for side in sorted(takers):
                    points = CAPOT_POINTS // 2
                    self.scores.append(PlayScore("capot", first_seat[side], points, number))
                return
            for side in leaders:
                points = CARDS_POINTS if len(leaders) == 1 else CARDS_POINTS // 2
                self.scores.append(PlayScore("cards", first_seat[side], points, number))
            return
        if 2 * most > number:
            self.scores.append(PlayScore("cards", first_seat[leaders[0]], CARDS_POINTS, number))
