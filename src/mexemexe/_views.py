"""`View`: what one player may see of a round, the part every game shares.

A view holds the player's own hand, every hand's *size*, the stock's *size*,
whose turn it is, the previous move (other players' drawn cards hidden) and
the result — never another hand, the stock's order or a seed. The rummy
`PlayerView` (with one subclass per turn structure) and Mau-Mau's
`MauMauView` derive from it and add their own visible fields; bots choose
moves from a `View` (`mexemexe.bots.Bot`).

Views go to clients as JSON (``to_dict``/``to_json``, with a ``"format": 1``
field) and come back with ``from_dict``/``from_json``, which check what they
read: every field of its kind, players and counts in range, the cards seen
never more than the deck holds, and the previous move free of another
player's drawn cards. A view read back is equal to the one written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import ClassVar, Generic, Protocol, TypeVar, cast, overload

import attrs

from ._cards import Card, as_cards
from ._errors import InvalidStateError
from ._fastcopy import copier
from ._history import SeenHistory, history_from_json, history_problems
from ._jsonio import JSONObject, dumps, loads_object
from ._kinds import MAX_COUNT, quote, whole_number
from ._moves import Move
from ._outcomes import Outcome, RoundResult
from ._roundparts import tagged

__all__ = [
    "FORMAT",
    "MAPPING",
    "SPECTATOR",
    "View",
    "ViewRules",
    "read_key",
    "read_view_cards",
    "spectator_of",
]

#: The ``"format"`` every view's `to_dict` writes; ``from_dict`` reads it or its absence.
FORMAT = 1
#: The ``player`` of a spectator's view: no seat, no hand.
SPECTATOR = -1


class ViewRules(Protocol):
    """What the checks of a view read from its rules: the deck and the rule sections."""

    @property
    def name(self) -> str:
        """The rules' name."""
        ...

    def deck(self) -> tuple[Card, ...]:
        """Every card of the deck."""
        ...

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the deck holds."""
        ...


#: The rules type of a view (`mexemexe.Profile`, `MauMauProfile`).
R_co = TypeVar("R_co", bound=ViewRules, covariant=True)


@attrs.frozen(repr=False, weakref_slot=False)
class View(Generic[R_co]):
    """What one player may see of a round, in every game: the base of every view type.

    A spectator's view (``state.spectator_view()``) is a view of the same
    type with ``player`` `SPECTATOR` (-1) and no hand: the hand sizes, the
    table or discard pile, the turn and the result, with every drawn card
    hidden. It never has legal moves.

    Attributes:
        player: Whose view this is (`SPECTATOR` for a spectator's).
        profile: The rules.
        hand: This player's hand.
        hand_sizes: How many cards each player holds.
        stock_size: How many cards are in the stock.
        current_player: Whose turn it is.
        turn: How many turns have been taken.
        last: The previous move's outcome, with other players' drawn cards hidden.
        result: The round's result, once over.
        history: Every move of the round so far, oldest first, as this player
            may see it (a `SeenHistory`, a sequence of `Outcome`): who played
            what, who drew (another player's cards from the stock counted,
            never named; a card from the discard pile shown), who was
            penalised. Its newest entry is ``last``. Empty for a view written
            before the history was kept.
    """

    player: int
    profile: R_co
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    current_player: int
    turn: int
    last: Outcome | None
    result: RoundResult | None
    history: SeenHistory

    #: The move types that end a turn, for the check of ``history`` (``None``:
    #: every move does).
    TURN_ENDS: ClassVar[tuple[type[Move], ...] | None] = None
    #: The move types a turn starts with (``None``: any move).
    TURN_STARTS: ClassVar[tuple[type[Move], ...] | None] = None
    #: The ``schema`` tag of this view type's JSON.
    SCHEMA: ClassVar[str] = ""

    @property
    def my_turn(self) -> bool:
        """True if it is this player's turn and the round is not over."""
        return self.current_player == self.player and self.result is None

    @property
    def is_spectator(self) -> bool:
        """True for a spectator's view (``state.spectator_view()``): no player, no hand."""
        return self.player == SPECTATOR

    @property
    def players(self) -> int:
        """How many players are in the round."""
        return len(self.hand_sizes)

    @property
    def is_over(self) -> bool:
        """True once the round has ended."""
        return self.result is not None

    def legal_moves(self) -> tuple[Move, ...]:
        """This player's legal moves on their turn, else ``()`` (each game's view says which)."""
        raise NotImplementedError

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict, safe to send to this player's client (each game's view writes it)."""
        raise NotImplementedError

    def to_json(self, **kwargs: object) -> str:
        """`to_dict` as JSON text (keyword arguments go to `json.dumps`)."""
        return dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls: type[_V], data: Mapping[str, object]) -> _V:
        """Rebuild a view from `to_dict` output, checking it (each game's view reads its own).

        Call it on the game's view class: `PlayerView` (every rummy game) or
        ``maumau.MauMauView``; the base cannot tell which game's view it is.

        Raises:
            InvalidStateError: If the data is not a valid view of this game,
                or the call is on the base class.
        """
        raise InvalidStateError(
            f"{cls.__name__}.from_dict: read a view with its game's view class, "
            "PlayerView (rummy) or maumau.MauMauView"
        )

    @classmethod
    def from_json(cls: type[_V], text: str) -> _V:
        """Rebuild a view from `to_json` output; ``from_dict`` checks everything.

        Raises:
            InvalidStateError: If the text is not JSON or not a valid view.
        """
        return cls.from_dict(loads_object(text, "view"))

    # -- what the loaders of every game share ---------------------------------------

    @staticmethod
    def _tagged(data: object, schema: str) -> Mapping[str, object]:
        """``data`` as the mapping of a view tagged ``schema``, of format 1 or without one.

        Raises:
            InvalidStateError: If it is not a mapping, or carries another tag or format.
        """
        data = tagged(data, schema, "view")
        form = data.get("format", FORMAT)
        if form != FORMAT or isinstance(form, bool):
            raise InvalidStateError(f"format={quote(form)}: this version reads format {FORMAT}")
        return data

    @staticmethod
    def _common_fields(data: Mapping[str, object]) -> dict[str, object]:
        """The fields every view holds, read from ``data`` without coercion (not checked together).

        Raises:
            InvalidStateError: If a key is missing or holds the wrong kind of value.
        """
        sizes = read_key(data, "hand_sizes", list)
        last = read_key(data, "last", (MAPPING, type(None)))
        result = read_key(data, "result", (MAPPING, type(None)))
        player = whole_number(read_key(data, "player", int), "player", SPECTATOR)
        return {
            "player": player,
            "hand": read_view_cards(data, "hand"),
            "hand_sizes": tuple(whole_number(n, "hand_sizes") for n in sizes),
            "stock_size": whole_number(read_key(data, "stock_size", int), "stock_size"),
            "current_player": whole_number(read_key(data, "current_player", int), "current_player"),
            "turn": whole_number(read_key(data, "turn", int), "turn"),
            "last": None if last is None else Outcome.from_dict(last),
            "result": None if result is None else RoundResult.from_dict(result),
            # Written as seen: `_history_problems` refuses any entry naming a hidden card.
            "history": SeenHistory(history_from_json(data.get("history")), player),
        }

    def _common_problems(self, seen: Iterable[Card]) -> list[str]:
        """What breaks the rules every game's view keeps, one problem each.

        ``seen`` are the cards the view shows beside the hand (a table, a
        discard pile): with the hand, never more copies than the deck holds,
        and with the hidden cards, the whole deck (§0 conservation).
        """
        n = len(self.hand_sizes)
        problems: list[str] = []
        if not 2 <= n <= MAX_COUNT:
            problems.append(f"hand_sizes={quote(list(self.hand_sizes))}: one size per player")
            return problems
        for name in ("player", "current_player"):
            value = getattr(self, name)
            if not 0 <= value < n and not (name == "player" and value == SPECTATOR):
                problems.append(f"{name}={value}: not a player of 0-{n - 1}")
        if problems:
            return problems
        if self.player == SPECTATOR:
            if self.hand:
                problems.append("hand: a spectator holds no cards")
        elif len(self.hand) != self.hand_sizes[self.player]:
            problems.append(
                f"hand: {len(self.hand)} cards, but hand_sizes gives player {self.player} "
                f"{self.hand_sizes[self.player]}"
            )
        shown = Counter(self.hand)
        shown.update(seen)
        profile = self.profile
        extra = sorted(str(card) for card, k in shown.items() if k > profile.copies(card))
        if extra:
            problems.append(f"more copies than the {profile.name!r} deck holds: {', '.join(extra)}")
        deck = len(profile.deck())
        hidden = sum(self.hand_sizes) - len(self.hand) + self.stock_size
        if hidden + sum(shown.values()) != deck:
            problems.append(
                f"hand_sizes, stock_size and the cards shown count "
                f"{hidden + sum(shown.values())} cards, not the {deck} of the deck "
                "(§0 conservation)"
            )
        last = self.last
        if last is not None:
            if not 0 <= last.player < n:
                problems.append(f"last.player={last.player}: not a player of 0-{n - 1}")
            elif last.player != self.player and last.hidden() != last:
                # A spectator is never the player who moved: every drawn card is hidden.
                problems.append(
                    f"last.drawn: player {last.player}'s drawn cards, which player "
                    f"{self.player} never sees"
                )
        result = self.result
        if result is not None and len(result.scores) != n:
            problems.append(f"result.scores={quote(list(result.scores))}: one score per player")
        problems.extend(self._history_problems(n))
        return problems

    def _history_problems(self, n: int) -> list[str]:
        """What is wrong with ``history`` (`history_problems`), and any card it shows unseen.

        For a view read from outside, whose history holds what was written:
        an entry naming cards another player drew from the stock is refused
        (a view built from a state holds the full history, shown as seen).
        """
        history = self.history
        if not isinstance(history, SeenHistory) or history.viewer != self.player:
            return [f"history={quote(history)}: the history as player {self.player} sees it"]
        for entry in history.log:
            if entry.player != self.player and entry.hidden() != entry:
                return [
                    f"history: player {entry.player}'s drawn cards, which player "
                    f"{self.player} never sees"
                ]
        problems = history_problems(
            history,
            self.last,
            self.turn,
            n,
            self.result is not None,
            self.TURN_ENDS,
            self.TURN_STARTS,
        )
        return problems

    def _checked(self) -> None:
        """Raise if `_problems` finds any (a view read from outside).

        Raises:
            InvalidStateError: Naming every problem found.
        """
        problems = self._problems()
        if problems:
            raise InvalidStateError("invalid view: " + "; ".join(problems))

    def _problems(self) -> list[str]:
        """Every rule this view breaks (each game's view adds its own to `_common_problems`)."""
        return self._common_problems(())


def read_view_cards(
    data: Mapping[str, object], key: str, default: str | None = None
) -> tuple[Card, ...]:
    """The cards of ``data[key]`` (card notation), or of ``default`` when the key is absent.

    Raises:
        InvalidStateError: If the key is missing without a default, or is not cards.
    """
    text = read_key(data, key, str) if default is None or key in data else default
    try:
        return as_cards(text)
    except InvalidStateError:
        raise
    except (ValueError, TypeError) as err:
        raise InvalidStateError(f"{key}={quote(text)}: {str(err)[:200]}") from None


_V = TypeVar("_V", bound="View[ViewRules]")


def spectator_of(view: _V) -> _V:
    """What anyone watching may see of ``view``'s round: no player, no hand, no drawn card.

    The hand sizes, the table or discard pile, whose turn it is and the
    result stay; the previous move is shown as the other players see it.
    """
    last = view.last
    changes = {
        "player": SPECTATOR,
        "hand": (),
        "last": None if last is None else last.hidden(),
        "history": SeenHistory(view.history.log, SPECTATOR),
    }
    copy = _SPECTATOR_COPIERS.get(type(view))
    if copy is None:
        copy = _SPECTATOR_COPIERS[type(view)] = copier(type(view))
    # The copier of ``type(view)`` returns a value of that type.
    return cast("_V", copy(view, changes))


_SPECTATOR_COPIERS: dict[type, Callable[[object, Mapping[str, object]], object]] = {}
_T = TypeVar("_T")
_U = TypeVar("_U")
_D = TypeVar("_D")
_MISSING = object()
#: `Mapping` as a kind for `read_key`: type checkers refuse an abstract class
#: where a ``type[T]`` is expected, though `isinstance` takes it.
MAPPING = cast("type[Mapping[str, object]]", Mapping)


@overload
def read_key(data: Mapping[str, object], key: str, kind: type[_T]) -> _T: ...
@overload
def read_key(data: Mapping[str, object], key: str, kind: type[_T], default: _D) -> _T | _D: ...
@overload
def read_key(data: Mapping[str, object], key: str, kind: tuple[type[_T], type[_U]]) -> _T | _U: ...
@overload
def read_key(
    data: Mapping[str, object], key: str, kind: tuple[type[_T], type[_U]], default: _D
) -> _T | _U | _D: ...
def read_key(
    data: Mapping[str, object],
    key: str,
    kind: type | tuple[type, ...],
    default: object = _MISSING,
) -> object:
    """``data[key]`` (or ``default`` if given and the key is absent), if it is a ``kind``.

    The loaders of states and views read their data with it. They never
    coerce: ``bool("no")`` is True and ``int(2.7)`` is 2, so a value of the
    wrong kind is refused instead, quoted in the message.

    Raises:
        InvalidStateError: If the key is missing without a default, or the value is
            of another kind (an ``int`` kind refuses a ``bool``).
    """
    if key not in data:
        if default is _MISSING:
            raise InvalidStateError(f"invalid data: missing key {key!r}")
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise InvalidStateError(
            f"{key}={quote(value)}: expected an integer"
            if kind is int
            else f"{key}={quote(value)}: expected {names}"
        )
    return value
