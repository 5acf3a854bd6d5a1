"""Rubicon Bézique's declarations, scored by the laws (16, 33 to 52).

**The declarations and their points** (law 40): carte blanche 50 (no king, queen or
knave among the nine cards); marriage (K and Q of a suit) 40 in trumps, 20 in a plain
suit; sequence (A 10 K Q J of a suit) 250 in trumps, 150 in a plain suit; bézique (the
queen of spades and the knave of diamonds) 40, double bézique (both cards twice) 500,
triple 1500, quadruple 4500; four aces 100, four kings 80, four queens 60, four knaves
40, of any suits. The first marriage scored makes its suit trumps, and so scores 40;
if no marriage has been scored, the first sequence does, and scores 250 (law 41).

**When.** A declaration is made and scored only on winning a trick, before drawing, one
scored a trick (laws 42, 43). Several may be laid on one trick, one of them scored; the
others, laid and not yet scored, are scored one a trick on later tricks won, while the
player may make and score fresh ones meanwhile (laws 44, 45). One laid and not yet
scored is lost when a card of it is played first (law 46), and when a superior
combination of its cards is scored first (laws 47, 48). A declaration laid does not make
trumps: the first marriage *scored* does, and one laid scores at the trumps of the
trick it is scored on (law 41). Carte blanche is scored before playing to a trick,
whoever wins it, and a carte blanche holding four aces may have the four aces scored too
on winning that trick (law 43). Carte blanche is declared on the nine cards dealt, before the first
trick, and again before each later trick as long as every card drawn since is no king,
queen or knave, shown (law 16). The stock of 110 cards lasts 55 tricks: no declaration
on trick 56 or later (law 52).

**Cards used again.** The declared cards are laid on the table, where they stay until
played (law 33); a declaration puts at least one card from the hand on the table. A
card on the table may serve again in a declaration of another kind (marriage,
sequence, the bézique family, four of a kind), never twice in the same kind, except:

- law 34: when a card of a declared combination has been played, the rest with a card
  put in its place make it again;
- law 35: with more than one marriage declared in a suit, a fresh marriage each time
  one of their cards is played, while a king and queen of the suit remain on the table
  (of cards on the table only);
- law 36: a marriage, then its A 10 J added: the sequence;
- law 37: a king or queen declared in a sequence never forms a marriage afterwards (a
  fresh king and queen may);
- law 38: bézique cards declared apart may be united into a superior bézique
  combination, with or without cards added from the hand; cards declared in a
  superior one never form an inferior one; they may form an equal one with a card put
  in the place of one played;
- laws 47, 48: an inferior combination not yet scored is lost when its cards are scored
  in the superior one first (the marriage when its sequence is, the lesser bézique when
  the greater is); law 46: one not yet scored is lost when a card of it is played.

A card played from the table is a copy in no declaration laid and not yet scored when
there is one (the player keeps what he has to score), else the copy laid there first.

**The table**, a player's declared cards, is written a card at a time, each followed by
``/`` and what it served in, joined by ``+``: ``m`` marriage, ``s`` sequence, ``b`` (or
``b1``), ``b2``, ``b3``, ``b4`` single, double, triple, quadruple bézique (the
greatest it served in), ``4`` four of its rank: ``KH/m QH/m+s AH/s 10H/s JH/s``. A ``?``
after a use marks a declaration laid and not yet scored: ``QS/b? JD/b? KS/m QS/m``, a
bézique laid and a marriage scored. The cards so marked for a use make the declarations
laid, a suit at a time for marriages and sequences (a king and a queen, or A 10 K Q J,
each), a rank at a time for fours, and for ``bN?`` N queens of spades with N knaves of
diamonds; a card laid in a lesser bézique besides a greater is marked for both,
``QS/b?+b2?``. Such a table says what each card served in, not what was played since:
the restored combinations of laws 34 and 35 are judged from a deal given in order.

**A deal** is its steps in order, separated by ``;``, each the player (``first``, the
non-dealer, or ``second``), the trick, and what he does:

- ``first 3 KH QH``: declares the cards, laid from the hand, on winning trick 3;
  ``first 7 AH 10H JH + KH QH``: declares a sequence, the A 10 J laid from the hand, the
  K Q after ``+`` those on the table (a card on the table is the copy there that may
  serve in it, the one that served in most declarations first);
- ``first 3 lays QS JD``, ``first 3 lays JD + QS``: on winning trick 3, lays a
  declaration (from the hand, then ``+`` those of the table) without scoring it (law 44:
  ``first 3 KS QS; first 3 lays JD + QS`` lays the marriage and the bézique of K Q of
  spades and J of diamonds, scoring the marriage); judged as one made, by laws 42, 52 and
  the rules of reuse, but not counted in law 43's one a trick;
- ``first 5 scores QS JD``: scores on winning trick 5 the declaration of those cards laid
  and not yet scored (law 45), one a trick (law 43); refused by the law that lost it
  (46 to 48). A declaration of the cards of the table only that one laid is, scores it
  too (``first 5 + QS JD``);
- ``second 5 plays KH``: plays a declared card from the table to trick 5 (cards played
  from the hand are not written), losing a declaration of it laid and not yet scored (law
  46);
- ``first 1 carte blanche 7H 8H 9H 10H AH 7S 8S 9S 10S``: carte blanche before trick 1,
  showing the nine; ``first 2 carte blanche 9C`` again before trick 2, showing the card
  drawn after trick 1.

Each step says the declarations laid and not yet scored that it loses: a play by law
46, a superior combination scored by law 47 or 48. Given a player's hand and table
instead (:func:`declare`, :func:`list_declarations`), the cards of a declaration laid
and not yet scored score it (law 45); else each card of a declaration comes from the
table when a copy there may serve in it, else from the hand.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from cribcount.bezique.pack import (
    BEZIQUE,
    HAND_SIZE,
    ROLES,
    SUIT_NAMES,
    check_counts,
    play_order,
    read_cards,
)
from cribcount.cards import SUITS, Card, notations
from cribcount.errors import CribcountError, quoted
from cribcount.words import counted

CARTE_BLANCHE = "carte blanche"
MARRIAGE = "marriage"
SEQUENCE = "sequence"
BEZIQUE_KINDS = {1: "bezique", 2: "double bezique", 3: "triple bezique", 4: "quadruple bezique"}
"""The bézique family by level: how many times each of its two cards is held."""
FOUR_KINDS = {1: "four aces", 13: "four kings", 12: "four queens", 11: "four knaves"}
"""The fours by rank."""

CARTE_BLANCHE_POINTS = 50
MARRIAGE_POINTS = {True: 40, False: 20}
"""A marriage's points, in trumps (True) and in a plain suit."""
SEQUENCE_POINTS = {True: 250, False: 150}
BEZIQUE_POINTS = {1: 40, 2: 500, 3: 1500, 4: 4500}
FOUR_POINTS = {1: 100, 13: 80, 12: 60, 11: 40}

SEQUENCE_RANKS = (1, 10, 13, 12, 11)
"""A sequence: A 10 K Q J of a suit."""
COURT_RANKS = (11, 12, 13)
"""The cards that end a carte blanche: knaves, queens and kings."""
STOCK_TRICKS = 55
"""The tricks won while the stock lasts (110 cards, two drawn a trick)."""
TRICKS = 64
"""The tricks of a deal: 128 cards, two a trick."""

_TAGS = {"m": MARRIAGE, "s": SEQUENCE, "4": "four"} | {
    name: "bezique" for name in ("b", "b1", "b2", "b3", "b4")
}
_PLAYER_WORDS = {"first": "first", "second": "second", "1": "first", "2": "second"}


class DeclareError(CribcountError):
    """Cards, a table or a deal that cannot be read as declarations."""


# -- combinations ----------------------------------------------------------------


@dataclass(frozen=True)
class Combination:
    """A scoring combination: its kind (``marriage``, ``sequence``, ``bezique`` ...,
    ``four aces`` ...), its cards in play order, its suit (marriages and sequences) and
    its points."""

    kind: str
    cards: tuple[Card, ...]
    points: int
    suit: str | None = None
    trumps: bool = False

    @property
    def name(self) -> str:
        """``'marriage of hearts, trumps'``, ``'double bézique'``, ``'four aces'``."""
        if self.suit is None:
            return self.kind.replace("bezique", "bézique")
        return f"{self.kind} of {SUIT_NAMES[self.suit]}" + (", trumps" if self.trumps else "")

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": notations(self.cards), "points": self.points}


def identify(cards: Sequence[Card], trump: str | None, text: str = "") -> Combination:
    """The combination ``cards`` make, scored with ``trump`` (None: no trump yet, so a
    marriage or sequence would make its suit trumps and score as trumps)."""
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    suits = {card.suit for card in cards}
    ranks = sorted(card.rank for card in cards)
    ordered = play_order(cards)
    if len(suits) == 1 and ranks == [12, 13]:
        suit = cards[0].suit
        trumps = trump in (None, suit)
        return Combination(MARRIAGE, ordered, MARRIAGE_POINTS[trumps], suit, trumps)
    if len(suits) == 1 and ranks == sorted(SEQUENCE_RANKS):
        suit = cards[0].suit
        trumps = trump in (None, suit)
        return Combination(SEQUENCE, ordered, SEQUENCE_POINTS[trumps], suit, trumps)
    level = counts.get(BEZIQUE[0], 0)
    if set(counts) == set(BEZIQUE) and counts[BEZIQUE[1]] == level:
        return Combination(BEZIQUE_KINDS[level], ordered, BEZIQUE_POINTS[level])
    if len(cards) == 4 and len(set(ranks)) == 1 and ranks[0] in FOUR_KINDS:
        return Combination(FOUR_KINDS[ranks[0]], ordered, FOUR_POINTS[ranks[0]])
    raise DeclareError(
        f"cards {quoted(text or ' '.join(notations(cards)))} make no declaration: expected"
        " a marriage (K Q of a suit), a sequence (A 10 K Q J of a suit), bézique (QS JD,"
        " up to four times each) or four aces, kings, queens or knaves"
    )


def bezique_level(kind: str) -> int:
    """1 to 4 for the bézique family, 0 for another kind."""
    for level, name in BEZIQUE_KINDS.items():
        if kind == name:
            return level
    return 0


def family(kind: str) -> str:
    """The kind a card on the table serves in: ``bezique`` for the whole family, ``four``
    for every four."""
    if bezique_level(kind):
        return "bezique"
    if kind in FOUR_KINDS.values():
        return "four"
    return kind


@dataclass(frozen=True)
class HandCombinations:
    """A hand's combinations: whether it is carte blanche, and every combination it
    holds, the best first."""

    hand: tuple[Card, ...]
    trump: str | None
    carte_blanche: bool
    combinations: tuple[Combination, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "hand": notations(self.hand),
            "trump": self.trump,
            "carte_blanche": self.carte_blanche,
            "combinations": [combination.to_json() for combination in self.combinations],
        }


def hand_combinations(hand: Sequence[Card], trump: str | None = None) -> HandCombinations:
    """Carte blanche (no king, queen or knave), and every combination ``hand`` holds:
    each marriage (as many in a suit as it holds kings and queens to pair), each
    sequence, the greatest bézique combination, each four; marriages and sequences in
    ``trump`` at their trump points, in the other suits (all, when no trump is given) at
    the plain points. The best first."""
    count = {card: sum(1 for held in hand if held == card) for card in set(hand)}
    found: list[Combination] = []
    for suit in SUITS:
        trumps = suit == trump
        pairs = min(count.get(Card(13, suit), 0), count.get(Card(12, suit), 0))
        for _ in range(pairs):
            cards: tuple[Card, ...] = (Card(13, suit), Card(12, suit))
            found.append(Combination(MARRIAGE, cards, MARRIAGE_POINTS[trumps], suit, trumps))
        runs = min(count.get(Card(rank, suit), 0) for rank in SEQUENCE_RANKS)
        for _ in range(runs):
            cards = tuple(Card(rank, suit) for rank in SEQUENCE_RANKS)
            found.append(Combination(SEQUENCE, cards, SEQUENCE_POINTS[trumps], suit, trumps))
    level = min(count.get(BEZIQUE[0], 0), count.get(BEZIQUE[1], 0))
    if level:
        cards = play_order(list(BEZIQUE) * level)
        found.append(Combination(BEZIQUE_KINDS[level], cards, BEZIQUE_POINTS[level]))
    for rank, kind in FOUR_KINDS.items():
        held = [card for card in play_order(hand) if card.rank == rank]
        for start in range(0, len(held) - 3, 4):
            found.append(Combination(kind, tuple(held[start : start + 4]), FOUR_POINTS[rank]))
    found.sort(key=lambda combination: -combination.points)
    blanche = not any(card.rank in COURT_RANKS for card in hand)
    return HandCombinations(tuple(play_order(hand)), trump, blanche, tuple(found))


# -- the table -----------------------------------------------------------------------


@dataclass
class _Placed:
    """A card on the table: what it served in (by family), its greatest bézique level,
    and the latest declaration of each family it served in."""

    card: Card
    order: int
    served: set[str] = field(default_factory=set)
    level: int = 0
    groups: dict[str, int] = field(default_factory=dict)


@dataclass
class _Group:
    """A declaration on the table: its kind, its cards' orders, whether one was played;
    its cards, whether it is laid and not yet scored, the law that lost it unscored and
    why, and the trick it was laid on (None: not known, from a table)."""

    kind: str
    members: set[int]
    broken: bool = False
    cards: tuple[Card, ...] = ()
    pending: bool = False
    lost: int | None = None
    reason: str = ""
    trick: int | None = None

    @property
    def name(self) -> str:
        """``'marriage of hearts'``, ``'bézique'``: its kind, and its suit if it has one."""
        if self.kind in (MARRIAGE, SEQUENCE):
            return f"{self.kind} of {SUIT_NAMES[self.cards[0].suit]}"
        return self.kind.replace("bezique", "bézique")

    def described(self) -> str:
        """``'the marriage of hearts KH QH laid on trick 3'``."""
        when = "" if self.trick is None else f" on trick {self.trick}"
        return f"the {self.name} {' '.join(notations(self.cards))} laid{when}"


@dataclass(frozen=True)
class Lost:
    """A declaration laid and not yet scored, lost: its kind, its cards, the law (46: a
    card of it played; 47, 48: the superior combination scored first) and why."""

    kind: str
    cards: tuple[Card, ...]
    law: int
    reason: str

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "cards": notations(self.cards),
            "law": self.law,
            "reason": self.reason,
        }


@dataclass
class Side:
    """One player's declarations over a deal: his table, the declarations laid there,
    law 35's fresh marriages owed by suit, his marriages declared by suit, his score,
    and the trick of his last carte blanche."""

    table: list[_Placed] = field(default_factory=list)
    groups: list[_Group] = field(default_factory=list)
    owed: dict[str, int] = field(default_factory=dict)
    marriages: dict[str, int] = field(default_factory=dict)
    score: int = 0
    blanche: int | None = None
    laid: int = 0

    def copy(self) -> Side:
        return Side(
            [replace(p, served=set(p.served), groups=dict(p.groups)) for p in self.table],
            [replace(g, members=set(g.members)) for g in self.groups],
            dict(self.owed),
            dict(self.marriages),
            self.score,
            self.blanche,
            self.laid,
        )

    def cards(self) -> list[Card]:
        return [placed.card for placed in self.table]

    def written(self) -> str:
        """The table in the notation of the module docstring."""
        return " ".join(_tagged(self, placed) for placed in self.table)


def _tagged(side: Side, placed: _Placed) -> str:
    tags = []
    if MARRIAGE in placed.served:
        tags.append("m" + _mark(side, placed, MARRIAGE))
    if SEQUENCE in placed.served:
        tags.append("s" + _mark(side, placed, SEQUENCE))
    if placed.level:
        laid = sorted(
            bezique_level(group.kind)
            for group in side.groups
            if group.pending
            and placed.order in group.members
            and bezique_level(group.kind) < placed.level
        )
        tags += ["b?" if level == 1 else f"b{level}?" for level in laid]
        tags.append(
            ("b" if placed.level == 1 else f"b{placed.level}") + _mark(side, placed, "bezique")
        )
    if "four" in placed.served:
        tags.append("4" + _mark(side, placed, "four"))
    return f"{placed.card}/{'+'.join(tags)}"


def _mark(side: Side, placed: _Placed, kind: str) -> str:
    """``?`` when the latest declaration of ``kind`` the card is in is laid and not yet
    scored."""
    group = placed.groups.get(kind)
    return "?" if group is not None and side.groups[group].pending else ""


def read_table(text: str) -> Side:
    """A player's table written as the module docstring says: ``KH/m QH/m+s``, and
    ``QS/b? JD/b?`` for a declaration laid and not yet scored."""
    side = Side()
    laid: dict[tuple[str, int], list[int]] = {}
    for token in text.split():
        card_text, slash, tags = token.partition("/")
        if not slash or not tags:
            raise DeclareError(
                f"table card {quoted(token)}: expected the card, '/', and what it served in,"
                " such as KH/m or QS/b+4 (m, s, b, b2, b3, b4, 4; a '?' after one laid"
                " and not yet scored)"
            )
        cards = read_cards(card_text)
        if len(cards) != 1:
            raise DeclareError(f"table card {quoted(token)}: expected one card before '/'")
        placed = _Placed(cards[0], len(side.table))
        for written_tag in tags.lower().split("+"):
            tag = written_tag.removesuffix("?")
            kind = _TAGS.get(tag)
            if kind is None:
                raise DeclareError(
                    f"table card {quoted(token)}: {written_tag!r} is no declaration: expected m"
                    " (marriage), s (sequence), b, b2, b3 or b4 (bézique), or 4 (four),"
                    " with a '?' after one laid and not yet scored"
                )
            _check_tag(placed.card, kind, token)
            placed.served.add(kind)
            level = int(tag[1:] or "1") if kind == "bezique" else 0
            placed.level = max(placed.level, level)
            if written_tag.endswith("?"):
                laid.setdefault((kind, level), []).append(placed.order)
                continue
            group = _Group(kind, {placed.order}, cards=(placed.card,))
            side.groups.append(group)
            placed.groups[kind] = len(side.groups) - 1
        side.table.append(placed)
    side.laid = len(side.table)
    if len(side.table) > HAND_SIZE:
        raise DeclareError(
            f"table {quoted(text)} has {counted(len(side.table), 'card')}"
            f": a player holds {HAND_SIZE},"
            " on the table and in his hand together"
        )
    check_counts([side.cards()], ["the table"])
    for (kind, level), orders in laid.items():
        for members in _laid_groups(side, kind, level, orders, text):
            group = _Group(
                _laid_kind(side, kind, level, members),
                set(members),
                cards=play_order([side.table[order].card for order in members]),
                pending=True,
            )
            side.groups.append(group)
            for order in members:
                side.table[order].groups[kind] = len(side.groups) - 1
    return side


def _laid_groups(
    side: Side, kind: str, level: int, orders: list[int], text: str
) -> list[list[int]]:
    """The declarations laid and not yet scored that the cards of ``orders``, marked
    ``?`` for ``kind`` (at bézique ``level``), make: marriages and sequences a suit at a
    time, the bézique family ``level`` queens of spades and knaves of diamonds at a time,
    fours a rank at a time; refused when the cards do not make whole declarations."""
    by_card: dict[Card, list[int]] = {}
    for order in orders:
        by_card.setdefault(side.table[order].card, []).append(order)
    if kind == "bezique":
        sets = [list(BEZIQUE)]
        size = level
    elif kind == "four":
        sets = [[Card(rank, suit) for suit in SUITS] for rank in FOUR_KINDS]
        size = 4
    else:
        ranks = (13, 12) if kind == MARRIAGE else SEQUENCE_RANKS
        sets = [[Card(rank, suit) for rank in ranks] for suit in SUITS]
        size = 1
    groups: list[list[int]] = []
    for cards in sets:
        held = [order for card in cards for order in by_card.get(card, [])]
        if not held:
            continue
        if kind == "four":
            whole = len(held) % 4 == 0
            groups += [held[start : start + 4] for start in range(0, len(held), 4)]
        else:
            counts = {len(by_card.get(card, [])) for card in cards}
            number = len(by_card.get(cards[0], []))
            whole = len(counts) == 1 and number % size == 0
            for start in range(0, number if whole else 0, size):
                groups.append(
                    [order for card in cards for order in by_card[card][start : start + size]]
                )
        if not whole:
            tag = {MARRIAGE: "m", SEQUENCE: "s", "four": "4"}.get(kind, f"b{level}")
            raise DeclareError(
                f"table {quoted(text)}: the cards marked {tag.replace('b1', 'b')}?,"
                f" {' '.join(str(side.table[order].card) for order in held)}, make no whole"
                f" {_LAID_WHOLE[kind].format(level=level)} laid and not yet scored"
            )
    return groups


_LAID_WHOLE = {
    MARRIAGE: "marriage (a king and a queen of a suit)",
    SEQUENCE: "sequence (A 10 K Q J of a suit)",
    "bezique": "bézique combination ({level} QS and {level} JD)",
    "four": "four (four of a rank)",
}


def _laid_kind(side: Side, kind: str, level: int, members: list[int]) -> str:
    if kind == "bezique":
        return BEZIQUE_KINDS[level]
    if kind == "four":
        return FOUR_KINDS[side.table[members[0]].card.rank]
    return kind


def _check_tag(card: Card, kind: str, token: str) -> None:
    fits = {
        MARRIAGE: card.rank in (12, 13),
        SEQUENCE: card.rank in SEQUENCE_RANKS,
        "bezique": card in BEZIQUE,
        "four": card.rank in FOUR_KINDS,
    }[kind]
    if not fits:
        raise DeclareError(f"table card {quoted(token)}: a {card} serves in no {kind}")


# -- a declaration judged ---------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """A declaration judged: the combination (None for carte blanche's), whether it may be
    made, the law that forbids it, why, its points, the suit it makes trumps, and the
    cards it takes from the table and from the hand."""

    kind: str
    cards: tuple[Card, ...]
    allowed: bool
    points: int
    law: int | None = None
    reason: str = ""
    makes_trumps: str | None = None
    from_table: tuple[Card, ...] = ()
    from_hand: tuple[Card, ...] = ()
    name: str = ""
    lost_by: tuple[str, ...] = ()
    """For a listed declaration: the declarations that, scored first, make it lost."""
    taken: tuple[int, ...] = field(default=(), repr=False, compare=False)
    """The places on the table of the cards it takes from there."""
    pending: int | None = field(default=None, repr=False, compare=False)
    """For a declaration laid and not yet scored, scored now: its place among the
    table's declarations."""
    losses: tuple[int, ...] = ()
    """For a listed declaration: the laws by which it may be lost unscored (46 for one
    laid and not yet scored, 47 or 48 when a superior one scored first loses it)."""

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "cards": notations(self.cards),
            "allowed": self.allowed,
            "points": self.points if self.allowed else 0,
            "law": self.law,
            "reason": self.reason or None,
            "makes_trumps": self.makes_trumps,
            "from_table": notations(self.from_table),
            "from_hand": notations(self.from_hand),
        }


def _refused(combination: Combination, law: int | None, reason: str) -> Verdict:
    return Verdict(
        combination.kind,
        combination.cards,
        False,
        0,
        law,
        reason,
        name=combination.name,
    )


def _may_serve(side: Side, placed: _Placed, combination: Combination) -> tuple[bool, int, str]:
    """Whether the card on the table may serve in ``combination``: (yes, law, why not)."""
    kind = family(combination.kind)
    card = placed.card
    if kind == MARRIAGE and SEQUENCE in placed.served:
        return False, 37, f"the {card} on the table was declared in a sequence"
    if kind == "bezique":
        level = bezique_level(combination.kind)
        if placed.level > level:
            name = BEZIQUE_KINDS[placed.level].replace("bezique", "bézique")
            return False, 38, f"the {card} on the table was declared in a {name}"
        if 0 < placed.level < level:
            return True, 38, ""
    if kind not in placed.served:
        return True, 36 if kind == SEQUENCE and MARRIAGE in placed.served else 0, ""
    if side.groups[placed.groups[kind]].broken:
        return True, 34, ""
    word = combination.kind.replace("bezique", "bézique")
    return (
        False,
        34,
        f"the {card} on the table served in a {word} already, and no card of it was played",
    )


def judge(
    side: Side,
    cards: Sequence[Card],
    trump: str | None,
    hand: Sequence[Card] | None = None,
    on_table: Sequence[Card] | None = None,
    text: str = "",
) -> Verdict:
    """Whether ``side`` may declare now (the rules of reuse in the module docstring; the
    trick's laws are the deal's).

    Either ``hand`` is the cards in his hand and ``cards`` the whole combination, each
    card taken from the table when a copy there may serve in it, else from the hand; or
    ``on_table`` names the combination's cards on the table and ``cards`` those laid from
    the hand (a deal given in order, whose hands are not known)."""
    written = text or " ".join(notations([*cards, *(on_table or [])]))
    combination = identify([*cards, *(on_table or [])], trump, written)
    laid = _laid_match(side, combination, hand is not None or not cards)
    if laid is not None:
        return scoring_laid(side, laid, trump)
    kind = family(combination.kind)
    free = [True] * len(side.table)
    taken: list[int] = []
    from_hand: list[Card] = [] if on_table is None else list(cards)
    pool = list(hand) if hand is not None else None
    law = 0
    blocked: tuple[int, str] | None = None
    fresh = None
    suit = combination.suit
    if kind == MARRIAGE and suit is not None and not from_hand and side.owed.get(suit, 0) > 0:
        fresh = _fresh_marriage(side, suit)
    if fresh is not None:
        taken, law = list(fresh), 35
    else:
        wanted = combination.cards if on_table is None else play_order(on_table)
        for card in wanted:
            choice = None
            for index in _by_use(side, card):
                if not free[index]:
                    continue
                ok, why, reason = _may_serve(side, side.table[index], combination)
                if ok:
                    choice = index
                    law = max(law, why)
                    break
                blocked = blocked or (why, reason)
            if choice is not None:
                free[choice] = False
                taken.append(choice)
                continue
            if blocked is not None and (on_table is not None or pool is None or card not in pool):
                if kind == MARRIAGE and blocked[0] == 34 and not from_hand:
                    return _refused(combination, 35, _NO_FRESH_MARRIAGE)
                return _refused(combination, *blocked)
            if on_table is not None:
                raise DeclareError(f"{quoted(written)}: no {card} on the table")
            if pool is not None:
                if card not in pool:
                    raise DeclareError(
                        f"the {card} of {quoted(written)} is neither on the table nor in the hand"
                    )
                pool.remove(card)
            from_hand.append(card)
    if not from_hand and fresh is None:
        superior = kind == "bezique" and all(
            side.table[index].level < bezique_level(combination.kind) for index in taken
        )
        if not superior:
            if blocked is not None:
                return _refused(combination, *blocked)
            return _refused(
                combination,
                35 if kind == MARRIAGE else 34,
                _NO_FRESH_MARRIAGE
                if kind == MARRIAGE
                else "every card of it is on the table: a declaration puts a card from the"
                " hand on the table",
            )
        law = 38
    if len(side.table) + len(from_hand) > HAND_SIZE:
        raise DeclareError(
            f"{quoted(written)}: the table would hold"
            f" {counted(len(side.table) + len(from_hand), 'card')},"
            f" but a player holds {HAND_SIZE}"
        )
    check_counts([side.cards(), from_hand], ["the table", "the cards declared"])
    makes = combination.suit if trump is None and kind in (MARRIAGE, SEQUENCE) else None
    return Verdict(
        combination.kind,
        combination.cards,
        True,
        combination.points,
        law or None,
        makes_trumps=makes,
        from_table=tuple(side.table[index].card for index in taken),
        from_hand=tuple(play_order(from_hand)),
        name=combination.name,
        taken=tuple(taken),
    )


def _laid_match(side: Side, combination: Combination, whole: bool) -> int | None:
    """The declaration laid and not yet scored that ``combination`` is, its cards all on
    the table (``whole``: none named from the hand), if there is one."""
    if not whole:
        return None
    wanted = sorted(combination.cards, key=str)
    for index, group in enumerate(side.groups):
        if group.pending and _same(group, combination.kind, wanted):
            return index
    return None


def _same(group: _Group, kind: str, cards: list[Card]) -> bool:
    """Whether ``group`` is a ``kind`` of ``cards`` (sorted by their notation)."""
    return group.kind == kind and sorted(group.cards, key=str) == cards


def scoring_laid(side: Side, index: int, trump: str | None) -> Verdict:
    """The declaration laid and not yet scored at ``index`` among ``side``'s, scored now
    (law 45) at the points of ``trump`` (None: none yet, so a marriage or sequence makes
    its suit trumps, law 41)."""
    group = side.groups[index]
    combination = identify(group.cards, trump)
    places = {placed.order: at for at, placed in enumerate(side.table)}
    taken = tuple(places[order] for order in sorted(group.members))
    makes = combination.suit if trump is None and group.kind in (MARRIAGE, SEQUENCE) else None
    return Verdict(
        combination.kind,
        combination.cards,
        True,
        combination.points,
        45,
        makes_trumps=makes,
        from_table=tuple(side.table[at].card for at in taken),
        name=combination.name,
        taken=taken,
        pending=index,
    )


_NO_FRESH_MARRIAGE = (
    "a marriage of cards on the table only is a fresh one, owed when a card of two"
    " marriages declared in the suit is played"
)


def _by_use(side: Side, card: Card) -> list[int]:
    """The table's copies of ``card``, the one that served in most declarations first,
    so that the least used stay for others."""
    copies = [index for index, placed in enumerate(side.table) if placed.card == card]
    return sorted(copies, key=lambda index: -len(side.table[index].served))


def _fresh_marriage(side: Side, suit: str) -> tuple[int, int] | None:
    """A king and a queen of ``suit`` on the table, both declared in marriages and
    neither in a sequence, for law 35's fresh marriage: a pair not married together in a
    declaration still whole, when there is one."""
    kings = [
        i
        for i, p in enumerate(side.table)
        if p.card == Card(13, suit) and MARRIAGE in p.served and SEQUENCE not in p.served
    ]
    queens = [
        i
        for i, p in enumerate(side.table)
        if p.card == Card(12, suit) and MARRIAGE in p.served and SEQUENCE not in p.served
    ]
    pairs = list(itertools.product(kings, queens))
    if not pairs:
        return None
    for king, queen in pairs:
        if side.table[king].groups[MARRIAGE] != side.table[queen].groups[MARRIAGE]:
            return king, queen
    return pairs[0]


def lay(side: Side, verdict: Verdict, scored: bool = True, trick: int | None = None) -> list[Lost]:
    """Put an allowed declaration on ``side``'s table, as :func:`judge` found it, and
    score it; or, not ``scored``, lay it on winning ``trick`` to score later (laws 44,
    45). One laid before (the verdict's ``pending``) is scored in place. Scoring a
    sequence loses a marriage of its cards laid and not yet scored (law 47), scoring a
    bézique combination an inferior one of its cards (law 48): those lost."""
    if verdict.pending is not None:
        group = side.groups[verdict.pending]
        if scored:
            group.pending = False
            side.score += verdict.points
            return _superseded(side, group, trick)
        return []
    kind = family(verdict.kind)
    chosen = list(verdict.taken)
    members = {side.table[index].order for index in chosen}
    for card in verdict.from_hand:
        placed = _Placed(card, side.laid)
        side.laid += 1
        side.table.append(placed)
        chosen.append(len(side.table) - 1)
        members.add(placed.order)
    group = _Group(
        verdict.kind,
        members,
        cards=verdict.cards,
        pending=not scored,
        trick=trick,
    )
    side.groups.append(group)
    for index in chosen:
        placed = side.table[index]
        placed.served.add(kind)
        placed.groups[kind] = len(side.groups) - 1
        placed.level = max(placed.level, bezique_level(verdict.kind))
    if kind == MARRIAGE:
        suit = verdict.cards[0].suit
        side.marriages[suit] = side.marriages.get(suit, 0) + 1
        if verdict.law == 35:
            side.owed[suit] -= 1
    if not scored:
        return []
    side.score += verdict.points
    return _superseded(side, group, trick)


def _superseded(side: Side, scored: _Group, trick: int | None) -> list[Lost]:
    """Laws 47, 48: the inferior declarations laid and not yet scored whose cards
    ``scored`` holds, lost on ``trick``."""
    lost = []
    for group in side.groups:
        if group.pending and _superior(scored.kind, group.kind) and group.members & scored.members:
            lost.append(
                _lose(
                    group,
                    _loss_law(group.kind),
                    trick,
                    f"the {scored.name} is scored first",
                    f"the {scored.name} was scored first",
                )
            )
    return lost


def _lose(group: _Group, law: int, trick: int | None, now: str, since: str) -> Lost:
    """``group``, laid and not yet scored, lost by ``law`` on ``trick``: why, said
    ``now`` and, for a later attempt to score it, ``since``."""
    group.pending = False
    group.lost = law
    when = "" if trick is None else f" on trick {trick}"
    group.reason = f"{group.described()} was lost unscored{when}: {since}"
    return Lost(
        group.kind, group.cards, law, f"{group.described()}, not yet scored, is lost: {now}"
    )


def play_from_table(side: Side, card: Card, text: str = "", trick: int | None = None) -> list[Lost]:
    """A copy of ``card`` on ``side``'s table played (to ``trick``), the first laid of those in no
    declaration laid and not yet scored, else the first laid: the declarations it served
    in are broken (law 34), one laid and not yet scored is lost (law 46), and a marriage
    card of a suit with more than one marriage declared owes a fresh marriage (law 35).
    The declarations lost."""
    copies = [index for index, placed in enumerate(side.table) if placed.card == card]
    if not copies:
        raise DeclareError(
            f"{quoted(text or str(card))}: no {card} on the table; 'plays' names a declared"
            " card played from the table"
        )
    at_risk = {order for group in side.groups if group.pending for order in group.members}
    safe = [index for index in copies if side.table[index].order not in at_risk]
    placed = side.table.pop((safe or copies)[0])
    lost = []
    for group in side.groups:
        if placed.order in group.members:
            group.broken = True
            if group.pending:
                now, since = f"its {card} is played", f"its {card} was played"
                lost.append(_lose(group, 46, trick, now, since))
    if MARRIAGE in placed.served and side.marriages.get(card.suit, 0) > 1:
        side.owed[card.suit] = side.owed.get(card.suit, 0) + 1
    return lost


# -- the declarations a player could make now ------------------------------------------------


@dataclass(frozen=True)
class Listing:
    """Every declaration a player could make now, the best first, each with the
    declarations that, scored first, lose it (laws 47 and 48), and whether it is laid
    and not yet scored, so lost if a card of it is played first (law 46)."""

    table: str
    hand: tuple[Card, ...]
    trump: str | None
    options: tuple[Verdict, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "table": self.table,
            "hand": notations(self.hand),
            "trump": self.trump,
            "declarations": [
                {
                    "kind": option.kind,
                    "name": option.name,
                    "cards": notations(option.cards),
                    "points": option.points,
                    "makes_trumps": option.makes_trumps,
                    "lost_if_first": list(option.lost_by),
                    "law": None if not option.lost_by else _loss_law(option.kind),
                    "laid": option.pending is not None,
                    "laws": list(option.losses),
                }
                for option in self.options
            ],
        }


def _loss_law(kind: str) -> int:
    return 47 if kind == MARRIAGE else 48


def _candidates(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every combination's cards that ``cards`` could make: marriages and sequences by
    suit, the bézique family to as many as held, the fours."""
    count = {card: sum(1 for held in cards if held == card) for card in set(cards)}
    found: list[tuple[Card, ...]] = []
    for suit in SUITS:
        if count.get(Card(13, suit)) and count.get(Card(12, suit)):
            found.append((Card(13, suit), Card(12, suit)))
        if all(count.get(Card(rank, suit)) for rank in SEQUENCE_RANKS):
            found.append(tuple(Card(rank, suit) for rank in SEQUENCE_RANKS))
    level = min(count.get(BEZIQUE[0], 0), count.get(BEZIQUE[1], 0))
    for held in range(1, level + 1):
        found.append(tuple(BEZIQUE) * held)
    for rank in FOUR_KINDS:
        if sum(number for card, number in count.items() if card.rank == rank) >= 4:
            four = [card for card in play_order(cards) if card.rank == rank][:4]
            found.append(tuple(four))
    return found


def list_declarations(side: Side, hand: Sequence[Card], trump: str | None) -> Listing:
    """Every declaration ``side`` may make now from his table and ``hand``, with its
    points, the best first: those laid and not yet scored, which may be scored on
    winning any trick (laws 44, 45), and the fresh ones. Each is marked with the laws by
    which it may be lost unscored: one laid is lost if a card of it is played first (law
    46), and a marriage or an inferior bézique combination if a superior one is scored
    first (laws 47, 48), each such superior named."""
    check_counts([side.cards(), hand], ["the table", "the hand"])
    options = [
        scoring_laid(side, index, trump) for index, group in enumerate(side.groups) if group.pending
    ]
    for cards in _candidates([*side.cards(), *hand]):
        verdict = judge(side, cards, trump, hand)
        if verdict.allowed and verdict.pending is None:
            options.append(verdict)
    marked = []
    for option in options:
        losers = []
        for other in options:
            if other is option or not _superior(other.kind, option.kind):
                continue
            after = side.copy()
            lay(after, other)
            if not _still(after, option, other, hand, trump):
                losers.append(other.name)
        losses: tuple[int, ...] = (46,) if option.pending is not None else ()
        if losers:
            losses += (_loss_law(option.kind),)
        marked.append(replace(option, lost_by=tuple(losers), losses=losses))
    marked.sort(key=lambda option: -option.points)
    return Listing(side.written(), tuple(play_order(hand)), trump, tuple(marked))


def _still(
    after: Side, option: Verdict, other: Verdict, hand: Sequence[Card], trump: str | None
) -> bool:
    """Whether ``option`` may still be made once ``other`` is scored (``after``)."""
    if option.pending is not None:
        return after.groups[option.pending].pending
    left = list(hand)
    for card in other.from_hand:
        left.remove(card)
    try:
        return judge(after, option.cards, other.makes_trumps or trump, left).allowed
    except DeclareError:  # its cards are gone from the hand
        return False


def _superior(kind: str, inferior: str) -> bool:
    """Whether ``kind`` is the superior combination of laws 47 and 48 to ``inferior``."""
    if inferior == MARRIAGE:
        return kind == SEQUENCE
    return bezique_level(kind) > bezique_level(inferior) > 0


def declare(
    table: Side,
    hand: Sequence[Card],
    cards: Sequence[Card],
    trump: str | None,
    trick: int | None = None,
    text: str = "",
) -> Verdict:
    """Judge one declaration of ``cards`` from ``table`` and ``hand`` with ``trump`` (None:
    none yet), scored on winning ``trick`` (None: a trick while the stock lasts)."""
    check_counts([table.cards(), hand], ["the table", "the hand"])
    if len(table.cards()) + len(hand) > HAND_SIZE:
        raise DeclareError(
            f"the table and the hand hold {counted(len(table.cards()) + len(hand), 'card')}"
            f": a player holds {HAND_SIZE}"
        )
    combination = identify(cards, trump, text)
    if trick is not None and trick > STOCK_TRICKS:
        return _refused(combination, 52, _stock_out(trick))
    return judge(table, cards, trump, hand, text=text)


def declare_carte_blanche(table: Side, hand: Sequence[Card], trick: int | None = None) -> Verdict:
    """Judge a carte blanche: the nine cards, table and hand, with no king, queen or knave."""
    nine = [*table.cards(), *hand]
    check_counts([nine], ["the hand"])
    shown = tuple(play_order(nine))
    if trick is not None and trick > STOCK_TRICKS:
        return Verdict(CARTE_BLANCHE, shown, False, 0, 52, _stock_out(trick), name=CARTE_BLANCHE)
    if len(nine) != HAND_SIZE:
        raise DeclareError(
            f"carte blanche is shown on the {HAND_SIZE} cards held: the table and the hand"
            f" hold {len(nine)}"
        )
    courts = [card for card in shown if card.rank in COURT_RANKS]
    if courts:
        return Verdict(
            CARTE_BLANCHE,
            shown,
            False,
            0,
            40,
            f"the hand holds {' '.join(notations(courts))}: carte blanche has no king,"
            " queen or knave",
            name=CARTE_BLANCHE,
        )
    return Verdict(CARTE_BLANCHE, shown, True, CARTE_BLANCHE_POINTS, name=CARTE_BLANCHE)


def _stock_out(trick: int) -> str:
    return (
        f"trick {trick} is one of the last nine: the stock is out after trick {STOCK_TRICKS},"
        " and no declaration is scored then"
    )


# -- a deal's declarations in order ------------------------------------------------------------


@dataclass(frozen=True)
class DealStep:
    """One step of a deal: its number, the player, the trick, what he did (``declares``,
    ``lays``, ``scores``, ``plays`` or ``carte blanche``), the verdict of a declaration,
    the trump after it, the running scores, and the declarations it loses."""

    number: int
    player: str
    trick: int
    action: str
    cards: tuple[Card, ...]
    verdict: Verdict | None
    trump: str | None
    scores: tuple[int, int]
    lost: tuple[Lost, ...] = ()
    """The player's declarations laid and not yet scored that the step loses (laws 46 to
    48)."""

    def to_json(self) -> dict[str, object]:
        return {
            "step": self.number,
            "player": self.player,
            "trick": self.trick,
            "action": self.action,
            "cards": notations(self.cards),
            "declaration": None if self.verdict is None else self.verdict.to_json(),
            "trump": self.trump,
            "scores": dict(zip(ROLES, self.scores, strict=True)),
            "lost": [lost.to_json() for lost in self.lost],
        }


@dataclass(frozen=True)
class DealDeclarations:
    """A deal's declarations checked in order: each step, the trump, the scores."""

    steps: tuple[DealStep, ...]
    trump: str | None
    scores: tuple[int, int]
    tables: tuple[str, str]

    def to_json(self) -> dict[str, object]:
        return {
            "steps": [step.to_json() for step in self.steps],
            "trump": self.trump,
            "scores": dict(zip(ROLES, self.scores, strict=True)),
            "tables": dict(zip(ROLES, self.tables, strict=True)),
            "refused": sum(
                1 for step in self.steps if step.verdict is not None and not step.verdict.allowed
            ),
        }


@dataclass(frozen=True)
class Move:
    """A step of a deal as written: the player, the trick, the action (``declares``,
    ``lays``, ``scores``, ``plays`` or ``carte blanche``), the cards from the hand (or
    played, or shown, or of the declaration scored), the cards of the table a
    declaration uses, and the step's text."""

    player: str
    trick: int
    action: str
    cards: tuple[Card, ...]
    on_table: tuple[Card, ...]
    text: str


def read_deal(text: str) -> list[Move]:
    """A deal's steps, written as the module docstring says."""
    steps = []
    for number, part in enumerate(text.split(";"), 1):
        words = part.split()
        if not words:
            continue
        step = f"step {number} {quoted(part.strip())}"
        if len(words) < 3:
            raise DeclareError(
                f"{step}: expected the player, the trick and the cards, as in 'first 3 KH QH'"
            )
        player = _PLAYER_WORDS.get(words[0].lower())
        if player is None:
            raise DeclareError(f"{step}: {words[0]!r} is no player: expected first or second")
        if not words[1].isdigit() or not 1 <= int(words[1][:3]) <= TRICKS:
            raise DeclareError(f"{step}: the trick {words[1]!r}: expected 1 to {TRICKS}")
        rest = " ".join(words[2:])
        action = "declares"
        if words[2].lower() in ("plays", "lays", "scores"):
            action, rest = words[2].lower(), " ".join(words[3:])
        elif [word.lower() for word in words[2:4]] == ["carte", "blanche"]:
            action, rest = CARTE_BLANCHE, " ".join(words[4:])
        laid, plus, table = rest.partition("+")
        if plus and action not in ("declares", "lays"):
            raise DeclareError(
                f"{step}: only a declaration made or laid takes cards of the table, after '+'"
            )
        cards = read_cards(laid) if laid.strip() else []
        on_table = read_cards(table) if table.strip() else []
        if action == "plays" and len(cards) != 1:
            raise DeclareError(f"{step}: 'plays' names one card, played from the table")
        if action in ("declares", "lays") and not cards and not on_table:
            raise DeclareError(f"{step}: no cards declared")
        if action == "scores" and not cards:
            raise DeclareError(
                f"{step}: 'scores' names the cards of a declaration laid and not yet scored"
            )
        if plus and not on_table:
            raise DeclareError(f"{step}: no cards of the table after '+'")
        steps.append(
            Move(player, int(words[1]), action, tuple(cards), tuple(on_table), part.strip())
        )
    if not steps:
        raise DeclareError("no steps given: expected steps such as 'first 3 KH QH; ...'")
    return steps


def check_deal(steps: Iterable[Move]) -> DealDeclarations:
    """Check a deal's steps in order (see the module docstring), scoring each declaration
    that may be made; a refused one scores nothing and the deal goes on. Refuses steps
    out of trick order, and a play of a card not on the table."""
    sides = {role: Side() for role in ROLES}
    trump: str | None = None
    last_trick = 0
    declared: dict[int, tuple[str, int]] = {}  # trick -> (winner, declarations scored)
    done: list[DealStep] = []
    for number, move in enumerate(steps, 1):
        if move.trick < last_trick:
            raise DeclareError(
                f"step {number} {quoted(move.text)}: trick {move.trick} after trick"
                f" {last_trick}: give the steps in order"
            )
        last_trick = move.trick
        try:
            verdict, lost = _step(sides[move.player], move, trump, declared)
        except DeclareError as error:
            raise DeclareError(f"step {number}: {error}") from None
        if verdict is not None and verdict.allowed and verdict.makes_trumps:
            trump = trump or verdict.makes_trumps
        done.append(
            DealStep(
                number,
                move.player,
                move.trick,
                move.action,
                tuple(play_order([*move.cards, *move.on_table])),
                verdict,
                trump,
                (sides["first"].score, sides["second"].score),
                tuple(lost),
            )
        )
    return DealDeclarations(
        tuple(done),
        trump,
        (sides["first"].score, sides["second"].score),
        (sides["first"].written(), sides["second"].written()),
    )


def _step(
    side: Side,
    move: Move,
    trump: str | None,
    declared: dict[int, tuple[str, int]],
) -> tuple[Verdict | None, list[Lost]]:
    """One step of a deal done: the verdict of a declaration (None for a play), and the
    declarations laid and not yet scored that it loses."""
    player, trick, action, cards, text = (
        move.player,
        move.trick,
        move.action,
        list(move.cards),
        move.text,
    )
    if action == "plays":
        return None, play_from_table(side, cards[0], text, trick)
    if action == CARTE_BLANCHE:
        verdict = _carte_blanche_step(side, trick, cards, text)
        if verdict.allowed:
            side.score += verdict.points
            side.blanche = trick
        return verdict, []
    winner, scored = declared.get(trick, (player, 0))
    combination = identify([*cards, *move.on_table], trump, text)
    if trick > STOCK_TRICKS:
        verdict = _refused(combination, 52, _stock_out(trick))
    elif winner != player:
        verdict = _refused(
            combination,
            42,
            f"the {winner} won trick {trick}: only the winner of a trick declares",
        )
    elif scored and action != "lays":
        verdict = _refused(
            combination,
            43,
            f"the {player} scored a declaration on trick {trick} already: one a trick",
        )
    elif action == "scores":
        verdict = _score_step(side, combination, trump, text)
    else:
        verdict = judge(side, cards, trump, None, move.on_table, text)
        if action == "lays" and verdict.pending is not None:
            raise DeclareError(
                f"{quoted(text)}: {side.groups[verdict.pending].described()} is not yet"
                " scored: 'scores' scores it"
            )
    declared[trick] = (winner, scored)
    if not verdict.allowed:
        return verdict, []
    if action == "lays":
        verdict = replace(verdict, points=0, makes_trumps=None)
        return verdict, lay(side, verdict, scored=False, trick=trick)
    declared[trick] = (player, scored + 1)
    return verdict, lay(side, verdict, trick=trick)


def _score_step(side: Side, combination: Combination, trump: str | None, text: str) -> Verdict:
    """A declaration laid and not yet scored, scored now (law 45); refused when it was
    lost (laws 46 to 48)."""
    index = _laid_match(side, combination, True)
    if index is not None:
        return scoring_laid(side, index, trump)
    wanted = sorted(combination.cards, key=str)
    for group in side.groups:
        if group.lost is not None and _same(group, combination.kind, wanted):
            return _refused(combination, group.lost, group.reason)
    raise DeclareError(
        f"{quoted(text)}: no {combination.name} {' '.join(notations(combination.cards))}"
        " laid and not yet scored"
    )


def _carte_blanche_step(side: Side, trick: int, cards: list[Card], text: str) -> Verdict:
    """Law 16: carte blanche on the nine dealt, before trick 1; again before each later
    trick after one before the trick before, the card drawn shown, no court card."""
    shown = tuple(play_order(cards))
    if trick > STOCK_TRICKS:
        return Verdict(CARTE_BLANCHE, shown, False, 0, 52, _stock_out(trick), name=CARTE_BLANCHE)
    if side.blanche is None:
        if trick != 1 or len(cards) != HAND_SIZE:
            return Verdict(
                CARTE_BLANCHE,
                shown,
                False,
                0,
                16,
                "carte blanche is declared first on the nine dealt, before trick 1, showing them",
                name=CARTE_BLANCHE,
            )
        check_counts([cards], ["the hand"])
        return declare_carte_blanche(Side(), cards, trick)
    if len(cards) != 1:
        raise DeclareError(
            f"{quoted(text)}: carte blanche again shows the one card drawn after the trick before"
        )
    if side.blanche != trick - 1:
        return Verdict(
            CARTE_BLANCHE,
            shown,
            False,
            0,
            16,
            f"carte blanche again needs one before trick {trick - 1} and every card drawn"
            " since shown",
            name=CARTE_BLANCHE,
        )
    if cards[0].rank in COURT_RANKS:
        return Verdict(
            CARTE_BLANCHE,
            shown,
            False,
            0,
            16,
            f"the card drawn, {cards[0]}, is a court card: carte blanche ends",
            name=CARTE_BLANCHE,
        )
    return Verdict(CARTE_BLANCHE, shown, True, CARTE_BLANCHE_POINTS, 16, name=CARTE_BLANCHE)


__all__ = [
    "CARTE_BLANCHE",
    "DealDeclarations",
    "DealStep",
    "DeclareError",
    "HandCombinations",
    "Listing",
    "Lost",
    "Move",
    "Side",
    "Verdict",
    "check_deal",
    "declare",
    "declare_carte_blanche",
    "hand_combinations",
    "identify",
    "list_declarations",
    "read_deal",
    "read_table",
]
