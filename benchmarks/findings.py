"""The old books' advice by the score, checked against the chance of winning the game.

Run: python benchmarks/findings.py [--samples N]

The books say: early in the game keep a counting hand; near the end, with four or five
points to go, a pegging hand; when behind, play on (keep the cards that invite a count
and can answer it: close cards, a run); when safe at home (at home, 29 or more in
six-card after two deals, and seven or more ahead on even deals), play off (keep cards
on which the other can hardly score: an ace, a two or a three to lead, no close cards).
For each piece of advice, a hand chosen to put it to the test, at a score where the
books give it: the chance of winning of the book's choice of lay-out against the best
for the game and the best for points, from ``advise_to_score`` (the same samples for
every lay-out of a position), and whether the chance of winning agrees. The book's
choice agrees when it is the best for the game, or within two standard errors of it.

Then the five-card example of "a game is never won until it is lost": the pone 56 up,
the dealer 5, before the deal, each side's chance of winning from the table of chances;
and the same after the book's deal, the pone at 60 wanting one, the dealer at 54, the
deal passing to the player at 60.

Every figure depends on the policy and the deals (or samples) that are printed with it.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from cribcount.cards import notations, parse_cards
from cribcount.cribbage.odds import load_table
from cribcount.cribbage.score_advice import SAMPLES, ScoreAdvice, ScoreOption, advise_to_score
from cribcount.margins import leads


@dataclass(frozen=True)
class Finding:
    """One piece of the books' advice, at one position, with the book's lay-outs (any of them)."""

    advice: str
    hand: str
    dealer: bool
    me: int
    him: int
    book: tuple[str, ...]
    why: str


# The dealer's 5H 5S JD 6C 9S KC has a plain counting keep, 5 5 J K (laying out 6 9: the
# best net by far, 17.37), and a plain pegging keep, 5 5 6 9 (laying out J K: low cards
# to play, a pair to answer a pair, and 6 9 for fifteens at any count), so the same hand
# shows both the early advice and the late one. Near the end the book's choice is any
# of the pegging keeps: 5 5 6 with a fourth card (laying out two of 9 J K).
COUNTING_HAND = "5H 5S JD 6C 9S KC"
# The pone's 7H 8D 9C KS 5H 2S can keep the run 5 7 8 9 (laying out 2 K: the best net,
# and the play-on keep: close cards that invite a run and extend it), or 2 5 7 8 (laying
# out 9 K: the play-off keep, a two to lead on which no fifteen can be made, and no run
# of three close cards), at a cost of less than half a point of net.
RUN_HAND = "7H 8D 9C KS 5H 2S"
PEGGING = ("JD KC", "9S KC", "9S JD")

FINDINGS = (
    Finding(
        "early in the game, keep a counting hand",
        COUNTING_HAND,
        True,
        0,
        0,
        ("6C 9S",),
        "the first deal: nothing to win or lose but points",
    ),
    Finding(
        "near the end, with four to go, keep a pegging hand",
        COUNTING_HAND,
        True,
        117,
        115,
        PEGGING,
        "the dealer needs 4, the pone 6 and shows first",
    ),
    Finding(
        "near the end, with five to go, keep a pegging hand",
        COUNTING_HAND,
        True,
        116,
        116,
        PEGGING,
        "both need 5, the pone shows first",
    ),
    Finding(
        "when behind, play on",
        RUN_HAND,
        False,
        29,
        36,
        ("2S KS",),
        "at home after two deals, but seven behind",
    ),
    Finding(
        "when behind, play on",
        RUN_HAND,
        False,
        60,
        75,
        ("2S KS",),
        "fifteen behind in the middle of the game",
    ),
    Finding(
        "when safe at home, play off",
        RUN_HAND,
        False,
        36,
        29,
        ("9C KS",),
        "at home after two deals and seven ahead: the books' 'safe at home'",
    ),
    Finding(
        "when safe at home, play off",
        RUN_HAND,
        False,
        75,
        60,
        ("9C KS",),
        "fifteen ahead in the middle of the game",
    ),
    Finding(
        "when safe at home, play off",
        RUN_HAND,
        False,
        100,
        80,
        ("9C KS",),
        "twenty ahead near the end",
    ),
)


def cards(option: ScoreOption) -> str:
    return " ".join(notations(option.lay_out))


def figure(option: ScoreOption) -> str:
    """A lay-out's net and chance of winning, with its standard error."""
    return (
        f"lay out {cards(option)} (keep {' '.join(notations(option.keep))}):"
        f" net {option.net:.3f}, win {100 * option.win:.2f}% ± {100 * option.stderr:.2f}"
    )


def verdict(advice: ScoreAdvice, book: ScoreOption) -> str:
    """Whether the chance of winning agrees with the book's choice."""
    best = advice.best_for_the_game
    behind = 100 * (best.win - book.win)
    if best.lay_out == book.lay_out:
        runner = advice.next_best
        if advice.separated or runner is None:
            return "agrees: the book's choice is the best for the game, separated from the next"
        return (
            "agrees: the book's choice is the best for the game, a toss-up within the samples"
            f" with {cards(runner)} ({100 * (best.win - runner.win):.2f} percentage points"
            f" behind, ± {100 * runner.diff_stderr:.2f})"
        )
    if not leads(best.win - book.win, book.diff_stderr):
        return (
            f"too close to call: {behind:.2f} percentage points behind the best, within two"
            f" standard errors of their difference (± {100 * book.diff_stderr:.2f})"
        )
    return f"disagrees: the book's choice wins {behind:.2f} percentage points less than the best"


def lay_out_findings(samples: int) -> None:
    for finding in FINDINGS:
        advice = advise_to_score(
            parse_cards(finding.hand), "six", finding.dealer, finding.me, finding.him, samples
        )
        books = [set(parse_cards(lay_out)) for lay_out in finding.book]
        # options are best first: the first of the book's lay-outs is its best
        book = next(o for o in advice.options if set(o.lay_out) in books)
        print(f"advice: {finding.advice}")
        print(
            f"  position: six-card, {finding.hand}, you {advice.role} at {finding.me},"
            f" he at {finding.him} ({finding.why})"
        )
        print(f"  the book's choice:    {figure(book)}")
        print(f"  best for the game:    {figure(advice.best_for_the_game)}")
        print(f"  best for points:      {figure(advice.best_for_points)}")
        print(f"  {verdict(advice, book)}")
        print()
    print(f"{samples:,} samples of the rest of each deal, seed {advice.seed}, the same for each")
    print(f"lay-out of a position; policy: {advice.policy}")
    print()


def five_card_example() -> None:
    table = load_table("five")
    print("advice: in five-card, a game is never won until it is lost")
    before = (table.odds(56, 5, "pone"), table.odds(5, 56, "dealer"))
    print("  position: five-card to 61, before the deal, the pone 56 up, the dealer 5")
    print(
        f"  the pone wins {100 * before[0].win:.7f}% (lurching the dealer"
        f" {100 * before[0].lurch:.2f}%); the dealer wins {before[1].win:.3g},"
        f" one game in {1 / before[1].win:,.0f}"
    )
    after = (table.odds(60, 54, "dealer"), table.odds(54, 60, "pone"))
    print(
        "  after the book's deal (the dealer's double pair royal, 31, 12 in hand and 17 in"
        " crib), the player at 60 wanting one deals, the other at 54:"
    )
    print(
        f"  the player at 60 wins {100 * after[0].win:.2f}%, the player at 54"
        f" {100 * after[1].win:.2f}%; were the one at 60 the pone, showing first, he would"
        f" win {100 * table.odds(60, 54, 'pone').win:.2f}%"
    )
    print(
        "  the model agrees: 56 to 5 is never quite won, and one hole short with the"
        " deal is lost about one game in seven"
    )
    print(f"over {table.deals:,} simulated deals; policy: {table.policy}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=SAMPLES)
    arguments = parser.parse_args()
    lay_out_findings(arguments.samples)
    five_card_example()


if __name__ == "__main__":
    main()
