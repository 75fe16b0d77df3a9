"""JSON Schemas of what the library writes, for clients in any language to validate.

One schema (JSON Schema draft 2020-12) per kind of value an app sends or
receives: ``state`` (a rummy round, either turn structure), ``view`` (what
one player sees), ``maumau_state``, ``maumau_view``, ``move``, ``problem``,
``proposal``, ``round_result`` and ``best_play``. The files ship in the
package (``mexemexe/schemas/<name>.json``); each is self-contained.

Moves, problems and proposals are closed (no other field is valid, as
their readers refuse any); states and views list every field they have
today, and later versions may add fields.

Examples:
    >>> from mexemexe import schemas
    >>> schemas.load("move")["title"]
    'Move'
    >>> "proposal" in schemas.names()
    True
"""

from __future__ import annotations

import functools
import json
from importlib import resources

from .._errors import MexeMexeError
from .._jsonio import JSONObject

__all__ = ["load", "names", "text"]

_NAMES = (
    "best_play",
    "maumau_state",
    "maumau_view",
    "move",
    "problem",
    "proposal",
    "round_result",
    "state",
    "view",
)


def names() -> tuple[str, ...]:
    """The names of the shipped schemas, sorted."""
    return _NAMES


def text(name: str) -> str:
    """The schema ``name`` as the JSON text of its file.

    Raises:
        MexeMexeError: If there is no schema of that name (the message lists them).
    """
    if name not in _NAMES:
        raise MexeMexeError(f"no schema {name!r}: the schemas are {', '.join(_NAMES)}")
    return _read(name)


@functools.cache
def _read(name: str) -> str:
    return (resources.files(__name__) / f"{name}.json").read_text(encoding="utf-8")


def load(name: str) -> JSONObject:
    """The schema ``name`` as a dict (a fresh copy each call), ready for a validator.

    Raises:
        MexeMexeError: If there is no schema of that name (the message lists them).
    """
    loaded: JSONObject = json.loads(text(name))
    return loaded
