"""Impérial at the command line: ``piquet declare`` and ``piquet play`` with
``--rules imperial``, their checks of the options, and their renderers."""

from __future__ import annotations

from collections.abc import Sequence

import click
from tabulate import tabulate

from cribcount.cards import PIQUET, Card, format_cards, parse_cards
from cribcount.cli.common import (
    F,
    batch,
    choice_option,
    dump_json,
    fail,
    not_in_batch,
    reporting_errors,
    split_line,
    write,
)
from cribcount.errors import HandError, quoted
from cribcount.piquet.declare import RULES as PIQUET_RULES
from cribcount.piquet.declare import SUIT_NAMES, read_hand
from cribcount.piquet.imperial import (
    HAND_SIZE,
    ROLES,
    Board,
    ImperialDeclaration,
    ImperialPlay,
    Mark,
    declaration_to_json,
    declare_imperial,
    play_to_json,
    read_board,
    score_imperial_play,
)
from cribcount.piquet.play import read_played


def _options(
    hand: tuple[str, ...],
    elder: str | None,
    younger: str | None,
    hands: tuple[str, ...],
    players: int | None,
    trump: str | None,
    counters: str | None,
    path: str | None,
) -> None:
    """Refuse what Impérial does not take: more than two players, one hand
    alone, --hand, a batch with --trump or --counters."""
    if players not in (None, 2):
        fail(f"Impérial is played by two: --players {players} is for piquet rules")
    if hands:
        fail("Impérial is played by two: give --elder and --younger (the dealer), not --hand")
    if hand:
        fail("Impérial compares two hands: give --elder and --younger (the dealer) and --trump")
    not_in_batch(path, counters=counters)
    if path is not None:
        if elder is not None or younger is not None or trump is not None:
            fail("--file reads the hands and the turn-up from each line: give no others")
        return
    if elder is None or younger is None:
        fail("Impérial compares two hands: give --elder and --younger (the dealer)")
    if trump is None:
        fail("Impérial needs the turn-up: give --trump CARD, as in --trump 10H")


Deal = tuple[tuple[Card, ...], tuple[Card, ...], Card, Board | None]
"""The elder's hand, the younger's, the turn-up and the counters before the deal."""


def _deal(elder: str, younger: str, trump: str, counters: str | None) -> Deal:
    """The hands, the turn-up and the counters read, for the library."""
    elder_cards = read_hand(elder, HAND_SIZE, "the elder's hand")
    younger_cards = read_hand(younger, HAND_SIZE, "the younger's hand")
    turn_up = parse_cards(trump, PIQUET) if trump.strip() else []
    if len(turn_up) != 1:
        raise HandError(f"turn-up {quoted(trump)}: expected one card, such as '10H'")
    start = None if counters is None else read_board(counters)
    return elder_cards, younger_cards, turn_up[0], start


def imperial_declare(
    hand: tuple[str, ...],
    elder: str | None,
    younger: str | None,
    hands: tuple[str, ...],
    players: int | None,
    trump: str | None,
    counters: str | None,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """``piquet declare --rules imperial``: the declarations counted out."""
    _options(hand, elder, younger, hands, players, trump, counters, path)
    if path is not None:

        def handle(line: str) -> str:
            first, second, turn_up = split_line(
                line, 3, "the elder's hand, the younger's and the turn-up"
            )
            return _declared(first, second, turn_up, None, as_json, symbols, one_line=True)

        batch(path, handle)
    assert elder is not None and younger is not None and trump is not None
    with reporting_errors():
        write(_declared(elder, younger, trump, counters, as_json, symbols))


def imperial_play(
    tricks: tuple[str, ...],
    elder: str | None,
    younger: str | None,
    hands: tuple[str, ...],
    players: int | None,
    trump: str | None,
    counters: str | None,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """``piquet play --rules imperial``: the deal counted out through the play."""
    if path is not None and tricks:
        fail("--file reads the hands, the turn-up and the play from each line: give no others")
    _options((), elder, younger, hands, players, trump, counters, path)
    if path is not None:

        def handle(line: str) -> str:
            first, second, turn_up, cards = split_line(
                line, 4, "the elder's hand, the younger's, the turn-up and the play"
            )
            return _played(first, second, turn_up, cards, None, as_json, symbols, one_line=True)

        batch(path, handle)
    assert elder is not None and younger is not None and trump is not None
    with reporting_errors():
        write(_played(elder, younger, trump, " ".join(tricks), counters, as_json, symbols))


def _declared(
    elder: str,
    younger: str,
    trump: str,
    counters: str | None,
    as_json: bool,
    symbols: bool,
    one_line: bool = False,
) -> str:
    result = declare_imperial(*_deal(elder, younger, trump, counters))
    if as_json:
        return dump_json(declaration_to_json(result))
    if one_line:
        return _summary(result.board)
    return "\n".join([*_heading(result, symbols), *_ending(result.board)])


def _played(
    elder: str,
    younger: str,
    trump: str,
    played: str,
    counters: str | None,
    as_json: bool,
    symbols: bool,
    one_line: bool = False,
) -> str:
    elder_cards, younger_cards, turn_up, start = _deal(elder, younger, trump, counters)
    cards = read_played(played)
    result = score_imperial_play(elder_cards, younger_cards, turn_up, cards, start)
    if as_json:
        return dump_json(play_to_json(result))
    if one_line:
        won = "-".join(str(result.tricks_won[role]) for role in ROLES)
        state = "complete" if result.complete else f"in progress, the {result.to_play} to play"
        return f"{_summary(result.board)}; tricks {won}; {state}"
    return "\n".join(_play_text(result, symbols))


def _summary(board: Board) -> str:
    counters = ", ".join(f"{role} {board.of(role)}" for role in ROLES)
    winner = "none yet" if board.winner is None else f"the {board.winner}"
    return f"{counters}; game: {winner}"


def _heading(result: ImperialDeclaration, symbols: bool) -> list[str]:
    """The deal and its declarations counted out, a row each."""
    turn_up = result.turn_up.notation(symbols)
    lines = [f"Impérial, {SUIT_NAMES[result.trump]} trumps (turn-up {turn_up})"]
    lines += [f"{role:<7} {format_cards(result.hand(role), symbols)}" for role in ROLES]
    if result.start != Board():
        lines.append(f"counters before the deal: {_by_role(result.start)}")
    lines += ["", _marks_table(result.marks, symbols)]
    if not result.take_down:
        lines.append(
            "both players score impérials in hand: neither takes down the other's whites for them"
        )
    return lines


def _marks_table(marks: Sequence[Mark], symbols: bool, play: bool = False) -> str:
    """The combinations counted out, a row each: what each scores (or that it
    is not good), the whites the adversary takes down for it, and the
    counters after it."""
    rows = [
        (
            mark.combination.kind,
            mark.role,
            mark.combination.name,
            format_cards(mark.combination.cards, symbols),
            mark.combination.worth() if mark.good else mark.verdict,
            _whites(mark.taken_down),
            "" if mark.board is None else str(mark.board.elder),
            "" if mark.board is None else str(mark.board.younger),
        )
        for mark in marks
    ]
    what = "made" if play else "declaration"
    headers = ("kind", "player", what, "cards", "scores", "takes down", *ROLES)
    return tabulate(rows, headers=headers)


def _whites(count: int) -> str:
    """``'1 white'``, ``'4 whites'``, or nothing for none."""
    if not count:
        return ""
    return f"{count} white" if count == 1 else f"{count} whites"


def _by_role(board: Board) -> str:
    return ", ".join(f"{role} {board.of(role)}" for role in ROLES)


def _ending(board: Board) -> list[str]:
    """The counters at the end, and the game if it was won."""
    lines = ["", f"counters: {_by_role(board)}"]
    if board.winner is None:
        lines.append("game: none yet (four reds and six whites win it)")
    else:
        lines.append(
            f"game: the {board.winner} has passed all his counters, four reds and six whites; "
            "nothing more is counted"
        )
    return lines


def _play_text(result: ImperialPlay, symbols: bool) -> list[str]:
    """The declarations, a row per trick, the play counted out, the counters."""
    declaration = result.declaration
    lines = _heading(declaration, symbols)
    rows = [
        (
            trick.number,
            trick.leader,
            format_cards(trick.cards, symbols),
            trick.winner or "-",
        )
        for trick in result.tricks
    ]
    if rows:
        lines += ["", tabulate(rows, headers=("trick", "leader", "cards", "winner"))]
    won = ", ".join(f"{role} {result.tricks_won[role]}" for role in ROLES)
    lines += ["", f"tricks: {won}"]
    if not result.complete:
        number = len(result.tricks) + (
            0 if result.tricks and result.tricks[-1].winner is None else 1
        )
        lines.append(f"in progress: the {result.to_play} to play to trick {number}")
    elif declaration.winner is not None:
        lines.append("the play is not counted: the game was won in the declarations")
    else:
        lines += ["", _marks_table(result.marks, symbols, play=True)]
    return lines + _ending(result.board)


# -- the options piquet's commands take for Impérial ------------------------------------


rules_or_imperial_option = choice_option(
    "--rules",
    choices=(*PIQUET_RULES, "imperial"),
    default="classic",
    show_default=True,
    help="english: a point holding 7, 8 and 9 scores one less; "
    "rubicon: the longest suit is the point and every card led scores; "
    "imperial: Impérial, piquet with a trump (two hands and --trump).",
)


def imperial_options(command: F) -> F:
    """``--trump CARD`` and ``--counters R,W/R,W``, taken with ``--rules imperial``."""
    command = click.option(
        "--counters",
        metavar="R,W/R,W",
        help="With --rules imperial: the reds and whites the elder, then the younger, "
        "have up before the deal (none by default).",
    )(command)
    return click.option(
        "--trump",
        metavar="CARD",
        help="With --rules imperial: the turn-up, the twenty-fifth card; its suit is trumps.",
    )(command)


def refuse_imperial_options(trump: str | None, counters: str | None) -> None:
    """Refuse --trump and --counters under piquet's own rules."""
    for name, value in (("trump", trump), ("counters", counters)):
        if value is not None:
            fail(f"--{name} is for --rules imperial, piquet with a trump")
