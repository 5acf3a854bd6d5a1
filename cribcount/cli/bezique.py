"""The Rubicon Bézique commands (``cribcount bezique ...``) and their renderers."""

from __future__ import annotations

import click
from tabulate import tabulate

from cribcount.bezique.declare import (
    CARTE_BLANCHE,
    DealDeclarations,
    Listing,
    Verdict,
    check_deal,
    declare,
    declare_carte_blanche,
    hand_combinations,
    list_declarations,
    read_deal,
    read_table,
)
from cribcount.bezique.game import BeziqueGame, compute_game, read_brisques, read_score
from cribcount.bezique.pack import (
    ROLES,
    SUIT_NAMES,
    check_counts,
    read_cards,
    read_hand,
    read_suit,
    read_trump,
)
from cribcount.bezique.tricks import LAST_TRICK_POINTS, Solution, compile_note, solve
from cribcount.cards import Card, format_cards
from cribcount.cli.common import (
    announce,
    batch,
    cards_argument,
    choice_option,
    dump_json,
    fail,
    file_option,
    fit_table,
    json_option,
    main,
    not_in_batch,
    reporting_errors,
    single_or_batch,
    split_line,
    symbols_option,
    wrapped,
    write,
)
from cribcount.errors import CribcountError, HandError, quoted
from cribcount.words import counted


@main.group(short_help="Rubicon Bézique: declarations by the laws, the game, the last tricks.")
def bezique() -> None:
    """Rubicon Bézique, for two, with four packs (128 cards) and nine cards
    each: declarations scored by the laws, a hand's combinations, the game
    computed, and the last nine tricks solved."""


_trump_option = click.option(
    "--trump",
    metavar="SUIT",
    help="The trump suit (S, H, D, C or ♠ ♥ ♦ ♣), or none yet (the default).",
)


# -- bezique declare -------------------------------------------------------------


@bezique.command(
    "declare",
    short_help="Judge a declaration by the laws, list them, or check a deal's.",
    epilog="""\b
Examples:
  cribcount bezique declare --table "KH/m QH/m" --hand "AH 10H JH 9S 8C 7D" \\
      --trump H AH 10H JH KH QH
  cribcount bezique declare --hand "KH QH AH 10H JH QS JD QS JD" --list
  cribcount bezique declare --table "QS/b? JD/b?" --hand "QS JD 7C" --list
  cribcount bezique declare --hand "7H 8H 9H 10H AH AS AD AC 9S" carte blanche
  cribcount bezique declare \\
      --deal "first 1 KH QH; first 3 AH 10H JH + KH QH; first 5 + KH QH"
  cribcount bezique declare --file deals.txt --json
""",
)
@cards_argument("declaration")
@click.option(
    "--table",
    metavar="CARDS",
    default="",
    help="The player's declared cards on the table, each with what it served in: "
    "KH/m QH/m+s (m marriage, s sequence, b b2 b3 b4 bézique, 4 four), a '?' after "
    "one laid and not yet scored: QS/b? JD/b?.",
)
@click.option("--hand", metavar="CARDS", help="The cards in the player's hand, not on the table.")
@_trump_option
@click.option(
    "--trick",
    type=click.IntRange(1, 64),
    metavar="N",
    help="The trick won, 1 to 64 (declarations end with the stock, after trick 55).",
)
@click.option("--list", "listing", is_flag=True, help="Every declaration he could make now.")
@click.option(
    "--deal",
    metavar="STEPS",
    help="A deal's steps in order, separated by ';': 'first 3 KH QH; second 5 plays KH; "
    "first 4 lays QS JD; first 6 scores QS JD'.",
)
@json_option("the verdict")
@symbols_option
@file_option("one deal's steps")
def bezique_declare(
    declaration: tuple[str, ...],
    table: str,
    hand: str | None,
    trump: str | None,
    trick: int | None,
    listing: bool,
    deal: str | None,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Whether the player may make the DECLARATION (its cards, table and hand,
    or the words carte blanche) now, by the laws: its points, the suit it
    makes trumps, or the law that forbids it. --table gives his declared
    cards, each with what it served in; --hand the cards in his hand; each
    card of the declaration comes from the table when a copy there may serve
    in it, else from the hand. The cards of a declaration laid and not yet
    scored (marked '?') score it now (law 45).

    --list gives every declaration he could make, the best first: those laid
    and not yet scored (laws 44, 45), lost if a card of them is played first
    (law 46), and the fresh ones; and which are lost (laws 47, 48) if a
    superior one is scored first.

    --deal checks a whole deal's steps in order, separated by ';': the
    player (first or second), the trick, and the cards declared on winning
    it, those laid from the hand, then '+' and those of the table
    ('first 7 AH 10H JH + KH QH'); 'plays CARD' for a declared card played
    from the table ('second 9 plays KH'), which breaks what it served in and
    may give a fresh marriage (law 35); 'lays' and the cards (and '+' those
    of the table) for a declaration laid on winning the trick and not
    scored (law 44: several may be laid, one scored a trick), 'scores' and
    its cards to score it on a later trick won (law 45), the play of a card
    of it first losing it (law 46); 'carte blanche' and the nine cards
    before trick 1, and again before each later trick with the card drawn.
    Each step's verdict, the trumps, the running score, and the
    declarations lost.
    """
    if path is not None:
        not_in_batch(path, hand=hand, trick=trick, deal=deal, listing=listing, trump=trump)
        if declaration or table:
            fail("--file reads a deal's steps from each line: give no declaration or --table")
        batch(path, lambda line: _deal_result(line, as_json, symbols, one_line=True))
    with reporting_errors():
        if deal is not None:
            if declaration or hand is not None or table or listing or trump or trick:
                fail(
                    "--deal gives the whole deal: give no declaration, --hand, --table,"
                    " --trump, --trick or --list with it"
                )
            write(_deal_result(deal, as_json, symbols))
            return
        if hand is None:
            fail("give the player's --hand (and any --table), or a --deal, or --file PATH")
        side = read_table(table)
        cards = read_cards(hand) if hand.strip() else []
        suit = None if trump is None else read_trump(trump)
        if listing:
            if declaration:
                fail("--list gives every declaration: give no DECLARATION with it")
            result = list_declarations(side, cards, suit)
            write(dump_json(result.to_json()) if as_json else _listing_text(result, symbols))
            return
        words = " ".join(declaration)
        if not words.strip():
            fail("missing DECLARATION: give its cards, or carte blanche; or --list")
        if words.strip().lower() == CARTE_BLANCHE:
            verdict = declare_carte_blanche(side, cards, trick)
        else:
            verdict = declare(side, cards, read_cards(words), suit, trick, words)
        write(dump_json(verdict.to_json()) if as_json else _verdict_text(verdict, symbols))


def _verdict_text(verdict: Verdict, symbols: bool) -> str:
    """The verdict: the declaration and its points, where its cards come from, the trump
    it makes; or the law that forbids it and why."""
    cards = format_cards(verdict.cards, symbols)
    if not verdict.allowed:
        return f"{verdict.name} {cards}: refused (law {verdict.law})\n" + wrapped(
            f"  {verdict.reason}"
        )
    line = f"{verdict.name} {cards}: {verdict.points}"
    if verdict.law:
        line += f" (law {verdict.law})"
    lines = [line]
    if verdict.law == 45:
        lines.append(
            f"  from the table {format_cards(verdict.from_table, symbols)},"
            " laid before and not yet scored"
        )
    elif verdict.from_table:
        lines.append(
            f"  from the table {format_cards(verdict.from_table, symbols)},"
            f" from the hand {format_cards(verdict.from_hand, symbols) or 'none'}"
        )
    if verdict.makes_trumps:
        lines.append(f"  makes {SUIT_NAMES[verdict.makes_trumps]} trumps (law 41)")
    return "\n".join(lines)


def _listing_text(result: Listing, symbols: bool) -> str:
    if not result.options:
        return "no declaration can be made now"
    rows = []
    for option in result.options:
        notes = []
        if option.makes_trumps:
            notes.append(f"makes {SUIT_NAMES[option.makes_trumps]} trumps")
        if 46 in option.losses:
            notes.append("laid, not yet scored: lost if a card of it is played first (law 46)")
        if option.lost_by:
            law = 47 if option.kind == "marriage" else 48
            notes.append(
                f"lost if the {' or the '.join(option.lost_by)} is scored first (law {law})"
            )
        rows.append(
            (option.name, format_cards(option.cards, symbols), option.points, "; ".join(notes))
        )
    return tabulate(
        rows,
        headers=("declaration", "cards", "points", "note"),
        colalign=("left", "left", "right", "left"),
        maxcolwidths=[None, None, None, 30],
    )


def _deal_result(text: str, as_json: bool, symbols: bool, one_line: bool = False) -> str:
    result = check_deal(read_deal(text))
    if as_json:
        return dump_json(result.to_json())
    if one_line:
        return _deal_line(result)
    return _deal_text(result, symbols)


def _deal_line(result: DealDeclarations) -> str:
    first, second = result.scores
    trump = "none yet" if result.trump is None else SUIT_NAMES[result.trump]
    refused = [
        f"step {step.number} (law {step.verdict.law})"
        for step in result.steps
        if step.verdict is not None and not step.verdict.allowed
    ]
    lost = [f"step {step.number} (law {item.law})" for step in result.steps for item in step.lost]
    line = f"first {first}, second {second}; trumps {trump}"
    line += f"; refused: {', '.join(refused)}" if refused else ""
    return line + (f"; lost: {', '.join(lost)}" if lost else "")


def _deal_text(result: DealDeclarations, symbols: bool) -> str:
    """A row a step: the player, the trick, what he did, its points or the law refusing
    it, the trumps and the running scores; then the reasons of the refusals."""
    rows = []
    reasons = []
    for step in result.steps:
        cards = format_cards(step.cards, symbols)
        verdict = step.verdict
        if verdict is None:
            what, scored = f"plays {cards}", ""
        elif step.action == CARTE_BLANCHE:
            what = f"carte blanche {cards}"
            scored = str(verdict.points) if verdict.allowed else f"law {verdict.law}"
        else:
            what = f"{verdict.kind.replace('bezique', 'bézique')} {cards}"
            scored = str(verdict.points) if verdict.allowed else f"law {verdict.law}"
            if verdict.allowed and step.action == "lays":
                what, scored = f"lays {what}", "laid"
        if verdict is not None and not verdict.allowed:
            reasons.append(wrapped(f"step {step.number}: law {verdict.law}: {verdict.reason}"))
        for lost in step.lost:
            reasons.append(wrapped(f"step {step.number}: law {lost.law}: {lost.reason}"))
        trump = "-" if step.trump is None else step.trump
        rows.append((step.number, step.player, step.trick, what, scored, trump, *step.scores))
    table = tabulate(
        rows,
        headers=("step", "player", "trick", "declaration", "scores", "trumps", "first", "second"),
        colalign=("right", "left", "right", "left", "left", "left", "right", "right"),
    )
    lines = [table]
    if reasons:
        lines += ["", *reasons]
    lines += ["", wrapped(_deal_line(result))]
    return "\n".join(lines)


# -- bezique hand ------------------------------------------------------------------


@bezique.command(
    "hand",
    short_help="A hand's carte blanche and every combination it holds.",
    epilog="""\b
Examples:
  cribcount bezique hand KH QH AH 10H JH QS JD QS JD --trump H
  cribcount bezique hand "7H 8H 9H 10H AH AS AD AC 9S"
  cribcount bezique hand --file hands.txt --json
""",
)
@cards_argument("nine_cards")
@_trump_option
@json_option("the combinations")
@symbols_option
@file_option("one hand of nine cards")
def bezique_hand(
    nine_cards: tuple[str, ...], trump: str | None, as_json: bool, symbols: bool, path: str | None
) -> None:
    """Whether the NINE-CARDS are carte blanche (no king, queen or knave: 50),
    and every combination they hold, with its points: marriages (40 in
    trumps, 20 plain), sequences A 10 K Q J (250 in trumps, 150 plain), the
    bézique family (40, 500, 1500, 4500), four aces, kings, queens, knaves
    (100, 80, 60, 40). Without --trump every suit scores as plain."""
    text = single_or_batch(nine_cards, path, "NINE-CARDS")
    with reporting_errors():
        suit = None if trump is None else read_trump(trump)
    if path is not None:
        batch(path, lambda line: _hand_result(line, suit, as_json, symbols, one_line=True))
    with reporting_errors():
        write(_hand_result(text, suit, as_json, symbols))


def _hand_result(
    text: str, trump: str | None, as_json: bool, symbols: bool, one_line: bool = False
) -> str:
    result = hand_combinations(read_hand(text), trump)
    if as_json:
        return dump_json(result.to_json())
    blanche = f"carte blanche {50 if result.carte_blanche else 'no'}"
    if one_line:
        held = [f"{item.name} {item.points}" for item in result.combinations]
        return f"{format_cards(result.hand, symbols)}: {'; '.join([blanche, *held])}"
    rows = [
        (item.name, format_cards(item.cards, symbols), item.points) for item in result.combinations
    ]
    lines = [f"{format_cards(result.hand, symbols)}: {blanche}"]
    if rows:
        table = tabulate(
            rows, headers=("combination", "cards", "points"), colalign=("left", "left", "right")
        )
        lines += ["", table]
    else:
        lines.append("no combination")
    return "\n".join(lines)


# -- bezique game ---------------------------------------------------------------------


@bezique.command(
    "game",
    short_help="The game computed from the two scores, by laws 56 to 61.",
    epilog="""\b
Examples:
  cribcount bezique game 2350 1720
  cribcount bezique game 1200 1160 --brisques 15 17
  cribcount bezique game --file scores.txt --json
""",
)
@click.argument("scores", nargs=-1, metavar="SCORE SCORE")
@click.option(
    "--brisques",
    nargs=2,
    metavar="N N",
    help="The brisques (aces and tens) in each player's tricks, 32 in all.",
)
@json_option("the game")
@file_option("the two scores, and any brisques after '|' ('1200 1160 | 15 17'),")
def bezique_game(
    scores: tuple[str, ...], brisques: tuple[str, str] | None, as_json: bool, path: str | None
) -> None:
    """The game computed from each player's SCORE (the first's, the
    non-dealer's, then the second's), without the brisques. The brisques
    decide the winner when the scores are at most 320 apart, and save a loser
    under 1000 whom they bring to 1000 (law 60); then both scores take them.
    The winner wins the difference, each score stripped of its fraction of a
    hundred, and 500 (100 more when the scores differ by less than 100); a
    loser under 1000 is rubiconed, and the winner wins both scores so
    stripped and 1300 (100 more when the loser scored under 100)."""
    if path is not None:
        not_in_batch(path, brisques=brisques)
        if scores:
            fail("--file reads the scores from each line: give no SCORE")
        batch(path, lambda line: _game_line(line, as_json))
    if len(scores) != 2:
        fail(f"give two scores, the first player's and the second's: {len(scores)} given")
    with reporting_errors():
        write(_game_result(scores[0], scores[1], brisques, as_json))


def _game_line(line: str, as_json: bool) -> str:
    parts = line.split("|")
    if len(parts) > 2:
        split_line(line, 2, "the two scores and the brisques")
    words = parts[0].split()
    if len(words) != 2:
        raise CribcountError(
            f"{counted(len(words), 'score')}"
            " on the line: expected the first player's and the second's"
        )
    counts = None
    if len(parts) == 2:
        given = parts[1].split()
        if len(given) != 2:
            raise CribcountError(
                f"{counted(len(given), 'brisque')} after '|': expected each player's"
            )
        counts = (given[0], given[1])
    return _game_result(words[0], words[1], counts, as_json, one_line=True)


def _game_result(
    first: str,
    second: str,
    brisques: tuple[str, str] | None,
    as_json: bool,
    one_line: bool = False,
) -> str:
    counts = None if brisques is None else read_brisques(*brisques)
    result = compute_game(
        read_score(first, "first score"), read_score(second, "second score"), counts
    )
    if as_json:
        return dump_json(result.to_json())
    if one_line:
        return _game_summary(result)
    return "\n".join([*(wrapped(step.text) for step in result.steps), "", _game_summary(result)])


def _game_summary(result: BeziqueGame) -> str:
    if result.winner is None:
        return "a void game: nobody wins anything"
    rubicon = f", the {result.loser} rubiconed" if result.rubicon else ""
    return f"the {result.winner} wins {result.value}{rubicon}"


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
        announce(compile_note())

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
    announce(compile_note())
    with reporting_errors():
        write(_solved(hands, trump, leader, as_json, symbols))


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
