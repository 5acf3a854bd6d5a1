"""The kernels every game's enumerations share: stepping through combinations.

A combination of ``k`` of ``n`` things is held as its positions, an int
array in increasing order; :func:`next_combination` steps it to the next in
lexicographic order, the order of :func:`itertools.combinations`, which is
its readable twin. A loop over every combination starts from
``np.arange(k)``::

    chosen = np.arange(k)
    while True:
        ...  # use chosen
        if not next_combination(chosen, n):
            break
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from cribcount.jit import kernel

IntArray = npt.NDArray[np.int64]


@kernel
def next_combination(chosen: IntArray, n: int) -> bool:
    """Step ``chosen``, positions of a combination of ``n`` things, to the next in
    lexicographic order; ``False``, leaving it as it was, after the last."""
    k = chosen.shape[0]
    i = k - 1
    # raise the last position that can still move, and set those after it just above it
    while i >= 0 and chosen[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    chosen[i] += 1
    for j in range(i + 1, k):
        chosen[j] = chosen[j - 1] + 1
    return True
