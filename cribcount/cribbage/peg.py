"""The play (pegging): who played each card, the running count, and what it scored.

The players play in turn, starting left of the dealer (the pone, in the
two-handed game), each card adding its value to the running count. The card
just played scores:

- 2 when the count reaches exactly 15, and 2 when it reaches exactly 31;
- 2 for a pair with the card before it, 6 for a third of the rank in a row
  (pair royal), 12 for a fourth (double pair royal);
- k for a run when the last k cards of the count (k >= 3) are k distinct
  ranks forming a sequence in any order; the longest such k counts, and a
  duplicate among the last k breaks it.

A player who cannot play without passing 31 says go and plays no more in
that count; the others play on while they can, and a player out of cards is
skipped. When nobody can continue, the last player to play scores 1 for the
go, unless the count reached 31. The next count is led by the player after
the one who played last. The last card of the whole play scores 1 (not the
go), unless it made 31. In five-card cribbage there is one count only: the
play ends at the first go or 31.

The plays are written as every card in the order played, with ``go`` where
the player whose turn it is cannot play. Who played each card is inferred:

- a card is played by the player whose turn it is;
- ``go`` is said by the player whose turn it is; that player is skipped for
  the rest of the count;
- a card that would pass 31 cannot be played in this count by anyone, so
  every player still in the count must have said go: the count ends there
  (the go point to the last player) and the card leads the next count;
- with the hands known, a player to play who holds no card that fits must
  say go, so that go need not be written. Without the hands it must be, if
  the other player then plays a card that fits.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cribcount.cards import (
    Card,
    card_tokens,
    format_cards,
    notations,
    parse_cards,
    split_tokens,
    token_problem,
)
from cribcount.cribbage.forms import FORMS, ROLES, Form
from cribcount.cribbage.score import combination_name
from cribcount.errors import CribcountError, HandError, NotationError, PlayError, quoted
from cribcount.words import counted

KINDS = ("fifteen", "thirty-one", "pair", "run", "go", "last card")
"""Kinds of score in the play."""

# A word of two or more characters before a colon is a player's label.
_LABEL = re.compile(r"^\s*([a-z][\w-]+)\s*:(.*)$", re.IGNORECASE | re.DOTALL)
_GO = ("go", "Go", "gO", "GO")
_PLAYS: dict[str, Card | None] = {**card_tokens(), **dict.fromkeys(_GO)}
"""Every simple token of a play: a card, or go."""


@dataclass(frozen=True)
class PegItem:
    """One score in the play: its kind (see :data:`KINDS`), its points, for a pair
    or a run how many cards make it, and the cards that make it (every card of
    the count for a fifteen or 31, the card played for a go or the last card)."""

    kind: str
    points: int
    length: int = 0
    cards: tuple[Card, ...] = ()

    @property
    def name(self) -> str:
        """The score as a player names it: ``'fifteen'``, ``'pair royal'``, ``'run of 5'``."""
        return combination_name(self.kind, self.length)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "cards": notations(self.cards),
            "points": self.points,
        }


@dataclass(frozen=True)
class Play:
    """One play: ``position`` in the input (from 1), the player, the card (``None`` for go)."""

    position: int
    player: int
    player_name: str
    card: Card | None
    count: int
    scored: tuple[PegItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.scored)

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "player": self.player_name,
            "card": None if self.card is None else str(self.card),
            "count": self.count,
            "items": [item.to_json() for item in self.scored],
            "points": self.points,
        }


@dataclass(frozen=True)
class Penalty:
    """A go said by a player holding a card that fits: the adversaries may claim 2."""

    position: int
    player_name: str
    count: int
    fitting: tuple[Card, ...]
    claimants: tuple[str, ...]
    points: int = 2

    def describe(self, symbols: bool = False) -> str:
        """The penalty in words, suits as letters or (``symbols``) as ``♠ ♥ ♦ ♣``."""
        return (
            f"play {self.position}: {self.player_name} said go at {self.count} holding "
            f"{format_cards(self.fitting, symbols)}, which fits; "
            f"{' and '.join(self.claimants)} may claim {self.points}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "player": self.player_name,
            "count": self.count,
            "fitting": notations(self.fitting),
            "claimants": list(self.claimants),
            "points": self.points,
        }


@dataclass(frozen=True)
class PlayResult:
    """The scored play: one row per play, the players in order of play (dealer last)."""

    players: tuple[str, ...]
    game: str
    plays: tuple[Play, ...]
    complete: bool
    penalties: tuple[Penalty, ...] = ()
    to_play: int | None = None
    """The seat whose turn it is after the plays (0 leads), None once the play is over."""
    count_now: tuple[int, ...] = ()
    """The ranks played in the count still open after the plays (empty when a new count
    is to be led)."""

    @property
    def dealer(self) -> str:
        return self.players[-1]

    @property
    def cards_each(self) -> int:
        """The cards each player holds for the play: the game's hand size."""
        return FORMS[self.game].kept

    @property
    def totals(self) -> dict[str, int]:
        """Points pegged by each player, in order of play."""
        totals = dict.fromkeys(self.players, 0)
        for play in self.plays:
            totals[play.player_name] += play.points
        return totals

    @property
    def sides(self) -> dict[str, int] | None:
        """In four-handed cribbage, the partners' combined points (P1 with P3, P2 with P4)."""
        if len(self.players) != 4:
            return None
        totals = self.totals
        names = self.players
        return {
            f"{names[0]} + {names[2]}": totals[names[0]] + totals[names[2]],
            f"{names[1]} + {names[3]}": totals[names[1]] + totals[names[3]],
        }

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "players": list(self.players),
            "dealer": self.dealer,
            "cards_each": self.cards_each,
            "plays": [play.to_json() for play in self.plays],
            "totals": self.totals,
        }
        if self.sides is not None:
            names = self.players
            data["sides"] = [
                {"roles": [names[seat], names[seat + 2]], "total": total}
                for seat, total in enumerate(self.sides.values())
            ]
        data["complete"] = self.complete
        data["penalties"] = [penalty.to_json() for penalty in self.penalties]
        return data


def player_names(players: int) -> tuple[str, ...]:
    """Pone and dealer in the two-handed game; else P1 (left of the dealer) to the dealer."""
    if players == 2:
        return ROLES
    return tuple(f"P{number}" for number in range(1, players + 1))


def resolve_game(players: int | None, game: str | Form | None) -> tuple[int, Form]:
    """Settle who plays and the form of the game, refusing combinations that do not exist.

    Two players play five-, six- (the default) or seven-card cribbage; three
    play the three-handed and four the four-handed game, 4 cards each. The
    game is named or given as its :class:`~cribcount.cribbage.forms.Form`.
    """
    form: Form | None
    if game is None or isinstance(game, Form):
        form = game
    elif game in FORMS:
        form = FORMS[game]
    else:
        raise PlayError(f"unknown game {quoted(game)}: expected one of {', '.join(FORMS)}")
    if players is None:
        players = 2 if form is None else form.players
    if players not in (2, 3, 4):
        raise PlayError(f"{players} players: cribbage is played by 2, 3 or 4")
    if form is None:
        form = FORMS[{2: "six", 3: "three", 4: "four"}[players]]
    if form.players != players:
        expected = {2: "'five', 'six' or 'seven'", 3: "'three'", 4: "'four'"}[players]
        raise PlayError(
            f"game {quoted(form.name)} is not played by {players} players: "
            f"with {players} players the game is {expected}"
        )
    return players, form


def parse_plays(text: str) -> list[Card | None]:
    """Read the plays: cards in any single-card notation, ``go`` (any case) as ``None``.

    Plain tokens are looked up at once; the rarer notations (glyphs run
    together) and the errors go through the general tokenizer.
    """
    try:
        plays = [_PLAYS[token] for token in text.replace(",", " ").split()]
    except KeyError:
        plays = _read_plays(text)
    if not plays:
        raise PlayError(
            f"no plays in {quoted(text)}: expected cards in order of play, such as '4S 2D 3D'"
        )
    return plays


def _read_plays(text: str) -> list[Card | None]:
    """The general reader of :func:`parse_plays`, naming the first token that is no play."""
    plays: list[Card | None] = []
    for position, token in enumerate(split_tokens(text), start=1):
        if token in _GO:
            plays.append(None)
            continue
        problem = token_problem(token)
        if problem is not None:
            raise NotationError(
                f"play {position} {quoted(token)} in {quoted(text)} is neither a card nor 'go': "
                f"{problem}"
            )
        plays.append(Card.parse(token))
    return plays


def format_plays(plays: Sequence[Card | None]) -> str:
    """Write plays as :func:`parse_plays` reads them."""
    return " ".join("go" if card is None else str(card) for card in plays)


def parse_hands(text: str, players: int) -> list[list[Card]]:
    """Read ``'P1: 4S 3D AH 2H | P2: ...'``: one hand per player, in order of play.

    Labels are optional: hands without one go, in order, to the players no
    label names. The two-handed game also takes ``pone:`` and ``dealer:``.
    """
    names = [name.lower() for name in player_names(players)]
    aliases = {name: index for index, name in enumerate(names)}
    aliases.update({f"p{index + 1}": index for index in range(players)})
    if players == 2:
        aliases["non-dealer"] = 0
    parts = [part.strip() for part in text.split("|")]
    if len(parts) != players:
        raise HandError(
            f"{counted(len(parts), 'hand')} in {quoted(text)}: expected {players}, "
            f"one per player, separated by '|' "
            f"({' | '.join(f'{name}: ...' for name in player_names(players))})"
        )
    hands: dict[int, list[Card]] = {}
    unlabelled: list[str] = []
    for part in parts:
        label = _LABEL.match(part)
        if label is None:
            unlabelled.append(part)
            continue
        key = label.group(1).lower()
        if key not in aliases:
            raise HandError(
                f"unknown player {quoted(label.group(1))} in {quoted(text)}: "
                f"expected {', '.join(player_names(players))}"
            )
        if aliases[key] in hands:
            raise HandError(
                f"two hands for {player_names(players)[aliases[key]]} in {quoted(text)}"
            )
        hands[aliases[key]] = _read_hand(label.group(2).strip(), aliases[key], players, text)
    free = [index for index in range(players) if index not in hands]
    for index, part in zip(free, unlabelled, strict=True):
        hands[index] = _read_hand(part, index, players, text)
    return _distinct_hands([hands[index] for index in range(players)], text)


def _read_hand(part: str, index: int, players: int, text: str) -> list[Card]:
    """One player's hand, its errors naming the player."""
    name = player_names(players)[index]
    if not part:
        raise HandError(
            f"no cards for {name} in {quoted(text)}: expected cards such as '5H 10D JS'"
        )
    try:
        return parse_cards(part)
    except CribcountError as error:
        raise type(error)(f"{name}'s hand: {error}") from None


def score_play(
    plays: str | Sequence[Card | None],
    players: int | None = None,
    game: str | Form | None = None,
    hands: str | Sequence[Sequence[Card]] | None = None,
) -> PlayResult:
    """Score the play: attribute each card to its player, keep the count, peg the scores.

    ``plays`` is text (see :func:`parse_plays`) or cards with ``None`` for go.
    ``players`` (2, 3 or 4) and ``game`` default from each other, then from
    the number of ``hands``, then two players at six-card; with hands and no
    game, two players' hand size chooses five-, six- or seven-card.
    ``hands`` (text as :func:`parse_hands` reads it, or lists of cards in
    order of play) makes every play checked against what its player holds.

    Raises :class:`PlayError` for a card played twice, more cards than the
    players hold, a go where any card still fits (count 21 or less), a card
    that its player does not hold, or a card passing 31 while the player to
    play holds one that fits.
    """
    text = plays if isinstance(plays, str) else format_plays(plays)
    sequence = parse_plays(plays) if isinstance(plays, str) else list(plays)
    if not sequence:
        raise PlayError("no plays: expected cards in order of play, such as '4S 2D 3D'")
    if hands is not None and players is None and game is None:
        players = hands.count("|") + 1 if isinstance(hands, str) else len(hands)
        if players not in (2, 3, 4):
            written = hands if isinstance(hands, str) else format_hands(hands)
            raise HandError(
                f"{counted(players, 'hand')} in {quoted(written)}: expected 2, 3 or 4, "
                "one per player, "
                "separated by '|'"
            )
    players, chosen = resolve_game(players, game)
    held: list[list[Card]] | None = None
    if hands is not None:
        if isinstance(hands, str):
            held = parse_hands(hands, players)
        elif len(hands) != players:
            raise HandError(
                f"{counted(len(hands), 'hand')} given: expected {players}, one per player"
            )
        else:
            held = _distinct_hands(hands)
        if game is None and players == 2:
            # Six-card is only the default: two players' hands show which game it is.
            chosen = FORMS[{3: "five", 5: "seven"}.get(len(held[0]), chosen.name)]
        _check_hand_sizes(held, chosen)
    table = _Table(player_names(players), chosen, text, held)
    for position, card in enumerate(sequence, start=1):
        if card is None:
            table.go(position)
        else:
            table.play(position, card)
    table.finish()
    return table.result()


def format_hands(hands: Sequence[Sequence[Card]]) -> str:
    """Write hands as :func:`parse_hands` reads them, in order of play."""
    return " | ".join(format_cards(hand) for hand in hands)


def _distinct_hands(hands: Sequence[Sequence[Card]], text: str | None = None) -> list[list[Card]]:
    """Each card is in one hand only, and once; the hands as lists, in order of play."""
    owners = player_names(len(hands))
    where = f" in {quoted(text if text is not None else format_hands(hands))}"
    seen: dict[Card, int] = {}
    for index, hand in enumerate(hands):
        for card in hand:
            if card not in seen:
                seen[card] = index
            elif seen[card] == index:
                raise HandError(f"{card} is twice in {owners[index]}'s hand{where}")
            else:
                raise HandError(
                    f"{card} is in both {owners[seen[card]]}'s and {owners[index]}'s hands"
                    f"{where}: each card can appear once"
                )
    return [list(hand) for hand in hands]


def _check_hand_sizes(held: list[list[Card]], form: Form) -> None:
    """Every hand holds the game's number of cards."""
    for name, hand in zip(player_names(len(held)), held, strict=True):
        if len(hand) != form.kept:
            raise HandError(
                f"{name}'s hand {quoted(format_cards(hand))} has {counted(len(hand), 'card')}: "
                f"expected {form.kept} in the {form.short} game"
            )


def run_points(ranks: Sequence[int]) -> int:
    """The run made by the last card: the longest k >= 3 such that the last k ranks
    are k distinct ranks in sequence (any order); 0 if none."""
    for length in range(len(ranks), 2, -1):
        last = ranks[-length:]
        if len(set(last)) == length and max(last) - min(last) == length - 1:
            return length
    return 0


def pair_length(ranks: Sequence[int]) -> int:
    """How many cards of the last card's rank were played in a row, ending with it."""
    length = 0
    for rank in reversed(ranks):
        if rank != ranks[-1]:
            break
        length += 1
    return length


def scores_of(ranks: Sequence[int], count: int) -> list[PegItem]:
    """What the last card of a count scores: fifteen or 31, pairs, the run."""
    items: list[PegItem] = []
    if count == 15:
        items.append(PegItem("fifteen", 2))
    if count == 31:
        items.append(PegItem("thirty-one", 2))
    same = pair_length(ranks)
    if same >= 2:
        items.append(PegItem("pair", same * (same - 1), same))
    run = run_points(ranks)
    if run:
        items.append(PegItem("run", run, run))
    return items


@dataclass
class _Row:
    position: int
    player: int
    card: Card | None
    count: int
    scored: list[PegItem] = field(default_factory=list)


class _Table:
    """The state of the play as the plays are read: turn, count, who said go."""

    def __init__(
        self,
        names: tuple[str, ...],
        form: Form,
        text: str,
        hands: list[list[Card]] | None,
    ) -> None:
        self.names = names
        self.cards_each = form.kept
        self.game = form.name
        self.text = text
        self.hands = hands
        self.left = [self.cards_each] * len(names)
        self.played: dict[Card, int] = {}
        self.rows: list[_Row] = []
        self.penalties: list[Penalty] = []
        self.count = 0
        self.ranks: list[int] = []
        self.in_count: list[Card] = []
        self.said_go: set[int] = set()
        self.last_row: _Row | None = None
        self.turn: int | None = 0
        self.over = False

    # -- the plays -------------------------------------------------------------

    def play(self, position: int, card: Card) -> None:
        """The player whose turn it is plays ``card``, which scores; a card that would
        pass 31 first closes the count and leads the next."""
        if card in self.played:
            self._fail(position, card, f"{card} was already played at play {self.played[card]}")
        if self.hands is not None:
            self._forced_goes()
        self._check_not_over(position, card)
        if self.count + card.value > 31:
            self._cannot_fit(position, card)
        player = self._to_play()
        if self.hands is not None:
            if card not in self.hands[player]:
                holding = format_cards(self.hands[player]) or "nothing"
                self._fail(
                    position, card, f"{self.names[player]} does not hold {card} (holds {holding})"
                )
            self.hands[player].remove(card)
        self.played[card] = position
        self.left[player] -= 1
        self.count += card.value
        self.ranks.append(card.rank)
        self.in_count.append(card)
        scored = [
            replace(item, cards=tuple(self.in_count[-item.length :]))
            for item in scores_of(self.ranks, self.count)
        ]
        row = _Row(position, player, card, self.count, scored)
        self.rows.append(row)
        self.last_row = row
        if not any(self.left):
            self._end_play()
        elif self.count == 31:
            self._end_count()
        else:
            self.turn = self._next_in_count(player)
            if self.turn is None:
                self._end_count()

    def go(self, position: int) -> None:
        """The player whose turn it is says go, refused at a count of 21 or less; with the
        hands known, holding a card that fits is a penalty."""
        self._check_not_over(position, None)
        player = self._to_play()
        if self.count + 10 <= 31:
            self._fail(
                position,
                None,
                f"{self.names[player]} says go at {self.count}, where any card fits "
                "(a go needs a count of 22 or more)",
            )
        if self.hands is not None:
            fitting = self._fitting(player)
            if fitting:
                claimants = self._adversaries(player)
                self.penalties.append(
                    Penalty(position, self.names[player], self.count, fitting, claimants)
                )
        self.rows.append(_Row(position, player, None, self.count))
        self.said_go.add(player)
        self.turn = self._next_in_count(player)
        if self.turn is None:
            self._end_count()

    def finish(self) -> None:
        """After the last play: with the hands known, goes that are forced still count."""
        if self.hands is not None:
            self._forced_goes()

    # -- turns and counts --------------------------------------------------------

    def _to_play(self) -> int:
        # A count is closed as soon as nobody can continue it, so someone is to play.
        assert self.turn is not None
        return self.turn

    def _next_in_count(self, after: int) -> int | None:
        """The next player in turn after ``after`` (ending with ``after`` itself) who holds
        cards and has not said go in this count."""
        seats = len(self.names)
        for step in range(1, seats + 1):
            seat = (after + step) % seats
            if self.left[seat] and seat not in self.said_go:
                return seat
        return None

    def _fitting(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` holds that can be played without passing 31."""
        assert self.hands is not None
        return tuple(card for card in self.hands[player] if self.count + card.value <= 31)

    def _adversaries(self, player: int) -> tuple[str, ...]:
        """Everyone else; in four-handed, the two players of the other side."""
        seats = len(self.names)
        return tuple(
            self.names[seat]
            for seat in range(seats)
            if seat != player and (seats != 4 or (seat - player) % 2)
        )

    def _forced_goes(self) -> None:
        """With the hands known, a player to play who holds no card that fits says go."""
        assert self.hands is not None
        while not self.over and self.turn is not None:
            if self._fitting(self.turn):
                return
            self.said_go.add(self.turn)
            self.turn = self._next_in_count(self.turn)
            if self.turn is None:
                self._end_count()

    def _cannot_fit(self, position: int, card: Card) -> None:
        """A card passing 31: everyone still in the count said go, and the count ends."""
        if self.hands is not None:
            player = self._to_play()
            self._fail(
                position,
                card,
                f"{card} passes 31 at {self.count}, so {self.names[player]} must have said go, "
                f"but {self.names[player]} holds {format_cards(self._fitting(player))}, "
                "which fits",
            )
        self._end_count()
        self._check_not_over(position, card)

    def _end_count(self) -> None:
        """Nobody continues: the go to the last player unless 31; the next player leads."""
        assert self.last_row is not None
        if self.count < 31:
            self.last_row.scored.append(PegItem("go", 1, cards=self._last_card()))
        last = self.last_row.player
        self.count = 0
        self.ranks = []
        self.in_count = []
        self.said_go = set()
        if self.game == "five":
            self.over = True
            self.turn = None
            return
        self.turn = self._next_in_count(last)

    def _last_card(self) -> tuple[Card, ...]:
        """The card of the last play, which scores a go or the last card."""
        assert self.last_row is not None and self.last_row.card is not None
        return (self.last_row.card,)

    def _end_play(self) -> None:
        """Every card is played: the last card scores 1, unless it made 31."""
        assert self.last_row is not None
        if self.count < 31:
            self.last_row.scored.append(PegItem("last card", 1, cards=self._last_card()))
        self.over = True
        self.turn = None

    def _check_not_over(self, position: int, card: Card | None) -> None:
        if not self.over:
            return
        if self.game == "five" and any(self.left):
            reason = "in five-card cribbage the play ends at the first go or 31"
        else:
            reason = (
                f"every card has been played ({len(self.names)} players, "
                f"{self.cards_each} cards each)"
            )
        self._fail(position, card, reason)

    def _fail(self, position: int, card: Card | None, reason: str) -> None:
        token = "go" if card is None else str(card)
        raise PlayError(f"play {position} {token!r} in {quoted(self.text)}: {reason}")

    def result(self) -> PlayResult:
        plays = tuple(
            Play(
                row.position,
                row.player,
                self.names[row.player],
                row.card,
                row.count,
                tuple(row.scored),
            )
            for row in self.rows
        )
        return PlayResult(
            self.names,
            self.game,
            plays,
            self.over,
            tuple(self.penalties),
            None if self.over else self.turn,
            tuple(self.ranks),
        )


__all__ = [
    "KINDS",
    "PegItem",
    "Penalty",
    "Play",
    "PlayResult",
    "format_hands",
    "format_plays",
    "parse_hands",
    "parse_plays",
    "player_names",
    "resolve_game",
    "score_play",
]
