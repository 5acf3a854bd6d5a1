"""The legal plays of a Cassino position, and a play applied to it.

A play is one card from the hand of the player to move, used in one of three ways
(pairing and combining are both taking):

- **Take.** A card of value v takes one or more disjoint groups from the table, each a
  loose card of value v, loose cards that sum to v, or a build of value v, taken whole.
  Any choice of the groups may be taken, and pairs and combinations together (a 10
  takes a 10 and a 4 with a 6). A court card of the classic game, which has no value,
  takes loose cards of its own rank only, as many as it chooses.
- **Build.** The card goes onto table cards to make a build of a value V that the player
  still holds a card of after the play: a new build, the card with loose cards making V;
  an increase, the card on a single build of value B making B + v (anyone's build, his
  own included; never with loose cards); or the card alone, V = v, on something of its
  value ("two nines"). In the same play any loose cards or loose groups of value V may
  be gathered into it, and every build of V already on the table joins it; the result
  is a multiple build when it has more than one group. The player becomes its
  controller. A court card of the classic game never builds.
- **Trail.** The card is laid loose. Not by a player who has a build as his duty.

A player may never play so as to be left controlling a build without holding a card of
its value: without partners, each build he controls is his duty. With partners a build
belongs to the side, and is the duty of the partner who holds its value: the controller
when he holds it, else his partner when he does. What a play may do never turns on
cards the player cannot see: his partner is taken to hold a value he vouches for,
having declared it (built for it this round and not played a card of it since:
``declared``) or controlling a build of it, and a player may build for such a value
without holding it himself. The controller's duties fall on the partner who holds or
declared its value: a build the partner controls is the player's duty when the player
holds its value and the partner has not declared it. So it is in every command, the
solver's every position included; advice narrows what the partner is taken to hold to
the values some unseen card has (:attr:`Position.partner_holds`). A player may not
trail while a build is his duty, nor play so as to leave the side without the value of
a build that is his duty: one held in the rest of his hand or declared by his partner.

The points a take makes at once are among the cards taken and the card playing:
each ace 1, big Cassino (10D) 2, little Cassino (2S) 1, and the sweep 1 when the take
leaves the table empty; in Spade Cassino each spade 1 more and the jack of spades 1 more
again.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cribcount.cards import Card, card_key
from cribcount.cassino.forms import (
    BIG_CASSINO,
    JACK_OF_SPADES,
    LITTLE_CASSINO,
    CassinoError,
    Form,
)
from cribcount.cassino.table import Build, Table

KINDS = ("take", "build", "trail")


def declared_json(declared: Mapping[int, Iterable[int]]) -> dict[str, list[int]]:
    """The values each seat has declared, as JSON: by seat, the seats with none left out."""
    return {str(seat): sorted(values) for seat, values in sorted(declared.items()) if values}


@dataclass(frozen=True)
class Position:
    """The player to move's view of a position: the form, the table, his hand, his seat,
    and (with partners) the values each seat has declared this round, and the values his
    partner is taken to hold when narrower than he sees them (None: as he sees them, see
    the module docstring)."""

    form: Form
    table: Table
    hand: tuple[Card, ...]
    seat: int = 1
    declared: Mapping[int, frozenset[int]] = field(default_factory=dict)
    partner_holds: frozenset[int] | None = None

    def vouched_by_partner(self) -> frozenset[int]:
        """The values the player sees his partner vouch for (none without partners):
        those he has declared and those of the builds he controls."""
        partner = self.form.partner(self.seat)
        if partner is None:
            return frozenset()
        built = {build.value for build in self.table.builds if build.controller == partner}
        return self.declared.get(partner, frozenset()) | built

    def answered_by_partner(self) -> frozenset[int]:
        """The values the partner answers for (none without partners): those he has
        declared, of the values he is taken to hold; a build of such a value is his duty,
        not the player's (module docstring)."""
        partner = self.form.partner(self.seat)
        if partner is None:
            return frozenset()
        return self.declared.get(partner, frozenset()) & self.held_by_partner()

    def held_by_partner(self) -> frozenset[int]:
        """The values the partner is taken to hold (none without partners):
        ``partner_holds`` where given, else those he vouches for."""
        if self.partner_holds is None or self.form.partner(self.seat) is None:
            return self.vouched_by_partner()
        return self.partner_holds


@dataclass(frozen=True)
class Move:
    """One legal play: the card, how it is used, the cards that leave the table (the
    card played not included), the build it makes (its controller the player), whether
    it sweeps, and the points it makes at once. ``loose`` and ``builds`` are the table's
    loose cards and builds it uses (taken, or gone into the new build)."""

    card: Card
    kind: str
    takes: tuple[Card, ...] = ()
    build: Build | None = None
    sweep: bool = False
    points: int = 0
    loose: tuple[Card, ...] = ()
    builds: tuple[Build, ...] = ()

    def points_under(self, sweep_rule: str) -> int:
        """The points the play makes at once where sweeps count by ``sweep_rule``
        (:data:`~cribcount.cassino.count.SWEEP_RULES`): its sweep's only where sweeps
        score a point as made (scored, or cancelled later)."""
        return self.points - (self.sweep if sweep_rule == "none" else 0)

    def to_json(self, sweep_rule: str = "scored") -> dict[str, Any]:
        build = None
        if self.build is not None:
            build = {
                "value": self.build.value,
                "multiple": self.build.multiple,
                "cards": [card.notation() for card in self.build.cards],
            }
        return {
            "card": self.card.notation(),
            "kind": self.kind,
            "takes": [card.notation() for card in self.takes],
            "build": build,
            "sweep": self.sweep,
            "points": self.points_under(sweep_rule),
        }


def immediate_points(form: Form, cards: Sequence[Card]) -> int:
    """What ``cards`` (taken, with the card taking them) score at once: each ace 1, big
    Cassino 2, little Cassino 1; in Spade Cassino each spade 1 and the jack of spades 1."""
    points = 0
    for card in cards:
        points += card.rank == 1
        points += 2 * (card == BIG_CASSINO) + (card == LITTLE_CASSINO)
        if form.game == "spade":
            points += (card.suit == "S") + (card == JACK_OF_SPADES)
    return points


def legal_moves(position: Position) -> list[Move]:
    """Every legal play of the player to move, card by card (in the order of the hand as
    given), takes first, then builds, then the trail; one move for each set of cards it
    takes, and for each build (value and cards) it makes."""
    moves: list[Move] = []
    for card in dict.fromkeys(position.hand):
        moves += card_moves(position, card)
    return moves


def card_moves(
    position: Position, card: Card, within: Collection[Card] | None = None
) -> list[Move]:
    """The legal plays of ``card`` (held), in the order of :func:`legal_moves`; given
    ``within``, only those whose loose cards all lie in it (the plays of a written play,
    found without trying every set of a crowded table's cards)."""
    rest = list(position.hand)
    rest.remove(card)
    loose = [c for c in position.table.loose if within is None or c in within]
    moves = _takes(position, card, rest, loose) + _builds(position, card, rest, loose)
    if not duties(position):
        moves.append(Move(card, "trail"))
    return moves


def _held(position: Position, value: int, rest: Sequence[Card]) -> bool:
    """Whether ``value`` is held after the play: a card of it in ``rest`` (the hand
    without the card played), or with partners by the partner."""
    form = position.form
    return any(form.value(card) == value for card in rest) or value in position.held_by_partner()


def _licensed(position: Position, value: int, rest: Sequence[Card]) -> bool:
    """Whether the player may build for ``value``: he holds it after the play, or with
    partners his partner vouches for it."""
    form = position.form
    return any(form.value(card) == value for card in rest) or value in position.vouched_by_partner()


def duties(position: Position) -> list[Build]:
    """The builds that are the player's duty (module docstring)."""
    form, seat = position.form, position.seat
    partner = form.partner(seat)
    if partner is None:
        return [build for build in position.table.builds if build.controller == seat]
    holds = {form.value(card) for card in position.hand}
    answered = position.answered_by_partner()
    return [
        build
        for build in position.table.builds
        if build.value in holds
        and (
            build.controller == seat
            or (build.controller == partner and build.value not in answered)
        )
    ]


def unkept_duty(position: Position, rest: Sequence[Card], gone: Sequence[Build]) -> Build | None:
    """The first build of the player's duty left on the table after the play (those in
    ``gone`` are taken, or gone into a new build) without its value held (in ``rest``, the
    hand without the card played, or answered for by the partner), or None: the play is
    then no legal play."""
    form = position.form
    answered = position.answered_by_partner()
    for build in duties(position):
        if build in gone or build.value in answered:
            continue
        if not any(form.value(card) == build.value for card in rest):
            return build
    return None


def check_position(position: Position) -> None:
    """Refuse a position the rules never leave: the player to move controlling a build
    and holding no card of its value (with partners, a build is then his partner's
    duty), or a seat that is not one of the form's."""
    form = position.form
    form.check_seat(position.seat, "to move")
    if form.partners:
        return
    for build in position.table.builds:
        if build.controller == position.seat and not any(
            form.value(card) == build.value for card in position.hand
        ):
            raise CassinoError(unheld(position.seat, build))


def unheld(seat: int, build: Build) -> str:
    """The error of a controller (without partners) who holds no card of his build's
    value."""
    return (
        f"seat {seat} controls the build {build} of {build.value} and holds no card of"
        f" {build.value}: expected the controller to hold its value"
    )


@cache
def _partitions(values: tuple[int, ...], target: int) -> tuple[tuple[int, ...], ...] | None:
    """One way to split the cards of ``values`` (by place) into groups each summing to
    ``target``, or None; the empty tuple for no cards."""
    if not values:
        return ()
    # the first card's group: it and some of the others
    first, others = values[0], values[1:]
    for mask in range(1 << len(others)):
        chosen = [i for i in range(len(others)) if mask >> i & 1]
        if first + sum(others[i] for i in chosen) != target:
            continue
        left = tuple(others[i] for i in range(len(others)) if not mask >> i & 1)
        rest = _partitions(left, target)
        if rest is not None:
            places = [0, *(i + 1 for i in chosen)]
            left_places = [i + 1 for i in range(len(others)) if not mask >> i & 1]
            return (tuple(places), *(tuple(left_places[j] for j in group) for group in rest))
    return None


def _subsets(cards: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    """Every subset of ``cards``, the empty one first."""
    for mask in range(1 << len(cards)):
        yield tuple(card for i, card in enumerate(cards) if mask >> i & 1)


def split_groups(form: Form, cards: Sequence[Card], target: int) -> list[tuple[Card, ...]] | None:
    """``cards`` split into groups each making ``target`` (one way), or None."""
    if any(form.value(card) == 0 for card in cards):
        return None
    found = _partitions(tuple(form.value(card) for card in cards), target)
    if found is None:
        return None
    return [tuple(cards[i] for i in group) for group in found]


def _takes(
    position: Position, card: Card, rest: Sequence[Card], choice: Sequence[Card]
) -> list[Move]:
    """The takes of ``card``, of loose cards among ``choice``."""
    form, table = position.form, position.table
    value = form.value(card)
    if value == 0:
        loose_sets = [s for s in _subsets([c for c in choice if c.rank == card.rank])]
        build_sets: list[tuple[Build, ...]] = [()]
    else:
        loose_sets = [s for s in _subsets(choice) if split_groups(form, s, value) is not None]
        builds = [build for build in table.builds if build.value == value]
        build_sets = [
            tuple(builds[i] for i in range(len(builds)) if m >> i & 1)
            for m in range(1 << len(builds))
        ]
    moves = []
    for builds_taken in build_sets:
        for loose in loose_sets:
            if not loose and not builds_taken:
                continue
            if unkept_duty(position, rest, builds_taken) is not None:
                continue
            takes = tuple(
                sorted(loose + tuple(c for b in builds_taken for c in b.cards), key=card_key)
            )
            sweep = len(loose) == len(table.loose) and len(builds_taken) == len(table.builds)
            points = immediate_points(form, (card, *takes)) + sweep
            moves.append(Move(card, "take", takes, None, sweep, points, loose, builds_taken))
    return moves


def _builds(
    position: Position, card: Card, rest: Sequence[Card], choice: Sequence[Card]
) -> list[Move]:
    """The builds of ``card``, of loose cards among ``choice``."""
    form, table, seat = position.form, position.table, position.seat
    value = form.value(card)
    if value == 0:
        return []
    moves: list[Move] = []
    seen: set[tuple[int, tuple[Card, ...]]] = set()
    for target in range(value, form.highest + 1):
        if not (_licensed(position, target, rest) and _held(position, target, rest)):
            continue
        standing = [build for build in table.builds if build.value == target]
        # the group the card makes: with loose cards, alone, or on a single build
        bases: list[tuple[tuple[Card, ...], tuple[Build, ...]]] = []
        for loose in _subsets(choice):
            total = value + sum(form.value(c) for c in loose)
            if loose and total == target and all(form.value(c) for c in loose):
                bases.append((loose, ()))
        if target == value:
            bases.append(((), ()))
        for build in table.builds:
            if not build.multiple and build.value + value == target:
                bases.append(((), (build,)))
        for base_loose, increased in bases:
            others = [c for c in choice if c not in base_loose]
            for gathered in _subsets(others):
                groups = split_groups(form, gathered, target)
                if groups is None:
                    continue
                if not base_loose and not increased and not gathered and not standing:
                    continue  # the card alone, joined by nothing: a trail
                used_builds = (*increased, *standing)
                if unkept_duty(position, rest, used_builds) is not None:
                    continue
                first = (card, *base_loose, *(c for b in increased for c in b.cards))
                made = Build(
                    (first, *groups, *(g for b in standing for g in b.groups)), target, seat
                )
                key = (target, made.cards)
                if key in seen:
                    continue
                seen.add(key)
                moves.append(
                    Move(card, "build", (), made, False, 0, base_loose + gathered, used_builds)
                )
    return moves


def apply_move(table: Table, move: Move) -> Table:
    """The table after ``move``: the cards it takes gone, or the cards and builds it
    builds on replaced by its build, or the card trailed laid loose."""
    loose = [card for card in table.loose if card not in move.loose]
    builds = [build for build in table.builds if build not in move.builds]
    if move.kind == "trail":
        loose.append(move.card)
    elif move.build is not None:
        builds.append(move.build)
    return Table(tuple(loose), tuple(builds))


# The plays of many positions at once, through the kernel of moves_kernel (imported on
# first use, so that this module needs neither numba nor numpy).

TYPE_CHECKING = False  # typing's own, set by the type checkers
if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

ROW_CAPACITY = 32
"""Rows first made room for per position; a batch with more plays is run again with room
for exactly as many."""


@dataclass(frozen=True)
class MoveRows:
    """Every legal play of many positions, one row of numbers a play (the layout of
    :mod:`cribcount.cassino.moves_kernel`: the card's id, the kind as its place in
    :data:`KINDS`, the mask of the cards leaving the table, the build's value and mask, the
    sweep, the points): position ``p``'s plays are ``rows[starts[p]:starts[p + 1]]``, in
    no particular order. :func:`move_from_row` turns a row back into its :class:`Move`."""

    rows: npt.NDArray[np.int64]
    starts: npt.NDArray[np.int64]

    COLUMNS = ("card", "kind", "takes", "value", "build", "sweep", "points")

    def __len__(self) -> int:
        return len(self.starts) - 1

    def of(self, index: int) -> npt.NDArray[np.int64]:
        """The rows of position ``index``."""
        return self.rows[self.starts[index] : self.starts[index + 1]]

    def counts(self) -> list[int]:
        """The number of legal plays of each position."""
        return [int(n) for n in self.starts[1:] - self.starts[:-1]]

    def to_json(self) -> dict[str, Any]:
        return {
            "columns": list(self.COLUMNS),
            "starts": [int(n) for n in self.starts],
            "rows": self.rows.tolist(),
        }


def _value_mask(values: Iterable[int]) -> int:
    """A set of values as a mask, value ``v`` at bit ``1 << v``."""
    return sum(1 << value for value in set(values) if 0 <= value < 63)


def _encoded(positions: Sequence[Position]) -> tuple[list[int], list[int]]:
    """The positions as the kernel reads them (see ``batch_moves``): the numbers, and
    where each position's begin."""
    data: list[int] = []
    offsets = [0]
    for position in positions:
        form = position.form
        table = position.table
        seat = position.seat
        partner = 0
        declared = 0
        partner_holds = 0
        if form.partners:
            partner = (seat + 1) % 4 + 1
            declared = _value_mask(position.declared.get(partner, ()))
            partner_holds = _value_mask(position.held_by_partner())
        loose = table.loose
        hand = position.hand
        builds = table.builds
        game = form.game
        data += (seat, partner, declared, partner_holds, form.aces, game == "royal")
        data.append(game == "spade")
        data.append(len(loose))
        data += [card.id for card in loose]
        data.append(len(hand))
        data += [card.id for card in hand]
        data.append(len(builds))
        for build in builds:
            cards = build.cards
            controller = build.controller
            data += (build.value, controller or 0, len(build.groups) > 1, len(cards))
            data += [card.id for card in cards]
        offsets.append(len(data))
    return data, offsets


def _run(positions: Sequence[Position], capacity: int) -> tuple[Any, Any, int]:
    """The kernel over ``positions`` with room for ``capacity`` rows: the rows, the
    counts, and the rows needed (more than ``capacity`` when some were not written)."""
    import numpy as np

    from cribcount.cassino.moves_kernel import COLUMNS, MOST_LOOSE, batch_moves

    data, offsets = _encoded(positions)
    numbers = np.array(data, np.int64)
    starts = np.array(offsets, np.int64)
    counts = np.zeros(len(positions), np.int64)
    out = np.empty((capacity, COLUMNS), np.int64)
    total = batch_moves(numbers, starts, out, counts)
    if total < 0:
        from cribcount.cassino.forms import CassinoError
        from cribcount.errors import quoted

        position = positions[-total - 1]
        raise CassinoError(
            f"table {quoted(position.table.notation())}: more than {MOST_LOOSE} loose cards"
            f" that count, expected at most {MOST_LOOSE} for the plays of many positions"
        )
    return out, counts, int(total)


def legal_move_rows(positions: Sequence[Position]) -> MoveRows:
    """Every legal play of each position (exactly those of :func:`legal_moves`), worked
    out by one kernel call for them all."""
    out, counts, total = _run(positions, ROW_CAPACITY * len(positions))
    if total > len(out):
        out, counts, total = _run(positions, total)
    import numpy as np

    starts = np.zeros(len(positions) + 1, np.int64)
    np.cumsum(counts, out=starts[1:])
    return MoveRows(out[:total], starts)


def count_legal_moves(positions: Sequence[Position]) -> list[int]:
    """The number of legal plays of each position, as :func:`legal_moves` finds them."""
    _out, counts, _total = _run(positions, 0)
    return [int(n) for n in counts]


def move_from_row(position: Position, row: Sequence[int] | npt.NDArray[np.int64]) -> Move:
    """The :class:`Move` of ``position`` that a row of :func:`legal_move_rows` stands for,
    equal to the one :func:`legal_moves` gives (a build's groups, and the loose cards it
    uses, as that finds them first)."""
    from cribcount.cassino.forms import CassinoError

    numbers = [int(n) for n in row]
    wrong = CassinoError(f"row {numbers}: expected a legal play of this position")
    if len(numbers) != len(MoveRows.COLUMNS):
        raise wrong
    card_id, kind, takes, value, _build, sweep, points = numbers
    card = next((held for held in position.hand if held.id == card_id), None)
    if card is None or not 0 <= kind < len(KINDS):
        raise wrong
    table, form = position.table, position.form
    if KINDS[kind] == "trail":
        return Move(card, "trail")
    loose = tuple(c for c in table.loose if takes >> c.id & 1)
    used = tuple(b for b in table.builds if takes >> b.cards[0].id & 1)
    if KINDS[kind] == "take":
        cards = sorted(loose + tuple(c for b in used for c in b.cards), key=card_key)
        return Move(card, "take", tuple(cards), None, bool(sweep), points, loose, used)
    increased = tuple(b for b in used if b.value != value)
    standing = tuple(b for b in used if b.value == value)
    base: tuple[Card, ...] = ()
    if not increased and value != form.value(card):
        # the first loose cards, in the order legal_moves tries them, making the card's group
        for chosen in _subsets(loose):
            total = form.value(card) + sum(form.value(c) for c in chosen)
            rest = tuple(c for c in loose if c not in chosen)
            counting = all(form.value(c) for c in chosen)
            if (
                chosen
                and counting
                and total == value
                and split_groups(form, rest, value) is not None
            ):
                base = chosen
                break
    gathered = tuple(c for c in loose if c not in base)
    groups = split_groups(form, gathered, value)
    if groups is None or value <= 0:
        raise wrong
    first = (card, *base, *(c for b in increased for c in b.cards))
    made = Build((first, *groups, *(g for b in standing for g in b.groups)), value, position.seat)
    return Move(card, "build", (), made, False, 0, base + gathered, (*increased, *standing))


__all__ = [
    "KINDS",
    "Move",
    "MoveRows",
    "Position",
    "apply_move",
    "card_moves",
    "check_position",
    "count_legal_moves",
    "duties",
    "immediate_points",
    "legal_move_rows",
    "legal_moves",
    "move_from_row",
    "split_groups",
    "unheld",
    "unkept_duty",
]
