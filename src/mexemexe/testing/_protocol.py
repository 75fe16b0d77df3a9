"""What the harness needs of a game's states and views: two small protocols.

The library's two state families (`mexemexe.GameState` for the rummy games,
`mexemexe.maumau.MauMauState` for Mau-Mau) share no base class and no method
that lists every card of a state, so the harness is written against these
protocols instead, which both already satisfy, and so may a user's own game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeGuard, runtime_checkable

from .._cards import Card
from .._moves import Move

__all__ = ["ConformingState", "ConformingView", "DeckRules"]


class DeckRules(Protocol):
    """A game's rules as the harness sees them: the deck its states are dealt from."""

    def deck(self) -> Sequence[Card]:
        """Every card of the deck, each copy once."""
        ...


@runtime_checkable
class ConformingView(Protocol):
    """What one player may see of a state (`mexemexe.PlayerView`, `MauMauView`)."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewing player's own hand."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each player holds (public)."""
        ...

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds (public)."""
        ...

    def to_dict(self) -> Mapping[str, object]:
        """The view as JSON-ready data."""
        ...

    def to_json(self) -> str:
        """`to_dict` as JSON text."""
        ...


@runtime_checkable
class ConformingState(Protocol):
    """A state the harness can check: the public surface every game of the library offers.

    Beside these members the harness relies on:

    * cards: ``hands``, ``stock`` and ``discard_pile`` hold `Card` values,
      and so does every meld of an optional ``table`` attribute (an iterable
      of melds); together they are the deck of ``profile.deck()``;
    * hidden information: the other players' hands and the stock, and an
      optional integer attribute ``seed`` (hidden randomness, as Mau-Mau's
      reshuffle seed). The state is an `attrs` class, so the harness can
      re-deal them with `attrs.evolve` to check that views do not depend on
      them; a re-deal the constructor refuses (a card known to be in a hand)
      is tried again;
    * ``type(state).from_json(state.to_json())`` and
      ``type(state).from_dict(state.to_dict())`` read a state back;
    * moves are the library's `Move` values, ``str(move)`` is their text and
      ``state.apply(text)`` reads it; a refused move raises
      `mexemexe.IllegalMoveError` (with its ``problems``), bad input another
      `mexemexe.MexeMexeError`;
    * ``legal_moves()`` lists every legal move except `mexemexe.Play`
      (whole tables are too many to list), so a move of another kind that it
      leaves out must be refused.
    """

    @property
    def profile(self) -> DeckRules:
        """The rules, with the deck."""
        ...

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every player's hand, by player."""
        ...

    @property
    def stock(self) -> tuple[Card, ...]:
        """The face-down stock."""
        ...

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile (empty in games without one)."""
        ...

    @property
    def current_player(self) -> int:
        """Whose turn it is."""
        ...

    @property
    def turn(self) -> int:
        """How many turns have been taken; it never goes back."""
        ...

    @property
    def result(self) -> object | None:
        """How the round ended, or ``None`` while it is played."""
        ...

    @property
    def players(self) -> int:
        """How many players there are."""
        ...

    @property
    def hand(self) -> tuple[Card, ...]:
        """The current player's hand."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        ...

    def apply(self, move: Move | str, *, player: int | None = None) -> ConformingState:
        """The state after ``move``; raises the library's error if it is illegal."""
        ...

    def legal_moves(self) -> tuple[Move, ...]:
        """The current player's legal moves (every one but whole-table plays)."""
        ...

    def view(self, player: int) -> ConformingView:
        """What ``player`` may see."""
        ...

    def to_dict(self) -> Mapping[str, object]:
        """The whole state as JSON-ready data."""
        ...

    def to_json(self) -> str:
        """`to_dict` as JSON text."""
        ...

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> ConformingState:
        """Read a state back from `to_dict` output."""
        ...

    @classmethod
    def from_json(cls, text: str) -> ConformingState:
        """Read a state back from `to_json` output."""
        ...


#: Whether each class follows each protocol, judged on its first instance: a runtime
#: protocol check looks up every member, too slow to repeat after every move.
_FOLLOWS: dict[tuple[type, type], bool] = {}


def _follows(value: object, protocol: type) -> bool:
    key = (type(value), protocol)
    found = _FOLLOWS.get(key)
    if found is None:
        found = _FOLLOWS[key] = isinstance(value, protocol)
    return found


def is_state(value: object) -> TypeGuard[ConformingState]:
    """Whether ``value`` has what `ConformingState` needs (judged once per class)."""
    return _follows(value, ConformingState)


def is_view(value: object) -> TypeGuard[ConformingView]:
    """Whether ``value`` has what `ConformingView` needs (judged once per class)."""
    return _follows(value, ConformingView)
