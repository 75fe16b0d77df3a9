"""The import graph of a package, read from its source with `ast` (nothing is imported).

Every ``import`` and ``from … import`` counts wherever it stands, inside
functions and methods too: a lazy import is still a dependency, only paid
later. The one exception is the body of ``if TYPE_CHECKING:``, which never
runs. Relative imports are resolved, and ``from pkg import name`` points at
the submodule ``pkg.name`` when there is one, else at ``pkg``. A package's
``__init__`` is a module of its own, named after the package.

The parent packages that Python runs before a submodule are not edges: every
module would otherwise depend on the top package's ``__init__``, which
re-exports everything. An import of ``pkg.sub`` is an edge to ``pkg.sub`` only.

`LAYERS` places each module of ``mexemexe`` in its layer (values, rules,
game states, solver, agents, play, faces); `tests/test_architecture.py`
checks that imports only point down.

Examples:
    >>> graph = import_graph(Path("src"), "mexemexe")
    >>> "mexemexe._errors" in graph["mexemexe._cards"]
    True
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Set
from pathlib import Path

__all__ = [
    "LAYERS",
    "LAYER_NAMES",
    "find_cycle",
    "import_graph",
    "layer_of",
    "module_files",
    "strongly_connected",
]

Graph = Mapping[str, Set[str]]


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``root`` (``root/package/...``), by dotted name."""
    modules: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    """True for ``TYPE_CHECKING`` and ``typing.TYPE_CHECKING`` (any module prefix)."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _runtime_imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements under ``node`` that can run, in source order."""
    for child in ast.iter_child_nodes(node):
        yield from _imports_of(child)


def _imports_of(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """``node`` if it is an import, else the imports under it that can run."""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
    elif isinstance(node, ast.If) and _is_type_checking(node.test):
        # The body only runs under a type checker; an ``else`` always runs.
        for other in node.orelse:
            yield from _imports_of(other)
    else:
        yield from _runtime_imports(node)


def _base_of(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from`` import reads from, relative levels resolved."""
    if not node.level:
        return node.module or ""
    # A package's own __init__ is level 1 of itself; a plain module's level 1 is its parent.
    parts = module.split(".")
    keep = len(parts) - node.level + (1 if is_package else 0)
    if keep <= 0:
        raise ValueError(f"{module}: relative import beyond the top package")
    base = ".".join(parts[:keep])
    return f"{base}.{node.module}" if node.module else base


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules one import statement names, internal or not."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    base = _base_of(module, is_package, node)
    for alias in node.names:
        # ``from pkg import sub`` may name a submodule; the caller keeps the
        # longest name that is a module of the graph.
        yield f"{base}.{alias.name}" if alias.name != "*" else base


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """The import graph of ``package`` (its source under ``root``), internal edges only.

    Returns:
        Each module's dotted name mapped to the modules of the package it
        imports (never itself).
    """
    files = module_files(root, package)
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _runtime_imports(tree):
            for target in _targets(name, is_package, node):
                # The longest prefix that is a module: ``pkg.sub`` if ``sub``
                # is a submodule, else ``pkg`` for a name defined in it.
                while target and target not in files:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def strongly_connected(graph: Graph) -> list[list[str]]:
    """The strongly connected components of ``graph`` with more than one module, each sorted.

    Tarjan's algorithm, written iteratively so that deep graphs need no deep recursion.
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph.get(succ, ())))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        components.append(sorted(component))
    return sorted(components)


def find_cycle(graph: Graph, within: Set[str] | None = None) -> list[str] | None:
    """One import cycle of ``graph`` as a closed path ``[a, b, …, a]``, or ``None``.

    Args:
        graph: The import graph.
        within: If given, only these modules and the edges between them count.
    """
    nodes = set(graph) if within is None else set(graph) & set(within)
    sub = {n: {m for m in graph[n] if m in nodes} for n in nodes}
    for component in strongly_connected(sub):
        # A shortest way back to the component's first module is a cycle.
        first = component[0]
        members = set(component)
        paths = {first: [first]}
        frontier = [first]
        while frontier:
            following: list[str] = []
            for node in frontier:
                for succ in sorted(sub[node] & members):
                    if succ == first:
                        return [*paths[node], first]
                    if succ not in paths:
                        paths[succ] = [*paths[node], succ]
                        following.append(succ)
            frontier = following
    return None


# -- the layers of mexemexe (#28) ---------------------------------------------

VALUES, RULES, STATES, SOLVER, AGENTS, PLAY, FACES = range(7)
#: The name of each layer, by number.
LAYER_NAMES = ("values", "rules", "states", "solver", "agents", "play", "faces")

#: The layer of each module; a module may import only modules of its own
#: layer or lower ones. A module not listed takes the layer of its nearest
#: listed package below the top (a new ``solver._part`` is in the solver
#: layer); a new top-level module must be placed here.
LAYERS: dict[str, int] = {
    # Values: cards and their notation, errors, and helpers that know no rules.
    "mexemexe._version": VALUES,
    "mexemexe._errors": VALUES,
    "mexemexe._pictures": VALUES,
    "mexemexe._fastcopy": VALUES,
    "mexemexe._random": VALUES,
    "mexemexe._kinds": VALUES,
    "mexemexe._jsonio": VALUES,
    "mexemexe._cards": VALUES,
    "mexemexe._notation": VALUES,
    "mexemexe._notations": VALUES,
    "mexemexe._notation_text": VALUES,
    "mexemexe.notations": VALUES,
    "mexemexe._multiset": VALUES,
    "mexemexe._codes": VALUES,
    "mexemexe._translations": VALUES,
    "mexemexe._problemjson": VALUES,
    "mexemexe.schemas": VALUES,
    # Rules: melds, tables, profiles, validation, moves and results as data.
    "mexemexe._melds": RULES,
    "mexemexe._table": RULES,
    "mexemexe._validation": RULES,
    "mexemexe._profiles": RULES,
    "mexemexe._meld_finder": RULES,
    "mexemexe._moves": RULES,
    "mexemexe._movejson": RULES,
    "mexemexe._outcomes": RULES,
    "mexemexe._history": RULES,
    "mexemexe._scoring": RULES,
    "mexemexe._roundparts": RULES,
    "mexemexe._views": RULES,
    "mexemexe.maumau._checks": RULES,
    "mexemexe.maumau._profile": RULES,
    # Game states and their turn rules.
    "mexemexe._state": STATES,
    "mexemexe._turns": STATES,
    "mexemexe.maumau._state": STATES,
    # The exact search.
    "mexemexe.solver": SOLVER,
    # Agents.
    "mexemexe.bots": AGENTS,
    "mexemexe._hints": AGENTS,
    "mexemexe.maumau._bot": AGENTS,
    # Play: matches, records, self-play (and the Mau-Mau package that re-exports its match).
    "mexemexe._match": PLAY,
    "mexemexe._record": PLAY,
    "mexemexe._rounds": PLAY,
    "mexemexe._selfplay": PLAY,
    "mexemexe.maumau": PLAY,
    "mexemexe.maumau._match": PLAY,
    "mexemexe.games": PLAY,
    "mexemexe.testing": PLAY,
    # Faces: pictures, the command line, test strategies and the package's front door.
    "mexemexe.render": FACES,
    "mexemexe.cli": FACES,
    "mexemexe._cli_play": FACES,
    "mexemexe.__main__": FACES,
    "mexemexe.strategies": FACES,
    # The learning environments: an optional extra, imported by nothing else (#31).
    "mexemexe.rl": FACES,
    "mexemexe": FACES,
}


def layer_of(module: str) -> int | None:
    """The layer of ``module``: its own entry, else its nearest listed package but the top one."""
    name = module
    while name not in LAYERS:
        name = name.rpartition(".")[0]
        if "." not in name:  # the top package adopts no module: place it in LAYERS
            return None
    return LAYERS[name]
