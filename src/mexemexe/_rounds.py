"""Self-play: run rounds with bots and keep their records.

Examples:
    >>> import mexemexe as m
    >>> final, record = m.play_round(m.deal("brazilian", players=4, seed=1), [m.SimpleBot()] * 4)
    >>> final.is_over and record.replay() == final
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ._errors import IllegalMoveError, InvalidStateError
from ._match import round_seed
from ._moves import Move
from ._record import GameRecord
from .bots import Bot
from .games import MatchLike, OwnState

__all__ = ["play_match", "play_round", "replay_match"]


def play_round(
    state: OwnState, bots: Sequence[Bot], *, max_turns: int = 100_000
) -> tuple[OwnState, GameRecord]:
    """Play ``state`` to the end of its round with one bot per player.

    Works for every registered game (rummy `GameState`, Mau-Mau state, a
    user's game: see `mexemexe.games.RoundState`).
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


_MatchT = TypeVar("_MatchT", bound=MatchLike)


def play_match(match: _MatchT, bots: Sequence[Bot]) -> tuple[_MatchT, tuple[GameRecord, ...]]:
    """Play ``match``, of any registered game, to its end; ``bots[seat]`` plays for each seat.

    Each round is played by the seats ``match.next_seats()`` names (all of
    them; the tied leaders of a rummy tie-break, R9; the Mau-Mau players not
    burst, M8), each with its own bot, and after each round the match does
    what its rules do between rounds (``between_rounds``: burst Mau-Mau
    players re-enter, M8).

    Returns:
        The finished match and the record of every round, in order; each
        record carries its round's deal seed, so loading it checks the deal.

    Raises:
        TypeError: If ``match`` is not a match (see `mexemexe.games.MatchLike`).
        ValueError: If the number of bots differs from the number of seats.
    """
    return _play_match(match, bots, between_rounds=True)


def replay_match(start: _MatchT, records: Sequence[GameRecord]) -> _MatchT:
    """Rebuild a match, of any registered game, from its start and its round records.

    Every move is replayed, and the match does what its rules do between
    rounds as `play_match` did, so the records `play_match` returned rebuild
    the match it returned.

    Raises:
        TypeError: If ``start`` is not a match (see `mexemexe.games.MatchLike`).
        InvalidStateError: If the match is over before the records are, a
            record does not start from the round the match deals next, or
            does not end its round.
        IllegalMoveError: If a record holds an illegal move.
    """
    return _replay_match(start, records, between_rounds=True)


def _play_match(
    match: _MatchT, bots: Sequence[Bot], *, between_rounds: bool
) -> tuple[_MatchT, tuple[GameRecord, ...]]:
    """`play_match`, optionally without what happens between rounds (the old Mau-Mau policy)."""
    _check_match(match)
    if len(bots) != match.players:
        raise ValueError(f"{len(bots)} bots for {match.players} seats")
    records: list[GameRecord] = []
    while not match.is_over:
        seats = match.next_seats()
        seed = round_seed(match.seed, len(match.results))
        final, record = play_round(match.new_round(), [bots[seat] for seat in seats])
        match = match.record(final)
        if between_rounds:
            match = match.between_rounds()
        records.append(GameRecord._played(record.initial, record.moves, seed))
    return match, tuple(records)


def _replay_match(
    start: _MatchT, records: Sequence[GameRecord], *, between_rounds: bool
) -> _MatchT:
    """`replay_match`, optionally without what happens between rounds (the old Mau-Mau policy)."""
    _check_match(start)
    match = start
    for number, record in enumerate(records):
        if match.is_over:
            raise InvalidStateError(
                f"the match is over after {number} rounds, but there are {len(records)} records"
            )
        if record.initial != match.new_round():
            raise InvalidStateError(f"round {number}'s record does not start from the match's deal")
        match = match.record(record.replay())
        if between_rounds:
            match = match.between_rounds()
    return match


def _check_match(match: object) -> None:
    """Refuse anything that is not a match of some game (a profile's name, a state …)."""
    if not isinstance(match, MatchLike):
        raise TypeError(f"expected a match (mexemexe.games.MatchLike), got {type(match).__name__}")
