"""One module per turn structure; the profile's ``turn_structure`` field picks it.

Each engine module provides ``propose(state, table)``, ``apply(state, move)``
and ``legal_moves(view)`` (a `TurnRules`). Importing this package registers
them with the state layer (`register_turn_structure`), which never imports
the turn modules: they import it. Importing any of them imports this package
first, so the rules are registered whenever a turn module is loaded.
"""

from __future__ import annotations

from .._state import ENGINES, register_turn_structure
from . import discard, shared_table

__all__ = ["ENGINES", "discard", "shared_table"]

register_turn_structure("shared_table", shared_table, shared_table.SharedTableState)
register_turn_structure("discard", discard, discard.DiscardState)
