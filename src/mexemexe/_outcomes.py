"""What happened: the outcome of a move, a proposal's verdict, and a round's result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypeVar, overload

import attrs

from ._cards import Card, as_cards
from ._errors import JSON_FORMAT, InvalidStateError, Problem
from ._fastcopy import maker
from ._jsonio import JSONObject, dumps, loads_object
from ._kinds import kind_problems, loading, quote, whole_number
from ._moves import Move, Play, parse_move
from ._notation import format_cards
from ._problemjson import document, field, problem_from_dict, read_cards, read_melds
from ._table import Table

__all__ = ["Outcome", "Proposal", "RoundResult", "build_outcome"]

EndReason = Literal["out", "stock", "blocked", "recycles", "in_progress"]
#: Every `EndReason`, for checking values read from outside.
END_REASONS: tuple[EndReason, ...] = ("out", "stock", "blocked", "recycles", "in_progress")

_T = TypeVar("_T")
_U = TypeVar("_U")


def _mapping(data: object, what: str) -> Mapping[str, object]:
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"{what} is a mapping, got {quote(data)}")
    return data


@overload
def _strict(
    data: Mapping[str, object], key: str, kind: type[_T], default: _T | None, what: str
) -> _T: ...
@overload
def _strict(
    data: Mapping[str, object],
    key: str,
    kind: tuple[type[_T], type[_U]],
    default: _T | _U,
    what: str,
) -> _T | _U: ...
def _strict(
    data: Mapping[str, object],
    key: str,
    kind: type | tuple[type, ...],
    default: object,
    what: str,
) -> object:
    """``data[key]`` (or ``default``) if it is a ``kind``: loaders never coerce (``bool("no")``)."""
    value = data.get(key, default)
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise InvalidStateError(f"{what}.{key}={quote(value)}: expected a {names}")
    return value


@attrs.frozen(weakref_slot=False)
class Outcome:
    """What the last move did. Part of the state, so a view can tell players what happened.

    Attributes:
        player: Who moved.
        move: The move.
        drawn: Cards the player drew (private: a view shows them to that player only).
        placed: Hand cards laid on the table (public).
        penalty: Whether the draw was a penalty (B8, R5).
        note: A sentence for people, e.g. ``"the stock is empty: the round ends (B9)"``.
        hidden_draws: In another player's view, how many cards were drawn
            whose faces that viewer may not see (``drawn`` is then empty).
    """

    player: int
    move: Move
    drawn: tuple[Card, ...] = attrs.field(default=(), converter=as_cards)
    placed: tuple[Card, ...] = attrs.field(default=(), converter=as_cards)
    penalty: bool = False
    note: str = ""
    hidden_draws: int = 0

    def __attrs_post_init__(self) -> None:
        # The engines build outcomes through `build_outcome`, which skips this;
        # an outcome built by hand or read from outside is checked here.
        problems = kind_problems(
            self, whole=("player", "hidden_draws"), flags=("penalty",), text=("note",)
        )
        if not problems and (self.player < 0 or self.hidden_draws < 0):
            problems.append("player and hidden_draws cannot be negative")
        if not isinstance(self.move, Move):
            problems.append(f"move={quote(self.move)}: a Move")
        if problems:
            raise InvalidStateError("invalid outcome: " + "; ".join(problems))

    def hidden(self) -> Outcome:
        """This outcome as other players see it: the drawn cards' identities removed.

        A card taken from the face-up discard pile stays visible.
        """
        if not self.drawn or getattr(self.move, "source", "stock") == "discard":
            return self
        return build_outcome(
            self.player, self.move, (), self.placed, self.penalty, self.note, len(self.drawn)
        )

    def describe(self) -> str:
        """A short sentence: ``"player 1 played 7H 8H 9H"``."""
        who = f"player {self.player}"
        if isinstance(self.move, Play):
            text = f"{who} played {format_cards(self.placed)}"
        elif self.penalty:
            count = len(self.drawn) + self.hidden_draws
            text = (
                f"{who} forfeited the turn and drew {count} penalty card{'s' if count != 1 else ''}"
            )
        elif self.hidden_draws:
            count = self.hidden_draws
            text = f"{who} drew {count} card{'s' if count != 1 else ''}"
        elif self.drawn:
            source = (
                " from the discard pile" if getattr(self.move, "source", "") == "discard" else ""
            )
            text = f"{who} drew {format_cards(self.drawn)}{source}"
        else:
            text = f"{who}: {self.move}"
        return f"{text} ({self.note})" if self.note else text

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict."""
        return {
            "player": self.player,
            "move": str(self.move),
            "drawn": format_cards(self.drawn),
            "placed": format_cards(self.placed),
            "penalty": self.penalty,
            "note": self.note,
            "hidden_draws": self.hidden_draws,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Outcome:
        """Rebuild from `to_dict` output.

        Raises:
            InvalidStateError: If a field is missing or of the wrong kind (a
                number that is not an integer, a flag that is not a bool, a
                move or card text that is not notation …).
        """
        data = _mapping(data, "an outcome")  # a caller's value may be anything
        if "player" not in data or "move" not in data:
            raise InvalidStateError("an outcome needs 'player' and 'move'")
        with loading("outcome"):  # e.g. a list of numbers for the cards drawn
            return cls(
                player=whole_number(data["player"], "last.player"),
                move=parse_move(_strict(data, "move", str, None, "last")),
                drawn=_strict(data, "drawn", (str, list), "", "last"),
                placed=_strict(data, "placed", (str, list), "", "last"),
                penalty=_strict(data, "penalty", bool, False, "last"),
                note=_strict(data, "note", str, "", "last"),
                hidden_draws=whole_number(data.get("hidden_draws", 0), "last.hidden_draws"),
            )


#: An `Outcome` from every field, positionally and unconverted, for the engines'
#: hot paths: ``(player, move, drawn, placed, penalty, note, hidden_draws)``,
#: with ``drawn`` and ``placed`` already tuples of `Card`.
build_outcome = maker(Outcome)


@attrs.frozen
class Proposal:
    """The verdict on a proposed new table, computed without changing anything (B6-B8, R3-R4).

    Truthy iff the play is legal.

    Attributes:
        table: The proposed table.
        placed: The hand cards it would place: new table minus old table.
        problems: Every reason the play is illegal (empty if legal).
    """

    table: Table
    placed: tuple[Card, ...]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """True iff the play is legal."""
        return not self.problems

    def __bool__(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        if not self.problems:
            return f"legal play placing {format_cards(self.placed)}: {self.table}"
        return "illegal play: " + "; ".join(str(p) for p in self.problems)

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict: ``format``, ``ok``, the table's melds, ``placed``, ``problems``."""
        return {
            "format": JSON_FORMAT,
            "ok": self.ok,
            "table": [format_cards(meld) for meld in self.table.melds],
            "placed": format_cards(self.placed),
            "problems": [problem.to_dict() for problem in self.problems],
        }

    def to_json(self, **kwargs: object) -> str:
        """`to_dict` as JSON text (keyword arguments go to `json.dumps`)."""
        return dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, data: object) -> Proposal:
        """Rebuild a proposal from `to_dict` output, checking every field.

        Raises:
            InvalidStateError: If a field is missing, unknown or ill-typed,
                the format is not 1, ``ok`` contradicts the problems, or a
                meld or card is not notation.
        """
        doc = document(data, "proposal", ("ok", "table", "placed", "problems"))
        problems = field(doc, "problems", list, "proposal")
        assert isinstance(problems, list)
        with loading("proposal"):
            proposal = cls(
                Table(read_melds(doc["table"], "proposal.table")),
                read_cards(doc["placed"], "proposal.placed"),
                tuple(problem_from_dict(problem) for problem in problems),
            )
        if field(doc, "ok", bool, "proposal") != proposal.ok:
            raise InvalidStateError(f"proposal.ok={doc['ok']} with {len(problems)} problems")
        return proposal

    @classmethod
    def from_json(cls, text: str) -> Proposal:
        """Rebuild a proposal from `to_json` output.

        Raises:
            InvalidStateError: If the text is not JSON or not a proposal.
        """
        return cls.from_dict(loads_object(text, "proposal"))


@attrs.frozen
class RoundResult:
    """How a round ended and what each player scored (B9, B10, R6, R8, G8-G10).

    Attributes:
        reason: ``"out"`` (a player emptied the hand), ``"stock"`` (the stock
            ran out, B9), ``"blocked"`` (everyone passed, R6), ``"recycles"``
            (G8's cap reached: no winner, no score) or ``"in_progress"`` for
            a provisional standing.
        winners: The winning players (several on a shared win, none when nobody wins).
        hand_points: Points left in each player's hand.
        scores: What each player scores for the round, by the profile's ``scoring``.
        multiplier: The bonus factor applied to the winner's score (G10).
        failed_plays: Each player's failed plays (forfeits) in the round, which
            ``Profile.failed_play_points`` charges in the scores (B8), or
            ``()`` when nobody failed a play.
    """

    reason: EndReason
    winners: tuple[int, ...]
    hand_points: tuple[int, ...]
    scores: tuple[int, ...]
    multiplier: int = 1
    failed_plays: tuple[int, ...] = ()

    def __attrs_post_init__(self) -> None:
        problems = self._shape_problems()
        if problems:
            raise InvalidStateError("invalid round result: " + "; ".join(problems))

    def _shape_problems(self) -> list[str]:
        """What is wrong with the result on its own: kinds, lengths and ranges.

        Whether the scores follow from the hands under a profile's scoring is
        `mexemexe._scoring.result_problems`'s question.
        """
        problems = kind_problems(self, whole=("multiplier",), text=("reason",))
        if problems:
            return problems
        if self.reason not in END_REASONS:
            problems.append(f"reason={quote(self.reason)} is not one of {', '.join(END_REASONS)}")
        for name in ("winners", "hand_points", "scores", "failed_plays"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in value
            ):
                problems.append(f"{name}={quote(value)}: a tuple of integers")
        if problems:
            return problems
        n = len(self.scores)
        if len(self.hand_points) != n:
            problems.append(f"{len(self.hand_points)} hand_points for {n} scores")
        if any(p < 0 for p in self.hand_points):
            problems.append(f"hand_points={quote(self.hand_points)} cannot be negative")
        if self.failed_plays and (
            len(self.failed_plays) != n or not any(self.failed_plays) or min(self.failed_plays) < 0
        ):
            problems.append(
                f"failed_plays={quote(self.failed_plays)}: a count from 0 for each of {n} "
                "players, some not 0, or () for none"
            )
        if any(not 0 <= w < n for w in self.winners) or len(set(self.winners)) != len(self.winners):
            problems.append(f"winners={quote(self.winners)}: distinct players from 0 to {n - 1}")
        if self.multiplier < 1:
            problems.append(f"multiplier={self.multiplier}: at least 1")
        return problems

    @property
    def final(self) -> bool:
        """False for a provisional standing of a round still being played."""
        return self.reason != "in_progress"

    def to_dict(self) -> JSONObject:
        """A JSON-ready dict (``failed_plays`` only when some player failed a play)."""
        out: JSONObject = {
            "reason": self.reason,
            "winners": [*self.winners],
            "hand_points": [*self.hand_points],
            "scores": [*self.scores],
            "multiplier": self.multiplier,
        }
        if self.failed_plays:
            out["failed_plays"] = [*self.failed_plays]
        return out

    def to_json(self, **kwargs: object) -> str:
        """`to_dict` with ``"format": 1`` as JSON text (keyword arguments go to `json.dumps`).

        The dict has no format of its own: it is part of a state's JSON,
        whose schema tag versions it.
        """
        return dumps({"format": JSON_FORMAT, **self.to_dict()}, **kwargs)

    @classmethod
    def from_json(cls, text: str) -> RoundResult:
        """Rebuild from `to_json` output (or `to_dict`'s as JSON text).

        Raises:
            InvalidStateError: If the text is not JSON or not a valid result.
        """
        return cls.from_dict(loads_object(text, "round result"))

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> RoundResult:
        """Rebuild from `to_dict` output (a ``"format"`` field, if any, must be 1).

        Raises:
            InvalidStateError: If a field is missing or not of its kind (every
                number an integer, never a bool or a float), or the result is
                impossible on its own (see `RoundResult`).
        """
        data = _mapping(data, "a round result")
        if data.get("format", JSON_FORMAT) != JSON_FORMAT:
            raise InvalidStateError(
                f"result.format={quote(data.get('format'))}: this version reads 1"
            )
        reason = _end_reason(data.get("reason"))

        def numbers(key: str) -> tuple[int, ...]:
            value = data.get(key)
            if not isinstance(value, list):
                raise InvalidStateError(f"result.{key}={quote(value)}: expected a list")
            return tuple(whole_number(x, f"result.{key}", -MAX_SCORE, MAX_SCORE) for x in value)

        return cls(
            reason=reason,
            winners=numbers("winners"),
            hand_points=numbers("hand_points"),
            scores=numbers("scores"),
            multiplier=whole_number(data.get("multiplier", 1), "result.multiplier", 1, MAX_SCORE),
            failed_plays=numbers("failed_plays") if "failed_plays" in data else (),
        )


def _end_reason(value: object) -> EndReason:
    """``value`` as an `EndReason`, if it is one.

    Raises:
        InvalidStateError: If it is not.
    """
    for reason in END_REASONS:
        if value == reason:
            return reason
    raise InvalidStateError(f"unknown round end reason {quote(value)}")


#: The largest score or hand value read back: far above any deck's points,
#: small enough that totals stay exact everywhere JSON goes (2**53).
MAX_SCORE = 2**53
