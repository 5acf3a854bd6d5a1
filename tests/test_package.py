"""The package's public names, and what importing it costs."""

import subprocess
import sys

import cribcount


def test_every_public_name_resolves() -> None:
    for name in cribcount.__all__:
        assert getattr(cribcount, name) is not None


def test_importing_the_command_line_loads_neither_numba_nor_the_library_it_does_not_need() -> None:
    code = (
        "import sys, cribcount, cribcount.cli;"
        "print('numba' in sys.modules, 'cribcount.cribbage.discard' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "False False\n"
