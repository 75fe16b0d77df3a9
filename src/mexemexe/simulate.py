"""Self-play: run rounds with bots and keep their records.

>>> import mexemexe as m
>>> final, record = m.play_round(m.deal("brazilian", players=4, seed=1), [m.SimpleBot()] * 4)
>>> final.is_over and record.replay() == final
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ._errors import IllegalMoveError
from ._moves import Move
from ._record import GameRecord
from ._state import GameState
from .bots import Bot

__all__ = ["play_round"]


def play_round(
    state: GameState, bots: Sequence[Bot], *, max_turns: int = 100_000
) -> tuple[GameState, GameRecord]:
    """Play ``state`` to the end of its round with one bot per player.

    A bot that proposes an illegal move forfeits its turn (B8, R5), as a
    player whose play fails would.

    Args:
        state: The starting state.
        bots: One bot per player, indexed like ``state.hands``.
        max_turns: A safety limit; the rules guarantee termination long before it.

    Returns:
        The final state and the record (initial state plus moves) that replays to it.

    Raises:
        ValueError: If the number of bots differs from the number of players, or
            the round does not end within ``max_turns``.
    """
    if len(bots) != state.players:
        raise ValueError(f"{len(bots)} bots for {state.players} players")
    from ._moves import Forfeit

    initial = state
    moves: list[Move] = []
    for _ in range(max_turns):
        if state.result is not None:
            return state, GameRecord(initial, tuple(moves))
        player = state.current_player
        move = bots[player].choose(state.view(player))
        try:
            state = state.apply(move)
        except IllegalMoveError:
            move = Forfeit()
            state = state.apply(move)
        moves.append(move)
    raise ValueError(f"the round did not end within {max_turns} turns")
