"""The shared combination stepper against its twin, itertools.combinations."""

from itertools import combinations

import numpy as np
import pytest

from cribcount.combinations_kernel import next_combination


@pytest.mark.parametrize(("n", "k"), [(n, k) for n in range(7) for k in range(1, n + 1)])
def test_every_combination_in_the_order_of_itertools(n: int, k: int) -> None:
    chosen = np.arange(k)
    seen = [tuple(chosen.tolist())]
    while next_combination(chosen, n):
        seen.append(tuple(chosen.tolist()))
    assert seen == list(combinations(range(n), k))
    # after the last, the combination is left as it was
    assert tuple(chosen.tolist()) == tuple(range(n - k, n))
