"""Reading a `Problem` back from JSON, strictly: what a client sends may be tampered with.

`Problem.from_dict` and `Problem.from_json` call these through
`mexemexe._errors.READERS`: the card notation and the JSON reader they need
both import the errors module, so they cannot be imported from it. The
helpers here also serve the other values' readers (`Move`, `Proposal`,
`BestPlay`): one check of a document's keys and format, one of each kind.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from . import _errors
from ._cards import Card, parse_cards_span
from ._errors import JSON_FORMAT, InvalidStateError, Problem
from ._jsonio import loads_object

__all__ = [
    "document",
    "field",
    "problem_from_dict",
    "problem_from_json",
    "read_cards",
    "read_melds",
]


def _short(value: object) -> str:
    text = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    return text if len(text) <= 60 else text[:60] + "…"


def document(
    data: object, what: str, required: Collection[str], optional: Collection[str] = ()
) -> Mapping[str, object]:
    """``data`` as a ``what`` document: a mapping with ``"format": 1`` and only known keys.

    Raises:
        InvalidStateError: If it is no mapping, lacks a required key, has an
            unknown one, or another format.
    """
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"a {what} is a JSON object, got {_short(data)}")
    if data.get("format") != JSON_FORMAT:
        raise InvalidStateError(
            f"a {what} with format {_short(data.get('format'))}: this version reads format "
            f"{JSON_FORMAT}"
        )
    missing = [key for key in required if key not in data]
    if missing:
        raise InvalidStateError(f"a {what} needs {', '.join(map(repr, missing))}")
    known = {"format", *required, *optional}
    unknown = [key for key in data if key not in known]
    if unknown:
        raise InvalidStateError(
            f"a {what} has no field {_short(unknown[0])} (it has: {', '.join(sorted(known))})"
        )
    return data


def field(data: Mapping[str, object], key: str, kind: type | tuple[type, ...], what: str) -> object:
    """``data[key]``, which must be a ``kind`` (a bool is no int, an int no float).

    Raises:
        InvalidStateError: If it is not.
    """
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        names = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)
        raise InvalidStateError(f"{what}.{key}={_short(value)}: expected {names}")
    return value


def read_cards(value: object, where: str) -> tuple[Card, ...]:
    """Cards written as one notation string.

    Raises:
        InvalidStateError: If ``value`` is no string.
        NotationError: If it is not card notation.
    """
    if not isinstance(value, str):
        raise InvalidStateError(f"{where}={_short(value)}: expected cards in notation, a string")
    return parse_cards_span(value)


def read_melds(value: object, where: str) -> list[tuple[Card, ...]]:
    """Melds written as a list of notation strings, none empty.

    Raises:
        InvalidStateError: If ``value`` is no list of strings, or a meld is empty.
        NotationError: If a meld is not card notation.
    """
    if not isinstance(value, list):
        raise InvalidStateError(f"{where}={_short(value)}: expected a list of melds")
    melds = [read_cards(meld, where) for meld in value]
    if not all(melds):
        raise InvalidStateError(f"{where}: a meld holds at least one card")
    return melds


def problem_from_dict(data: object) -> Problem:
    """A problem from its `Problem.to_dict` form; see `Problem.from_dict`."""
    doc = document(data, "problem", ("message", "rule"), ("code", "meld_index", "cards"))
    message = field(doc, "message", str, "problem")
    rule = field(doc, "rule", str, "problem")
    assert isinstance(message, str)
    assert isinstance(rule, str)
    index = field(doc, "meld_index", (int, type(None)), "problem") if "meld_index" in doc else None
    if isinstance(index, int) and not 0 <= index < 2**53:
        raise InvalidStateError(f"problem.meld_index={index}: a meld counted from 0")
    assert index is None or isinstance(index, int)
    cards = read_cards(doc.get("cards", ""), "problem.cards")
    problem = Problem(message, rule, index, cards)
    if "code" in doc and doc["code"] != problem.code:
        raise InvalidStateError(
            f"problem.code={_short(doc['code'])} but the message is of code {problem.code!r}"
        )
    return problem


def problem_from_json(text: object) -> Problem:
    """A problem from its `Problem.to_json` text; see `Problem.from_json`."""
    if not isinstance(text, str):
        raise InvalidStateError(f"a problem's JSON is text, got {type(text).__name__}")
    return problem_from_dict(loads_object(text, "problem"))


_errors.READERS.update(dict=problem_from_dict, json=problem_from_json)
