"""The piquet commands (``cribcount piquet ...``) and their renderers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click
from tabulate import tabulate

from cribcount.cards import Card, format_cards
from cribcount.cli.common import (
    WIDTH,
    F,
    announce,
    batch,
    cards_argument,
    choice_option,
    dump_json,
    fail,
    file_option,
    fit_table,
    hinting,
    json_option,
    main,
    not_in_batch,
    one_flag,
    players_option,
    reporting_errors,
    single_or_batch,
    split_line,
    stacked,
    symbols_option,
    wrapped,
    write,
)
from cribcount.errors import HandError
from cribcount.piquet.declare import CATEGORIES as PIQUET_CATEGORIES
from cribcount.piquet.declare import CATEGORY_NAMES as PIQUET_CATEGORY_NAMES
from cribcount.piquet.declare import Comparison, HandDeclarations, compare, declare, read_hand
from cribcount.piquet.forms import FORMS, ROLES, form_of
from cribcount.piquet.forms import RULES as PIQUET_RULES
from cribcount.piquet.game import (
    GAME_BONUS,
    GAME_RULES,
    LURCH,
    RUBICON,
    RUBICON_DEALS,
    TARGET,
    Partie,
    read_deals,
    settle_game,
)
from cribcount.piquet.game import PLAYERS as GAME_PLAYERS
from cribcount.piquet.play import DealPlay, PlayScore, read_played, score_play
from cribcount.piquet.sheet import (
    FORM_NAME,
    SEATINGS,
    Sheet,
    read_players,
    read_sheet_deals,
    score_sheet,
)
from cribcount.piquet.solve import TRICKS, Solution, compile_note, solve
from cribcount.words import counted

if TYPE_CHECKING:
    from cribcount.piquet.exchange import Exchange, ExchangeAnalysis

rules_option = choice_option(
    "--rules",
    choices=PIQUET_RULES,
    default="classic",
    show_default=True,
    help="english: a point holding 7, 8 and 9 scores one less; "
    "rubicon: the longest suit is the point and every card led scores.",
)


DEALER_HINT = "the dealer is the younger hand: give his cards as --younger"
"""What ``--dealer`` is in piquet, where it is not an option."""
TABLE_DEALER_HINT = f"{DEALER_HINT} (three or four playing: the last --hand)"
PLAYED_HINT = (
    "give the cards played as arguments after the options, in order, such as 'AH 9S KH 10S'"
)
"""How the cards played are given, to ``piquet play`` and ``piquet solve`` alike."""


HEADING = "\x00"
"""Marks a table's row that is a heading, rewritten as a line of its own."""


def table_options(command: F) -> F:
    """--elder and --younger, or one --hand per player: the hands at the table."""
    options = (
        click.option("--elder", metavar="HAND", help="The elder hand's cards (with --younger)."),
        click.option("--younger", metavar="HAND", help="The younger hand's cards, the dealer's."),
        click.option(
            "--hand",
            "hands",
            multiple=True,
            metavar="HAND",
            help="One per player in seating order, the elder first and the dealer last.",
        ),
    )
    return stacked(*options)(command)


@main.group(short_help="Piquet: declarations, the exchange, the play, the partie, the sheet.")
def piquet() -> None:
    """Piquet: the declarations compared and scored, the exchange weighed over
    every draw, the play scored or solved, the partie settled, and Piquet à
    écrire's score sheet."""


@piquet.command(
    "declare",
    cls=hinting(dealer=TABLE_DEALER_HINT),
    short_help="Declare one hand, or compare the hands at the table and score them.",
    epilog="""\b
Examples:
  cribcount piquet declare "♡ K Q J 10 9, ♣ A K Q, ♢ A Q 9, ♠ Q"
  cribcount piquet declare --elder "AH KH QH JH AC KC QC AD KD QD 7D AS" \\
      --younger "JC 10C 9C 8C JD 10D 9D KS QS JS 10S 9S"
  cribcount piquet declare --players 3 --hand "AH KH QH JH 10H AC KC QC JC 10C" \\
      --hand "AD KD QD JD 10D AS KS QS JS 10S" --hand "9H 8H 7H 9C 8C 7C 9D 8D 7D 9S"
  cribcount piquet declare --file deals.txt --json
""",
)
@cards_argument()
@table_options
@players_option
@rules_option
@json_option("the result")
@symbols_option
@file_option("one hand, or the hands at the table separated by '|',")
def piquet_declare(
    hand: tuple[str, ...],
    elder: str | None,
    younger: str | None,
    hands: tuple[str, ...],
    players: int | None,
    rules: str,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Declare one HAND, or compare the hands at the table and score them.

    Hands are tokens ("AH KH QH JH AC KC QC AD KD QD 7D AS") or the
    suit-grouped layout ("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"). One hand
    shows what it holds and how it is announced; --elder and --younger, or
    one --hand per player (--players 3 for Piquet Normand, 4 for Piquet
    Voleur), compare every category in the order of scoring and give the
    verdicts, the points, repic, the lead and the outlook for pic.
    """
    given = [bool(hand), elder is not None or younger is not None, bool(hands), path is not None]
    if sum(given) != 1:
        fail("give one HAND, or --elder and --younger, or one --hand per player, or --file PATH")
    if path is not None:

        def handle(line: str) -> str:
            parts = [part.strip() for part in line.split("|")]
            if len(parts) == 1:
                return _one_hand(line, players, rules, as_json, symbols, one_line=True)
            return _at_the_table(parts, players, rules, as_json, symbols, one_line=True)

        batch(path, handle)
    with reporting_errors():
        if hand:
            write(_one_hand(" ".join(hand), players, rules, as_json, symbols))
            return
        hands = _table_hands(elder, younger, hands, players)
        write(_at_the_table(hands, players, rules, as_json, symbols))


@piquet.command(
    "play",
    cls=hinting(dealer=TABLE_DEALER_HINT, played=PLAYED_HINT),
    short_help="Score a deal's play trick by trick, from the declarations to the cards.",
    epilog="""\b
Examples:
  cribcount piquet play --elder "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A" \\
      --younger "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9" AH 9S KH 10S QH JS
  cribcount piquet play --players 3 --hand "♡ A K Q J 10 9 8 7; ♠ 8; ♣ 7" \\
      --hand "♢ A K Q J 10 9 8 7; ♠ Q J" --hand "♣ A K Q J 10 9 8; ♠ 10 9 7" AH 7D KC
  cribcount piquet play --file deals.txt --json
""",
)
@click.argument("played", nargs=-1, metavar="[PLAYED]...")
@table_options
@players_option
@rules_option
@json_option("the deal")
@symbols_option
@file_option(
    "the hands and the play separated by '|' (elder | younger | cards played, left out "
    "before the first lead),"
)
def piquet_play(
    played: tuple[str, ...],
    elder: str | None,
    younger: str | None,
    hands: tuple[str, ...],
    players: int | None,
    rules: str,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Score the play of a deal: the cards PLAYED in order, two a trick (three
    in Piquet Normand, four in Piquet Voleur), the leader's card first.

    The count opens with each player's good declarations and repic, then
    every lead and win, and the last trick, is scored as it is made, with
    pic the moment it is reached, and the cards or capot at the end. Fewer cards
    than a whole deal is a play in progress. Each card is checked: held by
    the player whose turn it is, not played before, and of the suit led when
    he holds one.
    """
    if path is not None:
        if played or elder is not None or younger is not None or hands:
            fail("--file reads the hands and the play from each line: give no others")
        seats = players or 2

        def handle(line: str) -> str:
            if line.count("|") == seats - 1:
                line += "|"  # the hands alone: nothing played yet
            parts = split_line(line, seats + 1, f"{seats} hands and the cards played")
            return _play(parts[:-1], parts[-1], players, rules, as_json, symbols, one_line=True)

        batch(path, handle)
    with reporting_errors():
        table = _table_hands(elder, younger, hands, players)
        write(_play(table, " ".join(played), players, rules, as_json, symbols))


def _play(
    hands: Sequence[str],
    played: str,
    players: int | None,
    rules: str,
    as_json: bool,
    symbols: bool,
    one_line: bool = False,
) -> str:
    """A deal's play scored and rendered."""
    result = score_play(_read_table(hands, players), read_played(played, len(hands)), rules)
    if as_json:
        return dump_json(result.to_json())
    return _deal_line(result) if one_line else _deal_text(result, symbols)


def _score_words(score: PlayScore, roles: Sequence[str]) -> str:
    """One score as the table lists it: ``'younger win 1'``."""
    return f"{roles[score.seat]} {score.kind} {score.points}"


def _deal_text(deal: DealPlay, symbols: bool) -> str:
    """The deal: the hands, the declarations, a row per trick with its scores
    and the running totals, then the tricks, cards or capot, repic, pic and
    the totals."""
    form = deal.form
    roles = form.roles
    lines = [form.heading(deal.comparison.rules)]
    lines += [
        f"{role:<7} {format_cards(hand, symbols)}"
        for role, hand in zip(roles, (p.hand.cards for p in deal.comparison.players), strict=True)
    ]
    opening = [score for score in deal.scores if score.kind == "declarations"]
    rows: list[tuple[object, ...]] = [
        ("", "", "", "", "declarations", *(score.points for score in opening))
    ]
    headers = ("trick", "leader", "cards", "winner", "scores", *roles)
    colalign = ("right",) + ("left",) * 4 + ("right",) * len(roles)
    # a trick's scores on one line, or one a line when that is too wide
    for joint in ("; ", "\n"):
        tricks = [
            (
                trick.number,
                roles[trick.leader],
                format_cards(trick.cards, symbols),
                "-" if trick.winner is None else roles[trick.winner],
                joint.join(_score_words(score, roles) for score in trick.scores),
                *trick.totals,
            )
            for trick in deal.tricks
        ]
        table = fit_table(rows + tricks, headers, colalign, wrap=(4, 2))
        if table == tabulate(rows + tricks, headers, colalign=colalign):
            break  # it fits unwrapped
    lines += ["", table, ""]
    won = ", ".join(f"{role} {count}" for role, count in zip(roles, deal.tricks_won, strict=True))
    lines.append(f"tricks: {won}")
    if deal.complete:
        finish = [score for score in deal.scores if score.kind in ("cards", "capot")]
        if finish:
            lines += [f"{score.kind}: {roles[score.seat]} {score.points}" for score in finish]
        else:
            lines.append("cards: divided, nobody scores them")
    else:
        assert deal.to_play is not None
        number = len(deal.tricks) + (1 if not deal.tricks or deal.tricks[-1].complete else 0)
        lines.append(f"in progress: the {roles[deal.to_play]} to play to trick {number}")
    repic = deal.comparison.repic
    lines.append(
        "repic: none"
        if repic is None
        else f"repic: {roles[repic.seat]} {repic.bonus}, on declarations alone"
    )
    pic = deal.pic
    lines.append(
        "pic: none"
        if pic is None
        else f"pic: {roles[pic.seat]} {pic.points}, reached in trick {pic.trick}"
    )
    totals = ", ".join(f"{role} {total}" for role, total in zip(roles, deal.totals, strict=True))
    lines.append(f"totals: {totals}")
    if len(deal.side_totals) < len(roles):
        lines += [
            f"side {' and '.join(roles[seat] for seat in seats)}: {total}"
            for seats, total in deal.side_totals
        ]
    return "\n".join(lines)


def _deal_line(deal: DealPlay) -> str:
    """The deal on one line, for batches: the totals, tricks, and what was made."""
    roles = deal.form.roles
    totals = ", ".join(f"{role} {total}" for role, total in zip(roles, deal.totals, strict=True))
    won = "-".join(str(count) for count in deal.tricks_won)
    made = [
        _score_words(score, roles)
        for score in deal.scores
        if score.kind in ("pic", "cards", "capot")
    ]
    if deal.comparison.repic is not None:
        made.insert(0, f"{roles[deal.comparison.repic.seat]} repic {deal.comparison.repic.bonus}")
    state = "complete" if deal.complete else f"in progress, the {roles[deal.to_play or 0]} to play"
    return f"{totals}; tricks {won}; {', '.join(made) or 'no pic, repic, cards or capot'}; {state}"


def _one_hand(
    text: str,
    players: int | None,
    rules: str,
    as_json: bool,
    symbols: bool,
    one_line: bool = False,
) -> str:
    """One hand's declarations, for a hand of the size ``players`` are dealt."""
    form = form_of(players or 2, rules)
    held = declare(read_hand(text, form.hand_size), rules)
    if as_json:
        return dump_json(held.to_json(form))
    if one_line:
        return _piquet_hand_line(held, symbols)
    return _piquet_hand_text(held, symbols)


def _at_the_table(
    hands: Sequence[str],
    players: int | None,
    rules: str,
    as_json: bool,
    symbols: bool,
    one_line: bool = False,
) -> str:
    """The hands at the table, in seating order, compared and scored."""
    result = compare(_read_table(hands, players), rules)
    if as_json:
        return dump_json(result.to_json())
    return _piquet_table_line(result) if one_line else _piquet_table_text(result, symbols)


def _read_table(hands: Sequence[str], players: int | None) -> list[tuple[Card, ...]]:
    """The hands at the table, in seating order, each of the form's size."""
    hands_given = f"{counted(len(hands), 'hand')} given"
    if players is not None and len(hands) != players:
        raise HandError(f"{hands_given} for {players} players: give one hand per player")
    if len(hands) not in FORMS:
        raise HandError(f"{hands_given}: piquet is played by 2, 3 or 4 players")
    form = FORMS[len(hands)]
    return [
        read_hand(text, form.hand_size, f"the {role}'s hand")
        for text, role in zip(hands, form.roles, strict=True)
    ]


def _table_hands(
    elder: str | None, younger: str | None, hands: tuple[str, ...], players: int | None
) -> tuple[str, ...]:
    """The hands given as --elder and --younger, or one --hand per player."""
    if elder is None and younger is None:
        if not hands:
            fail("give the hands: --elder and --younger, or one --hand per player")
        return hands
    if hands:
        fail("give --elder and --younger, or one --hand per player, not both")
    if elder is None or younger is None:
        fail("--elder and --younger go together: give both hands")
    if players not in (None, 2):
        fail(f"--elder and --younger are two hands; for {players} players give one --hand each")
    return (elder, younger)


def _piquet_hand_line(held: HandDeclarations, symbols: bool) -> str:
    """One hand on one line, for batches: its worth and what makes it."""
    parts = ", ".join(
        f"{PIQUET_CATEGORY_NAMES[category]} {points}"
        for category in PIQUET_CATEGORIES
        if (points := sum(decl.points for decl in held.of(category)))
    )
    worth = f"worth {held.worth}" + (f" ({parts})" if parts else "")
    return f"{format_cards(held.cards, symbols)}: {worth}; lead {held.lead}"


def _piquet_table_line(result: Comparison) -> str:
    """The hands compared on one line, for batches: each player's total, repic and pic."""
    roles = result.form.roles
    totals = ", ".join(f"{player.role} {player.total}" for player in result.players)
    if len(result.sides) < len(result.players):
        sides = ", ".join(
            f"{' and '.join(roles[seat] for seat in side.seats)} {side.total}"
            for side in result.sides
        )
        totals += f" (sides: {sides})"
    repic = (
        "none" if result.repic is None else " and ".join(roles[seat] for seat in result.repic.side)
    )
    return f"{totals}; repic: {repic}; pic: {result.pic.status}"


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
        table = fit_table(
            rows,
            headers=("kind", "declaration", "cards", "points"),
            colalign=("left", "left", "left", "right"),
            wrap=(2, 1),
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
    lines = [result.form.heading(result.rules)]
    lines += [
        f"{role:<7} {format_cards(player.hand.cards, symbols)}"
        for role, player in zip(roles, result.players, strict=True)
    ]
    # each category opens with a line of its name, written over its row's cells
    rows: list[tuple[str, str, str, str, str | int]] = []
    headings: list[str] = []
    for category in result.categories:
        rows.append((f"{HEADING}{len(headings)}", "", "", "", ""))
        headings.append(PIQUET_CATEGORY_NAMES[category.category])
        for seat, best in enumerate(category.best):
            if best is None:
                rows.append((roles[seat], "-", "", "", 0))
                continue
            scored = category.scored[seat]
            verdict = category.verdicts[seat] or ""
            points = best.points if scored else 0
            cards = format_cards(best.cards, symbols)
            # the cards column shows what a point holds: its name says the rest
            rows.append((roles[seat], best.name, cards, verdict, points))
            rows += [
                ("", decl.name, format_cards(decl.cards, symbols), "good", decl.points)
                for decl in scored[1:]
            ]
    table = "\n".join(
        headings[int(line.strip()[len(HEADING) :])] if HEADING in line else line
        for line in fit_table(
            rows,
            headers=("player", "declaration", "cards", "verdict", "points"),
            colalign=("left", "left", "left", "left", "right"),
            wrap=(2, 1),
        ).splitlines()
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
            wrapped(
                f"repic: {' and '.join(roles[seat] for seat in repic.side)}, "
                f"{repic.declarations} on declarations alone: {repic.bonus} more"
            )
        )
    pic = result.pic
    lines.append(wrapped(f"pic ({result.form.pic_bonus}): {pic.status}: {pic.reason}"))
    return "\n".join(lines)


# -- piquet game ----------------------------------------------------------------


@piquet.command(
    "game",
    short_help="Settle a partie from the points of its deals: au cent, or Rubicon.",
    context_settings={"ignore_unknown_options": True},  # -5-3 is a deal, reported as negative
    epilog="""\b
Examples:
  cribcount piquet game 30-5 45-10 27-20
  cribcount piquet game --rules rubicon 20-10 15-25 30-5 18-12 10-20 20-8
  cribcount piquet game --file parties.txt --json
""",
)
@click.argument("deals", nargs=-1, metavar="DEAL...")
@choice_option(
    "--rules",
    choices=GAME_RULES,
    default="classic",
    show_default=True,
    help="classic: Piquet au cent, 100 up; rubicon: Rubicon Piquet, six deals.",
)
@choice_option(
    "--first-dealer",
    choices=GAME_PLAYERS,
    default="first",
    show_default=True,
    help="The player who deals the first deal (first or second); the deal then alternates.",
)
@json_option("the partie")
@file_option("one partie, its deals separated by spaces,")
def piquet_game(
    deals: tuple[str, ...], rules: str, first_dealer: str, as_json: bool, path: str | None
) -> None:
    """Settle a partie of piquet from each DEAL's points, written A-B: the
    first player's points, then the second's (30-5 45-10 27-20).

    Piquet au cent (--rules classic) is 100 up: the game ends with the deal
    in which a player reaches 100, and a loser who has not reached 50 is
    lurched, a double game. When both reach 100 in the same deal the higher
    total wins, and equal totals play on. Rubicon Piquet is six deals: the
    winner scores the difference and 100, or both totals and 100 when the
    loser is under 100 (rubiconed); a tie plays two more deals, and a tie
    after those voids the game. Fewer deals is a game in progress; a deal
    after the game is over is refused.
    """
    for word in deals:
        if word.startswith("-") and word.lstrip("-")[:1].isalpha():
            # a mistyped option, not a deal: a deal with a minus is reported as negative
            if word.split("=")[0] == "--dealer":
                fail(f"No such option: {word}: who deals first is --first-dealer first|second")
            fail(f"No such option: {word}")
    text = single_or_batch(deals, path, "DEAL")
    if path is not None:
        batch(path, lambda line: _game(line, rules, first_dealer, as_json, one_line=True))
    with reporting_errors():
        write(_game(text, rules, first_dealer, as_json))


def _game(text: str, rules: str, first_dealer: str, as_json: bool, one_line: bool = False) -> str:
    """The partie whose deals ``text`` gives, settled and rendered."""
    partie = settle_game(read_deals(text), rules, first_dealer)
    if as_json:
        return dump_json(partie.to_json())
    return _game_result(partie) if one_line else _game_text(partie)


def _game_text(partie: Partie) -> str:
    """The partie: a row per deal (its dealer, points and the running totals), then the result."""
    if partie.rules == "rubicon":
        title = f"{partie.title}: six deals; a loser under {RUBICON} is rubiconed"
    else:
        title = f"{partie.title}: {TARGET} up; a lurch (the loser under {LURCH}) counts two games"
    rows = [(row.number, row.dealer, *row.points, *row.totals) for row in partie.deals]
    table = tabulate(
        rows,
        headers=("deal", "dealer", "first", "second", "total first", "total second"),
        colalign=("right", "left", "right", "right", "right", "right"),
    )
    return "\n".join([title, "", table, "", wrapped(_game_result(partie))])


def _game_result(partie: Partie) -> str:
    """The result in one line: the winner and the value, or where the game stands."""
    first, second = partie.totals
    played = len(partie.deals)
    if partie.status == "void":
        return f"void: tied at {first} after {counted(played, 'deal')}"
    if partie.status == "in progress":
        standing = f"in progress after {counted(played, 'deal')}: first {first}, second {second}"
        if partie.deals_left is None:
            if first >= TARGET:
                return f"{standing}, equal past {TARGET}: play on"
            return f"{standing}; {TARGET} up"
        if played >= RUBICON_DEALS:
            return f"{standing}, tied after six: {counted(partie.deals_left, 'more deal')} to play"
        return f"{standing}; {counted(partie.deals_left, 'deal')} to play"
    winner, loser = partie.winner, partie.loser
    high, low = max(partie.totals), min(partie.totals)
    if partie.rules == "rubicon":
        won = f"the {winner} player wins after {counted(played, 'deal')}, {high} to {low}"
        if partie.rubicon:
            won += f", the {loser} rubiconed (under {RUBICON})"
            return f"{won}: {high} + {low} + {GAME_BONUS} = {partie.value}"
        return f"{won}: {high} - {low} + {GAME_BONUS} = {partie.value}"
    won = f"the {winner} player wins in deal {played}, {high} to {low}"
    if low >= TARGET:
        won += f", the higher total with both past {TARGET}"
    if partie.lurch:
        return f"{won}, the {loser} lurched (under {LURCH}): 2 games"
    return f"{won}: 1 game"


# -- piquet exchange --------------------------------------------------------------

EXCHANGES_SHOWN = 10
"""Exchanges a text answer shows without --top (and any tied with the last); JSON gives all."""
BAR = 40
"""The longest bar of a histogram, in '#'."""
_EXCHANGED = tuple(category for category in PIQUET_CATEGORIES if category != "carte_blanche")
"""The categories an exchange changes: carte blanche is the dealt hand's."""


@piquet.command(
    "exchange",
    cls=hinting(dealer="the dealer is the younger hand: give --younger for his exchange"),
    short_help="Rank every exchange of a dealt hand by the declarations good against the cards.",
    epilog="""\b
Examples:
  cribcount piquet exchange "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A" --elder
  cribcount piquet exchange "AH KH QH JH AC KC QC AD KD QD 7D AS" --younger --left 1
  cribcount piquet exchange "AH KH QH JH AC KC QC AD KD QD 7D AS" --elder --lay-out 7D
  cribcount piquet exchange --file hands.txt --elder --json
""",
)
@cards_argument()
@click.option("--elder", is_flag=True, help="The elder's exchange: lay out 1 to 5 cards.")
@click.option(
    "--younger",
    is_flag=True,
    help="The younger's exchange: lay out 1 to 3, more with --left (english rules: 0 to 3).",
)
@rules_option
@click.option(
    "--left",
    type=int,
    metavar="N",
    help="The younger's only: cards the elder left in the talon, 0 to 4 (default 0).",
)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    metavar="N",
    help=f"Show the best N exchanges, and any tied with the N-th "
    f"(default: {EXCHANGES_SHOWN} in text, all in JSON).",
)
@click.option(
    "--lay-out",
    "chosen",
    metavar="CARDS",
    help="Show only this exchange, with how many draws make each good count "
    "('' for the younger standing pat, english rules).",
)
@json_option("the analysis")
@symbols_option
@file_option("one dealt hand")
def piquet_exchange(
    hand: tuple[str, ...],
    elder: bool,
    younger: bool,
    rules: str,
    left: int | None,
    top: int | None,
    chosen: str | None,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Count every exchange of the dealt HAND (12 cards) over every draw, exactly.

    Each lay-out, of 1 to 5 cards for the elder or of 1 to 3 and any the
    elder left for the younger, takes as many of the 20 cards the player
    has not seen, every set of them alike. Under --rules english the
    younger may also stand pat, laying out nothing and keeping his twelve. For each: the mean of the
    declarations as held (every one counted; carte blanche is the dealt
    hand's), the mean of those good against the cards (a category counts
    when no 12 of the cards unseen after the exchange could beat or equal
    its best), and the chance that the good ones, after a dealt carte
    blanche, reach 30 for repic. Best first by the good mean, then the held
    mean, then the repic chance.
    """
    text = single_or_batch(hand, path, "HAND")
    role = one_flag({"elder": elder, "younger": younger}, needed_by="the exchange") or "elder"
    if left is not None and elder:
        fail("--left is the younger's: the cards the elder left him in the talon")
    not_in_batch(path, lay_out=chosen)
    if chosen is not None and top is not None:
        fail("--lay-out shows one exchange: it cannot be used with --top")
    if path is not None and top is not None and not as_json:
        fail("--top with --file needs --json: a batch's text lines give the best exchange only")
    from cribcount.piquet import exchange as advisor

    given = left or 0
    with reporting_errors():
        advisor.check_role(role, given)
    if path is not None:

        def handle(line: str) -> str:
            result = advisor.analyse_exchange(line, role, rules, given)
            if as_json:
                return dump_json(result.to_json(result.top(top)))
            return _exchange_line(result, symbols)

        announce(advisor.compile_note())
        batch(path, handle)
    with reporting_errors():
        dealt = read_hand(text, advisor.HAND_SIZE)
        lay_out = (
            None if chosen is None else advisor.read_lay_out(chosen, dealt, role, given, rules)
        )
    announce(advisor.compile_note())
    result = advisor.analyse_exchange(dealt, role, rules, given)
    if lay_out is not None:
        detailed = result.find(lay_out)
        if as_json:
            write(dump_json(result.to_json((detailed,), detailed)))
        else:
            write(_exchange_detail(result, detailed, symbols))
        return
    if as_json:
        write(dump_json(result.to_json(result.top(top))))
    else:
        shown = result.top(EXCHANGES_SHOWN if top is None else top)
        write(_exchange_text(result, shown, symbols))


def _percent(chance: float) -> str:
    return f"{100 * chance:.2f}%"


def _exchange_heading(result: ExchangeAnalysis, symbols: bool) -> str:
    """Whose exchange, the rules and the dealt hand."""
    whose = f"the {result.role}'s exchange"
    if result.role == "younger" and result.left:
        whose += f" (the elder left {result.left})"
    return wrapped(f"{whose}, {result.rules} rules: {format_cards(result.hand, symbols)}")


def _lay_out_words(lay_out: Sequence[Card], symbols: bool) -> str:
    """The cards laid out, or ``nothing`` when the younger stands pat."""
    return format_cards(lay_out, symbols) if lay_out else "nothing"


def _carte_blanche_line(result: ExchangeAnalysis) -> str:
    if result.carte_blanche is None:
        return "carte blanche: none in the dealt hand"
    return wrapped(
        f"carte blanche: {result.carte_blanche.points} with the dealt hand, before the "
        "exchange; counted first toward repic"
    )


def _exchange_text(result: ExchangeAnalysis, shown: Sequence[Exchange], symbols: bool) -> str:
    """The exchanges as a table, best first, equal places marked '='; then carte blanche."""
    places = dict(zip(result.options, result.places(), strict=True))
    rows = []
    for option in shown:
        place, tied = places[option]
        rows.append(
            (
                f"{place}{'=' if tied else ''}",
                _lay_out_words(option.lay_out, symbols),
                format_cards(option.keep, symbols),
                f"{option.held:.3f}",
                f"{option.good:.3f}",
                _percent(option.repic_chance),
            )
        )
    table = fit_table(
        rows,
        headers=("#", "lay out", "keep", "held", "good", "repic"),
        colalign=("right", "left", "left", "right", "right", "right"),
        wrap=(2, 1),
        disable_numparse=True,
    )
    total = counted(len(result.options), "exchange")
    scope = "all shown" if len(shown) == len(result.options) else f"the best {len(shown)}"
    summary = f"{total} over every draw from the {len(result.unseen)} unseen cards; {scope}"
    return "\n".join(
        [_exchange_heading(result, symbols), summary, "", table, "", _carte_blanche_line(result)]
    )


def _exchange_detail(result: ExchangeAnalysis, option: Exchange, symbols: bool) -> str:
    """One exchange: its place, each category's chance of being good and its mean, the
    means and repic, and how many draws make each good count, a bar of '#' each."""
    place, tied = dict(zip(result.options, result.places(), strict=True))[option]
    laid = _lay_out_words(option.lay_out, symbols) + ("" if option.lay_out else " (standing pat)")
    drawn = (
        f"{counted(option.draws, 'draw')} of {option.taken} from the "
        f"{len(result.unseen)} unseen cards"
        if option.taken
        else f"1 draw: he takes none of the {len(result.unseen)} unseen cards"
    )
    chosen = f"lay out {laid}, keep {format_cards(option.keep, symbols)}"
    ranked = f"place {place}{' (tied)' if tied else ''} of {len(result.options):,}"
    if len(chosen) + len(ranked) + 2 <= WIDTH:
        chosen, ranked = f"{chosen}: {ranked}", ""
    lines = [
        _exchange_heading(result, symbols),
        *([wrapped(chosen), ranked] if ranked else [chosen]),
        drawn,
        "",
    ]
    rows = [
        (
            PIQUET_CATEGORY_NAMES[category],
            _percent(float(option.category_chance(category))),
            f"{float(option.category_good(category)):.3f}",
        )
        for category in _EXCHANGED
    ]
    lines.append(
        tabulate(
            rows,
            headers=("category", "chance good", "points per draw"),
            colalign=("left", "right", "right"),
            disable_numparse=True,
        )
    )
    lines += [
        "",
        f"held {option.held:.3f}, good {option.good:.3f}; repic {_percent(option.repic_chance)}",
        _carte_blanche_line(result),
        "",
    ]
    most = max(option.good_counts)
    histogram = [
        (
            points,
            f"{count:,}",
            _percent(count / option.draws),
            "#" * max(1, round(BAR * count / most)),
        )
        for points, count in enumerate(option.good_counts)
        if count
    ]
    lines.append(
        tabulate(
            histogram,
            headers=("good", "draws", "share", ""),
            colalign=("right", "right", "right", "left"),
            disable_numparse=True,
        )
    )
    return "\n".join(lines)


def _exchange_line(result: ExchangeAnalysis, symbols: bool) -> str:
    """The best exchanges of a hand on one line, for batches."""
    best = result.top(1)
    lay_outs = " or ".join(_lay_out_words(option.lay_out, symbols) for option in best)
    option = best[0]
    return (
        f"{format_cards(result.hand, symbols)}: lay out {lay_outs} "
        f"(good {option.good:.3f}, held {option.held:.3f}, repic {_percent(option.repic_chance)})"
    )


# -- piquet solve -----------------------------------------------------------------


@piquet.command(
    "solve",
    cls=hinting(dealer=DEALER_HINT, played=PLAYED_HINT),
    short_help="Solve the play double dummy: both hands known, both sides playing their best.",
    epilog="""\b
Examples:
  cribcount piquet solve --elder "♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A" \\
      --younger "♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9"
  cribcount piquet solve --elder "♡ A J 10 9 8; ♣ 10; ♢ 10; ♠ A J 10 9 8" \\
      --younger "♡ K Q; ♣ A K Q; ♢ A K Q J 7; ♠ K Q" --json AH QH 10D
""",
)
@click.argument("played", nargs=-1, metavar="[PLAYED]...")
@click.option("--elder", metavar="HAND", help="The elder hand's twelve cards.")
@click.option("--younger", metavar="HAND", help="The younger hand's twelve cards, the dealer's.")
@choice_option(
    "--rules",
    choices=PIQUET_RULES,
    default="classic",
    show_default=True,
    help="rubicon: every card led, and every trick the second player wins, scores 1; "
    "the last trick 2. english plays as classic.",
)
@json_option("the solution")
@symbols_option
@file_option("the hands and the cards played so far separated by '|' (elder | younger | played),")
def piquet_solve(
    played: tuple[str, ...],
    elder: str | None,
    younger: str | None,
    rules: str,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Solve the play of a deal with both hands known (double dummy).

    The elder leads; the second player follows suit when he can, without
    having to win; the winner of a trick leads to the next. Each side plays
    to make his play points minus the other's as large as he can: leads and
    wins (classic: with a ten or better), the last trick, the cards (more
    than six tricks, 10) and capot (all twelve, 40). Shows the value, the
    elder's play points minus the younger's, a best line trick by trick, and
    whether either side can force the cards or the capot. Pic hangs on the
    declarations and is not counted: the value is play points only.

    The cards PLAYED so far, in order, two a trick, the leader's card first
    (given as `piquet play` takes them), make the solution go on from that
    position, the tricks given counted in.
    """
    if path is not None:
        if elder is not None or younger is not None or played:
            fail("--file reads the hands and the play from each line: give no others")
        announce(compile_note())

        def handle(line: str) -> str:
            if line.count("|") == 1:
                line += "|"  # nothing played yet
            first, second, cards = split_line(
                line, 3, "the elder's hand, the younger's and the cards played so far"
            )
            return _solved(first, second, cards, rules, as_json, symbols, one_line=True)

        batch(path, handle)
    if elder is None or younger is None:
        fail("give both hands: --elder and --younger")
    cards = " ".join(played)
    with reporting_errors():
        _read_table((elder, younger), 2)
        read_played(cards, 2)
    announce(compile_note())
    with reporting_errors():
        write(_solved(elder, younger, cards, rules, as_json, symbols))


def _solved(
    elder: str,
    younger: str,
    played: str,
    rules: str,
    as_json: bool,
    symbols: bool,
    one_line: bool = False,
) -> str:
    """The play solved from the position the hands and the cards played give."""
    hands = _read_table((elder, younger), 2)
    solution = solve(hands[0], hands[1], rules, read_played(played, 2))
    if as_json:
        return dump_json(solution.to_json())
    return _solution_line(solution) if one_line else _solution_text(solution, symbols)


def _solution_line(solution: Solution) -> str:
    """The solution on one line, for batches: the value, each side's points and
    tricks along a best line, and what either side can force."""
    roles = ROLES
    sides = ", ".join(
        f"{role} {side.points} ({counted(side.tricks, 'trick')})"
        for role, side in zip(roles, solution.sides, strict=True)
    )
    forced = [
        f"the {roles[seat]} forces {what}"
        for what, seat in (("the cards", solution.cards_forced), ("capot", solution.capot_forced))
        if seat is not None
    ]
    return f"value {solution.value}: {sides}; {', '.join(forced) or 'nothing forced'}"


def _solution_text(solution: Solution, symbols: bool) -> str:
    """The solution: the hands, a row per trick of the best line (the tricks given
    marked), the end of the play, the value, and what each side can force."""
    roles = ROLES
    lines = [f"{form_of(2, solution.rules).heading(solution.rules)}: the play solved double dummy"]
    lines += [
        f"{role:<7} {format_cards(hand, symbols)}"
        for role, hand in zip(roles, solution.hands, strict=True)
    ]
    given = bool(solution.played)
    rows = []
    for trick in solution.tricks:
        row: list[object] = [
            trick.number,
            roles[trick.leader],
            format_cards(trick.cards, symbols),
            roles[trick.winner],
            *trick.points,
        ]
        if given:
            row.append({0: "", 1: "lead given", 2: "given"}[trick.given])
        rows.append(row)
    # the points each seat scores in the trick, not running totals as in `piquet play`
    scored = [f"{role} pts" for role in roles]
    headers = ["trick", "leader", "cards", "winner", *scored] + (["play"] if given else [])
    colalign = ["right", "left", "left", "left", "right", "right"] + (["left"] if given else [])
    lines += ["", fit_table(rows, headers, colalign, wrap=(2,)), ""]
    for item in solution.extras:
        lines.append(f"{item.kind}: {roles[item.seat]} {item.points}")
    if not any(item.kind in ("cards", "capot") for item in solution.extras):
        lines.append("cards: divided, nobody scores them")
    lines.append(
        f"value {solution.value}: "
        + "; ".join(
            f"{role} {counted(side.points, 'point')}, {counted(side.tricks, 'trick')}"
            for role, side in zip(roles, solution.sides, strict=True)
        )
    )
    sure = (solution.sure_tricks, TRICKS - solution.sure_tricks)
    lines.append(
        "tricks each can make however the other plays: "
        + ", ".join(f"{role} {count}" for role, count in zip(roles, sure, strict=True))
    )
    for what, seat, them in (
        ("cards", solution.cards_forced, "them"),
        ("capot", solution.capot_forced, "it"),
    ):
        who = "neither side" if seat is None else f"the {roles[seat]}"
        lines.append(f"{what}: {who} can force {them}")
    return "\n".join(lines)


# -- piquet sheet -----------------------------------------------------------------


@piquet.command(
    "sheet",
    short_help="Piquet à écrire: the score sheet of three to seven persons, and the balances.",
    epilog="""\b
Examples:
  cribcount piquet sheet --players Ann,Bob,Cy \\
      "Ann-Bob 43-27" "Ann-Cy 20-31" "Bob-Cy 30-30"
  cribcount piquet sheet --players Ann,Bob,Cy,Dan --seating winner-stays \\
      "Ann-Bob 43-27" "Ann-Cy 20-31" "Cy-Dan 25-18"
  cribcount piquet sheet --players Ann,Bob,Cy --file sheets.txt --json
""",
)
@click.argument("deals", nargs=-1, metavar="DEAL...")
@click.option(
    "--players",
    "persons",
    required=True,
    metavar="A,B,C",
    help="The 3 to 7 persons, names separated by commas, in their order round the table.",
)
@choice_option(
    "--seating",
    choices=SEATINGS,
    default="turns",
    show_default=True,
    help="turns: each person plays with the one on his left, then on his right; "
    "winner-stays: the loser of each deal gives way to the next waiting.",
)
@json_option("the sheet")
@file_option("one sheet, its deals separated by ';',")
def piquet_sheet(
    deals: tuple[str, ...], persons: str, seating: str, as_json: bool, path: str | None
) -> None:
    """Keep the score sheet of Piquet à écrire: three to seven persons, two
    playing each deal. Each DEAL is one argument: the two who played, then
    their points, as in the examples below; the two in either order.

    The winner of a deal, the one with more points, is credited with the
    difference and the loser charged with it; a tied deal moves nothing, so
    the sheet sums to zero, and the balances at the end are the settlement.
    The persons are listed in their order round the table: the one on a
    person's left is the next listed. By turns, each person in the order
    listed plays two deals, the first with the one on his left, the second
    with the one on his right. With the winner staying, the first two listed
    play first, and the loser of each deal gives way to the next person
    waiting, joining the end of the queue; on a tie the second player (the
    one who came in) gives way. A deal the seating does not call for is
    refused.
    """
    single_or_batch(deals, path, "DEAL")
    with reporting_errors():
        read_players(persons)
    if path is not None:
        batch(path, lambda line: _sheet(persons, line, seating, as_json, one_line=True))
    with reporting_errors():
        write(_sheet(persons, ";".join(deals), seating, as_json))


def _sheet(persons: str, text: str, seating: str, as_json: bool, one_line: bool = False) -> str:
    """The sheet of the deals ``text`` gives, separated by ``;``, kept and rendered."""
    sheet = score_sheet(persons, read_sheet_deals(text), seating)
    if as_json:
        return dump_json(sheet.to_json())
    return _sheet_result(sheet) if one_line else _sheet_text(sheet)


def _signed(value: int) -> str:
    """A balance as the sheet writes it: ``+16``, ``-16``, ``0``."""
    return f"{value:+d}" if value else "0"


def _sheet_text(sheet: Sheet) -> str:
    """The sheet: a row per deal (who played, their points, every balance after it),
    then the balances and the next deal."""
    persons = counted(len(sheet.persons), "person")
    if sheet.seating == "turns":
        title = f"{FORM_NAME}, {persons} by turns: a tour is {sheet.tour} deals"
    else:
        title = f"{FORM_NAME}, {persons}: the winner of each deal stays"
    rows = [
        (
            row.number,
            "-".join(row.players),
            "-".join(str(points) for points in row.points),
            *(_signed(balance) for balance in row.balances),
        )
        for row in sheet.deals
    ]
    table = fit_table(
        rows,
        headers=("deal", "played", "points", *sheet.persons),
        colalign=("right", "left", "left", *("right",) * len(sheet.persons)),
        wrap=(1,),
        disable_numparse=True,
    )
    return "\n".join([title, "", table, "", *map(wrapped, _sheet_result(sheet).split("; "))])


def _sheet_result(sheet: Sheet) -> str:
    """The balances after the deals, and the next deal, in one line."""
    played = counted(len(sheet.deals), "deal")
    if sheet.tours:
        extra = len(sheet.deals) - sheet.tours * sheet.tour
        played += f" ({counted(sheet.tours, 'tour')}"
        played += f" and {counted(extra, 'deal')})" if extra else ")"
    balances = ", ".join(
        f"{person} {_signed(balance)}"
        for person, balance in zip(sheet.persons, sheet.balances, strict=True)
    )
    following = f"deal {len(sheet.deals) + 1}, {'-'.join(sheet.next_players)}"
    return f"balances after {played}: {balances}; next: {following}"
