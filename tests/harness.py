"""The shared random-play harness, run on every profile and every game module.

`make_machine` builds a hypothesis `RuleBasedStateMachine` for a game from
three functions: how to deal, how to check a state, and which moves to try
that are probably illegal. The machine plays random legal moves, bot moves and
illegal attempts (the legal moves without the solver's best play, which
`test_solver.py` covers, so that a step stays cheap), and checks after every step:

* conservation of the deck (an independent count),
* every earlier state is unchanged (immutability),
* an illegal move raises the library's error and changes nothing,
* a move out of turn is refused,
* the turn counter only grows and the round, once over, accepts no move.

`assert_terminates` plays random legal moves from many deals and checks that
every round ends within a bound.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import mexemexe as m

Deal = Callable[[Any, int, int], Any]
Check = Callable[[Any], None]
IllegalMoves = Callable[[Any, st.DataObject], Any]


def make_machine(
    profiles: Sequence[Any],
    players: Sequence[int],
    deal: Deal,
    check: Check,
    illegal_move: IllegalMoves,
    bot: Any,
) -> type[RuleBasedStateMachine]:
    """A state machine class playing ``deal``'s game with random, bot and illegal moves."""

    class GameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state: Any = None
            self.history: list[tuple[Any, Any]] = []

        @initialize(
            profile=st.sampled_from(list(profiles)),
            count=st.sampled_from(list(players)),
            seed=st.integers(0, 2**32),
        )
        def start(self, profile: Any, count: int, seed: int) -> None:
            self.state = deal(profile, count, seed)
            self.history = [(self.state, self.state.to_dict())]

        def _advance(self, new: Any) -> None:
            assert new is not self.state
            assert new.turn >= self.state.turn
            self.state = new
            self.history.append((new, new.to_dict()))

        @precondition(lambda self: self.state is not None and self.state.result is None)
        @rule(data=st.data())
        def legal_move(self, data: st.DataObject) -> None:
            moves = self.state.legal_moves()
            assert moves, "a running round always has a legal move"
            move = data.draw(st.sampled_from(moves))
            self._advance(self.state.apply(move))

        @precondition(lambda self: self.state is not None and self.state.result is None)
        @rule()
        def bot_move(self) -> None:
            player = self.state.current_player
            move = bot.choose(self.state.view(player))
            self._advance(self.state.apply(move))

        @precondition(lambda self: self.state is not None)
        @rule(data=st.data())
        def illegal_attempt(self, data: st.DataObject) -> None:
            before = self.state.to_dict()
            move = illegal_move(self.state, data)
            try:
                new = self.state.apply(move)
            except m.IllegalMoveError as err:
                assert err.problems, "an illegal move always says why"
                assert self.state.to_dict() == before, "an illegal move changed the state"
                return
            # The attempt happened to be legal: it is a move like any other.
            self._advance(new)

        @precondition(lambda self: self.state is not None and self.state.result is None)
        @rule()
        def move_out_of_turn(self) -> None:
            before = self.state.to_dict()
            other = (self.state.current_player + 1) % self.state.players
            move = self.state.legal_moves()[0]
            try:
                self.state.apply(move, player=other)
            except m.IllegalMoveError:
                assert self.state.to_dict() == before
            else:  # pragma: no cover - would be a bug
                raise AssertionError("a move out of turn was accepted")

        @precondition(lambda self: self.state is not None and self.state.result is not None)
        @rule()
        def finished_round_accepts_nothing(self) -> None:
            for move in ("draw", "forfeit", "pass"):
                try:
                    self.state.apply(move)
                except m.IllegalMoveError:
                    continue
                raise AssertionError(f"{move!r} was accepted after the round ended")

        @invariant()
        def state_is_consistent(self) -> None:
            if self.state is not None:
                check(self.state)

        @invariant()
        def earlier_states_are_unchanged(self) -> None:
            for state, snapshot in self.history:
                assert state.to_dict() == snapshot

    return GameMachine


def assert_terminates(
    deal: Deal, profile: Any, players: int, seeds: range, max_turns: int = 5_000
) -> None:
    """Random legal moves end every round within ``max_turns`` turns."""
    for seed in seeds:
        rng = random.Random(seed)
        state = deal(profile, players, seed)
        for _ in range(max_turns):
            if state.result is not None:
                break
            state = state.apply(rng.choice(state.legal_moves()))
        else:
            raise AssertionError(f"seed {seed}: the round did not end in {max_turns} turns")
