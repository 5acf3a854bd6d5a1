"""What the benchmark scripts share: the time of a command line once warm."""

from __future__ import annotations

import statistics
import subprocess
import time
from collections.abc import Sequence


def warm_command(command: Sequence[str], runs: int = 5) -> float:
    """Median seconds of ``command`` over ``runs`` runs, after one run that fills the
    caches (numba's compiled kernels among them)."""
    subprocess.run(command, check=True, capture_output=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)
