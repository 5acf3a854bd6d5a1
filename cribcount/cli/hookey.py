"""The Blind Hookey command (``cribcount hookey``) and its renderers."""

from __future__ import annotations

from fractions import Fraction

import click

from cribcount.cards import Card
from cribcount.cli.common import (
    batch,
    choice_option,
    dump_json,
    fail,
    file_option,
    fit_table,
    json_option,
    main,
    not_in_batch,
    reporting_errors,
    write,
)
from cribcount.errors import quoted
from cribcount.hookey import (
    METHODS,
    HookeyError,
    HookeyOdds,
    hookey_odds,
    read_dealer_card,
    read_players,
)
from cribcount.words import counted

ROWS = (
    ("win", "a player's card higher: he wins"),
    ("tie", "equal: he pays"),
    ("lower", "lower: he pays"),
    ("edge", "the dealer's edge per unit staked"),
    ("end", "the dealer loses all round: the deal ends"),
    ("hands", "hands expected in the deal"),
)
"""Each figure and its line in the text answer."""

MODEL = "the bottom cards: distinct cards of a shuffled pack, a fresh shuffle each hand"
"""The model the figures assume, printed under them."""

SMALLEST_FIXED = Fraction(1, 2000)
"""The least figure written with six decimals; a smaller one, not 0, in scientific form."""


@main.command(
    short_help="Blind Hookey's odds, exact: each player's, the dealer's edge, the deal's hands.",
    epilog="""\b
Examples:
  cribcount hookey --players 3
  cribcount hookey --players 3 --dealer-card 7H
  cribcount hookey --players 5 --method packets --json
  cribcount hookey --file hookey.txt --json
""",
)
@click.option("--players", type=int, metavar="N", help="How many play against the dealer.")
@choice_option(
    "--method",
    choices=METHODS,
    default="cut",
    show_default=True,
    help="cut: each player cuts a packet; packets: the dealer cuts three, the players "
    "stake on two.",
)
@click.option(
    "--dealer-card",
    metavar="CARD",
    help="The dealer's bottom card, turned up: the figures given it (only its rank counts).",
)
@json_option("the odds")
@file_option("the number of players and any dealer's card after it, one hand")
def hookey(
    players: int | None, method: str, dealer_card: str | None, as_json: bool, path: str | None
) -> None:
    """The exact odds of a hand of Blind Hookey, as fractions and decimals:
    each player's chance that his bottom card is higher than the dealer's
    (he wins his stake), equal or lower (he pays it); the dealer's edge per
    unit staked; the chance that the dealer loses to every player, which
    ends the deal; and the hands expected in a deal.

    Cards rank ace low to king high, suits never matter. By the cut method
    each player cuts a packet (four cards at least: twelve players at most)
    and the dealer takes the rest; the deal ends when the dealer's card is
    lower than every player's. By the packets method the dealer cuts three,
    the players stake on two and he takes the third; the deal ends when his
    card is lower than both.

    The bottom cards are distinct cards of a shuffled pack, and each hand is
    cut from a freshly shuffled pack. With --dealer-card, each figure is
    given that card, and the hands expected count this one and the rest of
    the deal.
    """
    method = method.lower()
    if path is not None:
        not_in_batch(path, players=players, dealer_card=dealer_card)

        def handle(line: str) -> str:
            count, card = _line(line)
            found = hookey_odds(count, method, card)
            return dump_json(found.to_json()) if as_json else _summary(found)

        batch(path, handle)
    if players is None:
        fail("missing --players N: how many play against the dealer, as --players 3")
    with reporting_errors():
        card = None if dealer_card is None else read_dealer_card(dealer_card)
        found = hookey_odds(players, method, card)
    write(dump_json(found.to_json()) if as_json else _text(found))


def _line(line: str) -> tuple[int, Card | None]:
    """A batch line read: the number of players, then the dealer's card if it is known."""
    words = line.split(maxsplit=1)
    if not words[0].isascii() or not words[0].isdigit():
        raise HookeyError(
            f"{quoted(line)}: expected the number of players, then any dealer's card,"
            " as '3' or '3 7H'"
        )
    return read_players(words[0]), read_dealer_card(words[1]) if len(words) > 1 else None


def _decimal(value: Fraction) -> str:
    """``0.470588``; a small figure not 0, ``4.002e-06``."""
    if value and abs(value) < SMALLEST_FIXED:
        return f"{float(value):.3e}"
    return f"{float(value):.6f}"


def _both(value: Fraction) -> str:
    """``'8/17 (0.470588)'``: the fraction and its decimal."""
    return f"{value} ({_decimal(value)})"


def _heading(found: HookeyOdds) -> list[str]:
    """The deal, and whether the dealer's card is known."""
    who = counted(found.players, "player")
    one = found.players == 1
    if found.method == "cut":
        cut = "cuts a packet" if one else "each cut a packet"
        how = f"{who} {cut}, the dealer takes the rest"
    else:
        how = f"the dealer cuts three packets, {who} {'stakes' if one else 'stake'} on two"
    given = (
        "every card unseen"
        if found.dealer_card is None
        else f"given the dealer's card {found.dealer_card} (only its rank counts)"
    )
    return [f"Blind Hookey: {how}", given]


def _text(found: HookeyOdds) -> str:
    label = dict(ROWS)
    if found.dealer_card is not None:
        label["hands"] += ", this one included"
    rows = [(label[name], str(found[name]), _decimal(found[name])) for name, _ in ROWS]
    headers = ("", "exact", "decimal")
    table = fit_table(rows, headers, ("left", "right", "right"), disable_numparse=True)
    return "\n".join([*_heading(found), "", table, "", MODEL])


def _summary(found: HookeyOdds) -> str:
    """One line of a batch: the players, the dealer's card, each figure."""
    who = counted(found.players, "player")
    if found.dealer_card is not None:
        who += f", the dealer's {found.dealer_card}"
    figures = ", ".join(f"{name} {_both(found[name])}" for name, _ in ROWS)
    return f"{who}: {figures}"
