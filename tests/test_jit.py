"""A damaged numba cache is found before the kernels run, deleted and rebuilt; so is a
cache made from other sources of the kernels (numba checks only each kernel's own file).

Each run is a fresh process with ``NUMBA_CACHE_DIR`` in a temporary
directory: the cache is filled once, then copied and damaged for each case.
"""

import os
import pickle
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from cribcount.jit import DAMAGED_CACHE_NOTE, STAMP_FILE, LockedCacheFile

ADVICE = """
import sys
from cribcount.cards import parse_cards
from cribcount.cribbage.discard import best_lay_outs, compile_note

if "--unguarded" not in sys.argv:
    note = compile_note(best_lay_outs)
    if note is not None:
        print(note, file=sys.stderr)
best = best_lay_outs(parse_cards("6C 7S 8S 8H 9S 10C"))
print(" ".join(str(card) for card in best.pone[0]), best.exact_net(False))
"""

# The rules' example: the non-dealer lays out 6C 10C; its net is the
# totals enumerated in test_discard, 648 over 46 starters less 174,873 over
# 45,540 crib cases.
EXPECTED = f"6C 10C {Fraction(648, 46) - Fraction(174873, 45540)}\n"


def advise(cache: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ADVICE, *options],
        env={**os.environ, "NUMBA_CACHE_DIR": str(cache)},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cache = tmp_path_factory.mktemp("filled")
    first = advise(cache)
    assert (first.returncode, first.stdout) == (0, EXPECTED), first.stderr
    assert first.stderr == "compiling kernels, first run only\n"
    assert list(cache.rglob("*.nbi")) and list(cache.rglob("*.nbc"))
    return cache


def cut_or_overwrite(files: list[Path]) -> None:
    """Cut every other file to half its length; fill the others with bytes that are no pickle."""
    assert files
    for number, path in enumerate(sorted(files)):
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2] if number % 2 else b"\xff garbage \x00" * 50)


def data_file(cache: Path, kernel: str) -> Path:
    """The one data file of a kernel of the lay-out kernels, by its name."""
    (path,) = cache.rglob(f"discard_kernel.{kernel}-*.nbc")
    return path


def swap_kernels(cache: Path) -> None:
    """Copy one kernel's compiled data over another's of the same module."""
    shutil.copyfile(data_file(cache, "select_best"), data_file(cache, "best_layouts"))


def wrong_objects(cache: Path) -> None:
    """Pickles that read, but of objects that are no compiled kernel."""
    data_file(cache, "best_layouts").write_bytes(pickle.dumps((1, 2, 3)))
    data_file(cache, "select_best").write_bytes(pickle.dumps(tuple(range(9))))


def unguarded_fails_then_guarded_rebuilds(
    filled: Path, tmp_path: Path, damage: Callable[[Path], None]
) -> subprocess.CompletedProcess[str]:
    """Damage a copy of the filled cache: a run without the guard fails; the next run, with
    it, rebuilds the cache and says so; the one after is quiet. The unguarded run's result."""
    cache = tmp_path / "cache"
    shutil.copytree(filled, cache)
    damage(cache)
    unguarded = advise(cache, "--unguarded")
    assert unguarded.returncode != 0  # numba itself does not survive the damage
    damage(cache)  # the failed run may have rewritten some files

    second = advise(cache)
    assert (second.returncode, second.stdout) == (0, EXPECTED), second.stderr
    assert second.stderr == DAMAGED_CACHE_NOTE + "\n"
    third = advise(cache)
    assert (third.returncode, third.stdout, third.stderr) == (0, EXPECTED, "")
    return unguarded


@pytest.mark.parametrize(
    "damage",
    [
        lambda cache: cut_or_overwrite(list(cache.rglob("*.nbi"))),
        pytest.param(
            lambda cache: cut_or_overwrite(list(cache.rglob("*.nbc"))), marks=pytest.mark.slow
        ),
    ],
    ids=["index files", "data files"],
)
def test_a_damaged_cache_is_rebuilt(
    filled: Path, tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    unguarded = unguarded_fails_then_guarded_rebuilds(filled, tmp_path, damage)
    assert "pickle" in unguarded.stderr.lower()


@pytest.mark.parametrize(
    "damage",
    [swap_kernels, pytest.param(wrong_objects, marks=pytest.mark.slow)],
    ids=["swapped", "wrong objects"],
)
def test_a_cache_holding_the_wrong_kernel_is_rebuilt(
    filled: Path, tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    unguarded_fails_then_guarded_rebuilds(filled, tmp_path, damage)


def test_a_cache_made_from_other_kernel_sources_is_compiled_again(
    filled: Path, tmp_path: Path
) -> None:
    """A kernel compiles in the kernels it calls, from other files than its own: a cache is
    kept only beside the stamp of the sources it was made from."""
    cache = tmp_path / "cache"
    shutil.copytree(filled, cache)
    stamps = list(cache.rglob(STAMP_FILE))
    assert stamps
    for path in stamps:
        path.write_text("other sources")
    again = advise(cache)
    assert (again.returncode, again.stdout) == (0, EXPECTED), again.stderr
    assert again.stderr == "compiling kernels, first run only\n"
    assert all(path.read_text() != "other sources" for path in stamps)
    quiet = advise(cache)
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, EXPECTED, "")


class SlowToChoose(LockedCacheFile):
    """A kernel's cache files whose saves pause between reading the index and writing it,
    as a save does while another run compiles: without the lock both would take the
    first free data file."""

    def _load_index(self) -> dict[str, str]:
        overloads: dict[str, str] = super()._load_index()  # type: ignore[no-untyped-call]
        time.sleep(0.2)
        return overloads


def test_two_runs_saving_one_kernel_at_once_keep_each_signature_apart(tmp_path: Path) -> None:
    runs = [SlowToChoose(str(tmp_path), "kernel", "stamp") for _ in range(2)]  # type: ignore[no-untyped-call]
    saves = [
        threading.Thread(target=run.save, args=(key, f"code of {key}"))
        for run, key in zip(runs, ["int64", "float64"], strict=True)
    ]
    for save in saves:
        save.start()
    for save in saves:
        save.join()
    index = runs[0]._load_index()
    assert sorted(index) == ["float64", "int64"]
    assert len(set(index.values())) == 2
    loaded = [runs[1].load(key) for key in ["int64", "float64"]]  # type: ignore[no-untyped-call]
    assert loaded == ["code of int64", "code of float64"]
