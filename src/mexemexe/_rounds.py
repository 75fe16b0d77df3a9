"""Self-play: run rounds with bots and keep their records.

Examples:
    >>> import mexemexe as m
    >>> final, record = m.play_round(m.deal("brazilian", players=4, seed=1), [m.SimpleBot()] * 4)
    >>> final.is_over and record.replay() == final
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ._errors import IllegalMoveError, InvalidStateError
from ._match import Match, round_seed
from ._moves import Move
from ._record import GameRecord
from .bots import Bot

__all__ = ["play_match", "play_round", "replay_match"]


def play_round(
    state: Any, bots: Sequence[Bot], *, max_turns: int = 100_000
) -> tuple[Any, GameRecord]:
    """Play ``state`` to the end of its round with one bot per player.

    Works for every game of the library (rummy `GameState`, Mau-Mau state).
    A bot that proposes an illegal move forfeits its turn (B8, R5) where the
    game has forfeits; elsewhere the error propagates.

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
            return state, GameRecord._played(initial, tuple(moves))
        player = state.current_player
        move = bots[player].choose(state.view(player))
        try:
            state = state.apply(move)
        except IllegalMoveError as failed:
            # A failed play forfeits the turn (B8, R5) where the game has forfeits.
            move = Forfeit()
            try:
                state = state.apply(move)
            except IllegalMoveError:
                raise failed from None
        moves.append(move)
    raise ValueError(f"the round did not end within {max_turns} turns")


def play_match(match: Match, bots: Sequence[Bot]) -> tuple[Match, tuple[GameRecord, ...]]:
    """Play ``match`` to its end; ``bots[seat]`` plays for each seat.

    In a tie-break round (R9) only the tied seats play, each with its own bot.

    Returns:
        The finished match and the record of every round, in order; each
        record carries its round's deal seed, so loading it checks the deal.

    Raises:
        TypeError: If ``match`` is not a `Match` (a Mau-Mau match is played
            by `mexemexe.maumau.play_maumau_match`).
        ValueError: If the number of bots differs from the number of seats.
    """
    _check_match(match, "play_maumau_match")
    if len(bots) != match.players:
        raise ValueError(f"{len(bots)} bots for {match.players} seats")
    records: list[GameRecord] = []
    while not match.is_over:
        seats = match.next_seats()
        seed = round_seed(match.seed, len(match.results))
        final, record = play_round(match.new_round(), [bots[seat] for seat in seats])
        match = match.record(final)
        records.append(GameRecord._played(record.initial, record.moves, seed))
    return match, tuple(records)


def replay_match(start: Match, records: Sequence[GameRecord]) -> Match:
    """Rebuild a match from its start and its round records, replaying every move.

    Raises:
        TypeError: If ``start`` is not a `Match` (a Mau-Mau match is replayed
            by `mexemexe.maumau.replay_maumau_match`).
        InvalidStateError: If a record does not start from the round the match
            deals next, or does not end its round.
        IllegalMoveError: If a record holds an illegal move.
    """
    _check_match(start, "replay_maumau_match")
    match = start
    for number, record in enumerate(records):
        if record.initial != match.new_round():
            raise InvalidStateError(f"round {number}'s record does not start from the match's deal")
        match = match.record(record.replay())
    return match


def _check_match(match: object, maumau_name: str) -> None:
    """Refuse anything but a rummy `Match`, naming the Mau-Mau function for a Mau-Mau match."""
    if not isinstance(match, Match):
        from .maumau import MauMauMatch

        hint = (
            f"; a Mau-Mau match is for mexemexe.maumau.{maumau_name}"
            if isinstance(match, MauMauMatch)
            else ""
        )
        raise TypeError(f"expected a Match, got {type(match).__name__}{hint}")
