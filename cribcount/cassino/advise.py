"""Cassino advice: the deal solved with every hand known, and the best play from one seat.

**Solved** (:func:`solve_position`): with every hand known (and, before the last round,
the stock in dealing order), the rest of the deal played best by every side, as
:mod:`cribcount.cassino.solve` plays it: the value is the side to move's count of the
whole deal (the cards each side has taken so far and those it takes in the rest, the
sweeps made in the rest, the cards left at the end to the last taker) less the other
side's; with three or four each for himself, less all the others' together. Sweeps count
by the sweep rule (:data:`cribcount.cassino.count.SWEEP_RULES`; scored by default).

**Advice** (:func:`advise`): for the player to move, who knows his hand, the table and
the cards each side has taken (the piles), every legal play with the mean of the solved
value after it over every way the cards he has not seen can lie: in the other seats'
hands and, before the last round, in the stock's later deals, every way alike likely.
What he has not seen is every card not in his hand, on the table or in a pile.

The hands' sizes follow from the order of play: the seats play in turn from seat 1, one
card each, so with seat N to move holding h cards, the seats before him hold h - 1 and
the seats after him h; the rest of the unseen cards are the stock, four to each seat a
round, which gives the round. In Draw Cassino, while the stock lasts every hand holds
four (each player draws after his play), and the rest of the unseen cards are the stock.
A way in which a build's value is held on no hand of its controller's side (his, or with
partners his or his partner's) is no way the cards can lie: the rules never leave the
hands so (:func:`missing_value`); nor, with partners, one in which the partner lacks a
value the player takes him to hold (:meth:`~cribcount.cassino.moves.Position.held_by_partner`,
of the values some unseen card has), since the plays weighed are legal as he sees it.

The ways are counted (:func:`count_ways`): the other hands and each later round's hands
of the stock (Draw Cassino: each card of the stock in its place) are groups of known
sizes, and the ways are the multinomial coefficient of the unseen cards into them. Up to
:data:`EXACT_WAYS` of them (or as many as the samples asked, when more), every way is
solved and the figures are exact (always so in the last round two-handed, where the
unseen cards are the other's hand: one way). Beyond, the figures are sampled: the SAME
``samples`` ways for every play, drawn from a fixed ``seed``, so the same seed gives the
same figures, and each play's figure comes with its standard error (the standard
deviation of its samples, over ``n - 1``, over the square root of ``n``).

The samples of seed ``s``: ``np.random.Generator(np.random.PCG64(s))`` draws rows, each
row a double for each unseen card (in card order); the unseen cards ordered by a row (a
stable argsort) give the other seats' hands in seat order, then the stock in dealing
order. A row that is no way (a controller without his value) is passed over, and the
first ``samples`` good rows are the samples: the first ``n`` samples are the same however
many are drawn, so the same seed and number of samples give the same figures.

**Sampling to a time** (``time_limit``): the samples are solved a chunk at a time until
the time is spent, or until the best play is separated from the next by
:data:`STOP_SEPARATION` standard errors of their difference, whichever comes first (or
:data:`MOST_SAMPLES` are solved). Whether the best is separated is looked at every
:data:`CHECK` samples only (the time after each chunk of ways), so the samples at which
it separates are a multiple of :data:`CHECK` and do not depend on the time, and the
figures of ``n`` samples are those of ``samples=n``. Plays worth as much as the best in
every way solved are as good a choice (:attr:`Advice.alike`): the next is the first
play that is not, and when every play is alike the sampling stops. The standard error of
a play's difference from the best is that of the mean of their differences way by way
(the ways are the same for every play).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cribcount.cards import Card, card_key, format_cards, parse_cards
from cribcount.cassino.count import check_sweeps, read_piles
from cribcount.cassino.forms import HAND, CassinoError, Form
from cribcount.cassino.moves import (
    Move,
    Position,
    check_position,
    declared_json,
    legal_moves,
    unheld,
)
from cribcount.cassino.notation import read_play, write_play
from cribcount.cassino.solve import (
    DealState,
    Solution,
    check_once,
    play,
    solve,
    solve_plays,
    start_state,
)
from cribcount.cassino.table import Table, check_table
from cribcount.errors import CribcountError
from cribcount.margins import alike, leads
from cribcount.words import counted

PACK = 52
EXACT_WAYS = 1_000
"""The most ways advice solves one by one, exactly (or the samples asked, when more);
beyond, it samples."""
MOST_TO_PLAY = {2: 16, 3: 12, 4: 12}
"""The most cards still to be played (the hand and the unseen cards) advice solves the
rest of the deal from, once a way, by the number of players: two-handed from the last
two rounds, three-handed from the last round, four-handed from its fifth play (three
cards each). Each way of more is a solve of seconds to minutes."""
SAMPLES = 1_000
"""The samples by default when the ways are too many to solve each."""
MOST_SAMPLES = 100_000
"""The most samples advice draws: a sample is a solve of the rest of the deal, some
milliseconds each."""
MOST_TIME = 3_600
"""The most seconds advice may be given to sample for."""
SEED = 2026
"""The seed of the samples by default."""
MOST_DRAWS = 1_000
"""Rows drawn at most for each sample asked, before a position is refused as having too
few ways for the samples asked."""
BLOCK = 256
"""Rows drawn from the generator at a time (the rows are the same for any block)."""
TIME = 5.0
"""The seconds advice samples for by default at the command line."""
CHECK = 100
"""Sampling to a time: the samples between two looks at whether the best is separated."""
FIRST_CHUNK = 4
"""The fewest ways solved at a time (the first chunk, which times them, is this many)."""
STOP_SEPARATION = 3
"""Sampling to a time: the standard errors of their difference by which the best play
must lead the next for the sampling to stop."""
CHUNK_SECONDS = 0.5
"""About how long a chunk of samples is solved for before the time is looked at."""
STOPS = {
    "exact": "every way solved",
    "samples": "the samples asked solved",
    "separated": f"the best play {STOP_SEPARATION} standard errors of the difference ahead",
    "time": "the time spent",
    "alike": "every play worth as much in every way sampled",
    "most": f"the most samples ({MOST_SAMPLES:,}) solved",
    "one play": "one legal play",
}
"""Why advice stopped, by the word its JSON gives (``stopped``), as its text says it."""


# -- reading -----------------------------------------------------------------------


def read_hands(text: str, form: Form) -> tuple[tuple[Card, ...], ...]:
    """The hands written ``H1 | H2 [| H3 | H4]``, seat 1's first, one for each seat; an
    empty hand is written ``-``."""
    parts = [part.strip() for part in text.split("|")]
    if len(parts) != form.players:
        raise CassinoError(
            f"hands {text.strip()!r}: {counted(len(parts), 'hand')}, expected one for each"
            f" of the {form.players} seats, separated by '|'"
        )
    hands: list[tuple[Card, ...]] = []
    for seat, part in enumerate(parts, start=1):
        if part in ("", "-"):
            hands.append(())
            continue
        try:
            hands.append(tuple(parse_cards(part)))
        except CribcountError as error:
            raise CassinoError(f"seat {seat}'s hand: {error}") from None
    return tuple(hands)


def read_side_piles(text: str | None, form: Form) -> tuple[tuple[Card, ...], ...]:
    """The piles written ``P1 | P2 ...``, one for each side (``-`` for an empty one);
    none given, every pile empty."""
    if text is None:
        return ((),) * form.sides
    piles = read_piles(text)
    if len(piles) != form.sides:
        raise CassinoError(
            f"piles {text.strip()!r}: {counted(len(piles), 'pile')}, expected one for each"
            f" of the {form.sides} sides, separated by '|'"
        )
    return piles


# -- checks shared by solve and advise ----------------------------------------------


def _check_piles(form: Form, piles: Sequence[Sequence[Card]], last_taker: int | None) -> None:
    """A pile grows only by taking: cards in a pile mean somebody took last, and the last
    taker's side has taken cards."""
    if last_taker is None:
        if any(piles):
            raise CassinoError(
                "the piles hold cards, so somebody has taken: expected the seat that took"
                " last (--last-taker)"
            )
        return
    form.check_seat(last_taker, "as the last taker")
    if not piles[form.side(last_taker) - 1]:
        raise CassinoError(
            f"seat {last_taker} took last, but side {form.side(last_taker)}'s pile is empty:"
            " expected the cards it took in its pile"
        )


def _check_controllers(form: Form, table: Table, hands: Sequence[Sequence[Card]]) -> None:
    """Each build's value held on the side of its controller (:func:`missing_value`)."""
    missing = missing_value(form, table, hands)
    if missing is not None:
        raise CassinoError(missing)


def _sizes_in_turn(form: Form, seat: int, held: int) -> list[int]:
    """Each seat's cards in a round played in turn from seat 1 with ``seat`` to move
    holding ``held``: the seats before him one fewer, the seats after him as many."""
    return [held - 1 if s < seat else held for s in range(1, form.players + 1)]


# -- solved ------------------------------------------------------------------------


@dataclass(frozen=True)
class SolvedPosition:
    """A position with every hand known and the rest of its deal solved: the state it
    starts from, the solution, and the line's plays with the table after each."""

    state: DealState
    solution: Solution
    plays: tuple[tuple[int, Move, Table], ...]

    def to_json(self) -> dict[str, Any]:
        state, form = self.state, self.state.form
        return {
            **self.solution.to_json(),
            "game": form.game,
            "players": form.players,
            "partners": form.partners,
            "aces": form.aces,
            "sweep_rule": state.sweep_rule,
            "sweeps": list(state.sweeps),
            "seat": state.turn,
            "table": state.table.to_json(),
            "hands": [[card.notation() for card in hand] for hand in state.hands],
            "piles": [[card.notation() for card in pile] for pile in state.piles],
            "last_taker": state.last_taker,
            "declared": declared_json(dict(enumerate(state.declared, start=1))),
            "stock": [card.notation() for card in state.stock],
        }


def solve_position(
    form: Form,
    table: Table,
    hands: Sequence[Sequence[Card]],
    seat: int = 1,
    piles: Sequence[Sequence[Card]] | None = None,
    last_taker: int | None = None,
    stock: Sequence[Card] = (),
    declared: Mapping[int, frozenset[int]] | None = None,
    sweep_rule: str = "scored",
    sweeps: Sequence[int] | None = None,
) -> SolvedPosition:
    """The rest of the deal from a position with every hand known, played best by every
    side (see the module docstring), checked first: every card once; a pile for each
    side, cards in the piles only if somebody took last, and then some in his side's; the
    hands' sizes those of a round played in turn from seat 1 (Draw Cassino, while the
    stock lasts: four each); each controller holding a card of his build's value; a sweep
    rule of :data:`~cribcount.cassino.count.SWEEP_RULES`, and the sweeps each side has
    made (none by default)."""
    check_table(table, form)
    form.check_seat(seat, "to move")
    piles = [tuple(pile) for pile in piles] if piles is not None else [()] * form.sides
    if len(piles) != form.sides:
        raise CassinoError(
            f"{counted(len(piles), 'pile')}: expected one for each of the {form.sides} sides"
        )
    _check_piles(form, piles, last_taker)
    if len(hands) == form.players and any(hands) and 0 < len(hands[seat - 1]) <= HAND:
        held = len(hands[seat - 1])
        drawing = form.game == "draw" and bool(stock)
        sizes = [HAND] * form.players if drawing else _sizes_in_turn(form, seat, held)
        for s, hand in enumerate(hands, start=1):
            if len(hand) == sizes[s - 1]:
                continue
            why = (
                "each hand holds four while the stock lasts, a card drawn after each play"
                if drawing
                else f"the seats play in turn from seat 1, and seat {seat} to move holds {held}"
            )
            raise CassinoError(
                f"seat {s} holds {counted(len(hand), 'card')}: {why}; expected {sizes[s - 1]}"
            )
    state = start_state(
        form, table, hands, seat, piles, last_taker, stock, declared, sweep_rule, sweeps
    )
    _check_controllers(form, state.table, state.hands)
    solution = solve(state)
    plays: list[tuple[int, Move, Table]] = []
    now = state
    for mover, text in solution.line:
        move = read_play(text, now.position)
        now = play(now, move)
        plays.append((mover, move, now.table))
    return SolvedPosition(state, solution, tuple(plays))


# -- advice ------------------------------------------------------------------------


@dataclass(frozen=True)
class AdviceOption:
    """One legal play and the mean of the solved value after it, with its standard
    error (0 when exact)."""

    move: Move
    value: float
    stderr: float
    diff_stderr: float = 0.0
    """The standard error of the best play's value less this one's (0 for the best, and
    when exact)."""

    @property
    def text(self) -> str:
        return write_play(self.move)

    def to_json(self, sweep_rule: str = "scored") -> dict[str, Any]:
        return {
            **self.move.to_json(sweep_rule),
            "play": self.text,
            "value": self.value,
            "stderr": self.stderr,
            "diff_stderr": self.diff_stderr,
        }


@dataclass(frozen=True)
class Unseen:
    """What the player to move has not seen, and how it can lie: the cards, each other
    seat's hand size (the player's own is his hand), the stock's size, the round (None in
    Draw Cassino after the first deal), and the number of ways."""

    cards: tuple[Card, ...]
    sizes: tuple[int, ...]
    stock: int
    round: int | None
    ways: int


@dataclass(frozen=True)
class Advice:
    """Every legal play of the player to move, best first, with the mean solved value
    after it: exact over every way the unseen cards can lie, or over ``samples`` of them
    (from ``seed``)."""

    form: Form
    seat: int
    table: Table
    hand: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    last_taker: int | None
    unseen: Unseen
    options: tuple[AdviceOption, ...]
    exact: bool
    ways: int
    """Exact: the ways solved, those that leave each controller his value; sampled: the
    ways the unseen cards can lie in their groups (:attr:`Unseen.ways`)."""
    samples: int | None
    seed: int | None
    declared: Mapping[int, frozenset[int]] = field(default_factory=dict)
    """With partners, the values each seat has declared this round."""
    sweep_rule: str = "scored"
    sweeps: tuple[int, ...] = ()
    """The sweeps each side has made so far."""
    stopped: str = "exact"
    """Why the advice stopped: a word of :data:`STOPS`."""
    time_limit: float | None = None
    """The seconds it sampled for at most, when sampling to a time (None when exact)."""

    def _alike(self, option: AdviceOption) -> bool:
        return alike(self.best.value, option.value, option.diff_stderr)

    @property
    def alike(self) -> tuple[AdviceOption, ...]:
        """The plays after the best worth as much as it in every way solved: as good a
        choice, as far as the figures tell."""
        return tuple(option for option in self.options[1:] if self._alike(option))

    @property
    def next_best(self) -> AdviceOption | None:
        """The first play after the best that is not :attr:`alike` it, None if none."""
        return next((option for option in self.options[1:] if not self._alike(option)), None)

    @property
    def separated(self) -> bool:
        """Whether the best play is separated from the next (:attr:`next_best`), as
        :mod:`cribcount.margins` says; with no next, it is."""
        runner = self.next_best
        if runner is None:
            return True
        return leads(self.best.value - runner.value, runner.diff_stderr)

    @property
    def sizes(self) -> tuple[int, ...]:
        """Each seat's hand size, seat 1's first."""
        held = len(self.hand)
        return tuple(held if s == self.seat else n for s, n in enumerate(self.unseen.sizes, 1))

    @property
    def best(self) -> AdviceOption:
        return self.options[0]

    def to_json(self) -> dict[str, Any]:
        options = [option.to_json(self.sweep_rule) for option in self.options]
        if options:
            options[0]["separated"] = self.separated
        return {
            "game": self.form.game,
            "players": self.form.players,
            "partners": self.form.partners,
            "aces": self.form.aces,
            "sweep_rule": self.sweep_rule,
            "sweeps": list(self.sweeps),
            "seat": self.seat,
            "round": self.unseen.round,
            "table": self.table.to_json(),
            "hand": [card.notation() for card in self.hand],
            "piles": [[card.notation() for card in pile] for pile in self.piles],
            "last_taker": self.last_taker,
            "declared": declared_json(self.declared),
            "sizes": list(self.sizes),
            "stock_size": self.unseen.stock,
            "unseen": [card.notation() for card in self.unseen.cards],
            "options": options,
            "exact": self.exact,
            # JSON writers read integers up to 64 bits: a count beyond is given as a float
            "ways": self.ways if self.ways < 2**63 else float(self.ways),
            "samples": self.samples,
            "seed": self.seed,
            "stopped": self.stopped,
            "time_limit": self.time_limit,
        }


def count_ways(sizes: Sequence[int]) -> int:
    """The ways to lie of as many cards as ``sizes`` adds up to, in groups of those
    sizes: the multinomial coefficient."""
    ways, left = 1, sum(sizes)
    for size in sizes:
        ways *= math.comb(left, size)
        left -= size
    return ways


def unseen_of(
    form: Form,
    table: Table,
    hand: Sequence[Card],
    seat: int,
    piles: Sequence[Sequence[Card]],
    round_: int | None = None,
) -> Unseen:
    """What the player to move at ``seat`` has not seen, and its groups (see the module
    docstring): the other hands' sizes from the order of play, the stock the rest; the
    round they give, checked against ``round_`` when given."""
    held, players = len(hand), form.players
    seen = [*hand, *table.cards, *(card for pile in piles for card in pile)]
    cards = tuple(Card.from_id(i) for i in range(PACK) if i not in {c.id for c in seen})
    sizes = _sizes_in_turn(form, seat, held)
    sizes[seat - 1] = 0
    laid = len(seen) - held
    if form.game == "draw":
        if round_ is not None:
            raise CassinoError(
                f"--round {round_} in Draw Cassino: its hands stay at four while the stock"
                " lasts, so it has no rounds after the first deal; expected no --round"
            )
        full = [0 if s == seat else HAND for s in range(1, players + 1)]
        if len(cards) == sum(sizes):
            stock = 0
        elif held == HAND and len(cards) > sum(full):
            sizes, stock = full, len(cards) - sum(full)
        else:
            expected = f"{PACK - held - sum(sizes)} once the stock is out"
            if held == HAND:
                expected += f", or fewer than {PACK - held - sum(full)} while it lasts"
            raise CassinoError(
                f"the table and the piles hold {counted(laid, 'card')}: with seat {seat} to"
                f" move holding {held}, expected {expected}"
            )
        count = count_ways([*sizes, *[1] * stock])
        return Unseen(cards, tuple(sizes), stock, None, count)
    stock = len(cards) - sum(sizes)
    per_round = HAND * players
    rounds = form.rounds
    found = rounds - stock // per_round if stock >= 0 and stock % per_round == 0 else 0
    if not 1 <= found <= rounds:
        # the cards laid are the table's first four and those played so far
        played = (seat - 1) * (HAND + 1 - held) + (players - seat + 1) * (HAND - held)
        laid_by = [HAND + per_round * (k - 1) + played for k in range(1, rounds + 1)]
        listed = ", ".join(str(n) for n in laid_by[:-1]) + f" or {laid_by[-1]}"
        raise CassinoError(
            f"the table and the piles hold {counted(laid, 'card')}: with seat {seat} to move"
            f" holding {held}, expected {listed} (rounds 1 to {rounds})"
        )
    if round_ is not None and round_ != found:
        raise CassinoError(
            f"--round {round_}: the cards seen, with seat {seat} to move holding {held}, are"
            f" those of round {found}"
        )
    groups = [*sizes, *[HAND] * (stock // HAND)]
    return Unseen(cards, tuple(sizes), stock, found, count_ways(groups))


def _groups(form: Form, unseen: Unseen) -> list[int]:
    """The sizes of the groups a way fills, in order: the other hands, then the stock
    (a hand of four a seat a round; Draw Cassino: a card at a time)."""
    part = 1 if form.game == "draw" else HAND
    return [*unseen.sizes, *[part] * (unseen.stock // part)]


def _lay(form: Form, unseen: Unseen, order: Sequence[Card]) -> tuple[list[list[Card]], list[Card]]:
    """The other hands and the stock in dealing order from the unseen cards in ``order``:
    the hands in seat order, then the stock (each later round's hands, seat 1's first,
    dealt two at a time)."""
    hands: list[list[Card]] = []
    at = 0
    for size in unseen.sizes:
        hands.append(list(order[at : at + size]))
        at += size
    rest = list(order[at:])
    if form.game == "draw":
        return hands, rest
    stock: list[Card] = []
    per_round = HAND * form.players
    for start in range(0, len(rest), per_round):
        dealt = [rest[start + HAND * s : start + HAND * (s + 1)] for s in range(form.players)]
        for half in range(HAND // 2):
            for hand in dealt:
                stock += hand[2 * half : 2 * half + 2]
    return hands, stock


def _every_way(cards: Sequence[Card], groups: Sequence[int]) -> Iterator[list[Card]]:
    """Each way the cards lie in groups of ``groups``' sizes, as the cards in group order."""
    if not groups:
        yield []
        return
    first, rest = groups[0], groups[1:]
    for chosen in itertools.combinations(range(len(cards)), first):
        picked = [cards[i] for i in chosen]
        left = [card for i, card in enumerate(cards) if i not in chosen]
        for tail in _every_way(left, rest):
            yield picked + tail


def controllers_hold(form: Form, table: Table, hands: Sequence[Sequence[Card]]) -> bool:
    """Whether every build's value is held where the rules keep it (:func:`missing_value`):
    a way the cards can lie only if so."""
    return missing_value(form, table, hands) is None


def missing_value(form: Form, table: Table, hands: Sequence[Sequence[Card]]) -> str | None:
    """The build whose value the hands do not hold where the rules keep it, said as an
    error, or None: a build's controller holds a card of its value (with partners, he or
    his partner: a side never plays its last card of a build's value but to take it),
    and a build given without its controller has its value in some hand."""

    def holds(seat: int, value: int) -> bool:
        return any(form.value(card) == value for card in hands[seat - 1])

    for build in table.builds:
        owner = build.controller
        if owner is None:
            if not any(holds(s, build.value) for s in range(1, form.players + 1)):
                return (
                    f"the build {build} of {build.value} has no controller, and no hand holds"
                    f" a card of {build.value}: expected its controller (@SEAT) to hold one"
                )
            continue
        partner = form.partner(owner)
        if holds(owner, build.value) or (partner is not None and holds(partner, build.value)):
            continue
        if partner is None:
            return unheld(owner, build)
        return (
            f"seat {owner} controls the build {build} of {build.value}, and neither he nor"
            f" his partner (seat {partner}) holds a card of {build.value}: expected one of"
            " them to hold its value"
        )
    return None


def advise(
    form: Form,
    table: Table,
    hand: Sequence[Card],
    seat: int = 1,
    piles: Sequence[Sequence[Card]] | None = None,
    last_taker: int | None = None,
    round_: int | None = None,
    samples: int | None = None,
    seed: int = SEED,
    exact_ways: int | None = None,
    declared: Mapping[int, frozenset[int]] | None = None,
    sweep_rule: str = "scored",
    sweeps: Sequence[int] | None = None,
    time_limit: float | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> Advice:
    """Every legal play of the player to move at ``seat`` holding ``hand``, best first
    (ties in the order of :func:`legal_moves`), with the mean solved value after it over
    the ways the unseen cards can lie (see the module docstring): exact when they are
    ``exact_ways`` (by default :data:`EXACT_WAYS`, or ``samples`` when more) or fewer,
    else over ``samples`` of them (:data:`SAMPLES` by default) drawn from ``seed``, or
    with ``time_limit``, over as many as that many seconds solve, stopping sooner when
    the best play is separated from the next (the module docstring). ``declared``: with
    partners, the values each seat has declared this round (built for and not played
    since), which the player has seen; ``sweep_rule``: how sweeps count
    (:data:`~cribcount.cassino.count.SWEEP_RULES`); ``sweeps``: those each side has made
    so far (none by default); ``progress``: told after each chunk of ways solved how
    many are solved and the seconds since the start."""
    check_table(table, form)
    form.check_seat(seat, "to move")
    if samples is not None and time_limit is not None:
        raise CassinoError(
            f"{samples:,} samples and a time of {time_limit:g} s: expected one of the two"
        )
    if time_limit is not None and not 0 < time_limit <= MOST_TIME:
        raise CassinoError(f"a time of {time_limit:g} s: expected more than 0, up to {MOST_TIME:,}")
    if samples is not None and not 2 <= samples <= MOST_SAMPLES:
        raise CassinoError(f"{samples:,} samples: expected 2 to {MOST_SAMPLES:,}")
    if not 0 <= seed < 2**63:
        raise CassinoError(f"seed {seed}: expected 0 to 2**63 - 1")
    hand = tuple(hand)
    if not 1 <= len(hand) <= HAND:
        raise CassinoError(
            f"a hand of {counted(len(hand), 'card')}: expected the player to move to hold 1 to 4"
        )
    piles = [tuple(pile) for pile in piles] if piles is not None else [()] * form.sides
    if len(piles) != form.sides:
        raise CassinoError(
            f"{counted(len(piles), 'pile')}: expected one for each of the {form.sides} sides"
        )
    _check_piles(form, piles, last_taker)
    made = check_sweeps(sweeps, piles, form)
    places: list[tuple[str, Sequence[Card]]] = [("the hand", hand), ("the table", table.cards)]
    places += [(f"side {s}'s pile", pile) for s, pile in enumerate(piles, start=1)]
    check_once(places)
    position = Position(form, table, hand, seat, dict(declared or {}))
    check_position(position)
    unseen = unseen_of(form, table, hand, seat, piles, round_)
    partner = form.partner(seat)
    taken: frozenset[int] = frozenset()  # the values the partner is taken to hold
    if partner is not None:
        # none of which no card is unseen, and none when his hand is empty
        possible = {form.value(card) for card in unseen.cards if unseen.sizes[partner - 1]}
        taken = position.held_by_partner() & possible
        position = replace(position, partner_holds=taken)
    to_play = len(hand) + len(unseen.cards)
    most = MOST_TO_PLAY[form.players]
    if to_play > most:
        raise CassinoError(
            f"{to_play} cards still to be played: too many to solve the rest for each way"
            f" the unseen cards can lie; expected at most {most} with {form.players} players"
            f" ({MOST_TO_PLAY[2]} two-handed: the last two rounds; {MOST_TO_PLAY[3]} with three"
            " or four)"
        )
    for build in table.builds:
        owner = build.controller
        if form.partners or owner is None or owner == seat:
            continue
        if unseen.sizes[owner - 1] == 0 or not any(
            form.value(card) == build.value for card in unseen.cards
        ):
            raise CassinoError(
                f"seat {owner} controls the build {build} of {build.value}, but no card of"
                f" {build.value} is left for his hand: expected the controller to hold one"
            )
    moves = legal_moves(position)
    side = form.side(seat)
    groups = _groups(form, unseen)

    def state_of(order: Sequence[Card]) -> DealState | None:
        others, stock = _lay(form, unseen, order)
        hands = [list(hand) if s == seat else others[s - 1] for s in range(1, form.players + 1)]
        if not controllers_hold(form, table, hands):
            return None
        if partner is not None and not taken <= {form.value(c) for c in hands[partner - 1]}:
            return None  # the partner lacks a value the player takes him to hold
        return start_state(
            form, table, hands, seat, piles, last_taker, stock, declared, sweep_rule, made
        )

    exact = unseen.ways <= (max(EXACT_WAYS, samples or 0) if exact_ways is None else exact_ways)
    if exact:
        states = [
            state for state in map(state_of, _every_way(unseen.cards, groups)) if state is not None
        ]
        if not states:
            raise CassinoError(f"no way the unseen cards can lie {HOLDING}")
        rows, stopped = solve_plays(states, moves, side), "exact"
        if progress is not None:
            progress(len(rows), 0.0)
    else:
        ways = _Ways(unseen, seed, state_of)
        rows, stopped = _sample(ways, moves, side, samples, time_limit, progress)
    options = _options(moves, rows, exact)
    return Advice(
        form,
        seat,
        table,
        tuple(sorted(hand, key=card_key)),
        tuple(tuple(sorted(pile, key=card_key)) for pile in piles),
        last_taker,
        unseen,
        options,
        exact,
        len(rows) if exact else unseen.ways,
        None if exact else len(rows),
        None if exact else seed,
        dict(declared or {}),
        sweep_rule,
        made,
        stopped,
        None if exact else time_limit,
    )


def _options(
    moves: Sequence[Move], rows: Sequence[Sequence[int]], exact: bool
) -> tuple[AdviceOption, ...]:
    """The plays with their means over ``rows`` (a row a way, a value a play), best first
    (ties in the order of ``moves``), each with its standard error and that of its
    difference from the best (0 when ``exact``)."""
    import numpy as np

    values = np.array(rows, np.int64).reshape(len(rows), len(moves))
    n = len(rows)
    means = values.sum(axis=0) / n
    order = sorted(range(len(moves)), key=lambda index: -means[index])
    best = values[:, order[0]] if order else values[:, :0]

    def error(column: Any) -> float:
        return 0.0 if exact or n < 2 else float(np.std(column, ddof=1)) / math.sqrt(n)

    return tuple(
        AdviceOption(
            moves[index],
            float(means[index]),
            error(values[:, index]),
            error(best - values[:, index]),
        )
        for index in order
    )


HOLDING = "leaves each build's value on its controller's side"
"""What a way the cards can lie must do (:func:`missing_value`), as errors say it."""


class _Ways:
    """The ways of the samples of a seed, in order (see the module docstring), drawn as
    they are asked for."""

    def __init__(
        self, unseen: Unseen, seed: int, state_of: Callable[[Sequence[Card]], DealState | None]
    ) -> None:
        import numpy as np

        self.generator = np.random.Generator(np.random.PCG64(seed))
        self.cards = unseen.cards
        self.state_of = state_of
        self.drawn = 0
        self.found = 0
        self.rows: list[list[Card]] = []

    def take(self, count: int) -> list[DealState]:
        """The next ``count`` ways; refused when rows that are no way are so many that
        :data:`MOST_DRAWS` for each way asked so far are drawn."""
        import numpy as np

        states: list[DealState] = []
        wanted = self.found + count
        while len(states) < count:
            if self.drawn >= MOST_DRAWS * wanted:
                raise CassinoError(
                    f"{counted(self.found + len(states), 'way')} found in {self.drawn:,}"
                    f" draws that {HOLDING}: expected {wanted:,}"
                )
            if not self.rows:
                block = np.argsort(
                    self.generator.random((BLOCK, len(self.cards))), axis=1, kind="stable"
                )
                self.rows = [[self.cards[int(i)] for i in order] for order in block[::-1]]
            self.drawn += 1
            found = self.state_of(self.rows.pop())
            if found is not None:
                states.append(found)
        self.found += count
        return states


def _sample(
    ways: _Ways,
    moves: Sequence[Move],
    side: int,
    samples: int | None,
    time_limit: float | None,
    progress: Callable[[int, float], None] | None,
) -> tuple[list[list[int]], str]:
    """The values of every play (a row a way) over the ways of ``ways``: ``samples`` of
    them (:data:`SAMPLES` by default), or with ``time_limit`` as many as that many seconds
    solve, stopping sooner when the best is separated (see the module docstring); and
    why it stopped (a word of :data:`STOPS`)."""
    import numpy as np

    start = time.monotonic()
    wanted = SAMPLES if samples is None and time_limit is None else samples
    rows: list[list[int]] = []
    sums = np.zeros(len(moves), np.int64)
    products = np.zeros((len(moves), len(moves)), np.int64)
    chunk = FIRST_CHUNK
    while True:
        room = MOST_SAMPLES - len(rows) if wanted is None else wanted - len(rows)
        found = solve_plays(ways.take(min(chunk, room)), moves, side, fresh=not rows)
        checked = len(rows) // CHECK * CHECK
        rows += found
        elapsed = time.monotonic() - start
        if progress is not None:
            progress(len(rows), elapsed)
        if wanted is not None:
            if len(rows) >= wanted:
                return rows, "samples"
        else:
            assert time_limit is not None
            if len(moves) < 2:
                return rows, "one play"
            for end in range(checked + CHECK, len(rows) + 1, CHECK):
                block = np.array(rows[end - CHECK : end], np.int64)
                sums += block.sum(axis=0)
                products += block.T @ block
                stop = _stop(sums, products, end)
                if stop is not None:
                    return rows[:end], stop
            if len(rows) >= MOST_SAMPLES:
                return rows, "most"
            if elapsed >= time_limit:
                return rows, "time"
        # the next chunk about CHUNK_SECONDS long, or what is left of the time
        left = CHUNK_SECONDS if time_limit is None else min(CHUNK_SECONDS, time_limit - elapsed)
        per_way = elapsed / len(rows)
        chunk = max(FIRST_CHUNK, int(left / per_way)) if per_way else CHECK


def _stop(sums: Any, products: Any, n: int) -> str | None:
    """Whether sampling to a time stops after ``n`` ways whose values by play sum to
    ``sums`` and whose products two by two sum to ``products``: ``'separated'`` when the
    best play leads the next by :data:`STOP_SEPARATION` standard errors of their
    difference, the next being the first play after it (ties in play order) that is not
    worth as much in every way (:attr:`Advice.alike`); ``'alike'`` when every play is."""
    order = sorted(range(len(sums)), key=lambda index: -int(sums[index]))
    best = order[0]
    for runner in order[1:]:
        total = int(sums[best] - sums[runner])
        squares = int(products[best, best] + products[runner, runner] - 2 * products[best, runner])
        if total == 0 and squares == 0:
            continue  # worth as much as the best in every way
        variance = max(squares - total * total / n, 0.0) / (n - 1)
        return "separated" if leads(total / n, math.sqrt(variance / n), STOP_SEPARATION) else None
    return "alike"


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the commands write them, ``-`` for none."""
    return format_cards(cards) or "-"


__all__ = [
    "EXACT_WAYS",
    "MOST_TO_PLAY",
    "SAMPLES",
    "SEED",
    "Advice",
    "AdviceOption",
    "SolvedPosition",
    "Unseen",
    "advise",
    "cards_text",
    "controllers_hold",
    "count_ways",
    "read_hands",
    "read_side_piles",
    "solve_position",
    "unseen_of",
]
