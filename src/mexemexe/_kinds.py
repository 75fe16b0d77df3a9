"""Checks that a value's fields hold the kind of thing they must: numbers, flags, text, values.

States and profiles can be built from outside (from JSON, or by hand), and
their consistency checks compare and count their fields. A field of the
wrong kind would make those checks fail with a bare `TypeError` far from the
cause, so the kinds are checked first, and each wrong one is named.
"""

from __future__ import annotations

import contextlib
import functools
import reprlib
from collections.abc import Iterable, Iterator, Mapping

from ._errors import InvalidStateError, MexeMexeError

__all__ = ["MAX_COUNT", "error_reason", "kind_problems", "loading", "quote", "whole_number"]


def kind_problems(
    value: object,
    *,
    whole: Iterable[str] = (),
    flags: Iterable[str] = (),
    text: Iterable[str] = (),
    optional: Mapping[str, type | tuple[type, ...]] | None = None,
) -> list[str]:
    """The fields of ``value`` that are not of their kind, one problem each.

    Args:
        value: The object whose fields are checked.
        whole: Fields that hold a whole number (an ``int``, not a ``bool``).
        flags: Fields that hold ``True`` or ``False``.
        text: Fields that hold a ``str``.
        optional: Fields that hold ``None`` or an instance of the given type
            (for ``int``, a whole number that is not a ``bool``).

    Returns:
        Problems such as ``"turn='x': a whole number"``; empty if all is well.
    """
    problems = []
    for name in whole:
        field = getattr(value, name)
        if isinstance(field, bool) or not isinstance(field, int):
            problems.append(f"{name}={quote(field)}: a whole number")
    for name in flags:
        field = getattr(value, name)
        if not isinstance(field, bool):
            problems.append(f"{name}={quote(field)}: True or False")
    for name in text:
        field = getattr(value, name)
        if not isinstance(field, str):
            problems.append(f"{name}={quote(field)}: text")
    for name, kind in (optional or {}).items():
        field = getattr(value, name)
        if field is None:
            continue
        if kind is int:  # a whole number, and a flag is not one
            if isinstance(field, bool) or not isinstance(field, int):
                problems.append(f"{name}={quote(field)}: a whole number or None")
        elif not isinstance(field, kind):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            article = "an" if names[0] in "AEIOU" else "a"
            problems.append(f"{name}={quote(field)}: {article} {names} or None")
    return problems


#: The largest count or index a state stores. Numbers beyond 2**53 lose
#: precision in the JSON readers of other languages, and no round comes near.
MAX_COUNT = 2**53


def quote(value: object) -> str:
    """``repr(value)`` for an error message, safe and short for any hostile input.

    A plain ``repr`` fails on a deeply nested list (RecursionError) and on an
    integer of more than 4300 digits (ValueError); a long one would flood the
    message. This one never raises and stays under about 80 characters.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"<a {value.bit_length()}-bit integer>"
    try:
        return _short_repr().repr(value)
    except Exception:  # a huge int nested inside a list, or a hostile __repr__
        return f"<a {type(value).__name__}>"


@functools.cache
def _short_repr() -> reprlib.Repr:
    short = reprlib.Repr()
    short.maxlevel, short.maxstring, short.maxother = 3, 40, 40
    short.maxlist = short.maxtuple = short.maxdict = 6
    return short


def error_reason(err: BaseException) -> str:
    """The message of ``err`` for a one-line error that wraps it: short, never raising."""
    if isinstance(err, KeyError):
        return f"missing key {quote(err.args[0]) if err.args else ''}"
    if isinstance(err, RecursionError):
        return "nested too deeply"
    text = str(err)
    return text if len(text) <= 300 else text[:300] + " …"


@contextlib.contextmanager
def loading(what: str) -> Iterator[None]:
    """Turn whatever reading hostile data raises into `InvalidStateError` ("invalid ``what``: …").

    A loader's own `InvalidStateError` passes as it is; another library
    error, or Python's own (a missing key, a value of the wrong kind, data
    nested past the recursion limit), is wrapped with a short reason.

    Raises:
        InvalidStateError: Wrapping any of those.
    """
    try:
        yield
    except InvalidStateError:
        raise
    except (MexeMexeError, KeyError, IndexError, TypeError, AttributeError, ValueError) as err:
        raise InvalidStateError(f"invalid {what}: {error_reason(err)}") from err
    except RecursionError as err:
        raise InvalidStateError(f"invalid {what}: {error_reason(err)}") from None


def whole_number(value: object, what: str, low: int = 0, high: int = MAX_COUNT) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) from ``low`` to ``high``, for loaders.

    Args:
        value: The value read from outside (JSON or a caller's dict).
        what: Its name for the message, e.g. ``"turn"``.
        low: The smallest value allowed.
        high: The largest value allowed.

    Raises:
        InvalidStateError: If ``value`` is not such a number; the message quotes it.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError(f"{what}={quote(value)}: expected an integer")
    if not low <= value <= high:
        raise InvalidStateError(f"{what}={quote(value)}: expected {low} to {high}")
    return value
