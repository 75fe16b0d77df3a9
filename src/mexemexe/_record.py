"""Game records: an initial state plus the moves played; replay is a fold of `apply`."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

from ._errors import IllegalMoveError, InvalidStateError, MexeMexeError
from ._jsonio import dumps, loads_object
from ._moves import Move, parse_move
from ._state import GameState

__all__ = ["RECORD_SCHEMA", "GameRecord"]

#: The schema tag written by `GameRecord.to_dict`.
RECORD_SCHEMA = "mexemexe.record/1"

#: State classes by the schema tag their ``to_dict`` writes (games register here).
STATE_CLASSES: dict[str, Any] = {"mexemexe.state/1": GameState}


def _moves(value: Sequence[Move | str]) -> tuple[Move, ...]:
    return tuple(parse_move(m) if isinstance(m, str) else m for m in value)


@attrs.frozen
class GameRecord:
    """A round (or a Mau-Mau hand) as data: the initial state and the moves, in order.

    ``record.replay()`` is ``functools.reduce(GameState.apply, moves, initial)``.

    Attributes:
        initial: The state the round started from.
        moves: The moves played (text forms are accepted).
    """

    initial: Any
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves)

    def append(self, move: Move | str) -> GameRecord:
        """A record with ``move`` added at the end (not checked until replayed)."""
        return attrs.evolve(self, moves=(*self.moves, *_moves([move])))

    def replay(self) -> Any:
        """The state after every move.

        Raises:
            IllegalMoveError: If a move is illegal where it stands (a tampered record).
        """
        return functools.reduce(lambda state, move: state.apply(move), self.moves, self.initial)

    def states(self) -> Iterator[Any]:
        """Every state from the initial one to the last, in order."""
        state = self.initial
        yield state
        for move in self.moves:
            state = state.apply(move)
            yield state

    @classmethod
    def _played(cls, initial: Any, moves: tuple[Move, ...]) -> GameRecord:
        """The record of ``moves`` played by the engine (`Move` values already): no converter."""
        record = object.__new__(cls)
        object.__setattr__(record, "initial", initial)
        object.__setattr__(record, "moves", moves)
        return record

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the initial state and the moves' text forms."""
        return {
            "schema": RECORD_SCHEMA,
            "initial": self.initial.to_dict(),
            "moves": [str(m) for m in self.moves],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, check: bool = True) -> GameRecord:
        """Rebuild a record; with ``check`` replay it to prove every move legal.

        Raises:
            InvalidStateError: If the data is malformed or a move is illegal.
        """
        try:
            if data.get("schema") != RECORD_SCHEMA:
                raise InvalidStateError(f"unknown record schema {data.get('schema')!r}")
            initial = data["initial"]
            state_class = STATE_CLASSES.get(initial.get("schema"), GameState)
            record = cls(state_class.from_dict(initial), data["moves"])
            if check:
                record.replay()
        except IllegalMoveError as err:
            raise InvalidStateError(f"the record has an illegal move: {err}") from err
        except InvalidStateError:
            raise
        except MexeMexeError as err:
            raise InvalidStateError(f"invalid record: {err}") from err
        except (KeyError, TypeError, AttributeError, ValueError) as err:
            raise InvalidStateError(f"invalid record data: {err!r}") from err
        return record

    def to_json(self, **kwargs: Any) -> str:
        """`to_dict` as JSON text."""
        return dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Rebuild a record from `to_json` output.

        Raises:
            InvalidStateError: If the text is not JSON or not a valid record.
        """
        return cls.from_dict(loads_object(text, "record"))
