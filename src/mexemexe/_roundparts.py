"""Pieces every game's states, matches and records share, written once.

The rummy states and Mau-Mau's are separate types (each holds only its own
fields), so what they have in common is offered here as functions they
call: their JSON text and schema tag, the part of a view that hides other
players' drawn cards, their ``str`` and ``repr``, the checks of their
player count and empty hands, and a match's common fields and next deal.
(Their views, which share fields too, share a base class: `mexemexe._views`.)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import ClassVar, Protocol, TypeVar

from ._cards import Card
from ._errors import InvalidStateError, ProfileError
from ._history import seen
from ._jsonio import JSON, JSONObject, dumps, loads_object
from ._kinds import quote
from ._notation import format_cards
from ._outcomes import Outcome, RoundResult

__all__ = [
    "JsonForm",
    "check_settings",
    "current_hand",
    "deal_next_round",
    "empty_hand_problem",
    "hand_lines",
    "json_text",
    "match_dict",
    "player_count",
    "player_count_problem",
    "read_json",
    "round_dict",
    "round_repr",
    "round_seed",
    "seen_by",
    "tagged",
]


class _Dictable(Protocol):
    def to_dict(self) -> JSONObject: ...


_Loaded = TypeVar("_Loaded")


def json_text(value: _Dictable, **kwargs: object) -> str:
    """``value.to_dict()`` as JSON text (keyword arguments go to `json.dumps`)."""
    return dumps(value.to_dict(), **kwargs)


def read_json(from_dict: Callable[[JSONObject], _Loaded], text: str, what: str) -> _Loaded:
    """``from_dict`` of the JSON object ``text`` holds (``what`` names it in errors).

    Raises:
        InvalidStateError: If the text is not a JSON object (or too deep, or
            with numbers too long); ``from_dict``'s own errors pass through.
    """
    return from_dict(loads_object(text, what))


class _Loadable(Protocol):
    _json_what: ClassVar[str]

    def to_dict(self) -> JSONObject: ...

    @classmethod
    def from_dict(cls: type[_LoadableT], data: Mapping[str, object]) -> _LoadableT: ...


_LoadableT = TypeVar("_LoadableT", bound=_Loadable)


class JsonForm:
    """``to_json`` and ``from_json`` for a class with ``to_dict`` and ``from_dict``.

    A mixin for values the engines do not build with `mexemexe._fastcopy`
    (which wants classes directly under ``object``): records, matches.
    ``_json_what`` names the value in the errors of `from_json`.
    """

    __slots__ = ()
    _json_what: ClassVar[str] = "data"

    def to_json(self: _Loadable, **kwargs: object) -> str:
        """`to_dict` as JSON text (keyword arguments go to `json.dumps`)."""
        return json_text(self, **kwargs)

    @classmethod
    def from_json(cls: type[_LoadableT], text: str) -> _LoadableT:
        """Rebuild from `to_json` output, checking it as `from_dict` does.

        Raises:
            InvalidStateError: If the text is not JSON or not valid data.
        """
        loaded: _LoadableT = read_json(cls.from_dict, text, cls._json_what)
        return loaded


def check_settings(data: object, keywords: Collection[str]) -> Mapping[str, object]:
    """``data`` as a profile's settings: a mapping whose every key is one of ``keywords``.

    Raises:
        ProfileError: If ``data`` is not a mapping, or has a key that is no setting.
    """
    if not isinstance(data, Mapping):
        raise ProfileError(f"a profile is a mapping of settings, got {type(data).__name__}")
    unknown = sorted(str(key) for key in data if key not in keywords)
    if unknown:
        raise ProfileError(f"unknown profile settings: {', '.join(unknown)}")
    return data


def seen_by(last: Outcome | None, player: int) -> Outcome | None:
    """The previous move as ``player`` may see it: another player's drawn cards hidden."""
    return None if last is None else seen(last, player)


class _Round(Protocol):
    @property
    def hands(self) -> Sequence[Sequence[object]]: ...

    @property
    def result(self) -> RoundResult | None: ...

    @property
    def current_player(self) -> int: ...

    @property
    def turn(self) -> int: ...


def hand_lines(hands: Sequence[Sequence[Card]], current: int, over: bool) -> list[str]:
    """One line per hand for a state's ``str``: its size and cards, ``>`` at the player to move."""
    lines = []
    for i, hand in enumerate(hands):
        marker = ">" if i == current and not over else " "
        lines.append(
            f"{marker} player {i} ({len(hand):2} cards): {format_cards(hand, unicode=True)}"
        )
    return lines


def tagged(data: object, schema: str, what: str) -> Mapping[str, object]:
    """``data`` as the mapping of a ``what`` (``"state"``, ``"view"`` …) tagged ``schema``.

    Raises:
        InvalidStateError: If ``data`` is not a mapping, or carries another tag.
    """
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"a {what} is a mapping, got {type(data).__name__}")
    found = data.get("schema")
    if found != schema:
        raise InvalidStateError(f"unknown schema {quote(found)} (expected {schema!r})")
    return data


def round_repr(state: _Round, details: str) -> str:
    """``<Class turn=… player=… hands=[…] details>``, the short form of any round state."""
    sizes = ", ".join(str(len(hand)) for hand in state.hands)
    status = "over" if state.result is not None else f"player={state.current_player}"
    return f"<{type(state).__name__} turn={state.turn} {status} hands=[{sizes}] {details}>"


class _Held(Protocol):
    @property
    def profile(self) -> _Dictable: ...

    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...


def round_dict(schema: str, state: _Held, **fields: JSON) -> JSONObject:
    """A round state's JSON-ready dict: its tag, rules and hands, then the game's ``fields``."""
    return {
        "schema": schema,
        "profile": state.profile.to_dict(),
        "hands": [format_cards(hand) for hand in state.hands],
        **fields,
    }


class _Seats(Protocol):
    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...


def player_count_problem(players: int, rules: _Seats, game: str, section: str) -> str | None:
    """Why a round of ``players`` players breaks ``rules`` (``game`` names them), or ``None``."""
    if rules.min_players <= players <= rules.max_players:
        return None
    return (
        f"hands: {players} players, but {game} is for {rules.min_players}-"
        f"{rules.max_players} ({section})"
    )


def empty_hand_problem(
    hands: Sequence[Sequence[object]], round_word: str, section: str
) -> str | None:
    """That a player holds no card in a round not over (going out ends it), or ``None``."""
    empty = next((player for player, hand in enumerate(hands) if not hand), None)
    if empty is None:
        return None
    return f"hands: player {empty} has no cards, so the {round_word} is over ({section})"


class _Match(Protocol):
    @property
    def players(self) -> int: ...

    @property
    def seed(self) -> int: ...

    @property
    def results(self) -> tuple[RoundResult, ...]: ...

    @property
    def seats(self) -> tuple[tuple[int, ...], ...]: ...


def match_dict(match: _Match, schema: str, profile: _Dictable, **fields: JSON) -> JSONObject:
    """A match's JSON-ready dict: the fields every match has, then the game's own ``fields``."""
    return {
        "schema": schema,
        "profile": profile.to_dict(),
        "players": match.players,
        "seed": match.seed,
        **fields,
        "results": [result.to_dict() for result in match.results],
        "seats": [list(row) for row in match.seats],
    }


def round_seed(seed: int, round_index: int) -> int:
    """The deal seed of round ``round_index`` of a match seeded ``seed``, the same everywhere."""
    import hashlib  # on first use: it is a noticeable part of the import time

    digest = hashlib.sha256(f"mexemexe-match:{seed}:{round_index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


_Dealt = TypeVar("_Dealt")


def deal_next_round(
    deal: Callable[..., _Dealt], rules: object, seats: int, match: _Match, *, rotate: bool
) -> _Dealt:
    """Deal the next round of ``match`` among ``seats`` players with the game's ``deal``.

    Its seed is `round_seed` of the match seed and the round's number; the
    first player is the round's player 0, or moves one seat a round when
    the rules rotate the deal (G3, M1).
    """
    index = len(match.results)
    first = index % seats if rotate else 0
    return deal(rules, seats, seed=round_seed(match.seed, index), first_player=first)


class _Seated(Protocol):
    """A round's state as the shared queries read it."""

    @property
    def hands(self) -> Sequence[tuple[Card, ...]]: ...

    @property
    def current_player(self) -> int: ...


def player_count(state: _Seated) -> int:
    """How many players are in the round."""
    return len(state.hands)


def current_hand(state: _Seated) -> tuple[Card, ...]:
    """The current player's hand."""
    return state.hands[state.current_player]
