"""Advice on the exchange: every lay-out of a dealt piquet hand, over every draw.

The elder lays out 1 to 5 cards and takes as many from the talon; the
younger lays out 1 up to the cards left in it: his 3, and any the elder
left (0 to 4, since the elder takes at least one of his 5). Under
``english`` rules the younger may also stand pat, laying out nothing and
keeping his twelve ("in England, he need not draw at all"); under
``classic`` and ``rubicon`` rules, as in France, he takes at least one. The
cards taken are any set of that size from the 20 the player has not seen
(the other hand and the talon), every set equally likely, and every one is
counted; standing pat is the one case of taking none.

For each exchange, the means over the draws of:

- held: what the declarations of the hand after the exchange score if every
  one of them is good (the point, every sequence, every quatorze and trio).
  Carte blanche is not among them: it is a dealt hand's, scored before the
  exchange, whatever the exchange;
- good: what they score when only the categories good against the cards
  count. A category's best declaration is good against the cards when
  nothing the opponent could hold beats or equals it; he holds 12 of the
  cards the player has not seen (not in his hand after the exchange, not in
  his lay-out), which are at least 13, so he could hold any part of one
  suit or one rank of them. When the best is good, every declaration of
  the category counts, as in the game;
- the repic chance: how often the good count, with the dealt hand's carte
  blanche counted first when it has one, reaches 30.

The point follows the rules chosen: ``english``, a point holding 7, 8 and 9
scores one less; ``rubicon``, the longest suit is the point, pip value only
breaking ties in length. Exchanges are ranked by the mean good against the
cards, then the mean as held, then the repic chance, then fewer cards taken,
then in the order of the dealt cards.

Every figure is exact: the kernel (:mod:`cribcount.piquet.exchange_kernel`) counts
how many draws give each number of points, and the means divide once.
Importing this module imports numba; the package does not import it by
itself. :func:`reference_exchange` is the plain brute force the kernel is
checked against, through :func:`~cribcount.piquet.declare.declare`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb, lcm
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from cribcount import jit
from cribcount.cards import PIQUET, PIQUET_RANKS, SUITS, Card, format_cards, notations, parse_cards
from cribcount.errors import HandError, quoted
from cribcount.piquet import exchange_kernel
from cribcount.piquet.declare import Declaration, check_hand, declare, piquet_rank, read_hand
from cribcount.piquet.forms import FORMS, ROLES, check_rules, form_of
from cribcount.words import counted

IntArray = npt.NDArray[np.int64]

HAND_SIZE = FORMS[2].hand_size
REPIC_MARK = FORMS[2].mark
ELDER_SHARE = 5
"""Cards of the talon the elder may take."""
YOUNGER_SHARE = 3
"""Cards of the talon kept for the younger, besides any the elder leaves."""
GOOD_CATEGORIES = ("point", "sequence", "sets")
"""The categories an exchange changes, in the order of scoring."""

BY_SUIT = tuple(Card(rank, suit) for suit in SUITS for rank in PIQUET_RANKS)
"""The 32 cards by suit, each suit from the seven up: the order unseen cards are listed in."""


@dataclass(frozen=True)
class Exchange:
    """One exchange of a dealt hand, with exact counts over every draw.

    ``lay_out`` and ``keep`` are the cards laid out and kept, in the order
    of the dealt hand.
    ``held_counts[v]`` is how many draws leave a hand whose declarations,
    all counted, are worth ``v``; ``good_counts[v]`` how many make those good
    against the cards worth ``v``. For each of :data:`GOOD_CATEGORIES`,
    ``good_draws`` counts the draws in which its best is good and
    ``good_points`` sums what it scores in them. ``carte_blanche`` is the
    dealt hand's (10 or 0), counted first toward repic.
    """

    lay_out: tuple[Card, ...]
    keep: tuple[Card, ...]
    held_counts: tuple[int, ...]
    good_counts: tuple[int, ...]
    good_draws: tuple[int, int, int]
    good_points: tuple[int, int, int]
    carte_blanche: int = 0

    @property
    def taken(self) -> int:
        """How many cards are laid out, and taken."""
        return len(self.lay_out)

    @functools.cached_property
    def draws(self) -> int:
        """How many sets of cards can be taken: every one is counted once."""
        return sum(self.held_counts)

    @functools.cached_property
    def held_total(self) -> int:
        """The declarations as held, summed over every draw."""
        return sum(points * count for points, count in enumerate(self.held_counts))

    @functools.cached_property
    def good_total(self) -> int:
        """The declarations good against the cards, summed over every draw."""
        return sum(points * count for points, count in enumerate(self.good_counts))

    @property
    def exact_held(self) -> Fraction:
        """The mean worth of the declarations as held."""
        return Fraction(self.held_total, self.draws)

    @property
    def exact_good(self) -> Fraction:
        """The mean worth of the declarations good against the cards."""
        return Fraction(self.good_total, self.draws)

    @property
    def held(self) -> float:
        return self.held_total / self.draws

    @property
    def good(self) -> float:
        return self.good_total / self.draws

    @property
    def repic_draws(self) -> int:
        """The draws in which carte blanche and the good declarations reach 30."""
        need = max(REPIC_MARK - self.carte_blanche, 0)
        return sum(self.good_counts[need:])

    @property
    def exact_repic(self) -> Fraction:
        """The chance that carte blanche and the good declarations reach 30."""
        return Fraction(self.repic_draws, self.draws)

    @property
    def repic_chance(self) -> float:
        return self.repic_draws / self.draws

    def category_chance(self, category: str) -> Fraction:
        """The chance that the best of ``category`` (see :data:`GOOD_CATEGORIES`) is good."""
        return Fraction(self.good_draws[_category_index(category)], self.draws)

    def category_good(self, category: str) -> Fraction:
        """The mean points of ``category`` good against the cards."""
        return Fraction(self.good_points[_category_index(category)], self.draws)


def _category_index(category: str) -> int:
    if category not in GOOD_CATEGORIES:
        raise HandError(
            f"unknown category {quoted(category)}: expected one of {', '.join(GOOD_CATEGORIES)}"
        )
    return GOOD_CATEGORIES.index(category)


def _order_key(option: Exchange) -> tuple[Fraction, Fraction, Fraction]:
    return (-option.exact_good, -option.exact_held, -option.exact_repic)


@dataclass(frozen=True)
class ExchangeAnalysis:
    """Every exchange of a dealt hand, best first: the greatest mean good against the
    cards, then as held, then the greater repic chance, then fewer cards taken, then in
    the order of the dealt cards.

    ``left`` is how many cards the elder left for the younger (0 for the
    elder); ``carte_blanche`` the dealt hand's, if it has one.
    """

    hand: tuple[Card, ...]
    role: str
    rules: str
    left: int
    carte_blanche: Declaration | None
    options: tuple[Exchange, ...]

    @property
    def most(self) -> int:
        """The most cards the player may lay out and take."""
        return most_taken(self.role, self.left)

    @property
    def least(self) -> int:
        """The fewest cards the player may lay out and take: 0 when he may stand pat."""
        return least_taken(self.role, self.rules)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The 20 cards the player has not seen, which every draw comes from."""
        return tuple(card for card in BY_SUIT if card not in self.hand)

    def places(self) -> list[tuple[int, bool]]:
        """Each option's place (1 = best) and whether it ties with another option:
        exchanges tie when both their means and their repic chances are equal."""
        keys = [_order_key(option) for option in self.options]
        first: dict[tuple[Fraction, Fraction, Fraction], int] = {}
        seen: dict[tuple[Fraction, Fraction, Fraction], int] = {}
        for place, key in enumerate(keys, start=1):
            first.setdefault(key, place)
            seen[key] = seen.get(key, 0) + 1
        return [(first[key], seen[key] > 1) for key in keys]

    def top(self, n: int | None = None) -> tuple[Exchange, ...]:
        """The first ``n`` options, and every further option tied with the ``n``-th;
        with ``n`` None, every option."""
        if n is None or n >= len(self.options):
            return self.options
        if n < 1:
            raise HandError(f"top {n}: expected a number of exchanges of 1 or more")
        last = _order_key(self.options[n - 1])
        end = n
        while end < len(self.options) and _order_key(self.options[end]) == last:
            end += 1
        return self.options[:end]

    def find(self, lay_out: Sequence[Card]) -> Exchange:
        """The option laying out exactly ``lay_out``."""
        check_lay_out(self.hand, lay_out, self.role, self.left, self.rules)
        wanted = set(lay_out)
        return next(option for option in self.options if set(option.lay_out) == wanted)

    def draws_taking(self, cards: Sequence[Card], taken: int) -> int:
        """Of the draws of ``taken`` cards the exchange counts, how many take in every one
        of ``cards``: the odds of the draw, as the books give them."""
        for card in cards:
            if card in self.hand:
                raise HandError(
                    f"card {str(card)!r} is in the hand {quoted(format_cards(self.hand))}: "
                    "only unseen cards are taken"
                )
        if not self.least <= taken <= self.most:
            raise HandError(
                f"{taken} cards taken: the {self.role} takes {self.least} to {self.most}"
            )
        draws = exchange_kernel.draw_masks(_bits(self.unseen), taken)
        wanted = PIQUET.mask(cards)
        return int(np.count_nonzero(draws & wanted == wanted))

    def to_json(
        self, shown: Sequence[Exchange] | None = None, detailed: Exchange | None = None
    ) -> dict[str, object]:
        """The analysis as plain data: the game, the rules, whose exchange, the dealt hand
        and its carte blanche, and the ``shown`` options (every one by default), best
        first, each with its place and whether it is tied. The totals beside the means
        make them exact fractions; a category's ``points_per_draw`` is what it scores
        good against the cards, over every draw (nothing in a draw where it is not
        good). The ``detailed`` option also gives how many draws make each number of
        points, good and as held."""
        places = dict(zip(self.options, self.places(), strict=True))
        options = []
        for option in self.options if shown is None else shown:
            place, tied = places[option]
            data: dict[str, object] = {
                "place": place,
                "tied": tied,
                "lay_out": notations(option.lay_out),
                "keep": notations(option.keep),
                "draws": option.draws,
                "held": option.held,
                "good": option.good,
                "repic_chance": option.repic_chance,
                "held_total": option.held_total,
                "good_total": option.good_total,
                "repic_draws": option.repic_draws,
                "categories": [
                    {
                        "category": category,
                        "chance": float(option.category_chance(category)),
                        "points_per_draw": float(option.category_good(category)),
                    }
                    for category in GOOD_CATEGORIES
                ],
            }
            if option is detailed:
                data["good_counts"] = _counts_json(option.good_counts)
                data["held_counts"] = _counts_json(option.held_counts)
            options.append(data)
        form = form_of(2, self.rules)
        return {
            "game": form.key,
            "title": form.name,
            "rules": self.rules,
            "role": self.role,
            "left": self.left if self.role == "younger" else None,
            "hand": notations(self.hand),
            "carte_blanche": self.carte_blanche.points if self.carte_blanche else 0,
            "unseen": len(self.unseen),
            "exchanges": len(self.options),
            "options": options,
        }


def most_taken(role: str, left: int = 0) -> int:
    """The most cards ``role`` may lay out: the elder 5, the younger 3 and those left."""
    return ELDER_SHARE if role == "elder" else YOUNGER_SHARE + left


def least_taken(role: str, rules: str = "classic") -> int:
    """The fewest cards ``role`` may lay out: 1, except that the younger may stand pat
    (lay out none) under ``english`` rules."""
    return 0 if role == "younger" and rules == "english" else 1


def check_role(role: str, left: int = 0) -> None:
    """Refuse an unknown role, and cards left by the elder other than 0 to 4, or for the elder."""
    if role not in ROLES:
        raise HandError(f"unknown role {quoted(role)}: expected elder or younger")
    if role == "elder" and left:
        raise HandError(
            f"{counted(left, 'card')} left: only the younger takes the cards the elder "
            "leaves in the talon"
        )
    if not 0 <= left <= ELDER_SHARE - 1:
        raise HandError(
            f"{counted(left, 'card')} left by the elder: he leaves 0 to {ELDER_SHARE - 1} of his "
            f"{ELDER_SHARE}, since he takes at least one"
        )


def check_lay_out(
    hand: Sequence[Card],
    lay_out: Sequence[Card],
    role: str,
    left: int = 0,
    rules: str = "classic",
) -> None:
    """Refuse a lay-out with a card not in ``hand``, or of a size the role may not take
    under ``rules`` (:func:`least_taken` to :func:`most_taken`)."""
    text = format_cards(lay_out)
    for card in lay_out:
        if card not in hand:
            raise HandError(
                f"card {str(card)!r} of the lay-out {quoted(text)} is not in the hand "
                f"{quoted(format_cards(hand))}"
            )
    twice = next((card for card in lay_out if lay_out.count(card) > 1), None)
    if twice is not None:
        raise HandError(
            f"card {str(twice)!r} is twice in the lay-out {quoted(text)}: "
            "each card is laid out once"
        )
    most = most_taken(role, left)
    least = least_taken(role, rules)
    if not least <= len(lay_out) <= most:
        share = (
            f"{YOUNGER_SHARE} and the {left} the elder left"
            if role == "younger" and left
            else str(most)
        )
        sizes = f"{least} (standing pat) to {share}" if least == 0 else f"1 to {share}"
        if role == "younger" and least:
            sizes += f" under {rules} rules (english rules let him stand pat)"
        what = (
            f"lay-out {quoted(text)} has {counted(len(lay_out), 'card')}"
            if lay_out
            else "no lay-out"
        )
        raise HandError(f"{what}: the {role} lays out {sizes}")


def read_lay_out(
    text: str, hand: Sequence[Card], role: str, left: int = 0, rules: str = "classic"
) -> tuple[Card, ...]:
    """Read the cards laid out of ``hand``: piquet cards of the hand, as many as the role
    may take under ``rules``; a blank text lays out nothing (the younger standing pat,
    under ``english`` rules)."""
    cards = tuple(parse_cards(text, PIQUET)) if text.strip() else ()
    check_lay_out(hand, cards, role, left, rules)
    return cards


def analyse_exchange(
    hand: Sequence[Card] | str, role: str = "elder", rules: str = "classic", left: int = 0
) -> ExchangeAnalysis:
    """Count every exchange of the dealt ``hand`` for ``role`` over every draw, best first.

    ``left`` is how many of his five cards the elder left for the younger.
    """
    check_rules(rules)
    check_role(role, left)
    dealt = read_hand(hand, HAND_SIZE) if isinstance(hand, str) else check_hand(hand, HAND_SIZE)
    blanche = declare(dealt, rules).carte_blanche
    lay_outs = [
        positions
        for size in range(least_taken(role, rules), most_taken(role, left) + 1)
        for positions in combinations(range(HAND_SIZE), size)
    ]
    held, good, parts = _histograms(dealt, lay_outs, rules)
    carte_blanche = blanche.points if blanche else 0
    points = np.arange(exchange_kernel.BINS)
    draws = held.sum(axis=1).tolist()
    held_totals = (held @ points).tolist()
    good_totals = (good @ points).tolist()
    repics = good[:, max(REPIC_MARK - carte_blanche, 0) :].sum(axis=1).tolist()
    # the means compared exactly, over a common number of draws
    common = lcm(*draws)
    ranked = sorted(
        range(len(lay_outs)),
        key=lambda row: (
            -good_totals[row] * (common // draws[row]),
            -held_totals[row] * (common // draws[row]),
            -repics[row] * (common // draws[row]),
            len(lay_outs[row]),
            row,
        ),
    )
    held_rows = _trimmed(held)
    good_rows = _trimmed(good)
    part_rows = parts.tolist()
    options = tuple(
        Exchange(
            lay_out=tuple(dealt[i] for i in lay_outs[row]),
            keep=tuple(card for i, card in enumerate(dealt) if i not in lay_outs[row]),
            held_counts=held_rows[row],
            good_counts=good_rows[row],
            good_draws=(part_rows[row][0], part_rows[row][2], part_rows[row][4]),
            good_points=(part_rows[row][1], part_rows[row][3], part_rows[row][5]),
            carte_blanche=carte_blanche,
        )
        for row in ranked
    )
    return ExchangeAnalysis(dealt, role, rules, left, blanche, options)


def _histograms(
    dealt: tuple[Card, ...], lay_outs: Sequence[tuple[int, ...]], rules: str
) -> tuple[IntArray, IntArray, IntArray]:
    """Run the kernels over every lay-out of ``dealt``, given as positions in it."""
    unseen = tuple(card for card in BY_SUIT if card not in dealt)
    bits = _bits(unseen)
    most = max(len(positions) for positions in lay_outs)
    by_size = [exchange_kernel.draw_masks(bits, size) for size in range(most + 1)]
    draws = np.concatenate(by_size)
    starts = np.cumsum([0] + [len(masks) for masks in by_size]).astype(np.int64)
    tables = suit_tables(rules)
    opponent = exchange_kernel.opponent_bests(
        PIQUET.mask(unseen),
        draws,
        tables.point_key,
        tables.run_code,
        tables.spread,
        tables.set_code,
    )
    full = PIQUET.mask(dealt)
    card_masks = [1 << PIQUET.id(card) for card in dealt]
    keeps = np.array(
        [full & ~sum(card_masks[i] for i in positions) for positions in lay_outs], np.int64
    )
    sizes = np.array([len(positions) for positions in lay_outs], np.int64)
    held, good, parts = exchange_kernel.exchange_histograms(
        keeps, sizes, draws, starts, *opponent, *tables
    )
    return held, good, parts


def _bits(cards: Sequence[Card]) -> IntArray:
    return np.array([PIQUET.id(card) for card in cards], np.int64)


def _trimmed(histograms: IntArray) -> list[tuple[int, ...]]:
    """Each row of histograms as a tuple, without the empty bins above its greatest value."""
    ends = histograms.shape[1] - np.argmax(histograms[:, ::-1] != 0, axis=1)
    return [tuple(row[:end]) for row, end in zip(histograms.tolist(), ends.tolist(), strict=True)]


# -- the tables the kernels read ------------------------------------------------


def strength_code(strength: tuple[int, ...]) -> int:
    """A declaration's strength as one number, in the same order: a pair (length and
    pips, length and top card, kind and rank) in base 128, all under 128."""
    code = 0
    for part in strength:
        code = code * 128 + part
    return code


SET_RANKS = (10, 11, 12, 13, 14)
"""The ranks of quatorzes and trios, each given three bits of a set key, the ten lowest."""


class Tables(NamedTuple):
    """The tables the kernels read, in the order
    :func:`exchange_kernel.exchange_histograms` takes them."""

    point_key: IntArray
    run_code: IntArray
    run_points: IntArray
    spread: IntArray
    set_code: IntArray
    set_points: IntArray


@functools.cache
def suit_tables(rules: str) -> Tables:
    """The kernels' tables, read from :func:`~cribcount.piquet.declare.declare`.

    Indexed by the byte of one suit's cards (bit ``i`` the rank ``7 + i``):
    ``point_key`` the suit's point as ``strength * 16 + points`` (0 for
    none), so that the greatest key is the point declared and its strength
    is ``key >> 4``; ``run_code`` the strength of the suit's best sequence,
    ``run_points`` what all its sequences score; ``spread`` the count the
    suit adds to each rank of :data:`SET_RANKS`. Indexed by the sum of four
    ``spread`` entries: ``set_code`` the strength of the best quatorze or
    trio, ``set_points`` what they all score.
    """
    point_key = np.zeros(256, np.int64)
    run_code = np.zeros(256, np.int64)
    run_points = np.zeros(256, np.int64)
    spread = np.zeros(256, np.int64)
    for byte in range(256):
        cards = [Card(PIQUET_RANKS[i], "S") for i in range(8) if byte >> i & 1]
        held = declare(cards, rules)
        if held.point is not None:
            point_key[byte] = strength_code(held.point.strength) * 16 + held.point.points
        if held.sequences:
            run_code[byte] = strength_code(held.sequences[0].strength)
            run_points[byte] = sum(decl.points for decl in held.sequences)
        spread[byte] = sum(
            1 << 3 * SET_RANKS.index(piquet_rank(card))
            for card in cards
            if piquet_rank(card) in SET_RANKS
        )
    # A rank's quatorze or trio does not depend on the other ranks: declare
    # each count of each rank alone, then take the best and add the points.
    alone = {
        (i, n): declare([Card(1 if rank == 14 else rank, suit) for suit in SUITS[:n]], rules).sets
        for i, rank in enumerate(SET_RANKS)
        for n in range(5)
    }
    set_code = np.zeros(1 << 3 * len(SET_RANKS), np.int64)
    set_points = np.zeros(1 << 3 * len(SET_RANKS), np.int64)
    for counts in np.ndindex(*(5,) * len(SET_RANKS)):
        sets = [decl for i, n in enumerate(counts) for decl in alone[i, n]]
        key = sum(n << 3 * i for i, n in enumerate(counts))
        if sets:
            set_code[key] = max(strength_code(decl.strength) for decl in sets)
            set_points[key] = sum(decl.points for decl in sets)
    return Tables(point_key, run_code, run_points, spread, set_code, set_points)


# -- the plain brute force --------------------------------------------------------


def reference_exchange(
    hand: Sequence[Card], lay_out: Sequence[Card], rules: str = "classic"
) -> Exchange:
    """The exchange's counts, drawing every set of cards in turn and declaring the hand
    with :func:`~cribcount.piquet.declare.declare`: the kernel's twin.

    The opponent's best in a category is the best :func:`declare` finds in
    all the cards the player has not seen together: each declaration lies
    in one suit or one rank, and he could hold any of those cards of it.
    """
    dealt = check_hand(hand, HAND_SIZE)
    laid = set(lay_out)
    keep = tuple(card for card in dealt if card not in laid)
    unseen = [card for card in BY_SUIT if card not in dealt]
    blanche = declare(dealt, rules).carte_blanche
    held_counts: dict[int, int] = {}
    good_counts: dict[int, int] = {}
    good_draws = [0, 0, 0]
    good_points = [0, 0, 0]
    for drawn in combinations(unseen, len(lay_out)):
        mine = declare(keep + drawn, rules)
        theirs = declare([card for card in unseen if card not in drawn], rules)
        worth = sum(decl.points for category in GOOD_CATEGORIES for decl in mine.of(category))
        good = 0
        for i, category in enumerate(GOOD_CATEGORIES):
            own = mine.of(category)
            other = theirs.of(category)
            if own and (not other or own[0].strength > other[0].strength):
                points = sum(decl.points for decl in own)
                good += points
                good_draws[i] += 1
                good_points[i] += points
        held_counts[worth] = held_counts.get(worth, 0) + 1
        good_counts[good] = good_counts.get(good, 0) + 1
    return Exchange(
        lay_out=tuple(card for card in dealt if card in laid),
        keep=keep,
        held_counts=_listed(held_counts),
        good_counts=_listed(good_counts),
        good_draws=(good_draws[0], good_draws[1], good_draws[2]),
        good_points=(good_points[0], good_points[1], good_points[2]),
        carte_blanche=blanche.points if blanche else 0,
    )


def _listed(counts: dict[int, int]) -> tuple[int, ...]:
    return tuple(counts.get(points, 0) for points in range(max(counts) + 1))


def compile_note() -> str | None:
    """What to tell the user before the kernels' first use (:func:`jit.compile_note`)."""
    return jit.compile_note(
        [
            exchange_kernel.draw_masks,
            exchange_kernel.opponent_bests,
            exchange_kernel.exchange_histograms,
        ]
    )


def exchanges_count(role: str, left: int = 0, rules: str = "classic") -> int:
    """How many exchanges the role can make: every lay-out of the fewest cards it may
    take (:func:`least_taken`) up to the most."""
    sizes = range(least_taken(role, rules), most_taken(role, left) + 1)
    return sum(comb(HAND_SIZE, size) for size in sizes)


def _counts_json(counts: Sequence[int]) -> dict[str, int]:
    """The draws making each number of points, the numbers no draw makes left out."""
    return {str(points): count for points, count in enumerate(counts) if count}
