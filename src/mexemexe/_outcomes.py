"""What happened: the outcome of a move, a proposal's verdict, and a round's result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import attrs

from ._cards import Card, as_cards
from ._errors import Problem
from ._fastcopy import maker
from ._moves import Move, Play, parse_move
from ._notation import format_cards
from ._table import Table

__all__ = ["Outcome", "Proposal", "RoundResult", "build_outcome"]

EndReason = Literal["out", "stock", "blocked", "recycles", "in_progress"]


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

    def to_dict(self) -> dict[str, Any]:
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
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        """Rebuild from `to_dict` output.

        Raises:
            NotationError: If a move or card text is invalid.
            KeyError: If a key is missing (wrapped by `GameState.from_dict`).
        """
        return cls(
            player=int(data["player"]),
            move=parse_move(data["move"]),
            drawn=data.get("drawn", ""),
            placed=data.get("placed", ""),
            penalty=bool(data.get("penalty", False)),
            note=str(data.get("note", "")),
            hidden_draws=int(data.get("hidden_draws", 0)),
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
    """

    reason: EndReason
    winners: tuple[int, ...]
    hand_points: tuple[int, ...]
    scores: tuple[int, ...]
    multiplier: int = 1

    @property
    def final(self) -> bool:
        """False for a provisional standing of a round still being played."""
        return self.reason != "in_progress"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "reason": self.reason,
            "winners": list(self.winners),
            "hand_points": list(self.hand_points),
            "scores": list(self.scores),
            "multiplier": self.multiplier,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundResult:
        """Rebuild from `to_dict` output."""
        reason = data["reason"]
        if reason not in ("out", "stock", "blocked", "recycles", "in_progress"):
            raise ValueError(f"unknown round end reason {reason!r}")
        return cls(
            reason=reason,
            winners=tuple(int(x) for x in data["winners"]),
            hand_points=tuple(int(x) for x in data["hand_points"]),
            scores=tuple(int(x) for x in data["scores"]),
            multiplier=int(data.get("multiplier", 1)),
        )
