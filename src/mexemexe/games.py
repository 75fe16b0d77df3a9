"""The game registry: every game of the library, and any a user adds, by name.

A `Game` bundles what the layers above the rules need to run a game without
knowing which game it is: its default rules (a profile), its state type and
the schema tag of that state's JSON, how to deal a round, its bots by name,
how to start a match, and how to read a move. The command line, `simulate`,
matches, records and the JSON loaders find a game here, never by testing its
name.

Every rummy profile is a game: the presets (``brazilian``, ``rummikub``,
``galician`` …) and any profile added with `mexemexe.register_profile` are
found by their profile's name. Mau-Mau is registered as ``maumau``. A new
game, or a variant with rules of another type, is registered with
`register_game`.

Examples:
    >>> from mexemexe import games
    >>> games.get_game("galician").name
    'galician'
    >>> state = games.get_game("maumau").deal(3, seed=1)
    >>> state.players
    3
    >>> "maumau" in games.game_names() and "brazilian" in games.game_names()
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar, runtime_checkable

import attrs

from ._cards import Card
from ._errors import ProfileError
from ._jsonio import JSONObject
from ._kinds import quote
from ._match import Match
from ._moves import Move, parse_move
from ._outcomes import RoundResult
from ._profiles import get_profile, profile_names
from ._random import Seed
from ._state import GameState, deal
from ._views import View, ViewRules
from .bots import BOTS, Bot
from .maumau._bot import MAUMAU_BOTS
from .maumau._match import MauMauMatch
from .maumau._profile import MAUMAU
from .maumau._state import SCHEMA as MAUMAU_SCHEMA
from .maumau._state import MauMauState
from .maumau._state import deal as maumau_deal

__all__ = [
    "Game",
    "GameRules",
    "MatchLike",
    "RoundState",
    "game_for",
    "game_names",
    "game_of_schema",
    "get_game",
    "register_game",
]


#: A state of some game, which its callers read as that game's own state type
#: (`GameState`, `MauMauState` …). The play layer hands states between one
#: game's own pieces (its deal, bots and match) without knowing the game, and
#: callers then use that game's own fields (``record.replay().hint()``):
#: `RoundState` cannot promise those, and making records, matches and
#: `play_round` generic in the state would break every bare ``GameRecord``
#: annotation. So this one alias stays untyped, and says what it holds.
OwnState: TypeAlias = Any


class GameRules(Protocol):
    """What every game's rules value (a profile) offers the registry and its callers."""

    @property
    def name(self) -> str:
        """The rules' short identifier (a registry key)."""
        ...

    @property
    def description(self) -> str:
        """One line for people."""
        ...

    @property
    def min_players(self) -> int:
        """The fewest players a round may have."""
        ...

    @property
    def max_players(self) -> int:
        """The most players a round may have."""
        ...

    def to_dict(self) -> JSONObject:
        """Every setting as a JSON-ready dict."""
        ...


class RoundState(Protocol):
    """What a round's state offers the play layer: whose turn, the result, moves, views, JSON.

    Both the rummy `GameState` and `MauMauState` are round states; so is any
    user game's state that `play_round`, `GameRecord` and `simulate` can run.
    """

    @property
    def profile(self) -> GameRules:
        """The rules the round is played under."""
        ...

    @property
    def players(self) -> int:
        """How many players the round has."""
        ...

    @property
    def hands(self) -> Sequence[Sequence[Card]]:
        """Each player's hand."""
        ...

    @property
    def current_player(self) -> int:
        """Whose turn it is."""
        ...

    @property
    def result(self) -> RoundResult | None:
        """How the round ended, once over."""
        ...

    def apply(self, move: Move) -> RoundState:
        """The state after ``move`` (of the same game)."""
        ...

    def view(self, player: int) -> View[ViewRules]:
        """What ``player`` may see."""
        ...

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict with a ``schema`` tag."""
        ...

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> RoundState:
        """Rebuild a state from `to_dict` output, checking it."""
        ...


_MatchT = TypeVar("_MatchT", bound="MatchLike")


@runtime_checkable
class MatchLike(Protocol):
    """The match protocol that `play_match` and `replay_match` play (`Match`, `MauMauMatch`).

    A match is an immutable value: ``new_round()`` deals the round that
    ``next_seats()`` play, ``record(final)`` adds its result, and
    ``between_rounds()`` does what the rules do before the next deal (a
    burst Mau-Mau player re-entering, M8; nothing for rummy).
    """

    @property
    def players(self) -> int:
        """How many seats."""
        ...

    @property
    def seed(self) -> int:
        """The match seed; round ``k``'s deal seed is ``round_seed(seed, k)``."""
        ...

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """The results of the rounds played, in order."""
        ...

    @property
    def seats(self) -> tuple[tuple[int, ...], ...]:
        """For each round played, the seat of each of its players."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        ...

    def next_seats(self) -> tuple[int, ...]:
        """The seats that play the next round."""
        ...

    def new_round(self) -> RoundState:
        """Deal the next round."""
        ...

    # ``final`` is the game's own state type: a match refuses another game's
    # state, so the parameter cannot be the wider `RoundState` (contravariance).
    def record(self: _MatchT, final: OwnState) -> _MatchT:
        """The match with the finished round ``final`` added."""
        ...

    def between_rounds(self: _MatchT) -> _MatchT:
        """The match after what happens between two rounds (nothing, or re-entries)."""
        ...

    def summary(self) -> str:
        """The standings for people: totals and who won."""
        ...


_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")


def _name(value: object) -> str:
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise ProfileError(
            f"game name {quote(value)}: lower-case letters, digits, '-' or '_', "
            "starting with a letter, at most 40 characters"
        )
    return value


def _bot_table(bots: Mapping[str, Callable[[int], Bot]]) -> dict[str, Callable[[int], Bot]]:
    if not bots:
        raise ProfileError("a game has at least one bot (the first is its default)")
    return dict(bots)


@attrs.frozen
class Game:
    """A game as the registry holds it: its rules and how to run it.

    Attributes:
        name: The registry key (``"brazilian"``, ``"maumau"``, a variant's name).
        rules: The game's rules value: a `Profile` for rummy games, a
            `MauMauProfile` for Mau-Mau, or a user game's own type.
        state_type: The class of the game's states; it reads its own JSON
            with ``from_dict``.
        schema: The tag the states write as ``"schema"`` in their JSON.
        deal_with: The game's deal, called as ``deal_with(rules, players,
            seed=..., first_player=...)`` (`mexemexe.deal`, `maumau.deal`).
        start_with: Starts a match, called as ``start_with(rules, players,
            seed)`` (`Match.start`, `MauMauMatch.start`).
        bots: Bot factories by name, each called with a seat's seed; the
            first is the game's default bot (the command line's demo and
            ``play`` opponents).
        read_move: Reads a move's text (``"draw"``, ``"discard 7H"`` …).
        title: The game's name for people (``"Mau-Mau"``); ``None`` uses
            the rules' name.
        round_word: What one round is called (``"hand"`` in Mau-Mau).
        demo: What ``mexemexe demo`` shows: one ``"round"`` turn by turn,
            or a whole ``"match"`` round by round.
        demo_players: The seats of ``mexemexe demo`` when none is given.
    """

    name: str
    rules: GameRules
    state_type: type[RoundState]
    schema: str
    deal_with: Callable[..., RoundState]
    start_with: Callable[..., MatchLike]
    bots: Mapping[str, Callable[[int], Bot]] = attrs.field(converter=_bot_table, eq=False)
    read_move: Callable[[str], Move] = parse_move
    title: str | None = None
    round_word: str = "round"
    demo: str = attrs.field(default="round", validator=attrs.validators.in_(("round", "match")))
    demo_players: int = 4

    @property
    def label(self) -> str:
        """The game's name for people: its title, else its rules' name."""
        return self.title if self.title is not None else self.rules.name

    @property
    def default_bot(self) -> str:
        """The name of the game's default bot (the first of ``bots``)."""
        return next(iter(self.bots))

    def players_problem(self, players: int) -> str | None:
        """Why ``players`` players cannot play this game, or ``None`` if they can."""
        low, high = self.rules.min_players, self.rules.max_players
        if low <= players <= high:
            return None
        return f"{self.label} is for {low}-{high} players, not {players}"

    def deal(self, players: int, *, seed: Seed, first_player: int = 0) -> RoundState:
        """Deal a round of this game for ``players`` players from ``seed``.

        Raises:
            InvalidStateError: If the game cannot deal that round (a player
                count or first player it does not allow).
            ProfileError: If the rummy rules do not allow that many players.
        """
        return self.deal_with(self.rules, players, seed=seed, first_player=first_player)

    def start_match(self, players: int, *, seed: int) -> MatchLike:
        """Start a match of this game for ``players`` seats from ``seed``.

        Raises:
            InvalidStateError: If the rules do not allow that many seats, or
                the seed is out of range.
        """
        return self.start_with(self.rules, players, seed)

    def load_state(self, data: Mapping[str, object]) -> RoundState:
        """Read one of this game's states from its JSON dict (``to_dict`` output).

        Raises:
            InvalidStateError: If the data is not a valid state of the game.
        """
        return self.state_type.from_dict(data)

    def bot(self, name: str, seed: int = 0) -> Bot:
        """A new bot of this game by its name (``"simple"``, ``"random"`` …).

        Raises:
            ProfileError: If the game has no bot of that name.
        """
        factory = self.bots.get(name)
        if factory is None:
            raise ProfileError(
                f"no bot {quote(name)} for {self.name} (its bots: {', '.join(sorted(self.bots))})"
            )
        return factory(seed)

    def with_rules(self, rules: GameRules) -> Game:
        """This game under other rules of the same type, named after them (a variant)."""
        return attrs.evolve(self, name=rules.name, rules=rules)


#: The rummy games: one entry serves every `Profile`, under the profile's name.
RUMMY = Game(
    name="brazilian",
    rules=get_profile("brazilian"),
    state_type=GameState,
    schema="mexemexe.state/1",
    deal_with=deal,
    start_with=Match.start,
    bots=BOTS,
)

MAUMAU_GAME = Game(
    name="maumau",
    rules=MAUMAU,
    state_type=MauMauState,
    schema=MAUMAU_SCHEMA,
    deal_with=maumau_deal,
    start_with=MauMauMatch.start,
    bots=MAUMAU_BOTS,
    title="Mau-Mau",
    round_word="hand",
    demo="match",
    demo_players=6,
)

#: Games registered by name, beside the rummy profiles (found through their own registry).
_GAMES: dict[str, Game] = {MAUMAU_GAME.name: MAUMAU_GAME}
#: The game whose rules type each registered game uses, to find the game of a rules value.
_FAMILIES: list[Game] = [RUMMY, MAUMAU_GAME]


def register_game(game: Game) -> None:
    """Add ``game`` to the registry: the CLI, `simulate`, matches and records find it by name.

    A variant of a registered game needs no new `Game`: register its rules
    (`mexemexe.register_profile` for rummy) or use
    ``register_game(get_game("maumau").with_rules(my_rules))``.

    Raises:
        ProfileError: If ``game`` is not a `Game`, its name is taken by
            another game or a rummy profile, or it brings a new type of rules
            whose states write a schema tag another game's states write.
    """
    if not isinstance(game, Game):
        raise ProfileError(f"register_game takes a Game, got {quote(game)}")
    _name(game.name)
    taken = _GAMES.get(game.name)
    if game.name in profile_names():
        # Every rummy profile is already a game; only that very game may be registered again.
        taken = RUMMY.with_rules(get_profile(game.name))
    if taken is not None and taken != game:
        raise ProfileError(f"a different game is already registered as {game.name!r}")
    family = next((f for f in _FAMILIES if type(f.rules) is type(game.rules)), None)
    if family is None and any(f.schema == game.schema for f in _FAMILIES):
        raise ProfileError(
            f"another game's states already write the schema tag {game.schema!r}: "
            "a game with a new type of rules needs a tag of its own"
        )
    _GAMES[game.name] = game
    if family is None:
        _FAMILIES.append(game)


def get_game(name: str | Game | GameRules) -> Game:
    """The registered game called ``name`` (a `Game` or a rules value is accepted too).

    Raises:
        ProfileError: If no game or rummy profile has that name.
    """
    if isinstance(name, Game):
        return name
    if not isinstance(name, str):
        return game_for(name)
    found = _GAMES.get(name)
    if found is not None:
        if name in profile_names():
            # A rummy profile registered after a game of the same name.
            raise ProfileError(
                f"{name!r} names both a registered game and a rummy profile: "
                "register one of them under another name"
            )
        return found
    try:  # a rummy profile, its name written as `get_profile` reads it (any case, spaces)
        return RUMMY.with_rules(get_profile(name))
    except ProfileError:
        others = [n for n in game_names() if n not in profile_names()]
        raise ProfileError(
            f"unknown game or profile {quote(name)} (known profiles: "
            f"{', '.join(profile_names())}; other games: {', '.join(others)})"
        ) from None


def game_for(rules: GameRules) -> Game:
    """The game played under ``rules``, a profile of any registered game.

    Raises:
        ProfileError: If no registered game uses rules of that type.
    """
    for family in _FAMILIES:
        if type(family.rules) is type(rules):
            return family.with_rules(rules)
    raise ProfileError(f"no registered game plays by {quote(rules)}")


def game_names() -> tuple[str, ...]:
    """Every game's name: the rummy profiles, then the other registered games."""
    rummy = profile_names()
    return (*rummy, *sorted(name for name in _GAMES if name not in rummy))


def game_of_schema(schema: object) -> Game:
    """The game whose states write ``schema`` as their JSON tag.

    Raises:
        ProfileError: If no registered game writes that tag.
    """
    for family in _FAMILIES:
        if family.schema == schema:
            return family
    known = ", ".join(sorted(family.schema for family in _FAMILIES))
    raise ProfileError(f"unknown state schema {quote(schema)} (known: {known})")
