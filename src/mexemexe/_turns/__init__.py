"""One module per turn structure; the profile's ``turn_structure`` field picks it.

Each engine module provides ``propose(state, table)``, ``apply(state, move)``
and ``legal_moves(view)``.
"""

from __future__ import annotations

from types import ModuleType

from . import discard, shared_table

__all__ = ["ENGINES"]

#: Engine module by ``Profile.turn_structure``.
ENGINES: dict[str, ModuleType] = {
    "shared_table": shared_table,
    "discard": discard,
}
