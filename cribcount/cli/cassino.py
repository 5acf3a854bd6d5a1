"""The Cassino commands (``cribcount cassino ...``) and their renderers."""

from __future__ import annotations

from collections.abc import Sequence

import click

from cribcount.cards import Card, format_cards, parse_cards
from cribcount.cassino.deal import DealPlayed, replay_deal
from cribcount.cassino.forms import GAMES, CassinoError, Form
from cribcount.cassino.moves import Position, check_position, legal_moves
from cribcount.cassino.notation import split_plays, write_play
from cribcount.cassino.table import read_table
from cribcount.cli.common import (
    F,
    batch,
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
    split_line,
    write,
)
from cribcount.errors import quoted
from cribcount.words import counted


@main.group(short_help="Cassino: the plays of a position, a deal checked and counted, the game.")
def cassino() -> None:
    """Cassino, for two to four players or two partnerships, in its classic,
    Royal, Spade and Draw forms: every legal play of a position, a whole deal
    replayed and checked, the count of a deal, and the game settled."""


def form_options(command: F) -> F:
    """--game, --players, --partners and --aces: the form of Cassino played."""
    options = (
        choice_option(
            "--game",
            choices=GAMES,
            default="classic",
            show_default=True,
            help="The form: classic, royal (J 11, Q 12, K 13), spade (every spade a point) "
            "or draw (a card drawn after each play).",
        ),
        players_option,
        click.option(
            "--partners",
            is_flag=True,
            help="Four players as two partnerships, 1 and 3 against 2 and 4.",
        ),
        click.option(
            "--aces",
            type=click.Choice(["1", "14"]),
            default="1",
            help="What an ace counts: 14 in Royal Cassino by agreement.",
        ),
    )
    for option in reversed(options):
        command = option(command)
    return command


def make_form(game: str, players: int | None, partners: bool, aces: str) -> Form:
    """The form the options give (two players, or four with --partners, by default)."""
    with reporting_errors():
        return Form(game.lower(), players or (4 if partners else 2), partners, int(aces))


def _declared(text: str | None, form: Form) -> dict[int, frozenset[int]]:
    """``--declared 3:9,4:7``: the values each seat has declared this round."""
    found: dict[int, set[int]] = {}
    for part in (text or "").replace(",", " ").split():
        seat, colon, value = part.partition(":")
        if not colon or not seat.isdigit() or not value.isdigit():
            raise CassinoError(
                f"--declared {quoted(part)}: expected SEAT:VALUE, as 3:9 (seat 3 has built for 9)"
            )
        form.check_seat(int(seat))
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
@click.option("--table", metavar="TABLE", help='The table: "5D 4C [6S 3H] [5C|3D 2H]@2".')
@click.option("--hand", metavar="HAND", help="The cards of the player to move.")
@click.option("--seat", type=int, default=1, show_default=True, help="The seat to move.")
@click.option(
    "--declared",
    metavar="SEAT:VALUE,...",
    help="With partners, values seats have built for this round and not played since.",
)
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
    value he still holds (with partners, or his partner declared).
    """
    form = make_form(game, players, partners, aces)
    if path is not None:
        not_in_batch(path, table=table, hand=hand)

        def handle(line: str) -> str:
            table_text, hand_text = split_line(line, 2, "the table and the hand")
            return _moves(form, table_text, hand_text, seat, declared, as_json)

        batch(path, handle)
    if table is None or hand is None:
        fail("cassino moves needs --table and --hand (or --file)")
    with reporting_errors():
        write(_moves(form, table, hand, seat, declared, as_json))


def _moves(
    form: Form, table_text: str, hand_text: str, seat: int, declared: str | None, as_json: bool
) -> str:
    table = read_table(table_text, form)
    hand = parse_cards(hand_text)
    clash = sorted(set(hand) & set(table.cards), key=lambda card: card.id)
    if clash:
        raise CassinoError(f"{clash[0]} is both in the hand and on the table: expected it once")
    if len(hand) > 4:
        raise CassinoError(f"a hand of {len(hand)} cards: a Cassino hand holds four at most")
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
                "moves": [move.to_json() for move in moves],
            }
        )
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
    return f"{head}\n\n{body}\n\n{len(moves)} legal plays"


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
            return _played(form, table_text, plays_text, (), None, as_json)

        batch(path, handle)
    if table is None:
        fail("cassino play needs --table, the four cards dealt face up")
    with reporting_errors():
        write(_played(form, table, " ".join(plays), hands, stock, as_json))


def _played(
    form: Form,
    table_text: str,
    plays_text: str,
    hands_text: Sequence[str],
    stock_text: str | None,
    as_json: bool,
) -> str:
    table = parse_cards(table_text)
    hands = [[parse_cards(hand) for hand in text.split("|")] for text in hands_text] or None
    stock = parse_cards(stock_text) if stock_text else None
    deal = replay_deal(form, table, split_plays(plays_text), hands, stock)
    if as_json:
        return dump_json(deal.to_json())
    return _deal_text(deal)


def _deal_text(deal: DealPlayed) -> str:
    rows = [
        (
            play.number,
            play.round,
            play.seat,
            play.text,
            play.move.points or "",
            play.table.notation(),
        )
        for play in deal.plays
    ]
    body = fit_table(
        rows,
        ["play", "round", "seat", "", "points", "table after"],
        ("right", "right", "right", "left", "right", "left"),
        wrap=(5, 3),
    )
    lines = [f"{deal.form.title}: the table {deal.start.notation()}", "", body, ""]
    for side, (pile, sweeps) in enumerate(zip(deal.piles, deal.sweeps, strict=True), start=1):
        lines.append(_side_line(deal.form, side, pile, sweeps))
    if not deal.over:
        lines.append(f"the deal goes on: {len(deal.plays)} plays made")
    elif deal.left:
        lines.append(f"left to seat {deal.last_taker}, who took last: {format_cards(deal.left)}")
    return "\n".join(lines)


def _side_line(form: Form, side: int, pile: Sequence[Card], sweeps: int) -> str:
    who = f"seats {side} and {side + 2}" if form.partners else f"seat {side}"
    spades = sum(card.suit == "S" for card in pile)
    return (
        f"{who}: {counted(len(pile), 'card')}, {counted(spades, 'spade')},"
        f" {counted(sweeps, 'sweep')}"
    )
