"""JSON text for every serializable value of the library: one way in, one way out."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ._errors import InvalidStateError

__all__ = ["dumps", "loads_object"]


def dumps(data: Mapping[str, Any], **kwargs: Any) -> str:
    """``data`` as JSON text, unicode kept (keyword arguments go to `json.dumps`)."""
    return json.dumps(data, ensure_ascii=False, **kwargs)


def loads_object(text: str, what: str) -> Mapping[str, Any]:
    """Parse JSON text that must hold an object (a ``what``: "state", "record" …).

    Raises:
        InvalidStateError: If the text is not JSON or not a JSON object.
    """
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as err:
        raise InvalidStateError(f"not JSON: {err}") from err
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"a {what} is a JSON object, not {type(data).__name__}")
    return data
