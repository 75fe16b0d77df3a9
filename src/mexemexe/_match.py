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

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, cast

import attrs

from ._errors import InvalidStateError
from ._kinds import MAX_COUNT, kind_problems, loading, quote, whole_number
from ._outcomes import RoundResult
from ._profiles import Profile, get_profile
from ._roundparts import deal_next_round, match_dict, round_seed
from ._scoring import result_problems
from ._state import GameState, deal

if TYPE_CHECKING:
    from ._jsonio import JSONObject

__all__ = ["Match", "round_seed"]


#: A match seed's bound: the deal seeds derived from it are 64-bit, and a
#: seed of thousands of digits could not even be written as text.
MAX_SEED = 2**64


def _profile(value: Profile | str) -> Profile:
    if not isinstance(value, (Profile, str)):
        raise InvalidStateError(f"profile={quote(value)}: a Profile or a profile name")
    return get_profile(value)


def _results(value: object) -> tuple[RoundResult, ...]:
    try:
        # Anything but an iterable raises TypeError here, refused below.
        results = tuple(cast("Iterable[object]", value))
    except TypeError:
        raise InvalidStateError(f"results={quote(value)}: a list of round results") from None
    if not all(isinstance(r, RoundResult) for r in results):
        raise InvalidStateError(f"results={quote(value)}: a list of RoundResult values")
    return cast("tuple[RoundResult, ...]", results)  # each one checked just above


def _seats(value: object) -> tuple[tuple[int, ...], ...]:
    try:
        # Anything but iterables of iterables raises TypeError here, refused below.
        seats = tuple(tuple(s) for s in cast("Iterable[Iterable[object]]", value))
    except TypeError:
        raise InvalidStateError(f"seats={quote(value)}: a list of seat lists") from None
    if not all(isinstance(s, int) and not isinstance(s, bool) for row in seats for s in row):
        raise InvalidStateError(f"seats={quote(value)}: seat numbers are integers")
    return cast("tuple[tuple[int, ...], ...]", seats)  # each one checked just above


def _totals(
    players: int, results: tuple[RoundResult, ...], seats: tuple[tuple[int, ...], ...]
) -> list[int]:
    totals = [0] * players
    for result, row in zip(results, seats, strict=True):
        for player, seat in enumerate(row):
            totals[seat] += result.scores[player]
    return totals


def _leaders(profile: Profile, totals: list[int]) -> tuple[int, ...]:
    best = min(totals) if profile.scoring == "penalty" else max(totals)
    return tuple(seat for seat, t in enumerate(totals) if t == best)


def _regular_over(profile: Profile, players: int, totals: list[int], rounds: int) -> bool:
    target = profile.match_target
    if target is not None and any(t >= target for t in totals):
        return True
    planned = players if profile.match_rounds == "players" else profile.match_rounds
    return planned is not None and rounds >= planned


def _next_seats(
    profile: Profile, players: int, totals: list[int], rounds: int
) -> tuple[int, ...] | None:
    """The seats of the next round (all, or the tied leaders, R9), or ``None`` if it is over."""
    if not _regular_over(profile, players, totals, rounds):
        return tuple(range(players))
    leaders = _leaders(profile, totals)
    if profile.tie_break_rounds and len(leaders) > 1:
        return leaders
    return None


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
        problems = self._problems()
        if problems:
            raise InvalidStateError("invalid match: " + "; ".join(problems))

    def _problems(self) -> list[str]:
        """Every way the match is not one that `new_round` and `record` could have built.

        The seat count is the profile's (B2, R1, G1); the seed a bounded
        integer; each round was played by exactly the seats the match dealt
        it to, in order (all seats, or the tied leaders of a tie-break, R9),
        none after the match ended; and each result is one the profile's
        scoring gives (`mexemexe._scoring.result_problems`).
        """
        problems = kind_problems(self, whole=("players", "seed"))
        if problems:
            return problems
        profile = self.profile
        if not profile.min_players <= self.players <= profile.max_players:
            return [
                f"{self.players} players, but {profile.name!r} is for "
                f"{profile.min_players}-{profile.max_players} ({profile.section('players')})"
            ]
        if not -MAX_SEED < self.seed < MAX_SEED:
            problems.append(f"seed={quote(self.seed)}: an integer of at most 64 bits")
        if len(self.results) != len(self.seats):
            return [
                *problems,
                f"{len(self.results)} round results but {len(self.seats)} seat lists: "
                "a match needs one seat list per round result",
            ]
        totals = [0] * self.players
        for number, (result, row) in enumerate(zip(self.results, self.seats, strict=True)):
            expected = _next_seats(profile, self.players, totals, number)
            if expected is None:
                problems.append(f"round {number} was played after the match ended")
                break
            if row != expected:
                problems.append(
                    f"seats[{number}]={quote(row)}: round {number} is played by seats "
                    f"{quote(expected)} ({profile.section('match')})"
                )
                break
            wrong = result_problems(profile, result)
            if len(result.scores) != len(row):
                wrong.insert(0, f"{len(result.scores)} scores for {len(row)} seats")
            if wrong:
                problems.append(f"results[{number}]: " + "; ".join(wrong))
                break
            for player, seat in enumerate(row):
                totals[seat] += result.scores[player]
        return problems

    @classmethod
    def start(cls, profile: Profile | str, players: int, seed: int) -> Match:
        """A new match with no rounds played."""
        return cls(profile, players, seed)

    # -- standings ------------------------------------------------------------------

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total so far (a penalty total under ``scoring="penalty"``, B10)."""
        return tuple(_totals(self.players, self.results, self.seats))

    @property
    def planned_rounds(self) -> int | None:
        """Rounds before a tie-break (B12 'players', R9, G11), or ``None`` without a limit."""
        rounds = self.profile.match_rounds
        if rounds == "players":
            return self.players
        return rounds

    def _leaders(self) -> tuple[int, ...]:
        return _leaders(self.profile, list(self.totals))

    def _regular_over(self) -> bool:
        return _regular_over(self.profile, self.players, list(self.totals), len(self.results))

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
        return deal_next_round(
            deal, self.profile, len(seats), self, rotate=self.profile.rotate_first_player
        )

    def record(self, final: GameState) -> Match:
        """The match with ``final``'s round result added.

        ``final`` must be the end of the match's next round: a rummy state of
        the match's profile, over, with as many players as the round's seats,
        and sound in every invariant (its result is the one its hands score,
        B10, R8, G9), so a state built by hand with a made-up result is refused.

        Raises:
            InvalidStateError: If the match is over, or ``final`` is not a
                finished round of this match's next deal (wrong kind, profile,
                player count, unfinished, or inconsistent).
        """
        if not isinstance(final, GameState):
            raise InvalidStateError(f"a match records a finished GameState, got {quote(final)}")
        seats = self.next_seats()
        if final.profile != self.profile:
            raise InvalidStateError(
                f"the round was played by {final.profile.name!r}, the match by "
                f"{self.profile.name!r}"
            )
        if final.result is None:
            raise InvalidStateError("the round is not over yet")
        if final.players != len(seats):
            raise InvalidStateError(
                f"the round has {final.players} players, the match expects {len(seats)}"
            )
        # The state may come from anywhere (an engine's successor skips the
        # full check, a caller may build one), so its invariants are checked
        # again before its result counts.
        problems = final._consistency_problems()
        if problems:
            raise InvalidStateError("the final state is not valid: " + "; ".join(problems))
        return attrs.evolve(self, results=(*self.results, final.result), seats=(*self.seats, seats))

    def between_rounds(self) -> Match:
        """The match as it stands before the next deal: rummy does nothing between rounds."""
        return self

    def summary(self) -> str:
        """The totals and the leading seats, for people."""
        lead = "winners" if self.is_over else "leading"
        seats = ", ".join(map(str, self.winners))
        return f"final totals: {list(self.totals)}; {lead}: seat {seats}"

    # -- serialization --------------------------------------------------------------

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict."""
        return match_dict(self, "mexemexe.match/1", self.profile)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Match:
        """Rebuild from `to_dict` output.

        Raises:
            InvalidStateError: If the data is malformed or describes an
                impossible match (see `Match`); the message says which field.
        """
        with loading("match data"):
            if not isinstance(data, Mapping):
                raise InvalidStateError(f"a match is a mapping, got {type(data).__name__}")
            if data.get("schema") != "mexemexe.match/1":
                raise InvalidStateError(f"unknown match schema {quote(data.get('schema'))}")
            results, seats = data["results"], data["seats"]
            if not isinstance(results, list) or not isinstance(seats, list):
                raise InvalidStateError("results and seats are lists")
            if not all(isinstance(row, list) for row in seats):
                raise InvalidStateError(f"seats={quote(seats)}: a list of seat lists")
            return cls(
                Profile.from_dict(data["profile"]),
                whole_number(data["players"], "players", 0, MAX_COUNT),
                whole_number(data["seed"], "seed", -MAX_SEED + 1, MAX_SEED - 1),
                [RoundResult.from_dict(r) for r in results],
                [[whole_number(s, "seats", 0, MAX_COUNT) for s in row] for row in seats],
            )
