"""The error hierarchy and the `Problem` value that explains every "no".

Every error the library raises for bad input is a `MexeMexeError`, itself a
`ValueError`, so callers can catch one class. The subclasses say what kind of
input was wrong; the message quotes the input and names the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from ._cards import Card

__all__ = [
    "IllegalMoveError",
    "InvalidStateError",
    "MexeMexeError",
    "NotationError",
    "Problem",
    "ProfileError",
    "SearchTimeoutError",
    "SolverInputError",
]


def _card_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(cards)


@attrs.frozen
class Problem:
    """One reason why a meld, a table or a move is not valid.

    Attributes:
        message: A sentence a player can read, e.g. ``"joker not allowed in a
            group"``.
        rule: The RULES.md section it breaks (``"B5"``, ``"R3"``, ``"§0"``).
        meld_index: The index of the meld on the table it concerns, or
            ``None`` when it concerns no single meld.
        cards: The cards concerned, as written.
    """

    message: str
    rule: str = "§0"
    meld_index: int | None = None
    cards: tuple[Card, ...] = attrs.field(default=(), converter=_card_tuple)

    def __str__(self) -> str:
        where = ""
        if self.meld_index is not None:
            where = f"meld {self.meld_index}"
            if self.cards:
                where += " (" + " ".join(str(c) for c in self.cards) + ")"
            where += ": "
        elif self.cards:
            where = " ".join(str(c) for c in self.cards) + ": "
        return f"{where}{self.message} ({self.rule})"

    def at(self, meld_index: int) -> Problem:
        """Return this problem attached to the meld at ``meld_index``."""
        return attrs.evolve(self, meld_index=meld_index)


class MexeMexeError(ValueError):
    """Base class of every error the library raises for bad input."""


class NotationError(MexeMexeError):
    """Text that is not valid card, meld or table notation (RULES.md §0).

    Attributes:
        text: The whole text being parsed.
        token: The offending token (may be empty, e.g. for an empty meld).
        position: Character offset of the token in ``text``.
        reason: Why the token is wrong.
    """

    def __init__(self, text: str, token: str, position: int, reason: str) -> None:
        self.text = text
        self.token = token
        self.position = position
        self.reason = reason
        if token:
            what = f"bad token {token!r} at position {position}"
        else:
            what = f"error at position {position}"
        super().__init__(f"{what} in {text!r}: {reason}")


class ProfileError(MexeMexeError):
    """An unknown profile name, or a profile whose settings contradict each other."""


class InvalidStateError(MexeMexeError):
    """Data that cannot form a valid game state (e.g. it breaks conservation of the deck)."""


class IllegalMoveError(MexeMexeError):
    """A move the rules forbid in the current state.

    Attributes:
        problems: Every reason the move is illegal, each naming its rule section.
    """

    def __init__(self, message: str, problems: Iterable[Problem] = ()) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        if len(message) > _MESSAGE_HEAD:  # it may quote a whole proposed move
            message = message[:_MESSAGE_HEAD] + " …"
        if self.problems:
            # The message stays short whatever was proposed; `problems` has them all.
            shown = "; ".join(str(p) for p in self.problems[:_SHOWN_PROBLEMS])
            more = len(self.problems) - _SHOWN_PROBLEMS
            message = message + ": " + shown + (f"; and {more} more" if more > 0 else "")
        super().__init__(message)


#: The most problems an `IllegalMoveError` writes into its message.
_SHOWN_PROBLEMS = 10
#: The most characters of its own text an `IllegalMoveError` message starts with.
_MESSAGE_HEAD = 200


class SolverInputError(MexeMexeError):
    """A solver argument no search can take: an unknown objective, a negative time limit."""


class SearchTimeoutError(MexeMexeError):
    """A search whose time limit ran out before it could decide (`mexemexe.solver.arrange`).

    Attributes:
        time_limit: The limit given, in seconds.
    """

    def __init__(self, message: str, time_limit: float) -> None:
        self.time_limit = time_limit
        super().__init__(message)
