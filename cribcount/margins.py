"""How sure a choice among sampled options is, the same in every game's advice.

The options of an advice share their samples (the same deals, the same ways the cards
lie), so what tells two of them apart is the spread of their difference sample by
sample: its standard error, the standard deviation of the differences (over ``n - 1``)
over the square root of ``n``. The best option is *separated* from the next when it
leads it by at least :data:`SEPARATION` of them; closer, the choice is a toss-up within
the samples. Exact figures (of standard error 0) are separated when they differ at all.
An option worth as much as the best in every sample (their difference 0, its error 0)
is *alike* it: as good a choice, as far as the figures tell, and the next to separate
from is the first option that is not.
"""

from __future__ import annotations

SEPARATION = 2
"""The standard errors of their difference by which the best must lead the next to be
separated from it."""
TIE = 1e-12
"""Means closer than this are equal (the rounding of means over the same samples)."""


def alike(best: float, value: float, diff_stderr: float) -> bool:
    """Whether an option of figure ``value``, whose difference from the best's ``best``
    has the standard error ``diff_stderr``, is worth as much in every sample."""
    return abs(best - value) <= TIE and diff_stderr <= TIE


def leads(gap: float, diff_stderr: float, errors: float = SEPARATION) -> bool:
    """Whether a lead of ``gap`` over an option, with the standard error ``diff_stderr``
    of the difference, is of ``errors`` standard errors at least, and a lead at all."""
    return gap > TIE and gap >= errors * diff_stderr
