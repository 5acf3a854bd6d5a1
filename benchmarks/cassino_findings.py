"""Cassino's suggestions for good play, checked by the advice.

Run: python benchmarks/cassino_findings.py

The suggestions: take in the adversary's build in preference to your own; with a nine
and 2 2 5 7 on the table, take in the 2 2 5 rather than the 2 7 (make combinations that
take in as many cards as possible); while big Cassino is still to come, do not trail a
card that makes ten with the table; do not take in three court cards (classic Cassino:
a court card only pairs), since the fourth, when it appears, can take nothing and stops
every sweep.

For each, a position built by hand in the last round two-handed, where the unseen cards
are the other's hand (one way, so the advice is exact), and the advice's figures for the
play the suggestion prefers and the play it warns off: the mean solved value of the rest
of the deal after each, the mover's side's points less the other's. The piles taken so
far hold the rest of the pack: the eldest's every spade not in play and then other cards
without an ace or big Cassino, up to the count shown; the dealer's the rest, the aces of
hearts, diamonds and clubs and big Cassino (when not in play) among them. So the eldest
has most spades, little Cassino and the ace of spades, the dealer the other points out
of play, and the cards, the sweeps and the cards in play decide. The advice agrees with
the suggestion when the play it prefers is worth more.

The table it prints is plain markdown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cribcount.cards import Card, format_cards, parse_cards
from cribcount.cassino.advise import Advice, AdviceOption, advise
from cribcount.cassino.forms import Form
from cribcount.cassino.table import read_table

OTHER_POINTS = parse_cards("AH AD AC 10D")
SEATS = {1: "eldest", 2: "dealer"}


@dataclass(frozen=True)
class Finding:
    """One suggestion at one position of the last round: the table, the mover's seat
    and hand, the other's hand, the eldest's pile's size, the last taker, and the plays
    compared, in the words of the advice."""

    suggestion: str
    table: str
    seat: int
    mine: str
    his: str
    first: int
    last_taker: int
    prefers: str
    warns: str


FINDINGS = (
    Finding(
        "take the adversary's build in preference to your own",
        "[5H 3H]@1 [4C 5C]@2",
        1,
        "8D 9D",
        "9H 7C",
        22,
        2,
        "9D takes 4C 5C",
        "8D takes 3H 5H",
    ),
    Finding(
        "with a nine, take the 2 2 5 of 2 2 5 7, not the 2 7",
        "2H 2D 5C 7H",
        2,
        "9C 7D",
        "5H",
        22,
        1,
        "9C takes 2H 2D 5C",
        "9C takes 2H 7H",
    ),
    Finding(
        "big Cassino to come: trail no card that makes ten with the table",
        "6H 3D",
        2,
        "4C KH",
        "10D",
        22,
        2,
        "KH trails",
        "4C trails",
    ),
    Finding(
        "take in no three court cards: the fourth stops every sweep",
        "KH KD 5C",
        2,
        "KC KS",
        "5H",
        26,
        1,
        "KC takes KH",
        "KC takes KH KD",
    ),
)


def rest_as_piles(in_play: Sequence[Card], first: int) -> list[list[Card]]:
    """The cards not in play as the two piles (see the module docstring)."""
    rest = [Card.from_id(i) for i in range(52) if Card.from_id(i) not in in_play]
    spades = [card for card in rest if card.suit == "S"]
    plain = [card for card in rest if card.suit != "S" and card not in OTHER_POINTS]
    eldest = spades + plain[: first - len(spades)]
    return [eldest, [card for card in rest if card not in eldest]]


def advice_of(finding: Finding) -> Advice:
    form = Form()
    table = read_table(finding.table, form)
    mine, his = parse_cards(finding.mine), parse_cards(finding.his)
    piles = rest_as_piles([*table.cards, *mine, *his], finding.first)
    return advise(form, table, mine, finding.seat, piles, finding.last_taker)


def position(finding: Finding, advice: Advice) -> str:
    other = 3 - finding.seat
    taken = " to ".join(str(len(pile)) for pile in advice.piles)
    return (
        f"table {advice.table}; {SEATS[finding.seat]} to play {format_cards(advice.hand)},"
        f" {SEATS[other]} {finding.his}; taken {taken},"
        f" {SEATS[finding.last_taker]} took last"
    )


def figure(option: AdviceOption) -> str:
    if option.stderr:
        return f"{option.value:+.2f} ± {option.stderr:.2f}"
    return f"{option.value:+.2f}"


def verdict(prefers: AdviceOption, warns: AdviceOption, best: AdviceOption) -> str:
    if prefers.value > warns.value:
        said = f"agrees, by {prefers.value - warns.value:.2f}"
    elif prefers.value < warns.value:
        said = f"disagrees, by {warns.value - prefers.value:.2f}"
    else:
        said = "no difference"
    if prefers.value == best.value:
        return f"{said}; as good as any"
    return f"{said}; the best is {best.text} ({figure(best)})"


def main() -> None:
    rows = []
    for finding in FINDINGS:
        advice = advice_of(finding)
        options = {option.text: option for option in advice.options}
        prefers, warns = options[finding.prefers], options[finding.warns]
        exact = "exact" if advice.exact else f"{advice.samples:,} samples, seed {advice.seed}"
        rows.append(
            [
                finding.suggestion,
                position(finding, advice),
                f"{prefers.text}: {figure(prefers)}",
                f"{warns.text}: {figure(warns)}",
                f"{verdict(prefers, warns, advice.best)} ({exact})",
            ]
        )
    header = ["suggestion", "position (last round)", "preferred", "warned off", "the advice"]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    print("value: the mover's side's points less the other's over the rest of the deal,")
    print("the other's hand known (the last round two-handed: one way, exact)")


if __name__ == "__main__":
    main()
