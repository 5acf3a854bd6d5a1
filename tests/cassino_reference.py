"""Every legal play of a Cassino position, found by trying everything: an oracle for the tests.

Nothing here comes from the package but the reading of a card's notation. Each rule is
applied to every card of the mover's hand and every choice of pieces from the table, one
at a time, with no short cut: slow, and meant to be obviously right.

The rules, as applied here:

Values. In the classic, Spade and Draw games an ace is 1 and a 2 to 10 its pips; a jack,
queen or king has no value: it only pairs, taking any one or more loose cards of its own
rank, and never combines, builds or is built on. In Royal Cassino a jack is 11, a queen 12
and a king 13, and they combine and build like any other card; by agreement (aces 14)
every ace there is 14 wherever it is used. No build is worth more than 10 in the classic
values, 13 in Royal, 14 in Royal with aces 14.

The table holds loose cards and builds. A build has its groups (sets of cards, each adding
up to the build's value), its value and the seat that controls it (or nobody known). A
build of one group is single; of more than one, multiple: its value is fixed for good,
though more groups of that value may join it.

A play is one card of value v from the hand, and one of:

- a take: the card takes one or more pieces from the table that can be told off into
  groups of value v: a loose card of value v, two or more loose cards adding up to v, or a
  build of value v, taken whole. Any such choice is a take; it need not take all it could.
  A court card of the classic values takes any loose cards of its own rank instead.
- a build, for a value V no higher than the highest above, the played card going into it
  in one of three ways:

  1. a new build: the card and one or more loose cards adding up to V;
  2. a pair built: the card alone, V its own value, which needs at least one more group
     (a loose one or a standing build) to join it ("two nines");
  3. an increase: the card onto a standing single build of value B, making V = B + v,
     with no loose card in that group; anyone's single build, the mover's own included.
     A multiple build is never increased.

  In the same play any number of loose groups of value V (a loose card of value V, or
  loose cards adding up to V) may be gathered into the build, and every build of value V
  already standing must join it: two builds of one value never stand apart. The result is
  one build of value V, controlled by the mover.
- a trail: the card is laid loose. Not while a build is the mover's duty.

A value V is held after a play when a card left in the mover's hand is worth V (a court
card of the classic values is worth nothing); with partners, also when his partner
vouches for V, having declared it (built for it this round and not played a card of it
since) or controlling a build of value V on the table as it stood before the play (the
partner's build of eight that the mover's little Cassino joins, in "two eights", counts
though it is now part of the mover's build).
A build is legal only if its value is held; and after any play, every build that was the
mover's duty and still stands must have its value kept, in his hand or declared by his
partner, so that he may not take with, or build away, his last card of its value unless
that build goes. Without partners his duty is every build he controls; with partners
every build of his side of a value he held a card of before the play, but one his
partner controls and has declared the value of: the partner answers for that one.

Points a take makes at once, over the cards taken and the card that took them: each ace
1, the ten of diamonds (big Cassino) 2, the two of spades (little Cassino) 1, and 1 for a
sweep, a take that leaves the table empty. In Spade Cassino also each spade 1 and the
jack of spades 1 more, so that the two, the jack and the ace of spades make 2 each. A
build or a trail makes no points.

A play is written in a plain form, ``Canon``: the card played; its kind ("take", "build"
or "trail"); the cards leaving the table (not the played card; empty for a build or a
trail); the build made, as its value and all its cards, the played one included (None
for a take or a trail); whether it sweeps; its points. Cards are written as the package
writes them: ``"10D"``, ``"AS"``, ``"KC"``. A table is a list of items: a loose card as
its notation, a build as ``{"groups": [["6S", "3H"], ...], "value": 9, "controller": 2}``
(the controller a seat, or None).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from cribcount.cards import Card

Item = str | dict[str, Any]
Canon = tuple[str, str, frozenset[str], tuple[int, frozenset[str]] | None, bool, int]
Value = Callable[[str], int | None]

GAMES = ("classic", "royal", "spade", "draw")


@cache
def card_of(text: str) -> Card:
    return Card.parse(text)


def notation(text: str) -> str:
    """A card's notation as the package writes it (``"td"`` is ``"10D"``)."""
    return str(card_of(text))


@dataclass(frozen=True)
class Rules:
    """The values of one form, and who sits with whom."""

    game: str = "classic"
    aces: int = 1
    players: int = 2
    partners: bool = False

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"game {self.game!r}: expected one of {GAMES}")
        if self.aces not in (1, 14) or (self.aces == 14 and self.game != "royal"):
            raise ValueError(f"aces {self.aces} in {self.game}: aces 14 is for Royal only")
        if self.partners and self.players != 4:
            raise ValueError("partners need four players")

    def value(self, text: str) -> int | None:
        """An ace 1 (14 in Royal with aces 14), 2 to 10 their pips; J Q K 11 12 13 in
        Royal, no value (None) in the other forms."""
        rank = card_of(text).rank
        if rank == 1:
            return self.aces
        if rank <= 10:
            return rank
        return rank if self.game == "royal" else None

    @property
    def highest(self) -> int:
        """The most a build can be worth."""
        return max(13, self.aces) if self.game == "royal" else 10

    def partner(self, seat: int) -> int | None:
        """Seats 1 and 3 sit together, and 2 and 4."""
        return (seat + 1) % 4 + 1 if self.partners else None


@dataclass(frozen=True)
class Pile:
    """A build on the table."""

    groups: tuple[tuple[str, ...], ...]
    value: int
    controller: int | None

    @property
    def cards(self) -> frozenset[str]:
        return frozenset(card for group in self.groups for card in group)

    @property
    def single(self) -> bool:
        return len(self.groups) == 1


Piece = str | Pile
"""A loose card (its notation) or a build."""


def cards_of(pieces: Sequence[Piece]) -> frozenset[str]:
    """All the cards of these pieces."""
    found: set[str] = set()
    for piece in pieces:
        found |= {piece} if isinstance(piece, str) else piece.cards
    return frozenset(found)


def worth(cards: Sequence[str], value: Value) -> int | None:
    """What these cards add up to; None if one of them has no value."""
    values = [value(card) for card in cards]
    if any(v is None for v in values):
        return None
    return sum(v for v in values if v is not None)


def split(cards: Sequence[str], total: int, value: Value) -> list[list[str]] | None:
    """One way to tell ``cards`` off into groups each worth exactly ``total`` (a group of
    one card worth ``total`` included), or None if there is none.

    The first card must be in some group: every set of the other cards is tried with it.
    """
    if not cards:
        return []
    first, rest = cards[0], list(cards[1:])
    for size in range(len(rest) + 1):
        for others in combinations(rest, size):
            group = [first, *others]
            if worth(group, value) != total:
                continue
            tail = split([card for card in rest if card not in others], total, value)
            if tail is not None:
                return [group, *tail]
    return None


def subsets(pieces: Sequence[Piece]) -> Iterator[list[Piece]]:
    """Every choice of pieces, the empty one included."""
    for size in range(len(pieces) + 1):
        for chosen in combinations(pieces, size):
            yield list(chosen)


def loose_in(pieces: Sequence[Piece]) -> list[str]:
    return [piece for piece in pieces if isinstance(piece, str)]


def builds_in(pieces: Sequence[Piece]) -> list[Pile]:
    return [piece for piece in pieces if isinstance(piece, Pile)]


# Reading and writing the plain data.


def read_piece(item: Item, value: Value) -> Piece:
    if isinstance(item, str):
        return notation(item)
    groups = tuple(tuple(notation(card) for card in group) for group in item["groups"])
    pile = Pile(groups, int(item["value"]), item.get("controller"))
    if not groups or any(worth(group, value) != pile.value for group in groups):
        raise ValueError(f"build {item!r}: every group must add up to its value")
    return pile


def write_piece(piece: Piece) -> Item:
    if isinstance(piece, str):
        return piece
    groups = [list(group) for group in piece.groups]
    return {"groups": groups, "value": piece.value, "controller": piece.controller}


def read_position(
    table: Sequence[Item], hand: Sequence[str], value: Value
) -> tuple[list[Piece], list[str]]:
    pieces = [read_piece(item, value) for item in table]
    cards = [notation(card) for card in hand]
    everything = [card for piece in pieces for card in cards_of([piece])] + cards
    if len(set(everything)) != len(everything):
        raise ValueError(f"a card is given twice in table {table!r} and hand {hand!r}")
    return pieces, cards


# The rules.


def is_take(card: str, chosen: list[Piece], rules: Rules) -> bool:
    """Whether ``card`` may take exactly the pieces ``chosen``."""
    if not chosen:
        return False
    v = rules.value(card)
    loose, builds = loose_in(chosen), builds_in(chosen)
    if v is None:
        rank = card_of(card).rank
        return not builds and all(card_of(other).rank == rank for other in loose)
    return all(build.value == v for build in builds) and split(loose, v, rules.value) is not None


def is_build(card: str, chosen: list[Piece], target: int, table: list[Piece], rules: Rules) -> bool:
    """Whether ``card`` played onto exactly the pieces ``chosen`` makes a build of value
    ``target``, in one of the three ways, with loose groups of ``target`` gathered and
    every standing build of ``target`` joined."""
    v = rules.value(card)
    if v is None or target > rules.highest:
        return False
    standing = [build for build in builds_in(table) if build.value == target]
    if any(build not in chosen for build in standing):
        return False
    loose = loose_in(chosen)
    increased = [build for build in builds_in(chosen) if build.value != target]
    if len(increased) > 1:
        return False
    if increased:
        # an increase: the card on one single build; the loose cards all gathered groups
        build = increased[0]
        return (
            build.single
            and build.value + v == target
            and split(loose, target, rules.value) is not None
        )
    # a new build or a pair built: the card with some loose cards (perhaps none) making
    # target, the other loose cards gathered groups
    for size in range(len(loose) + 1):
        for with_card in combinations(loose, size):
            if worth(with_card, rules.value) != target - v:
                continue
            gathered = [other for other in loose if other not in with_card]
            if split(gathered, target, rules.value) is None:
                continue
            if with_card or gathered or standing:
                return True
    return False


def vouches(
    seat: int | None, target: int, table: list[Piece], declared: dict[int, set[int]]
) -> bool:
    """Whether ``seat`` has declared ``target`` or controls a build of it on ``table``."""
    if seat is None:
        return False
    if target in declared.get(seat, set()):
        return True
    return any(b.controller == seat and b.value == target for b in builds_in(table))


def partner_holds(
    target: int, seat: int, table: list[Piece], rules: Rules, declared: dict[int, set[int]]
) -> bool:
    """Whether the mover counts on his partner for ``target``: the partner vouches for it
    on ``table``, the table before the play."""
    return vouches(rules.partner(seat), target, table, declared)


def held(
    target: int,
    hand: list[str],
    seat: int,
    table: list[Piece],
    rules: Rules,
    declared: dict[int, set[int]],
) -> bool:
    """Whether ``target`` is held by the mover left with ``hand``: a card of his worth it,
    or his partner holds it (:func:`partner_holds`)."""
    if any(rules.value(card) == target for card in hand):
        return True
    return partner_holds(target, seat, table, rules, declared)


def is_duty(
    build: Pile,
    whole: Sequence[str],
    seat: int,
    table: list[Piece],
    rules: Rules,
    declared: dict[int, set[int]],
) -> bool:
    """Whether a build on ``table`` is the duty of the mover holding ``whole``: without
    partners, one he controls; with partners, one of his side whose value he holds a card
    of, unless his partner controls it and has declared its value."""
    if not rules.partners:
        return build.controller == seat
    if all(rules.value(card) != build.value for card in whole):
        return False
    if build.controller == seat:
        return True
    partner = rules.partner(seat)
    return build.controller == partner and build.value not in declared.get(partner, set())


def may_trail(
    hand: list[str], seat: int, table: list[Piece], rules: Rules, declared: dict[int, set[int]]
) -> bool:
    """No trail while a build is the mover's duty."""
    return not any(is_duty(b, hand, seat, table, rules, declared) for b in builds_in(table))


def points(cards: frozenset[str], sweep: bool, game: str) -> int:
    """Aces 1, big Cassino 2, little Cassino 1, a sweep 1; in Spade Cassino each spade 1
    and the jack of spades 1 more."""
    total = int(sweep)
    for text in cards:
        card = card_of(text)
        total += card.rank == 1
        total += 2 * (text == "10D") + (text == "2S")
        if game == "spade":
            total += (card.suit == "S") + (text == "JS")
    return total


def build_groups(card: str, used: list[Piece], target: int, value: Value) -> list[list[str]]:
    """The groups of the build of ``target`` made by ``card`` on the pieces ``used``: the
    groups of the builds of ``target`` as they stand; the increased build's cards with the
    played card; the rest (the played card with its loose cards, the loose groups
    gathered) told off into groups of ``target``."""
    groups: list[list[str]] = []
    free = [card]
    for build in builds_in(used):
        if build.value == target:
            groups += [list(group) for group in build.groups]
        else:
            groups.append([*build.groups[0], card])
            free = []
    rest = split(free + loose_in(used), target, value)
    if rest is None:
        raise ValueError(f"{card} on {used!r} makes no build of {target}")
    return groups + rest


def after_play(table: list[Piece], card: str, canon: Canon, seat: int, value: Value) -> list[Piece]:
    """The table after ``canon``: the pieces it took or built on gone (the others in their
    order), then the new build or the trailed card."""
    _, kind, leaving, build, _, _ = canon
    if kind == "trail":
        return [*table, card]
    if kind == "take":
        used_cards = leaving
    elif build is not None:
        used_cards = build[1] - {card}
    else:
        raise ValueError(f"play {canon!r}: a build needs its value and cards")
    used = [piece for piece in table if cards_of([piece]) <= used_cards]
    kept = [piece for piece in table if piece not in used]
    if cards_of(used) != used_cards or cards_of(kept) & used_cards:
        raise ValueError(f"play {canon!r}: its cards are not whole pieces of {table!r}")
    if kind == "take" or build is None:
        return kept
    target = build[0]
    return [*kept, Pile(tuple(map(tuple, build_groups(card, used, target, value))), target, seat)]


def duties_met(
    table: list[Piece],
    hand: list[str],
    seat: int,
    before: list[Piece],
    rules: Rules,
    declared: dict[int, set[int]],
    whole: Sequence[str],
) -> bool:
    """After the play (``table``, the mover left with ``hand``), every build that was his
    duty before it (``before``, his hand then ``whole``) and still stands as it stood has
    its value held (a build he made is held by the rule of building)."""
    after = builds_in(table)
    answered = declared.get(rules.partner(seat) or 0, set())
    return all(
        build.value in answered or any(rules.value(card) == build.value for card in hand)
        for build in builds_in(before)
        if build in after and is_duty(build, whole, seat, before, rules, declared)
    )


def reference_moves(
    table: list[Item],
    hand: list[str],
    *,
    seat: int = 1,
    players: int = 2,
    partners: bool = False,
    game: str = "classic",
    aces: int = 1,
    declared: dict[int, set[int]] | None = None,
) -> set[Canon]:
    """Every legal play of the mover in ``seat`` holding ``hand`` at ``table``."""
    rules = Rules(game, aces, players, partners)
    if not 1 <= seat <= players:
        raise ValueError(f"seat {seat}: expected 1 to {players}")
    declared = declared or {}
    pieces, cards = read_position(table, hand, rules.value)
    moves: set[Canon] = set()
    for card in cards:
        rest = [other for other in cards if other != card]
        plays: list[Canon] = []
        for chosen in subsets(pieces):
            if is_take(card, chosen, rules):
                leaving = cards_of(chosen)
                sweep = len(chosen) == len(pieces)
                plays.append(
                    (
                        card,
                        "take",
                        leaving,
                        None,
                        sweep,
                        points(leaving | {card}, sweep, rules.game),
                    )
                )
            for target in range(1, rules.highest + 1):
                if is_build(card, chosen, target, pieces, rules) and held(
                    target, rest, seat, pieces, rules, declared
                ):
                    made = (target, cards_of(chosen) | {card})
                    plays.append((card, "build", frozenset(), made, False, 0))
        if may_trail(cards, seat, pieces, rules, declared):
            plays.append((card, "trail", frozenset(), None, False, 0))
        for play in plays:
            after = after_play(pieces, card, play, seat, rules.value)
            if duties_met(after, rest, seat, pieces, rules, declared, cards):
                moves.add(play)
    return moves


def apply_value(target: int | None) -> Value:
    """Card values good for any form when only a build's value is known: courts 11 12 13
    (the classic values put no court in a build), an ace 14 in a build of 14 (only Royal
    with aces 14 has one, and there an ace is in no other build) and 1 elsewhere."""

    def value(text: str) -> int:
        rank = card_of(text).rank
        return 14 if rank == 1 and target == 14 else rank

    return value


def reference_apply(table: list[Item], hand: list[str], canon: Canon, seat: int) -> list[Item]:
    """The table after the play ``canon`` by ``seat`` holding ``hand``: the cards taken
    gone; a build's cards and builds replaced by the new build, controlled by ``seat``;
    a trailed card laid loose. The pieces left keep their order; the new one comes last."""
    card = notation(canon[0])
    build = canon[3]
    value = apply_value(build[0] if build is not None else None)
    pieces = [
        read_piece(item, apply_value(None if isinstance(item, str) else item["value"]))
        for item in table
    ]
    if card not in {notation(other) for other in hand}:
        raise ValueError(f"play {canon!r}: {card} is not in hand {hand!r}")
    return [write_piece(piece) for piece in after_play(pieces, card, canon, seat, value)]
