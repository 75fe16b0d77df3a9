"""Saving rooms in SQLite, so a restarted server resumes every game.

A room is saved as its deal (the dealt state's JSON, which carries the
rules), its seats (a player's token only as a SHA-256 digest, a bot by
name) and its moves in order, each as the move's JSON. Replaying the
moves on the deal rebuilds the state exactly: the engine is deterministic,
and a draw's card comes from the saved stock. Every move is written in its
own transaction before the server answers, so nothing acknowledged is lost.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import attrs

__all__ = ["SavedRoom", "SavedSeat", "Storage", "token_digest"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed TEXT NOT NULL,
    deal TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    room TEXT NOT NULL REFERENCES rooms(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token_digest TEXT,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    room TEXT NOT NULL REFERENCES rooms(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (room, number)
);
"""


def token_digest(token: str) -> str:
    """The SHA-256 digest of a seat's token: what the database keeps instead of the token."""
    return hashlib.sha256(token.encode()).hexdigest()


@attrs.frozen
class SavedSeat:
    """A taken seat as saved: who sits there, a bot's name, the token's digest."""

    seat: int
    name: str
    bot: str | None
    token_digest: str | None


@attrs.frozen
class SavedRoom:
    """A room as saved: its game, deal, seats and moves (each a move's JSON text)."""

    id: str
    game: str
    players: int
    seed: int
    deal: Mapping[str, object]
    seats: tuple[SavedSeat, ...]
    moves: tuple[str, ...]


class Storage:
    """The rooms of a server in one SQLite file (``":memory:"`` is refused: it cannot resume)."""

    def __init__(self, path: str | Path) -> None:
        """Use the database at ``path``, opened (and its tables created) on first use.

        Raises:
            ValueError: If ``path`` is ``":memory:"``, which a restart would find empty.
        """
        if str(path) == ":memory:":
            raise ValueError("the web table needs a database file, not ':memory:'")
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        # One connection for the server's life, shared by its threads under the
        # lock. With the write-ahead log, a commit is in the file before the
        # answer is sent, so a restarted server loses nothing; the log is
        # synced at checkpoints rather than at every move, which only a power
        # cut could cost.
        with self._lock:
            if self._db is None:
                self._db = sqlite3.connect(self.path, check_same_thread=False)
                self._db.execute("PRAGMA journal_mode = WAL")
                self._db.execute("PRAGMA synchronous = NORMAL")
                self._db.executescript(_SCHEMA)
            with self._db:
                yield self._db

    def close(self) -> None:
        """Close the database (it opens again on the next use)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def add_room(
        self, room: str, game: str, players: int, seed: int, deal: Mapping[str, object]
    ) -> None:
        """Save a new room with its deal; the seed as text, since 128 bits overflow INTEGER."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO rooms (id, game, players, seed, deal) VALUES (?, ?, ?, ?, ?)",
                (room, game, players, str(seed), json.dumps(deal)),
            )

    def add_seat(self, room: str, seat: SavedSeat) -> None:
        """Save a taken seat."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO seats (room, seat, name, bot, token_digest) VALUES (?, ?, ?, ?, ?)",
                (room, seat.seat, seat.name, seat.bot, seat.token_digest),
            )

    def add_move(self, room: str, number: int, seat: int, move: str) -> None:
        """Save move ``number`` (from 0) of ``room``, made from ``seat``, as JSON text."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO moves (room, number, seat, move) VALUES (?, ?, ?, ?)",
                (room, number, seat, move),
            )

    def room_ids(self) -> list[str]:
        """Every saved room's id, oldest first."""
        with self._transaction() as db:
            return [row[0] for row in db.execute("SELECT id FROM rooms ORDER BY rowid")]

    def load_room(self, room: str) -> SavedRoom | None:
        """The saved room ``room``, or ``None`` if there is none."""
        with self._transaction() as db:
            found = db.execute(
                "SELECT game, players, seed, deal FROM rooms WHERE id = ?", (room,)
            ).fetchone()
            if found is None:
                return None
            seats = db.execute(
                "SELECT seat, name, bot, token_digest FROM seats WHERE room = ? ORDER BY seat",
                (room,),
            ).fetchall()
            moves = db.execute(
                "SELECT move FROM moves WHERE room = ? ORDER BY number", (room,)
            ).fetchall()
        game, players, seed, deal = found
        return SavedRoom(
            id=room,
            game=game,
            players=players,
            seed=int(seed),
            deal=json.loads(deal),
            seats=tuple(SavedSeat(*row) for row in seats),
            moves=tuple(row[0] for row in moves),
        )
