"""The cribbage commands, ``score``, ``peg``, ``discard``, ``odds`` and ``tables``, and
their renderers.

The commands that run numba kernels (``discard``, ``peg --advise``, the rebuilds)
import them inside the command, and ``odds`` reads its table without numpy, so that
the other commands start quickly.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import click

from cribcount.cards import RANK_NAMES, Card, format_cards, parse_cards
from cribcount.cli.common import (
    F,
    announce,
    batch,
    batch_in_chunks,
    cards_argument,
    choice_option,
    dump_json,
    fail,
    file_option,
    fit_table,
    json_option,
    main,
    not_in_batch,
    one_flag,
    players_option,
    reporting_errors,
    single_or_batch,
    stacked,
    symbols_option,
    wrapped,
    write,
)
from cribcount.cribbage.forms import (
    EXPERT_FORMS,
    FORMS,
    PAIR_FORMS,
    ROLES,
    TWO_HANDED,
    Form,
    find_form,
)
from cribcount.cribbage.game import target, targets
from cribcount.errors import quoted
from cribcount.words import counted

if TYPE_CHECKING:
    from cribcount.cribbage.claims import ClaimCheck
    from cribcount.cribbage.discard import DiscardAnalysis, LayOut
    from cribcount.cribbage.expert import LayOutTables
    from cribcount.cribbage.odds import Odds, Table
    from cribcount.cribbage.peg import Play, PlayResult
    from cribcount.cribbage.play_advice import PlayAdvice
    from cribcount.cribbage.play_score_advice import PlayScoreAdvice
    from cribcount.cribbage.score import HandScore
    from cribcount.cribbage.score_advice import BestForTheGame, ScoreAdvice, Winning


def game_option(default: str | None, help: str) -> Callable[[F], F]:
    """``--game``: the form of cribbage, by its short name (see :data:`FORMS`)."""
    return choice_option(
        "--game", choices=tuple(FORMS), default=default, show_default=default is not None, help=help
    )


# -- cribcount score ----------------------------------------------------------


@main.command(
    short_help="Score the show of a hand or crib, item by item, as a player counts it.",
    epilog="""\b
Examples:
  cribcount score 5H 5S 5C JD / 5D
  cribcount score "JC JS 10C AS / QS" --crib --claim 8
  cribcount score "2♥ 6♥ 10♥ / Q♥" --game five --symbols
  cribcount score --file hands.txt --json
""",
)
@cards_argument()
@click.option("--crib", is_flag=True, help="Count by crib rules: a flush needs the starter too.")
@game_option(
    "six", "Form of the game; sets how many cards the hand holds (five: 3, seven: 5, else 4)."
)
@json_option("the score")
@symbols_option
@click.option(
    "--claim",
    type=int,
    metavar="N",
    help="Check a claimed count, muggins style: what was missed, or over-counted.",
)
@file_option("one hand")
def score(
    hand: tuple[str, ...],
    crib: bool,
    game: str,
    as_json: bool,
    symbols: bool,
    claim: int | None,
    path: str | None,
) -> None:
    """Score the show of HAND, the starter after a slash: 5H 5S 5C JD / 5D.

    Cards are rank then suit (5H, 10d, Td, J♣, A♤) or the Unicode card
    glyphs. Prints every fifteen, pair, run, flush and nobs, the subtotals,
    the total and the count as a player says it.
    """
    from cribcount.cribbage.claims import check_claim
    from cribcount.cribbage.score import score_text

    text = single_or_batch(hand, path, "HAND")
    not_in_batch(path, claim=claim)
    with reporting_errors():
        form = find_form(game)
    if path is not None:
        batch(path, score_line_handler(form, crib, as_json, symbols))
    with reporting_errors():
        result = score_text(text, form, crib)
        checked = None if claim is None else check_claim(result, claim)
    if as_json:
        data = result.to_json()
        if checked is not None:
            data["claim"] = checked.to_json()
        write(dump_json(data))
        return
    write(_show_table(result, symbols))
    if checked is not None:
        write(wrapped(_claim_text(checked)))


def score_line_handler(
    game: str | Form, crib: bool, as_json: bool = False, symbols: bool = False
) -> Callable[[str], str]:
    """What ``score --file`` does with each line: its result, as one line."""
    from cribcount.cribbage.score import read_show, score_text

    form = find_form(game)

    def handle(line: str) -> str:
        if as_json:
            return dump_json(score_text(line, form, crib).to_json())
        return _show_line(*read_show(line, form, crib), crib, symbols)

    return handle


def _show_table(result: HandScore, symbols: bool) -> str:
    """The itemised show: one row per item, the subtotals, the total, the count said."""
    from tabulate import SEPARATING_LINE, tabulate

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


def _show_line(hand: Sequence[Card], starter: Card, crib: bool, symbols: bool) -> str:
    """One hand's score on one line, for batches: the total and the subtotals."""
    from cribcount.cribbage.score import show_breakdown

    breakdown = show_breakdown(hand, starter, crib)
    parts = ", ".join(f"{name} {points}" for name, points in breakdown.items() if points)
    shown = f"{format_cards(hand, symbols)} / {starter.notation(symbols)}"
    return f"{shown}: {sum(breakdown.values())}" + (f" ({parts})" if parts else "")


def _claim_text(checked: ClaimCheck) -> str:
    """Muggins: whether a claimed count is right, and what was missed."""
    if checked.difference == 0:
        return f"claim {checked.claimed}: right"
    if checked.difference < 0:
        return (
            f"claim {checked.claimed}: over-counted by {-checked.difference} "
            f"(the show is {checked.actual})"
        )
    missed = f"missed {', '.join(checked.missed)}"
    if not checked.certain:
        missed = f"one account: {missed}"
    return (
        f"claim {checked.claimed}: under-counted by {checked.difference} "
        f"(the show is {checked.actual}); {missed}; "
        f"muggins: the opponent may take the {checked.difference}"
    )


# -- cribcount peg ------------------------------------------------------------


def score_options(score_help: str, samples_help: str) -> Callable[[F], F]:
    """--score ME-HIM, --to, --samples and --seed: an advice to the score."""
    options = (
        click.option("--score", "position", metavar="ME-HIM", help=score_help),
        click.option(
            "--to",
            type=int,
            metavar="POINTS",
            help="With --score: the game, where the form has two (seven-card: 181).",
        ),
        click.option("--samples", type=int, metavar="N", help=f"With --score: {samples_help}."),
        click.option(
            "--seed", type=int, metavar="S", help="With --score: the samples' seed (default 2026)."
        ),
    )

    return stacked(*options)


@main.command(
    short_help="Score the play (pegging), card by card, or advise on the next card.",
    epilog="""\b
Examples:
  cribcount peg 9C 6D 6H 4S 5D go AC 5H 5S
  cribcount peg "4S 2D 3D AH 5C 2H 4C 3C" --hands "pone: 4S 3D 5C 4C | dealer: 2D AH 2H 3C"
  cribcount peg "5H 5S 5D 5C" --players 4 --json
  cribcount peg --file plays.txt
  cribcount peg --advise --pone "4S 5H 6D 10C / JD"
  cribcount peg --advise --pone 4S 5H 6D 10C / JD 4S 8C --against "7D 9D KH"
  cribcount peg --advise --pone "5H 9S 9D AC / 2S" --score 118-119
""",
)
@cards_argument("plays")
@players_option
@game_option(
    None,
    "Form of the game: five, six (default) or seven for two players (3, 4 or 5 cards "
    "each); three or four for three- or four-handed (4 cards each).",
)
@click.option(
    "--hands",
    metavar="HANDS",
    help="The players' hands in order of play, as 'pone: 4S 3D 5C 4C | dealer: 2D AH 2H 3C' "
    "(or 'P1: ... | P2: ... | P3: ...'); every play is checked against them.",
)
@click.option(
    "--advise",
    is_flag=True,
    help="Advise on the next card instead: PLAYS are then your kept cards (those played "
    "too), the starter after a slash, and the plays so far (none: the lead), as "
    "'4S 5H 6D 10C / JD 4S 8C'.",
)
@click.option("--pone", is_flag=True, help="With --advise: you are the pone.")
@click.option("--dealer", is_flag=True, help="With --advise: you are the dealer.")
@click.option(
    "--laid-out", metavar="CARDS", help="With --advise: your cards in the crib, seen by you."
)
@click.option(
    "--against",
    metavar="CARDS",
    help="With --advise: the opponent's cards left, when known; the advice is then exact "
    "with the best line of play, and a go he must say need not be written.",
)
@score_options(
    "With --advise: rank the cards by your chance of winning the game from this score, "
    "now (what was pegged so far counted in it).",
    "samples of the rest of the deal (default 10,000; all of them, exactly, when there "
    "are no more)",
)
@json_option("the play")
@symbols_option
@file_option("one play")
def peg(
    plays: tuple[str, ...],
    players: int | None,
    game: str | None,
    hands: str | None,
    advise: bool,
    pone: bool,
    dealer: bool,
    laid_out: str | None,
    against: str | None,
    position: str | None,
    to: int | None,
    samples: int | None,
    seed: int | None,
    as_json: bool,
    symbols: bool,
    path: str | None,
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
    In five-card cribbage the play ends at the first go or 31.

    Prints one row per play (player, card, count, what it scored, points),
    then each player's total.

    With --advise and --pone or --dealer, PLAYS are your hand, the starter
    and the plays so far ("4S 5H 6D 10C / JD 4S 8C": after the slash, the
    starter, then the plays), and the cards you may play next are listed,
    each with its net: what you will peg from here to the end of the play
    less what the opponent will, both playing their best with both hands
    known, averaged over every holding the opponent can have (by the cards
    you have not seen; none that contradicts a go he said); and what each of
    you pegs, on average, along the best line after the card.

    With --score ME-HIM (you at ME, he at HIM now, what was pegged so far
    counted): every card ranked by your chance of winning the game, beside
    its net, with the chances of lurching him and of being lurched, over the
    rests of the deal (his cards, the crib's unseen cards; the play double
    dummy, counted out point by point; the shows), the same for every card;
    where nobody wins in the deal, the chance after it from the table of
    chances of winning.
    """
    settings = {"to": to, "samples": samples, "seed": seed}
    if not advise and (position is not None or any(v is not None for v in settings.values())):
        fail("--score, --to, --samples and --seed go with --advise")
    _need_score(position, settings)
    if advise:
        not_in_batch(path, advise=advise)
        if hands is not None or players not in (None, 2):
            fail("--advise is for two players, without --hands")
        role = one_flag({"pone": pone, "dealer": dealer}, needed_by="--advise")
        assert role is not None  # one_flag fails when none is given and one is needed
        if not plays:
            fail("missing PLAYS: give your hand and the starter, as '4S 5H 6D 10C / JD'")
        if position is not None:
            _peg_to_score(
                " ".join(plays),
                game,
                role,
                laid_out,
                against,
                (position, to, samples, seed),
                as_json,
                symbols,
            )
            return
        _peg_advice(" ".join(plays), game, role, laid_out, against, as_json, symbols)
        return
    if pone or dealer or laid_out is not None or against is not None:
        fail("--pone, --dealer, --laid-out and --against go with --advise")
    from cribcount.cribbage.peg import resolve_game, score_play

    text = single_or_batch(plays, path, "PLAYS")
    not_in_batch(path, hands=hands)
    with reporting_errors():
        _, form = resolve_game(players, game)  # one usage error, not one on every line

    def scored(line: str) -> PlayResult:
        # the form is settled by the players and the game, unless the hands show it
        return score_play(line, players=players, game=form if game else None, hands=hands)

    if path is not None:
        batch(path, lambda line: _peg_output(scored(line), as_json, symbols, one_line=True))
    with reporting_errors():
        result = scored(text)
    write(_peg_output(result, as_json, symbols, one_line=False))


def _peg_advice(
    text: str,
    game: str | None,
    role: str,
    laid_out: str | None,
    against: str | None,
    as_json: bool,
    symbols: bool,
) -> None:
    """``peg --advise``: the next card's options, best first."""
    from cribcount.cribbage.play_advice import advise_play, compile_note, split_advice

    with reporting_errors():
        hand, plays = split_advice(text)
    announce(compile_note())
    with reporting_errors():
        advice = advise_play(hand, plays, role, game or "six", laid_out, against)
    write(dump_json(advice.to_json()) if as_json else _advice_text(advice, symbols))


def _peg_to_score(
    text: str,
    game: str | None,
    role: str,
    laid_out: str | None,
    against: str | None,
    score: tuple[str, int | None, int | None, int | None],
    as_json: bool,
    symbols: bool,
) -> None:
    """``peg --advise --score``: the next card's options by the chance of winning;
    ``score`` is --score, --to, --samples and --seed as given."""
    from cribcount.cribbage import play_score_advice
    from cribcount.cribbage.play_advice import split_advice
    from cribcount.cribbage.score_advice import SAMPLES, SEED, check_position

    form = game or "six"
    if form not in TWO_HANDED:
        fail(f"--score is for the two-handed forms ({', '.join(TWO_HANDED)}): not {quoted(form)}")
    position, to, samples, seed = score
    me, him = _read_position(position)
    with reporting_errors():
        check_position(me, him, target(form, to))
        hand, plays = split_advice(text)
    announce(play_score_advice.compile_note())
    with reporting_errors():
        advice = play_score_advice.advise_play_to_score(
            hand,
            plays,
            role,
            form,
            me,
            him,
            laid_out=laid_out,
            against=against,
            samples=SAMPLES if samples is None else samples,
            seed=SEED if seed is None else seed,
            to=to,
        )
    write(dump_json(advice.to_json()) if as_json else _play_score_text(advice, symbols))


def _play_score_text(advice: PlayScoreAdvice, symbols: bool) -> str:
    """The cards by the chance of winning, beside the net, the lurches and the standard
    error; then whether the best for the game is the best for points, and the model."""
    heading = (
        f"{FORMS[advice.game].title} to {advice.to}: you (the {advice.role}) at {advice.me},"
        f" he at {advice.him}, to play at {advice.count}, holding"
        f" {format_cards(advice.remaining, symbols)}, starter {advice.starter.notation(symbols)}"
    )
    rows = [
        (
            " ".join(card.notation(symbols) for card in option.cards),
            f"{option.net:.3f}",
            _chance(option, advice.samples, advice.exact),
            _per_cent(option.lurch),
            _per_cent(option.lurched),
            _std_error(option, advice.exact),
            _diff_error(option, advice.best_for_the_game, advice.exact),
        )
        for option in advice.options
    ]
    headers = ("card", "net", "win", "you\nlurch", "he\nlurches", "std\nerror", "diff\nerror")
    align = ("left", *("right",) * 6)
    table = fit_table(rows, headers, align, wrap=(0,), disable_numparse=True)
    verdict = _verdict(
        advice, lambda option: option.card.notation(symbols), advice.samples, advice.exact
    )
    his = (
        f"the {advice.other}'s cards known"
        if advice.known
        else f"the {advice.other}'s cards any of the unseen, alike likely, none against a go"
    )
    unseen = counted(4 - len(advice.laid_out), "card")
    crib = (
        f"your {format_cards(advice.laid_out, symbols)} and {unseen}" if advice.laid_out else unseen
    )
    rests = (
        f"every one of the {counted(advice.samples, 'rest')} of the deal, exact"
        if advice.exact
        else f"{counted(advice.samples, 'sample')} of the rest of the deal, seed {advice.seed}"
    )
    model = [
        f"{his}; the crib: {crib} of the unseen, alike likely",
        f"{rests}, the same for each card",
        *_bounds_note(advice, advice.samples, advice.exact),
        f"policy: {advice.policy}",
    ]
    return "\n".join((*map(wrapped, [heading]), "", table, "", *map(wrapped, [*verdict, *model])))


def _advice_text(advice: PlayAdvice, symbols: bool) -> str:
    """The options as a table, best first, with what they were weighed against."""
    from tabulate import tabulate

    other = advice.other
    heading = (
        f"{FORMS[advice.game].short} game: the {advice.role} to play at "
        f"{advice.position.count}, holding {format_cards(advice.remaining, symbols)}, "
        f"starter {advice.starter.notation(symbols)}"
    )
    if advice.line:
        against = f"against the {other}'s cards, known: double dummy"
    else:
        holdings = counted(advice.holdings, "holding")
        sets = counted(advice.card_sets, "set")
        against = f"against {holdings} of the {other}'s cards by rank ({sets} of cards)"
    lines = [heading, against]
    if advice.implied:
        go = advice.plays[-1]
        lines.append(f"the {go.player_name}'s go at {go.count} is implied: none of his cards fits")
    rows = [
        (
            " ".join(card.notation(symbols) for card in option.cards),
            f"{float(option.net):.3f}",
            f"{float(option.own):.3f}",
            f"{float(option.other):.3f}",
        )
        for option in advice.options
    ]
    best = advice.options[0]
    lines += [
        "",
        tabulate(
            rows,
            headers=("card", "net", advice.role, other),
            colalign=("left", "right", "right", "right"),
            disable_numparse=True,
        ),
        "",
        f"best: {best.card.notation(symbols)} (net {float(best.net):.3f})",
    ]
    if advice.line:
        line = tabulate(
            [
                (
                    move.player,
                    "go" if move.card is None else move.card.notation(symbols),
                    move.count,
                    f"{move.points} to the {move.scorer}" if move.points else "",
                )
                for move in advice.line
            ],
            headers=("player", "card", "count", "pegged"),
            colalign=("left", "left", "right", "left"),
        )
        lines += ["", "the best line:", line]
    return "\n".join(lines)


def _peg_output(result: PlayResult, as_json: bool, symbols: bool, one_line: bool) -> str:
    if as_json:
        return dump_json(result.to_json())
    return _peg_line(result, symbols) if one_line else _peg_text(result, symbols)


def _peg_line(result: PlayResult, symbols: bool) -> str:
    """One play on one line, for batches: the cards, then each player's points."""
    cards = " ".join(_play_notation(play, symbols) for play in result.plays)
    totals = ", ".join(f"{name} {points}" for name, points in result.totals.items())
    return f"{cards}: {totals}" + ("" if result.complete else " (not over)")


def _play_notation(play: Play, symbols: bool) -> str:
    return "go" if play.card is None else play.card.notation(symbols)


def _peg_text(result: PlayResult, symbols: bool) -> str:
    """The play as a table, the totals, then whether it is over and any penalty."""
    from tabulate import SEPARATING_LINE, tabulate

    rows = [
        (
            play.position,
            play.player_name,
            _play_notation(play, symbols),
            play.count,
            ", ".join(item.name for item in play.scored),
            play.points or "",
        )
        for play in result.plays
    ]
    opening = f"{FORMS[result.game].short} game: {result.players[0]} plays first"
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


# -- cribcount discard ---------------------------------------------------------


@main.command(
    short_help="Rank every lay-out of a dealt hand by expected hand, crib and net.",
    epilog="""\b
Examples:
  cribcount discard 6C 7S 8S 8H 9S 10C --top 3
  cribcount discard "6C 7S 8S 8H 9S 10C" --pone
  cribcount discard "5H 5S 5C 2D 9C" --game five --pone --lay-out "2D 9C"
  cribcount discard --file deals.txt --dealer --json
  cribcount discard 5H 5S JD 6C 9S KC --dealer --score 117-115
""",
)
@cards_argument()
@click.option("--dealer", is_flag=True, help="The crib is yours (in four-handed, your side's).")
@click.option("--pone", is_flag=True, help="The crib is an opponent's.")
@game_option(
    "six",
    "Form of the game: five (deal 5, keep 3), six (6, 4), seven (7, 5), "
    "three or four players (5, lay out 1).",
)
@choice_option(
    "--opponent",
    choices=("expert", "random"),
    help="How the others lay out to the crib: by the expert tables (the default) or at random.",
)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    metavar="N",
    help="Show the best N lay-outs, and any tied with the N-th.",
)
@click.option(
    "--detail", is_flag=True, help="Draw how many starters give each hand score, for the first."
)
@click.option(
    "--lay-out",
    "chosen",
    metavar="CARDS",
    help="Show only this lay-out, with --detail's histogram.",
)
@score_options(
    "Rank the lay-outs by your chance of winning the game from this score (needs "
    "--dealer or --pone; two-handed forms).",
    "samples of the rest of the deal (default 10,000)",
)
@json_option("the analysis")
@symbols_option
@file_option("one dealt hand")
def discard(
    hand: tuple[str, ...],
    dealer: bool,
    pone: bool,
    game: str,
    opponent: str | None,
    top: int | None,
    detail: bool,
    chosen: str | None,
    position: str | None,
    to: int | None,
    samples: int | None,
    seed: int | None,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Score every way to lay out the dealt HAND for the crib, exactly.

    For each lay-out: the expected hand over every starter, the expected crib
    with every starter, the other side's cards laid out by its expert table
    (or, with --opponent random, any unseen cards alike), the net (hand plus
    crib for the crib's owner, minus otherwise) and the hand's least and
    greatest show. Without --dealer or --pone both nets are shown, ordered by
    expected hand.

    With --score ME-HIM (you at ME, he at HIM, before this deal): every lay-out
    ranked by your chance of winning the game, beside its net, with the chances
    of lurching him and of being lurched, over sampled rests of the deal (his
    cards, his lay-out and the starter; the play double dummy; the shows),
    the same samples for every lay-out; where nobody wins in the deal, the
    chance after it from the table of chances of winning.
    """
    text = single_or_batch(hand, path, "HAND")
    _need_score(position, {"to": to, "samples": samples, "seed": seed})
    if position is not None:
        _discard_to_score(
            text,
            path,
            (position, to, samples, seed),
            game,
            pone,
            dealer,
            as_json,
            symbols,
            opponent=opponent,
            top=top,
            detail=detail,
            lay_out=chosen,
        )
        return
    given = one_flag({"pone": pone, "dealer": dealer})
    not_in_batch(path, detail=detail, lay_out=chosen)
    if path is not None and top is not None and not as_json:
        fail("--top with --file needs --json: a batch's text lines give the best lay-outs only")
    role = None if given is None else given == "dealer"
    from cribcount.cribbage import discard as advisor

    opponent = opponent or "expert"
    with reporting_errors():
        form = advisor.check_opponent(opponent, game)
    if path is not None:
        many = advisor.analyses_json if as_json else advisor.best_lay_outs_many
        announce(advisor.compile_note(many, opponent=opponent))
        finish = (
            discard_json_finisher(form, role, opponent, top)
            if as_json
            else discard_lines_finisher(form, role, symbols, opponent)
        )
        batch_in_chunks(path, lambda line: advisor.read_dealt(line, form), finish)
    with reporting_errors():  # a hand that is no hand is refused before any compiling
        dealt = advisor.read_dealt(text, form)
    announce(advisor.compile_note(opponent=opponent))
    with reporting_errors():
        result = advisor.analyse_discard(dealt, form, role, opponent)
        shown = result.top(top)
        detailed = result.options[0] if detail else None
        if chosen is not None:
            detailed = result.find(parse_cards(chosen))
            shown = (detailed,)
    if as_json:
        write(dump_json(result.to_json(shown, detailed)))
        return
    write(_discard_text(result, shown, symbols))
    if detailed is not None:
        write("")
        write(_hand_histogram(detailed, symbols))


def _discard_to_score(
    text: str,
    path: str | None,
    score: tuple[str, int | None, int | None, int | None],
    game: str,
    pone: bool,
    dealer: bool,
    as_json: bool,
    symbols: bool,
    **others: object,
) -> None:
    """``discard --score``: the lay-outs by the chance of winning the game; ``score`` is
    --score, --to, --samples and --seed as given."""
    position, to, samples, seed = score
    not_in_batch(path, score=position)
    for name, value in others.items():
        if value is not None and value is not False:
            fail(f"--{name.replace('_', '-')} cannot be used with --score")
    role = one_flag({"pone": pone, "dealer": dealer}, needed_by="--score")
    if game not in TWO_HANDED:
        fail(f"--score is for the two-handed forms ({', '.join(TWO_HANDED)}): not {quoted(game)}")
    me, him = _read_position(position)
    from cribcount.cribbage import discard as advisor
    from cribcount.cribbage import score_advice

    with reporting_errors():
        dealt = advisor.read_dealt(text, game)
        score_advice.check_position(me, him, target(game, to))
    announce(score_advice.compile_note())
    with reporting_errors():
        advice = score_advice.advise_to_score(
            dealt,
            game,
            role == "dealer",
            me,
            him,
            score_advice.SAMPLES if samples is None else samples,
            score_advice.SEED if seed is None else seed,
            to,
        )
    if as_json:
        write(dump_json(advice.to_json()))
        return
    write(_score_advice_text(advice, symbols))


def _need_score(position: str | None, settings: dict[str, int | None]) -> None:
    """Refuse the settings of an advice to the score (--to, --samples, --seed) given
    without --score."""
    given = [name for name, value in settings.items() if value is not None]
    if position is None and given:
        fail(f"--{given[0]} is for --score: give --score ME-HIM too")


def _verdict(
    advice: BestForTheGame[Any], name: Callable[[Any], str], samples: int, exact: bool
) -> list[str]:
    """The best for the game, and whether it is separated from the next, by how much
    and how sure; whether it is the best for points, and if not, how much less the best
    for points wins."""
    best, points = advice.best_for_the_game, advice.best_for_points
    lines = [
        f"best for the game: {name(best)} (net {best.net:.3f}), win {_chance(best, samples, exact)}"
        + ("" if advice.differs else ", the best for points too")
    ]
    if advice.alike:
        where = "" if exact else " in every sample"
        lines.append(f"  as good{where}: {', '.join(map(name, advice.alike))}")
    runner = advice.next_best
    if runner is not None:
        gap = f"{100 * (best.win - runner.win):.2f} percentage points"
        sure = "exact" if exact else f"± {100 * runner.diff_stderr:.2f}"
        if advice.separated:
            lines.append(f"  separated from the next, {name(runner)}, by {gap} ({sure})")
        else:
            lines.append(
                f"  a toss-up within the samples: the next, {name(runner)}, wins {gap} less"
                f" ({sure})"
            )
    if advice.differs:
        lines.append(
            f"best for points: {name(points)} (net {points.net:.3f}), win"
            f" {_chance(points, samples, exact)}: {advice.difference:.2f} percentage points less"
        )
    return lines


CONFIDENCE = 0.95
"""How sure a bound printed for a sampled chance near certainty is."""


def _bound(samples: int) -> float:
    """The least chance, in per cent (rounded down to 0.01), that ``samples`` samples
    tell apart from certainty at :data:`CONFIDENCE`: below it, that many samples all won
    less often than one time in twenty (the rule of three: 99.97% at 10,000)."""
    return math.floor(10_000 * math.pow(1 - CONFIDENCE, 1 / samples)) / 100


def _certain(option: Winning, exact: bool) -> bool:
    """Whether a chance would print as 100.00% or 0.00% from samples: a bound is printed."""
    return not exact and not 0.00005 <= option.win < 0.99995


def _chance(option: Winning, samples: int, exact: bool) -> str:
    """A chance of winning in per cent, a sampled one never as certain: one that would
    print as 100.00% is ``> B%``, B the :func:`_bound` of the samples, and one that would
    print as 0.00% is ``< (100 - B)%``."""
    if not _certain(option, exact):
        return _per_cent(option.win)
    bound = _bound(samples)
    return f"> {bound:.2f}%" if option.win > 0.5 else f"< {100 - bound:.2f}%"


def _bounds_note(advice: BestForTheGame[Any], samples: int, exact: bool) -> list[str]:
    """What a bound printed for a chance means, when one is."""
    bound = _bound(samples)
    certain = [option.win for option in advice.options if _certain(option, exact)]
    return [
        f"{shown}: {how} in every sample or nearly; {counted(samples, 'sample')} cannot tell"
        f" a chance {side} it from certainty ({CONFIDENCE:.0%} sure: the rule of three)"
        for shown, how, side, found in (
            (f"> {bound:.2f}%", "won", "above", any(win > 0.5 for win in certain)),
            (f"< {100 - bound:.2f}%", "lost", "below", any(win < 0.5 for win in certain)),
        )
        if found
    ]


def _diff_error(option: Winning, best: Winning, exact: bool) -> str:
    """The standard error of an option's difference from the best, blank for the best."""
    return "" if option is best else _per_cent(0.0 if exact else option.diff_stderr)


def _std_error(option: Winning, exact: bool) -> str:
    """An option's standard error, blank where a bound is printed for its chance."""
    return "" if _certain(option, exact) else _per_cent(option.stderr)


def _read_position(position: str) -> tuple[int, int]:
    """The scores of ``--score ME-HIM``."""
    parts = position.split("-")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        fail(f"--score {quoted(position)}: expected ME-HIM, two scores, as 90-100")
    return int(parts[0]), int(parts[1])


def _score_advice_text(advice: ScoreAdvice, symbols: bool) -> str:
    """The lay-outs by the chance of winning, beside the net, the lurches and the standard
    error; then whether the best for the game is the best for points, and the model."""
    you_deal = "you deal" if advice.dealer else "he deals"
    heading = (
        f"{FORMS[advice.game].title} to {advice.to}: you at {advice.me}, he at {advice.him},"
        f" before a deal {you_deal}"
    )
    rows = [
        (
            format_cards(option.lay_out, symbols),
            format_cards(option.keep, symbols),
            f"{option.net:.3f}",
            _chance(option, advice.samples, False),
            _per_cent(option.lurch),
            _per_cent(option.lurched),
            _std_error(option, False),
            _diff_error(option, advice.best_for_the_game, False),
        )
        for option in advice.options
    ]
    headers = (
        "lay out", "keep", "net", "win", "you\nlurch", "he\nlurches", "std\nerror", "diff\nerror"
    )  # fmt: skip
    align = ("left", "left", *("right",) * 6)
    table = fit_table(rows, headers, align, wrap=(1, 0), disable_numparse=True)
    verdict = _verdict(
        advice, lambda option: format_cards(option.lay_out, symbols), advice.samples, False
    )
    model = [
        f"{counted(advice.samples, 'sample')} of the rest of the deal, seed {advice.seed},"
        " the same for each lay-out",
        *_bounds_note(advice, advice.samples, False),
        f"policy: {advice.policy}",
    ]
    return "\n".join((heading, "", table, "", *map(wrapped, [*verdict, *model])))


def discard_lines_finisher(
    game: str | Form, role: bool | None, symbols: bool = False, opponent: str = "expert"
) -> Callable[[list[tuple[Card, ...]]], Iterator[str]]:
    """What ``discard --file`` does with a chunk of dealt hands: each one's advice, one line."""
    from cribcount.cribbage.discard import best_lay_outs_many

    form = find_form(game)
    own, other = _roles(form.name)
    roles = [True, False] if role is None else [role]

    def finish(hands: list[tuple[Card, ...]]) -> Iterator[str]:
        for advice in best_lay_outs_many(hands, form, opponent):
            parts = [
                f"{own if dealer else other} lays out "
                + _best_text(advice.best(dealer), advice.net(dealer), symbols)
                for dealer in roles
            ]
            yield f"{format_cards(advice.dealt, symbols)}: {'; '.join(parts)}"

    return finish


def discard_json_finisher(
    form: Form, role: bool | None, opponent: str = "expert", top: int | None = None
) -> Callable[[list[tuple[Card, ...]]], Iterator[str]]:
    """What ``discard --file --json`` does with a chunk of dealt hands: each one's
    analysis, a JSON line."""
    from cribcount.cribbage.discard import analyses_json

    def finish(hands: list[tuple[Card, ...]]) -> Iterator[str]:
        return map(dump_json, analyses_json(hands, form, role, opponent, top))

    return finish


def _roles(game: str) -> tuple[str, str]:
    """Who owns the crib, and who does not, as the advice names them."""
    if game == "four":
        return "dealer's side", "other side"
    return "dealer", "non-dealer"


def _roles_shown(result: DiscardAnalysis) -> list[bool]:
    """The roles whose net is shown: the one asked for, else the crib's owner, then the other."""
    return [True, False] if result.dealer is None else [result.dealer]


def _best_text(lay_outs: Iterable[Sequence[Card]], net: float, symbols: bool) -> str:
    """The best lay-outs for a role, joined by 'or', with their net."""
    return f"{' or '.join(format_cards(cards, symbols) for cards in lay_outs)} (net {net:.3f})"


def _discard_text(result: DiscardAnalysis, shown: Sequence[LayOut], symbols: bool) -> str:
    """The lay-outs as a table, best first, equal places marked '='; then the best for each
    role. Without a role, both roles' cribs and nets, their headers on two lines (the role
    named as --dealer and --pone name it), fitted to :data:`WIDTH` columns."""
    from tabulate import tabulate

    own, other = _roles(result.game)
    places = dict(zip(result.options, result.places(), strict=True))
    heading = f"{result.title}, dealt {format_cards(result.dealt, symbols)}, "
    models = f"the crib against {result.opponent} lay-outs"
    if result.dealer is None:
        heading += "ordered by expected hand"
        if result.opponent == "random":
            models += "; the expected hand is the mean of both nets"
    else:
        heading += f"for the {own if result.dealer else other}"
    roles = _roles_shown(result)
    # the random model's crib is the same for both roles; the expert's is not
    cribs = roles[:1] if result.opponent == "random" else roles
    rows = []
    for option in shown:
        place, tied = places[option]
        rows.append(
            (
                f"{place}{'=' if tied else ''}",
                format_cards(option.discard, symbols),
                format_cards(option.keep, symbols),
                f"{option.expected_hand:.3f}",
                *(f"{option.crib(dealer):.3f}" for dealer in cribs),
                *(f"{option.net(dealer):.3f}" for dealer in roles),
                option.hand_min,
                option.hand_max,
            )
        )
    if result.dealer is None:
        names = [_role(dealer) for dealer in roles]
        crib_headers = ["crib"] if len(cribs) == 1 else [f"crib\n{name}" for name in names]
        headers = ("#", "lay out", "keep", "hand", *crib_headers, *(f"net\n{n}" for n in names))
        align = ("right", "left", "left", *("right",) * (len(headers) - 3 + 2))
        table = fit_table(rows, (*headers, "min", "max"), align, wrap=(2, 1), disable_numparse=True)
    else:
        headers = ("#", "lay out", "keep", "hand", "crib", "net", "min", "max")
        align = ("right", "left", "left", *("right",) * (len(headers) - 3))
        table = tabulate(rows, headers=headers, colalign=align, disable_numparse=True)
    lines = [heading, models, "", table, ""]
    lines += [
        f"best for the {own if dealer else other}: lay out "
        + _best_text([option.discard for option in best], best[0].net(dealer), symbols)
        for dealer, best in ((dealer, result.best(dealer)) for dealer in roles)
    ]
    return "\n".join(lines)


def _role(dealer: bool) -> str:
    """The role as the flags name it: ``'dealer'`` when the crib is one's own, else
    ``'pone'``."""
    return ROLES[1] if dealer else ROLES[0]


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


# -- cribcount tables ----------------------------------------------------------------


@main.group(short_help="The shipped tables: the expert's lay-outs, the chances of winning.")
def tables() -> None:
    """The tables the package ships: the expert opponent's lay-outs, which discard's crib
    is counted against, and the chances of winning from every score, which odds reads."""


output_option = click.option(
    "--output",
    metavar="DIR",
    type=click.Path(file_okay=False, writable=True),
    help="Write the tables here instead of into the package.",
)
"""Where a rebuild writes its tables."""


@tables.command(
    "crib",
    short_help="The crib's mean and each side's share of deals, for every rank pair laid out.",
    epilog="""\b
Examples:
  cribcount tables crib
  cribcount tables crib --game five --list
  cribcount tables crib --json
""",
)
@choice_option(
    "--game", choices=EXPERT_FORMS, default="six", show_default=True, help="Form of the game."
)
@click.option(
    "--list",
    "as_list",
    is_flag=True,
    help="A ranked list instead of the grids (always, where one card is laid out).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the tables as JSON, the shares as fractions of all deals.",
)
def tables_crib(game: str, as_list: bool, as_json: bool) -> None:
    """The two crib tables of the expert model, as players read them.

    For each pair of ranks: the crib's mean when its owner (the dealer) lays
    them out, over the deals in which he does ("own"), and when the other
    side (the pone) lays them out ("opponent"); and each side's share of
    deals laying out that pair (three- and four-handed, each rank laid out, the
    dealer's side and the other side), in per cent. The grids show the means, the
    dealer's own crib first; "-" where a side never lays out the pair.
    """
    from cribcount.cribbage.expert import load_tables

    with reporting_errors():
        found = load_tables(game)
    rows = _table_rows(found)
    if as_json:
        about = {"game": game, "rounds": found.rounds, "cycle": found.cycle}
        write(dump_json({**about, "tables": rows}))
    elif as_list or game not in PAIR_FORMS:
        write(_tables_list(found, rows))
    else:
        write(_tables_grids(found))


def _table_rows(found: LayOutTables) -> list[dict[str, Any]]:
    """Each rank pair, the higher rank first, with both means and both shares (where one
    card is laid out, each rank)."""
    single = found.game not in PAIR_FORMS
    rows = []
    for high in range(len(RANK_NAMES) - 1, -1, -1):
        for low in (high,) if single else range(high, -1, -1):
            rows.append(
                {
                    "ranks": [RANK_NAMES[high]] if single else [RANK_NAMES[high], RANK_NAMES[low]],
                    "own": found.crib("dealer", low, high),
                    "opponent": found.crib("pone", low, high),
                    "dealer_share": float(found.share("dealer", low, high)),
                    "pone_share": float(found.share("pone", low, high)),
                }
            )
    return rows


def _tables_heading(found: LayOutTables) -> str:
    settled = (
        "the last moving no share"
        if found.cycle == 1
        else f"ending in a cycle of {found.cycle} tables, averaged"
    )
    return (
        f"{FORMS[found.game].title}: expert lay-out tables over {found.deals:,} deals,\n"
        f"{found.rounds} rounds, {settled}"
    )


def _mean(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _tables_grids(found: LayOutTables) -> str:
    """A 13 x 13 grid of the crib's mean per side, rank against rank, as books print them."""
    from tabulate import tabulate

    lines = [_tables_heading(found)]
    for side, title in (
        ("dealer", "own crib (the dealer lays out)"),
        ("pone", "opponent's crib (the pone lays out)"),
    ):
        grid = [
            [RANK_NAMES[a], *(_mean(found.crib(side, a, b)) for b in range(13))] for a in range(13)
        ]
        table = tabulate(grid, headers=("", *RANK_NAMES), disable_numparse=True, stralign="right")
        lines += ["", title, "", table]
    return "\n".join(lines)


def _per_cent(share: float) -> str:
    """A share of deals in per cent, as the tool writes chances: ``'0.79%'``."""
    return f"{100 * share:.2f}%"


def _tables_list(found: LayOutTables, rows: list[dict[str, Any]]) -> str:
    """Every rank pair, the best for one's own crib first."""
    from tabulate import tabulate

    ranked = sorted(rows, key=lambda row: -1.0 if row["own"] is None else row["own"], reverse=True)
    table = tabulate(
        [
            (
                place,
                " ".join(row["ranks"]),
                _mean(row["own"]),
                _mean(row["opponent"]),
                _per_cent(row["dealer_share"]),
                _per_cent(row["pone_share"]),
            )
            for place, row in enumerate(ranked, start=1)
        ],
        headers=("#", "ranks", "own", "opponent", "dealer share", "pone share"),
        colalign=("right", "left", "right", "right", "right", "right"),
        disable_numparse=True,
    )
    return f"{_tables_heading(found)}\n\n{table}"


@tables.command(
    "rebuild",
    short_help="Compute the expert tables afresh, over every deal, as the package ships them.",
    epilog="""\b
Examples:
  cribcount tables rebuild --game six --output /tmp/tables
  cribcount tables rebuild
""",
)
@click.option(
    "--game",
    type=click.Choice((*EXPERT_FORMS, "all"), case_sensitive=False),
    default="all",
    show_default=True,
    help="Form of the game, or all of them.",
)
@output_option
def tables_rebuild(game: str, output: str | None) -> None:
    """Compute the expert lay-out tables from random lay-outs to their fixed point.

    Every deal is played round after round (deals enumerated up to the
    relabelling of suits) until no share moves, or the rounds cycle and the
    cycle is averaged; the file written is byte for byte the one shipped.
    Six-card cribbage takes about a minute, seven-card several.
    """
    from pathlib import Path

    from cribcount.cribbage import expert

    for form in EXPERT_FORMS if game == "all" else (game,):
        with (
            reporting_errors(),
            click.progressbar(
                length=expert.MAX_ROUNDS,
                label=f"{FORMS[form].short}: rounds",
                file=sys.stderr,
                show_percent=False,
                item_show_func=lambda shown: shown,
            ) as bar,
        ):
            for number, found, tables in expert.solve(form):
                bar.update(1, f"round {number}, {found.mixed_ties} mixed ties")
                if tables is not None:
                    done = tables
        path = expert.data_path(form, None if output is None else Path(output))
        try:
            expert.write_tables(done, path)
        except OSError as error:
            fail(f"cannot write {path}: {error.strerror or error}", 1)
        click.echo(
            f"{FORMS[form].short}: {done.rounds} rounds, cycle of {done.cycle}; written to {path}",
            err=True,
        )


@tables.group("odds", short_help="The tables of the chance of winning from every score.")
def tables_odds() -> None:
    """The tables of the chance of winning from every score, which odds reads."""


@tables_odds.command(
    "rebuild",
    short_help="Simulate the deals and solve every score afresh, as the package ships them.",
    epilog="""\b
Examples:
  cribcount tables odds rebuild --game six --output /tmp/odds
  cribcount tables odds rebuild --game five --deals 20000 --output /tmp/odds
  cribcount tables odds rebuild
""",
)
@click.option(
    "--game",
    type=click.Choice((*TWO_HANDED, "all"), case_sensitive=False),
    default="all",
    show_default=True,
    help="Form of the game, or all of them (seven-card to 121 and to 181).",
)
@click.option(
    "--deals",
    type=click.IntRange(min=1),
    metavar="N",
    help="Simulate N deals instead of the 1,000,000 of the shipped tables.",
)
@output_option
def tables_odds_rebuild(game: str, deals: int | None, output: str | None) -> None:
    """Simulate deals under the policy both players follow (each lays out by the expert
    tables and plays the play double dummy) with the shipped seed, then solve the chance
    of winning from every score exactly over them. With the shipped number of deals, the
    files written are byte for byte the ones shipped; six-card takes about a minute.
    """
    from pathlib import Path

    from cribcount.cribbage import odds, policy

    announce(policy.compile_note())
    folder = None if output is None else Path(output)
    for form in TWO_HANDED if game == "all" else (game,):
        with reporting_errors():
            outcomes = policy.simulate(form, deals or odds.DEALS, odds.SEED)
            for to in targets(form):
                path = odds.table_path(form, to, folder)
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    odds.build_table(outcomes, to).save(path)
                except OSError as error:
                    fail(f"cannot write {path}: {error.strerror or error}", 1)
                click.echo(
                    f"{FORMS[form].short} to {to}: {counted(outcomes.deals, 'deal')}; "
                    f"written to {path}",
                    err=True,
                )


# -- cribcount odds -------------------------------------------------------------------

CHART_BANDS = 25
"""About how many bands of scores a chart has each way, so that it fits the terminal."""


@main.command(
    short_help="The chance of winning the game from any score, and of a lurch each way.",
    epilog="""\b
Examples:
  cribcount odds 90 100 --dealer
  cribcount odds --dealer --game five
  cribcount odds 40 45 --pone --game five --json
  cribcount odds 150 120 --dealer --game seven --to 181
  cribcount odds --chart
  cribcount odds --chart --pone --png board.png
""",
)
@click.argument("me", type=int, required=False)
@click.argument("him", type=int, required=False)
@click.option("--dealer", is_flag=True, help="You deal the next deal.")
@click.option("--pone", is_flag=True, help="He deals the next deal.")
@choice_option(
    "--game",
    choices=TWO_HANDED,
    default="six",
    show_default=True,
    help="Form of the game: five (to 61), six (to 121) or seven (to 121 or 181).",
)
@click.option("--to", type=int, metavar="POINTS", help="The game, where the form has two: 181.")
@click.option(
    "--chart",
    is_flag=True,
    help="Print the whole board: your chance by your score and his, in bands "
    "(--dealer by default).",
)
@click.option(
    "--png", metavar="FILE", help="Draw the whole board as a heat map to FILE (needs matplotlib)."
)
@json_option("the chances")
@file_option("the two scores, ME HIM, of one position")
def odds(
    me: int | None,
    him: int | None,
    dealer: bool,
    pone: bool,
    game: str,
    to: int | None,
    chart: bool,
    png: str | None,
    as_json: bool,
    path: str | None,
) -> None:
    """The chance that you, at ME, win the game against him at HIM, before a deal that
    you deal (--dealer) or he deals (--pone); and the chance that you win by a lurch
    (he under half the game: 61 at 121, 31 at 61, 91 at 181), a double game, and that
    he lurches you.

    The scores are taken as given, before the deal: in five-card, 0 0 is
    before the first pone's three for last. With no scores, the start of a
    game: 0 to 0, and in five-card the first pone's three for last pegged (you
    at 0, he at 3 when you deal; 3 to 0 when he deals).

    The chances come from a table shipped with the package: deal outcomes
    simulated with both players following one policy (printed with the
    figures), every deal of them alike likely, counted out in order (heels,
    the play point by point, the pone's hand, the dealer's hand, the crib),
    the first to reach the game winning at once; exact over those deals.
    """
    board = chart or png is not None
    role = one_flag({"pone": pone, "dealer": dealer}, needed_by=None if board else "odds")
    if path is not None:
        if board or me is not None:
            fail("--file reads the scores: give no scores, --chart or --png with it")
        assert role is not None  # one_flag fails when none is given and one is needed
        _odds_batch(path, game, to, role, as_json)
    if board:
        if me is not None:
            fail("--chart and --png draw the whole board: give no scores")
        if as_json:
            fail("--json is for one position: not with --chart or --png")
    elif me is not None and him is None:
        fail(
            "missing HIM: give both scores, as 'cribcount odds 90 100 --dealer',"
            " or none for the start of a game"
        )
    from cribcount.cribbage.odds import load_table, start_scores

    with reporting_errors():
        table = load_table(game, to)
        if not board:
            assert role is not None
            start = me is None
            if me is None or him is None:
                his_three, none = start_scores(table.game)  # the first pone's, the dealer's
                me, him = (none, his_three) if role == "dealer" else (his_three, none)
            found = table.odds(me, him, role)
    if board:
        side = role or "dealer"
        if chart:
            write(_odds_chart(table, side))
        if png is not None:
            _odds_png(table, side, png)
        return
    if as_json:
        write(dump_json(found.to_json()))
        return
    write(_odds_text(table, found, start))


def _odds_batch(path: str, game: str, to: int | None, role: str, as_json: bool) -> NoReturn:
    """``odds --file``: a line of the two scores, ME HIM, for each position, the role
    given once for all; one line a result, JSON Lines with --json."""
    from cribcount.cribbage.odds import OddsError, load_table

    with reporting_errors():
        table = load_table(game, to)

    def handle(line: str) -> str:
        words = line.split()
        if len(words) != 2 or not all(word.isdigit() for word in words):
            raise OddsError(f"{quoted(line)}: expected ME HIM, two scores, as '90 100'")
        found = table.odds(int(words[0]), int(words[1]), role)
        if as_json:
            return dump_json(found.to_json())
        return (
            f"{found.me} {found.him}: win {_per_cent(found.win)}, lurch "
            f"{_per_cent(found.lurch)}, lurched {_per_cent(found.lurched)}"
        )

    batch(path, handle)


def _odds_source(table: Table) -> str:
    """The deals and the policy the figures depend on, as one wrapped line."""
    return wrapped(f"over {counted(table.deals, 'simulated deal')}; policy: {table.policy}")


def _odds_text(table: Table, found: Odds, start: bool = False) -> str:
    """The chances of one position; at the ``start`` of a game, said so, with the first
    pone's three for last where he has them."""
    deals = "you deal" if found.role == "dealer" else "he deals"
    where = f"you at {found.me}, he at {found.him}, before a deal {deals}"
    if start:
        three = f", the three for last to {'him' if found.role == 'dealer' else 'you'}"
        where = (
            f"the start of a game, you at {found.me}, he at {found.him}"
            f"{three if found.me or found.him else ''}, before the first deal, {deals}"
        )
    return "\n".join(
        (
            wrapped(f"{FORMS[table.game].title} to {table.to}: {where}"),
            f"you win {_per_cent(found.win)}; you lurch him {_per_cent(found.lurch)},"
            f" he lurches you {_per_cent(found.lurched)}",
            _odds_source(table),
        )
    )


def _board(table: Table, role: str) -> list[list[float]]:
    """Your chance of winning by your score (a row) and his (a column), below the game."""
    return [[table.odds(me, him, role).win for him in range(table.to)] for me in range(table.to)]


def _odds_chart(table: Table, role: str) -> str:
    """The board as a grid of digits, each the tens of per cent of the mean chance over a
    band of scores (``5``: 50 to 59 per cent), your score down and his across."""
    board = _board(table, role)
    band = -(-table.to // CHART_BANDS)
    starts = range(0, table.to, band)

    def cell(mine: int, his: int) -> str:
        chances = [
            board[me][him]
            for me in range(mine, min(mine + band, table.to))
            for him in range(his, min(his + band, table.to))
        ]
        return str(min(9, int(10 * sum(chances) / len(chances))))

    labels = "".join(f"{start:<4}" for start in starts[::2]).rstrip()
    deals = "you deal" if role == "dealer" else "he deals"
    start = table.start()
    three = ", the pone's three for last" if start.him else ""
    opening = (
        f"the first dealer wins {_per_cent(start.win)} from the start"
        f" ({start.me} to {start.him}{three})"
    )
    lines = [
        f"{FORMS[table.game].title} to {table.to}: your chance of winning before a deal {deals},",
        f"by your score (down) and his (across) in bands of {band} points, the mean of each:",
        "0: under 10%, 1: 10 to 19%, ... 9: 90% or more",
        "",
        f"{'his':>8} {labels}",
    ]
    for mine in starts:
        row = " ".join(cell(mine, his) for his in starts)
        lines.append(f"{'me ' if mine == 0 else '':>3}{mine:>5} {row}")
    lines += [
        "",
        opening,
        _odds_source(table),
    ]
    return "\n".join(lines)


def _odds_png(table: Table, role: str, path: str) -> None:
    """Draw the board as a heat map to ``path`` with matplotlib, if it is installed."""
    import importlib

    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        fail("--png needs matplotlib, which is not installed: pip install matplotlib")
    matplotlib.use("Agg")
    pyplot = importlib.import_module("matplotlib.pyplot")
    figure, axes = pyplot.subplots(figsize=(7, 6))
    image = axes.imshow(_board(table, role), origin="lower", cmap="RdYlGn", vmin=0, vmax=1)
    figure.colorbar(image, label="chance of winning")
    deals = "you deal" if role == "dealer" else "he deals"
    axes.set_title(f"{FORMS[table.game].title} to {table.to}, before a deal {deals}")
    axes.set_xlabel("his score")
    axes.set_ylabel("your score")
    try:
        figure.savefig(path, dpi=100)
    except OSError as error:
        fail(f"cannot write --png {quoted(path)}: {error.strerror or error}", 1)
    finally:
        pyplot.close(figure)
