"""The Cassino commands (``cribcount cassino ...``) and their renderers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import click
from tabulate import tabulate

from cribcount.cards import Card, format_cards, parse_cards
from cribcount.cassino.count import (
    SWEEP_RULES,
    CountItem,
    DealCount,
    SideCount,
    count_deal,
    read_count,
    read_sweeps,
    side_name,
)
from cribcount.cassino.deal import DealPlayed, replay_deal
from cribcount.cassino.forms import GAMES, CassinoError, Form
from cribcount.cassino.game import SCORINGS, TARGETS, CassinoGame, GameStep, settle_game
from cribcount.cassino.moves import (
    Move,
    Position,
    check_position,
    declared_json,
    legal_moves,
)
from cribcount.cassino.notation import split_plays, write_play
from cribcount.cassino.table import line_parts, read_table
from cribcount.cli.common import (
    F,
    Progress,
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
    players_option,
    reporting_errors,
    single_or_batch,
    split_line,
    stacked,
    symbols_option,
    wrapped,
    write,
)
from cribcount.errors import quoted
from cribcount.words import counted

if TYPE_CHECKING:
    from cribcount.cassino.advise import Advice

T = TypeVar("T")

table_option = click.option(
    "--table", metavar="TABLE", help="The table: \"5D 4C [6S 3H] [5C|3D 2H]@2\" ('-' for none)."
)


@main.group(short_help="Cassino: the plays of a position, a deal checked and counted, the game.")
def cassino() -> None:
    """Cassino, for two to four players or two partnerships, in its classic,
    Royal, Spade and Draw forms: every legal play of a position, a whole deal
    replayed and checked, the count of a deal, and the game settled."""


game_option = choice_option(
    "--game",
    choices=GAMES,
    default="classic",
    show_default=True,
    help="The form: classic, royal (J 11, Q 12, K 13), spade (every spade a point) "
    "or draw (a card drawn after each play).",
)
partners_option = click.option(
    "--partners", is_flag=True, help="Four players as two partnerships, 1 and 3 against 2 and 4."
)

sweep_rule_option = choice_option(
    "--sweep-rule",
    choices=SWEEP_RULES,
    default="scored",
    show_default=True,
    help="scored: a point each; none: nothing; cancelled: a sweep of each side cancels one "
    "of the other's.",
)


def form_options(command: F) -> F:
    """--game, --players, --partners and --aces: the form of Cassino played."""
    options = (
        game_option,
        players_option,
        partners_option,
        click.option(
            "--aces",
            type=click.Choice(["1", "14"]),
            default="1",
            help="What an ace counts: 14 in Royal Cassino by agreement.",
        ),
    )
    return stacked(*options)(command)


def make_form(game: str, players: int | None, partners: bool, aces: str) -> Form:
    """The form the options give (two players, or four with --partners, by default)."""
    with reporting_errors():
        return Form(game.lower(), players or (4 if partners else 2), partners, int(aces))


_DECLARED = click.option(
    "--declared",
    metavar="SEAT:VALUE,...",
    help="With partners, values seats have built for this round and not played since.",
)


def _declared(text: str | None, form: Form) -> dict[int, frozenset[int]]:
    """``--declared 3:9,4:7``: the values each seat has declared this round."""
    found: dict[int, set[int]] = {}
    if text and not form.partners:
        raise CassinoError(
            f"--declared {quoted(text)} without partners: expected it with --partners only"
            " (a player builds for his partner's declared values)"
        )
    for part in (text or "").replace(",", " ").split():
        seat, colon, value = part.partition(":")
        if not colon or not seat.isdigit() or not value.isdigit():
            raise CassinoError(
                f"--declared {quoted(part)}: expected SEAT:VALUE, as 3:9 (seat 3 has built for 9)"
            )
        form.check_seat(int(seat), f"in --declared {quoted(part)}")
        if not 1 <= int(value) <= form.highest:
            raise CassinoError(f"--declared {quoted(part)}: expected a value 1 to {form.highest}")
        found.setdefault(int(seat), set()).add(int(value))
    return {seat: frozenset(values) for seat, values in found.items()}


@cassino.command(
    "moves",
    short_help="Every legal play of the player to move.",
    epilog="""\b
Examples:
  cribcount cassino moves --table "5D 4C [6S 3H]" --hand "9C 7H 2S AD"
  cribcount cassino moves --table "5S 2H 4D" --hand "7C 3H" --json
  cribcount cassino moves --players 4 --partners --seat 2 --declared 4:8 \\
      --table "6H [5D 3C]@4" --hand "2S KC"
  cribcount cassino moves --game royal --table "9H 2C 6D" --hand "JS KD"
  cribcount cassino moves --file positions.txt
""",
)
@table_option
@click.option("--hand", metavar="HAND", help="The cards of the player to move.")
@click.option("--seat", type=int, default=1, show_default=True, help="The seat to move.")
@_DECLARED
@form_options
@json_option("the plays")
@file_option("the table and the hand, separated by '|',")
def cassino_moves(
    table: str | None,
    hand: str | None,
    seat: int,
    declared: str | None,
    game: str,
    players: int | None,
    partners: bool,
    aces: str,
    as_json: bool,
    path: str | None,
) -> None:
    """Every legal play of the player to move: each take (with every card it
    takes), each build (its value, single or multiple, and its cards) and
    the trail, with whether it sweeps and the points it makes at once (aces,
    big and little Cassino, the sweep; in Spade Cassino the spades too).

    The table is its loose cards and its builds, each build in square
    brackets with its groups separated by '|' and '@N' for the seat that
    controls it. A player may not trail while he controls a build, nor be
    left controlling one without a card of its value; a build must be of a
    value he still holds (with partners, or one his partner declared or
    controls a build of). With
    partners a build is the duty of the partner who holds or declared its
    value, the controller first: a build the partner controls is the player's
    duty when he holds its value and the partner has not declared it
    (--declared).
    """
    form = make_form(game, players, partners, aces)
    if path is not None:
        not_in_batch(path, table=table, hand=hand)

        def handle(line: str) -> str:
            parts = line_parts(line)
            if len(parts) != 2:
                raise CassinoError(
                    f"{counted(len(parts), 'part')} on the line: expected the table and the"
                    " hand, separated by '|'"
                )
            table_text, hand_text = parts
            return _moves(form, table_text, hand_text, seat, declared, as_json, one_line=True)

        batch(path, handle)
    if table is None or hand is None:
        fail("cassino moves needs --table and --hand (or --file)")
    with reporting_errors():
        write(_moves(form, table, hand, seat, declared, as_json))


def _moves(
    form: Form,
    table_text: str,
    hand_text: str,
    seat: int,
    declared: str | None,
    as_json: bool,
    one_line: bool = False,
) -> str:
    table = read_table(table_text, form)
    hand = parse_cards(hand_text)
    clash = sorted(set(hand) & set(table.cards), key=lambda card: card.id)
    if clash:
        raise CassinoError(f"{clash[0]} is both in the hand and on the table: expected it once")
    if len(hand) > 4:
        raise CassinoError(
            f"a hand of {counted(len(hand), 'card')}: a Cassino hand holds four at most"
        )
    position = Position(form, table, tuple(hand), seat, _declared(declared, form))
    check_position(position)
    moves = legal_moves(position)
    if as_json:
        return dump_json(
            {
                "game": form.game,
                "players": form.players,
                "partners": form.partners,
                "aces": form.aces,
                "seat": seat,
                "table": table.to_json(),
                "hand": [card.notation() for card in hand],
                "declared": declared_json(position.declared),
                "moves": [move.to_json() for move in moves],
            }
        )
    if one_line:
        return f"{counted(len(moves), 'legal play')}: " + "; ".join(map(_move_line, moves))
    rows = [
        (
            write_play(move),
            "" if move.build is None else str(move.build),
            "sweep" if move.sweep else "",
            move.points,
        )
        for move in moves
    ]
    head = (
        f"{form.title}: seat {seat} to play, holding {format_cards(hand)};"
        f" the table {table.notation() or 'empty'}"
    )
    body = fit_table(
        rows, ["play", "build", "sweep", "points"], ("left", "left", "left", "right"), wrap=(0, 1)
    )
    return f"{head}\n\n{body}\n\n{counted(len(moves), 'legal play')}"


def _move_line(move: Move) -> str:
    """A play for a batch's line: its words, and its sweep and points if any."""
    made = ["sweep"] if move.sweep else []
    if move.points:
        made.append(counted(move.points, "point"))
    return write_play(move) + (f" ({', '.join(made)})" if made else "")


@cassino.command(
    "play",
    short_help="A whole deal replayed from its plays, every play checked.",
    epilog="""\b
Examples:
  cribcount cassino play --table "5D 4C 6S 3H" \\
      "9C takes 5D 4C, 9S takes 6S 3H, 2H trails, 7D builds nine on 2H,\\
      5C trails, 9H takes 7D 2H"
  cribcount cassino play --file deals.txt --json
""",
)
@click.argument("plays", nargs=-1, metavar="PLAYS...")
@click.option("--table", metavar="CARDS", help="The four cards dealt face up to the table.")
@click.option(
    "--hands",
    "hands",
    multiple=True,
    metavar="H1 | H2 ...",
    help="A round's hands in seat order, one --hands a round (optional; Draw: the first).",
)
@click.option("--stock", metavar="CARDS", help="Draw Cassino: the stock, in the order drawn.")
@form_options
@sweep_rule_option
@json_option("the deal")
@file_option("the table and the plays, separated by '|',")
def cassino_play(
    plays: tuple[str, ...],
    table: str | None,
    hands: tuple[str, ...],
    stock: str | None,
    game: str,
    players: int | None,
    partners: bool,
    aces: str,
    sweep_rule: str,
    as_json: bool,
    path: str | None,
) -> None:
    """Replay a deal of Cassino from the table's four cards and its PLAYS in
    order, separated by commas: '9C takes 5D 4C', '2H builds nine on 7S',
    '3H builds two sevens on 4D 5S 2H', 'KD trails'. The seats play in turn
    from seat 1, four cards a round. Each play is checked against the rules,
    and the first that breaks them is named with what is wrong. At the end
    the cards left go to the player who took last.

    Without --hands, each seat's hand in a round is the cards he plays in it.
    Draw Cassino needs the first hands (--hands) and the stock (--stock).
    """
    form = make_form(game, players, partners, aces)
    if path is not None:
        not_in_batch(path, table=table, hands=hands, stock=stock)
        if plays:
            fail("give PLAYS or --file PATH, not both")

        def handle(line: str) -> str:
            table_text, plays_text = split_line(line, 2, "the table and the plays")
            return _played(form, table_text, plays_text, (), None, sweep_rule, as_json, True)

        batch(path, handle)
    if table is None:
        fail("cassino play needs --table, the four cards dealt face up")
    with reporting_errors():
        write(_played(form, table, " ".join(plays), hands, stock, sweep_rule, as_json))


def _played(
    form: Form,
    table_text: str,
    plays_text: str,
    hands_text: Sequence[str],
    stock_text: str | None,
    sweep_rule: str,
    as_json: bool,
    one_line: bool = False,
) -> str:
    table = parse_cards(table_text)
    hands = [[parse_cards(hand) for hand in text.split("|")] for text in hands_text] or None
    stock = _stock(stock_text)
    deal = replay_deal(form, table, split_plays(plays_text), hands, stock, sweep_rule.lower())
    if as_json:
        return dump_json(deal.to_json())
    return _deal_line(deal) if one_line else _deal_text(deal)


def _deal_line(deal: DealPlayed) -> str:
    """The deal on one line, for batches: its count once over, else where it stands."""
    made = counted(len(deal.plays), "play")
    if deal.count is not None:
        return f"{made}, the deal over: {_count_line(deal.count)}"
    table = deal.plays[-1].table if deal.plays else deal.start
    sides = zip(deal.piles, deal.sweeps, strict=True)
    standing = [_side_line(deal.form, side, *each) for side, each in enumerate(sides, start=1)]
    where = [f"the table {table.notation() or 'empty'}", *standing]
    return f"{made}, the deal goes on: " + "; ".join(where)


def _stock(text: str | None) -> list[Card] | None:
    """The stock's cards as given, ``-`` (or nothing) for none."""
    if text is None or text.strip() in ("", "-"):
        return None
    return parse_cards(text)


def _deal_text(deal: DealPlayed) -> str:
    rows = [
        (
            play.number,
            play.round,
            play.seat,
            play.text,
            play.move.points_under(deal.sweep_rule) or "",
            play.table.notation(),
        )
        for play in deal.plays
    ]
    body = (
        fit_table(
            rows,
            ["play", "round", "seat", "", "points", "table after"],
            ("right", "right", "right", "left", "right", "left"),
            wrap=(5, 3),
        )
        if rows
        else "no play made"
    )
    lines = [f"{deal.form.title}: the table {deal.start.notation()}", "", body, ""]
    for side, (pile, sweeps) in enumerate(zip(deal.piles, deal.sweeps, strict=True), start=1):
        lines.append(_side_line(deal.form, side, pile, sweeps))
    if not deal.over:
        lines.append(f"the deal goes on: {counted(len(deal.plays), 'play')} made")
    else:
        if deal.left:
            lines.append(
                f"left to seat {deal.last_taker}, who took last: {format_cards(deal.left)}"
            )
        if deal.count is not None:
            lines += ["", _count_text(deal.count, False)]
    return "\n".join(lines)


def _side_line(form: Form, side: int, pile: Sequence[Card], sweeps: int) -> str:
    who = f"seats {side} and {side + 2}" if form.partners else f"seat {side}"
    spades = sum(card.suit == "S" for card in pile)
    return (
        f"{who}: {counted(len(pile), 'card')}, {counted(spades, 'spade')},"
        f" {counted(sweeps, 'sweep')}"
    )


# -- cassino count ------------------------------------------------------------------

SWEEP_WORDS = {
    "scored": "sweeps scored",
    "none": "sweeps not scored",
    "cancelled": "sweeps cancelled one for one",
}


@dataclass(frozen=True)
class _Sweeps:
    """How sweeps count, and the sweeps each side has made so far, as given (None for
    none): read where an error is reported as the input's."""

    rule: str
    text: str | None

    @property
    def made(self) -> tuple[int, ...] | None:
        return None if self.text is None else read_sweeps(self.text)


def _sweeps_note(sweep_rule: str) -> str:
    """The sweep rule after a title, where it is not the default."""
    return "" if sweep_rule == "scored" else f", {SWEEP_WORDS[sweep_rule]}"


@cassino.command(
    "count",
    # an empty first pile opens the piles with '-', which is no option
    context_settings={"ignore_unknown_options": True},
    short_help="Count a deal from each side's pile of cards taken in.",
    epilog="""\b
Examples:
  cribcount cassino count "AS 2S 10D AH 5C 6C | 3H 4H AC" --sweeps 1,0
  cribcount cassino count --game spade "AS 2S JS 10D | 3S 4H AC"
  cribcount cassino count --partners "AS 2S 10D 3C | AH 4S 5D" --sweep-rule cancelled
  cribcount cassino count --file deals.txt --json
""",
)
@cards_argument("piles")
@click.option(
    "--sweeps",
    metavar="N,N,...",
    help="The sweeps each side made, in the order of the piles (none by default).",
)
@game_option
@players_option
@click.option(
    "--partners", is_flag=True, help="Four players as two partnerships: two piles, one a side."
)
@sweep_rule_option
@json_option("the count")
@symbols_option
@file_option("the piles separated by '|', and any '| sweeps N,N' last,")
def cassino_count(
    piles: tuple[str, ...],
    sweeps: str | None,
    game: str,
    players: int | None,
    partners: bool,
    sweep_rule: str,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Count a deal of Cassino from each side's PILES, the cards it took in
    (those left on the table at the end included), separated by '|' in the
    order of the sides, seat 1 (the eldest) first; with --partners, seats 1
    and 3, then 2 and 4. An empty pile is '-'. The sweeps are --sweeps, or a
    last part '| sweeps 1,0'.

    Cards 3 (the most; nobody on a tie), spades 1 (the most; nobody on a
    tie), big Cassino (10D) 2, little Cassino (2S) 1, each ace 1, each sweep
    1 (by --sweep-rule). Spade Cassino: every spade 1 and the jack of spades
    1 more, no point for most spades. The players are as many as the piles
    unless --players says so; a pile holding the whole pack counts 11 points
    besides sweeps (8 when the cards tie), Spade Cassino 24 (21).
    """
    for word in piles:
        if word.startswith("-") and word[1:2].strip():
            fail(f"No such option: {word}")
    text = single_or_batch(piles, path, "PILES")
    if path is not None:
        not_in_batch(path, sweeps=sweeps)
        batch(
            path,
            lambda line: _count(
                line, None, game, players, partners, sweep_rule, as_json, symbols, True
            ),
        )
    with reporting_errors():
        write(_count(text, sweeps, game, players, partners, sweep_rule, as_json, symbols))


def _count(
    text: str,
    sweeps: str | None,
    game: str,
    players: int | None,
    partners: bool,
    sweep_rule: str,
    as_json: bool,
    symbols: bool,
    one_line: bool = False,
) -> str:
    """The deal whose piles ``text`` gives, counted and rendered."""
    cards, given = read_count(text)
    if sweeps is not None:
        if given is not None:
            fail("give the sweeps as --sweeps or as the last part '| sweeps N,N', not both")
        given = read_sweeps(sweeps)
    seated = players or (4 if partners else len(cards))
    if not partners and not 2 <= seated <= 4:
        raise CassinoError(f"{counted(len(cards), 'pile')}: expected one per side, 2 to 4 sides")
    form = Form(game, seated, partners)
    result = count_deal(cards, given, form, sweep_rule)
    if as_json:
        return dump_json(result.to_json())
    return _count_line(result) if one_line else _count_text(result, symbols)


def _item_cards(item: CountItem, symbols: bool) -> str:
    """An item's cards as its row shows them: how many for most cards."""
    if item.kind == "cards":
        return counted(len(item.cards), "card")
    return " ".join(card.notation(symbols) for card in item.cards)


def _side_heading(name: str, side: SideCount) -> str:
    made = f", {counted(side.sweeps, 'sweep')}" if side.sweeps else ""
    return f"{name}: {counted(side.cards, 'card')}, {counted(side.spades, 'spade')}{made}"


def _count_text(result: DealCount, symbols: bool) -> str:
    """The count: a table per side of its items, then the totals."""
    form = result.form
    lines = [f"{form.title}; {SWEEP_WORDS[result.sweep_rule]}"]
    for number, side in enumerate(result.sides, 1):
        rows: list[tuple[str, str, int | str]] = [
            (item.kind, _item_cards(item, symbols), item.points) for item in side.items
        ]
        rows.append(("total", "", side.total))
        table = tabulate(
            rows, headers=("item", "cards", "points"), colalign=("left", "left", "right")
        )
        lines += ["", _side_heading(side_name(form, number), side), table]
    totals = ", ".join(
        f"{side_name(form, number)} {side.total}" for number, side in enumerate(result.sides, 1)
    )
    lines += ["", wrapped(f"totals: {totals}; {result.total} in all")]
    return "\n".join(lines)


def _count_line(result: DealCount) -> str:
    """The count on one line, for batches: each side's total and what makes it."""
    parts = []
    for number, side in enumerate(result.sides, 1):
        by_kind: dict[str, int] = {}
        for item in side.items:
            by_kind[item.kind] = by_kind.get(item.kind, 0) + item.points
        made = ", ".join(f"{_plural(kind, points)} {points}" for kind, points in by_kind.items())
        name = side_name(result.form, number)
        parts.append(f"{name} {side.total}" + (f" ({made})" if made else ""))
    return "; ".join(parts)


def _plural(kind: str, points: int) -> str:
    """``aces`` for two aces' points, ``sweeps``, ``spades`` in Spade Cassino."""
    if kind in ("ace", "sweep", "spade") and points > 1:
        return kind + "s"
    return kind


# -- cassino game -------------------------------------------------------------------


@cassino.command(
    "game",
    short_help="Settle a game from its deals: each deal, eleven, five, twenty-one or 61.",
    epilog="""\b
Examples:
  cribcount cassino game --scoring eleven 7-4 6-5 9-2
  cribcount cassino game --scoring twenty-one 12-3 5-8 \\
      "cards spades 10D AS AH / 2S AC AD sweep"
  cribcount cassino game --scoring twenty-one --claiming 15-10 "8-12 claim 2"
  cribcount cassino game --game spade 30-2 25-4 "1:2 2:1 1:4 2:3 2:14"
  cribcount cassino game --scoring five --file games.txt --json
""",
)
@click.argument("deals", nargs=-1, metavar="DEAL...")
@choice_option(
    "--scoring",
    choices=SCORINGS,
    help="deal: each deal a game; eleven: 11 up by differences; five: a point a deal, "
    "five up; twenty-one: 21 up, counted out; sixty-one: Spade Cassino's, the default "
    "with --game spade.",
)
@click.option(
    "--claiming", is_flag=True, help="Twenty-one: a side claims out; right wins, wrong loses."
)
@game_option
@json_option("the game")
@file_option("one game, its deals separated by ';',")
def cassino_game(
    deals: tuple[str, ...],
    scoring: str | None,
    claiming: bool,
    game: str,
    as_json: bool,
    path: str | None,
) -> None:
    """Settle a game of Cassino between two sides from each DEAL, in order.

    Each deal a game (--scoring deal), settled by the difference; eleven up
    by differences, a lurch (the winner at 11 before the loser has 6) a
    double game; a point a deal to the side with more, five up; twenty-one
    up, the points counting out at the end of each deal in the order cards,
    spades, big Cassino, little Cassino, the aces of spades, clubs, hearts
    and diamonds, then the sweeps by their difference, the first to 21
    winning; with --claiming, a right claim wins and a wrong one loses, and
    both out without a claim plays on to 32, then 43. Spade Cassino (--game
    spade) is 61 up, every point pegged as its card is taken.

    A DEAL is one argument: its points, the first side's then the second's,
    sweeps included (7-4). At twenty-one, each side's points may be given by
    name, the first side's, '/', the second's: cards, spades, big (or 10D),
    little (or 2S), the aces AS AC AH AD, and sweep for each sweep ('cards
    spades 10D AS AH sweep / 2S AC AD'); in Spade Cassino, the pegs in the
    order pegged, each the side and its points ('1:2 2:1 1:3'). They are
    needed when both sides reach the game in one deal, to count out in order.
    With --claiming, a deal ends with the claim made at its end, 'claim 1' or
    'claim 2' ('12-3 claim 1').
    """
    if scoring is None:
        if game != "spade":
            fail("give --scoring deal, eleven, five or twenty-one")
        scoring = "sixty-one"
    if path is not None:
        if deals:
            fail("give DEAL or --file PATH, not both")
        batch(path, lambda line: _game(line.split(";"), scoring, game, claiming, as_json, True))
    single_or_batch(deals, path, "DEAL")
    with reporting_errors():
        write(_game(list(deals), scoring, game, claiming, as_json))


def _game(
    deals: list[str],
    scoring: str,
    game: str,
    claiming: bool,
    as_json: bool,
    one_line: bool = False,
) -> str:
    """The game whose deals are given, settled and rendered."""
    result = settle_game([deal.strip() for deal in deals], scoring, game, claiming)
    if as_json:
        return dump_json(result.to_json())
    if one_line:
        return _game_result(result)
    return _game_text(result)


def _title(result: CassinoGame) -> str:
    name = Form(result.game).title.split(",")[0]
    if result.scoring == "deal":
        return f"{name}: each deal a game, settled by the difference"
    if result.scoring == "eleven":
        return f"{name}: 11 up by differences; a lurch (the loser under 6) counts two games"
    if result.scoring == "five":
        return f"{name}: a point a deal to the side with more points, five up"
    if result.scoring == "sixty-one":
        return f"{name}: 61 up, every point pegged as its card is taken"
    if result.claiming:
        return f"{name}: 21 up, claiming out; both out unclaimed goes on eleven more"
    return f"{name}: 21 up, counted out in order"


def _pair(pair: tuple[int, int]) -> str:
    return f"{pair[0]}-{pair[1]}"


def _note(step: GameStep, result: CassinoGame) -> str:
    """What the deal did: who is up, out, the claim, the game raised."""
    if step.claim is not None:
        verdict = "right" if step.by == "claim" else "wrong"
        return f"side {step.claim} claims: {verdict}"
    if step.out is not None:
        if result.scoring == "deal":
            return f"side {step.out} wins"
        return f"side {step.out} out" + (f" ({step.by})" if step.by else "")
    before = result.steps[step.deal - 2].target if step.deal > 1 else _first_target(result)
    if step.target != before:
        return f"both out unclaimed: game {step.target}"
    if step.up is None:
        return "level"
    return f"side {step.up} up"


def _first_target(result: CassinoGame) -> int | None:
    return TARGETS[result.scoring]


def _game_text(result: CassinoGame) -> str:
    """The game: a row per deal (its points, what they scored, the totals), then the result."""
    rows = [
        (step.deal, _pair(step.points), _pair(step.scored), _pair(step.totals), _note(step, result))
        for step in result.steps
    ]
    table = tabulate(
        rows,
        headers=("deal", "points", "scored", "totals", "game"),
        colalign=("right", "left", "left", "left", "left"),
    )
    return "\n".join([_title(result), "", table, "", wrapped(_game_result(result))])


def _game_result(result: CassinoGame) -> str:
    """The result in one line: the winner and the value, or where the game stands."""
    first, second = result.totals
    played = counted(len(result.steps), "deal")
    if result.status == "tied":
        tied = result.steps[-1].points
        return f"a tie, {tied[0]} to {tied[1]}: nobody wins"
    if result.winner is None:
        return f"in progress after {played}: side 1 {first}, side 2 {second}; {result.target} up"
    step = result.steps[-1]
    winner, loser = result.winner, 3 - result.winner
    high, low = result.totals[winner - 1], result.totals[loser - 1]
    if result.scoring == "deal":
        won, lost = step.points[winner - 1], step.points[loser - 1]
        value = counted(result.value or 0, "point")
        return f"side {winner} wins the deal, {won} to {lost}: {value}"
    games = counted(result.value or 0, "game")
    if step.by == "wrong claim":
        return (
            f"side {loser} claims wrongly in deal {step.deal}, at {low} of {step.target}, "
            f"and loses: side {winner} wins {games}"
        )
    if step.by == "claim":
        how = f"claims out rightly in deal {step.deal}, at {high} of {step.target}"
    elif step.by is not None:
        how = f"is out in deal {step.deal} on {step.by}, {high} to {low} at the deal's end"
    else:
        how = f"wins in deal {step.deal}, {high} to {low}"
    if step.lurch:
        return f"side {winner} {how}; side {loser} lurched (under 6): {games}"
    return f"side {winner} {how}: {games}"


# -- cassino solve and cassino advise -----------------------------------------------


def _position_options(command: F) -> F:
    """--piles, --sweeps, --last-taker and --declared: the cards each side has taken so
    far, the sweeps it has made, who took last, and the values declared this round."""
    options = (
        click.option(
            "--piles",
            metavar="P1 | P2 ...",
            help="The cards each side has taken so far, side 1 first ('-' for none).",
        ),
        click.option(
            "--sweeps",
            metavar="N,N,...",
            help="The sweeps each side has made so far, side 1 first (none by default).",
        ),
        click.option(
            "--last-taker",
            type=int,
            metavar="SEAT",
            help="The seat that took last (nobody by default).",
        ),
        _DECLARED,
    )
    return stacked(*options)(command)


def _signed(value: float, places: int = 0) -> str:
    return f"{value:+.{places}f}" if value else f"{0:.{places}f}"


def _listed(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _piles_line(
    form: Form, piles: Sequence[Sequence[Card]], sweeps: Sequence[int], last_taker: int | None
) -> str:
    parts = [f"{side_name(form, s)} {counted(len(p), 'card')}" for s, p in enumerate(piles, 1)]
    if any(sweeps):
        parts = [f"{part} and {counted(n, 'sweep')}" for part, n in zip(parts, sweeps, strict=True)]
    taker = "nobody has taken" if last_taker is None else f"seat {last_taker} took last"
    return f"taken: {', '.join(parts)}; {taker}"


@cassino.command(
    "solve",
    short_help="The rest of a deal played best by every side, every hand known.",
    epilog="""\b
Examples:
  cribcount cassino solve --table "5D 4C" --hands "9C 7H | 9D 2C"
  cribcount cassino solve --table "KH 4D 3C" --hands "7H | KD 5C" --seat 2 \\
      --piles "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2H 2D 2C 3H 3D 4H 4C 5H 5D \\
      | AH AC AD 10D 6H 6D 6C 7D 7C 8H 8D 8C 9H 9D 9C 10H 10C JH JD JC QH QD QC KC" \\
      --last-taker 1 --json
  cribcount cassino solve --players 3 --table "8H 5C" --hands "3C | 5D | 2H"
  cribcount cassino solve --table "5D" --hands "5C | 9H" --sweep-rule none
  cribcount cassino solve --file positions.txt
""",
)
@table_option
@click.option(
    "--hands", metavar="H1 | H2 ...", help="Every seat's hand, seat 1 first ('-' for none)."
)
@click.option("--seat", type=int, default=1, show_default=True, help="The seat to move.")
@_position_options
@click.option("--stock", metavar="CARDS", help="The stock still to come, in dealing order.")
@form_options
@sweep_rule_option
@json_option("the solution")
@file_option(
    "the table, the hands and any piles, then any of 'seat N', 'last-taker N', 'sweeps N,N',"
    " 'declared S:V' and 'stock CARDS' for that line, separated by '|',"
)
def cassino_solve(
    table: str | None,
    hands: str | None,
    seat: int,
    piles: str | None,
    sweeps: str | None,
    last_taker: int | None,
    declared: str | None,
    stock: str | None,
    game: str,
    players: int | None,
    partners: bool,
    aces: str,
    sweep_rule: str,
    as_json: bool,
    path: str | None,
) -> None:
    """The rest of the deal solved with every hand known: each side plays to
    make its own count of the whole deal less the other's (three or four each
    for himself: the player to move against all the others). The cards taken
    so far (--piles) and the seat that took last (--last-taker) count, since
    the majorities and the cards left at the end depend on them, and the
    sweeps made so far (--sweeps) with those of the rest, by --sweep-rule.
    Without --stock the deal ends when the hands are played out (the last
    round); with it, the stock is dealt in order, four to each seat a round,
    two at a time (Draw Cassino: drawn after each play).

    Prints the value for the side to move, the best line play by play, in
    the words 'cassino play' reads, and each side's points at its end.
    """
    form = make_form(game, players, partners, aces)
    sweeping = _Sweeps(sweep_rule.lower(), sweeps)
    if path is not None:
        not_in_batch(path, table=table, hands=hands, piles=piles, sweeps=sweeps)

        def handle(line: str) -> str:
            parts, given = _line_settings(line, SOLVE_SETTINGS)
            if len(parts) not in (1 + form.players, 1 + form.players + form.sides):
                raise CassinoError(
                    f"{counted(len(parts), 'part')} on the line: expected the table and"
                    f" {form.players} hands, then any {form.sides} piles, separated by '|'"
                    f" (and any of {', '.join(SOLVE_SETTINGS)}, each with its value)"
                )
            hands_text = " | ".join(parts[1 : 1 + form.players])
            piles_text = " | ".join(parts[1 + form.players :]) or None
            return _solved(
                form, _Sweeps(sweeping.rule, given.get("sweeps")), parts[0], hands_text,
                _number(given, "seat", seat), piles_text,
                _number(given, "last-taker", last_taker), given.get("declared", declared),
                given.get("stock", stock), as_json, True,
            )  # fmt: skip

        announce(_solver_note())
        batch(path, handle)
    if table is None or hands is None:
        fail("cassino solve needs --table and --hands (or --file)")
    announce(_solver_note())
    with reporting_errors():
        found = _solved(
            form, sweeping, table, hands, seat, piles, last_taker, declared, stock, as_json
        )
        write(found)


SETTINGS = ("seat", "last-taker", "sweeps", "declared")
"""What a batch line of ``cassino solve`` or ``cassino advise`` may give for itself after
its cards, each as a part of its own: the option of the same name, for that line."""
SOLVE_SETTINGS = (*SETTINGS, "stock")
ADVISE_SETTINGS = (*SETTINGS, "round")


def _line_settings(line: str, names: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """A batch line's parts (:func:`line_parts`) before its settings, and the settings:
    the last parts that open with one of ``names``, each that word and its value, as
    ``seat 2`` or ``last-taker 1``."""
    parts = line_parts(line)
    given: dict[str, str] = {}
    while parts:
        words = parts[-1].split(None, 1)
        if not words or words[0].lower() not in names:
            break
        name = words[0].lower()
        if name in given or len(words) < 2:
            raise CassinoError(f"{quoted(parts[-1])}: expected {name} once, with its value")
        given[name] = words[1].strip()
        parts = parts[:-1]
    return parts, given


def _number(given: Mapping[str, str], name: str, default: T) -> int | T:
    """The setting ``name`` of a batch line (:func:`_line_settings`) as a whole number, or
    ``default`` when the line has none."""
    if name not in given:
        return default
    text = given[name]
    if not (text.isdigit() and text.isascii() and len(text) < 4):
        raise CassinoError(f"{name} {quoted(text)}: expected a whole number, as {name} 2")
    return int(text)


def _solver_note(many: bool = False) -> str | None:
    """The solver's compile note (loaded with the solver, not at start-up): of one solve,
    or with ``many`` of advice's solves of many ways."""
    from cribcount.cassino.solve import compile_note

    return compile_note(many)


def _solved(
    form: Form,
    sweeping: _Sweeps,
    table_text: str,
    hands_text: str,
    seat: int,
    piles_text: str | None,
    last_taker: int | None,
    declared: str | None,
    stock_text: str | None,
    as_json: bool,
    one_line: bool = False,
) -> str:
    from cribcount.cassino.advise import read_hands, read_side_piles, solve_position

    table = read_table(table_text, form)
    hands = read_hands(hands_text, form)
    piles = read_side_piles(piles_text, form)
    stock = _stock(stock_text) or ()
    values = _declared(declared, form)
    solved = solve_position(
        form, table, hands, seat, piles, last_taker, stock, values, sweeping.rule, sweeping.made
    )
    solution = solved.solution
    if as_json:
        return dump_json(solved.to_json())
    points = ", ".join(f"{side_name(form, s)} {p}" for s, p in enumerate(solution.points, start=1))
    value = _signed(solution.value)
    if one_line:
        return f"{value} ({points}): {solution.line_text}"
    state = solved.state
    lines = [
        f"{form.title}{_sweeps_note(sweeping.rule)}: seat {seat} to play; the table"
        f" {state.table.notation() or 'empty'}",
        *(f"seat {s}: {format_cards(hand) or '-'}" for s, hand in enumerate(state.hands, start=1)),
        wrapped(_piles_line(form, state.piles, state.sweeps, state.last_taker)),
    ]
    if state.stock:
        lines.append(f"the stock: {counted(len(state.stock), 'card')}")
    rows = [
        (number, mover, write_play(move), move.points_under(sweeping.rule) or "", after.notation())
        for number, (mover, move, after) in enumerate(solved.plays, start=1)
    ]
    body = (
        fit_table(
            rows,
            ["play", "seat", "", "points", "table after"],
            ("right", "right", "left", "right", "left"),
            wrap=(4, 2),
            disable_numparse=True,
        )
        if rows
        else "no play left: every card has been played"
    )
    others = "the other's" if form.sides == 2 else "all the others'"
    lines += [
        "",
        body,
        "",
        wrapped(f"points at the end: {points}"),
        wrapped(
            f"value for {side_name(form, solution.side)}, to play: {value}"
            f" (its points less {others})"
        ),
    ]
    return "\n".join(lines)


@cassino.command(
    "advise",
    short_help="Every play of the player to move, by its mean solved value.",
    epilog="""\b
Examples:
  cribcount cassino advise --table "KH 4D 3C" --hand "KD 5C" --seat 2 \\
      --piles "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2H 2D 2C 3H 3D 4H 4C 5H 5D \\
      | AH AC AD 10D 6H 6D 6C 7D 7C 8H 8D 8C 9H 9D 9C 10H 10C JH JD JC QH QD QC KC" \\
      --last-taker 1 --json
  cribcount cassino advise --file positions.txt
""",
)
@table_option
@click.option("--hand", metavar="HAND", help="The cards of the player to move.")
@click.option("--seat", type=int, default=1, show_default=True, help="The seat to move.")
@_position_options
@click.option(
    "--round",
    "round_",
    type=int,
    metavar="K",
    help="The round of the deal, checked against the cards seen (found from them if not given).",
)
@form_options
@sweep_rule_option
@click.option(
    "--time",
    "time_limit",
    type=float,
    metavar="SECONDS",
    help="Sample for up to SECONDS when the ways are too many to solve each, stopping"
    " sooner once the best play leads the next by three standard errors of their"
    " difference (default 5).",
)
@click.option(
    "--samples",
    type=int,
    metavar="N",
    help="Sample N ways instead, however long they take (2 to 100,000).",
)
@click.option("--seed", type=int, default=2026, show_default=True, help="The seed of the samples.")
@json_option("the advice")
@file_option(
    "the table, the hand and any piles, then any of 'seat N', 'last-taker N', 'sweeps N,N',"
    " 'declared S:V' and 'round K' for that line, separated by '|',"
)
def cassino_advise(
    table: str | None,
    hand: str | None,
    seat: int,
    piles: str | None,
    sweeps: str | None,
    last_taker: int | None,
    declared: str | None,
    round_: int | None,
    game: str,
    players: int | None,
    partners: bool,
    aces: str,
    sweep_rule: str,
    time_limit: float | None,
    samples: int | None,
    seed: int,
    as_json: bool,
    path: str | None,
) -> None:
    """Every legal play of the player to move, best first, by the mean of the
    solved value of the rest of the deal after it (his side's count of the
    whole deal less the other's; three or four each for himself, less all the
    others') over every way the cards he has not seen can lie: every card not
    in his hand, on the table or in the piles taken so far (--piles, side 1
    first), in the other hands and in the stock's later deals.

    The seats play in turn from seat 1, so with seat N to move holding H
    cards, the seats before him hold H - 1 and those after him H; the rest is
    the stock, which gives the round. Up to 1,000 ways (or --samples, when
    more), each is solved and the figures are exact (the last round
    two-handed is one way: the other's hand). Beyond, ways are sampled, the
    same for every play, drawn from --seed: for --time SECONDS (5 by
    default), or sooner once the best play leads the next by three standard
    errors of their difference, or --samples N of them. Each figure comes
    with its standard error and that of its difference from the best; the
    samples used and why they stopped are printed, and the same seed and
    number of samples give the same figures, whatever the time.
    """
    form = make_form(game, players, partners, aces)
    sweeping = _Sweeps(sweep_rule.lower(), sweeps)
    if time_limit is not None and samples is not None:
        fail("--time and --samples exclude each other: give one")
    budget = _budget(time_limit, samples)
    if path is not None:
        not_in_batch(path, table=table, hand=hand, piles=piles, sweeps=sweeps)

        def handle(line: str) -> str:
            parts, given = _line_settings(line, ADVISE_SETTINGS)
            if len(parts) not in (2, 2 + form.sides):
                raise CassinoError(
                    f"{counted(len(parts), 'part')} on the line: expected the table and the"
                    f" hand, then any {form.sides} piles, separated by '|' (and any of"
                    f" {', '.join(ADVISE_SETTINGS)}, each with its value)"
                )
            piles_text = " | ".join(parts[2:]) or None
            return _advice(
                form, _Sweeps(sweeping.rule, given.get("sweeps")), parts[0], parts[1],
                _number(given, "seat", seat), piles_text,
                _number(given, "last-taker", last_taker), given.get("declared", declared),
                _number(given, "round", round_), budget, seed, as_json, True,
            )  # fmt: skip

        announce(_solver_note(many=True))
        batch(path, handle)
    if table is None or hand is None:
        fail("cassino advise needs --table and --hand (or --file)")
    announce(_solver_note(many=True))
    with reporting_errors():
        found = _advice(
            form, sweeping, table, hand, seat, piles, last_taker, declared, round_, budget,
            seed, as_json,
        )  # fmt: skip
        write(found)


def _budget(time_limit: float | None, samples: int | None) -> tuple[float | None, int | None]:
    """How long advice may sample: ``--time`` (5 s by default), or ``--samples``."""
    from cribcount.cassino.advise import TIME

    if samples is not None:
        return None, samples
    return (TIME if time_limit is None else time_limit), None


def _advice(
    form: Form,
    sweeping: _Sweeps,
    table_text: str,
    hand_text: str,
    seat: int,
    piles_text: str | None,
    last_taker: int | None,
    declared: str | None,
    round_: int | None,
    budget: tuple[float | None, int | None],
    seed: int,
    as_json: bool,
    one_line: bool = False,
) -> str:
    from cribcount.cassino.advise import STOPS, advise, read_side_piles

    table = read_table(table_text, form)
    hand = parse_cards(hand_text)
    piles = read_side_piles(piles_text, form)
    values = _declared(declared, form)
    time_limit, samples = budget
    of = "" if time_limit is None else f" of {time_limit:g} s"
    with Progress() as progress:
        advice = advise(
            form, table, hand, seat, piles, last_taker, round_, samples, seed, declared=values,
            sweep_rule=sweeping.rule, sweeps=sweeping.made, time_limit=time_limit,
            progress=lambda n, elapsed: progress.show(
                f"cassino advise: {counted(n, 'way')} solved, {elapsed:.1f} s{of}", elapsed
            ),
        )  # fmt: skip
    if as_json:
        return dump_json(advice.to_json())
    places = 2
    if one_line:
        best = advice.best
        how = (
            "exact"
            if advice.exact
            else f"±{best.stderr:.{places}f} over {counted(advice.samples or 0, 'sample')}"
        )
        return f"{best.text}: {_signed(best.value, places)} ({how})"
    unseen = advice.unseen
    where = [f"seat {s}'s hand of {n}" for s, n in enumerate(advice.sizes, 1) if s != seat]
    if unseen.stock:
        where.append(f"a stock of {unseen.stock}")
    when = "" if unseen.round is None else f" in round {unseen.round}"
    lines = [
        wrapped(
            f"{form.title}{_sweeps_note(sweeping.rule)}: seat {seat} to play{when}, holding"
            f" {format_cards(advice.hand)};"
            f" the table {table.notation() or 'empty'}"
        ),
        wrapped(_piles_line(form, advice.piles, advice.sweeps, advice.last_taker)),
        wrapped(f"unseen: {counted(len(unseen.cards), 'card')}, in {_listed(where)}"),
    ]
    best = advice.best
    rows: list[tuple[str, ...]] = [
        (
            option.text,
            _signed(option.value, places),
            f"{option.stderr:.{places}f}",
            "" if option is best else f"{option.diff_stderr:.{places}f}",
        )
        for option in advice.options
    ]
    headers: list[str] = ["play", "value", "std\nerror", "diff\nerror"]
    align: tuple[str, ...] = ("left", "right", "right", "right")
    if advice.exact:
        rows = [row[:2] for row in rows]
        headers, align = headers[:2], align[:2]
        over = f"{counted(advice.ways, 'way')} the unseen cards can lie: exact"
    else:
        over = (
            f"{counted(advice.samples or 0, 'sample')} of the {counted(advice.ways, 'way')}"
            f" the unseen cards can lie (seed {advice.seed}), with its standard error"
        )
    body = fit_table(rows, headers, align, wrap=(0,), disable_numparse=True)
    others = "the other's" if form.sides == 2 else "all the others'"
    who = side_name(form, form.side(seat))
    lines += ["", body, "", wrapped(f"value: {who}'s points less {others}, the mean over {over}")]
    if not advice.exact:
        stopped = STOPS[advice.stopped]
        if advice.stopped == "time":
            stopped += f" ({advice.time_limit:g} s)"
        lines.append(wrapped(f"stopped: {stopped}"))
    lines += map(wrapped, _margin(advice, places))
    return "\n".join(lines)


def _margin(advice: Advice, places: int) -> list[str]:
    """The plays as good as the best, and whether the best is separated from the next,
    said when sampled (exact: the plays worth as much as the best, a tie)."""
    lines = []
    if advice.alike:
        plays = ", ".join(option.text for option in advice.alike)
        lines.append(
            f"as good as the best{'' if advice.exact else ' in every way sampled'}: {plays}"
        )
    runner = advice.next_best
    if runner is None or advice.exact:
        return lines
    gap = f"{advice.best.value - runner.value:.{places}f}"
    sure = f"± {runner.diff_stderr:.{places}f}"
    if advice.separated:
        lines.append(f"the best is separated from the next, {runner.text}, by {gap} ({sure})")
    else:
        lines.append(
            f"a toss-up within the samples: the next, {runner.text}, is {gap} behind ({sure})"
        )
    return lines
