"""JSON text for every serializable value of the library: one way in, one way out.

Every ``from_json`` of the package reads through `loads_object`, so the
limits on hostile text live here once: nesting deeper than any value the
library writes, numbers longer than any it writes, and the non-standard
constants ``NaN`` and ``Infinity`` are refused as `InvalidStateError`, in
time linear in the text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NoReturn, TypeAlias

from ._errors import InvalidStateError

__all__ = ["JSON", "MAX_DEPTH", "MAX_DIGITS", "JSONObject", "dumps", "loads_object"]

#: A JSON value as `json.loads` returns it and `json.dumps` takes it.
JSON: TypeAlias = bool | int | float | str | list["JSON"] | dict[str, "JSON"] | None
#: A JSON object: what every ``to_dict`` of the library returns.
JSONObject: TypeAlias = dict[str, JSON]

#: The deepest nesting accepted. A record nests a state, a state its profile
#: and result: the library writes about 5 levels.
MAX_DEPTH = 32
#: The longest integer literal accepted. The library writes nothing above
#: 2**64 (20 digits); Python refuses to convert more than 4300 digits at all.
MAX_DIGITS = 40


class _TooLongError(Exception):
    """A number literal over `MAX_DIGITS` (raised inside the parser, caught below)."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _TooLongError(f"an integer of {len(text)} characters (at most {MAX_DIGITS} digits)")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:  # room for a sign, a point and an exponent
        raise _TooLongError(f"a number of {len(text)} characters")
    return float(text)


def _parse_constant(name: str) -> NoReturn:
    raise _TooLongError(f"{name} is not a JSON number")


def dumps(data: Mapping[str, JSON], **kwargs: Any) -> str:
    """``data`` as JSON text, unicode kept (keyword arguments go to `json.dumps`)."""
    # ``kwargs`` keeps the loose type: it goes on whole to `json.dumps`, whose
    # options each have their own type, and ``to_json(**kwargs)`` passes a caller's on.
    return json.dumps(data, ensure_ascii=False, **kwargs)


def _depth_problem(data: JSON) -> str | None:
    """Why ``data`` nests too deeply, or ``None``; iterative, so any depth is safe to walk."""
    stack: list[tuple[JSON, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"nested more than {MAX_DEPTH} levels deep"
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return None


def loads_object(text: str, what: str) -> JSONObject:
    """Parse JSON text that must hold an object (a ``what``: "state", "record" …).

    Raises:
        InvalidStateError: If the text is not JSON, nests deeper than
            `MAX_DEPTH`, holds a number longer than `MAX_DIGITS` digits or a
            NaN/Infinity constant, or is not a JSON object.
    """
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
    except (json.JSONDecodeError, TypeError) as err:
        raise InvalidStateError(f"not JSON: {err}") from err
    except RecursionError:
        # The C parser recurses once per level and stops at the interpreter's
        # limit, after about a thousand levels: quickly, whatever the text's length.
        raise InvalidStateError(f"not a {what}: JSON nested too deeply") from None
    except _TooLongError as err:
        raise InvalidStateError(f"not a {what}: {err}") from None
    if not isinstance(data, dict):
        raise InvalidStateError(f"a {what} is a JSON object, not {type(data).__name__}")
    problem = _depth_problem(data)
    if problem is not None:
        raise InvalidStateError(f"not a {what}: JSON {problem}")
    return data
