"""The conformance harness (`mexemexe.testing`): every game passes it, and each check can fail.

`check_game` runs with its quick defaults on every registered game. Each
piece is then shown to catch a game broken in the way it guards against:
a lost card, a move that changes the old state, a view that shows hidden
cards, JSON that drops a card, a record that does not replay, a deal that
ignores its seed, an illegal move accepted.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

import mexemexe as m
from mexemexe import games
from mexemexe import maumau as mm
from mexemexe.testing import (
    ConformanceError,
    ConformanceReport,
    check_deck_conserved,
    check_game,
    check_illegal_moves_change_nothing,
    check_move,
    check_replay,
    check_round_trips,
    check_same_seed,
    check_terminal,
    check_view,
    check_view_hides,
    play_random_round,
    redeal_hidden,
)


def finished(name: str = "brazilian") -> Any:
    """A round of ``name`` played to its end by the game's simple bot, and its record."""
    game = games.get_game(name)
    state = game.deal(2, seed=3)
    return m.play_round(state, [game.bot("simple", 0)] * 2)


def on_seeds(check: Callable[[int], object], seeds: int) -> None:
    """Run ``check`` with seeds 0 to ``seeds - 1``: a check choosing at random fails on some."""
    for seed in range(seeds):
        check(seed)


@pytest.mark.parametrize("name", games.game_names())
def test_every_registered_game_passes_check_game(name: str) -> None:
    """check_game, with its quick defaults, passes for every registered game."""
    report = check_game(name)
    assert isinstance(report, ConformanceReport)
    assert report.game == name
    assert report.games > 0
    assert report.moves > 0
    assert report.rounds > 0
    assert report.illegal_attempts > 0


def test_check_game_accepts_a_rules_value_and_reports_what_it_did() -> None:
    """A profile is accepted as the game; the report counts one game per seed without bots."""
    report = check_game(m.get_profile("rummikub"), seeds=[5, 6], moves=30, bots=())
    assert (report.game, report.games) == ("rummikub", 2)
    assert report.moves <= 60
    assert report.seconds > 0
    assert "rummikub: 2 games" in str(report)


def test_a_conformance_error_is_an_assertion_error_naming_where() -> None:
    """ConformanceError is an AssertionError whose message names game, seed, move and state."""
    error = ConformanceError("deck conserved", "a card is missing", state='{"x": 1}').located(
        game="brazilian", seed=7, move=12
    )
    assert isinstance(error, AssertionError)
    text = str(error)
    assert "game 'brazilian'" in text
    assert "seed 7" in text
    assert "move 12" in text
    assert "deck conserved: a card is missing" in text
    assert '{"x": 1}' in text


# -- each piece catches a broken game -------------------------------------------------------


def test_check_deck_conserved_catches_a_lost_card() -> None:
    """A state whose stock lost a card is not its deck."""
    state = m.deal("brazilian", players=2, seed=1)
    check_deck_conserved(state)
    lossy = SimpleNamespace(
        hands=state.hands,
        table=state.table,
        stock=state.stock[1:],
        discard_pile=(),
        profile=state.profile,
        to_json=state.to_json,
    )
    with pytest.raises(ConformanceError, match="deck conserved.*missing"):
        check_deck_conserved(lossy)  # type: ignore[arg-type]


def test_check_deck_conserved_counts_the_discard_pile() -> None:
    """Mau-Mau's cards are its hands, stock and discard pile; a duplicated card is caught."""
    state = mm.deal(mm.MAUMAU, 3, seed=2)
    check_deck_conserved(state)
    doubled = SimpleNamespace(
        hands=state.hands,
        stock=state.stock,
        discard_pile=(*state.discard_pile, state.discard_pile[-1]),
        profile=state.profile,
    )
    with pytest.raises(ConformanceError, match="extra"):
        check_deck_conserved(doubled)  # type: ignore[arg-type]


def test_check_move_catches_a_move_that_changes_the_old_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move that also changes the state it was made from is caught."""
    state = m.deal("galician", players=2, seed=1)
    honest = type(state).apply

    def mutating(self: Any, move: Any, *, player: Any = None) -> Any:
        new = honest(self, move, player=player)
        object.__setattr__(self, "turn", self.turn + 5)
        return new

    check_move(state, state.legal_moves()[0])
    monkeypatch.setattr(type(state), "apply", mutating)
    with pytest.raises(ConformanceError, match="leaves the old state"):
        check_move(state, state.legal_moves()[0])


def test_check_move_catches_a_move_that_returns_the_same_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move that returns the very object it was made on is caught."""
    state = mm.deal(mm.MAUMAU, 2, seed=4)
    monkeypatch.setattr(type(state), "apply", lambda self, move, *, player=None: self)
    with pytest.raises(ConformanceError, match="every move returns a new state"):
        check_move(state, state.legal_moves()[0])


def test_check_illegal_moves_catches_a_move_out_of_turn_accepted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A state that ignores who moves accepts a move out of turn: caught."""
    state = m.deal("rummikub", players=3, seed=2)
    assert check_illegal_moves_change_nothing(state) > 5
    honest = type(state).apply
    monkeypatch.setattr(type(state), "apply", lambda self, move, *, player=None: honest(self, move))
    with pytest.raises(ConformanceError, match="illegal moves are refused.*out of turn"):
        check_illegal_moves_change_nothing(state)


def test_check_illegal_moves_catches_a_refusal_that_changes_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A state that refuses a move but changes itself on the way is caught."""
    state = mm.deal(mm.MAUMAU, 2, seed=5)
    honest = type(state).apply

    def careless(self: Any, move: Any, *, player: Any = None) -> Any:
        try:
            return honest(self, move, player=player)
        except m.MexeMexeError:
            object.__setattr__(self, "turn", self.turn + 1)
            raise

    monkeypatch.setattr(type(state), "apply", careless)
    with pytest.raises(ConformanceError, match="illegal moves change nothing"):
        check_illegal_moves_change_nothing(state)


def test_check_illegal_moves_catches_an_error_of_the_wrong_kind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Malformed input must raise the library's error, not a bare ValueError."""
    state = m.deal("brazilian", players=2, seed=6)
    honest = type(state).apply

    def strict(self: Any, move: Any, *, player: Any = None) -> Any:
        if not isinstance(move, (str, m.Move)):
            raise ValueError("not a move")
        return honest(self, move, player=player)

    monkeypatch.setattr(type(state), "apply", strict)
    with pytest.raises(ConformanceError, match="raise the library's error.*ValueError"):
        # A third of the junk is not text: some seed picks it.
        on_seeds(lambda seed: check_illegal_moves_change_nothing(state, seed=seed), 40)


def test_check_view_catches_a_hidden_key() -> None:
    """A view whose dict carries the stock is caught by its key."""

    @attrs.frozen
    class Leaky:
        inner: Any

        def __getattr__(self, name: str) -> Any:
            return getattr(self.inner, name)

        def to_dict(self) -> dict[str, Any]:
            return {**self.inner.to_dict(), "stock": "2H 3H"}

    state = m.deal("brazilian", players=2, seed=1)
    fake = SimpleNamespace(
        hands=state.hands,
        stock=state.stock,
        view=lambda player: Leaky(state.view(player)),
        to_json=state.to_json,
    )
    with pytest.raises(ConformanceError, match=r"views leak nothing hidden.*\['stock'\]"):
        check_view(fake, 0)  # type: ignore[arg-type]


def test_check_view_hides_catches_a_view_showing_the_stock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A view that shows the stock's top card changes once the hidden cards are re-dealt."""
    state = m.deal("galician", players=3, seed=4)
    check_view_hides(state, 0)
    honest = type(state).view

    def leaky(self: Any, player: int) -> Any:
        return attrs.evolve(honest(self, player), discard_pile=self.stock[-1:])

    monkeypatch.setattr(type(state), "view", leaky)
    with pytest.raises(ConformanceError, match="views leak nothing hidden.*discard_pile"):
        # A re-deal may leave the top card where it was.
        on_seeds(lambda seed: check_view_hides(state, 0, seed=seed), 5)


def test_check_view_hides_catches_a_hidden_seed_in_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Mau-Mau's reshuffle seed is hidden: a view whose repr shows it is caught."""
    state = mm.deal(mm.MAUMAU, 3, seed=8)
    honest = type(state).view

    class Telling:
        def __init__(self, view: Any, seed: int) -> None:
            self.view, self.seed = view, seed

        def __getattr__(self, name: str) -> Any:
            return getattr(self.view, name)

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Telling) and self.view == other.view

        def __repr__(self) -> str:
            return f"{self.view!r} seed={self.seed}"

    monkeypatch.setattr(type(state), "view", lambda self, p: Telling(honest(self, p), self.seed))
    with pytest.raises(ConformanceError, match="views leak nothing hidden.*repr"):
        check_view_hides(state, 1)


def test_redeal_hidden_keeps_the_viewer_hand_and_every_size() -> None:
    """The re-deal moves only hidden cards: the viewer's hand, the sizes and the deck stay."""
    state = m.deal("rummikub", players=3, seed=9)
    other = redeal_hidden(state, 1, seed=2)
    assert other is not None
    assert other != state
    assert other.hands[1] == state.hands[1]
    assert list(map(len, other.hands)) == list(map(len, state.hands))
    assert len(other.stock) == len(state.stock)
    check_deck_conserved(other)


def test_check_round_trips_catches_json_that_drops_a_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A state whose JSON loses the stock's top card does not read back."""
    state = m.deal("brazilian", players=2, seed=2)
    check_round_trips(state)
    honest = type(state).to_dict

    def lossy(self: Any) -> dict[str, Any]:
        data = honest(self)
        data["stock"] = data["stock"].rsplit(" ", 1)[0]
        return data

    monkeypatch.setattr(type(state), "to_dict", lossy)
    monkeypatch.setattr(type(state), "to_json", lambda self, **kw: json.dumps(self.to_dict()))
    with pytest.raises(ConformanceError, match="round trip.*raised InvalidStateError"):
        check_round_trips(state)


def test_check_round_trips_catches_a_pickle_that_comes_back_different(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A state that unpickles as the state before its last move is caught."""
    dealt = mm.deal(mm.MAUMAU, 2, seed=3)
    state = dealt.apply("draw")
    check_round_trips(state)
    monkeypatch.setattr(
        type(state), "__reduce__", lambda self: (type(self).from_json, (dealt.to_json(),))
    )
    with pytest.raises(ConformanceError, match=r"pickle.*differs"):
        check_round_trips(state)


def test_check_terminal_catches_a_round_in_play_without_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A round still in play that lists no legal move is caught."""
    state = m.deal("rummikub", players=2, seed=1)
    check_terminal(state)
    monkeypatch.setattr(type(state), "legal_moves", lambda self, **kw: ())
    with pytest.raises(ConformanceError, match="a round in play has a move"):
        check_terminal(state)


def test_check_terminal_catches_a_finished_round_accepting_a_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A finished round that accepts a draw is caught."""
    final, _ = finished()
    check_terminal(final)
    honest = type(final).apply
    monkeypatch.setattr(
        type(final),
        "apply",
        lambda self, move, *, player=None: self if move == "draw" else honest(self, move),
    )
    with pytest.raises(ConformanceError, match="a finished round refuses moves.*'draw'"):
        check_terminal(final)


def test_check_replay_catches_a_record_that_ends_elsewhere() -> None:
    """A record whose replay is not the final state it is checked against is caught."""
    final, record = finished("maumau")
    check_replay(record, final)
    shorter = attrs.evolve(record, moves=record.moves[:-1])
    with pytest.raises(ConformanceError, match="replay reproduces the final state"):
        check_replay(shorter, final)


def test_check_replay_catches_a_record_that_does_not_read_back() -> None:
    """A record claiming a seed whose deal is not its initial state does not read back."""
    state = m.deal("brazilian", players=2, seed=5)
    record = m.GameRecord(state, [], seed=5)
    check_replay(record, state)
    with pytest.raises(ConformanceError, match="records round-trip.*raised InvalidStateError"):
        check_replay(m.GameRecord(state, [], seed=6))


def test_check_same_seed_catches_a_deal_that_ignores_its_seed() -> None:
    """A game whose deal draws its own seed gives two games from one seed: caught."""
    real = games.get_game("maumau")
    chance = random.Random(0)
    unseeded = attrs.evolve(
        real,
        name="maumau-unseeded",
        deal_with=lambda rules, players, seed, first_player=0: real.deal_with(
            rules, players, seed=chance.randrange(2**32), first_player=first_player
        ),
    )
    check_same_seed(real, 3)
    with pytest.raises(ConformanceError, match="same seed gives the same game.*two deals"):
        check_same_seed(unseeded, 3)


def test_check_same_seed_catches_a_bot_that_is_not_seeded() -> None:
    """A bundled bot drawing from unseeded chance plays two games from one seed: caught."""
    real = games.get_game("brazilian")
    chance = random.Random(1)

    class Restless:
        def choose(self, view: m.PlayerView) -> m.Move:
            return chance.choice(view.legal_moves())

    restless = attrs.evolve(real, name="restless", bots={"restless": lambda seed: Restless()})
    with pytest.raises(ConformanceError, match="two bot games from seed 2 part at move"):
        check_same_seed(restless, 2, players=2)


def test_play_random_round_catches_a_bundled_bot_that_cheats() -> None:
    """A bot whose move is illegal fails the round, naming the game, seed and move."""

    class Cheat:
        def choose(self, view: m.PlayerView) -> m.Move:
            return m.Discard(view.hand[0])  # no discard in a shared-table game (B11)

    cheat = attrs.evolve(
        games.get_game("brazilian"), name="cheat", bots={"cheat": lambda s: Cheat()}
    )
    with pytest.raises(ConformanceError) as info:
        play_random_round(cheat, seed=4, bots=("cheat",), bot_share=1.0)
    assert info.value.invariant == "bundled bots make legal moves"
    assert (info.value.game, info.value.seed, info.value.move) == ("cheat", 4, 0)
    assert "[game 'cheat', seed 4, move 0]" in str(info.value)


def test_play_random_round_returns_a_record_that_replays() -> None:
    """The round played comes with its record, which replays to its final state."""
    played = play_random_round("galician", seed=2, max_moves=50)
    assert played.moves == len(played.record.moves) <= 50
    assert played.record.replay() == played.final
    assert played.record.seed == 2


def test_play_random_round_reports_a_crash_as_a_located_failure() -> None:
    """A bot that crashes fails the round as a ConformanceError with the game, seed and move."""

    class Crash:
        def choose(self, view: m.PlayerView) -> m.Move:
            raise KeyError("no move")

    crash = attrs.evolve(games.get_game("maumau"), name="crash", bots={"crash": lambda s: Crash()})
    with pytest.raises(ConformanceError, match=r"\[game 'crash', seed 1, move 0\].*KeyError"):
        play_random_round(crash, seed=1, bots=("crash",), bot_share=1.0)
