"""The count of a deal of Cassino: what each side's captured cards score.

Each side's pile (the cards it took in, the cards left on the table at the end
included) counts:

- cards, 3: the side with the most cards; nobody on a tie for most;
- spades, 1: the side with the most spades; nobody on a tie for most;
- big Cassino, the ten of diamonds, 2;
- little Cassino, the two of spades, 1;
- each ace, 1;
- each sweep, 1, by the sweep rule: ``scored`` (each sweep a point), ``none``
  (sweeps score nothing) or ``cancelled`` (a sweep of each side cancels one of
  the other's: every side's sweeps count beyond the fewest any side made, so
  two-handed only the difference counts).

Spade Cassino counts every spade a point and the jack of spades a point more,
and no point for most spades.

The items come in the order the points count out: cards, spades (in Spade
Cassino each spade, ace to king, and the jack of spades after them), big
Cassino, little Cassino, the aces of spades, clubs, hearts and diamonds, the
sweeps.

A whole pack counts 11 points besides sweeps (3 + 1 + 2 + 1 + 4), 8 when the
cards tie (two-handed 26 to 26), one less when the spades tie (possible with
three or four sides); Spade Cassino 24 (3 + 13 + 1 + 2 + 1 + 4), 21 when the
cards tie. When the piles hold all 52 cards, the count is checked against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cribcount.cards import STANDARD, Card, card_key, format_cards, notations, parse_cards
from cribcount.cassino.forms import BIG_CASSINO, JACK_OF_SPADES, LITTLE_CASSINO, CassinoError, Form
from cribcount.errors import CribcountError, quoted
from cribcount.words import counted

SWEEP_RULES = ("scored", "none", "cancelled")
"""How sweeps count: a point each, nothing, or cancelled one for one between the sides."""

KINDS = (
    "cards",
    "spades",
    "spade",
    "jack of spades",
    "big cassino",
    "little cassino",
    "ace",
    "sweep",
)
"""The kinds of item, in the order the points count out."""

CARDS_POINTS = 3
SPADES_POINTS = 1
BIG_CASSINO_POINTS = 2
LITTLE_CASSINO_POINTS = 1
ACE_POINTS = 1
SWEEP_POINTS = 1
SPADE_POINTS = 1
JACK_OF_SPADES_POINTS = 1

ACE_ORDER = "SCHD"
"""The aces count out spades first, then clubs, hearts and diamonds."""

PACK_SIZE = 52


@dataclass(frozen=True)
class CountItem:
    """One point or more a side counts: its ``kind`` (see :data:`KINDS`), the cards that
    make it (the whole pile for most cards, the spades for most spades, none for a
    sweep) and its points."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cards": notations(self.cards), "points": self.points}


@dataclass(frozen=True)
class SideCount:
    """One side's count: how many cards and spades it took, the sweeps it made, the
    items it scores and their total, sweeps included (those the sweep rule counts)."""

    cards: int
    spades: int
    sweeps: int
    """The sweeps the side made, whether or not the sweep rule counts them."""
    items: tuple[CountItem, ...]
    total: int

    @property
    def sweep_points(self) -> int:
        """What the side's sweeps score under the sweep rule."""
        return sum(item.points for item in self.items if item.kind == "sweep")

    def to_json(self) -> dict[str, object]:
        return {
            "cards": self.cards,
            "spades": self.spades,
            "sweeps": self.sweeps,
            "items": [item.to_json() for item in self.items],
            "total": self.total,
        }


@dataclass(frozen=True)
class DealCount:
    """The count of a deal: each side's, in the order of the sides, and their total."""

    form: Form
    sides: tuple[SideCount, ...]
    total: int
    """The points of every side together, sweeps included."""
    sweep_rule: str = "scored"

    @property
    def game(self) -> str:
        return self.form.game

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total, in the order of the sides."""
        return tuple(side.total for side in self.sides)

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.form.game,
            "sides": [side.to_json() for side in self.sides],
            "total": self.total,
        }


def side_name(form: Form, side: int) -> str:
    """What a side is called: ``side 1 (eldest)`` and ``side 2 (dealer)`` two-handed,
    ``side 1 (seats 1 and 3)`` with partners, else ``side 3``."""
    if form.partners:
        return f"side {side} (seats {side} and {side + 2})"
    if form.players == 2:
        return f"side {side} ({'eldest' if side == 1 else 'dealer'})"
    return f"side {side}"


def count_deal(
    piles: Sequence[Sequence[Card]],
    sweeps: Sequence[int] | None = None,
    form: Form | str = "classic",
    sweep_rule: str = "scored",
) -> DealCount:
    """Count a deal from each side's pile of cards taken in and the sweeps each made.

    ``piles`` holds one pile per side, in the order of the sides (seat 1's first; with
    partners seats 1 and 3, then 2 and 4); ``sweeps`` the sweeps of each side, in the
    same order (none by default). ``form`` is a :class:`Form` or the name of a game, then
    played by as many as there are piles. The points are as the module docstring states.

    Refused: a card in two piles or twice in one, a number of piles that is not the
    form's sides, sweeps that are negative, not one a side, or more than a side's cards
    allow (a sweep takes two cards at least: the card played and one from the table).
    """
    check_sweep_rule(sweep_rule)
    if isinstance(form, str):
        if not 2 <= len(piles) <= 4:
            raise CassinoError(
                f"{counted(len(piles), 'pile')}: expected one per side, 2 to 4 sides"
            )
        form = Form(form, players=len(piles))
    if len(piles) != form.sides:
        raise CassinoError(
            f"{counted(len(piles), 'pile')} for {form.title}: expected {form.sides}, one per side"
        )
    _check_piles(piles, form)
    made = check_sweeps(sweeps, piles, form)
    counted_sweeps = _counted_sweeps(made, sweep_rule)
    spade = form.game == "spade"
    card_counts = [len(pile) for pile in piles]
    spade_counts = [sum(card.suit == "S" for card in pile) for pile in piles]
    most_cards = _most(card_counts)
    most_spades = None if spade else _most(spade_counts)
    sides = []
    for index, pile in enumerate(piles):
        cards = tuple(sorted(pile, key=card_key))
        spades = tuple(card for card in cards if card.suit == "S")
        items: list[CountItem] = []
        if most_cards == index:
            items.append(CountItem("cards", cards, CARDS_POINTS))
        if spade:
            items += [CountItem("spade", (card,), SPADE_POINTS) for card in spades]
            if JACK_OF_SPADES in cards:
                items.append(CountItem("jack of spades", (JACK_OF_SPADES,), JACK_OF_SPADES_POINTS))
        elif most_spades == index:
            items.append(CountItem("spades", spades, SPADES_POINTS))
        if BIG_CASSINO in cards:
            items.append(CountItem("big cassino", (BIG_CASSINO,), BIG_CASSINO_POINTS))
        if LITTLE_CASSINO in cards:
            items.append(CountItem("little cassino", (LITTLE_CASSINO,), LITTLE_CASSINO_POINTS))
        aces = sorted(
            (card for card in cards if card.rank == 1), key=lambda c: ACE_ORDER.index(c.suit)
        )
        items += [CountItem("ace", (ace,), ACE_POINTS) for ace in aces]
        items += [CountItem("sweep", (), SWEEP_POINTS)] * counted_sweeps[index]
        total = sum(item.points for item in items)
        sides.append(SideCount(len(cards), len(spades), made[index], tuple(items), total))
    result = DealCount(form, tuple(sides), sum(side.total for side in sides), sweep_rule)
    if sum(card_counts) == PACK_SIZE:
        _check_whole_pack(result, most_cards is None, most_spades is None and not spade)
    return result


def pack_points(game: str, cards_tie: bool, spades_tie: bool = False) -> int:
    """The points a whole pack counts besides sweeps: 11, 8 when the cards tie, one less
    when the spades tie; Spade Cassino 24, 21 when the cards tie."""
    whole = 24 if game == "spade" else 11
    if cards_tie:
        whole -= CARDS_POINTS
    if spades_tie and game != "spade":
        whole -= SPADES_POINTS
    return whole


def _check_whole_pack(result: DealCount, cards_tie: bool, spades_tie: bool) -> None:
    """Refuse a count of the whole pack whose points besides sweeps are not the pack's."""
    besides = sum(side.total - side.sweep_points for side in result.sides)
    whole = pack_points(result.form.game, cards_tie, spades_tie)
    if besides != whole:
        raise CassinoError(
            f"the whole pack counts {besides} points besides sweeps: expected {whole}"
        )


def _most(counts: Sequence[int]) -> int | None:
    """The index of the one greatest count, or None when two or more share it."""
    high = max(counts)
    if counts.count(high) > 1:
        return None
    return counts.index(high)


def _check_piles(piles: Sequence[Sequence[Card]], form: Form) -> None:
    """Refuse a card that is no card, or that is in two piles or twice in one."""
    owner: dict[Card, int] = {}
    for index, pile in enumerate(piles):
        name = side_name(form, index + 1)
        for card in pile:
            if not isinstance(card, Card):
                raise CassinoError(f"the pile of {name} holds {quoted(repr(card))}: expected cards")
            if card in owner:
                if owner[card] == index:
                    raise CassinoError(
                        f"card {str(card)!r} is twice in the pile of {name}: "
                        "each card is taken once"
                    )
                first = side_name(form, owner[card] + 1)
                raise CassinoError(
                    f"card {str(card)!r} is in the piles of both {first} and {name}: "
                    "each card is taken once"
                )
            owner[card] = index


def check_sweep_rule(sweep_rule: str) -> None:
    """Refuse a sweep rule not of :data:`SWEEP_RULES`."""
    if sweep_rule not in SWEEP_RULES:
        raise CassinoError(f"sweep rule {quoted(sweep_rule)}: expected {', '.join(SWEEP_RULES)}")


MOST_SWEEPS = 24
"""The most sweeps a deal holds: 48 plays, and a play after a sweep finds the table bare
and can only trail, so no two plays in a row sweep."""


def check_sweeps(
    sweeps: Sequence[int] | None, piles: Sequence[Sequence[Card]], form: Form
) -> tuple[int, ...]:
    """The sweeps each side made, checked: one whole number a side, each within what its
    cards allow."""
    if sweeps is None:
        return (0,) * len(piles)
    given = tuple(sweeps)
    if len(given) != len(piles):
        raise CassinoError(
            f"{counted(len(given), 'sweep count')} for {counted(len(piles), 'side')}: "
            "expected one a side"
        )
    if all(isinstance(made, int) for made in given) and sum(given) > MOST_SWEEPS:
        raise CassinoError(
            f"{sum(given)} sweeps in all: a deal holds {MOST_SWEEPS} at most (48 plays, and"
            " the play after a sweep finds the table bare and can only trail)"
        )
    for index, (made, pile) in enumerate(zip(given, piles, strict=True)):
        name = side_name(form, index + 1)
        if not isinstance(made, int) or isinstance(made, bool) or made < 0:
            raise CassinoError(f"sweeps {made!r} of {name}: expected a whole number, 0 or more")
        if 2 * made > len(pile):
            raise CassinoError(
                f"{name} made {counted(made, 'sweep')} with {counted(len(pile), 'card')}: "
                "a sweep takes two cards at least"
            )
    return given


def _counted_sweeps(made: Sequence[int], rule: str) -> tuple[int, ...]:
    """The sweeps that score, by the sweep rule."""
    if rule == "none":
        return (0,) * len(made)
    if rule == "cancelled":
        fewest = min(made)
        return tuple(count - fewest for count in made)
    return tuple(made)


def read_piles(text: str) -> tuple[tuple[Card, ...], ...]:
    """The piles written ``PILE | PILE [| PILE | PILE]``, the sides' in order, each its
    cards in any notation; an empty pile is written ``-`` or left empty."""
    piles: list[tuple[Card, ...]] = []
    for index, part in enumerate(text.split("|"), 1):
        part = part.strip()
        if part in ("", "-"):
            piles.append(())
            continue
        try:
            piles.append(tuple(parse_cards(part, STANDARD)))
        except CribcountError as error:
            raise CassinoError(f"pile {index}: {error}") from None
    return tuple(piles)


def read_sweeps(text: str) -> tuple[int, ...]:
    """The sweeps of each side written ``N,N,...``, the sides' in order."""
    words = [word.strip() for word in text.split(",")]
    if not all(word.isdigit() and word.isascii() for word in words):
        raise CassinoError(
            f"sweeps {quoted(text)}: expected each side's sweeps as whole numbers "
            "separated by commas, such as 1,0"
        )
    for word in words:
        if len(word.lstrip("0")) > 2:  # more than MOST_SWEEPS
            raise CassinoError(
                f"sweeps {quoted(text)}: {quoted(word)} is more sweeps than a deal has,"
                " expected each side's sweeps so far, such as 1,0"
            )
    return tuple(int(word) for word in words)


def read_count(text: str) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...] | None]:
    """The piles as :func:`read_piles` reads them, and the sweeps when a last part
    gives them, ``sweeps N,N``: ``AS 2S 10D | 3H 4C | sweeps 1,0``."""
    head, bar, last = text.rpartition("|")
    words = last.split(None, 1)
    if bar and words and words[0].lower() == "sweeps":
        return read_piles(head), read_sweeps(words[1] if len(words) > 1 else "")
    return read_piles(text), None


def pile_text(cards: Sequence[Card], symbols: bool = False) -> str:
    """A pile written as :func:`read_piles` reads it: its cards, or ``-`` for none."""
    return format_cards(cards, symbols) or "-"


__all__ = [
    "KINDS",
    "SWEEP_RULES",
    "CountItem",
    "DealCount",
    "SideCount",
    "check_sweep_rule",
    "check_sweeps",
    "count_deal",
    "pack_points",
    "read_count",
    "read_piles",
    "read_sweeps",
    "side_name",
]
