"""The Conquian commands (``cribcount conquian ...``) and their renderers."""

from __future__ import annotations

from collections.abc import Sequence

import click

from cribcount.cards import Card, format_cards
from cribcount.cli.common import (
    F,
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
    stacked,
    symbols_option,
    wrapped,
    write,
)
from cribcount.conquian import (
    PACKS,
    Combination,
    Figures,
    Force,
    Meld,
    Position,
    UseAdvice,
    get_pack,
    meld,
    read_table,
    use_card,
)
from cribcount.conquian.pack import read_card, read_cards
from cribcount.errors import HandError
from cribcount.words import counted

SHOWN = 10
"""The arrangements the text lists; ``--json`` gives every one."""

_HAND = "♡ J 7 6 4; ♠ 5 3 2; ♢ K 7 5"


@main.group(short_help="Conquian: melds, outs, using an offered card, forcing.")
def conquian() -> None:
    """Conquian, the rummy of the Mexican border, for two: ten cards each, of
    a 40-card pack (Spanish, A to 7 and J Q K, the 7 next below the jack; or
    American, A to 10) or the full 52. Sequences of one suit, triplets and
    fours are laid down, only with a card offered; eleven cards down win."""


def position_options(command: F) -> F:
    """--table, --their-table, --seen, --pack and --force: what the player sees."""
    options = (
        click.option(
            "--table",
            metavar="COMBINATIONS",
            help="The player's combinations on the table, separated by '|': '4H 5H 6H | 7C 7D 7S'.",
        ),
        click.option(
            "--their-table",
            metavar="COMBINATIONS",
            help="The opponent's combinations on the table, written the same way.",
        ),
        click.option(
            "--seen",
            metavar="CARDS",
            help="Cards passed or discarded in sight: gone, so not among the unseen.",
        ),
        choice_option(
            "--pack",
            choices=tuple(PACKS),
            default="spanish",
            show_default=True,
            help="spanish (A-7 and J Q K), american (A-10) or full (52 cards).",
        ),
        click.option(
            "--force",
            is_flag=True,
            help="List the cards that could be forced on the opponent's combinations.",
        ),
    )
    return stacked(*options)(command)


def _position(
    hand: str, table: str | None, theirs: str | None, seen: str | None, pack_name: str
) -> Position:
    pack = get_pack(pack_name)
    cards = read_cards(hand, pack, "the hand")
    return Position(
        cards,
        read_table(table or "", pack, "the table"),
        read_table(theirs or "", pack, "the opponent's table"),
        read_cards(seen or "", pack, "the cards seen"),
        pack,
    )


def _parts(line: str, least: int, most: int, what: str) -> list[str]:
    """A batch line's parts separated by ``/``, the missing ones empty."""
    parts = [part.strip() for part in line.split("/")]
    if not least <= len(parts) <= most:
        raise HandError(
            f"{counted(len(parts), 'part')} on the line: expected {what}, separated by '/'"
        )
    return parts + [""] * (most - len(parts))


@conquian.command(
    "meld",
    short_help="The arrangements that lay down the most cards, and the outs.",
    epilog=f"""\b
Examples:
  cribcount conquian meld "{_HAND}"
  cribcount conquian meld 7H 2S 3S 5S --table "4H 5H 6H | 7C 7D 7S"
  cribcount conquian meld 8C 9C 10C 2D 3D 4D 5S 5H 7S 7D --pack american --json
  cribcount conquian meld --file hands.txt
""",
)
@cards_argument("hand")
@position_options
@json_option("the meld")
@symbols_option
@file_option("a hand, then any table, the opponent's table and the cards seen, separated by '/', ")
def conquian_meld(
    hand: tuple[str, ...],
    table: str | None,
    their_table: str | None,
    seen: str | None,
    pack: str,
    force: bool,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Meld a hand of Conquian: the arrangements of its cards, with the
    player's combinations on the table (grown, and lending what borrowing
    allows), that lay down the most cards; the cards loose in all of them;
    and the outs, the unseen cards that, offered next, would let him lay
    down all eleven and go out, with the chance that the next card is one.

    The hand and the table hold ten cards together; "down" counts every card
    that would be on his table, those already there included. A card is
    unseen unless in the hand, on either table, or among --seen.
    """
    text = single_or_batch(hand, path, "HAND")
    if path is not None:
        not_in_batch(path, table=table, their_table=their_table, seen=seen)

        def handle(line: str) -> str:
            held, own, theirs, gone = _parts(
                line, 1, 4, "the hand, the table, the opponent's table and the seen"
            )
            result = meld(_position(held, own, theirs, gone, pack), force)
            return dump_json(result.to_json()) if as_json else _meld_line(result, symbols)

        batch(path, handle)
    with reporting_errors():
        result = meld(_position(text, table, their_table, seen, pack), force)
    write(dump_json(result.to_json()) if as_json else "\n".join(_meld_text(result, symbols)))


@conquian.command(
    "use",
    short_help="Every way to use an offered card, each discard after it, and passing.",
    epilog=f"""\b
Examples:
  cribcount conquian use 5H --hand "{_HAND}"
  cribcount conquian use 4S --hand "7H 2S 3S 5S" --table "4H 5H 6H | 7C 7D 7S"
  cribcount conquian use KH --hand "KS KD 2C 3C 4C 6D" --table "AH 2H 3H 4H" \\
      --their-table "5C 6C 7C" --force
  cribcount conquian use --file offers.txt --json
""",
)
@click.argument("card", required=False)
@click.option("--hand", metavar="CARDS", help="The cards in the player's hand.")
@position_options
@json_option("the uses")
@symbols_option
@file_option(
    "the card offered, the hand, then any table, the opponent's table and the cards seen, "
    "separated by '/',"
)
def conquian_use(
    card: str | None,
    hand: str | None,
    table: str | None,
    their_table: str | None,
    seen: str | None,
    pack: str,
    force: bool,
    as_json: bool,
    symbols: bool,
    path: str | None,
) -> None:
    """Every legal way to use the offered CARD: the combination it grows or
    makes (with the hand's cards shown in it, and any card borrowed), each
    with every discard after it, or going out when every card left can be
    laid down. Ranked by going out, then by the outs left and their chance,
    then by the useful cards left (the unseen cards that, offered next,
    would lay down more), then by the fewer cards shown. Passing is weighed
    the same way, the card no longer unseen.
    """
    if path is not None:
        not_in_batch(path, card=card, hand=hand, table=table, their_table=their_table, seen=seen)

        def handle(line: str) -> str:
            offered, held, own, theirs, gone = _parts(
                line, 2, 5, "the card, the hand, the table, the opponent's table and the seen"
            )
            result = _use(offered, _position(held, own, theirs, gone, pack), force)
            return dump_json(result.to_json()) if as_json else _use_line(result, symbols)

        batch(path, handle)
    if card is None:
        fail("missing CARD: give the card offered, or --file PATH for a file of them")
    if hand is None:
        fail("conquian use needs --hand (or --file)")
    with reporting_errors():
        result = _use(card, _position(hand, table, their_table, seen, pack), force)
    write(dump_json(result.to_json()) if as_json else "\n".join(_use_text(result, symbols)))


def _use(card: str, position: Position, force: bool) -> UseAdvice:
    return use_card(read_card(card, position.pack, "the card offered"), position, force)


# -- text ---------------------------------------------------------------------


def _cards(cards: Sequence[Card], symbols: bool) -> str:
    return format_cards(cards, symbols) if cards else "none"


def _combos(combos: Sequence[Combination], symbols: bool) -> str:
    return " | ".join(format_cards(combo.cards, symbols) for combo in combos)


def _heading(position: Position, symbols: bool) -> list[str]:
    lines = [f"Conquian, {position.pack.title}: hand {_cards(position.hand, symbols)}"]
    if position.table:
        lines.append(f"table: {_combos(position.table, symbols)}")
    if position.their_table:
        lines.append(f"their table: {_combos(position.their_table, symbols)}")
    if position.seen:
        lines.append(f"seen: {format_cards(position.seen, symbols)}")
    return lines


def _chance(outs: int, unseen: int) -> str:
    if not outs:
        return "0"
    return f"{outs}/{unseen} = {outs / unseen:.4f}"


def _outs(outs: Sequence[Card], unseen: int, symbols: bool) -> str:
    if not outs:
        return f"outs: none of {counted(unseen, 'unseen card')}"
    return (
        f"outs: {format_cards(outs, symbols)}, {len(outs)} of {counted(unseen, 'unseen card')} "
        f"(chance {_chance(len(outs), unseen)})"
    )


def _force(force: Sequence[Force] | None, position: Position, symbols: bool) -> list[str]:
    if force is None:
        return []
    if not position.their_table:
        return ["forcing: the opponent has no combination on the table"]
    if not force:
        return ["forcing: no card held or unseen fits the opponent's combinations"]
    return [
        wrapped(
            "forcing: "
            + "; ".join(
                f"{f.card.notation(symbols)} on {format_cards(f.on.cards, symbols)} "
                f"({'held' if f.held else 'unseen'})"
                for f in force
            )
        )
    ]


def _meld_text(result: Meld, symbols: bool) -> list[str]:
    lines = _heading(result.position, symbols)
    count = len(result.arrangements)
    if result.down == 0:
        lines.append("down 0 of 10: no combination")
    else:
        lines.append(f"down {result.down} of 10, {counted(count, 'arrangement')}:")
        lines += [f"  {_combos(each, symbols)}" for each in result.arrangements[:SHOWN]]
        if count > SHOWN:
            lines.append(f"  and {count - SHOWN} more (--json gives every one)")
    if result.loose:
        where = " in every one" if count > 1 else ""
        lines.append(f"loose{where}: {format_cards(result.loose, symbols)}")
    lines.append(_outs(result.outs, result.unseen, symbols))
    return lines + _force(result.force, result.position, symbols)


def _meld_line(result: Meld, symbols: bool) -> str:
    best = _combos(result.arrangements[0], symbols) if result.arrangements else "nothing"
    outs = len(result.outs)
    return (
        f"{format_cards(result.position.hand, symbols)}: down {result.down} ({best}); "
        f"outs {outs} of {result.unseen}"
    )


def _use_name(combo: Combination, grows: Combination | None, symbols: bool) -> str:
    name = format_cards(combo.cards, symbols)
    return f"{name} (grows {format_cards(grows.cards, symbols)})" if grows else name


def _figures_cells(figures: Figures) -> tuple[int, str, int]:
    return len(figures.outs), _chance(len(figures.outs), figures.unseen), len(figures.useful)


def _use_text(result: UseAdvice, symbols: bool) -> list[str]:
    lines = _heading(result.position, symbols)
    card = result.card.notation(symbols)
    lines.append(f"offered {card}; {counted(result.unseen, 'unseen card')}")
    if not result.uses:
        lines.append(f"the {card} cannot be used: pass it")
    else:
        rows: list[tuple[str, str, str, object, object, object]] = []
        for use in result.uses:
            name = _use_name(use.combination, use.grows, symbols)
            shown = _cards(use.shown, symbols)
            for borrow in use.borrowed:
                name += f", {borrow.card.notation(symbols)} borrowed"
            if use.goes_out:
                rows.append((name, shown, "goes out", "", "", ""))
                continue
            for number, discard in enumerate(use.discards):
                mark = " (forces)" if discard.forces else ""
                cells = _figures_cells(discard.figures)
                first = number == 0
                rows.append(
                    (
                        name if first else "",
                        shown if first else "",
                        discard.card.notation(symbols) + mark,
                        *cells,
                    )
                )
        lines += [
            "",
            fit_table(
                rows,
                ("use", "shown", "discard", "outs", "chance", "useful"),
                ("left", "left", "left", "right", "right", "right"),
                wrap=(0,),
            ),
            "",
        ]
    passing = result.passing
    outs, chance, useful = _figures_cells(passing)
    verdict = ""
    if result.uses:
        verdict = (
            "; passing keeps more outs"
            if result.passing_keeps_more
            else "; passing keeps no more outs"
        )
    lines.append(f"passing: {counted(outs, 'out')} (chance {chance}), {useful} useful{verdict}")
    return lines + _force(result.force, result.position, symbols)


def _use_line(result: UseAdvice, symbols: bool) -> str:
    card = result.card.notation(symbols)
    passing = f"passing {counted(len(result.passing.outs), 'out')}"
    if not result.uses:
        return f"{card}: cannot be used; {passing}"
    best = result.uses[0]
    name = format_cards(best.combination.cards, symbols)
    if best.goes_out:
        return f"{card}: {name}, goes out"
    discard = best.discards[0]
    return (
        f"{card}: {name}, discard {discard.card.notation(symbols)}: "
        f"{counted(len(discard.figures.outs), 'out')} of {result.unseen}; {passing}"
    )
