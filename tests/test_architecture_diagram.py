"""The architecture page's diagram matches the code's imports (#28).

``docs/concepts/architecture.md`` holds a table placing every module of the
package in one box of the diagram, and a Mermaid diagram whose arrows are the
imports between boxes, drawn without the arrows that a path already implies.
These tests read both from the page and hold them against the import graph
of `tests.import_graph`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Set
from pathlib import Path

from tests.import_graph import LAYER_NAMES, import_graph, layer_of

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "concepts" / "architecture.md").read_text(encoding="utf-8")
GRAPH = import_graph(ROOT / "src", "mexemexe")

#: A row of the page's table: | `box` | layer | `module`, `module` … |
_ROW = re.compile(r"^\|\s*`(?P<box>[a-z_]+)`\s*\|\s*(?P<layer>[a-z]+)\s*\|(?P<modules>.*)\|\s*$")
_ARROW = re.compile(r"^\s*(?P<src>[a-z_]+)\s*-->\s*(?P<dst>[a-z_]+)\s*$")


def _boxes() -> dict[str, tuple[str, list[str]]]:
    """Each box of the page's table: its layer's name and its module patterns."""
    boxes = {}
    for line in PAGE.splitlines():
        row = _ROW.match(line)
        if row:
            modules = re.findall(r"`([a-z_.*]+)`", row["modules"])
            boxes[row["box"]] = (row["layer"], modules)
    return boxes


def _arrows() -> set[tuple[str, str]]:
    """The arrows of the page's Mermaid diagram."""
    block = PAGE.split("```mermaid", 1)[1].split("```", 1)[0]
    return {(m["src"], m["dst"]) for m in map(_ARROW.match, block.splitlines()) if m}


def _box_of(module: str, boxes: Mapping[str, tuple[str, list[str]]]) -> list[str]:
    """The boxes whose patterns take ``module`` (``mexemexe.solver.*`` takes its submodules)."""
    found = []
    for box, (_, patterns) in boxes.items():
        for pattern in patterns:
            if pattern == module or (pattern.endswith(".*") and module.startswith(pattern[:-1])):
                found.append(box)
    return found


BOXES = _boxes()
ARROWS = _arrows()
BOX = {module: _box_of(module, BOXES) for module in GRAPH}


def _box_imports() -> set[tuple[str, str]]:
    """The imports between boxes, as the code has them."""
    edges = set()
    for module, targets in GRAPH.items():
        for target in targets:
            if BOX[module] and BOX[target] and BOX[module] != BOX[target]:
                edges.add((BOX[module][0], BOX[target][0]))
    return edges


def _reachable(arrows: Set[tuple[str, str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        for src, dst in arrows:
            if src == node and dst not in seen:
                seen.add(dst)
                todo.append(dst)
    return seen


def test_page_has_a_table_and_a_diagram() -> None:
    """The page places modules in boxes and draws arrows between them."""
    assert len(BOXES) >= 8 and len(ARROWS) >= 8


def test_every_module_is_in_one_box() -> None:
    """Each module of the package is placed in exactly one box of the diagram."""
    assert {m: boxes for m, boxes in BOX.items() if len(boxes) != 1} == {}


def test_each_box_is_in_its_modules_layer() -> None:
    """A box's layer is the layer of every module in it (from tests/import_graph.py)."""
    wrong = {
        module: (BOXES[BOX[module][0]][0], LAYER_NAMES[layer])
        for module in GRAPH
        if (layer := layer_of(module)) is not None
        and BOXES[BOX[module][0]][0] != LAYER_NAMES[layer]
    }
    assert wrong == {}


def test_every_arrow_is_an_import() -> None:
    """Each arrow drawn is an import some module of one box makes from the other."""
    assert ARROWS - _box_imports() == set()


def test_every_import_is_drawn() -> None:
    """Each import between boxes is an arrow or a path of arrows in the diagram."""
    missing = {(src, dst) for src, dst in _box_imports() if dst not in _reachable(ARROWS, src)}
    assert missing == set()


def test_no_arrow_is_implied_by_a_path() -> None:
    """The diagram draws no arrow that another path of arrows already gives."""
    redundant = {
        (src, dst)
        for src, dst in ARROWS
        if any(
            dst in _reachable(ARROWS - {(src, dst)}, mid)
            for s, mid in ARROWS
            if s == src and mid != dst
        )
    }
    assert redundant == set()


def test_arrows_point_down() -> None:
    """No arrow leads from a lower layer to a higher one."""
    order = {name: index for index, name in enumerate(LAYER_NAMES)}
    up = {(src, dst) for src, dst in ARROWS if order[BOXES[src][0]] < order[BOXES[dst][0]]}
    assert up == set()
