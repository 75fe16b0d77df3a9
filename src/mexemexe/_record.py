"""Game records: an initial state plus the moves played; replay is a fold of `apply`."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

import attrs

from ._errors import IllegalMoveError, InvalidStateError, MexeMexeError, ProfileError
from ._kinds import loading, quote, whole_number
from ._moves import Move, parse_move
from ._roundparts import JsonForm
from .games import OwnState, RoundState, game_for, game_of_schema

if TYPE_CHECKING:
    from ._jsonio import JSONObject

__all__ = ["RECORD_SCHEMA", "GameRecord"]

#: The schema tag written by `GameRecord.to_dict`.
RECORD_SCHEMA = "mexemexe.record/1"

#: A deal seed's bound (`mexemexe.round_seed` gives 64-bit seeds).
MAX_SEED = 2**64


def state_class(tag: object) -> type[RoundState]:
    """The state class that reads the schema ``tag``: the registered game's that writes it.

    Raises:
        InvalidStateError: If no registered game writes states with that tag.
    """
    try:
        return game_of_schema(tag).state_type
    except ProfileError as err:
        raise InvalidStateError(str(err)) from None


def _moves(value: Sequence[Move | str]) -> tuple[Move, ...]:
    if isinstance(value, (str, Move)):
        raise InvalidStateError(f"moves={quote(value)}: a list of moves, not one")
    try:
        moves = tuple(parse_move(m) if isinstance(m, str) else m for m in value)
    except TypeError:
        raise InvalidStateError(f"moves={quote(value)}: a list of moves") from None
    wrong = [m for m in moves if not isinstance(m, Move)]
    if wrong:
        raise InvalidStateError(f"moves: {quote(wrong[0])} is not a move or a move's text")
    return moves


def _seed(value: object) -> int | None:
    if value is None:
        return None
    return whole_number(value, "seed", -MAX_SEED + 1, MAX_SEED - 1)


@attrs.frozen
class GameRecord(JsonForm):
    """A round (or a Mau-Mau hand) as data: the initial state and the moves, in order.

    ``record.replay()`` is ``functools.reduce(GameState.apply, moves, initial)``.

    Attributes:
        initial: The state the round started from.
        moves: The moves played (text forms are accepted).
        seed: The deal seed, when ``initial`` is a seeded deal (`play_match`
            records each round's); ``None`` for a stacked or unknown deal.
            With a seed, `from_dict` deals again and refuses a record whose
            initial state is not that deal (swapped hands, a stacked stock).
    """

    _json_what: ClassVar[str] = "record"

    initial: OwnState
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves)
    seed: int | None = attrs.field(default=None, converter=_seed, kw_only=True)

    def deal_problem(self) -> str | None:
        """Why ``initial`` is not the deal of ``seed``, or ``None`` (also without a seed).

        The deal is made again by the game's own ``deal``, for the initial
        state's profile and player count, from the seat whose turn it is —
        or, where a turned start card has already moved the turn on (M5),
        from the seat it moved it from (B2, R1, G2, G3, M1).
        """
        if self.seed is None:
            return None
        initial = self.initial
        game = game_for(initial.profile)
        players = initial.players
        # The seat whose turn it is first, as nearly every deal starts there.
        order = [(initial.current_player + shift) % players for shift in range(players)]
        try:
            dealt = game.deal(players, seed=self.seed, first_player=order[0])
            for seat in order[1:]:
                if dealt == initial:
                    break
                dealt = game.deal(players, seed=self.seed, first_player=seat)
        except MexeMexeError as err:
            return f"the record's seed {self.seed} deals no such round: {err}"
        if dealt != initial:
            return (
                f"the initial state is not the deal of the record's seed {self.seed} "
                "(hands, stock or discard pile differ)"
            )
        return None

    def append(self, move: Move | str) -> GameRecord:
        """A record with ``move`` added at the end (not checked until replayed)."""
        return attrs.evolve(self, moves=(*self.moves, *_moves([move])))

    def replay(self) -> OwnState:
        """The state after every move.

        Raises:
            IllegalMoveError: If a move is illegal where it stands (a tampered record).
        """
        return functools.reduce(lambda state, move: state.apply(move), self.moves, self.initial)

    def states(self) -> Iterator[OwnState]:
        """Every state from the initial one to the last, in order."""
        state = self.initial
        yield state
        for move in self.moves:
            state = state.apply(move)
            yield state

    @classmethod
    def _played(
        cls, initial: OwnState, moves: tuple[Move, ...], seed: int | None = None
    ) -> GameRecord:
        """The record of ``moves`` played by the engine (`Move` values already): no converter."""
        record = object.__new__(cls)
        object.__setattr__(record, "initial", initial)
        object.__setattr__(record, "moves", moves)
        object.__setattr__(record, "seed", seed)
        return record

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict: the initial state, the moves' text forms and any deal seed."""
        data: JSONObject = {
            "schema": RECORD_SCHEMA,
            "initial": self.initial.to_dict(),
            "moves": [str(m) for m in self.moves],
        }
        if self.seed is not None:
            data["seed"] = self.seed
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, object], *, check: bool = True) -> GameRecord:
        """Rebuild a record; with ``check`` replay it to prove every move legal.

        The initial state is read by the class of its schema tag (its game
        module is imported if need be) and passes every invariant of that
        game. A record with a seed must start from that seed's deal
        (`deal_problem`), whatever ``check`` says: a record whose hands were
        swapped is refused here. A record without a seed (a stacked deal, or
        one written by `play_round` alone) cannot be compared with a deal.

        Raises:
            InvalidStateError: If the data is malformed, the initial state is
                invalid or not its seed's deal, or (with ``check``) a move is illegal.
        """
        with loading("record data"):
            if not isinstance(data, Mapping):
                raise InvalidStateError(f"a record is a mapping, got {type(data).__name__}")
            if data.get("schema") != RECORD_SCHEMA:
                raise InvalidStateError(f"unknown record schema {quote(data.get('schema'))}")
            initial = data["initial"]
            if not isinstance(initial, Mapping):
                raise InvalidStateError(f"initial={quote(initial)}: a state's mapping")
            moves = data["moves"]
            if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
                raise InvalidStateError(f"moves={quote(moves)}: a list of move texts")
            state = state_class(initial.get("schema")).from_dict(initial)
            record = cls(state, moves, seed=data.get("seed"))
            problem = record.deal_problem()
            if problem is not None:
                raise InvalidStateError(problem)
            if check:
                try:
                    record.replay()
                except IllegalMoveError as err:
                    raise InvalidStateError(f"the record has an illegal move: {err}") from err
        return record
