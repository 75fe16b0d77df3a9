"""Every code block in the README and docs, every doctest and every example runs."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import pathlib
import pkgutil
import re
import shlex
import subprocess
import sys
from types import ModuleType

import pytest

import mexemexe

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def python_blocks() -> list[tuple[str, int, str]]:
    blocks = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for i, match in enumerate(BLOCK.finditer(text)):
            blocks.append((path.relative_to(ROOT).as_posix(), i, match.group(1)))
    return blocks


#: Whether the ``rl`` extra (numpy, gymnasium, pettingzoo) is installed: `mexemexe.rl` needs it.
RL_EXTRA = all(importlib.util.find_spec(name) for name in ("numpy", "gymnasium", "pettingzoo"))


@pytest.mark.parametrize(("path", "index", "code"), python_blocks(), ids=lambda v: str(v)[:30])
def test_doc_code_block_runs(path: str, index: int, code: str) -> None:
    """Each ```python block of the README and docs executes without error."""
    if "from mexemexe import rl" in code and not RL_EXTRA:
        pytest.skip("needs the rl extra")
    exec(compile(code, f"{path}[block {index}]", "exec"), {"__name__": "__docs__"})


SHELL = re.compile(r"^```bash\n(.*?)^```", re.S | re.M)


def cli_commands() -> list[tuple[str, str]]:
    """Every ``mexemexe ...`` line of a ```bash block in the README and docs."""
    found = []
    for path in DOCS:
        for block in SHELL.finditer(path.read_text(encoding="utf-8")):
            for line in block.group(1).splitlines():
                command = line.split(" #", 1)[0].strip()  # drop a trailing comment
                if command.startswith("mexemexe "):
                    found.append((path.relative_to(ROOT).as_posix(), command))
    return found


@pytest.mark.parametrize(("path", "command"), cli_commands(), ids=lambda v: str(v)[:50])
def test_doc_command_lines_parse(path: str, command: str) -> None:
    """Each ``mexemexe`` command shown in the docs is one the command line accepts."""
    from mexemexe.cli import build_parser

    args = build_parser().parse_args(shlex.split(command)[1:])
    assert args.command == shlex.split(command)[1]


def modules() -> list[ModuleType]:
    names = [mexemexe.__name__] + [
        info.name
        for info in pkgutil.walk_packages(mexemexe.__path__, mexemexe.__name__ + ".")
        if not info.name.endswith("__main__")
        and (RL_EXTRA or not info.name.startswith("mexemexe.rl"))
    ]
    return [importlib.import_module(n) for n in names]


@pytest.mark.parametrize("module", modules(), ids=lambda mod: mod.__name__)
def test_doctests(module: ModuleType) -> None:
    """The examples in docstrings are correct."""
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_readme_commands_are_the_ones_ci_runs() -> None:
    """The README's two set-up commands are exactly what .ci/run executes."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"<!-- (demo|test)-command -->\n```bash\n(.+)\n```", readme)
    assert [kind for kind, _ in commands] == ["demo", "test"]
    proc = subprocess.run(
        ["bash", str(ROOT / ".ci" / "run"), "--print-commands"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert proc.stdout.splitlines() == [command for _, command in commands]


EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script: pathlib.Path) -> None:
    """Each example script runs; exit code 0, or 1 where it reports invalid input by design."""
    proc = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=300, check=False
    )
    assert proc.returncode in (0, 1), proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stdout.strip()


def test_public_names_have_docstrings() -> None:
    """Every public name exported by the package is documented."""
    missing = [
        name
        for name in mexemexe.__all__
        if not name.startswith("__") and not getattr(getattr(mexemexe, name), "__doc__", None)
    ]
    assert missing == []
