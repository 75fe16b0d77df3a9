"""The JSON form of a `BestPlay`, kept apart from the search it reports on."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .._errors import JSON_FORMAT, InvalidStateError
from .._jsonio import JSONObject, dumps, loads_object
from .._kinds import loading
from .._moves import Move
from .._notation import format_cards
from .._problemjson import document, field, read_cards, read_melds
from .._table import Table

__all__ = ["BestPlayJSON"]

_B = TypeVar("_B", bound="BestPlayJSON")


class BestPlayJSON:
    """``to_dict``, ``to_json``, ``from_dict`` and ``from_json`` for `BestPlay`."""

    __slots__ = ()

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict: the table's melds, the cards placed, the moves as move dicts.

        Examples:
            >>> from mexemexe import solver
            >>> best = solver.best_play(table="5H 6H 7H", hand="8H KS", profile="rummikub")
            >>> best.to_dict()["table"]
            ['5H 6H 7H 8H']
        """
        table: Table = getattr(self, "table")  # noqa: B009 - the attrs class below has them
        moves: tuple[Move, ...] = getattr(self, "moves")  # noqa: B009
        value: float = getattr(self, "value")  # noqa: B009
        return {
            "format": JSON_FORMAT,
            "table": [format_cards(meld) for meld in table.melds],
            "placed": format_cards(getattr(self, "placed")),  # noqa: B009
            "value": value,
            "objective": str(getattr(self, "objective")),  # noqa: B009
            "moves": [move.to_dict() for move in moves],
            "exact": bool(getattr(self, "exact")),  # noqa: B009
        }

    def to_json(self, **kwargs: object) -> str:
        """`to_dict` as JSON text (keyword arguments go to `json.dumps`)."""
        return dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls: type[_B], data: object) -> _B:
        """Rebuild a best play from `to_dict` output, checking every field's kind.

        Raises:
            InvalidStateError: If a field is missing, unknown or ill-typed,
                the format is not 1, or a meld, card or move is not valid.
        """
        what = "best play"
        doc = document(data, what, ("table", "placed", "value", "objective", "moves", "exact"))
        moves = field(doc, "moves", list, what)
        assert isinstance(moves, list)
        objective = field(doc, "objective", str, what)
        if objective not in ("cards", "points"):
            raise InvalidStateError(f"best play.objective={objective!r}: 'cards' or 'points'")
        make: Callable[..., _B] = cls  # the attrs class's own constructor
        with loading(what):
            return make(
                table=Table(read_melds(doc["table"], "best play.table")),
                placed=read_cards(doc["placed"], "best play.placed"),
                value=field(doc, "value", (int, float), what),
                objective=objective,
                moves=tuple(Move.from_dict(move) for move in moves),
                exact=field(doc, "exact", bool, what),
            )

    @classmethod
    def from_json(cls: type[_B], text: str) -> _B:
        """Rebuild a best play from `to_json` output.

        Raises:
            InvalidStateError: If the text is not JSON or not a best play.
        """
        return cls.from_dict(loads_object(text, "best play"))
