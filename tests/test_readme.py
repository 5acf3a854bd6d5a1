"""The README's examples are real: each `$ cribcount ...` prints what the README shows."""

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from cribcount.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
HANDS = "5H 5S 5C JD / 5D\n2H 4S 6D 8H / KS\n"


def examples() -> list[tuple[str, str]]:
    """Each console example: the command line and the output shown under it."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        for chunk in block.split("$ ")[1:]:
            command, _, output = chunk.partition("\n")
            found.append((command, output))
    return found


def test_readme_has_examples() -> None:
    assert len(examples()) >= 4


@pytest.mark.parametrize(("command", "output"), examples())
def test_readme_example(
    command: str, output: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hands.txt").write_text(HANDS, encoding="utf-8")
    args = shlex.split(command)
    assert args[0] == "cribcount"
    result = CliRunner().invoke(main, args[1:])
    # stderr shows only for failures: a first run's compile notice is not output.
    shown = result.stdout + (result.stderr if result.exit_code else "")
    assert shown == output


def test_library_example() -> None:
    code = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert code
    for snippet in code:
        exec(snippet, {})
