"""How cribcount compiles its numba kernels, and the note and guards around numba's cache.

Every kernel is compiled with :func:`kernel` (or :func:`parallel_kernel`):
``numba.njit(cache=True)``, without the disk cache where no cache directory
is writable. Each kernel registers itself as it is compiled, so a game's
kernel module needs nothing here but the decorators. The commands that run
kernels call :func:`compile_note` first; it checks the cache of every kernel
registered so far, which covers every kernel the entry points can call, as
their modules import the modules of the kernels they call.

numba keeps a kernel's cache while the kernel's own file is unchanged, but a
kernel compiles in the kernels it calls, which may live in other files. So
each cache directory holds a stamp of the sources of every module of the
package that uses numba (:data:`STAMP_FILE`); a kernel registered where the
stamp is another has that directory's cache deleted first, and compiles afresh.

numba saves a new signature's index, then its data file, without a lock, so
two runs compiling one kernel at once could give their signatures the same
data file, and the index would then point at the other's code. Each kernel's
saves here hold a lock on its cache directory (where the system has ``fcntl``).
"""

from __future__ import annotations

import contextlib
import functools
import glob
import hashlib
import inspect
import os
import pickle
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import numba
from numba.core.caching import IndexDataCacheFile

try:
    import fcntl
except ImportError:  # no POSIX file locks: saves go unlocked, as numba makes them
    fcntl = None  # type: ignore[assignment]

DAMAGED_CACHE_NOTE = "numba cache damaged: recompiling kernels"

_RESULT_ITEMS = 9
"""Items of the tuple numba pickles for one compiled signature."""

_KERNELS: dict[Any, None] = {}
"""Every kernel compiled so far, in the order compiled (a dict as an ordered set)."""

LOCK_FILE = "cribcount-kernels.lock"
"""The file, in each cache directory, locked while a kernel's cache there is saved."""

STAMP_FILE = "cribcount-kernels.stamp"
"""The file, in each cache directory, of the stamp of the sources its cache was made from."""

_STAMPED: set[str] = set()
"""The cache directories whose stamp this run has checked."""


def kernel(func: Callable[..., Any]) -> Any:
    """``numba.njit(cache=True)``; without the disk cache where no cache directory is writable."""
    return _register(func, parallel=False)


def parallel_kernel(func: Callable[..., Any]) -> Any:
    """:func:`kernel`, run over every core."""
    return _register(func, parallel=True)


def _register(func: Callable[..., Any], parallel: bool) -> Any:
    """The compiled kernel of ``func``, added to the kernels :func:`compile_note` checks."""
    try:
        dispatcher = numba.njit(cache=True, parallel=parallel)(func)
    except RuntimeError:  # numba found no writable place for its cache
        dispatcher = numba.njit(parallel=parallel)(func)
    _drop_stale_cache(dispatcher.stats.cache_path)
    cache_file = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
    if type(cache_file) is IndexDataCacheFile:
        cache_file.__class__ = LockedCacheFile
    _KERNELS[dispatcher] = None
    return dispatcher


class LockedCacheFile(IndexDataCacheFile):
    """numba's index and data files of one kernel, each save made under the lock of the
    cache directory, so that a signature's data file is never given to another's."""

    def save(self, key: Any, data: Any) -> None:
        with _locked(os.path.join(self._cache_path, LOCK_FILE)):
            super().save(key, data)  # type: ignore[no-untyped-call]


@contextlib.contextmanager
def _locked(path: str) -> Iterator[None]:
    """Hold an exclusive lock on the file ``path`` (made if need be); no lock where the
    system has none or the file cannot be opened."""
    try:
        file = open(path, "a")  # noqa: SIM115 (closed below, which frees the lock)
    except OSError:
        yield
        return
    with file:
        if fcntl is not None:
            fcntl.flock(file, fcntl.LOCK_EX)
        yield


@functools.cache
def _sources_stamp() -> str:
    """A hash of the source of every module of the package that uses numba: the kernels
    and the kernels they call."""
    root = os.path.dirname(os.path.abspath(__file__))
    digest = hashlib.sha256()
    for path in sorted(glob.glob(os.path.join(glob.escape(root), "**", "*.py"), recursive=True)):
        with open(path, "rb") as file:
            text = file.read()
        if b"numba" in text or b"cribcount.jit" in text:
            digest.update(os.path.relpath(path, root).encode() + b"\0" + text)
    return digest.hexdigest()


def _drop_stale_cache(path: str | None) -> None:
    """Delete the numba cache in the directory ``path`` (None: no disk cache) when its
    stamp is not that of these sources, then stamp it; once a run for each directory."""
    if path is None or path in _STAMPED:
        return
    _STAMPED.add(path)
    stamp_path = os.path.join(path, STAMP_FILE)
    stamp = _sources_stamp()
    with contextlib.suppress(OSError), open(stamp_path) as file:
        if file.read() == stamp:
            return
    for name in glob.glob(os.path.join(glob.escape(path), "*.nb[ic]")):
        # gone already, or not ours to delete: numba will then say which
        with contextlib.suppress(OSError):
            os.remove(name)
    # written whole or not at all, so that no run reads a stamp half written
    with contextlib.suppress(OSError):
        with open(f"{stamp_path}.{os.getpid()}", "w") as file:
            file.write(stamp)
        os.replace(file.name, stamp_path)


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
    for dispatcher in list(_KERNELS):
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
    """Whether numba would fail loading a kernel's cache: its index, or a data file it lists.

    The index is a pickled numba version then a pickled (source stamp,
    {signature key: data file name}); numba reads the rest only when the
    version is its own. Each data file is one pickled compile result, a
    tuple whose second item describes the function compiled and whose
    fourth is its signature: a file that holds anything else (garbage, a
    file cut short, another kernel's result copied over it) is damage. A
    missing file is no damage: numba compiles again.
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
        for key, name in overloads.items():
            try:
                with open(os.path.join(os.path.dirname(index), name), "rb") as file:
                    data = file.read()
            except FileNotFoundError:
                continue
            if not _is_result_of(pickle.loads(data), dispatcher, key[0]):
                return True
    except Exception:
        return True
    return False


def _is_result_of(result: object, dispatcher: Any, argument_types: tuple[Any, ...]) -> bool:
    """Whether ``result``, read from a data file, is a compile result of this kernel for
    these argument types, in the layout numba saves (nine items)."""
    if not isinstance(result, tuple) or len(result) != _RESULT_ITEMS:
        return False
    description, signature = result[1], result[3]
    return bool(
        getattr(description, "qualname", None) == dispatcher.py_func.__qualname__
        and tuple(getattr(signature, "args", ())) == tuple(argument_types)
    )


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
