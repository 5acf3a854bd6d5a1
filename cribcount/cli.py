"""The ``cribcount`` command line: a thin layer of click and tabulate over the library.

Library errors become one line on stderr and exit status 2; no traceback
reaches the user. Commands that need the numba kernels import them inside
the command, so the quick commands start quickly.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from typing import IO, Any, NoReturn

import click
from tabulate import SEPARATING_LINE, tabulate

from cribcount.cards import format_cards
from cribcount.cribbage.peg import PlayResult
from cribcount.cribbage.score import ClaimCheck, HandScore
from cribcount.errors import CribcountError

GAMES = ("five", "six", "seven", "three", "four")


def fail(message: str) -> NoReturn:
    """Print ``message`` as the one-line error and exit with status 2."""
    click.echo(f"Error: {message}", err=True)
    sys.exit(2)


@contextmanager
def reporting_errors() -> Iterator[None]:
    """Turn a library error into the one-line message and exit status 2."""
    try:
        yield
    except CribcountError as error:
        fail(str(error))


def dump_json(data: Any) -> str:
    """JSON as the commands print it: one line, non-ASCII kept."""
    return json.dumps(data, ensure_ascii=False)


def run_batch(stream: IO[str], handle: Callable[[str], str]) -> int:
    """Apply ``handle`` to each non-blank line of ``stream`` and print its result.

    Lines are read and written one at a time, so memory stays constant. A
    line that raises a library error is reported on stderr with its number;
    the others are still handled. Returns the exit status: 1 if any line was
    bad, else 0.
    """
    status = 0
    for number, line in enumerate(stream, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            click.echo(handle(line.strip()))
        except CribcountError as error:
            click.echo(f"line {number}: {error}", err=True)
            status = 1
    return status


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cribcount")
def main() -> None:
    """Count cribbage and piquet hands exactly, and advise on the discard."""


# -- cribcount score ----------------------------------------------------------


@main.command()
@click.argument("hand", required=False)
@click.option("--crib", is_flag=True, help="Count by crib rules: a flush needs the starter too.")
@click.option(
    "--game",
    type=click.Choice(GAMES),
    default="six",
    show_default=True,
    help="Form of the game; sets how many cards the hand holds (five: 3, seven: 5, else 4).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the score as JSON.")
@click.option("--symbols", is_flag=True, help="Write suits as symbols (5♥) instead of letters.")
@click.option("--claim", type=int, metavar="N", help="Check a claimed count (muggins).")
@click.option(
    "--file",
    "batch",
    type=click.File("r", encoding="utf-8"),
    help="Score one hand per line of this file ('-' for stdin).",
)
def score(
    hand: str | None,
    crib: bool,
    game: str,
    as_json: bool,
    symbols: bool,
    claim: int | None,
    batch: IO[str] | None,
) -> None:
    """Score the show of HAND, written like "5H 5S 5C JD / 5D" (starter after the slash).

    Cards are rank then suit (5H, 10d, Td, J♣, A♤) or the Unicode card glyphs.
    Prints every fifteen, pair, run, flush and nobs, the subtotals, the total
    and the count as a player says it.
    """
    from cribcount.cribbage.score import check_claim, score_text

    if (hand is None) == (batch is None):
        fail("give either a HAND or --file PATH, not both or neither")
    if batch is not None:
        if claim is not None:
            fail("--claim checks a single hand; it cannot be used with --file")

        def handle(line: str) -> str:
            result = score_text(line, game, crib)
            return dump_json(result.as_dict()) if as_json else _show_line(result, symbols)

        sys.exit(run_batch(batch, handle))
    with reporting_errors():
        result = score_text(hand or "", game, crib)
    checked = None if claim is None else check_claim(result, claim)
    if as_json:
        data = result.as_dict()
        if checked is not None:
            data["claim"] = {**asdict(checked), "difference": checked.difference}
        click.echo(dump_json(data))
        return
    click.echo(_show_table(result, symbols))
    if checked is not None:
        click.echo(_claim_text(checked))


def _show_table(result: HandScore, symbols: bool) -> str:
    """The itemised show: one row per item, the subtotals, the total, the count said."""
    what = "crib" if result.crib else "hand"
    rows: list[Any] = [
        (item.name, format_cards(item.cards, symbols), item.points) for item in result.items
    ]
    rows.append(SEPARATING_LINE)
    rows += [(name, "", points) for name, points in result.breakdown.items() if points]
    rows.append(("total", "", result.total))
    lines = [
        f"{what} {format_cards(result.hand, symbols)}, starter {result.starter.notation(symbols)}",
        "",
        tabulate(rows, headers=("what", "cards", "points"), colalign=("left", "left", "right")),
        "",
        result.said,
    ]
    if result.heels:
        lines.append(
            f"starter {result.starter.notation(symbols)}: two for his heels to the dealer, "
            "pegged at the cut (not part of the show)"
        )
    return "\n".join(lines)


def _show_line(result: HandScore, symbols: bool) -> str:
    """One hand's score on one line, for batches."""
    hand = f"{format_cards(result.hand, symbols)} / {result.starter.notation(symbols)}"
    parts = ", ".join(f"{name} {points}" for name, points in result.breakdown.items() if points)
    return f"{hand}: {result.total}" + (f" ({parts})" if parts else "")


def _claim_text(checked: ClaimCheck) -> str:
    """Muggins: whether a claimed count is right, and what was missed."""
    if checked.difference == 0:
        return f"claim {checked.claimed}: right"
    if checked.difference < 0:
        return (
            f"claim {checked.claimed}: over-counted by {-checked.difference} "
            f"(the show is {checked.actual})"
        )
    return (
        f"claim {checked.claimed}: under-counted by {checked.difference} "
        f"(the show is {checked.actual}); missed {', '.join(checked.missed)}; "
        f"muggins: the opponent may take the {checked.difference}"
    )


# -- cribcount peg ------------------------------------------------------------


@main.command()
@click.argument("plays", nargs=-1, required=True)
@click.option(
    "--players",
    type=click.Choice(("2", "3", "4")),
    help="How many play: 2 (the default), 3 or 4 (partners).",
)
@click.option(
    "--game",
    type=click.Choice(GAMES),
    help="Form of the game: five, six (default) or seven for two players (3, 4 or 5 cards "
    "each); three or four for three- or four-handed (4 cards each).",
)
@click.option(
    "--hands",
    metavar="HANDS",
    help="The players' hands in order of play, as 'pone: 4S 3D 5C 4C | dealer: 2D AH 2H 3C' "
    "(or 'P1: ... | P2: ... | P3: ...'); every play is checked against them.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the play as JSON.")
@click.option("--symbols", is_flag=True, help="Write suits as symbols (5♥) instead of letters.")
def peg(
    plays: tuple[str, ...],
    players: str | None,
    game: str | None,
    hands: str | None,
    as_json: bool,
    symbols: bool,
) -> None:
    """Score the play (pegging) of PLAYS: every card in the order played, with
    "go" where the player whose turn it is cannot play, as in "4S 2D 3D AH 5C 2H 4C 3C".

    \b
    Players play in turn from the dealer's left (the pone, two-handed; P1 in
    three- and four-handed, where the last player deals). A card is played by
    the player whose turn it is; "go" is said by that player, who plays no
    more in the count. A card that would pass 31 cannot be played in the
    count by anyone, so it closes the count (the go to the last player) and
    leads the next, led by the player after the one who played last. Write
    "go" when the player to play cannot play and the next card still fits
    for another player: with --hands, such forced goes are inferred.

    \b
    Prints one row per play (player, card, count, what it scored, points),
    then each player's total. --json prints {"game", "players", "dealer",
    "cards_each", "plays": [{"position", "player", "card" (null for go),
    "count", "scored": [{"kind", "description", "points"}], "points"}],
    "totals": {player: points}, "sides" (four-handed), "complete",
    "penalties"}. In five-card cribbage the play ends at the first go or 31.
    """
    from cribcount.cribbage.peg import score_play

    with reporting_errors():
        result = score_play(
            " ".join(plays),
            players=None if players is None else int(players),
            game=game,
            hands=hands,
        )
    if as_json:
        click.echo(dump_json(result.as_dict()))
        return
    click.echo(_peg_text(result, symbols))


def _peg_text(result: PlayResult, symbols: bool) -> str:
    """The play as a table, the totals, then whether it is over and any penalty."""
    from cribcount.cribbage.peg import game_name

    rows = [
        (
            play.position,
            play.player_name,
            "go" if play.card is None else play.card.notation(symbols),
            play.count,
            ", ".join(item.description for item in play.scored),
            play.points or "",
        )
        for play in result.plays
    ]
    opening = f"{game_name(result.game)} game: {result.players[0]} plays first"
    if len(result.players) > 2:
        opening += f", {result.dealer} deals"
    totals: list[Any] = [
        (name if name != result.dealer or len(result.players) == 2 else f"{name} (dealer)", points)
        for name, points in result.totals.items()
    ]
    if result.sides is not None:
        totals.append(SEPARATING_LINE)
        totals += list(result.sides.items())
    lines = [
        opening,
        "",
        tabulate(
            rows,
            headers=("#", "player", "card", "count", "scored", "points"),
            colalign=("right", "left", "left", "right", "left", "right"),
        ),
        "",
        tabulate(totals, headers=("player", "total"), colalign=("left", "right")),
    ]
    if not result.complete:
        played = sum(play.card is not None for play in result.plays)
        held = result.cards_each * len(result.players)
        lines += ["", f"the play is not over: {played} of {held} cards played"]
    lines += [f"penalty: {penalty.description}" for penalty in result.penalties]
    return "\n".join(lines)
