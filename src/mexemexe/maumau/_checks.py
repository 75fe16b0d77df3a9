"""Checks shared by the Mau-Mau state and match on data from outside (RULES.md M1-M8).

A state or match built by a caller (its constructor, ``attrs.evolve``,
``from_dict``) may hold anything. These helpers name the wrong field and
quote it safely: a quoted value is cut short, and a huge integer or a deeply
nested list is described instead of written out (writing it would raise,
which is the very failure they are here to prevent).
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, TypeGuard

from .._cards import Card
from .._errors import InvalidStateError, MexeMexeError
from .._kinds import error_reason as reason_of
from .._kinds import quote
from .._outcomes import Outcome, RoundResult
from .._roundparts import tagged

if TYPE_CHECKING:  # the profile module quotes its settings with `quote`
    from ._profile import MauMauProfile

__all__ = [
    "HOSTILE",
    "MAX_WORD",
    "OldCardPoints",
    "OldHandSize",
    "deprecated",
    "is_whole",
    "outcome_from_data",
    "quote",
    "reason_of",
    "result_from_data",
    "result_problems",
    "tagged",
]

#: What hostile data makes Python's own code raise while it is read or
#: converted (a missing key, an unhashable or unindexable value, a value
#: nested past the recursion limit, an integer too long to write …). The
#: loaders turn each into an `InvalidStateError` naming the field.
HOSTILE: tuple[type[BaseException], ...] = (
    MexeMexeError,
    KeyError,
    IndexError,
    TypeError,
    AttributeError,
    ValueError,
    RecursionError,
)

#: Counters and seeds are 64-bit words: a larger number is no count a game
#: reaches, and seeds are written into text (reshuffles, round seeds), which
#: Python refuses for integers of more than a few thousand digits.
MAX_WORD = 2**63


def deprecated(message: str, *, depth: int = 1) -> None:
    """Warn the caller ``depth`` calls above the public function calling this one.

    Used where a Mau-Mau name or argument order gives way to the one the
    rummy side uses (`DeprecationWarning`, pointing at the caller's line).
    """
    warnings.warn(message, DeprecationWarning, stacklevel=2 + depth)


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (an ``int``, and a flag is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _whole_tuple(value: object, what: str) -> tuple[int, ...]:
    """``value`` (a list of whole numbers from JSON) as a tuple, checked strictly."""
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise InvalidStateError(f"{what}={quote(value)}: a list of whole numbers")
    for item in value:
        if not is_whole(item):
            raise InvalidStateError(f"{what}={quote(value)}: {quote(item)} is not a whole number")
    return tuple(value)


def result_from_data(data: object, what: str) -> RoundResult:
    """A hand's result from `RoundResult.to_dict` output (strict: nothing is coerced).

    Raises:
        InvalidStateError: Naming ``what``, if a key is missing, a value is of
            the wrong kind or the result is impossible on its own.
    """
    with _reading(what):
        return RoundResult.from_dict(data)  # type: ignore[arg-type]  # checked by it


def outcome_from_data(data: object, what: str) -> Outcome:
    """The last move's outcome from `Outcome.to_dict` output (strict: nothing is coerced).

    Raises:
        InvalidStateError: Naming ``what``, if a key is missing or a value is
            of the wrong kind (a move or card that is not notation included).
    """
    with _reading(what):
        return Outcome.from_dict(data)  # type: ignore[arg-type]  # checked by it


@contextlib.contextmanager
def _reading(what: str) -> Iterator[None]:
    """Errors of reading ``what`` as `InvalidStateError` that say where, once."""
    try:
        yield
    except HOSTILE as err:
        message = reason_of(err)
        if isinstance(err, InvalidStateError) and message.startswith(what):
            raise
        raise InvalidStateError(f"{what}: {message}") from err


def result_problems(
    result: RoundResult, players: int, profile: MauMauProfile, what: str
) -> list[str]:
    """What is wrong with a finished hand's ``result`` among ``players`` players (M7).

    Checks the kinds of its fields and what holds without the hands: one
    winner in range with no points left for "out", none and no scores for a
    blocked hand, and each score the hand's points times the multiplier (a
    Jack's when it is not 1).
    """
    if not isinstance(result, RoundResult):
        return [f"{what}={quote(result)}: a RoundResult"]
    problems = []
    if result.reason not in ("out", "blocked"):
        problems.append(
            f"{what}.reason={quote(result.reason)}: a Mau-Mau hand ends 'out' or 'blocked' "
            f"({profile.section('score')})"
        )
    for name in ("winners", "hand_points", "scores"):
        value = getattr(result, name)
        if not isinstance(value, tuple) or not all(map(is_whole, value)):
            problems.append(f"{what}.{name}={quote(value)}: a tuple of whole numbers")
    if not is_whole(result.multiplier):
        problems.append(f"{what}.multiplier={quote(result.multiplier)}: a whole number")
    if problems:
        return problems  # the checks below count and compare these fields
    winners, points, scores = result.winners, result.hand_points, result.scores
    for name, value in (("hand_points", points), ("scores", scores)):
        if len(value) != players:
            problems.append(
                f"{what}.{name}={quote(value)}: one entry for each of {players} players"
            )
        elif any(not 0 <= v < MAX_WORD for v in value):
            problems.append(f"{what}.{name}={quote(value)}: points are not negative")
    if problems:
        return problems
    multiplier = result.multiplier
    section = profile.section("score")
    if result.reason == "out":
        if len(winners) != 1 or not 0 <= winners[0] < players:
            problems.append(
                f"{what}.winners={quote(winners)}: the one player of 0-{players - 1} who went out "
                f"({section})"
            )
        elif points[winners[0]]:
            problems.append(
                f"{what}.hand_points={quote(points)}: the winner went out with no cards ({section})"
            )
        if multiplier not in (1, profile.wild_finish_multiplier):
            problems.append(
                f"{what}.multiplier={quote(multiplier)}: 1, or "
                f"{profile.wild_finish_multiplier} for a hand ended on the wild rank ({section})"
            )
        elif scores != tuple(p * multiplier for p in points):
            problems.append(
                f"{what}.scores={quote(scores)}: the points in hand times {multiplier} ({section})"
            )
    elif result.reason == "blocked" and (winners or multiplier != 1 or any(scores)):
        problems.append(
            f"{what}: a blocked hand has no winner, multiplier 1 and no scores, not "
            f"winners={quote(winners)}, multiplier={quote(multiplier)}, scores={quote(scores)}"
        )
    return problems


class _OldName:
    """A method of the rummy meaning that still reads as the old Mau-Mau attribute, warning.

    ``MauMauProfile.hand_size`` and ``card_points`` were attributes (one
    hand size; the points of A … K) whose names the rummy `Profile` uses for
    methods of another meaning. They are now those methods; used the old way
    (compared, counted, indexed …) they give the old value with a
    `DeprecationWarning` pointing at the caller's line.
    """

    __slots__ = ("_message", "_old")

    def __init__(self, old: Callable[[], object], message: str) -> None:
        self._old = old
        self._message = message

    def _value(self, depth: int = 2) -> object:
        """The old value, warning the caller ``depth`` calls up (2: of an operator below)."""
        deprecated(self._message, depth=depth)
        return self._old()

    def __eq__(self, other: object) -> bool:
        return bool(self._value() == other)

    def __ne__(self, other: object) -> bool:
        return bool(self._value() != other)

    def __hash__(self) -> int:
        return hash(self._value())


class OldHandSize(_OldName):
    """``MauMauProfile.hand_size``: ``hand_size(players)``, or the old one size, deprecated."""

    __slots__ = ("_size",)

    def __init__(self, size: Callable[[int], int], old: Callable[[], int], message: str) -> None:
        super().__init__(old, message)
        self._size = size

    def __call__(self, players: int) -> int:
        """Cards dealt to each of ``players`` players (M1), as the rummy `Profile.hand_size`.

        Raises:
            ProfileError: If the profile does not allow that many players.
        """
        return self._size(players)

    def _number(self) -> int:
        value = self._value(3)
        assert isinstance(value, int)
        return value

    def __int__(self) -> int:
        return self._number()

    def __index__(self) -> int:
        return self._number()

    def __lt__(self, other: int) -> bool:
        return self._number() < other

    def __le__(self, other: int) -> bool:
        return self._number() <= other

    def __gt__(self, other: int) -> bool:
        return self._number() > other

    def __ge__(self, other: int) -> bool:
        return self._number() >= other

    def __add__(self, other: int) -> int:
        return self._number() + other

    __radd__ = __add__

    def __mul__(self, other: int) -> int:
        return self._number() * other

    __rmul__ = __mul__

    def __repr__(self) -> str:
        return "<MauMauProfile.hand_size(players)>"


class OldCardPoints(_OldName):
    """``MauMauProfile.card_points``: ``card_points(card)``, or the old rank points, deprecated."""

    __slots__ = ("_points",)

    def __init__(
        self, points: Callable[[Card], int], old: Callable[[], tuple[int, ...]], message: str
    ) -> None:
        super().__init__(old, message)
        self._points = points

    def __call__(self, card: Card) -> int:
        """Hand points of one card (M7), as the rummy `Profile.card_points`."""
        return self._points(card)

    def _tuple(self) -> tuple[int, ...]:
        value = self._value(3)
        assert isinstance(value, tuple)
        return value

    def __iter__(self) -> Iterator[int]:
        return iter(self._tuple())

    def __len__(self) -> int:
        return len(self._tuple())

    def __getitem__(self, index: int) -> int:
        return self._tuple()[index]

    def __contains__(self, value: object) -> bool:
        return value in self._tuple()

    def __repr__(self) -> str:
        return "<MauMauProfile.card_points(card)>"
