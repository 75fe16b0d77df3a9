"""Fast copies of frozen, slotted attrs classes for the engines' hot paths.

A move builds a new state that differs from the old one in a few fields.
``attrs.evolve`` re-runs every converter and validator, and attrs's own
``__init__`` sets each slot through ``object.__setattr__`` (a frozen class
refuses plain attribute stores). The functions built here set every field
in straight-line code on an instance of a private *twin* of the class: a
plain class with the same slots, whose attribute stores are the
interpreter's fast slot stores. Once every field is set, the object's class
becomes the frozen class (``__class__`` assignment between classes of the
same slot layout); from then on it refuses changes like any other instance.
This builds a state in about half the time of setting its slots one by one
through their descriptors.

They are for values the engines already made canonical: nothing is
converted or checked. The classes must be frozen attrs classes of plain
slots without a ``__weakref__`` slot (a weak-reference slot lies outside the
slot layout that ``__class__`` assignment compares), in a single line of
slotted classes down from ``object`` (a view type of one turn structure
under the rummy `PlayerView`, itself under the view base every game
shares; a slotted class without fields, such as `typing.Generic`, may stand
in the line): the twin of a subclass derives from the same parent class,
adds the subclass's own slots, and stores through ``object.__setattr__``
(the parent's frozen ``__setattr__`` would refuse them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar, cast

import attrs

__all__ = ["changer", "copier", "maker"]

T = TypeVar("T")


def copier(cls: type[T]) -> Callable[[T, Mapping[str, object]], T]:
    """A function ``copy(obj, changes)``: a new ``cls`` like ``obj`` with ``changes`` applied.

    ``changes`` maps field names to new values; names that are not fields are ignored.

    Raises:
        TypeError: If ``cls`` is not a frozen attrs class of plain slots (see above).
    """
    lines = [
        f"    new.{name} = changes[{name!r}] if {name!r} in changes else obj.{name}"
        for name in _fields(cls)
    ]
    copy = _compile(cls, "copy(obj, changes)", lines)
    return cast("Callable[[T, Mapping[str, object]], T]", copy)  # its signature, compiled above


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
        TypeError: If ``cls`` is not a frozen attrs class of plain slots (see above).
    """
    fields = _fields(cls)
    position = {name: k for k, name in enumerate(names)}
    if len(position) != len(names) or not position.keys() <= set(fields):
        raise ValueError(f"{list(names)} are not distinct fields of {cls.__name__}")
    params = "".join(f", v{k}" for k in range(len(names)))
    lines = [
        f"    new.{name} = v{position[name]}"
        if name in position
        else f"    new.{name} = obj.{name}"
        for name in fields
    ]
    return _compile(cls, f"change(obj{params})", lines, check)


def maker(cls: type[T]) -> Callable[..., T]:
    """A function taking every field of ``cls`` positionally, in order, without conversion.

    Raises:
        TypeError: If ``cls`` is not a frozen attrs class of plain slots (see above).
    """
    names = _fields(cls)
    lines = [f"    new.{name} = {name}" for name in names]
    return _compile(cls, f"build({', '.join(names)})", lines)


def _fields(cls: type) -> list[str]:
    return [field.name for field in attrs.fields(cls)]


def _compile(
    cls: type[T], signature: str, lines: list[str], check: Callable[[T], T] | None = None
) -> Callable[..., T]:
    """Compile ``def <signature>``: a twin instance, ``lines`` setting its fields, then ``cls``."""
    source = [
        f"def {signature}:",
        "    new = make(twin)",
        *lines,
        "    new.__class__ = cls",
        "    return new" if check is None else "    return check(new)",
    ]
    namespace: dict[str, object] = {
        "make": object.__new__,
        "twin": _twin(cls),
        "cls": cls,
        "check": check,
    }
    exec("\n".join(source), namespace)
    # The function just compiled: whatever it is given, it returns a ``cls`` (or
    # what ``check`` returns, which is one too).
    return cast("Callable[..., T]", namespace[signature.partition("(")[0]])


_TWINS: dict[type, type] = {}


def _twin(cls: type) -> type:
    """The plain class with ``cls``'s slots, made once per class.

    For a subclass of a slotted attrs class, the twin derives from that same
    parent (``__class__`` assignment needs the same parent and the same
    slots added) and sets attributes as a plain object does.
    """
    twin = _TWINS.get(cls)
    if twin is None:
        if len(cls.__bases__) != 1 or sorted(_line_slots(cls)) != sorted(_fields(cls)):
            raise TypeError(
                f"{cls.__name__} is not a frozen attrs class of plain slots in a single "
                "line of slotted classes (without a __weakref__ slot)"
            )
        (parent,) = cls.__bases__
        namespace: dict[str, object] = {"__slots__": tuple(cls.__dict__["__slots__"])}
        if parent is not object:
            # Both: they share one type slot, which takes the fast path of a
            # plain object's stores only when neither is a Python function.
            namespace["__setattr__"] = object.__setattr__
            namespace["__delattr__"] = object.__delattr__
        twin = _TWINS[cls] = type(f"_{cls.__name__}Builder", (parent,), namespace)
    return twin


def _line_slots(cls: type) -> list[str]:
    """Every slot of ``cls`` and the classes above it, or ``["__dict__"]`` if one has no slots.

    Each class above ``object`` must declare its ``__slots__`` (else its
    instances carry a ``__dict__``, and fields could live outside the slots)
    and have a single parent.
    """
    slots: list[str] = []
    for klass in cls.__mro__[:-1]:
        own = klass.__dict__.get("__slots__")
        if own is None or len(klass.__bases__) != 1:
            return ["__dict__"]
        slots.extend([own] if isinstance(own, str) else own)
    return slots
