"""The JSON form of a move: ``{"format": 1, "kind": "layoff", "card": "7H", "meld_index": 2}``.

A mixin of `mexemexe._moves.Move`: the kind is the text form's keyword,
each field one of the move's own (``_json_fields``), cards in notation, a
table as its melds' notation, a suit its letter. The package's ``move``
JSON Schema describes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, TypeVar

import attrs

from ._cards import Card, Suit
from ._errors import JSON_FORMAT, InvalidStateError
from ._jsonio import JSON, JSONObject, dumps, loads_object
from ._kinds import loading, quote
from ._notation import format_cards
from ._problemjson import document, field, read_melds
from ._table import Table

__all__ = ["MoveJSON"]


class MoveJSON:
    """``to_dict``, ``to_json``, ``from_dict`` and ``from_json`` for every `Move`."""

    __slots__ = ()

    #: The keyword of the move's text form, its JSON kind.
    keyword: ClassVar[str] = ""

    #: The move's JSON fields and the JSON kinds each may hold; the ones a
    #: move has a default for may be left out.
    _json_fields: ClassVar[dict[str, type | tuple[type, ...]]] = {}

    @classmethod
    def _kinds(cls) -> Mapping[str, type[MoveJSON]]:
        """Every kind of move by keyword (the registry of `Move`)."""
        raise NotImplementedError  # pragma: no cover

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict: ``{"format": 1, "kind": keyword, ...fields}``.

        Cards are in notation (a meld is one string, a table a list of
        them), a suit its letter.

        Examples:
            >>> from mexemexe import Move
            >>> Move.parse("layoff 7H 2").to_dict()
            {'format': 1, 'kind': 'layoff', 'card': '7H', 'meld_index': 2}
        """
        out: JSONObject = {"format": JSON_FORMAT, "kind": self.keyword}
        for name in self._json_fields:
            out[name] = _json_value(getattr(self, name))
        return out

    def to_json(self, **kwargs: object) -> str:
        """`to_dict` as JSON text (keyword arguments go to `json.dumps`)."""
        return dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls: type[_M], data: object) -> _M:
        """Rebuild a move from `to_dict` output, checking every field.

        ``Move.from_dict`` reads any kind of move; a subclass's reads only
        its own kind.

        Raises:
            InvalidStateError: If the data is not a move of this kind: a
                missing, unknown or ill-typed field, another format, a card
                that is not notation, a meld number out of range.
        """
        kind = data.get("kind") if isinstance(data, Mapping) else None
        kinds = cls._kinds()
        move_type = kinds.get(kind) if isinstance(kind, str) else None
        if move_type is None:
            known = ", ".join(sorted(kinds))
            raise InvalidStateError(f"a move's kind is one of {known}, got {quote(kind)}")
        fields = move_type._json_fields
        attributes: tuple[attrs.Attribute[object], ...] = getattr(move_type, "__attrs_attrs__", ())
        defaults = {a.name for a in attributes if a.default is not attrs.NOTHING}
        doc = document(data, "move", ["kind", *(k for k in fields if k not in defaults)], fields)
        values = {
            key: field(doc, key, kinds, "move") for key, kinds in fields.items() if key in doc
        }
        if "table" in values:  # a table's melds are never empty (the notation cannot write one)
            values["table"] = read_melds(values["table"], "move.table")
        with loading("move"):
            move = move_type(**values)
        if not isinstance(move, cls):
            raise InvalidStateError(f"expected a {cls.__name__} move, got {quote(kind)}")
        return move

    @classmethod
    def from_json(cls: type[_M], text: str) -> _M:
        """Rebuild a move from `to_json` output.

        Raises:
            InvalidStateError: If the text is not JSON or not a move of this kind.
        """
        return cls.from_dict(loads_object(text, "move"))


_M = TypeVar("_M", bound=MoveJSON)


def _json_value(value: object) -> JSON:
    """A move's field as JSON: cards in notation, a table as its melds', a suit its letter."""
    if isinstance(value, Table):
        return [format_cards(meld) for meld in value.melds]
    if isinstance(value, tuple):
        return format_cards(value)
    if isinstance(value, (Card, Suit)):
        return str(value) if isinstance(value, Card) else value.value
    assert value is None or isinstance(value, (bool, int, str)), value
    return value
