"""The import graph of the state layer points only down (issue #28, item 2).

Imports are read from the source (inside functions too); only the bodies of
``if TYPE_CHECKING:`` are left out, as they never run.
"""

from __future__ import annotations

import ast
import pathlib

import mexemexe as m
from mexemexe import _state

SRC = pathlib.Path(m.__file__).resolve().parent
#: The modules of the state layer: the states and the turn rules.
STATE_LAYER = ("mexemexe._state", "mexemexe._turns")


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in SRC.rglob("*.py")}


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(name: str) -> set[str]:
    """The library modules ``name`` imports, at any depth, outside TYPE_CHECKING blocks."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    nodes = list(ast.parse(path.read_text(encoding="utf-8")).body)
    while nodes:
        node = nodes.pop()
        if isinstance(node, ast.If) and is_type_checking(node.test):
            nodes.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            target = ".".join([*base, node.module] if node.module else base)
            if not node.level:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in MODULES else target)
        nodes.extend(ast.iter_child_nodes(node))
    return {module for module in found if module in MODULES and module != name}


def cycles(names: list[str]) -> list[list[str]]:
    """The strongly connected components of more than one module among ``names``."""
    graph = {name: imports_of(name) & set(names) for name in names}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in names:
        if name not in index:
            visit(name)
    return found


def in_state_layer(name: str) -> bool:
    return any(name == top or name.startswith(top + ".") for top in STATE_LAYER)


def test_state_turns_and_solver_form_no_cycle() -> None:
    """The states, the turn modules and the solver import one another in no circle."""
    names = [n for n in MODULES if in_state_layer(n) or n.startswith("mexemexe.solver")]
    assert cycles(names) == []


def test_state_layer_never_imports_the_search() -> None:
    """No module of the state layer imports the solver, the hints or the bots."""
    above = ("mexemexe.solver", "mexemexe._hints", "mexemexe.bots", "mexemexe")
    for name in filter(in_state_layer, MODULES):
        assert not {i for i in imports_of(name) if i.startswith(above[:3]) or i == above[3]}, name


def test_state_module_never_imports_the_turn_modules() -> None:
    """_state imports no turn module: they import it and are registered with it."""
    assert not {i for i in imports_of("mexemexe._state") if i.startswith("mexemexe._turns")}


def test_the_package_wires_the_search_hook() -> None:
    """Importing mexemexe sets the state layer's search hook and registers both turn rules."""
    assert _state._search_hook is not None
    assert set(_state.ENGINES) == {"shared_table", "discard"}
