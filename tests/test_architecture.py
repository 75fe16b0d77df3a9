"""The shape of the package: an acyclic import graph whose layers only point down (#28).

The graph is read from the source by `tests.import_graph`: every import
counts, inside functions too, except the bodies of ``if TYPE_CHECKING:``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.import_graph import (
    LAYER_NAMES,
    LAYERS,
    RULES,
    VALUES,
    find_cycle,
    import_graph,
    layer_of,
    strongly_connected,
)

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
GRAPH = import_graph(SRC, "mexemexe")

#: The values and rules layers, finished (#28): they must stay acyclic and point down.
LOWER = {m for m in GRAPH if layer_of(m) in (VALUES, RULES)}


def upward_imports(modules: set[str]) -> list[str]:
    """Each import from one of ``modules`` to a module of a higher layer, described."""
    found = []
    for module in sorted(modules):
        for target in sorted(GRAPH[module]):
            low, high = layer_of(module), layer_of(target)
            if low is not None and high is not None and high > low:
                found.append(
                    f"{module} ({LAYER_NAMES[low]}) imports {target} ({LAYER_NAMES[high]})"
                )
    return found


def cycle_message(within: set[str] | None = None) -> str:
    """The failure message for a graph with a cycle: one cycle, then every tangle."""
    cycle = find_cycle(GRAPH, within)
    nodes = set(GRAPH) if within is None else within
    tangles = strongly_connected({m: GRAPH[m] & nodes for m in nodes})
    return f"import cycle {' -> '.join(cycle or [])}; modules in cycles: {tangles}"


def test_every_module_has_a_layer() -> None:
    """Each module of the package is placed in a layer, and each placed name exists."""
    assert [m for m in sorted(GRAPH) if layer_of(m) is None] == []
    assert sorted(set(LAYERS) - set(GRAPH)) == []


def test_graph_reads_function_level_imports_and_skips_type_checking(tmp_path: Path) -> None:
    """The graph counts an import inside a function and ignores one under TYPE_CHECKING."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from . import a\n")
    (package / "a.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .b import B\n"
        "else:\n    import pkg.c\n"
        "def f():\n    from .sub import d\n"
    )
    for name in ("b.py", "c.py", "sub/__init__.py", "sub/d.py"):
        (package / name).write_text("")
    (package / "sub" / "e.py").write_text("from .. import b\nfrom . import d\n")
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg"] == {"pkg.a"}
    assert graph["pkg.a"] == {"pkg.c", "pkg.sub.d"}
    assert graph["pkg.sub.e"] == {"pkg.b", "pkg.sub.d"}
    assert find_cycle(graph) is None
    graph["pkg.sub.d"] = {"pkg.a"}
    assert find_cycle(graph) == ["pkg.a", "pkg.sub.d", "pkg.a"]


def test_no_import_cycle() -> None:
    """No module of the package imports itself through others."""
    assert find_cycle(GRAPH) is None, cycle_message()


def test_no_import_cycle_in_values_and_rules() -> None:
    """The values and rules layers import each other without a cycle."""
    assert find_cycle(GRAPH, LOWER) is None, cycle_message(LOWER)


def test_layers_point_down() -> None:
    """No module imports a module of a higher layer."""
    found = upward_imports(set(GRAPH))
    assert not found, "imports pointing up:\n" + "\n".join(found)


def test_values_and_rules_point_down() -> None:
    """No module of the values and rules layers imports a module of a higher layer."""
    found = upward_imports(LOWER)
    assert not found, "imports pointing up:\n" + "\n".join(found)


#: Third-party distributions the core may import.
ALLOWED_THIRD_PARTY = {"attr", "attrs"}
#: Modules documented as needing an extra: `mexemexe.strategies` needs hypothesis,
#: `mexemexe.rl` and its modules the ``rl`` extra (numpy, gymnasium, pettingzoo).
EXTRAS = {"mexemexe.strategies"} | {m for m in GRAPH if m.split(".")[:2] == ["mexemexe", "rl"]}


def test_core_imports_only_stdlib_and_attrs() -> None:
    """Importing every module of the package but the test strategies loads only stdlib and attrs."""
    modules = sorted(set(GRAPH) - EXTRAS - {"mexemexe.__main__"})
    code = (
        "import importlib, json, sys\n"
        "before = set(sys.modules)\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "import mexemexe\n"
        "print(json.dumps([mexemexe.__file__, sorted(set(sys.modules) - before)]))\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    where, loaded = json.loads(proc.stdout)
    assert Path(where).is_relative_to(SRC)  # this checkout, not an installed copy
    tops = {name.partition(".")[0] for name in loaded}
    outside = sorted(tops - set(sys.stdlib_module_names) - ALLOWED_THIRD_PARTY - {"mexemexe"})
    assert outside == []


def test_plain_pytest_collects() -> None:
    """The ``pytest`` command itself, not only ``python -m pytest``, collects the suite."""
    executable = Path(sys.executable).with_name("pytest")
    if not executable.exists():
        pytest.skip(f"no pytest command beside {sys.executable}")
    # The child must not inherit a path that would hide what plain pytest finds alone.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run(
        [str(executable), "--collect-only", "-q", "-p", "no:cacheprovider"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
