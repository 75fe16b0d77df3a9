"""Matches: several rounds, scores accumulated per seat (B10, B12, R8, R9, G3, G11).

A `Match` is an immutable value. ``match.new_round()`` deals the next round
(seeded from the match seed and the round number); ``match.record(final)``
returns the match with that round's result added. Seats are the match's
player numbers; a tie-break round (R9) is dealt among the tied seats only,
and its players are mapped back to their seats.

Examples:
    >>> import mexemexe as m
    >>> match = m.Match.start("brazilian", players=2, seed=5)
    >>> while not match.is_over:
    ...     final, _ = m.play_round(match.new_round(), [m.SimpleBot()] * match.next_seats_count)
    ...     match = match.record(final)
    >>> len(match.results)
    2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from ._errors import InvalidStateError
from ._outcomes import RoundResult
from ._profiles import Profile, get_profile
from ._state import GameState, deal

__all__ = ["Match", "round_seed"]


def round_seed(seed: int, round_index: int) -> int:
    """The deal seed of round ``round_index`` of a match seeded ``seed``, the same everywhere."""
    import hashlib  # on first use: it is a noticeable part of the import time

    digest = hashlib.sha256(f"mexemexe-match:{seed}:{round_index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def _profile(value: Profile | str) -> Profile:
    return get_profile(value)


def _results(value: Any) -> tuple[RoundResult, ...]:
    return tuple(value)


def _seats(value: Any) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(s) for s in seats) for seats in value)


@attrs.frozen
class Match:
    """A match of several rounds; an immutable value.

    Attributes:
        profile: The rules.
        players: How many seats.
        seed: The match seed; each round's deal seed is derived from it.
        results: The results of the rounds played, in order, indexed by the
            round's own players (see ``seats``).
        seats: For each round played, the seat of each of its players.
    """

    profile: Profile = attrs.field(converter=_profile)
    players: int
    seed: int
    results: tuple[RoundResult, ...] = attrs.field(default=(), converter=_results)
    seats: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_seats)

    def __attrs_post_init__(self) -> None:
        if not self.profile.min_players <= self.players <= self.profile.max_players:
            raise InvalidStateError(
                f"{self.players} players, but {self.profile.name!r} is for "
                f"{self.profile.min_players}-{self.profile.max_players}"
            )
        if len(self.results) != len(self.seats):
            raise InvalidStateError("a match needs one seat list per round result")

    @classmethod
    def start(cls, profile: Profile | str, players: int, seed: int) -> Match:
        """A new match with no rounds played."""
        return cls(profile, players, seed)

    # -- standings ------------------------------------------------------------------

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total so far (a penalty total under ``scoring="penalty"``, B10)."""
        totals = [0] * self.players
        for result, seats in zip(self.results, self.seats, strict=True):
            for player, seat in enumerate(seats):
                totals[seat] += result.scores[player]
        return tuple(totals)

    @property
    def planned_rounds(self) -> int | None:
        """Rounds before a tie-break (B12 'players', R9, G11), or ``None`` without a limit."""
        rounds = self.profile.match_rounds
        if rounds == "players":
            return self.players
        return rounds

    def _leaders(self) -> tuple[int, ...]:
        totals = self.totals
        best = min(totals) if self.profile.scoring == "penalty" else max(totals)
        return tuple(seat for seat, t in enumerate(totals) if t == best)

    def _regular_over(self) -> bool:
        target = self.profile.match_target
        if target is not None and any(t >= target for t in self.totals):
            return True
        planned = self.planned_rounds
        return planned is not None and len(self.results) >= planned

    @property
    def is_over(self) -> bool:
        """True once the match has a winner (or a tie that is not broken, B9 decision)."""
        if not self._regular_over():
            return False
        return not (self.profile.tie_break_rounds and len(self._leaders()) > 1)

    @property
    def winners(self) -> tuple[int, ...]:
        """The leading seats: lowest total under penalty scoring, else highest (B10, R9, G11)."""
        return self._leaders()

    def next_seats(self) -> tuple[int, ...]:
        """The seats that play the next round: all, or the tied leaders in a tie-break (R9).

        Raises:
            InvalidStateError: If the match is over.
        """
        if self.is_over:
            raise InvalidStateError("the match is over")
        if self._regular_over():
            return self._leaders()
        return tuple(range(self.players))

    @property
    def next_seats_count(self) -> int:
        """How many players the next round has."""
        return len(self.next_seats())

    # -- rounds -----------------------------------------------------------------------

    def new_round(self) -> GameState:
        """Deal the next round, seeded from the match seed and the round number.

        The first player is the round's player 0, or moves one seat per round
        when the profile rotates the deal (G3).

        Raises:
            InvalidStateError: If the match is over.
        """
        seats = self.next_seats()
        index = len(self.results)
        first = index % len(seats) if self.profile.rotate_first_player else 0
        return deal(self.profile, len(seats), seed=round_seed(self.seed, index), first_player=first)

    def record(self, final: GameState) -> Match:
        """The match with ``final``'s round result added.

        Raises:
            InvalidStateError: If the round is not over, or has the wrong number of players.
        """
        if final.result is None:
            raise InvalidStateError("the round is not over yet")
        seats = self.next_seats()
        if final.players != len(seats):
            raise InvalidStateError(
                f"the round has {final.players} players, the match expects {len(seats)}"
            )
        return attrs.evolve(self, results=(*self.results, final.result), seats=(*self.seats, seats))

    # -- serialization --------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "schema": "mexemexe.match/1",
            "profile": self.profile.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "results": [r.to_dict() for r in self.results],
            "seats": [list(s) for s in self.seats],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Match:
        """Rebuild from `to_dict` output.

        Raises:
            InvalidStateError: If the data is malformed.
        """
        try:
            if data.get("schema") != "mexemexe.match/1":
                raise InvalidStateError(f"unknown match schema {data.get('schema')!r}")
            return cls(
                Profile.from_dict(data["profile"]),
                int(data["players"]),
                int(data["seed"]),
                [RoundResult.from_dict(r) for r in data["results"]],
                data["seats"],
            )
        except InvalidStateError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise InvalidStateError(f"invalid match data: {err!r}") from err
