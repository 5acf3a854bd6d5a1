"""A second reckoning of every legal play of a Cassino position, written from the README's
rules alone, with cards as plain strings ("10D") and nothing of the package: an oracle
for the tests beside ``cassino_reference``, by other means (bit masks over the loose
cards, each build made by choosing its first group and then gathering), and the random
positions it plays its way to.

The rules as read here: a card of value v takes any choice of disjoint groups, each a
loose card of v, loose cards adding up to v, or a build of v; a court card of the classic
game takes loose cards of its rank only. A build is of a value the builder still holds
after the play (with partners, or one his partner vouches for): the card with loose cards
(a new build), the card on a single build (an increase, never with loose cards), or the
card alone on something of its value; loose groups of the value may be gathered into it
and every build of the value on the table joins it. The controller may not trail, and no
play may leave a build that is the mover's duty without its value held. With partners a
build is the duty of the partner who holds its value, the controller when he holds it;
the partner is taken to hold the values he vouches for (declared, or of the builds he
controls), and answers for a build of his when he has declared its value; the side
keeps a value while the mover holds it or the partner has declared it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [rank + suit for rank in RANKS for suit in "SHDC"]
ROYAL = {"J": 11, "Q": 12, "K": 13}

Key = tuple[str, str, tuple[str, ...], int | None, bool | None, tuple[str, ...], bool, int]
"""A play: card, kind, cards taken, build value, multiple, build cards, sweep, points."""


@dataclass(frozen=True)
class Rules:
    game: str = "classic"
    aces: int = 1
    players: int = 2
    partners: bool = False

    def value(self, card: str) -> int | None:
        """A card's value; None for a court card of the classic values (it only pairs)."""
        rank = card[:-1]
        if rank == "A":
            return self.aces if self.game == "royal" else 1
        if rank in ROYAL:
            return ROYAL[rank] if self.game == "royal" else None
        return int(rank)

    def partner(self, seat: int) -> int | None:
        return (seat + 1) % 4 + 1 if self.partners else None

    def points(self, cards: Sequence[str]) -> int:
        total = 0
        for card in cards:
            total += (card[:-1] == "A") + 2 * (card == "10D") + (card == "2S")
            if self.game == "spade":
                total += (card[-1] == "S") + (card == "JS")
        return total


@dataclass(frozen=True)
class Build:
    groups: tuple[tuple[str, ...], ...]
    value: int
    controller: int | None

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(sorted(card for group in self.groups for card in group))


@dataclass(frozen=True)
class Table:
    loose: tuple[str, ...]
    builds: tuple[Build, ...]

    def notation(self) -> str:
        parts = list(self.loose)
        for build in self.builds:
            text = "[" + "|".join(" ".join(group) for group in build.groups) + "]"
            parts.append(text + ("" if build.controller is None else f"@{build.controller}"))
        return " ".join(parts) or "-"


def masks_summing(values: Sequence[int | None], target: int) -> list[int]:
    """The non-empty sets (bit masks over ``values``) of valued cards adding up to target."""
    found: list[int] = []

    def grow(index: int, total: int, mask: int) -> None:
        if total == target and mask:
            found.append(mask)
        elif index < len(values) and total < target:
            value = values[index]
            if value is not None:
                grow(index + 1, total + value, mask | 1 << index)
            grow(index + 1, total, mask)

    grow(0, 0, 0)
    return found


def disjoint_choices(masks: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every choice of pairwise disjoint masks, once for each union they make."""
    seen: set[int] = set()

    def choose(index: int, union: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if index == len(masks):
            if union not in seen:
                seen.add(union)
                yield chosen
            return
        yield from choose(index + 1, union, chosen)
        if not masks[index] & union:
            yield from choose(index + 1, union | masks[index], (*chosen, masks[index]))

    yield from choose(0, 0, ())


def pick(cards: Sequence[str], mask: int, inside: bool = True) -> tuple[str, ...]:
    return tuple(card for index, card in enumerate(cards) if bool(mask >> index & 1) == inside)


class Position:
    def __init__(
        self,
        rules: Rules,
        table: Table,
        hand: Sequence[str],
        seat: int = 1,
        declared: dict[int, set[int]] | None = None,
    ) -> None:
        self.rules, self.table, self.hand, self.seat = rules, table, list(hand), seat
        self.declared = declared or {}
        self.partner = rules.partner(seat)
        self.hand_values = {rules.value(card) for card in hand} - {None}

    def vouches(self, seat: int | None, value: int) -> bool:
        """Whether a seat has declared the value or controls a build of it."""
        return seat is not None and (
            value in self.declared.get(seat, set())
            or any(b.controller == seat and b.value == value for b in self.table.builds)
        )

    def partner_holds(self, value: int) -> bool:
        return self.vouches(self.partner, value)

    def is_duty(self, build: Build) -> bool:
        if not self.rules.partners:
            return build.controller == self.seat
        if build.controller == self.seat:
            return build.value in self.hand_values
        if build.controller == self.partner:
            return build.value in self.hand_values and not self.answers(build.value)
        return False

    def answers(self, value: int) -> bool:
        """Whether the partner answers for builds of the value: he has declared it."""
        return self.partner is not None and value in self.declared.get(self.partner, set())

    def legal_after(self, card: str, after: Table, new: Build | None = None) -> bool:
        rest = list(self.hand)
        rest.remove(card)
        held = {self.rules.value(other) for other in rest} - {None}
        if not self.rules.partners:
            return all(b.value in held for b in after.builds if b.controller == self.seat)
        duty = [build for build in self.table.builds if self.is_duty(build)]
        for build in after.builds:
            if build is new and not (build.value in held or self.partner_holds(build.value)):
                return False
            kept = build.value in held or self.answers(build.value)
            if any(build is other for other in duty) and not kept:
                return False
        return True

    def plays(self) -> dict[Key, Table]:
        """Every legal play, with the table it leaves."""
        found: dict[Key, Table] = {}
        for card in dict.fromkeys(self.hand):
            for key, after in [*self.takes(card), *self.builds(card), *self.trail(card)]:
                found.setdefault(key, after)
        return found

    def takes(self, card: str) -> Iterator[tuple[Key, Table]]:
        rules, loose, builds = self.rules, self.table.loose, self.table.builds
        value = rules.value(card)
        choices: list[tuple[int, tuple[int, ...]]] = []
        if value is None:
            same = [i for i, other in enumerate(loose) if other[:-1] == card[:-1]]
            unions = {0}
            for i in same:
                unions |= {union | 1 << i for union in unions}
            choices = [(union, ()) for union in unions if union]
        else:
            groups = masks_summing([rules.value(other) for other in loose], value)
            unions = {0}
            for group in groups:
                unions |= {union | group for union in unions if not union & group}
            of_value = [k for k, build in enumerate(builds) if build.value == value]
            sets: list[tuple[int, ...]] = [()]
            for k in of_value:
                sets += [(*chosen, k) for chosen in sets]
            choices = [(union, chosen) for union in unions for chosen in sets if union or chosen]
        for union, chosen in choices:
            taken = list(pick(loose, union))
            for k in chosen:
                taken += builds[k].cards
            after = Table(
                pick(loose, union, False), tuple(b for k, b in enumerate(builds) if k not in chosen)
            )
            if self.legal_after(card, after):
                sweep = not after.loose and not after.builds
                points = rules.points([*taken, card]) + sweep
                key: Key = (card, "take", tuple(sorted(taken)), None, None, (), sweep, points)
                yield key, after

    def builds(self, card: str) -> Iterator[tuple[Key, Table]]:
        rules, loose, builds = self.rules, self.table.loose, self.table.builds
        own = rules.value(card)
        if own is None:
            return
        values = [rules.value(other) for other in loose]
        allowed = self.hand_values | {v for v in range(1, 15) if self.partner_holds(v)}
        # the first group: (value, its cards, loose cards used, the build increased or -1)
        firsts: list[tuple[int, tuple[str, ...], int, int]] = [(own, (card,), 0, -1)]
        for target in allowed:
            for mask in masks_summing(values, target - own) if target > own else []:
                firsts.append((target, (card, *pick(loose, mask)), mask, -1))
        for k, build in enumerate(builds):
            if len(build.groups) == 1:
                firsts.append((build.value + own, (*build.groups[0], card), 0, k))
        for value, first, used, increased in firsts:
            if value not in allowed:
                continue
            free = [None if used >> i & 1 else v for i, v in enumerate(values)]
            joined = [k for k, b in enumerate(builds) if b.value == value and k != increased]
            for gathered in disjoint_choices(masks_summing(free, value)):
                if not gathered and not joined and increased < 0 and not used:
                    continue  # the card alone on nothing: a trail
                groups = [first, *(pick(loose, mask) for mask in gathered)]
                for k in joined:
                    groups += builds[k].groups
                gone = used | sum(gathered)
                new = Build(tuple(groups), value, self.seat)
                left = tuple(b for k, b in enumerate(builds) if k != increased and k not in joined)
                after = Table(pick(loose, gone, False), (*left, new))
                if self.legal_after(card, after, new):
                    key: Key = (card, "build", (), value, len(groups) > 1, new.cards, False, 0)
                    yield key, after

    def trail(self, card: str) -> Iterator[tuple[Key, Table]]:
        if any(self.is_duty(build) for build in self.table.builds):
            return
        after = Table((*self.table.loose, card), self.table.builds)
        if self.legal_after(card, after):
            yield (card, "trail", (), None, None, (), False, 0), after


@dataclass(frozen=True)
class Seen:
    """A position met in a random deal, as the mover saw it."""

    table: Table
    hand: tuple[str, ...]
    seat: int
    declared: dict[int, set[int]]
    plays: frozenset[Key]


def random_positions(rules: Rules, rng: random.Random, count: int) -> list[Seen]:
    """``count`` positions met in deals of random legal plays, each deal's players more or
    less keen on building, about a third of the positions kept."""
    seen: list[Seen] = []
    players = rules.players
    while len(seen) < count:
        pack = list(PACK)
        rng.shuffle(pack)
        table, stock = Table(tuple(pack[:4]), ()), pack[4:]
        hands: list[list[str]] = [[] for _ in range(players)]
        declared: dict[int, set[int]] = {}
        seat, keen = 1, rng.random()
        while len(seen) < count:
            if not any(hands):
                if not stock:
                    break
                for hand in hands:
                    hand += stock[:4]
                    del stock[:4]
                declared, seat = {}, 1
            hand = hands[seat - 1]
            if not hand:
                seat = seat % players + 1
                continue
            now = {s: set(v) for s, v in declared.items() if v} if rules.partners else {}
            plays = Position(rules, table, hand, seat, now).plays()
            if rng.random() < 0.35:
                seen.append(Seen(table, tuple(hand), seat, now, frozenset(plays)))
            builds = [key for key in plays if key[1] == "build"]
            key = rng.choice(builds if builds and rng.random() < keen else list(plays))
            hand.remove(key[0])
            declared.get(seat, set()).discard(rules.value(key[0]))
            if key[3] is not None:
                declared.setdefault(seat, set()).add(key[3])
            table = plays[key]
            if rules.game == "draw" and stock:
                hand.append(stock.pop(0))
            seat = seat % players + 1
    return seen
