"""The Impérial commands (``cribcount imperial ...``) and their renderers."""

from __future__ import annotations

from collections.abc import Sequence

import click
from tabulate import tabulate

from cribcount.cards import Card, format_cards
from cribcount.cli.common import (
    F,
    batch,
    dump_json,
    fail,
    file_option,
    json_option,
    main,
    not_in_batch,
    reporting_errors,
    split_line,
    stacked,
    symbols_option,
    write,
)
from cribcount.imperial import (
    ROLES,
    Board,
    ImperialDeclaration,
    ImperialPlay,
    Mark,
    declare_imperial,
    read_board,
    read_hand,
    read_played,
    read_turn_up,
    score_imperial_play,
)
from cribcount.imperial.pack import SUIT_NAMES

_ELDER = "KH QH 9H KS QS 10S 9S KC QC KD QD 8D"
_YOUNGER = "JH AH 8H 7H JS AS 8S JC AC 10C JD AD"
_TRICKS = ("KH JH QH AH 9H 8H KS 8S QS JS 10S AS", "7H 9S JC QC KC 10C KD JD QD AD 8D AC")


@main.group(short_help="Impérial: the declarations and the play, in white and red counters.")
def imperial() -> None:
    """Impérial, piquet with a trump, for two: the declarations and the play
    counted out in white and red counters (a red is six whites), from the
    elder's and the younger's twelve cards and the turn-up, whose suit is
    trumps. Four reds and six whites passed over win the game."""


def deal_options(command: F) -> F:
    """--elder, --younger, --trump and --counters: the deal and the board before it."""
    options = (
        click.option("--elder", metavar="HAND", help="The elder's twelve cards; he leads."),
        click.option("--younger", metavar="HAND", help="The younger's twelve cards; he dealt."),
        click.option(
            "--trump",
            metavar="CARD",
            help="The turn-up, the twenty-fifth card, in neither hand; its suit is trumps.",
        ),
        click.option(
            "--counters",
            metavar="R,W/R,W",
            help="The reds and whites the elder, then the younger, have up before the deal "
            "(none by default).",
        ),
    )
    return stacked(*options)(command)


@imperial.command(
    "declare",
    short_help="Count out a deal's declarations, with the counters after each.",
    epilog=f"""\b
Examples:
  cribcount imperial declare --trump 10H \\
      --elder "{_ELDER}" \\
      --younger "{_YOUNGER}"
  cribcount imperial declare --trump KH --counters 2,4/1,5 \\
      --elder "♠ Q J A 7: ♢ Q J A 7: ♣ Q J A 10" \\
      --younger "♥ Q J A: ♠ K 10 9 8: ♦ K 10 9 8: ♣ K"
  cribcount imperial declare --file deals.txt --json
""",
)
@deal_options
@json_option("the declarations")
@symbols_option
@file_option("the elder's hand, the younger's and the turn-up, separated by '|', one deal")
def imperial_declare(
    elder: str | None,
    younger: str | None,
    trump: str | None,
    counters: str | None,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Count out the declarations of a deal of Impérial, in order: the
    turn-up if an honour (a white to the younger, who dealt), the point (a
    white), the impérials in hand (carte blanche two reds, the sequences K Q
    J A and the fours a red each) and de retourne (a red to the younger for
    each the turn-up completes in his hand).

    Hands are tokens ("KH QH 9H KS ...") or the suit-grouped layout
    ("♠ Q J A 7: ♢ Q J A 7: ♣ Q J A 10").

    The table lists each score in the order of counting out: the player,
    what he declares or makes, what it scores (or "not good"), the whites
    the adversary takes down for it, and after it the counters as
    --counters writes them: the elder's reds,whites / the younger's.
    """
    if path is not None:
        not_in_batch(path, counters=counters)
        if elder is not None or younger is not None or trump is not None:
            fail("--file reads the hands and the turn-up from each line: give no others")

        def handle(line: str) -> str:
            first, second, turn_up = split_line(
                line, 3, "the elder's hand, the younger's and the turn-up"
            )
            return _declared(first, second, turn_up, None, as_json, symbols, one_line=True)

        batch(path, handle)
    elder, younger, trump = _given(elder, younger, trump)
    with reporting_errors():
        write(_declared(elder, younger, trump, counters, as_json, symbols))


@imperial.command(
    "play",
    short_help="Count out a deal through the play, trick by trick.",
    epilog=f"""\b
Examples:
  cribcount imperial play --trump 10H \\
      --elder "{_ELDER}" \\
      --younger "{_YOUNGER}" KH JH QH AH
  cribcount imperial play --trump 10H \\
      --elder "{_ELDER}" \\
      --younger "{_YOUNGER}" \\
      {_TRICKS[0]} \\
      {_TRICKS[1]}
  cribcount imperial play --file deals.txt --json
""",
)
@click.argument("tricks", nargs=-1, metavar="[TRICKS]...")
@deal_options
@json_option("the deal")
@symbols_option
@file_option(
    "the elder's hand, the younger's, the turn-up and the cards played, separated by '|', one deal"
)
def imperial_play(
    tricks: tuple[str, ...],
    elder: str | None,
    younger: str | None,
    trump: str | None,
    counters: str | None,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Count out a deal of Impérial through the play: the declarations, then
    the TRICKS, the cards played in order, two a trick, the leader's first.

    The elder leads to the first trick and the winner of each to the next.
    The second player must follow suit and win the trick if he can; holding
    none of the suit led, he must trump if he can. Fewer than 24 cards is a
    play in progress. After the twelfth trick the play is counted out: the
    impérial tombée (a red), the honours of trumps in tricks (a white each),
    the odd tricks (a white each) or capot (two reds).

    The table lists each score in the order of counting out: the player,
    what he declares or makes, what it scores (or "not good"), the whites
    the adversary takes down for it, and after it the counters as
    --counters writes them: the elder's reds,whites / the younger's.
    """
    if path is not None:
        not_in_batch(path, counters=counters)
        if tricks or elder is not None or younger is not None or trump is not None:
            fail("--file reads the hands, the turn-up and the play from each line: give no others")

        def handle(line: str) -> str:
            first, second, turn_up, cards = split_line(
                line, 4, "the elder's hand, the younger's, the turn-up and the play"
            )
            return _played(first, second, turn_up, cards, None, as_json, symbols, one_line=True)

        batch(path, handle)
    elder, younger, trump = _given(elder, younger, trump)
    with reporting_errors():
        write(_played(elder, younger, trump, " ".join(tricks), counters, as_json, symbols))


def _given(elder: str | None, younger: str | None, trump: str | None) -> tuple[str, str, str]:
    """The two hands and the turn-up, each of them given."""
    if elder is None or younger is None:
        fail("Impérial compares two hands: give --elder and --younger")
    if trump is None:
        fail("Impérial needs the turn-up: give --trump CARD, as in --trump 10H")
    return elder, younger, trump


Deal = tuple[tuple[Card, ...], tuple[Card, ...], Card, Board | None]
"""The elder's hand, the younger's, the turn-up and the counters before the deal."""


def _deal(elder: str, younger: str, trump: str, counters: str | None) -> Deal:
    """The hands, the turn-up and the counters read, for the library."""
    return (
        read_hand(elder, "the elder's hand"),
        read_hand(younger, "the younger's hand"),
        read_turn_up(trump),
        None if counters is None else read_board(counters),
    )


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
        return dump_json(result.to_json())
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
        return dump_json(result.to_json())
    if one_line:
        won = "-".join(str(result.tricks_won[role]) for role in ROLES)
        state = "complete" if result.complete else f"in progress, the {result.to_play} to play"
        return f"{_summary(result.board)}; tricks {won}; {state}"
    return "\n".join(_play_text(result, symbols))


def _summary(board: Board) -> str:
    winner = "none yet" if board.winner is None else f"the {board.winner}"
    return f"{_by_role(board)}; game: {winner}"


def _heading(result: ImperialDeclaration, symbols: bool) -> list[str]:
    """The deal and its declarations counted out, a row each."""
    turn_up = result.turn_up.notation(symbols)
    lines = [f"Impérial, {SUIT_NAMES[result.trump]} trumps (turn-up {turn_up})"]
    lines += [f"{role:<7} {format_cards(result.hand(role), symbols)}" for role in ROLES]
    if result.start != Board():
        lines.append(f"counters before the deal: {_by_role(result.start)}")
    lines += ["", _marks_table(result.marks)]
    if not result.take_down:
        lines.append("both players score impérials in hand: neither takes down whites for them")
    return lines


def _marks_table(marks: Sequence[Mark], play: bool = False) -> str:
    """The combinations counted out, a row each: the player, the combination
    (its cards are in its name or in the hands above), what it scores or that
    it is not good, the whites the adversary takes down for it, and the
    counters after it as ``R,W/R,W``, the elder's first: 79 columns at most,
    the longest name being the 36 of a sequence of diamonds with the turn-up."""
    rows = [
        (
            mark.role,
            mark.combination.name,
            mark.combination.worth() if mark.good else mark.verdict,
            _whites(mark.taken_down),
            "" if mark.board is None else mark.board.notation(),
        )
        for mark in marks
    ]
    what = "made" if play else "declaration"
    return tabulate(rows, headers=("player", what, "scores", "takes down", "after"))


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
            f"game: the {board.winner} has passed all his counters; nothing more is counted"
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
        lines += ["", _marks_table(result.marks, play=True)]
    return lines + _ending(result.board)
