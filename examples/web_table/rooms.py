"""Rooms: one game each, its seats with their secret tokens, and bots that move on their turn.

The `Lobby` holds the rooms in memory and writes every change through to
`Storage` before it returns, so a new `Lobby` on the same database resumes
every room: it replays the saved moves on the saved deal. A room's game
starts once every seat is taken, by a player or a bot; after each move the
bots whose turn it is move at once, until a player's turn or the end.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from typing import Protocol, cast

import attrs

from mexemexe import Bot, MexeMexeError, Move, View, ViewRules, get_game
from mexemexe.games import Game

from .storage import SavedRoom, SavedSeat, Storage, token_digest

__all__ = ["SEED_BITS", "Lobby", "Room", "TableError", "TableState", "bot_seed", "legal_moves"]

#: The bits of a room's seed, drawn by the server (`secrets.randbits`).
SEED_BITS = 128


class TableError(Exception):
    """A request the table refuses: an HTTP status, a stable code and an English message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        """Keep the status, code and message for the response."""
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


class TableState(Protocol):
    """What a room reads of its game's state (the rummy and Mau-Mau states offer it)."""

    @property
    def current_player(self) -> int:
        """Whose turn it is."""
        ...

    @property
    def result(self) -> object | None:
        """How the round ended, or ``None`` while it goes on."""
        ...

    def apply(self, move: Move, *, player: int | None = None) -> TableState:
        """The state after ``player`` makes ``move``; the library refuses a move out of turn."""
        ...

    def view(self, player: int) -> View[ViewRules]:
        """What ``player`` may see."""
        ...

    def spectator_view(self) -> View[ViewRules]:
        """What anyone may see: no hand."""
        ...


@attrs.define
class Seat:
    """A taken seat: a player's name and token digest, or a bot."""

    name: str
    bot: Bot | None = None
    token_digest: str | None = None


@attrs.define
class Room:
    """A game in progress: its state, seats and how many moves have been made."""

    id: str
    game: Game
    players: int
    seed: int
    state: TableState
    seats: dict[int, Seat] = attrs.Factory(dict)
    moves: int = 0

    @property
    def status(self) -> str:
        """``"waiting"`` for players, ``"playing"``, or ``"over"``."""
        if len(self.seats) < self.players:
            return "waiting"
        return "playing" if self.state.result is None else "over"

    def seat_of(self, token: str) -> int:
        """The seat whose token is ``token``.

        Raises:
            TableError: 401 ``token_invalid`` if no seat of this room has it.
        """
        digest = token_digest(token)
        for number, seat in self.seats.items():
            if seat.token_digest is not None and hmac.compare_digest(seat.token_digest, digest):
                return number
        raise TableError(401, "token_invalid", f"no seat of room {self.id} has this token")

    def view(self, seat: int | None) -> View[ViewRules]:
        """The view of ``seat``, or the spectator's view for ``None``."""
        return self.state.spectator_view() if seat is None else self.state.view(seat)

    def summary(self) -> dict[str, object]:
        """The room as anyone may see it: game, status, seats (names and bots), move count."""
        return {
            "room": self.id,
            "game": self.game.name,
            "players": self.players,
            "status": self.status,
            "moves": self.moves,
            "seats": [self._seat_summary(number) for number in range(self.players)],
        }

    def _seat_summary(self, number: int) -> dict[str, object]:
        seat = self.seats.get(number)
        if seat is None:
            return {"seat": number, "taken": False}
        bot = None if seat.bot is None else seat.name
        return {"seat": number, "taken": True, "name": seat.name, "bot": bot}


class Lobby:
    """Every room of the server, saved in ``storage`` and resumed from it."""

    def __init__(self, storage: Storage) -> None:
        """Serve the rooms saved in ``storage`` (each read when first asked for)."""
        self.storage = storage
        self._rooms: dict[str, Room] = {}

    def room_ids(self) -> list[str]:
        """Every room's id, oldest first."""
        return self.storage.room_ids()

    def create(self, game_name: str, players: int, seed: int | None = None) -> Room:
        """Deal a new room of ``game_name`` for ``players`` seats from ``seed`` (random if none).

        Raises:
            TableError: 400 ``unknown_game`` or ``bad_players``.
        """
        try:
            game = get_game(game_name)
        except MexeMexeError as err:
            raise TableError(400, "unknown_game", str(err)) from None
        problem = game.players_problem(players)
        if problem is not None:
            raise TableError(400, "bad_players", problem)
        # 128 random bits: a player who sees one hand cannot try every seed
        # until one deals it, as 31 bits would allow.
        seed = secrets.randbits(SEED_BITS) if seed is None else seed
        state = game.deal(players, seed=seed)
        room = Room(secrets.token_urlsafe(6), game, players, seed, cast(TableState, state))
        self.storage.add_room(room.id, game.name, players, seed, state.to_dict())
        self._rooms[room.id] = room
        return room

    def get(self, room_id: str) -> Room:
        """The room ``room_id``, resumed from the database if this server has not read it yet.

        Raises:
            TableError: 404 ``unknown_room``.
        """
        room = self._rooms.get(room_id)
        if room is None:
            saved = self.storage.load_room(room_id)
            if saved is None:
                raise TableError(404, "unknown_room", f"no room {room_id!r}")
            room = self._rooms[room_id] = _resume(saved)
        return room

    def sit(self, room: Room, seat: int, name: str) -> str:
        """Seat player ``name`` at ``seat`` of ``room``; the new secret token of the seat.

        Raises:
            TableError: 404 ``unknown_seat``, 409 ``seat_taken``.
        """
        token = secrets.token_urlsafe(24)
        self._take(room, seat, Seat(name, token_digest=token_digest(token)))
        return token

    def sit_bot(self, room: Room, seat: int, bot_name: str) -> None:
        """Seat the game's bot ``bot_name`` at ``seat``; it moves whenever it is its turn.

        Raises:
            TableError: 400 ``unknown_bot``, 404 ``unknown_seat``, 409 ``seat_taken``.
        """
        if bot_name not in room.game.bots:
            known = ", ".join(room.game.bots)
            raise TableError(400, "unknown_bot", f"no bot {bot_name!r} (known: {known})")
        bot = room.game.bot(bot_name, bot_seed(room.seed, seat))
        self._take(room, seat, Seat(bot_name, bot=bot))

    def move(self, room: Room, seat: int, move: Move) -> None:
        """Make ``move`` for ``seat``, save it, then let the bots move.

        Raises:
            TableError: 409 ``room_not_ready`` while seats are free.
            IllegalMoveError: If the rules refuse the move (out of turn included);
                nothing changes.
        """
        if room.status == "waiting":
            raise TableError(409, "room_not_ready", "the game starts when every seat is taken")
        self._play(room, seat, move)
        self._run_bots(room)

    def _take(self, room: Room, seat: int, taker: Seat) -> None:
        if not 0 <= seat < room.players:
            raise TableError(404, "unknown_seat", f"room {room.id} has seats 0-{room.players - 1}")
        if seat in room.seats:
            raise TableError(409, "seat_taken", f"seat {seat} of room {room.id} is taken")
        bot = None if taker.bot is None else taker.name
        self.storage.add_seat(room.id, SavedSeat(seat, taker.name, bot, taker.token_digest))
        room.seats[seat] = taker
        self._run_bots(room)

    def _play(self, room: Room, seat: int, move: Move) -> None:
        state = room.state.apply(move, player=seat)  # raises before anything is saved
        self.storage.add_move(room.id, room.moves, seat, move.to_json())
        room.state = state
        room.moves += 1

    def _run_bots(self, room: Room) -> None:
        while room.status == "playing":
            seat = room.state.current_player
            bot = room.seats[seat].bot
            if bot is None:
                return
            self._play(room, seat, bot.choose(room.state.view(seat)))


def _resume(saved: SavedRoom) -> Room:
    """Rebuild a saved room: its deal, its seats (bots made anew) and its moves replayed."""
    game = get_game(saved.game)
    state = cast(TableState, game.load_state(saved.deal))
    for text in saved.moves:
        state = state.apply(Move.from_json(text))
    room = Room(saved.id, game, saved.players, saved.seed, state, moves=len(saved.moves))
    for seat in saved.seats:
        bot = None if seat.bot is None else game.bot(seat.bot, bot_seed(saved.seed, seat.seat))
        room.seats[seat.seat] = Seat(seat.name, bot, seat.token_digest)
    return room


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat``: a one-way digest of the room's, so no bot's play reveals it.

    A bot's choices show something of its generator; were its seed the room's
    plus the seat, learning it would give away the deal's seed.
    """
    digest = hashlib.sha256(f"web table bot {seat} of {seed}".encode()).digest()
    return int.from_bytes(digest[:16], "big")


def legal_moves(room: Room, seat: int | None) -> Sequence[Mapping[str, object]]:
    """The JSON of the moves ``seat`` may make now (none for a spectator or off turn)."""
    if seat is None or room.status != "playing":
        return []
    return [move.to_dict() for move in room.view(seat).legal_moves()]
