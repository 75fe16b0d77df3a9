"""Fast copies of frozen, slotted attrs classes for the engines' hot paths.

A move builds a new state that differs from the old one in a few fields.
``attrs.evolve`` re-runs every converter and validator, and a loop of
``object.__setattr__`` looks each slot up by name; the functions built here
write every slot through its descriptor in straight-line code (as attrs's
own generated ``__init__`` does), which makes a successor state about a
third cheaper. They are for values the engines already made canonical:
nothing is converted or checked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

__all__ = ["changer", "copier", "maker"]

T = TypeVar("T")


def copier(cls: type[T]) -> Callable[[T, Mapping[str, Any]], T]:
    """A function ``copy(obj, changes)``: a new ``cls`` like ``obj`` with ``changes`` applied.

    ``changes`` maps field names to new values; names that are not fields are ignored.
    """
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    lines = ["def copy(obj, changes):", "    new = make(cls)"]
    for i, name in enumerate(names):
        lines.append(f"    set{i}(new, changes[{name!r}] if {name!r} in changes else get{i}(obj))")
    lines.append("    return new")
    return _compile(cls, names, lines, "copy")  # type: ignore[no-any-return]


def changer(
    cls: type[T], names: Sequence[str], check: Callable[[T], T] | None = None
) -> Callable[..., T]:
    """A function ``change(obj, *values)``: a new ``cls`` like ``obj`` with ``names`` set.

    For an engine call site that always changes the same fields: the values
    come positionally, in the order of ``names``, and the unchanged fields
    are copied in straight-line code (no mapping of changes to look into).
    ``check``, if given, is called on the new object and its result returned.

    Raises:
        ValueError: If a name is not a field of ``cls``, or appears twice.
    """
    fields = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    position = {name: k for k, name in enumerate(names)}
    if len(position) != len(names) or not position.keys() <= set(fields):
        raise ValueError(f"{list(names)} are not distinct fields of {cls.__name__}")
    params = "".join(f", v{k}" for k in range(len(names)))
    lines = [f"def change(obj{params}):", "    new = make(cls)"]
    for i, name in enumerate(fields):
        value = f"v{position[name]}" if name in position else f"get{i}(obj)"
        lines.append(f"    set{i}(new, {value})")
    lines.append("    return check(new)" if check is not None else "    return new")
    change = _compile(cls, fields, lines, "change", check=check)
    return change  # type: ignore[no-any-return]


def maker(cls: type[T]) -> Callable[..., T]:
    """A function taking every field of ``cls`` positionally, in order, without conversion."""
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    lines = [f"def build({', '.join(names)}):", "    new = make(cls)"]
    lines.extend(f"    set{i}(new, {name})" for i, name in enumerate(names))
    lines.append("    return new")
    return _compile(cls, names, lines, "build")  # type: ignore[no-any-return]


def _compile(cls: type, names: list[str], lines: list[str], entry: str, **extra: Any) -> Any:
    namespace: dict[str, Any] = {"make": object.__new__, "cls": cls, **extra}
    for i, name in enumerate(names):
        slot = getattr(cls, name)  # the member descriptor of a slotted class
        namespace[f"set{i}"] = slot.__set__
        namespace[f"get{i}"] = slot.__get__
    exec("\n".join(lines), namespace)
    return namespace[entry]
