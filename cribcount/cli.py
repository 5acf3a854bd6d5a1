"""The ``cribcount`` command line: a thin layer of click and tabulate over the library.

Library errors become one line on stderr and exit status 2; no traceback
reaches the user. Commands that need the numba kernels import them inside
the command, so the quick commands start quickly.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict
from typing import IO, TYPE_CHECKING, Any, NoReturn

import click
from tabulate import SEPARATING_LINE, tabulate

from cribcount.cards import format_cards, parse_cards
from cribcount.cribbage.games import GAMES
from cribcount.cribbage.peg import PlayResult, score_play
from cribcount.cribbage.score import ClaimCheck, HandScore, check_claim, score_text
from cribcount.errors import CribcountError
from cribcount.piquet.declare import CATEGORY_NAMES as PIQUET_CATEGORY_NAMES
from cribcount.piquet.declare import (
    FORMS,
    Comparison,
    HandDeclarations,
    compare,
    comparison_to_json,
    declare,
    hand_to_json,
    read_hand,
)
from cribcount.piquet.declare import RULES as PIQUET_RULES
from cribcount.words import counted

if TYPE_CHECKING:
    from cribcount.cribbage.discard import DiscardAnalysis, LayOut


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


def require_one_input(hand: str | None, batch: IO[str] | None) -> None:
    """A command reads one HAND or a ``--file`` of them: exactly one of the two."""
    if (hand is None) == (batch is None):
        fail("give either a HAND or --file PATH, not both or neither")


SYMBOLS = click.option(
    "--symbols", is_flag=True, help="Write suits as symbols (♥) instead of letters (H)."
)


def json_option(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--json``, stored as ``as_json``: print ``what`` as JSON."""
    return click.option("--json", "as_json", is_flag=True, help=f"Print {what} as JSON.")


def file_option(what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--file PATH``, stored as ``batch``: a batch of inputs, one per line."""
    return click.option(
        "--file",
        "batch",
        type=click.File("r", encoding="utf-8"),
        help=f"{what} per line of this file ('-' for stdin).",
    )


class Commands(click.Group):
    """A click group whose usage errors are one line and exit status 2, like the library's.

    Given no command, it prints its help. A reader that closes the pipe early
    (``| head``) ends the command quietly.
    """

    group_class = type  # subgroups behave the same

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args:
            click.echo(ctx.get_help())
            ctx.exit(0)
        return super().parse_args(ctx, args)

    def main(self, args: Sequence[str] | None = None, **extra: Any) -> Any:  # type: ignore[override]
        extra.pop("standalone_mode", None)
        try:
            return super().main(args, standalone_mode=False, **extra)
        except click.ClickException as error:
            fail(error.format_message())
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        except BrokenPipeError:
            # Python would complain again when flushing stdout at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(1)


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cribcount")
def main() -> None:
    """Count cribbage and piquet hands exactly, and advise on the discard."""


# -- cribcount score ----------------------------------------------------------


@main.command()
@click.argument("hand", required=False)
@click.option("--crib", is_flag=True, help="Count by crib rules: a flush needs the starter too.")
@click.option(
    "--game",
    type=click.Choice(tuple(GAMES)),
    default="six",
    show_default=True,
    help="Form of the game; sets how many cards the hand holds (five: 3, seven: 5, else 4).",
)
@json_option("the score")
@SYMBOLS
@click.option("--claim", type=int, metavar="N", help="Check a claimed count (muggins).")
@file_option("Score one hand")
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
    require_one_input(hand, batch)
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
    type=click.Choice(tuple(GAMES)),
    help="Form of the game: five, six (default) or seven for two players (3, 4 or 5 cards "
    "each); three or four for three- or four-handed (4 cards each).",
)
@click.option(
    "--hands",
    metavar="HANDS",
    help="The players' hands in order of play, as 'pone: 4S 3D 5C 4C | dealer: 2D AH 2H 3C' "
    "(or 'P1: ... | P2: ... | P3: ...'); every play is checked against them.",
)
@json_option("the play")
@SYMBOLS
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
    count by anyone: the count ends there (the go to the last player) and the
    card leads the next count, played by the player after the one who played
    last. Write "go" when the player to play cannot play but the next card
    fits for another player; with --hands, such forced goes are inferred.

    \b
    Prints one row per play (player, card, count, what it scored, points),
    then each player's total. --json prints {"game", "players", "dealer",
    "cards_each", "plays": [{"position", "player", "card" (null for go),
    "count", "scored": [{"kind", "name", "points"}], "points"}],
    "totals": {player: points}, "sides" (four-handed), "complete",
    "penalties"}. In five-card cribbage the play ends at the first go or 31.
    """
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
    rows = [
        (
            play.position,
            play.player_name,
            "go" if play.card is None else play.card.notation(symbols),
            play.count,
            ", ".join(item.name for item in play.scored),
            play.points or "",
        )
        for play in result.plays
    ]
    opening = f"{GAMES[result.game].short} game: {result.players[0]} plays first"
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
    notes = [f"penalty: {penalty.describe(symbols)}" for penalty in result.penalties]
    if not result.complete:
        played = sum(play.card is not None for play in result.plays)
        held = result.cards_each * len(result.players)
        notes.insert(0, f"the play is not over: {played} of {held} cards played")
    if notes:
        lines += ["", *notes]
    return "\n".join(lines)


# -- cribcount piquet -----------------------------------------------------------


@main.group()
def piquet() -> None:
    """Piquet: a hand's declarations, and the hands at the table compared and scored."""


@piquet.command("declare")
@click.argument("hand", required=False)
@click.option("--elder", metavar="HAND", help="The elder hand's cards (with --dealer).")
@click.option("--dealer", metavar="HAND", help="The dealer's cards (with --elder).")
@click.option(
    "--hand",
    "hands",
    multiple=True,
    metavar="HAND",
    help="One per player in seating order, the elder first and the dealer last.",
)
@click.option(
    "--players",
    type=click.IntRange(2, 4),
    help="2 (Piquet au cent, 12 cards), 3 (Normand, 10) or 4 (Voleur, 8); "
    "by default the number of hands given.",
)
@click.option(
    "--rules",
    type=click.Choice(PIQUET_RULES),
    default="classic",
    show_default=True,
    help="english: a point holding 7, 8 and 9 scores one less; "
    "rubicon: the longest suit is the point and every card led scores.",
)
@json_option("the result")
@SYMBOLS
def piquet_declare(
    hand: str | None,
    elder: str | None,
    dealer: str | None,
    hands: tuple[str, ...],
    players: int | None,
    rules: str,
    as_json: bool,
    symbols: bool,
) -> None:
    """Declare one HAND, or compare the hands at the table and score them.

    Hands are tokens ("AH KH QH JH AC KC QC AD KD QD 7D AS") or the
    suit-grouped layout ("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"). One hand
    shows what it holds and how it is announced; --elder and --dealer, or one
    --hand per player, compare every category in the order of scoring and
    give the verdicts, the points, repic, the lead and the outlook for pic.
    """
    given = [hand is not None, elder is not None or dealer is not None, bool(hands)]
    if sum(given) != 1:
        fail("give one HAND, or --elder and --dealer, or one --hand per player")
    if hand is not None:
        size = FORMS[players or 2].hand_size
        with reporting_errors():
            held = declare(read_hand(hand, size), rules)
        if as_json:
            click.echo(dump_json(hand_to_json(held)))
        else:
            click.echo(_piquet_hand_text(held, symbols))
        return
    if not hands:
        if elder is None or dealer is None:
            fail("--elder and --dealer go together: give both hands")
        if players not in (None, 2):
            fail(f"--elder and --dealer are two hands; for {players} players give one --hand each")
        hands = (elder, dealer)
    hands_given = f"{counted(len(hands), 'hand')} given"
    if players is not None and len(hands) != players:
        fail(f"{hands_given} for {players} players: give one --hand per player")
    if len(hands) not in FORMS:
        fail(f"{hands_given}: piquet is played by 2, 3 or 4 players")
    form = FORMS[len(hands)]
    with reporting_errors():
        cards = [
            read_hand(text, form.hand_size, f"the {role}'s hand")
            for text, role in zip(hands, form.roles, strict=True)
        ]
        result = compare(cards, rules)
    if as_json:
        click.echo(dump_json(comparison_to_json(result)))
    else:
        click.echo(_piquet_table_text(result, symbols))


def _piquet_hand_text(held: HandDeclarations, symbols: bool) -> str:
    """One hand: each declaration as announced, its cards and what it scores if good."""
    rows = [
        (decl.kind, decl.describe(), format_cards(decl.cards, symbols), decl.points)
        for decl in held.all
    ]
    if held.rules == "rubicon":
        lead = "1 more for the first card led"
    elif held.lead:
        lead = "1 more for leading a ten or better"
    else:
        lead = "no ten or better to lead"
    lines = [f"hand {format_cards(held.cards, symbols)} ({held.rules} rules)", ""]
    if rows:
        table = tabulate(
            rows,
            headers=("kind", "declaration", "cards", "points"),
            colalign=("left", "left", "left", "right"),
        )
        lines += [table, ""]
    else:
        lines += ["nothing to declare", ""]
    lines.append(f"worth {held.worth} if every declaration is good; {lead}")
    return "\n".join(lines)


def _piquet_table_text(result: Comparison, symbols: bool) -> str:
    """The hands compared: each category's best per player, verdict and points;
    the players' totals; repic and the outlook for pic."""
    roles = result.form.roles
    lines = [f"{result.form.name}, {result.rules} rules"]
    lines += [
        f"{role:<7} {format_cards(player.hand.cards, symbols)}"
        for role, player in zip(roles, result.players, strict=True)
    ]
    rows: list[tuple[str, str, str, str, str, int]] = []
    for category in result.categories:
        name = PIQUET_CATEGORY_NAMES[category.category]
        for seat, best in enumerate(category.best):
            label = name if seat == 0 else ""
            if best is None:
                rows.append((label, roles[seat], "-", "", "", 0))
                continue
            scored = category.scored[seat]
            verdict = category.verdicts[seat] or ""
            points = best.points if scored else 0
            cards = format_cards(best.cards, symbols)
            rows.append((label, roles[seat], best.describe(), cards, verdict, points))
            rows += [
                ("", "", decl.describe(), format_cards(decl.cards, symbols), "good", decl.points)
                for decl in scored[1:]
            ]
    table = tabulate(
        rows,
        headers=("category", "player", "declaration", "cards", "verdict", "points"),
        colalign=("left", "left", "left", "left", "left", "right"),
    )
    totals = tabulate(
        [
            (p.role, p.carte_blanche, p.point, p.sequence, p.sets, p.repic, p.lead, p.total)
            for p in result.players
        ],
        headers=("player", "carte blanche", "point", "sequence", "sets", "repic", "lead", "total"),
    )
    lines += ["", table, "", totals, ""]
    if len(result.sides) < len(result.players):
        lines += [
            f"side {' and '.join(roles[seat] for seat in side.seats)}: {side.total}"
            for side in result.sides
        ]
    if result.repic is None:
        lines.append("repic: none")
    else:
        repic = result.repic
        lines.append(
            f"repic: {' and '.join(roles[seat] for seat in repic.side)}, "
            f"{repic.declarations} on declarations alone: {repic.bonus} more"
        )
    pic = result.pic
    lines.append(f"pic ({result.form.pic_bonus}): {pic.status}: {pic.reason}")
    return "\n".join(lines)


# -- cribcount discard ---------------------------------------------------------


@main.command()
@click.argument("hand", required=False)
@click.option("--dealer", is_flag=True, help="The crib is yours (in four-handed, your side's).")
@click.option("--pone", is_flag=True, help="The crib is an opponent's.")
@click.option(
    "--game",
    type=click.Choice(tuple(GAMES)),
    default="six",
    show_default=True,
    help="Form of the game: five (deal 5, keep 3), six (6, 4), seven (7, 5), "
    "three or four players (5, lay out 1).",
)
@click.option("--top", type=click.IntRange(min=1), metavar="N", help="Show the best N lay-outs.")
@click.option(
    "--detail", is_flag=True, help="Draw how many starters give each hand score, for the first."
)
@click.option(
    "--lay-out",
    "chosen",
    metavar="CARDS",
    help="Show only this lay-out, with --detail's histogram.",
)
@json_option("the analysis")
@SYMBOLS
@file_option("Analyse one dealt hand")
def discard(
    hand: str | None,
    dealer: bool,
    pone: bool,
    game: str,
    top: int | None,
    detail: bool,
    chosen: str | None,
    as_json: bool,
    symbols: bool,
    batch: IO[str] | None,
) -> None:
    """Score every way to lay out the dealt HAND for the crib, exactly.

    For each lay-out: the expected hand over every starter, the expected crib
    over every filling by unseen cards and every starter, the net (hand plus
    crib for the crib's owner, minus otherwise) and the hand's least and
    greatest show. Without --dealer or --pone both nets are shown, ordered by
    expected hand. With --json, each option's "net" is a number for the role
    given, else {"dealer": ..., "pone": ...}.
    """
    require_one_input(hand, batch)
    if dealer and pone:
        fail("--dealer and --pone exclude each other: give one, or neither for both nets")
    if batch is not None and (detail or chosen is not None):
        fail("--detail and --lay-out are for a single hand; they cannot be used with --file")
    role = True if dealer else False if pone else None
    from cribcount.cribbage import discard as advisor

    note = advisor.compile_note()
    if note is not None:
        click.echo(note, err=True)
    if batch is not None:

        def handle(line: str) -> str:
            result = advisor.analyse_discard(line, game, role)
            if as_json:
                return dump_json(_discard_json(result, result.options[:top], None))
            return _discard_line(result, symbols)

        sys.exit(run_batch(batch, handle))
    with reporting_errors():
        result = advisor.analyse_discard(hand or "", game, role)
        shown = result.options[:top]
        detailed = result.options[0] if detail else None
        if chosen is not None:
            detailed = result.find(parse_cards(chosen))
            shown = (detailed,)
    if as_json:
        click.echo(dump_json(_discard_json(result, shown, detailed)))
        return
    click.echo(_discard_text(result, shown, symbols))
    if detailed is not None:
        click.echo("")
        click.echo(_hand_histogram(detailed, symbols))


def _roles(game: str) -> tuple[str, str]:
    """Who owns the crib, and who does not, as the advice names them."""
    if game == "four":
        return "dealer's side", "other side"
    return "dealer", "non-dealer"


def _roles_shown(result: DiscardAnalysis) -> list[bool]:
    """The roles whose net is shown: the one asked for, else the crib's owner, then the other."""
    return [True, False] if result.dealer is None else [result.dealer]


def _best_text(result: DiscardAnalysis, dealer: bool, symbols: bool) -> str:
    """The best lay-outs for the role, joined by 'or', with their net."""
    best = result.best(dealer)
    cards = " or ".join(format_cards(option.discard, symbols) for option in best)
    return f"{cards} (net {best[0].net(dealer):.3f})"


def _discard_text(result: DiscardAnalysis, shown: Sequence[LayOut], symbols: bool) -> str:
    """The lay-outs as a table, best first, equal places marked '='; then the best for each role."""
    own, other = _roles(result.game)
    places = dict(zip(result.options, result.places(), strict=True))
    heading = f"{result.title}, dealt {format_cards(result.dealt, symbols)}"
    nets: tuple[str, ...]
    if result.dealer is None:
        heading += ": ordered by expected hand, the mean of both nets"
        nets = (f"net {own}", f"net {other}")
    else:
        heading += f", for the {own if result.dealer else other}"
        nets = ("net",)
    roles = _roles_shown(result)
    rows = []
    for option in shown:
        place, tied = places[option]
        rows.append(
            (
                f"{place}{'=' if tied else ''}",
                format_cards(option.discard, symbols),
                format_cards(option.keep, symbols),
                f"{option.expected_hand:.3f}",
                f"{option.expected_crib:.3f}",
                *(f"{option.net(dealer):.3f}" for dealer in roles),
                option.hand_min,
                option.hand_max,
            )
        )
    headers = ("#", "lay out", "keep", "hand", "crib", *nets, "min", "max")
    align = ("right", "left", "left", *("right",) * (len(headers) - 3))
    table = tabulate(rows, headers=headers, colalign=align, disable_numparse=True)
    lines = [heading, "", table, ""]
    lines += [
        f"best for the {own if dealer else other}: lay out {_best_text(result, dealer, symbols)}"
        for dealer in roles
    ]
    return "\n".join(lines)


def _discard_line(result: DiscardAnalysis, symbols: bool) -> str:
    """One dealt hand's advice on one line, for batches."""
    own, other = _roles(result.game)
    advice = "; ".join(
        f"{own if dealer else other} lays out {_best_text(result, dealer, symbols)}"
        for dealer in _roles_shown(result)
    )
    return f"{format_cards(result.dealt, symbols)}: {advice}"


def _hand_histogram(option: LayOut, symbols: bool) -> str:
    """How many starters give each hand score, one '#' a starter."""
    lines = [
        f"hand {format_cards(option.keep, symbols)} after laying out "
        f"{format_cards(option.discard, symbols)}, over {option.starters} starters:"
    ]
    width = len(str(option.hand_max))
    for points, count in enumerate(option.hand_counts):
        if count:
            lines.append(f"{points:>{width}} {'#' * count} {count}")
    return "\n".join(lines)


def _discard_json(
    result: DiscardAnalysis, shown: Sequence[LayOut], detailed: LayOut | None
) -> dict[str, Any]:
    """The analysis as plain data: exact totals beside the floats."""
    places = dict(zip(result.options, result.places(), strict=True))
    options = []
    for option in shown:
        place, tied = places[option]
        data: dict[str, Any] = {
            "place": place,
            "tied": tied,
            "discard": [str(card) for card in option.discard],
            "keep": [str(card) for card in option.keep],
            "expected_hand": option.expected_hand,
            "expected_crib": option.expected_crib,
            "net": option.net(result.dealer)
            if result.dealer is not None
            else {"dealer": option.net(True), "pone": option.net(False)},
            "hand_min": option.hand_min,
            "hand_max": option.hand_max,
            "hand_total": option.hand_total,
            "crib_total": option.crib_total,
        }
        if option is detailed:
            data["hand_counts"] = {
                str(points): count for points, count in enumerate(option.hand_counts) if count
            }
        options.append(data)
    return {
        "dealt": [str(card) for card in result.dealt],
        "game": result.game,
        "role": None if result.dealer is None else "dealer" if result.dealer else "pone",
        "starters": result.options[0].starters,
        "fillings": result.options[0].fillings,
        "options": options,
        "best": {
            "dealer": [[str(card) for card in option.discard] for option in result.best(True)],
            "pone": [[str(card) for card in option.discard] for option in result.best(False)],
        },
    }
