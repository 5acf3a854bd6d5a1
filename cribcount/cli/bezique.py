"""The Rubicon Bézique commands (``cribcount bezique ...``) and their renderers."""

from __future__ import annotations

import click

from cribcount.bezique.pack import ROLES, check_counts, read_hand
from cribcount.bezique.tricks import (
    LAST_TRICK_POINTS,
    SUIT_NAMES,
    Solution,
    compile_note,
    read_suit,
    solve,
)
from cribcount.cards import Card, format_cards
from cribcount.cli.common import (
    batch,
    choice_option,
    dump_json,
    fail,
    file_option,
    fit_table,
    json_option,
    main,
    reporting_errors,
    split_line,
    symbols_option,
    wrapped,
    write,
)
from cribcount.errors import HandError, quoted
from cribcount.words import counted


@main.group(short_help="Rubicon Bézique: declarations by the laws, the game, the last tricks.")
def bezique() -> None:
    """Rubicon Bézique, for two, with four packs (128 cards) and nine cards
    each: declarations scored by the laws, a hand's combinations, the game
    computed, and the last nine tricks solved."""


# -- bezique solve ----------------------------------------------------------------


@bezique.command(
    "solve",
    short_help="Solve the last nine tricks with both hands known.",
    epilog="""\b
Examples:
  cribcount bezique solve --trump H \\
      --hands "AH 10H KH AS 10S 7S AC 9C 8D | QH JH 9H KS QS JS 10C KD 7D"
  cribcount bezique solve --trump S --leader second --json \\
      --hands "AS AS 10S KS 9H 8H 7H 7C 7D | QS JS 9S AH 10H AD 10D AC 10C"
""",
)
@click.option(
    "--hands",
    metavar="'FIRST | SECOND'",
    help="The first's nine cards and the second's (the dealer's), separated by '|'.",
)
@click.option("--trump", metavar="SUIT", help="The trump suit: S, H, D or C (or ♠ ♥ ♦ ♣).")
@choice_option(
    "--leader",
    choices=ROLES,
    default="first",
    show_default=True,
    help="Who leads to the first of the nine tricks.",
)
@json_option("the solution")
@symbols_option
@file_option(
    "the two hands and the trump separated by '|' (first | second | trump; the trump"
    " of --trump where the line names none),"
)
def bezique_solve(
    hands: str | None,
    trump: str | None,
    leader: str,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Solve the last nine tricks, once the stock is out, with both hands known.

    The leader plays any card; the other must follow suit if he can and win
    the card led if he can (with a higher card of the suit or, void in it,
    with a trump); of two equal cards the first played wins. The last trick
    scores 50, and each brisque (ace or ten) 10 to the player who wins it.
    Each side plays to make his points minus the other's as large as he can:
    shows the value (the leader's points minus the other's), each side's
    points and brisques, and a best line trick by trick.
    """
    if path is not None:
        if hands is not None:
            fail("--file reads the hands from each line: give no --hands")
        _compile_note(compile_note())

        def handle(line: str) -> str:
            if line.count("|") == 1 and trump is not None:
                line = f"{line} | {trump}"
            first, second, suit = split_line(
                line, 3, "the first's hand, the second's and the trump"
            )
            return _solved(f"{first} | {second}", suit, leader, as_json, symbols, one_line=True)

        batch(path, handle)
    if hands is None:
        fail("give both hands: --hands 'FIRST | SECOND', the first's nine cards and the second's")
    if trump is None:
        fail("give the trump suit: --trump S, H, D or C")
    with reporting_errors():
        _read_hands(hands)
        read_suit(trump)
    _compile_note(compile_note())
    with reporting_errors():
        write(_solved(hands, trump, leader, as_json, symbols))


def _compile_note(note: str | None) -> None:
    """Tell the user, on stderr, what the kernels' first use will do (compile, recompile)."""
    if note is not None:
        click.echo(note, err=True)


def _read_hands(text: str) -> tuple[list[Card], list[Card]]:
    """The two hands of ``--hands``: nine cards each, separated by ``|``, no card more than
    four times in the two."""
    parts = [part.strip() for part in text.split("|")]
    if len(parts) != 2:
        raise HandError(
            f"hands {quoted(text)}: expected the first's nine cards and the second's,"
            " separated by one '|'"
        )
    for part, role in zip(parts, ROLES, strict=True):
        if not part:
            raise HandError(f"hands {quoted(text)}: the {role}'s is empty, expected nine cards")
    first = read_hand(parts[0], what="the first's hand")
    second = read_hand(parts[1], what="the second's hand")
    check_counts((first, second), ("the first's hand", "the second's hand"))
    return first, second


def _solved(
    hands: str, trump: str, leader: str, as_json: bool, symbols: bool, one_line: bool = False
) -> str:
    """The last nine tricks solved."""
    first, second = _read_hands(hands)
    solution = solve(first, second, read_suit(trump), leader.lower())
    if as_json:
        return dump_json(solution.to_json())
    return _solution_line(solution) if one_line else _solution_text(solution, symbols)


def _value_words(solution: Solution) -> str:
    """The value, whose it is, and each side's points."""
    sides = ", ".join(
        f"{role} {counted(points, 'point')}"
        for role, points in zip(ROLES, solution.points, strict=True)
    )
    return f"value {solution.value} for the {ROLES[solution.leader]}, who leads: {sides}"


def _solution_line(solution: Solution) -> str:
    """The solution on one line, for batches: the value, each side's points, and the
    winner of the last trick."""
    brisques = ", ".join(
        f"{role} {count}" for role, count in zip(ROLES, solution.brisques, strict=True)
    )
    return f"{_value_words(solution)}; brisques {brisques}; last trick {ROLES[solution.last_trick]}"


def _solution_text(solution: Solution, symbols: bool) -> str:
    """The solution: the hands, a row per trick of the best line, the brisques each side
    won, the last trick, the value and each side's points."""
    lines = [f"Rubicon Bézique, {SUIT_NAMES[solution.trump]} trumps: the last nine tricks solved"]
    lines += [
        f"{role:<7} {format_cards(hand, symbols)}"
        for role, hand in zip(ROLES, solution.hands, strict=True)
    ]
    rows = [
        [
            trick.number,
            ROLES[trick.leader],
            format_cards(trick.cards, symbols),
            ROLES[trick.winner],
            *trick.points,
        ]
        for trick in solution.tricks
    ]
    headers = ["trick", "leader", "cards", "winner", *(f"{role} pts" for role in ROLES)]
    colalign = ["right", "left", "left", "left", "right", "right"]
    lines += ["", fit_table(rows, headers, colalign, wrap=(2,)), ""]
    lines.append(
        "brisques won: "
        + ", ".join(f"{role} {count}" for role, count in zip(ROLES, solution.brisques, strict=True))
    )
    lines.append(f"last trick: {ROLES[solution.last_trick]} {LAST_TRICK_POINTS}")
    lines.append(wrapped(_value_words(solution)))
    return "\n".join(lines)
