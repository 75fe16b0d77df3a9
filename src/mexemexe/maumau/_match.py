"""A Mau-Mau match: scores accumulate, players burst at 100 and may re-enter (RULES.md M8)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import attrs

from .._errors import InvalidStateError
from .._outcomes import RoundResult
from .._roundparts import deal_next_round, match_dict
from ._checks import (
    HOSTILE,
    MAX_WORD,
    deprecated,
    is_whole,
    quote,
    reason_of,
    result_from_data,
    result_problems,
    tagged,
)
from ._profile import MAUMAU, MauMauProfile
from ._state import MauMauState, deal

if TYPE_CHECKING:
    from .._jsonio import JSONObject

__all__ = ["MauMauMatch"]


#: The schema tag written by `MauMauMatch.to_dict`.
MATCH_SCHEMA = "mexemexe.maumau-match/1"


def _whole_numbers(value: object, name: str) -> tuple[int, ...]:
    """``value`` as a tuple of whole numbers, nothing coerced, or an error naming ``name``."""
    if isinstance(value, (str, Mapping)) or not isinstance(value, Iterable):
        raise InvalidStateError(
            f"invalid Mau-Mau match: {name}={quote(value)}: a list of whole numbers"
        )
    out = tuple(value)
    for item in out:
        if not is_whole(item):
            raise InvalidStateError(
                f"invalid Mau-Mau match: {name}={quote(value)}: {quote(item)} is not a whole number"
            )
    return out


def _whole_key(data: Mapping[str, object], key: str) -> int:
    """``data[key]``, a whole number as JSON holds it (nothing coerced)."""
    value = data[key]
    if not is_whole(value):
        raise InvalidStateError(f"{key}: expected an integer, got {quote(value)}")
    return value


def _scores(value: object) -> tuple[int, ...]:
    return _whole_numbers(value, "scores")


def _reentries(value: object) -> tuple[int, ...]:
    return _whole_numbers(value, "reentries")


def _results(value: object) -> tuple[RoundResult, ...]:
    if isinstance(value, (str, Mapping)) or not isinstance(value, Iterable):
        raise InvalidStateError(
            f"invalid Mau-Mau match: results={quote(value)}: a list of hand results"
        )
    return tuple(value)


def _seat_lists(value: object) -> tuple[tuple[int, ...], ...]:
    if isinstance(value, (str, Mapping)) or not isinstance(value, Iterable):
        raise InvalidStateError(
            f"invalid Mau-Mau match: seats={quote(value)}: a list of seat lists"
        )
    return tuple(_whole_numbers(seats, "seats") for seats in value)


@attrs.frozen
class MauMauMatch:
    """A match of Mau-Mau hands; an immutable value (M8).

    Every player pays ``entry_chips`` into the pot to start. After each hand
    the points are added to the scores; a player at ``burst_score`` or more
    has burst and plays no more hands unless they re-enter (`reenter`; as
    often as ``max_reentries`` allows, by default without limit, while
    ``reentry_needs_players_under`` players are not burst, with the score
    ``reentry_score`` gives). The match ends when a player goes out and every
    other player is burst at once (after any re-entries) — that is, only one
    player is left under the burst score — and that player takes the pot.

    Built from outside (the constructor, ``attrs.evolve``, `from_dict`), a
    match is checked in full: its scores, re-entries and pot are recomputed
    from its hands' results and seats, which is cheap (a match has few hands).

    Attributes:
        profile: The rules.
        players: How many seats.
        seed: The match seed; each hand's deal seed derives from it.
        scores: Each seat's score.
        reentries: Re-entries each seat has used.
        pot: Chips in the pot.
        results: Each hand's result, indexed by the hand's own players.
        seats: For each hand, the seat of each of its players.

    Raises:
        InvalidStateError: If a field is of the wrong kind or the fields do
            not agree (M8), naming the field.
    """

    profile: MauMauProfile
    players: int
    seed: int
    scores: tuple[int, ...] = attrs.field(converter=_scores)
    reentries: tuple[int, ...] = attrs.field(converter=_reentries)
    pot: int
    results: tuple[RoundResult, ...] = attrs.field(default=(), converter=_results)
    seats: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_seat_lists)

    def __attrs_post_init__(self) -> None:
        problems = _match_problems(self)
        if problems:
            raise InvalidStateError("invalid Mau-Mau match: " + "; ".join(problems))

    @classmethod
    def start(
        cls,
        rules: MauMauProfile | int = MAUMAU,
        /,
        players: int | MauMauProfile | None = None,
        seed: int | MauMauProfile | None = None,
        *,
        profile: MauMauProfile | None = None,
    ) -> MauMauMatch:
        """A new match: every player pays the entry chips into the pot (M8 **[decision]**).

        The arguments come in the order of `Match.start`: the rules, the
        player count and the seed. A player count first is the old order,
        ``start(players, seed, profile)``, still read but deprecated.

        Raises:
            InvalidStateError: If ``players`` is not a player count of the
                profile, or ``profile`` or ``seed`` is of the wrong kind.
        """
        if not isinstance(rules, MauMauProfile):  # the old order: start(players, seed, profile)
            deprecated(
                "MauMauMatch.start(players, seed, profile) is deprecated: pass the rules "
                "first, as Match.start does: MauMauMatch.start(profile, players, seed)"
            )
            if isinstance(seed, MauMauProfile):  # the old third positional argument
                profile, seed = seed, None
            rules, players, seed = MAUMAU, rules, players if seed is None else seed
        profile = rules if profile is None else profile
        if not isinstance(profile, MauMauProfile):
            raise InvalidStateError(f"profile={quote(profile)}: a MauMauProfile")
        problem = _players_problem(players, profile)
        if problem is not None:  # checked before (0,) * players builds a tuple of any size
            raise InvalidStateError(problem)
        assert isinstance(players, int)  # checked just above
        if seed is None or isinstance(seed, MauMauProfile):
            raise InvalidStateError(f"seed={quote(seed)}: a whole number")
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

        Allowed while at least ``reentry_needs_players_under`` players (2)
        are under the burst score and the seat has re-entries left
        (``max_reentries``, none by default: no limit).
        """
        profile = self.profile
        limit = profile.max_reentries
        return (
            self.burst(seat)
            and (limit is None or self.reentries[seat] < limit)
            and len(self.active()) >= profile.reentry_needs_players_under
        )

    def reenter(self, seat: int) -> MauMauMatch:
        """``seat`` pays into the pot and comes back with the profile's ``reentry_score`` (M8).

        By default (M8 **[decision]**) that is the highest score among the
        players not burst.

        Raises:
            InvalidStateError: If the seat may not re-enter now.
        """
        if not self.can_reenter(seat):
            raise InvalidStateError(f"seat {seat} may not re-enter now (M8)")
        best = _reentry_score(self.profile, [self.scores[s] for s in self.active()])
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

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's score: the match protocol's name for ``scores``."""
        return self.scores

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat that takes the pot, as a tuple (empty until the match is over)."""
        winner = self.winner
        return () if winner is None else (winner,)

    def next_seats(self) -> tuple[int, ...]:
        """The seats that play the next hand: those not burst (M8).

        Raises:
            InvalidStateError: If the match is over.
        """
        if self.is_over:
            raise InvalidStateError(f"the match is over ({self.profile.section('match')})")
        return self.active()

    def new_round(self) -> MauMauState:
        """Deal the next hand among the active seats, seeded from the match.

        Raises:
            InvalidStateError: If the match is over.
        """
        seats = self.next_seats()
        return deal_next_round(
            deal, self.profile, len(seats), self, rotate=self.profile.rotate_first_player
        )

    def new_hand(self) -> MauMauState:
        """`new_round` under its Mau-Mau name (a hand is a round).

        Raises:
            InvalidStateError: If the match is over.
        """
        return self.new_round()

    def between_rounds(self) -> MauMauMatch:
        """The match after every burst seat that may re-enter has, in seat order (M8).

        `mexemexe.play_match` and `mexemexe.replay_match` call it after each hand.
        """
        match = self
        for seat in range(match.players):
            if match.can_reenter(seat):
                match = match.reenter(seat)
        return match

    def summary(self) -> str:
        """The scores, re-entries and who takes the pot, for people."""
        lines = [f"final scores: {list(self.scores)}; re-entries {list(self.reentries)}"]
        if self.winner is not None:
            lines.append(f"seat {self.winner} takes the pot of {self.pot} chips")
        else:
            lines.append(f"the pot holds {self.pot} chips")
        return "\n".join(lines)

    def record(self, final: MauMauState) -> MauMauMatch:
        """The match with the finished hand ``final`` added.

        Raises:
            InvalidStateError: If ``final`` is not a finished Mau-Mau hand under
                the match's rules among its active seats, or the match is over.
        """
        if not isinstance(final, MauMauState):
            raise InvalidStateError(f"a match records a finished MauMauState, not {quote(final)}")
        if final.result is None:
            raise InvalidStateError("the hand is not over yet")
        if final.profile != self.profile:
            raise InvalidStateError(
                f"the hand was played under the rules {final.profile.name!r}, not the match's "
                f"{self.profile.name!r} ({self.profile.section('match')})"
            )
        if self.is_over:
            raise InvalidStateError(f"the match is over ({self.profile.section('match')})")
        seats = self.active()
        if final.players != len(seats):
            raise InvalidStateError(
                f"the hand has {final.players} players, the match expects {len(seats)}"
            )
        scores = list(self.scores)
        for player, seat in enumerate(seats):
            scores[seat] += final.result.scores[player]
        # attrs.evolve checks the whole match again: a match has few hands, so
        # recomputing it from its results costs little next to playing a hand.
        return attrs.evolve(
            self, scores=scores, results=(*self.results, final.result), seats=(*self.seats, seats)
        )

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict."""
        return match_dict(
            self,
            MATCH_SCHEMA,
            self.profile,
            scores=list(self.scores),
            reentries=list(self.reentries),
            pot=self.pot,
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> MauMauMatch:
        """Rebuild from `to_dict` output, checking everything (nothing is coerced).

        Raises:
            InvalidStateError: If the data is malformed (a missing key, a value
                of the wrong kind) or the match it describes is impossible
                (scores, re-entries or pot that its hands do not give, M8),
                naming the field.
        """
        data = tagged(data, MATCH_SCHEMA, "match")
        try:
            players, seed, pot = (_whole_key(data, key) for key in ("players", "seed", "pot"))
            results = data["results"]
            if not isinstance(results, list):
                raise InvalidStateError(f"results={quote(results)}: a list of hand results")
            return cls(
                MauMauProfile.from_dict(data["profile"]),
                players,
                seed,
                data["scores"],
                data["reentries"],
                pot,
                [result_from_data(r, f"results[{k}]") for k, r in enumerate(results)],
                data["seats"],
            )
        except InvalidStateError:
            raise
        except HOSTILE as err:  # a bad profile, or Python's own errors on hostile data
            raise InvalidStateError(f"invalid match data: {reason_of(err)}") from err


def _players_problem(players: object, profile: MauMauProfile) -> str | None:
    """Why ``players`` seats cannot play a match under ``profile`` (M1), or ``None``."""
    if isinstance(players, bool) or not isinstance(players, int):
        return f"players={quote(players)}: a whole number"
    if not -MAX_WORD < players < MAX_WORD:  # too long to write in the message
        return f"players={quote(players)}: not a number of players"
    problem = profile.players_problem(players)
    return None if problem is None else f"players: {problem} ({profile.section('deal')})"


def _reentry_score(profile: MauMauProfile, active: list[int]) -> int:
    """The score a player re-enters with, given the scores not burst (M8 ``reentry_score``).

    Re-entering does not change it (a re-entering player takes the highest
    score, or 0), so re-entries in one gap between hands may come in any order.
    """
    if profile.reentry_score == "zero":
        return 0
    return max(active, default=0)  # "highest_not_burst", the M8 [decision]


def _match_problems(match: MauMauMatch) -> list[str]:
    """Every way ``match`` breaks M8, each naming its field (empty if none)."""
    profile = match.profile
    if not isinstance(profile, MauMauProfile):
        return [f"profile={quote(profile)}: a MauMauProfile"]
    problems = [
        f"{name}={quote(getattr(match, name))}: a whole number"
        for name in ("players", "seed", "pot")
        if not is_whole(getattr(match, name))
    ]
    if problems:
        return problems
    section = profile.section("match")
    players = match.players
    problem = _players_problem(players, profile)
    if problem is not None:
        return [problem]
    if not -MAX_WORD <= match.seed < MAX_WORD:
        problems.append(f"seed={quote(match.seed)}: a 64-bit whole number")
    for name in ("scores", "reentries"):
        value = getattr(match, name)
        if len(value) != players:
            problems.append(f"{name}={quote(value)}: one entry for each of {players} seats")
        elif any(not 0 <= v < MAX_WORD for v in value):
            problems.append(f"{name}={quote(value)}: from 0 to 2**63 - 1")
    if len(match.results) != len(match.seats):
        problems.append(
            f"results and seats: one seat list for each hand, not {len(match.seats)} for "
            f"{len(match.results)} hands"
        )
    for k, seats in enumerate(match.seats):
        if not profile.min_players <= len(seats) <= profile.max_players:
            problems.append(
                f"seats[{k}]={quote(seats)}: a hand has {profile.min_players}-"
                f"{profile.max_players} players ({profile.section('deal')})"
            )
        elif list(seats) != sorted(set(seats)) or not 0 <= seats[0] <= seats[-1] < players:
            problems.append(
                f"seats[{k}]={quote(seats)}: distinct seats of 0-{players - 1}, in order"
            )
        elif k < len(match.results):
            problems.extend(result_problems(match.results[k], len(seats), profile, f"results[{k}]"))
    if problems:
        return problems  # the replay below indexes scores by these seats
    problems = _replay_problems(match)
    expected = players * profile.entry_chips + sum(match.reentries) * profile.reentry_chips
    if match.pot != expected:
        problems.append(
            f"pot={quote(match.pot)}: {players} entries and {sum(match.reentries)} re-entries "
            f"pay {expected} chips ({section})"
        )
    return problems


def _replay_problems(match: MauMauMatch) -> list[str]:
    """The scores and re-entries recomputed from the hands' results and seats (M8).

    A burst seat that plays a later hand re-entered just before it, with the
    profile's ``reentry_score`` (`_reentry_score`: re-entries in one gap
    between hands do not change it, so their order does not matter), which
    it may while ``reentry_needs_players_under`` seats are not burst;
    re-entries the seats do not show were made after the last hand.
    """
    profile = match.profile
    section = profile.section("match")
    burst = profile.burst_score
    needs = profile.reentry_needs_players_under
    players = match.players
    scores = [0] * players
    used = [0] * players
    problems: list[str] = []
    for k, (result, seats) in enumerate(zip(match.results, match.seats, strict=True)):
        active = [s for s in range(players) if scores[s] < burst]
        back = sorted(set(seats) - set(active))
        if len(active) < 2 and (not back or len(active) < needs):
            return [f"results[{k}]: the match was over before hand {k} ({section})"]
        if back and len(active) < needs:
            return [
                f"seats[{k}]={quote(seats)}: seat {back[0]} re-entered with only {len(active)} "
                f"players under {burst}, not {needs} ({section})"
            ]
        skipped = sorted(set(active) - set(seats))
        if skipped:
            return [f"seats[{k}]={quote(seats)}: seat {skipped[0]} is not burst, so it plays"]
        best = _reentry_score(profile, [scores[s] for s in active])
        for seat in back:
            if used[seat] >= match.reentries[seat]:
                return [
                    f"seats[{k}]={quote(seats)}: seat {seat} burst and plays hand {k}, but "
                    f"reentries={quote(match.reentries)} leaves it no re-entry ({section})"
                ]
            scores[seat] = best
            used[seat] += 1
        for player, seat in enumerate(seats):
            scores[seat] += result.scores[player]
    active = [s for s in range(players) if scores[s] < burst]
    best = _reentry_score(profile, [scores[s] for s in active])
    limit = profile.max_reentries
    for seat in range(players):
        late = match.reentries[seat] - used[seat]
        if limit is not None and match.reentries[seat] > limit:
            problems.append(
                f"reentries={quote(match.reentries)}: seat {seat} may re-enter at most "
                f"{limit} times ({section})"
            )
        elif late > 1 or (late == 1 and (scores[seat] < burst or len(active) < needs)):
            problems.append(
                f"reentries={quote(match.reentries)}: seat {seat} re-entered more often than "
                f"it burst while {needs} players were under {burst} ({section})"
            )
        elif late == 1:
            scores[seat] = best
    if not problems and tuple(scores) != match.scores:
        problems.append(
            f"scores={quote(match.scores)}: the hands and re-entries give {quote(tuple(scores))} "
            f"({section})"
        )
    return problems
