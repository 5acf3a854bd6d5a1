"""Piquet declarations: carte blanche, point, sequence, quatorze and trio.

The pack holds 32 cards, 7 to ace, the ace high. Pip values: ace 11, king,
queen and jack 10, the 10 9 8 7 at face value. A hand is declared in the
order of scoring, and every category is compared in that order:

- carte blanche: a hand without king, queen or jack scores 10, first;
- point: the suit of greatest pip value scores its number of cards; the
  better pip value wins, equal values cancel (``english`` rules: a point
  holding 7, 8 and 9 scores one less; ``rubicon`` rules: the longest suit
  is the point, pip value only breaks ties in length);
- sequence: three or more cards of one suit in a row (A K Q J 10 9 8 7);
  longer beats shorter, then the higher top card; the holder of the best
  scores it and all his other sequences (tierce 3, quatrième 4, quinte 15,
  sixième 16, septième 17, huitième 18); equal best sequences cancel all;
- quatorze and trio: four (14) or three (3) of a rank, tens or higher; any
  quatorze beats any trio, then the higher rank; the holder of the best
  scores all his quatorzes and trios.

Repic: a side that reaches the repic mark on declarations alone, counted in
that order, before any other side has scored anything, adds the repic bonus.
Equalities score nothing, so they do not save it. The elder's point for
leading (a ten or better; any card under ``rubicon`` rules) comes after all
declarations. Pic: a side that reaches the mark on declarations and play
before any other side scores adds the pic bonus; before play, only the
elder's side can be on the way to it (another side could make it only if
the elder's side scored nothing, not even a lead), so this module gives
the elder's outlook: whether pic is certain, how much play must still
bring, or why it cannot happen. :mod:`cribcount.piquet.play` scores it.

Forms, by the number of hands (seating order, the elder first, the dealer
last; every player is his own side except in Voleur):

- two hands, Piquet au cent: 12 cards each; repic 60 at 30, pic 30 at 30;
- three hands, Piquet Normand: 10 cards each; repic 90 at 20, pic 60 at 20.
  As in the two-handed game, the holder of the best point, sequence or set
  at the table scores it with his lesser sequences or sets, and nobody else
  scores in that category; when two players tie for the best point or
  sequence, nobody scores it. Any player can make repic;
- four hands, Piquet Voleur: 8 cards each, partners sit opposite (the
  first and third hands against the second and the dealer); no point under
  30 is announced; only the best point at the table scores, but a
  partner's best sequence or set makes all of the side's sequences or sets
  good; equal best declarations of opposing sides cancel, and equal best
  points of partners count once. Repic 90 and pic 60 at 20, reached by the
  partners together; the repic is credited to the partner whose declaration
  reached the mark.

The texts' "counts 90 for the repic" and "60 for the pic" of the three- and
four-handed games are read as bonuses added to the declarations, like the
two-handed game's 60 and 30. Carte blanche counts in every form, the
eight-card hands of Voleur included. So in the Voleur deal the texts lay
out, where A and B make 22, the dealer Z holds no king, queen or jack and
scores 10 for carte blanche besides the side's 15 for sequences: Y and Z
make 25, not the 15 the text counts, which leaves the carte blanche out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from cribcount.cards import PIQUET, SUITS, Card, check_hands, format_cards, notations, parse_cards
from cribcount.errors import HandError, quoted
from cribcount.piquet.forms import FORMS, Form, check_rules, form_of
from cribcount.piquet.forms import RULES as RULES  # named with the declarations too
from cribcount.words import counted, number_word

CATEGORIES = ("carte_blanche", "point", "sequence", "sets")
"""The categories of declaration, in the order they are scored."""

CATEGORY_NAMES = {
    "carte_blanche": "carte blanche",
    "point": "point",
    "sequence": "sequence",
    "sets": "quatorze and trio",
}

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_WORDS = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine"}
_SEQUENCES = {
    3: ("tierce", 3),
    4: ("quatrième", 4),
    5: ("quinte", 15),
    6: ("sixième", 16),
    7: ("septième", 17),
    8: ("huitième", 18),
}
"""Name and points of a sequence of each length."""


def piquet_rank(card: Card) -> int:
    """The card's rank in piquet: 7 to 13 as in :class:`Card`, the ace 14."""
    return 14 if card.rank == 1 else card.rank


def pip_value(card: Card) -> int:
    """Ace 11, king, queen and jack 10, the others their face value."""
    return 11 if card.rank == 1 else card.value


def _descending(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: (SUITS.index(card.suit), -piquet_rank(card))))


@dataclass(frozen=True)
class Declaration:
    """One combination as it is announced.

    ``kind`` is ``carte blanche``, ``point``, ``sequence``, ``quatorze`` or
    ``trio``; ``name`` is the announcement (``'Forty-one'``, ``'quinte to
    the king'``, ``'quatorze aces'``); ``points`` what it scores when good;
    ``strength`` compares it with declarations of its category, higher
    better; ``suit`` is set for a point or a sequence.
    """

    kind: str
    cards: tuple[Card, ...]
    name: str
    points: int
    strength: tuple[int, ...]
    suit: str | None = None

    @property
    def category(self) -> str:
        """The category it competes in: see :data:`CATEGORIES`."""
        if self.kind in ("quatorze", "trio"):
            return "sets"
        return self.kind.replace(" ", "_")

    @property
    def pips(self) -> int:
        """The pip value of its cards (what a point is announced by)."""
        return sum(pip_value(card) for card in self.cards)

    def describe(self) -> str:
        """The announcement with what it holds: ``'Forty-one: 4 cards in hearts'``."""
        if self.kind == "point" and self.suit is not None:
            return f"{self.name}: {counted(len(self.cards), 'card')} in {SUIT_NAMES[self.suit]}"
        return self.name

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "kind": self.kind,
            "name": self.name,
            "cards": notations(self.cards),
            "points": self.points,
        }
        if self.suit is not None:
            data["suit"] = self.suit
        if self.kind == "point":
            data["pips"] = self.pips
            data["length"] = len(self.cards)
        return data


@dataclass(frozen=True)
class HandDeclarations:
    """Everything one hand can declare, each category's best first."""

    cards: tuple[Card, ...]
    rules: str
    carte_blanche: Declaration | None
    point: Declaration | None
    sequences: tuple[Declaration, ...]
    sets: tuple[Declaration, ...]

    def of(self, category: str) -> tuple[Declaration, ...]:
        """The declarations of ``category``, the best first."""
        if category == "carte_blanche":
            return (self.carte_blanche,) if self.carte_blanche else ()
        if category == "point":
            return (self.point,) if self.point else ()
        if category == "sequence":
            return self.sequences
        return self.sets

    @property
    def all(self) -> tuple[Declaration, ...]:
        """Every declaration, in the order of scoring."""
        return tuple(decl for category in CATEGORIES for decl in self.of(category))

    @property
    def lead(self) -> int:
        """The point for the first lead, the hand's best card led
        (:func:`~cribcount.piquet.play.lead_points`): 1 when it holds a ten or
        better; under ``rubicon`` rules, 1 for any card."""
        from cribcount.piquet.play import lead_points  # the play's module imports this one

        return max((lead_points(card, self.rules) for card in self.cards), default=0)

    @property
    def worth(self) -> int:
        """What the declarations score if every one of them is good."""
        return sum(decl.points for decl in self.all)

    def to_json(self, form: Form | None = None) -> dict[str, object]:
        """The hand's declarations as plain data: the form (``form``, by default the
        one whose hands hold as many cards, Piquet au cent for twelve), the rules,
        the hand, every declaration, their worth if every one is good (``total``) and
        the lead."""
        if form is None:
            form = _form_by_size(len(self.cards), self.rules)
        return {
            "game": form.key,
            "title": form.name,
            "rules": self.rules,
            "hand": notations(self.cards),
            "items": [decl.to_json() for decl in self.all],
            "total": self.worth,
            "lead": self.lead,
        }


def check_hand(cards: Sequence[Card], size: int | None = None) -> tuple[Card, ...]:
    """``cards`` as a tuple, once checked as a hand: every card of the 32-card
    pack, none held twice, and when ``size`` is given, that many cards."""
    hand = tuple(cards)
    text = format_cards(hand)
    PIQUET.check(hand, text)
    twice = next((card for card in hand if hand.count(card) > 1), None)
    if twice is not None:
        raise HandError(f"card {str(twice)!r} is twice in the hand {quoted(text)}")
    if size is not None and len(hand) != size:
        raise HandError(f"hand {quoted(text)} has {counted(len(hand), 'card')}: expected {size}")
    return hand


def read_hand(text: str, size: int | None = None, owner: str = "hand") -> tuple[Card, ...]:
    """Read a piquet hand: tokens of the 32-card pack, or the suit-grouped layout
    (``♡ A K Q J: ♣ A K Q`` or ``♡ K Q J 10 9, ♣ A K Q``), as
    :func:`parse_cards` reads them for :data:`~cribcount.cards.PIQUET`.

    Refuses cards below the 7, their error naming piquet's ranks, and when
    ``size`` is given, any other number of cards.
    """
    if not text.strip():
        raise HandError(f"no cards for {owner}: expected cards such as '9H 10D JS'")
    cards = parse_cards(text, PIQUET)
    if size is not None and len(cards) != size:
        raise HandError(
            f"{owner} {quoted(text)} has {counted(len(cards), 'card')}: expected {size}"
        )
    return tuple(cards)


def declare(cards: Sequence[Card], rules: str = "classic") -> HandDeclarations:
    """Every declaration the hand holds, as it would be announced.

    Refuses unknown rules, cards below the 7 and a card held twice.
    """
    check_rules(rules)
    hand = check_hand(cards)
    return HandDeclarations(
        cards=hand,
        rules=rules,
        carte_blanche=_carte_blanche(hand),
        point=_point(hand, rules),
        sequences=_sequences(hand),
        sets=_sets(hand),
    )


def _carte_blanche(cards: tuple[Card, ...]) -> Declaration | None:
    """No king, queen or jack in the hand: 10 points."""
    if any(11 <= card.rank <= 13 for card in cards):
        return None
    return Declaration("carte blanche", _descending(cards), "carte blanche", 10, (1,))


def _suits(cards: Sequence[Card]) -> dict[str, tuple[Card, ...]]:
    ordered = _descending(cards)
    return {suit: tuple(group) for suit, group in groupby(ordered, key=lambda card: card.suit)}


def _point(cards: tuple[Card, ...], rules: str) -> Declaration | None:
    """The best suit: greatest pip value (rubicon: most cards, then pip value).

    It scores its number of cards; under english rules one less when it
    holds the 7, 8 and 9. Of two suits equally strong, the one scoring more.
    In one suit of this pack, 1 to 8 cards are worth 7-11, 15-21, 24-31,
    34-41, 44-51, 54-60, 64-68 and 75: the ranges never overlap, so the
    longer suit always has the greater pip value and the rubicon point
    falls out as the classic one; the rule is kept as the texts state it.
    """
    candidates = []
    for suit, held in _suits(cards).items():
        pips = sum(pip_value(card) for card in held)
        strength = (len(held), pips) if rules == "rubicon" else (pips,)
        points = len(held)
        if rules == "english" and {7, 8, 9} <= {piquet_rank(card) for card in held}:
            points -= 1
        name = number_word(pips).capitalize()
        candidates.append(Declaration("point", held, name, points, strength, suit))
    return max(candidates, key=lambda decl: (decl.strength, decl.points), default=None)


def _sequences(cards: tuple[Card, ...]) -> tuple[Declaration, ...]:
    """Every run of three or more cards of one suit in a row, the best first."""
    found = []
    for suit, held in _suits(cards).items():
        # in a suit held high to low, rank + position is constant along a run
        for _, pairs in groupby(enumerate(held), key=lambda pair: piquet_rank(pair[1]) + pair[0]):
            run = tuple(card for _, card in pairs)
            if len(run) >= 3:
                length, top = len(run), piquet_rank(run[0])
                kind, points = _SEQUENCES[length]
                name = f"{kind} to the {_RANK_WORDS[top]}"
                found.append(Declaration("sequence", run, name, points, (length, top), suit))
    return tuple(sorted(found, key=lambda decl: decl.strength, reverse=True))


def _sets(cards: tuple[Card, ...]) -> tuple[Declaration, ...]:
    """Every four (quatorze, 14) or three (trio, 3) of a rank from the ten up, the best first."""
    ordered = _descending(cards)
    found = []
    for rank in range(14, 9, -1):
        held = tuple(card for card in ordered if piquet_rank(card) == rank)
        plural = f"{_RANK_WORDS[rank]}s"
        if len(held) == 4:
            found.append(Declaration("quatorze", held, f"quatorze {plural}", 14, (2, rank)))
        elif len(held) == 3:
            found.append(Declaration("trio", held, f"three {plural}", 3, (1, rank)))
    return tuple(sorted(found, key=lambda decl: decl.strength, reverse=True))


# -- comparing the hands at the table ------------------------------------------


@dataclass(frozen=True)
class CategoryResult:
    """One category at the table: each seat's best, its verdict, what it scores.

    A verdict is ``good``, ``equal`` or ``not good``, or ``None`` for a seat
    with nothing to declare in the category.
    """

    category: str
    best: tuple[Declaration | None, ...]
    verdicts: tuple[str | None, ...]
    scored: tuple[tuple[Declaration, ...], ...]

    @property
    def points(self) -> tuple[int, ...]:
        """What each seat scores in this category."""
        return tuple(sum(decl.points for decl in decls) for decls in self.scored)


@dataclass(frozen=True)
class PlayerScore:
    """One seat's score from declarations, repic and the first lead."""

    seat: int
    role: str
    hand: HandDeclarations
    carte_blanche: int
    point: int
    sequence: int
    sets: int
    repic: int
    lead: int

    @property
    def declarations(self) -> int:
        """Points from carte blanche, point, sequence and sets."""
        return self.carte_blanche + self.point + self.sequence + self.sets

    @property
    def total(self) -> int:
        return self.declarations + self.repic + self.lead


@dataclass(frozen=True)
class SideScore:
    """Partners' combined score (Voleur); every other form has one seat a side."""

    seats: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class Repic:
    """A repic: the seat credited, its side, the category that reached the mark."""

    seat: int
    side: tuple[int, ...]
    category: str
    declarations: int
    """The side's points on declarations when the count is done."""
    bonus: int


@dataclass(frozen=True)
class PicOutlook:
    """The elder's prospect of pic before play.

    ``status`` is ``certain`` (his first lead reaches the mark), ``possible``
    (``needed`` more points from play before anyone else scores),
    ``impossible`` or ``repic`` (he made repic, so pic does not arise);
    ``reason`` says why in words.
    """

    status: str
    needed: int | None
    reason: str


@dataclass(frozen=True)
class Comparison:
    """The declarations of every hand at the table, compared and scored."""

    form: Form
    rules: str
    categories: tuple[CategoryResult, ...]
    players: tuple[PlayerScore, ...]
    sides: tuple[SideScore, ...]
    repic: Repic | None
    pic: PicOutlook

    def category(self, name: str) -> CategoryResult:
        """The result of category ``name`` (see :data:`CATEGORIES`)."""
        return next(result for result in self.categories if result.category == name)

    def to_json(self) -> dict[str, object]:
        """A comparison as plain data: the hands, categories, players, totals, sides, repic, pic.

        ``hands`` and ``totals`` are keyed by role (``elder`` and ``younger``
        two-handed); Voleur adds ``sides``.
        """
        roles = self.form.roles
        players = [_player_json(player) for player in self.players]
        data: dict[str, object] = {
            "game": self.form.key,
            "title": self.form.name,
            "rules": self.rules,
            "hands": {player["role"]: player["hand"] for player in players},
            "categories": [
                {
                    "category": category.category,
                    "seats": [
                        {
                            "role": roles[seat],
                            "best": best.to_json() if best else None,
                            "verdict": category.verdicts[seat],
                            "items": [decl.to_json() for decl in category.scored[seat]],
                            "points": category.points[seat],
                        }
                        for seat, best in enumerate(category.best)
                    ],
                }
                for category in self.categories
            ],
            "players": players,
            "totals": {player["role"]: player["total"] for player in players},
        }
        if len(self.sides) < len(players):
            data["sides"] = [
                {"roles": [roles[seat] for seat in side.seats], "total": side.total}
                for side in self.sides
            ]
        data["repic"] = (
            None
            if self.repic is None
            else {
                "role": roles[self.repic.seat],
                "side": [roles[seat] for seat in self.repic.side],
                "category": self.repic.category,
                "declared": self.repic.declarations,
                "bonus": self.repic.bonus,
            }
        )
        data["pic"] = {
            "status": self.pic.status,
            "needed": self.pic.needed,
            "reason": self.pic.reason,
            "bonus": self.form.pic_bonus,
        }
        return data


def compare(hands: Sequence[Sequence[Card]], rules: str = "classic") -> Comparison:
    """Compare 2, 3 or 4 hands in seating order (elder first, dealer last) and score them.

    Checks that each hand has the form's number of cards, all from the
    32-card pack, and that no card is in two hands.
    """
    form = form_of(len(hands), rules)
    check_hands(hands, form.roles, form.hand_size, form.name, PIQUET)
    declared = [declare(hand, rules) for hand in hands]
    categories = tuple(_resolve(category, declared, form) for category in CATEGORIES)
    repic = _repic(categories, form)
    players = tuple(
        PlayerScore(
            seat=seat,
            role=form.roles[seat],
            hand=declared[seat],
            carte_blanche=categories[0].points[seat],
            point=categories[1].points[seat],
            sequence=categories[2].points[seat],
            sets=categories[3].points[seat],
            repic=repic.bonus if repic is not None and repic.seat == seat else 0,
            lead=declared[0].lead if seat == 0 else 0,
        )
        for seat in range(len(hands))
    )
    sides = tuple(
        SideScore(seats, sum(players[seat].total for seat in seats))
        for seats in dict.fromkeys(form.partners(seat) for seat in range(len(hands)))
    )
    pic = _pic(players, repic, form, rules)
    return Comparison(form, rules, categories, players, sides, repic, pic)


def _resolve(category: str, declared: list[HandDeclarations], form: Form) -> CategoryResult:
    """Decide one category at the table.

    Carte blanche is good for every holder. Otherwise the strongest best
    declaration wins: if seats of different sides hold it, nobody scores
    (equal); else for the point only its first holder scores it, and for
    sequences and sets every seat of the winning side scores all it holds.
    """
    seats = range(len(declared))
    held = [hand.of(category) for hand in declared]
    if category == "point":
        held = [decls if decls and decls[0].pips >= form.least_point else () for decls in held]
    best = tuple(decls[0] if decls else None for decls in held)
    strengths = {seat: decl.strength for seat, decl in enumerate(best) if decl is not None}
    top = max(strengths.values(), default=None)
    leaders = [seat for seat, strength in strengths.items() if strength == top]
    leading_sides = {form.sides[seat] for seat in leaders}
    if category == "carte_blanche":
        scorers = set(strengths)
    elif len(leading_sides) != 1:
        scorers = set()
    elif category == "point":
        scorers = {leaders[0]}
    else:
        scorers = {seat for seat in seats if form.sides[seat] in leading_sides}

    def verdict(seat: int) -> str | None:
        if best[seat] is None:
            return None
        if seat in scorers:
            return "good"
        return "equal" if seat in leaders and not scorers else "not good"

    verdicts = tuple(verdict(seat) for seat in seats)
    scored = tuple(held[seat] if seat in scorers else () for seat in seats)
    return CategoryResult(category, best, verdicts, scored)


def _repic(categories: tuple[CategoryResult, ...], form: Form) -> Repic | None:
    """The side that reaches the mark on declarations, counted category by
    category and within one in seating order, before any other side has
    scored anything."""
    totals: dict[int, int] = {}
    for result in categories:
        for seat, points in enumerate(result.points):
            if not points:
                continue
            side = form.sides[seat]
            if any(total for other, total in totals.items() if other != side):
                return None
            totals[side] = totals.get(side, 0) + points
            if totals[side] >= form.mark:
                members = form.partners(seat)
                final = sum(r.points[s] for r in categories for s in members)
                return Repic(seat, members, result.category, final, form.repic_bonus)
    return None


def _pic(
    players: tuple[PlayerScore, ...], repic: Repic | None, form: Form, rules: str
) -> PicOutlook:
    """The elder's side's prospect of pic, judged from the declarations."""
    from cribcount.piquet.play import last_trick_points, lead_points  # play imports this module

    elder_side = form.sides[0]
    own = [player for player in players if form.sides[player.seat] == elder_side]
    others = [player for player in players if form.sides[player.seat] != elder_side]
    who = "the elder" if len(own) == 1 else "the elder's side"
    if repic is not None and 0 in repic.side:
        return PicOutlook("repic", None, f"{who} makes repic, so pic does not arise")
    against = sum(player.declarations for player in others)
    if against:
        scorers = [player.role for player in others if player.declarations]
        names = " and ".join(f"the {role}" for role in scorers)
        verb = "scores" if len(scorers) == 1 else "score"
        return PicOutlook("impossible", None, f"{names} {verb} {against} in declarations")
    have = sum(player.declarations for player in own)
    needed = form.mark - have
    lead = players[0].lead
    if needed <= lead:
        return PicOutlook(
            "certain", 0, f"{who} has {have} and reaches {form.mark} with the point for his lead"
        )
    # at most a point a trick, each for a card of his side that scores led or
    # winning (the same cards), and the last trick's point
    tricks = form.hand_size
    scoring = sum(lead_points(card, rules) for player in own for card in player.hand.cards)
    most = min(scoring, tricks) + last_trick_points(rules)
    if needed > most:
        return PicOutlook(
            "impossible",
            None,
            f"{who} has {have} and needs {needed} from play, where at most {most} can be won",
        )
    rivals = "the younger scores" if len(players) == 2 else "the others score"
    if len(own) > 1:
        rivals = "the other side scores"
    return PicOutlook(
        "possible",
        needed,
        f"{who} has {have} and needs {needed} more from play before {rivals}",
    )


def _form_by_size(size: int, rules: str) -> Form:
    """The form whose hands hold ``size`` cards (Piquet au cent, or Rubicon Piquet, for
    any size no form deals)."""
    players = next((n for n, form in FORMS.items() if form.hand_size == size), 2)
    return form_of(players, rules)


def _player_json(player: PlayerScore) -> dict[str, Any]:
    return {
        "role": player.role,
        "hand": notations(player.hand.cards),
        "carte_blanche": player.carte_blanche,
        "point": player.point,
        "sequence": player.sequence,
        "sets": player.sets,
        "repic_bonus": player.repic,
        "lead": player.lead,
        "total": player.total,
    }
