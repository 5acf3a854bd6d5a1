"""Impérial, piquet with a trump: the declarations, the play and the counters.

The 32-card piquet pack. Twelve cards to each player; the twenty-fifth card
is turned up and its suit is trumps. The turn-up belongs to neither hand and
is not played; there is no exchange. In play the cards rank K Q J A 10 9 8 7
(the ace below the jack); the K Q J A and 7 of trumps are the honours.

Counters. Each player passes counters over as he scores: a white is one, a
red six whites. Six whites passed over are exchanged for a red. Whenever a
player scores a red, by an impérial or by the exchange of his whites, the
adversary takes down every white he has up and loses them. When a player has
passed all his counters, four reds and six whites (thirty whites in all),
he has won the game, and nothing more is counted in that deal.

The counting out, in this order, each score applied as it comes:

1. the turn-up, if it is an honour: a white to the younger, who dealt;
2. the point, as in piquet (the suit of greatest pip value, ace 11, king,
   queen and jack 10, the others at face value): a white to the better
   point, the elder's when they are equal;
3. the impérials in hand, a red each: carte blanche (no king, queen or
   jack) two reds, and good for every holder; then the sequences K Q J A
   of a suit: the one in trumps beats the plain-suit ones, and between
   plain suits the elder's wins (no equals); the holder of the best scores
   all his sequences and the adversary none; then the fours: kings, queens,
   jacks, aces, the best first, and the holder of the best scores all his
   fours and the adversary none; four sevens are not compared (the fours
   are ranked from kings, the best, to aces, the lowest), so four sevens
   are good for their holder whatever the adversary holds. When both
   players score an impérial in hand, neither takes down the other's whites
   for these reds;
4. the impérial de retourne: the turn-up completes a sequence K Q J A of
   trumps or a four (kings, queens, jacks, aces or sevens) in the younger's
   hand (he dealt): a red to the younger, not compared with anything;
5. the impérial tombée: the player dealt the king and queen of trumps wins
   tricks holding both the jack and the ace of trumps from the adversary's
   hand: a red;
6. the honours in tricks: a white for each honour of trumps in the tricks a
   player won, the elder's first;
7. the odd tricks: the player who won more tricks a white for each trick
   over his adversary's count (8 to 4 scores 4, 7 to 5 scores 2, 6 to 6
   nothing); all twelve tricks is capot, two reds, instead.

The play: the elder leads; the second player to each trick must follow the
suit led and win the trick with a higher card of it if he can; holding none
of the suit led he must trump if he can; otherwise he plays any card. The
higher card of the suit led wins, or the trump if one is played on another
suit; the winner leads next.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from cribcount.cards import SUITS, Card, format_cards
from cribcount.errors import CribcountError, HandError, PlayError, quoted
from cribcount.piquet.declare import SUIT_NAMES, check_deal, check_pack, pip_value
from cribcount.words import number_word

TITLE = "Impérial"
"""The game's name in text and data."""
ROLES = ("elder", "younger")
"""The two players, in the order they declare: the elder (the pone) and the
younger (the dealer)."""

HAND_SIZE = 12
TRICKS = 12
WHITES_A_RED = 6
GAME = 30
"""Whites' worth of counters passed over that win the game: four reds and six whites."""

PLAY_ORDER = (13, 12, 11, 1, 10, 9, 8, 7)
"""The ranks (ace 1, jack 11, queen 12, king 13) in play, the best first: K Q J A 10 9 8 7."""

HONOUR_RANKS = (13, 12, 11, 1, 7)
"""The honours of trumps: king, queen, jack, ace and seven."""

SEQUENCE_RANKS = (13, 12, 11, 1)
"""An impérial sequence: the four highest cards of a suit in play, K Q J A."""

FOUR_RANKS = (13, 12, 11, 1)
"""The fours compared, the best first: kings, queens, jacks, aces."""

SEVEN = 7
"""The rank of the four that is an impérial without being compared."""

_RANK_WORDS = {13: "king", 12: "queen", 11: "jack", 1: "ace", 10: "ten", 9: "nine"}
_RANK_WORDS |= {8: "eight", 7: "seven"}


def imperial_rank(card: Card) -> int:
    """The card's strength in play, K 8, Q 7, J 6, A 5, 10 4, 9 3, 8 2, 7 1."""
    return len(PLAY_ORDER) - PLAY_ORDER.index(card.rank)


def play_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` grouped by suit (S H D C), each suit in the order K Q J A 10 9 8 7."""
    return tuple(sorted(cards, key=lambda card: (SUITS.index(card.suit), -imperial_rank(card))))


def is_honour(card: Card, trump: str) -> bool:
    """Whether ``card`` is an honour: the K, Q, J, A or 7 of the ``trump`` suit."""
    return card.suit == trump and card.rank in HONOUR_RANKS


# -- the counters ------------------------------------------------------------------


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@dataclass(frozen=True)
class Counters:
    """One player's counters passed over: ``reds`` 0 to 4 and ``whites`` 0 to 5,
    or four reds and six whites, every counter passed: the game."""

    reds: int = 0
    whites: int = 0

    def __post_init__(self) -> None:
        if (self.reds, self.whites) == (4, WHITES_A_RED):
            return
        if not 0 <= self.reds <= 4:
            raise CribcountError(f"{self.reds} reds: a player has 0 to 4 red counters up")
        if not 0 <= self.whites < WHITES_A_RED:
            raise CribcountError(
                f"{self.whites} whites: six whites are exchanged for a red, so 0 to 5 are up"
                " (six only with four reds, when the game is won)"
            )

    @property
    def value(self) -> int:
        """Their worth in whites, a red six."""
        return WHITES_A_RED * self.reds + self.whites

    @property
    def game(self) -> bool:
        """Whether every counter has been passed over, four reds and six whites."""
        return self.value >= GAME

    def __str__(self) -> str:
        return f"{_plural(self.reds, 'red')} {_plural(self.whites, 'white')}"

    def to_json(self) -> dict[str, int]:
        return {"reds": self.reds, "whites": self.whites}


@dataclass(frozen=True)
class Board:
    """Both players' counters: the elder's and the younger's."""

    elder: Counters = Counters()
    younger: Counters = Counters()

    def of(self, role: str) -> Counters:
        """The counters of ``role``, ``'elder'`` or ``'younger'``."""
        return self.elder if role == "elder" else self.younger

    @property
    def winner(self) -> str | None:
        """The player who has passed all his counters, if one has."""
        return next((role for role in ROLES if self.of(role).game), None)

    def mark(
        self, role: str, reds: int = 0, whites: int = 0, take_down: bool = True
    ) -> tuple[Board, int]:
        """The board after ``role`` scores ``reds`` and ``whites``, and how many
        whites the adversary took down.

        Six whites are exchanged for a red. A red scored, either way, makes
        the adversary take down all his whites (unless ``take_down`` is
        false). The score that completes four reds and six whites wins the
        game, and ends the counting there: nothing is taken down by it.
        """
        if self.winner is not None:
            raise CribcountError(f"the {self.winner} has won the game: nothing more is counted")
        own = self.of(role)
        value = own.value + WHITES_A_RED * reds + whites
        other = _other(role)
        adversary = self.of(other)
        if value >= GAME:
            after = Counters(4, WHITES_A_RED)
            taken = 0
        else:
            after = Counters(*divmod(value, WHITES_A_RED))
            taken = adversary.whites if take_down and after.reds > own.reds else 0
            adversary = Counters(adversary.reds, adversary.whites - taken)
        return Board(**{role: after, other: adversary}), taken

    def to_json(self) -> dict[str, dict[str, int]]:
        return {role: self.of(role).to_json() for role in ROLES}


def _other(role: str) -> str:
    return "younger" if role == "elder" else "elder"


_COUNTERS = re.compile(r"\s*(\d+)\s*,\s*(\d+)\s*")


def read_board(text: str) -> Board:
    """Read the counters up before a deal, ``'2,4/1,5'``: the elder's reds and
    whites, a slash, the younger's. Refuses a game already won."""
    parts = text.split("/")
    found = [_COUNTERS.fullmatch(part) for part in parts]
    if len(parts) != 2 or None in found:
        raise CribcountError(
            f"invalid counters {quoted(text)}: expected the elder's reds,whites / the "
            "younger's, as in '2,4/1,5'"
        )
    try:
        board = Board(*(Counters(int(match[1]), int(match[2])) for match in found if match))
    except CribcountError as error:
        raise CribcountError(f"invalid counters {quoted(text)}: {error}") from None
    if board.winner is not None:
        raise CribcountError(
            f"counters {quoted(text)}: the {board.winner} has passed all his counters "
            "and won the game already"
        )
    return board


# -- the combinations -----------------------------------------------------------------


@dataclass(frozen=True)
class Combination:
    """What a player scores or declares: ``kind`` (see :data:`KINDS`), its
    announcement ``name``, its ``cards``, and its worth in ``reds`` and
    ``whites`` when good."""

    kind: str
    name: str
    cards: tuple[Card, ...]
    reds: int = 0
    whites: int = 0

    def worth(self) -> str:
        """``'1 red'``, ``'2 whites'``."""
        parts = [_plural(self.reds, "red")] if self.reds else []
        parts += [_plural(self.whites, "white")] if self.whites else []
        return " ".join(parts)

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "name": self.name,
            "cards": [str(card) for card in self.cards],
            "reds": self.reds,
            "whites": self.whites,
        }


KINDS = (
    "turn-up",
    "point",
    "carte blanche",
    "sequence",
    "four",
    "impérial de retourne",
    "impérial tombée",
    "honours",
    "odd tricks",
    "capot",
)
"""The kinds of scores, in the order of counting out."""

IN_HAND = ("carte blanche", "sequence", "four")
"""The impérials in hand."""


@dataclass(frozen=True)
class Mark:
    """A combination of the counting out: the player, the combination, its
    verdict (``good`` or ``not good``), the whites the adversary took down
    for it, and the board after it (``None`` when it scored nothing)."""

    role: str
    combination: Combination
    verdict: str
    taken_down: int = 0
    board: Board | None = None

    @property
    def good(self) -> bool:
        return self.verdict == "good"

    def to_json(self) -> dict[str, object]:
        return {
            "role": self.role,
            **self.combination.to_json(),
            "verdict": self.verdict,
            "taken_down": self.taken_down,
            "counters": None if self.board is None else self.board.to_json(),
        }


def _point(hand: Sequence[Card]) -> Combination:
    """The suit of greatest pip value (ace 11, court cards 10, the others face
    value); of two suits worth the same, the longer. It scores a white if good."""
    best: tuple[int, int, int] | None = None
    for index, suit in enumerate(SUITS):
        held = [card for card in hand if card.suit == suit]
        if held:
            strength = (sum(pip_value(card) for card in held), len(held), -index)
            best = max(best or strength, strength)
    assert best is not None  # a hand of twelve cards holds some suit
    pips, length, index = best[0], best[1], -best[2]
    suit = SUITS[index]
    cards = play_order(card for card in hand if card.suit == suit)
    name = f"{number_word(pips).capitalize()}: {length} cards in {SUIT_NAMES[suit]}"
    return Combination("point", name, cards, whites=1)


def point_pips(point: Combination) -> int:
    """The pip value of a point."""
    return sum(pip_value(card) for card in point.cards)


def _carte_blanche(hand: Sequence[Card]) -> Combination | None:
    """No king, queen or jack in the hand: two reds, good whatever the adversary holds."""
    if any(11 <= card.rank <= 13 for card in hand):
        return None
    return Combination("carte blanche", "carte blanche", play_order(hand), reds=2)


def _sequences(hand: Sequence[Card], trump: str) -> list[Combination]:
    """Each K Q J A of a suit, the one in trumps first, then in suit order."""
    found = []
    for suit in sorted(SUITS, key=lambda suit: suit != trump):
        cards = tuple(Card(rank, suit) for rank in SEQUENCE_RANKS)
        if all(card in hand for card in cards):
            label = ", trumps" if suit == trump else ""
            name = f"K Q J A of {SUIT_NAMES[suit]}{label}"
            found.append(Combination("sequence", name, cards, reds=1))
    return found


def _four(hand: Sequence[Card], rank: int) -> Combination | None:
    cards = tuple(card for card in play_order(hand) if card.rank == rank)
    if len(cards) < 4:
        return None
    return Combination("four", f"four {_RANK_WORDS[rank]}s", cards, reds=1)


def _retourne(younger: Sequence[Card], turn_up: Card) -> list[Combination]:
    """The impérials the turn-up completes in the younger's hand (he dealt):
    the K Q J A of trumps, and the four of its rank if a king, queen, jack,
    ace or seven."""
    made = []
    with_it = [*younger, turn_up]
    if turn_up.rank in SEQUENCE_RANKS:
        cards = tuple(Card(rank, turn_up.suit) for rank in SEQUENCE_RANKS)
        if all(card in with_it for card in cards):
            name = f"K Q J A of {SUIT_NAMES[turn_up.suit]} with the turn-up"
            made.append(Combination("impérial de retourne", name, cards, reds=1))
    if turn_up.rank in (*FOUR_RANKS, SEVEN):
        four = _four(with_it, turn_up.rank)
        if four is not None:
            name = f"{four.name} with the turn-up"
            made.append(Combination("impérial de retourne", name, four.cards, reds=1))
    return made


# -- the declarations -------------------------------------------------------------


@dataclass(frozen=True)
class ImperialDeclaration:
    """A deal's declarations counted out: the hands, the turn-up and the trump
    suit, the counters before, every combination in the order of counting out
    with its verdict, and whether the impérials in hand took down whites."""

    elder: tuple[Card, ...]
    younger: tuple[Card, ...]
    turn_up: Card
    start: Board
    marks: tuple[Mark, ...]
    take_down: bool
    """False when both players scored impérials in hand, so that neither took down whites."""

    @property
    def trump(self) -> str:
        """The trump suit: the turn-up's."""
        return self.turn_up.suit

    def hand(self, role: str) -> tuple[Card, ...]:
        return self.elder if role == "elder" else self.younger

    @property
    def board(self) -> Board:
        """The counters after the declarations."""
        return _board_after(self.start, self.marks)

    @property
    def winner(self) -> str | None:
        return self.board.winner


def _board_after(start: Board, marks: Iterable[Mark]) -> Board:
    board = start
    for mark in marks:
        if mark.board is not None:
            board = mark.board
    return board


class _Count:
    """The counting out in progress: each good combination applied to the
    board in turn, until a player passes his last counter."""

    def __init__(self, start: Board) -> None:
        self.board = start
        self.marks: list[Mark] = []

    @property
    def over(self) -> bool:
        return self.board.winner is not None

    def add(self, role: str, combination: Combination, good: bool, take_down: bool = True) -> None:
        if self.over:
            return
        if not good:
            self.marks.append(Mark(role, combination, "not good"))
            return
        self.board, taken = self.board.mark(role, combination.reds, combination.whites, take_down)
        self.marks.append(Mark(role, combination, "good", taken, self.board))


def declare_imperial(
    elder: Sequence[Card],
    younger: Sequence[Card],
    trump: Card,
    start: Board | None = None,
) -> ImperialDeclaration:
    """Count out a deal's declarations: the turn-up ``trump`` (an honour is a
    white to the younger, who dealt), the point, the impérials in hand, the
    impérial de retourne, from the counters ``start`` (none up by default).

    Checks twelve cards to each hand, all of the 32-card pack, no card twice
    in the hands and the turn-up, and that ``start`` is no game already won.
    """
    hands = _dealt(elder, younger, trump)
    if start is not None and start.winner is not None:
        raise CribcountError(
            f"the {start.winner} has passed all his counters and won the game already"
        )
    count = _Count(start or Board())
    if trump.rank in HONOUR_RANKS:
        name = f"{_RANK_WORDS[trump.rank]} of trumps turned up"
        count.add("younger", Combination("turn-up", name, (trump,), whites=1), True)
    points = {role: _point(hands[role]) for role in ROLES}
    elder_good = point_pips(points["elder"]) >= point_pips(points["younger"])
    count.add("elder", points["elder"], elder_good)
    count.add("younger", points["younger"], not elder_good)
    in_hand = _in_hand(hands, trump.suit)
    scorers = {role for role, combination, good in in_hand if good}
    take_down = len(scorers) < 2
    for role, combination, good in in_hand:
        count.add(role, combination, good, take_down)
    for combination in _retourne(hands["younger"], trump):
        count.add("younger", combination, True)
    return ImperialDeclaration(
        hands["elder"], hands["younger"], trump, start or Board(), tuple(count.marks), take_down
    )


def _in_hand(hands: dict[str, tuple[Card, ...]], trump: str) -> list[tuple[str, Combination, bool]]:
    """The impérials in hand in the order they are called, each with its
    verdict: carte blanche, the sequences, the fours compared, four sevens."""
    called: list[tuple[str, Combination, bool]] = []
    for role in ROLES:
        blanche = _carte_blanche(hands[role])
        if blanche is not None:
            called.append((role, blanche, True))
    sequences = {role: _sequences(hands[role], trump) for role in ROLES}
    # the trump sequence is the best; between plain suits the elder's wins ties
    best = max(
        (role for role in ROLES if sequences[role]),
        key=lambda role: (sequences[role][0].cards[0].suit == trump, role == "elder"),
        default=None,
    )
    called += [(role, seq, role == best) for role in ROLES for seq in sequences[role]]
    fours = {
        role: [four for rank in FOUR_RANKS if (four := _four(hands[role], rank))] for role in ROLES
    }
    # no two players hold four of the same rank, so the best four is unique
    best = max(
        (role for role in ROLES if fours[role]),
        key=lambda role: imperial_rank(fours[role][0].cards[0]),
        default=None,
    )
    called += [(role, four, role == best) for role in ROLES for four in fours[role]]
    for role in ROLES:
        sevens = _four(hands[role], SEVEN)
        if sevens is not None:
            called.append((role, sevens, True))
    return called


def _dealt(
    elder: Sequence[Card], younger: Sequence[Card], trump: Card
) -> dict[str, tuple[Card, ...]]:
    """The two hands by role, once checked: the turn-up of the piquet pack, the
    hands as :func:`~cribcount.piquet.declare.check_deal` checks them (twelve
    cards each of the pack, no card twice in one or in both), and the turn-up
    in neither."""
    hands = {"elder": tuple(elder), "younger": tuple(younger)}
    check_pack([trump], str(trump))
    check_deal(tuple(hands.values()), ROLES, HAND_SIZE, TITLE)
    holder = next((role for role, hand in hands.items() if trump in hand), None)
    if holder is not None:
        raise HandError(
            f"the turn-up {trump} is in the {holder}'s hand: it is the twenty-fifth "
            "card, dealt to neither player"
        )
    return hands


# -- the play -------------------------------------------------------------------------


def trick_winner(lead: Card, reply: Card, trump: str) -> int:
    """0 if the leader wins the trick, 1 if the second player does: the higher
    card of the suit led wins, or a trump played on another suit."""
    if reply.suit == lead.suit:
        return int(imperial_rank(reply) > imperial_rank(lead))
    return int(reply.suit == trump)


def legal_replies(hand: Iterable[Card], lead: Card, trump: str) -> tuple[Card, ...]:
    """The cards the second player may play to ``lead``: he must follow suit
    and win with a higher card of it if he can; void of the suit led, he must
    trump if he can; else any card."""
    held = play_order(hand)
    suit = [card for card in held if card.suit == lead.suit]
    if suit:
        higher = [card for card in suit if imperial_rank(card) > imperial_rank(lead)]
        return tuple(higher or suit)
    trumps = [card for card in held if card.suit == trump]
    return tuple(trumps or held)


@dataclass(frozen=True)
class ImperialTrick:
    """One trick: its number (from 1), the leader, the card led, the reply
    (``None`` while the trick is being played) and the winner."""

    number: int
    leader: str
    lead: Card
    reply: Card | None
    winner: str | None

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.lead,) if self.reply is None else (self.lead, self.reply)


@dataclass(frozen=True)
class ImperialPlay:
    """A deal counted out from the declarations through the play: the tricks
    and, once all twelve are played, the marks of the play (impérial tombée,
    honours in tricks, odd tricks or capot)."""

    declaration: ImperialDeclaration
    tricks: tuple[ImperialTrick, ...]
    marks: tuple[Mark, ...]

    @property
    def complete(self) -> bool:
        """Whether all twelve tricks have been played."""
        return len(self.tricks) == TRICKS and self.tricks[-1].winner is not None

    @property
    def to_play(self) -> str | None:
        """Who plays the next card; ``None`` once the play is complete."""
        if self.complete:
            return None
        if not self.tricks:
            return "elder"
        last = self.tricks[-1]
        return _other(last.leader) if last.winner is None else last.winner

    def won(self, role: str) -> tuple[ImperialTrick, ...]:
        """The tricks ``role`` won."""
        return tuple(trick for trick in self.tricks if trick.winner == role)

    @property
    def tricks_won(self) -> dict[str, int]:
        return {role: len(self.won(role)) for role in ROLES}

    @property
    def board(self) -> Board:
        """The counters at the end (or so far)."""
        return _board_after(self.declaration.board, self.marks)

    @property
    def winner(self) -> str | None:
        return self.board.winner


def score_imperial_play(
    elder: Sequence[Card],
    younger: Sequence[Card],
    trump: Card,
    cards: Sequence[Card],
    start: Board | None = None,
) -> ImperialPlay:
    """Count out a deal: the declarations (:func:`declare_imperial`), then the
    ``cards`` played in order, two a trick, the leader's first; the elder
    leads to the first trick and the winner of each to the next.

    Every card is checked: held by the player to play and not played before;
    the second card of a trick of the suit led if he holds it, a winning one
    if he holds one, a trump when void of the suit led. Fewer than 24 cards
    is a play in progress, and nothing of the play is counted before the
    twelfth trick is done.
    """
    declaration = declare_imperial(elder, younger, trump, start)
    if len(cards) > 2 * TRICKS:
        raise PlayError(
            f"{len(cards)} cards played: a deal of Impérial has {TRICKS} tricks of 2 cards, "
            f"{2 * TRICKS} in all"
        )
    held = {role: set(declaration.hand(role)) for role in ROLES}
    tricks: list[ImperialTrick] = []
    leader = "elder"
    for start_index in range(0, len(cards), 2):
        number = start_index // 2 + 1
        lead, *rest = cards[start_index : start_index + 2]
        second = _other(leader)
        _check_held(lead, leader, number, held, declaration, cards[:start_index])
        held[leader].discard(lead)
        if not rest:
            tricks.append(ImperialTrick(number, leader, lead, None, None))
            break
        reply = rest[0]
        _check_held(reply, second, number, held, declaration, cards[: start_index + 1])
        _check_reply(reply, lead, second, number, held[second], declaration.trump)
        held[second].discard(reply)
        winner = second if trick_winner(lead, reply, declaration.trump) else leader
        tricks.append(ImperialTrick(number, leader, lead, reply, winner))
        leader = winner
    play = ImperialPlay(declaration, tuple(tricks), ())
    if not play.complete or declaration.winner is not None:
        return play
    return replace(play, marks=_play_marks(play))


def _check_held(
    card: Card,
    role: str,
    number: int,
    held: dict[str, set[Card]],
    declaration: ImperialDeclaration,
    before: Sequence[Card],
) -> None:
    """Refuse a card the player to play does not hold."""
    if card in held[role]:
        return
    if card in before:
        earlier = before.index(card) // 2 + 1
        if earlier == number:
            raise PlayError(f"trick {number}: {card} is played twice in trick {number}")
        raise PlayError(f"trick {number}: {card} was played in trick {earlier}")
    if card == declaration.turn_up:
        raise PlayError(f"trick {number}: {card} is the turn-up, which is not played")
    other = _other(role)
    also = f" (the {other} does)" if card in declaration.hand(other) else ""
    raise PlayError(f"trick {number}: the {role} plays {card} but does not hold it{also}")


def _check_reply(
    reply: Card, lead: Card, role: str, number: int, held: set[Card], trump: str
) -> None:
    """Refuse a second card that breaks the rule: follow suit and win if he
    can, or trump when void of the suit led."""
    legal = legal_replies(held, lead, trump)
    if reply in legal:
        return
    suit = SUIT_NAMES[lead.suit]
    where = f"trick {number}: the {role}"
    cards = format_cards(legal)
    if any(card.suit == lead.suit for card in held):
        if imperial_rank(legal[0]) > imperial_rank(lead):
            raise PlayError(
                f"{where} must win the {lead} with {cards}, not {reply}: the second player "
                "wins the trick if he can"
            )
        raise PlayError(f"{where} must follow {suit} with {cards}, not {reply}")
    raise PlayError(
        f"{where} holds no {suit} and must trump the {lead} with {cards}, not {reply}: "
        "the second player wins the trick if he can"
    )


def _play_marks(play: ImperialPlay) -> tuple[Mark, ...]:
    """The play counted out after the twelfth trick: impérial tombée, the
    honours in tricks (the elder's first), then the odd tricks or capot."""
    declaration = play.declaration
    trump = declaration.trump
    count = _Count(declaration.board)
    king, queen, jack, ace = (Card(rank, trump) for rank in (13, 12, 11, 1))
    for role in ROLES:
        taken = {card for trick in play.won(role) for card in trick.cards}
        other = declaration.hand(_other(role))
        holds = {king, queen} <= set(declaration.hand(role))
        if holds and {jack, ace} <= set(other) and {jack, ace} <= taken:
            name = f"{king} {queen} catch {jack} {ace}"
            count.add(role, Combination("impérial tombée", name, (jack, ace), reds=1), True)
    for role in ROLES:
        honours = play_order(
            card for trick in play.won(role) for card in trick.cards if is_honour(card, trump)
        )
        if honours:
            name = f"{_plural(len(honours), 'honour')} in tricks"
            count.add(role, Combination("honours", name, honours, whites=len(honours)), True)
    won = play.tricks_won
    for role in ROLES:
        mine, theirs = won[role], won[_other(role)]
        if mine == TRICKS:
            count.add(role, Combination("capot", "all twelve tricks", (), reds=2), True)
        elif mine > theirs:
            name = f"{mine} tricks to {theirs}"
            count.add(role, Combination("odd tricks", name, (), whites=mine - theirs), True)
    return tuple(count.marks)


# -- data for JSON ---------------------------------------------------------------------


def declaration_to_json(declaration: ImperialDeclaration) -> dict[str, object]:
    """A deal's declarations as plain data: the hands, the turn-up and the
    trump suit, the counters before, each combination counted out with its
    verdict and the counters after it, the counters at the end and the winner."""
    return {
        "game": "imperial",
        "title": TITLE,
        "rules": "imperial",
        "turn_up": str(declaration.turn_up),
        "trump": declaration.trump,
        "hands": {role: [str(card) for card in declaration.hand(role)] for role in ROLES},
        "start": declaration.start.to_json(),
        "declarations": [mark.to_json() for mark in declaration.marks],
        "take_down": declaration.take_down,
        "counters": declaration.board.to_json(),
        "winner": declaration.winner,
    }


def play_to_json(play: ImperialPlay) -> dict[str, object]:
    """A deal's play as plain data: the declarations' data, then the tricks,
    the marks of the play, the tricks won, who is to play, and the counters
    at the end with the winner."""
    data = declaration_to_json(play.declaration)
    data |= {
        "tricks": [
            {
                "trick": trick.number,
                "leader": trick.leader,
                "cards": [str(card) for card in trick.cards],
                "winner": trick.winner,
            }
            for trick in play.tricks
        ],
        "play": [mark.to_json() for mark in play.marks],
        "tricks_won": play.tricks_won,
        "complete": play.complete,
        "to_play": play.to_play,
        "counters": play.board.to_json(),
        "winner": play.winner,
    }
    return data
