"""Bots and self-play: RandomBot, GreedyBot, simulate on executors, the simulate command."""

from __future__ import annotations

import concurrent.futures as cf
import io
import pathlib
import sys
from typing import ClassVar

import attrs
import pytest

import mexemexe as m
from mexemexe import maumau
from mexemexe.cli import main


def test_random_bot_plays_legal_moves_reproducibly() -> None:
    """A seeded RandomBot picks legal moves, the same ones for the same seed."""
    state = m.deal("rummikub", players=2, seed=3)
    a = m.play_round(state, [m.RandomBot(1), m.RandomBot(2)])[1]
    b = m.play_round(state, [m.RandomBot(1), m.RandomBot(2)])[1]
    assert a.moves == b.moves
    assert a.replay().is_over


def test_greedy_bot_plays_the_best_play() -> None:
    """GreedyBot lays down the most cards the exact solver finds, by regrouping if needed."""
    state = m.deal(
        "rummikub", hands=["3H 3D 4C 6C 9S", "KS"], table="5S 5H 5D 5C | 3C 4C 5C 6C", seed=1
    )
    move = m.GreedyBot().choose(state.view(0))
    assert isinstance(move, m.Play)
    assert state.propose(move.table).placed == m.parse_cards("3H 3D 4C 6C")


def test_greedy_bot_draws_when_nothing_fits() -> None:
    """With nothing to place, GreedyBot draws."""
    state = m.deal("rummikub", hands=["2C 9S", "KS"], table="5S 5H 5D", seed=1)
    assert m.GreedyBot().choose(state.view(0)) == m.Draw()


def test_greedy_bot_plays_discard_games_like_simple_bot() -> None:
    """In the discard games GreedyBot falls back to SimpleBot's play."""
    state = m.deal("galician", players=2, seed=2)
    assert m.GreedyBot().choose(state.view(0)) == m.SimpleBot().choose(state.view(0))


def test_simulate_totals_and_is_independent_of_the_executor() -> None:
    """The same seed gives the same totals in-process, on threads, or on any executor."""
    one = m.simulate("brazilian", ["simple", "random", "simple"], games=6, seed=4)
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        threaded = m.simulate(
            "brazilian", ["simple", "random", "simple"], games=6, seed=4, executor=pool
        )
    assert one == threaded
    assert one.games == 6
    assert one.mean_scores() == tuple(total / 6 for total in one.scores)
    assert one.win_rates() == tuple(wins / 6 for wins in one.wins)
    assert sum(one.wins) >= 6
    assert one.turns > 0
    assert "win rate" in one.table()


def test_simulate_reports_progress() -> None:
    """The progress callback sees every round."""
    seen: list[tuple[int, int]] = []
    m.simulate("rummikub", ["simple", "simple"], games=3, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)]


def test_simulate_rejects_unknown_bots_and_seat_counts() -> None:
    """Unknown bot names and impossible seat counts are clear errors."""
    with pytest.raises(ValueError, match="unknown bots"):
        m.simulate("brazilian", ["simple", "clever"], games=1)
    with pytest.raises(m.ProfileError, match="not 7"):
        m.simulate("brazilian", ["simple"] * 7, games=1)
    for games in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match="games must be a whole number of at least 1"):
            m.simulate("brazilian", ["simple"] * 2, games=games)  # type: ignore[arg-type]


class _FirstMoveBot:
    """A stateful user bot: counts its turns, always plays its first legal move."""

    def __init__(self) -> None:
        self.turns = 0

    def choose(self, view: m.PlayerView) -> m.Move:
        self.turns += 1
        move: m.Move = view.legal_moves()[0]
        return move


def test_simulate_plays_the_users_bots_and_factories() -> None:
    """Bots given as objects (copied afresh each round) or factories of the seat seed play too."""
    mine = _FirstMoveBot()
    seats = [mine, m.SimpleBot(), m.RandomBot, "random"]
    one = m.simulate("brazilian", seats, games=4, seed=2)
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        threaded = m.simulate("brazilian", seats, games=4, seed=2, executor=pool)
    assert one == threaded  # no state carried from round to round, however split
    assert mine.turns == 0  # the object given is a template, never played itself
    assert one.bots == ("_FirstMoveBot", "SimpleBot", "RandomBot", "random")
    assert one.games == 4


def test_simulate_calls_a_factory_without_the_seed_if_it_takes_none() -> None:
    """A bot class whose constructor takes no seed (SimpleBot, GreedyBot) is a factory too."""
    by_class = m.simulate("rummikub", [m.SimpleBot, "simple"], games=3, seed=5)
    by_name = m.simulate("rummikub", ["simple", "simple"], games=3, seed=5)
    assert by_class.bots == ("SimpleBot", "simple")
    assert (by_class.wins, by_class.scores, by_class.turns) == (
        by_name.wins,
        by_name.scores,
        by_name.turns,
    )


def test_simulate_on_worker_processes_matches_one_process() -> None:
    """Bots and factories pickle to worker processes, with the same totals as in-process."""
    seats = [m.SimpleBot(), m.RandomBot, "simple"]
    alone = m.simulate("rummikub", seats, games=4, seed=3)
    assert m.simulate("rummikub", seats, games=4, seed=3, workers=2) == alone


class _LimitedBot:
    """A plain bot that searches (it has ``time_limit``): it records the limit it played with."""

    seen: ClassVar[list[float | None]] = []

    def __init__(self) -> None:
        self.time_limit: float | None = None

    def choose(self, view: m.PlayerView) -> m.Move:
        _LimitedBot.seen.append(self.time_limit)
        return m.SimpleBot().choose(view)


def test_simulate_passes_its_time_limit_to_the_bots_that_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """time_limit reaches GreedyBot (by name, object or class) and any bot with the field."""
    from mexemexe import solver

    limits: list[float | None] = []
    best_play = solver.best_play

    def spy(*args: object, **kwargs: object) -> object:
        limits.append(kwargs.get("time_limit"))  # type: ignore[arg-type]
        return best_play(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solver, "best_play", spy)
    _LimitedBot.seen.clear()
    template = m.GreedyBot(time_limit=9.0)
    seats = ["greedy", template, m.GreedyBot, _LimitedBot, m.RandomBot, "simple"]
    m.simulate("rummikub", seats, games=2, seed=4, time_limit=0.25)
    assert limits
    assert set(limits) == {0.25}
    assert set(_LimitedBot.seen) == {0.25}
    assert template.time_limit == 9.0  # the object given is a template, never changed
    limits.clear()
    m.simulate("rummikub", [template, "greedy"], games=1, seed=4)
    assert set(limits) == {9.0, None}  # without a limit, each bot keeps its own


@pytest.mark.parametrize("limit", [-1, float("nan"), True, "1"])
def test_simulate_rejects_a_time_limit_that_is_no_duration(limit: object) -> None:
    with pytest.raises(ValueError, match="time_limit"):
        m.simulate("brazilian", ["greedy", "simple"], games=1, time_limit=limit)  # type: ignore[arg-type]


def test_simulate_rejects_a_seat_that_is_no_bot() -> None:
    """A seat must be a bot name, a bot or a factory."""
    with pytest.raises(TypeError, match="not 3"):
        m.simulate("brazilian", [3, "simple"], games=1)  # type: ignore[list-item]


def test_simulate_command_prints_a_results_table() -> None:
    """mexemexe simulate prints the table of results."""
    out = io.StringIO()
    code = main(
        ["simulate", "--profile", "rummikub", "--bots", "simple,random", "--games", "3"], out=out
    )
    assert code == 0
    assert "3 rounds of rummikub" in out.getvalue()


def test_simulate_command_unknown_bot_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown bot name is an error line, not a traceback."""
    assert main(["simulate", "--bots", "simple,clever"], out=io.StringIO()) == 2
    assert "unknown bots" in capsys.readouterr().err


def test_hint_on_the_shared_table_is_the_best_play() -> None:
    """state.hint() gives the exact best play, found from the player's own view."""
    state = m.deal(
        "rummikub", hands=["3H 3D 4C 6C 9S", "KS"], table="5S 5H 5D 5C | 3C 4C 5C 6C", seed=1
    )
    hint = state.hint()
    assert isinstance(hint, m.Play)
    assert len(state.propose(hint.table).placed) == 4


def test_hint_draws_when_nothing_fits() -> None:
    """With nothing to place the hint is the draw."""
    state = m.deal("rummikub", hands=["2C 9S", "KS"], table="5S 5H 5D", seed=1)
    assert state.hint() == m.Draw()


def test_hint_in_a_discard_game_follows_the_phase() -> None:
    """Galician hints: draw first, then the largest meld, and always a legal move."""
    state = m.deal("galician", hands=["7H 8H 9H 10H 2C", "KS"], discard_pile="5D", seed=1)
    assert state.hint() == m.Draw()
    drawn = state.draw()
    assert drawn.hint() == m.LayDown("7H 8H 9H 10H")
    for _ in range(30):
        if drawn.is_over:
            break
        move = drawn.hint()
        assert move in drawn.legal_moves()
        drawn = drawn.apply(move)


def test_no_hint_after_the_round() -> None:
    """A finished round has no hint."""
    final, _ = m.play_round(m.deal("brazilian", players=2, seed=1), [m.SimpleBot()] * 2)
    with pytest.raises(m.IllegalMoveError, match="the round is over"):
        final.hint()


def test_simulate_command_seats_a_bot_from_a_module(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--bots module:Name seats the user's own bot class, found in the working directory."""
    (tmp_path / "my_bots_for_cli.py").write_text(
        "import mexemexe as m\n\n"
        "class Cautious:\n"
        "    def __init__(self, seed):\n"
        "        self.seed = seed\n\n"
        "    def choose(self, view):\n"
        "        return m.SimpleBot().choose(view)\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))  # the command may add the directory
    out = io.StringIO()
    args = ["simulate", "--profile", "rummikub", "--bots", "my_bots_for_cli:Cautious,simple"]
    assert main([*args, "--games", "2"], out=out) == 0
    assert "Cautious" in out.getvalue()


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ("no_such_module_here:Bot", "cannot import"),
        ("mexemexe:NoSuchBot", "has no 'NoSuchBot'"),
        ("mexemexe:__version__", "neither a bot nor"),
    ],
)
def test_simulate_command_names_a_missing_bot(
    seat: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A module:Name seat that cannot be found is an error line, exit code 2."""
    assert main(["simulate", "--bots", f"{seat},simple"], out=io.StringIO()) == 2
    assert message in capsys.readouterr().err


def _maumau_totals(
    profile: maumau.MauMauProfile, seats: list[str], games: int, seed: int
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Wins, scores and turns of seeded Mau-Mau hands played by hand, as simulate should."""
    wins, scores, turns = [0] * len(seats), [0] * len(seats), 0
    for index in range(games):
        game_seed = m.round_seed(seed, index)
        bots = [
            maumau.MauMauBot() if name == "simple" else m.RandomBot(game_seed + seat)
            for seat, name in enumerate(seats)
        ]
        start = maumau.deal(profile, len(seats), seed=game_seed)
        final, record = maumau.play_round(start, bots)
        assert final.result is not None
        for seat in final.result.winners:
            wins[seat] += 1
        scores = [a + b for a, b in zip(scores, final.result.scores, strict=True)]
        turns += len(record.moves)
    return tuple(wins), tuple(scores), turns


def test_simulate_plays_maumau_hands_as_play_round_does() -> None:
    """Mau-Mau self-play totals the same hands a loop of seeded deals and play_round gives (M7)."""
    seats = ["simple", "random", "simple"]
    result = m.simulate(maumau.MAUMAU, seats, games=12, seed=8)
    assert (result.wins, result.scores, result.turns) == _maumau_totals(maumau.MAUMAU, seats, 12, 8)
    assert result.profile_name == "maumau"
    assert result.bots == ("simple", "random", "simple")


def test_simulate_takes_maumau_by_name_and_its_variants() -> None:
    """``"maumau"`` names the standard rules; an evolved MauMauProfile plays its own rules (M1)."""
    by_name = m.simulate("maumau", ["simple"] * 4, games=5, seed=1)
    assert by_name == m.simulate(maumau.MAUMAU, ["simple"] * 4, games=5, seed=1)
    variant = attrs.evolve(
        maumau.MAUMAU, name="five-cards", hand_sizes=dict.fromkeys(range(2, 11), 5)
    )
    other = m.simulate(variant, ["simple"] * 4, games=5, seed=1)
    assert other.profile_name == "five-cards"
    assert (other.wins, other.scores, other.turns) == _maumau_totals(variant, ["simple"] * 4, 5, 1)


def test_simulate_maumau_is_the_same_however_the_hands_are_split() -> None:
    """Chunks of any size, on threads or processes, give the in-process totals."""
    seats = ["simple", "random", "simple", "random", "simple", "simple"]
    alone = m.simulate(maumau.MAUMAU, seats, games=20, seed=6)
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        for size in (1, 3, 64, None):
            split = m.simulate(
                maumau.MAUMAU, seats, games=20, seed=6, executor=pool, chunksize=size
            )
            assert split == alone, size
    assert m.simulate(maumau.MAUMAU, seats, games=20, seed=6, workers=2) == alone


def test_simulate_reports_progress_for_every_round_of_a_chunk() -> None:
    """With an executor, the progress callback still counts every round, up to the total."""
    seen: list[tuple[int, int]] = []
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        m.simulate(
            "maumau",
            ["simple", "simple"],
            games=7,
            executor=pool,
            chunksize=3,
            progress=lambda d, t: seen.append((d, t)),
        )
    assert seen == [(d, 7) for d in range(1, 8)]


def test_simulate_maumau_rejects_rummy_bots_seat_counts_and_chunk_sizes() -> None:
    """Mau-Mau knows its own bots and player counts (M1); chunk sizes are whole and positive."""
    with pytest.raises(ValueError, match=r"unknown bots \['greedy'\] for Mau-Mau"):
        m.simulate("maumau", ["simple", "greedy"], games=1)
    with pytest.raises(m.ProfileError, match="2-10 players, not 1"):
        m.simulate("maumau", ["simple"], games=1)
    for size in (0, -2, 1.5, True):
        with pytest.raises(ValueError, match="chunksize must be a whole number"):
            m.simulate("maumau", ["simple"] * 2, games=2, chunksize=size)  # type: ignore[arg-type]


def test_simulate_command_plays_maumau() -> None:
    """mexemexe simulate --game maumau prints the table of Mau-Mau hands."""
    out = io.StringIO()
    code = main(
        ["simulate", "--game", "maumau", "--bots", "simple,random,simple", "--games", "4"], out
    )
    assert code == 0
    expected = m.simulate("maumau", ["simple", "random", "simple"], games=4).table()
    assert out.getvalue() == expected + "\n"


def test_simulate_command_draws_the_progress_bar_once_a_percent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Many quick rounds redraw the bar when the percentage changes, not every round."""
    args = ["simulate", "--game", "maumau", "--bots", "simple,simple", "--games", "300"]
    assert main([*args, "--progress"], out=io.StringIO()) == 0
    bar = capsys.readouterr().err
    assert 50 <= bar.count("\r") <= 101
    assert bar.endswith("300/300 rounds\n")
