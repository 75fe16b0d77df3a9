"""Seeded games played with every check after every move, and `check_game`, which runs them."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, cast

import attrs

from .._moves import Move
from .._record import GameRecord
from ..games import Game, GameRules, get_game
from ._checks import (
    apply_checked,
    check_deck_conserved,
    check_round_trips,
    check_terminal,
    check_view,
    check_view_hides,
    failure,
)
from ._failure import ConformanceError, notation
from ._illegal import check_illegal_moves_change_nothing
from ._protocol import ConformingState, is_state

if TYPE_CHECKING:
    from attrs import AttrsInstance

    from .._views import View, ViewRules
    from ..bots import Bot

__all__ = [
    "ConformanceReport",
    "PlayedRound",
    "check_game",
    "check_replay",
    "check_same_seed",
    "play_random_round",
]

#: A game as `check_game` and `play_random_round` take it: a name, a `Game` or a rules value.
GameLike = str | Game | GameRules


@attrs.frozen
class PlayedRound:
    """One seeded round played by `play_random_round`, every check passed.

    Attributes:
        game: The game's registry name.
        seed: The round's seed (its deal's, and its moves').
        record: The deal and the moves made; it replays to ``final``.
        final: The last state: the end of the round, or where the move budget ran out.
        illegal_attempts: How many illegal attempts were made and refused.
    """

    game: str
    seed: int
    record: GameRecord
    final: ConformingState
    illegal_attempts: int

    @property
    def moves(self) -> int:
        """How many moves were made."""
        return len(self.record.moves)

    @property
    def finished(self) -> bool:
        """Whether the round was played to its end."""
        return self.final.is_over


@attrs.frozen
class ConformanceReport:
    """What `check_game` did; every check passed (a failure raises instead).

    Attributes:
        game: The game's registry name.
        games: Seeded games (rounds) played.
        rounds: How many of them were played to their end (the others ran out of moves).
        moves: Moves made, all games together.
        illegal_attempts: Illegal attempts made, each refused and changing nothing.
        seconds: Wall-clock time taken.
    """

    game: str
    games: int
    rounds: int
    moves: int
    illegal_attempts: int
    seconds: float

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.games} games ({self.rounds} played to the end), "
            f"{self.moves} moves, {self.illegal_attempts} illegal attempts, {self.seconds:.2f} s"
        )


def _as_state(value: object) -> ConformingState:
    if not is_state(value):
        raise failure("protocol", f"{value!r} lacks what ConformingState needs", value)
    return value


def _player_count(game: Game, rng: random.Random) -> int:
    # Both kinds of rules of the library say how many may play; a user's may not.
    low = getattr(game.rules, "min_players", 2)
    high = getattr(game.rules, "max_players", low)
    return rng.randint(low, high)


def _bots(game: Game, names: Sequence[str], seed: int, players: int) -> list[Bot]:
    return [game.bot(names[p % len(names)], seed + p) for p in range(players)] if names else []


def _bot_move(bot: Bot, state: ConformingState) -> Move:
    # A bot takes any game's `View`; the harness reads views through the looser
    # `ConformingView`, and a game's own bots check that the view is theirs.
    return bot.choose(cast("View[ViewRules]", state.view(state.current_player)))


def _field_copy(state: ConformingState) -> ConformingState:
    """A new object of the state's class holding the same field values (no JSON)."""
    kind = cast("type[AttrsInstance]", type(state))
    twin = object.__new__(kind)
    for field in attrs.fields(kind):
        object.__setattr__(twin, field.name, getattr(state, field.name))
    return cast("ConformingState", twin)


def _check_state(
    state: ConformingState, rng: random.Random, deep: bool
) -> tuple[str, ConformingState]:
    """The checks of every state; ``deep`` adds round trips and every view's leak check.

    Returns the state's JSON and the state read back from it, to check later
    that a move left the state unchanged. A state's JSON holds its round's
    history, so writing and reading it costs more the longer the round: the
    JSON round trip is checked on the deep checks only, and between them the
    state is compared with a copy of its fields (``""`` for its JSON). Its
    fields are immutable values, so the copy shows a field replaced behind
    the state's back as the JSON would.
    """
    check_deck_conserved(state)
    if not deep and attrs.has(type(state)):
        if state.is_over != (state.result is not None):
            raise failure("terminal states have results", f"result={state.result!r}", state)
        for player in range(state.players):
            check_view(state, player, serialize=player == state.current_player)
        return "", _field_copy(state)
    text = state.to_json()
    try:
        twin = type(state).from_json(text)
    except Exception as err:
        raise failure(
            "JSON round trip", f"from_json raised {type(err).__name__}: {err}", state
        ) from err
    if twin != state:
        raise failure("JSON round trip", "from_json(to_json()) differs from the state", state)
    if state.is_over != (state.result is not None):
        raise failure("terminal states have results", f"result={state.result!r}", state)
    for player in range(state.players):
        if deep:
            check_view_hides(state, player, seed=rng.randrange(2**32))
        else:
            check_view(state, player, serialize=player == state.current_player)
    if deep:
        check_round_trips(state)
    return text, twin


def play_random_round(
    game: GameLike,
    *,
    seed: int,
    max_moves: int = 400,
    players: int | None = None,
    bots: Sequence[str] | None = None,
    bot_share: float = 0.2,
    illegal_share: float = 0.5,
    leak_every: int = 10,
) -> PlayedRound:
    """Deal a round of ``game`` from ``seed`` and play it, checking every invariant after each move.

    Moves are random legal moves (``legal_moves()``), or with probability
    ``bot_share`` the move of one of the game's bundled bots (``bot_share=1``
    and one name in ``bots`` plays a bot game). Every state has its deck
    counted and its views checked; every ``leak_every`` moves, and at the
    start and the end, its JSON is read back, the round trips (dict, pickle)
    checked and every player's view compared against re-dealt hidden cards. Every move must
    return a new state and leave the old one as it was; with probability
    ``illegal_share`` an illegal attempt is made first. The finished round is
    checked (`check_terminal`), and its record must round-trip and replay to
    the final state (`check_replay`).

    Args:
        game: A registered name, a `Game` or a rules value (a profile).
        seed: Seeds the deal, the bots and the harness's own choices.
        max_moves: Stop after this many moves if the round has not ended.
        players: How many play; by default a seeded pick in the rules' range.
        bots: Names of the bundled bots to use (default: all the game's bots).
        bot_share: How often a bot picks the move instead of chance.
        illegal_share: How often an illegal attempt precedes a move.
        leak_every: How many moves between the deep checks.

    Returns:
        The round played.

    Raises:
        ConformanceError: If an invariant breaks; it names the game, the
            seed, the move number and the state.
        ProfileError: If ``game`` or a bot name is unknown.
    """
    the_game = get_game(game)
    rng = random.Random(seed)
    count = players if players is not None else _player_count(the_game, rng)
    seats = _bots(the_game, tuple(the_game.bots) if bots is None else tuple(bots), seed, count)
    moves: list[Move] = []
    attempts = 0
    state: object = None
    try:
        state = initial = _as_state(the_game.deal(count, seed=seed))
        text, twin = _check_state(state, rng, deep=True)
        while not state.is_over and len(moves) < max_moves:
            legal = state.legal_moves()
            if not legal:
                raise failure("a round in play has a move", "legal_moves() is empty", state)
            if rng.random() < illegal_share:
                attempts += check_illegal_moves_change_nothing(
                    state, seed=rng.randrange(2**32), attempts=1, before=text, twin=twin
                )
            if seats and rng.random() < bot_share:
                move = _bot_move(seats[state.current_player], state)
                if move not in legal and not _accepted(state, move):
                    raise failure("bundled bots make legal moves", f"a bot chose {move}", state)
            else:
                move = rng.choice(legal)
            new = apply_checked(state, move, text, twin)
            moves.append(move)
            state = new
            deep = state.is_over or len(moves) % leak_every == 0
            text, twin = _check_state(state, rng, deep)
        if state.is_over:
            check_terminal(state)
        record = GameRecord(initial, moves, seed=seed)
        check_replay(record, state)
    except ConformanceError as err:
        located = err.located(game=the_game.name, seed=seed, move=len(moves))
        # The same failure with its place: keep its traceback and cause, not a second copy.
        raise located.with_traceback(err.__traceback__) from err.__cause__
    except Exception as err:  # a crash (in a bot, a view, legal_moves …) is a failure too
        crash = failure("no unexpected error", f"{type(err).__name__}: {err}", state)
        raise crash.located(game=the_game.name, seed=seed, move=len(moves)) from err
    return PlayedRound(the_game.name, seed, record, state, attempts)


def _accepted(state: ConformingState, move: Move) -> bool:
    """Whether ``move`` (not listed, e.g. a whole-table play) is legal: the state accepts it."""
    try:
        state.apply(move)
    except Exception:
        return False
    return True


def check_replay(record: GameRecord, final: object | None = None) -> None:
    """``record`` round-trips through JSON and a dict, and replays to ``final``.

    Reading it back replays it and, for a seeded record, deals its seed
    again: the record must be the deal of its seed and every move legal.

    Raises:
        ConformanceError: If the record reads back different or not at all,
            or its replay is not ``final``.
    """
    readers: tuple[tuple[str, Callable[[], GameRecord]], ...] = (
        ("GameRecord.from_json(to_json())", lambda: GameRecord.from_json(record.to_json())),
        ("GameRecord.from_dict(to_dict())", lambda: GameRecord.from_dict(record.to_dict())),
    )
    for how, read in readers:
        try:
            back = read()
        except Exception as err:
            raise failure(
                "records round-trip", f"{how} raised {type(err).__name__}: {err}", record.initial
            ) from err
        if back != record:
            raise failure("records round-trip", f"{how} differs from the record", record.initial)
    if final is not None:
        replayed = record.replay()
        if replayed != final:
            raise failure(
                "replay reproduces the final state",
                f"the replay of {len(record.moves)} moves ends elsewhere: {notation(replayed)}",
                final,
            )


def _bot_game(
    game: Game, seed: int, players: int, max_moves: int
) -> tuple[ConformingState, list[Move]]:
    state = _as_state(game.deal(players, seed=seed))
    seats = _bots(game, tuple(game.bots), seed, players)
    moves: list[Move] = []
    while seats and not state.is_over and len(moves) < max_moves:
        moves.append(_bot_move(seats[state.current_player], state))
        state = state.apply(moves[-1])
    return state, moves


def check_same_seed(
    game: GameLike, seed: int, *, players: int | None = None, max_moves: int = 200
) -> None:
    """The same seed gives the same game: the same deal, and the same bots' game from it.

    Deals twice from ``seed`` and compares the states (and their JSON); then
    plays a game with the game's bundled bots seated in turn twice, each time
    with new bots from the same seeds, and compares the moves and the final
    states.

    Raises:
        ConformanceError: If the deals or the games differ.
    """
    the_game = get_game(game)
    count = players if players is not None else _player_count(the_game, random.Random(seed))
    first = _as_state(the_game.deal(count, seed=seed))
    second = _as_state(the_game.deal(count, seed=seed))
    if first != second or first.to_json() != second.to_json():
        raise failure(
            "the same seed gives the same game",
            f"two deals from seed {seed} differ: {notation(second)}",
            first,
        ).located(game=the_game.name, seed=seed, move=0)
    end, moves = _bot_game(the_game, seed, count, max_moves)
    again, moves_again = _bot_game(the_game, seed, count, max_moves)
    if moves != moves_again or end != again:
        differ = next(
            (
                i
                for i, pair in enumerate(zip(moves, moves_again, strict=False))
                if pair[0] != pair[1]
            ),
            min(len(moves), len(moves_again)),
        )
        raise failure(
            "the same seed gives the same game",
            f"two bot games from seed {seed} part at move {differ}",
            end,
        ).located(game=the_game.name, seed=seed, move=differ)


def check_game(
    game: GameLike,
    *,
    seeds: Iterable[int] = range(2),
    moves: int = 300,
    players: int | None = None,
    bots: Sequence[str] | None = None,
) -> ConformanceReport:
    """Play seeded games of ``game`` and check every cross-game invariant; report what was done.

    For each seed: a random game (`play_random_round`: random legal moves,
    some bot moves, illegal attempts) and one game per bundled bot, all
    seats that bot; then `check_same_seed` on the first seed. Each game
    stops at its end or after ``moves`` moves. The defaults take a second or
    two for a game of the library.

    The invariants: the deck is conserved; illegal moves raise the library's
    error and change nothing; every move returns a new state and leaves the
    old one as it was; a round is over exactly when it has a result, and then
    refuses every move; views show their own hand and leak nothing hidden;
    states round-trip through JSON, dicts and pickles; records round-trip and
    replay to the final state; the same seed gives the same game.

    Args:
        game: A registered name, a `Game` or a rules value (a profile).
        seeds: The games' seeds.
        moves: The move budget of each game.
        players: How many play; by default a seeded pick in the rules' range.
        bots: The bundled bots to play bot games with (default: all; ``()`` for none).

    Returns:
        The figures of the run.

    Raises:
        ConformanceError: At the first broken invariant, naming the game,
            the seed, the move number and the state.
        ProfileError: If ``game`` or a bot name is unknown.
    """
    start = time.perf_counter()
    the_game = get_game(game)
    names = tuple(the_game.bots) if bots is None else tuple(bots)
    played: list[PlayedRound] = []
    seed_list = list(seeds)
    for seed in seed_list:
        played.append(play_random_round(the_game, seed=seed, max_moves=moves, players=players))
        for name in names:
            played.append(
                play_random_round(
                    the_game,
                    seed=seed,
                    max_moves=moves,
                    players=players,
                    bots=(name,),
                    bot_share=1.0,
                )
            )
    if seed_list:
        check_same_seed(the_game, seed_list[0], players=players, max_moves=moves)
    return ConformanceReport(
        game=the_game.name,
        games=len(played),
        rounds=sum(p.finished for p in played),
        moves=sum(p.moves for p in played),
        illegal_attempts=sum(p.illegal_attempts for p in played),
        seconds=time.perf_counter() - start,
    )
