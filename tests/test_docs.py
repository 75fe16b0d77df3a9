"""Every code block in the README and docs runs and prints what the page shows; so do doctests."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import importlib.util
import io
import pathlib
import pkgutil
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest
from sybil import Document, Example, Region, Sybil
from sybil.evaluators.doctest import DocTestEvaluator
from sybil.example import SybilFailure
from sybil.parsers.abstract.doctest import DocTestStringParser
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer

import mexemexe

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)

# -- every ```python block runs, and what it prints is what the page shows -------
#
# The pages are read by Sybil (a well-kept tool for examples in documentation)
# with one parser of this project's for its two forms of example:
#
# * a ```python block starting with ``>>>`` is a doctest: each example's output
#   is compared with the lines under it (``...`` matches anything);
# * any other ```python block is a script. If it prints, the page shows what it
#   prints in the fenced block right after it, opened with
#   ```` ```text title="Output" ````; that block is compared with what the
#   script printed (``...`` matches anything, for what varies from run to
#   run). A script that prints with no output block after it fails: output
#   shown only in comments is what drifted before.
#
# The blocks of a page run in order in one namespace, as a reader would run them.

#: The opening of an output block.
OUTPUT_INFO = 'text title="Output"'
#: An output block right after a python block (blank lines between).
_OUTPUT_AFTER = re.compile(r"\n*```text title=\"Output\"\n(.*?)^```", re.S | re.M)
_CHECKER = doctest.OutputChecker()
_OPTIONS = doctest.ELLIPSIS


#: Modules of the optional extras (``distributed``): a page whose blocks
#: import one runs only where it is installed.
OPTIONAL = ("distributed", "dask", "cloudpickle", "numpy", "gymnasium", "pettingzoo")
#: What `mexemexe.rl` (the ``rl`` extra) needs.
RL_NEEDS = ("numpy", "gymnasium", "pettingzoo")
#: Whether the ``rl`` extra is installed.
RL_EXTRA = all(importlib.util.find_spec(name) for name in RL_NEEDS)


def missing_optional(code: str) -> list[str]:
    """The optional modules ``code`` imports (or `mexemexe.rl` needs) that are not installed."""
    imported = re.findall(r"^\s*(?:from|import) (\w+)", code, re.M)
    if re.search(r"mexemexe\.rl\b|from mexemexe import .*\brl\b", code):
        imported += RL_NEEDS
    return [name for name in OPTIONAL if name in imported and not importlib.util.find_spec(name)]


def _run_script(example: Example) -> str | None:
    """Run a script block; compare what it prints with its output block, if it has one."""
    source, shown = example.parsed
    code = compile("\n" * example.line + source, example.path, "exec")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(code, example.namespace)
    got = printed.getvalue()
    if shown is None:
        if got:
            return (
                "the block prints output the page does not show; add after it (or run "
                "python tests/doc_outputs.py PAGE, then review)\n"
                f"```{OUTPUT_INFO}\n{got}```"
            )
        return None
    if not _CHECKER.check_output(shown, got, _OPTIONS):
        return _CHECKER.output_difference(doctest.Example(source, shown), got, _OPTIONS)
    return None


class PageBlocks:
    """A Sybil parser of the ```python blocks of a page: doctests, or scripts and their output."""

    def __init__(self) -> None:
        self.lexer = FencedCodeBlockLexer("python")
        self.doctests = DocTestStringParser(DocTestEvaluator(_OPTIONS))

    def __call__(self, document: Document) -> Iterator[Region]:
        for region in self.lexer(document):
            source = region.lexemes["source"]
            if source.startswith(">>>"):
                for test in self.doctests(source, document.path):
                    test.adjust(region, source)
                    yield test
                continue
            after = _OUTPUT_AFTER.match(document.text, region.end)
            shown = None if after is None else after.group(1)
            yield Region(
                region.start,
                region.end if after is None else after.end(),
                (str(source), shown),
                _run_script,
            )


SYBIL = Sybil(parsers=[PageBlocks()], path=str(ROOT))


@pytest.mark.parametrize("page", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_doc_page_blocks_run_and_print_what_the_page_shows(page: pathlib.Path) -> None:
    """Each ```python block of a page runs, and its output is the output the page shows."""
    missing = missing_optional(page.read_text(encoding="utf-8"))
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (an optional extra)")
    document = SYBIL.parse(page)
    document.namespace["__name__"] = "__docs__"
    for example in document:
        example.evaluate()


def test_every_python_block_is_an_example() -> None:
    """No ```python block escapes the checker: each is a script or holds a doctest."""
    for page in DOCS:
        blocks = BLOCK.findall(page.read_text(encoding="utf-8"))
        examples = list(SYBIL.parse(page))
        scripts = [e for e in examples if isinstance(e.parsed, tuple)]
        with_doctests = {e.region.start for e in examples if not isinstance(e.parsed, tuple)}
        assert len(scripts) + sum(b.startswith(">>>") for b in blocks) == len(blocks), page
        assert bool(with_doctests) == any(b.startswith(">>>") for b in blocks), page


def test_an_output_block_follows_a_python_block() -> None:
    """An output block anywhere else would be compared with nothing."""
    for page in DOCS:
        text = page.read_text(encoding="utf-8")
        for match in re.finditer(f"^```{re.escape(OUTPUT_INFO)}$", text, re.M):
            before = text[: match.start()].rstrip("\n")
            assert before.endswith("```"), f"{page}: output block at {match.start()}"
            last_open = before[:-3].rfind("```")
            assert before[last_open:].startswith("```python\n"), (
                f"{page}: the block before the output block at {match.start()} is not python"
            )


def test_a_script_printing_without_an_output_block_fails(tmp_path: pathlib.Path) -> None:
    """The checker refuses a page whose printed output is not shown."""
    page = tmp_path / "page.md"
    page.write_text("```python\nprint(1 + 1)  # 2\n```\n", encoding="utf-8")
    (example,) = SYBIL.parse(page)
    with pytest.raises(SybilFailure, match="prints output the page does not show"):
        example.evaluate()


def test_a_wrong_output_block_fails(tmp_path: pathlib.Path) -> None:
    """The checker compares the output block with what the script prints."""
    page = tmp_path / "page.md"
    page.write_text(f"```python\nprint(1 + 1)\n```\n\n```{OUTPUT_INFO}\n3\n```\n", encoding="utf-8")
    (example,) = SYBIL.parse(page)
    with pytest.raises(SybilFailure, match="Expected"):
        example.evaluate()


def test_a_wrong_doctest_fails(tmp_path: pathlib.Path) -> None:
    """A ``>>>`` block is checked as a doctest."""
    page = tmp_path / "page.md"
    page.write_text("```python\n>>> 1 + 1\n3\n```\n", encoding="utf-8")
    (example,) = SYBIL.parse(page)
    with pytest.raises(SybilFailure):
        example.evaluate()


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
#: Arguments that keep an example short (the training example runs minutes by default).
EXAMPLE_ARGS = {
    "rl_galician.py": [
        "--episodes",
        "2",
        "--eval-every",
        "2",
        "--eval-progress",
        "2",
        "--eval-rounds",
        "2",
    ]
}


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script: pathlib.Path, tmp_path: pathlib.Path) -> None:
    """Each example script runs; exit code 0, or 1 where it reports invalid input by design."""
    args = EXAMPLE_ARGS.get(script.name, [])
    proc = subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=tmp_path,  # where an example writes files (the training example's plot)
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
