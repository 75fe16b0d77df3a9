"""A Mau-Mau match: scores accumulate, players burst at 100 and may re-enter (RULES.md M8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from .._errors import InvalidStateError
from .._match import round_seed
from .._outcomes import RoundResult
from .._record import GameRecord
from ._profile import MAUMAU, MauMauProfile
from ._state import MauMauState, deal

__all__ = ["MauMauMatch", "play_maumau_match", "replay_maumau_match"]


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in value)


def _results(value: Any) -> tuple[RoundResult, ...]:
    return tuple(value)


def _seat_lists(value: Any) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(s) for s in seats) for seats in value)


@attrs.frozen
class MauMauMatch:
    """A match of Mau-Mau hands; an immutable value (M8).

    Every player pays ``entry_chips`` into the pot to start. After each hand
    the points are added to the scores; a player at ``burst_score`` or more
    has burst and plays no more hands unless they re-enter (`reenter`). The
    match ends when a player goes out and every other player is burst at
    once — that is, only one player is left under the burst score — and that
    player takes the pot.

    Attributes:
        profile: The rules.
        players: How many seats.
        seed: The match seed; each hand's deal seed derives from it.
        scores: Each seat's score.
        reentries: Re-entries each seat has used.
        pot: Chips in the pot.
        results: Each hand's result, indexed by the hand's own players.
        seats: For each hand, the seat of each of its players.
    """

    profile: MauMauProfile
    players: int
    seed: int
    scores: tuple[int, ...] = attrs.field(converter=_ints)
    reentries: tuple[int, ...] = attrs.field(converter=_ints)
    pot: int
    results: tuple[RoundResult, ...] = attrs.field(default=(), converter=_results)
    seats: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_seat_lists)

    def __attrs_post_init__(self) -> None:
        problem = self.profile.players_problem(self.players)
        if problem is not None:
            raise InvalidStateError(problem)
        if len(self.scores) != self.players or len(self.reentries) != self.players:
            raise InvalidStateError("scores and reentries need one entry per seat")

    @classmethod
    def start(cls, players: int, seed: int, profile: MauMauProfile = MAUMAU) -> MauMauMatch:
        """A new match: every player pays the entry chips into the pot (M8 **[decision]**)."""
        return cls(
            profile, players, seed, (0,) * players, (0,) * players, players * profile.entry_chips
        )

    def burst(self, seat: int) -> bool:
        """Whether ``seat`` has burst (score at or above the burst score)."""
        return self.scores[seat] >= self.profile.burst_score

    def active(self) -> tuple[int, ...]:
        """The seats still under the burst score: the players of the next hand."""
        return tuple(s for s in range(self.players) if not self.burst(s))

    @property
    def is_over(self) -> bool:
        """True when only one player is left under the burst score (M8)."""
        return len(self.active()) <= 1

    @property
    def winner(self) -> int | None:
        """The seat that takes the pot, once the match is over."""
        active = self.active()
        return active[0] if self.is_over and active else None

    def can_reenter(self, seat: int) -> bool:
        """Whether burst ``seat`` may pay to re-enter now (M8 **[decision]**).

        Allowed while at least two players are under the burst score and the
        seat has re-entries left.
        """
        return (
            self.burst(seat)
            and self.reentries[seat] < self.profile.max_reentries
            and len(self.active()) >= 2
        )

    def reenter(self, seat: int) -> MauMauMatch:
        """``seat`` pays into the pot and comes back with the highest score of those not burst.

        Raises:
            InvalidStateError: If the seat may not re-enter now.
        """
        if not self.can_reenter(seat):
            raise InvalidStateError(f"seat {seat} may not re-enter now (M8)")
        best = max(self.scores[s] for s in self.active())
        return attrs.evolve(
            self,
            scores=(*self.scores[:seat], best, *self.scores[seat + 1 :]),
            reentries=(
                *self.reentries[:seat],
                self.reentries[seat] + 1,
                *self.reentries[seat + 1 :],
            ),
            pot=self.pot + self.profile.reentry_chips,
        )

    def new_hand(self) -> MauMauState:
        """Deal the next hand among the active seats, seeded from the match.

        Raises:
            InvalidStateError: If the match is over.
        """
        if self.is_over:
            raise InvalidStateError("the match is over")
        seats = self.active()
        index = len(self.results)
        first = index % len(seats) if self.profile.rotate_first_player else 0
        return deal(
            len(seats), seed=round_seed(self.seed, index), profile=self.profile, first_player=first
        )

    def record(self, final: MauMauState) -> MauMauMatch:
        """The match with the finished hand ``final`` added.

        Raises:
            InvalidStateError: If the hand is not over or has the wrong players.
        """
        if final.result is None:
            raise InvalidStateError("the hand is not over yet")
        seats = self.active()
        if final.players != len(seats):
            raise InvalidStateError(
                f"the hand has {final.players} players, the match expects {len(seats)}"
            )
        scores = list(self.scores)
        for player, seat in enumerate(seats):
            scores[seat] += final.result.scores[player]
        return attrs.evolve(
            self, scores=scores, results=(*self.results, final.result), seats=(*self.seats, seats)
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "schema": "mexemexe.maumau-match/1",
            "profile": self.profile.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "scores": list(self.scores),
            "reentries": list(self.reentries),
            "pot": self.pot,
            "results": [r.to_dict() for r in self.results],
            "seats": [list(s) for s in self.seats],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MauMauMatch:
        """Rebuild from `to_dict` output.

        Raises:
            InvalidStateError: If the data is malformed.
        """
        try:
            return cls(
                MauMauProfile.from_dict(data["profile"]),
                int(data["players"]),
                int(data["seed"]),
                data["scores"],
                data["reentries"],
                int(data["pot"]),
                [RoundResult.from_dict(r) for r in data["results"]],
                data["seats"],
            )
        except (KeyError, TypeError, ValueError) as err:
            raise InvalidStateError(f"invalid match data: {err!r}") from err


def play_maumau_match(
    match: MauMauMatch, bots: Sequence[Any], *, reenter: bool = True
) -> tuple[MauMauMatch, tuple[GameRecord, ...]]:
    """Play ``match`` to its end with ``bots[seat]``; burst players re-enter when allowed.

    Returns:
        The finished match and every hand's record.
    """
    from .._rounds import play_round

    records: list[GameRecord] = []
    while not match.is_over:
        seats = match.active()
        final, record = play_round(match.new_hand(), [bots[s] for s in seats])
        match = match.record(final)
        records.append(record)
        if reenter:
            match = _reenter_all(match)
    return match, tuple(records)


def replay_maumau_match(
    start: MauMauMatch, records: Sequence[GameRecord], *, reenter: bool = True
) -> MauMauMatch:
    """Rebuild a match from its start and its hands' records, replaying every move (M8).

    Burst players re-enter after each hand as in `play_maumau_match` with
    the same ``reenter``, so the records that `play_maumau_match` returned
    rebuild the match it returned.

    Raises:
        InvalidStateError: If the match is over before the records are, or a
            record does not start from the hand the match deals next or does
            not end its hand.
        IllegalMoveError: If a record holds an illegal move.
    """
    match = start
    for number, record in enumerate(records):
        if match.is_over:
            raise InvalidStateError(
                f"the match is over after {number} hands, but there are {len(records)} records"
            )
        if record.initial != match.new_hand():
            raise InvalidStateError(f"hand {number}'s record does not start from the match's deal")
        match = match.record(record.replay())
        if reenter:
            match = _reenter_all(match)
    return match


def _reenter_all(match: MauMauMatch) -> MauMauMatch:
    """The match after every burst seat that may re-enter has, in seat order (M8)."""
    for seat in range(match.players):
        if match.can_reenter(seat):
            match = match.reenter(seat)
    return match
