"""The show: the readable, itemised scorer of a cribbage hand or crib.

This module is the specification in code; the numba kernel is checked
against it. A hand is counted together with the starter:

- every distinct set of two or more cards whose values sum to 15 scores 2;
- every pair of cards of one rank scores 2, so three of a rank (a pair
  royal) score 6 and four (a double pair royal) 12;
- every maximal stretch of three or more consecutive ranks is a run, and
  each way of taking one card of each of its ranks scores the run's length;
- a flush scores one per card: in the hand, all hand cards of one suit, one
  more if the starter matches; in the crib, only all crib cards and the
  starter together;
- a jack in hand of the starter's suit scores 1 for his nobs.

A jack turned as starter is two for his heels to the dealer: pegged at the
cut, not part of any show, so it is only noted (``HandScore.heels``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import Any

from cribcount.cards import SUITS, Card, card_key, format_cards, notations, parse_hand
from cribcount.cribbage.forms import CRIB_SIZE, Form, find_form
from cribcount.errors import HandError, quoted
from cribcount.words import counted, number_word

KINDS = ("fifteen", "pair", "run", "flush", "nobs")
"""Item kinds, in the order a player counts them."""

CATEGORIES = {
    "fifteen": "fifteens",
    "pair": "pairs",
    "run": "runs",
    "flush": "flush",
    "nobs": "nobs",
}
"""The breakdown's name for the subtotal of each kind."""

_PAIR_NAMES = {2: "pair", 3: "pair royal", 4: "double pair royal"}

_SAID: dict[tuple[tuple[int, ...], int, int], str] = {}
"""What :attr:`HandScore.said` has said, by the ranks held, the flush and the nobs."""


@dataclass(frozen=True)
class ScoreItem:
    """One scoring combination: its kind (see :data:`KINDS`), its cards and points."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def name(self) -> str:
        """The item as a player names it: ``'pair royal'``, ``'run of 4'``, ``'flush'``."""
        return combination_name(self.kind, len(self.cards))


def combination_name(kind: str, length: int) -> str:
    """A score as players name it, in the show or the play.

    Two, three or four cards of a rank are a ``'pair'``, ``'pair royal'`` or
    ``'double pair royal'``; a run of ``length`` cards is ``'run of 4'``; any
    other kind is named by itself.
    """
    if kind == "pair":
        return _PAIR_NAMES[length]
    if kind == "run":
        return f"run of {length}"
    return kind


@dataclass(frozen=True)
class HandScore:
    """The itemised show of a hand (or crib) with its starter."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[ScoreItem, ...]
    game: str | None = None
    """The form of the game whose hand size was checked (:func:`score_text`), if any."""

    @property
    def total(self) -> int:
        """The points of every item."""
        return sum(item.points for item in self.items)

    @property
    def heels(self) -> bool:
        """A jack starter: two for his heels to the dealer, pegged at the cut."""
        return self.starter.rank == 11

    def points(self, kind: str) -> int:
        """The subtotal of one kind of item."""
        return sum(item.points for item in self.items if item.kind == kind)

    @property
    def breakdown(self) -> dict[str, int]:
        """Subtotals by category: fifteens, pairs, runs, flush, nobs."""
        subtotals = dict.fromkeys(CATEGORIES.values(), 0)
        for item in self.items:
            subtotals[CATEGORIES[item.kind]] += item.points
        return subtotals

    @property
    def said(self) -> str:
        """The count as a player says it: ``'fifteen two, fifteen four, and a pair is 6'``.

        What is said depends on the ranks held (which make the fifteens, pairs
        and runs), the flush and the nobs alone, so it is said once for each
        of those and remembered, for batches.
        """
        flush = nobs = 0
        for item in self.items:
            if item.kind == "flush":
                flush = item.points
            elif item.kind == "nobs":
                nobs = 1
        ranks = tuple(sorted(card.rank for card in (*self.hand, self.starter)))
        key = (ranks, flush, nobs)
        said = _SAID.get(key)
        if said is None:
            said = _SAID[key] = say(self.items)
        return said

    def to_json(self) -> dict[str, Any]:
        """The score as plain data, cards written like ``'10D'``, ready for JSON; ``game``
        null when no form of the game checked the hand's size."""
        return {
            "game": self.game,
            "hand": notations(self.hand),
            "starter": str(self.starter),
            "crib": self.crib,
            "total": self.total,
            "breakdown": self.breakdown,
            "items": [
                {
                    "kind": item.kind,
                    "name": item.name,
                    "cards": notations(item.cards),
                    "points": item.points,
                }
                for item in self.items
            ],
            "said": self.said,
            "heels": self.heels,
        }


def score_hand(
    hand: Sequence[Card], starter: Card, crib: bool = False, form: Form | None = None
) -> HandScore:
    """Score ``hand`` (3 to 5 cards) with ``starter``, by hand rules or with ``crib`` crib
    rules; ``form``, when given, is the form of the game the hand's size was checked for,
    which the score records."""
    cards = (*hand, starter)
    _check_cards(hand, cards)
    ordered = tuple(sorted(cards, key=card_key))
    items = (
        *(
            ScoreItem(kind, tuple(ordered[i] for i in places), points)
            for kind, places, points in _rank_items(tuple(card.rank for card in ordered))
        ),
        *_flush(tuple(hand), starter, crib),
        *_nobs(tuple(hand), starter),
    )
    return HandScore(tuple(hand), starter, crib, items, None if form is None else form.name)


def show_breakdown(hand: Sequence[Card], starter: Card, crib: bool = False) -> dict[str, int]:
    """The subtotals of :attr:`HandScore.breakdown` without the items, quickly, for batches.

    Fifteens, pairs and runs depend on the ranks alone, so they are counted
    by the scorers above once for each multiset of ranks and remembered
    (:func:`_rank_subtotals`); the flush and nobs, which need the suits, are
    scored for each hand by :func:`_flush` and :func:`_nobs`. The checks and
    errors are those of :func:`score_hand`.
    """
    cards = (*hand, starter)
    _check_cards(hand, cards)
    fifteens, pairs, runs = _rank_subtotals(tuple(sorted([card.rank for card in cards])))
    held = tuple(hand)
    flush = _flush(held, starter, crib)
    nobs = _nobs(held, starter)
    return {
        "fifteens": fifteens,
        "pairs": pairs,
        "runs": runs,
        "flush": flush[0].points if flush else 0,
        "nobs": len(nobs),
    }


@cache
def _rank_items(ranks: tuple[int, ...]) -> tuple[tuple[str, tuple[int, ...], int], ...]:
    """The fifteens, pairs and runs of cards of ``ranks`` (sorted), by :func:`_fifteens`,
    :func:`_pairs` and :func:`_runs`, each as its kind, the places of its cards among
    the sorted cards, and its points.

    Suits do not change them: they are found once for each multiset of ranks, on cards
    in which the k-th card of a rank takes the k-th suit, so that these cards sort as
    any cards of those ranks do, and remembered.
    """
    cards = tuple(Card(rank, SUITS[ranks[:i].count(rank)]) for i, rank in enumerate(ranks))
    place = {card: i for i, card in enumerate(cards)}
    return tuple(
        (item.kind, tuple(place[card] for card in item.cards), item.points)
        for item in (*_fifteens(cards), *_pairs(cards), *_runs(cards))
    )


@cache
def _rank_subtotals(ranks: tuple[int, ...]) -> tuple[int, int, int]:
    """The points of the fifteens, pairs and runs of cards of ``ranks`` (sorted)."""
    subtotals = dict.fromkeys(("fifteen", "pair", "run"), 0)
    for kind, _places, points in _rank_items(ranks):
        subtotals[kind] += points
    return subtotals["fifteen"], subtotals["pair"], subtotals["run"]


def _check_cards(hand: Sequence[Card], cards: tuple[Card, ...]) -> None:
    """A hand holds 3 to 5 cards besides the starter, all of them different."""
    if not 3 <= len(hand) <= 5:
        raise HandError(
            f"{counted(len(hand), 'card')} in {format_cards(hand)!r}: a hand holds 3 to 5 cards "
            "besides the starter"
        )
    if len(set(cards)) != len(cards):
        raise HandError(f"duplicate card in {format_cards(hand)} / {cards[-1]}")


def check_size(hand: Sequence[Card], game: str | Form = "six", crib: bool = False) -> None:
    """Check that ``hand`` has as many cards as ``game`` keeps (or a crib holds)."""
    form = find_form(game)
    wanted = CRIB_SIZE if crib else form.kept
    if len(hand) != wanted:
        what = "a crib holds" if crib else f"a hand in {form.title} holds"
        raise HandError(
            f"{counted(len(hand), 'card')} in {format_cards(hand)!r}: {what} {wanted} besides "
            "the starter"
        )


def _fifteens(cards: tuple[Card, ...]) -> list[ScoreItem]:
    """Every set of two or more cards whose values sum to 15 scores 2."""
    return [
        ScoreItem("fifteen", combo, 2)
        for size in range(2, len(cards) + 1)
        for combo in combinations(cards, size)
        if sum(card.value for card in combo) == 15
    ]


def _pairs(cards: tuple[Card, ...]) -> list[ScoreItem]:
    """One item per rank held more than once: n cards of a rank make n(n-1)/2 pairs."""
    by_rank = _by_rank(cards)
    return [
        ScoreItem("pair", group, len(group) * (len(group) - 1))
        for group in by_rank.values()
        if len(group) >= 2
    ]


def _runs(cards: tuple[Card, ...]) -> list[ScoreItem]:
    """Each way of taking one card per rank of a maximal stretch of 3+ ranks."""
    by_rank = _by_rank(cards)
    items: list[ScoreItem] = []
    stretch: list[int] = []
    for rank in range(1, 15):  # no card has rank 14, so it closes a stretch up to the king
        if rank in by_rank:
            stretch.append(rank)
            continue
        if len(stretch) >= 3:
            for combo in product(*(by_rank[r] for r in stretch)):
                items.append(ScoreItem("run", combo, len(stretch)))
        stretch = []
    return items


def _flush(hand: tuple[Card, ...], starter: Card, crib: bool) -> list[ScoreItem]:
    """All hand cards of one suit score one a card, one more with a starter of that suit;
    a crib scores only with the starter."""
    suits = {card.suit for card in hand}
    if len(suits) != 1:
        return []
    if starter.suit in suits:
        return [ScoreItem("flush", (*hand, starter), len(hand) + 1)]
    if crib:
        return []
    return [ScoreItem("flush", hand, len(hand))]


def _nobs(hand: tuple[Card, ...], starter: Card) -> list[ScoreItem]:
    """A jack in hand of the starter's suit scores 1."""
    return [
        ScoreItem("nobs", (card,), 1)
        for card in hand
        if card.rank == 11 and card.suit == starter.suit
    ]


def _by_rank(cards: tuple[Card, ...]) -> dict[int, tuple[Card, ...]]:
    groups: dict[int, list[Card]] = {}
    for card in cards:
        groups.setdefault(card.rank, []).append(card)
    return {rank: tuple(group) for rank, group in groups.items()}


def say(items: Sequence[ScoreItem]) -> str:
    """Count items aloud as players do: the fifteens one by one, then the groups.

    Each fifteen is said with the running count (``'fifteen four'``), then
    each group of :func:`spoken_groups` by its name with the running count
    (``'a double run is 10'``). Two parts are joined by "and", three or
    more listed with commas and ", and" before the last; fifteens alone take
    no "and", the last of them saying the total. A show of nothing is
    "nineteen", the count no hand can make.

    ``'fifteen two, fifteen four, fifteen six, and a double run is 14'``
    """
    parts: list[str] = []
    running = 0
    for item in items:
        if item.kind == "fifteen":
            running += item.points
            parts.append(f"fifteen {number_word(running)}")
    for phrase, points in spoken_groups(items):
        running += points
        parts.append(f"{phrase} is {running}")
    if not parts:
        return "nineteen: nothing to score"
    if parts[-1].startswith("fifteen"):
        return ", ".join(parts)
    if len(parts) <= 2:
        return " and ".join(parts)
    return ", ".join(parts[:-1]) + ", and " + parts[-1]


def spoken_groups(items: Sequence[ScoreItem]) -> list[tuple[str, int]]:
    """The items other than fifteens as a player groups them, with their points.

    The runs over one stretch of ranks are said as one, together with the
    pairs among those ranks, by :func:`run_name`: 3 4 4 5 is "a double run",
    its two runs of three and its pair, 8. Pairs of ranks in no run are said
    on their own ("a pair", "a pair royal"), then the flush and nobs.
    """
    stretches: dict[tuple[int, ...], list[ScoreItem]] = {}
    for item in items:
        if item.kind == "run":
            ranks = tuple(sorted({card.rank for card in item.cards}))
            stretches.setdefault(ranks, []).append(item)
    groups: list[tuple[str, int]] = []
    for ranks, runs in stretches.items():
        held = {card for run in runs for card in run.cards}
        counts = [sum(card.rank == rank for card in held) for rank in ranks]
        pairs = [item for item in items if item.kind == "pair" and item.cards[0].rank in ranks]
        points = sum(run.points for run in runs) + sum(pair.points for pair in pairs)
        groups.append((run_name(counts), points))
    in_runs = {rank for ranks in stretches for rank in ranks}
    groups += [
        (item_phrase(item), item.points)
        for item in items
        if item.kind in ("flush", "nobs")
        or (item.kind == "pair" and item.cards[0].rank not in in_runs)
    ]
    return groups


_MULTIPLES = {2: "double", 3: "triple", 4: "quadruple"}


def run_name(counts: Sequence[int]) -> str:
    """A run said with the pairs among its ranks, by the cards held of each of its ranks.

    A run of three with one rank doubled is "a double run" (6 for the runs and
    2 for the pair, 8), tripled "a triple run" (9 + 6 = 15), held four times
    "a quadruple run" (12 + 12 = 24); two ranks doubled make "a double double
    run" (12 + 4 = 16). In general there is one word per rank held more than
    once, the most held first: 3 3 3 4 4 5 is "a triple double run". Longer
    runs add their length ("a double run of four", 8 + 2 = 10), and a run
    with no rank repeated is "a run of three", "a run of four".
    """
    multiples = sorted((count for count in counts if count > 1), reverse=True)
    length = number_word(len(counts))
    if not multiples:
        return f"a run of {length}"
    name = "a " + " ".join(_MULTIPLES[count] for count in multiples) + " run"
    return name if len(counts) == 3 else f"{name} of {length}"


def item_phrase(item: ScoreItem) -> str:
    """A pair, flush or nobs as said: "a pair royal", "a flush of four", "one for his nobs"."""
    if item.kind == "flush":
        return f"a flush of {number_word(len(item.cards))}"
    if item.kind == "nobs":
        return "one for his nobs"
    return f"a {item.name}"


def read_show(text: str, game: str | Form = "six", crib: bool = False) -> tuple[list[Card], Card]:
    """Parse ``'5H 5S 5C JD / 5D'`` as a hand (or crib) of ``game`` and its starter."""
    hand, starter = parse_hand(text)
    if starter is None:
        raise HandError(
            f"no starter in {quoted(text)}: write the starter after a slash, as in '... / 5D'"
        )
    check_size(hand, game, crib)
    return hand, starter


def score_text(text: str, game: str | Form = "six", crib: bool = False) -> HandScore:
    """Parse ``'5H 5S 5C JD / 5D'``, check its size for ``game``, and score it."""
    form = find_form(game)
    return score_hand(*read_show(text, form, crib), crib, form)
