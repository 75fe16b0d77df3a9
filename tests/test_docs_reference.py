"""The API reference (mkdocs + mkdocstrings): signatures as called, every return described (#30)."""

from __future__ import annotations

import functools
import pathlib

import griffe
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXTENSION = "docs/griffe_reference.py"


@functools.cache
def _package() -> griffe.Module:
    """mexemexe as the reference reads it, with the project's Griffe extension."""
    extensions = griffe.load_extensions(str(ROOT / EXTENSION))
    loaded = griffe.load("mexemexe", search_paths=[str(ROOT / "src")], extensions=extensions)
    assert isinstance(loaded, griffe.Module)
    return loaded


def test_mkdocs_loads_the_extension() -> None:
    """mkdocs.yml hands the extension to mkdocstrings."""
    assert f"- {EXTENSION}" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["runs", "groups", "tables"])
def test_composite_strategies_show_no_draw_parameter(name: str) -> None:
    """A @st.composite strategy is shown as called: no draw, returning a SearchStrategy."""
    func = _package()["strategies"][name]
    assert "draw" not in func.parameters
    assert str(func.returns).startswith("SearchStrategy[")
    assert "draw:" not in func.docstring.value


def _public_functions(module: griffe.Module) -> list[griffe.Function]:
    found = []
    for member in module.members.values():
        if member.is_alias or member.name.startswith("_"):
            continue
        if isinstance(member, griffe.Function):
            found.append(member)
        elif isinstance(member, griffe.Class):
            found += [
                m
                for m in member.members.values()
                if isinstance(m, griffe.Function) and not m.name.startswith("_")
            ]
    return found


@pytest.mark.parametrize("module", ["_notation", "_table", "_cards", "notations", "strategies"])
def test_every_function_with_a_result_describes_it(module: str) -> None:
    """Every public function returning a value has a Returns section in the reference."""
    missing = [
        f.path
        for f in _public_functions(_package()[module])
        if f.returns is not None
        and str(f.returns) not in ("None", "NoReturn")
        and "property" not in f.labels
        and f.docstring is not None
        and not any(s.kind.value in ("returns", "yields") for s in f.docstring.parse("google"))
    ]
    assert missing == []
