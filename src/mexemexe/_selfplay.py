"""Self-play at scale: many seeded rounds on any `concurrent.futures` executor.

Every registered game (`mexemexe.games`: the rummy profiles, Mau-Mau, a
user's game or variant) is run alike: a round is dealt from its own seed, played
by one bot per seat, and its winners, scores and turns are totalled.
Rounds go to the executor in chunks, so a quick game (a Mau-Mau hand takes
well under a millisecond) is not swamped by the cost of sending each round
to a worker.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

import attrs

from ._errors import ProfileError
from ._match import round_seed
from ._rounds import play_round
from .bots import Bot
from .games import Game, GameRules, get_game

if TYPE_CHECKING:
    import concurrent.futures as cf

__all__ = ["SimulationResult", "simulate"]


@attrs.frozen
class SimulationResult:
    """Totals of many rounds, by seat.

    Attributes:
        profile_name: The rules played.
        bots: The bot at each seat: its name, or its class or factory's name.
        games: Rounds played.
        wins: Rounds won by each seat (a shared win counts for each winner).
        scores: Each seat's total score.
        turns: Turns played in all.
    """

    profile_name: str
    bots: tuple[str, ...]
    games: int
    wins: tuple[int, ...]
    scores: tuple[int, ...]
    turns: int

    def win_rates(self) -> tuple[float, ...]:
        """Each seat's share of rounds won."""
        return tuple(w / self.games if self.games else 0.0 for w in self.wins)

    def mean_scores(self) -> tuple[float, ...]:
        """Each seat's mean score per round."""
        return tuple(s / self.games if self.games else 0.0 for s in self.scores)

    def table(self) -> str:
        """A results table for people."""
        lines = [f"{self.games} rounds of {self.profile_name}, {self.turns} turns in all", ""]
        width = max([8, *map(len, self.bots)])
        lines.append(f"{'seat':>4}  {'bot':{width}} {'wins':>6} {'win rate':>9} {'mean score':>11}")
        rates, means = self.win_rates(), self.mean_scores()
        for seat, name in enumerate(self.bots):
            lines.append(
                f"{seat:>4}  {name:{width}} {self.wins[seat]:>6} {rates[seat]:>8.1%} "
                f"{means[seat]:>11.1f}"
            )
        return "\n".join(lines)


Outcome = tuple[tuple[int, ...], tuple[int, ...], int]


#: A seat: a bot's name in the game's ``bots``, a bot to copy afresh for every round, or a
#: factory called with the seat's seed (or with nothing if it takes no argument).
BotSpec = str | Bot | Callable[[int], Bot]


def _is_bot_object(spec: object) -> bool:
    """Whether ``spec`` is a bot itself (a class with ``choose`` is a factory)."""
    return isinstance(spec, Bot) and not isinstance(spec, type)


def _make_bot(spec: BotSpec, seed: int, named: Mapping[str, Callable[[int], Bot]]) -> Bot:
    """The bot for one seat of one round (``named``: the game's bots by name)."""
    if isinstance(spec, str):
        return named[spec](seed)
    if _is_bot_object(spec):
        # A fresh copy: a stateful bot starts anew each round.
        return copy.deepcopy(spec)  # type: ignore[return-value]
    factory = cast("Callable[..., Bot]", spec)
    return factory(seed) if _takes_seed(factory) else factory()


def _takes_seed(factory: Callable[..., Bot]) -> bool:
    """Whether ``factory`` can be called with one argument (a class like `SimpleBot` cannot)."""
    try:
        inspect.signature(factory).bind(0)
    except TypeError:
        return False
    except ValueError:  # no signature to read: try the seed
        return True
    return True


def _is_seat(spec: object) -> bool:
    """Whether ``spec`` can take a seat: a name, a bot or a factory."""
    return isinstance(spec, str) or _is_bot_object(spec) or callable(spec)


def _label(spec: BotSpec) -> str:
    """A seat's name in the results: the bot's name, class or factory."""
    if isinstance(spec, str):
        return spec
    if _is_bot_object(spec):
        return type(spec).__name__
    return str(getattr(spec, "__name__", repr(spec)))


def _with_time_limit(bot: Bot, time_limit: float | None) -> Bot:
    """``bot`` with ``time_limit`` seconds of search a move, if it searches (has ``time_limit``).

    ``bot`` is the seat's own bot for this round (a fresh copy or a new
    one), so setting the field of a plain object changes no one else's.
    """
    if time_limit is None or not hasattr(bot, "time_limit"):
        return bot
    if attrs.has(type(bot)):
        return attrs.evolve(bot, time_limit=time_limit)  # type: ignore[misc]
    bot.time_limit = time_limit
    return bot


def _play_one(
    game: Game,
    bots: tuple[BotSpec, ...],
    seed: int,
    index: int,
    time_limit: float | None = None,
) -> Outcome:
    """One seeded round (run in a worker): winners, scores, turns."""
    game_seed = round_seed(seed, index)
    players = [
        _with_time_limit(_make_bot(spec, game_seed + seat, game.bots), time_limit)
        for seat, spec in enumerate(bots)
    ]
    final, record = play_round(game.deal(len(bots), seed=game_seed), players)
    assert final.result is not None
    return final.result.winners, final.result.scores, len(record.moves)


def _play_chunk(
    game: Game,
    bots: tuple[BotSpec, ...],
    seed: int,
    first: int,
    stop: int,
    time_limit: float | None = None,
    attempt: int = 0,
) -> list[Outcome]:
    """Rounds ``first`` to ``stop - 1`` (one task for a worker).

    A pure function of its arguments: a task run twice (a retry, or a task a
    cluster ran again after losing its worker) gives the same rounds.
    ``attempt`` is not used: it only makes a retried task's arguments differ
    from the failed one's, so an executor that names tasks by their
    arguments (Dask's, with ``pure=True``) runs it again instead of handing
    back the stored failure.
    """
    return [_play_one(game, bots, seed, index, time_limit) for index in range(first, stop)]


def _run_tasks(
    task: Callable[[int, int, int], cf.Future[list[Outcome]]],
    chunks: Sequence[tuple[int, int]],
    retries: int,
    add: Callable[[Outcome], None],
) -> None:
    """Run every chunk ``(first, stop)`` by ``task(first, stop, attempt)``, adding each round once.

    A task that fails (its worker lost, an error) is submitted again, up to
    ``retries`` times. Results are taken by chunk: a chunk's rounds are
    added once, whichever copy of its task came back first. When this
    stops early (an error or an interrupt), the tasks still waiting are
    cancelled.
    """
    import concurrent.futures as cf

    pending: dict[cf.Future[list[Outcome]], tuple[int, int, int]] = {}
    for first, stop in chunks:
        pending[task(first, stop, 0)] = (first, stop, 0)
    added: set[int] = set()
    try:
        while pending:
            finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in finished:
                first, stop, attempt = pending.pop(future)
                try:
                    outcomes = future.result()
                except Exception:
                    if attempt >= retries:
                        raise
                    pending[task(first, stop, attempt + 1)] = (first, stop, attempt + 1)
                    continue
                if first not in added:
                    added.add(first)
                    for outcome in outcomes:
                        add(outcome)
    finally:
        for future in pending:
            future.cancel()


def _chunk_size(games: int, workers: int) -> int:
    """Rounds per task: about 16 tasks a worker (to balance the load), at most 64 rounds."""
    return max(1, min(64, -(-games // (16 * max(workers, 2)))))


def simulate(
    profile: str | Game | GameRules,
    bots: Sequence[BotSpec],
    games: int,
    seed: int = 0,
    *,
    workers: int = 1,
    executor: cf.Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    chunksize: int | None = None,
    time_limit: float | None = None,
    retries: int = 0,
) -> SimulationResult:
    """Play ``games`` seeded rounds with the given bots and total the results.

    Each round's deal (and each random bot) is seeded from ``seed`` and the
    round number, so results do not depend on how the work is split.

    Examples:
        >>> result = simulate("maumau", ["simple", "random", "simple"], games=20, seed=1)
        >>> result.profile_name, result.games, result.bots
        ('maumau', 20, ('simple', 'random', 'simple'))

    Args:
        profile: The game: a registered game's name (any of
            `mexemexe.games.game_names`: ``"brazilian"``, ``"maumau"``, a
            registered variant's), a `Game`, or a rules value of a
            registered game (a `Profile`, a `MauMauProfile` …).
        bots: One per seat: a name among the game's ``bots`` (rummy:
            ``"simple"``, ``"random"``, ``"greedy"``; Mau-Mau: ``"simple"``,
            which is `MauMauBot`, and ``"random"``); a bot (any object with
            ``choose``), copied afresh for every round; or a factory called for every round with the
            seat's seed (or with nothing, if it takes no argument), such as
            `RandomBot` or `SimpleBot`. With worker processes they must
            pickle (a class or a module-level function, not a lambda), and
            so must the game (a registered one does).
        games: How many rounds.
        seed: The seed of the whole run.
        workers: Processes to use when no executor is given (1: in this process).
        executor: A `concurrent.futures.Executor` of any kind (a process or thread pool,
            or a cluster's executor such as Dask's ``Client.get_executor()``).
            Seats and games defined in the caller's script reach its workers
            if the executor pickles with cloudpickle, as Dask's does.
        progress: Called as ``progress(done, games)`` after each round (with
            an executor, as each task's rounds come back), in this process;
            ``done`` counts each round once, up to ``games``.
        chunksize: Rounds per task sent to the executor; by default about 16
            tasks a worker, at most 64 rounds each.
        time_limit: Seconds of search a move (wall clock) for every bot that
            searches — any bot with a ``time_limit`` field or attribute, such
            as `GreedyBot` — in place of its own; ``None`` (the default)
            leaves each bot's own. A limited search plays the best play found
            in time, so rounds then depend on the machine's speed, not on
            the seed alone. Other bots are left as they are.
        retries: With an executor, how many times a task that fails (an
            error in a worker, or a worker lost for good) is submitted
            again before its error is raised; 0 (the default) raises the
            first. A round is a pure function of the game, the seats, the
            seed and its number, so a retried task gives the rounds the
            failed one would have, and each round is counted once.

    Returns:
        A `SimulationResult`.

    Raises:
        ValueError: If a bot name is unknown, ``games`` or ``chunksize``
            is not a whole number of at least 1, ``retries`` is not a whole
            number of at least 0, or ``time_limit`` is not a number of
            seconds of at least 0.
        ProfileError: If ``profile`` names no registered game, or the
            seat count does not fit it.
        TypeError: If a seat is neither a name, a bot nor a callable.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    if chunksize is not None and (
        isinstance(chunksize, bool) or not isinstance(chunksize, int) or chunksize < 1
    ):
        raise ValueError(f"chunksize must be a whole number of at least 1, not {chunksize!r}")
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise ValueError(f"retries must be a whole number of at least 0, not {retries!r}")
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not time_limit >= 0  # NaN too
    ):
        raise ValueError(f"time_limit must be None or a number of seconds >= 0, not {time_limit!r}")
    game = get_game(profile)
    specs = tuple(bots)
    unknown = [spec for spec in specs if isinstance(spec, str) and spec not in game.bots]
    if unknown:
        raise ValueError(f"unknown bots {unknown} for {game.label}; known: {', '.join(game.bots)}")
    odd = [spec for spec in specs if not _is_seat(spec)]
    if odd:
        raise TypeError(f"a seat takes a bot name, a bot or a bot factory, not {odd[0]!r}")
    names = tuple(map(_label, specs))
    problem = game.players_problem(len(names))
    if problem is not None:
        raise ProfileError(problem)
    wins = [0] * len(names)
    scores = [0] * len(names)
    turns = 0
    done = 0

    def add(outcome: Outcome) -> None:
        nonlocal turns, done
        winners, round_scores, round_turns = outcome
        for seat in winners:
            wins[seat] += 1
        for seat, score in enumerate(round_scores):
            scores[seat] += score
        turns += round_turns
        done += 1
        if progress is not None:
            progress(done, games)

    import concurrent.futures as cf  # imported here: a plain `import mexemexe` stays quick

    own: cf.Executor | None = None
    if executor is None and workers > 1:
        own = executor = cf.ProcessPoolExecutor(max_workers=workers)
    try:
        if executor is None:
            for index in range(games):
                add(_play_one(game, specs, seed, index, time_limit))
        else:
            size = chunksize or _chunk_size(games, workers)
            pool = executor

            def task(first: int, stop: int, attempt: int) -> cf.Future[list[Outcome]]:
                return pool.submit(_play_chunk, game, specs, seed, first, stop, time_limit, attempt)

            chunks = [(first, min(first + size, games)) for first in range(0, games, size)]
            _run_tasks(task, chunks, retries, add)
    finally:
        if own is not None:
            own.shutdown()
    return SimulationResult(game.name, names, games, tuple(wins), tuple(scores), turns)
