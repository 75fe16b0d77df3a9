"""Reading a request's JSON body with limits, so no body a client sends can cost a 500.

The body is read by hand rather than with ``request.json()``: a body over
`MAX_BODY` bytes is refused with 413, whether its ``Content-Length`` says so
or its streamed chunks (sent without one) add up past it, so the server
never holds more than that. The text is then parsed with `json.loads`, whose
failures on hostile text (nesting past the interpreter's recursion limit,
an integer of thousands of digits, bytes that are not UTF-8) are Python
errors, not `json.JSONDecodeError` alone; each becomes a 400. No body of the
table nests deeper than a few levels, so anything past `MAX_DEPTH` is
refused too, before any handler walks it.
"""

from __future__ import annotations

import json
from typing import NoReturn

from starlette.requests import Request

from .rooms import TableError

__all__ = ["MAX_BODY", "MAX_DEPTH", "read_object"]

#: The largest body accepted, in bytes: a move's JSON is under a kilobyte.
MAX_BODY = 64 * 1024
#: The deepest nesting accepted: a move nests a table (a list of melds) in an object.
MAX_DEPTH = 8


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")


async def _read(request: Request) -> bytes:
    """The body's bytes, at most `MAX_BODY` of them.

    Raises:
        TableError: 400 ``bad_request`` for a ``Content-Length`` that is no
            length; 413 ``body_too_large`` when the header or the bytes
            streamed exceed `MAX_BODY`.
    """
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.strip().isdigit():
            raise TableError(400, "bad_request", f"Content-Length {declared[:20]!r} is no length")
        if int(declared) > MAX_BODY:
            raise TableError(413, "body_too_large", f"a body is at most {MAX_BODY} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:  # a chunked body, or one longer than its header said
            raise TableError(413, "body_too_large", f"a body is at most {MAX_BODY} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _too_deep(data: object) -> bool:
    """Whether ``data`` nests deeper than `MAX_DEPTH`; iterative, so any depth is safe."""
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
    return False


async def read_object(request: Request) -> dict[str, object]:
    """The request's body, which must be a JSON object within the limits above.

    Raises:
        TableError: 413 ``body_too_large`` over `MAX_BODY` bytes; 400
            ``bad_json`` for a body that is not JSON, nests too deeply, holds
            NaN or Infinity, or is not a JSON object.
    """
    raw = await _read(request)
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except RecursionError:
        raise TableError(400, "bad_json", "the body's JSON nests too deeply") from None
    except ValueError as err:  # JSONDecodeError, UnicodeDecodeError, too many digits
        raise TableError(400, "bad_json", f"the body is not JSON: {err}") from None
    if not isinstance(data, dict):
        raise TableError(400, "bad_json", "the body is not a JSON object")
    if _too_deep(data):
        raise TableError(400, "bad_json", f"the body's JSON nests over {MAX_DEPTH} levels")
    return data
