"""How cribcount compiles its numba kernels, and the note and guard around numba's cache.

Every kernel is compiled with :func:`kernel` (or :func:`parallel_kernel`):
``numba.njit(cache=True)``, without the disk cache where no cache directory
is writable. The commands that run kernels call :func:`compile_note` first.
"""

from __future__ import annotations

import contextlib
import glob
import importlib
import inspect
import os
import pickle
import sys
from collections.abc import Callable, Iterable
from typing import Any

import numba

DAMAGED_CACHE_NOTE = "numba cache damaged: recompiling kernels"

KERNEL_MODULES = (
    "cribcount.cribbage.kernel",
    "cribcount.cribbage.expert_kernel",
    "cribcount.cribbage.play_kernel",
    "cribcount.piquet.kernel",
    "cribcount.piquet.solve_kernel",
)
"""Every module of kernels: a compile may load the cache of any kernel they call."""


def kernel(func: Callable[..., Any]) -> Any:
    """``numba.njit(cache=True)``; without the disk cache where no cache directory is writable."""
    try:
        return numba.njit(cache=True)(func)
    except RuntimeError:  # numba found no writable place for its cache
        return numba.njit(func)


def parallel_kernel(func: Callable[..., Any]) -> Any:
    """:func:`kernel`, run over every core."""
    try:
        return numba.njit(cache=True, parallel=True)(func)
    except RuntimeError:
        return numba.njit(parallel=True)(func)


def compile_note(entry_points: Iterable[Any]) -> str | None:
    """What to tell the user before the kernels ``entry_points`` first run: None when
    numba's cache holds them.

    numba reads its cache without a guard, so a cache file cut short or
    overwritten would make every run fail. The cache of every kernel is
    read here first, as numba reads it; a kernel whose files cannot be read
    has them deleted, so that this run compiles it afresh and caches it
    again, and the note says so.
    """
    damaged = False
    for dispatcher in _kernels():
        if _cache_is_damaged(dispatcher):
            _delete_cache(dispatcher)
            damaged = True
    if damaged:
        return DAMAGED_CACHE_NOTE
    for dispatcher in entry_points:
        index = _index_path(dispatcher)
        if index is None:
            return "compiling kernels (no writable cache directory, so on every run)"
        if not os.path.exists(index):
            return "compiling kernels, first run only"
    return None


def _kernels() -> list[Any]:
    """Every kernel of the kernel modules, each once."""
    found = {
        value: None
        for name in KERNEL_MODULES
        for value in vars(importlib.import_module(name)).values()
        if isinstance(value, numba.core.dispatcher.Dispatcher)
    }
    return list(found)


def _file_base(dispatcher: Any) -> str:
    """The start of the names of a kernel's cache files, built as numba builds it.

    numba names them ``<module>.<qualname>-<first line>.py<version><abiflags>``:
    the index adds ``.nbi``, each compiled signature's data ``.<n>.nbc``.
    """
    func = dispatcher.py_func
    module = os.path.splitext(os.path.basename(inspect.getfile(func)))[0]
    name = f"{module}.{func.__qualname__}".replace("<", "").replace(">", "")
    version = f"{sys.version_info[0]}{sys.version_info[1]}{getattr(sys, 'abiflags', '')}"
    return f"{name}-{func.__code__.co_firstlineno}.py{version}"


def _index_path(dispatcher: Any) -> str | None:
    """numba's index file for a kernel; None when the kernel has no disk cache."""
    path = dispatcher.stats.cache_path
    if path is None:
        return None
    return os.path.join(path, _file_base(dispatcher) + ".nbi")


def _cache_is_damaged(dispatcher: Any) -> bool:
    """Whether numba would fail reading a kernel's cache: its index, or a data file it lists.

    The index is a pickled numba version then a pickled (source stamp,
    {signature key: data file name}); numba reads the rest only when the
    version is its own. Each data file is one pickled tuple. A missing file
    is no damage: numba compiles again.
    """
    index = _index_path(dispatcher)
    if index is None:
        return False
    # Unpickling garbage can raise nearly any exception, hence the broad catches.
    try:
        with open(index, "rb") as file:
            version = pickle.load(file)
            rest = file.read()
    except FileNotFoundError:
        return False
    except Exception:
        return True
    if version != numba.__version__:
        return False
    try:
        _stamp, overloads = pickle.loads(rest)
        for name in overloads.values():
            try:
                with open(os.path.join(os.path.dirname(index), name), "rb") as file:
                    data = file.read()
            except FileNotFoundError:
                continue
            if not isinstance(pickle.loads(data), tuple):
                return True
    except Exception:
        return True
    return False


def _delete_cache(dispatcher: Any) -> None:
    """Delete a kernel's index and data files, so that numba compiles it afresh."""
    index = _index_path(dispatcher)
    if index is None:
        return
    base = index.removesuffix(".nbi")
    for path in [index, *glob.glob(glob.escape(base) + ".*.nbc")]:
        # gone already, or not ours to delete: numba will then say which
        with contextlib.suppress(OSError):
            os.remove(path)
