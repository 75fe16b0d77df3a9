"""A round's public history: every move's outcome, kept by the states and shown by the views.

A state holds its round's `History`: the `Outcome` of every move made since
the deal, oldest first. States are copied on every move, so the history is
a persistent linked list: `History.add` makes a new history of one more
entry that shares every older entry with the one it extends, in constant
time, and never copies them. A view shows the history as its player may
see it (`SeenHistory`): another player's cards drawn from the stock hidden
(`Outcome.hidden`; a card taken from the face-up discard pile stays
visible), and for a spectator every drawn card hidden. Penalties stay
public: a forfeit's ``penalty`` flag and count (B8, R5) and the notes of
Mau-Mau's penalties (M4, M5).

States and views written before the history was kept read back with an
empty one: an empty history means "not recorded", and the checks below
only judge a history that has entries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import overload

from ._cards import _BY_CODE, CODE, Card
from ._errors import InvalidStateError
from ._jsonio import JSON, JSONObject
from ._kinds import quote
from ._moves import Move, Play
from ._outcomes import Outcome, build_outcome
from ._table import Table

__all__ = [
    "EMPTY_HISTORY",
    "History",
    "SeenHistory",
    "as_history",
    "history_from_json",
    "history_json",
    "history_problems",
    "seen",
]

_new = object.__new__


class History(Sequence[Outcome]):
    """The outcomes of a round's moves, oldest first: an immutable, persistent sequence.

    ``History(outcomes)`` builds one from outcomes; `add` extends it by one
    in constant time, sharing every older entry (a state's successor holds
    its history plus the move just made). Equal to another `History` with
    the same entries; ``tuple(history)`` is a plain tuple of them.
    """

    # Plain slots, set once when a history is built and never changed after
    # (but for the caches of the newest entry's JSON): a linked node that the
    # engines extend on every move without attrs' machinery (see `add`).
    __slots__ = ("_before", "_hidden_json", "_json", "_last", "_size")

    _last: Outcome | None
    _before: History | None
    _size: int
    #: The newest entry's `Outcome.to_dict`, and that of its `Outcome.hidden`
    #: form, once written: every later state shares this node, and a state's
    #: JSON, written after every move by some servers, then costs a copy of
    #: each older entry's dict rather than writing it again.
    _json: JSONObject | None
    _hidden_json: JSONObject | None

    def __init__(self, outcomes: Iterable[Outcome] = ()) -> None:
        node: History | None = None
        for outcome in outcomes:
            node = (node or EMPTY_HISTORY).add(outcome)
        self._last = None if node is None else node._last
        self._before = None if node is None else node._before
        self._size = 0 if node is None else node._size
        self._json = self._hidden_json = None

    def add(self, outcome: Outcome) -> History:
        """This history and ``outcome`` after its last entry, in constant time (``self`` stays)."""
        new: History = _new(History)
        new._last = outcome
        new._before = self
        new._size = self._size + 1
        new._json = new._hidden_json = None
        return new

    @property
    def last(self) -> Outcome | None:
        """The newest entry, or ``None`` for an empty history."""
        return self._last

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Outcome]:
        return iter(self._entries())

    def __reversed__(self) -> Iterator[Outcome]:
        node: History | None = self
        while node is not None and node._size:
            assert node._last is not None  # every node with entries holds its last one
            yield node._last
            node = node._before

    def _entries(self) -> list[Outcome]:
        """Every entry, oldest first (one walk from the newest)."""
        entries = list(reversed(self))
        entries.reverse()
        return entries

    @overload
    def __getitem__(self, index: int) -> Outcome: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Outcome, ...]: ...
    def __getitem__(self, index: int | slice) -> Outcome | tuple[Outcome, ...]:
        if isinstance(index, slice):
            return tuple(self._entries()[index])
        size = self._size
        position = index + size if index < 0 else index
        if not 0 <= position < size:
            raise IndexError(f"history index {index} out of range ({size} entries)")
        node = self
        for _ in range(size - 1 - position):  # walk back from the newest entry
            assert node._before is not None
            node = node._before
        assert node._last is not None
        return node._last

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        if self._size != other._size:
            return False
        a: History | None = self
        b: History | None = other
        # Histories of the same round share their older entries: stop there.
        while a is not b and a is not None and b is not None and a._size:
            if a._last != b._last:
                return False
            a, b = a._before, b._before
        return True

    def __hash__(self) -> int:
        # Equal histories have the same size and newest entry: cheap, and
        # consistent with `__eq__`.
        return hash((self._size, self._last))

    def __repr__(self) -> str:
        return f"History({list(self)!r})"

    def __reduce__(self) -> tuple[Callable[..., History], tuple[tuple[_Packed, ...]]]:
        # Flat (a pickle of the linked nodes would nest as deep as the round
        # is long) and compact: cards as one byte each, as states pickle them.
        return (_unpacked, (tuple(map(_packed, self)),))


EMPTY_HISTORY: History = History()

#: An outcome as a pickle holds it: its fields, cards as bytes of their codes,
#: a play's table as the bytes of each meld.
_Packed = tuple[int, "Move | tuple[bytes, ...]", bytes, bytes, bool, str, int]


def _packed(outcome: Outcome) -> _Packed:
    move = outcome.move
    return (
        outcome.player,
        tuple(bytes(map(CODE, meld)) for meld in move.table.melds) if type(move) is Play else move,
        bytes(map(CODE, outcome.drawn)),
        bytes(map(CODE, outcome.placed)),
        outcome.penalty,
        outcome.note,
        outcome.hidden_draws,
    )


def _cards(codes: bytes) -> tuple[Card, ...]:
    return tuple(map(_BY_CODE.__getitem__, codes))


def _unpacked(entries: tuple[_Packed, ...]) -> History:
    """The history `History.__reduce__` packed: this library's own trusted data, unchecked."""
    history = EMPTY_HISTORY
    for player, move, drawn, placed, penalty, note, hidden_draws in entries:
        if isinstance(move, tuple):
            move = Play(Table._trusted(tuple(map(_cards, move))))
        history = history.add(
            build_outcome(player, move, _cards(drawn), _cards(placed), penalty, note, hidden_draws)
        )
    return history


def as_history(value: object) -> History:
    """``value`` as a `History`: a history, or outcomes in order.

    Raises:
        InvalidStateError: If it is neither (an entry that is no `Outcome`).
    """
    if isinstance(value, History):
        return value
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidStateError(f"history={quote(value)}: the outcomes of the round's moves")
    entries = list(value)
    strays = [entry for entry in entries if not isinstance(entry, Outcome)]
    if strays:
        raise InvalidStateError(f"history: {quote(strays[0])} is not an Outcome")
    return History(entries)


def history_json(history: History | SeenHistory) -> list[JSON]:
    """A history as states and views write it: each entry's `Outcome.to_dict`, oldest first.

    Each entry is written once per node and copied after (see `History._json`).
    """
    viewer = history.viewer if isinstance(history, SeenHistory) else None
    out: list[JSON] = []
    node = history.log if isinstance(history, SeenHistory) else history
    while node._size:
        outcome = node._last
        before = node._before
        assert outcome is not None  # a node with entries holds its newest
        assert before is not None
        if viewer is None or outcome.player == viewer or not outcome.drawn:
            data = node._json
            if data is None:
                data = node._json = outcome.to_dict()
        else:
            data = node._hidden_json
            if data is None:
                data = node._hidden_json = outcome.hidden().to_dict()
        out.append(dict(data))  # a copy: the caller may change what it is given
        node = before
    out.reverse()
    return out


def history_from_json(data: object) -> History:
    """The `History` of what `history_json` wrote; a state or view without one reads ``None`` here.

    Entries written alike are read once: a long round repeats its draws and
    discards, and each read entry is a checked `Outcome`.

    Raises:
        InvalidStateError: If ``data`` is not a list of outcomes.
    """
    if data is None:
        return EMPTY_HISTORY
    if not isinstance(data, list):
        raise InvalidStateError(f"history={quote(data)}: a list of outcomes")
    read: dict[object, Outcome] = {}
    history = EMPTY_HISTORY
    for entry in data:
        key: object = None
        if type(entry) is dict:
            try:
                key = tuple(entry.items())
                outcome = read.get(key)
            except TypeError:  # a value that is no JSON scalar: read, and refused there
                key = outcome = None
        else:
            outcome = None
        if outcome is None:
            outcome = Outcome.from_dict(entry)
            if key is not None:
                read[key] = outcome
        history = history.add(outcome)
    return history


def seen(outcome: Outcome, viewer: int) -> Outcome:
    """``outcome`` as ``viewer`` may see it: another player's stock draws hidden."""
    if outcome.player != viewer and outcome.drawn:
        return outcome.hidden()
    return outcome


class SeenHistory(Sequence[Outcome]):
    """A `History` as one player (or a spectator, player -1) may see it: a view's ``history``.

    Every entry of another player is shown as `Outcome.hidden` shows it:
    the cards that player drew from the stock are counted, never named. The
    entries are worked out when first read (a view built on every move of a
    self-play game costs no more for its history), then kept. Equal to a
    `SeenHistory` or a tuple with the same entries as seen.

    Attributes:
        log: The history seen.
        viewer: Whose sight it is (-1 for a spectator's).
    """

    __slots__ = ("_items", "log", "viewer")

    log: History
    viewer: int
    _items: tuple[Outcome, ...] | None

    def __init__(self, log: History, viewer: int) -> None:
        self.log = log
        self.viewer = viewer
        self._items = None

    def _seen(self) -> tuple[Outcome, ...]:
        items = self._items
        if items is None:
            viewer = self.viewer
            items = self._items = tuple(seen(outcome, viewer) for outcome in self.log)
        return items

    def __len__(self) -> int:
        return len(self.log)

    def __iter__(self) -> Iterator[Outcome]:
        return iter(self._seen())

    @overload
    def __getitem__(self, index: int) -> Outcome: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Outcome, ...]: ...
    def __getitem__(self, index: int | slice) -> Outcome | tuple[Outcome, ...]:
        return self._seen()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SeenHistory):
            return len(self.log) == len(other.log) and self._seen() == other._seen()
        if isinstance(other, tuple):
            return self._seen() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._seen())

    def __repr__(self) -> str:
        return f"SeenHistory({list(self._seen())!r}, viewer={self.viewer})"


def history_problems(
    history: Sequence[Outcome],
    last: Outcome | None,
    turn: int,
    players: int,
    over: bool,
    turn_ends: tuple[type[Move], ...] | None,
    turn_starts: tuple[type[Move], ...] | None = None,
) -> list[str]:
    """What makes ``history`` impossible beside the rest of a state or view, one problem each.

    An empty history was not recorded (older data) and passes. Otherwise
    every entry is by a player of the round, the newest is ``last``, and
    the entries account for the turn counter: each move of a ``turn_ends``
    type ends a turn (``None``: every move does, B3, R4), and so does the
    move that ended the round. A move that does not end the turn is
    followed by a move of the same player, and each turn, from the first
    one the history holds, starts with a move of a ``turn_starts`` type
    (a discard game's draw, G4; ``None``: any move). One pass over the
    entries.
    """
    if not history:
        return []
    entries = tuple(history)
    problems: list[str] = []
    strays = [p for p in {outcome.player for outcome in entries} if not 0 <= p < players]
    if strays:
        problems.append(f"history: player {min(strays)} is not a player (0-{players - 1})")
    if entries[-1] != last:
        problems.append(
            f"history: its newest entry {entries[-1].describe()!r} is not the last move "
            f"({'none' if last is None else repr(last.describe())})"
        )
    if turn_ends is None:
        ended = len(entries)
    else:
        ended = 0
        starts = True  # the next entry starts a turn
        mover = -1  # the player of the turn under way
        for k, outcome in enumerate(entries):
            if starts and turn_starts is not None and not isinstance(outcome.move, turn_starts):
                problems.append(
                    f"history[{k}]: {outcome.describe()!r} starts a turn, which begins "
                    f"with a {' or '.join(kind.__name__ for kind in turn_starts)}"
                )
                break
            if not starts and outcome.player != mover:
                problems.append(
                    f"history[{k}]: player {outcome.player} moves in player {mover}'s turn"
                )
                break
            starts = isinstance(outcome.move, turn_ends)
            ended += starts
            mover = outcome.player
        if over and not isinstance(entries[-1].move, turn_ends):
            ended += 1
    if ended != turn:
        problems.append(
            f"history: {len(entries)} moves ending {ended} turns, but turn={quote(turn)}"
        )
    return problems
