"""Checks that a value's fields hold the kind of thing they must: numbers, flags, text, values.

States and profiles can be built from outside (from JSON, or by hand), and
their consistency checks compare and count their fields. A field of the
wrong kind would make those checks fail with a bare `TypeError` far from the
cause, so the kinds are checked first, and each wrong one is named.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["kind_problems"]


def kind_problems(
    value: Any,
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
            problems.append(f"{name}={field!r}: a whole number")
    for name in flags:
        field = getattr(value, name)
        if not isinstance(field, bool):
            problems.append(f"{name}={field!r}: True or False")
    for name in text:
        field = getattr(value, name)
        if not isinstance(field, str):
            problems.append(f"{name}={field!r}: text")
    for name, kind in (optional or {}).items():
        field = getattr(value, name)
        if field is None:
            continue
        if kind is int:  # a whole number, and a flag is not one
            if isinstance(field, bool) or not isinstance(field, int):
                problems.append(f"{name}={field!r}: a whole number or None")
        elif not isinstance(field, kind):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            article = "an" if names[0] in "AEIOU" else "a"
            problems.append(f"{name}={field!r}: {article} {names} or None")
    return problems
