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
from collections.abc import Callable, Mapping
from typing import Protocol

import attrs

from ._errors import ProfileError
from ._kinds import quote
from ._match import Match
from ._moves import Move, parse_move
from ._profiles import Profile, get_profile, profile_names
from ._random import Seed
from ._state import GameState, deal
from .bots import BOTS, Bot
from .maumau._bot import MAUMAU_BOTS
from .maumau._match import MauMauMatch
from .maumau._profile import MAUMAU, MauMauProfile
from .maumau._state import SCHEMA as MAUMAU_SCHEMA
from .maumau._state import MauMauState
from .maumau._state import deal as maumau_deal

__all__ = ["Game", "GameRules", "game_for", "game_names", "get_game", "register_game"]


class GameRules(Protocol):
    """What every game's rules value (a profile) offers the registry."""

    @property
    def name(self) -> str:
        """The rules' short identifier (a registry key)."""
        ...


def _deal_rummy(profile: Profile, players: int, seed: Seed) -> GameState:
    return deal(profile, players, seed=seed)


def _start_rummy_match(profile: Profile, players: int, seed: int) -> Match:
    return Match.start(profile, players, seed)


def _deal_maumau(profile: MauMauProfile, players: int, seed: Seed) -> MauMauState:
    return maumau_deal(players, seed=seed, profile=profile)


def _start_maumau_match(profile: MauMauProfile, players: int, seed: int) -> MauMauMatch:
    return MauMauMatch.start(players, seed, profile)


_NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")


def _name(value: object) -> str:
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise ProfileError(
            f"game name {quote(value)}: lower-case letters, digits, '-' or '_', "
            "starting with a letter, at most 40 characters"
        )
    return value


def _bot_table(bots: Mapping[str, Callable[[int], Bot]]) -> dict[str, Callable[[int], Bot]]:
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
        deal_with: ``deal_with(rules, players, seed)`` deals a round.
        start_with: ``start_with(rules, players, seed)`` starts a match.
        bots: Bot factories by name; each is called with a seat's seed.
        read_move: Reads a move's text (``"draw"``, ``"discard 7H"`` …).
    """

    name: str = attrs.field(converter=_name)
    rules: GameRules
    state_type: type
    schema: str
    deal_with: Callable[..., object]
    start_with: Callable[..., object]
    bots: Mapping[str, Callable[[int], Bot]] = attrs.field(converter=_bot_table, eq=False)
    read_move: Callable[[str], Move] = parse_move

    def deal(self, players: int, *, seed: Seed) -> object:
        """Deal a round of this game for ``players`` players from ``seed``."""
        return self.deal_with(self.rules, players, seed)

    def start_match(self, players: int, *, seed: int) -> object:
        """Start a match of this game for ``players`` seats from ``seed``."""
        return self.start_with(self.rules, players, seed)

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
    deal_with=_deal_rummy,
    start_with=_start_rummy_match,
    bots=BOTS,
)

MAUMAU_GAME = Game(
    name="maumau",
    rules=MAUMAU,
    state_type=MauMauState,
    schema=MAUMAU_SCHEMA,
    deal_with=_deal_maumau,
    start_with=_start_maumau_match,
    bots=MAUMAU_BOTS,
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
        ProfileError: If ``game`` is not a `Game`, or its name is taken by
            another game or a rummy profile.
    """
    if not isinstance(game, Game):
        raise ProfileError(f"register_game takes a Game, got {quote(game)}")
    taken = _GAMES.get(game.name)
    if (taken is not None and taken != game) or (
        game.name in profile_names() and game.rules != get_profile(game.name)
    ):
        raise ProfileError(f"a different game is already registered as {game.name!r}")
    _GAMES[game.name] = game
    if all(type(family.rules) is not type(game.rules) for family in _FAMILIES):
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
        return found
    if name in profile_names():
        return RUMMY.with_rules(get_profile(name))
    raise ProfileError(f"unknown game {quote(name)} (known: {', '.join(game_names())})")


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


def game_of_schema(schema: str) -> Game:
    """The game whose states write ``schema`` as their JSON tag.

    Raises:
        ProfileError: If no registered game writes that tag.
    """
    for family in _FAMILIES:
        if family.schema == schema:
            return family
    raise ProfileError(f"no registered game writes states tagged {quote(schema)}")
